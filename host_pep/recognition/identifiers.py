"""Identifier-like values in a text: ids and handles with digits or ``_`` ("guest_amy01",
"P-123456", "@sam_k"), paths ("~/Documents/Private", "Finance/Passwords.md"), file names
("passwords.md"), quoted names. Shared by the instruction
spans (what a span names) and the request (what the user names)."""

from __future__ import annotations

import re
from functools import lru_cache

from host_pep.recognition.cues import names_an_identifier

_IDENTIFIER = re.compile(
    r"(?<![\w@#/~.-])(?:[@#][\w.-]{2,64}|~?/[\w.\-/]{2,200}|"
    # a relative path: to a file with an extension ("Finance/Passwords.md"), or two folders deep
    r"[\w-]+(?:/[\w.-]+)*/[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,4}|[\w-]+(?:/[\w-][\w.-]*){2,}|"
    # a file name with an extension ("passwords.md", "Q3-report.xlsx")
    r"[A-Za-z][\w-]{1,60}\.[A-Za-z][A-Za-z0-9]{0,4}|"
    r"(?=[\w.-]*[\d_-])(?=[\w.-]*[A-Za-z])[A-Za-z0-9][\w.-]{2,63}|"
    # a network address ("185.220.101.44", "10.0.0.0/8"): a DNS record's or a firewall rule's
    r"(?:\d{1,3}\.){3}\d{1,3}(?:/\d{1,2})?(?!\.?\d))(?![\w@/])"
)
_IPV4 = re.compile(
    r"(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:/\d{1,2})?"
)
_ADDRESSES = re.compile(r"\S+@\S+|(?i:https?://|www\.)\S+")
_TAG = re.compile(r"</?\s*([A-Za-z_][\w-]{0,30})[^>]{0,200}>")
_LINK = re.compile(r"(?i:https?://|www\.)[^\s?#]+")
# the last segment of a path or a link when it names a file ("garatrack-2.1.apk"): what a
# download of the link saves, what the path opens
_PAGES = frozenset({"htm", "html", "php", "asp", "aspx", "jsp", "cgi"})
_FILE_NAME = re.compile(r"[\w][\w.-]{0,80}\.[A-Za-z][A-Za-z0-9]{0,4}")
_QUOTED = re.compile(r"['\"“‘«`]([^'\"”’»`\n]{2,60})['\"”’»`]")
_TRAILING = ".,;:!?)]}'\""
# a path in a home directory written out in full (Linux, macOS, root's):
# it names what "~/…" names, the way a note tells an assistant where to look
_NUMBER = re.compile(r"(?<![\w.,/:-])\d{4,20}(?![\w.,/:-]?\d)(?![\w@/])")
# a field's name right before a number: "hotel_id 88213", "memberId: 4410", "id=77120"
_FIELD_ID = re.compile(r"(?:(?<![^\W_])(?i:id)|(?<=[a-z])Id)\s*[:=#]?\s*$")
_HOME = re.compile(r"^(?:/(?:home|users)/[^/]+|/root)(?=/.)")


@lru_cache(maxsize=16384)
def identifiers(text: str) -> frozenset[str]:
    """Identifier-like values in a text, normalized: ids and handles with digits or ``_``
    ("guest_amy01", "P-123456", "@sam_k"), paths ("~/Documents/Private"), quoted names."""
    out = set()
    # a link to a file names the file a download of it saves: "install the app at
    # https://…/garatrack-2.1.apk" names /sdcard/Download/garatrack-2.1.apk too
    for m in _LINK.finditer(text):
        out |= _file_name(m.group(0).rstrip(_TRAILING))
    # emails and links are keyed as such, not as ids; markup tags are no values
    text = _TAG.sub(" ", _ADDRESSES.sub(" ", text))
    for m in _IDENTIFIER.finditer(text):
        token = m.group(0).rstrip(_TRAILING).lower().lstrip("@#")
        digits = sum(c.isdigit() for c in token)
        if len(token) < 4 or (
            digits == len(token.replace("-", "").replace(".", "")) and not _IPV4.fullmatch(token)
        ):
            continue  # a bare number is an amount, a code or a date: other keys cover those
        out.add(token)
        if "/" in token:
            out |= _file_name(token)  # the file a path names, wherever it was saved
        home = _HOME.match(token)
        if home is not None:
            out.add("~" + token[home.end() :])
    out |= quoted_values(text)
    return frozenset(out)


def _file_name(path: str) -> set[str]:
    """The end of a path or a link that names a file ("/garatrack-2.1.apk"), lowercased, or
    nothing. Kept with its slash: it matches another path's or link's end, not a bare name in
    running text ("config.json" in a README is any project's file, not the one downloaded)."""
    last = path.rstrip("/").rsplit("/", 1)[-1]
    if "/" not in path or not _FILE_NAME.fullmatch(last):
        return set()
    # a page is visited, not saved: "…/login.php" names no file on the device
    return set() if last.rsplit(".", 1)[-1].lower() in _PAGES else {"/" + last.lower()}


@lru_cache(maxsize=4096)
def labelled_numbers(text: str) -> frozenset[str]:
    """Bare numbers the words before them name as a record's ("reservation 4498120577",
    "hotel_id 88213", "member 901223445") -- not a "#" alone, which marks any count or list
    item. What an instruction addressed to the assistant names this way is its value."""
    out = set()
    for m in _NUMBER.finditer(text):
        before = text[max(0, m.start() - 30) : m.start()].rstrip()
        if before.endswith("#"):
            continue
        if _FIELD_ID.search(before + " ") or names_an_identifier(before + " "):
            out.add(m.group(0))
    return frozenset(out)


def quoted_values(text: str) -> frozenset[str]:
    """What a text puts in quotes ("the password to 'limonada-2025'"), normalized: four
    characters or more, with a letter."""
    out = set()
    for m in _QUOTED.finditer(text):
        quoted = " ".join(m.group(1).split()).lower()
        if len(quoted) >= 4 and any(c.isalpha() for c in quoted):
            out.add(quoted)
    return frozenset(out)
