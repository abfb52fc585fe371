"""The ``content`` shell command (``com.android.commands.content.Content``, Android 14).

Faithful to the tool, because agents and harnesses parse it: rows print as
``Row: N col=value, col=value`` (``NULL`` for null, ``BLOB`` for blobs, doubles through
``Cursor.getFloat`` and Java's ``Float.toString``), an empty result as ``No result found.``;
insert, update and delete print nothing. A malformed command prints the usage text and
``[ERROR] …`` on stdout; a provider failure prints ``Error while accessing provider:<authority>``
and the exception's stack trace on stderr. The tool catches both, so it **always exits 0**:
callers must read the output to know whether it worked.
"""

from __future__ import annotations

import re
import struct
from typing import Any

from . import Providers
from .base import ProviderError
from .java import float_to_string

USAGE = (
    "usage: adb shell content [subcommand] [options]\n"
    "\n"
    "usage: adb shell content insert --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--extra <BINDING>...]\n"
    "  <URI> a content provider URI.\n"
    "  <BINDING> binds a typed value to a column and is formatted:\n"
    "  <COLUMN_NAME>:<TYPE>:<COLUMN_VALUE> where:\n"
    "  <TYPE> specifies data type such as:\n"
    "  b - boolean, s - string, i - integer, l - long, f - float, d - double, n - null\n"
    "  Note: Omit the value for passing an empty string, e.g column:s:\n"
    "  Example:\n"
    '  # Add "new_setting" secure setting with value "new_value".\n'
    "  adb shell content insert --uri content://settings/secure --bind name:s:new_setting --bind value:s:new_value\n"
    "\n"
    "usage: adb shell content update --uri <URI> [--user <USER_ID>] [--where <WHERE>] [--extra <BINDING>...]\n"
    "  <WHERE> is a SQL style where clause in quotes (You have to escape single quotes - see example below).\n"
    "  Example:\n"
    '  # Change "new_setting" secure setting to "newer_value".\n'
    "  adb shell content update --uri content://settings/secure --bind value:s:newer_value --where \"name='new_setting'\"\n"
    "\n"
    "usage: adb shell content delete --uri <URI> [--user <USER_ID>] --bind <BINDING> [--bind <BINDING>...] [--where <WHERE>] [--extra <BINDING>...]\n"
    "  Example:\n"
    '  # Remove "new_setting" secure setting.\n'
    "  adb shell content delete --uri content://settings/secure --where \"name='new_setting'\"\n"
    "\n"
    "usage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>] [--extra <BINDING>...]\n"
    "  <PROJECTION> is a list of colon separated column names and is formatted:\n"
    "  <COLUMN_NAME>[:<COLUMN_NAME>...]\n"
    "  <SORT_ORDER> is the order in which rows in the result should be sorted.\n"
    "  Example:\n"
    '  # Select "name" and "value" columns from secure settings where "name" is equal to "new_setting" and sort the result by name in ascending order.\n'
    '  adb shell content query --uri content://settings/secure --projection name:value --where "name=\'new_setting\'" --sort "name ASC"\n'
    "\n"
    "usage: adb shell content call --uri <URI> --method <METHOD> [--arg <ARG>]\n"
    "       [--extra <BINDING> ...]\n"
    "  <METHOD> is the name of a provider-defined method\n"
    "  <ARG> is an optional string argument\n"
    "  <BINDING> is like --bind above, typed data of the form <KEY>:{b,s,i,l,f,d}:<VAL>\n"
    "\n"
    "usage: adb shell content read --uri <URI> [--user <USER_ID>]\n"
    "  Example:\n"
    "  adb shell 'content read --uri content://settings/system/ringtone_cache' > host.ogg\n"
    "\n"
    "usage: adb shell content write --uri <URI> [--user <USER_ID>]\n"
    "  Example:\n"
    "  adb shell 'content write --uri content://settings/system/ringtone_cache' < host.ogg\n"
    "\n"
    "usage: adb shell content gettype --uri <URI> [--user <USER_ID>]\n"
    "  Example:\n"
    "  adb shell content gettype --uri content://media/internal/audio/media/\n"
    "\n"
)

