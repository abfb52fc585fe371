"""A small POSIX sh, enough for what adb clients send (reference §6).

Supported: ``;`` ``&&`` ``||`` ``|`` ``&`` (run in sequence) and newlines; single/double quotes and
backslashes; ``$?``, ``$$``, ``$VAR``, ``${VAR}``, ``$(cmd)`` and backticks; ``VAR=value cmd`` prefixes; redirections
``>``, ``>>``, ``<``, ``2>&1``, ``N>file``; ``#`` comments; builtins ``exit``, ``cd``, ``export``
and ``sh -c``. Pipes buffer: each stage runs to completion before the next. Unknown commands get
mksh's message and status 127, as on Android.
"""

from __future__ import annotations

import ast
import asyncio
import fnmatch
import inspect
import posixpath
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .filesystem import ROOT_UID, SHELL_UID, FsError, current_uid

if TYPE_CHECKING:
    from .device import VirtualDevice

SH = "/system/bin/sh"
_MAX_LOOPS = 10_000

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
    compound: Compound | None = None
    """``if``/``for``/``while``/``until``/``{ …; }`` instead of a simple command."""


Pipeline = list[Command]
AndOr = list[tuple[str, Pipeline]]
Script = list[AndOr]


@dataclass
class Compound:
    kind: str  # "if", "for", "while", "until", "group"
    branches: list[tuple[Script, Script]] = field(default_factory=list)
    """if/elif: (condition, body) pairs; while/until: one pair; for/group: ([], body)."""
    orelse: Script | None = None
    var: str = ""
    items: list[Word] | None = None
    """for: the words to iterate (None: no ``in`` list, i.e. the positional parameters)."""


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
        if c == "(" and s.startswith("((", i + 1):
            end = _matching_paren(s, i + 3)
            if s.startswith("))", end):
                return ("arith", s[i + 3 : end], quoted), end + 2
        if c == "(":
            end = _matching_paren(s, i + 2)
            return ("cmd", s[i + 2 : end], quoted), end + 1
    return ("lit", "$", quoted), i + 1


_ARITH_OPS: dict[type, Callable[..., int]] = {
    ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: int(a / b), ast.Div: lambda a, b: int(a / b),
    ast.Mod: lambda a, b: a - b * int(a / b), ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b, ast.BitAnd: lambda a, b: a & b,
    ast.BitOr: lambda a, b: a | b, ast.BitXor: lambda a, b: a ^ b,
    ast.Lt: lambda a, b: int(a < b), ast.LtE: lambda a, b: int(a <= b),
    ast.Gt: lambda a, b: int(a > b), ast.GtE: lambda a, b: int(a >= b),
    ast.Eq: lambda a, b: int(a == b), ast.NotEq: lambda a, b: int(a != b),
}  # fmt: skip


