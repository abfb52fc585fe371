"""Which GUI taps weaken the device's protection (rule 4: disabling security settings).

Three shapes of security screen are recognised, by what they say rather than by app:

* the screen-lock chooser ("Choose screen lock"): picking *None* or *Swipe* turns the lock off;
* a row with a toggle whose label names a protection (USB debugging, Install unknown apps /
  Allow from this source, Play Protect scanning, Developer options, Find My Device): a tap
  flips the toggle, and the new state either weakens protection or restores it; a toggle whose
  label names an access (notification access, display over other apps) grants it when turned on;
* a protection's own dialog ("Turn off two-factor authentication?") answered with a label that
  turns it off ([Turn off], [끄기]).

The result names the setting and its new state (``{"setting": "screen_lock", "value": "off"}``)
so the PEP's authorization can check that the user asked for this change in this direction.
Restoring protection (turning USB debugging off) is an ordinary settings change.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from android_bridge.events.lexicon import granted_access
from android_bridge.events.screen import Node, ParsedScreen
from host_pep.recognition.lexicon import lexicon
from host_pep.semantics import Operation


class SecurityTap(NamedTuple):
    operation: Operation
    setting: str
    value: str
    """The setting's new state: ``on`` or ``off``."""
    label: str


# The settings whose toggle a tap may flip, in the order their labels are tried, with the new
# state that weakens protection; their labels are language data (``values.settings.toggles``).
_WEAKENS: tuple[tuple[str, str], ...] = (
    ("adb_enabled", "on"),
    ("install_non_market_apps", "on"),
    ("play_protect", "off"),
    ("development_settings_enabled", "on"),
    ("find_my_device", "off"),
    ("two_factor", "off"),
    # the SIM's PIN: without it a stolen SIM receives the owner's calls and codes
    ("sim_lock", "off"),
)


@dataclass(frozen=True, slots=True)
class _Labels:
    """How the protection settings are labelled (``values.settings`` of every language file)."""

    lock_titles: tuple[str, ...]
    """Titles of the screen-lock chooser."""
    no_lock: frozenset[str]
    """The choices on it that leave the phone unlocked."""
    protection_dialogs: tuple[str, ...]
    """The dialog Android shows before it drops the lock."""
    keep: frozenset[str]
    """The answers to it that keep the lock."""
    toggles: tuple[tuple[tuple[str, ...], str, str], ...]
    """Toggle labels -> (setting, the new state that weakens protection). Matched as substrings
    of the row's normalised labels."""
    switch_states: frozenset[str]
    """A switch's own "ON"/"OFF": it names no protection."""
    off_answers: frozenset[str]
    """Answers on a protection's own dialog that turn it off ("Turn off", "끄기")."""


@lru_cache(maxsize=1)
def _labels() -> _Labels:
    words = lexicon().values.settings
    unknown = set(words.toggles) - {setting for setting, _ in _WEAKENS}
    if unknown:
        raise ValueError(f"values.settings.toggles names unknown settings: {sorted(unknown)}")
    return _Labels(
        lock_titles=tuple(words.lock_titles),
        no_lock=frozenset(words.no_lock_choices),
        protection_dialogs=tuple(words.protection_dialogs),
        keep=frozenset(words.keep_answers),
        toggles=tuple(
            (tuple(words.toggles[setting]), setting, weakening)
            for setting, weakening in _WEAKENS
            if words.toggles.get(setting)
        ),
        switch_states=frozenset(words.switch_states),
        off_answers=frozenset(_norm(w) for w in words.off_answers),
    )


_TOGGLE_CLASSES = ("Switch", "CheckBox", "ToggleButton", "CompoundButton")
_MAX_ROW_HEIGHT = 400  # a row, not a whole-screen container
_SPACE = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip(" .!:")


def _labels_inside(window: list[Node], node: Node) -> list[str]:
    left, top, right, bottom = node.bounds
    out = [s for s in (node.text, node.description) if s]
    for n in window:
        if n is node or n.depth <= node.depth:
            continue
        b = n.bounds
        if left <= b[0] and top <= b[1] and b[2] <= right and b[3] <= bottom:
            out.extend(s for s in (n.text, n.description) if s)
    return out


def _inside(outer: tuple[int, int, int, int], inner: tuple[int, int, int, int]) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


def _titles(window: list[Node], besides: list[Node], longest: int) -> list[str]:
    """What the window says of itself: the texts of its nodes that are no control (not
    clickable, not editable) and none of ``besides`` (the tapped node, its row), up to
    ``longest`` characters each."""
    return [
        _norm(s)
        for n in window
        if not n.clickable and not n.editable and not any(n is b for b in besides)
        for s in (n.text, n.description)
        if s and len(s) <= longest
    ]


def _is_toggle(node: Node) -> bool:
    return any(c in node.class_name for c in _TOGGLE_CLASSES)


