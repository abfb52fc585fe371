"""Running the suite: devices, the daemon (in-process aiohttp on 127.0.0.1), one worker per
device running executions concurrently, then the oracles and the score.

Per execution: fresh app state → state snapshot over ADB → a session (server-made id; the
execution's id and label never leave this process) → the scripted agent through the bridge
API → session end → state snapshot → (GUI) the stock-uiautomator2 twin for the overhead ratio.
After the run the daemon's trace is split per execution and reviewed.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from scenarios.android.agents import ScriptedAgent
from scenarios.android.device_state import Changes, diff, snapshot
from scenarios.android.devices import SuiteDevice, open_devices
from scenarios.android.load import SuiteSpec
from scenarios.android.model import Execution, ExecutionResult
from scenarios.android.score import score
from scenarios.android.values import Sensitive, from_fixture


class SuiteOptions(BaseModel):
    devices: int = Field(default=4, ge=1, le=16)
    device: str | None = None
    adb_port: int | None = None
    out_dir: Path
    overhead: bool = True
    farm: str | None = None
    """Spread the executions over several daemons sharing a control plane: N (start N) or the
    directory of a running ``droidgate farm`` (``scenarios.android.farm.run_on_farm`` runs
    those; ``run_suite`` runs one daemon)."""
    control_plane: str | None = None
    """With ``farm=N``: the PostgreSQL to share (default: a throw-away local cluster)."""


@dataclass
class _Live:
    """What a run keeps per execution until the trace can be reviewed."""

    result: ExecutionResult
    changes: Changes | None = None


@dataclass
class SuiteRun:
    results: list[ExecutionResult]
    trace: Path | None
    duration_s: float
    devices: list[str]
    policy: Path
    errors: list[str] = field(default_factory=list)


SUITE_UPSTREAMS = ("bank", "shopping")
"""Services with no app on the device that the suite's agents reach through the gateway."""


def suite_upstreams(log_dir: Path) -> list[str]:
    """``--upstream NAME=COMMAND`` values for the suite's services (scenarios.android.upstreams,
    each appending what reached it to ``log_dir/NAME.log``): every daemon that runs the suite
    needs them, one daemon or a farm's."""
    return [
        f"{name}={shlex.quote(sys.executable)} -m scenarios.android.upstreams {name} "
        f"--log {shlex.quote(str(log_dir / f'{name}.log'))}"
        for name in SUITE_UPSTREAMS
    ]


def write_policy(spec: SuiteSpec, out_dir: Path) -> Path:
    """The deployment's policy (default bundle + the suite's agent scopes) as one YAML file, so
    ``droidgate replay --policy`` can rebuild exactly the PEP the run used."""
    from host_pep.policy.load import resolve_policy

    bundle = resolve_policy("default", spec.policy_overlay())
    path = out_dir / "policy.yaml"
    path.write_text(
        yaml.safe_dump(bundle.model_dump(mode="json", exclude_none=True), sort_keys=False),
        encoding="utf-8",
    )
    return path


async def _run_one(ex: Execution, dev: SuiteDevice, operator: Any, *, overhead: bool) -> _Live:
    from android_bridge.api.client import SessionAgents
    from scenarios.android.mcp_agent import mcp_tool_caller
    from scenarios.android.twin import run_direct

    res = ExecutionResult(
        id=ex.id, family=ex.family, via=ex.via, category=ex.category, label=ex.label,
        serial=dev.serial,
    )  # fmt: skip
    live = _Live(res)
    start = time.perf_counter()
    try:
        await asyncio.to_thread(dev.reset)
        # A reset device is a fresh one: what it showed in earlier executions is no provenance
        # for this one (the PEP keeps what a device showed across sessions on it).
        await operator.forget_device(dev.serial)
        before = await asyncio.to_thread(snapshot, dev.shell)
        # The operator opens the session (with the user's request) and hands each agent its own
        # token; the agents act with those only.
        info = await operator.create_session(
            serial=dev.serial, agents=list(ex.agents), user_request=ex.request
        )
        res.session = info.session
        agents = SessionAgents(operator, info.agent_tokens)
        agent = ScriptedAgent(agents, info.session, agent=ex.agents[0], request=ex.request)
        try:
            if ex.via == "mcp":
                first = ex.agents[0]
                async with mcp_tool_caller(
                    operator.base_url, info.agent_tokens[first], info.session, first
                ) as caller:
                    agent._tool_caller = caller
                    stopped = await agent.run(ex.steps)
            else:
                stopped = await agent.run(ex.steps)
        finally:
            res.steps = agent.records
            res.stuck = agent.stuck
            await operator.end_session(info.session)
        if stopped:
            res.error = f"agent stopped: {stopped}"
        after = await asyncio.to_thread(snapshot, dev.shell)
        live.changes = diff(before, after)
        actions = [s.gui_action for s in res.steps if s.gui_action is not None]
        if overhead and actions:
            await asyncio.to_thread(dev.reset)
            res.direct_ms = [round(v, 3) for v in await asyncio.to_thread(run_direct, dev, actions)]
            await asyncio.to_thread(dev.reset)
            nodelay = await asyncio.to_thread(run_direct, dev, actions, nodelay=True)
            res.direct_nodelay_ms = [round(v, 3) for v in nodelay]
    except Exception as exc:
        res.error = f"{type(exc).__name__}: {exc}"
    res.duration_s = round(time.perf_counter() - start, 3)
    return live


