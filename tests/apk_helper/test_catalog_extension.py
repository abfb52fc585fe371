"""User catalog files: extending, overriding, moving claims, and clear validation errors."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from apk_helper.catalog import ENV_VAR, catalog_paths, load_catalog, shipped_path
from apk_helper.errors import CatalogError


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_user_file_adds_an_app(tmp_path: Path) -> None:
    extra = write(
        tmp_path / "fitness.yaml",
        """
apps:
  - name: fitness
    packages: [de.dennisguse.opentracks]
    authorities: [de.dennisguse.opentracks.content]
    tools: [tracks.*]
    roles: {source: true, high_impact: [delete]}
    fields:
      heart_rate: {role: content, kind: health}
""",
    )
    cat = load_catalog(extra=[extra])
    entry = cat.app_for_package("de.dennisguse.opentracks")
    assert entry is not None and entry.name == "fitness"
    assert cat.app_for_uri("content://de.dennisguse.opentracks.content/tracks") is entry
    assert cat.app_for_tool("tracks.export") is entry and cat.app_for_tool("fitness.log") is entry
    assert entry.field("heartRate").kind == "health"  # type: ignore[union-attr]
    assert cat.sources[-1] == str(extra)
    # The shipped apps are all still there.
    assert cat.app_for_package("com.android.chrome").name == "browser"  # type: ignore[union-attr]


def test_user_file_extends_and_overrides_an_app(tmp_path: Path) -> None:
    extra = write(
        tmp_path / "cal.yaml",
        """
apps:
  - name: calendar
    packages: [com.example.mycalendar]
    roles: {source: true}
    fields:
      title: {role: identifier}
      agenda: {role: content}
""",
    )
    cat = load_catalog(extra=[extra])
    cal = cat.get("calendar")
    assert cal is not None
    assert cat.app_for_package("com.example.mycalendar") is cal
    assert cat.app_for_package("com.google.android.calendar") is cal  # lists are extended
    assert cal.roles.source and cal.roles.sink  # roles overridden key by key
    assert cal.field("title").role == "identifier"  # type: ignore[union-attr]
    assert cal.field("agenda").role == "content"  # type: ignore[union-attr]
    assert cal.field("event_location").role == "content"  # type: ignore[union-attr]


def test_replace_and_moving_a_package(tmp_path: Path) -> None:
    extra = write(
        tmp_path / "move.yaml",
        """
apps:
  - name: journal
    packages: [net.cozic.joplin]
  - name: clock
    replace: true
    packages: [com.example.clock]
""",
    )
    cat = load_catalog(extra=[extra])
    assert cat.app_for_package("net.cozic.joplin").name == "journal"  # type: ignore[union-attr]
    assert cat.app_for_package("net.gsantner.markor").name == "notes"  # type: ignore[union-attr]
    clock = cat.get("clock")
    assert clock is not None and clock.packages == ("com.example.clock",)
    assert cat.app_for_package("com.google.android.deskclock") is None
    assert not clock.roles.sink  # replaced: defaults, not the shipped roles


def test_later_files_win(tmp_path: Path) -> None:
    a = write(tmp_path / "a.yaml", "apps:\n  - name: alpha\n    packages: [com.x.app]\n")
    b = write(tmp_path / "b.yaml", "apps:\n  - name: beta\n    packages: [com.x.app]\n")
    assert load_catalog(extra=[a, b]).app_for_package("com.x.app").name == "beta"  # type: ignore[union-attr]
    assert load_catalog(extra=[b, a]).app_for_package("com.x.app").name == "alpha"  # type: ignore[union-attr]


def test_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a = write(tmp_path / "a.yaml", "apps:\n  - name: alpha\n    packages: [com.x.a]\n")
    b = write(
        tmp_path / "b.yaml",
        "verbs: {frob: delete}\napps:\n  - name: beta\n    packages: [com.x.b]\n",
    )
    monkeypatch.setenv(ENV_VAR, os.pathsep.join([str(a), "", str(b)]))
    assert catalog_paths() == [shipped_path(), a, b]
    cat = load_catalog()
    assert cat.app_for_package("com.x.a").name == "alpha"  # type: ignore[union-attr]
    assert cat.app_for_package("com.x.b").name == "beta"  # type: ignore[union-attr]
    assert cat.operation_for("beta.frob") == "delete"
    monkeypatch.delenv(ENV_VAR)
    assert load_catalog().app_for_package("com.x.a") is None


def test_edits_to_a_user_file_are_picked_up(tmp_path: Path) -> None:
    f = write(tmp_path / "a.yaml", "apps:\n  - name: alpha\n    packages: [com.x.a]\n")
    assert load_catalog(extra=[f]).get("alpha") is not None
    write(f, "apps:\n  - name: gamma\n    packages: [com.x.a]\n")
    os.utime(f, (1, 1))  # a different mtime even within one clock tick
    assert load_catalog(extra=[f]).app_for_package("com.x.a").name == "gamma"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "entry", "problem"),
    [
        ("apps:\n  - name: x\n    fields: {to: {role: receiver}}\n", "x", "fields.to.role"),
        ("apps:\n  - name: x\n    fields: {to: {role: recipient, kind: fax}}\n", "x", "kind"),
        ("apps:\n  - name: x\n    roles: {high_impact: [explode]}\n", "x", "high_impact"),
        ("apps:\n  - name: x\n    roles: {sourse: true}\n", "x", "sourse"),
        ("apps:\n  - name: x\n    pakages: [a.b]\n", "x", "pakages"),
        ("apps:\n  - name: Bad Name\n", "Bad Name", "lower_snake_case"),
        ("apps:\n  - packages: [a.b]\n", "#0", "no 'name'"),
        ("apps:\n  - name: x\n    packages: a.b\n", "x", "must be a list"),
        ("apps:\n  - name: x\n  - name: x\n", "x", "defined twice"),
        ("apps:\n  - just-a-string\n", "#0", "must be a mapping"),
    ],
)
def test_entry_errors_name_file_and_entry(
    tmp_path: Path, text: str, entry: str, problem: str
) -> None:
    f = write(tmp_path / "bad.yaml", text)
    with pytest.raises(CatalogError) as err:
        load_catalog(extra=[f])
    assert err.value.path == str(f)
    assert err.value.entry == entry
    assert problem in str(err.value)
    assert str(f) in str(err.value)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("apps: [\n", "invalid YAML"),
        ("- a\n- b\n", "expected a mapping"),
        ("applications: []\n", "applications"),
        ("verbs: {send: teleport}\n", "verbs.send"),
        (
            "apps:\n  - name: a\n    packages: [p.q]\n  - name: b\n    packages: [p.q]\n",
            "claimed by both 'a' and 'b'",
        ),
    ],
)
def test_file_errors(tmp_path: Path, text: str, problem: str) -> None:
    f = write(tmp_path / "bad.yaml", text)
    with pytest.raises(CatalogError, match=r"bad\.yaml") as err:
        load_catalog(extra=[f])
    assert problem in str(err.value)


def test_missing_and_empty_files(tmp_path: Path) -> None:
    with pytest.raises(CatalogError, match="no such catalog file"):
        load_catalog(extra=[tmp_path / "nope.yaml"])
    empty = write(tmp_path / "empty.yaml", "")
    assert len(load_catalog(extra=[empty])) == len(load_catalog())
