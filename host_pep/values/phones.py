"""Phone numbers: cheap candidate scan, then ``phonenumbers`` on the candidates only.

Pipeline on the ``numerals`` layer (digits already unspelled and unfolded):

1. *Chains*: maximal runs of digits joined by phone separators (space, dot, dash, slash,
   parentheses, ", "), with a leading "+" if any. Chains shorter than 7 characters are dropped
   at once, which is where almost all digits in prose end.
2. *Blockers*: inside a long chain, numeric tokens that are not phone digits but could parse
   as one once separators are dropped are blanked out: dates ("2026-03-14 15:30" would read as
   the valid US number +1 202-603-1415), times, currency amounts, thousands-separated numbers,
   versions, IPv4 addresses and ZIP+4 codes. A chain glued to a Latin-letter identifier
   ("ORD-20231105-7781", "build2023110577") is not a phone number either.
3. The whole chain is parsed first; if it is not a valid number, runs of whole space-separated
   tokens are tried (two numbers side by side, a room number before a phone). Only whole
   normalized values count: a run needs at least 7 digits and must be a *valid* number for one
   of the region hints, so fragments (last four digits, room numbers, years) never yield a key.
4. Every valid parse contributes an E.164 key; with several region hints a national number may
   yield several keys (e.g. a 10-digit US number is also a valid Chinese landline). Parses are
   LRU-cached, so ``phonenumbers`` runs once per distinct candidate.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

import phonenumbers

from host_pep.recognition.lexicon import lexicon
from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_phone
from host_pep.values.obfuscation import Canonical, fold_in_place
from host_pep.values.words import any_of

# Numeric tokens (no spaces) are classified one by one; the ones below are not phone digits.
_TOKEN = re.compile(r"\d[\d,.:/\-]*\d|\d")
_NOT_PHONE_TOKEN = re.compile(
    r"""\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:(?:/|\.\.|-)\d{1,2})?  # 2026-03-14, a period 2026-12-01/15
      | \d{1,2}[-/.]\d{1,2}[-/.](?:\d{4}|\d{2}) # 14/03/2026, 3.14.26
      | \d{1,2}:\d{2}(?::\d{2})?                # 15:30, 15:30:59
      | \d{1,3}(?:,\d{3})+(?:\.\d+)?            # 1,234,567.00
      | \d+\.\d{2}                              # 1234567.89
      | \d{1,3}(?:\.\d{1,3}){2,3}               # 1.2.3, 192.168.1.10
      | \d{5}-\d{4}                             # ZIP+4
      | \d+(?:[.:/\-]\d+)*:\d+(?:[.:/\-]\d+)*   # anything with a colon (ratios, timestamps)
    """,
    re.VERBOSE,
)
_CURRENCY_BEFORE = frozenset("$€£¥₹₩￥")


@lru_cache(maxsize=1)
def _currency_after() -> re.Pattern[str]:
    """A currency word right after a number ("500 dollars", "200元"): an amount."""
    words = lexicon().values.phones.amount_words
    return re.compile(rf"\s?{any_of(words)}", re.IGNORECASE)


_CHAIN = re.compile(r"\d(?:[ \t.\-/·,()]{0,4}\d)*")
_GROUP = re.compile(r"\d+")
_LEAD = re.compile(r"(?:\(\+|\+ ?\(?)$")
_SPACE = re.compile(r"[ \t,]")
_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
_JOINERS = frozenset("-_/#")

MIN_DIGITS = 7  # no valid subscriber number anywhere is shorter once its area code is included
MAX_DIGITS = 17  # 15 (E.164) plus an international prefix such as 00 or 011
_MAX_FAILURES = 64  # failed parses per chain: bounds the cost of long lists of junk digits


@lru_cache(maxsize=16384)
def normalize(
    plus: bool, digits: str, regions: tuple[str, ...], layout: tuple[int, ...] = ()
) -> tuple[str, ...]:
    """E.164 forms of a digit string: one per region hint it is a number in (empty: not a phone).

    A number counts when ``phonenumbers`` deems it *valid*, or -- since fictional numbers
    (US 555-01xx) and ranges newer than the metadata are written by real people all the time --
    when it is *possible* and written the way phone numbers are written: with a "+" country
    code, or grouped as the region groups its numbers (``layout``: the written group lengths).
    """
    if not MIN_DIGITS <= len(digits) <= MAX_DIGITS:
        return ()
    if plus:
        return _parse("+" + digits, None, loose=True)
    if digits.startswith("00"):  # the ITU international prefix, whatever the region hints
        return _parse("+" + digits[2:], None, loose=True)
    out: list[str] = []
    for region in regions:
        for e164 in _parse(digits, region, layout=layout):
            if e164 not in out:
                out.append(e164)
    return tuple(out)


def _parse(
    number: str, region: str | None, *, loose: bool = False, layout: tuple[int, ...] = ()
) -> tuple[str, ...]:
    """A valid number; or, with ``loose`` (a "+" country code) or a ``layout`` the region writes
    its numbers in, a possible one of about the region's usual length."""
    try:
        parsed = phonenumbers.parse(number, region)
    except phonenumbers.NumberParseException:
        return ()
    if not phonenumbers.is_valid_number(parsed):
        if not (loose or len(layout) >= 2) or not _plausible(parsed):
            return ()
        if not loose and not _grouped_as_region(parsed, layout):
            return ()
    return (phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164),)


