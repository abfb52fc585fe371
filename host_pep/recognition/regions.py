"""Where the phone numbers a text writes without a country code are dialled: the regions of the
language it is written in (``phone_regions`` of the language files).

A Czech request's "777 123 456", a Vietnamese note's "0903 412 778", an Urdu message's
"0321 4455667" are phones only read with their country's numbering plan; the policy's own
regions (``settings.regions``) stay the first ones tried. The language is told by the words of
each language's lists the text uses, counting only words few languages share ("a", "to", "pdf"
tell nothing); a text in none, or in English alone, adds no region.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from host_pep.recognition.lexicon import lexicon, vocabulary
from host_pep.recognition.marks import fold_marks
from host_pep.recognition.words import UNICODE_WORD

# a word in more languages' lists than this tells no language apart
_SHARED_BY = 3
# at most this many regions are added: each is one more parse of every national number
_MOST = 4
# the votes a language needs: a word only it lists counts twice, one it shares once
_ENOUGH = 2


@lru_cache(maxsize=1)
def _telling() -> dict[str, tuple[str, ...]]:
    """Each word that tells languages apart, with the languages that list it."""
    by_word: dict[str, list[str]] = {}
    for lang in lexicon().languages:
        if lang.code == "mul":
            continue  # the language-independent file tells no language
        for w in vocabulary(lang):
            by_word.setdefault(w, []).append(lang.code)
    return {w: tuple(codes) for w, codes in by_word.items() if len(codes) <= _SHARED_BY}


@lru_cache(maxsize=1)
def _unspaced() -> dict[str, tuple[str, ...]]:
    """The telling words of the languages written without spaces (found inside runs)."""
    spaced = {lang.code for lang in lexicon().languages if lang.spaced}
    return {
        w: codes
        for w, codes in _telling().items()
        if any(c not in spaced for c in codes) and len(w) >= 2
    }


def _vote(votes: Counter[str], codes: tuple[str, ...]) -> None:
    for code in codes:
        votes[code] += 2 if len(codes) == 1 else 1


@lru_cache(maxsize=4096)
def phone_regions(text: str) -> tuple[str, ...]:
    """The regions whose national numbers ``text``'s language dials, likeliest first."""
    if not text:
        return ()
    telling = _telling()
    folded = fold_marks(text.casefold())
    votes: Counter[str] = Counter()
    for word in set(UNICODE_WORD.findall(folded)):
        _vote(votes, telling.get(word, ()))
    for word, codes in _unspaced().items():
        if word in folded:
            _vote(votes, codes)
    best = max(votes.values(), default=0)
    if best < _ENOUGH:
        return ()  # one word two languages share ("anna": Estonian "give", and a name) is no language
    out: list[str] = []
    regions = lexicon().phone_regions
    for code, n in votes.most_common():
        if n < best:
            break
        for region in regions.get(code, ()):
            if region not in out:
                out.append(region)
    return tuple(out[:_MOST])


def hinted(regions: tuple[str, ...], text: str) -> tuple[str, ...]:
    """``regions`` (the policy's), then those of ``text``'s language not among them."""
    extra = tuple(r for r in phone_regions(text) if r not in regions)
    return regions + extra if extra else regions
