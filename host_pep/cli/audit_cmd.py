"""``droidgate audit verify|tail|query``: check and read an audit log.

Registered by ``host_pep.cli.commands.register`` via ``register_audit(sub)``. The audit modules
are imported inside the handlers so that ``droidgate --help`` stays fast.
"""

from __future__ import annotations

import argparse
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands

if TYPE_CHECKING:
    from host_pep.audit import AuditLog, AuditRecord

_DECISIONS = ("allow", "deny", "rewrite", "escalate")
_KINDS = ("decision", "eviction", "rule_change", "error")


def register_audit(sub: Commands) -> None:
    group = sub.group("audit", "check and read the hash-chained audit log")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", required=True, metavar="PATH", help="audit database (SQLite)")
        p.add_argument("--json", action="store_true", help="print JSON instead of a table")

    verify = group.add_parser(
        "verify",
        help="check the hash chain; exit 1 naming the first bad seq",
        description="Check every record's hash and link. Exit 0 if intact, 1 if broken.",
    )
    common(verify)
    verify.set_defaults(func=_verify)

    tail = group.add_parser(
        "tail", help="the newest records", description="Print the newest records."
    )
    common(tail)
    tail.add_argument("-n", "--limit", type=_positive, default=20, metavar="N")
    tail.set_defaults(func=_tail)

    query = group.add_parser(
        "query", help="records matching filters", description="Print the newest matching records."
    )
    common(query)
    query.add_argument("--session", metavar="S")
    query.add_argument("--decision", choices=_DECISIONS, metavar="D", help="|".join(_DECISIONS))
    query.add_argument("--agent", metavar="A")
    query.add_argument("--kind", choices=_KINDS, metavar="K", help="|".join(_KINDS))
    query.add_argument("--since", type=_when, metavar="T", help="epoch seconds or ISO 8601 time")
    query.add_argument("--until", type=_when, metavar="T", help="epoch seconds or ISO 8601 time")
    query.add_argument("-n", "--limit", type=_positive, default=100, metavar="N")
    query.set_defaults(func=_query)


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _when(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(text).timestamp()
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a time: {text!r} (use epoch seconds or ISO 8601, e.g. 2026-11-29T12:00:00+00:00)"
        ) from None


def _open(args: argparse.Namespace) -> AuditLog:
    from host_pep.audit import AuditLog
    from host_pep.exceptions import AuditUnavailable

    path = Path(args.db)
    if not path.is_file():
        raise FileNotFoundError(f"no audit database at {path}")
    log = AuditLog.open(path, readonly=True)
    try:
        log.store.head()  # surfaces "not a database" / "no audit table" as a clear error
    except AuditUnavailable as exc:
        log.close()
        raise ValueError(f"{path} is not a droidgate audit database ({exc})") from exc
    return log


def _verify(args: argparse.Namespace) -> int:
    with _open(args) as log:
        result = log.verify()
    if args.json:
        print(result.model_dump_json())
    elif result.ok:
        print(f"ok: {result.checked} records, chain intact (head {result.head_hash})")
    elif result.first_bad_seq is None:
        print(f"cannot verify: {result.problem}")
    else:
        print(f"BROKEN at seq {result.first_bad_seq}: {result.problem}")
        print(f"({result.checked} records before it verified)")
    return ExitCode.OK if result.ok else ExitCode.FAILED


def _tail(args: argparse.Namespace) -> int:
    with _open(args) as log:
        records = log.tail(args.limit)
    _print(records, as_json=args.json, title=f"last {len(records)} records of {args.db}")
    return ExitCode.OK


def _query(args: argparse.Namespace) -> int:
    if args.since is not None and args.until is not None and args.since > args.until:
        print("droidgate: error: --since is after --until")
        return ExitCode.USAGE
    with _open(args) as log:
        records = log.query(
            session=args.session,
            decision=args.decision,
            agent=args.agent,
            since=args.since,
            until=args.until,
            limit=args.limit,
            kind=args.kind,
        )
    _print(records, as_json=args.json, title=f"{len(records)} matching records")
    return ExitCode.OK


def _print(records: list[AuditRecord], *, as_json: bool, title: str) -> None:
    if as_json:
        print(json.dumps([r.model_dump(mode="json") for r in records], ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for column in ("seq", "time (UTC)", "kind", "session", "agent", "decision", "stage", "rules"):
        table.add_column(column, no_wrap=column in ("seq", "time (UTC)", "stage"))
    table.add_column("reason / detail", overflow="fold")
    for r in records:
        when = datetime.fromtimestamp(r.ts, tz=UTC).strftime("%Y-%m-%d %H:%M:%S")
        what = r.reason or (json.dumps(r.detail, ensure_ascii=False) if r.detail else r.summary)
        if r.error:
            what = f"{what} [error: {r.error}]"
        table.add_row(
            str(r.seq),
            when,
            r.kind.value,
            r.session,
            r.agent,
            r.decision.value if r.decision else "",
            r.stage.value if r.stage else "",
            ",".join(r.rule_ids),
            what,
        )
    console = Console()
    if not console.is_terminal:  # piped into a file or a pager: no terminal width to respect
        console = Console(width=200)
    console.print(table)