@lru_cache(maxsize=4096)
def valid_as_written(
    plus: bool, digits: str, regions: tuple[str, ...], layout: tuple[int, ...]
) -> tuple[str, ...]:
    """E.164 forms of a digit string that is a *valid* number grouped exactly as its region
    formats it (national or international format, at least two groups); else ()."""
    if len(layout) < 2 or not MIN_DIGITS <= len(digits) <= MAX_DIGITS:
        return ()
    attempts = [("+" + digits, None)] if plus else [(digits, r) for r in regions]
    out: list[str] = []
    for number, region in attempts:
        try:
            parsed = phonenumbers.parse(number, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(parsed) and _grouped_as_region(parsed, layout):
            e164 = phonenumbers.format_number(parsed, phonenumbers.PhoneNumberFormat.E164)
            if e164 not in out:
                out.append(e164)
    return tuple(out)


def _plausible(number: phonenumbers.PhoneNumber) -> bool:
    """Possible (not merely a local-only length) and about as long as the country's numbers."""
    reason = phonenumbers.is_possible_number_with_reason(number)
    if reason != phonenumbers.ValidationResult.IS_POSSIBLE:
        return False
    usual = _usual_length(number.country_code)
    nsn = phonenumbers.national_significant_number(number)
    return usual > 0 and len(nsn) >= max(MIN_DIGITS, usual - 1)


@lru_cache(maxsize=512)
def _usual_length(country_code: int) -> int:
    """Length of the country's example mobile number (0: the country code is unknown)."""
    region = phonenumbers.region_code_for_country_code(country_code)
    if region in ("ZZ", "001"):
        return 0
    example = phonenumbers.example_number_for_type(region, phonenumbers.PhoneNumberType.MOBILE)
    if example is None:
        example = phonenumbers.example_number(region)
    return len(phonenumbers.national_significant_number(example)) if example is not None else 0


def _grouped_as_region(number: phonenumbers.PhoneNumber, layout: tuple[int, ...]) -> bool:
    """Grouped as the region writes its numbers (national or international format). A bare run
    of digits is not clearly a phone number: ids and references look the same."""
    fmt = phonenumbers.PhoneNumberFormat
    for style in (fmt.NATIONAL, fmt.INTERNATIONAL):
        written = phonenumbers.format_number(number, style)
        if tuple(len(g) for g in _GROUP.findall(written)) == layout:
            return True
    return False


NATIONAL_PREFIX = "phone-national:"
_NATIONAL = re.compile(r"(?<![\d+])\d(?:[ \-.()]{0,2}\d){6,16}(?!\d)")
_E164_DIGITS = 15


@lru_cache(maxsize=16384)
def national_keys(e164: str) -> tuple[str, ...]:
    """The keys of a number's national forms ("+91 98765 43210" -> 9876543210): an observed
    number may be written later in its country's national format, which the region hints
    cannot parse ("98765 43210", "0412 345 678" for +61 412 345 678). Besides the national
    significant number, the digits of the region's own national format when they carry a
    trunk prefix other than a plain 0 (Russia's "8 (912) 345-67-89", Hungary's "06 20 ...",
    Argentina's "011 15-...")."""
    try:
        number = phonenumbers.parse(e164, None)
    except phonenumbers.NumberParseException:
        return ()
    nsn = phonenumbers.national_significant_number(number)
    if len(nsn) < MIN_DIGITS:
        return ()
    keys = [NATIONAL_PREFIX + nsn]
    written = phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.NATIONAL)
    digits = "".join(_GROUP.findall(written))
    # "0" + nsn is matched by stripping the 0 from the written digits (``national_candidates``)
    if digits not in (nsn, "0" + nsn) and MIN_DIGITS <= len(digits) <= MAX_DIGITS:
        keys.append(NATIONAL_PREFIX + digits)
    return tuple(keys)


