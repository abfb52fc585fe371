"""Catalog lookups: every app of the virtual device, the real AndroidWorld/AndroidLab packages,
providers, tools, intents and fields."""

from __future__ import annotations

from typing import get_args as get_args_of

import pytest

from apk_helper.catalog import AppEntry, Catalog, load_catalog
from apk_helper.catalog.models import FieldRoleName, OperationName
from host_pep.semantics import FieldRole, Operation


@pytest.fixture(scope="module")
def cat() -> Catalog:
    return load_catalog(extra=())


# docs/contracts.md §2: semantic app -> virtual-device package.
VIRTUAL_PACKAGES = {
    "com.android.contacts": "contacts",
    "com.simplemobiletools.smsmessenger": "sms",
    "com.google.android.gm": "mail",
    "com.simplemobiletools.calendar.pro": "calendar",
    "com.google.android.deskclock": "clock",
    "net.gsantner.markor": "notes",
    "com.rammigsoftware.bluecoins": "finance",
    "com.amazon.mShop.android.shopping": "shopping",
    "com.android.chrome": "browser",
    "com.google.android.documentsui": "files",
    "com.android.settings": "settings",
    "com.google.android.apps.nexuslauncher": "launcher",
}

# The steering reference android-apps.md (shared with the project, not in this repository): packages agents meet in AndroidWorld and AndroidLab.
REAL_PACKAGES = {
    "com.simplemobiletools.calendar.pro": "calendar",  # Simple Calendar Pro
    "com.skuld.calendario": "calendar",  # AndroidLab's calendar
    "com.google.android.calendar": "calendar",
    "com.android.calendar": "calendar",
    "net.gsantner.markor": "notes",
    "net.cozic.joplin": "notes",
    "org.tasks": "notes",
    "com.arduia.expense": "finance",  # Pro Expense
    "com.rammigsoftware.bluecoins": "finance",
    "com.simplemobiletools.smsmessenger": "sms",
    "com.google.android.apps.messaging": "sms",  # Google Messages
    "com.google.android.contacts": "contacts",
    "com.android.contacts": "contacts",
    "com.google.android.gm": "mail",  # Gmail
    "com.google.android.deskclock": "clock",
    "com.android.settings": "settings",
    "com.android.chrome": "browser",
    "com.google.android.documentsui": "files",
}


@pytest.mark.parametrize(("package", "app"), sorted({**VIRTUAL_PACKAGES, **REAL_PACKAGES}.items()))
def test_packages(cat: Catalog, package: str, app: str) -> None:
    entry = cat.app_for_package(package)
    assert entry is not None and entry.name == app
    assert package in entry.packages


def test_package_forms_and_unknowns(cat: Catalog) -> None:
    assert cat.app_for_package("com.android.calendar:id/notes").name == "calendar"  # type: ignore[union-attr]
    assert cat.app_for_package("com.android.settings/.Settings").name == "settings"  # type: ignore[union-attr]
    assert cat.app_for_package("org.videolan.vlc") is None
    assert cat.app_for_package("com.android") is None  # no prefix guessing for packages


# docs/contracts.md §3: every content provider of the virtual device (Android's own).
VIRTUAL_URIS = {
    "content://com.android.contacts/data": "contacts",
    "content://com.android.contacts/data/phones": "contacts",
    "content://com.android.contacts/raw_contacts": "contacts",
    "content://com.android.contacts/contacts": "contacts",
    "content://com.android.contacts/phone_lookup/555": "contacts",
    "content://contacts/phones": "contacts",
    "content://com.android.calendar/events": "calendar",
    "content://com.android.calendar/calendars": "calendar",
    "content://sms/inbox": "sms",
    "content://sms/sent": "sms",
    "content://sms": "sms",
    "content://mms-sms/conversations": "sms",
    "content://call_log/calls": "phone",
    "content://media/external/file": "files",
    "content://settings/global/wifi_on": "settings",
}


@pytest.mark.parametrize(("uri", "app"), sorted(VIRTUAL_URIS.items()))
def test_virtual_device_providers(cat: Catalog, uri: str, app: str) -> None:
    entry = cat.app_for_uri(uri)
    assert entry is not None and entry.name == app
    authority = uri.split("/")[2]
    assert cat.app_for_authority(authority) is entry


