"""Split an agent's ADB shell command line into simple commands, the way ``/system/bin/sh`` would.

The PEP can only judge a command it can see. So the splitter accepts the shell syntax whose
meaning is fully visible — quoting, escapes, ``#`` comments and the list/pipeline operators
``;`` ``&&`` ``||`` ``|`` and newlines — and refuses, with a reason, everything that would make
the command that finally runs differ from the text the PEP judged:

* command or parameter substitution (``$(…)``, backticks, ``$VAR``, ``${…}``): the value is only
  known on the device, after the decision;
* redirections (``<``, here-docs, ``2>``, ``>&``), except ``echo``/``printf`` writing into one
  file (``echo 'milk, eggs' > /sdcard/Documents/Markor/list.md``, as AndroidWorld's harness
  creates files): their output is their own arguments, so the write is fully visible and is
  judged as a write of that text into that file. Any other command's output into a file
  (``content query … > /sdcard/contacts.txt``) would be an unmediated copy and is refused;
* background jobs (``&``), subshells and groups (``(…)``, ``{ …; }``), control flow keywords;
* environment assignments in front of a command (``CLASSPATH=… app_process``);
* interpreters and command runners (``sh -c``, ``eval``, ``su``, ``xargs``, ``busybox``…):
  their argument is another command line the PEP would judge as plain data.

``run-as PKG [--user N] COMMAND …`` is the exception: it execs COMMAND's words directly as the
app (no shell reads them again), so the command that runs is the one the PEP sees, and it is
checked as a part of its own.

Split parts are then each completed by the API adapter: every part is mediated, and the
adapter fails closed on any part it does not know.
"""

from __future__ import annotations

from dataclasses import dataclass

from host_pep.exceptions import EventValidationError

MAX_COMMAND_CHARS = 64 * 1024

# Commands whose arguments are themselves command lines (or that change how one runs).
COMMAND_RUNNERS = frozenset(
    {
        "sh", "bash", "mksh", "ash", "dash", "zsh", "ksh", "su", "sudo", "eval", "exec",
        "env", "xargs", "nohup", "timeout", "nice", "ionice", "busybox", "toybox", "source",
        ".", "chroot", "watch", "setsid", "script", "command", "builtin", "trap",
        "alias", "app_process", "dalvikvm", "time", "strace", "taskset", "unshare", "nsenter",
        "awk", "perl", "python", "python3",
    }
)  # fmt: skip
# find runs a command line only through these actions; without them it lists or deletes files.
FIND_RUNNERS = frozenset({"-exec", "-execdir", "-ok", "-okdir"})
KEYWORDS = frozenset(
    {"if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac",
     "function", "select", "!", "{", "}", "[[", "]]", "coproc"}
)  # fmt: skip
_SPECIAL_PARAMS = set("?#@*!$-0123456789")


class UnsafeShellError(EventValidationError):
    """The command line uses shell syntax that hides what would run."""

    def __init__(self, message: str) -> None:
        super().__init__(message, field="payload.command")


# Commands whose output is exactly their arguments: the only ones whose output may go to a file.
WRITES_ITS_ARGUMENTS = frozenset({"echo", "printf"})


@dataclass(frozen=True, slots=True)
class ShellPart:
    argv: tuple[str, ...]
    """Words after quote removal."""
    text: str
    """The part's source text (for audit and for re-running the part alone)."""
    joined_by: str
    """The operator before this part: "" for the first, else ";", "&&", "||" or "|"."""
    redirect: tuple[str, str] | None = None
    """``(">" or ">>", file)`` when the part's output goes to a file."""


def _word_start_ok(ch: str) -> bool:
    return ch.isalnum() or ch == "_" or ch in _SPECIAL_PARAMS or ch in "({"