def national_key(e164: str) -> str | None:
    """The key of a number's national significant number (see ``national_keys``)."""
    keys = national_keys(e164)
    return keys[0] if keys else None


@lru_cache(maxsize=16384)
def national_candidates(text: str) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    """Digit runs without a "+" that may be a whole observed number, with the keys they would
    have if they were one: the digits as a national form (as written, and without a leading
    trunk 0), and as an international number whose "+" was left out ("923001234567",
    "?phone=201012345678") or written as the ITU prefix 00. Only a whole observed number
    matches, so nothing here is a phone unless memory says so."""
    out = []
    # full-width digits and dashes, no-break and thin spaces, other scripts' digits: read as
    # the ASCII they stand for (one character for one, so the spans are the text's)
    for m in _NATIONAL.finditer(fold_in_place(text)):
        digits = "".join(_GROUP.findall(m.group(0)))
        national = [digits] if len(digits) <= _E164_DIGITS else []
        if digits.startswith("0") and not digits.startswith("00"):
            national.append(digits[1:])
        keys = [NATIONAL_PREFIX + d for d in national if len(d) >= MIN_DIGITS]
        international = digits[2:] if digits.startswith("00") else digits
        if international[:1] != "0" and MIN_DIGITS <= len(international) <= _E164_DIGITS:
            keys.append("phone:+" + international)
        if keys:
            out.append((m.start(), m.end(), tuple(keys)))
    return tuple(out)


@lru_cache(maxsize=1)
def _trunk_prefixes() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """National (trunk) prefixes other than a plain 0, with the regions that dial them
    ("8": Russia, Belarus, ...; "06": Hungary; "1": the NANP), from phonenumbers' metadata."""
    by_prefix: dict[str, list[str]] = {}
    for region in sorted(phonenumbers.SUPPORTED_REGIONS):
        meta = phonenumbers.PhoneMetadata.metadata_for_region(region)
        prefix = meta.national_prefix if meta is not None else None
        if prefix and prefix != "0":
            by_prefix.setdefault(prefix, []).append(region)
    return tuple((p, tuple(r)) for p, r in sorted(by_prefix.items()))


@lru_cache(maxsize=4096)
def trunk_numbers(digits: str) -> tuple[str, ...]:
    """E.164 forms of a digit string written with a region's trunk prefix other than 0
    ("89123456789" -> +79123456789): valid numbers only. A plain 0 is left to the national
    keys (stripping it gives the national significant number)."""
    out: list[str] = []
    if not MIN_DIGITS <= len(digits) <= MAX_DIGITS:
        return ()
    for prefix, regions in _trunk_prefixes():
        if digits.startswith(prefix):
            for region in regions:
                for e164 in _parse(digits, region):
                    if e164 not in out:
                        out.append(e164)
    return tuple(out)


def phone_keys(text: str, regions: tuple[str, ...] = ("CN", "US")) -> tuple[str, ...]:
    """Keys of a text that is one phone number as a whole (any format), else ()."""
    groups = _GROUP.findall(text)
    layout = tuple(len(g) for g in groups)
    return tuple(f"phone:{e}" for e in normalize("+" in text, "".join(groups), regions, layout))


@lru_cache(maxsize=4096)
def _prefer_by_layout(e164s: tuple[str, ...], layout: tuple[int, ...]) -> tuple[str, ...]:
    """Put first the region whose national (or international) format groups the digits as the
    writer did.

    "(415) 555-0132" is valid in the US and in China; its 3-3-4 grouping is the US layout, so the
    US key comes first; "1-800-555-0199" matches the US international layout 1-3-3-4. All keys are kept: the order only decides ``Detected.key``.
    """
    if len(layout) < 2:
        return e164s

    def matches(e164: str) -> bool:
        number = phonenumbers.parse(e164, None)
        for fmt in (
            phonenumbers.PhoneNumberFormat.NATIONAL,
            phonenumbers.PhoneNumberFormat.INTERNATIONAL,
        ):
            written = phonenumbers.format_number(number, fmt)
            if tuple(len(g) for g in _GROUP.findall(written)) == layout:
                return True
        return False

    return tuple(sorted(e164s, key=lambda e: not matches(e)))