@pytest.mark.parametrize(
    ("uri", "app"),
    [
        ("content://10@com.android.contacts/contacts/3", "contacts"),  # another user's provider
        ("content://mms-sms/conversations", "sms"),
        ("content://media/external/images/media/12", "files"),
        ("content://com.android.externalstorage.documents/document/primary%3ADownload", "files"),
        ("content://net.gsantner.markor.provider/file/x.md", "notes"),  # authority under a package
        ("https://example.com/page", "browser"),
        ("HTTP://EXAMPLE.COM", "browser"),
        ("mailto:alice@example.com", "mail"),
        ("smsto:+15551234567", "sms"),
        ("sms:5551234", "sms"),
        ("file:///sdcard/Download/a.pdf", "files"),
        ("package:com.android.chrome", "browser"),
        ("tel:123", "phone"),
        # apps without a provider are still known by the package an authority would extend
        ("content://com.google.android.deskclock/alarms", "clock"),
        ("content://com.rammigsoftware.bluecoins/transactions", "finance"),
    ],
)
def test_more_uris(cat: Catalog, uri: str, app: str) -> None:
    entry = cat.app_for_uri(uri)
    assert entry is not None and entry.name == app


@pytest.mark.parametrize(
    "uri", ["content://com.unknown.provider/x", "geo:0,0", "not a uri", "", "content://"]
)
def test_unknown_uris(cat: Catalog, uri: str) -> None:
    assert cat.app_for_uri(uri) is None


@pytest.mark.parametrize(
    ("tool", "app", "operation"),
    [
        ("calendar.create_event", "calendar", "local_write"),
        ("calendar.insert", "calendar", "local_write"),
        ("contacts.lookup", "contacts", "read"),
        ("contacts.insert", "contacts", "local_write"),
        ("sms.send", "sms", "external_send"),
        ("mail.send", "mail", "external_send"),
        ("notes.create", "notes", "local_write"),
        ("expense.add", "finance", "local_write"),
        ("clock.set_alarm", "clock", "local_write"),
        ("browser.read", "browser", "read"),
        ("files.upload", "files", "share_upload"),
        ("settings.put", "settings", "settings_change"),
        ("package.uninstall", "package", "uninstall"),
        ("shopping.checkout", "shopping", "payment"),
        ("bank.transfer", "bank", "payment"),
        ("calendar.delete_event", "calendar", "delete"),
        ("send_sms", "sms", "external_send"),
        ("send_email", "mail", "external_send"),
        ("calendar_create_event", "calendar", "local_write"),
        ("mcp/sms/send", "sms", "external_send"),
        ("gmail.send", "mail", "external_send"),
    ],
)
def test_tools(cat: Catalog, tool: str, app: str, operation: str) -> None:
    entry = cat.app_for_tool(tool)
    assert entry is not None and entry.name == app
    assert cat.operation_for(tool) == operation


def test_tool_prefixes_and_unknowns(cat: Catalog) -> None:
    assert cat.app_for_tool("calendar").name == "calendar"  # type: ignore[union-attr]
    assert cat.app_for_tool("calendarx.create") is None  # a prefix ends at a dot
    assert cat.app_for_tool("weather.get") is None
    assert cat.operation_for("weather.frobnicate") is None


@pytest.mark.parametrize(
    ("intent", "app"),
    [
        (("android.intent.action.SENDTO", "smsto:5551234"), "sms"),
        (("SENDTO", "sms:5551234"), "sms"),
        (("android.intent.action.SENDTO", "mailto:a@b.c"), "mail"),
        (("android.intent.action.INSERT", None, "vnd.android.cursor.dir/event"), "calendar"),
        (("android.intent.action.INSERT", "content://com.android.calendar/events"), "calendar"),
        (("android.intent.action.INSERT", None, "vnd.android.cursor.dir/contact"), "contacts"),
        (("android.intent.action.VIEW", "https://example.com"), "browser"),
        (("android.intent.action.VIEW", "content://sms/inbox/4"), "sms"),
        (("android.intent.action.SEND", None, "text/plain"), "files"),
        (("android.intent.action.SEND", None, "message/rfc822"), "mail"),
        (("android.intent.action.SET_ALARM",), "clock"),
        (("android.settings.WIFI_SETTINGS",), "settings"),
        (("android.intent.action.DELETE", "package:com.android.chrome"), "package"),
    ],
)
def test_intents(cat: Catalog, intent: tuple[str | None, ...], app: str) -> None:
    entry = cat.app_for_intent(*intent)  # type: ignore[arg-type]
    assert entry is not None and entry.name == app


