"""android_bridge's droidgate subcommands: serve, mcp, replay, plan, bench api, bench tap, bench
screens."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from pathlib import Path
from typing import Any

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def _core_args(p: argparse.ArgumentParser, *, with_http: bool) -> None:
    dev = p.add_mutually_exclusive_group()
    dev.add_argument(
        "--device", action="append", default=[], metavar="SERIAL", help="device serial (repeatable)"
    )
    dev.add_argument("--virtual", type=int, default=0, metavar="N", help="start N virtual devices")
    p.add_argument(
        "--adb-port",
        type=int,
        default=None,
        help="adb server port of --device (default: environment)",
    )
    p.add_argument("--policy", default="default", help="policy bundle name or YAML file")
    p.add_argument(
        "--audit", type=Path, default=None, help="audit SQLite file (default STATE_DIR/audit.db)"
    )
    p.add_argument(
        "--audit-key-file",
        type=Path,
        default=None,
        help="audit key: MACs every record, signs checkpoints (default STATE_DIR/audit.key, "
        "created 0600; $DROIDGATE_AUDIT_KEY takes precedence)",
    )
    p.add_argument(
        "--audit-checkpoints",
        type=Path,
        default=None,
        metavar="FILE",
        help="also append every signed audit checkpoint to FILE (keep it elsewhere)",
    )
    p.add_argument(
        "--audit-durability",
        choices=("process", "power"),
        default="process",
        help="process (default): an acknowledged audit record survives kill -9 of the daemon; "
        "power: also an OS crash or power loss (fsync per group commit)",
    )
    p.add_argument(
        "--trace-dir", type=Path, default=None, help="record a trace (JSONL + screens) here"
    )
    p.add_argument(
        "--control-plane",
        default=None,
        metavar="URL",
        help="share rules, escalations, audit and the session registry with a device farm: "
        "postgresql://… (default $DROIDGATE_CONTROL_PLANE, else this daemon's SQLite); "
        "see docs/farm.md",
    )
    p.add_argument(
        "--control-plane-staleness",
        type=float,
        default=5.0,
        metavar="S",
        help="deny once the control plane has not been confirmed for S seconds (default 5)",
    )
    p.add_argument(
        "--state-dir",
        type=Path,
        default=None,
        help="token, audit and daemon.json (default ~/.local/state/droidgate)",
    )
    p.add_argument(
        "--escalations",
        choices=("deny", "human", "llm"),
        default="human" if with_http else "deny",
        help="T4: human (held for the operator: the console, `droidgate escalations`, "
        "/v1/escalations; serve's default), deny (at once; the default elsewhere), llm",
    )
    p.add_argument(
        "--escalation-deadline",
        type=float,
        default=None,
        metavar="SECONDS",
        help="how long an escalation waits for its answer before it is denied (default 30; "
        "a FlowRule's deadline_s overrides it)",
    )
    p.add_argument(
        "--adjudicator-url", default=None, help="OpenAI-compatible base URL for --escalations llm"
    )
    p.add_argument(
        "--adjudicator-model",
        default=None,
        help="model for --escalations llm (key from $OPENAI_API_KEY)",
    )
    p.add_argument(
        "--upstream",
        action="append",
        default=[],
        metavar="NAME=COMMAND|URL",
        help="an MCP server whose tools are gated (repeatable; stdio command or http(s) URL)",
    )
    p.add_argument(
        "--gateway-config",
        type=Path,
        default=None,
        metavar="FILE",
        help="upstreams and their credentials (default STATE_DIR/gateway.yaml if present)",
    )
    if with_http:
        p.add_argument(
            "--host",
            default="127.0.0.1",
            help="bind address (default 127.0.0.1; outside loopback needs --tls-cert/--tls-key "
            "or --insecure-bind)",
        )
        p.add_argument("--port", type=int, default=8765, help="TCP port (0 = any free port)")
        p.add_argument(
            "--request-timeout", type=float, default=60.0, help="seconds per API request"
        )
        p.add_argument("--tls-cert", type=Path, default=None, help="serve HTTPS: PEM certificate")
        p.add_argument("--tls-key", type=Path, default=None, help="serve HTTPS: PEM private key")
        p.add_argument(
            "--insecure-bind",
            action="store_true",
            help="allow plain HTTP outside loopback (TLS terminated in front; logs a warning)",
        )
        p.add_argument(
            "--allowed-host",
            action="append",
            default=[],
            metavar="NAME",
            help="a name the Host header may carry besides loopback and the bound address "
            "(repeatable); others are answered 421 (DNS rebinding)",
        )
        p.add_argument(
            "--idle-timeout",
            type=float,
            default=30.0,
            help="seconds a connection may go without completing a request (default 30)",
        )
        p.add_argument(
            "--webhook-url",
            default=None,
            metavar="URL",
            help="POST each escalation here as signed JSON (retried, never blocking a decision)",
        )
        p.add_argument(
            "--webhook-secret-file",
            type=Path,
            default=None,
            metavar="FILE",
            help="the webhook's HMAC secret (a 0600 file; or $DROIDGATE_WEBHOOK_SECRET)",
        )
        p.add_argument(
            "--webhook-denies",
            action="store_true",
            help="also send each deny to --webhook-url",
        )


def _config(args: argparse.Namespace) -> Any:
    from android_bridge.daemon import DaemonConfig, default_state_dir

    return DaemonConfig(
        devices=list(args.device),
        virtual=args.virtual,
        host=getattr(args, "host", "127.0.0.1"),
        port=getattr(args, "port", 0),
        policy=args.policy,
        audit=args.audit,
        audit_durability=args.audit_durability,
        audit_key_file=args.audit_key_file,
        audit_checkpoints=args.audit_checkpoints,
        trace_dir=args.trace_dir,
        state_dir=args.state_dir or default_state_dir(),
        request_timeout=getattr(args, "request_timeout", 60.0),
        tls_cert=getattr(args, "tls_cert", None),
        tls_key=getattr(args, "tls_key", None),
        insecure_bind=getattr(args, "insecure_bind", False),
        allowed_hosts=list(getattr(args, "allowed_host", [])),
        idle_timeout=getattr(args, "idle_timeout", 30.0),
        adb_port=args.adb_port,
        escalations=args.escalations,
        escalation_deadline=args.escalation_deadline,
        webhook_url=getattr(args, "webhook_url", None),
        webhook_secret_file=getattr(args, "webhook_secret_file", None),
        webhook_denies=getattr(args, "webhook_denies", False),
        adjudicator_url=args.adjudicator_url,
        adjudicator_model=args.adjudicator_model,
        upstreams=list(getattr(args, "upstream", []) or []),
        gateway_config=getattr(args, "gateway_config", None),
        token_file=getattr(args, "token_file", None),
        control_plane=args.control_plane or os.environ.get("DROIDGATE_CONTROL_PLANE") or None,
        control_plane_staleness=args.control_plane_staleness,
    )


def _serve(args: argparse.Namespace) -> int:
    from android_bridge.daemon import DaemonInfo, check_bind, serve

    cfg = _config(args)
    if not cfg.devices and not cfg.virtual and not cfg.upstreams:
        print(
            "droidgate serve: give --device SERIAL or --virtual N (or --upstream for a gateway)",
            file=sys.stderr,
        )
        return ExitCode.USAGE
    try:
        check_bind(cfg)  # before any device starts: a refused bind is a usage error
    except (ValueError, OSError) as exc:
        print(f"droidgate serve: {exc}", file=sys.stderr)
        return ExitCode.USAGE

    def ready(info: DaemonInfo) -> None:
        if args.json:
            print(info.model_dump_json(), flush=True)
        else:
            print(
                f"droidgate bridge API on {info.url}  (OpenAPI: {info.url}/openapi.json)",
                flush=True,
            )
            print(f"token file: {info.token_file}", flush=True)
            if info.console:
                print(
                    f"console: {info.console}  (log in with the token in the token file)",
                    flush=True,
                )
            print(f"devices: {', '.join(info.devices)}", flush=True)
            print(
                f"audit: {info.audit}" + (f"  trace: {info.trace}" if info.trace else ""),
                flush=True,
            )

    if cfg.control_plane is not None:
        from host_pep.control.pg import is_postgres_url

        if not is_postgres_url(cfg.control_plane):
            print("droidgate serve: --control-plane takes a postgresql://… URL", file=sys.stderr)
            return ExitCode.USAGE
    try:
        asyncio.run(serve(cfg, on_ready=ready))
    except ValueError as exc:  # the audit log or the control plane refused the start
        print(f"droidgate serve: {exc}", file=sys.stderr)
        return ExitCode.RUNTIME
    return ExitCode.OK


def _mcp(args: argparse.Namespace) -> int:
    from android_bridge.daemon import is_loopback
    from android_bridge.mcp.run import run_mcp

    if not args.stdio and args.http is None:
        print("droidgate mcp: give --stdio or --http PORT", file=sys.stderr)
        return ExitCode.USAGE
    if args.http is not None and not is_loopback(args.host) and not args.insecure_bind:
        print(
            f"droidgate mcp: --host {args.host} is not a loopback address: MCP over plain HTTP "
            "there would send the agent token in clear; terminate TLS in front and give "
            "--insecure-bind",
            file=sys.stderr,
        )
        return ExitCode.USAGE
    return asyncio.run(run_mcp(args, _config(args)))


def _gateway(args: argparse.Namespace) -> int:
    from android_bridge.gateway.config import CONFIG_FILE, GatewayConfigError
    from android_bridge.gateway.run import run_accept, run_gateway, run_tools

    command = getattr(args, "gateway_cmd", None)
    try:
        if command == "tools":
            return asyncio.run(run_tools(args))
        if command == "accept":
            return asyncio.run(run_accept(args))
        if not args.stdio and args.http is None:
            print("droidgate gateway: give --stdio or --http PORT", file=sys.stderr)
            return ExitCode.USAGE
        cfg = _config(args)
        no_config = cfg.gateway_config is None and not (cfg.state_dir / CONFIG_FILE).exists()
        if not cfg.upstreams and no_config:
            print(
                "droidgate gateway: give --upstream NAME=COMMAND|URL (or --gateway-config)",
                file=sys.stderr,
            )
            return ExitCode.USAGE
        return asyncio.run(run_gateway(args, cfg))
    except (GatewayConfigError, ValueError, PermissionError) as exc:
        print(f"droidgate gateway: {exc}", file=sys.stderr)
        return ExitCode.USAGE


def _replay(args: argparse.Namespace) -> int:
    from android_bridge.traces.replay import ReplayReport, replay_offline

    trace = Path(args.trace)
    if not trace.is_file():
        print(f"droidgate replay: no trace file {trace}", file=sys.stderr)
        return ExitCode.USAGE
    report: ReplayReport
    if args.execute:
        if not args.device:
            print("droidgate replay: --execute needs --device SERIAL", file=sys.stderr)
            return ExitCode.USAGE
        report = asyncio.run(_replay_execute(args, trace))
    else:
        report = asyncio.run(replay_offline(trace, policy=args.policy))
    if args.markdown is not None:
        from android_bridge.traces.report import markdown

        args.markdown.write_text(markdown(report, every=args.all), "utf-8")
    if args.json:
        print(report.model_dump_json(indent=2))
    else:
        _print_replay(report)
    if report.errors and not report.changed:
        return ExitCode.RUNTIME if report.events == 0 else ExitCode.FAILED
    return ExitCode.FAILED if report.changed or report.errors else ExitCode.OK


async def _replay_execute(args: argparse.Namespace, trace: Path) -> Any:
    import tempfile

    from android_bridge.daemon import DaemonConfig, open_core
    from android_bridge.traces.replay import replay_execute

    with tempfile.TemporaryDirectory(prefix="droidgate-replay-") as tmp:
        cfg = DaemonConfig(
            devices=[args.device],
            policy=args.policy,
            state_dir=Path(tmp),
            audit=args.audit,
            adb_port=args.adb_port,
        )
        async with open_core(cfg) as core:
            return await replay_execute(
                trace, mediator=core.mediator, pep=core.pep, device=args.device, policy=args.policy
            )


def _print_replay(report: Any) -> None:
    from android_bridge.traces.report import block, summary_line

    print(f"{report.mode} replay of {report.trace} under policy {report.policy!r}")
    print(summary_line(report))
    for row in report.changed:
        print()
        print("\n".join(block(row)))
    for err in report.errors:
        print(f"error: {err}")


def _plan(args: argparse.Namespace) -> int:
    from android_bridge.planner.run import run_plan

    return asyncio.run(run_plan(args))


def _bench_api(args: argparse.Namespace) -> int:
    if args.consoles:
        from android_bridge.console.bench import run_console_bench

        return run_console_bench(args)
    from android_bridge.api.bench import run_bench

    return run_bench(args)


def _bench_tap(args: argparse.Namespace) -> int:
    from android_bridge.device.bench import bench_tap

    result = bench_tap(args.device, args.adb_port, n=args.n)
    text = json.dumps(result, indent=2, default=str)
    if args.json:
        Path(args.json).write_text(text + "\n", encoding="utf-8")
    _report_tap(result)
    return ExitCode.OK if result["ratio"] <= result.get("budget_ratio", 1.05) else ExitCode.FAILED


def _bench_screens(args: argparse.Namespace) -> int:
    from android_bridge.device.bench import bench_screens

    result = bench_screens(args.corpus, n=args.n)
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    _report_screens(result)
    return ExitCode.OK if result["within_budget"] else ExitCode.FAILED


def _report_screens(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    console.print(f"screen extraction on {result['corpus']}, n={result['n']} per screen")
    table = Table("screen", "kind", "nodes", "KB", "p50 ms", "p99 ms")
    for row in sorted(result["screens"], key=lambda r: (r["kind"], r["nodes"])):
        table.add_row(
            row["screen"],
            row["kind"],
            str(row["nodes"]),
            f"{row['xml_bytes'] / 1024:.1f}",
            f"{row['p50_ms']:.3f}",
            f"{row['p99_ms']:.3f}",
        )
    console.print(table)
    sizes = Table("real screens, nodes", "screens", "p50 ms", "p99 ms")
    for name, st in result["sizes"].items():
        sizes.add_row(name, str(st["screens"]), f"{st['p50_ms']:.3f}", f"{st['p99_ms']:.3f}")
    console.print(sizes)
    verdict = "[green]PASS[/green]" if result["within_budget"] else "[red]FAIL[/red]"
    console.print(
        f"screens of >= 1,000 nodes: p50 <= {result['budget_ms']} ms {verdict} "
        f"(largest real screen: {result['largest_real_nodes']} nodes)"
    )


def _report_tap(result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table("path", "median ms", "p90 ms", "mean ms")
    for name, key in (
        ("stock u2 dump+click", "stock_u2_dump_click"),
        ("mediated tap", "mediated_tap"),
    ):
        st = result[key]
        table.add_row(name, f"{st['median_ms']:.2f}", f"{st['p90_ms']:.2f}", f"{st['mean_ms']:.2f}")
    console = Console()
    console.print(f"tap bench on {result.get('device', result.get('serial'))}, n={result['n']}")
    console.print(table)
    ok = result["ratio"] <= result.get("budget_ratio", 1.05)
    verdict = "[green]PASS[/green]" if ok else "[red]FAIL[/red]"
    console.print(
        f"ratio mediated/stock {result['ratio']:.3f} (budget <= {result.get('budget_ratio', 1.05)}) {verdict}"
    )


def register(sub: Commands) -> None:
    """Add this package's subcommands to the droidgate parser."""
    from android_bridge.console.cli import register_console

    register_console(sub)

    from android_bridge.farm.cli import register_farm

    register_farm(sub)
    p = sub.add_parser("serve", help="run the bridge daemon (HTTP API) in front of devices")
    _core_args(p, with_http=True)
    p.add_argument(
        "--token-file",
        type=Path,
        default=None,
        help="the token clients must present (created 0600 if missing; default STATE_DIR/token)",
    )
    p.add_argument("--json", action="store_true", help="print the ready line as JSON")
    p.set_defaults(func=_serve)

    p = sub.add_parser("mcp", help="serve the bridge's actions as MCP tools")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--stdio", action="store_true", help="MCP over stdin/stdout")
    mode.add_argument(
        "--http",
        type=int,
        default=None,
        metavar="PORT",
        help="MCP over streamable HTTP on PORT (0 = any)",
    )
    p.add_argument(
        "--connect",
        default=None,
        metavar="URL",
        help="use a running daemon's bridge API instead of in-process devices ('auto' = STATE_DIR/daemon.json)",
    )
    p.add_argument(
        "--token-file",
        type=Path,
        default=None,
        help="the operator's token file (with --connect): used once at start-up to join "
        "--agent to --session and get that agent's token",
    )
    p.add_argument(
        "--agent-token-file",
        type=Path,
        default=None,
        help="an agent token the operator issued (with --connect): act as its agent in its session",
    )
    p.add_argument(
        "--client-token-file",
        type=Path,
        default=None,
        help="with --http: where to write the agent token MCP clients present "
        "(default STATE_DIR/agents/SESSION.AGENT.token; with --agent-token-file, that file)",
    )
    p.add_argument(
        "--tls-ca", type=Path, default=None, help="CA file of a daemon serving HTTPS (--connect)"
    )
    p.add_argument("--session", default=None, help="session to act in (joined, or created)")
    p.add_argument(
        "--agent", default=None, help="agent name of this MCP connection (default mcp-agent)"
    )
    p.add_argument("--serial", default=None, help="device of a newly created session")
    p.add_argument(
        "--user-request", default="", help="the user's request, for a newly created session"
    )
    _core_args(p, with_http=False)
    p.add_argument("--host", default="127.0.0.1", help="bind address of --http")
    p.add_argument(
        "--insecure-bind",
        action="store_true",
        help="allow --http outside loopback (TLS terminated in front)",
    )
    p.set_defaults(func=_mcp)

    p = sub.add_parser(
        "gateway",
        help="gate other MCP servers' tools: one MCP server (and bridge API) in front of them",
        description="Connect upstream MCP servers (--upstream NAME=COMMAND for stdio, "
        "NAME=URL for streamable HTTP; credentials from --gateway-config) and serve the union of "
        "their tools, namespaced NAME__tool, over MCP. Every call is decided by the PEP before "
        "it is forwarded. The operator's bridge API listens on 127.0.0.1 (see gateway.json in "
        "the state dir); `droidgate gateway tools` lists tools, `droidgate gateway accept TOOL` "
        "accepts a tool whose definition changed.",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--stdio", action="store_true", help="MCP over stdin/stdout")
    mode.add_argument(
        "--http", type=int, default=None, metavar="PORT", help="MCP over streamable HTTP (0 = any)"
    )
    p.add_argument("--host", default="127.0.0.1", help="bind address of --http")
    p.add_argument(
        "--api-port", type=int, default=0, help="the operator's bridge API port (0 = any free)"
    )
    p.add_argument(
        "--token-file",
        type=Path,
        default=None,
        help="the operator's token, for the operator API (default STATE_DIR/token)",
    )
    p.add_argument(
        "--client-token-file",
        type=Path,
        default=None,
        help="with --http: where to write the agent token MCP clients present "
        "(default STATE_DIR/agents/SESSION.AGENT.token)",
    )
    p.add_argument("--session", default=None, help="session the MCP agent acts in")
    p.add_argument("--agent", default="mcp-agent", help="agent name of the MCP connection")
    p.add_argument("--serial", default=None, help="device of the session (with several)")
    p.add_argument("--user-request", default="", help="the user's request, for the session")
    p.add_argument("--json", action="store_true", help="print the ready line as JSON")
    _core_args(p, with_http=False)
    p.set_defaults(func=_gateway, gateway_cmd=None)
    ops = p.add_subparsers(dest="gateway_cmd", required=False, metavar="{tools,accept}")
    for name, helptext in (
        ("tools", "list upstreams and tools (changed definitions flagged)"),
        ("accept", "accept a changed tool's new definition (audited)"),
    ):
        op = ops.add_parser(name, help=helptext)
        if name == "accept":
            op.add_argument("tool", help="the tool, e.g. mail__send_email")
        op.add_argument(
            "--connect", default="auto", metavar="URL", help="the gateway's bridge API (auto)"
        )
        op.add_argument("--token-file", type=Path, default=None)
        op.add_argument("--state-dir", type=Path, default=None)
        op.add_argument("--json", action="store_true")
        op.set_defaults(func=_gateway, gateway_cmd=name)

    p = sub.add_parser(
        "replay", help="re-decide a recorded trace under a policy and show what changed"
    )
    p.add_argument("trace", help="a trace-*.jsonl file (its screens/ dir beside it)")
    p.add_argument("--policy", default="default", help="policy to re-decide under")
    p.add_argument(
        "--execute", action="store_true", help="re-run the actions on --device through the mediator"
    )
    p.add_argument("--device", default=None, metavar="SERIAL")
    p.add_argument("--adb-port", type=int, default=None)
    p.add_argument(
        "--audit",
        type=Path,
        default=None,
        help="audit file for --execute (default: a temporary one)",
    )
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument(
        "--markdown",
        type=Path,
        default=None,
        metavar="OUT.md",
        help="also write a wide Markdown report (reasons in full)",
    )
    p.add_argument(
        "--all", action="store_true", help="the Markdown report lists unchanged rows too"
    )
    p.set_defaults(func=_replay)

    p = sub.add_parser("plan", help="run the LLM planner on a task through a running daemon")
    p.add_argument("task", help="what the user asks for")
    p.add_argument("--llm-url", required=True, help="OpenAI-compatible base URL (…/v1)")
    p.add_argument("--model", required=True)
    p.add_argument(
        "--api-key-env", default="OPENAI_API_KEY", help="environment variable holding the API key"
    )
    p.add_argument("--connect", default="auto", metavar="URL")
    p.add_argument(
        "--token-file",
        type=Path,
        default=None,
        help="the operator's token file: joins --agent (or creates a session for TASK)",
    )
    p.add_argument(
        "--agent-token-file",
        type=Path,
        default=None,
        help="an agent token the operator issued: act as its agent in its session",
    )
    p.add_argument("--tls-ca", type=Path, default=None, help="CA file of a daemon serving HTTPS")
    p.add_argument("--state-dir", type=Path, default=None)
    p.add_argument("--session", default=None)
    p.add_argument("--serial", default=None)
    p.add_argument("--agent", default="planner")
    p.add_argument("--max-steps", type=int, default=8)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_plan)

    bench = sub.group("bench", "Benchmarks")
    p = bench.add_parser(
        "api", help="bridge API: mediated decisions/s and p99 with 32 concurrent clients"
    )
    p.add_argument("--clients", type=int, default=32)
    p.add_argument(
        "--requests", type=int, default=20000, help="cap on requests in the throughput phase"
    )
    p.add_argument("--duration", type=float, default=5.0, help="cap in seconds per phase")
    p.add_argument(
        "--rate", type=float, default=1000.0, help="offered load of the latency phase (req/s)"
    )
    p.add_argument(
        "--audit",
        choices=("file", "memory"),
        default="file",
        help="audit log on disk (durable, as served) or in memory (isolates the fsync cost)",
    )
    p.add_argument(
        "--consoles",
        default=None,
        metavar="N[,N…]",
        help="also run with N consoles following the live stream (e.g. 1,10): server CPU "
        "per decision, throughput and p99 as ratios against no console in the same run, "
        "and how long a decision takes to reach a console",
    )
    p.add_argument(
        "--rounds", type=int, default=2, help="with --consoles: alternate the settings this often"
    )
    p.add_argument("--json", default=None, metavar="OUT", help="write the results as JSON")
    p.set_defaults(func=_bench_api)

    p = bench.add_parser("tap", help="mediated tap vs stock uiautomator2 on the same device")
    p.add_argument(
        "--device", default=None, metavar="SERIAL", help="default: a virtual device of its own"
    )
    p.add_argument("--adb-port", type=int, default=None)
    p.add_argument("-n", type=int, default=50, help="taps per side")
    p.add_argument("--json", default=None, metavar="OUT", help="write the results as JSON")
    p.set_defaults(func=_bench_tap)

    p = bench.add_parser(
        "screens", help="extraction on every real screen of a corpus, p50/p99 per screen size"
    )
    p.add_argument(
        "--corpus",
        default=None,
        metavar="DIR",
        help="a directory with manifest.yaml (default: $DROIDGATE_SCREENS, else tests/data/screens)",
    )
    p.add_argument("-n", type=int, default=100, help="extractions per screen")
    p.add_argument("--json", default=None, metavar="OUT", help="write the results as JSON")
    p.set_defaults(func=_bench_screens)
