"""``droidgate apk ...`` through the real droidgate entry point (argparse + entry points)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host_pep.cli.main import main


def test_inspect_json(u2_apk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["apk", "inspect", str(u2_apk), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["package"] == "com.github.uiautomator"
    assert data["launcher_activity"] == "com.github.uiautomator.MainActivity"
    assert {"name": "android.permission.GET_ACCOUNTS", "dangerous": True, "group": "contacts"} in (
        data["permissions"]
    )


def test_inspect_table(u2_apk: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["apk", "inspect", str(u2_apk)]) == 0
    out = capsys.readouterr().out
    assert "com.github.uiautomator" in out and "GET_ACCOUNTS" in out and "launcher" in out


@pytest.mark.parametrize("content", [b"", b"not a zip at all", b"PK\x03\x04truncated"])
def test_inspect_bad_file_exit_2_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    bad = tmp_path / "bad.apk"
    bad.write_bytes(content)
    assert main(["apk", "inspect", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("droidgate: error: ") and str(bad) in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_catalog_lookup(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["apk", "catalog", "--lookup", "expense.add"]) == 0
    assert capsys.readouterr().out.strip() == "expense.add -> finance (local_write)"
    assert main(["apk", "catalog", "--lookup", "content://sms/sent", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "sms"
    assert main(["apk", "catalog", "--lookup", "org.videolan.vlc"]) == 1


def test_catalog_listing_and_bad_extra(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["apk", "catalog", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"contacts", "sms", "mail", "calendar", "settings"} <= {a["name"] for a in data["apps"]}
    bad = tmp_path / "mine.yaml"
    bad.write_text("apps:\n  - name: x\n    roles: {sink: maybe}\n")
    assert main(["apk", "catalog", "--extra", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "mine.yaml" in err and "'x'" in err and "roles.sink" in err


def test_device_commands_validate_before_connecting(capsys: pytest.CaptureFixture[str]) -> None:
    # Bad names are usage errors (2) and never reach adb.
    assert main(["apk", "uninstall", "not a package"]) == 2
    assert "invalid package" in capsys.readouterr().err
    assert main(["apk", "grant", "com.a.b", "READ; reboot"]) == 2
    assert "invalid permission" in capsys.readouterr().err


def test_unreachable_adb_server_is_a_runtime_error(
    capsys: pytest.CaptureFixture[str], unused_port: int
) -> None:
    assert (
        main(["apk", "packages", "--adb-port", str(unused_port), "--serial", "emulator-5554"]) == 3
    )
    assert "droidgate: error:" in capsys.readouterr().err


@pytest.fixture
def unused_port() -> int:
    """A port nothing listens on (bound then released)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])
