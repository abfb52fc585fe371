"""Undo the cheap disguises people and agents put on values, keeping a map back to the input.

Two layers, both pure functions of the text:

* ``fold``: width and invisible-character folding. Full-width ASCII (``１３８``, ``＠``), other
  Unicode decimal digits, circled digits, exotic spaces and dashes become plain ASCII; zero-width
  and other invisible characters (ZWSP, ZWJ, soft hyphen, BOM, bidi marks, variation selectors)
  are removed. Every detector runs on this layer.
* ``numerals``: on top of ``fold``, spelled-out digits become digits: English words ("one three
  eight", "oh", "double five", "triple 0") and Chinese numerals (一二三四五六七八九〇零, 幺 for 1,
  the financial forms 壹贰叁…). Only the digit detectors (phones, cards, codes) use this layer, so
  an email such as ``one@example.com`` is not rewritten.

Each layer is a ``Canonical``: the canonical text plus, when characters were removed or expanded,
the pieces it was built from, so a detection maps back to exact input offsets (``span``) for
rewriting. The common case (ASCII, nothing spelled out) allocates nothing.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cache

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.wordmatch import is_unspaced
from host_pep.values.words import alternation


@dataclass(frozen=True, slots=True)
class Piece:
    """A stretch of canonical text and where it came from in the parent layer."""

    canon: int
    """Start offset in this layer's text."""
    start: int
    end: int
    """[start, end) in the parent layer's text."""
    atomic: bool
    """True for a replacement ("double five" -> "55"): any part of it maps to the whole source.
    False for a copied stretch: offsets map one to one."""


@dataclass(frozen=True, slots=True)
class Canonical:
    """A canonical form of ``original`` with the map back to it."""

    original: str
    text: str
    pieces: list[Piece] | None = None
    """How ``text`` was built from ``parent.text`` (or ``original``); None: identical offsets."""
    parent: Canonical | None = None
    _canon_starts: list[int] = field(default_factory=list)

    def to_original(self, start: int, end: int) -> tuple[int, int]:
        """Map a canonical span [start, end) to the span of ``original`` it came from."""
        if self.pieces is not None:
            start, end = self._map_start(start), self._map_end(start, end)
        if self.parent is not None:
            return self.parent.to_original(start, end)
        return start, end

    def raw(self, start: int, end: int) -> str:
        s, e = self.to_original(start, end)
        return self.original[s:e]

    def _piece(self, pos: int) -> Piece:
        assert self.pieces is not None
        return self.pieces[max(0, bisect_right(self._canon_starts, pos) - 1)]

    def _map_start(self, pos: int) -> int:
        if pos >= len(self.text):
            return self._parent_len()
        p = self._piece(pos)
        return p.start if p.atomic else p.start + (pos - p.canon)

    def _map_end(self, start: int, end: int) -> int:
        if end <= start:
            return self._map_start(start)
        p = self._piece(end - 1)
        return p.end if p.atomic else p.start + (end - 1 - p.canon) + 1

    def _parent_len(self) -> int:
        return len(self.parent.text) if self.parent is not None else len(self.original)


def _layer(original: str, text: str, pieces: list[Piece], parent: Canonical | None) -> Canonical:
    return Canonical(original, text, pieces, parent, [p.canon for p in pieces])


# Invisible characters people insert between digits ("138\u200b1234..."): removed by ``fold``.
_INVISIBLE_RANGES = (
    (0x00AD, 0x00AD),  # soft hyphen
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x0332, 0x0332),  # combining low line (underlined digits)
    (0x0335, 0x0338),  # combining overlays (struck-through digits)
    (0x061C, 0x061C),  # Arabic letter mark
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),  # Mongolian selectors, vowel separator
    (0x200B, 0x200F),  # ZWSP, ZWNJ, ZWJ, LRM, RLM
    (0x202A, 0x202E),  # bidi embeddings/overrides
    (0x20DD, 0x20E4),  # combining enclosing marks (keycap digits 1️⃣)
    (0x2060, 0x2064),  # word joiner, invisible operators
    (0x2066, 0x206F),  # bidi isolates, deprecated format chars
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFEFF, 0xFEFF),  # BOM / ZWNBSP
    (0xFFA0, 0xFFA0),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE007F),  # tags
)
_INVISIBLE = re.compile("[" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _INVISIBLE_RANGES) + "]")

_SPACES = "\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"
_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63"


