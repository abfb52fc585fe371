from pathlib import Path

import pytest

from host_pep.exceptions import PolicyFileError
from host_pep.policy import AppRole, apply_overlay, load_bundle, resolve_policy, shipped_names
from host_pep.policy.compiled import CompiledPolicy
from host_pep.policy.openworld import classify_tool
from host_pep.recognition.words import tokens
from host_pep.semantics import FieldRole, Operation


def test_default_bundle_ships_and_declares_roles() -> None:
    assert "default" in shipped_names()
    bundle = load_bundle("default")
    assert "contacts" in bundle.apps_with(AppRole.SOURCE)
    assert {"calendar", "mail", "notes", "clock", "finance", "shopping"} <= bundle.apps_with(
        AppRole.SINK
    )
    assert "browser" in bundle.apps_with(AppRole.UNTRUSTED_SOURCE)
    assert Operation.PAYMENT in bundle.high_impact.operations


def test_unknown_shipped_name_is_a_policy_error() -> None:
    with pytest.raises(PolicyFileError, match="no shipped policy named 'nope'"):
        load_bundle("nope")


def test_bad_rule_names_file_rule_id_and_field(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "name: p\nrules:\n  - id: ok\n    decision: deny\n  - id: no-phones\n    decision: maybe\n"
    )
    with pytest.raises(PolicyFileError) as info:
        load_bundle(path)
    err = info.value
    assert err.path == str(path)
    assert err.rule_id == "no-phones"
    assert err.field == "decision"
    assert str(path) in str(err) and "no-phones" in str(err)


def test_corrupt_yaml_is_a_policy_error_with_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("name: x\napps: [unclosed\n")
    with pytest.raises(PolicyFileError, match="not valid YAML"):
        load_bundle(path)


def test_unreadable_file_is_a_policy_error(tmp_path: Path) -> None:
    with pytest.raises(PolicyFileError, match="cannot read"):
        load_bundle(tmp_path / "missing.yaml")


def test_unknown_top_level_key_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text("name: p\nsurprise: 1\n")
    with pytest.raises(PolicyFileError) as info:
        load_bundle(path)
    assert info.value.field == "surprise"


def test_overlay_adds_agents_and_rules_on_default() -> None:
    overlay = {
        "agents": {"calendar_agent": {"allow": ["calendar.*", "com.android.calendar"]}},
        "rules": [
            {"id": "r1", "match": {"source": "contacts", "target": "todo.*"}, "decision": "deny"}
        ],
    }
    bundle = resolve_policy(overlay)
    assert bundle.agents["calendar_agent"].allow == ["calendar.*", "com.android.calendar"]
    assert [r.id for r in bundle.rules] == ["r1"]
    assert "contacts" in bundle.apps  # the default bundle is underneath
    again = apply_overlay(bundle, {"rules": [{"id": "r1", "decision": "allow"}]})
    assert len(again.rules) == 1 and again.rules[0].decision.value == "allow"


def test_bad_overlay_rule_is_reported() -> None:
    with pytest.raises(PolicyFileError) as info:
        resolve_policy({"rules": [{"id": "x", "decision": "deny", "match": {"colour": "red"}}]})
    assert info.value.rule_id == "x"
    assert info.value.field == "match.colour"


def test_tokens_split_snake_camel_and_dots() -> None:
    assert tokens("postToSlack") == ["post", "to", "slack"]
    assert tokens("calendar.create_event") == ["calendar", "create", "event"]


@pytest.fixture(scope="module")
def compiled() -> CompiledPolicy:
    return CompiledPolicy.build(load_bundle("default"))


@pytest.mark.parametrize(
    ("name", "args", "op"),
    [
        ("wire_funds", ["iban", "amount"], Operation.PAYMENT),
        ("purge_records", [], Operation.DELETE),
        ("post_to_slack", ["channel", "text"], Operation.EXTERNAL_SEND),
        ("get_weather", ["city"], Operation.READ),
        ("sendMoney", ["to", "amount"], Operation.PAYMENT),
        ("factory_reset_device", [], Operation.SECURITY_CHANGE),
        ("disable_screen_lock", [], Operation.SECURITY_CHANGE),
        ("upload_file", ["path", "url"], Operation.SHARE_UPLOAD),
        ("uninstall_app", ["package"], Operation.UNINSTALL),
        ("list_orders", [], Operation.READ),
        ("create_reminder", ["text"], Operation.LOCAL_WRITE),
        ("frobnicate", ["x"], Operation.UNKNOWN),
    ],
)
def test_open_world_operations(
    compiled: CompiledPolicy, name: str, args: list[str], op: Operation
) -> None:
    assert classify_tool(name, args, "", compiled).operation is op


def test_open_world_uses_description_when_the_name_says_nothing(compiled: CompiledPolicy) -> None:
    spec = classify_tool("zx_tool", ["q"], "Delete all records that match the query", compiled)
    assert spec.operation is Operation.DELETE


def test_open_world_field_roles(compiled: CompiledPolicy) -> None:
    spec = classify_tool("wire_funds", ["iban", "amount", "memo"], "", compiled)
    assert spec.fields == {
        "iban": FieldRole.ACCOUNT,
        "amount": FieldRole.AMOUNT,
        "memo": FieldRole.CONTENT,
    }
    spec = classify_tool("post_to_slack", ["channel", "text", "link"], "", compiled)
    assert spec.fields["channel"] is FieldRole.RECIPIENT
    assert spec.fields["text"] is FieldRole.CONTENT
    assert spec.fields["link"] is FieldRole.URL
    # in a local write a "phone" argument is content, not a recipient
    spec = classify_tool("add_calendar_event", ["title", "phone"], "", compiled)
    assert spec.app == "calendar" and spec.fields["phone"] is FieldRole.CONTENT


def test_known_tools_are_looked_up_tolerantly(compiled: CompiledPolicy) -> None:
    for name in ("calendar.create_event", "calendar_create_event", "calendar/create_event"):
        spec = classify_tool(name, ["notes"], "", compiled)
        assert spec.app == "calendar" and spec.operation is Operation.LOCAL_WRITE


def test_untrusted_results_by_name(compiled: CompiledPolicy) -> None:
    assert classify_tool("fetch_webpage", ["url"], "", compiled).untrusted_result
    assert classify_tool("mail.read", [], "", compiled).untrusted_result
    assert not classify_tool("contacts.lookup", ["query"], "", compiled).untrusted_result
