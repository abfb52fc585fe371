"""What one simple ADB shell command means: argv -> semantic target, operation and payload.

Each ``parse_*`` reads one command family the way the device's tool would (``content``, ``am``,
``pm``/``cmd package``, ``settings``, ``input``, ``svc``, ``rm`` and a small set of read-only
utilities). An option the parser does not know is an error rather than a guess, because a
misread option would shift every value after it; an unknown command has operation UNKNOWN,
which the PEP denies.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, unquote, urlsplit

from android_bridge.events import apps, device_commands, privileges, provider_rows
from android_bridge.events.meaning import CommandMeaning
from android_bridge.events.shell_split import ShellPart, run_as_command
from apk_helper.catalog import AppEntry
from host_pep.exceptions import EventValidationError
from host_pep.recognition.commands import command_operation
from host_pep.recognition.lexicon import lexicon
from host_pep.semantics import FieldRole, Operation

F = "payload.command"


def _app_name(app: AppEntry | None, fallback: str) -> str:
    return app.name if app is not None else fallback


def _role(app: AppEntry | None, name: str) -> FieldRole:
    return apps.field_role(app, name)


# -- content ----------------------------------------------------------------------------------

_CONTENT_VERBS = {
    "query": Operation.READ,
    "insert": Operation.LOCAL_WRITE,
    "update": Operation.LOCAL_WRITE,
    "delete": Operation.DELETE,
    "gettype": Operation.READ,
}
_CONTENT_VALUE_OPTS = {"--uri", "--bind", "--where", "--projection", "--sort", "--user", "--arg"}
_BIND_TYPES = set("bsilfdn")


_OUTBOUND = frozenset({Operation.SHARE_UPLOAD, Operation.EXTERNAL_SEND, Operation.PAYMENT})


def _table_act(app: AppEntry | None, uri: str) -> tuple[str, Operation] | None:
    """(verb, operation) when the provider table of ``uri`` is named for an outbound act the
    catalog knows for its app (``uploads`` -> files.upload -> share_upload)."""
    if app is None:
        return None
    path = urlsplit(uri).path.strip("/")
    table = path.split("/", 1)[0].lower() if path else ""
    for verb in (table, table.removesuffix("s")):
        if not verb:
            continue
        op = apps.operation_for(app, verb)
        if op in _OUTBOUND:
            return verb, op
    return None


def split_bind(bind: str) -> tuple[str, str, str]:
    """A ``--bind`` argument as (column, type, value). Android 14's ``content`` splits it on
    unescaped colons (a backslash escapes the next character, so ``a\\:b`` is ``a:b``); older
    tools kept everything after the second colon as the value. The value judged is the text
    either tool would write: the rest after the type, escapes removed (a binding the newer
    tool refuses writes nothing, so judging its text is the safe side)."""
    fields: list[str] = []
    cur: list[str] = []
    i = 0
    while i < len(bind):
        ch = bind[i]
        if ch == "\\":
            if i + 1 == len(bind):
                raise EventValidationError(f"--bind {bind!r}: a trailing backslash", field=F)
            cur.append(bind[i + 1])
            i += 2
            continue
        if ch == ":" and len(fields) < 2:
            fields.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        i += 1
    fields.append("".join(cur))
    typ = fields[1] if len(fields) == 3 else ""
    if len(fields) != 3 or not fields[0] or not (typ == "s" or typ.lower() in _BIND_TYPES - {"s"}):
        raise EventValidationError(f"malformed --bind {bind!r} (name:type:value)", field=F)
    return fields[0], fields[1], fields[2]


def _content_fields(m: CommandMeaning, app: AppEntry | None, binds: list[str]) -> None:
    """Every bound column, by what it holds: a contacts data row's ``data1``… by its mimetype
    (a phone's ``data1`` is judged as a phone); any other column by the catalog, where a
    free-text column a caller writes is content."""
    split = [split_bind(b) for b in binds]
    mimetype = next((v for c, _, v in split if c == "mimetype"), None)
    for col, _, value in split:
        meaning = provider_rows.data_column(mimetype, col) if app is not None and (
            app.name == "contacts"
        ) else None  # fmt: skip
        name = meaning.name if meaning is not None else col
        role = FieldRole(meaning.role) if meaning is not None and meaning.role else _role(app, name)
        m.put(name, value, role)


def _settings_row(m: CommandMeaning, uri: str, verb: str) -> None:
    """``content insert|update|delete`` on ``content://settings/NS``: the same judgement as
    ``settings put|delete`` of the key it names (a privilege grant is a security change)."""
    segments = [s for s in urlsplit(uri).path.split("/") if s]
    picked = provider_rows.selected(m.text.get("where"))
    key = (
        m.text.get("name")
        or (segments[1] if len(segments) > 1 else "")
        or (picked[1] if picked is not None and picked[0] == "name" else "")
    )
    if not key:
        return
    op = privileges.setting_operation(key, m.text.get("value"), verb=verb)
    m.operation = op if op is not None else Operation.SETTINGS_CHANGE
    m.description += f" (setting {key})"
    if "key" not in m.text:
        m.put("key", key, FieldRole.IDENTIFIER)


def parse_content(argv: tuple[str, ...]) -> CommandMeaning:
    if len(argv) < 2:
        raise EventValidationError("`content` needs a subcommand (query, insert, …)", field=F)
    verb = argv[1]
    opts: dict[str, list[str]] = {}
    i = 2
    while i < len(argv):
        opt = argv[i]
        if opt not in _CONTENT_VALUE_OPTS:
            raise EventValidationError(f"unknown `content` option {opt!r}", field=F)
        if i + 1 >= len(argv):
            raise EventValidationError(f"`content {verb}`: {opt} needs a value", field=F)
        opts.setdefault(opt, []).append(argv[i + 1])
        i += 2
    uris = opts.get("--uri", [])
    if len(uris) != 1:
        raise EventValidationError(f"`content {verb}` needs exactly one --uri", field=F)
    uri = uris[0]
    app = apps.catalog().app_for_uri(uri)
    name = _app_name(app, "content")
    op = _CONTENT_VERBS.get(verb, Operation.UNKNOWN)
    target_verb = verb
    if verb == "insert":
        # A row inserted into a table named for an outbound act *is* that act: a row in
        # documentsui's ``uploads`` is an upload, a row in the shop's ``orders`` an order.
        act = _table_act(app, uri)
        if act is not None:
            target_verb, op = act
    wheres = opts.get("--where", [])
    bulk = verb in ("update", "delete") and provider_rows.is_bulk(uri, wheres)
    if bulk:
        # a write whose selection can touch many rows is a bulk change: high-impact, like a
        # delete (`--where 1=1` repoints every contact, blanks every message)
        op = Operation.DELETE
        target_verb = "delete" if verb == "delete" else "bulk_update"
    m = CommandMeaning(
        target=f"{name}.{target_verb}",
        operation=op,
        app=app,
        package=apps.main_package(app),
        description=f"content {verb} on {uri}"
        + (" (every row its selection matches)" if bulk else ""),
        result_uri=uri,
    )
    _content_fields(m, app, opts.get("--bind", []))
    for where in wheres:
        m.put("where", where, FieldRole.IDENTIFIER)
    if (
        verb in ("update", "delete")
        and not wheres
        and not (app is not None and app.name == "settings")
    ):
        # With no --where the URI is the selection: its one row (content://sms/5, the same as
        # ``--where _id=5``) or every row of its table, spelt as the select-all it is. The
        # object check (host_pep.policy.objects) then sees what is selected, not an empty
        # payload: a request for one message does not allow a table wiped, and a row URI is one
        # message, not all of them.
        if provider_rows.names_one_row(uri):
            m.put("row", uri, FieldRole.IDENTIFIER)
        else:
            m.put("where", "*", FieldRole.IDENTIFIER)
    if app is not None and app.name == "settings" and verb in ("insert", "update", "delete"):
        _settings_row(m, uri, "delete" if verb == "delete" else "put")
        if bulk and m.operation is not Operation.SECURITY_CHANGE:
            m.operation = Operation.DELETE
    if op is Operation.READ:
        m.result_source = name
    return m


# -- am ---------------------------------------------------------------------------------------

# Options that take one value (intent spec and `am start` options), and flags without one.
_AM_VALUE = {
    "-a", "-d", "-t", "-c", "-n", "-f", "-i", "-p", "--user", "--display", "--windowingMode",
    "--activityType", "-R", "-P", "--start-profiler", "--sampling", "--attach-agent",
    "--attach-agent-bind", "--receiver-permission", "--task", "--esn", "--ecn",
}  # fmt: skip
_AM_EXTRA2 = {"-e", "--es", "--ez", "--ei", "--el", "--ef", "--ed", "--eu", "--eia", "--ela",
              "--efa", "--eda", "--esa", "--eial", "--elal", "--efal", "--esal", "--edal"}  # fmt: skip
_AM_FLAGS = {
    "-W", "-S", "-D", "-N", "--streaming", "--track-allocation", "--grant-read-uri-permission",
    "--grant-write-uri-permission", "--grant-persistable-uri-permission",
    "--grant-prefix-uri-permission", "--exclude-stopped-packages", "--include-stopped-packages",
    "--debug-log-resolution", "--activity-brought-to-front", "--activity-clear-top",
    "--activity-clear-when-task-reset", "--activity-exclude-from-recents",
    "--activity-launched-from-history", "--activity-multiple-task", "--activity-no-animation",
    "--activity-no-history", "--activity-no-user-action", "--activity-previous-is-top",
    "--activity-reorder-to-front", "--activity-reset-task-if-needed", "--activity-single-top",
    "--activity-clear-task", "--activity-task-on-home", "--activity-match-external",
    "--receiver-registered-only", "--receiver-replace-pending", "--receiver-foreground",
    "--receiver-no-abort", "--receiver-include-background", "--selector", "--async",
    "--allow-background-activity-starts", "--background",
}  # fmt: skip


@dataclass
class Intent:
    action: str = ""
    data: str = ""
    mime: str = ""
    component: str = ""
    package: str = ""
    extras: dict[str, str] = field(default_factory=dict)


def _parse_intent(argv: tuple[str, ...], start: int) -> Intent:
    intent = Intent()
    i = start
    positional: list[str] = []
    while i < len(argv):
        a = argv[i]
        if a in _AM_FLAGS:
            i += 1
        elif a in _AM_VALUE:
            if i + 1 >= len(argv):
                raise EventValidationError(f"`am`: {a} needs a value", field=F)
            v = argv[i + 1]
            if a == "-a":
                intent.action = v
            elif a == "-d":
                intent.data = v
            elif a == "-t":
                intent.mime = v
            elif a == "-n":
                intent.component = v
            elif a == "-p":
                intent.package = v
            elif a in ("--esn", "--ecn"):
                intent.extras[v] = ""
            i += 2
        elif a in _AM_EXTRA2:
            if i + 2 >= len(argv):
                raise EventValidationError(f"`am`: {a} needs a key and a value", field=F)
            intent.extras[argv[i + 1]] = argv[i + 2]
            i += 3
        elif a.startswith("-"):
            raise EventValidationError(f"unknown `am` option {a!r}", field=F)
        else:
            positional.append(a)
            i += 1
    if len(positional) > 1:
        raise EventValidationError(f"`am`: unexpected arguments {positional[1:]}", field=F)
    if positional:
        p = positional[0]
        if "/" in p and "://" not in p and ":" not in p.split("/", 1)[0]:
            intent.component = intent.component or p
        elif ":" in p:
            intent.data = intent.data or p
        else:
            intent.package = intent.package or p
    return intent


def _short_action(action: str) -> str:
    return action.rsplit(".", 1)[-1].upper() if action else ""


def _extra_name(key: str) -> str:
    """``android.intent.extra.TEXT`` -> ``text``; ``sms_body`` stays."""
    for prefix in ("android.intent.extra.alarm.", "android.intent.extra."):
        if key.startswith(prefix):
            return key[len(prefix) :].lower()
    return key


def _intent_meaning(intent: Intent, *, broadcast: bool) -> CommandMeaning:
    cat = apps.catalog()
    short = _short_action(intent.action)
    scheme, _, rest = intent.data.partition(":")
    scheme = scheme.lower() if _ else ""
    pkg = intent.package or intent.component.split("/", 1)[0]
    if short in ("MASTER_CLEAR", "FACTORY_RESET"):
        app = cat.get("settings")
        return CommandMeaning(
            "settings.factory_reset",
            Operation.SECURITY_CHANGE,
            app,
            apps.main_package(app),
            description="factory reset",
        )
    if broadcast and intent.action == device_commands.AIRPLANE_MODE_ACTION and not pkg:
        return device_commands.airplane_broadcast(intent.extras)
    if broadcast:
        app = (
            cat.app_for_intent(intent.action, intent.data or None, intent.mime or None)
            if (intent.action)
            else None
        )
        m = CommandMeaning(
            f"{_app_name(app, 'intent')}.broadcast",
            Operation.UNKNOWN,
            app,
            description=f"broadcast {intent.action or '(no action)'}: receivers decide its effect",
        )
        _put_extras(m, intent, app)
        return m
    if scheme in ("sms", "smsto", "mms", "mmsto") and short in ("SENDTO", "SEND"):
        app = cat.get("sms")
        m = CommandMeaning("sms.send", Operation.EXTERNAL_SEND, app, apps.main_package(app))
        recipient = unquote(rest.lstrip("/").split("?", 1)[0])
        if recipient:
            m.put("recipient", recipient, FieldRole.RECIPIENT)
        _put_extras(m, intent, app)
        m.description = "send an SMS"
        return m
    if scheme == "mailto" and short in ("SENDTO", "SEND", "VIEW"):
        app = cat.get("mail")
        m = CommandMeaning("mail.send", Operation.EXTERNAL_SEND, app, apps.main_package(app))
        parts = urlsplit(intent.data)
        to = unquote(parts.path)
        if to:
            m.put("to", to, FieldRole.RECIPIENT)
        for k, vs in parse_qs(parts.query).items():
            for v in vs:
                m.put(k.lower(), v, _role(app, k))
        _put_extras(m, intent, app)
        m.description = "send a mail"
        return m
    if (scheme == "tel" or not intent.data) and short in ("CALL", "DIAL", "CALL_PRIVILEGED",
                                                           "CALL_EMERGENCY"):  # fmt: skip
        # CALL places the call: an outbound act to its number, judged by where that number
        # came from (rule 5). DIAL only shows the dial pad with the number typed.
        app = cat.get("phone")
        number = unquote(rest)
        call = short != "DIAL"
        if call and not number:
            raise EventValidationError("`am start -a …CALL` needs the number as tel:N", field=F)
        m = CommandMeaning(
            "phone.call" if call else "phone.dial",
            Operation.EXTERNAL_SEND if call else Operation.NAVIGATE,
            app, apps.main_package(app),
        )  # fmt: skip
        if number:
            m.put("number", number, FieldRole.RECIPIENT)
        m.description = f"{'call' if call else 'dial'} {number}".strip()
        return m
    if short in ("DELETE", "UNINSTALL_PACKAGE") and (scheme == "package" or pkg):
        app = cat.get("package")
        m = CommandMeaning("package.uninstall", Operation.UNINSTALL, app)
        m.put("package", rest or pkg, FieldRole.IDENTIFIER)
        m.description = "uninstall a package"
        return m
    if short in ("VIEW", "") and scheme in _PAYMENT_SCHEMES:
        # a payment link (UPI, a crypto wallet URI): opening it starts a payment (rule 4)
        m = CommandMeaning(f"{scheme}.pay", Operation.PAYMENT, None)
        m.put("url", intent.data, FieldRole.URL)
        query = parse_qs(urlsplit(intent.data).query)
        for key, role in (
            ("pa", FieldRole.ACCOUNT),
            ("am", FieldRole.AMOUNT),
            ("amount", FieldRole.AMOUNT),
        ):
            for v in query.get(key, ()):
                m.put(key, v, role)
        m.description = f"open a {scheme} payment link"
        return m
    if short in ("VIEW",) and scheme in ("http", "https"):
        app = cat.get("browser")
        m = CommandMeaning("browser.open", Operation.NAVIGATE, app, apps.main_package(app))
        m.put("url", intent.data, FieldRole.URL)
        m.description = "open a web page"
        return m
    if intent.action.startswith("android.settings."):
        app = cat.get("settings")
        return CommandMeaning(
            "settings.open", Operation.NAVIGATE, app, apps.main_package(app),
            description=f"open {intent.action}",
        )  # fmt: skip
    if short in ("MAIN", "") and not intent.data:
        if not pkg:
            raise EventValidationError("`am start` needs an action, data or component", field=F)
        app = apps.app_for_package(pkg)
        if intent.extras:
            # extras hand text to the activity (android.intent.extra.TEXT into a note editor):
            # a write into that app, and nobody can judge a write into an app nobody knows
            m = CommandMeaning(
                f"{_app_name(app, pkg)}.insert",
                Operation.LOCAL_WRITE if app is not None else Operation.UNKNOWN,
                app,
                pkg,
                description=f"start {pkg} with extras",
            )
            _put_extras(m, intent, app)
            return m
        return CommandMeaning(
            f"{_app_name(app, pkg)}.launch",
            Operation.NAVIGATE,
            app,
            pkg,
            description=f"launch {pkg}",
        )
    app = cat.app_for_intent(intent.action, intent.data or None, intent.mime or None)
    if app is None and pkg:
        app = apps.app_for_package(pkg)
    op = {
        "INSERT": Operation.LOCAL_WRITE,
        "EDIT": Operation.LOCAL_WRITE,
        "INSERT_OR_EDIT": Operation.LOCAL_WRITE,
        "SET_ALARM": Operation.LOCAL_WRITE,
        "SET_TIMER": Operation.LOCAL_WRITE,
        "SEND": Operation.SHARE_UPLOAD,
        "SEND_MULTIPLE": Operation.SHARE_UPLOAD,
        "SENDTO": Operation.EXTERNAL_SEND,
        "VIEW": Operation.NAVIGATE,
        "SHOW_ALARMS": Operation.NAVIGATE,
        "SHOW_TIMERS": Operation.NAVIGATE,
        "PICK": Operation.NAVIGATE,
        "GET_CONTENT": Operation.NAVIGATE,
        "WEB_SEARCH": Operation.NAVIGATE,
        # the camera opened to take a photo or a video: the shutter is the next step's
        "STILL_IMAGE_CAMERA": Operation.NAVIGATE,
        "VIDEO_CAMERA": Operation.NAVIGATE,
        "IMAGE_CAPTURE": Operation.NAVIGATE,
        "VIDEO_CAPTURE": Operation.NAVIGATE,
    }.get(short, Operation.UNKNOWN)
    verb = {
        Operation.LOCAL_WRITE: "set_alarm" if short == "SET_ALARM" else "insert",
        Operation.SHARE_UPLOAD: "share",
        Operation.EXTERNAL_SEND: "send",
        Operation.NAVIGATE: "open",
    }.get(op, short.lower() or "intent")
    if app is None and op is not Operation.NAVIGATE:
        op = Operation.UNKNOWN  # a write to an app nobody knows: nothing to judge it by
    m = CommandMeaning(
        f"{_app_name(app, 'intent')}.{verb}",
        op,
        app,
        apps.main_package(app) or pkg or None,
        description=f"start {intent.action or intent.component}",
    )
    if intent.data:
        m.put(
            "data",
            intent.data,
            FieldRole.URL if scheme in ("http", "https") else FieldRole.IDENTIFIER,
        )
    _put_extras(m, intent, app)
    return m


# URI schemes whose link starts a payment in whichever app handles it
_PAYMENT_SCHEMES = frozenset({"upi", "bitcoin", "ethereum", "litecoin", "lightning", "monero"})


def _put_extras(m: CommandMeaning, intent: Intent, app: AppEntry | None) -> None:
    for key, value in intent.extras.items():
        name = _extra_name(key)
        role = _role(app, name)
        # ... and WhatsApp's "jid" (+number@s.whatsapp.net): whom the share or message goes to
        if name in ("email", "cc", "bcc", "phone_number", "jid") and role is FieldRole.CONTENT:
            role = FieldRole.RECIPIENT
        m.put(name, value, role)


def parse_am(argv: tuple[str, ...]) -> CommandMeaning:
    if len(argv) < 2:
        raise EventValidationError("`am` needs a subcommand", field=F)
    sub = argv[1]
    if sub in (
        "start",
        "start-activity",
        "startservice",
        "start-service",
        "start-foreground-service",
    ):
        intent = _parse_intent(argv, 2)
        m = _intent_meaning(intent, broadcast=False)
        if sub != "start" and sub != "start-activity" and m.operation is Operation.NAVIGATE:
            m.operation = Operation.UNKNOWN  # a service does work, not navigation
        return m
    if sub == "broadcast":
        return _intent_meaning(_parse_intent(argv, 2), broadcast=True)
    if sub in ("force-stop", "kill", "stop-app"):
        pkgs = [a for a in argv[2:] if not a.startswith("-")]
        if len(pkgs) != 1:
            raise EventValidationError(f"`am {sub}` needs one package", field=F)
        app = apps.app_for_package(pkgs[0])
        return CommandMeaning(
            f"{_app_name(app, pkgs[0])}.stop", Operation.NAVIGATE, app, pkgs[0],
            description=f"stop {pkgs[0]}",
        )  # fmt: skip
    return CommandMeaning(f"am.{sub}", Operation.UNKNOWN, description=f"am {sub}")


# -- pm / cmd package -------------------------------------------------------------------------


def parse_pm(argv: tuple[str, ...], offset: int = 1) -> CommandMeaning:
    if len(argv) <= offset:
        raise EventValidationError("`pm` needs a subcommand", field=F)
    sub = argv[offset]
    args = [a for a in argv[offset + 1 :] if not a.startswith("-")]
    # `--user N` takes a value: drop it from the positional arguments
    rest = list(argv[offset + 1 :])
    for opt in ("--user", "-i", "--install-location", "--originating-uri", "--referrer"):
        while opt in rest:
            k = rest.index(opt)
            del rest[k : k + 2]
    args = [a for a in rest if not a.startswith("-")]
    pkg_app = apps.catalog().get("package")
    if sub in ("list", "path", "dump", "resolve-activity", "query-activities", "has-feature"):
        return CommandMeaning(f"package.{sub}", Operation.READ, pkg_app, description=f"pm {sub}")
    if sub == "uninstall":
        if not args:
            raise EventValidationError("`pm uninstall` needs a package", field=F)
        m = CommandMeaning("package.uninstall", Operation.UNINSTALL, pkg_app)
        m.put("package", args[-1], FieldRole.IDENTIFIER)
        m.description = f"uninstall {args[-1]}"
        return m
    if sub in ("install", "install-create", "install-write", "install-commit"):
        m = CommandMeaning("package.install", Operation.INSTALL, pkg_app)
        if args:
            m.put("apk", args[-1], FieldRole.IDENTIFIER)
        m.description = "install a package"
        if "-g" in rest or "--grant-all-permissions" in rest:
            # `-g` grants the app every runtime permission it declares (SMS, contacts,
            # microphone…) as it is installed: an access grant, like `pm grant` for each
            m.operation = Operation.SECURITY_CHANGE
            m.put("permission", "all runtime permissions", FieldRole.IDENTIFIER)
            m.description = "install a package and grant it every runtime permission"
        return m
    if sub in ("grant", "revoke"):
        if len(args) != 2:
            raise EventValidationError(f"`pm {sub}` needs a package and a permission", field=F)
        # Granting a permission widens what an app may do: a security change.
        op = Operation.SECURITY_CHANGE if sub == "grant" else Operation.SETTINGS_CHANGE
        m = CommandMeaning(f"package.{sub}", op, pkg_app, args[0])
        m.put("package", args[0], FieldRole.IDENTIFIER)
        m.put("permission", args[1], FieldRole.IDENTIFIER)
        m.description = f"{sub} {args[1]} to {args[0]}"
        return m
    if sub == "clear":
        if not args:
            raise EventValidationError("`pm clear` needs a package", field=F)
        app = apps.app_for_package(args[-1])
        m = CommandMeaning(f"{_app_name(app, 'package')}.clear", Operation.DELETE, app, args[-1])
        m.put("package", args[-1], FieldRole.IDENTIFIER)
        m.description = f"erase all data of {args[-1]}"
        return m
    if sub == "trim-caches":
        # Frees cached files (never app data) until SIZE is free: device maintenance.
        if len(args) != 1:
            raise EventValidationError("`pm trim-caches` needs one size (e.g. 2G)", field=F)
        m = CommandMeaning("package.trim_caches", Operation.SETTINGS_CHANGE, pkg_app)
        m.put("size", args[0], FieldRole.OTHER)
        m.description = f"trim app caches to free {args[0]}"
        return m
    if sub in ("disable", "disable-user", "enable", "hide", "unhide", "suspend", "unsuspend",
               "default-state"):  # fmt: skip
        if not args:
            raise EventValidationError(f"`pm {sub}` needs a package", field=F)
        m = CommandMeaning(f"package.{sub.replace('-', '_')}", Operation.SETTINGS_CHANGE, pkg_app)
        m.put("package", args[-1], FieldRole.IDENTIFIER)
        m.description = f"pm {sub} {args[-1]}"
        return m
    return CommandMeaning(f"package.{sub}", Operation.UNKNOWN, pkg_app, description=f"pm {sub}")


# -- settings ---------------------------------------------------------------------------------

_NAMESPACES = ("global", "system", "secure")


def parse_settings(argv: tuple[str, ...]) -> CommandMeaning:
    rest = list(argv[1:])
    while "--user" in rest:
        k = rest.index("--user")
        del rest[k : k + 2]
    rest = [a for a in rest if a not in ("--lineage",)]
    if not rest:
        raise EventValidationError("`settings` needs get, put, delete or list", field=F)
    sub = rest[0]
    app = apps.catalog().get("settings")
    pkg = apps.main_package(app)
    if sub in ("get", "list"):
        m = CommandMeaning("settings.get", Operation.READ, app, pkg, result_source="settings")
        if len(rest) > 1:
            m.put("namespace", rest[1], FieldRole.IDENTIFIER)
        if len(rest) > 2:
            m.put("key", rest[2], FieldRole.IDENTIFIER)
        m.description = f"settings {' '.join(rest[:3])}"
        return m
    if sub in ("put", "delete", "reset"):
        if len(rest) < 3 and sub != "reset":
            raise EventValidationError(f"`settings {sub}` needs a namespace and a key", field=F)
        ns = rest[1] if len(rest) > 1 else ""
        if ns not in _NAMESPACES:
            raise EventValidationError(
                f"unknown settings namespace {ns!r} (global, system, secure)", field=F
            )
        key = rest[2] if len(rest) > 2 else ""
        if sub == "put" and len(rest) < 4:
            raise EventValidationError("`settings put` needs a value", field=F)
        value = rest[3] if sub == "put" else None
        # a key that grants access or guards protection (data/privileges.yaml) is a security
        # change in the direction its value goes; resetting a namespace resets all of them
        op = privileges.setting_operation(key, value, verb=sub) if key else None
        if sub == "reset":
            op = Operation.SECURITY_CHANGE
        m = CommandMeaning(f"settings.{sub}", op or Operation.SETTINGS_CHANGE, app, pkg)
        m.put("namespace", ns, FieldRole.IDENTIFIER)
        if key:
            m.put("key", key, FieldRole.IDENTIFIER)
        if value is not None:
            # every app can read most settings: the value is content written where others see
            # it (a credential-named key keeps its credential role)
            spec = app.field(key) if app is not None and key else None
            m.put("value", value, FieldRole(spec.role) if spec is not None else FieldRole.CONTENT)
        rule = privileges.setting_rule(key) if key else None
        m.description = f"settings {sub} {ns} {key}".strip() + (f": {rule.grants}" if rule else "")
        return m
    return CommandMeaning(f"settings.{sub}", Operation.UNKNOWN, app, pkg)


# -- input ------------------------------------------------------------------------------------


_CALL_KEYS = frozenset({"5", "call", "keycode_call"})


def is_call_key(key: str) -> bool:
    """KEYCODE_CALL in any spelling ``input keyevent`` takes (5, CALL, KEYCODE_CALL)."""
    return key.strip().lower() in _CALL_KEYS


def _input_text(raw: str) -> str:
    """``input text`` turns ``%s`` into a space (the only escape it knows)."""
    return raw.replace("%s", " ")


def parse_input(argv: tuple[str, ...]) -> CommandMeaning:
    args = list(argv[1:])
    # optional source (touchscreen, keyboard…) and -d DISPLAY
    if args and args[0] in ("touchscreen", "touchpad", "keyboard", "mouse", "dpad", "gamepad",
                            "stylus", "trackball", "joystick", "touchnavigation", "rotaryencoder"):  # fmt: skip
        args = args[1:]
    if len(args) >= 2 and args[0] == "-d":
        args = args[2:]
    if not args:
        raise EventValidationError("`input` needs a command (text, tap, keyevent, swipe)", field=F)
    sub, vals = args[0], args[1:]

    def nums(count: int) -> list[float]:
        if len(vals) < count:
            raise EventValidationError(f"`input {sub}` needs {count} numbers", field=F)
        try:
            return [float(v) for v in vals[:count]]
        except ValueError as exc:
            raise EventValidationError(f"`input {sub}`: {exc}", field=F) from exc

    if sub == "text":
        if not vals:
            raise EventValidationError("`input text` needs the text", field=F)
        text = _input_text(" ".join(vals))
        return CommandMeaning(
            "input.text", Operation.LOCAL_WRITE, needs_screen=True,
            gui={"action": "text_input", "payload": {"text": text}},
            description="type into the focused field",
        )  # fmt: skip
    if sub == "tap":
        x, y = nums(2)
        return CommandMeaning(
            "input.tap", Operation.NAVIGATE, needs_screen=True,
            gui={"action": "tap", "payload": {"x": x, "y": y}}, description="tap",
        )  # fmt: skip
    if sub in ("keyevent", "press", "keycombination"):
        if not vals:
            raise EventValidationError(f"`input {sub}` needs a key", field=F)
        keys = [v for v in vals if not v.startswith("--")]
        if any(is_call_key(k) for k in keys):
            # KEYCODE_CALL places a call to the number on the dial pad: an outbound act whose
            # number the API adapter finds (the DIAL before it, or the dial pad on screen)
            app = apps.catalog().get("phone")
            return CommandMeaning(
                "phone.call", Operation.EXTERNAL_SEND, app, apps.main_package(app),
                description="the call key: call the number on the dial pad", call_key=True,
            )  # fmt: skip
        return CommandMeaning(
            "input.key", Operation.NAVIGATE, gui={"action": "key", "payload": {"key": keys[0]}},
            description=f"key {' '.join(keys)}",
        )  # fmt: skip
    if sub in ("swipe", "draganddrop", "roll", "motionevent", "scroll"):
        return CommandMeaning("input.swipe", Operation.NAVIGATE, description=f"input {sub}")
    return CommandMeaning(f"input.{sub}", Operation.UNKNOWN)


# -- the rest ---------------------------------------------------------------------------------

# Commands that only read and print; their output is observed only when it is app data.
READ_ONLY = frozenset(
    {
        "ls", "echo", "pwd", "id", "whoami", "date", "uptime", "getprop", "dumpsys", "ps",
        "df", "du", "stat", "md5sum", "sha1sum", "sha256sum", "wc", "grep", "egrep", "fgrep",
        "head", "tail", "sort", "uniq", "cut", "tr", "true", "false", "which", "uname",
        "printf", "basename", "dirname", "test", "[", "sleep", "cat", "file", "getenforce",
        "logcat",
    }
)  # fmt: skip
_FILE_READERS = frozenset({"cat", "head", "tail", "grep", "egrep", "fgrep"})


def parse_svc(argv: tuple[str, ...]) -> CommandMeaning:
    if len(argv) < 3:
        raise EventValidationError("`svc` needs a service and a command", field=F)
    service, sub = argv[1], argv[2]
    power = device_commands.parse_svc_power(argv)
    if power is not None:
        return power
    app = apps.catalog().get("settings")
    if service in ("wifi", "data", "bluetooth", "nfc", "usb") and sub in ("enable", "disable",
                                                                          "prefer", "setFunctions"):  # fmt: skip
        m = CommandMeaning(f"settings.{service}", Operation.SETTINGS_CHANGE, app,
                           apps.main_package(app), description=f"svc {service} {sub}")  # fmt: skip
        m.put("value", sub, FieldRole.OTHER)
        return m
    return CommandMeaning(f"svc.{service}", Operation.UNKNOWN, description=f"svc {service} {sub}")


def parse_files(argv: tuple[str, ...]) -> CommandMeaning:
    name = argv[0]
    paths = [a for a in argv[1:] if not a.startswith("-")]
    app = apps.catalog().get("files")
    if not paths:
        raise EventValidationError(f"`{name}` needs a path", field=F)
    owner = _path_app(paths[-1])
    if name == "rm" or name == "rmdir":
        m = CommandMeaning(f"{_app_name(owner, 'files')}.delete", Operation.DELETE, owner or app)
    elif name in ("cp", "mv", "mkdir", "touch", "ln"):
        m = CommandMeaning(f"{_app_name(owner, 'files')}.{name}", Operation.LOCAL_WRITE,
                           owner or app)  # fmt: skip
    else:
        raise AssertionError(name)
    for p in paths:
        m.put("path", p, FieldRole.IDENTIFIER)
    if name != "rm" and name != "rmdir":
        # the name a file or folder is created or renamed to is written where others read
        # it: content, like what is written into the file
        created = paths if name in ("mkdir", "touch") else paths[-1:]
        for p in created:
            m.put("name", posixpath.basename(p.rstrip("/")), FieldRole.CONTENT)
    m.description = f"{name} {' '.join(paths)}"
    return m


def parse_find(argv: tuple[str, ...]) -> CommandMeaning:
    """``find PATH… [tests]``: a listing (a read); with ``-delete`` it deletes every file it
    matches, a delete of the files' owner (``-exec`` is refused before this, by the splitter)."""
    starts = []
    for a in argv[1:]:
        if a.startswith(("-", "(", "!")):
            break
        starts.append(a)
    if not starts:
        raise EventValidationError("`find` needs a starting path", field=F)
    owner = _path_app(starts[0])
    app = owner or apps.catalog().get("files")
    name = _app_name(app, "files")
    if "-delete" in argv:
        m = CommandMeaning(f"{name}.delete", Operation.DELETE, app,
                           description=f"find {' '.join(starts)} … -delete (every match)")  # fmt: skip
    else:
        m = CommandMeaning(f"{name}.list", Operation.READ, app, result_source=name,
                           description=f"find {' '.join(starts)}")  # fmt: skip
    for p in starts:
        m.put("path", p, FieldRole.IDENTIFIER)
    return m


def _path_app(path: str) -> AppEntry | None:
    """The app whose storage folder holds ``path`` (Markor's notebook: notes), else None."""
    return apps.catalog().app_for_path(path)


def parse_file_write(argv: tuple[str, ...], op: str, path: str) -> CommandMeaning:
    """``echo|printf ARGS > FILE`` (or ``>>``): writing text into a file on the device. The
    text is the command's own arguments, so it is judged as the file's content, and the file's
    name as content too; the file's folder says whose data it is (``/sdcard/Documents/Markor``
    is the notes app's), else it is the files app's."""
    owner = _path_app(path)
    app = owner or apps.catalog().get("files")
    verb = "append" if op == ">>" else ("create" if owner is not None else "write")
    m = CommandMeaning(f"{_app_name(app, 'files')}.{verb}", Operation.LOCAL_WRITE, app,
                       apps.main_package(app))  # fmt: skip
    m.put("path", path, FieldRole.IDENTIFIER)
    m.put("name", posixpath.basename(path), FieldRole.CONTENT)
    args = list(argv[1:])
    if argv[0] == "echo":
        while args and re.fullmatch(r"-[neE]+", args[0]):
            args.pop(0)
    m.put("text", " ".join(args), FieldRole.CONTENT)
    m.description = f"{argv[0]} into {path}"
    return m


def parse_read_only(argv: tuple[str, ...]) -> CommandMeaning:
    name = argv[0]
    m = CommandMeaning(f"shell.{name}", Operation.READ, description=" ".join(argv)[:200])
    if name in _FILE_READERS and any(not a.startswith("-") for a in argv[1:]):
        # File contents are untrusted content (a file can carry instructions).
        m.result_source = "files"
        m.app = apps.catalog().get("files")
    if name == "logcat":
        # what apps log is their text, and an app logs what reached it from outside (a push's
        # body, a server's reply): untrusted content (rule 5), never the user's word
        m.result_source = "external"
    elif name == "dumpsys" and len(argv) > 1 and argv[1] == "notification":
        m.result_source = "notifications"  # the posted notifications' texts
    if name == "wm" and len(argv) > 2:
        m.operation = Operation.SETTINGS_CHANGE
    return m


def parse_monkey(argv: tuple[str, ...]) -> CommandMeaning:
    # Only the launcher idiom `monkey -p PKG -c android.intent.category.LAUNCHER 1`: any other
    # count injects that many random events.
    args = list(argv[1:])
    pkg = ""
    if "-p" in args:
        k = args.index("-p")
        pkg = args[k + 1] if k + 1 < len(args) else ""
    if pkg and args and args[-1] == "1":
        app = apps.app_for_package(pkg)
        return CommandMeaning(f"{_app_name(app, pkg)}.launch", Operation.NAVIGATE, app, pkg,
                              description=f"launch {pkg}")  # fmt: skip
    return CommandMeaning("monkey.events", Operation.UNKNOWN, description="random input events")


def parse_run_as(argv: tuple[str, ...]) -> CommandMeaning:
    """``run-as PKG [--user N] COMMAND …``: COMMAND run as the app, in its private folder. It
    does what COMMAND does (``sqlite3 databases/pos.db "DELETE FROM receipts"`` deletes), to the
    app's own data: what it prints is that app's data (a customer's note in an order row can
    carry instructions), whatever the command."""
    inner = run_as_command(argv)
    package = argv[1]
    app = apps.app_for_package(package)
    m = parse_simple(inner)
    m.app, m.package = app, package
    name = _app_name(app, package)
    m.target = f"{name}.{m.target.rsplit('.', 1)[-1]}"
    if m.operation is Operation.READ:
        m.result_source = name
    m.description = f"as {package}: {m.description or ' '.join(inner)[:200]}"
    return m


# pdftotext's options that take a value (poppler-utils); any other option is a flag
_PDFTOTEXT_VALUE = frozenset(
    {"-f", "-l", "-r", "-x", "-y", "-W", "-H", "-enc", "-eol", "-opw", "-upw", "-fixed"}
)


def parse_pdftotext(argv: tuple[str, ...]) -> CommandMeaning:
    """``pdftotext [options] PDF [TEXT]``: the PDF's text, printed (TEXT ``-``) -- a read of a
    file, whose content is untrusted like any file's -- or written beside it (a local write)."""
    operands: list[str] = []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a.startswith("-") and a != "-" and a in _PDFTOTEXT_VALUE:
            i += 2
            continue
        if not (a.startswith("-") and a != "-"):
            operands.append(a)
        i += 1
    if not operands or len(operands) > 2:
        raise EventValidationError("`pdftotext` takes a PDF and an optional output file", field=F)
    files = apps.catalog().get("files")
    owner = _path_app(operands[0]) or files
    if operands[1:] == ["-"]:
        m = CommandMeaning(f"{_app_name(owner, 'files')}.read", Operation.READ, owner,
                           result_source=_app_name(owner, "files"))  # fmt: skip
    else:
        out = operands[1] if len(operands) == 2 else operands[0].rsplit(".", 1)[0] + ".txt"
        m = CommandMeaning(f"{_app_name(owner, 'files')}.write", Operation.LOCAL_WRITE, owner)
        m.put("output", out, FieldRole.IDENTIFIER)
    m.put("path", operands[0], FieldRole.IDENTIFIER)
    m.description = " ".join(argv)[:200]
    return m


_UNJUDGED_HERE = frozenset(
    {Operation.UNKNOWN, Operation.EXTERNAL_SEND, Operation.SHARE_UPLOAD, Operation.PAYMENT}
)
_LINK = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)


