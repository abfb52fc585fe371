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
    (command,) = tool.commands(args)
    argv = shlex.split(command)
    assert argv[:4] == ["content", "insert", "--uri", "content://net.gsantner.markor/notes"]
    assert "title:s:a'; rm -rf /sdcard; echo '" in argv
    assert "body:s:$(id) `id` && x" in argv


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
    ]:  # fmt: skip
        tool = get_tool(name)
        (command,) = tool.commands(tool.validate(payload))
        event = AgentEvent.parse({"session": "s", "agent": "a", "channel": "api",
                                  "action": "api_call", "payload": {"command": command}})  # fmt: skip
        completion = api.complete(event)
        assert (completion.event.target, completion.semantics.operation) == (target, op)


def test_results_are_parsed_from_provider_rows() -> None:
    rows = (
        "Row: 0 _id=2, display_name=王伟, number=+86 138 1234 5678, email=wang.wei@example.cn\n"
        "Row: 1 _id=9, display_name=Bob Miller, number=(650) 555-0199, email=bob@example.org\n"
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
    assert page.parse(page.validate({"url": "https://x"}), ["No result found.\n"]) == {
        "url": "https://x", "found": False}  # fmt: skip


def test_registry_lists_tools_once() -> None:
    names = [t.name for t in all_tools()]
    assert len(names) == len(set(names))
