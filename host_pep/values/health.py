"""Health data: diagnoses, conditions and medications from a lexicon, plus blood types and doses.

The lexicon (``data/health_terms.tsv``) maps variants in several languages to one English
canonical term; the key is ``health:<canonical>``. A medication written with a dose
("prescribed 20mg fluoxetine", "fluoxetine 20 mg") also gets ``health:<canonical> <dose>``
as its first key. Matching is one Aho-Corasick pass over the lower-cased text, so the cost does
not grow with the lexicon.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, lru_cache
from importlib import resources

import ahocorasick

from host_pep.recognition.lexicon import lexicon
from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_text
from host_pep.values.obfuscation import Canonical
from host_pep.values.obfuscation import lowered as lower_same_length
from host_pep.values.words import alternation, any_of


@dataclass(frozen=True, slots=True)
class Term:
    variant: str
    canonical: str
    category: str
    latin: bool
    """Latin-script variants match only on word boundaries ("aids" not in "braids")."""


def _is_latin(text: str) -> bool:
    return all(ch.isascii() or "\u00c0" <= ch <= "\u024f" for ch in text)


def load_lexicon(text: str) -> list[Term]:
    """Parse lexicon lines ``category<TAB>canonical<TAB>variant|variant``; '#' starts a comment."""
    terms: list[Term] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or not all(p.strip() for p in parts):
            raise ValueError(f"health lexicon line {lineno}: expected 3 tab-separated fields")
        category, canonical, variants = (p.strip() for p in parts)
        for variant in variants.split("|"):
            v = variant.strip().lower()
            if v:
                terms.append(Term(v, canonical, category, _is_latin(v)))
    return terms


@cache
def _automaton() -> ahocorasick.Automaton:
    source = resources.files("host_pep.values").joinpath("data/health_terms.tsv")
    automaton = ahocorasick.Automaton()
    for term in load_lexicon(source.read_text(encoding="utf-8")):
        automaton.add_word(term.variant, term)
    automaton.make_automaton()
    return automaton


_LETTER = re.compile(r"\w")
# a term inside a field's name ("avg_heart_rate", "spo2_avg") is a word of it: "_" bounds it
_WORD_CHAR = re.compile(r"[^\W_]")


@dataclass(frozen=True, slots=True)
class _Words:
    """The health words of every language file (``values.health``), compiled once."""

    dose_before: re.Pattern[str]
    """A dose before a medication ("20mg fluoxetine", "20 mg of")."""
    dose_after: re.Pattern[str]
    lab_value: re.Pattern[str]
    """A measured value after a lab test, at most three words on ("HbA1c: 8.1 %", "LDL of 160
    mg/dL", "A1c was 7.2%", "HbA1c came back at 8.4 %"; not a date or a range's first number)."""
    labelled: re.Pattern[str]
    """"Diagnosis: <anything>": a record's label says the rest of the line is a health datum,
    even when the term list does not know it ("Diagnosis: Ehlers-Danlos syndrome")."""
    no_entry: frozenset[str]
    status_words: frozenset[str]
    """A diagnosis or a drug is a noun phrase; a status line after the label is not a health
    datum ("Prescription: ready for pickup", "Diagnosis: see below")."""
    parents: dict[str, str]
    """Subtypes that also disclose their parent condition."""
    blood_types: tuple[tuple[str, re.Pattern[str], int], ...]
    """(word that must occur, the patterns for it as one, how many)."""
    rh_signs: dict[str, str]


def _together(patterns: list[str]) -> str:
    """One alternation of patterns that each name the groups ``group`` and ``rh``: each
    pattern's groups are numbered (``group0``, ``rh0``, ...)."""
    return "|".join(
        "(?:" + p.replace("(?P<group>", f"(?P<group{i}>").replace("(?P<rh>", f"(?P<rh{i}>") + ")"
        for i, p in enumerate(patterns)
    )


@lru_cache(maxsize=1)
def _words() -> _Words:
    words = lexicon().values.health
    dose = rf"\d+(?:[.,]\d+)?\s?{any_of(words.dose_units)}"
    fillers, joiners = any_of(words.lab_fillers), alternation(words.lab_joiners)
    return _Words(
        dose_before=re.compile(rf"(?P<dose>{dose})\s+(?:of\s+)?$", re.IGNORECASE),
        dose_after=re.compile(rf"\s*(?P<dose>{dose})(?![A-Za-z])", re.IGNORECASE),
        lab_value=re.compile(
            # ... also as a record's field ("avg_heart_rate": 104)
            rf"(?:_[a-z0-9]+)*[\"']?\s*(?:\(\w+\)\s*)?(?:{fillers}\s+){{0,3}}?"
            rf"(?::|=|{joiners or '(?!)'})?\s*"
            # a reading of two numbers ("148/95") or one
            r"(?P<value>\d{2,3}/\d{2,3}|\d{1,4}(?:[.,]\d{1,2})?)(?!\d|[\-/.]\d)"
            rf"(?:\s?{any_of(words.lab_units)})?"
        ),
        labelled=re.compile(
            rf"(?im)(?:^|(?<=[\s(\[])){any_of(words.labels)}\s*[:：]\s*"
            r"(?P<value>[^\n:;,.。；]{3,80}?)\s*(?=$|[\n;,.。；(])"
        ),
        no_entry=frozenset(words.no_entry),
        status_words=frozenset(words.status_words),
        parents=dict(words.parents),
        blood_types=tuple(
            (word, re.compile(_together(patterns), re.IGNORECASE), len(patterns))
            for word, patterns in words.blood_types.items()
        ),
        rh_signs=dict(words.rh_signs),
    )


class _Spans:
    """Non-overlapping spans, sorted; ``add`` refuses a span overlapping a kept one."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def add(self, start: int, end: int) -> bool:
        i = bisect_right(self.starts, start)
        if (i > 0 and self.ends[i - 1] > start) or (i < len(self.starts) and self.starts[i] < end):
            return False
        self.starts.insert(i, start)
        self.ends.insert(i, end)
        return True


def is_health_entry(text: str) -> bool:
    """Whether the text of a record's diagnosis/medication entry names one (not "none", not a
    status line such as "ready for pickup")."""
    entry = " ".join(text.lower().split())
    words = _words()
    return (
        entry not in words.no_entry
        and _LETTER.search(entry) is not None
        and words.status_words.isdisjoint(entry.split())
    )


@lru_cache(maxsize=4096)
def names_a_measure(key: str) -> bool:
    """A record's key names a lab test or a vital sign ("systolic", "avg_heart_rate"): its number
    is that measurement, to be read as "<key>: <number>"."""
    lowered = lower_same_length(key)
    for end_idx, term in _automaton().iter(lowered):
        if term.category != "lab":
            continue
        end, start = end_idx + 1, end_idx + 1 - len(term.variant)
        if not term.latin or (
            (start == 0 or not _WORD_CHAR.match(lowered[start - 1]))
            and (end == len(lowered) or not _WORD_CHAR.match(lowered[end]))
        ):
            return True
    return False


def find_health(layer: Canonical) -> list[Detected]:
    text = layer.text
    lowered = lower_same_length(text)
    words = _words()
    hits: list[tuple[int, int, Term]] = []
    for end_idx, term in _automaton().iter(lowered):
        end = end_idx + 1
        start = end - len(term.variant)
        if term.latin and (
            (start > 0 and _WORD_CHAR.match(lowered[start - 1]) and lowered[start - 1].isascii())
            or (end < len(lowered) and _WORD_CHAR.match(lowered[end]) and lowered[end].isascii())
        ):
            continue
        hits.append((start, end, term))
    found: list[Detected] = []
    taken = _Spans()
    for start, end, term in sorted(hits, key=lambda h: (h[0] - h[1], h[0])):  # longest first
        if not taken.add(start, end):
            continue
        keys = [f"health:{term.canonical}"]
        if term.category == "lab":
            value = words.lab_value.match(lowered, end, min(len(lowered), end + 48))
            if value is None:
                continue  # a test's name without a result says nothing about the person
            number = value.group("value").replace(",", ".")
            keys = [f"health:{term.canonical} {number}"]
            if "/" in number:  # "148/95": each number is also the reading a record gives alone
                keys.extend(f"health:{term.canonical} {n}" for n in number.split("/"))
            end = value.end()
        parent = words.parents.get(term.canonical)
        if parent is not None:
            keys.append(f"health:{parent}")  # "type 2 diabetes" is also "diabetes"
        if term.category == "medication":
            before = words.dose_before.search(lowered, max(0, start - 20), start)
            after = words.dose_after.match(lowered, end, min(len(lowered), end + 20))
            dose_match = before or after
            if dose_match is not None:
                dose = re.sub(r"\s+", "", dose_match.group("dose")).replace(",", ".")
                keys.insert(0, f"health:{term.canonical} {dose}")
                if before is not None:
                    start = before.start()
                elif after is not None:
                    end = after.end()
        found.append(_detected(layer, start, end, tuple(keys)))
    if ":" in lowered or "：" in lowered:
        for m in words.labelled.finditer(lowered):
            start, end = m.span("value")
            entry = m.group("value")
            if not is_health_entry(entry) or not taken.add(start, end):
                continue  # a term the lexicon knows inside it is reported (and keyed) as itself
            key = "health:" + " ".join(entry.split())
            found.append(_detected(layer, start, end, (key,)))
    for word, pattern, count in words.blood_types:
        if word not in lowered:
            continue
        for m in pattern.finditer(text):
            i = next(i for i in range(count) if m.group(f"group{i}") is not None)
            rh = (m.group(f"rh{i}") or "").lower().replace("−", "-")
            sign = words.rh_signs.get(rh, rh)
            group = m.group(f"group{i}").lower()
            found.append(
                _detected(layer, m.start(), m.end(), (f"health:blood type {group}{sign}",))
            )
    return found


def _detected(layer: Canonical, start: int, end: int, keys: tuple[str, ...]) -> Detected:
    s, e = layer.to_original(start, end)
    raw = layer.original[s:e]
    return Detected(
        kind=SensitiveKind.HEALTH, raw=raw, keys=keys, span=(s, e), masked=mask_text(raw)
    )
