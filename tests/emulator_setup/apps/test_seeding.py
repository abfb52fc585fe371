"""Seeding through real ADB onto the virtual device, and fixture validation."""

from __future__ import annotations

from pathlib import Path

import pytest

from emulator_setup.fixtures import FixtureError, available, load_fixture, plan
from emulator_setup.seeding import SeedError, bind, insert_command, seed
from emulator_setup.testing import DeviceHandle, virtual_device, virtual_farm  # noqa: F401
from emulator_setup.virtual.state import DeviceState

SMALL = {
    "contacts": [{"name": "Seed Person", "phone": "+33 6 12 34 56 78", "email": "seed@example.fr"}],
    "sms": [
        {
            "address": "12345",
            "body": 'Code: 111-222 it\'s "quoted"; $HOME `x`',
            "date": "2026-11-29T12:00:00Z",
        }
    ],
    "files": [{"path": "/sdcard/Download/seeded.txt", "content": "hello from the fixture"}],
    "settings": {"global": {"wifi_on": "0"}},
}


def test_bind_types_escaping_and_quoting() -> None:
    assert bind("n", None) == "n:n:" and bind("b", True) == "b:b:true"
    assert bind("i", 3) == "i:l:3" and bind("f", 1.5) == "f:d:1.5"
    # content (Android 12+) splits a binding on unescaped colons
    assert bind("s", "a:b\\c") == "s:s:a\\:b\\\\c"
    cmd = insert_command("content://sms/inbox", {"body": "it's $x"})
    assert cmd == "content insert --uri content://sms/inbox --bind 'body:s:it'\"'\"'s $x'"


def test_fixture_validation(tmp_path: Path) -> None:
    assert "default" in available()
    with pytest.raises(FixtureError, match="unknown fixture 'nope'"):
        load_fixture("nope")
    bad = tmp_path / "bad.yaml"
    bad.write_text("contacts: []\nweather: []\n")
    with pytest.raises(FixtureError, match="unknown sections"):
        load_fixture(str(bad))
    with pytest.raises(FixtureError, match="lacks 'name'"):
        plan({"contacts": [{"phone": "1"}]})
    with pytest.raises(FixtureError, match="ISO-8601"):
        plan({"sms": [{"address": "1", "body": "x", "date": "yesterday"}]})


def test_default_fixture_covers_every_section() -> None:
    data = load_fixture("default")
    dev = DeviceState(fixture=None)
    dev.seed(data)
    countries = {c["phone"].split(" ")[0] for c in data["contacts"] if c["phone"].startswith("+")}
    assert {"+1", "+86", "+44", "+49", "+33", "+91", "+81", "+55"} <= countries
    assert any("verification code" in m["body"] for m in data["sms"])
    assert any("evil.example" in m["body"] for m in data["mail"])
    assert any("IBAN" in p["text"] for p in data["pages"])
    assert dev.fs.read("/sdcard/Download/meeting_notes.txt").startswith(b"Meeting notes")


@pytest.mark.device
def test_seed_over_adb_replaces_and_reads_back(virtual_device: DeviceHandle) -> None:  # noqa: F811
    port = virtual_device.farm.adb_port
    report = seed(virtual_device.serial, SMALL, adb_port=port)
    assert report.rows == {"contacts": 1, "sms": 1}
    assert report.files == ["/sdcard/Download/seeded.txt"] and report.settings == 1
    out = virtual_device.shell(
        "content query --uri content://com.android.contacts/data/phones"
        " --projection display_name:data1:data4"
    )
    # replaced, not appended; the provider normalized the number as on a phone
    assert out == "Row: 0 display_name=Seed Person, data1=+33 6 12 34 56 78, data4=+33612345678\n"
    out = virtual_device.shell("content query --uri content://sms/inbox --projection body")
    assert out == 'Row: 0 body=Code: 111-222 it\'s "quoted"; $HOME `x`\n'
    assert virtual_device.shell("cat /sdcard/Download/seeded.txt") == "hello from the fixture"
    assert virtual_device.shell("settings get global wifi_on").strip() == "0"
    again = seed(virtual_device.serial, "default", adb_port=port)
    assert again.rows == {"contacts": 10, "sms": 6, "events": 3, "mail": 5, "expenses": 3,
                          "alarms": 2, "pages": 4, "products": 4, "notes": 2}  # fmt: skip
    assert not again.skipped


@pytest.mark.device
def test_adb_seeding_matches_in_process_seeding(virtual_device: DeviceHandle) -> None:  # noqa: F811
    """The same fixture over ADB and in-process gives the same provider rows and app data."""
    queries = [
        "content query --uri content://com.android.contacts/data"
        " --projection display_name:mimetype:data1:data2:data4 --sort display_name,_id",
        "content query --uri content://sms --projection address:body:date:type:read:seen"
        " --sort date",
        "content query --uri content://com.android.calendar/events"
        " --projection title:description:eventLocation:dtstart:dtend:eventTimezone",
        "su 0 sqlite3 /data/data/com.google.android.gm/databases/mail.db"
        " 'SELECT folder, sender, recipient, subject, body, date FROM messages ORDER BY date'",
        "su 0 sqlite3 /data/user_de/0/com.google.android.deskclock/databases/alarms.db"
        " 'SELECT hour, minutes, label, enabled FROM alarm_templates ORDER BY hour'",
        "ls /sdcard/Documents/Markor",
    ]
    in_process = [virtual_device.shell(q) for q in queries]  # the device starts seeded in-process
    seed(virtual_device.serial, "default", adb_port=virtual_device.farm.adb_port)
    over_adb = [virtual_device.shell(q) for q in queries]
    assert [len(out.splitlines()) for out in in_process] == [42, 6, 3, 8, 2, 2]
    for before, after in zip(in_process, over_adb, strict=True):
        assert after == before


@pytest.mark.device
def test_seed_refuses_unknown_device_and_bad_fixture(virtual_device: DeviceHandle) -> None:  # noqa: F811
    port = virtual_device.farm.adb_port
    with pytest.raises(SeedError, match="not available"):
        seed("127.0.0.1:1", SMALL, adb_port=port)
    bad = {"expenses": [{"title": "t", "amount": "NaN?", "date": 0}]}
    with pytest.raises(FixtureError, match="expense amount must be a number"):
        seed(virtual_device.serial, bad, adb_port=port)
    # nothing was half-written: the device still has its default data
    assert "Groceries" in virtual_device.shell(
        "su 0 sqlite3 /data/data/com.rammigsoftware.bluecoins/databases/bluecoins.fydb"
        " 'SELECT title FROM transactions'"
    )


def test_every_shipped_fixture_loads_in_process() -> None:
    for name in available():
        dev = DeviceState(fixture=name)
        out, err, rc = dev.run_content(
            ["query", "--uri", "content://com.android.contacts/contacts", "--projection", "_id"]
        )
        assert rc == 0 and not err and out.startswith("Row: 0 "), name


def test_user_fixture_files_are_reread_and_yaml_errors_named(tmp_path: Path) -> None:
    f = tmp_path / "mine.yaml"
    f.write_text("notes: [{title: a}]\n")
    assert load_fixture(str(f))["notes"] == [{"title": "a"}]
    f.write_text("notes: [{title: b}]\n")
    assert load_fixture(str(f))["notes"] == [{"title": "b"}]
    f.write_text("notes: [unclosed\n")
    with pytest.raises(FixtureError, match="not valid YAML"):
        load_fixture(str(f))
    first = load_fixture("default")
    first["contacts"].clear()
    assert load_fixture("default")["contacts"]  # callers get copies of the cached fixture
