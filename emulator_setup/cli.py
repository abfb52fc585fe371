"""emulator_setup's droidgate subcommands: ``device``, ``emulator`` and ``bench device``.

Handlers import their modules lazily so ``droidgate --help`` stays fast. The exit codes and the
shared ``bench`` group are droidgate's (host_pep/cli/exits.py, host_pep/cli/subcommands.py), taken
from the ``Commands`` object ``register`` receives: this package never imports host_pep.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from typing import Any, Protocol


class ExitCodes(Protocol):
    """droidgate's exit-code table (host_pep/cli/exits.py ``ExitCode``)."""

    @property
    def OK(self) -> int: ...
    @property
    def FAILED(self) -> int: ...
    @property
    def USAGE(self) -> int: ...
    @property
    def RUNTIME(self) -> int: ...


class Commands(Protocol):
    """What droidgate's CLI hands ``register`` (host_pep/cli/subcommands.py ``Commands``): its
    sub-parsers, the shared command groups and the exit-code table."""

    @property
    def exit_codes(self) -> ExitCodes: ...
    def group(
        self, name: str, help: str, *, description: str | None = None, metavar: str = "WHAT"
    ) -> Commands: ...
    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser: ...


Handler = Callable[[argparse.Namespace, ExitCodes], int]


def _runtime_errors() -> tuple[type[BaseException], ...]:
    from .adb_server import AdbError
    from .daemon import DaemonError
    from .emulator import EmulatorError

    return (AdbError, DaemonError, EmulatorError)


def _report_errors(func: Handler, codes: ExitCodes) -> Callable[[argparse.Namespace], int]:
    """Report the package's runtime errors as a one-line message and exit RUNTIME."""

    def wrapper(args: argparse.Namespace) -> int:
        try:
            return int(func(args, codes))
        except _runtime_errors() as exc:
            print(f"droidgate: error: {exc}", file=sys.stderr)
            return codes.RUNTIME

    return wrapper


def _print_json(data: Any) -> None:
    print(json.dumps(data, indent=2))


