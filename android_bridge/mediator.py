"""The Mediator: every agent action goes dump → decide → commit → observe, or nowhere.

``submit`` takes an AgentEvent on any channel and

1. for GUI actions (and ``input`` API calls, which act on the screen too) dumps the screen of the
   session's device *itself* and puts that dump into ``context.screen_xml`` (an agent's own
   screen_xml is discarded: provenance is what the enforcement side saw); if the agent sent the
   hash of the screen it planned on and the screen has changed since, the action is refused as
   stale before anything is decided or tapped;
2. asks the PEP (which completes the event through the channel adapters and records what the
   screen shows as observations of the acting session);
3. commits only on allow or rewrite — a rewrite commits the rewritten payload — through the
   device adapter (GUI, API) or the typed tool executor (tool, llm); a tap or a text input acts
   on the widget the PEP resolved when it judged the event (``PEP.completion``), never on one
   the Mediator looked up again;
4. hands the executor's result to ``pep.record_result`` and the trace recorder.

Anything that fails on the way — the PEP raising or overrunning its deadline, the audit store,
the dump, the device disconnecting mid-action — leaves the action uncommitted and the outcome
says why. On one device, dumps and commits are serialised by a lock; the decision runs outside
it (a T4 escalation may wait for a human without freezing the device for other sessions). If
another action was committed on the device while a decision was pending, the screen is dumped
again before committing, and a changed screen makes the action stale: a tap never lands on
something other than the widget that was judged.
Sessions see only their own observations: the session id travels with every event and
observation, and sessions that should share provenance share an id.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import time
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, PrivateAttr

from android_bridge.api.protocols import PEPLike
from android_bridge.device import DeviceAdapter, DeviceError, DevicePool
from android_bridge.events.gui import find_widgets, swipe_points
from android_bridge.events.gui import observations as screen_observations
from android_bridge.events.screen import EmptyHierarchyError, ScreenParseError, parse_screen
from android_bridge.gateway.mediate import DECIDE_TIMEOUT_S, decide, fail_closed, mediate_call
from host_pep.events import ActionType, AgentEvent, Channel
from host_pep.exceptions import EventValidationError
from host_pep.semantics import Completion
from host_pep.verdict import Decision, Verdict

log = logging.getLogger(__name__)

STALE_RULE = "bridge:stale-screen"


class TraceRecorderLike(Protocol):
    def record(
        self,
        *,
        event: AgentEvent,
        verdict: Verdict,
        screen_hash: str | None,
        screen_xml: str | None,
        result: Any,
        error: str | None,
    ) -> None: ...


class ProvidedToolsLike(Protocol):
    """The gateway's surface the Mediator uses (android_bridge.gateway.gate.Gateway)."""

    def get(self, name: str) -> Any: ...

    async def call(self, name: str, arguments: dict[str, Any]) -> Any: ...


class MediationOutcome(BaseModel):
    model_config = ConfigDict(arbitrary_types_allowed=True)

    verdict: Verdict
    executed: bool
    result: Any = None
    error: str | None = None
    screen_hash: str | None = None
    stale: bool = False


class Screen(BaseModel):
    """A dump of one device's screen; the PNG is fetched only when asked for."""

    serial: str
    xml: str
    hash: str
    package: str
    ts: float
    _device: DeviceAdapter | None = PrivateAttr(default=None)

    async def png(self) -> bytes:
        if self._device is None:
            raise RuntimeError("this screen is not attached to a device")
        return await self._device.screenshot_png()


