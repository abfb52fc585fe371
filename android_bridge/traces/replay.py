"""Replay a trace: re-decide every recorded event offline under a (new) policy, or re-run it on a
device through the Mediator, and report the decisions that changed.

Offline replay rebuilds session state exactly as live: events are decided in recorded order with
their recorded screens restored into ``context.screen_xml`` (so the GUI adapter observes the same
screen text), the recorded executor results are fed back through ``record_result`` whenever the
action ran live *and* the replayed verdict still lets it through, and recorded FlowRule changes
and session ends are applied where they happened. An action that was denied live but is allowed
under the new policy has no recorded result: its consequences (the values it would have exposed)
cannot be replayed, and the report flags it as ``unobserved``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from android_bridge.traces.recorder import TraceRecord, read_trace
from android_bridge.traces.screens import ScreenStore


class ReplayDecision(BaseModel):
    seq: int
    event_id: str
    session: str
    agent: str
    channel: str
    target: str
    recorded: str
    replayed: str
    recorded_reason: str = ""
    replayed_reason: str = ""
    replayed_stage: str = ""
    recorded_rule_ids: list[str] = Field(default_factory=list)
    replayed_rule_ids: list[str] = Field(default_factory=list)
    unobserved: bool = False
    """Allowed now but denied live: there is no recorded result to feed back."""


class ReplayReport(BaseModel):
    trace: str
    policy: str
    mode: str = "offline"
    events: int = 0
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


def _compare(rec: TraceRecord, event: dict[str, Any], verdict: Any) -> ReplayDecision:
    recorded = _decision(rec.verdict or {})
    replayed = _decision(verdict)
    return ReplayDecision(
        seq=rec.seq,
        event_id=str(event.get("id", "")),
        session=str(event.get("session", "")),
        agent=str(event.get("agent", "")),
        channel=str(event.get("channel", "")),
        target=str(event.get("target", "")),
        recorded=recorded,
        replayed=replayed,
        recorded_reason=str((rec.verdict or {}).get("reason", "")),
        replayed_reason=str(getattr(verdict, "reason", "")),
        replayed_stage=str(getattr(getattr(verdict, "stage", ""), "value", "")),
        recorded_rule_ids=list((rec.verdict or {}).get("rule_ids", [])),
        replayed_rule_ids=list(getattr(verdict, "rule_ids", [])),
        unobserved=_lets_through(replayed) and not _lets_through(recorded),
    )


def _add(report: ReplayReport, decision: ReplayDecision) -> None:
    report.decisions.append(decision)
    if decision.recorded != decision.replayed:
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


def _apply_control(pep: Any, rec: TraceRecord, report: ReplayReport, screens: ScreenStore) -> None:
    from host_pep.rules import FlowRule

    try:
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


async def replay_offline(
    trace: str | Path, *, policy: str = "default", pep: Any = None
) -> ReplayReport:
    from host_pep.events import AgentEvent

    trace = Path(trace)
    if pep is None:
        from host_pep.pep import PEP

        pep = PEP.create(policy=policy, audit=None)
    screens = ScreenStore(trace.parent / "screens")
    report = ReplayReport(trace=str(trace), policy=policy)
    for rec in read_trace(trace):
        if rec.kind != "event":
            _apply_control(pep, rec, report, screens)
            continue
        data = _event(rec, screens, with_screen=True)
        try:
            event = AgentEvent.parse(data)
        except ValueError as exc:
            report.errors.append(f"record {rec.seq}: {exc}")
            continue
        if STALE_RULE in (rec.verdict or {}).get("rule_ids", []):
            # Refused live before any decision; only what it showed was observed. Same here.
            _observe_screen(pep, event.session, data["context"].get("screen_xml"), event)
            continue
        report.events += 1
        verdict = await pep.decide(event)
        if rec.executed is not None:
            ran_live = rec.executed
        else:
            ran_live = _lets_through(_decision(rec.verdict or {})) and rec.error is None
        if ran_live and verdict.decision.lets_through:
            await pep.record_result(event, verdict, rec.result)
        _add(report, _compare(rec, data, verdict))
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
            _apply_control(pep, rec, report, screens)
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
        _add(report, _compare(rec, data, outcome.verdict))
    return report
