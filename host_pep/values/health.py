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
from functools import cache
from importlib import resources

import ahocorasick

from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_text
from host_pep.values.obfuscation import Canonical
from host_pep.values.obfuscation import lowered as lower_same_length


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


_DOSE = r"\d+(?:[.,]\d+)?\s?(?:mg|mcg|µg|μg|g|ml|iu|units?|毫克|微克)"
_DOSE_BEFORE = re.compile(rf"(?P<dose>{_DOSE})\s+(?:of\s+)?$", re.IGNORECASE)
_DOSE_AFTER = re.compile(rf"\s*(?P<dose>{_DOSE})(?![A-Za-z])", re.IGNORECASE)
# "HbA1c: 8.1 %", "LDL of 160 mg/dL", "A1c was 7.2%", "HbA1c came back at 8.4 %": a measured
# value after a lab test, at most three words on (not a date or a range's first number).
_LAB_VALUE = re.compile(
    r"\s*(?:\(\w+\)\s*)?(?:(?:came|back|result|results|level|levels|reading|value|test|score"
    r"|count|measured|just|now|still|went|rose|fell|dropped|up|down|to|was|is)\s+){0,3}?"
    r"(?::|=|was|is|of|at)?\s*"
    r"(?P<value>\d{1,4}(?:[.,]\d{1,2})?)(?!\d|[\-/.]\d)"
    r"(?:\s?(?:%|mg/dl|mmol/l|mmol/mol|ng/ml|µiu/ml|miu/l|copies/ml|cells/mm3|ml/min))?"
)
# Subtypes that also disclose their parent condition.
_PARENT = {"type 1 diabetes": "diabetes", "type 2 diabetes": "diabetes"}
_BLOOD_EN = re.compile(
    r"\bblood\s*(?:type|group)\s*(?:is\s*)?:?\s*(?P<group>(?-i:AB|A|B|O))\b\s*"
    r"(?P<rh>\+|-|−|positive\b|negative\b|pos\b|neg\b)?",
    re.IGNORECASE,
)
_BLOOD_ZH = re.compile(
    r"(?:血型\s*[:：是为]?\s*(?P<g1>AB|A|B|O)型?|(?P<g2>AB|A|B|O)型血)\s*(?:RH\s*)?(?P<rh>阴性|阳性|[+\-])?",
    re.IGNORECASE,
)
_LETTER = re.compile(r"\w")
# "Diagnosis: <anything>": a record's label says the rest of the line is a health datum, even
# when the lexicon does not know the term ("Diagnosis: Ehlers-Danlos syndrome, hypermobile").
_NO_ENTRY = frozenset({"none", "n/a", "na", "nil", "unknown", "no", "yes", "pending", "none known"})
# A diagnosis or a drug is a noun phrase; a status line after the label is not a health datum
# ("Prescription: ready for pickup", "Medications: 2 refills remaining", "Diagnosis: see below").
_STATUS_WORDS = frozenset(
    {"for", "to", "is", "are", "be", "ready", "pending", "due", "available", "remaining",
     "refill", "refills", "take", "your", "you", "please", "see", "tap", "view", "click", "not",
     "none", "new", "active", "expired", "approved", "sent", "pickup", "below", "above",
     "attached", "update", "updated", "add", "edit", "list", "history", "record", "records"}
)  # fmt: skip
_LABELLED = re.compile(
    r"(?im)(?:^|(?<=[\s(\[]))(?:diagnos[ie]s|diagnosed with|medications?"
    r"|prescriptions?|allerg(?:y|ies)|dx|诊断|病情|用药|診断)\s*[:：]\s*"
    r"(?P<value>[^\n:;,.。；]{3,80}?)\s*(?=$|[\n;,.。；(])"
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
    return (
        entry not in _NO_ENTRY
        and _LETTER.search(entry) is not None
        and _STATUS_WORDS.isdisjoint(entry.split())
    )


def find_health(layer: Canonical) -> list[Detected]:
    text = layer.text
    lowered = lower_same_length(text)
    hits: list[tuple[int, int, Term]] = []
    for end_idx, term in _automaton().iter(lowered):
        end = end_idx + 1
        start = end - len(term.variant)
        if term.latin and (
            (start > 0 and _LETTER.match(lowered[start - 1]) and lowered[start - 1].isascii())
            or (end < len(lowered) and _LETTER.match(lowered[end]) and lowered[end].isascii())
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
            value = _LAB_VALUE.match(lowered, end, min(len(lowered), end + 48))
            if value is None:
                continue  # a test's name without a result says nothing about the person
            number = value.group("value").replace(",", ".")
            keys = [f"health:{term.canonical} {number}"]
            end = value.end()
        parent = _PARENT.get(term.canonical)
        if parent is not None:
            keys.append(f"health:{parent}")  # "type 2 diabetes" is also "diabetes"
        if term.category == "medication":
            before = _DOSE_BEFORE.search(lowered, max(0, start - 20), start)
            after = _DOSE_AFTER.match(lowered, end, min(len(lowered), end + 20))
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
        for m in _LABELLED.finditer(lowered):
            start, end = m.span("value")
            entry = m.group("value")
            if not is_health_entry(entry) or not taken.add(start, end):
                continue  # a term the lexicon knows inside it is reported (and keyed) as itself
            key = "health:" + " ".join(entry.split())
            found.append(_detected(layer, start, end, (key,)))
    for m in _BLOOD_EN.finditer(text) if "blood" in lowered else ():
        rh = (m.group("rh") or "").lower().replace("−", "-")
        sign = {"positive": "+", "pos": "+", "negative": "-", "neg": "-"}.get(rh, rh)
        found.append(
            _detected(
                layer, m.start(), m.end(), (f"health:blood type {m.group('group').lower()}{sign}",)
            )
        )
    if "血" in text:
        for m in _BLOOD_ZH.finditer(text):
            group = (m.group("g1") or m.group("g2")).lower()
            rh = m.group("rh") or ""
            sign = {"阴性": "-", "阳性": "+"}.get(rh, rh)
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
