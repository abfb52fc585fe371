"""Words of names and texts: tool-name tokens, light stems, content words.

``tokens`` splits identifiers the way tools are named (``wire_funds``, ``postToSlack``,
``AugustSmartLockGrantGuestAccess``, ``calendar.create_event``); ``content_words`` keeps the
words of a text or a name that say *what* it is about: no stopwords, no generic tool words
("get", "data", "manager"), plurals folded ("addresses" ~ "address").
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.marks import fold_marks
from host_pep.recognition.wordmatch import INDIC, NO_SPACES

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SPLIT = re.compile(r"[\W_]+")  # words of every script ("café", "Ελληνικά", "两步验证")
# a word of any script: its letters, and the marks that belong to them (Latin and Arabic
# diacritics, an Indic script's vowel signs: "ईमेल", "মেসেজে")
UNICODE_WORD = re.compile(rf"[^\W\d_](?:[^\W_]|[\u0300-\u036f\u0610-\u061a\u064b-\u065f{INDIC}])*")


# a literal quoted inside a query expression: "name contains 'carta identità'", "body LIKE
# 'G-%'", 'subject:"wire details"', "contains(subject,'المحكمة')"
_QUOTED = re.compile(r"'([^'\n]{1,40})'|\"([^\"\n]{1,40})\"")


def quoted_literals(text: str) -> list[str]:
    """The literals a query written as an expression quotes: what it looks for."""
    return [m.group(1) or m.group(2) for m in _QUOTED.finditer(text)]


def tokens(name: str) -> list[str]:
    """``wire_funds`` / ``postToSlack`` / ``calendar.create_event`` -> lower-case word tokens,
    abbreviations written out (``AcctInq`` -> account, inquiry: ``tool_naming.abbreviations``)."""
    full = lexicon().name_abbreviations
    return [full.get(t, t) for t in _SPLIT.split(_CAMEL.sub(" ", name).lower()) if t]


def squashed(name: str) -> str:
    """``first_name``, ``firstName`` and ``first-name`` as one word: ``firstname``."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


def stem(word: str) -> str:
    """English plurals folded ("addresses" -> "address", "policies" -> "policy"); other words
    and scripts unchanged. Enough to match a tool's object against a sentence's."""
    if not word.isascii() or len(word) <= 3:
        return word
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


# a spreadsheet range in A1 notation ("Guests!A1:F400", "A2:C", "'Q3 2025'!B:B"): its cells
# name nothing, the sheet before "!" does
_A1_RANGE = re.compile(r"^(?:(?P<sheet>.+)!)?\$?[A-Za-z]{1,3}\$?\d*(?::\$?[A-Za-z]{1,3}\$?\d*)?$")


def value_words(text: str) -> frozenset[str]:
    """What a short argument value names: its content words, the words of an identifier written
    in camel case ("1TulumPassports": tulum, passport) as a tool name's, and of a spreadsheet
    range only its sheet's ("Guests!A1:F400": guest)."""
    text = text.strip()
    cells = _A1_RANGE.match(text)
    if cells is not None and (cells.group("sheet") is not None or ":" in text):
        sheet = cells.group("sheet")
        return value_words(sheet.strip("'")) if sheet else frozenset()
    if " " in text:
        return content_words(text)
    split = _CAMEL.sub(" ", text)
    # (a brand's capital inside a word is none: "iPhone", "McDonald")
    parts = [p for p in _SPLIT.split(split) if p and not p.isdigit()]
    return content_words(split if all(len(p) >= 3 for p in parts) else text)


@lru_cache(maxsize=16384)
def content_words(text: str) -> frozenset[str]:
    """The stemmed words of a text that name what it is about (no stopwords, no generic words
    such as "data" or "details")."""
    lex = lexicon()
    skip = lex.stopwords | lex.generic_words
    words = {w for w in UNICODE_WORD.findall(fold_marks(text.casefold())) if len(w) > 1}
    words |= _without_prefixes(words)
    # a tool named in running text ("use VaultKeeperGetItem", "set_workspace_setting") also
    # stands for its words
    for m in _COMPOUND.finditer(text):
        words.update(tokens(m.group(0)))
    words |= _phrase_synonyms(text.casefold())
    if _UNSPACED_RUN.search(text):
        words |= _unspaced_words(words)
    return frozenset(stem(w) for w in words if w not in skip and stem(w) not in skip)


def _without_prefixes(words: set[str]) -> set[str]:
    """Each word also without the letters a language writes onto its front ("לחשמלאי" -> the
    electrician "חשמלאי"), where three letters at least remain."""
    prefixes = lexicon().word_prefixes
    return {
        w[len(p) :] for w in words for p in prefixes if w.startswith(p) and len(w) - len(p) >= 3
    }


_UNSPACED_RUN = re.compile(f"[{NO_SPACES}]{{2}}")


