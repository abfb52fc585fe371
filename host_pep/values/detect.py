"""``detect``: every sensitive value in a text, with canonical keys and input offsets.

Order of work, cheapest exits first:

1. A password field (``ctx.password``, a credential-like field name, or a credential hint): the
   whole text is one credential and nothing else is reported (its clear value is never keyed).
2. Fold width/invisible characters; spell-out digits on a second layer (see ``obfuscation``).
3. Digit detectors (IBAN, card, phone, OTP, address) only when the text has a digit; email,
   credential disclosure, self-identifying secret formats (a PEM key block, ``AKIA…``,
   ``ghp_…``) and health detectors behind their own cheap prefilters.
4. Overlaps are resolved by kind priority, so every character belongs to at most one value and
   spans can be cut out for a rewrite.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import replace
from functools import lru_cache
from typing import NamedTuple

import phonenumbers

from host_pep.recognition.lexicon import lexicon
from host_pep.values.addresses import address_key, find_addresses
from host_pep.values.cards import find_cards
from host_pep.values.credentials import find_credentials, whole_text
from host_pep.values.emails import find_emails
from host_pep.values.fields import is_credential_field, is_otp_field, is_phone_field
from host_pep.values.health import find_health, is_health_entry
from host_pep.values.iban import find_ibans
from host_pep.values.kinds import Detected, DetectionContext, SensitiveKind
from host_pep.values.masking import mask
from host_pep.values.obfuscation import fold, numerals
from host_pep.values.otp import find_otps
from host_pep.values.phones import find_phones, trunk_numbers
from host_pep.values.secret_formats import (
    catalog,
    find_secret_formats,
    is_documentation_example,
)
from host_pep.values.seed_phrases import find_seed_phrases
from host_pep.values.words import alternation

DEFAULT_CONTEXT = DetectionContext()

# When two detections overlap, the lower rank wins (more specific and better validated first).
_RANK = {
    SensitiveKind.CREDENTIAL: 0,
    SensitiveKind.IBAN: 1,
    SensitiveKind.CARD: 2,
    SensitiveKind.EMAIL: 3,
    SensitiveKind.PHONE: 4,
    SensitiveKind.OTP: 5,
    SensitiveKind.ADDRESS: 6,
    SensitiveKind.HEALTH: 7,
}
_DIGIT = re.compile(r"\d")


_MESSAGE_ID = re.compile(r"<[^<>\s@]+@[^<>\s@]+>")
_BARE_UID = re.compile(r"[^<>\s@]+@[^<>\s@]+")


_ID_WORDS = frozenset({"id", "ids", "uid", "uuid"})
_BARE_ID = re.compile(r"\s*\d{4,20}\s*")
# a number grouped by hyphens, as parts catalogues and serials are ("04465-02220")
_GROUPED_ID = re.compile(r"\s*\d{2,}(?:-\d{2,}){1,4}\s*")
_LEAF_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def is_record_id(field: str, text: str) -> bool:
    """A bare number in a field named for an id ("order_id": 5512001042) or for the one record
    it is the number of ("reservation": 4412840017, "booking", "ticket"): it identifies a record,
    whatever phone number its digits also spell (a caller id, a ``wa_id`` are phones)."""
    if is_phone_field(field):
        return False
    if _BARE_ID.fullmatch(text) is None:
        return _GROUPED_ID.fullmatch(text) is not None and numbers_a_thing(field)
    # ... or for that record's number ("tracking_number": 5512009911, "invoice_number")
    return _is_id_leaf(field) or _names_a_record_kind(field) or numbers_a_thing(field)


def numbers_a_thing(field: str) -> bool:
    """A field named for the number of a thing that goes by one ("part_number": 04465-02220,
    "serial_no", "modelNumber"): its digits, grouped as catalogues write them, are that thing's
    number. Whose money or mailbox it is ("account_number") is never such a thing."""
    words = _leaf_words(field)
    if len(words) < 2 or words[-1] not in _record_nouns():
        return False
    lex = lexicon()
    thing = words[-2]
    return thing in lex.identifier_number_cues or thing in _record_nouns()


def _names_a_record_kind(field: str) -> bool:
    words = _leaf_words(field)
    return len(words) == 1 and words[0] in _record_nouns()


@lru_cache(maxsize=1)
def _record_nouns() -> frozenset[str]:
    """Nouns of records that go by a number (the cue words of a record number), less those
    that also name whose money it is ("account": a bank account's number is an account)."""
    return frozenset(lexicon().record_number_cues) - {"account", "card", "customer", "member"}


def _names_a_record(field: str, text: str) -> bool:
    """An id field whose whole value is written as an address names a record, not a mailbox:
    "<c8a1@trasteverestays.it>" in a message_id (RFC 5322 writes a Message-ID as an address in
    angle brackets), "ws-8821@partner.example" in an iCalUID (RFC 5545 recommends a UID of that
    form). A bare address in any other id field ("user_id": "ana@example.com") is an address."""
    words = _leaf_words(field)
    if not _is_id_word(words):
        return False
    if _MESSAGE_ID.fullmatch(text):
        return True
    return words[-1] == "uid" and _BARE_UID.fullmatch(text) is not None


def _is_id_leaf(field: str) -> bool:
    """ "message_id", "msgId", "in_reply_to": a field that names a message or a thread (its last
    word is an id; "paid" or "valid" end in the letters, not the word)."""
    return _is_id_word(_leaf_words(field))


def _leaf_words(field: str) -> list[str]:
    """The lower-cased words of a field path's last name ("event.iCalUID" -> i, cal, uid)."""
    leaf = field.rsplit(".", 1)[-1].split("[", 1)[0]
    return [w.lower() for w in _LEAF_WORD.findall(leaf)]


def _is_id_word(words: list[str]) -> bool:
    return bool(words) and (
        words[-1] in _ID_WORDS or "_".join(words) in ("in_reply_to", "references")
    )


def detect(text: str, ctx: DetectionContext | None = None) -> list[Detected]:
    """Sensitive values in ``text``, in order of appearance, non-overlapping.

    Results for texts up to ``CACHE_MAX_CHARS`` are memoized (LRU): the same screen strings and
    payload fields come back step after step, and detection is a pure function of its input.
    """
    if ctx is None:
        ctx = DEFAULT_CONTEXT
    if not isinstance(text, str):
        raise TypeError(f"detect() needs a str, got {type(text).__name__}")
    if len(text) <= CACHE_MAX_CHARS:
        return list(_detect_cached(text, ctx))
    return detect_uncached(text, ctx)


CACHE_MAX_CHARS = 4096


@lru_cache(maxsize=8192)
def _detect_cached(text: str, ctx: DetectionContext) -> tuple[Detected, ...]:
    return tuple(detect_uncached(text, ctx))


def detect_uncached(text: str, ctx: DetectionContext | None = None) -> list[Detected]:
    """``detect`` without the result cache (benchmarks; one-off huge texts)."""
    if ctx is None:
        ctx = DEFAULT_CONTEXT
    if not text:
        return []
    hint = ctx.kind_hint
    if (
        ctx.password or hint in ("credential", "password") or is_credential_field(ctx.field)
    ) and not _words_in_a_code_field(text, ctx.field):
        secret = _secret_fields()
        if secret.setting.fullmatch(text.strip().lower()) and _parameter_of_secret(ctx.field):
            return []  # a switch or a short number beside a secret ({"length": 24}) is not one
        if secret.pin.search(ctx.field) and not any(c.isdigit() for c in text):
            return []  # a PIN is digits: {"pin": "self-select"} names a mode, not a secret
        return [_secret(text)]

    folded = fold(text)
    digits = numerals(folded)
    found: list[Detected] = []
    if _DIGIT.search(digits.text) is not None or hint == "otp":
        found += find_ibans(folded)
        found += find_cards(digits)
        found += find_phones(digits, ctx.regions)
        found += find_otps(digits, ctx.field, hinted=hint == "otp")
        found += find_addresses(folded)
    if not _names_a_record(ctx.field, text.strip()):
        found += find_emails(folded)
    found += _within_formats(find_credentials(folded), find_secret_formats(folded))
    found += find_seed_phrases(folded)
    found += find_health(folded)
    resolved = _resolve(found)
    if not resolved and text.strip():
        if hint == "address":
            resolved = [_whole_as(SensitiveKind.ADDRESS, text)]
        elif hint == "health" and is_health_entry(text):
            resolved = [_whole_as(SensitiveKind.HEALTH, text)]
    return resolved


def _within_formats(labelled: list[Detected], formats: list[Detected]) -> list[Detected]:
    """Labelled credentials and self-identifying secrets together; a labelled value that holds a
    secret of a known format ("token=ghp_…&next=1") is that secret, keyed as it is written bare,
    and a documentation example ("…EXAMPLEKEY") is none."""
    labelled = [d for d in labelled if not is_documentation_example(d.raw)]
    if not formats:
        return labelled
    kept = [
        d
        for d in labelled
        if not any(d.span[0] <= f.span[0] and f.span[1] <= d.span[1] for f in formats)
    ]
    return kept + formats


class _SecretFields(NamedTuple):
    setting: re.Pattern[str]
    """Booleans and numbers of fewer than four digits (a PIN has four or more): parameters of a
    credential field ("generate_password": {"length": 24, "symbols": true}), never a secret."""
    pin: re.Pattern[str]
    """A PIN's field name ("card.pin", "passcode")."""


@lru_cache(maxsize=1)
def _secret_fields() -> _SecretFields:
    values = lexicon().values
    settings = alternation(values.credentials.setting_values)
    return _SecretFields(
        setting=re.compile(rf"(?:{settings})|\d{{1,3}}"),
        pin=re.compile(rf"(?i)(?:^|[^a-z])(?:{alternation(values.fields.pin)})$"),
    )


def _parameter_of_secret(field: str) -> bool:
    """ "generate_password.length": a field inside a credential's object whose own name names
    no credential (a CVV or a PIN leaf is the secret itself)."""
    leaf = re.split(r"[.\]\[]+", field.strip(".]"))[-1]
    return leaf != field and not is_credential_field(leaf)


_WORD_RUN = re.compile(r"[^\W\d_]{2,}")


def _words_in_a_code_field(text: str, field: str) -> bool:
    """A code field ({"code": …}: a verification code's name, and a program's) that holds
    words apart ("python clean.py data/customers.csv") holds a program or a sentence: a code
    is one run of characters ("483 920" is one code, spaced). A password field keeps every
    value: a passphrase is words."""
    if not field or is_credential_field(field) or not is_otp_field(field):
        return False
    parts = text.split()
    return len(parts) > 1 and sum(1 for p in parts if _WORD_RUN.search(p)) >= 2


_CODE_LIKE = re.compile(r"\s*(\d{4,8})\s*")


def _secret(text: str) -> Detected:
    """A password field's content. A 4-8 digit entry also keeps its OTP key: typing a code read
    from an SMS into a PIN/passcode field must still match the observed code."""
    detected = whole_text(text)
    code = _CODE_LIKE.fullmatch(text)
    if code is None:
        return detected
    return replace(detected, keys=(*detected.keys, f"otp:{code.group(1)}"))


def warm_up(ctx: DetectionContext | None = None) -> None:
    """Load what the first detection would otherwise load on the enforcement path: phone
    metadata for the region hints, the folding table, the health lexicon, the language files'
    value words (compiled on first use). Call at startup."""
    ctx = ctx or DEFAULT_CONTEXT
    for region in ctx.regions:
        example = phonenumbers.example_number(region)
        if example is not None:
            e164 = phonenumbers.format_number(example, phonenumbers.PhoneNumberFormat.E164)
            detect_uncached(f"{e164} ｘ", ctx)
    catalog()  # the secret formats' file, compiled
    # The trunk-prefix table reads every region's metadata (tens of ms): never on a decision.
    trunk_numbers("89123456789")
    # A date and a grouped number compile the regions' formatting patterns (layout checks).
    detect_uncached(
        "warm up: 138 1234 5678, (415) 555-0132 on 2026-03-14 15:30, a@b.co, code 4821, "
        "221B Baker Street, 糖尿病",
        ctx,
    )
    # the field-name words: a password field (and its parameters), a code field
    detect_uncached("s3cret-9", replace(ctx, field="account.password"))
    detect_uncached("482913", replace(ctx, field="otp_code"))


def _whole_as(kind: SensitiveKind, text: str) -> Detected:
    """The whole text as a value of ``kind`` (the observation point knows the kind)."""
    stripped = text.strip()
    start = text.index(stripped) if stripped else 0
    if kind is SensitiveKind.ADDRESS:
        key = address_key(stripped)
    else:
        key = "health:" + " ".join(stripped.casefold().split())
    return Detected(
        kind=kind,
        raw=stripped,
        keys=(key,),
        span=(start, start + len(stripped)),
        masked=mask(kind, stripped),
    )


def _resolve(found: list[Detected]) -> list[Detected]:
    """Keep the best detections (kind rank, then longer span) whose spans do not overlap."""
    if len(found) <= 1:
        return found
    ordered = sorted(found, key=lambda d: (_RANK[d.kind], d.span[0] - d.span[1], d.span[0]))
    starts: list[int] = []  # kept spans, sorted by start; they never overlap each other
    kept: list[Detected] = []
    for d in ordered:
        s, e = d.span
        i = bisect_right(starts, s)
        if i > 0 and kept[i - 1].span[1] > s:
            continue
        if i < len(kept) and kept[i].span[0] < e:
            continue
        if i > 0 and kept[i - 1].span == (s, e):  # empty spans at the same offset
            continue
        starts.insert(i, s)
        kept.insert(i, d)
    return kept