def test_ambiguous_or_unknown_intents(cat: Catalog) -> None:
    # SENDTO without data could be SMS or mail: no guess.
    assert cat.app_for_intent("android.intent.action.SENDTO") is None
    assert {a.name for a in cat.apps_for_intent("android.intent.action.SENDTO", "smsto:1")} == {
        "sms"
    }
    assert cat.app_for_intent("android.intent.action.VIEW") is None
    assert cat.app_for_intent("com.example.CUSTOM") is None


def test_app_for_target(cat: Catalog) -> None:
    assert cat.app_for_target("com.android.calendar").name == "calendar"  # type: ignore[union-attr]
    assert cat.app_for_target("content://com.android.calendar/events").name == "calendar"  # type: ignore[union-attr]
    assert cat.app_for_target("calendar.create_event").name == "calendar"  # type: ignore[union-attr]
    assert cat.app_for_target("com.android.calendar:id/notes").name == "calendar"  # type: ignore[union-attr]
    assert cat.app_for_target("mailto:x@y.z").name == "mail"  # type: ignore[union-attr]


def test_same_semantic_target_three_ways(cat: Catalog) -> None:
    """The issue's point: package, provider URI and tool name are one semantic app."""
    a = cat.app_for_package("com.google.android.calendar")
    b = cat.app_for_uri("content://com.android.calendar/events")
    c = cat.app_for_tool("calendar.create_event")
    assert a is b is c


def _role(entry: AppEntry | None, field: str) -> tuple[str, str | None] | None:
    assert entry is not None
    spec = entry.field(field)
    return None if spec is None else (spec.role, spec.kind)


def test_fields(cat: Catalog) -> None:
    cal, sms, mail = cat.get("calendar"), cat.get("sms"), cat.get("mail")
    assert _role(cal, "event_description") == ("content", None)
    assert _role(cal, "description") == ("content", None)
    assert _role(cal, "notes") == ("content", None)
    # an event's place is content of the event that holds an address (kind), not an address field
    assert _role(cal, "eventLocation") == ("content", "address")  # provider column spelling
    assert _role(cal, "com.simplemobiletools.calendar.pro:id/event_location") == (
        "content",
        "address",
    )
    assert _role(cal, "et_event_title")[0] == "content"  # type: ignore[index]
    assert _role(sms, "address") == ("recipient", "phone")
    assert _role(sms, "to") == ("recipient", "phone")
    assert _role(sms, "body") == ("content", None)
    assert _role(sms, "com.simplemobiletools.smsmessenger:id/thread_type_message") == (
        "content",
        None,
    )
    assert _role(mail, "to") == ("recipient", "email")
    assert _role(mail, "cc") == ("recipient", "email")
    assert _role(mail, "compose_to") == ("recipient", "email")
    assert _role(mail, "subject") == ("content", None)
    assert _role(mail, "body") == ("content", None)
    assert _role(cat.get("shopping"), "address") == ("address", "address")
    assert _role(cat.get("shopping"), "card_number") == ("account", "card")
    assert _role(cat.get("finance"), "amount") == ("amount", None)
    assert _role(cat.get("finance"), "notes") == ("content", None)
    assert _role(cat.get("browser"), "com.android.chrome:id/url_bar") == ("url", None)
    assert _role(cat.get("browser"), "photo") is None  # "to" only matches a whole trailing word
    assert _role(cat.get("settings"), "wifi_password") == ("credential", "credential")
    assert _role(cat.get("bank"), "iban") == ("account", "iban")
    assert _role(cat.get("clock"), "label") == ("content", None)
    assert _role(cat.get("notes"), "body") == ("content", None)
    assert _role(cat.get("sms"), "payload.nested.body") == ("content", None)  # dotted path
    assert cat.field("mail", "bcc").role == "recipient"
    assert cat.field(None, "bcc") is None
    # Mapping-style access, as docs/contracts.md §5 writes it.
    assert cal.fields["event_location"]["role"] == "content"  # type: ignore[union-attr]
    assert cal.field_roles()["description"] == "content"  # type: ignore[union-attr]


