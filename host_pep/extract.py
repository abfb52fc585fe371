"""Value extraction for the pipeline: sensitive values (via ``host_pep.values``) plus the key
arguments rule 5 cares about (URLs, amounts, account numbers), normalized to lookup keys.

Results are cached per text: the same screen strings, tool results and payloads recur across a
session, and detection (phone-number parsing above all) is the costliest step on the hot path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from host_pep.semantics import FieldRole


@dataclass(frozen=True, slots=True)
class Found:
    kind: str
    keys: tuple[str, ...]
    masked: str
    raw: str
    start: int
    end: int
    sensitive: bool
    """A sensitive kind from ``host_pep.values`` (False for url/amount/account key arguments)."""


_URL = re.compile(
    r"(?i)\b(?:(?:https?|ftp)://|www\.)[^\s<>\"'()\[\]{}]+"
    # a bare host ends with its whole last label ("kestrel.dev" is not "kestrel.de", nor
    # "example.co.za" "example.co")
    r"|\b(?:[a-z0-9-]+\.)+(?:com|net|org|io|co|me|info|biz|xyz|top|ru|cn|de|uk|app|dev|link|click|site|online|shop)(?![a-z0-9-]|\.[a-z0-9])(?:/[^\s<>\"'()]*)?"
)
# a number joined by hyphens to letters or digits is part of a code, not a sum ("CPS-2026-014",
# "INV-2026-0042", a date "2026-06-13", a phone "555-0142"); a minus before a lone sum is kept
_AMOUNT = re.compile(
    r"(?<![\w.])(?<![^\W_]-)(?:[$€£¥₹]\s?)?(?:"
    # a decimal comma, thousands by dots or spaces ("1.234,56", "3 839,00", "184,20")
    r"(\d{1,3}(?:[.\u00a0\u202f ]\d{3})+|\d+),(\d{2})(?![\d,])"
    # thousands by spaces, a currency after them ("13 839 kr", "1 250 €")
    r"|(\d{1,3}(?:[\u00a0\u202f ]\d{3})+)(?=\s?(?:[^\W\d_]{1,3}\b|[$€£¥₹]))"
    r"|(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?(?![\d]))"
    r"(?!-[^\W_])"
)
_GROUPING = re.compile(r"[.,\u00a0\u202f ]")


def _amount_parts(m: re.Match[str]) -> tuple[str, str | None]:
    """The whole part (its grouping removed) and the fraction of an ``_AMOUNT`` match."""
    if m.group(1) is not None:
        return _GROUPING.sub("", m.group(1)), m.group(2)
    if m.group(3) is not None:
        return _GROUPING.sub("", m.group(3)), None
    return m.group(4), m.group(5)


_ACCOUNT = re.compile(
    r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,4})?\b|\b\d(?:[ -]?\d){7,18}\b"
)
# a payment code longer than any account (a Brazilian boleto's 47-digit line, a Swiss QR
# reference, a Norwegian KID), written in dotted and spaced groups or as one run of digits: one
# key for every writing of it ("23793.38128 60082.935804 …" and "2379338128600829…")
_LONG_CODE = re.compile(r"(?<![\w.])\d+(?:[ .]\d+)*(?![\w])")
_LONG_CODE_DIGITS = 20
# a Brazilian tax number, a company's CNPJ ("41.998.223/0001-07") or a person's CPF
# ("123.456.789-09"), as written: a PIX key
_CNPJ = re.compile(r"(?<![\w./-])\d{2,3}\.\d{3}\.\d{3}(?:/\d{4})?-\d{2}(?![\w/-])")
# an IBAN and the domestic account number inside it ("PL61 1090 1014 …" and "61 1090 1014 …",
# the way a Polish bank shows the same account): one account, keyed both ways
_IBAN_LIKE = re.compile(r"[A-Z]{2}(?=\d{2})")
_TRAILING = ".,;:!?)]}'\""
# a date written as ISO 8601 ("2027-05-10 09:00"): its digits run as long as an account's
_ISO_DATE = re.compile(r"(?:19|20)\d{2}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])\b")


def normalize_url(url: str) -> tuple[str, str]:
    """(url key, domain key): scheme and ``www.`` dropped, host lower-cased, trailing slash cut."""
    u = url.strip().rstrip(_TRAILING)
    u = re.sub(r"(?i)^(?:https?|ftp)://", "", u)
    host, sep, rest = u.partition("/")
    host = host.lower()
    if host.startswith("www."):
        host = host[4:]
    host = host.split("@")[-1].split(":")[0]
    path = (sep + rest).rstrip("/")
    return f"url:{host}{path}", f"domain:{host}"


def normalize_amount(whole: str, frac: str | None) -> str:
    value = whole.replace(",", "").lstrip("0") or "0"
    if frac and frac.strip("0"):
        return f"amount:{value}.{frac.rstrip('0')}"
    return f"amount:{value}"


def normalize_account(text: str) -> str:
    return "account:" + re.sub(r"[\s-]", "", text).upper()


def _account_keys(text: str) -> tuple[str, ...]:
    key = normalize_account(text)
    if _IBAN_LIKE.match(key, len("account:")):
        return key, "account:" + key[len("account:") + 2 :]
    return (key,)


def _found(kind: str, keys: tuple[str, ...], m: re.Match[str], masked: str | None = None) -> Found:
    raw = m.group(0)
    return Found(
        kind, keys, _mask(raw) if masked is None else masked, raw, m.start(), m.end(), False
    )


@lru_cache(maxsize=65536)
def key_arguments(text: str) -> tuple[Found, ...]:
    """URLs, amounts and account-like numbers in ``text`` (rule 5's key arguments)."""
    links = list(_URL.finditer(text))
    out = [_found("url", normalize_url(m.group(0)), m) for m in links]
    out += [
        _found("account", _account_keys(m.group(0)), m)
        for m in _ACCOUNT.finditer(text)
        if not _ISO_DATE.match(m.group(0))
    ]
    # a UPI payment address ("iyer.backup@ybl", "shop.9921@okaxis"): a handle at a bank's code,
    # no domain -- where money goes, as an account number is
    # (inside a link -- "upi://pay?pa=shop@okaxis" -- the link is the key argument)
    if "@" in text:
        out += [
            _found("account", (f"account:{m.group(0).lower()}",), m)
            for m in _VPA.finditer(text)
            if not any(link.start() <= m.start() < link.end() for link in links)
            and "://" not in _token_before(text, m.start())
        ]
    # a Brazilian company's or person's tax number (CNPJ "41.998.223/0001-07", CPF
    # "123.456.789-09"): a PIX key, where money goes as an account number is
    out += [
        _found("account", ("account:" + _NOT_DIGIT.sub("", m.group(0)),), m)
        for m in _CNPJ.finditer(text)
    ]
    for m in _LONG_CODE.finditer(text):
        digits = _NOT_DIGIT.sub("", m.group(0))
        if len(digits) >= _LONG_CODE_DIGITS:
            out.append(_found("account", (f"account:{digits}",), m))
    for m in _AMOUNT.finditer(text):
        whole, frac = _amount_parts(m)
        if len(whole.replace(",", "")) <= 12:
            out.append(_found("amount", (normalize_amount(whole, frac),), m, masked=m.group(0)))
    return tuple(out)


def _token_before(text: str, pos: int) -> str:
    """The part of the whitespace-free run that ``pos`` stands in, up to ``pos``."""
    start = max(text.rfind(c, 0, pos) for c in " \n\t") + 1
    return text[start:pos]


_VPA = re.compile(
    r"(?<![\w.@+-])[A-Za-z0-9][A-Za-z0-9._-]{1,63}@[A-Za-z][A-Za-z0-9]{1,30}(?![\w@-]|\.\w)"
)
_INTERNATIONAL = re.compile(r"\+\d(?:[ ().-]{0,2}\d){6,14}(?!\d)")
_NOT_DIGIT = re.compile(r"\D")


@lru_cache(maxsize=65536)
def international_numbers(text: str) -> tuple[Found, ...]:
    """Numbers written with a country code ("+55 11 95053-5987") as ``phone:+<digits>`` keys,
    whatever their grouping: a fallback beside the phone detector, matched only as whole
    numbers against observed ones."""
    if "+" not in text:
        return ()
    out = []
    for m in _INTERNATIONAL.finditer(text):
        raw = m.group(0)
        key = "phone:+" + _NOT_DIGIT.sub("", raw)
        out.append(
            Found("phone", (key,), raw[:4] + "***" + raw[-4:], raw, m.start(), m.end(), True)
        )
    return tuple(out)


def _mask(raw: str) -> str:
    if len(raw) <= 4:
        return "*" * len(raw)
    keep = max(2, len(raw) // 5)
    return raw[:keep] + "*" * (len(raw) - 2 * keep) + raw[-keep:]


@lru_cache(maxsize=131072)
def sensitive_values(
    text: str,
    regions: tuple[str, ...] = ("CN", "US"),
    field: str = "",
    password: bool = False,
    kind_hint: str | None = None,
) -> tuple[Found, ...]:
    """Sensitive values in ``text`` as detected and normalized by ``host_pep.values``."""
    from host_pep.values import DetectionContext, SensitiveKind, detect

    if (
        kind_hint is not None
        and kind_hint not in SensitiveKind.__members__.values()
        and kind_hint != "password"
    ):
        kind_hint = None
    ctx = DetectionContext(regions=regions, field=field, password=password, kind_hint=kind_hint)
    out: list[Found] = []
    for d in detect(text, ctx):
        start, end = d.span
        out.append(Found(str(_kind_name(d.kind)), tuple(d.keys), d.masked, d.raw, start, end, True))
    return tuple(out)


def _kind_name(kind: Any) -> str:
    return str(getattr(kind, "value", kind))


@lru_cache(maxsize=65536)
def role_key_arguments(text: str, role: FieldRole, regions: tuple[str, ...]) -> tuple[Found, ...]:
    """The values of a key-argument field (recipient, account, url, amount, address)."""
    if role is FieldRole.URL:
        found = tuple(f for f in key_arguments(text) if f.kind == "url")
        if not found and text.strip():
            url_key, domain_key = normalize_url(text)
            found = (Found("url", (url_key, domain_key), _mask(text), text, 0, len(text), False),)
        return found
    if role is FieldRole.AMOUNT:
        return tuple(f for f in key_arguments(text) if f.kind == "amount")
    if role is FieldRole.ACCOUNT:
        sens = sensitive_values(text, regions)
        accounts = tuple(f for f in key_arguments(text) if f.kind == "account")
        if not accounts and text.strip():
            accounts = (
                Found(
                    "account", (normalize_account(text),), _mask(text), text, 0, len(text), False
                ),
            )
        return sens + accounts
    # recipient / address: phones (also in groupings the detector misses), emails, addresses
    found = sensitive_values(text, regions)
    phones = {k for f in found if f.kind == "phone" for k in f.keys}
    extra = tuple(f for f in international_numbers(text) if f.keys[0] not in phones)
    if role is FieldRole.RECIPIENT and not any(f.kind == "iban" for f in found):
        from host_pep.values.iban import account_shaped  # lazily, as sensitive_values does

        # a payee written like an IBAN whose check digits fail, or of a country with none
        # ("LT12 3250 0924 7713 0551", "US13 3000 0001 2121 2121 2121"): still an account,
        # traced to where it was seen like one in an account field
        accounts = tuple(
            f for f in key_arguments(text) if f.kind == "account" and f.raw[:1].isalpha()
        )
        whole = normalize_account(text)
        if account_shaped(whole.removeprefix("account:")) and all(
            whole not in f.keys for f in accounts
        ):
            # the whole value is the account, however it was grouped ("HK33HSBC0123456789 0123")
            accounts += (Found("account", (whole,), _mask(text), text, 0, len(text), False),)
        extra += accounts
    return found + extra
