"""A small POSIX sh, enough for what adb clients send (reference §6).

Supported: ``;`` ``&&`` ``||`` ``|`` ``&`` (run in sequence) and newlines; single/double quotes and
backslashes; ``$?``, ``$$``, ``$VAR``, ``${VAR}``, ``$(cmd)`` and backticks; ``VAR=value cmd`` prefixes; redirections
``>``, ``>>``, ``<``, ``2>&1``, ``N>file``; ``#`` comments; builtins ``exit``, ``cd``, ``export``
and ``sh -c``. Pipes buffer: each stage runs to completion before the next. Unknown commands get
mksh's message and status 127, as on Android.
"""

from __future__ import annotations

import asyncio
import inspect
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .filesystem import ROOT_UID, SHELL_UID, FsError, current_uid

if TYPE_CHECKING:
    from .device import VirtualDevice

SH = "/system/bin/sh"

Piece = tuple[str, str, bool]  # (kind "lit"|"var"|"cmd", text/name/command, quoted)
Word = list[Piece]


class ShSyntaxError(ValueError):
    pass


@dataclass
class Redirect:
    fd: int
    op: str  # ">", ">>", "<", ">&"
    target: Word


@dataclass
class Command:
    words: list[Word] = field(default_factory=list)
    redirects: list[Redirect] = field(default_factory=list)


Pipeline = list[Command]
AndOr = list[tuple[str, Pipeline]]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_ASSIGN = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=")


# --- lexing ------------------------------------------------------------------------------------
def _read_var(s: str, i: int, quoted: bool) -> tuple[Piece, int]:
    """``s[i] == '$'``: return the expansion piece and the index after it."""
    if i + 1 < len(s):
        c = s[i + 1]
        if c in "?$#!0123456789":
            return ("var", c, quoted), i + 2
        if c == "{":
            end = s.find("}", i + 2)
            if end < 0:
                raise ShSyntaxError("${: bad substitution")
            return ("var", s[i + 2 : end], quoted), end + 1
        m = _NAME.match(s, i + 1)
        if m:
            return ("var", m.group(0), quoted), m.end()
        if c == "(":
            end = _matching_paren(s, i + 2)
            return ("cmd", s[i + 2 : end], quoted), end + 1
    return ("lit", "$", quoted), i + 1


def _matching_paren(s: str, i: int) -> int:
    """Index of the ``)`` closing a ``$(`` whose body starts at ``i`` (quotes respected)."""
    depth = 1
    while i < len(s):
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "'":
            end = s.find("'", i + 1)
            if end < 0:
                break
            i = end + 1
            continue
        if c == '"':
            j = i + 1
            while j < len(s) and s[j] != '"':
                j += 2 if s[j] == "\\" else 1
            i = j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise ShSyntaxError("no closing ')' for '$('")


def _backtick(s: str, i: int, quoted: bool) -> tuple[Piece, int]:
    end = s.find("`", i + 1)
    if end < 0:
        raise ShSyntaxError("no closing quote")
    return ("cmd", s[i + 1 : end], quoted), end + 1


