"""A messaging app's conversation screen: who the message being typed goes to.

Rule 1 names "Messages to a new recipient" as an outbound sink: a verification code seen in the
bank's SMS thread and typed as a reply in another thread leaves the device to someone else,
although both threads live in the same app. So text typed into the composer of an app that is
both a source and a sink (SMS, chat) is an outbound send, and the conversation's recipient is
read from the screen — the To field, else the thread's title in the toolbar — so the PEP can
judge it (rule 5) and sees where the value goes. A value shown in *this* thread (the same
conversation, on the screen right now) is the PEP's business, not ours: it knows the screen.
"""

from __future__ import annotations

from functools import lru_cache

from android_bridge.events.screen import SYSTEM_UI_PACKAGE, Node, ParsedScreen
from host_pep.recognition.lexicon import lexicon


@lru_cache(maxsize=1)
def _conversation_words() -> tuple[frozenset[str], frozenset[str]]:
    """Resource-id / hint words of the field (To) and of the label (a title) that name the
    conversation's other party (``values.fields`` of every language file)."""
    words = lexicon().values.fields
    return frozenset(words.conversation_to), frozenset(words.conversation_title)


_MAX_TITLE = 120


def _words(node: Node) -> set[str]:
    raw = f"{node.id_suffix} {node.hint}".lower()
    for ch in "-_/:.":
        raw = raw.replace(ch, " ")
    return set(raw.split())


def conversation_recipients(screen: ParsedScreen, composer: Node) -> list[str]:
    """Who a message typed into ``composer`` goes to, as this screen shows it (may be empty)."""
    to_words, title_words = _conversation_words()
    same_app = [
        n for n in screen.nodes if n.package == composer.package and n.package != SYSTEM_UI_PACKAGE
    ]
    to_fields = [
        n.value
        for n in same_app
        if n is not composer and n.editable and n.value and _words(n) & to_words
    ]
    if to_fields:
        return to_fields
    # no To field: the thread's title (a name, a number) in the top part of the screen
    top = composer.bounds[1]
    titles = [
        n.text
        for n in same_app
        if not n.editable
        and n.text
        and len(n.text) <= _MAX_TITLE
        and n.bounds[3] <= top
        and _words(n) & title_words
    ]
    return titles[:1]