def _by_shell_vocabulary(argv: tuple[str, ...]) -> CommandMeaning:
    """A program none of the parsers here reads: what droidgate's shell vocabulary says it does
    (``screencap -p FILE`` writes a file, ``sqlite3 DB "SELECT …"`` reads), as for an agent's
    shell tool; one it does not list stays unknown (rule 9)."""
    name = argv[0].rsplit("/", 1)[-1]
    unknown = CommandMeaning(f"shell.{name}", Operation.UNKNOWN,
                             description=f"unknown command {name!r}")  # fmt: skip
    op = command_operation(list(argv))
    if not isinstance(op, Operation) or op in _UNJUDGED_HERE:
        # what a network client sends (``curl -F file=@… URL``, ``--data-binary @-``) is in
        # no field a rule could judge: it stays unknown, as it was
        return unknown
    paths = [a for a in argv[1:] if a.startswith(("/", "./", "databases/", "files/"))]
    owner = _path_app(paths[-1]) if paths else None
    app = owner or (apps.catalog().get("files") if paths and op is not Operation.READ else None)
    m = CommandMeaning(f"{_app_name(app, 'shell')}.{name}", op, app,
                       description=" ".join(argv)[:200])  # fmt: skip
    for p in paths:
        m.put("path", p, FieldRole.IDENTIFIER)
    for n, link in enumerate(a for a in argv[1:] if _LINK.match(a)):
        # a fetch's address is a key argument of rule 5 (a link an injected text gave)
        m.put(f"url{n or ''}", link, FieldRole.URL)
    return m


