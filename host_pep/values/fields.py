"""What a field name or resource-id says about its content ("et_password" -> a credential).

The words are language data (``values.fields`` in ``host_pep/recognition/languages/*.yaml``);
this module splits a name into its words and compares.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from host_pep.recognition.lexicon import lexicon

_SPLIT = re.compile(r"[\W_]+|(?<=[a-z])(?=[A-Z])")  # words of any script


def leaf_field(path: str) -> str:
    """A value's own field name, lower-cased, from its path in a result or a screen
    ("recent_interactions[0].From" -> "from", "contact.email" -> "email", "a/b.c[2]" -> "c")."""
    return path.lower().rsplit("/", 1)[-1].rsplit(".", 1)[-1].split("[", 1)[0]


def record_of(path: str) -> str:
    """The path of the record a field belongs to ("messages[1].body" -> "messages[1]"; a
    top-level "body" -> "")."""
    return path.rpartition(".")[0]


@dataclass(frozen=True, slots=True)
class FieldTokens:
    credential: frozenset[str]
    """A secret's field ("password", "pin")."""
    otp: frozenset[str]
    """A one-time code's field ("otp", "verification")."""
    not_otp: frozenset[str]
    """Words that make a field's "code" another kind of code ("zip", "promo")."""
    secret_codes: frozenset[str]
    """Words that make a tool argument's "code" a secret ("sms", "door", "verification")."""
    phone: frozenset[str]
    """A phone number's field, in any language's label ("mobile", "Handy", "电话")."""


@lru_cache(maxsize=1)
def field_words() -> FieldTokens:
    """The field words of every language file, loaded once."""
    words = lexicon().values.fields
    return FieldTokens(
        credential=frozenset(words.credential),
        otp=frozenset(words.otp),
        not_otp=frozenset(words.not_otp),
        secret_codes=frozenset(words.secret_codes)
        | frozenset(words.otp)
        | frozenset(words.credential),
        phone=frozenset(words.phone),
    )


@lru_cache(maxsize=1024)
def field_tokens(field: str) -> frozenset[str]:
    """Lower-case words of a field name: "com.app:id/etVerifyCode" -> {com, app, id, et, verify, code}."""
    # a vowel sign or a tone mark is part of its word, though no \w matches it ("मोबाइल",
    # "เบอร์โทร"): a split that passes over the marks the name holds
    marks = "".join(sorted({re.escape(c) for c in field if unicodedata.category(c)[0] == "M"}))
    split = re.compile(rf"(?:(?![{marks}])[\W_])+|(?<=[a-z])(?=[A-Z])") if marks else _SPLIT
    return frozenset(t.lower() for t in split.split(field) if t)


def is_credential_field(field: str) -> bool:
    return bool(field) and not field_tokens(field).isdisjoint(field_words().credential)


def is_otp_field(field: str) -> bool:
    if not field:
        return False
    words = field_tokens(field)
    known = field_words()
    return not words.isdisjoint(known.otp) and words.isdisjoint(known.not_otp)


def is_phone_field(field: str) -> bool:
    """A field named for a phone number ("phone", "contacts[0].mobile", "et_tel")."""
    return bool(field) and not field_tokens(field).isdisjoint(field_words().phone)
