"""`content`, `settings`, `am start` and `am broadcast` as the shell sees them."""

from __future__ import annotations

import base64
import io
import re

import pytest
from PIL import Image

from emulator_setup.virtual.apps import clock, mail
from emulator_setup.virtual.state import DeviceState

from .conftest import sel

PHONES = "content://com.android.contacts/data/phones"


def content(dev: DeviceState, *argv: str) -> str:
    """stdout of a `content` command that must succeed (the tool exits 0 either way)."""
    out, err, rc = dev.run_content(list(argv))
    assert rc == 0 and not err, err
    return out


def test_query_formats_rows_nulls_and_floats(dev: DeviceState) -> None:
    out = content(dev, "query", "--uri", PHONES, "--projection", "display_name:data1",
                  "--where", "display_name='Mom'")  # fmt: skip
    assert out == "Row: 0 display_name=Mom, data1=+1 212 555 0147\n"
    # doubles come back through Cursor.getFloat, printed by Java's Float.toString
    dev.content(["insert", "--uri", "content://com.android.contacts/raw_contacts",
                 "--bind", "account_name:n:"])  # fmt: skip
    content(dev, "insert", "--uri", "content://com.android.contacts/data", "--bind",
            "raw_contact_id:i:11", "--bind", "mimetype:s:vnd.android.cursor.item/note",
            "--bind", "data1:d:24.99", "--bind", "data2:n:")  # fmt: skip
    out = content(dev, "query", "--uri", "content://com.android.contacts/data",
                  "--projection", "data1:data2:data15", "--where", "raw_contact_id=11")  # fmt: skip
    assert out == "Row: 0 data1=24.99, data2=NULL, data15=NULL\n"
    assert content(dev, "query", "--uri", PHONES, "--where", "display_name='Nobody'") == (
        "No result found.\n"
    )


def test_contacts_data_rows_and_the_legacy_phones_uri(dev: DeviceState) -> None:
    data = "content://com.android.contacts/data"
    out = content(dev, "query", "--uri", data, "--projection", "mimetype:data1:data2",
                  "--where", "display_name='Lena Müller'", "--sort", "_id")  # fmt: skip
    assert out == (
        "Row: 0 mimetype=vnd.android.cursor.item/name, data1=Lena Müller, data2=Lena\n"
        "Row: 1 mimetype=vnd.android.cursor.item/phone_v2, data1=+49 30 901820, data2=2\n"
        "Row: 2 mimetype=vnd.android.cursor.item/email_v2, data1=lena.mueller@example.de, data2=1\n"
        "Row: 3 mimetype=vnd.android.cursor.item/organization, data1=Siemens, data2=1\n"
        "Row: 4 mimetype=vnd.android.cursor.item/postal-address_v2, "
        "data1=Unter den Linden 5, 10117 Berlin, Germany, data2=1\n"
    )
    # no projection: every column of the data view, in the provider's HashMap order
    full = content(dev, "query", "--uri", data, "--where", "_id=1")
    cols = [c.split("=", 1)[0] for c in full.removeprefix("Row: 0 ").split(", ")
            if "=" in c and not c.startswith(" ")]  # fmt: skip
    assert {"mimetype", "data1", "data15", "raw_contact_id", "contact_id", "lookup"} <= set(cols)
    assert cols[:3] == ["phonetic_name", "status_res_package", "custom_ringtone"]
    # AndroidWorld lists contacts through the legacy Contacts.Phones URI
    out = content(dev, "query", "--uri", "content://contacts/phones/", "--projection",
                  "display_name:number", "--where", "number LIKE '+44%'")  # fmt: skip
    assert out == "Row: 0 display_name=Oliver Smith, number=+44 20 7946 0958\n"
    out = content(dev, "query", "--uri", "content://com.android.contacts/phone_lookup/2079460958",
                  "--projection", "display_name:number:normalized_number")  # fmt: skip
    assert out == (
        "Row: 0 display_name=Oliver Smith, number=+44 20 7946 0958, "
        "normalized_number=+442079460958\n"
    )