async def drain(
    queue: asyncio.Queue[Execution],
    dev: SuiteDevice,
    url: str,
    token: str,
    lives: dict[str, _Live],
    overhead: bool,
    on_done: Callable[[ExecutionResult], None] | None,
) -> None:
    """One device's worker: run executions from ``queue`` through the daemon at ``url``."""
    from android_bridge.api.client import BridgeClient

    async with BridgeClient(url, token, timeout=120) as operator:
        while not queue.empty():
            ex = queue.get_nowait()
            live = await _run_one(ex, dev, operator, overhead=overhead)
            lives[ex.id] = live
            if on_done is not None:
                on_done(live.result)


def _order(executions: list[Execution]) -> list[Execution]:
    """Slow ones (MCP, planner) first so the workers finish together."""
    weight = {"mcp": 0, "llm": 1}
    return sorted(
        executions, key=lambda e: (weight.get(e.via, weight.get(e.family, 2)), -len(e.steps))
    )


async def run_suite(
    executions: list[Execution],
    spec: SuiteSpec,
    opts: SuiteOptions,
    *,
    on_done: Callable[[ExecutionResult], None] | None = None,
) -> SuiteRun:
    from aiohttp import web

    from android_bridge.api.server import make_app
    from android_bridge.daemon import DaemonConfig, open_core
    from host_pep.pep import PEP

    out = opts.out_dir
    out.mkdir(parents=True, exist_ok=True)
    policy = write_policy(spec, out)
    started = time.perf_counter()
    lives: dict[str, _Live] = {}
    trace_path: Path | None = None
    with open_devices(
        count=opts.devices, serial=opts.device, adb_port=opts.adb_port, fixture=spec.fixture
    ) as devices:
        cfg = DaemonConfig(
            devices=[d.serial for d in devices],
            adb_port=devices[0].adb_port,
            state_dir=out / "state",
            trace_dir=out / "traces",
            audit=out / "audit.db",
            policy=str(policy),
            upstreams=suite_upstreams(out),
        )
        pep = PEP.create(policy=str(policy), audit=str(out / "audit.db"))
        async with open_core(cfg, pep=pep) as core:
            trace_path = core.recorder.path if core.recorder is not None else None
            token = secrets.token_urlsafe(24)
            app = make_app(core.service, token, request_timeout=60)
            runner = web.AppRunner(app, access_log=None, handle_signals=False)
            await runner.setup()
            site = web.TCPSite(runner, "127.0.0.1", 0)
            await site.start()
            port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
            url = f"http://127.0.0.1:{port}"
            queue: asyncio.Queue[Execution] = asyncio.Queue()
            for ex in _order(executions):
                queue.put_nowait(ex)

            try:
                await asyncio.gather(
                    *(drain(queue, d, url, token, lives, opts.overhead, on_done) for d in devices)
                )
            finally:
                await runner.cleanup()
    return SuiteRun(
        results=score_all(executions, lives, spec, [trace_path] if trace_path else []),
        trace=trace_path,
        duration_s=round(time.perf_counter() - started, 2),
        devices=[d for d in cfg.devices],
        policy=policy,
    )


def score_all(
    executions: list[Execution], lives: dict[str, _Live], spec: SuiteSpec, traces: list[Path]
) -> list[ExecutionResult]:
    """Score every execution against its records in the daemons' traces (one per daemon)."""
    from emulator_setup.fixtures import load_fixture

    fixture = load_fixture(spec.fixture)
    base = from_fixture(fixture, spec.sensitive)
    records: dict[str, list[dict[str, Any]]] = {}
    for trace in traces:
        for session, mine in _records_by_session(trace).items():
            records.setdefault(session, []).extend(mine)
    screens = _Screens(traces)
    results = []
    for ex in executions:
        live = lives[ex.id]
        res = live.result
        mine = records.get(res.session, []) if res.session else []
        if traces and mine:
            res.trace_file = str(_write_trace(traces[0].parent, ex.id, mine))
        extra = [Sensitive(v, "other", "script") for v in ex.sensitive]
        score(ex, res, mine, screens.store, live.changes, base + extra, spec.scope_apps())
        results.append(res)
    return results


class _Screens:
    """The screens of one or more traces (content-addressed, so one digest is one screen)."""

    def __init__(self, traces: list[Path]) -> None:
        self.stores = [s for s in (_screens(t) for t in traces) if s is not None]
        self.store: Any = (
            None if not self.stores else self.stores[0] if len(self.stores) == 1 else self
        )

    def get(self, digest: str) -> str:
        for store in self.stores:
            try:
                return str(store.get(digest))
            except (KeyError, FileNotFoundError):
                continue
        raise FileNotFoundError(f"screen {digest} missing from every trace")


def _screens(trace: Path | None) -> Any:
    if trace is None:
        return None
    from android_bridge.traces.screens import ScreenStore

    return ScreenStore(trace.parent / "screens")


def _records_by_session(trace: Path | None) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    if trace is None or not trace.exists():
        return out
    for line in trace.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        session = (rec.get("event") or {}).get("session") or rec.get("session")
        if session:
            out.setdefault(str(session), []).append(rec)
    return out


def _write_trace(trace_dir: Path, exec_id: str, records: list[dict[str, Any]]) -> Path:
    """One execution's records as its own trace (next to the shared screen store)."""
    path = trace_dir / f"{exec_id}.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path
