"""Replay a trace: re-decide every recorded event offline under a (new) policy, or re-run it on a
device through the Mediator, and report the decisions that changed.

Offline replay rebuilds session state exactly as live: events are decided in recorded order with
their recorded screens restored into ``context.screen_xml`` (so the GUI adapter observes the same
screen text), recorded FlowRule changes and session ends are applied where they happened, and a
recorded executor result is fed back through ``record_result`` when the action ran live *and*
the replayed verdict still lets it through.

A stricter policy can deny a read that happened live; then the values that read exposed are
never observed in the replay, and a later write of one of them may be *allowed* only for that
reason. Such a row is not a leak the new policy lets through but a state the run would never
have reached: each event is also decided on everything that was observed live, and a row whose
difference exists only without that data is classified ``not_reached`` with
``unobserved: the new policy denied the read at seq N``. The summary counts newly denied, newly
allowed and not reached rows separately.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from android_bridge.traces.recorder import TraceRecord, read_trace
from android_bridge.traces.screens import ScreenStore

Change = Literal["same", "newly_denied", "newly_allowed", "not_reached", "changed"]


class ReplayDecision(BaseModel):
    seq: int
    event_id: str
    session: str
    agent: str
    channel: str
    action: str = ""
    target: str
    """The completed target: the semantic target, tool, package or widget the action was judged
    on (a GUI tap's widget, an ADB command's ``calendar.insert``), for every channel."""
    app: str | None = None
    operation: str | None = None
    recorded: str
    replayed: str
    recorded_stage: str = ""
    replayed_stage: str = ""
    recorded_reason: str = ""
    replayed_reason: str = ""
    recorded_rule_ids: list[str] = Field(default_factory=list)
    replayed_rule_ids: list[str] = Field(default_factory=list)
    change: Change = "same"
    """``newly_denied``/``newly_allowed``: the new policy decides differently on what was
    observed live; ``not_reached``: the difference exists only because the new policy denied an
    earlier read, so what the live decision was based on was never observed (the run would not
    have reached this action with that data); ``changed``: another difference (deny ↔ escalate,
    allow ↔ rewrite)."""
    unobserved: str | None = None
    """Why data behind this row was missing: ``the new policy denied the read at seq N``."""
    unobserved_seqs: list[int] = Field(default_factory=list)
    decided_on_live_data: str = ""
    """The new policy's decision had every live observation been made (shows what a
    ``not_reached`` row would have been)."""
    no_recorded_result: bool = False
    """Allowed now but not run live: there is no result to feed back, so later rows cannot see
    what this action would have shown."""


class ReplaySummary(BaseModel):
    same: int = 0
    newly_denied: int = 0
    newly_allowed: int = 0
    not_reached: int = 0
    changed: int = 0


class ReplayReport(BaseModel):
    trace: str
    policy: str
    mode: str = "offline"
    events: int = 0
    summary: ReplaySummary = Field(default_factory=ReplaySummary)
    changed: list[ReplayDecision] = Field(default_factory=list)
    decisions: list[ReplayDecision] = Field(default_factory=list)
    """Every replayed event, changed or not."""
    errors: list[str] = Field(default_factory=list)


def _decision(verdict: Any) -> str:
    value = getattr(verdict, "decision", None)
    if value is None and isinstance(verdict, dict):
        value = verdict.get("decision")
    return str(getattr(value, "value", value))


def _lets_through(decision: str) -> bool:
    return decision in ("allow", "rewrite")


def _event(rec: TraceRecord, screens: ScreenStore, *, with_screen: bool) -> dict[str, Any]:
    event = dict(rec.event or {})
    context = dict(event.get("context") or {})
    if with_screen and rec.screen:
        context["screen_xml"] = screens.get(rec.screen)
    event["context"] = context
    return event


def _completed(pep: Any, event: Any) -> tuple[str, str | None, str | None]:
    """(target, app, operation) as the channel adapter completes the event."""
    target = str(getattr(event, "target", "") or "")
    adapter = getattr(pep, "adapter_for", None)
    if adapter is None or not hasattr(event, "channel"):
        return target, None, None
    try:
        completion = adapter(event).complete(event)
    except Exception:  # a malformed event: the PEP denied it, the row still names what it was
        return target, None, None
    sem = completion.semantics
    return (
        completion.event.target or target,
        sem.app,
        str(getattr(sem.operation, "value", sem.operation)),
    )


def _stage(verdict: Any) -> str:
    if isinstance(verdict, dict):
        return str(verdict.get("stage", ""))
    return str(getattr(getattr(verdict, "stage", ""), "value", ""))


def _classify(recorded: str, replayed: str) -> Change:
    if recorded == replayed:
        return "same"
    before, after = _lets_through(recorded), _lets_through(replayed)
    if before and not after:
        return "newly_denied"
    if after and not before:
        return "newly_allowed"
    return "changed"


def _compare(
    rec: TraceRecord, event: dict[str, Any], verdict: Any, completed: tuple[str, Any, Any]
) -> ReplayDecision:
    recorded = _decision(rec.verdict or {})
    replayed = _decision(verdict)
    target, app, operation = completed
    return ReplayDecision(
        seq=rec.seq,
        event_id=str(event.get("id", "")),
        session=str(event.get("session", "")),
        agent=str(event.get("agent", "")),
        channel=str(event.get("channel", "")),
        action=str(event.get("action", "")),
        target=target or str(event.get("target", "")),
        app=app,
        operation=operation,
        recorded=recorded,
        replayed=replayed,
        recorded_stage=_stage(rec.verdict or {}),
        replayed_stage=_stage(verdict),
        recorded_reason=str((rec.verdict or {}).get("reason", "")),
        replayed_reason=str(getattr(verdict, "reason", "")),
        recorded_rule_ids=list((rec.verdict or {}).get("rule_ids", [])),
        replayed_rule_ids=list(getattr(verdict, "rule_ids", [])),
        change=_classify(recorded, replayed),
        no_recorded_result=_lets_through(replayed) and not _lets_through(recorded),
    )


def _add(report: ReplayReport, decision: ReplayDecision) -> None:
    report.decisions.append(decision)
    count = getattr(report.summary, decision.change)
    setattr(report.summary, decision.change, count + 1)
    if decision.change != "same":
        report.changed.append(decision)


STALE_RULE = "bridge:stale-screen"
"""The Mediator's rule id for an action refused because the screen changed under it."""