def split_command(command: str) -> list[ShellPart]:
    """Split ``command`` into simple commands; raise UnsafeShellError on hidden syntax."""
    if not isinstance(command, str):
        raise EventValidationError("must be a string", field="payload.command")
    if len(command) > MAX_COMMAND_CHARS:
        raise EventValidationError(
            f"longer than {MAX_COMMAND_CHARS} characters", field="payload.command"
        )
    if "\x00" in command:
        raise UnsafeShellError("a NUL byte in the command line")
    parts: list[ShellPart] = []
    words: list[str] = []
    word: list[str] = []
    in_word = False  # a word has started (even if empty, e.g. "")
    part_start = 0
    joined_by = ""
    redirect_op = ""  # ">" or ">>" seen in this part
    redirect_to: str | None = None  # its file, once the next word is read
    i = 0
    n = len(command)

    def end_word() -> None:
        nonlocal in_word, redirect_to
        if in_word:
            if redirect_op and redirect_to is None:
                redirect_to = "".join(word)
            else:
                words.append("".join(word))
            word.clear()
            in_word = False

    def end_part(op: str, end: int, next_start: int) -> None:
        nonlocal joined_by, part_start, redirect_op, redirect_to
        end_word()
        text = command[part_start:end].strip()
        if redirect_op and not redirect_to:
            raise UnsafeShellError(f"a redirection ({redirect_op}) with no file")
        redirect = (redirect_op, redirect_to) if redirect_op and redirect_to else None
        if not words:
            if op or parts or redirect:
                raise UnsafeShellError(f"an empty command next to {op or joined_by!r}")
        else:
            parts.append(ShellPart(tuple(words), text, joined_by, redirect))
        words.clear()
        joined_by = op
        part_start = next_start
        redirect_op, redirect_to = "", None

    while i < n:
        ch = command[i]
        if ch == "'":
            close = command.find("'", i + 1)
            if close < 0:
                raise UnsafeShellError("an unterminated single quote")
            word.append(command[i + 1 : close])
            in_word = True
            i = close + 1
            continue
        if ch == '"':
            i += 1
            while True:
                if i >= n:
                    raise UnsafeShellError("an unterminated double quote")
                c = command[i]
                if c == '"':
                    i += 1
                    break
                if c == "\\" and i + 1 < n and command[i + 1] in '$`"\\\n':
                    if command[i + 1] != "\n":
                        word.append(command[i + 1])
                    i += 2
                    continue
                if c == "`":
                    raise UnsafeShellError("command substitution (backticks)")
                if c == "$" and i + 1 < n and _word_start_ok(command[i + 1]):
                    raise UnsafeShellError(
                        "a $ substitution inside double quotes; the value is only known on the device"
                    )
                word.append(c)
                i += 1
            in_word = True
            continue
        if ch == "\\":
            if i + 1 < n:
                if command[i + 1] != "\n":  # backslash-newline is a line continuation
                    word.append(command[i + 1])
                    in_word = True
                i += 2
            else:
                i += 1
            continue
        if ch == "`":
            raise UnsafeShellError("command substitution (backticks)")
        if ch == "$" and i + 1 < n and _word_start_ok(command[i + 1]):
            raise UnsafeShellError(
                "a $ substitution or expansion; the value is only known on the device"
            )
        if ch in " \t":
            end_word()
            i += 1
            continue
        if ch == "#" and not in_word:
            nl = command.find("\n", i)
            if nl < 0:
                break
            i = nl
            continue
        if ch in ";\n":
            end_part(";", i, i + 1)
            i += 1
            continue
        if ch == "&":
            if command.startswith("&&", i):
                end_part("&&", i, i + 2)
                i += 2
                continue
            raise UnsafeShellError("a background job (&) or an fd redirection")
        if ch == "|":
            if command.startswith("||", i):
                end_part("||", i, i + 2)
                i += 2
                continue
            end_part("|", i, i + 1)
            i += 1
            continue
        if ch == "<":
            raise UnsafeShellError("a redirection (<) that reads a file unmediated")
        if ch == ">":
            if in_word and "".join(word).isdigit():
                raise UnsafeShellError("a file-descriptor redirection (N>)")
            if redirect_op:
                raise UnsafeShellError("more than one redirection in one command")
            end_word()
            op = ">>" if command.startswith(">>", i) else ">"
            follow = command[i + len(op) : i + len(op) + 1]
            if follow in ("&", "|", ">", "<"):
                raise UnsafeShellError(f"a redirection ({op}{follow}) other than into a file")
            redirect_op = op
            i += len(op)
            continue
        if ch in "()":
            raise UnsafeShellError("a subshell or function definition")
        word.append(ch)
        in_word = True
        i += 1
    end_word()
    if redirect_op and not redirect_to:
        raise UnsafeShellError(f"a redirection ({redirect_op}) with no file")
    if words:
        redirect = (redirect_op, redirect_to) if redirect_op and redirect_to else None
        parts.append(ShellPart(tuple(words), command[part_start:].strip(), joined_by, redirect))
    elif redirect_op:
        raise UnsafeShellError("a redirection with no command")
    elif joined_by and joined_by != ";":
        raise UnsafeShellError(f"nothing after {joined_by!r}")
    if not parts:
        raise EventValidationError("an empty command", field="payload.command")
    for part in parts:
        _check_part(part)
    return parts


def _check_part(part: ShellPart) -> None:
    head = part.argv[0]
    if part.redirect is not None and head.rsplit("/", 1)[-1] not in WRITES_ITS_ARGUMENTS:
        raise UnsafeShellError(
            f"{head!r} writing into a file ({part.redirect[0]} {part.redirect[1]}) would copy "
            "its output unmediated; only echo/printf may write a file, as the file's content"
        )
    if part.redirect is not None and part.joined_by == "|":
        raise UnsafeShellError("a pipeline into a file: what is written is not the command's text")
    if head in KEYWORDS:
        raise UnsafeShellError(f"shell control flow ({head!r})")
    if "=" in head and head.split("=", 1)[0].replace("_", "a").isalnum():
        raise UnsafeShellError(
            f"an environment assignment before the command ({head.split('=', 1)[0]}=…)"
        )
    name = head.rsplit("/", 1)[-1]
    if name == "run-as":
        inner = run_as_command(part.argv)
        _check_part(ShellPart(inner, part.text, part.joined_by, part.redirect))
        return
    if name in COMMAND_RUNNERS or (name == "find" and FIND_RUNNERS & set(part.argv[1:])):
        raise UnsafeShellError(
            f"{name!r} runs another command line that the policy cannot see; submit that command itself"
        )


def run_as_command(argv: tuple[str, ...]) -> tuple[str, ...]:
    """The command of ``run-as PKG [--user N] COMMAND …`` (its words, as run-as execs them)."""
    rest = list(argv[2:])
    if len(argv) < 2 or argv[1].startswith("-"):
        raise UnsafeShellError("`run-as` needs a package name first")
    if rest[:1] == ["--user"]:
        if len(rest) < 2 or not rest[1].isdigit():
            raise UnsafeShellError("`run-as … --user` takes a user id")
        rest = rest[2:]
    if not rest:
        raise UnsafeShellError("`run-as` with no command would start an interactive shell")
    return tuple(rest)