class Mediator:
    def __init__(
        self,
        pep: PEPLike,
        devices: DevicePool,
        *,
        recorder: TraceRecorderLike | None = None,
        decide_timeout: float = DECIDE_TIMEOUT_S,
        gateway: ProvidedToolsLike | None = None,
    ) -> None:
        self.pep = pep
        self.devices = devices
        self.recorder = recorder
        self.gateway = gateway
        """Upstream MCP tools (android_bridge.gateway): executed without a device."""
        self.decide_timeout = decide_timeout
        self._bindings: dict[str, str] = {}
        self._locks: dict[str, asyncio.Lock] = {}
        self._generation: dict[str, int] = {}
        """Per device: how many actions were committed (to detect a screen changed meanwhile)."""
        self._recorder_takes_executed = _accepts(getattr(recorder, "record", None), "executed")

    # -- sessions and devices -------------------------------------------------------------------

    def bind_session(self, session: str, serial: str) -> None:
        """Make ``session``'s actions act on device ``serial``."""
        self.devices.get(serial)  # raises DeviceNotFound naming the known serials
        self._bindings[session] = serial

    def serial_for(self, session: str | None) -> str:
        if session is not None and session in self._bindings:
            return self._bindings[session]
        serials = self.devices.serials
        if len(serials) == 1:
            return serials[0]
        if not serials:
            raise LookupError("no device is attached to the daemon")
        raise LookupError(
            f"session {session!r} is not bound to a device and there are {len(serials)}; "
            "bind it first"
        )

    def _lock(self, serial: str) -> asyncio.Lock:
        lock = self._locks.get(serial)
        if lock is None:
            lock = self._locks[serial] = asyncio.Lock()
        return lock

    # -- screens --------------------------------------------------------------------------------

    async def _dump(self, device: DeviceAdapter) -> Screen:
        xml = await device.dump_hierarchy()
        parsed = parse_screen(xml)
        scr = Screen(
            serial=device.serial,
            xml=xml,
            hash=parsed.screen_hash,
            package=parsed.foreground_package,
            ts=time.time(),
        )
        scr._device = device
        return scr

    async def screen(self, serial: str | None = None, *, session: str | None = None) -> Screen:
        """Dump the current screen. With ``session``, what it shows is observed into that
        session: an agent that has seen a value is accountable for where it goes."""
        serial = serial or self.serial_for(session)
        device = self.devices.get(serial)
        async with self._lock(serial):
            scr = await self._dump(device)
        if session is not None:
            try:
                # what a device shows stays that device's: another session on it may not
                # launder it by ending the session that looked
                self.pep.observe(session, screen_observations(parse_screen(scr.xml)), device=serial)
            except Exception as exc:
                log.warning("could not record the screen of %s into %s: %s", serial, session, exc)
            record_screen = getattr(self.recorder, "record_screen", None)
            if record_screen is not None:
                try:
                    record_screen(session, scr.xml, scr.hash)
                except Exception as exc:
                    log.warning("trace recording of a screen failed: %s", exc)
        return scr

    async def device_info(self, serial: str) -> dict[str, Any]:
        """Display size, rotation, SDK and foreground app of a device (a read; nothing acts)."""
        from android_bridge.device.adapter import ROTATION_NAMES

        raw = await self.devices.get(serial).device_info()
        rotation = raw.get("displayRotation")
        return {
            "sdk": raw.get("sdkInt"),
            "product": raw.get("productName") or None,
            "width": raw.get("displayWidth"),
            "height": raw.get("displayHeight"),
            "rotation": rotation,
            "orientation": ROTATION_NAMES.get(rotation) if isinstance(rotation, int) else None,
            "package": raw.get("currentPackageName") or None,
        }

    # -- mediation ------------------------------------------------------------------------------

    async def submit(
        self, event: AgentEvent | dict[str, Any], *, screen_hash: str | None = None
    ) -> MediationOutcome:
        try:
            parsed = event if isinstance(event, AgentEvent) else AgentEvent.parse(event)
        except EventValidationError as exc:
            verdict = await self._decide(event)  # the PEP audits the invalid input and denies
            return MediationOutcome(verdict=verdict, executed=False, error=f"invalid event: {exc}")
        if self._provided(parsed):
            return await self._mediate_provided(parsed)
        try:
            serial = self.serial_for(parsed.session)
            device: DeviceAdapter | None = self.devices.get(serial)
        except Exception as exc:
            serial, device = "", None
            no_device = f"{type(exc).__name__}: {exc}"
        else:
            no_device = ""
        if device is None:
            # judged (and audited) all the same, but never on a screen the agent supplied
            if "screen_xml" in parsed.context:
                context = {k: v for k, v in parsed.context.items() if k != "screen_xml"}
                parsed = parsed.model_copy(update={"context": context})
            verdict = await self._decide(parsed)
            outcome = MediationOutcome(
                verdict=verdict, executed=False, error=f"not committed: {no_device}"
            )
            self._record(parsed, outcome, None)
            return outcome
        return await self._mediate(parsed, device, screen_hash)

    def _provided(self, event: AgentEvent) -> bool:
        return (
            self.gateway is not None
            and event.channel in (Channel.TOOL, Channel.LLM)
            and event.action is ActionType.TOOL_CALL
            and self.gateway.get(event.target) is not None
        )

    async def _mediate_provided(self, event: AgentEvent) -> MediationOutcome:
        """A tool an upstream MCP server provides: decide → forward → record, no device."""
        from android_bridge.gateway.gate import observable

        assert self.gateway is not None
        if "screen_xml" in event.context:
            context = {k: v for k, v in event.context.items() if k != "screen_xml"}
            event = event.model_copy(update={"context": context})
        gateway = self.gateway
        done = await mediate_call(
            self.pep,
            event,
            lambda payload: gateway.call(event.target, payload),
            observe=observable,
            decide_timeout=self.decide_timeout,
        )
        outcome = MediationOutcome(
            verdict=done.verdict, executed=done.executed, result=done.result, error=done.error
        )
        self._record(event, outcome, None)
        return outcome

    def _needs_screen(self, event: AgentEvent) -> bool:
        if event.channel is Channel.GUI:
            return True
        if event.channel is Channel.API:
            command = event.payload.get("command")
            return isinstance(command, str) and "input" in command
        return False

    async def _mediate(
        self, event: AgentEvent, device: DeviceAdapter, planned_hash: str | None
    ) -> MediationOutcome:
        serial = device.serial
        lock = self._lock(serial)
        screen: Screen | None = None
        dump_error: str | None = None
        async with lock:
            if self._needs_screen(event):
                try:
                    screen = await self._dump(device)
                except (EmptyHierarchyError, ScreenParseError, DeviceError) as exc:
                    dump_error = str(exc)
                context = dict(event.context)
                # Only the dump taken here counts; an empty one makes GUI writes fail closed.
                context["screen_xml"] = screen.xml if screen is not None else ""
                # the screen was seen on this device: its values are the device's provenance
                context["device"] = serial
                if screen is not None:
                    context["app"] = screen.package
                event = event.model_copy(update={"context": context})
                if screen is not None and planned_hash and planned_hash != screen.hash:
                    return self._stale(event, screen, planned_hash, serial)
            elif "screen_xml" in event.context:
                # a screen the agent supplied is its claim, not an observation: never judged on
                context = {k: v for k, v in event.context.items() if k != "screen_xml"}
                event = event.model_copy(update={"context": context})
            generation = self._generation.get(serial, 0)
        # The decision runs without the device lock: a T4 escalation may wait for a human,
        # and other sessions' actions on this device must not wait with it.
        verdict = await self._decide(event)
        screen_hash = screen.hash if screen is not None else None
        if not verdict.decision.lets_through:
            why = verdict.error
            if dump_error and event.channel is Channel.GUI:
                why = f"the screen could not be observed: {dump_error}"
            outcome = MediationOutcome(
                verdict=verdict, executed=False, error=why, screen_hash=screen_hash
            )
            self._record(event, outcome, screen)
            return outcome
        async with lock:
            if screen is not None and self._generation.get(serial, 0) != generation:
                # Another action ran on this device meanwhile: act only on the judged screen.
                try:
                    now = await self._dump(device)
                except (EmptyHierarchyError, ScreenParseError, DeviceError) as exc:
                    return self._not_committed(event, verdict, screen, f"not committed: {exc}")
                if now.hash != screen.hash:
                    return self._stale(event, now, screen.hash, serial)
            return await self._commit_and_record(event, verdict, device, screen)

    def _not_committed(
        self, event: AgentEvent, verdict: Verdict, screen: Screen | None, error: str
    ) -> MediationOutcome:
        outcome = MediationOutcome(
            verdict=verdict,
            executed=False,
            error=error,
            screen_hash=screen.hash if screen is not None else None,
        )
        self._record(event, outcome, screen)
        return outcome

    async def _commit_and_record(
        self, event: AgentEvent, verdict: Verdict, device: DeviceAdapter, screen: Screen | None
    ) -> MediationOutcome:
        """Under the device lock: commit the (rewritten) action, then record its result."""
        screen_hash = screen.hash if screen is not None else None
        to_commit = event
        if verdict.decision is Decision.REWRITE:
            if verdict.rewritten is None:
                outcome = MediationOutcome(
                    verdict=verdict,
                    executed=False,
                    error="not committed: the rewrite carried no cleaned payload",
                    screen_hash=screen_hash,
                )
                self._record(event, outcome, screen)
                return outcome
            to_commit = event.model_copy(update={"payload": verdict.rewritten})
        try:
            result = await self._commit(to_commit, device)
        except Exception as exc:
            # a failed commit may still have changed something on the device
            self._generation[device.serial] = self._generation.get(device.serial, 0) + 1
            outcome = MediationOutcome(
                verdict=verdict,
                executed=False,
                error=f"not committed: {exc}",
                screen_hash=screen_hash,
            )
            self._record(event, outcome, screen)
            return outcome
        self._generation[device.serial] = self._generation.get(device.serial, 0) + 1
        error: str | None = None
        try:
            await self.pep.record_result(event, verdict, result)
        except Exception as exc:  # executed, but its result is not in session memory: say so
            error = f"executed, but its result could not be recorded: {type(exc).__name__}: {exc}"
            log.warning("%s", error)
        outcome = MediationOutcome(
            verdict=verdict, executed=True, result=result, error=error, screen_hash=screen_hash
        )
        self._record(event, outcome, screen)
        return outcome

    async def _decide(self, event: AgentEvent | dict[str, Any]) -> Verdict:
        return await decide(self.pep, event, self.decide_timeout)

    def _stale(
        self, event: AgentEvent, screen: Screen, planned: str, serial: str
    ) -> MediationOutcome:
        reason = (
            f"the screen changed since the agent planned on it (planned {planned[:12]}, "
            f"now {screen.hash[:12]}); nothing was done — look again and resubmit"
        )
        verdict = fail_closed(event.id, reason, "StaleScreen", rule=STALE_RULE)
        try:
            # What the agent is shown now is still observed; the refusal is audited.
            self.pep.observe(
                event.session,
                screen_observations(parse_screen(screen.xml)),
                event_id=event.id,
                agent=event.agent,
                device=serial,
            )
            self.pep.record_error(
                event.session,
                {
                    "reason": "stale screen: refused without acting",
                    "event_id": event.id,
                    "planned": planned,
                    "current": screen.hash,
                },
                agent=event.agent,
            )
        except Exception as exc:
            log.warning("recording a stale refusal failed: %s", exc)
        outcome = MediationOutcome(
            verdict=verdict, executed=False, error=reason, screen_hash=screen.hash, stale=True
        )
        self._record(event, outcome, screen)
        return outcome

    # -- committing -----------------------------------------------------------------------------

    async def _commit(self, event: AgentEvent, device: DeviceAdapter) -> Any:
        if event.channel is Channel.GUI:
            return await self._commit_gui(event, device)
        if event.channel is Channel.API:
            command = event.payload.get("command")
            if not isinstance(command, str):
                raise EventValidationError("must be a string", field="payload.command")
            res = await device.shell(command)
            return {"output": res.output, "exit_code": res.exit_code}
        if event.channel in (Channel.TOOL, Channel.LLM):
            from android_bridge.tools import execute_tool

            return await execute_tool(event.target, event.payload, device)
        raise EventValidationError(
            f"no executor for channel {event.channel.value}", field="channel"
        )

    def _judged(self, event: AgentEvent) -> Completion:
        """What the PEP completed this event into when it let it through: the widget it judged
        is the one acted on. The Mediator never completes an event itself (a second completion
        could resolve another widget than the one judged); without the PEP's, nothing is done."""
        completion = self.pep.completion(event)
        if completion is None:
            raise EventValidationError(
                "the PEP holds no completion of this event (not let through, or already done)",
                field="id",
            )
        return completion

    async def _commit_gui(self, event: AgentEvent, device: DeviceAdapter) -> Any:
        action = event.action
        payload = event.payload
        if action is ActionType.LAUNCH:
            await device.app_start(str(payload["package"]))
            return {"launched": payload["package"]}
        if action is ActionType.KEY:
            return {"pressed": await device.press(payload["key"])}
        if action is ActionType.SWIPE:
            if "until" in payload:
                return await self._scroll_until(event, device)
            steps = 20
            if "direction" in payload:
                x1, y1, x2, y2 = _direction_swipe(event, str(payload["direction"]))
                if "x" in payload and "y" in payload:
                    x1, y1, x2, y2 = _swipe_from(event, payload)
                if payload.get("speed") == "fling":
                    steps = 3  # a fast stroke: Android reads the release velocity as a fling
            else:
                x1, y1, x2, y2 = swipe_points(payload)
                if "duration_ms" in payload:  # uiautomator injects one move per 5 ms step
                    steps = max(2, int(payload["duration_ms"]) // 5)
                elif isinstance(payload.get("duration"), (int, float)):  # uiautomator2: seconds
                    steps = max(2, int(float(payload["duration"]) * 1000) // 5)
            return {"swiped": await device.swipe(x1, y1, x2, y2, steps)}
        if action is ActionType.ROTATE:
            return {"orientation": await device.set_orientation(str(payload["orientation"]))}
        # tap / text_input: act on exactly the widget the PEP judged on the dumped screen
        completion = self._judged(event)
        widget = completion.semantics.widget or {}
        if action is ActionType.TAP:
            x, y = widget.get("tap") or widget["center"]
            gesture = payload.get("gesture", "tap")
            if gesture == "long_press":
                held = int(payload.get("duration_ms") or 800)
                return {"long_pressed": await device.long_click(x, y, held / 1000)}
            if gesture == "double_tap":
                return {"double_tapped": await device.double_click(x, y)}
            return {"clicked": await device.click(x, y)}
        if action is ActionType.TEXT_INPUT:
            selector = payload.get("selector")
            if isinstance(selector, dict) and "xpath" in selector:
                selector = None  # act on the widget the xpath resolved to, by its own fields
            if not selector:
                rid = widget.get("resource_id")
                screen = parse_screen(str(event.context.get("screen_xml", "")))
                if rid and len(screen.find({"resourceId": rid})) == 1:
                    selector = {"resourceId": rid}
                else:
                    selector = {"focused": True}
            return {"set_text": await device.set_text(dict(selector), str(payload["text"]))}
        raise EventValidationError(f"no GUI executor for {action.value}", field="action")

    async def _scroll_until(self, event: AgentEvent, device: DeviceAdapter) -> Any:
        """Swipe until a widget matching ``until`` is on the screen (scroll-to-text)."""
        payload = event.payload
        selector = dict(payload["until"])
        direction = str(payload.get("direction", "up"))
        limit = int(payload.get("max_swipes") or 10)
        current = str(event.context.get("screen_xml", ""))
        for swipes in range(limit + 1):
            if current and find_widgets(current, selector):
                return {"found": True, "swipes": swipes}
            if swipes == limit:
                break
            view = event.model_copy(update={"context": {**event.context, "screen_xml": current}})
            await device.swipe(*_direction_swipe(view, direction), 20)
            previous, current = current, await device.dump_hierarchy()
            if current == previous:  # the end of the list: nothing more will show
                break
        return {"found": bool(current and find_widgets(current, selector)), "swipes": swipes}

    # -- traces ---------------------------------------------------------------------------------

    def _record(self, event: AgentEvent, outcome: MediationOutcome, screen: Screen | None) -> None:
        if self.recorder is None:
            return
        kwargs: dict[str, Any] = {
            "event": event,
            "verdict": outcome.verdict,
            "screen_hash": screen.hash if screen is not None else None,
            "screen_xml": screen.xml if screen is not None else None,
            "result": outcome.result,
            "error": outcome.error,
        }
        if self._recorder_takes_executed:
            kwargs["executed"] = outcome.executed
        try:
            self.recorder.record(**kwargs)
        except Exception as exc:  # a trace is a copy; the audit log is the record of truth
            log.warning("trace recording failed: %s", exc)


def _accepts(fn: Any, name: str) -> bool:
    """Whether ``fn`` takes a keyword ``name`` (recorders may predate ``executed``)."""
    if fn is None:
        return False
    try:
        params = inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False
    return name in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _swipe_from(event: AgentEvent, payload: dict[str, Any]) -> tuple[float, float, float, float]:
    """A swipe in ``direction`` starting at (x, y), ``distance`` pixels long (default: 30 % of
    the screen along that axis, as mobile-mcp)."""
    x1, y1 = float(payload["x"]), float(payload["y"])
    sx1, sy1, sx2, sy2 = _direction_swipe(event, str(payload["direction"]))
    default = abs(sx2 - sx1) or abs(sy2 - sy1)
    distance = float(payload.get("distance") or default)
    dx = {"left": -distance, "right": distance}.get(str(payload["direction"]), 0.0)
    dy = {"up": -distance, "down": distance}.get(str(payload["direction"]), 0.0)
    return x1, y1, max(0.0, x1 + dx), max(0.0, y1 + dy)


def _direction_swipe(event: AgentEvent, direction: str) -> tuple[float, float, float, float]:
    """A swipe across the middle of the screen (dimensions from the dumped root window)."""
    width, height = 1080.0, 2400.0
    xml = event.context.get("screen_xml")
    if isinstance(xml, str) and xml:
        try:
            nodes = parse_screen(xml).nodes
            if nodes:
                _, _, width, height = (float(v) for v in nodes[0].bounds)
        except Exception:
            pass
    cx, cy = width / 2, height / 2
    dx, dy = width * 0.3, height * 0.3
    return {
        "up": (cx, cy + dy, cx, cy - dy),
        "down": (cx, cy - dy, cx, cy + dy),
        "left": (cx + dx, cy, cx - dx, cy),
        "right": (cx - dx, cy, cx + dx, cy),
    }[direction]
