"""Which taps commit something: a multilingual lexicon of button labels.

A tap on a button whose text, content-desc or resource-id says Send, Pay, Delete, Upload or
Reset commits that operation; every other tap only navigates. The words are language data, one
section ``buttons`` per language file (host_pep/recognition/languages/*.yaml): this module only
matches them. Labels are matched as whole words
(case-folded, any script), resource-ids on their ``_``/camelCase words (``btn_send``,
``sendButton``), so "Sender" or "Payload" do not trigger. Multi-word phrases are matched as
substrings of the normalised label. Security changes (factory reset, turning off the screen lock)
are phrases because "Reset" alone also resets a timer.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from host_pep.recognition.lexicon import lexicon
from host_pep.recognition.wordmatch import words_regex
from host_pep.semantics import Operation

# Checked in this order: a "Delete and send" label is judged by its most severe meaning.
_ORDER = (
    Operation.SECURITY_CHANGE,
    Operation.PAYMENT,
    Operation.UNINSTALL,
    Operation.DELETE,
    Operation.SHARE_UPLOAD,
    Operation.EXTERNAL_SEND,
    # the package installer's [Install]: what a page's "install this APK" gets done
    Operation.INSTALL,
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_SPLIT = re.compile(r"[^\w]+|_")


@dataclass(frozen=True)
class _Labels:
    """The language files' button words (``buttons`` in host_pep/recognition/languages/*.yaml),
    normalised as labels are."""

    words: dict[str, Operation]
    phrases: dict[Operation, tuple[str, ...]]
    confirm: frozenset[str]
    form_commit: frozenset[str]
    form_commit_ids: frozenset[str]
    id_noise: frozenset[str]
    grants: tuple[str, ...]
    approvals: frozenset[str]
    permission_groups: dict[str, tuple[str, ...]]


@lru_cache(maxsize=1)
def _labels() -> _Labels:
    lex = lexicon()
    words: dict[str, Operation] = {}
    for op in reversed(_ORDER):  # a word two operations list goes to the more severe one
        for w in lex.button_words.get(op, ()):
            words[_normalise(w)] = op
    return _Labels(
        words=words,
        phrases={
            op: tuple(_normalise(p) for p in lex.button_phrases.get(op, ()))
            for op in _ORDER
            if lex.button_phrases.get(op)
        },
        confirm=frozenset(_normalise(w) for w in lex.confirm_labels),
        form_commit=frozenset(_normalise(w) for w in lex.form_commit_labels),
        form_commit_ids=frozenset(_normalise(w) for w in lex.form_commit_ids),
        id_noise=frozenset(_normalise(w) for w in lex.id_noise),
        grants=tuple(_normalise(w) for w in lex.grant_phrases),
        approvals=frozenset(_normalise(w) for w in lex.approval_labels),
        permission_groups={
            g: tuple(_normalise(w) for w in said) for g, said in lex.permission_groups.items()
        },
    )


def _normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(_normalise(_CAMEL.sub("_", text))) if t]


def is_form_commit(*labels: str) -> bool:
    """Whether a button with these labels (text, content-desc, resource-id) commits its form."""
    known = _labels()
    for label in labels:
        if not label:
            continue
        if ":id/" in label:
            # btn_save, action_done, menu_save, fab_add, add_event (not save_location_toggle)
            words = [w for w in _tokens(label.rsplit("/", 1)[-1]) if w not in known.id_noise]
            if len(words) <= 2 and not known.form_commit_ids.isdisjoint(words):
                return True
            continue
        if _normalise(label).strip(" .!✓✔") in known.form_commit:
            return True
    return False


def is_button_label(label: str) -> bool:
    """Whether a text is short enough to be a button's label rather than content.

    The lexicon judges *buttons*: a list item whose preview says "Never share this code" is
    content, and tapping it opens a conversation. Labels are at most three words (30 chars);
    a label without spaces in a script without them (CJK) at most six characters.
    """
    text = label.strip()
    if not text:
        return False
    if " " in text:
        return len(text) <= 30 and len(text.split()) <= 3
    cjk = any("\u3000" <= c <= "\u9fff" or "\uac00" <= c <= "\ud7af" for c in text)
    return len(text) <= (6 if cjk else 20)


def is_confirmation(label: str) -> bool:
    """Whether a button label only confirms (OK, Confirm, Yes, 确定…)."""
    norm = _normalise(label).strip(" .!")
    return norm in _labels().confirm


def classify_label(*labels: str) -> Operation | None:
    """The operation a button with these labels (text, content-desc, resource-id) commits,
    or None when it only navigates."""
    known = _labels()
    found: set[Operation] = set()
    for label in labels:
        if not label:
            continue
        label = label.rsplit("/", 1)[-1] if ":id/" in label else label
        norm = _normalise(_CAMEL.sub(" ", label).replace("_", " "))
        for op, subs in known.phrases.items():
            if any(s in norm for s in subs):
                found.add(op)
        for token in _tokens(label):
            hit = known.words.get(token)
            if hit is not None:
                found.add(hit)
    for op in _ORDER:
        if op in found:
            return op
    return None


def is_approval(label: str) -> bool:
    """Whether a button label approves what its dialog asks ("Allow", "Start now", "Activate
    this device admin app"): the label, or its first word, is an approval."""
    norm = _normalise(label).strip(" .!")
    if not norm or len(norm.split()) > 6:
        return False
    known = _labels().approvals
    return norm in known or norm.split()[0] in known


def granted_access(*texts: str) -> str | None:
    """The access a dialog with these titles and messages grants when approved ("device
    admin", "start recording or casting"), or None."""
    known = _labels().grants
    for text in texts:
        norm = " ".join(_normalise(text).split())
        for phrase in known:
            if phrase in norm:
                return phrase
    return None


def permission_group(*texts: str) -> str | None:
    """The permission group a runtime permission prompt with these titles and messages asks
    for ("Allow Maps to access this device's location?" -> location), or None."""
    groups = _labels().permission_groups
    for text in texts:
        norm = _normalise(text)
        for group, phrases in groups.items():
            found = words_regex(phrases)
            if found is not None and found.search(norm):
                return group
    return None
