"""Typed tools: schemas, argument validation, the commands they run and result parsing."""

from __future__ import annotations

import shlex

import pytest

from android_bridge.events.api import ApiAdapter
from android_bridge.tools import all_tools, get_tool, tool_specs
from host_pep.events import AgentEvent
from host_pep.exceptions import EventValidationError
from host_pep.semantics import Operation

EXPECTED = {
    "contacts.lookup", "contacts.search", "calendar.create_event", "calendar.list", "sms.send",
    "sms.inbox", "mail.send", "mail.inbox", "notes.create", "expense.add", "clock.set_alarm",
    "browser.read", "files.upload", "settings.put", "settings.get",
}  # fmt: skip


def test_every_tool_has_a_strict_json_schema_and_hints() -> None:
    specs = {s["name"]: s for s in tool_specs()}
    assert set(specs) == EXPECTED
    for spec in specs.values():
        schema = spec["input_schema"]
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert spec["annotations"]["readOnlyHint"] == spec["read_only"]
    assert specs["contacts.lookup"]["read_only"] and not specs["contacts.lookup"]["destructive"]
    assert specs["files.upload"]["destructive"]
    assert specs["sms.send"]["input_schema"]["required"] == ["recipient", "body"]


def test_bad_arguments_name_the_field() -> None:
    tool = get_tool("clock.set_alarm")
    with pytest.raises(EventValidationError) as info:
        tool.validate({"hour": 25, "minutes": 0})
    assert info.value.field == "payload.hour"
    with pytest.raises(EventValidationError, match="Extra inputs"):
        get_tool("notes.create").validate({"title": "x", "evil": "y"})
    with pytest.raises(EventValidationError, match="unknown tool"):
        get_tool("shell.exec")


def test_commands_quote_hostile_values_into_single_arguments() -> None:
    tool = get_tool("notes.create")
    args = tool.validate({"title": "a'; rm -rf /sdcard; echo '", "body": "$(id) `id` && x"})
    mkdir, write, _check = tool.commands(args)
    assert shlex.split(mkdir) == ["mkdir", "-p", "/sdcard/Documents/Markor"]
    # a Markor note is a file in its notebook; the title cannot leave the folder
    assert isinstance(write, str)
    assert shlex.split(write) == [
        "printf", "%s", "$(id) `id` && x", ">", "/sdcard/Documents/Markor/a__ rm -rf _sdcard_ echo _.md"
    ]  # fmt: skip
    calendar = get_tool("calendar.create_event")
    _, insert = calendar.commands(calendar.validate({"title": "a:b", "description": "x\\y"}))
    assert not isinstance(insert, str)
    argv = shlex.split(insert(["Row: 0 _id=3\n"]))
    # values are escaped for `content`, which splits a binding on unescaped colons
    assert "title:s:a\\:b" in argv and "description:s:x\\\\y" in argv
    assert "calendar_id:l:3" in argv and "eventTimezone:s:UTC" in argv


def test_tool_commands_are_what_the_api_channel_would_judge_them_as() -> None:
    # The command a tool runs means the same thing to the API adapter: one seam, one meaning.
    api = ApiAdapter()
    for name, payload, target, op in [
        ("calendar.create_event", {"title": "Sync", "description": "d"}, "calendar.insert",
         Operation.LOCAL_WRITE),
        ("sms.send", {"recipient": "+1 555", "body": "hi"}, "sms.insert", Operation.LOCAL_WRITE),
        ("contacts.lookup", {"name": "Bob"}, "contacts.query", Operation.READ),
        ("settings.put", {"namespace": "secure", "key": "lock_screen_enabled", "value": "0"},
         "settings.put", Operation.SECURITY_CHANGE),
        ("notes.create", {"title": "T", "body": "b"}, "notes.create", Operation.LOCAL_WRITE),
        ("clock.set_alarm", {"hour": 6, "minutes": 5, "label": "Gym"}, "clock.set_alarm",
         Operation.LOCAL_WRITE),
    ]:  # fmt: skip
        tool = get_tool(name)
        steps = tool.commands(tool.validate(payload))
        # the step that writes: the last one computed, or the one with an effect
        commands = [s if isinstance(s, str) else s(["Row: 0 _id=1\n"]) for s in steps]
        meanings = []
        for command in commands:
            event = AgentEvent.parse({"session": "s", "agent": "a", "channel": "api",
                                      "action": "api_call", "payload": {"command": command}})  # fmt: skip
            c = api.complete(event)
            meanings.append((c.event.target, c.semantics.operation))
        effects = [m for m in meanings if m[1] not in (Operation.READ, Operation.NAVIGATE)]
        assert (effects or meanings)[-1] == (target, op), meanings


def test_results_are_parsed_from_provider_rows() -> None:
    name, phone, email = (
        "vnd.android.cursor.item/name", "vnd.android.cursor.item/phone_v2",
        "vnd.android.cursor.item/email_v2",
    )  # fmt: skip
    rows = (
        f"Row: 0 contact_id=2, display_name=王伟, mimetype={name}, data1=王伟\n"
        f"Row: 1 contact_id=2, display_name=王伟, mimetype={phone}, data1=+86 138 1234 5678\n"
        f"Row: 2 contact_id=2, display_name=王伟, mimetype={email}, data1=wang.wei@example.cn\n"
        f"Row: 3 contact_id=9, display_name=Bob Miller, mimetype={phone}, data1=(650) 555-0199\n"
        f"Row: 4 contact_id=9, display_name=Bob Miller, mimetype={email}, data1=bob@example.org\n"
    )
    lookup = get_tool("contacts.lookup")
    assert lookup.parse(lookup.validate({"name": "bob miller"}), [rows]) == {
        "contacts": [{"name": "Bob Miller", "phone": "(650) 555-0199", "email": "bob@example.org"}]
    }
    search = get_tool("contacts.search")
    assert [
        c["name"] for c in search.parse(search.validate({"query": "138"}), [rows])["contacts"]
    ] == ["王伟"]
    page = get_tool("browser.read")
    unreachable = (
        "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
        '<node index="0" text="This site can\'t be reached" resource-id="" class="android.widget.'
        'TextView" package="com.android.chrome" content-desc="" checkable="false" checked="false" '
        'clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" '
        'long-clickable="false" password="false" selected="false" visible-to-user="true" '
        'bounds="[0,0][1080,200]" /></hierarchy>'
    )
    assert page.parse(page.validate({"url": "https://x"}), ["Starting", unreachable]) == {
        "url": "https://x", "found": False}  # fmt: skip


def test_registry_lists_tools_once() -> None:
    names = [t.name for t in all_tools()]
    assert len(names) == len(set(names))
