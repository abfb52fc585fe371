"""The import graph of the product packages, read from their source with ``ast``: dependencies go
one way between packages (DESIGN.md's package table) and no modules import each other in a cycle.

Every ``import`` statement counts for the package directions, wherever it sits — at module level,
inside a function (a lazy import is still a dependency) or under ``if TYPE_CHECKING:`` (so is a
type). For cycles, an import under ``if TYPE_CHECKING:`` does not count: it never executes, so it
cannot take part in an import cycle; module-level and function-level imports do (an import moved
into a function or to the bottom of a file to dodge a cycle is still a cycle).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("host_pep", "android_bridge", "apk_helper", "emulator_setup", "scenarios")

# package -> the other product packages it may import (DESIGN.md, "Packages")
MAY_IMPORT: dict[str, set[str]] = {
    "host_pep": set(),  # usable as a plain library, without Android
    "android_bridge": {"host_pep", "apk_helper"},
    "apk_helper": {"host_pep"},  # its CLI plugs into droidgate's (host_pep/cli)
    "emulator_setup": set(),  # devices for anyone: never the PEP or the bridge
    "scenarios": set(PACKAGES) - {"scenarios"},
}

# Cycles being removed elsewhere, by the modules in them. Each must still be a real cycle here
# (the test fails once it is gone, so an entry cannot outlive its fix): the lead deletes an entry
# when merging the work that breaks its cycle.
ALLOWED_CYCLES: dict[frozenset[str], str] = {}


@dataclass
class Graph:
    modules: dict[str, Path]
    # module -> imported module -> how: {"module", "function", "type"}
    edges: dict[str, dict[str, set[str]]] = field(default_factory=dict)

    def targets(self, module: str, kinds: set[str]) -> list[str]:
        return [t for t, how in self.edges.get(module, {}).items() if how & kinds]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                inside.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return inside


def _function_nodes(tree: ast.Module) -> set[int]:
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            inside.update(id(n) for n in ast.walk(node) if n is not node)
    return inside


def _imported(
    node: ast.Import | ast.ImportFrom, module: str, is_package: bool, modules: dict[str, Path]
) -> Iterator[str]:
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    if node.level:
        here = module.split(".") if is_package else module.split(".")[:-1]
        parent = here[: len(here) - (node.level - 1)]
        base = ".".join([*parent, *([node.module] if node.module else [])])
    for alias in node.names:  # `from package import submodule` imports the submodule
        submodule = f"{base}.{alias.name}"
        yield submodule if submodule in modules else base


def build_graph() -> Graph:
    modules = {
        _module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    graph = Graph(modules)

    def resolve(name: str) -> str | None:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        return name or None

    for module, path in modules.items():
        tree = ast.parse(path.read_text("utf-8"), str(path))
        typing_only, in_function = _type_checking_nodes(tree), _function_nodes(tree)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            how = (
                "type"
                if id(node) in typing_only
                else "function"
                if id(node) in in_function
                else "module"
            )
            for name in _imported(node, module, path.name == "__init__.py", modules):
                target = resolve(name)
                if target is not None and target != module:
                    graph.edges.setdefault(module, {}).setdefault(target, set()).add(how)
    return graph


def cycles(graph: Graph, kinds: set[str]) -> list[frozenset[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []
    for root in graph.modules:
        if root in index:
            continue
        work = [(root, iter(graph.targets(root, kinds)))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.targets(child, kinds))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(frozenset(component))
    return found


@pytest.fixture(scope="module")
def graph() -> Graph:
    return build_graph()


RUNTIME = {"module", "function"}


def _describe(graph: Graph, component: frozenset[str]) -> str:
    return "\n".join(
        f"  {m} -> {t} ({', '.join(sorted(how))})"
        for m in sorted(component)
        for t, how in sorted(graph.edges.get(m, {}).items())
        if t in component and how & RUNTIME
    )


def test_the_walk_sees_the_whole_product(graph: Graph) -> None:
    assert len(graph.modules) > 200
    assert {p for m in graph.modules for p in [m.split(".")[0]]} == set(PACKAGES)
    # a lazy import, a relative import and a `from package import submodule` are all seen
    assert "function" in graph.edges["android_bridge.daemon"]["host_pep.pep"]
    assert "emulator_setup.virtual.ui.hierarchy" in graph.edges["emulator_setup.virtual.state"]
    assert "module" in graph.edges["host_pep.cli.main"]["host_pep.cli.subcommands"]


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_imports_only_what_it_may(graph: Graph, package: str) -> None:
    wrong = sorted(
        f"{module} -> {target}"
        for module, targets in graph.edges.items()
        if module.split(".")[0] == package
        for target in targets
        if target.split(".")[0] not in {package, *MAY_IMPORT[package]}
    )
    assert wrong == [], f"{package} may import only {sorted(MAY_IMPORT[package])}"


def test_no_modules_import_each_other_in_a_cycle(graph: Graph) -> None:
    found = cycles(graph, RUNTIME)
    new = [c for c in found if c not in ALLOWED_CYCLES]
    assert new == [], "import cycles:\n" + "\n\n".join(_describe(graph, c) for c in new)
    stale = [why for c, why in ALLOWED_CYCLES.items() if c not in found]
    assert stale == [], f"allowed cycles that are gone (remove them from ALLOWED_CYCLES): {stale}"


def test_the_cycle_finder_finds_cycles() -> None:
    graph = Graph({m: ROOT for m in "abcd"})
    graph.edges = {
        "a": {"b": {"module"}},
        "b": {"c": {"function"}},
        "c": {"a": {"module"}},
        "d": {"a": {"type"}},
    }
    graph.edges["a"]["d"] = {"module"}
    assert cycles(graph, RUNTIME) == [frozenset("abc")]
    assert cycles(graph, RUNTIME | {"type"}) == [frozenset("abcd")]
