"""Toybox-like file and text commands: echo, cat, ls, rm, mkdir, md5sum, grep, sleep, …"""

from __future__ import annotations

import asyncio
import datetime
import fnmatch
import hashlib
import posixpath
import re
import stat
import time
import zoneinfo

from ..filesystem import FsError, normalize
from ..sh import CommandFunc, Proc


def _path(p: Proc, arg: str) -> str:
    return normalize(arg, p.shell.cwd)


def echo(p: Proc) -> int:
    args = p.argv[1:]
    newline = True
    while args and args[0] in ("-n", "-e", "-E", "-ne", "-en"):
        if "n" in args[0]:
            newline = False
        args = args[1:]
    p.stdout.write(" ".join(args) + ("\n" if newline else ""))
    return 0


_PRINTF_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "a": "\a", "r": "\r", "0": "\0"}


def _printf_once(fmt: str, args: list[str]) -> tuple[str, int]:
    """One pass of FORMAT over ARGS: (text, arguments used)."""
    out, used, i = [], 0, 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "\\" and i + 1 < len(fmt):
            out.append(_PRINTF_ESCAPES.get(fmt[i + 1], "\\" + fmt[i + 1]))
            i += 2
        elif ch == "%" and i + 1 < len(fmt):
            conv = fmt[i + 1]
            if conv == "%":
                out.append("%")
            elif conv in "sbdi":
                arg = args[used] if used < len(args) else ""
                used += 1
                if conv in "di":
                    try:
                        arg = str(int(arg or "0"))
                    except ValueError:
                        arg = "0"
                out.append(arg)
            else:
                out.append("%" + conv)
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out), used


def printf(p: Proc) -> int:
    """toybox printf FORMAT [ARG…]: %s %b %d %i %%, backslash escapes; FORMAT repeats while
    arguments remain."""
    if len(p.argv) < 2:
        return p.err("printf: Needs 1 argument")
    fmt, args = p.argv[1], p.argv[2:]
    text, used = _printf_once(fmt, args)
    chunks = [text]
    while used and args[used:]:
        args = args[used:]
        text, used = _printf_once(fmt, args)
        chunks.append(text)
    p.stdout.write("".join(chunks))
    return 0


def _test(p: Proc, args: list[str]) -> bool:
    """One ``test`` expression: unary file/string tests, binary string/integer tests, ``!``,
    and ``-a``/``-o`` left to right."""
    if "-o" in args:
        k = args.index("-o")
        return _test(p, args[:k]) or _test(p, args[k + 1 :])
    if "-a" in args:
        k = args.index("-a")
        return _test(p, args[:k]) and _test(p, args[k + 1 :])
    if args[:1] == ["!"]:
        return not _test(p, args[1:])
    if not args:
        return False
    if len(args) == 1:
        return args[0] != ""
    if len(args) == 2:
        op, arg = args
        if op == "-z":
            return arg == ""
        if op == "-n":
            return arg != ""
        try:
            entry = p.device.fs.lookup(_path(p, arg))
        except FsError:
            entry = None
        if op == "-f":
            return entry is not None and not entry.is_dir
        if op == "-d":
            return entry is not None and entry.is_dir
        if op in ("-e", "-r", "-w", "-x"):
            return entry is not None
        if op == "-s":
            return entry is not None and entry.size > 0
        raise ValueError(f"{op}: unknown operand")
    left, op, right = args[0], args[1], args[2]
    if op in ("=", "=="):
        return left == right
    if op == "!=":
        return left != right
    ints = {"-eq": int.__eq__, "-ne": int.__ne__, "-lt": int.__lt__, "-le": int.__le__,
            "-gt": int.__gt__, "-ge": int.__ge__}  # fmt: skip
    if op in ints:
        return bool(ints[op](int(left), int(right)))
    raise ValueError(f"{op}: unknown operand")


def test(p: Proc) -> int:
    """``test EXPR`` / ``[ EXPR ]``: exit 0 if true, 1 if false, 2 on a bad expression."""
    args = p.argv[1:]
    if p.argv[0] == "[":
        if args[-1:] != ["]"]:
            return p.err("[: missing ]", 2)
        args = args[:-1]
    try:
        return 0 if _test(p, args) else 1
    except ValueError as exc:
        return p.err(f"{p.argv[0]}: {exc}", 2)