def _observe_screen(pep: Any, session: str, xml: Any, event: Any = None) -> None:
    """What the live Mediator does when a screen is shown to a session: observe its text."""
    if not isinstance(xml, str) or not xml:
        return
    from android_bridge.events.gui import observations
    from android_bridge.events.screen import parse_screen

    kw = {"event_id": event.id, "agent": event.agent} if event is not None else {}
    pep.observe(session, observations(parse_screen(xml)), **kw)


def _apply_control(
    peps: tuple[Any, ...], rec: TraceRecord, report: ReplayReport, screens: ScreenStore
) -> None:
    from host_pep.rules import FlowRule

    try:
        for pep in peps:
            if rec.kind == "screen" and rec.session is not None and rec.screen:
                _observe_screen(pep, rec.session, screens.get(rec.screen))
            elif rec.kind == "rule_install" and rec.rule is not None:
                pep.rules.install(FlowRule.model_validate(rec.rule))
            elif rec.kind == "rule_remove" and rec.rule_id is not None:
                pep.rules.remove(rec.rule_id)
            elif rec.kind == "session_end" and rec.session is not None:
                pep.end_session(rec.session)
    except Exception as exc:
        report.errors.append(f"record {rec.seq} ({rec.kind}): {exc}")


def _why_unobserved(live_verdict: Any, dropped: dict[str, int]) -> list[int]:
    """The seqs of the reads the new policy denied whose values the live-data decision used."""
    used = {getattr(e, "source_event", "") for e in getattr(live_verdict, "evidence", [])}
    hits = sorted(seq for event_id, seq in dropped.items() if event_id in used)
    return hits or sorted(dropped.values())


