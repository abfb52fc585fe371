"""``droidgate farm`` and ``droidgate bench farm`` (registered by android_bridge.cli)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def register_farm(sub: Commands) -> None:
    p = sub.add_parser(
        "farm",
        help="start N daemons with M virtual devices each against one control plane",
        description="Start N `droidgate serve` daemons on this host, each with M virtual "
        "devices, sharing one control plane on PostgreSQL (--control-plane, or a throw-away "
        "local cluster), print where each is and write DIR/farm.json (what `droidgate suite "
        "android --farm DIR` reads); run until interrupted. See docs/farm.md.",
    )
    p.add_argument("--daemons", type=int, default=2, metavar="N", help="daemons (default 2)")
    p.add_argument("--virtual", type=int, default=1, metavar="M", help="virtual devices per daemon")
    p.add_argument(
        "--control-plane",
        default=None,
        metavar="URL",
        help="postgresql://… (default: a throw-away cluster on this host, removed at the end)",
    )
    p.add_argument(
        "--dir",
        type=Path,
        default=None,
        help="the farm's directory: state of each daemon, audit key, farm.json "
        "(default: a new temporary directory)",
    )
    p.add_argument("--policy", default="default", help="policy bundle name or YAML file")
    p.add_argument(
        "--escalations", choices=("deny", "human"), default="deny", help="T4 of every daemon"
    )
    p.add_argument(
        "--upstream",
        action="append",
        default=[],
        metavar="NAME=COMMAND|URL",
        help="an MCP server whose tools every daemon gates (repeatable; as `droidgate serve "
        "--upstream`: each daemon starts its own stdio server)",
    )
    p.add_argument("--json", action="store_true", help="print farm.json instead of a table")
    p.set_defaults(func=_farm)

    bench = sub.group("bench", "measure droidgate's budgets")
    b = bench.add_parser(
        "farm",
        help="rule propagation, decision p99 on PostgreSQL vs SQLite, 2 daemons vs 1",
        description="Measure the farm's budgets on this host (android_bridge/farm/bench.py).",
    )
    b.add_argument("--control-plane", default=None, metavar="URL",
                   help="postgresql://… to measure against (default: a throw-away cluster)")  # fmt: skip
    b.add_argument("--installs", type=int, default=200, help="rule installs timed (default 200)")
    b.add_argument(
        "--rounds", type=int, default=300, help="decision rounds of 4 events (default 300)"
    )
    b.add_argument("--clients", type=int, default=8, help="clients per daemon (default 8)")
    b.add_argument("--throughput-seconds", type=float, default=5.0,
                   help="seconds per throughput phase; 0 skips it (default 5)")  # fmt: skip
    b.add_argument("--json", metavar="OUT", default=None, help="write the results as JSON")
    b.set_defaults(func=_bench)


def _farm(args: argparse.Namespace) -> int:
    import tempfile

    from android_bridge.farm.run import FarmOptions, start_farm, stop_on_signal

    if not 1 <= args.daemons <= 16 or not 1 <= args.virtual <= 16:
        print("droidgate farm: --daemons and --virtual must be 1..16", file=sys.stderr)
        return ExitCode.USAGE
    if args.control_plane is not None:
        from host_pep.control.pg import is_postgres_url

        if not is_postgres_url(args.control_plane):
            print("droidgate farm: --control-plane takes a postgresql://… URL", file=sys.stderr)
            return ExitCode.USAGE
    root = args.dir or Path(tempfile.mkdtemp(prefix="droidgate-farm-"))
    opts = FarmOptions(
        daemons=args.daemons,
        virtual=args.virtual,
        control_plane=args.control_plane,
        root=root,
        policy=args.policy,
        escalations=args.escalations,
        upstreams=args.upstream,
    )
    try:
        with stop_on_signal() as stop, start_farm(opts) as farm:
            if args.json:
                print(farm.model_dump_json(), flush=True)
            else:
                print(f"farm in {root} (farm.json), control plane {farm.control_plane}")
                for i, d in enumerate(farm.daemons):
                    print(f"daemon {i} [{d.daemon_id}]: {d.url}  token {d.token_file}  "
                          f"devices {', '.join(d.devices)}", flush=True)  # fmt: skip
                print("run `droidgate suite android --farm " f"{root}`; Ctrl-C stops the farm",
                      flush=True)  # fmt: skip
            while not stop.wait(0.5):
                pass
    except RuntimeError as exc:
        print(f"droidgate farm: {exc}", file=sys.stderr)
        return ExitCode.RUNTIME
    return ExitCode.OK


def _bench(args: argparse.Namespace) -> int:
    from android_bridge.farm.bench import run_bench

    if args.installs < 1 or args.rounds < 6 or args.clients < 1:
        print("droidgate bench farm: --installs >= 1, --rounds >= 6, --clients >= 1",
              file=sys.stderr)  # fmt: skip
        return ExitCode.USAGE
    return run_bench(args)
