"""A replay report for people: a wide Markdown table (reasons in full) and a terminal view that
gives each changed row a block of its own instead of squeezing reasons into narrow columns."""

from __future__ import annotations

from android_bridge.traces.replay import ReplayDecision, ReplayReport

CHANGE_WORDS = {
    "newly_denied": "newly denied",
    "newly_allowed": "newly allowed",
    "not_reached": "not reached",
    "changed": "changed",
    "same": "same",
}


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _rules(ids: list[str]) -> str:
    return ", ".join(ids) or "—"


def summary_line(report: ReplayReport) -> str:
    s = report.summary
    return (
        f"{report.events} events: {s.newly_denied} newly denied, {s.newly_allowed} newly allowed, "
        f"{s.not_reached} not reached, {s.changed} otherwise changed, {s.same} unchanged"
    )


def markdown(report: ReplayReport, *, every: bool = False) -> str:
    rows = report.decisions if every else report.changed
    out = [
        f"# Replay of `{report.trace}`",
        "",
        f"Policy `{report.policy}`, {report.mode} replay. {summary_line(report)}.",
        "",
        "*not reached*: allowed now only because the new policy denied an earlier read, so the "
        "data the live decision was based on was never observed — the run would not have "
        "reached this action with it. *decided on live data*: the new policy's decision had "
        "that read happened.",
        "",
        "| seq | session | agent | channel | action | target | app / operation | recorded | "
        "replayed | change | unobserved | decided on live data | why now | rules now | "
        "why then | rules then |",
        "|" + "---|" * 16,
    ]
    for r in rows:
        out.append(
            "| "
            + " | ".join(
                _cell(v)
                for v in (
                    r.seq,
                    r.session,
                    r.agent,
                    r.channel,
                    r.action,
                    r.target or "—",
                    f"{r.app or '—'} / {r.operation or '—'}",
                    f"{r.recorded} ({r.recorded_stage})",
                    f"{r.replayed} ({r.replayed_stage})",
                    CHANGE_WORDS[r.change],
                    r.unobserved or "—",
                    r.decided_on_live_data or "—",
                    r.replayed_reason,
                    _rules(r.replayed_rule_ids),
                    r.recorded_reason,
                    _rules(r.recorded_rule_ids),
                )
            )
            + " |"
        )
    if not rows:
        out.append("| " + " | ".join(["—"] * 16) + " |")
    if report.errors:
        out += ["", "## Records that could not be replayed", ""]
        out += [f"- {e}" for e in report.errors]
    return "\n".join(out) + "\n"


def block(r: ReplayDecision) -> list[str]:
    """One changed row for a terminal: every field on its own line, nothing cut."""
    lines = [
        f"seq {r.seq}  {CHANGE_WORDS[r.change].upper()}  {r.recorded} → {r.replayed}"
        f"   {r.agent}@{r.session}  {r.channel}/{r.action} → {r.target or '—'}"
        + (f"  ({r.app} {r.operation})" if r.app or r.operation else ""),
        f"    now:  {r.replayed_stage} [{_rules(r.replayed_rule_ids)}] {r.replayed_reason}",
        f"    then: {r.recorded_stage} [{_rules(r.recorded_rule_ids)}] {r.recorded_reason}",
    ]
    if r.unobserved:
        lines.append(
            f"    unobserved: {r.unobserved} (on the live data it would be {r.decided_on_live_data})"
        )
    if r.no_recorded_result:
        lines.append("    ran now but not live: no recorded result feeds later rows")
    return lines
