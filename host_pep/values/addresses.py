"""Postal addresses: a few high-precision street-address shapes, normalized into a key.

Precision over recall: a match needs a house number *and* a street word in the right order
("221B Baker Street", "Hauptstraße 5", "12 rue de Rivoli", "建国路88号"), so "Meeting at
Building 5" or "Room 1205" are not addresses. City, state and postal code that follow the street
are included in the span when present.

Keys: the full normalized address first, then the street part alone (number + street), so
"1600 Amphitheatre Pkwy" matches "1600 Amphitheatre Parkway, Mountain View, CA 94043".
Normalization: casefold, punctuation to spaces, collapsed spaces, common abbreviations expanded
(st -> street, rd -> road, ave -> avenue, pkwy -> parkway, str. -> strasse, ß -> ss).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import replace

from host_pep.values.kinds import Detected, SensitiveKind
from host_pep.values.masking import mask_text
from host_pep.values.obfuscation import Canonical, lowered

_EN_FULL = (
    "street|road|avenue|boulevard|lane|drive|court|place|parkway|way|terrace|highway|circle"
    "|square|crescent|alley|row|close|walk|loop|trail|plaza|pike|expressway|freeway"
)
_EN_ABBR = "st|rd|ave|av|blvd|ln|dr|ct|pl|pkwy|ter|hwy|cir|sq|cres"
_EN_TYPES = f"{_EN_FULL}|{_EN_ABBR}"
_CAP = r"(?:[A-Z][A-Za-z'’\-]+|\d+(?:st|nd|rd|th))"
_EN_TAIL = (
    r"(?:,?\s+(?:apt|apartment|suite|ste|unit|floor|fl|#)\.?\s*#?[A-Za-z0-9\-]+)?"
    r"(?:,\s*(?![A-Z]{2}\s+\d)[A-Z][A-Za-z.'\-]+\b(?:\s+[A-Z][A-Za-z.'\-]+\b){0,3}){0,2}"  # , Mountain View
    r"(?:,?\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?|,?\s+[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2})?"  # CA 94043 | NW1 6XE
)
_EN = re.compile(
    rf"(?<![\w\-])(?P<street>\d{{1,6}}[A-Za-z]?(?:-\d{{1,4}})?\s+(?:[NSEW]\.?\s+)?"
    rf"(?:{_CAP}\s+){{0,3}}{_CAP}\s+(?i:(?:{_EN_FULL})\b|(?:{_EN_ABBR})\b\.?))"
    rf"(?P<tail>{_EN_TAIL})"
)
_DE = re.compile(
    r"(?<![\w\-])(?P<street>(?:[A-ZÄÖÜ][a-zäöüß]+[ \-])?"
    r"(?:[A-ZÄÖÜ][a-zäöüß\-]*(?:straße|strasse|str\.|weg|allee|platz|gasse|damm|ufer|ring|chaussee)"
    r"|Straße|Strasse|Str\.|Weg|Allee|Platz|Gasse|Damm|Ufer|Ring|Chaussee)"
    r"\s+\d{1,4}\s?[a-z]?)\b"
    r"(?P<tail>,?\s+\d{5}\s+[A-ZÄÖÜ][a-zäöüß\-]+(?:\s[A-ZÄÖÜ][a-zäöüß\-]+)?)?"
)
_FR = re.compile(
    r"(?<![\w\-])(?P<street>\d{1,4}(?:\s?(?:bis|ter))?,?\s+"
    r"(?i:rue|avenue|av\.|boulevard|bd|place|quai|chemin|allée|impasse|route|cours)\s+"
    r"(?:(?:de la|de l'|du|des|de|d'|la|le|les|l')\s?)*[A-ZÉÈÀÂ][\w'\-]+(?:\s+[A-ZÉÈÀÂ][\w'\-]+){0,3})"
    r"(?P<tail>,?\s+\d{5}\s+[A-ZÉÈ][\w\-]+(?:\s[A-ZÉÈ][\w\-]+)?)?"
)
# Spanish, Catalan and Portuguese street types may be written in lower case ("en la calle de
# Alcalá 45"); Italian ones only capitalized ("via Zoom 5 times" is not an address).
_ES_TYPES = (
    r"calle|c/|carrer|avenida|avinguda|av\.|avda\.?|paseo|passeig|plaza|pla[çc]a|pra[çc]a|rambla"
    r"|camino|carretera|ronda|traves[íi]a|travessa|alameda|glorieta|rua|r[úu]a"
)
_IT_TYPES = r"Via|Viale|Piazza|Corso|Largo"
_ES_IT = re.compile(
    rf"(?<![\w\-])(?P<street>(?:(?i:{_ES_TYPES})|{_IT_TYPES})\s+"
    r"(?:(?:de la|de les|de los|del|de|la|el|dels|di|della|delle|dei|do|da|dos|das|d')\s*)*"
    r"[A-ZÁÉÍÓÚÀÈÒÇ][\w'\-]+(?:\s+(?:de la |del |de |di )?[A-ZÁÉÍÓÚÀÈÒÇ][\w'\-]+){0,3}"
    r",?\s+(?:n\.?\s?º?\s*)?\d{1,4})\b"
    r"(?P<tail>,?\s+\d{5}\s+[A-ZÁÉÍÓÚ][\w\-]+)?"
)
# Dutch: one compound word ending in a street type, a number, "1016 GV Amsterdam".
_NL = re.compile(
    r"(?<![\w\-])(?P<street>[A-Z][a-z]+(?:gracht|straat|laan|plein|kade|dijk|singel|steeg|markt)"
    r"\s+\d{1,4}[a-z]?)\b(?P<tail>,?\s+\d{4}\s?[A-Z]{2}(?:\s+[A-Z][a-z]+)?)?"
)
_NL_GATE = re.compile(r"(?:gracht|straat|laan|plein|kade|dijk|singel|steeg|markt)\s+\d")
# Korean road-name addresses: [city] [district] road+number ("서울특별시 중구 세종대로 110").
_KR = re.compile(
    r"(?P<full>(?:[가-힣]{1,6}(?:특별시|광역시|특별자치시|도|시)\s?)?(?:[가-힣]{1,6}(?:구|군|시)\s?)?"
    r"(?P<street>[가-힣0-9]{1,10}(?:대로|로|길)\s?\d{1,4}(?:-\d{1,4})?))(?!\d)"
)
# "Address: <value>": the label makes a looser value acceptable (it still needs a digit and
# a letter, so "address: 13812345678", an SMS sender, is not a postal address).
_LABELLED = re.compile(
    r"(?:(?<=^)|(?<=[\s,;(\[{\"']))(?i:shipping address|street address|address|addr|adresse"
    r"|anschrift|direcci[óo]n|indirizzo|endere[çc]o)\s*[:：=]\s*"
    r"|(?:收货地址|地址|住址)\s*[:：]?\s*"
)
_LABELLED_VALUE = re.compile(r"[^\n;|]{4,120}?(?=\s*(?:[\n;|]|\.\s|\.?$))")
_LABEL_TRIGGER = re.compile("addr|adresse|anschrift|direcci|indirizzo|endere|地址")
_LETTER = re.compile(r"[^\W\d_]")

# CJK: the street core; administrative units to its left are added by _cjk_prefix.
_CN_CORE = re.compile(
    r"(?P<name>[\u4e00-\u9fff]{1,8}?)(?P<type>大道|大街|路|街|道|巷|胡同|弄)(?P<no>\d{1,5})(?:号|號)"
    r"(?P<more>(?:院)?(?:\d{1,4}(?:号楼|栋|幢|座|单元|层|楼|室|号))*)"
)
# Japanese: [prefecture] city/ward units, town, then chōme-banchi-gō as "1-9-1" or
# "1丁目9番1号". City and ward names are kanji (a kana particle before them is not part).
_JP_DASH = "-‐−－ー"
_JP = re.compile(
    r"(?P<pref>東京都|北海道|京都府|大阪府|[\u4e00-\u9fff]{2,3}県)?"
    r"(?P<city>(?:[\u4e00-\u9fff]{1,5}?(?:市|区|町|村|郡)){1,3})"
    r"(?P<town>[\u4e00-\u9fff\u3040-\u30ff]{0,10}?)"
    rf"(?P<no>\d{{1,4}}(?:丁目|[{_JP_DASH}])\s?\d{{1,4}}(?:(?:番地?|[{_JP_DASH}])\s?\d{{1,4}}(?:号)?)?)"
)
_JP_NUMBER_WORDS = re.compile(rf"丁目|番地|番|号|[{_JP_DASH}]")
# Characters that end the text before an address ("我住在北京市..." -> "北京市...").
_CJK_STOPS = "在是到于的往去寄送住址：:，,。 为從从号號室层楼栋"
_ADMIN = "省市区县镇乡旗盟州"

# Cheap gates: a pattern runs only when one of its street words occurs in the text.
_WORDS = re.compile(r"[a-zäöüßéèàâçíú/]+")
_EN_WORDS = frozenset(_EN_TYPES.split("|"))
_DE_GATE = re.compile(r"(?:straße|strasse|weg|allee|platz|gasse|damm|ufer|ring|chaussee)\b|str\.")
_FR_WORDS = frozenset(
    [
        "rue", "avenue", "av", "boulevard", "bd", "place", "quai", "chemin", "allée", "impasse",
        "route", "cours",
    ]
)  # fmt: skip
_ES_IT_WORDS = frozenset(
    [
        "calle", "c/", "carrer", "avenida", "avinguda", "av", "avda", "paseo", "passeig", "plaza",
        "plaça", "praça", "praca", "placa", "rambla", "camino", "carretera", "ronda", "travesía",
        "travesia", "travessa", "alameda", "glorieta", "via", "viale", "piazza", "corso", "largo",
        "rua", "rúa",
    ]
)  # fmt: skip
_HANGUL = re.compile("[가-힣]")

_DIGIT = re.compile(r"\d")

_ABBREV = {
    "st": "street", "rd": "road", "ave": "avenue", "av": "avenue", "blvd": "boulevard",
    "ln": "lane", "dr": "drive", "ct": "court", "pl": "place", "pkwy": "parkway", "ter": "terrace",
    "hwy": "highway", "cir": "circle", "sq": "square", "cres": "crescent", "apt": "apartment",
    "ste": "suite", "fl": "floor", "n": "north", "s": "south", "e": "east", "w": "west",
    "str": "strasse", "bd": "boulevard", "c": "calle", "avda": "avenue", "avenida": "avenue",
    "avinguda": "avenue", "carrer": "calle",
}  # fmt: skip
# Connectors that writers add or leave out ("Calle de Alcalá" / "Calle Alcalá").
_CONNECTORS = frozenset(
    ["de", "del", "la", "las", "los", "el", "les", "dels", "di", "della", "delle", "dei", "do",
     "da", "dos", "das", "d"]
)  # fmt: skip
_PUNCT = re.compile(r"[^\w]+")


def address_key(text: str) -> str:
    """``address:<normalized>`` for any address text."""
    return "address:" + normalize_address(text)


def normalize_address(text: str) -> str:
    lowered = text.casefold().replace("ß", "ss").replace("號", "号")
    lowered = re.sub(r"(?<=[a-z])str\.", "strasse ", lowered)
    lowered = lowered.replace("straße", "strasse")
    words = [_ABBREV.get(w, w) for w in _PUNCT.sub(" ", lowered).split() if w not in _CONNECTORS]
    joined = " ".join(words)
    # CJK is written without spaces; drop spaces next to CJK characters.
    return re.sub(r"(?<=[^\x00-\x7f]) | (?=[^\x00-\x7f])", "", joined)


def find_addresses(layer: Canonical) -> list[Detected]:
    text = layer.text
    found: list[Detected] = []
    if _DIGIT.search(text) is None:
        return found
    low = lowered(text)
    words = set(_WORDS.findall(low))
    patterns = []
    if not words.isdisjoint(_EN_WORDS):
        patterns.append(_EN)
    if _DE_GATE.search(low) is not None:
        patterns.append(_DE)
    if not words.isdisjoint(_FR_WORDS):
        patterns.append(_FR)
    if not words.isdisjoint(_ES_IT_WORDS):
        patterns.append(_ES_IT)
    if _NL_GATE.search(low) is not None:
        patterns.append(_NL)
    for pattern in patterns:
        for m in pattern.finditer(text):
            found.append(_detected(layer, m.start(), m.end(), m.group(), m.group("street")))
    if not text.isascii():
        for m in _CN_CORE.finditer(text):
            street_start = m.start("name") + _street_cut(m.group("name"))
            start = _cjk_prefix(text, street_start)
            street = text[street_start : m.end()]
            found.append(_detected(layer, start, m.end(), text[start : m.end()], street))
        for m in _JP.finditer(text):
            found.append(_japanese(layer, m))
        if _HANGUL.search(text) is not None:
            for m in _KR.finditer(text):
                found.append(
                    _detected(layer, m.start(), m.end("full"), m.group("full"), m.group("street"))
                )
    if _LABEL_TRIGGER.search(low) is not None:
        found += _labelled(layer, found)
    return found


def _labelled(layer: Canonical, shaped: list[Detected]) -> list[Detected]:
    """Values after an address label; they also carry the keys of shaped matches inside."""
    text = layer.text
    shaped = sorted(shaped, key=lambda d: d.span)
    starts = [d.span[0] for d in shaped]
    out: list[Detected] = []
    for label in _LABELLED.finditer(text):
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


def _street_cut(name: str) -> int:
    """Index in ``name`` where the street name itself starts (after a stop or admin unit)."""
    for i in range(len(name) - 1, -1, -1):
        ch = name[i]
        if ch in _CJK_STOPS or (ch in _ADMIN and len(name) - i - 1 >= 2):
            return i + 1
    return 0


def _cjk_prefix(text: str, pos: int) -> int:
    """Extend left over administrative units (…省 …市 …区) until a stop character."""
    start = pos
    while start > 0 and text[start - 1] in _ADMIN:
        admin = start - 1
        k = admin
        while (
            k > 0
            and admin - k < 6
            and _is_cjk(text[k - 1])
            and text[k - 1] not in _CJK_STOPS
            and text[k - 1] not in _ADMIN
        ):
            k -= 1
        if k == admin:
            break
        start = k
    return start


def _japanese(layer: Canonical, m: re.Match[str]) -> Detected:
    """Keys with and without the prefecture and from the last city/ward unit on, the block
    numbers written as dashes ("1丁目9番1号" == "1-9-1")."""
    number = _JP_NUMBER_WORDS.sub(" ", m.group("no")).strip()
    city = m.group("city")
    last_unit = max(city.rfind(u, 0, len(city) - 1) for u in "市区町村郡") + 1
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
