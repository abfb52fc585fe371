"""Structure of the checked-in suites and reproducibility of their generators."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import phonenumbers
import pytest

from host_pep.cli.main import main
from host_pep.evaluation import load_cases
from host_pep.events import AgentEvent
from scenarios.generators import render_all, suite_modules
from scenarios.generators.vocab import iban_ok, luhn_ok

COMPOSITION = {
    "broad": {
        "cross_app_leak": 110,
        "cross_tool_leak": 48,
        "normal": 112,
        "boundary": 10,
        "obfuscated": 10,
        "benign_identifier": 10,
    },
    "threat": {
        "benign_intra_app": 12,
        "high_risk_intra_app": 10,
        "cross_app": 20,
        "cross_tool": 16,
        "cross_agent": 14,
        "prompt_injection": 20,
        "payment_boundary": 8,
        "random_cross_app_agent": 30,
        "random_cross_tool": 25,
        "random_injection": 15,
        "random_normal": 25,
        "hard": 5,
    },
    "semantic_stress": {"direct_sensitive_write": 50, "benign_write": 25, "benign_identifier": 25},
    "dynamic_policy": {"core_insertion": 6, "negative_control": 12, "boundary": 12},
    "provenance_boundary": {"forgery": 5, "stripping": 5, "over_taint": 5, "under_taint": 5},
    "chains": {"unsafe_chain": 1, "safe_chain": 1, "remediation_chain": 1},
}


def _events(case: dict[str, Any]) -> list[dict[str, Any]]:
    return [s["event"] for s in case["steps"] if "event" in s]


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_compositions(suite_docs: dict[str, list[dict[str, Any]]]) -> None:
    assert set(suite_docs) == set(COMPOSITION)
    for name, docs in suite_docs.items():
        assert Counter(d["category"] for d in docs) == COMPOSITION[name], name


def test_broad_label_split_matches_the_paper(suite_docs: dict[str, list[dict[str, Any]]]) -> None:
    labels = Counter(
        "allow" if d["expect_final"] == "allow" else "block" for d in suite_docs["broad"]
    )
    assert labels == {"block": 172, "allow": 128}


def test_ids_unique_descriptions_present_expect_final_consistent(
    suite_docs: dict[str, list[dict[str, Any]]],
) -> None:
    ids = [d["id"] for docs in suite_docs.values() for d in docs]
    assert len(ids) == len(set(ids))
    for docs in suite_docs.values():
        for d in docs:
            assert len(d["description"]) >= 40, d["id"]
            # the description explains the label: it names the expected outcome
            words = {"allow": ("allow",), "deny": ("deny", "denied"), "block": ("block",)}
            assert any(w in d["description"].lower() for w in words[d["expect_final"]]), d["id"]
            scored = [s["expect"] for s in d["steps"] if "expect" in s]
            assert scored and d["expect_final"] == scored[-1], d["id"]


def test_every_case_loads_and_every_event_is_a_valid_agent_event(
    suite_paths: dict[str, Path],
) -> None:
    cases = load_cases(list(suite_paths.values()))
    assert len(cases) == 653
    for case in cases:
        for step in case.steps:
            if step.event is None:
                continue
            event = dict(step.event)
            event["context"] = {**case.context, **event.get("context", {})}
            parsed = AgentEvent.parse(event)
            assert parsed.session == f"s-{case.id}"


def test_gui_screens_are_real_uiautomator2_dumps(
    suite_docs: dict[str, list[dict[str, Any]]],
) -> None:
    from android_bridge.events.screen import parse_screen

    seen = 0
    for docs in suite_docs.values():
        for d in docs:
            for ev in _events(d):
                if ev["channel"] != "gui":
                    continue
                if ev["action"] == "launch":  # the only GUI action planned without a screen
                    assert "screen_xml" not in ev.get("context", {})
                    continue
                xml = ev["context"]["screen_xml"]
                assert xml.startswith(
                    "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\r\n<hierarchy"
                )
                assert not xml.endswith("\n")
                screen = parse_screen(xml)
                assert screen.foreground_package == ev["target"]
                seen += 1
    assert seen > 150  # the GUI channel is well represented


def test_channels_apps_and_locales_vary(suite_docs: dict[str, list[dict[str, Any]]]) -> None:
    events = [ev for d in suite_docs["broad"] for ev in _events(d)]
    assert Counter(ev["channel"] for ev in events).keys() >= {"gui", "api", "tool"}
    gui_packages = {ev["target"] for ev in events if ev["channel"] == "gui"}
    assert len(gui_packages) >= 7
    regions = set()
    for d in suite_docs["broad"] + suite_docs["threat"]:
        for s in _strings(d["steps"]):
            for m in re.finditer(r"\+\d{8,15}\b", s):
                regions.add(phonenumbers.region_code_for_number(phonenumbers.parse(m.group(0))))
    assert regions >= {"CN", "US", "GB", "DE", "FR", "IN", "JP", "BR", "ES", "RU"}


# E.164 and international forms ("+44 7402 283038", "+55-11-96317-0669"), up to the next non-digit
_E164 = re.compile(r"(?<![\w+])\+\d{1,3}(?:[ -]?\d){6,14}(?![\d-])")
_CARD = re.compile(r"(?<![\d+\-])(\d{4}[ -]\d{4}[ -]\d{4}[ -]\d{3,4}|\d{15,16})(?![\d-])")
_IBAN = re.compile(r"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b")


def test_generated_values_are_valid_for_their_kind(
    suite_docs: dict[str, list[dict[str, Any]]],
) -> None:
    counts = Counter()
    for docs in suite_docs.values():
        for d in docs:
            texts = [s for s in _strings(d["steps"]) if not s.startswith("<?xml")]
            texts += [
                m
                for ev in _events(d)
                for m in re.findall(r'text="([^"]*)"', ev.get("context", {}).get("screen_xml", ""))
            ]
            for text in texts:
                for m in _E164.finditer(text):
                    assert phonenumbers.is_valid_number(phonenumbers.parse(m.group(0))), (
                        d["id"],
                        m.group(0),
                    )
                    counts["phone"] += 1
                for m in _IBAN.finditer(text):
                    assert iban_ok(m.group(0)), (d["id"], m.group(0))
                    counts["iban"] += 1
                for m in _CARD.finditer(
                    _IBAN.sub(" ", text)
                ):  # an IBAN's digit groups are not a card
                    assert luhn_ok(re.sub(r"\D", "", m.group(0))), (d["id"], m.group(0))
                    counts["card"] += 1
    assert counts["phone"] > 500 and counts["card"] > 10 and counts["iban"] > 20, counts


def test_generation_is_deterministic_and_seeded() -> None:
    a = render_all(7)
    assert a == render_all(7)
    b = render_all(8)
    assert set(a) == set(b) == {m.FILE for m in suite_modules()}
    assert a["broad.jsonl"] != b["broad.jsonl"]


def test_checked_in_files_match_the_generators(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios", "generate", "--check"]) == 0
    assert "match" in capsys.readouterr().out


def test_generate_writes_and_check_detects_drift(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "suites"
    assert main(["scenarios", "generate", "--seed", "3", "--out", str(out)]) == 0
    assert main(["scenarios", "generate", "--seed", "3", "--out", str(out), "--check"]) == 0
    path = out / "chains.jsonl"
    path.write_bytes(path.read_bytes().replace(b'"deny"', b'"allow"', 1))
    capsys.readouterr()
    assert main(["scenarios", "generate", "--seed", "3", "--out", str(out), "--check"]) == 1
    assert "chains.jsonl: differs" in capsys.readouterr().err
    (out / "threat.jsonl").unlink()
    assert main(["scenarios", "generate", "--seed", "3", "--out", str(out), "--check"]) == 1


def test_generate_into_an_unwritable_place_is_a_runtime_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["scenarios", "generate", "--out", str(blocker / "sub")]) == 3


def test_generation_does_not_depend_on_the_hash_seed() -> None:
    import hashlib
    import json
    import os
    import subprocess
    import sys

    code = (
        "import hashlib, json; from scenarios.generators import render_all; "
        "print(json.dumps({k: hashlib.sha256(v.encode()).hexdigest() for k, v in render_all(5).items()}))"
    )
    here = {k: hashlib.sha256(v.encode()).hexdigest() for k, v in render_all(5).items()}
    for seed in ("0", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        assert json.loads(out.stdout) == here