def find(p: Proc) -> int:
    """toybox find PATH… with -name/-iname/-type/-mindepth/-maxdepth, -o, and -delete/-print."""
    args = p.argv[1:]
    roots = []
    while args and not args[0].startswith("-") and args[0] not in ("!", "("):
        roots.append(args.pop(0))
    roots = roots or ["."]
    mindepth, maxdepth, delete = 0, 1 << 30, False
    groups: list[list[tuple[str, str]]] = [[]]
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("-name", "-iname", "-type"):
            if i + 1 >= len(args):
                return p.err(f"find: '{a}' needs 1 arg")
            groups[-1].append((a, args[i + 1]))
            i += 2
        elif a in ("-mindepth", "-maxdepth"):
            if i + 1 >= len(args) or not args[i + 1].isdigit():
                return p.err(f"find: '{a}' needs a number")
            mindepth, maxdepth = (
                (int(args[i + 1]), maxdepth) if a == "-mindepth" else (mindepth, int(args[i + 1]))
            )
            i += 2
        elif a == "-o":
            groups.append([])
            i += 1
        elif a == "-delete":
            delete = True
            i += 1
        elif a in ("-print", "-a"):
            i += 1
        else:
            return p.err(f"find: Unknown option '{a}'")

    def matches(path: str, entry: object, name: str) -> bool:
        def one(pred: tuple[str, str]) -> bool:
            kind, arg = pred
            if kind == "-type":
                return (arg == "d") == bool(getattr(entry, "is_dir", False))
            if kind == "-iname":
                return fnmatch.fnmatchcase(name.lower(), arg.lower())
            return fnmatch.fnmatchcase(name, arg)

        return any(all(one(pr) for pr in group) for group in groups)

    status, hits = 0, []
    for root in roots:
        start = _path(p, root)
        entry = p.device.fs.lookup(start)
        if entry is None:
            status = p.err(f"find: {root}: No such file or directory")
            continue
        stack = [(start, root.rstrip("/") or "/", entry, 0)]
        while stack:
            full, shown, e, depth = stack.pop()
            if mindepth <= depth <= maxdepth and matches(full, e, full.rsplit("/", 1)[-1]):
                hits.append((full, shown))
            if e.is_dir and depth < maxdepth:
                for name, child in reversed(p.device.fs.listdir(full)):
                    stack.append((f"{full.rstrip('/')}/{name}", f"{shown.rstrip('/')}/{name}",
                                  child, depth + 1))  # fmt: skip
    for full, shown in sorted(hits, key=lambda h: -len(h[0])) if delete else hits:
        if delete:
            try:
                p.device.fs.remove(full, recursive=False)
            except FsError as exc:
                status = p.err(f"find: {shown}: {exc.strerror}")
        else:
            p.stdout.write(shown + "\n")
    return status


def true(p: Proc) -> int:
    return 0


def false(p: Proc) -> int:
    return 1


async def sleep(p: Proc) -> int:
    try:
        seconds = float(p.argv[1]) if len(p.argv) > 1 else 0.0
    except ValueError:
        return p.err(f"sleep: invalid number '{p.argv[1]}'")
    await asyncio.sleep(min(max(seconds, 0.0), 3600.0))
    return 0


def cat(p: Proc) -> int:
    files = [a for a in p.argv[1:] if a != "-"] if len(p.argv) > 1 else []
    if not files:
        p.stdout.write(p.stdin)
        return 0
    status = 0
    for name in files:
        try:
            p.stdout.write(p.device.fs.read(_path(p, name)))
        except FsError as exc:
            status = p.err(f"cat: {name}: {exc.strerror}")
    return status


def _mode_string(mode: int) -> str:
    return stat.filemode(mode)