def tokenize(s: str) -> list[tuple[str, Any]]:
    tokens: list[tuple[str, Any]] = []
    cur: Word | None = None
    i, n = 0, len(s)

    def flush() -> None:
        nonlocal cur
        if cur is not None:
            tokens.append(("word", cur))
            cur = None

    while i < n:
        c = s[i]
        if c in " \t\r":
            flush()
            i += 1
        elif c in ";\n":
            flush()
            tokens.append(("op", ";"))
            i += 1
        elif c == "#" and cur is None:
            while i < n and s[i] != "\n":
                i += 1
        elif c == "&":
            flush()
            if s.startswith("&&", i):
                tokens.append(("op", "&&"))
                i += 2
            else:
                tokens.append(("op", ";"))  # background jobs run in sequence here
                i += 1
        elif c == "|":
            flush()
            if s.startswith("||", i):
                tokens.append(("op", "||"))
                i += 2
            else:
                tokens.append(("op", "|"))
                i += 1
        elif c in "<>":
            fd = 0 if c == "<" else 1
            word = cur[0] if cur is not None and len(cur) == 1 else None
            if word is not None and word[0] == "lit" and not word[2] and word[1].isdigit():
                fd = int(word[1])
                cur = None
            flush()
            if s.startswith(">>", i):
                op, i = ">>", i + 2
            elif s.startswith(">&", i) or s.startswith("<&", i):
                op, i = ">&", i + 2
            else:
                op, i = c, i + 1
            tokens.append(("redir", (fd, op)))
        elif c == "'":
            end = s.find("'", i + 1)
            if end < 0:
                raise ShSyntaxError("no closing quote")
            cur = (cur or []) + [("lit", s[i + 1 : end], True)]
            i = end + 1
        elif c == '"':
            cur = cur or []
            cur.append(("lit", "", True))  # "" is an (empty) argument
            i += 1
            buf = []
            while True:
                if i >= n:
                    raise ShSyntaxError("no closing quote")
                ch = s[i]
                if ch == '"':
                    i += 1
                    break
                if ch == "\\" and i + 1 < n and s[i + 1] in '$`"\\\n':
                    if s[i + 1] != "\n":
                        buf.append(s[i + 1])
                    i += 2
                elif ch in "$`":
                    if buf:
                        cur.append(("lit", "".join(buf), True))
                        buf = []
                    piece, i = _read_var(s, i, True) if ch == "$" else _backtick(s, i, True)
                    cur.append(piece)
                else:
                    buf.append(ch)
                    i += 1
            if buf:
                cur.append(("lit", "".join(buf), True))
        elif c == "\\":
            if i + 1 < n and s[i + 1] == "\n":
                i += 2
                continue
            cur = (cur or []) + [("lit", s[i + 1 : i + 2], True)]
            i += 2
        elif c == "$":
            piece, i = _read_var(s, i, False)
            cur = (cur or []) + [piece]
        elif c == "`":
            piece, i = _backtick(s, i, False)
            cur = (cur or []) + [piece]
        else:
            j = i
            while j < n and s[j] not in " \t\r\n;&|<>'\"\\$`":
                j += 1
            cur = (cur or []) + [("lit", s[i:j], False)]
            i = j
    flush()
    return tokens


def parse(s: str) -> list[AndOr]:
    tokens = tokenize(s)
    script: list[AndOr] = []
    andor: AndOr = []
    pipeline: Pipeline = []
    cmd = Command()
    connector = ""
    i = 0

    def end_command() -> None:
        nonlocal cmd
        if not cmd.words and not cmd.redirects:
            raise ShSyntaxError("syntax error: unexpected operator")
        pipeline.append(cmd)
        cmd = Command()

    while i < len(tokens):
        kind, value = tokens[i]
        if kind == "word":
            cmd.words.append(value)
        elif kind == "redir":
            if i + 1 >= len(tokens) or tokens[i + 1][0] != "word":
                raise ShSyntaxError("syntax error: redirection needs a target")
            cmd.redirects.append(Redirect(value[0], value[1], tokens[i + 1][1]))
            i += 1
        elif value == "|":
            end_command()
        elif value in ("&&", "||"):
            end_command()
            andor.append((connector, pipeline))
            pipeline, connector = [], value
        else:  # ";"
            if cmd.words or cmd.redirects:
                end_command()
            elif pipeline or connector:
                raise ShSyntaxError(f"syntax error: unexpected '{value}'")
            if pipeline:
                andor.append((connector, pipeline))
            if andor:
                script.append(andor)
            andor, pipeline, connector = [], [], ""
        i += 1
    if cmd.words or cmd.redirects:
        end_command()
    elif pipeline or connector:  # a trailing "|", "&&" or "||"
        raise ShSyntaxError("syntax error: unexpected end of file")
    if pipeline:
        andor.append((connector, pipeline))
    if andor:
        script.append(andor)
    return script


# --- execution ---------------------------------------------------------------------------------
class Sink:
    """Collects (fd, bytes) output in order; ``flush`` forwards it (a no-op for buffers)."""

    def __init__(self) -> None:
        self.chunks: list[tuple[int, bytes]] = []

    def write(self, fd: int, data: bytes) -> None:
        if data:
            self.chunks.append((fd, data))

    def data(self) -> bytes:
        return b"".join(d for _, d in self.chunks)

    async def flush(self) -> None:
        return None


class Writer:
    def __init__(self, sink: Sink, fd: int) -> None:
        self.sink = sink
        self.fd = fd

    def write(self, data: bytes | str) -> None:
        self.sink.write(self.fd, data.encode() if isinstance(data, str) else data)


class _Capture(Sink):
    """stdout is captured; stderr goes on to the enclosing sink."""

    def __init__(self, outer: Sink) -> None:
        super().__init__()
        self.outer = outer

    def write(self, fd: int, data: bytes) -> None:
        if fd == 2:
            self.outer.write(fd, data)
        else:
            super().write(fd, data)