# --- device -------------------------------------------------------------------------------------
def _device_start(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .daemon import spawn

    if args.count < 1:
        print("droidgate: error: --count must be at least 1", file=sys.stderr)
        return codes.USAGE
    if args.adb_port == 5037:
        # 5037 is the user's own adb server; CI and scripts must never take it over.
        print(
            "droidgate: error: --adb-port 5037 is the default user adb server; pick a private port",
            file=sys.stderr,
        )
        return codes.USAGE
    state = spawn(args.count, adb_port=args.adb_port, emulator_ports=not args.any_port)
    if args.json:
        _print_json(state.model_dump())
    else:
        for serial in state.serials:
            print(serial)
        print(
            f"# adb server on port {state.adb_port}: export ANDROID_ADB_SERVER_PORT={state.adb_port}",
            file=sys.stderr,
        )
    return codes.OK


def _device_stop(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .daemon import stop

    state = stop()
    if args.json:
        _print_json({"stopped": state.serials if state else []})
    elif state is None:
        print("no virtual devices are running", file=sys.stderr)
    else:
        print(f"stopped {', '.join(state.serials)}")
    return codes.OK


def _device_list(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .daemon import read_state

    state = read_state()
    if args.json:
        _print_json(state.model_dump() if state else None)
        return codes.OK
    if state is None:
        print("no virtual devices are running", file=sys.stderr)
        return codes.OK
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"virtual devices (daemon pid {state.pid}, adb port {state.adb_port})")
    for col in ("serial", "port", "style"):
        table.add_column(col)
    for d in state.devices:
        table.add_row(d.serial, str(d.port), "emulator" if d.emulator_style else "adb connect")
    Console().print(table)
    return codes.OK


def _device_restart(args: argparse.Namespace, codes: ExitCodes) -> int:
    import time

    from .daemon import read_state, restart

    before = restart()
    if before is None:
        print("no virtual devices are running", file=sys.stderr)
        return codes.FAILED
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        after = read_state()
        if after is not None and after.started_at > before.started_at:
            print("\n".join(after.serials))
            return codes.OK
        time.sleep(0.1)
    print("droidgate: error: the daemon did not report the restart within 30s", file=sys.stderr)
    return codes.RUNTIME


def _device_seed(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .daemon import read_state

    state = read_state()
    serial = args.serial
    adb_port = args.adb_port
    if state is not None:
        adb_port = adb_port or state.adb_port
        if serial is None:
            if len(state.serials) != 1:
                print(
                    "droidgate: error: several devices are running; pick one with --serial "
                    + " ".join(state.serials),
                    file=sys.stderr,
                )
                return codes.USAGE
            serial = state.serials[0]
    if serial is None:
        print(
            "droidgate: error: no virtual devices are running; pass --serial for another device",
            file=sys.stderr,
        )
        return codes.USAGE
    return _seed(serial, args.fixture, adb_port, args.json, codes)


def _seed(serial: str, fixture: str, adb_port: int | None, as_json: bool, codes: ExitCodes) -> int:
    from .fixtures import FixtureError
    from .seeding import SeedError, seed

    try:
        report = seed(serial, fixture, adb_port=adb_port)
    except FixtureError as exc:
        print(f"droidgate: error: {exc}", file=sys.stderr)
        return codes.USAGE
    except SeedError as exc:
        print(f"droidgate: error: {exc}", file=sys.stderr)
        if as_json and exc.report is not None:
            _print_json(exc.report.model_dump())
        return codes.FAILED if exc.report is not None else codes.RUNTIME
    if as_json:
        _print_json(report.model_dump())
    else:
        total = sum(report.rows.values())
        print(f"seeded {serial} with fixture {fixture!r}: {total} items, {len(report.files)} files")
        for store, why in report.skipped.items():
            print(f"  skipped {store}: {why}")
    return codes.OK


# --- emulator -----------------------------------------------------------------------------------
def _avd_config(args: argparse.Namespace) -> Any:
    from .emulator import AvdConfig

    cfg = AvdConfig(name=args.name, api=args.api, tag=args.tag, device=args.device_profile)
    if args.abi:
        cfg.abi = args.abi
    return cfg


def _emulator_create(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .emulator import Emulator

    emu = Emulator(_avd_config(args), adb_port=args.adb_port)
    emu.create()
    print(f"created AVD {args.name} ({emu.config.image})")
    return codes.OK


def _emulator_start(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .adb_server import AdbServer
    from .emulator import Emulator

    emu = Emulator(_avd_config(args), adb_port=args.adb_port)  # fails first without an SDK
    AdbServer(args.adb_port, emu_adb(args)).ensure_running()
    serial = emu.start(
        args.port, accel=not args.no_accel, wipe=args.wipe, boot_timeout=args.boot_timeout
    )
    print(serial)
    if args.fixture:
        return _seed(serial, args.fixture, args.adb_port, False, codes)
    return codes.OK


def emu_adb(args: argparse.Namespace) -> str | None:
    """Prefer the SDK's adb for a real emulator; fall back to the one on PATH."""
    from .emulator import Sdk, sdk_root

    try:
        path = Sdk(sdk_root()).adb
    except Exception:
        return None
    return path if os.path.exists(path) else None


def _emulator_stop(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .emulator import Emulator

    Emulator(adb_port=args.adb_port).stop(args.serial)
    print(f"stopped {args.serial}")
    return codes.OK


# --- doctor -------------------------------------------------------------------------------------
def _doctor(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .adb_server import DEFAULT_ADB_PORT
    from .daemon import read_state
    from .doctor import diagnose, render

    adb_port = args.adb_port
    if adb_port is None:
        state = read_state()  # the virtual devices' server, when they run
        adb_port = state.adb_port if state is not None else DEFAULT_ADB_PORT
    report = diagnose(args.device, adb_port, adb=args.adb, uiautomator2=not args.no_uiautomator2)
    if args.json:
        _print_json({**report.model_dump(mode="json"), "missing": len(report.missing)})
    else:
        print(render(report))
    return codes.FAILED if report.missing else codes.OK


# --- bench --------------------------------------------------------------------------------------
def _bench_device(args: argparse.Namespace, codes: ExitCodes) -> int:
    from .bench import run_bench

    ok = run_bench(
        iterations=args.iterations, devices=args.devices, calls=args.calls, json_out=args.json
    )
    return codes.OK if ok else codes.FAILED


def register(sub: Commands) -> None:
    """Add this package's subcommands to the droidgate parser."""
    from .adb_server import DEFAULT_ADB_PORT

    def _guard(handler: Handler) -> Callable[[argparse.Namespace], int]:
        return _report_errors(handler, sub.exit_codes)

    dsub = sub.group("device", "virtual Android devices for CI and laptops", metavar="ACTION")

    p = dsub.add_parser("start", help="start N virtual devices in the background")
    p.add_argument("--count", type=int, default=1, help="number of devices (default 1)")
    p.add_argument(
        "--adb-port", type=int, default=DEFAULT_ADB_PORT,
        help=f"private adb server port to run or reuse (default {DEFAULT_ADB_PORT}; never 5037)",
    )  # fmt: skip
    p.add_argument(
        "--any-port", action="store_true",
        help="use free ports 20000-29999 and 'adb connect' instead of emulator-style ports 5555+",
    )  # fmt: skip
    p.add_argument("--json", action="store_true", help="print the daemon state as JSON")
    p.set_defaults(func=_guard(_device_start))

    p = dsub.add_parser("stop", help="stop the virtual devices")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_guard(_device_stop))

    p = dsub.add_parser("list", help="list the running virtual devices")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_guard(_device_list))

    p = dsub.add_parser("restart", help="restart the devices' transports and reconnect them")
    p.set_defaults(func=_guard(_device_restart))

    p = dsub.add_parser("seed", help="load fixture data onto a device through ADB")
    p.add_argument("--serial", help="device serial (default: the only running virtual device)")
    p.add_argument(
        "--fixture", default="default", help="fixture name or YAML path (default: default)"
    )
    p.add_argument(
        "--adb-port", type=int, default=None,
        help="adb server port (default: the virtual devices' server, else $ANDROID_ADB_SERVER_PORT)",
    )  # fmt: skip
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_guard(_device_seed))

    p = sub.add_parser(
        "doctor",
        help="check a device for what droidgate needs and print what is missing",
        description="Check a connected device (real phone, emulator or virtual device): adb, "
        "the device, uiautomator2's server, the content providers, root, sqlite3 and the apps "
        "the Android suite expects. Exit 1 if something is missing.",
    )
    p.add_argument("--device", metavar="SERIAL", help="device serial (default: the only one)")
    p.add_argument("--adb-port", type=int, default=None,
                   help=f"adb server port (default: the virtual devices', else {DEFAULT_ADB_PORT})")  # fmt: skip
    p.add_argument("--adb", default=None, help="adb binary (default: the SDK's or PATH's)")
    p.add_argument("--no-uiautomator2", action="store_true",
                   help="skip the uiautomator2 check (it installs and starts the server)")  # fmt: skip
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_guard(_doctor))

    esub = sub.group(
        "emulator", "a real Android emulator (needs ANDROID_SDK_ROOT)", metavar="ACTION"
    )

    def avd_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--name", default="droidgate", help="AVD name (default droidgate)")
        q.add_argument("--api", type=int, default=34, help="Android API level (default 34)")
        q.add_argument(
            "--tag", default="google_apis", help="system image tag (default google_apis)"
        )
        q.add_argument("--abi", default=None, help="ABI (default: x86_64, arm64-v8a on ARM hosts)")
        q.add_argument(
            "--device-profile", default="pixel_6", help="hardware profile (default pixel_6)"
        )
        q.add_argument(
            "--adb-port", type=int, default=DEFAULT_ADB_PORT, help="private adb server port"
        )

    p = esub.add_parser("create", help="install the system image and create the AVD")
    avd_args(p)
    p.set_defaults(func=_guard(_emulator_create))

    p = esub.add_parser("start", help="boot the AVD headless and wait for sys.boot_completed")
    avd_args(p)
    p.add_argument("--port", type=int, default=5554, help="console port (serial emulator-PORT)")
    p.add_argument("--no-accel", action="store_true", help="run without KVM (very slow)")
    p.add_argument("--wipe", action="store_true", help="wipe user data first")
    p.add_argument("--boot-timeout", type=float, default=600.0, help="seconds to wait for boot")
    p.add_argument("--fixture", default="default", help="seed this fixture after boot ('' = none)")
    p.set_defaults(func=_guard(_emulator_start))

    p = esub.add_parser("stop", help="stop a running emulator (adb emu kill)")
    p.add_argument("--serial", default="emulator-5554")
    p.add_argument("--adb-port", type=int, default=DEFAULT_ADB_PORT)
    p.set_defaults(func=_guard(_emulator_stop))

    bench = sub.group("bench", "Benchmarks")
    p = bench.add_parser(
        "device", help="virtual device: per-RPC handling on a 400-node screen; 8 devices under load"
    )
    p.add_argument("--iterations", type=int, default=200, help="timed calls per RPC method")
    p.add_argument("--devices", type=int, default=8, help="devices for the concurrency run")
    p.add_argument(
        "--calls", type=int, default=20, help="u2 calls per client in the concurrency run"
    )
    p.add_argument("--json", metavar="OUT", help="also write the results as JSON to OUT")
    p.set_defaults(func=_guard(_bench_device))