def ls(p: Proc) -> int:
    flags = "".join(a[1:] for a in p.argv[1:] if a.startswith("-") and len(a) > 1)
    targets = [a for a in p.argv[1:] if not a.startswith("-") or a == "-"] or [p.shell.cwd]
    status = 0
    for target in targets:
        path = _path(p, target)
        entry = p.device.fs.lookup(path)
        if entry is None:
            status = p.err(f"ls: {target}: No such file or directory")
            continue
        listing = entry.is_dir and "d" not in flags
        rows = p.device.fs.listdir(path) if listing else [(target, entry)]
        if listing and "a" in flags:
            parent = p.device.fs.lookup(posixpath.dirname(path)) or entry
            rows = [(".", entry), ("..", parent), *rows]
        if len(targets) > 1 and entry.is_dir:
            p.stdout.write(f"{target}:\n")
        for name, e in rows:
            if "l" in flags:
                # toybox: -l shows minutes; -ll (--full-time) seconds, nanoseconds and the zone
                fmt = (
                    "%Y-%m-%d %H:%M:%S.000000000 +0000"
                    if flags.count("l") > 1
                    else "%Y-%m-%d %H:%M"
                )
                when = time.strftime(fmt, time.gmtime(e.mtime))
                p.stdout.write(f"{_mode_string(e.mode)} 1 shell shell {e.size:>8} {when} {name}\n")
            else:
                p.stdout.write(name + "\n")
    return status


def rm(p: Proc) -> int:
    flags = "".join(a[1:] for a in p.argv[1:] if a.startswith("-"))
    status = 0
    for name in (a for a in p.argv[1:] if not a.startswith("-")):
        try:
            p.device.fs.remove(_path(p, name), recursive="r" in flags or "R" in flags)
        except FsError as exc:
            if not ("f" in flags and exc.errno == 2):
                status = p.err(f"rm: {name}: {exc.strerror}")
    return status


def mkdir(p: Proc) -> int:
    for name in (a for a in p.argv[1:] if not a.startswith("-")):
        try:
            if p.device.fs.exists(_path(p, name)) and "-p" not in p.argv:
                return p.err(f"mkdir: '{name}': File exists")
            p.device.fs.mkdirs(_path(p, name))
        except FsError as exc:
            return p.err(f"mkdir: '{name}': {exc.strerror}")
    return 0


def touch(p: Proc) -> int:
    for name in (a for a in p.argv[1:] if not a.startswith("-")):
        path = _path(p, name)
        if not p.device.fs.exists(path):
            p.device.fs.write(path, b"")
    return 0


def md5sum(p: Proc) -> int:
    status = 0
    names = [a for a in p.argv[1:] if not a.startswith("-")]
    if not names:
        p.stdout.write(f"{hashlib.md5(p.stdin).hexdigest()}  -\n")
        return 0
    for name in names:
        try:
            data = p.device.fs.read(_path(p, name))
        except FsError as exc:
            status = p.err(f"{p.argv[0]}: {name}: {exc.strerror}")
            continue
        p.stdout.write(f"{hashlib.md5(data).hexdigest()}  {name}\n")
    return status


def grep(p: Proc) -> int:
    args = p.argv[1:]
    flags = ""
    while args and args[0].startswith("-") and len(args[0]) > 1:
        flags += args.pop(0)[1:]
    if not args:
        return p.err("grep: no pattern", 2)
    pattern, files = args[0], args[1:]
    text = p.stdin
    if files:
        try:
            text = b"".join(p.device.fs.read(_path(p, f)) for f in files)
        except FsError as exc:
            return p.err(f"grep: {exc.filename}: {exc.strerror}", 2)
    try:
        regex = re.compile(
            re.escape(pattern) if "F" in flags else pattern, re.I if "i" in flags else 0
        )
    except re.error:
        return p.err(f"grep: bad regex '{pattern}'", 2)
    hits = [
        line
        for line in text.decode("utf-8", "replace").splitlines()
        if bool(regex.search(line)) != ("v" in flags)
    ]
    if "c" in flags:
        p.stdout.write(f"{len(hits)}\n")
    elif "q" not in flags:
        for line in hits:
            p.stdout.write(line + "\n")
    return 0 if hits else 1


def _lines_arg(p: Proc) -> tuple[int, bytes] | int:
    args = p.argv[1:]
    n = 10
    files = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-n" and i + 1 < len(args):
            a, i = "-" + args[i + 1], i + 1
        if a.startswith("-") and a[1:].isdigit():
            n = int(a[1:])
        else:
            files.append(a)
        i += 1
    if not files:
        return n, p.stdin
    try:
        return n, b"".join(p.device.fs.read(_path(p, f)) for f in files)
    except FsError as exc:
        return p.err(f"{p.argv[0]}: {exc.filename}: {exc.strerror}")


