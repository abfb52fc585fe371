"""decide → forward → record for a tool that some executor other than the device provides.

One function, used by the Mediator (upstream tools reached through the daemon) and by the
library's ``GatedTools`` (plain Python callables), so a call is mediated the same way whoever
executes it: nothing runs unless the PEP let it through, a rewrite runs the cleaned arguments,
anything that fails on the way leaves the call not executed and says why, and what the executor
returned is recorded as observed provenance.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from android_bridge.api.protocols import PEPLike
from host_pep.events import AgentEvent
from host_pep.verdict import Decision, Stage, Verdict

FAIL_RULE = "bridge:fail-closed"
DECIDE_TIMEOUT_S = 40.0  # above the PEP's own T4 deadline: this only catches a hung PEP


class CallOutcome(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    verdict: Verdict
    executed: bool
    result: Any = None
    error: str | None = None


def fail_closed(event_id: str, reason: str, error: str, rule: str = FAIL_RULE) -> Verdict:
    """A deny the bridge itself gives when it cannot get or use the PEP's decision."""
    return Verdict(
        event_id=event_id,
        decision=Decision.DENY,
        stage=Stage.T0,
        rule_ids=[rule],
        reason=reason,
        error=error,
    )


async def decide(
    pep: PEPLike, event: AgentEvent | dict[str, Any], timeout: float = DECIDE_TIMEOUT_S
) -> Verdict:
    """The PEP's verdict, or a fail-closed deny when it errs, overruns ``timeout`` or returns
    something else."""
    event_id = event.id if isinstance(event, AgentEvent) else str(event.get("id") or "invalid")
    try:
        verdict = await asyncio.wait_for(pep.decide(event), timeout)
    except TimeoutError:
        return fail_closed(
            event_id,
            "the policy decision did not arrive in time; denied",
            f"StageTimeout: no decision within {timeout:g} s",
        )
    except Exception as exc:
        return fail_closed(
            event_id, "the policy decision failed; denied", f"{type(exc).__name__}: {exc}"
        )
    if not isinstance(verdict, Verdict):
        return fail_closed(event_id, "the policy returned no verdict; denied", "InvalidVerdict")
    return verdict


async def mediate_call(
    pep: PEPLike,
    event: AgentEvent,
    call: Callable[[dict[str, Any]], Awaitable[Any]],
    *,
    observe: Callable[[Any], Any] = lambda result: result,
    decide_timeout: float = DECIDE_TIMEOUT_S,
) -> CallOutcome:
    verdict = await decide(pep, event, decide_timeout)
    if not verdict.decision.lets_through:
        return CallOutcome(verdict=verdict, executed=False, error=verdict.error)
    payload = dict(event.payload)
    if verdict.decision is Decision.REWRITE:
        if verdict.rewritten is None:
            return CallOutcome(
                verdict=verdict,
                executed=False,
                error="not committed: the rewrite carried no cleaned payload",
            )
        payload = dict(verdict.rewritten)
    try:
        result = await call(payload)
    except asyncio.CancelledError:
        raise
    except Exception as exc:
        return CallOutcome(verdict=verdict, executed=False, error=f"not committed: {exc}")
    error: str | None = None
    try:
        await pep.record_result(event, verdict, observe(result))
    except Exception as exc:  # executed, but its result is not in session memory: say so
        error = f"executed, but its result could not be recorded: {type(exc).__name__}: {exc}"
    return CallOutcome(verdict=verdict, executed=True, result=result, error=error)
