"""Look-alike domains: a name registered to pass for another (``halvorsen-joinerry.no`` for
``halvorsen-joinery.no``, ``lincoln-elementary-org.com`` for ``lincolnelementary.org``,
``allianz-care-payments.co`` for ``allianz-care.com``).

Two hosts are compared by their registrable names (``mail.acme.co.uk`` -> ``acme``), written as
letters and digits only. They look alike when they differ but their names are the same with
other hyphens, one or two letters apart, or one is the other with
a word added after a hyphen that a look-alike adds ("-payments", "-secure", "-org": the caller
gives those words, language data) -- "kestrel-labs" is a company's own name beside "kestrel".
Subdomains of one name never look alike (``mail.acme.com`` and ``acme.com`` are one owner), and a
name shorter than six letters is too common to imitate recognisably.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import lru_cache

_MIN_NAME = 6
_MAX_EDITS = 2
# second-level labels under which a country's registrable names sit ("acme.co.uk")
_SECOND_LEVEL = frozenset({"co", "com", "org", "net", "gov", "ac", "edu", "ne", "or", "go"})
_ALNUM = re.compile(r"[^a-z0-9]+")


def host_of(key: str) -> str | None:
    """The host of an observation key (``email:a@b.example``, ``domain:b.example``)."""
    if key.startswith("email:"):
        return key.rpartition("@")[2] or None
    if key.startswith("domain:"):
        return key[len("domain:") :] or None
    return None


@lru_cache(maxsize=8192)
def registrable(host: str) -> str:
    """The name its owner registered, without the public suffix: ``mail.acme.co.uk`` -> acme."""
    labels = [label for label in host.lower().strip(".").split(".") if label]
    if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2:
        return labels[-3]
    return labels[-2] if len(labels) >= 2 else (labels[0] if labels else "")


def _edits(a: str, b: str, limit: int) -> int:
    """Levenshtein distance, or ``limit + 1`` once it is certain to exceed ``limit``."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > limit:
            return limit + 1
        prev = cur
    return prev[-1]


class Likeness(StrEnum):
    """How a host resembles another."""

    EXTENDED = "extended"
    """The other's name with a word a look-alike adds ("allianz-care-payments"): one way only."""
    NEAR = "near"
    """One or two letters apart, or other hyphens: either could imitate the other."""


@lru_cache(maxsize=16384)
def likeness(host: str, other: str, additions: frozenset[str] = frozenset()) -> Likeness | None:
    """How ``host`` resembles ``other``, a different registrable name, if it does."""
    name, known = registrable(host), registrable(other)
    if not name or not known or host.lower() == other.lower():
        return None
    plain, plain_known = _ALNUM.sub("", name), _ALNUM.sub("", known)
    if min(len(plain), len(plain_known)) < _MIN_NAME:
        return None
    if plain == plain_known:
        # the same name with other hyphens ("lincoln-elementary" for "lincolnelementary"); under
        # another suffix it is as often the owner's own country site (acme.de, acme.com), and
        # one owner's subdomains have one registrable name
        return Likeness.NEAR if name != known else None
    if _edits(plain, plain_known, _MAX_EDITS) <= _MAX_EDITS:
        return Likeness.NEAR
    # the known name with words added after a hyphen: "allianz-care-payments" for "allianz-care",
    # "lincoln-elementary-org" for "lincolnelementary" ("googleusercontent" is no imitation)
    parts = name.split("-")
    extended = any(
        _ALNUM.sub("", "-".join(parts[:i])) == plain_known and not additions.isdisjoint(parts[i:])
        for i in range(1, len(parts))
    )
    return Likeness.EXTENDED if extended else None


def looks_alike(host: str, other: str, additions: frozenset[str] = frozenset()) -> bool:
    return likeness(host, other, additions) is not None


def name_skeleton(host: str) -> str:
    """A host's registrable name as letters and digits ("halvorsen-joinery.no" -> halvorsenjoinery):
    what a request that names the company ("Halvorsen Joinery") spells out."""
    return _ALNUM.sub("", registrable(host))
