"""Device-maintenance shell commands: ``cmd statusbar|media_session|notification``,
``svc power stayon`` and the airplane-mode broadcast.

These change how the device behaves (volume, Do Not Disturb, stay-awake, airplane mode) or only
what it shows (the notification shade), never anyone's data and never its protection, so they
are ordinary settings changes or navigation that rule 4 leaves alone. Each is read the way the
device's tool reads it: a sub-command or option not listed here is still UNKNOWN (rule 8), and
a malformed known one is an error naming the problem, because a misread option would shift
every value after it.
"""

from __future__ import annotations

from android_bridge.events import apps
from android_bridge.events.meaning import CommandMeaning
from host_pep.exceptions import EventValidationError
from host_pep.semantics import FieldRole, Operation

F = "payload.command"

# `cmd statusbar` sub-commands that only open or close the shade / quick settings.
_STATUSBAR_VIEWS = frozenset({"expand-notifications", "expand-settings", "collapse"})
# `cmd notification set_dnd` modes (Android's NotificationShellCmd).
_DND_MODES = frozenset({"on", "off", "all", "none", "priority", "alarms"})
# `cmd notification` sub-commands that only print what is posted or approved.
_NOTIFICATION_READS = frozenset({"list", "get", "get_approved_assistant"})
# `svc power stayon` values: when the screen stays awake.
_STAYON = frozenset({"true", "false", "usb", "ac", "wireless"})
# `cmd media_session volume` options: which take a value, which are flags.
_VOLUME_VALUE = frozenset({"--stream", "--set", "--adj"})
_VOLUME_FLAG = frozenset({"--get", "--show"})
_VOLUME_ADJ = frozenset({"raise", "lower", "same"})
AIRPLANE_MODE_ACTION = "android.intent.action.AIRPLANE_MODE"


def _settings_meaning(target: str, op: Operation, description: str) -> CommandMeaning:
    app = apps.catalog().get("settings")
    return CommandMeaning(target, op, app, apps.main_package(app), description=description)


def _volume(argv: tuple[str, ...]) -> CommandMeaning:
    opts: dict[str, str] = {}
    flags: set[str] = set()
    i = 3
    while i < len(argv):
        a = argv[i]
        if a in _VOLUME_FLAG:
            flags.add(a)
            i += 1
        elif a in _VOLUME_VALUE:
            if i + 1 >= len(argv):
                raise EventValidationError(
                    f"`cmd media_session volume`: {a} needs a value", field=F
                )
            opts[a] = argv[i + 1]
            i += 2
        else:
            raise EventValidationError(f"unknown `cmd media_session volume` option {a!r}", field=F)
    for name in ("--stream", "--set"):
        if name in opts and not opts[name].isdigit():
            raise EventValidationError(
                f"`cmd media_session volume`: {name} takes a number", field=F
            )
    if "--adj" in opts and opts["--adj"] not in _VOLUME_ADJ:
        raise EventValidationError(
            "`cmd media_session volume`: --adj is raise, lower or same", field=F
        )
    if "--set" not in opts and "--adj" not in opts:
        # --get / --show only read or display the volume
        return _settings_meaning("settings.volume", Operation.READ, "read the volume")
    m = _settings_meaning("settings.volume", Operation.SETTINGS_CHANGE, "change the volume")
    m.put("key", "volume", FieldRole.IDENTIFIER)
    m.put("value", opts.get("--set") or opts["--adj"], FieldRole.OTHER)
    if "--stream" in opts:
        m.put("stream", opts["--stream"], FieldRole.IDENTIFIER)
    return m


PARSED_SERVICES = frozenset({"statusbar", "media_session", "notification"})
"""The ``cmd`` services parsed here: a subcommand of theirs not parsed is unknown, whatever a
broader vocabulary guesses of it (posting a notification is no maintenance)."""


def parse_cmd_service(argv: tuple[str, ...]) -> CommandMeaning | None:
    """``cmd SERVICE …`` for the device-maintenance services; None for any other service."""
    if len(argv) < 2:
        return None
    service, sub = argv[1], argv[2] if len(argv) > 2 else ""
    if service == "statusbar":
        if sub in _STATUSBAR_VIEWS and len(argv) == 3:
            return _settings_meaning("systemui.statusbar", Operation.NAVIGATE, f"statusbar {sub}")
        return None
    if service == "media_session" and sub == "volume":
        return _volume(argv)
    if service == "notification" and sub in _NOTIFICATION_READS:
        # `cmd notification list|get KEY`: prints the posted notifications -- a read of the
        # shade, whose texts arrived from outside the user (rule 5)
        m = CommandMeaning(f"notification.{sub}", Operation.READ, description=" ".join(argv[:3]))
        m.result_source = "notifications"
        return m
    if service == "notification" and sub == "set_dnd":
        if len(argv) != 4 or argv[3] not in _DND_MODES:
            raise EventValidationError(
                f"`cmd notification set_dnd` takes one of {', '.join(sorted(_DND_MODES))}", field=F
            )
        m = _settings_meaning("settings.zen_mode", Operation.SETTINGS_CHANGE, "Do Not Disturb")
        m.put("key", "zen_mode", FieldRole.IDENTIFIER)
        m.put("value", argv[3], FieldRole.OTHER)
        return m
    return None


def parse_svc_power(argv: tuple[str, ...]) -> CommandMeaning | None:
    """``svc power stayon VALUE``: keep the screen awake while plugged in (a comfort setting)."""
    if len(argv) < 3 or argv[1] != "power" or argv[2] != "stayon":
        return None
    if len(argv) != 4 or argv[3] not in _STAYON:
        raise EventValidationError(
            f"`svc power stayon` takes one of {', '.join(sorted(_STAYON))}", field=F
        )
    m = _settings_meaning("settings.stay_awake", Operation.SETTINGS_CHANGE, "svc power stayon")
    m.put("key", "stay_on_while_plugged_in", FieldRole.IDENTIFIER)
    m.put("value", argv[3], FieldRole.OTHER)
    return m


def airplane_broadcast(extras: dict[str, str]) -> CommandMeaning:
    """``am broadcast -a …AIRPLANE_MODE [--ez state B]``: tells the system the airplane-mode
    setting changed (the usual second half of ``settings put global airplane_mode_on``)."""
    m = _settings_meaning(
        "settings.airplane_mode", Operation.SETTINGS_CHANGE, "broadcast airplane mode"
    )
    m.put("key", "airplane_mode_on", FieldRole.IDENTIFIER)
    if "state" in extras:
        m.put("value", extras["state"], FieldRole.OTHER)
    for key, value in extras.items():
        if key != "state":
            m.put(key, value, FieldRole.CONTENT)
    return m
