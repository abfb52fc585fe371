"""`content`, `settings`, `am start` and `am broadcast` as the shell sees them."""

from __future__ import annotations

import base64
import io

import pytest
from PIL import Image

from emulator_setup.virtual.state import DeviceState

from .conftest import sel

PHONES = "content://com.android.contacts/data/phones"


def test_query_formats_rows_nulls_and_floats(dev: DeviceState) -> None:
    out, rc = dev.content(
        [
            "query",
            "--uri",
            PHONES,
            "--projection",
            "display_name:number",
            "--where",
            "display_name='Mom'",
        ]
    )
    assert (out, rc) == ("Row: 0 display_name=Mom, number=+1 212 555 0147\n", 0)
    out, _ = dev.content(
        [
            "query",
            "--uri",
            "content://com.rammigsoftware.bluecoins/transactions",
            "--projection",
            "title:amount",
            "--sort",
            "amount DESC",
        ]
    )
    assert out.splitlines()[0] == "Row: 0 title=Groceries, amount=54.2"
    dev.content(
        [
            "insert",
            "--uri",
            "content://net.gsantner.markor/notes",
            "--bind",
            "title:s:x",
            "--bind",
            "body:n:",
        ]
    )
    out, _ = dev.content(
        ["query", "--uri", "content://net.gsantner.markor/notes", "--where", "title='x'"]
    )
    assert out.endswith("title=x, body=NULL\n")
    assert dev.content(["query", "--uri", PHONES, "--where", "display_name='Nobody'"]) == (
        "No result found.\n",
        0,
    )


def test_inbox_and_sent_are_views_of_one_table(dev: DeviceState) -> None:
    out, _ = dev.content(
        [
            "query",
            "--uri",
            "content://sms/inbox",
            "--projection",
            "body",
            "--where",
            "body LIKE '%verification code%'",
        ]
    )
    assert out == "Row: 0 body=G-482913 is your Google verification code.\n"
    dev.content(
        [
            "insert",
            "--uri",
            "content://sms/sent",
            "--bind",
            "address:s:+15550100",
            "--bind",
            "body:s:hi: there",
            "--bind",
            "date:l:1764412800000",
        ]
    )
    out, _ = dev.content(["query", "--uri", "content://sms/sent", "--where", "address='+15550100'"])
    assert out == "Row: 0 _id=7, address=+15550100, body=hi: there, date=1764412800000, type=2\n"
    all_rows, _ = dev.content(["query", "--uri", "content://sms", "--projection", "_id"])
    assert len(all_rows.splitlines()) == 7
    assert dev.content(["query", "--uri", "content://sms/7", "--projection", "type"]) == (
        "Row: 0 type=2\n",
        0,
    )


def test_update_delete_and_keyword_columns(dev: DeviceState) -> None:
    uri = "content://com.google.android.gm/messages"
    assert dev.content(
        ["update", "--uri", uri, "--bind", "subject:s:Changed", "--where", "from LIKE 'Shop%'"]
    ) == ("", 0)
    out, _ = dev.content(
        ["query", "--uri", uri, "--projection", "from:subject", "--where", "subject='Changed'"]
    )
    assert out == "Row: 0 from=Shop Deals <deals@shop.example>, subject=Changed\n"
    assert dev.content(["delete", "--uri", uri, "--where", "subject='Changed'"]) == ("", 0)
    assert (
        dev.content(["query", "--uri", uri, "--where", "subject='Changed'"])[0]
        == "No result found.\n"
    )


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        ([], "[ERROR] Operation not specified"),
        (["frobnicate"], "[ERROR] Unsupported operation: frobnicate"),
        (["query"], "[ERROR] Content provider URI not specified"),
        (["query", "--uri"], "[ERROR] Missing value for argument: --uri"),
        (["query", "--uri", PHONES, "--bogus", "1"], "[ERROR] Unsupported argument: --bogus"),
        (["insert", "--uri", PHONES], "[ERROR] Bindings not specified"),
        (["insert", "--uri", PHONES, "--bind", "x"], "[ERROR] Binding not well formed: x"),
        (["insert", "--uri", PHONES, "--bind", "x:q:1"], "[ERROR] Unsupported type: q"),
        (["insert", "--uri", PHONES, "--bind", "x:i:one"], '[ERROR] For input string: "one"'),
        (
            ["query", "--uri", "content://no.such.authority/x"],
            "Error while accessing provider:no.such.authority\njava.lang.IllegalStateException: Could not find provider: no.such.authority",
        ),
        (
            ["query", "--uri", "content://sms/nonsense"],
            "java.lang.IllegalArgumentException: Unknown URL content://sms/nonsense",
        ),
        (
            ["query", "--uri", PHONES, "--projection", "nope"],
            "android.database.sqlite.SQLiteException: no such column: nope",
        ),
        (
            ["query", "--uri", PHONES, "--where", "display_name = = 1"],
            "android.database.sqlite.SQLiteException",
        ),
    ],
)
def test_content_errors_like_the_real_tool(dev: DeviceState, argv: list[str], needle: str) -> None:
    out, rc = dev.content(argv)
    assert needle in out and rc == 1


def test_content_insert_shows_on_screen(dev: DeviceState) -> None:
    dev.start("com.android.contacts")
    rev = dev.revision
    dev.content(
        [
            "insert",
            "--uri",
            "content://com.android.contacts/contacts",
            "--bind",
            "display_name:s:Adam Ant",
        ]
    )
    assert dev.revision > rev
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
    assert (
        "hour=5, minutes=0, label=Run"
        in dev.content(["query", "--uri", "content://com.google.android.deskclock/alarms"])[0]
    )
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
    out, rc = dev.content(
        ["query", "--uri", "content://settings/global", "--where", "name='wifi_on'"]
    )
    assert rc == 0 and out.startswith("Row: 0 _id=") and out.endswith(", name=wifi_on, value=1\n")
    dev.content(
        [
            "insert",
            "--uri",
            "content://settings/secure",
            "--bind",
            "name:s:lock_screen_enabled",
            "--bind",
            "value:s:0",
        ]
    )
    assert dev.settings(["get", "secure", "lock_screen_enabled"]) == ("0\n", 0)
    dev.settings(["put", "system", "screen_brightness", "7"])
    out, _ = dev.content(
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
    assert (
        "body=Code 845512, "
        in dev.content(["query", "--uri", "content://sms/inbox", "--where", "address='BANK'"])[0]
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
    assert (
        "from=x@evil.example"
        in dev.content(
            [
                "query",
                "--uri",
                "content://com.google.android.gm/messages",
                "--where",
                "subject='Hi'",
            ]
        )[0]
    )
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
