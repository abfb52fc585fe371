"""Verification codes (OTP): a 4-8 digit (or short alphanumeric) code, only when context says so.

Context is a keyword near the code ("Your verification code is 482913", "G-482913 is your
Google code", "验证码：482913", "código 4821") or a field whose name says it holds a code. A bare
six-digit number is not an OTP, and neither is a "zip code" or an "error code".
"""

from __future__ import annotations

import re

from host_pep.values.fields import is_otp_field
from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask
from host_pep.values.obfuscation import Canonical, lowered

_NOT_OTP = (
    r"(?<!zip )(?<!postal )(?<!post)(?<!area )(?<!country )(?<!promo )(?<!coupon )"
    r"(?<!discount )(?<!error )(?<!status )(?<!source )(?<!order )(?<!product )(?<!qr )"
    r"(?<!bar)(?<!invite )(?<!referral )(?<!zip-)"
    # a booking's or ticket's "code" is its reference, not a one-time code
    r"(?<!booking )(?<!reservation )(?<!tracking )(?<!gift )(?<!voucher )(?<!ticket )"
    r"(?<!flight )(?<!gate )(?<!fare )"
)
_KEYWORD = (
    rf"(?:{_NOT_OTP}\bcodes?\b|\bpasscodes?\b|\botp\b|\bone[- ]time (?:pass(?:word|code)|code|pin)\b"
    r"|(?<!card )(?<!sim )\bpin\b"
    r"|\bverification\b|\bsecurity code\b|\bauth(?:entication)? code\b"
    r"|验证码|校验码|动态码|确认码|驗證碼|认证码|\bc[óo]digo\b|\bcode de v[ée]rification\b"
    r"|\bbest[äa]tigungscode\b|\bsicherheitscode\b|認証コード|確認コード|認証番号|인증번호|\bcodice\b"
    # a German bank's transaction number ("Ihre TAN lautet 73 91 06", mTAN, pushTAN)
    # (not a bare "tan": a colour)
    r"|\b(?:sms|m|push|chip|photo)[- ]?tan\b|\b(?:ihre|deine|eine|neue)\s+tan\b"
    r"|\btan(?:-?nummer)?\s*(?:[:=]|lautet\b))"
)
# The code itself: digits, or short upper-case alphanumerics with a digit, optionally "G-" led.
_CODE = (
    # not the tail of a longer grouped number ("meeting ID 845 2213 9904, passcode ...")
    r"(?<![A-Za-z0-9\-])(?<!\d[ \-])(?:[A-Z]{1,3}-)?"
    r"(?P<code>\d(?:[ \-]?\d){3,7}|(?=[A-Z]*\d)[A-Z0-9]{4,8})(?![A-Za-z0-9]|[ \-]?\d)"
)
# Keywords are matched on the lower-cased text; the code on the text itself (case matters).
_KEYWORD_RE = re.compile(_KEYWORD)
_CODE_RE = re.compile(_CODE, re.IGNORECASE)
# The code sits within this many characters of its keyword, in the same sentence.
_REACH = 30
_SENTENCE_END = re.compile(r"[\n.!?。！？]")
_DIGIT = re.compile(r"\d")
_WHOLE = re.compile(r"\s*(?:[A-Z]{1,3}-)?([A-Za-z0-9]{4,10})\s*")
# A message about a trip or a booking: its letter-and-digit "codes" are references (a PNR).
_TRAVEL = re.compile(
    r"\b(?:flights?|boarding|booking|booked|reservations?|itinerary|pnr|check-in|hotel|airline"
    r"|tickets?|gate|seat|departs?|arrives?)\b"
)
# A sale's message: its letter-and-digit "code" is a discount code ("20% off, code GRID20").
_PROMO = re.compile(
    r"\d+\s?% off|\b(?:discount|coupon|promo|voucher|sale|rabatt|descuento|remise|sconto)\b"
)
# Cheap necessary condition, matched case-sensitively against the lower-cased text.
_TRIGGERS = re.compile(
    "code|otp|pin|verif|código|codigo|bestätigung|sicherheit|codice|tan"
    "|验证|校验|动态码|确认码|驗證|认证|認証|確認|인증"
)


def find_otps(layer: Canonical, field: str = "", hinted: bool = False) -> list[Detected]:
    text = layer.text
    if hinted or is_otp_field(field):
        m = _WHOLE.fullmatch(text)
        if m and any(ch.isdigit() for ch in m.group(1)):
            return [_detected(layer, m.start(1), m.end(1), m.group(1))]
    low = lowered(text)
    if _TRIGGERS.search(low) is None:
        return []
    found: list[Detected] = []
    seen: set[int] = set()
    for kw in _KEYWORD_RE.finditer(low):
        for m in (_code_after(text, kw.end()), _code_before(text, kw.start())):
            if m is None or m.start("code") in seen:
                continue
            code = m.group("code").replace(" ", "").replace("-", "")
            if code.isalpha() or not (code.isdigit() or code.isupper()):
                continue  # "Code: Hello1" is prose, not an alphanumeric code
            if not code.isdigit() and _TRAVEL.search(low) is not None:
                continue  # an airline's "confirmation code: K7QX2P" is the booking reference
            if not code.isdigit() and _PROMO.search(low) is not None:
                continue  # "20% off the print annual (code GRID20)": a discount code
            seen.add(m.start("code"))
            found.append(_detected(layer, m.start("code"), m.end("code"), code))
    found.sort(key=lambda d: d.span)
    return found


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
