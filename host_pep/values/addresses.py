"""Postal addresses: a few high-precision street-address shapes, normalized into a key.

Precision over recall: a match needs a house number *and* a street word in the right order
("221B Baker Street", "Hauptstraße 5", "12 rue de Rivoli", "建国路88号"), so "Meeting at
Building 5" or "Room 1205" are not addresses. City, state and postal code that follow the street
are included in the span when present.

Keys: the full normalized address first, then the street part alone (number + street), so
"1600 Amphitheatre Pkwy" matches "1600 Amphitheatre Parkway, Mountain View, CA 94043".
Normalization: casefold, punctuation to spaces, collapsed spaces, common abbreviations expanded
(st -> street, rd -> road, ave -> avenue, pkwy -> parkway, str. -> strasse, ß -> ss).

The shapes are mechanism (this module); their words -- street types, connectors, labels,
abbreviations -- are language data, ``values.addresses`` in
``host_pep/recognition/languages/*.yaml``, one section per shape.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, replace
from functools import lru_cache

from host_pep.recognition.lexicon import AddressWords, lexicon
from host_pep.recognition.wordmatch import split
from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_text
from host_pep.values.obfuscation import Canonical, lowered
from host_pep.values.words import alternation, any_of, prefilter

# The shapes of a street address, one per section of ``values.addresses``; ``{…}`` are filled
# with the section's words. Each shape runs only when one of its own words occurs in the text.
_CAP = r"(?:[A-Z][A-Za-z'’\-]+|\d+(?:{ordinals}))"
_NUMBER_NAME_TYPE_TAIL = (
    r"(?:,?\s+(?:{units}|#)\.?\s*#?[A-Za-z0-9\-]+)?"
    r"(?:,\s*(?![A-Z]{{2}}\s+\d)[A-Z][A-Za-z.'\-]+\b(?:\s+[A-Z][A-Za-z.'\-]+\b){{0,3}}){{0,2}}"  # , Mountain View
    r"(?:,?\s+[A-Z]{{2}}\s+\d{{5}}(?:-\d{{4}})?|,?\s+[A-Z]{{1,2}}\d[A-Z\d]?\s+\d[A-Z]{{2}})?"  # CA 94043 | NW1 6XE
)
# "221B Baker Street, Mountain View, CA 94043"
_NUMBER_NAME_TYPE = (
    r"(?<![\w\-])(?P<street>\d{{1,6}}[A-Za-z]?(?:-\d{{1,4}})?\s+(?:[{directions}]\.?\s+)?"
    r"(?:{cap}\s+){{0,3}}{cap}\s+(?i:{types}\b|{abbreviations}\b\.?))"
    r"(?P<tail>{tail})"
)
# "Hauptstraße 5, 10115 Berlin", "Am Alten Weg 3"
_NAME_TYPE_NUMBER = (
    r"(?<![\w\-])(?P<street>(?:[A-ZÄÖÜ][a-zäöüß]+[ \-])?"
    r"(?:[A-ZÄÖÜ][a-zäöüß\-]*{types}|{capitalized})"
    r"\s+\d{{1,4}}\s?[a-z]?)\b"
    r"(?P<tail>,?\s+\d{{5}}\s+[A-ZÄÖÜ][a-zäöüß\-]+(?:\s[A-ZÄÖÜ][a-zäöüß\-]+)?)?"
)
# One compound word ending in a street type, a number, "1016 GV Amsterdam".
_NAME_TYPE_NUMBER_POSTCODE_LETTERS = (
    r"(?<![\w\-])(?P<street>[A-Z][a-z]+{types}"
    r"\s+\d{{1,4}}[a-z]?)\b(?P<tail>,?\s+\d{{4}}\s?[A-Z]{{2}}(?:\s+[A-Z][a-z]+)?)?"
)
# "12 rue de Rivoli, 75001 Paris", "3 bis avenue Foch"
_NUMBER_TYPE_NAME = (
    r"(?<![\w\-])(?P<street>\d{{1,4}}(?:\s?{number_suffixes})?,?\s+"
    r"(?i:{types})\s+"
    r"(?:{connectors}\s?)*[A-ZÉÈÀÂ][\w'\-]+(?:\s+[A-ZÉÈÀÂ][\w'\-]+){{0,3}})"
    r"(?P<tail>,?\s+\d{{5}}\s+[A-ZÉÈ][\w\-]+(?:\s[A-ZÉÈ][\w\-]+)?)?"
)
# "Calle de Alcalá 45, 28014 Madrid": the types may be in lower case ("en la calle de Alcalá
# 45"), or count only capitalized ("via Zoom 5 times" is not an address).
_TYPE_NAME_NUMBER = (
    r"(?<![\w\-])(?P<street>(?:(?i:{types})|{capitalized})\s+"
    r"(?:{connectors}\s*)*"
    r"[A-ZÁÉÍÓÚÀÈÒÇ][\w'\-]+(?:\s+(?:{inner} )?[A-ZÁÉÍÓÚÀÈÒÇ][\w'\-]+){{0,3}}"
    r",?\s+(?:n\.?\s?º?\s*)?\d{{1,4}})\b"
    r"(?P<tail>,?\s+\d{{5}}\s+[A-ZÁÉÍÓÚ][\w\-]+)?"
)
# [city or province] [district] road+number ("서울특별시 중구 세종대로 110").
_REGION_DISTRICT_ROAD = (
    r"(?P<full>(?:[가-힣]{{1,6}}{regions}\s?)?(?:[가-힣]{{1,6}}{districts}\s?)?"
    r"(?P<street>[가-힣0-9]{{1,10}}{roads}\s?\d{{1,4}}(?:-\d{{1,4}})?))(?!\d)"
)
# The street core ("建国路88号3号楼"); administrative units to its left are added by _cjk_prefix.
_NAME_TYPE_NUMBER_MARK = (
    r"(?P<name>[\u4e00-\u9fff]{{1,8}}?)(?P<type>{types})(?P<no>\d{{1,5}}){marks}"
    r"(?P<more>{compound}?(?:\d{{1,4}}{units})*)"
)
# [prefecture] city/ward units, town, then the block numbers as "1-9-1" or "1丁目9番1号". City
# and ward names are kanji (a kana particle before them is not part).
_BLOCK_DASHES = "-‐−－ー"
_CITY_TOWN_BLOCK = (
    r"(?P<pref>{prefectures}|[\u4e00-\u9fff]{{2,3}}{prefecture_suffixes})?"
    r"(?P<city>(?:[\u4e00-\u9fff]{{1,5}}?{units}){{1,3}})"
    r"(?P<town>[\u4e00-\u9fff\u3040-\u30ff]{{0,10}}?)"
    r"(?P<no>\d{{1,4}}(?:{chome}|[{dash}])\s?\d{{1,4}}(?:(?:{banchi}|[{dash}])\s?\d{{1,4}}{go}?)?)"
)
# "Address: <value>": the label makes a looser value acceptable (it still needs a digit and
# a letter, so "address: 13812345678", an SMS sender, is not a postal address).
_LABELLED = (
    r"(?:(?<=^)|(?<=[\s,;(\[{{\"']))(?i:{spaced})\s*[:：=]\s*"
    r"|{unspaced}\s*[:：]?\s*"
)
_LABELLED_VALUE = re.compile(r"[^\n;|]{4,120}?(?=\s*(?:[\n;|]|\.\s|\.?$))")
_LETTER = re.compile(r"[^\W\d_]")
# Characters that end the text before an address ("我住在北京市..." -> "北京市..."), beside the
# language's own (``stops``).
_PUNCTUATION_STOPS = "：:，,。 "
_HANGUL = re.compile("[가-힣]")
_DIGIT = re.compile(r"\d")
_PUNCT = re.compile(r"[^\w]+")

Gate = frozenset[str] | re.Pattern[str]
"""Street words one of which the text must hold (its ``_Shapes.words``), or a search on it."""


@dataclass(frozen=True, slots=True)
class _Shapes:
    """The address words of every language file (``values.addresses``), compiled once."""

    words: re.Pattern[str]
    """The words the gates look for, on the lower-cased text."""
    streets: tuple[tuple[Gate, re.Pattern[str]], ...]
    """Street shapes of spaced scripts, each with its gate."""
    region_district_road: re.Pattern[str] | None
    name_type_number_mark: re.Pattern[str] | None
    city_town_block: re.Pattern[str] | None
    block_words: re.Pattern[str]
    """What to blank out of block numbers: "1丁目9番1号" -> "1 9 1"."""
    municipal_units: str
    stops: str
    admin: str
    labelled: re.Pattern[str]
    label_trigger: re.Pattern[str]
    abbreviations: dict[str, str]
    """Words written one way in a key ("st" -> street, "avda" -> avenue)."""
    glued_abbreviations: tuple[tuple[re.Pattern[str], str], ...]
    """Abbreviated types glued to a name ("Hauptstr." -> "hauptstrasse ")."""
    connectors: frozenset[str]
    number_marks: tuple[str, ...]


def _alt(words: list[str], capitalized: bool = False) -> str:
    """``(?:a|bc)`` of the words (capitalized: "Via"), longest first."""
    return any_of([w.capitalize() if capitalized else w for w in words])


def _bare(words: list[str]) -> str:
    """``a|bc`` of the words, for a group of its own; "(?!)" for none."""
    return alternation(words) or "(?!)"


def _chars(words: list[str]) -> str:
    return "".join(dict.fromkeys(words))


def _streets(words: AddressWords) -> list[tuple[Gate, re.Pattern[str]]]:
    """The street shapes of spaced scripts that the language files give words for."""
    out: list[tuple[Gate, re.Pattern[str]]] = []
    number_first = words.number_name_type
    if number_first.types or number_first.abbreviations:
        street = _NUMBER_NAME_TYPE.format(
            directions="".join(d.upper() for d in number_first.directions),
            cap=_CAP.format(ordinals=_bare(number_first.ordinal_suffixes)),
            types=_alt(number_first.types),
            abbreviations=_alt(list(number_first.abbreviations)),
            tail=_NUMBER_NAME_TYPE_TAIL.format(units=_bare(number_first.units)),
        )
        gate = frozenset([*number_first.types, *number_first.abbreviations])
        out.append((gate, re.compile(street)))
    glued = words.name_type_number.types
    if glued:
        street = _NAME_TYPE_NUMBER.format(types=_alt(glued), capitalized=_alt(glued, True))
        dotted = [re.escape(t) for t in glued if t.endswith(".")]
        plain = _alt([t for t in glued if not t.endswith(".")])
        out.append((re.compile("|".join([rf"{plain}\b", *dotted])), re.compile(street)))
    type_middle = words.number_type_name
    if type_middle.types:
        street = _NUMBER_TYPE_NAME.format(
            number_suffixes=_alt(type_middle.number_suffixes),
            types=_bare(type_middle.types),
            connectors=_alt(type_middle.connectors),
        )
        out.append((frozenset(t.rstrip(".") for t in type_middle.types), re.compile(street)))
    type_first = words.type_name_number
    if type_first.types or type_first.capitalized_types:
        street = _TYPE_NAME_NUMBER.format(
            types=_bare(type_first.types),
            capitalized=_alt(type_first.capitalized_types, True),
            connectors=_alt(type_first.connectors),
            inner=_alt(type_first.inner_connectors),
        )
        gate = frozenset(t.rstrip(".") for t in type_first.types + type_first.capitalized_types)
        out.append((gate, re.compile(street)))
    lettered = words.name_type_number_postcode_letters.types
    if lettered:
        street = _NAME_TYPE_NUMBER_POSTCODE_LETTERS.format(types=_alt(lettered))
        out.append((re.compile(rf"{_alt(lettered)}\s+\d"), re.compile(street)))
    return out


@lru_cache(maxsize=1)
def _shapes() -> _Shapes:
    words = lexicon().values.addresses
    streets = _streets(words)
    # a gate's word is a run of letters (and "/", "c/"): ASCII ones and the words' own
    letters = sorted(
        {ch for gate, _ in streets if isinstance(gate, frozenset) for w in gate for ch in w}
    )
    kr, cn, jp = words.region_district_road, words.name_type_number_mark, words.city_town_block
    spaced, unspaced = split(words.labels)
    return _Shapes(
        words=re.compile(f"[a-z/{re.escape(''.join(c for c in letters if not c.isascii()))}]+"),
        streets=tuple(streets),
        region_district_road=re.compile(
            _REGION_DISTRICT_ROAD.format(
                regions=_alt(kr.regions), districts=_alt(kr.districts), roads=_alt(kr.roads)
            )
        )
        if kr.roads
        else None,
        name_type_number_mark=re.compile(
            _NAME_TYPE_NUMBER_MARK.format(
                types=_bare(cn.types),
                marks=_alt(cn.number_marks),
                compound=_alt(cn.compound),
                units=_alt(cn.units),
            )
        )
        if cn.types
        else None,
        city_town_block=re.compile(
            _CITY_TOWN_BLOCK.format(
                prefectures=_bare(jp.prefectures),
                prefecture_suffixes=_alt(jp.prefecture_suffixes),
                units=_alt(jp.municipal_units),
                chome=_alt(jp.chome),
                banchi=_alt(jp.banchi),
                go=_alt(jp.go),
                dash=_BLOCK_DASHES,
            )
        )
        if jp.municipal_units
        else None,
        block_words=re.compile(
            "|".join(
                filter(None, [alternation([*jp.chome, *jp.banchi, *jp.go]), f"[{_BLOCK_DASHES}]"])
            )
        ),
        municipal_units=_chars(jp.municipal_units),
        stops=_PUNCTUATION_STOPS + _chars(cn.stops),
        admin=_chars(cn.admin_units),
        labelled=re.compile(_LABELLED.format(spaced=_bare(spaced), unspaced=_alt(unspaced))),
        label_trigger=prefilter(words.labels),
        abbreviations={
            **words.number_name_type.abbreviations,
            **words.number_name_type.directions,
            **words.key_forms,
        },
        glued_abbreviations=tuple(
            (re.compile(rf"(?<=[a-z]){re.escape(t)}"), words.key_forms[t[:-1]] + " ")
            for t in words.name_type_number.types
            if t.endswith(".") and t[:-1] in words.key_forms
        ),
        connectors=frozenset(words.key_connectors),
        number_marks=tuple(cn.number_marks),
    )


def address_key(text: str) -> str:
    """``address:<normalized>`` for any address text."""
    return "address:" + normalize_address(text)


def normalize_address(text: str) -> str:
    shapes = _shapes()
    lowered = text.casefold()  # "ß" -> "ss"
    for mark in shapes.number_marks[1:]:
        lowered = lowered.replace(mark, shapes.number_marks[0])
    for glued, written in shapes.glued_abbreviations:
        lowered = glued.sub(written, lowered)
    abbreviations, connectors = shapes.abbreviations, shapes.connectors
    words = [
        abbreviations.get(w, w) for w in _PUNCT.sub(" ", lowered).split() if w not in connectors
    ]
    joined = " ".join(words)
    # CJK is written without spaces; drop spaces next to CJK characters.
    return re.sub(r"(?<=[^\x00-\x7f]) | (?=[^\x00-\x7f])", "", joined)


def find_addresses(layer: Canonical) -> list[Detected]:
    text = layer.text
    found: list[Detected] = []
    if _DIGIT.search(text) is None:
        return found
    shapes = _shapes()
    low = lowered(text)
    words = set(shapes.words.findall(low))
    for gate, pattern in shapes.streets:
        if isinstance(gate, frozenset):
            if words.isdisjoint(gate):
                continue
        elif gate.search(low) is None:
            continue
        for m in pattern.finditer(text):
            found.append(_detected(layer, m.start(), m.end(), m.group(), m.group("street")))
    cased = _capitals_cased(text)
    if cased is not None:
        # a letterhead or a label in capitals ("CONDOMINIO VIA PADOVA 118 - MILANO"): the
        # shapes read capitalized words, so its words are read as capitalized ones
        seen = {d.span for d in found}
        for gate, pattern in shapes.streets:
            if isinstance(gate, frozenset) and words.isdisjoint(gate):
                continue
            if not isinstance(gate, frozenset) and gate.search(low) is None:
                continue
            for m in pattern.finditer(cased):
                d = _detected(layer, m.start(), m.end(), m.group(), m.group("street"))
                if d.span not in seen:
                    seen.add(d.span)
                    found.append(d)
    if not text.isascii():
        if shapes.name_type_number_mark is not None:
            for m in shapes.name_type_number_mark.finditer(text):
                street_start = m.start("name") + _street_cut(shapes, m.group("name"))
                start = _cjk_prefix(shapes, text, street_start)
                street = text[street_start : m.end()]
                found.append(_detected(layer, start, m.end(), text[start : m.end()], street))
        if shapes.city_town_block is not None:
            for m in shapes.city_town_block.finditer(text):
                found.append(_city_town_block(shapes, layer, m))
        if shapes.region_district_road is not None and _HANGUL.search(text) is not None:
            for m in shapes.region_district_road.finditer(text):
                found.append(
                    _detected(layer, m.start(), m.end("full"), m.group("full"), m.group("street"))
                )
    if shapes.label_trigger.search(low) is not None:
        found += _labelled(shapes, layer, found)
    return found


_WORD_LETTERS = re.compile(r"[^\W\d_]{3,}")


def _capitals_cased(text: str) -> str | None:
    """``text`` with its lines in capitals written as capitalized words ("VIA PADOVA 118" ->
    "Via Padova 118"), offsets unchanged; None when no line is in capitals. Words of two
    letters keep their case (a state, a direction: "CA", "NW")."""
    lines = text.split("\n")
    changed = False
    for n, line in enumerate(lines):
        if line.upper() != line or line.lower() == line:
            continue
        cased = _WORD_LETTERS.sub(lambda m: m.group()[0] + m.group()[1:].lower(), line)
        if len(cased) == len(line):
            lines[n] = cased
            changed = True
    return "\n".join(lines) if changed else None


def _labelled(shapes: _Shapes, layer: Canonical, shaped: list[Detected]) -> list[Detected]:
    """Values after an address label; they also carry the keys of shaped matches inside."""
    text = layer.text
    shaped = sorted(shaped, key=lambda d: d.span)
    starts = [d.span[0] for d in shaped]
    out: list[Detected] = []
    for label in shapes.labelled.finditer(text):
        m = _LABELLED_VALUE.match(text, label.end())
        if m is None:
            continue
        value = m.group().strip().rstrip(",.")
        if value and _is_cjk(value[0]):
            value = value.split()[0]  # CJK addresses have no spaces; what follows is a name
        if not value or _DIGIT.search(value) is None or _LETTER.search(value) is None:
            continue
        if value.isascii() and len(value.split()) < 2:
            continue
        start = m.start() + (len(m.group()) - len(m.group().lstrip()))
        detected = _detected(layer, start, start + len(value), value, value)
        s, e = detected.span
        extra = [k for d in _within(shaped, starts, s, e) for k in d.keys]
        keys = tuple(dict.fromkeys((*detected.keys, *extra)))
        out.append(replace(detected, keys=keys))
    return out


def _within(shaped: list[Detected], starts: list[int], s: int, e: int) -> list[Detected]:
    """Detections (sorted by start) whose spans lie inside [s, e)."""
    out: list[Detected] = []
    for d in shaped[bisect_left(starts, s) :]:
        if d.span[0] >= e:
            break
        if d.span[1] <= e:
            out.append(d)
    return out


def _is_cjk(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


def _street_cut(shapes: _Shapes, name: str) -> int:
    """Index in ``name`` where the street name itself starts (after a stop or admin unit)."""
    for i in range(len(name) - 1, -1, -1):
        ch = name[i]
        if ch in shapes.stops or (ch in shapes.admin and len(name) - i - 1 >= 2):
            return i + 1
    return 0


def _cjk_prefix(shapes: _Shapes, text: str, pos: int) -> int:
    """Extend left over administrative units (…省 …市 …区) until a stop character."""
    stops, units = shapes.stops, shapes.admin
    start = pos
    while start > 0 and text[start - 1] in units:
        admin = start - 1
        k = admin
        while (
            k > 0
            and admin - k < 6
            and _is_cjk(text[k - 1])
            and text[k - 1] not in stops
            and text[k - 1] not in units
        ):
            k -= 1
        if k == admin:
            break
        start = k
    return start


def _city_town_block(shapes: _Shapes, layer: Canonical, m: re.Match[str]) -> Detected:
    """Keys with and without the prefecture and from the last city/ward unit on, the block
    numbers written as dashes ("1丁目9番1号" == "1-9-1")."""
    number = shapes.block_words.sub(" ", m.group("no")).strip()
    city = m.group("city")
    last_unit = max(city.rfind(u, 0, len(city) - 1) for u in shapes.municipal_units) + 1
    forms = [
        (m.group("pref") or "") + city + m.group("town"),
        city + m.group("town"),
        city[last_unit:] + m.group("town"),
    ]
    keys = tuple(dict.fromkeys(address_key(f + number) for f in forms))
    s, e = layer.to_original(m.start(), m.end())
    raw = layer.original[s:e]
    return Detected(
        kind=SensitiveKind.ADDRESS, raw=raw, keys=keys, span=(s, e), masked=mask_text(raw)
    )


def _detected(layer: Canonical, start: int, end: int, full: str, street: str) -> Detected:
    keys = [address_key(full)]
    street_key = address_key(street)
    if street_key not in keys:
        keys.append(street_key)
    s, e = layer.to_original(start, end)
    raw = layer.original[s:e]
    return Detected(
        kind=SensitiveKind.ADDRESS, raw=raw, keys=tuple(keys), span=(s, e), masked=mask_text(raw)
    )
