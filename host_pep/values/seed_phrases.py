"""A wallet's recovery phrase (BIP-39): twelve to twenty-four words of the standard list in a row.

"MetaMask SRP: rival tonight cabbage ozone …" carries no secret label a parser knows and no
format of its own, yet it is the wallet. A run of at least twelve consecutive words that are all
in BIP-39's English list is read as one (ordinary prose is not: the list holds no "the", "a",
"to", "and", "is"). The checksum is not required: a phrase copied with one word wrong is still
the key to most of the wallet. The list comes from Trezor's ``mnemonic`` package, the reference
implementation, rather than a copy of its 2,048 words here.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mnemonic import Mnemonic  # BIP-39's reference word lists (Trezor), not a copy of them

from host_pep.values.credentials import credential_in
from host_pep.values.kinds import Detected
from host_pep.values.obfuscation import Canonical

# the lengths BIP-39 defines (128 to 256 bits of entropy)
_LENGTHS = (24, 21, 18, 15, 12)
_WORD = re.compile(r"[A-Za-z]+")
# how many repeated words a phrase may hold
_REPEATS = 2


@lru_cache(maxsize=1)
def _wordlist() -> frozenset[str]:
    return frozenset(Mnemonic("english").wordlist)


def find_seed_phrases(layer: Canonical) -> list[Detected]:
    """Recovery phrases in ``layer``: the longest BIP-39 length that a run of listed words
    (separated by spaces, commas or numbering) reaches, keyed by its words joined by spaces."""
    text = layer.text
    if len(text) < 12 * 3 or text.count(" ") + text.count(",") < 11:
        return []  # too few words for the shortest phrase
    words = _wordlist()
    found: list[Detected] = []
    run: list[re.Match[str]] = []
    for m in [*_WORD.finditer(text), None]:
        listed = m is not None and m.group(0).lower() in words
        if m is not None and listed and (not run or _joined(text, run[-1], m)):
            run.append(m)
            continue
        found.extend(_phrases(layer, run))
        run = [m] if m is not None and listed else []
    return found


def _joined(text: str, before: re.Match[str], after: re.Match[str]) -> bool:
    """Two words of one phrase: only spaces, commas, a numbering or a line break between."""
    gap = text[before.end() : after.start()]
    return len(gap) <= 6 and re.fullmatch(r"[\s,;.\-]*(?:\d{1,2}[.)]?\s*)?", gap) is not None


def _phrases(layer: Canonical, run: list[re.Match[str]]) -> list[Detected]:
    length = next((n for n in _LENGTHS if len(run) >= n), 0)
    if not length:
        return []
    # a longer run than any length is one phrase among words of the list: its first words
    phrase = run[:length]
    words = [m.group(0).lower() for m in phrase]
    if len(set(words)) < length - _REPEATS:
        # drawn from 2,048 words, a phrase seldom repeats one; a number spelled out does
        # ("one three one zero one two …")
        return []
    return [credential_in(layer, phrase[0].start(), phrase[-1].end(), " ".join(words))]
