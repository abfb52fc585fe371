"""The report's tables as data (title, header, rows), rendered by both the Markdown and the
HTML writers so the two always agree."""

from __future__ import annotations

from dataclasses import dataclass, field

from scenarios.report.inputs import Results
from scenarios.report.reference import PAPER, PAPER_CONFIGS_BROAD, PAPER_LATENCY_P99_MS, TARGETS


@dataclass(slots=True)
class Table:
    title: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    note: str = ""


def pct(value: float | None) -> str:
    return "—" if value is None else f"{100 * value:.2f}%"


def summary(suites: list[tuple[str, Results]]) -> Table:
    t = Table(
        "Suites: droidgate vs the paper",
        [
            "suite",
            "cases passed",
            "steps scored",
            "accuracy",
            "attack block",
            "false block",
            "paper accuracy",
            "paper attack block",
            "paper false block",
            "target",
        ],
        note="Accuracy, attack block and false block are over scored steps (Appendix D); "
        "the paper counts cases, which for these suites mostly have one scored sink step.",
    )
    for name, r in suites:
        m = r.metrics
        ref = PAPER.get(name, {})
        passed = (
            m.cases_passed if m.cases_passed is not None else sum(1 for c in r.cases if c.passed)
        )
        t.rows.append(
            [
                name,
                f"{passed}/{m.cases}",
                str(m.steps_scored),
                pct(m.accuracy),
                pct(m.attack_block),
                pct(m.false_block),
                pct(ref.get("accuracy")),
                pct(ref.get("attack_block")),
                pct(ref.get("false_block")),
                TARGETS.get(name, ""),
            ]
        )
    return t


def categories(name: str, r: Results) -> Table:
    t = Table(f"{name}: by category", ["category", "scored steps", "passed", "accuracy"])
    for cat, c in sorted(r.metrics.by_category.items()):
        t.rows.append(
            [cat, str(c.scored), str(c.passed), pct(c.passed / c.scored if c.scored else None)]
        )
    return t


def configurations(name: str, r: Results) -> Table | None:
    if not r.configurations:
        return None
    ref = PAPER_CONFIGS_BROAD if name == "broad" else {}
    t = Table(
        f"{name}: ablations and baselines",
        [
            "configuration",
            "cases passed",
            "accuracy",
            "attack block",
            "false block",
            "paper accuracy",
        ],
    )
    for cfg, row in r.configurations.items():
        passed = (
            f"{row.cases_passed}/{row.cases}"
            if row.cases is not None and row.cases_passed is not None
            else "—"
        )
        t.rows.append(
            [
                cfg,
                passed,
                pct(row.accuracy),
                pct(row.attack_block),
                pct(row.false_block),
                pct(ref[cfg]["accuracy"]) if cfg in ref else "—",
            ]
        )
    return t


def latency(suites: list[tuple[str, Results]]) -> Table:
    t = Table("Decision latency per stage (ms)", ["suite", "stage", "p50", "p99", "paper p99"])
    for name, r in suites:
        for stage, lat in sorted(r.metrics.latency_ms.items()):
            paper = PAPER_LATENCY_P99_MS.get(stage)
            t.rows.append(
                [name, stage, f"{lat.p50:.4f}", f"{lat.p99:.4f}", f"{paper:.4f}" if paper else "—"]
            )
    return t


def failures(name: str, r: Results, limit: int = 200) -> Table | None:
    failed = [c for c in r.cases if not c.passed]
    if not failed:
        return None
    t = Table(
        f"{name}: failing cases", ["case", "category", "expected", "decision", "stage", "reason"]
    )
    for c in failed[:limit]:
        bad = [
            s for s in c.steps if s.expect is not None and not _accepts(s.expect, s.decision)
        ] or c.steps[-1:]
        for s in bad:
            t.rows.append(
                [c.id, c.category, s.expect or "", s.decision, s.stage or "", c.error or s.reason]
            )
    if len(failed) > limit:
        t.note = f"{len(failed) - limit} more not shown"
    return t


def _accepts(expect: str, decision: str) -> bool:
    return decision != "allow" if expect == "block" else decision == expect
