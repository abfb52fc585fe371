"""What a prompt-injection defence did to a tool's output, undone so the text reads as written.

Spotlighting defences transform untrusted data before the model sees it: *datamarking*
interleaves a marker character in place of every space ("Assistant,^please^invite^Kai"), and
*encoding* hands the text over as base64 (``{"body_base64": "SGkgRW1tYS…"}``). The model still
reads what the text says -- and an injection that gets past the defence still asks for what it
asks -- so droidgate reads it the same way: spans, addresses and accounts are recognised in the
plain text. A value that only looks encoded (a page token, a key) does not decode to prose and is
left as it was.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

# characters datamarking puts where spaces were: a character that ordinary prose and
# identifiers do not repeat between words ("_" and "-" join words of names, so they are not)
_MARKS = "^ˆ‸¦•␣"
# the key suffix that says a field's value is base64 ("body_base64", "contentB64")
_ENCODED_KEY = re.compile(r"(?i)[_\-.]?(?:base64|b64)$")
_BASE64 = re.compile(r"[A-Za-z0-9+/]{16,}={0,2}")
_MAX_DECODE = 256 * 1024


def unmarked(text: str) -> str:
    """``text`` with a datamark read as the space it stands for: a text with no space whose
    words are joined by one marker character, at least three times."""
    if " " in text or len(text) < 12 or "://" in text:
        return text  # prose, a short value, or a link (whose "^" or "~" is its own)
    for mark in _MARKS:
        if text.count(mark) < 3:
            continue
        words = [w for line in text.splitlines() for w in line.split(mark) if w]
        # mostly words (letters), not a row of symbols that happens to repeat the mark
        if sum(any(c.isalpha() for c in w) for w in words) * 2 >= len(words):
            return text.replace(mark, " ")
    return text


def decoded(text: str) -> str | None:
    """The prose a base64 value encodes, or None: a value that decodes to UTF-8 text with
    spaces and printable characters (an opaque token decodes to neither)."""
    stripped = text.strip()
    if len(stripped) > _MAX_DECODE or _BASE64.fullmatch(stripped) is None:
        return None
    try:
        raw = base64.b64decode(stripped + "=" * (-len(stripped) % 4), validate=True)
        plain = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    if " " not in plain.strip():
        return None
    printable = sum(c.isprintable() or c in "\n\r\t" for c in plain)
    return plain if printable >= 0.97 * len(plain) else None


def undone(value: Any, depth: int = 0) -> Any:
    """``value`` (a tool's parsed result) with datamarks read as spaces and base64 prose
    decoded; a key that says its value is base64 loses that suffix once decoded, so that a
    ``body_base64`` is read as the body it is."""
    if depth > 32:
        return value
    if isinstance(value, str):
        plain = decoded(value)
        return unmarked(plain if plain is not None else value)
    if isinstance(value, list):
        return [undone(v, depth + 1) for v in value]
    if isinstance(value, dict):
        out: dict[Any, Any] = {}
        for k, v in value.items():
            key = k
            if isinstance(k, str) and isinstance(v, str) and _ENCODED_KEY.search(k):
                plain = decoded(v)
                if plain is not None:
                    key = _ENCODED_KEY.sub("", k) or k
                    if key in value:
                        key = k  # the plain field is there too: keep both apart
            out[key] = undone(v, depth + 1)
        return out
    return value
