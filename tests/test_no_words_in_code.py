"""Language knowledge is data (issue #13): the value detectors (``host_pep/values``) and the
channel adapters (``android_bridge/events``) hold no word lists and no regex alternations of
words; their words live in ``host_pep/recognition/languages/*.yaml`` (section ``values``).

Read from the source with ``ast``: a list, set, tuple or dict of five or more word literals, or
a string literal holding an alternation of three or more words ("flights?|boarding|booking"),
is language knowledge in code. A formal language's vocabulary -- shell programs, uiautomator
attributes, ISO country codes, DNS labels -- is not, and is listed below with its reason, by
the definition that holds it; an entry that no longer finds anything fails too, so the list
stays true.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("host_pep/values", "android_bridge/events")
MIN_LIST = 5
MIN_ALTERNATION = 3

# (file, top-level definition) -> why its words are not natural language
FORMAL: dict[tuple[str, str], str] = {
    ("host_pep/values/__init__.py", "__all__"): "the package's exported names",
    ("host_pep/values/iban.py", "IBAN_LENGTHS"): "ISO 3166 country codes of ISO 13616 IBANs",
    ("host_pep/values/domains.py", "_SECOND_LEVEL"): "DNS second-level labels (co.uk, com.au)",
    ("host_pep/values/emails.py", "_WORD_TLDS"): "DNS top-level domains",
    ("android_bridge/events/device_commands.py", "_DND_MODES"): "Android's zen-mode arguments",
    ("android_bridge/events/device_commands.py", "_STAYON"): "Android's stay-on setting values",
    ("android_bridge/events/gui.py", "_SELECTOR_KEYS"): "uiautomator2 selector arguments",
    ("android_bridge/events/gui.py", "_ORIENTATIONS"): "uiautomator2 orientation names",
    ("android_bridge/events/screen.py", "_ENTITY"): "XML's predefined entities",
    ("android_bridge/events/screen.py", "_NAMED"): "XML's predefined entities",
    ("android_bridge/events/screen.py", "Node"): "uiautomator dump attributes",
    ("android_bridge/events/screen.py", "_SELECTOR_FIELDS"): "uiautomator selector attributes",
    ("android_bridge/events/shell_commands.py", "_CONTENT_VERBS"): "`content` subcommands",
    ("android_bridge/events/shell_commands.py", "_PAYMENT_SCHEMES"): "payment URI schemes",
    ("android_bridge/events/shell_commands.py", "_intent_meaning"): "Android intent actions",
    ("android_bridge/events/shell_commands.py", "parse_am"): "`am` subcommands",
    ("android_bridge/events/shell_commands.py", "parse_pm"): "`pm` subcommands",
    ("android_bridge/events/shell_commands.py", "parse_input"): "`input` sources and gestures",
    ("android_bridge/events/shell_commands.py", "READ_ONLY"): "read-only shell programs",
    ("android_bridge/events/shell_commands.py", "_FILE_READERS"): "shell programs reading files",
    ("android_bridge/events/shell_commands.py", "parse_svc"): "`svc` services",
    ("android_bridge/events/shell_commands.py", "parse_files"): "file-changing shell programs",
    ("android_bridge/events/shell_commands.py", "parse_simple"): "file-changing shell programs",
    ("android_bridge/events/shell_split.py", "COMMAND_RUNNERS"): "shell interpreters",
    ("android_bridge/events/shell_split.py", "KEYWORDS"): "the shell's reserved words",
}

_LETTERS = r"[^\W\d_]"
_WORD = re.compile(rf"{_LETTERS}(?:[^\W\d_'’\- ]|[-'’ ](?={_LETTERS}))*{_LETTERS}|{_LETTERS}{{2,}}")
# what a regex puts around a word: boundaries, groups, optional letters, separators
_DECORATION = re.compile(r"\\[bB]|\(\?(?:[:=!]|<[=!]|P<\w+>|[aiLmsux-]+:)|[()?*+^$]|\\s[*+?]?")


@dataclass(frozen=True)
class Finding:
    path: str
    definition: str
    line: int
    what: str


def is_word(text: str) -> bool:
    """A natural-language word or phrase: letters of any script, spaces, hyphens, apostrophes."""
    return _WORD.fullmatch(text.strip()) is not None


def word_alternations(text: str) -> list[list[str]]:
    """Runs of ``MIN_ALTERNATION`` or more alternatives of a regex that are words."""
    runs: list[list[str]] = []
    run: list[str] = []
    for alternative in text.split("|"):
        bare = _DECORATION.sub("", alternative).replace("[- ]", " ").replace("[ -]", " ")
        if is_word(bare):
            run.append(bare.strip())
            continue
        if len(run) >= MIN_ALTERNATION:
            runs.append(run)
        # the last word before a group opens or after it closes may still start a run
        tail = re.split(r"\(\?:|\(|\)", alternative)[-1]
        run = [tail] if is_word(_DECORATION.sub("", tail)) else []
    if len(run) >= MIN_ALTERNATION:
        runs.append(run)
    return runs


def _word_list(node: ast.AST) -> list[str] | None:
    items: list[ast.expr | None] = []
    if isinstance(node, ast.List | ast.Set | ast.Tuple):
        items = list(node.elts)
    elif isinstance(node, ast.Dict):
        items = list(node.keys)
    words = [
        e.value
        for e in items
        if isinstance(e, ast.Constant) and isinstance(e.value, str) and is_word(e.value)
    ]
    return words if len(words) >= MIN_LIST else None


def _definition(node: ast.stmt) -> str:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return node.name
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, ast.AnnAssign):
        targets = [node.target]
    names = [t.id for t in targets if isinstance(t, ast.Name)]
    return names[0] if names else f"line {node.lineno}"


def findings_in(source: str, path: str) -> list[Finding]:
    """Word lists and word alternations in one module's source."""
    out: list[Finding] = []
    for top in ast.parse(source).body:
        name = _definition(top)
        for node in ast.walk(top):
            words = _word_list(node)
            if words is not None:
                out.append(Finding(path, name, getattr(node, "lineno", 0), f"words {words[:6]}"))
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for run in word_alternations(node.value):
                    out.append(Finding(path, name, node.lineno, f"alternation {run[:6]}"))
    return out