_STYLED_DIGIT_RANGES = (
    (0x00B2, 0x00B9),  # ² ³ ¹
    (0x2070, 0x2089),  # superscripts and subscripts
    (0x2460, 0x24FF),  # enclosed alphanumerics
    (0x2776, 0x2793),  # dingbat circled digits
    (0x1F100, 0x1F10A),  # digit full stop / comma
)
# Decimal digits of other scripts (Arabic-Indic, Devanagari, mathematical bold, ...): ``\d``
# matches every Unicode decimal digit, the lookahead skips ASCII ones.
_OTHER_DIGIT = re.compile(r"(?![0-9])\d")


def _ascii_digit(m: re.Match[str]) -> str:
    return str(unicodedata.decimal(m.group()))


@cache
def _fold_table() -> dict[int, str | None]:
    """Translation table: every entry maps one char to one char, or deletes it."""
    table: dict[int, str | None] = {}
    for cp in range(0xFF01, 0xFF5F):  # full-width ASCII block
        table[cp] = chr(cp - 0xFEE0)
    for ch in _SPACES:
        table[ord(ch)] = " "
    for ch in _DASHES:
        table[ord(ch)] = "-"
    table[0x2024] = "."  # one dot leader
    table[0xFE52] = "."  # small full stop
    # Styled digits: superscript ¹, subscript ₁, circled ①, parenthesized ⑴, ⒈, ❶.
    # (Decimal digits of other scripts are handled by ``_OTHER_DIGIT`` in ``fold``.)
    for lo, hi in _STYLED_DIGIT_RANGES:
        for cp in range(lo, hi + 1):
            digit = unicodedata.digit(chr(cp), None)
            if digit is not None:
                table[cp] = str(digit)
    for lo, hi in _INVISIBLE_RANGES:
        for cp in range(lo, hi + 1):
            table[cp] = None
    return table


@cache
def _same_length_table() -> dict[int, str | None]:
    """``_fold_table`` with invisible characters turned into spaces instead of deleted."""
    table = dict(_fold_table())
    for cp, out in table.items():
        if out is None:
            table[cp] = " "
    return table


def fold_in_place(text: str) -> str:
    """``fold``'s width, space, dash and digit folding, one character for one, invisible ones
    as spaces: the result's offsets are the text's (for scanners that report spans of it)."""
    if text.isascii():
        return text
    folded = text.translate(_same_length_table())
    if _OTHER_DIGIT.search(folded) is not None:
        folded = _OTHER_DIGIT.sub(_ascii_digit, folded)
    return folded


def fold(text: str) -> Canonical:
    """Width/invisible folding (layer 1). Cheap for ASCII input."""
    if text.isascii():
        return Canonical(text, text)
    table = _fold_table()
    folded = text.translate(table)
    if _OTHER_DIGIT.search(folded) is not None:
        folded = _OTHER_DIGIT.sub(_ascii_digit, folded)  # one char for one: offsets unchanged
    if _INVISIBLE.search(text) is None:
        # Every table entry maps one char to one char: offsets are unchanged.
        return Canonical(text, folded)
    pieces: list[Piece] = []
    canon = 0
    pos = 0
    for m in _INVISIBLE.finditer(text):
        if m.start() > pos:
            pieces.append(Piece(canon, pos, m.start(), atomic=False))
            canon += m.start() - pos
        pos = m.end()
    if pos < len(text):
        pieces.append(Piece(canon, pos, len(text), atomic=False))
    if not pieces:
        pieces.append(Piece(0, len(text), len(text), atomic=False))
    return _layer(text, folded, pieces, None)


@dataclass(frozen=True, slots=True)
class _Numerals:
    """Spelled-out digits of every language file (``values.numerals``), compiled once. Matched
    against the lower-cased text: case-insensitive matching is several times slower."""

    digits: dict[str, str]
    """Word or character -> its digit ("oh" -> "0", "幺" -> "1")."""
    repeats: dict[str, int]
    separators: frozenset[str]
    interjections: frozenset[str]
    ascii_numeral: re.Pattern[str]
    """Any spelled numeral an ASCII text can hold."""
    any_numeral: re.Pattern[str]
    digit_before: re.Pattern[str]
    digit_after: re.Pattern[str]
    repeated: re.Pattern[str]
    """The digit a repeat word repeats ("double five")."""
    near_digit: re.Pattern[str]