def test_roles_follow_the_contract(cat: Catalog) -> None:
    def roles(name: str) -> tuple[bool, bool, bool, tuple[str, ...]]:
        r = cat.get(name).roles  # type: ignore[union-attr]
        return r.source, r.sink, r.untrusted_source, r.high_impact

    assert roles("contacts")[:2] == (True, False)
    assert roles("sms")[:2] == (True, True)
    assert roles("mail")[:2] == (True, True)
    for sink in ("calendar", "clock", "notes", "finance", "shopping"):
        assert roles(sink)[1] and not roles(sink)[0], sink
    assert "payment" in roles("shopping")[3]
    assert roles("browser")[2] and roles("browser")[1]
    assert roles("files")[0] and roles("files")[2] and "share_upload" in roles("files")[3]
    assert "security_change" in roles("settings")[3]
    assert roles("bank")[0] and roles("bank")[1] and "payment" in roles("bank")[3]
    assert roles("launcher") == (False, False, False, ())
    assert cat.get("contacts").roles["source"] is True  # type: ignore[union-attr]


def test_role_names_equal_host_pep_values() -> None:
    """apk_helper spells host_pep's enums out (it may not import host_pep): keep them equal."""
    assert set(get_args_of(FieldRoleName)) == {r.value for r in FieldRole}
    assert set(get_args_of(OperationName)) == {o.value for o in Operation}


def test_every_value_in_the_shipped_catalog_is_valid(cat: Catalog) -> None:
    ops = {o.value for o in Operation}
    assert set(cat.verbs.values()) <= ops
    for entry in cat:
        assert set(entry.operations.values()) <= ops
        assert set(entry.roles.high_impact) <= ops
        assert {f.role for f in entry.fields.values()} <= {r.value for r in FieldRole}


def test_as_data_is_plain_json(cat: Catalog) -> None:
    import json

    data = json.loads(json.dumps(cat.as_data()))
    names = [a["name"] for a in data["apps"]]
    assert "calendar" in names and data["verbs"]["send"] == "external_send"


@pytest.mark.parametrize(("package", "app"), sorted(VIRTUAL_PACKAGES.items()))
def test_first_package_is_the_virtual_devices(cat: Catalog, package: str, app: str) -> None:
    """Adapters name an app's concrete package by its first one: keep the virtual device's first."""
    assert cat.get(app).packages[0] == package  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("app", "extra", "role", "kind"),
    [
        # Intent extras, as the bridge shortens them (android.intent.extra.X -> x).
        ("mail", "email", "recipient", "email"),
        ("mail", "subject", "content", None),
        ("mail", "text", "content", None),
        ("sms", "sms_body", "content", None),
        ("sms", "address", "recipient", "phone"),
        ("calendar", "beginTime", "identifier", None),
        ("calendar", "eventLocation", "content", "address"),
        ("calendar", "email", "recipient", "email"),
        ("clock", "message", "content", None),
        ("contacts", "phone", "content", "phone"),
        ("contacts", "postal", "content", "address"),
    ],
)
def test_intent_extras(cat: Catalog, app: str, extra: str, role: str, kind: str | None) -> None:
    spec = cat.field(app, extra)
    assert spec is not None and (spec.role, spec.kind) == (role, kind)


@pytest.mark.parametrize(
    ("package", "app"),
    [
        ("com.android.providers.contacts", "contacts"),
        ("com.android.providers.calendar", "calendar"),
        ("com.android.providers.telephony", "sms"),
        ("com.android.providers.settings", "settings"),
        ("com.android.providers.media", "files"),
    ],
)
def test_system_provider_packages(cat: Catalog, package: str, app: str) -> None:
    assert cat.app_for_package(package).name == app  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("path", "app"),
    [
        ("/sdcard/Documents/Markor/todo.md", "notes"),
        ("/storage/emulated/0/Documents/Markor/sub/x.txt", "notes"),
        ("/sdcard/Documents/Markor", "notes"),
        ("/sdcard/Documents/../Documents/Markor/y.md", "notes"),
    ],
)
def test_storage_folders_name_their_app(cat: Catalog, path: str, app: str) -> None:
    entry = cat.app_for_path(path)
    assert entry is not None and entry.name == app


@pytest.mark.parametrize("path", ["/sdcard/Documents/MarkorX/a.md", "/sdcard/Download/a.md", "/"])
def test_other_paths_have_no_app(cat: Catalog, path: str) -> None:
    assert cat.app_for_path(path) is None
