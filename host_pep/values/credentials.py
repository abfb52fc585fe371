"""Credentials: a password field's whole text, and "password: XYZ"-style disclosures in text.

Keys are ``credential:<sha256>`` so the clear secret is never an index key or a log line.
"""

from __future__ import annotations

import hashlib
import re

from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask
from host_pep.values.obfuscation import Canonical, lowered

_DISCLOSURE = re.compile(
    r"(?:\b(?:password|passwd|pwd|passphrase|pin(?: ?code)?|secret|api[ _-]?key|(?:access|auth|api|bearer)?[ _-]?token"
    r"|contrase[ñn]a|mot de passe|passwort|senha)\b|密码|口令|密碼|暗証番号|パスワード|비밀번호)"
    r"(?:\s+(?:is|was|for [\w' ]{1,30}? is|ist|est|es|=)\s*[:=]?|\s*[:=：是为])\s*"
    r"(?P<q>[\"'“‘「]?)(?P<value>[^\s\"'”’」]{3,128})",
    re.IGNORECASE,
)
# Cheap necessary condition, matched case-sensitively against the lower-cased text.
_TRIGGERS = re.compile(
    "pass|pwd|pin|secret|api|token|key|contrase|senha|密码|口令|密碼|暗証|パスワード|비밀번호"
)
# A configuration line (``.env``, shell, YAML): ``AWS_SECRET_ACCESS_KEY=...``,
# ``export GITHUB_TOKEN="..."``, ``db_password: ...``. The name says whether the value is secret.
_CONFIG_LINE = re.compile(
    r"(?m)^[ \t]*(?:export[ \t]+)?(?P<name>[A-Za-z_][\w.-]{0,80})[ \t]*[=:][ \t]*"
    r"(?P<q>[\"']?)(?P<value>[^\s\"'#]{6,256})"
)
_NAME_SPLIT = re.compile(r"[_.\-]+|(?<=[a-z])(?=[A-Z])")
_SECRET_NAME_WORDS = frozenset(
    {"secret", "token", "key", "password", "passwd", "pass", "pwd", "apikey", "passphrase",
     "credential", "credentials", "auth", "private"}
)  # fmt: skip
# ``AWS_ACCESS_KEY_ID``, ``KEY_PATH``: the name of a secret's companion, not a secret.
_NOT_SECRET_LAST = frozenset(
    {"id", "name", "user", "username", "url", "uri", "host", "port", "region", "file", "path",
     "type", "length", "size", "ttl", "expiry", "expires"}
)  # fmt: skip
_TRAILING = ".,;:)]}>。，；）"
# Words that follow "password is" in ordinary prose about passwords, not in disclosures.
_PROSE = frozenset(
    [
        "incorrect", "wrong", "required", "invalid", "correct", "expired", "too", "not", "the",
        "a", "an", "empty", "missing", "weak", "strong", "changed", "reset", "set", "saved",
        "updated", "needed", "same", "different", "new", "old", "case-sensitive", "protected",
        "visible", "hidden", "shown", "stored", "encrypted", "ok", "okay", "fine", "below",
        "above", "here", "there", "this", "that",
    ]
)  # fmt: skip


_PROSE_GOES_ON = re.compile(r" [A-Za-z]")
_CODE_LIKE = re.compile(r"\d{4,8}")


def credential_key(secret: str) -> str:
    return "credential:" + hashlib.sha256(secret.encode("utf-8")).hexdigest()


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
    if _TRIGGERS.search(lowered(text)) is None:
        return []
    found: list[Detected] = list(_config_secrets(layer))
    taken = {d.span for d in found}
    for m in _DISCLOSURE.finditer(text):
        value = m.group("value").rstrip(_TRAILING)
        start = m.start("value")
        if len(value) < 3 or value.lower() in _PROSE:
            continue
        if value.isalpha() and value.islower() and _PROSE_GOES_ON.match(text, start + len(value)):
            continue  # "password: tap the link" is an instruction, not a disclosure
        s, e = layer.to_original(start, start + len(value))
        if (s, e) in taken:
            continue
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
    return found


def _config_secrets(layer: Canonical) -> list[Detected]:
    """Values of configuration lines whose name says they are secret (a ``.env`` file)."""
    text = layer.text
    if "=" not in text and ":" not in text:
        return []
    found = []
    for m in _CONFIG_LINE.finditer(text):
        words = [w.lower() for w in _NAME_SPLIT.split(m.group("name")) if w]
        if not words or _SECRET_NAME_WORDS.isdisjoint(words) or words[-1] in _NOT_SECRET_LAST:
            continue
        value = m.group("value").rstrip(_TRAILING)
        if len(value) < 6 or (value.isalpha() and len(value) < 16):
            continue  # "Key: Important" is a heading; a secret mixes in digits or symbols
        start = m.start("value")
        s, e = layer.to_original(start, start + len(value))
        found.append(
            Detected(
                kind=SensitiveKind.CREDENTIAL,
                raw=layer.original[s:e],
                keys=(credential_key(value),),
                span=(s, e),
                masked=mask(SensitiveKind.CREDENTIAL, value),
            )
        )
    return found
