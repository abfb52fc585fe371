"""Marks a script writes or leaves out at will: Arabic vowel signs (tashkeel) and Hebrew points
(niqqud), folded away so that a word reads the same with or without them.

An Arabic writer may add a shadda or a vowel to disambiguate ("أرجّع", "ألغِ") or leave them
out, as most everyday text does ("ارجع", "الغ"); Hebrew is written without niqqud except in
texts for learners and children. A word list cannot list every vowelling of every word, so the
recognition layer folds both sides the same way: the lexicon's listed words (``lexicon._words``)
and the text it reads (a user's request, the words of a text) lose these marks before they are
compared. The hamza and madda written on an alef ("أ", "إ", "آ", "ٱ") are folded to the bare
alef too: Unicode decomposes them as alef plus a combining mark, and everyday writing drops them
as it drops the vowels ("ابغى" for "أبغى").

Only marks that change no letter are folded: the Arabic-script letters of Persian and Urdu
(ی, ک, ئ, ے) and Hebrew's punctuation (maqaf, sof pasuq, geresh) stay as they are.
"""

from __future__ import annotations

import re
import unicodedata

_ARABIC_MARKS = (
    "\u0610-\u061a"  # honorifics and Quranic small letters
    "\u064b-\u065f"  # harakat: tanween, fatha, damma, kasra, shadda, sukun, hamza above/below
    "\u0670"  # superscript alef
    "\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed"  # Quranic annotation signs
    "\u0640"  # tatweel: the stretching stroke ("ادفـــع")
)
_HEBREW_MARKS = (
    "\u0591-\u05bd"  # cantillation and vowel points
    "\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7"  # rafe, shin/sin dots, upper/lower dot, qamats qatan
)
_MARK = re.compile(f"[{_ARABIC_MARKS}{_HEBREW_MARKS}]")
_ALEF_SEATED = str.maketrans(dict.fromkeys("\u0622\u0623\u0625\u0671", "\u0627"))
_ANY = re.compile(f"[{_ARABIC_MARKS}{_HEBREW_MARKS}\u0622\u0623\u0625\u0671]")


def fold_marks(text: str) -> str:
    """``text`` without Arabic vowel signs and Hebrew points, its seated alefs bare, and
    composed (NFC: a keyboard that types "é" as "e" and a combining accent writes the word the
    lexicon lists as one letter); text of any other script is returned as it is."""
    if not text.isascii() and not unicodedata.is_normalized("NFC", text):
        text = unicodedata.normalize("NFC", text)
    if _ANY.search(text) is None:
        return text
    return _MARK.sub("", text).translate(_ALEF_SEATED)


def unaccented(word: str) -> str:
    """``word`` without the diacritics of Latin, Greek and Cyrillic letters ("Hạnh" -> "Hanh",
    "médecins" -> "medecins"): NFKD, combining marks dropped; đ and ł, which do not decompose,
    as d and l. Banks and forms write names so ("NGUYEN THI HANH", "MULLER")."""
    if word.isascii():
        return word
    decomposed = unicodedata.normalize(
        "NFKD", word.replace("đ", "d").replace("Đ", "D").replace("ł", "l").replace("Ł", "L")
    )
    return "".join(c for c in decomposed if not unicodedata.combining(c))


# Greek writes its stress mark (tonos) on lower-case vowels and leaves it off capitals
# ("ΟΔΗΓΙΑ ΠΡΟΣ ΤΟΝ ΒΟΗΘΟ" is "οδηγία προς τον βοηθό"), and quick typing often drops it
_TONOS = dict(zip("άέήίόύώΐΰΆΈΉΊΌΎΏ", "αεηιουωϊϋΑΕΗΙΟΥΩ", strict=True))
_STRESSED = re.compile(f"[{''.join(_TONOS)}]")


def tonos_optional(pattern: str) -> str:
    """A regular expression that matches the Greek words of ``pattern`` with or without their
    tonos: each stressed vowel outside a character class becomes a class of it and its bare
    vowel. (Folding the text instead would unfold the lexicon's patterns, written stressed.)"""
    if _STRESSED.search(pattern) is None:
        return pattern  # (most patterns: no Greek in them)
    out: list[str] = []
    in_class = False
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = c != "]"
            out.append(c)
        elif c == "[":
            in_class = True
            out.append(c)
            # a "]" first in a class (or after its "^") is one of its characters
            if pattern.startswith("^]", i + 1) or pattern.startswith("]", i + 1):
                skip = 2 if pattern[i + 1] == "^" else 1
                out.append(pattern[i + 1 : i + 1 + skip])
                i += skip
        else:
            bare = _TONOS.get(c)
            out.append(f"[{c}{bare}]" if bare else c)
        i += 1
    return "".join(out)