_OPERATIONS = ("insert", "delete", "update", "query", "call", "read", "write", "gettype")
# Which arguments each operation accepts (anything else: "Unsupported argument").
_ACCEPTS = {
    "insert": {"--uri", "--user", "--bind", "--extra"},
    "delete": {"--uri", "--user", "--where", "--extra"},
    "update": {"--uri", "--user", "--where", "--bind", "--extra"},
    "query": {"--uri", "--user", "--where", "--sort", "--projection", "--extra"},
    "call": {"--uri", "--user", "--method", "--arg", "--extra"},
    "read": {"--uri", "--user"},
    "write": {"--uri", "--user"},
    "gettype": {"--uri", "--user"},
}
_INT = re.compile(r"^[+-]?\d+$")
_FLOAT = re.compile(r"^[+-]?(NaN|Infinity|(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?$")
_INT_RANGE = (-(2**31), 2**31 - 1)
_LONG_RANGE = (-(2**63), 2**63 - 1)


class Usage(ValueError):
    """The tool's IllegalArgumentException while parsing: usage + ``[ERROR] message``."""


def _split_escaped(arg: str) -> list[str]:
    """``Parser.splitWithEscaping(arg, ':')``: a backslash escapes the next character."""
    parts, cur, i = [], [], 0
    while i < len(arg):
        c = arg[i]
        if c == "\\":
            i += 1
            if i == len(arg):
                raise Usage("Invalid escaping")
            cur.append(arg[i])
        elif c == ":":
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    parts.append("".join(cur))
    return parts


def _number(value: str, pattern: re.Pattern[str], bounds: tuple[int, int] | None) -> Any:
    text = value.strip() if bounds is None else value
    if not pattern.match(text):
        raise Usage(f'For input string: "{value}"')
    if bounds is None:
        body = text.rstrip("fFdD")
        return float(body.replace("Infinity", "inf"))
    n = int(text)
    if not bounds[0] <= n <= bounds[1]:
        raise Usage(f'For input string: "{value}"')
    return n


def parse_bind(arg: str | None) -> tuple[str, Any]:
    """``<COLUMN>:<TYPE>:<VALUE>`` -> (column, value) as the tool's ContentValues hold it."""
    if not arg:
        raise Usage(f"Binding not well formed: {arg}")
    parts = _split_escaped(arg)
    if len(parts) != 3:
        raise Usage(f"Binding not well formed: {arg}")
    column, typ, value = parts
    if typ == "s":
        return column, value
    t = typ.lower()
    if t == "b":
        return column, 1 if value.lower() == "true" else 0
    if t == "i":
        return column, _number(value, _INT, _INT_RANGE)
    if t == "l":
        return column, _number(value, _INT, _LONG_RANGE)
    if t == "f":
        f = _number(value, _FLOAT, None)
        return column, struct.unpack("<f", struct.pack("<f", f))[0]  # a Java float
    if t == "d":
        return column, _number(value, _FLOAT, None)
    if t == "n":
        return column, None
    raise Usage(f"Unsupported type: {typ}")


def parse(argv: list[str]) -> tuple[str, dict[str, Any]]:
    """The tool's Parser: (operation, options); raises Usage like its IllegalArgumentExceptions."""
    if not argv or argv[0] not in _OPERATIONS:
        raise Usage(f"Unsupported operation: {argv[0] if argv else 'null'}")
    op = argv[0]
    opts: dict[str, Any] = {"bind": {}, "extra": {}}
    it = iter(argv[1:])

    def value(flag: str) -> str:
        v = next(it, None)
        if not v or v.startswith("--"):
            raise Usage(f"No value for argument: {flag}")
        return v

    for arg in it:
        if arg not in _ACCEPTS[op]:
            raise Usage(f"Unsupported argument: {arg}")
        if arg in ("--bind", "--extra"):
            k, v = parse_bind(next(it, None))
            opts[arg[2:]][k] = v
        elif arg == "--user":
            text = value(arg)
            opts["user"] = _number(text, _INT, _INT_RANGE)
        elif arg == "--projection":
            opts["projection"] = re.split(r"\s*:\s*", value(arg))
        else:
            opts[arg[2:]] = value(arg)
    if "uri" not in opts:
        raise Usage("Content provider URI not specified. Did you specify --uri argument?")
    if op in ("insert", "update") and not opts["bind"]:
        raise Usage("Bindings not specified. Did you specify --bind argument(s)?")
    if op == "call" and "method" not in opts:
        raise Usage("Content provider method not specified.")
    return op, opts