class NullSink(Sink):
    def write(self, fd: int, data: bytes) -> None:
        return None


@dataclass
class Proc:
    """What a command sees: argv, env, stdin bytes, stdout/stderr writers and the device."""

    shell: Shell
    argv: list[str]
    env: dict[str, str]
    stdin: bytes
    stdout: Writer
    stderr: Writer

    @property
    def device(self) -> VirtualDevice:
        return self.shell.device

    def err(self, message: str, status: int = 1) -> int:
        self.stderr.write(message if message.endswith("\n") else message + "\n")
        return status

    async def flush(self) -> None:
        await self.shell.sink.flush()


CommandFunc = Callable[[Proc], "int | Awaitable[int]"]


class ExitShell(Exception):
    def __init__(self, status: int) -> None:
        self.status = status


class Shell:
    def __init__(self, device: VirtualDevice, sink: Sink, commands: dict[str, CommandFunc]) -> None:
        self.device = device
        self.sink = sink
        self.commands = commands
        self.vars: dict[str, str] = {
            "PATH": "/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin",
            "HOME": "/",
            "SHELL": SH,
            "USER": "shell",
            "ANDROID_DATA": "/data",
            "EXTERNAL_STORAGE": "/sdcard",
        }
        self.status = 0
        self.cwd = "/"
        self.root = bool(getattr(device, "adb_root", False))
        """Commands run as root (``adb root`` ran, or inside ``su 0 …``); else as ``shell``."""
        # Set by the shell service: the host closed the stream (a long-running command ends).
        self.host_closed: asyncio.Event | None = None

    async def wait_closed(self) -> None:
        if self.host_closed is not None:
            await self.host_closed.wait()

    async def run(self, script: str) -> int:
        try:
            tree = parse(script)
        except ShSyntaxError as exc:
            self.sink.write(2, f"{SH}: {exc}\n".encode())
            self.status = 1
            return self.status
        try:
            for andor in tree:
                for connector, pipeline in andor:
                    if connector == "&&" and self.status != 0:
                        continue
                    if connector == "||" and self.status == 0:
                        continue
                    self.status = await self._pipeline(pipeline)
        except ExitShell as exc:
            self.status = exc.status
        return self.status

    async def _substitute(self, command: str) -> str:
        """``$(command)``: its stdout with trailing newlines removed; stderr passes through."""
        capture = _Capture(self.sink)
        sub = Shell(self.device, capture, self.commands)
        sub.vars, sub.cwd, sub.host_closed = dict(self.vars), self.cwd, self.host_closed
        sub.root = self.root
        await sub.run(command)
        self.status = sub.status
        return capture.data().decode("utf-8", "replace").rstrip("\n")

    async def _expand(self, word: Word) -> list[str]:
        fields: list[str] = []
        cur: str | None = None
        for kind, text, quoted in word:
            if kind == "lit":
                value = text
            elif kind == "cmd":
                value = await self._substitute(text)
            else:
                value = self._lookup(text)
            if kind != "lit" and not quoted:
                parts = value.split()
                if not parts:
                    continue
                if value[:1].isspace() and cur is not None:
                    fields.append(cur)
                    cur = None
                for j, part in enumerate(parts):
                    cur = (cur or "") + part if j == 0 else part
                    if j < len(parts) - 1:
                        fields.append(cur)
                        cur = None
                if value[-1:].isspace() and cur is not None:
                    fields.append(cur)
                    cur = None
            else:
                cur = (cur or "") + value
        if cur is not None:
            fields.append(cur)
        return fields

    def _lookup(self, name: str) -> str:
        if name == "?":
            return str(self.status)
        if name == "$":
            return "4242"
        if name == "#":
            return "0"
        if name == "0":
            return SH
        return self.vars.get(name, "")

    async def _pipeline(self, pipeline: Pipeline) -> int:
        stdin = b""
        status = 0
        for k, cmd in enumerate(pipeline):
            last = k == len(pipeline) - 1
            out_sink: Sink = self.sink if last else Sink()
            status = await self._command(cmd, stdin, out_sink)
            if not last:
                stdin = out_sink.data()
        return status

    async def _command(self, cmd: Command, stdin: bytes, out_sink: Sink) -> int:
        words: list[str] = []
        for w in cmd.words:
            words.extend(await self._expand(w))
        assigns: dict[str, str] = {}
        while words and _ASSIGN.match(words[0]):
            name, _, value = words.pop(0).partition("=")
            assigns[name] = value
        if not words:
            self.vars.update(assigns)
            return 0
        stdout = Writer(out_sink, 1)
        stderr = Writer(self.sink, 2)
        captures: list[tuple[str, str, Sink]] = []
        for r in cmd.redirects:
            target = " ".join(await self._expand(r.target))
            if r.op == ">&":
                dest = stdout if target == "1" else stderr if target == "2" else None
                if dest is None:
                    stderr.write(f"{SH}: {target}: bad file descriptor\n")
                    return 1
                if r.fd == 2:
                    stderr = Writer(dest.sink, dest.fd)
                elif r.fd == 1:
                    stdout = Writer(dest.sink, dest.fd)
            elif r.op == "<":
                try:
                    token = current_uid.set(ROOT_UID if self.root else SHELL_UID)
                    try:
                        stdin = self.device.fs.read(target)
                    finally:
                        current_uid.reset(token)
                except OSError as exc:
                    stderr.write(f"{SH}: can't open {target}: {exc.strerror}\n")
                    return 1
            else:
                sink: Sink = NullSink() if target == "/dev/null" else Sink()
                if target != "/dev/null":
                    captures.append((r.op, target, sink))
                if r.fd == 2:
                    stderr = Writer(sink, 1)
                else:
                    stdout = Writer(sink, 1)
        env = {**self.vars, **assigns}
        proc = Proc(self, words, env, stdin, stdout, stderr)
        status = await self._exec(proc)
        for op, target, sink in captures:
            token = current_uid.set(ROOT_UID if self.root else SHELL_UID)
            try:
                if op == ">>":
                    self.device.fs.append(target, sink.data())
                else:
                    self.device.fs.write(target, sink.data())
            except OSError as exc:
                self.sink.write(2, f"{SH}: can't create {target}: {exc.strerror}\n".encode())
                return 1
            finally:
                current_uid.reset(token)
        return status

    async def _exec(self, p: Proc) -> int:
        name = p.argv[0]
        if name == "exit":
            raise ExitShell(
                int(p.argv[1]) if len(p.argv) > 1 and p.argv[1].isdigit() else self.status
            )
        if name == "export":
            for arg in p.argv[1:]:
                key, sep, value = arg.partition("=")
                if sep:
                    self.vars[key] = value
            return 0
        if name == "cd":
            target = p.argv[1] if len(p.argv) > 1 else "/"
            entry = self.device.fs.lookup(target)
            if entry is None or not entry.is_dir:
                return p.err(f"{SH}: cd: /{target}: No such file or directory", 2)
            from .filesystem import normalize

            self.cwd = normalize(target, self.cwd)
            return 0
        if name in ("sh", SH) and len(p.argv) >= 3 and p.argv[1] == "-c":
            sub = Shell(self.device, self.sink, self.commands)
            sub.vars = dict(p.env)
            sub.host_closed = self.host_closed
            sub.root = self.root
            return await sub.run(p.argv[2])
        if name in ("su", "/system/xbin/su"):
            return await self._su(p)
        base = name.rsplit("/", 1)[-1] if name.startswith("/") else name
        func = self.commands.get(base)
        if func is None:
            return p.err(f"{SH}: {name}: inaccessible or not found", 127)
        p.argv[0] = base
        token = current_uid.set(ROOT_UID if self.root else SHELL_UID)
        try:
            result = func(p)
            if inspect.isawaitable(result):
                result = await result
        except FsError as exc:  # what toybox prints for a path it may not touch
            return p.err(f"{base}: {exc.filename}: {exc.strerror}", 1)
        finally:
            current_uid.reset(token)
        return int(result)

    async def _su(self, p: Proc) -> int:
        """userdebug's ``su [WHO [COMMAND...]]``: run COMMAND as root (WHO 0 or root)."""
        args = p.argv[1:]
        if args and args[0] in ("0", "root"):
            args = args[1:]
        elif args and (args[0].isdigit() or args[0] == "shell"):
            return p.err(f"su: only root is supported here, not {args[0]}", 1)
        if not args:
            return p.err("su: an interactive root shell is not supported; give a command", 1)
        was, self.root = self.root, True
        try:
            return await self._exec(Proc(self, list(args), p.env, p.stdin, p.stdout, p.stderr))
        finally:
            self.root = was