@cache
def _numerals() -> _Numerals:
    words = lexicon().values.numerals
    # a digit of its own script (一, 〇) is matched anywhere, a word whole ("one")
    unspaced = [w for w in words.digits if is_unspaced(w) or (len(w) == 1 and not w.isascii())]
    spaced = [w for w in words.digits if w not in unspaced]
    word = alternation(spaced) or "(?!)"
    others = [*words.repeats, *words.separators]
    ascii_words = [w for w in [*spaced, *others] if w.isascii()]
    marks = "".join(unspaced) if all(len(u) == 1 for u in unspaced) else ""
    unspaced_alt = f"[{marks}]" if marks else alternation(unspaced)
    spelled = alternation([*spaced, *others])
    return _Numerals(
        digits={w: str(d) for w, d in words.digits.items()},
        repeats=dict(words.repeats),
        separators=frozenset(words.separators),
        interjections=frozenset(words.interjections),
        ascii_numeral=re.compile(rf"\b(?:{alternation(ascii_words) or '(?!)'})\b"),
        any_numeral=re.compile(
            "|".join(filter(None, [rf"\b(?:{spelled})\b" if spelled else "", unspaced_alt]))
            or "(?!)"
        ),
        digit_before=re.compile(rf"(?:\d|\b(?:{word}))\s*$"),
        digit_after=re.compile(rf"\s*(?:\d|(?:{word})\b)"),
        repeated=re.compile(rf"[\s-]+({word}|\d)\b"),
        near_digit=re.compile(rf"[\d{''.join(unspaced)}]"),
    )


def _isolated(low: str, m: re.Match[str], near_digit: re.Pattern[str]) -> bool:
    """No digit within a few characters on either side of a lone spelled numeral."""
    return (
        near_digit.search(low, max(0, m.start() - 4), m.start()) is None
        and near_digit.search(low, m.end(), m.end() + 4) is None
    )


def _among_numerals(matches: list[re.Match[str]], i: int) -> bool:
    """Whether another spelled numeral sits right before or after ``matches[i]``."""
    m = matches[i]
    return (i > 0 and matches[i - 1].end() >= m.start() - 3) or (
        i + 1 < len(matches) and matches[i + 1].start() <= m.end() + 3
    )


def lowered(text: str) -> str:
    """``text.lower()`` with the same length (offsets stay valid)."""
    low = text.lower()
    if len(low) != len(text):  # "İ" lower-cases to two characters
        low = "".join(ch.lower()[:1] for ch in text)
    return low


def numerals(layer: Canonical) -> Canonical:
    """Spelled-out digits to digits (layer 2), on top of a folded layer."""
    text = layer.text
    low = lowered(text)
    spelled = _numerals()
    numeral = spelled.ascii_numeral if text.isascii() else spelled.any_numeral
    matches = list(numeral.finditer(low))
    if not matches or (len(matches) == 1 and _isolated(low, matches[0], spelled.near_digit)):
        return layer  # "after six tonight": a lone digit completes no number, code or card
    out: list[str] = []
    pieces: list[Piece] = []
    canon = 0
    pos = 0
    for i, m in enumerate(matches):
        s, e = m.span()
        if s < pos:
            continue  # the digit after a "double" already consumed
        token = m.group()
        if token in spelled.interjections and not _among_numerals(matches, i):
            continue  # "Oh, call 415...": an interjection, not a zero
        if token in spelled.separators:
            if (
                spelled.digit_before.search(low, max(0, s - 8), s) is None
                or spelled.digit_after.match(low, e) is None
            ):
                continue  # "a dash of salt"
            digits = "-"
        elif token in spelled.repeats:
            rep = spelled.repeated.match(low, e)
            if rep is None:
                continue  # "double" in prose
            one = rep.group(1)
            digits = (one if one.isdigit() else spelled.digits[one]) * spelled.repeats[token]
            e = rep.end()
        else:
            digits = token if token.isdigit() else spelled.digits[token]
        if s > pos:  # unchanged stretch
            out.append(text[pos:s])
            pieces.append(Piece(canon, pos, s, atomic=False))
            canon += s - pos
        out.append(digits)
        pieces.append(Piece(canon, s, e, atomic=True))
        canon += len(digits)
        pos = e
    if pos < len(text):
        out.append(text[pos:])
        pieces.append(Piece(canon, pos, len(text), atomic=False))
    return _layer(layer.original, "".join(out), pieces, layer)