async def replay_offline(
    trace: str | Path, *, policy: str = "default", pep: Any = None
) -> ReplayReport:
    """Re-decide every event under ``policy``, twice: as the new policy would have run (a
    result is fed back only when the action ran live *and* is let through now) and on
    everything that was observed live. Where the two differ, the row is counterfactual: the new
    policy denied an earlier read, so the data behind the live decision was never observed."""
    from host_pep.events import AgentEvent
    from host_pep.pep import PEP

    trace = Path(trace)
    if pep is None:
        pep = PEP.create(policy=policy, audit=None)
    live = PEP.create(policy=policy, audit=None)
    screens = ScreenStore(trace.parent / "screens")
    report = ReplayReport(trace=str(trace), policy=policy)
    dropped: dict[str, int] = {}
    """event id -> seq of actions that ran live but the new policy does not let through."""
    for rec in read_trace(trace):
        if rec.kind != "event":
            _apply_control((pep, live), rec, report, screens)
            continue
        data = _event(rec, screens, with_screen=True)
        try:
            event = AgentEvent.parse(data)
        except ValueError as exc:
            report.errors.append(f"record {rec.seq}: {exc}")
            continue
        if STALE_RULE in (rec.verdict or {}).get("rule_ids", []):
            # Refused live before any decision; only what it showed was observed. Same here.
            for p in (pep, live):
                _observe_screen(p, event.session, data["context"].get("screen_xml"), event)
            continue
        report.events += 1
        verdict = await pep.decide(event)
        on_live_data = await live.decide(event)
        if rec.executed is not None:
            ran_live = rec.executed
        else:
            ran_live = _lets_through(_decision(rec.verdict or {})) and rec.error is None
        if ran_live and verdict.decision.lets_through:
            await pep.record_result(event, verdict, rec.result)
        if ran_live:
            live.record_observed(event, rec.result)
            if not verdict.decision.lets_through:
                dropped[event.id] = rec.seq
        row = _compare(rec, data, verdict, _completed(pep, event))
        row.decided_on_live_data = _decision(on_live_data)
        if row.decided_on_live_data != row.replayed and dropped:
            seqs = _why_unobserved(on_live_data, dropped)
            row.unobserved_seqs = seqs
            which = ", ".join(str(n) for n in seqs)
            row.unobserved = f"the new policy denied the read at seq {which}"
            if row.decided_on_live_data == row.recorded:
                row.change = "not_reached"
        _add(report, row)
    return report


async def replay_execute(
    trace: str | Path, *, mediator: Any, pep: Any, device: str, policy: str = "default"
) -> ReplayReport:
    """Re-submit every recorded event to ``mediator`` on ``device`` (screens are dumped fresh)."""
    trace = Path(trace)
    screens = ScreenStore(trace.parent / "screens")
    report = ReplayReport(trace=str(trace), policy=policy, mode="execute")
    bound: set[str] = set()
    for rec in read_trace(trace):
        if rec.kind != "event":
            _apply_control((pep,), rec, report, screens)
            continue
        report.events += 1
        data = _event(rec, screens, with_screen=False)
        session = str(data.get("session", ""))
        if session and session not in bound:
            mediator.bind_session(session, device)
            bound.add(session)
        try:
            outcome = await mediator.submit(data)
        except Exception as exc:
            report.errors.append(f"record {rec.seq}: {type(exc).__name__}: {exc}")
            continue
        if outcome.error:
            report.errors.append(f"record {rec.seq}: {outcome.error}")
        _add(report, _compare(rec, data, outcome.verdict, _completed(pep, outcome_event(data))))
    return report


def outcome_event(data: dict[str, Any]) -> Any:
    from host_pep.events import AgentEvent

    try:
        return AgentEvent.parse(data)
    except ValueError:
        return None