def parse_part(part: ShellPart) -> CommandMeaning:
    """One part of a command line: a simple command, or echo/printf written into a file."""
    if part.redirect is not None:
        op, path = part.redirect
        return parse_file_write(part.argv, op, path)
    return parse_simple(part.argv)


def _cmd_by_vocabulary(argv: tuple[str, ...]) -> CommandMeaning:
    """``cmd SERVICE …`` for a service this module does not parse: what droidgate's shell
    vocabulary lists for that service or subcommand (``cmd connectivity airplane-mode enable``
    changes a setting); a service it does not list either stays unknown (rule 9) -- no guess
    from the words of the line."""
    target = f"cmd.{argv[1] if len(argv) > 1 else ''}"
    if len(argv) < 2 or argv[1] in device_commands.PARSED_SERVICES:
        return CommandMeaning(target, Operation.UNKNOWN)
    listed = lexicon().shell_ops
    words = [w.lower() for w in argv[:3]]
    op = next((listed[k] for k in (" ".join(words), " ".join(words[:2])) if k in listed), None)
    if op is None or op is Operation.UNKNOWN:
        return CommandMeaning(target, Operation.UNKNOWN)
    app = None if op is Operation.READ else apps.catalog().get("settings")
    return CommandMeaning(target, op, app, description=" ".join(argv[:4]))