def test_contact_inserts_follow_contacts_contract(dev: DeviceState) -> None:
    contacts = "content://com.android.contacts"
    _, err, rc = dev.run_content(["insert", "--uri", f"{contacts}/contacts", "--bind",
                              "display_name:s:X"])  # fmt: skip
    assert rc == 0 and "UnsupportedOperationException: Aggregate contacts are created" in err
    content(dev, "insert", "--uri", f"{contacts}/raw_contacts", "--bind", "account_type:n:")
    _, err, _ = dev.run_content(["insert", "--uri", f"{contacts}/data", "--bind", "data1:s:x",
                             "--bind", "raw_contact_id:l:11"])  # fmt: skip
    assert "IllegalArgumentException: mimetype is required" in err
    content(dev, "insert", "--uri", f"{contacts}/data", "--bind", "raw_contact_id:l:11",
            "--bind", "mimetype:s:vnd.android.cursor.item/name", "--bind",
            "data1:s:Adam Ant")  # fmt: skip
    content(dev, "insert", "--uri", f"{contacts}/data", "--bind", "raw_contact_id:l:11",
            "--bind", "mimetype:s:vnd.android.cursor.item/phone_v2", "--bind",
            "data1:s:(212) 555-0188")  # fmt: skip
    out = content(dev, "query", "--uri", f"{contacts}/contacts", "--projection",
                  "display_name:has_phone_number:display_name_source", "--where",
                  "name_raw_contact_id=11")  # fmt: skip
    assert out == "Row: 0 display_name=Adam Ant, has_phone_number=1, display_name_source=40\n"
    # deleting a contact deletes its raw contacts and data; /contacts itself deletes nothing
    content(dev, "delete", "--uri", f"{contacts}/contacts")
    assert len(content(dev, "query", "--uri", f"{contacts}/contacts").splitlines()) == 11
    content(dev, "delete", "--uri", f"{contacts}/raw_contacts", "--where", "_id=11")
    assert content(dev, "query", "--uri", f"{contacts}/data", "--where", "raw_contact_id=11") == (
        "No result found.\n"
    )


def test_sms_boxes_threads_and_provider_quirks(dev: DeviceState) -> None:
    out = content(dev, "query", "--uri", "content://sms/inbox", "--projection", "body",
                  "--where", "body LIKE '%verification code%'")  # fmt: skip
    assert out == "Row: 0 body=G-482913 is your Google verification code.\n"
    content(dev, "insert", "--uri", "content://sms/sent", "--bind", "address:s:+1 415 555 0132",
            "--bind", "body:s:hi\\: there", "--bind", "date:l:1764412800000")  # fmt: skip
    out = content(dev, "query", "--uri", "content://sms/sent", "--projection",
                  "_id:thread_id:address:body:date:type:read:seen", "--where",
                  "body='hi: there'")  # fmt: skip
    # the same conversation as Alice's earlier text (the provider matched the number)
    assert out == (
        "Row: 0 _id=7, thread_id=1, address=+1 415 555 0132, body=hi: there, "
        "date=1764412800000, type=2, read=1, seen=0\n"
    )
    full = content(dev, "query", "--uri", "content://sms/7")
    assert full.startswith("Row: 0 _id=7, thread_id=1, address=+1 415 555 0132, person=NULL, ")
    assert ", date_sent=0, " in full and full.endswith(", creator=NULL, seen=0\n")
    # newest first, like SmsProvider's default sort
    dates = [int(x) for x in re.findall(r"date=(\d+)", content(dev, "query", "--uri",
             "content://sms", "--projection", "date"))]  # fmt: skip
    assert dates == sorted(dates, reverse=True) and len(dates) == 7
    threads = content(dev, "query", "--uri", "content://mms-sms/conversations?simple=true",
                      "--projection", "_id:message_count:snippet", "--where", "_id=1")  # fmt: skip
    assert (
        threads
        == "Row: 0 _id=1, message_count=2, snippet=Are we still on for lunch tomorrow at 12?\n"
    )
    # deleting through a box is refused (SmsProvider: "Unknown URL"); through sms it works
    _, err, rc = dev.run_content(["delete", "--uri", "content://sms/inbox"])
    assert rc == 0 and "java.lang.IllegalArgumentException: Unknown URL" in err
    content(dev, "delete", "--uri", "content://sms", "--where", "thread_id=1")
    assert "_id=1," not in content(dev, "query", "--uri",
                                   "content://mms-sms/conversations?simple=true")  # fmt: skip


