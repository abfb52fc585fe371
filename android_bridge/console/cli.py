"""``droidgate console`` (a live view of decisions and escalations in the terminal) and
``droidgate escalations list|approve|deny`` — the operator's side of a running daemon, without a
browser. Both find the daemon and the operator token in the state dir (``daemon.json``,
``token``) unless told otherwise.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import sys
import time
from pathlib import Path
from typing import Any

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def _connection_args(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--connect",
        default="auto",
        metavar="URL",
        help="the daemon's URL (default 'auto': STATE_DIR/daemon.json)",
    )
    p.add_argument(
        "--token-file",
        type=Path,
        default=None,
        help="the operator's token file (default STATE_DIR/token)",
    )
    p.add_argument("--state-dir", type=Path, default=None, help="default ~/.local/state/droidgate")
    p.add_argument("--tls-ca", type=Path, default=None, help="CA file of a daemon serving HTTPS")


def connection(args: argparse.Namespace) -> tuple[str, str]:
    """(URL, operator token) of the daemon the command talks to."""
    from android_bridge.api.auth import read_token
    from android_bridge.daemon import default_state_dir, read_daemon_info

    state = args.state_dir or default_state_dir()
    url = str(args.connect)
    if url == "auto":
        url = read_daemon_info(Path(state)).url
    token = read_token(args.token_file or Path(state) / "token")
    return url.rstrip("/"), token


def _who(args: argparse.Namespace) -> str:
    if args.by:
        return str(args.by)
    try:
        return getpass.getuser()
    except Exception:
        return ""


def pending_rows(escalations: list[dict[str, Any]], now: float) -> list[dict[str, Any]]:
    """The API's pending escalations, flattened for a table or ``--json``."""
    rows = []
    for e in escalations:
        req = e.get("request") or {}
        rows.append(
            {
                "id": e.get("id", ""),
                "session": req.get("session", ""),
                "agent": req.get("agent", ""),
                "summary": req.get("summary", ""),
                "reasons": req.get("reasons", []),
                "evidence": [
                    f"{ev.get('masked', '')} {ev.get('kind', '')}" for ev in req.get("evidence", [])
                ],
                "seconds_left": max(0, round(float(e.get("deadline", now)) - now)),
            }
        )
    return rows


async def _escalations(args: argparse.Namespace) -> int:
    from android_bridge.api.client import BridgeClient, BridgeError

    url, token = connection(args)
    async with BridgeClient(url, token, tls_ca=args.tls_ca) as op:
        try:
            if args.escalations_command == "list":
                rows = pending_rows(await op.escalations(), time.time())
                if args.json:
                    print(json.dumps(rows, indent=2))
                else:
                    _print_pending(rows)
                return ExitCode.OK
            approve = args.escalations_command == "approve"
            call = op.approve if approve else op.deny
            done = await call(args.id, reason=args.reason or "", by=_who(args))
        except BridgeError as exc:
            if args.json:
                print(
                    json.dumps(
                        {"error": {"status": exc.status, "code": exc.code, "message": exc.message}}
                    )
                )
            else:
                print(f"droidgate escalations: {exc}", file=sys.stderr)
            return ExitCode.FAILED if exc.status == 404 else ExitCode.RUNTIME
    if args.json:
        print(done.model_dump_json())
    else:
        print(f"{done.id}: {done.decision} — audited as “{done.reason}”")
    return ExitCode.OK


def _print_pending(rows: list[dict[str, Any]]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not rows:
        console.print("no escalation is waiting")
        return
    table = Table("id", "left", "session", "agent", "action", "why", "evidence (masked)")
    for r in rows:
        table.add_row(
            r["id"],
            f"{r['seconds_left']} s",
            r["session"],
            r["agent"],
            r["summary"],
            "; ".join(r["reasons"]),
            "; ".join(r["evidence"]),
        )
    console.print(table)


def _run_escalations(args: argparse.Namespace) -> int:
    if args.escalations_command is None:
        print("droidgate escalations: give list, approve ID or deny ID", file=sys.stderr)
        return ExitCode.USAGE
    return asyncio.run(_escalations(args))


def _run_console(args: argparse.Namespace) -> int:
    from android_bridge.console.tui import run_terminal_console

    url, token = connection(args)
    return asyncio.run(
        run_terminal_console(
            url,
            token,
            reason=args.reason,
            by=_who(args),
            once=args.once,
            tls_ca=args.tls_ca,
            session=args.session,
        )
    )


def register_console(sub: Commands) -> None:
    p = sub.add_parser(
        "console",
        help="live decisions and escalations of a running daemon in the terminal (a/d to answer)",
        description="A live view of a running daemon: decisions as they are made, escalations "
        "waiting for an answer. Keys: up/down (or j/k) select an escalation, a approves it, "
        "d denies it (with --reason, audited with your name), q quits.",
    )
    _connection_args(p)
    p.add_argument(
        "--reason",
        default="",
        help="the reason audited with each a/d (default: answered in the terminal console)",
    )
    p.add_argument("--by", default=None, help="your name for the audit (default: your login)")
    p.add_argument("--session", default="", help="show only this session's decisions")
    p.add_argument("--once", action="store_true", help="print the current view once and exit")
    p.set_defaults(func=_run_console)

    group = sub.group("escalations", "Escalations waiting for the operator: list, approve, deny")
    lp = group.add_parser("list", help="pending escalations")
    _connection_args(lp)
    lp.add_argument("--json", action="store_true", help="print them as JSON")
    lp.set_defaults(func=_run_escalations)
    for verb in ("approve", "deny"):
        vp = group.add_parser(verb, help=f"{verb} a pending escalation")
        vp.add_argument("id", help="the escalation's id (from `droidgate escalations list`)")
        vp.add_argument("--reason", default="", help="why (goes into the audit record)")
        vp.add_argument("--by", default=None, help="your name for the audit (default: your login)")
        _connection_args(vp)
        vp.add_argument("--json", action="store_true", help="print the answer as JSON")
        vp.set_defaults(func=_run_escalations)
