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

from host_pep.recognition.lexicon import Nested, lexicon
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
    Operation.BULK_CHANGE,
    Operation.UNINSTALL,
    Operation.PAYMENT,
    Operation.SECURITY_CHANGE,
    Operation.UNKNOWN,
)
_SEGMENTS = re.compile(r"\|\||&&|[;|\n]")
_WRAPPERS = frozenset({"env", "time", "nice", "nohup", "exec", "command", "xargs", "timeout"})
# a wrapper's own arguments before what it runs ("timeout 30 …", "nice -n 10 …")
_WRAPPER_ARG = re.compile(r"^(?:-.*|\d+(?:\.\d+)?[smhd]?)$")
# sudo and doas run what follows as another user (root): they do what it does; alone, with a
# shell or a login option they open a root shell -- a privilege escalation
_PRIVILEGE = frozenset({"sudo", "doas"})
# the shell's compound-command keywords around the commands a loop or a test runs: each
# command inside is a segment of its own (the line is split at ";"), judged by what it runs
_COMPOUND_OPENERS = frozenset({"do", "then", "else", "elif", "if", "while", "until", "!", "{"})
_COMPOUND_CLOSERS = frozenset({"done", "fi", "}"})
_PRIVILEGE_VALUED = frozenset(
    {"-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group", "--host"}
    | {"--prompt", "--chdir", "--role", "--type", "--other-user", "--close-from"}
    | {"--command-timeout"}
)
_PRIVILEGE_READS = frozenset(
    {"-l", "--list", "-k", "-K", "--reset-timestamp", "--remove-timestamp", "-V", "--version"}
    | {"-h", "--help", "-L"}
)
_PRIVILEGE_EDIT = frozenset({"-e", "--edit"})
_SHELLS = frozenset({"sh", "bash", "zsh", "dash", "ksh", "fish", "csh", "tcsh", "ash"})
_REDIRECT = re.compile(r"(?<![0-9&])>{1,2}\s*(?!&)(\S+)")
_OPAQUE = re.compile(
    r"(?i)\b(?:base64\s+(?:-d|--decode)|eval\b|(?<![\w-]\s)exec\b|bash\s+-c|sh\s+-c|python3?\s+-c|"
    r"node\s+-e|perl\s+-e|powershell\s+-enc)"
    # a pipe into an interpreter runs code the line does not show ("curl … | bash"), and so
    # does awk's system()
    r"|\|\s*(?:(?:sudo|doas)\s+(?:-\S+\s+)*)?(?:ba|z|k|da)?sh\b|\|\s*(?:python3?|node|perl|ruby|php)\b"
    r"|\bsystem\s*\("
)
# an option written as name=value, as some CLIs take them (rabbitmqadmin, dd)
_SETTING = re.compile(r"^[a-z][a-z_]*=\S")
# a psql meta-command that only describes ("\dt", "\l", "\conninfo")
_SQL_META_READ = re.compile(
    r"^\s*(?:\\(?:d[a-zA-Z]*\+?|l\+?|conninfo)|\.(?:tables|schema|indexes|dbinfo))"
    r"(?:\s+[\w.*%\"]+)?\s*$"
)
# COPY … TO/FROM PROGRAM runs a shell command on the database server
_SQL_RUNS_PROGRAM = re.compile(r"(?is)\bcopy\b.*\bprogram\b")
_SQL_STATEMENT = re.compile(r"(?is)^\s*(?:/\*.*?\*/\s*)*([a-z]+)")
_SQL_WHERE = re.compile(r"(?is)\bwhere\b(.*)$")
# one row by its key: "id = 7", "user_id='u-12'", "sku = 'UI-101'" -- nothing broader (the
# key columns are language data: ``key_columns``)
_SINGLE_KEY = re.compile(
    r"(?is)^\s*\(?\s*(?:[\w\"`]+\.)?[\"`]?(?P<column>\w+)[\"`]?\s*=\s*(?:'[^']*'|\"[^\"]*\"|[\w-]+)\s*\)?\s*;?\s*$"
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
    if _OPAQUE.search(line):
        return Operation.UNKNOWN  # code that hides what it runs cannot be classified
    found: list[Operation] = []
    cloud: CloudCall | None = None
    for segment in _SEGMENTS.split(line):
        try:
            words = shlex.split(segment, comments=True)
        except ValueError:
            words = segment.split()
        op = _segment_operation(words, segment)
        if isinstance(op, CloudCall):
            cloud = op
        elif op is not None:
            found.append(op)
    if cloud is not None and not found:
        return cloud
    if not found:
        return None
    return riskiest(found)


def command_operation(words: list[str]) -> Operation | CloudCall | None:
    """The effect of one simple command already split into its words by a shell-aware caller
    (the ADB splitter): no redirection, no list operator -- a ";" inside SQL stays SQL."""
    return _segment_operation(list(words), "")


def _segment_operation(words: list[str], segment: str) -> Operation | CloudCall | None:
    """One command of a line: its program (and subcommand, and flags) by the vocabulary."""
    lex = lexicon()
    words, privileged = _unwrapped(words)
    if privileged is not None:
        return privileged
    if not words:
        return None
    program = words[0].rsplit("/", 1)[-1].lower()
    # "kubectl --context staging get ns", "git -C repo status": global options before the
    # subcommand are not it
    sub = _subcommand_words(program, words[1:])
    pair = f"{program} {sub[0].lower()}" if sub else program
    triple = " ".join([program, *(w.lower() for w in sub[:2])])
    named = next(
        (
            n
            for n, key in ((2, triple), (1, pair), (0, program))
            if key in lex.nested and n <= len(sub)
        ),
        None,
    )
    if named is not None:
        key = (program, pair, triple)[named]
        inner = _nested_line(words, sub, named, lex.nested[key])
        if inner is not None:
            carried = shell_operation(inner) if inner.strip() else None
            # what it runs decides; a command line it runs that is not recognised is unknown
            return carried if carried is not None else Operation.UNKNOWN
    if (
        program in lex.clouds
        and len(sub) >= 2
        and triple not in lex.shell_ops
        and pair not in lex.shell_ops
    ):
        return CloudCall(_api_name(words, sub[0]), _flags(words[1:]))
    level, op = _listed(program, pair, triple, sub)
    # "crontab -l" reads, "kubectl scale --replicas=0" stops: a flag listed where the command
    # was found (or more specifically) says what it does; one listed more broadly only adds risk
    # ("systemctl --failed restart x" restarts)
    flagged = [(n, lex.shell_ops[k]) for n, k in _flag_keys(program, pair, triple, words)]
    decisive = [o for n, o in flagged if n >= level]
    if decisive:
        op = riskiest(decisive)
    broader = [o for n, o in flagged if n < level]
    if broader and op is not None:
        op = riskiest([op, *broader])
    if program in lex.sql_programs:
        sql = _sql_argument(words[1:], lex.sql_programs[program])
        if sql is not None:
            op = _client_sql_operation(sql)
    if op is None and (program.startswith(("./", "../")) or program.endswith(".sh")):
        op = Operation.UNKNOWN  # a script of its own: what it does is not in the line
    if op is None and len(words) > 1 and all(w in lex.info_flags for w in words[1:]):
        op = Operation.READ  # "fastcsv --version": an installed program asked about itself
    if op is None:
        return None
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
    if op is Operation.DELETE and not _WHOLE_TREES.isdisjoint(
        w.rstrip("/") or "/" for w in words[1:]
    ):
        op = Operation.BULK_CHANGE  # "rm -rf ~/*": everything under the home or the root
    own = op  # what the program does, before its output is redirected
    targets = _REDIRECT.findall(segment)
    if targets and op is Operation.READ:
        op = Operation.LOCAL_WRITE
    if _stops_a_protection(program, sub, words[1:]):
        op = Operation.SECURITY_CHANGE  # "systemctl disable --now ufw": the firewall is off
    if _writes_security_file(own, targets, words[1:]):
        op = Operation.SECURITY_CHANGE  # "tee /etc/sudoers.d/x", ">> ~/.ssh/authorized_keys"
    return op


# the targets of a delete that name a whole tree, not something in it (trailing "/" folded)
_WHOLE_TREES = frozenset({"/", "/*", "~", "~/*", "$HOME", "$HOME/*", "${HOME}", "${HOME}/*"})


def _stops_a_protection(program: str, sub: list[str], operands: list[str]) -> bool:
    lex = lexicon()
    keys = {program, f"{program} {sub[0].lower()}" if sub else program}
    if len(sub) >= 2:
        keys.add(f"{program} * {sub[1].lower()}")
    if keys.isdisjoint(lex.stopping_commands):
        return False
    names = {w.lower().rsplit("/", 1)[-1].removesuffix(".service") for w in operands}
    return not names.isdisjoint(lex.protections)


def _unwrapped(words: list[str]) -> tuple[list[str], Operation | None]:
    """The command a line runs under its wrappers ("nohup", "timeout 30", "FOO=1") and
    privilege prefixes ("sudo -u postgres"); an operation of its own when the prefix is all
    there is to it (``sudo -i``, ``sudo su``-like root shells, ``sudo -l``)."""
    while words:
        head = words[0].rsplit("/", 1)[-1].lower()
        if words[0] in _COMPOUND_OPENERS:
            words = words[1:]  # "do gh issue close $n", "then rm x", "if grep -q …": the command
        elif words[0] in _COMPOUND_CLOSERS:
            words = words[1:]  # "done", "fi": the end of a compound command, nothing run
        elif words[0] == "for" and len(words) >= 3 and words[2] == "in":
            # "for n in 402 517 633": the list is data for the loop body, which is judged as
            # its own segments; a list that runs a command ("$(ls)", backticks) is not shown
            hidden = any("$(" in w or "`" in w for w in words[3:])
            return [], Operation.UNKNOWN if hidden else None
        elif head in _PRIVILEGE:
            words, own = _privileged(words)
            if own is not None:
                return [], own
        elif head in _WRAPPERS:
            words = words[1:]
            while words and _WRAPPER_ARG.match(words[0]):
                words = words[1:]
        elif "=" in words[0] and not words[0].startswith("-"):
            words = words[1:]
        else:
            break
    return words, None


def _privileged(words: list[str]) -> tuple[list[str], Operation | None]:
    """``sudo``/``doas`` and their options taken off: the command run, or what the prefix
    itself does when it runs none (a root shell is a security change)."""
    opts: set[str] = set()
    i = 1
    while i < len(words) and words[i].startswith("-"):
        w = words[i]
        i += 1
        if w == "--":
            break
        opts.add(w.split("=", 1)[0])
        if w in _PRIVILEGE_VALUED:
            i += 1
    rest = words[i:]
    if opts & _PRIVILEGE_EDIT:  # sudoedit: the files given are edited as root
        return [], _edit_operation(rest)
    if not rest:
        if opts and opts <= _PRIVILEGE_READS:
            return [], Operation.READ  # "sudo -l": what one may run
        return [], Operation.SECURITY_CHANGE  # "sudo", "sudo -i", "sudo -s": a root shell
    if rest[0].rsplit("/", 1)[-1].lower() in _SHELLS:
        if all(w.startswith("-") for w in rest[1:]):
            return [], Operation.SECURITY_CHANGE  # "sudo bash", "doas zsh -l"
        return [], Operation.UNKNOWN  # a script run as root: what it does is not in the line
    return rest, None


def _edit_operation(files: list[str]) -> Operation:
    if _writes_security_file(Operation.LOCAL_WRITE, [], files):
        return Operation.SECURITY_CHANGE
    return Operation.LOCAL_WRITE


def _writes_security_file(op: Operation, targets: list[str], operands: list[str]) -> bool:
    """A write whose file says who may do what: redirected into one, or a writing command
    (``tee``, ``cp``, ``sed -i``, ``rm``) given one."""
    paths = lexicon().security_paths
    if any(p in t for t in targets for p in paths):
        return True
    writes = (Operation.LOCAL_WRITE, Operation.SETTINGS_CHANGE, Operation.INSTALL, Operation.DELETE)
    return op in writes and any(p in w for w in operands for p in paths)


def _listed(program: str, pair: str, triple: str, sub: list[str]) -> tuple[int, Operation | None]:
    """The vocabulary's operation for a command and how specifically it was found (2: program
    and two subcommand words, 1: one, 0: the program alone)."""
    ops = lexicon().shell_ops
    if triple != pair and triple in ops:
        return 2, ops[triple]
    if pair != program and pair in ops:
        return 1, ops[pair]
    if len(sub) >= 2 and f"{program} * {sub[1].lower()}" in ops:
        # "service nginx restart": what is named comes before the action
        return 1, ops[f"{program} * {sub[1].lower()}"]
    return 0, ops.get(program)


def _flag_keys(program: str, pair: str, triple: str, words: list[str]) -> list[tuple[int, str]]:
    """The vocabulary keys of the flags given (``crontab -l``, ``kubectl scale --replicas=0``):
    each flag alone and with its value, after the program (0), its subcommand (1) or both (2);
    only those the vocabulary lists."""
    forms: list[str] = []
    for i, w in enumerate(words[1:], start=1):
        if _SETTING.match(w):
            forms.append(w.lower())  # "ackmode=ack_requeue_false", "of=/dev/sda": an option too
            continue
        if not w.startswith("-") or len(w) < 2:
            continue
        flag = w.lower()
        name = flag.split("=", 1)[0]
        forms.append(name)
        if "=" in flag:
            forms.append(flag)
        elif i + 1 < len(words) and not words[i + 1].startswith("-"):
            forms.append(f"{name}={words[i + 1].lower()}")
    ops = lexicon().shell_ops
    levels: dict[str, int] = {}
    for p, n in ((program, 0), (pair, 1), (triple, 2)):
        levels.setdefault(p, n)  # a command without subcommands keeps its lowest level
    return [(n, f"{p} {f}") for p, n in levels.items() for f in forms if f"{p} {f}" in ops]


def _nested_line(words: list[str], sub: list[str], named: int, nested: Nested) -> str | None:
    """The command line a nested command runs (``docker exec -it web nginx -t``: ``nginx -t``);
    None when it runs none (``ssh host``: a session). ``named``: how many subcommand words
    its name takes ("docker exec": one)."""
    start = 1
    for s in sub[:named]:
        start = words.index(s, start) + 1
    rest = words[start:]
    if "--" in rest:
        after = rest[rest.index("--") + 1 :]
        return " ".join(after) if after else None
    i = 0
    targeted = not nested.target
    while i < len(rest):
        w = rest[i]
        if w.startswith("-") and len(w) > 1:
            i += 2 if w in nested.options else 1
            continue
        if not targeted:
            targeted = True
            i += 1
            continue
        break
    after = rest[i:]
    return " ".join(after) if after else None


def _api_name(words: list[str], first: str) -> str:
    """A cloud CLI's call named by its command words ("ec2 terminate-instances", "compute
    instances delete web-1"): from the first up to the options, at most four, and past the
    second only plain words (a path or a URL names no call). Of three or more, the first names
    the service ("compute", "storage"), not the call: it is left out (and "compute" is a verb)."""
    name: list[str] = []
    for w in words[words.index(first, 1) :]:
        if w.startswith("-") or len(name) == 4:
            break
        if len(name) >= 2 and not re.fullmatch(r"[a-z][a-z0-9-]*", w):
            break
        name.append(w)
    return " ".join(name[1:] if len(name) >= 3 else name)


def _sql_argument(words: list[str], flags: frozenset[str]) -> str | None:
    """The SQL a database client is given: after one of its flags (``psql -c "…"``), or for a
    client without them the operand after the database (``sqlite3 app.db "…"``)."""
    for i, w in enumerate(words):
        low = w.lower()
        if "=" in low and low.split("=", 1)[0] in flags:
            return w.split("=", 1)[1]
        if low in flags and i + 1 < len(words):
            return words[i + 1]
    if flags:
        return None
    operands = [w for w in words if not w.startswith("-")]
    return operands[1] if len(operands) >= 2 else None


def _client_sql_operation(sql: str) -> Operation:
    """What SQL given to a client does; a meta-command that describes (``\\dt``, ``.tables``)
    reads; anything else not recognised is unknown."""
    if _SQL_META_READ.match(sql):
        return Operation.READ
    if _SQL_RUNS_PROGRAM.search(sql):
        return Operation.UNKNOWN
    return sql_operation(sql) or Operation.UNKNOWN


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
            key = _SINGLE_KEY.match(where.group(1)) if where is not None else None
            column = key.group("column").lower() if key is not None else ""
            # the column or its last part names a key ("user_id", "order_number")
            single = bool(column) and not lex.key_columns.isdisjoint(
                {column, column.rsplit("_", 1)[-1]}
            )
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
            # an account made or changed grants access; one dropped takes it away, which is
            # the delete family as a revoked grant is (``sql.delete``: revoke)
            ops.append(Operation.DELETE if keyword == "drop" else Operation.SECURITY_CHANGE)
            continue
        if keyword == "alter":
            # a table's shape changed ("ADD COLUMN", "RENAME"): a write -- but a table's security
            # ("DISABLE ROW LEVEL SECURITY", "OWNER TO", "FORCE … POLICY") is a security change
            weakens = re.search(r"(?i)\b(?:security|policy|owner)\b", statement)
            ops.append(Operation.SECURITY_CHANGE if weakens else Operation.LOCAL_WRITE)
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