def arithmetic(expr: str, lookup: Callable[[str], str]) -> int:
    """``$((expr))``: integer arithmetic over shell variables (an unset or non-numeric
    variable is 0), C's operators; anything else is a syntax error, as in mksh."""
    text = re.sub(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", r"\1", expr)
    text = text.replace("&&", " and ").replace("||", " or ").replace("/", "//")
    text = re.sub(r"!(?!=)", " not ", text)

    def value(node: ast.AST) -> int:
        if isinstance(node, ast.Expression):
            return value(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int):
            return int(node.value)
        if isinstance(node, ast.Name):
            raw = lookup(node.id).strip()
            return int(raw) if re.fullmatch(r"-?\d+", raw) else 0
        if isinstance(node, ast.UnaryOp):
            v = value(node.operand)
            if isinstance(node.op, ast.USub):
                return -v
            if isinstance(node.op, ast.Not):
                return int(not v)
            if isinstance(node.op, ast.Invert):
                return ~v
            return v
        if isinstance(node, ast.BinOp) and type(node.op) in _ARITH_OPS:
            left, right = value(node.left), value(node.right)
            if isinstance(node.op, ast.FloorDiv | ast.Mod) and right == 0:
                raise ShSyntaxError(f"{expr}: division by zero")
            return _ARITH_OPS[type(node.op)](left, right)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _ARITH_OPS:
            return _ARITH_OPS[type(node.ops[0])](value(node.left), value(node.comparators[0]))
        if isinstance(node, ast.BoolOp):
            vals = [value(v) for v in node.values]
            return int(all(vals) if isinstance(node.op, ast.And) else any(vals))
        raise ShSyntaxError(f"{expr}: syntax error")

    try:
        return value(ast.parse(text.strip() or "0", mode="eval"))
    except SyntaxError as exc:
        raise ShSyntaxError(f"{expr}: syntax error") from exc


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


_RESERVED = frozenset({"if", "then", "elif", "else", "fi", "for", "in", "do", "done", "while",
                       "until", "{", "}", "!", "case", "esac", "function"})  # fmt: skip


def _keyword(token: tuple[str, Any]) -> str | None:
    """A reserved word: an unquoted literal word in command position."""
    kind, value = token
    if kind == "word" and len(value) == 1 and value[0][0] == "lit" and not value[0][2]:
        text = str(value[0][1])
        if text in _RESERVED:
            return text
    return None


class _Parser:
    """Recursive descent over tokens: lists, and-or lists, pipelines, simple commands and the
    compound commands ``if``, ``for``, ``while``, ``until`` and ``{ …; }``."""

    def __init__(self, tokens: list[tuple[str, Any]]) -> None:
        self.tokens = tokens
        self.i = 0

    def peek(self) -> tuple[str, Any] | None:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def skip_separators(self) -> None:
        while (t := self.peek()) is not None and t == ("op", ";"):
            self.i += 1

    def expect(self, word: str) -> None:
        t = self.peek()
        if t is None or _keyword(t) != word:
            got = "end of file" if t is None else (_keyword(t) or "a command")
            raise ShSyntaxError(f"syntax error: '{word}' expected, got {got}")
        self.i += 1

    def script(self, stop: frozenset[str] = frozenset()) -> Script:
        out: Script = []
        self.skip_separators()
        while (t := self.peek()) is not None and _keyword(t) not in stop:
            out.append(self.and_or(stop))
            t = self.peek()
            if t is not None and t[0] == "op" and t[1] == ";":
                self.skip_separators()
            elif t is not None and _keyword(t) not in stop:
                raise ShSyntaxError(f"syntax error: unexpected '{t[1]}'")
        return out

    def and_or(self, stop: frozenset[str]) -> AndOr:
        andor: AndOr = [("", self.pipeline(stop))]
        while (t := self.peek()) is not None and t[0] == "op" and t[1] in ("&&", "||"):
            self.i += 1
            self.skip_separators()
            andor.append((t[1], self.pipeline(stop)))
        return andor

    def pipeline(self, stop: frozenset[str]) -> Pipeline:
        pipe = [self.command(stop)]
        while (t := self.peek()) is not None and t == ("op", "|"):
            self.i += 1
            pipe.append(self.command(stop))
        return pipe

    def command(self, stop: frozenset[str]) -> Command:
        t = self.peek()
        kw = _keyword(t) if t is not None else None
        if kw in ("if", "for", "while", "until", "{"):
            self.i += 1
            cmd = Command(compound=self.compound(kw))
            self.redirects(cmd)
            return cmd
        cmd = Command()
        while (t := self.peek()) is not None:
            if t[0] == "word":
                if not cmd.words and _keyword(t) in stop:
                    break
                cmd.words.append(t[1])
                self.i += 1
            elif t[0] == "redir":
                self.redirect(cmd, t[1])
            else:
                break
        if not cmd.words and not cmd.redirects:
            got = "end of file" if t is None else str(t[1] if t[0] == "op" else _keyword(t))
            raise ShSyntaxError(f"syntax error: unexpected {got}")
        return cmd

    def redirect(self, cmd: Command, value: Any) -> None:
        nxt = self.tokens[self.i + 1] if self.i + 1 < len(self.tokens) else None
        if nxt is None or nxt[0] != "word":
            raise ShSyntaxError("syntax error: redirection needs a target")
        cmd.redirects.append(Redirect(value[0], value[1], nxt[1]))
        self.i += 2

    def redirects(self, cmd: Command) -> None:
        while (t := self.peek()) is not None and t[0] == "redir":
            self.redirect(cmd, t[1])

    def compound(self, kw: str | None) -> Compound:
        if kw == "if":
            node = Compound("if")
            cond = self.script(frozenset({"then"}))
            self.expect("then")
            body = self.script(frozenset({"elif", "else", "fi"}))
            node.branches.append((cond, body))
            while (t := self.peek()) is not None and _keyword(t) == "elif":
                self.i += 1
                cond = self.script(frozenset({"then"}))
                self.expect("then")
                node.branches.append((cond, self.script(frozenset({"elif", "else", "fi"}))))
            if (t := self.peek()) is not None and _keyword(t) == "else":
                self.i += 1
                node.orelse = self.script(frozenset({"fi"}))
            self.expect("fi")
            return node
        if kw == "for":
            t = self.peek()
            if t is None or t[0] != "word":
                raise ShSyntaxError("syntax error: 'for' needs a name")
            name = "".join(str(piece[1]) for piece in t[1])
            self.i += 1
            node = Compound("for", var=name)
            self.skip_separators()
            if (t := self.peek()) is not None and _keyword(t) == "in":
                self.i += 1
                node.items = []
                while (t := self.peek()) is not None and t[0] == "word" and _keyword(t) != "do":
                    node.items.append(t[1])
                    self.i += 1
            self.skip_separators()
            self.expect("do")
            node.branches.append(([], self.script(frozenset({"done"}))))
            self.expect("done")
            return node
        if kw in ("while", "until"):
            node = Compound(kw)
            cond = self.script(frozenset({"do"}))
            self.expect("do")
            node.branches.append((cond, self.script(frozenset({"done"}))))
            self.expect("done")
            return node
        node = Compound("group")
        node.branches.append(([], self.script(frozenset({"}"}))))
        self.expect("}")
        return node


def parse(s: str) -> Script:
    parser = _Parser(tokenize(s))
    script = parser.script()
    if parser.peek() is not None:
        raise ShSyntaxError(f"syntax error: unexpected '{_keyword(parser.tokens[parser.i])}'")
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
            await self._script(tree)
        except ExitShell as exc:
            self.status = exc.status
        except ShSyntaxError as exc:  # found while expanding ($((1/0))): the shell stops
            self.sink.write(2, f"{SH}: {exc}\n".encode())
            self.status = 1
        return self.status

    async def _script(self, tree: Script) -> int:
        for andor in tree:
            for connector, pipeline in andor:
                if connector == "&&" and self.status != 0:
                    continue
                if connector == "||" and self.status == 0:
                    continue
                self.status = await self._pipeline(pipeline)
        return self.status

    async def _compound(self, node: Compound) -> int:
        if node.kind == "if":
            for cond, body in node.branches:
                await self._script(cond)
                if self.status == 0:
                    return await self._script(body)
            self.status = 0
            return await self._script(node.orelse) if node.orelse is not None else 0
        if node.kind == "for":
            items: list[str] = []
            for w in node.items or []:
                items.extend(await self._expand(w))
            status = 0
            for item in items:
                self.vars[node.var] = item
                status = await self._script(node.branches[0][1])
            return status
        if node.kind in ("while", "until"):
            cond, body = node.branches[0]
            status = 0
            for _ in range(_MAX_LOOPS):
                await self._script(cond)
                if (self.status == 0) != (node.kind == "while"):
                    return status
                status = await self._script(body)
            raise ExitShell(self.status)  # a runaway loop: the shell gives up
        return await self._script(node.branches[0][1])

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
            elif kind == "arith":
                value = str(arithmetic(text, self._lookup))
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
        if any(k == "lit" and not q and any(c in t for c in "*?[") for k, t, q in word):
            globbed: list[str] = []
            for f in fields:
                globbed.extend(self._glob(f) or [f])  # no match: the pattern stays (POSIX)
            return globbed
        return fields

    def _glob(self, pattern: str) -> list[str]:
        """Pathname expansion of an unquoted pattern against the device filesystem (hidden
        names only for a pattern that starts with a dot, sorted, as mksh does)."""
        from .filesystem import FsError

        def absolute(path: str) -> str:
            return path if path.startswith("/") else posixpath.join(self.cwd, path or ".")

        parts = [p for p in pattern.split("/") if p]
        found = ["/" if pattern.startswith("/") else ""]
        for k, part in enumerate(parts):
            last = k == len(parts) - 1
            nxt: list[str] = []
            for base in found:

                def join(n: str, b: str = base) -> str:
                    return f"{b.rstrip('/')}/{n}" if b else n

                if not any(c in part for c in "*?["):
                    nxt.append(join(part))
                    continue
                try:
                    entries = self.device.fs.listdir(absolute(base))
                except FsError:
                    continue
                for name, entry in entries:
                    if name.startswith(".") and not part.startswith("."):
                        continue
                    if fnmatch.fnmatchcase(name, part) and (last or entry.is_dir):
                        nxt.append(join(name))
            found = nxt
        return sorted(f for f in found if f and self.device.fs.exists(absolute(f)))

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
        if cmd.compound is not None:
            if out_sink is self.sink and not cmd.redirects:
                return await self._compound(cmd.compound)
            inner = Shell(self.device, out_sink, self.commands)  # a pipeline stage: its output
            inner.vars, inner.cwd, inner.host_closed = self.vars, self.cwd, self.host_closed
            inner.root = self.root
            return await inner._compound(cmd.compound)
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