def cell(value: Any) -> str:
    """One value as the tool prints it (by the cursor's type of the column)."""
    if value is None:
        return "NULL"
    if isinstance(value, bytes | bytearray | memoryview):
        return "BLOB"
    if isinstance(value, float):
        return float_to_string(value)
    return str(value)


def format_rows(columns: list[str], rows: list[tuple[Any, ...]]) -> str:
    if not rows:
        return "No result found.\n"
    return "".join(
        f"Row: {i} " + ", ".join(f"{c}={cell(v)}" for c, v in zip(columns, row, strict=True)) + "\n"
        for i, row in enumerate(rows)
    )


def _trace(op: str, authority: str, exc: ProviderError) -> str:
    command = {"query": "QueryCommand", "insert": "InsertCommand", "update": "UpdateCommand",
               "delete": "DeleteCommand"}.get(op, "Command")  # fmt: skip
    binder = {"query": "query(ContentProviderNative.java:482)",
              "insert": "insert(ContentProviderNative.java:578)",
              "update": "update(ContentProviderNative.java:650)",
              "delete": "delete(ContentProviderNative.java:614)"}.get(op, "call(ContentProviderNative.java:732)")  # fmt: skip
    return (
        f"Error while accessing provider:{authority}\n{exc.kind}: {exc}\n"
        "\tat android.os.Parcel.createExceptionOrNull(Parcel.java:3057)\n"
        "\tat android.os.Parcel.createException(Parcel.java:3041)\n"
        "\tat android.os.Parcel.readException(Parcel.java:3024)\n"
        "\tat android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:190)\n"
        "\tat android.database.DatabaseUtils.readExceptionFromParcel(DatabaseUtils.java:142)\n"
        f"\tat android.content.ContentProviderProxy.{binder}\n"
        f"\tat com.android.commands.content.Content${command}.onExecute(Content.java:674)\n"
        "\tat com.android.commands.content.Content$Command.execute(Content.java:521)\n"
        "\tat com.android.commands.content.Content.main(Content.java:745)\n"
        "\tat com.android.internal.os.RuntimeInit.nativeFinishInit(Native Method)\n"
        "\tat com.android.internal.os.RuntimeInit.main(RuntimeInit.java:359)\n"
    )


def run(providers: Providers, argv: list[str]) -> tuple[str, str, int]:
    """``content <argv…>`` -> (stdout, stderr, exit status, which is always 0)."""
    try:
        op, opts = parse(list(argv))
    except Usage as exc:
        return USAGE + "\n" + f"[ERROR] {exc}\n", "", 0
    uri: str = opts["uri"]
    authority = uri.split("://", 1)[-1].split("/", 1)[0].split("?", 1)[0].rsplit("@", 1)[-1]
    try:
        provider, parsed = providers.resolve(uri)
        if op == "query":
            cols, rows = provider.query(
                parsed, opts.get("projection"), opts.get("where"), opts.get("sort")
            )
            return format_rows(cols, rows), "", 0
        if op == "insert":
            provider.insert(parsed, dict(opts["bind"]))
        elif op == "update":
            provider.update(parsed, dict(opts["bind"]), opts.get("where"))
        elif op == "delete":
            provider.delete(parsed, opts.get("where"))
        elif op == "gettype":
            return "Result: null\n", "", 0
        else:
            raise ProviderError(
                "java.lang.UnsupportedOperationException",
                f"{op} is not supported by the provider at {authority}",
            )
        return "", "", 0
    except ProviderError as exc:
        return "", _trace(op, authority, exc), 0
