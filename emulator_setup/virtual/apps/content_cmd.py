"""The ``content`` shell command (``com.android.commands.content.Content``) over ``ProviderStore``.

Output follows the real tool: ``Row: N col=val, col=val`` per row (``NULL`` for nulls, doubles as
Java prints them), ``No result found.`` for an empty result, nothing for insert/update/delete,
the usage text plus ``[ERROR] …`` for bad arguments and ``Error while accessing provider:…`` plus
the exception for provider failures. Unlike the real tool (which exits 0 either way) errors exit 1,
so a scripted check never mistakes a failure for success.
"""

from __future__ import annotations

from typing import Any

from .providers import ProviderError, ProviderStore

USAGE = """usage: adb shell content [subcommand] [options]

usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...]
  <URI> a content provider URI.
  <BINDING> binds a typed value to a column and is formatted:
  <COLUMN_NAME>:<TYPE>:<COLUMN_VALUE> where:
  <TYPE> specifies data type such as:
  b - boolean, s - string, i - integer, l - long, f - float, d - double, n - null
  Note: Omit the value for passing an empty string, e.g column:s:
  Example:
  # Add "new_setting" secure setting with value "new_value".
  adb shell content insert --uri content://settings/secure --bind name:s:new_setting --bind value:s:new_value

usage: adb shell content update --uri <URI> [--user <USER_ID>] [--where <WHERE>]
  <WHERE> is a SQL style where clause in quotes (You have to escape single quotes - see example below).

usage: adb shell content delete --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--where <WHERE>]

usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]
  <PROJECTION> is a list of colon separated column names and is formatted:
  <COLUMN_NAME>[:<COLUMN_NAME>...]
  <SORT_ORDER> is the order in which rows in the result should be sorted.
"""


class _Usage(ValueError):
    pass


def _parse_bind(arg: str) -> tuple[str, Any]:
    first = arg.find(":")
    second = arg.find(":", first + 1) if first >= 0 else -1
    if first < 0 or second < 0:
        raise _Usage(f"Binding not well formed: {arg}")
    column, typ, value = arg[:first], arg[first + 1 : second], arg[second + 1 :]
    t = typ.lower()
    try:
        if typ == "s":
            return column, value
        if t == "b":
            return column, 1 if value.lower() == "true" else 0
        if t in ("i", "l"):
            return column, int(value)
        if t in ("f", "d"):
            return column, float(value)
    except ValueError as exc:
        raise _Usage(f'For input string: "{value}"') from exc
    if t == "n":
        return column, None
    raise _Usage(f"Unsupported type: {typ}")


def _java_str(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, bytes):
        return "BLOB"
    if isinstance(value, float):
        if value == int(value) and abs(value) < 1e7:
            return f"{value:.1f}"
        return repr(value)
    return str(value)


def format_rows(columns: list[str], rows: list[tuple[Any, ...]]) -> str:
    if not rows:
        return "No result found.\n"
    lines = []
    for i, row in enumerate(rows):
        body = ", ".join(f"{c}={_java_str(v)}" for c, v in zip(columns, row, strict=True))
        lines.append(f"Row: {i} {body}")
    return "\n".join(lines) + "\n"


def run(store: ProviderStore, argv: list[str]) -> tuple[str, int]:
    """Run ``content <argv...>``; returns (output, exit code)."""
    if not argv:
        return USAGE + "[ERROR] Operation not specified\n", 1
    op, rest = argv[0], argv[1:]
    if op not in ("query", "insert", "update", "delete"):
        return USAGE + f"[ERROR] Unsupported operation: {op}\n", 1
    opts: dict[str, Any] = {"bind": {}}
    try:
        i = 0
        while i < len(rest):
            flag = rest[i]
            if flag not in ("--uri", "--user", "--projection", "--where", "--sort", "--bind"):
                raise _Usage(f"Unsupported argument: {flag}")
            if i + 1 >= len(rest):
                raise _Usage(f"Missing value for argument: {flag}")
            val = rest[i + 1]
            if flag == "--bind":
                k, v = _parse_bind(val)
                opts["bind"][k] = v
            else:
                opts[flag[2:]] = val
            i += 2
        if "uri" not in opts:
            raise _Usage("Content provider URI not specified. Did you specify --uri argument?")
        if op == "insert" and not opts["bind"]:
            raise _Usage("Bindings not specified. Did you specify --bind argument(s)?")
        if op == "update" and not opts["bind"]:
            raise _Usage("Bindings not specified. Did you specify --bind argument(s)?")
    except _Usage as exc:
        return USAGE + f"[ERROR] {exc}\n", 1
    uri: str = opts["uri"]
    try:
        if op == "query":
            proj = opts.get("projection")
            cols, rows = store.query(
                uri, proj.split(":") if proj else None, opts.get("where"), opts.get("sort")
            )
            return format_rows(cols, rows), 0
        if op == "insert":
            store.insert(uri, opts["bind"])
        elif op == "update":
            store.update(uri, opts["bind"], opts.get("where"))
        else:
            store.delete(uri, opts.get("where"))
        return "", 0
    except ProviderError as exc:
        authority = uri.removeprefix("content://").split("/", 1)[0]
        return (
            f"Error while accessing provider:{authority}\n{exc.kind}: {exc}\n"
            f"\tat com.android.commands.content.Content$Command.execute(Content.java:524)\n"
            f"\tat com.android.commands.content.Content.main(Content.java:735)\n",
            1,
        )