def test_calendar_needs_a_calendar_and_a_time_zone(dev: DeviceState) -> None:
    events = "content://com.android.calendar/events"
    _, err, _ = dev.run_content(["insert", "--uri", events, "--bind", "title:s:X", "--bind",
                             "dtstart:l:1", "--bind", "dtend:l:2"])  # fmt: skip
    assert "IllegalArgumentException: Event values must include a calendar_id" in err
    _, err, _ = dev.run_content(["insert", "--uri", events, "--bind", "calendar_id:l:1", "--bind",
                             "dtstart:l:1", "--bind", "dtend:l:2"])  # fmt: skip
    assert "Event values must include an eventTimezone" in err
    content(dev, "insert", "--uri", events, "--bind", "calendar_id:l:1", "--bind",
            "eventTimezone:s:UTC", "--bind", "title:s:X", "--bind", "dtstart:l:1",
            "--bind", "dtend:l:2")  # fmt: skip
    _, err, _ = dev.run_content(["delete", "--uri", events])
    assert "Selection must be specified for content://com.android.calendar/events" in err
    content(dev, "delete", "--uri", events, "--where", "title='X'")
    assert "title=X" not in content(dev, "query", "--uri", events, "--projection", "title")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        ([], "[ERROR] Unsupported operation: null"),
        (["frobnicate"], "[ERROR] Unsupported operation: frobnicate"),
        (["query"], "[ERROR] Content provider URI not specified"),
        (["query", "--uri"], "[ERROR] No value for argument: --uri"),
        (["query", "--uri", "--where"], "[ERROR] No value for argument: --uri"),
        (["query", "--uri", PHONES, "--bogus", "1"], "[ERROR] Unsupported argument: --bogus"),
        (["delete", "--uri", PHONES, "--bind", "a:s:b"], "[ERROR] Unsupported argument: --bind"),
        (["insert", "--uri", PHONES], "[ERROR] Bindings not specified"),
        (["insert", "--uri", PHONES, "--bind", "x"], "[ERROR] Binding not well formed: x"),
        (["insert", "--uri", PHONES, "--bind", "x:q:1"], "[ERROR] Unsupported type: q"),
        (["insert", "--uri", PHONES, "--bind", "x:i:one"], '[ERROR] For input string: "one"'),
        (["insert", "--uri", PHONES, "--bind", "x:i:3000000000"], "[ERROR] For input string"),
    ],
)
def test_content_usage_errors_print_usage_and_exit_0(
    dev: DeviceState, argv: list[str], needle: str
) -> None:
    out, err, rc = dev.run_content(argv)
    assert rc == 0 and not err and out.startswith("usage: adb shell content")
    assert out.endswith(needle + "\n") or needle in out.splitlines()[-1]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (
            ["query", "--uri", "content://no.such.authority/x"],
            "Error while accessing provider:no.such.authority\n"
            "java.lang.IllegalStateException: Could not find provider: no.such.authority",
        ),
        (
            ["query", "--uri", "content://com.google.android.gm/messages"],
            "java.lang.IllegalStateException: Could not find provider: com.google.android.gm",
        ),
        (
            ["query", "--uri", "content://sms/nonsense"],
            "java.lang.IllegalArgumentException: Unknown URL content://sms/nonsense",
        ),
        (
            ["query", "--uri", PHONES, "--projection", "nope"],
            "IllegalArgumentException: Invalid column nope",
        ),
        (
            ["query", "--uri", "content://sms", "--projection", "nope"],
            "android.database.sqlite.SQLiteException: no such column: nope",
        ),
        (
            ["query", "--uri", PHONES, "--where", "display_name = = 1"],
            "android.database.sqlite.SQLiteException",
        ),
    ],
)
def test_provider_errors_go_to_stderr_and_exit_0(
    dev: DeviceState, argv: list[str], needle: str
) -> None:
    out, err, rc = dev.run_content(argv)
    assert rc == 0 and not out and needle in err and "\tat com.android.commands.content" in err


def test_content_insert_shows_on_screen(dev: DeviceState) -> None:
    dev.start("com.android.contacts")
    rev = dev.find(sel(text="Mom"))
    assert rev
    content(dev, "insert", "--uri", "content://com.android.contacts/raw_contacts",
            "--bind", "account_name:n:")  # fmt: skip
    content(dev, "insert", "--uri", "content://com.android.contacts/data", "--bind",
            "raw_contact_id:l:11", "--bind", "mimetype:s:vnd.android.cursor.item/name",
            "--bind", "data1:s:Adam Ant")  # fmt: skip
    assert dev.find(sel(text="Adam Ant"))


