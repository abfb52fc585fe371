"""What a command, query or script does: the effect an executor tool would have.

Tools such as ``execute_command``, ``run_query``, ``browser_evaluate`` or ``call_aws`` do
whatever they are given, so rule 9 classifies what they carry: a shell line by its programs (the
riskiest segment wins), SQL by its statements (an UPDATE or DELETE that does not select one row
by its id is a bulk change), a script by whether it sends data out. A cloud CLI's subcommand is
an API call named like a tool (``aws ec2 terminate-instances``); the caller classifies it as one
(``CloudCall``). Vocabulary is data (``languages/mul.yaml``, section ``commands``).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass

from host_pep.recognition.lexicon import lexicon
from host_pep.semantics import Operation

# the riskier effect wins when a line does several things
RISK = (
    Operation.READ,
    Operation.NAVIGATE,
    Operation.LOCAL_WRITE,
    Operation.SETTINGS_CHANGE,
    Operation.INSTALL,
    Operation.EXTERNAL_SEND,
    Operation.SHARE_UPLOAD,
    Operation.DELETE,
    Operation.UNINSTALL,
    Operation.PAYMENT,
    Operation.SECURITY_CHANGE,
    Operation.UNKNOWN,
)
_SEGMENTS = re.compile(r"\|\||&&|[;|\n]")
_WRAPPERS = frozenset(
    {"sudo", "env", "time", "nice", "nohup", "exec", "command", "xargs", "timeout"}
)
_REDIRECT = re.compile(r"(?<![0-9&])>{1,2}\s*(?!&)(\S+)")
_OPAQUE = re.compile(
    r"(?i)\b(?:base64\s+(?:-d|--decode)|eval\b|exec\b|bash\s+-c|sh\s+-c|python3?\s+-c|"
    r"node\s+-e|perl\s+-e|powershell\s+-enc)"
    # a pipe into an interpreter runs code the line does not show ("curl … | bash"), and so
    # does awk's system()
    r"|\|\s*(?:sudo\s+)?(?:ba|z|k|da)?sh\b|\|\s*(?:python3?|node|perl|ruby|php)\b"
    r"|\bsystem\s*\("
)
_SQL_STATEMENT = re.compile(r"(?is)^\s*(?:/\*.*?\*/\s*)*([a-z]+)")
_SQL_WHERE = re.compile(r"(?is)\bwhere\b(.*)$")
# one row by its key: "id = 7", "user_id='u-12'" -- nothing broader
_SINGLE_KEY = re.compile(
    r"(?is)^\s*\(?\s*[\w.\"`]*?(?:\b|_)(?:id|uuid|key|pk)[\"`]?\s*=\s*(?:'[^']*'|\"[^\"]*\"|[\w-]+)\s*\)?\s*;?\s*$"
)


@dataclass(frozen=True, slots=True)
class CloudCall:
    """A cloud CLI's API call: classify ``name`` like a tool with ``flags`` as its arguments."""

    name: str
    flags: dict[str, str]


def riskiest(ops: list[Operation]) -> Operation:
    return max(ops, key=RISK.index)


def shell_operation(line: str) -> Operation | CloudCall | None:
    """The effect of a shell line (None: nothing recognised)."""
    lex = lexicon()
    if _OPAQUE.search(line):
        return Operation.UNKNOWN  # code that hides what it runs cannot be classified
    found: list[Operation] = []
    cloud: CloudCall | None = None
    for segment in _SEGMENTS.split(line):
        try:
            words = shlex.split(segment, comments=True)
        except ValueError:
            words = segment.split()
        while words and (words[0] in _WRAPPERS or "=" in words[0]):
            words = words[1:]
        if not words:
            continue
        program = words[0].rsplit("/", 1)[-1].lower()
        # "kubectl --context staging get ns", "git -C repo status": global options before the
        # subcommand are not it
        sub = _subcommand_words(program, words[1:])
        listed = " ".join([program, *(w.lower() for w in sub[:2])])
        listed_pair = f"{program} {sub[0].lower()}" if sub else program
        if (
            program in lex.clouds
            and len(sub) >= 2
            and listed not in lex.shell_ops
            and listed_pair not in lex.shell_ops
        ):
            flags = _flags(words[1:])
            cloud = CloudCall(" ".join(sub[:2]), flags)
            continue
        pair = f"{program} {sub[0].lower()}" if sub else program
        triple = " ".join([program, *(w.lower() for w in sub[:2])])
        op = lex.shell_ops.get(triple) or lex.shell_ops.get(pair) or lex.shell_ops.get(program)
        if op is None and (program.startswith(("./", "../")) or program.endswith(".sh")):
            op = Operation.UNKNOWN  # a script of its own: what it does is not in the line
        if op is None and len(words) > 1 and all(w in lex.info_flags for w in words[1:]):
            op = Operation.READ  # "fastcsv --version": an installed program asked about itself
        if op is None:
            continue
        if program in lex.api_programs or pair in lex.api_programs:
            op = _api_call(words, op)
        given = {w.lower().split("=", 1)[0] for w in words[1:] if w.startswith("-")}
        if (pair in lex.overwrite_commands or program in lex.overwrite_commands) and not (
            given.isdisjoint(lex.force_flags)
        ):
            op = Operation.DELETE  # "git push --force": what was there is gone
        if not lex.bypass_flags.isdisjoint(given):
            op = Operation.SECURITY_CHANGE  # "gh pr merge --admin": past a protection
        if program == "find" and "-delete" in words:
            op = Operation.DELETE
        if _REDIRECT.search(segment) and op is Operation.READ:
            op = Operation.LOCAL_WRITE
        found.append(op)
    if cloud is not None and not found:
        return cloud
    if not found:
        return None
    return riskiest(found)