def scanned_findings() -> list[Finding]:
    out: list[Finding] = []
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            out.extend(findings_in(path.read_text("utf-8"), rel))
    return out


def test_no_words_in_the_value_detectors_or_the_adapters() -> None:
    unexplained = [f for f in scanned_findings() if (f.path, f.definition) not in FORMAL]
    assert not unexplained, "language knowledge in code (move it to languages/*.yaml):\n" + (
        "\n".join(f"{f.path}:{f.line} {f.definition}: {f.what}" for f in unexplained)
    )


def test_every_formal_vocabulary_listed_is_still_there() -> None:
    found = {(f.path, f.definition) for f in scanned_findings()}
    stale = sorted(set(FORMAL) - found)
    assert not stale, f"listed but no longer found (delete them from FORMAL): {stale}"


@pytest.mark.parametrize(
    "source",
    [
        '_TRAVEL = re.compile(r"\\b(?:flights?|boarding|booking|hotel)\\b")',
        '_K = "验证码|校验码|动态码"',
        "_S = frozenset({'incorrect', 'wrong', 'required', 'invalid', 'expired'})",
        "_D = {'st': 'street', 'rd': 'road', 'ave': 'avenue', 'blvd': 'boulevard', 'ln': 'lane'}",
        'def f(x):\n    return x in ("cancel", "abbrechen", "annuler", "cancelar", "annulla")',
        '_P = r"(?:diagnos[ie]s|diagnosed with|medications?|prescriptions?|dx)\\s*:"',
        '_A = "\\\\s?(?:usd|eur|dollars?|euros?)"',
    ],
)
def test_the_scan_finds_words_in_code(source: str) -> None:
    assert findings_in(source, "x.py"), source


@pytest.mark.parametrize(
    "source",
    [
        '_CODE = r"(?P<code>\\d(?:[ \\-]?\\d){3,7}|(?=[A-Z]*\\d)[A-Z0-9]{4,8})"',
        '_GROUP = re.compile(r"[A-Z]{2}\\s+\\d{5}(?:-\\d{4})?|,?\\s+[A-Z]{1,2}\\d")',
        "_PAIR = ('on', 'off')",
        '_SPACES = "\\u00a0\\u1680\\u2000"',
        "_ORDER = (Operation.DELETE, Operation.PAYMENT, Operation.UNINSTALL, Operation.READ, x)",
    ],
)
def test_the_scan_leaves_mechanism_alone(source: str) -> None:
    assert not findings_in(source, "x.py"), source
