"""``droidgate audit verify|tail|query|checkpoints|adopt|public-key``: check and read an audit log.

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
    from host_pep.audit.keys import AuditKey

_DECISIONS = ("allow", "deny", "rewrite", "escalate")
_KINDS = ("decision", "eviction", "rule_change", "error")


def register_audit(sub: Commands) -> None:
    group = sub.group("audit", "check and read the hash-chained audit log")

    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--db", required=True, metavar="PATH", help="audit database (SQLite)")
        p.add_argument("--json", action="store_true", help="print JSON instead of a table")

    def keyed(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--key-file",
            type=Path,
            metavar="PATH",
            help="the audit key (default: $DROIDGATE_AUDIT_KEY, else audit.key beside --db)",
        )

    verify = group.add_parser(
        "verify",
        help="check the chain, MACs and checkpoints; exit 1 naming the first bad seq",
        description="Check every record's hash and link, with the audit key every record's "
        "and the head's MAC, and that the log still holds what each signed checkpoint (stored, "
        "and exported ones given with --checkpoints) signed. Exit 0 if intact, 1 if not.",
    )
    where = verify.add_mutually_exclusive_group(required=True)
    where.add_argument("--db", metavar="PATH", help="audit database (SQLite)")
    where.add_argument(
        "--control-plane",
        metavar="URL",
        help="a farm's control plane (postgresql://…): check every daemon's chain in it",
    )
    verify.add_argument("--json", action="store_true", help="print JSON instead of a table")
    keyed(verify)
    verify.add_argument(
        "--checkpoints",
        type=Path,
        action="append",
        default=[],
        metavar="FILE",
        help="exported checkpoints kept elsewhere (JSON Lines; repeatable)",
    )
    verify.add_argument(
        "--public-key",
        metavar="HEX",
        help="the key the checkpoints must be signed with (from `droidgate audit public-key`)",
    )
    verify.add_argument(
        "--no-key",
        action="store_true",
        help="check without a key (a log written before keyed audit)",
    )
    verify.set_defaults(func=_verify)

    export = group.add_parser(
        "checkpoints",
        help="export the signed checkpoints (JSON Lines) to keep elsewhere",
        description="Print (or write to --out) every signed checkpoint of the log, one JSON "
        "line each. --sign first signs one of the current head (needs the key).",
    )
    common(export)
    keyed(export)
    export.add_argument("--out", type=Path, metavar="FILE", help="write here (appending new ones)")
    export.add_argument("--sign", action="store_true", help="sign the current head first")
    export.set_defaults(func=_checkpoints)

    adopt = group.add_parser(
        "adopt",
        help="put a log written without a key under the audit key",
        description="Verify the log's unkeyed chain, then MAC every record and the head with "
        "the audit key and sign a checkpoint. Records already in the file are trusted as they "
        "are: verify (and keep a copy) first.",
    )
    common(adopt)
    keyed(adopt)
    adopt.set_defaults(func=_adopt)

    pub = group.add_parser(
        "public-key",
        help="print the audit key's public key (to pin checkpoints with --public-key)",
    )
    keyed(pub)
    pub.add_argument("--db", metavar="PATH", help="find audit.key beside this database")
    pub.set_defaults(func=_public_key)

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


def _key(args: argparse.Namespace, *, required: bool = False) -> AuditKey | None:
    """The audit key: --key-file, else $DROIDGATE_AUDIT_KEY, else audit.key beside --db."""
    from host_pep.audit.keys import KEY_FILE, AuditKey

    if getattr(args, "key_file", None) is not None:
        return AuditKey.load(args.key_file)
    key = AuditKey.from_env()
    if key is None and getattr(args, "db", None):
        beside = Path(args.db).parent / KEY_FILE
        if beside.exists():
            key = AuditKey.load(beside)
    if key is None and required:
        raise ValueError("this needs the audit key: give --key-file (or $DROIDGATE_AUDIT_KEY)")
    return key


def _open(
    args: argparse.Namespace, *, key: AuditKey | None = None, write: bool = False
) -> AuditLog:
    from host_pep.audit import AuditLog
    from host_pep.exceptions import AuditUnavailable

    path = Path(args.db)
    if not path.is_file():
        raise FileNotFoundError(f"no audit database at {path}")
    log = AuditLog.open(path, readonly=not write, key=key, key_from_env=False)
    try:
        log.store.head()  # surfaces "not a database" / "no audit table" as a clear error
    except AuditUnavailable as exc:
        log.close()
        raise ValueError(f"{path} is not a droidgate audit database ({exc})") from exc
    return log


def _verify(args: argparse.Namespace) -> int:
    from host_pep.audit.signed import read_checkpoints

    key = None if args.no_key else _key(args)
    if args.control_plane:
        return _verify_farm(args, key)
    exported = [cp for path in args.checkpoints for cp in read_checkpoints(path)]
    with _open(args, key=key) as log:
        result = log.verify(exported=exported, public_key=args.public_key, unkeyed=args.no_key)
    if args.json:
        print(result.model_dump_json())
    else:
        what = []
        if result.keyed:
            what.append("MACs checked")
        if result.checkpoints:
            what.append(f"{result.checkpoints} checkpoints matched")
        if result.ok:
            extra = f", {', '.join(what)}" if what else ""
            print(f"ok: {result.checked} records, chain intact{extra} (head {result.head_hash})")
        elif result.first_bad_seq is None:
            print(f"BROKEN: {result.problem}")
        else:
            print(f"BROKEN at seq {result.first_bad_seq}: {result.problem}")
            print(f"({result.checked} records before it verified)")
        for warning in result.warnings:
            print(f"warning: {warning}")
    return ExitCode.OK if result.ok else ExitCode.FAILED


def _verify_farm(args: argparse.Namespace, key: AuditKey | None) -> int:
    """Every chain of a farm's audit (one per daemon, and their forwarded spools), each as
    ``verify`` checks one log; exit 1 if any is broken."""
    from host_pep.audit import AuditLog
    from host_pep.audit.pg_store import PostgresAuditStore, farm_logs
    from host_pep.exceptions import ControlPlaneUnavailable

    if args.checkpoints:
        raise ValueError("--checkpoints names one log's exports: verify that daemon's chain alone")
    try:
        logs = farm_logs(args.control_plane)
    except ControlPlaneUnavailable as exc:
        raise ValueError(str(exc)) from exc
    results = {}
    for log_id in logs:
        with AuditLog(PostgresAuditStore(args.control_plane, log_id), key=key) as log:
            results[log_id] = log.verify(public_key=args.public_key, unkeyed=args.no_key)
    ok = bool(results) and all(r.ok for r in results.values())
    if args.json:
        print(json.dumps({"ok": ok, "logs": {k: r.model_dump() for k, r in results.items()}}))
    else:
        for log_id, result in results.items():
            state = "ok" if result.ok else f"BROKEN at seq {result.first_bad_seq}: {result.problem}"
            keyed = ", MACs checked" if result.keyed else ""
            print(f"{log_id}: {state} ({result.checked} records{keyed})")
        if not results:
            print("BROKEN: the farm's audit holds no chain")
        print(f"{'ok' if ok else 'BROKEN'}: {len(results)} chains")
    return ExitCode.OK if ok else ExitCode.FAILED


def _checkpoints(args: argparse.Namespace) -> int:
    from host_pep.audit.signed import dump_checkpoints, read_checkpoints

    key = _key(args, required=args.sign)
    with _open(args, key=key, write=args.sign) as log:
        if args.sign:
            log.checkpoint()
        checkpoints = log.checkpoints()
    if args.out is None:
        print(dump_checkpoints(checkpoints), end="")
        return ExitCode.OK
    have = {cp.seq for cp in read_checkpoints(args.out)} if args.out.exists() else set()
    new = [cp for cp in checkpoints if cp.seq not in have]
    with args.out.open("a", encoding="utf-8") as fh:
        fh.write(dump_checkpoints(new))
    print(f"{len(new)} new checkpoints appended to {args.out} ({len(have) + len(new)} in all)")
    return ExitCode.OK


def _adopt(args: argparse.Namespace) -> int:
    key = _key(args, required=True)
    with _open(args, key=key, write=True) as log:
        result = log.adopt()
    print(f"adopted: {result.checked} records under key {result.key_id}")
    return ExitCode.OK if result.ok else ExitCode.FAILED


def _public_key(args: argparse.Namespace) -> int:
    key = _key(args, required=True)
    assert key is not None
    print(key.key_id)
    return ExitCode.OK


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
