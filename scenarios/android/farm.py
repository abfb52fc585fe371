"""``droidgate suite android --farm N|DIR``: the suite spread over several daemons that share
one control plane (docs/farm.md).

* ``--farm N``: the runner starts N ``droidgate serve --control-plane …`` daemons itself (as
  ``droidgate farm`` does: ``android_bridge.farm.run.start_farm``, on ``--control-plane`` or a
  throw-away cluster), hands each its share of the suite's virtual devices, and resets those
  devices in process exactly as a one-daemon run does: the same executions on the same
  devices, only the daemons differ.
* ``--farm DIR``: a running ``droidgate farm`` (its ``farm.json``). Its devices live in the
  daemons' processes, so fresh app state comes over ADB, as on a real emulator
  (``FarmDevice``); what ADB cannot restore (an app an execution uninstalled) stays gone for
  the executions after it on that device.

Either way each device gets a worker that runs executions through the daemon that serves it,
and the traces of all daemons are scored together. The farm must serve the suite's policy
and offer its upstream services (a bank, a shop: ``scenarios.android.upstreams``):
``suite android --write-policy FILE`` writes the policy and prints the ``droidgate farm``
command that serves both (checked: the policy by digest, the upstreams by name).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from scenarios.android.devices import SuiteDevice, open_devices
from scenarios.android.load import SuiteSpec
from scenarios.android.model import Execution, ExecutionResult
from scenarios.android.runner import (
    SUITE_UPSTREAMS,
    SuiteOptions,
    SuiteRun,
    _Live,
    _order,
    drain,
    score_all,
    suite_upstreams,
)
from scenarios.android.runner import write_policy as _write_policy

Worker = tuple[SuiteDevice, str, str]
"""A device, the URL of the daemon that serves it, that daemon's operator token."""


class FarmDevice(SuiteDevice):
    """A device in a daemon's process: fresh state over ADB, as on a real emulator, and every
    app stopped and the launcher in front, as the in-process reset leaves a virtual device."""

    def reset(self) -> None:
        # the apps' own state (screens, drafts, a browser's page) cleared, then the fixture's
        # data seeded over ADB (farm=None), then every app stopped, the launcher in front
        for package in self._packages("-3"):
            self.shell(f"pm clear {package}")
        super().reset()
        stops = "".join(f"am force-stop {p}; " for p in self._packages())
        self.shell(f"{stops}input keyevent KEYCODE_HOME")

    def _packages(self, *flags: str) -> list[str]:
        listing = self.shell(" ".join(["pm list packages", *flags]))
        return [
            line.removeprefix("package:").strip()
            for line in listing.splitlines()
            if line.startswith("package:")
        ]


def check_policy(farm_policy_sha256: str | None, written: Path) -> None:
    from android_bridge.farm.run import file_digest

    if farm_policy_sha256 != file_digest(written):
        raise RuntimeError(
            "the farm does not serve the suite's policy: write it with `droidgate suite "
            f"android --write-policy FILE` and start the farm as `{farm_command(written)}`"
        )


def farm_command(policy: Path) -> str:
    """The ``droidgate farm`` options that make a farm serve the suite: its policy and its
    upstream services (each daemon starts its own)."""
    import shlex

    upstreams = suite_upstreams(policy.parent)
    return " ".join(
        ["droidgate farm", "--policy", shlex.quote(str(policy))]
        + [f"--upstream {shlex.quote(u)}" for u in upstreams]
    )


def check_upstreams(farm_upstreams: list[str], policy: Path) -> None:
    missing = [name for name in SUITE_UPSTREAMS if name not in farm_upstreams]
    if missing:
        raise RuntimeError(
            f"the farm does not offer the suite's upstream services ({', '.join(missing)}): "
            f"start it as `{farm_command(policy)}`"
        )


def _token(token_file: str) -> str:
    return Path(token_file).read_text(encoding="utf-8").strip()


@contextlib.asynccontextmanager
async def _running_farm(
    farm_dir: Path, spec: SuiteSpec, policy: Path
) -> AsyncIterator[tuple[list[Worker], list[Path]]]:
    from android_bridge.farm.run import FarmInfo

    farm = FarmInfo.load(farm_dir)
    check_policy(farm.policy_sha256, policy)
    check_upstreams(farm.upstreams, policy)
    workers: list[Worker] = []
    for daemon in farm.daemons:
        if daemon.adb_port is None:
            raise RuntimeError(f"daemon {daemon.url} does not say which adb server its devices use")
        for serial in daemon.devices:
            dev = FarmDevice(serial, daemon.adb_port, len(workers), spec.fixture)
            workers.append((dev, daemon.url, _token(daemon.token_file)))
    yield workers, [Path(d.trace) for d in farm.daemons if d.trace]


@contextlib.asynccontextmanager
async def _new_farm(
    daemons: int, opts: SuiteOptions, spec: SuiteSpec, policy: Path
) -> AsyncIterator[tuple[list[Worker], list[Path]]]:
    from android_bridge.farm.run import FarmOptions, start_farm

    if daemons > opts.devices:
        raise RuntimeError(f"--farm {daemons} needs at least as many --devices ({opts.devices})")
    with open_devices(
        count=opts.devices, serial=None, adb_port=None, fixture=spec.fixture
    ) as devices:
        shares = [[d.serial for d in devices[i::daemons]] for i in range(daemons)]
        farm_opts = FarmOptions(
            daemons=daemons,
            control_plane=opts.control_plane,
            root=opts.out_dir / "farm",
            policy=str(policy),
            devices=shares,
            adb_port=devices[0].adb_port,
            upstreams=suite_upstreams(opts.out_dir),
        )
        stack = contextlib.ExitStack()  # starting and stopping daemons blocks: in a thread
        farm = await asyncio.to_thread(stack.enter_context, start_farm(farm_opts))
        try:
            by_serial = {s: d for d in farm.daemons for s in d.devices}
            workers: list[Worker] = [
                (dev, by_serial[dev.serial].url, _token(by_serial[dev.serial].token_file))
                for dev in devices
            ]
            yield workers, [Path(d.trace) for d in farm.daemons if d.trace]
        finally:
            await asyncio.to_thread(stack.close)


async def run_on_farm(
    executions: list[Execution],
    spec: SuiteSpec,
    opts: SuiteOptions,
    farm: str,
    *,
    on_done: Callable[[ExecutionResult], None] | None = None,
) -> SuiteRun:
    out = opts.out_dir
    out.mkdir(parents=True, exist_ok=True)
    policy = _write_policy(spec, out)
    started = time.perf_counter()
    lives: dict[str, _Live] = {}
    queue: asyncio.Queue[Execution] = asyncio.Queue()
    for ex in _order(executions):
        queue.put_nowait(ex)
    source = (
        _new_farm(int(farm), opts, spec, policy)
        if farm.isdigit()
        else _running_farm(Path(farm), spec, policy)
    )
    async with source as (workers, traces):
        await asyncio.gather(
            *(drain(queue, d, u, t, lives, opts.overhead, on_done) for d, u, t in workers)
        )
        devices = [w[0].serial for w in workers]
    return SuiteRun(
        results=score_all(executions, lives, spec, traces),
        trace=traces[0] if traces else None,
        duration_s=round(time.perf_counter() - started, 2),
        devices=devices,
        policy=policy,
    )
