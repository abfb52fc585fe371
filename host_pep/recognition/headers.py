"""Message headers inside text: who sent a message, when a tool returns mail or a thread as text.

A mail read as text starts with its header ("From: Immobilien Rother <vermietung@…>"); a thread
or an inbox listing gives one entry per line ("[2] From: Chidi Okeke <chidi@…> — "Can you…""). An
address on such a line is the message's sender, as it is in a structured result's ``from`` field:
replying to it, or inviting the people of a thread, uses whoever wrote (rule 5), even where the
rest of the line asks the reader for something.

A header counts only where a header stands: in the text's first block (before its first blank
line) or at the start of an entry of a listing (``[2]``, ``2.``, ``-``). A "From:" line in the
middle of a message body is the body's text. The labels are language data (``sender_labels``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.wordmatch import alternation

# what may stand between the label and the address: a display name, not a sentence or a quote
_NAME = r"[^\n\"“”«»!?:]{0,80}"


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    labels = lexicon().sender_labels
    if not labels:
        return None
    label = rf"(?:{alternation(labels)})\s*:"
    # a line of the header block, and an entry of a listing
    head = re.compile(rf"[ \t>]*{label}(?P<name>{_NAME})\Z", re.IGNORECASE)
    entry = re.compile(
        rf"[ \t>]*(?:\[\d{{1,4}}\]|\d{{1,4}}[.)]|[-*•·])[ \t]*{label}(?P<name>{_NAME})\Z",
        re.IGNORECASE,
    )
    return head, entry


def sender_name(text: str, pos: int) -> str | None:
    """If ``pos`` (where an address starts) is on a sender header line of ``text``, the words
    before it on that line (the sender's display name, possibly empty); else None."""
    patterns = _patterns()
    if patterns is None:
        return None
    head, entry = patterns
    start = text.rfind("\n", 0, pos) + 1
    prefix = text[start:pos].rstrip("<(\"' \t")
    found = entry.match(prefix)
    if found is None:
        blank = text.find("\n\n")
        in_header = blank < 0 or start < blank
        found = head.match(prefix) if in_header else None
    return None if found is None else found.group("name").strip()


_HEADING = re.compile(r"\s*(?:#{1,3}[ \t]+(?P<md>[^\n]{2,120})|<h1[^>]*>(?P<h1>[^<]{2,120})</h1>)")


@lru_cache(maxsize=1)
def _title_line() -> re.Pattern[str] | None:
    labels = lexicon().title_labels
    if not labels:
        return None
    return re.compile(
        rf"^[ \t>]*(?:{alternation(labels)})[ \t]*:[ \t]*(?P<title>[^\n]{{2,120}})$",
        re.IGNORECASE | re.MULTILINE,
    )


def title(text: str) -> str | None:
    """What a text result says it is: a Markdown or HTML heading that opens it, or a subject
    line of its header block ("Subject: Launch postmortem"). None when it says nothing."""
    heading = _HEADING.match(text)
    if heading is not None:
        return (heading.group("md") or heading.group("h1")).strip()
    line = _title_line()
    if line is None:
        return None
    blank = text.find("\n\n")
    found = line.search(text, 0, blank if blank >= 0 else len(text))
    return None if found is None else found.group("title").strip()


def is_title_field(field: str) -> bool:
    """A top-level field that holds a record's title ("subject", "title"), not one of a
    listing's entries."""
    if not field or "[" in field or "." in field or "/" in field:
        return False
    return field.lower() in lexicon().title_labels
