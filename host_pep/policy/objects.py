"""Which object a request authorizes (rule 4 is object-specific).

"Delete the contact 'Pizza Roma'" asks to delete *that* contact: it does not authorize deleting
Dimitris, nor every contact; "TikTokをアンインストールして" authorizes uninstalling TikTok, not LINE.
Only what a request names plainly counts as its object: quoted text, a capitalised name inside
the sentence, an app the bundle knows by name, a package name. A request that names nothing
specific ("delete the duplicates") is left to the verb-and-vocabulary match in
``host_pep.pipeline.authorization``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from host_pep.policy.compiled import CompiledPolicy
from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.marks import unaccented
from host_pep.recognition.request import negated_before
from host_pep.recognition.words import UNICODE_WORD, tokens
from host_pep.semantics import Operation

# Argument names that *name* the object acted on (a person, an app), not describe it: a
# calendar title is free text ("Team sync" may well be "the meeting with Sarah").
_NAME_FIELDS = frozenset(
    {"name", "display_name", "displayname", "contact", "contact_name", "person", "full_name",
     "payee", "payee_name", "beneficiary", "beneficiary_name", "recipient_name"}
)  # fmt: skip
_SELECTION_FIELDS = frozenset({"where", "selection", "filter"})
# where a file goes is an object the request may name ("file it in the 'Invoices 2024' folder")
_PLACE_FIELDS = frozenset(
    {"folder", "folder_name", "parent_folder", "parent", "destination_folder", "target_folder",
     "album", "album_name", "channel_name", "space"}
)  # fmt: skip
_PACKAGE_FIELDS = frozenset({"package", "package_name", "pkg", "app", "app_id", "application_id"})
_PACKAGE = re.compile(r"(?<![\w.])[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+(?![\w.])")
_QUOTED = re.compile(r"['\"“‘「『]([^'\"”’」』]{2,80})['\"”’」』]")
# a word inside a sentence (not its first word); capitalised, it is a name ("Tom's", "Pizza
# Roma", "Łukasz", "İlker", "Ali'yi"): any script with case
_CAPITALISED = re.compile(r"(?<=[\w,;:'\"”)] )(?:[^\W\d_][\w'’-]+)")
# a suffix written after a name's apostrophe: English "'s", Turkish cases ("Ali'yi", "Ayşe'nin")
_NAME_SUFFIX = re.compile(r"['’]([^\W\d_]+)$")
# an abbreviation declined after a hyphen (Polish "w PDF-ie", "SMS-em"): the abbreviation
_DECLINED_ABBREVIATION = re.compile(r"^([^\W\d_a-z]{2,})-[^\W\d_A-Z]+$")
# Unicode words (a name in any script: "Ayşe", "Иван"); Turkish dotted İ lowers to i + U+0307
# a word of letters joined to the next by hyphens ("m-pesa", "wi-fi")
_HYPHENATED = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)+")
_SENTENCE_SPLIT = re.compile(r"[.!?。！？]\s*")
# words that are capitalised inside sentences without naming the object ("on Monday")
_NOT_NAMES = frozenset(
    {"i", "i'm", "i'll", "i've", "ok", "please", "monday", "tuesday", "wednesday", "thursday",
     "friday", "saturday", "sunday", "january", "february", "march", "april", "may", "june",
     "july", "august", "september", "october", "november", "december", "today", "tomorrow",
     "google", "android", "samsung", "pixel", "apple", "microsoft", "play", "store"}
)  # fmt: skip
# the parts of a package name that name no app (com.android.…, …mobile.app)
GENERIC_PACKAGE_PARTS = frozenset(
    {"com", "org", "net", "android", "app", "apps", "mobile", "google", "jp", "us", "io"}
)
_TLDS = frozenset(
    {"com", "org", "net", "io", "jp", "cn", "de", "fr", "us", "uk", "in", "br", "ru", "kr",
     "tv", "me", "app", "co", "eu", "it", "es", "nl", "au", "ca", "ch", "se", "pl", "tw"}
)  # fmt: skip
# a selection that matches every row
_ALL_ROWS = re.compile(r"^\s*(?:\*|all|1\s*=\s*1|true)\s*$", re.IGNORECASE)
# a scope that widens the one record named to its whole series ({"scope": "all_instances"})
_WHOLE_SERIES = re.compile(
    r"^\s*(?:all|every)[_ -]?(?:instances|occurrences|events|series)\s*$", re.IGNORECASE
)


def _words(text: str) -> set[str]:
    """Name words: alphabetic tokens of any script (an IBAN's "pt50" or an id names no one)."""
    folded = text.casefold().replace("\u0307", "")
    return {t for t in UNICODE_WORD.findall(folded) if len(t) > 1 and t.isalpha()}


def _joined(text: str) -> set[str]:
    """Hyphenated names written as one word, as systems write them: "M-Pesa" is MPESA,
    "Wi-Fi" wifi."""
    return {
        "".join(parts)
        for m in _HYPHENATED.finditer(text.casefold())
        if len(parts := m.group(0).split("-")) > 1
    }


def _strip_suffix(word: str) -> str:
    """ "Ali'yi" -> "Ali", "Tom's" -> "Tom"; "O'Brien" stays (the part after is a name)."""
    m = _NAME_SUFFIX.search(word)
    if m is not None and m.group(1).islower():
        return word[: m.start()]
    declined = _DECLINED_ABBREVIATION.match(word)
    return declined.group(1) if declined else word


# Case endings a name takes in inflected languages (Polish "Piotra", "Nowakowi"; Russian
# "Ивана"; Turkish without an apostrophe): a name plus one of these is the same name.
_CASE_ENDINGS = frozenset(
    {"a", "u", "e", "y", "i", "em", "om", "owi", "ie", "ę", "ą", "ego", "emu", "ej", "ym",
     "а", "у", "е", "ом", "ой", "ым", "ы", "и", "ю", "я", "ı", "ü", "yı", "yi", "in", "ın",
     "nın", "nin", "ya", "ye"}
)  # fmt: skip


def _same_name(acted: set[str], request_words: set[str]) -> bool:
    """A name the request uses, allowing inflected endings ("Piotra Nowaka" is Piotr Nowak in
    Polish genitive, "Ayşe'yi" Turkish accusative), and written without its accents as banks
    and forms write names ("NGUYEN THI HANH" is Nguyễn Thị Hạnh, "MULLER" Müller)."""
    if acted & request_words:
        return True
    if {unaccented(a) for a in acted} & {unaccented(r) for r in request_words}:
        return True
    # (both without accents: "Portuguese" names the track "Português")
    return any(
        len(a) >= 3 and r.startswith(a) and r[len(a) :] in _CASE_ENDINGS
        for a in {unaccented(w) for w in acted}
        for r in {unaccented(w) for w in request_words}
    )


def requested_names(request: str, policy: CompiledPolicy | None = None) -> set[str]:
    """Words of the specific objects a request names (lower case). Capitalised words that name
    an app ("in Google Contacts", "my Uber") say where, not which object."""
    names: set[str] = set()
    for m in _QUOTED.finditer(request):
        names |= _words(m.group(1))
    for sentence in _SENTENCE_SPLIT.split(request):
        for m in _CAPITALISED.finditer(sentence.strip()):
            if not m.group(0)[0].isupper():
                continue
            word = _strip_suffix(m.group(0)).lower()
            if word not in _NOT_NAMES:
                names |= _words(word)
    if policy is not None:
        names -= policy.app_by_word.keys()
        names -= policy.app_names.keys()
    # "the amount is in the PDF": a kind of file names where, not which object
    return names.difference(lexicon().file_extensions)


def _mentions(request: str, name: str) -> bool:
    if not name.isascii():
        return name in request
    return re.search(rf"(?<![a-z0-9]){re.escape(name)}(?![a-z0-9])", request) is not None


def asks_for_all(request: str, all_words: tuple[str, ...]) -> bool:
    for word in all_words:
        pattern = (
            re.escape(word)
            if not word.isascii()
            else rf"(?<![a-z0-9]){re.escape(word)}(?![a-z0-9])"
        )
        for m in re.finditer(pattern, request):
            # "… but not all of them", "nicht alle", "不要全部": a negated "all" asks for no
            # bulk action
            if not negated_before(request[: m.start()]):
                return True
    return False


def _name_values(text: Mapping[str, str]) -> set[str]:
    out: set[str] = set()
    paying = lexicon().paying_fields
    for path, value in text.items():
        leaf = path.rsplit(".", 1)[-1].lower()
        if leaf in _NAME_FIELDS and not _under(path, paying):
            # (the name of the account it pays from is the payer's: "release their
            # retainage" -> {BankAccountRef: {name: "Operating - Mercury"}} names no payee)
            out |= _words(value)
        elif leaf in _SELECTION_FIELDS:
            for m in _QUOTED.finditer(value):
                out |= _words(m.group(1))
    return out


def _under(path: str, parents: frozenset[str]) -> bool:
    """Is the field at ``path`` inside an argument named in ``parents``?"""
    return any(p.split("[", 1)[0].lower() in parents for p in path.split(".")[:-1])


def _packages(text: Mapping[str, str], op: Operation) -> set[str]:
    out: set[str] = set()
    for path, value in text.items():
        leaf = path.rsplit(".", 1)[-1].lower()
        if leaf in _PACKAGE_FIELDS or op is Operation.UNINSTALL:
            out.update(m.group(0) for m in _PACKAGE.finditer(value.strip().lower()))
    return out


def _spells(name: str, parts: set[str]) -> bool:
    """Does a package spell the app's name ("candy crush" in com.king.candycrushsaga)?"""
    compact = "".join(tokens(name))
    if len(compact) < 3:
        return compact in parts
    return any(compact in part for part in parts)


def _app_mismatch(policy: CompiledPolicy, request: str, packages: set[str]) -> str | None:
    lowered = request.lower()
    asked = {n for n in policy.app_names if _mentions(lowered, n)}
    # package names the request spells out (not web domains or file names: reverse-DNS only)
    asked_pkgs = {
        p for p in _PACKAGE.findall(lowered) if p in packages or p.split(".", 1)[0] in _TLDS
    }
    if not asked and not asked_pkgs:
        return None
    for pkg in packages:
        if pkg in asked_pkgs:
            return None
        parts = set(tokens(pkg)) - GENERIC_PACKAGE_PARTS
        if any(pkg in policy.app_names[n] or _spells(n, parts) for n in asked):
            return None
    named = ", ".join(sorted(asked | asked_pkgs))
    return f"the user asked about {named}, not {', '.join(sorted(packages))}"


_FLAG = re.compile(r"^\s*(?:true|false)\s*$", re.IGNORECASE)


def _is_bulk(
    op: Operation,
    text: Mapping[str, str],
    all_words: frozenset[str],
    *,
    switches: frozenset[str] = frozenset(),
) -> bool:
    """A delete that selects nothing (``content delete --uri …/contacts``) or selects all. A
    switch that confirms or forces ({"confirm": true}) selects nothing of its own: a tool with
    only switches acts on the one thing its name names (``membership_cancel``); a switch named
    for everything ({"all": true}) selects all."""
    if op is not Operation.DELETE:
        return False
    if any(not all_words.isdisjoint(tokens(k)) for k in switches):
        return True  # {"all": true}, {"delete_all": true}
    if any(_WHOLE_SERIES.match(v) for v in text.values()):
        return True  # one meeting named, every meeting of its series deleted
    values = [
        v
        for path, v in text.items()
        if v.strip()
        and not (_FLAG.match(v) and all_words.isdisjoint(tokens(path.rsplit(".", 1)[-1])))
    ]
    if not values and (switches or any(v.strip() for v in text.values())):
        return False
    return not values or all(_ALL_ROWS.match(v) for v in values)


def _selects_all(
    op: Operation, text: Mapping[str, str], all_words: frozenset[str], *, switches: frozenset[str]
) -> bool:
    """A delete that says it selects everything: a switch named for all ({"all": true}), a
    scope of the whole series, a selection of every row ("1=1", "*"). Unlike ``_is_bulk`` an
    empty selection is not enough: a tool with no arguments acts on the one thing its name
    names (``cancel_membership {}``)."""
    if op is not Operation.DELETE:
        return False
    if any(not all_words.isdisjoint(tokens(k)) for k in switches):
        return True
    return any(
        _WHOLE_SERIES.match(v)
        or (path.rsplit(".", 1)[-1].lower() in _SELECTION_FIELDS and _ALL_ROWS.match(v))
        for path, v in text.items()
    )


def object_mismatch(
    policy: CompiledPolicy,
    op: Operation,
    request: str,
    text: Mapping[str, str],
    *,
    on_screen: bool = False,
    switches: frozenset[str] = frozenset(),
    designated: Callable[[str], bool] | None = None,
    service: frozenset[str] = frozenset(),
) -> str | None:
    """Why the request's object is not the one this action touches, or None when it is (or the
    request names no specific object). ``on_screen``: a GUI action acts on what is shown, and a
    tap carries no object name of its own. ``switches``: the names of the action's
    arguments set to true or false when it has no other ({"confirm": true} selects nothing,
    {"all": true} everything). ``designated``: whether a value was shown as data by a source
    the request pointed at (rule 5's delegation): "pay the plumber's invoice" names the invoice,
    and the payee it shows (Kowalski Plumbing) is the object the request calls for. ``service``:
    the words of the service the action belongs to ("doordash" of
    ``doordash.create_order_adjustment``): "the DoorDash order" says where, not which object."""
    packages = _packages(text, op)
    if packages:
        return _app_mismatch(policy, request, packages)
    names = requested_names(request, policy) - service
    lowered = request.lower()
    all_words = frozenset(policy.all_words)
    if (
        not names
        and not on_screen
        and _selects_all(op, text, all_words, switches=switches)
        and not asks_for_all(lowered, policy.all_words)
    ):
        # "clean up the bank's texts from last year" names no one, and a selection that says
        # "every row" is not what it asks for
        return f"the user asked for a {op.value.replace('_', ' ')} of some, this acts on all"
    if not names:
        return None
    if not on_screen and _is_bulk(op, text, all_words, switches=switches):
        if asks_for_all(lowered, policy.all_words):
            return None
        return (
            f"the user asked for a {op.value.replace('_', ' ')} of one object "
            f"({', '.join(sorted(names))}), this acts on all of them"
        )
    acted = _name_values(text)
    if not acted:
        return None
    request_words = _words(request) | _joined(request)
    places = {
        w
        for p, v in text.items()
        if p.rsplit(".", 1)[-1].lower() in _PLACE_FIELDS
        for w in _words(v)
    }
    if places & names:
        return None  # it goes where the request says: "file the invoice in 'Invoices 2024'"
    if _same_name(acted, request_words) or any(a in lowered for a in acted if not a.isascii()):
        return None
    named = [v for path, v in text.items() if path.rsplit(".", 1)[-1].lower() in _NAME_FIELDS]
    if designated is not None and named and all(designated(v) for v in named):
        return None
    return f"the user asked about {', '.join(sorted(names))}, not {' '.join(sorted(acted))}"
