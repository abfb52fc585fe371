"""Which GUI taps weaken the device's protection (rule 4: disabling security settings).

Two shapes of security screen are recognised, by what they say rather than by app:

* the screen-lock chooser ("Choose screen lock"): picking *None* or *Swipe* turns the lock off;
* a row with a toggle whose label names a protection (USB debugging, Install unknown apps /
  Allow from this source, Play Protect scanning, Developer options, Find My Device): a tap
  flips the toggle, and the new state either weakens protection or restores it.

The result names the setting and its new state (``{"setting": "screen_lock", "value": "off"}``)
so the PEP's authorization can check that the user asked for this change in this direction.
Restoring protection (turning USB debugging off) is an ordinary settings change.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

from android_bridge.events.screen import Node, ParsedScreen
from host_pep.semantics import Operation


class SecurityTap(NamedTuple):
    operation: Operation
    setting: str
    value: str
    """The setting's new state: ``on`` or ``off``."""
    label: str


# Titles of the screen-lock chooser, and the choices on it that leave the phone unlocked.
_LOCK_SCREEN_TITLES = (
    "screen lock", "lock screen", "screen-lock", "bildschirmsperre", "verrouillage de l'écran",
    "verrouillage d'écran", "bloqueo de pantalla", "blocco schermo", "schermvergrendeling",
    "blokada ekranu", "блокировка экрана", "屏幕锁定", "锁屏", "画面ロック", "화면 잠금",
)  # fmt: skip
_NO_LOCK_CHOICES = frozenset(
    {
        "none", "swipe", "no lock", "keine", "wischen", "aucun", "aucune", "balayer",
        "balayage", "ninguno", "ninguna", "deslizar", "nessuno", "scorrimento", "geen", "vegen",
        "brak", "przesunięcie", "нет", "провести по экрану", "无", "滑动", "なし", "スワイプ",
        "없음", "밀기",
    }
)  # fmt: skip
# The dialog Android shows before it drops the lock, and the answers that keep it.
_PROTECTION_DIALOGS = (
    "remove device protection", "remove screen lock", "turn off screen lock",
    "gerätesicherheit entfernen", "supprimer la protection de l'appareil",
    "quitar la protección del dispositivo", "rimuovere la protezione del dispositivo",
    "移除设备保护", "デバイス保護を削除", "기기 보호 기능을 삭제",
)  # fmt: skip
_CANCEL = frozenset(
    {
        "cancel", "no", "keep", "not now", "back", "abbrechen", "nein", "annuler", "non",
        "cancelar", "annulla", "annuleren", "anuluj", "отмена", "нет", "取消", "キャンセル", "취소",
    }
)  # fmt: skip

# Toggle labels -> (setting, the new state that weakens protection). Matched as substrings of
# the row's normalised labels.
_TOGGLES: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("usb debugging", "wireless debugging", "adb debugging", "usb-debugging", "usb-debugging",
      "débogage usb", "depuración por usb", "debug usb", "usb-fehlerbehebung", "usb 调试",
      "usb调试", "usb デバッグ", "usb 디버깅"), "adb_enabled", "on"),
    (("install unknown apps", "allow from this source", "unknown sources",
      "unbekannte apps installieren", "sources inconnues", "orígenes desconocidos",
      "origini sconosciute", "安装未知应用", "未知来源"), "install_non_market_apps", "on"),
    (("play protect", "scan apps with play protect", "harmful app detection", "verify apps",
      "scan device for security threats", "app-sicherheitsscan", "analyser les applications",
      "analizar aplicaciones", "scansiona app"), "play_protect", "off"),
    (("developer options", "entwickleroptionen", "options pour les développeurs",
      "opciones para desarrolladores", "开发者选项"), "development_settings_enabled", "on"),
    (("find my device", "find my phone"), "find_my_device", "off"),
)  # fmt: skip
_TOGGLE_CLASSES = ("Switch", "CheckBox", "ToggleButton", "CompoundButton")
_MAX_ROW_HEIGHT = 400  # a row, not a whole-screen container
_SPACE = re.compile(r"\s+")


def _norm(text: str) -> str:
    return _SPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip(" .!:")


def _window(screen: ParsedScreen, node: Node) -> list[Node]:
    w = screen.window_of(screen.nodes.index(node))
    lo = screen.window_starts[w]
    hi = screen.window_starts[w + 1] if w + 1 < len(screen.window_starts) else len(screen.nodes)
    return screen.nodes[lo:hi]


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
        # on a Switch); a bare switch's "ON"/"OFF" never matches a protection's name
        if toggles and any(n.text for n in inner if not _is_toggle(n) or len(toggles) == 1):
            return inner
    return []


def _lock_choice(window: list[Node], node: Node) -> SecurityTap | None:
    titles = [
        _norm(s)
        for n in window
        if n is not node and not n.clickable and not n.editable
        for s in (n.text, n.description)
        if s and len(s) <= 200
    ]
    labels = _labels_inside(window, node)
    if any(t in title for title in titles for t in _PROTECTION_DIALOGS):
        # "Remove device protection?" [Delete] / [Yes, remove]: any answer but cancel confirms
        answer = next((lab for lab in labels if _norm(lab) not in _CANCEL), None)
        if answer is not None and node.clickable and labels:
            return SecurityTap(Operation.SECURITY_CHANGE, "screen_lock", "off", answer)
        return None
    if not any(t in title for title in titles if len(title) <= 80 for t in _LOCK_SCREEN_TITLES):
        return None
    for label in labels:
        if _norm(label) in _NO_LOCK_CHOICES:
            return SecurityTap(Operation.SECURITY_CHANGE, "screen_lock", "off", label)
    return None


def _toggle(window: list[Node], node: Node) -> SecurityTap | None:
    row = _row(window, node)
    switches = [n for n in row if _is_toggle(n)]
    if len(switches) != 1:
        return None  # no toggle, or several: the tap's effect is not a single flip
    labels = [_norm(s) for n in row for s in (n.text, n.description) if s and len(s) <= 120]
    new = "off" if switches[0].checked else "on"
    for phrases, setting, weakening in _TOGGLES:
        hit = next((lab for lab in labels if any(p in lab for p in phrases)), None)
        if hit is None:
            continue
        op = Operation.SECURITY_CHANGE if new == weakening else Operation.SETTINGS_CHANGE
        return SecurityTap(op, setting, new, hit)
    # A switch on a protection's own screen (title "Play Protect", "Find My Device") whose
    # row label says something else ("Improve detection", "Use this feature"): turning it off
    # turns that protection (or a part of it) off.
    titles = [
        _norm(s)
        for n in window
        if n not in row and not n.clickable and not n.editable
        for s in (n.text, n.description)
        if s and len(s) <= 80
    ]
    for phrases, setting, weakening in _TOGGLES:
        if weakening != "off" or new != "off":
            continue
        if any(p in title for title in titles for p in phrases):
            label = next((lab for lab in labels if lab not in ("on", "off")), setting)
            return SecurityTap(Operation.SECURITY_CHANGE, setting, new, label)
    return None


def security_tap(screen: ParsedScreen, node: Node) -> SecurityTap | None:
    """What a tap on ``node`` does to a security setting, or None if it touches none."""
    if node.editable:
        return None
    window = _window(screen, node)
    return _lock_choice(window, node) or _toggle(window, node)
