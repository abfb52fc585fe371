"""Credentials: a password field's whole text, and "password: XYZ"-style disclosures in text.

Keys are ``credential:<sha256>`` so the clear secret is never an index key or a log line.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.wordmatch import split
from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask
from host_pep.values.obfuscation import Canonical, lowered
from host_pep.values.words import alternation, prefilter

_TRAILING = ".,;:)]}>。，；）"
# A configuration line (``.env``, shell, YAML): ``AWS_SECRET_ACCESS_KEY=...``,
# ``export GITHUB_TOKEN="..."``, ``db_password: ...``. The name says whether the value is secret.
# An assignment may also follow others on one line, as a log's environment dump writes them
# ("env dump: STRIPE_SECRET_KEY=… AWS_SECRET_ACCESS_KEY=…"): each is read (a lookahead, so
# that one assignment's value does not swallow the next's name).
_CONFIG_LINE = re.compile(
    r"(?m)(?:^|(?<=\s))(?=[ \t]*(?:export[ \t]+)?(?P<name>[A-Za-z_][\w.-]{0,80})[ \t]*[=:][ \t]*"
    r"(?P<q>[\"']?)(?i:(?:bearer|basic)[ \t]+)?(?P<value>[^\s\"'#]{6,256}))"
)
# an HTTP authentication scheme before the credential (RFC 7235: "Bearer <token>"): the word
# names the kind of credential, the secret is what follows it
_SCHEME = r"(?:(?:bearer|basic)\s+)?"
_NAME_SPLIT = re.compile(r"[_.\-]+|(?<=[a-z])(?=[A-Z])")
_PROSE_GOES_ON = re.compile(r" [A-Za-z]")
_CODE_LIKE = re.compile(r"\d{4,8}")


@dataclass(frozen=True, slots=True)
class _Words:
    """The credential words of every language file (``values.credentials``), compiled once."""

    disclosure: re.Pattern[str]
    """A label, what joins it to its value, and the value ("password: hunter2")."""
    bare: re.Pattern[str]
    """A label and a value with nothing between ("temporary password Vk7#pQ2m!Ld9"), kept only
    when the value is shaped like a secret."""
    trigger: re.Pattern[str]
    """Cheap necessary condition, on the lower-cased text: a label's or a secret name's word
    (without one, a qualifier alone makes no configuration value secret)."""
    secret_names: frozenset[str]
    companion_names: frozenset[str]
    prose: frozenset[str]
    """Words that follow "password is" in prose about passwords, not in disclosures."""


def _label(word: str) -> str:
    """A label as a pattern: '_' is a space, '_', '-' or nothing ("api_key": "API key", "apikey")."""
    return r"[ _\-]?".join(re.escape(part) for part in word.split("_"))


@lru_cache(maxsize=1)
def _words() -> _Words:
    words = lexicon().values.credentials
    spaced, unspaced = split(words.labels)
    labels = "|".join(_label(w) for w in sorted(spaced, key=len, reverse=True))
    labels = "|".join(filter(None, [rf"\b(?:{labels})\b" if labels else "", alternation(unspaced)]))
    copulas_spaced, copulas_unspaced = split(words.copulas)
    joined = "|".join([*words.copula_patterns, alternation(copulas_spaced), "="])
    glued = "|".join(["[:=：]", *map(re.escape, copulas_unspaced)])
    disclosure = re.compile(
        rf"(?:{labels})"
        rf"(?:\s+(?:{joined})\s*[:=]?|\s*(?:{glued}))\s*"
        rf"(?P<q>[\"'“‘「]?){_SCHEME}(?P<value>[^\s\"'”’」]{{3,128}})",
        re.IGNORECASE,
    )
    literals = [w.split("_")[-1] for w in words.labels]  # in every spelling of the label
    # the label right before a value shaped like a secret, with no copula ("temporary password
    # Vk7#pQ2m!Ld9"): the shape says what a colon would
    bare = re.compile(rf"(?:{labels})\s+(?P<value>[^\s\"'”’」]{{8,64}})", re.IGNORECASE)
    return _Words(
        disclosure=disclosure,
        bare=bare,
        trigger=prefilter([*literals, *words.config_names]),
        secret_names=frozenset(words.config_names + words.config_qualifiers),
        companion_names=frozenset(words.companion_names),
        prose=frozenset(words.prose_after),
    )


def credential_key(secret: str) -> str:
    return "credential:" + hashlib.sha256(secret.encode("utf-8")).hexdigest()


def credential_in(layer: Canonical, start: int, end: int, secret: str) -> Detected:
    """The credential ``secret`` found at ``start:end`` of ``layer``'s text, as the original
    text writes it, keyed and masked by the secret itself."""
    s, e = layer.to_original(start, end)
    return Detected(
        kind=SensitiveKind.CREDENTIAL,
        raw=layer.original[s:e],
        keys=(credential_key(secret),),
        span=(s, e),
        masked=mask(SensitiveKind.CREDENTIAL, secret),
    )


def whole_text(text: str) -> Detected:
    """The whole text as one credential (a password field's content)."""
    return Detected(
        kind=SensitiveKind.CREDENTIAL,
        raw=text,
        keys=(credential_key(text),),
        span=(0, len(text)),
        masked=mask(SensitiveKind.CREDENTIAL, text),
    )


def find_credentials(layer: Canonical) -> list[Detected]:
    text = layer.text
    words = _words()
    if words.trigger.search(lowered(text)) is None:
        return []
    found: list[Detected] = list(_config_secrets(layer, words))
    taken = {d.span for d in found}
    for m in words.disclosure.finditer(text):
        value = m.group("value").rstrip(_TRAILING)
        start = m.start("value")
        if len(value) < 3 or value.lower() in words.prose:
            continue
        if value.isalpha() and value.islower() and _PROSE_GOES_ON.match(text, start + len(value)):
            continue  # "password: tap the link" is an instruction, not a disclosure
        s, e = layer.to_original(start, start + len(value))
        if (s, e) in taken:
            continue
        taken.add((s, e))
        raw = layer.original[s:e]
        keys: tuple[str, ...] = (credential_key(value),)
        if _CODE_LIKE.fullmatch(value):
            # "Your one-time PIN: 4821": the digits may be typed anywhere as a bare code later
            keys = (*keys, f"otp:{value}")
        found.append(
            Detected(
                kind=SensitiveKind.CREDENTIAL,
                raw=raw,
                keys=keys,
                span=(s, e),
                masked=mask(SensitiveKind.CREDENTIAL, value),
            )
        )
    for m in words.bare.finditer(text):
        value = m.group("value").rstrip(_TRAILING)
        start = m.start("value")
        if not _secret_shaped(value):
            continue
        s, e = layer.to_original(start, start + len(value))
        if (s, e) not in taken:
            taken.add((s, e))
            found.append(credential_in(layer, start, start + len(value), value))
    return found


def _secret_shaped(value: str) -> bool:
    """Eight characters or more mixing at least three of: small letters, capitals, digits,
    symbols -- a generated password, not a word, a number or an id."""
    classes = (
        any(c.islower() for c in value),
        any(c.isupper() for c in value),
        any(c.isdigit() for c in value),
        any(not c.isalnum() for c in value),
    )
    return len(value) >= 8 and sum(classes) >= 3 and any(not c.isalnum() for c in value)


def _config_secrets(layer: Canonical, known: _Words) -> list[Detected]:
    """Values of configuration lines whose name says they are secret (a ``.env`` file)."""
    text = layer.text
    if "=" not in text and ":" not in text:
        return []
    found = []
    for m in _CONFIG_LINE.finditer(text):
        words = [w.lower() for w in _NAME_SPLIT.split(m.group("name")) if w]
        if not words or known.secret_names.isdisjoint(words) or words[-1] in known.companion_names:
            continue
        value = m.group("value").rstrip(_TRAILING)
        if len(value) < 6 or (value.isalpha() and len(value) < 16):
            continue  # "Key: Important" is a heading; a secret mixes in digits or symbols
        start = m.start("value")
        found.append(credential_in(layer, start, start + len(value), value))
    return found