def head(p: Proc) -> int:
    parsed = _lines_arg(p)
    if isinstance(parsed, int):
        return parsed
    n, data = parsed
    p.stdout.write(b"".join(data.splitlines(keepends=True)[:n]))
    return 0


def tail(p: Proc) -> int:
    parsed = _lines_arg(p)
    if isinstance(parsed, int):
        return parsed
    n, data = parsed
    p.stdout.write(b"".join(data.splitlines(keepends=True)[-n:] if n else []))
    return 0


def wc(p: Proc) -> int:
    data = p.stdin
    lines = data.count(b"\n")
    if "-l" in p.argv:
        p.stdout.write(f"{lines}\n")
    else:
        p.stdout.write(f"{lines} {len(data.split())} {len(data)}\n")
    return 0


def id_(p: Proc) -> int:
    if p.shell.root:
        p.stdout.write(
            "uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),1011(adb),1015(sdcard_rw),"
            "1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),"
            "3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs) "
            "context=u:r:su:s0\n"
        )
        return 0
    p.stdout.write(
        "uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),"
        "1015(sdcard_rw),1028(sdcard_r),3001(net_bt_admin),3002(net_bt),3003(inet) context=u:r:shell:s0\n"
    )
    return 0


def whoami(p: Proc) -> int:
    p.stdout.write("root\n" if p.shell.root else "shell\n")
    return 0


_DATE_SET = re.compile(r"^(\d\d)(\d\d)(\d\d)(\d\d)((?:\d\d)?\d\d)?(?:\.(\d\d))?$")


def date(p: Proc) -> int:
    """toybox ``date [+FORMAT]`` in the device's time zone, and ``date MMDDhhmm[[CC]YY][.ss]``,
    which sets the clock (root only) and then prints the new date."""
    state = p.device.state
    args = [a for a in p.argv[1:] if a not in ("-u",)]
    zone = "UTC" if "-u" in p.argv else state.timezone
    fmt = "%a %b %e %H:%M:%S %Z %Y"
    for arg in args:
        if arg.startswith("+"):
            fmt = arg[1:]
            continue
        m = _DATE_SET.match(arg)
        if m is None:
            return p.err(f"date: bad date {arg}")
        now = datetime.datetime.fromtimestamp(state.clock(), _zone(zone))
        month, day, hour, minute, year, sec = m.groups()
        y = now.year if year is None else int(year) if len(year) == 4 else 2000 + int(year)
        try:
            when = now.replace(year=y, month=int(month), day=int(day), hour=int(hour),
                               minute=int(minute), second=int(sec or 0), microsecond=0)  # fmt: skip
        except ValueError:
            return p.err(f"date: bad date {arg}")
        if not p.shell.root:
            return p.err("date: cannot set date: Operation not permitted")
        state.clock.set(when.timestamp())
    now = datetime.datetime.fromtimestamp(state.clock(), _zone(zone))
    if fmt == "%s":
        p.stdout.write(f"{int(state.clock())}\n")
    else:
        p.stdout.write(now.strftime(fmt.replace("%s", str(int(state.clock())))) + "\n")
    return 0


def _zone(name: str) -> datetime.tzinfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return datetime.UTC


def toybox(p: Proc) -> int | object:
    if len(p.argv) < 2:
        p.stdout.write("cat echo ls md5sum mkdir rm sleep touch\n")
        return 0
    name = p.argv[1]
    func = COMMANDS.get(name)
    if func is None or name in ("toybox",):
        return p.err(f"toybox: Unknown command {name}", 1)
    p.argv = p.argv[1:]
    return func(p)


COMMANDS: dict[str, CommandFunc] = {
    "echo": echo,
    "printf": printf,
    "test": test,
    "[": test,
    "find": find,
    "true": true,
    "false": false,
    "sleep": sleep,
    "cat": cat,
    "ls": ls,
    "rm": rm,
    "mkdir": mkdir,
    "touch": touch,
    "md5sum": md5sum,
    "md5": md5sum,
    "grep": grep,
    "head": head,
    "tail": tail,
    "wc": wc,
    "id": id_,
    "whoami": whoami,
    "date": date,
    "toybox": toybox,  # type: ignore[dict-item]
}