def test_settings_get_put_list_and_errors(dev: DeviceState) -> None:
    assert dev.settings(["get", "global", "wifi_on"]) == ("1\n", 0)
    assert dev.settings(["get", "system", "screen_brightness"]) == ("128\n", 0)  # from the fixture
    assert dev.settings(["get", "global", "no_such_key"]) == ("null\n", 0)
    assert dev.settings(["put", "global", "airplane_mode_on", "1"]) == ("", 0)
    assert dev.settings(["get", "--user", "0", "global", "airplane_mode_on"]) == ("1\n", 0)
    assert "airplane_mode_on=1\n" in dev.settings(["list", "global"])[0]
    assert dev.settings(["get", "bogus", "x"])[1] == 1
    assert dev.settings(["put", "global"])[1] == 1
    assert dev.settings([])[1] == 1
    dev.start("com.android.settings")
    assert dev.find(sel(text="Airplane mode on"))


def test_am_start_intents(dev: DeviceState) -> None:
    out, rc = dev.am_start(
        ["-a", "android.intent.action.SENDTO", "-d", "smsto:+15550100", "--es", "sms_body", "hello"]
    )
    assert rc == 0 and dev.current()[1].endswith("ThreadActivity")
    assert dev.find(sel(resourceIdMatches=".*thread_type_message"))[0].text == "hello"
    dev.am_start(
        ["-a", "android.intent.action.SENDTO", "-d", "mailto:bob@example.org?subject=Hi%20there"]
    )
    assert dev.current()[1] == "com.google.android.gm.ComposeActivityGmail"
    assert dev.find(sel(resourceIdMatches=".*:id/subject"))[0].text == "Hi there"
    dev.am_start(
        [
            "-a",
            "android.intent.action.INSERT",
            "-d",
            "content://com.android.calendar/events",
            "--es",
            "title",
            "Party",
            "--es",
            "eventLocation",
            "Home",
        ]
    )
    assert dev.current()[1].endswith("EventActivity")
    assert dev.find(sel(resourceIdMatches=".*event_title"))[0].text == "Party"
    out, rc = dev.am_start(
        [
            "-a",
            "android.intent.action.MAIN",
            "-c",
            "android.intent.category.LAUNCHER",
            "-n",
            "com.google.android.deskclock/com.android.deskclock.DeskClock",
        ]
    )
    assert rc == 0 and dev.current() == (
        "com.google.android.deskclock",
        "com.android.deskclock.DeskClock",
    )
    out, rc = dev.am_start(
        [
            "-a",
            "android.intent.action.SET_ALARM",
            "--ei",
            "android.intent.extra.alarm.HOUR",
            "5",
            "--es",
            "android.intent.extra.alarm.MESSAGE",
            "Run",
            "--ez",
            "android.intent.extra.alarm.SKIP_UI",
            "true",
        ]
    )
    assert rc == 0
    assert (5, 0, "Run") in dev.app_databases[clock.DB_PATH].query(
        "SELECT hour, minutes, label FROM alarm_templates"
    )[1]
    out, rc = dev.am_start(["-n", "com.android.contacts/.NoSuch"])
    assert (
        rc == 1
        and "Error: Activity class {com.android.contacts/com.android.contacts.NoSuch} does not exist."
        in out
    )
    out, rc = dev.am_start(["-a", "com.example.NOTHING"])
    assert rc == 1 and "unable to resolve Intent" in out
    out, rc = dev.am_start(["-a"])
    assert rc == 1 and "Argument expected" in out


def test_broadcast_and_adb_keyboard(dev: DeviceState) -> None:
    out, rc = dev.broadcast(["-a", "android.intent.action.AIRPLANE_MODE"])
    assert rc == 0 and out.endswith("Broadcast completed: result=0\n")
    dev.am_start(["-a", "android.intent.action.SENDTO", "-d", "smsto:1"])
    text = base64.b64encode("héllo".encode()).decode()
    out, _ = dev.broadcast(["-a", "ADB_KEYBOARD_INPUT_TEXT", "--es", "text", text])
    assert "result=-1" in out
    assert dev.find(sel(focused=True))[0].text == "héllo"


def test_packages_install_grant_uninstall(dev: DeviceState) -> None:
    assert "com.android.contacts" in dev.packages()
    assert "com.android.systemui" in dev.packages(system=True)
    assert "com.android.systemui" not in dev.packages(system=False)
    assert dev.install("com.example.app", permissions=("android.permission.CAMERA",))
    assert dev.package_path(
        "com.example.app",
    ).endswith("/base.apk")  # type: ignore[union-attr]
    assert dev.grant("com.example.app", "android.permission.CAMERA")
    assert not dev.grant("com.example.app", "android.permission.READ_SMS")  # not requested
    assert dev.pm.get("com.example.app").granted == {"android.permission.CAMERA"}  # type: ignore[union-attr]
    assert dev.revoke("com.example.app", "android.permission.CAMERA")
    assert dev.start("com.example.app") and dev.current()[0] == "com.example.app"
    assert dev.uninstall("com.example.app") and dev.current()[0] != "com.example.app"
    assert not dev.uninstall("com.android.systemui")
    assert dev.uninstall("com.google.android.gm")
    dev.home()
    assert not dev.find(sel(text="Gmail"))


