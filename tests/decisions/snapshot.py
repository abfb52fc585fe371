"""The decisions every suite and holdout case gets, recorded so that a refactoring of the engine
can show it changed none of them (issue #13) and a change of semantics lists what it changed.

    .venv/bin/python -m tests.decisions.snapshot          # rewrite tests/data/decisions.json
    .venv/bin/python -m tests.decisions.snapshot --diff   # list the cases that decide differently

Keyed by case id (ids are unique across files), so moving a case file does not break it.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
from pathlib import Path

from host_pep.evaluation import PolicyCache, load_cases, run_case

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = ROOT / "tests" / "data" / "decisions.json"
PATTERNS = (
    "scenarios/suites/*.jsonl",
    "tests/data/holdouts/*/*.jsonl",
    "tests/data/holdouts/*/*.yaml",
)


# The open-world rounds are measured by their metrics (tests/scenarios), not frozen here: the
# engine is being improved against them.
OPEN_WORLD_ROUNDS = frozenset(
    {
        "round9",
        "round10",
        "round11",
        "round12",
        "round13",
        "round14",
        "round15",
        "round16",
        "round17",
        "round18",
        "round19",
        "round20",
        "round21",
        "round22",
        "round23",
        "round24",
        "round25",
        "round26",
        "round27",
        "round28",
        "round29",
        "round30",
        "round31",
        "round32",
        "round33",
        "round34",
        "round35",
        "round36",
        "round37",
        "round38",
        "round39",
        "round40",
        "round41",
        "round42",
        "round43",
        "round44",
        "round45",
        "round46",
        "round47",
        "round48",
        "round49",
        "round50",
        "round51",
        "round52",
        "round53",
        "round54",
        "round55",
        "round56",
        "round57",
        "round58",
        "round59",
        "round60",
        "round61",
        "round62",
        "round63",
        "round64",
        "round65",
        "round66",
        "round67",
        "round68",
        "round69",
        "round70",
        "round71",
        "round72",
        "round73",
        "round74",
        "round75",
        "round76",
        "round77",
        "round78",
        "round79",
        "round80",
        "round81",
        "round82",
        "round83",
        "round84",
        "round85",
        "round86",
        "round87",
        "round88",
        "round89",
        "round90",
        "round91",
        "round92",
        "round93",
        "round94",
        "round95",
        "round96",
        "round97",
        "round98",
        "round99",
        "round100",
        "round101",
        "round102",
        "round103",
        "round104",
        "round105",
        "round106",
        "round107",
        "round108",
        "round109",
        "round110",
        "round111",
        "round112",
        "round113",
        "round114",
        "round115",
        "round116",
        "round117",
        "round118",
        "round119",
        "round120",
        "round121",
        "round122",
        "round123",
        "round124",
        "round125",
        "round126",
        "round127",
        "round128",
        "round129",
        "round130",
        "round131",
        "round132",
        "round133",
        "round134",
        "round135",
        "round136",
        "round137",
        "round138",
        "round139",
        "round140",
        "round141",
        "round142",
        "round143",
        "round144",
        "round145",
        "round146",
        "round147",
        "round148",
    }
)


def case_files() -> list[Path]:
    files = {p for pattern in PATTERNS for p in ROOT.glob(pattern)}
    return sorted(p for p in files if p.parent.name not in OPEN_WORLD_ROUNDS)


def decide_all() -> dict[str, list[str]]:
    """case id -> the decision of every step (history steps too), in order.

    The garbage collector runs between cases, not inside a decision: a full collection of the
    heap thousands of cases leave behind took a decision past T1's 250 ms deadline (a fail-closed
    deny), and where it fell moved with any change to the data loaded. What is recorded is the
    semantics; latency is measured by ``droidgate bench``."""
    policies = PolicyCache(None)
    out: dict[str, list[str]] = {}
    enabled = gc.isenabled()
    gc.disable()
    try:
        for n, case in enumerate(load_cases(list(case_files()))):
            if case.id in out:
                raise ValueError(f"case id {case.id} appears twice ({case.where})")
            if n % 200 == 0:
                gc.collect()
            result = run_case(case, "full", policies)
            out[case.id] = [s.decision.value for s in result.steps]
    finally:
        if enabled:
            gc.enable()
    return out


def changed(old: dict[str, list[str]], new: dict[str, list[str]]) -> list[str]:
    """One line per case recorded in both whose decisions differ."""
    return [
        f"{cid}: {old[cid]} -> {new[cid]}"
        for cid in sorted(old.keys() & new.keys())
        if old[cid] != new[cid]
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--diff", action="store_true", help="only list the changed cases")
    args = parser.parse_args()
    new = decide_all()
    if args.diff:
        old = json.loads(SNAPSHOT.read_text("utf-8"))
        lines = changed(old, new)
        print("\n".join(lines) or "no case decides differently")
        return 1 if lines else 0
    SNAPSHOT.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"{json.dumps(cid)}: {json.dumps(new[cid])}" for cid in sorted(new)]
    SNAPSHOT.write_text("{\n" + ",\n".join(lines) + "\n}\n", "utf-8")
    print(f"{len(new)} cases recorded in {SNAPSHOT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