def _blank_non_phone_tokens(text: str, start: int, end: int) -> str | None:
    """``text[start:end]`` with dates, times, amounts, versions and ZIP+4 codes replaced by
    NULs, or None when it has none."""
    blanks: list[tuple[int, int]] = []
    currency_after = _currency_after()
    for m in _TOKEN.finditer(text, start, end):
        s, e = m.span()
        token = m.group()
        if (
            (not token.isdigit() and _NOT_PHONE_TOKEN.fullmatch(token) is not None)
            or (s > 0 and text[s - 1] in _CURRENCY_BEFORE)
            or (s > 1 and text[s - 1] == " " and text[s - 2] in _CURRENCY_BEFORE)
            or (_letter_follows(text, e) and currency_after.match(text, e) is not None)
        ):
            blanks.append((s, e))
    if not blanks:
        return None
    parts: list[str] = []
    pos = start
    for s, e in blanks:
        parts.append(text[pos:s])
        parts.append("\x00" * (e - s))
        pos = e
    parts.append(text[pos:end])
    return "".join(parts)


def _letter_follows(text: str, pos: int) -> bool:
    """A letter right after ``pos`` or after one space (where a currency word would be)."""
    nxt = text[pos : pos + 2]
    return bool(nxt) and (nxt[0].isalpha() or (nxt[0] == " " and nxt[1:].isalpha()))