_METHOD_FLAGS = ("-X", "--request", "--method")
_METHOD_OPS = {
    "DELETE": Operation.DELETE,
    "POST": Operation.EXTERNAL_SEND,
    "PUT": Operation.EXTERNAL_SEND,
    "PATCH": Operation.EXTERNAL_SEND,
}


def _api_call(words: list[str], op: Operation) -> Operation:
    """An HTTP call by its method (``-X DELETE``, ``--method=PATCH``) or its data flags; a
    DELETE of a protection (``…/branches/main/protection``) is a security change."""
    lex = lexicon()
    method = ""
    for i, w in enumerate(words):
        if w in _METHOD_FLAGS and i + 1 < len(words):
            method = words[i + 1].upper()
        elif w.startswith(("--request=", "--method=")):
            method = w.split("=", 1)[1].upper()
        elif w.startswith("-X") and len(w) > 2:
            method = w[2:].upper()
    if method in _METHOD_OPS:
        op = _METHOD_OPS[method]
    elif any(
        w.split("=", 1)[0] in lex.send_flags
        or w.startswith(("--data", "-d", "-F", "-T", "--field", "-f="))
        for w in words[1:]
    ):
        op = Operation.EXTERNAL_SEND
    if op is Operation.DELETE:
        path = {
            t for w in words[1:] if not w.startswith("-") for t in re.split(r"[/_.?=&-]", w.lower())
        }
        if not path.isdisjoint(lex.security_objects):
            return Operation.SECURITY_CHANGE
    return op


def _subcommand_words(program: str, words: list[str]) -> list[str]:
    """The words after a program that name what it does: options and their values left out
    ("--context staging", "-n prod", "--region=eu"), unless the value is itself a subcommand
    the vocabulary lists for that program ("git -C repo status": status)."""
    known = lexicon().shell_ops
    out: list[str] = []
    takes_value = False
    for w in words:
        if w.startswith("-") and len(w) > 1:
            takes_value = "=" not in w
            continue
        if takes_value and f"{program} {w.lower()}" not in known and not out:
            takes_value = False
            continue  # the option's value
        takes_value = False
        out.append(w)
    return out


def _flags(words: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    key = ""
    for w in words:
        if w.startswith("--"):
            key = w[2:]
            out[key] = ""
        elif key:
            out[key] = w
            key = ""
    return out


def sql_operation(query: str) -> Operation | None:
    """The effect of SQL: by statement; an UPDATE or DELETE that does not select a single row
    by its key is a bulk change (reported as a delete: high-impact like one)."""
    lex = lexicon()
    ops: list[Operation] = []
    for statement in query.split(";"):
        m = _SQL_STATEMENT.match(statement)
        if m is None:
            continue
        keyword = m.group(1).lower()
        if keyword == "update" or keyword == "delete":
            where = _SQL_WHERE.search(statement)
            single = where is not None and _SINGLE_KEY.match(where.group(1)) is not None
            ops.append(
                Operation.DELETE if not single or keyword == "delete" else Operation.LOCAL_WRITE
            )
            continue
        if keyword == "alter" and re.search(r"(?i)\bdrop\b", statement):
            ops.append(Operation.DELETE)
            continue
        if keyword in ("create", "alter", "drop") and re.search(
            r"(?i)\b(?:user|role|login)\b", statement
        ):
            ops.append(Operation.SECURITY_CHANGE)
            continue
        op = lex.sql_ops.get(keyword)
        if op is not None:
            ops.append(op)
    return riskiest(ops) if ops else None


def script_operation(code: str) -> Operation:
    """A browser or page script: sending data out is a send -- an upload of the user's secrets
    when it reads the page's cookies or storage; otherwise it reads the page."""
    lowered = code.lower()
    if any(call in lowered for call in lexicon().script_sends):
        if any(secret in lowered for secret in _BROWSER_SECRETS):
            return Operation.SHARE_UPLOAD
        return Operation.EXTERNAL_SEND
    return Operation.READ


# what a page script can read of the user's session
_BROWSER_SECRETS = ("document.cookie", "localstorage", "sessionstorage", "indexeddb", "password")