def test_screenshots_are_valid_images(dev: DeviceState) -> None:
    dev.start("com.android.contacts")
    png = dev.screenshot_png()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    img = Image.open(io.BytesIO(png))
    assert img.size == (1080, 2400) and img.getcolors(1 << 20) and len(img.getcolors(1 << 20)) > 2  # type: ignore[arg-type]
    b64 = dev.screenshot_base64(quality=80, scale=0.5)
    assert all(len(line) <= 76 for line in b64.splitlines())
    jpeg = Image.open(io.BytesIO(base64.b64decode(b64)))
    assert jpeg.format == "JPEG" and jpeg.size == (540, 1200)


def test_settings_provider_uri_shares_the_settings_table(dev: DeviceState) -> None:
    out = content(dev, "query", "--uri", "content://settings/global", "--where", "name='wifi_on'")
    assert out.startswith("Row: 0 _id=") and out.endswith(", name=wifi_on, value=1\n")
    content(dev, "insert", "--uri", "content://settings/secure", "--bind",
            "name:s:install_non_market_apps", "--bind", "value:s:1")  # fmt: skip
    assert dev.settings(["get", "secure", "install_non_market_apps"]) == ("1\n", 0)
    # the settings provider only understands a selection on the name
    _, err, _ = dev.run_content(["query", "--uri", "content://settings/secure", "--where", "1=1"])
    assert "IllegalArgumentException: Supported SQL:" in err
    dev.settings(["put", "system", "screen_brightness", "7"])
    out, _, _ = dev.run_content(
        [
            "query",
            "--uri",
            "content://settings/system",
            "--projection",
            "value",
            "--where",
            "name='screen_brightness'",
        ]
    )
    assert out == "Row: 0 value=7\n"


def test_incoming_sms_and_mail_broadcasts(dev: DeviceState) -> None:
    dev.start("com.simplemobiletools.smsmessenger")
    out, rc = dev.broadcast(
        [
            "-a",
            "com.droidgate.SMS_RECEIVED",
            "--es",
            "address",
            "BANK",
            "--es",
            "body",
            "Code 845512",
        ]
    )
    assert rc == 0 and "result=-1" in out
    assert dev.find(sel(text="Code 845512"))
    assert "body=Code 845512, " in content(
        dev, "query", "--uri", "content://sms/inbox", "--where", "address='BANK'"
    )
    dev.broadcast(
        [
            "-a",
            "com.droidgate.MAIL_RECEIVED",
            "--es",
            "from",
            "x@evil.example",
            "--es",
            "subject",
            "Hi",
            "--es",
            "body",
            "b",
        ]
    )
    assert dev.app_databases[mail.DB_PATH].query("SELECT sender FROM messages WHERE subject='Hi'")[
        1
    ] == [("x@evil.example",)]
    out, _ = dev.broadcast(["-a", "com.droidgate.SMS_RECEIVED", "--es", "address", "X"])
    assert "missing address or body" in out


def test_am_start_wait_and_force_stop_flags(dev: DeviceState) -> None:
    dev.start("com.android.contacts")
    dev.click(*dev.find(sel(text="Mom"))[0].center())
    out, rc = dev.am_start(["-W", "-n", "com.android.contacts/.activities.PeopleActivity"])
    assert rc == 0
    # the running task comes to the front as it was, detail screen on top
    assert "Status: ok\nLaunchState: HOT\n" in out
    assert (
        "Activity: com.android.contacts/com.android.contacts.quickcontact.QuickContactActivity\n"
        in out
    )
    assert out.endswith("Complete\n")
    out, rc = dev.am_start(["-S", "-W", "-n", "com.android.contacts/.activities.PeopleActivity"])
    assert rc == 0 and "LaunchState: COLD" in out  # -S force-stopped it first
    assert (
        dev.current()[1].endswith("PeopleActivity") and len(dev.tasks["com.android.contacts"]) == 1
    )
