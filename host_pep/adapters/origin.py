"""Which records of a result arrived from outside the user (rule 5's untrusted content).

An app that mostly holds the user's own data (a calendar, a drive, a to-do list) also holds
items other people put there: an invite from an outside organiser, a document someone shared.
Their free text (an invite's description, a shared file's body) is outside content, like an
email's. A record says so by naming who it came from -- an organiser, an inviter, whoever shared
it -- while the user's own items name no one, mark the user (``"self": true``, ``isOrganizer=1``,
Google's ``organizer: {"self": true}``) or name the account that owns them (``organizer`` equal
to ``ownerAccount``). Records are judged one by one: an outside invite does not make the user's
own events in the same listing untrusted.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.words import tokens

# Fields that name the party an item came from (the first word of ``organizer_email`` counts).
_ORIGIN_WORDS = frozenset(
    {"organizer", "organiser", "inviter", "invitedby", "sharedby", "sharer", "sharinguser",
     "sharedfrom", "invitationfrom", "invitefrom", "reviewer", "commenter", "poster",
     "replier", "answerer", "asker", "submitter", "reporter", "sender", "payer", "remitter",
     "counterparty", "originator",
     # a memory saved from a page: where it was read ("saved_from": "https://…")
     "savedfrom", "learnedfrom", "importedfrom"}
)  # fmt: skip
# Collections of what other people wrote about or into an item (a product's reviews, a
# post's comments, a ticket's replies): every entry is outside content, whoever owns the item.
_OUTSIDE_COLLECTIONS = frozenset(
    {"reviews", "review", "comments", "comment", "replies", "reply", "answers", "questions",
     "testimonials", "feedback", "discussion", "discussions", "mentions", "tweets", "posts",
     "retweets", "quotes", "guestbook", "ratings_and_reviews", "customer_reviews",
     "user_reviews", "qa", "q_and_a"}
)  # fmt: skip
# Flags by which a record marks the user as its organiser or owner.
_SELF_FLAGS = frozenset(
    {"self", "isself", "isorganizer", "isorganiser", "organizerself", "organiserself",
     "ownedbyme", "isowner", "createdbyme", "mine"}
)  # fmt: skip
# Fields naming the account a record belongs to: an organiser equal to it is the user.
_ACCOUNT_FIELDS = frozenset(
    {"account", "accountname", "owneraccount", "calendarowner", "owner", "useremail",
     "accountemail"}
)  # fmt: skip
# Fields that say where a record was learned from; an address there (a mail's, a page's) is
# someone else's
_PROVENANCE_KEYS = frozenset({"source", "origin", "provenance", "learnedvia", "via"})
_ADDRESSED_FROM = re.compile(r"\S@\S|https?://|www\.")
_SELF_NAMES = frozenset({"me", "self", "you", "myself", "local", "user"})
_SELF_MARKS = frozenset({"you", "me", "self", "yourself", "myself"})
_TRUE = frozenset({"1", "true", "yes"})
_FALSE = frozenset({"0", "false", "no"})


def _squash(key: str) -> str:
    """``invited_by`` / ``invitedBy`` / ``invited-by`` -> ``invitedby``."""
    return "".join(tokens(key))


def _is_origin(key: str) -> bool:
    squashed = _squash(key)
    if squashed in _ORIGIN_WORDS:
        return True
    toks = tokens(key)
    return bool(toks) and toks[0] in _ORIGIN_WORDS and _squash(key) not in _SELF_FLAGS


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in _TRUE else False if text in _FALSE else None


def _names(value: Any) -> list[str]:
    """The identities an origin field holds: a string, or an object's email/name fields."""
    if isinstance(value, Mapping):
        return [str(v).strip().casefold() for v in value.values() if isinstance(v, str) and v]
    if isinstance(value, str | int):
        text = str(value).strip().casefold()
        return [text] if text else []
    return []


