"""``sqlite3 [OPTIONS] DB [SQL…]``: the SQLite shell that userdebug Android images carry.

It opens the database file at DB: a provider's or an app's database (the same database the
provider or app is using, mounted in the filesystem) or any SQLite file on storage. As on a
phone, another app's private files need root (``adb root`` or ``su 0 sqlite3 …``). Output
modes: list (default, ``|``-separated), ``-header``, ``-csv``, ``-json``, ``-line``,
``-separator S``; dot-commands ``.tables`` and ``.schema``. Errors are SQLite's
(``Error: in prepare, no such table: x (1)``) with exit status 1.
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from typing import Any

from ..database import Database
from ..filesystem import FsError, check_access, normalize
from ..sh import CommandFunc, Proc

_FLAGS = {"-header": ("header", True), "-noheader": ("header", False), "-csv": ("mode", "csv"),
          "-json": ("mode", "json"), "-line": ("mode", "line"), "-list": ("mode", "list"),
          "-batch": (None, None), "-bail": ("bail", True), "-readonly": ("readonly", True)}  # fmt: skip


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _render(cur: sqlite3.Cursor, opts: dict[str, Any]) -> str:
    if cur.description is None:
        return ""
    names = [d[0] for d in cur.description]
    rows = cur.fetchall()
    mode = opts["mode"]
    if mode == "json":
        if not rows:
            return ""
        objs = [
            json.dumps(dict(zip(names, r, strict=True)), ensure_ascii=False, separators=(",", ":"))
            for r in rows
        ]
        return "[" + ",\n".join(objs) + "]\n"
    if mode == "csv":
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        if opts["header"]:
            w.writerow(names)
        for r in rows:
            w.writerow([_text(v) for v in r])
        return buf.getvalue()
    if mode == "line":
        width = max((len(n) for n in names), default=0)
        return "\n".join(
            "\n".join(f"{n.rjust(width)} = {_text(v)}" for n, v in zip(names, r, strict=True))
            for r in rows
        ) + ("\n" if rows else "")
    sep = opts["separator"]
    lines = [sep.join(names)] if opts["header"] and rows else []
    lines += [sep.join(_text(v) for v in r) for r in rows]
    return "".join(line + "\n" for line in lines)


def _statements(sql: str) -> list[str]:
    out, cur = [], ""
    for line in sql.splitlines(keepends=True):
        cur += line
        while ";" in cur:
            head, _, rest = cur.partition(";")
            candidate = head + ";"
            if sqlite3.complete_statement(candidate):
                out.append(candidate.strip())
                cur = rest
            else:
                break
    if cur.strip():
        out.append(cur.strip())
    return [s for s in out if s]


def _dot(conn: sqlite3.Connection, command: str) -> str:
    word = command.split()[0]
    if word == ".tables":
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table','view') "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )]  # fmt: skip
        return "  ".join(names) + ("\n" if names else "")
    if word == ".schema":
        sql = [r[0] for r in conn.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid"
        )]  # fmt: skip
        return "".join(s + ";\n" for s in sql)
    raise ValueError(f'unknown command or invalid arguments:  "{word[1:]}". Enter ".help" for help')


def sqlite3_(p: Proc) -> int:
    opts: dict[str, Any] = {"mode": "list", "header": False, "separator": "|", "bail": False,
                            "readonly": False}  # fmt: skip
    args = p.argv[1:]
    positional: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in _FLAGS:
            key, value = _FLAGS[a]
            if key:
                opts[key] = value
        elif a in ("-separator", "-cmd"):
            if i + 1 >= len(args):
                return p.err(f"Error: missing argument to {a}")
            if a == "-separator":
                opts["separator"] = args[i + 1]
            i += 1
        elif a == "-version" and not positional:
            # Android 14's /system/bin/sqlite3 (the engine here is the host's SQLite)
            p.stdout.write("3.39.2 2022-07-21 15:24:47 "
                           "698edb77537b67c41adc68f9b892db56bcf9a55e4c2e5b8ab2e25d4c79a6alt1\n")  # fmt: skip
            return 0
        elif a.startswith("-") and not positional:
            return p.err(f"sqlite3: Error: unknown option: {a}\nUse -help for a list of options.")
        else:
            positional.append(a)
        i += 1
    if not positional:
        return p.err("sqlite3: an in-memory shell without a database is not supported here")
    path = normalize(positional[0], p.shell.cwd)
    sql = " ".join(positional[1:]) if len(positional) > 1 else p.stdin.decode("utf-8", "replace")
    fs = p.device.fs
    try:
        check_access(path)
        entry = fs.lookup(path)
        if entry is not None and isinstance(entry.mount, Database):
            fs.read(path)  # the permission check of opening it
            db = entry.mount
            with db.lock:
                status, changed = _run(p, db.conn, sql, opts)
            if changed:
                db.version += 1
                p.device.state.touch()
            return status
        data = fs.read(path) if entry is not None else b""
    except FsError as exc:
        return p.err(f'Error: unable to open database "{positional[0]}": unable to open database file'
                     if exc.errno in (2, 13) else f"Error: {exc.strerror}")  # fmt: skip
    conn = sqlite3.connect(":memory:", isolation_level=None)
    if data:
        try:
            conn.deserialize(data)
        except sqlite3.DatabaseError:
            return p.err("Error: file is not a database")
    status, changed = _run(p, conn, sql, opts)
    if changed:
        try:
            fs.write(path, bytes(conn.serialize()))
        except FsError as exc:
            return p.err(f"Error: {exc.strerror}")
    return status


def _run(p: Proc, conn: sqlite3.Connection, sql: str, opts: dict[str, Any]) -> tuple[int, bool]:
    """Execute each statement; (exit status, whether the database changed)."""
    status = 0
    changed = False
    for stmt in _statements(sql):
        try:
            if stmt.startswith("."):
                p.stdout.write(_dot(conn, stmt))
                continue
            before = conn.total_changes
            p.stdout.write(_render(conn.execute(stmt), opts))
            changed = changed or conn.total_changes != before
        except sqlite3.Error as exc:
            status = p.err(f"Error: in prepare, {exc} (1)")
        except ValueError as exc:
            status = p.err(f"Error: {exc}")
        if status and opts["bail"]:
            break
    return status, changed


COMMANDS: dict[str, CommandFunc] = {"sqlite3": sqlite3_}