@lru_cache(maxsize=1)
def _unspaced_vocabulary() -> tuple[re.Pattern[str], dict[str, str]]:
    """The lexicon's object and personal words of the scripts written without spaces, and the
    kind each object word names ("联系人" -> contacts)."""
    lex = lexicon()
    kinds = {w: kind for kind, ws in lex.objects.items() for w in ws if _UNSPACED_RUN.search(w)}
    known = set(kinds) | {w for w in lex.personal_words if _UNSPACED_RUN.search(w)}
    if not known:
        return re.compile(r"(?!)"), {}
    return re.compile("|".join(map(re.escape, sorted(known, key=len, reverse=True)))), kinds


def _unspaced_words(words: set[str]) -> set[str]:
    """A run of Chinese, Japanese or Thai is one token between spaces ("请立即读取用户的全部联系人"):
    the words of it that the lexicon knows (联系人) and the kinds they name (contact), so that
    the run shares words with a tool named in English (list_contacts) as a spaced text does."""
    pattern, kinds = _unspaced_vocabulary()
    found: set[str] = set()
    for w in words:
        if not _UNSPACED_RUN.search(w):
            continue
        for m in pattern.finditer(w):
            found.add(m.group(0))
            kind = kinds.get(m.group(0))
            if kind is not None:
                found.add(kind)
    return found


@lru_cache(maxsize=1)
def _phrases() -> tuple[re.Pattern[str], dict[str, frozenset[str]]]:
    """Synonyms written as several words ("sign in", "lock screen"), matched with any separator
    ("sign-in", "lock_screen"), each standing for the one-word names of its group ("signin",
    "login", "lockscreen"): a word set cannot hold a phrase, its one-word synonyms can."""
    groups: dict[str, frozenset[str]] = {}
    for word, group in lexicon().synonyms.items():
        # folded as the text they are looked for in is ("οθόνης" -> "οθόνησ", "Straße" -> "strasse")
        parts = _SPLIT.split(word.casefold())
        if len(parts) > 1 and all(parts):
            singles = frozenset(w for w in group if _SPLIT.search(w) is None)
            if singles:
                groups[" ".join(parts)] = singles
    if not groups:
        return re.compile(r"(?!)"), {}
    alternatives = sorted(groups, key=len, reverse=True)
    pattern = "|".join(r"[\s_-]+".join(map(re.escape, p.split())) for p in alternatives)
    return re.compile(rf"(?<![^\W_])(?:{pattern})(?![^\W_])"), groups


def _phrase_synonyms(text: str) -> set[str]:
    pattern, groups = _phrases()
    found: set[str] = set()
    for m in pattern.finditer(text):
        found |= groups.get(" ".join(_SPLIT.split(m.group(0))), frozenset())
    return found


_COMPOUND = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b|\b[A-Z][a-z]+(?:[A-Z][a-z0-9]+)+\b")


@lru_cache(maxsize=16384)
def name_words(name: str, generic: bool = False) -> frozenset[str]:
    """The words of a tool's name that name its object: ``AugustSmartLockGrantGuestAccess`` ->
    august, smart, lock, guest, access (its verb, "grant", says what it does, not to what).
    ``generic``: keep generic words too ("get_user_info" -> user, info)."""
    lex = lexicon()
    skip = lex.stopwords if generic else lex.stopwords | lex.generic_words
    toks = tokens(name)
    verb = name_verb(toks)
    return frozenset(stem(t) for t in toks if t != verb and t not in skip and len(t) > 1)


def compound_words(toks: list[str]) -> set[str]:
    """The tokens that stand in one of the lexicon's compound nouns, in order ("pull",
    "request"; "merge", "requests": the second word as a plural too)."""
    compounds = lexicon().compound_nouns
    return {
        w
        for a, b in pairwise(toks)
        if (a, b) in compounds or (a, stem(b)) in compounds
        for w in (a, b)
    }


def name_verb(toks: list[str]) -> str | None:
    """The token of a tool's name that is its verb: the first verb that is not also an object
    word ("lock", "email", "transfer" name things too), else the first verb."""
    lex = lexicon()
    # a word of a compound noun names a thing ("merge" in gitlab.merge_requests.notes.create)
    compound = compound_words(toks)
    verbs = [t for t in toks if t in lex.verb_words and t not in compound]
    if not verbs:
        verbs = [t for t in toks if t in lex.verb_words]
    if not verbs:
        return None
    return next((t for t in verbs if t not in lex.object_words), verbs[0])


def expanded(words: frozenset[str]) -> frozenset[str]:
    """``words`` with their synonyms (the lexicon's groups of words naming one object)."""
    synonyms = lexicon().synonyms
    out = set(words)
    for w in words:
        out |= synonyms.get(w, frozenset())
    return frozenset(out)