def parse_simple(argv: tuple[str, ...]) -> CommandMeaning:
    """Dispatch one simple command by its name."""
    name = argv[0].rsplit("/", 1)[-1]
    if name == "content":
        return parse_content(argv)
    if name == "am":
        return parse_am(argv)
    if name == "pm":
        return parse_pm(argv)
    granted = privileges.classify_command(argv)
    if granted is not None:
        return granted
    if name == "cmd":
        if len(argv) >= 2 and argv[1] == "package":
            return parse_pm(argv, offset=2)
        if len(argv) >= 2 and argv[1] == "activity":
            return parse_am(("am", *argv[2:]))
        if len(argv) >= 3 and argv[1] in ("wifi", "bluetooth_manager") and argv[2] in (
            "set-wifi-enabled", "enable", "disable"):  # fmt: skip
            app = apps.catalog().get("settings")
            return CommandMeaning("settings.wifi", Operation.SETTINGS_CHANGE, app,
                                  description=" ".join(argv[:4]))  # fmt: skip
        known = device_commands.parse_cmd_service(argv)
        if known is not None:
            return known
        return _cmd_by_vocabulary(argv)
    if name == "settings":
        return parse_settings(argv)
    if name == "input":
        return parse_input(argv)
    if name == "svc":
        return parse_svc(argv)
    if name in ("rm", "rmdir", "cp", "mv", "mkdir", "touch", "ln"):
        return parse_files(argv)
    if name == "find":
        return parse_find(argv)
    if name == "date" and any(not a.startswith(("+", "-")) for a in argv[1:]):
        # `date MMDDhhmm[[CC]YY][.ss]` sets the clock (root only): a change, not a read
        app = apps.catalog().get("settings")
        m = CommandMeaning("settings.date", Operation.SETTINGS_CHANGE, app,
                           apps.main_package(app), description=" ".join(argv))  # fmt: skip
        m.put("value", argv[-1], FieldRole.OTHER)
        return m
    if name == "monkey":
        return parse_monkey(argv)
    if name in ("wipe", "recovery") or (name == "reboot" and "recovery" in argv[1:]):
        app = apps.catalog().get("settings")
        return CommandMeaning("settings.factory_reset", Operation.SECURITY_CHANGE, app,
                              description=" ".join(argv))  # fmt: skip
    if name in READ_ONLY or (name == "wm" and len(argv) <= 2):
        return parse_read_only(argv)
    if name == "wm":
        return CommandMeaning("settings.display", Operation.SETTINGS_CHANGE,
                              apps.catalog().get("settings"), description=" ".join(argv))  # fmt: skip
    if name == "run-as":
        return parse_run_as(argv)
    if name == "pdftotext":
        return parse_pdftotext(argv)
    return _by_shell_vocabulary(argv)