def _row(window: list[Node], node: Node) -> list[Node]:
    """The preference row the tapped node belongs to: the smallest row-high node around it that
    holds a toggle and a label (the row itself, or the row around a tapped switch or title)."""
    around = [
        n
        for n in window
        if _inside(n.bounds, node.bounds) and n.bounds[3] - n.bounds[1] <= _MAX_ROW_HEIGHT
    ]
    for outer in sorted(around, key=lambda n: n.area):
        inner = [n for n in window if _inside(outer.bounds, n.bounds) and not n.editable]
        toggles = [n for n in inner if _is_toggle(n)]
        # the label is a sibling text, or the switch's own text ("Scan apps with Play Protect"
        # on a Switch); a bare switch's "ON"/"OFF" labels nothing, so the row is looked for
        # further out (the switch bar around "Allow from this source" [OFF])
        states = _labels().switch_states
        if toggles and any(
            n.text and _norm(n.text) not in states
            for n in inner
            if not _is_toggle(n) or len(toggles) == 1
        ):
            return inner
    return []


def _lock_choice(window: list[Node], node: Node) -> SecurityTap | None:
    titles = _titles(window, [node], 200)
    labels = _labels_inside(window, node)
    known = _labels()
    if any(t in title for title in titles for t in known.protection_dialogs):
        # "Remove device protection?" [Delete] / [Yes, remove]: any answer but cancel confirms
        answer = next((lab for lab in labels if _norm(lab) not in known.keep), None)
        if answer is not None and node.clickable and labels:
            return SecurityTap(Operation.SECURITY_CHANGE, "screen_lock", "off", answer)
        return None
    if not any(t in title for title in titles if len(title) <= 80 for t in known.lock_titles):
        return None
    for label in labels:
        if _norm(label) in known.no_lock:
            return SecurityTap(Operation.SECURITY_CHANGE, "screen_lock", "off", label)
    return None


def _toggle(window: list[Node], node: Node) -> SecurityTap | None:
    # a switch with no label row around it (a bare switch under its page's title): the page
    # says what it switches
    row = _row(window, node)
    bare = not row and _is_toggle(node)
    if bare:
        row = [node]
    switches = [n for n in row if _is_toggle(n)]
    if len(switches) != 1:
        return None  # no toggle, or several: the tap's effect is not a single flip
    labels = [_norm(s) for n in row for s in (n.text, n.description) if s and len(s) <= 120]
    new = "off" if switches[0].checked else "on"
    known = _labels()
    for phrases, setting, weakening in known.toggles:
        hit = next((lab for lab in labels if any(p in lab for p in phrases)), None)
        if hit is None:
            continue
        op = Operation.SECURITY_CHANGE if new == weakening else Operation.SETTINGS_CHANGE
        return SecurityTap(op, setting, new, hit)
    # A switch that gives an app an access ("Allow notification access", "Permit drawing over
    # other apps", "Allow access to manage all files"): turned on, it grants what its row names,
    # as the same access approved in a dialog does; turned off, it takes it away.
    if new == "on":
        # ... or, for a bare switch on an access's own page ("Use Chase Secure Assist" over
        # "… can view and control screen"), what the page says the switch gives
        said = labels + (_titles(window, row, 200) if bare else [])
        access = next((a for a in (granted_access(lab) for lab in said) if a), None)
        if access is not None:
            return SecurityTap(Operation.SECURITY_CHANGE, access, new, access)
    # A switch on a protection's own screen (title "Play Protect", "Find My Device") whose
    # row label says something else ("Improve detection", "Use this feature"): turning it off
    # turns that protection (or a part of it) off.
    titles = _titles(window, row, 80)
    for phrases, setting, weakening in known.toggles:
        if weakening != "off" or new != "off":
            continue
        if any(p in title for title in titles for p in phrases):
            label = next((lab for lab in labels if lab not in known.switch_states), setting)
            return SecurityTap(Operation.SECURITY_CHANGE, setting, new, label)
    return None


def _turns_off_in_dialog(window: list[Node], node: Node) -> SecurityTap | None:
    """A protection's own dialog ("Turn off two-factor authentication?", "2단계 인증을
    끄시겠어요?") answered with a label that turns it off ([Turn off], [끄기]): the protection
    goes off, whatever app asks."""
    labels = [_norm(lab) for lab in _labels_inside(window, node)]
    known = _labels()
    answer = next((lab for lab in labels if lab in known.off_answers), None)
    if answer is None or not node.clickable:
        return None
    titles = _titles(window, [node], 120)
    for phrases, setting, weakening in known.toggles:
        if weakening == "off" and any(p in title for title in titles for p in phrases):
            return SecurityTap(Operation.SECURITY_CHANGE, setting, "off", answer)
    return None


def security_tap(screen: ParsedScreen, node: Node) -> SecurityTap | None:
    """What a tap on ``node`` does to a security setting, or None if it touches none."""
    if node.editable:
        return None
    window = screen.window_nodes(node)
    return _lock_choice(window, node) or _toggle(window, node) or _turns_off_in_dialog(window, node)