def _glued(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is part of a Latin-letter/digit identifier."""
    if start > 0:
        prev = text[start - 1]
        if prev in _ALNUM or (prev in _JOINERS and start > 1 and text[start - 2] in _ALNUM):
            return True
    if end < len(text):
        nxt = text[end]
        if nxt in _ALNUM or (nxt in _JOINERS and end + 1 < len(text) and text[end + 1] in _ALNUM):
            return True
    return False


_ASIDE = re.compile(r"\s\(")


def _chains(text: str) -> Iterator[tuple[int, int]]:
    """The digit chains of ``text``, each cut where a parenthesis opens after a number's worth
    of digits ("+49 30 44010220 (4.1 on Yelp)", "555 0199 123 (ext 4)"): that is an aside,
    while an area code's parenthesis comes first or after a country code ("+49 (0)30 …")."""
    for chain in _CHAIN.finditer(text):
        start, end = chain.start(), chain.end()
        for aside in _ASIDE.finditer(text, start, end):
            if sum(c.isdigit() for c in text[start : aside.start()]) >= MIN_DIGITS:
                yield start, aside.start()
                start = aside.end()
        yield start, end


def find_phones(layer: Canonical, regions: tuple[str, ...]) -> list[Detected]:
    text = layer.text
    found: list[Detected] = []
    for c_start, c_end in _chains(text):
        if c_end - c_start < MIN_DIGITS:
            continue  # too short to hold a whole number; most digit runs in prose end here
        chain = _CHAIN.match(text, c_start, c_end)
        if chain is None:
            continue
        scan = _blank_non_phone_tokens(text, chain.start(), chain.end())
        if scan is None:
            found += _chain_phones(layer, text, chain.start(), chain.end(), regions)
            continue
        # A blocker shape can be a number's own group: Brazil writes "+55 11 95053-5987" (a
        # ZIP+4 shape), Belarus "8 0152 45-09-11" and New Caledonia "75.12.34" (date shapes).
        # A chain that is, as a whole, a valid number grouped exactly as its region writes it
        # is that number; dates and amounts are never laid out like that.
        whole: list[Detected] = []
        if _may_be_written_whole(
            text[max(0, chain.start() - 3) : chain.start()], chain.group(), regions
        ):
            whole = _chain_phones(layer, text, chain.start(), chain.end(), regions, as_written=True)
        if whole:
            found += whole
        else:  # parts of the chain were dates/amounts/...: what is left forms new chains
            for sub in _CHAIN.finditer(scan):
                if sub.end() - sub.start() >= MIN_DIGITS:
                    offset = chain.start()
                    found += _chain_phones(
                        layer, text, offset + sub.start(), offset + sub.end(), regions
                    )
    return found


@lru_cache(maxsize=4096)
def _may_be_written_whole(before: str, chain: str, regions: tuple[str, ...]) -> bool:
    """Cheap, cached filter for the as-written check: the same dates and amounts recur on every
    screen, and rebuilding their groups each time cost more than the rest of the scan."""
    groups = _GROUP.findall(chain)
    layout = tuple(len(g) for g in groups)
    return bool(valid_as_written("+" in before, "".join(groups), regions, layout))


def _chain_phones(
    layer: Canonical,
    text: str,
    c_start: int,
    c_end: int,
    regions: tuple[str, ...],
    *,
    as_written: bool = False,
) -> list[Detected]:
    """Numbers in the chain ``text[c_start:c_end]``; with ``as_written``, only the whole chain
    when it is a valid number in its region's own layout (see ``valid_as_written``)."""
    # A leading "+" ("+86", "+ 86", "(+86)", "+(86)") belongs to the number; "C++ 138..." does not.
    plus = False
    lead = _LEAD.search(text, max(0, c_start - 3), c_start)
    if lead is not None:
        p = lead.start()
        if p == 0 or not (text[p - 1].isalnum() or text[p - 1] == "+"):
            plus = True
            c_start = p
    if _glued(text, c_start, c_end):
        return []
    groups = [(m.group(), m.start(), m.end()) for m in _GROUP.finditer(text, c_start, c_end)]
    if as_written:
        layout = tuple(len(g[0]) for g in groups)
        keys = valid_as_written(plus, "".join(g[0] for g in groups), regions, layout)
        runs = [(0, len(groups) - 1, keys)] if keys else []
    else:
        runs = _runs(text, groups, plus, regions)
    found: list[Detected] = []
    for first, last, keys in runs:
        start = c_start if first == 0 else groups[first][1]
        if first == 0 and start > 0 and text[start - 1] == "(":
            start -= 1
        end = groups[last][2]
        if len(keys) > 1:
            keys = _prefer_by_layout(keys, tuple(len(g[0]) for g in groups[first : last + 1]))
        s, e = layer.to_original(start, end)
        found.append(
            Detected(
                kind=SensitiveKind.PHONE,
                raw=layer.original[s:e],
                keys=tuple(f"phone:{k}" for k in keys),
                span=(s, e),
                masked=mask_phone(keys[0]),
            )
        )
    return found


def _runs(
    text: str, groups: list[tuple[str, int, int]], plus: bool, regions: tuple[str, ...]
) -> list[tuple[int, int, tuple[str, ...]]]:
    """Non-overlapping runs of digit groups that are valid numbers: (first, last, e164s).

    Runs start and end only where a space separates two groups, so a hyphen- or dot-joined
    token ("978-3-16-148410-0", "ORD-...") is never cut into a number.
    """
    total = sum(len(g[0]) for g in groups)
    if total < MIN_DIGITS:
        return []
    n = len(groups)
    whole = normalize(
        plus, "".join(g[0] for g in groups), regions, tuple(len(g[0]) for g in groups)
    )
    if whole:
        return [(0, n - 1, whole)]
    breaks = [
        k for k in range(1, n) if _SPACE.search(text, groups[k - 1][2], groups[k][1]) is not None
    ]
    bounds = [0, *breaks, n]
    # Digits before each group, so a run's length is one subtraction.
    before = [0]
    for g in groups:
        before.append(before[-1] + len(g[0]))
    out: list[tuple[int, int, tuple[str, ...]]] = []
    failures = 0
    bi = 0
    while bi < len(bounds) - 1 and failures < _MAX_FAILURES:
        i = bounds[bi]
        # Ends of runs starting at i that can hold a whole number (7-17 digits), longest first;
        # at most 17 of them, so a long digit list costs linear time.
        ends: list[int] = []
        for bj in range(bi + 1, len(bounds)):
            count = before[bounds[bj]] - before[i]
            if count > MAX_DIGITS:
                break
            if count >= MIN_DIGITS and not (i == 0 and bounds[bj] == n):
                ends.append(bj)
        match: tuple[int, tuple[str, ...]] | None = None
        for bj in reversed(ends):
            digits = "".join(g[0] for g in groups[i : bounds[bj]])
            layout = tuple(len(g[0]) for g in groups[i : bounds[bj]])
            keys = normalize(plus and i == 0, digits, regions, layout)
            if keys:
                match = (bj, keys)
                break
            failures += 1
            if failures >= _MAX_FAILURES:
                break
        if match is None:
            if plus and i == 0:
                return []  # "+1 (555) 010-9999" is invalid; its tail is not a national number
            bi += 1
        else:
            out.append((i, bounds[match[0]] - 1, match[1]))
            bi = match[0]
    return out
