"""Verification codes (OTP): a 4-8 digit (or short alphanumeric) code, only when context says so.

Context is a keyword near the code ("Your verification code is 482913", "G-482913 is your
Google code", "验证码：482913", "código 4821") or a field whose name says it holds a code. A bare
six-digit number is not an OTP, and neither is a "zip code" or an "error code".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from host_pep.recognition.cues import names_an_identifier, strong_code_cue
from host_pep.recognition.lexicon import lexicon
from host_pep.values.fields import is_otp_field
from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask
from host_pep.values.obfuscation import Canonical, lowered
from host_pep.values.words import any_of, prefilter, whole

# The code itself: digits, or short upper-case alphanumerics with a digit, optionally "G-" led.
_CODE = (
    # not the tail of a longer grouped number ("meeting ID 845 2213 9904, passcode ...")
    r"(?<![A-Za-z0-9\-])(?<!\d[ \-])(?:[A-Z]{1,3}-)?"
    r"(?P<code>\d(?:[ \-]?\d){3,7}|(?=[A-Z]*\d)[A-Z0-9]{4,8})(?![A-Za-z0-9]|[ \-]?\d)"
)
_CODE_RE = re.compile(_CODE, re.IGNORECASE)
# The code sits within this many characters of its keyword, in the same sentence.
_REACH = 30
_SENTENCE_END = re.compile(r"[\n.!?。！？]")
_DIGIT = re.compile(r"\d")
_WHOLE = re.compile(r"\s*(?:[A-Z]{1,3}-)?([A-Za-z0-9]{4,10})\s*")


@dataclass(frozen=True, slots=True)
class _Words:
    """The one-time-code words of every language file (``values.otp``), compiled once. All
    are matched on the lower-cased text; the code itself on the text (case matters)."""

    keyword: re.Pattern[str]
    trigger: re.Pattern[str]
    """Cheap necessary condition for ``keyword``."""
    travel: re.Pattern[str]
    """A message about a trip or a booking: its letter-and-digit "codes" are references (a PNR)."""
    promo: re.Pattern[str]
    """A sale's message: its letter-and-digit "code" is a discount code ("20% off, code GRID20")."""


def _not_after(words: list[str]) -> str:
    """Lookbehinds: none of ``words`` (with a space, or joined when it ends in '-') right before."""
    return "".join(f"(?<!{re.escape(w if w.endswith('-') else w + ' ')})" for w in words)


@lru_cache(maxsize=1)
def _words() -> _Words:
    words = lexicon().values.otp
    free = [w for w in words.keywords if w not in words.not_after]
    by_guard: dict[tuple[str, ...], list[str]] = {}  # "code" and "codes" share one lookbehind run
    for w in words.keywords:
        if w in words.not_after:
            by_guard.setdefault(tuple(words.not_after[w]), []).append(w)
    guarded = [f"{_not_after(list(guard))}(?:{whole(kws)})" for guard, kws in by_guard.items()]
    constructions = [p for patterns in words.constructions.values() for p in patterns]
    keyword = "|".join([*guarded, whole(free), *constructions])
    off = any_of(words.percent_off)
    return _Words(
        keyword=re.compile(keyword),
        trigger=prefilter([*words.keywords, *words.constructions]),
        travel=re.compile(whole(words.travel)),
        promo=re.compile(rf"\d+\s?% {off}|{whole(words.sale)}"),
    )


def find_otps(layer: Canonical, field: str = "", hinted: bool = False) -> list[Detected]:
    text = layer.text
    if hinted or is_otp_field(field):
        m = _WHOLE.fullmatch(text)
        if m and any(ch.isdigit() for ch in m.group(1)) and not _listed_code(field, m.group(1)):
            return [_detected(layer, m.start(1), m.end(1), m.group(1))]
    low = lowered(text)
    words = _words()
    if words.trigger.search(low) is None:
        return []
    found: list[Detected] = []
    seen: set[int] = set()
    for kw in words.keyword.finditer(low):
        for m in (_code_after(text, kw.end()), _code_before(text, kw.start())):
            if m is None or m.start("code") in seen:
                continue
            code = m.group("code").replace(" ", "").replace("-", "")
            if code.isalpha() or not (code.isdigit() or code.isupper()):
                continue  # "Code: Hello1" is prose, not an alphanumeric code
            if not code.isdigit() and words.travel.search(low) is not None:
                continue  # an airline's "confirmation code: K7QX2P" is the booking reference
            if not code.isdigit() and words.promo.search(low) is not None:
                continue  # "20% off the print annual (code GRID20)": a discount code
            before = text[max(0, m.start("code") - 40) : m.start("code")]
            if names_an_identifier(before) and not strong_code_cue(before):
                continue  # "Rate Confirmation 40011823": the number the confirmation goes by
            seen.add(m.start("code"))
            found.append(_detected(layer, m.start("code"), m.end("code"), code))
    found.sort(key=lambda d: d.span)
    return found


def _listed_code(field: str, code: str) -> bool:
    """A letter-and-digit code that is one entry of a listing ("dtcs[1].code": P0420, a
    diagnostic trouble code; "items[0].code": SKU4410): a catalogue's code. A one-time code
    arrives alone, and an authenticator's list of them holds digits."""
    return "[" in field and not code.isdigit()


def _code_after(text: str, pos: int) -> re.Match[str] | None:
    """The first code after a keyword: same sentence, no other number in between."""
    limit = min(len(text), pos + _REACH)
    stop = _SENTENCE_END.search(text, pos, limit)
    if stop is not None:
        limit = stop.start()
    m = _CODE_RE.search(text, pos, min(len(text), limit + 16))
    if m is None or m.start() >= limit or _DIGIT.search(text, pos, m.start()):
        return None
    return m


def _code_before(text: str, pos: int) -> re.Match[str] | None:
    """The last code before a keyword ("G-482913 is your code"), same sentence."""
    start = max(0, pos - _REACH - 10)
    for stop in _SENTENCE_END.finditer(text, start, pos):
        start = stop.end()
    last = None
    for m in _CODE_RE.finditer(text, start, pos):
        last = m
    if last is None or _DIGIT.search(text, last.end(), pos):
        return None
    return last


def _detected(layer: Canonical, start: int, end: int, code: str) -> Detected:
    s, e = layer.to_original(start, end)
    return Detected(
        kind=SensitiveKind.OTP,
        raw=layer.original[s:e],
        keys=(f"otp:{code.upper()}",),
        span=(s, e),
        masked=mask(SensitiveKind.OTP, code),
    )
