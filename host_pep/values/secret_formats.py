"""Secrets that name themselves by their format: a private key block, an AWS access key id, a
GitHub, Slack, Stripe, OpenAI or Google key, a signed JWT... (``data/secret_formats.yaml``).

A ``credentials`` disclosure needs a label ("password: ...", ``AWS_SECRET_ACCESS_KEY=...``); a
key pasted bare into a comment or a gist has none, and is a credential all the same. Each format
is found wherever it appears (prose, JSON, code, a PEM block over many lines) as a
``SensitiveKind.CREDENTIAL`` with the same ``credential:<sha256>`` key as a labelled disclosure
of the same value, so a key read with a label and written without one still matches.

The formats are data, not code: their patterns come from Yelp's detect-secrets (1.5.0, its
plugins' ``denylist``) and gitleaks, each entry citing its source. detect-secrets itself is not
imported: importing any of its plugins loads its scanner and ``requests`` (~100-160 ms), its
private-key plugin matches a header line rather than the key, and it lacks several of today's
formats (Google, fine-grained GitHub, Anthropic keys).

Cost: every format has fixed literals (``prefixes``); one substring search for them all decides
that an ordinary text holds none, and only the formats whose literal is present run.
Documentation examples (AWS's ``AKIAIOSFODNN7EXAMPLE``, ``sk_live_xxxx…``, jwt.io's sample token)
are not credentials: see ``is_placeholder``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import yaml
from pydantic import BaseModel, ConfigDict, Field

from host_pep.values.credentials import credential_in
from host_pep.values.kinds import Detected
from host_pep.values.obfuscation import Canonical
from host_pep.values.words import prefilter

# A format's match must not continue a longer token on either side ("xAKIA…", "…ghp_…x").
_BEFORE = r"(?<![A-Za-z0-9_+])"
_AFTER = r"(?![A-Za-z0-9_])"
_COMPACT = re.compile(r"\s+|\\[nrt]")


@dataclass(frozen=True, slots=True)
class SecretFormat:
    name: str
    source: str
    prefixes: tuple[str, ...]
    pattern: re.Pattern[str]
    compact: bool
    """Whitespace and written escapes are not part of the secret (a PEM block's line breaks)."""


@dataclass(frozen=True, slots=True)
class _Catalog:
    formats: tuple[SecretFormat, ...]
    trigger: re.Pattern[str]
    """Any format's literal: without one, no format can match."""
    markers: tuple[str, ...]
    suffixes: tuple[str, ...]
    examples: frozenset[str]


class _FormatEntry(BaseModel):
    """One format of ``data/secret_formats.yaml``, as written there."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    source: str
    prefixes: list[str] = Field(min_length=1)
    pattern: str
    compact: bool = False


class _CatalogFile(BaseModel):
    """``data/secret_formats.yaml``: checked when first read, so a mistyped entry is an error
    naming it, not a format silently skipped."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    formats: list[_FormatEntry]
    placeholder_markers: list[str] = Field(default_factory=list)
    example_suffixes: list[str] = Field(default_factory=list)
    known_examples: list[str] = Field(default_factory=list)


def _load() -> _CatalogFile:
    source = resources.files("host_pep.values").joinpath("data/secret_formats.yaml")
    return _CatalogFile.model_validate(yaml.safe_load(source.read_text("utf-8")))


@lru_cache(maxsize=1)
def catalog() -> _Catalog:
    data = _load()
    formats = tuple(
        SecretFormat(
            name=f.name,
            source=f.source,
            prefixes=tuple(f.prefixes),
            pattern=re.compile(f"{_BEFORE}(?:{f.pattern}){_AFTER}"),
            compact=f.compact,
        )
        for f in data.formats
    )
    return _Catalog(
        formats=formats,
        trigger=prefilter(p for f in formats for p in f.prefixes),
        markers=tuple(m.lower() for m in data.placeholder_markers),
        suffixes=tuple(data.example_suffixes),
        examples=frozenset(data.known_examples),
    )


def secret_value(fmt: SecretFormat, match: re.Match[str]) -> str:
    """The secret a match holds, as its key is made: the ``secret`` group or the whole match,
    without whitespace and escapes for a block."""
    value = match.group("secret") if "secret" in fmt.pattern.groupindex else match.group(0)
    return _COMPACT.sub("", value) if fmt.compact else value


def is_placeholder(fmt: SecretFormat, secret: str) -> bool:
    """A documentation example, not a secret: a published example, a marker word in it
    ("AKIAIOSFODNN7EXAMPLE"), or a random part of few distinct characters ("sk_live_xxxx…",
    "ghp_1234567890…": a real key's random part repeats few of its characters)."""
    known = catalog()
    if secret in known.examples:
        return True
    lowered = secret.lower()
    if any(m in lowered for m in known.markers):
        return True
    rest = secret
    for prefix in fmt.prefixes:
        if secret.startswith(prefix):
            rest = secret[len(prefix) :]
            break
    # a third of its length, and at most ten: a block's thousand characters still use ~64
    return len(set(rest)) < min(len(rest) / 3, 11)


def is_documentation_example(value: str) -> bool:
    """A labelled value that is a published example ("…EXAMPLEKEY", jwt.io's token), not a
    secret, whatever its label says."""
    known = catalog()
    return value in known.examples or value.endswith(known.suffixes)


def find_secret_formats(layer: Canonical) -> list[Detected]:
    """Self-identifying secrets in ``layer`` (``fold``'s layer: width and invisible characters
    undone), as credentials keyed like any other."""
    text = layer.text
    known = catalog()
    if known.trigger.search(text) is None:
        return []
    found: list[Detected] = []
    for fmt in known.formats:
        if not any(p in text for p in fmt.prefixes):
            continue
        for m in fmt.pattern.finditer(text):
            secret = secret_value(fmt, m)
            if is_placeholder(fmt, secret):
                continue
            # a block is cut out whole (its header and footer with it); a token, without the
            # URL or prefix around it
            whole = fmt.compact or "secret" not in fmt.pattern.groupindex
            found.append(credential_in(layer, *(m.span() if whole else m.span("secret")), secret))
    return found