def is_outside_record(record: Mapping[str, Any]) -> bool:
    """Whether this record names someone other than the user as where it came from."""
    if any(
        isinstance(k, str)
        and _squash(k) in _PROVENANCE_KEYS
        and isinstance(v, str)
        and _ADDRESSED_FROM.search(v)
        for k, v in record.items()
    ):
        # a memory or a note that says where it was learned ({"source": "email from
        # parent-forum@mailbox.org"}, {"origin": "https://…"}): an address outside the user
        return True
    origins = [v for k, v in record.items() if isinstance(k, str) and _is_origin(k)]
    if not origins:
        return False
    for key, value in record.items():
        if isinstance(key, str) and _squash(key) in _SELF_FLAGS:
            flag = _flag(value)
            if flag is not None:
                return not flag
    accounts = {
        str(v).strip().casefold()
        for k, v in record.items()
        if isinstance(k, str) and _squash(k) in _ACCOUNT_FIELDS and isinstance(v, str) and v
    }
    for origin in origins:
        if isinstance(origin, Mapping):
            own = next(
                (_flag(v) for k, v in origin.items() if _squash(str(k)) in _SELF_FLAGS), None
            )
            if own is not None:
                if not own:
                    return True
                continue
        names = _names(origin)
        if names and not any(n in _SELF_NAMES or n in accounts for n in names):
            return True
    return False


_LABEL_LINE = re.compile(r"^[ \t>*\-]*([A-Za-z][\w \-]{1,30}?)[ \t]*:[ \t]*(\S.*)$", re.MULTILINE)


def is_outside_text(text: str) -> bool:
    """A record written as text ("Organizer: Rasmus Holm <r@x.example>", "Shared by: …") that
    names someone other than the user as where it came from: the same test as
    ``is_outside_record`` for results that are not structured data."""
    for m in _LABEL_LINE.finditer(text[:4000]):
        if not _is_origin(m.group(1)):
            continue
        value = m.group(2).strip().casefold()
        marks = {w.strip(" ()[]") for w in value.split()}
        if value.split("(")[0].strip() in _SELF_NAMES or not marks.isdisjoint(_SELF_MARKS):
            continue  # "Organizer: me", "Organizer: Anna Roth (you)"
        return True
    return False


def self_sourced_paths(value: Any, prefix: str = "") -> Iterator[str]:
    """Paths of the records inside ``value`` that say the user is where they came from
    ({"text": "Rent is paid from the joint account", "source": "user"}): in a store that holds
    other records too (an agent's memory), these are the user's own word."""
    if isinstance(value, Mapping):
        if any(
            isinstance(k, str)
            and _squash(k) in _PROVENANCE_KEYS
            and isinstance(v, str)
            and v.strip().casefold() in _SELF_NAMES
            for k, v in value.items()
        ):
            yield prefix
            return
        for k, v in value.items():
            yield from self_sourced_paths(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from self_sourced_paths(v, f"{prefix}[{i}]")


def outside_paths(value: Any, prefix: str = "") -> Iterator[str]:
    """Paths (in ``flatten``'s notation) of the records inside ``value`` that came from outside;
    every leaf at or under such a path is outside content."""
    if isinstance(value, str):
        if is_outside_text(value):
            yield prefix
        return
    if isinstance(value, Mapping):
        if is_outside_record(value):
            yield prefix
            return
        for k, v in value.items():
            path = f"{prefix}.{k}" if prefix else str(k)
            if isinstance(k, str) and k.lower() in _OUTSIDE_COLLECTIONS and v:
                yield path
                continue
            yield from outside_paths(v, path)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from outside_paths(v, f"{prefix}[{i}]")


def under(path: str, prefixes: list[str]) -> bool:
    """Whether ``path`` is at or under one of ``prefixes`` ("" is the whole result)."""
    return any(not p or path == p or path.startswith((p + ".", p + "[")) for p in prefixes)


def public_paths(value: Any, prefix: str = "", needed: int = 2) -> Iterator[str]:
    """Paths of the records inside ``value`` that describe a business or a place (a hotel with
    its rating, a restaurant with its opening hours): their address and phone are public
    directory data, not a person's (rule 1). ``needed``: how many business fields make a record
    a business's -- one where the tool's name says it looks up places ("…_for_restaurants")."""
    fields = lexicon().business_fields
    if isinstance(value, Mapping):
        keys = {str(k).lower() for k in value}
        if len(keys & fields) >= needed or keys & {
            "business_name",
            "hotel_name",
            "restaurant_name",
        }:
            yield prefix
            return
        for k, v in value.items():
            yield from public_paths(v, f"{prefix}.{k}" if prefix else str(k), needed)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from public_paths(v, f"{prefix}[{i}]", needed)


def is_public_source(tool: str) -> bool:
    """A tool whose name says it looks up public directory data (maps, hotels, weather) -- not
    a directory of people the user deals with ("tenant_directory", "employee_directory")."""
    lex = lexicon()
    words = set(tokens(tool))
    return not lex.public_sources.isdisjoint(words) and lex.people_words.isdisjoint(words)
