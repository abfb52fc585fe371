"""``droidgate eval CASES.jsonl...``: offline cases through the PEP, with ablations and baselines."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from host_pep.cli.exits import ExitCode
from host_pep.cli.subcommands import Commands


def register_eval(sub: Commands) -> None:
    p = sub.add_parser(
        "eval",
        help="run offline AgentEvent cases and report accuracy, attack-block and false-block rates",
        description=(
            "Run offline cases (DESIGN.md's JSONL format) through the PEP. By default every "
            "configuration runs: the full PEP (whose metrics are the headline), the T1 / T1+T2 / "
            "T1+T2+T3 ablations, and the no-PEP and current-action-only baselines."
        ),
    )
    p.add_argument(
        "cases",
        nargs="+",
        metavar="CASES",
        help="case files: JSON Lines, or YAML (a list of cases)",
    )
    p.add_argument(
        "--policy", metavar="NAME|FILE", default=None, help="base policy bundle (default: default)"
    )
    p.add_argument(
        "--json", metavar="OUT", default=None, help="write metrics and per-case results as JSON"
    )
    p.add_argument(
        "--config",
        default="all",
        choices=["all", "full", "T1", "T1+T2", "T1+T2+T3", "no_pep", "current_action_only"],
        help="which configuration to run (default: all, headline = full)",
    )
    p.add_argument(
        "--semantic",
        default="auto",
        choices=["auto", "off", "required"],
        help="the local semantic model: auto (if the 'semantic' extra is installed), off "
        "(the lexicons alone), required",
    )
    p.add_argument(
        "--explain",
        nargs="?",
        const="wrong",
        choices=["wrong", "all"],
        default=None,
        help="print, per scored step, what decided it: the rule, the instruction span, the "
        "delegation or authorization, the model's score (wrong: only steps that miss their "
        "label; all: every scored step)",
    )
    p.add_argument(
        "--min-accuracy",
        type=float,
        default=None,
        metavar="RATE",
        help="exit 1 if the headline accuracy is below RATE (0..1), e.g. in CI",
    )
    p.add_argument(
        "--max-false-block",
        type=float,
        default=None,
        metavar="RATE",
        help="exit 1 if the headline false-block rate is above RATE (0..1)",
    )
    p.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from host_pep.evaluation import (
        CONFIG_ORDER,
        CaseFileError,
        PolicyCache,
        case_documents,
        load_cases,
        metrics,
        rates,
        run_config,
    )

    cases = load_cases(args.cases)
    policies = PolicyCache(args.policy, semantic=args.semantic)
    policies.get(None)  # a bad --policy is a usage error before anything runs
    for case in cases:  # so is a case naming a policy that does not exist (fail closed)
        try:
            policies.get(case.policy)
        except Exception as exc:
            raise CaseFileError(f"{case.where or 'case'}: case {case.id}: policy: {exc}") from exc
    configs = CONFIG_ORDER if args.config == "all" else [args.config]
    headline = "full" if "full" in configs else configs[0]
    console = Console(stderr=True)
    results: dict[str, Any] = {}
    with Progress(console=console, transient=True) as progress:
        for config in configs:
            task = progress.add_task(f"{config:>20}", total=len(cases))

            def advance(task: Any = task) -> None:
                progress.advance(task)

            results[config], _ = run_config(cases, config, policies, advance)
    main = results[headline]
    doc: dict[str, Any] = {
        "metrics": metrics(main),
        "cases": case_documents(main),
        "configurations": {c: rates(results[c]) for c in configs},
        "headline": headline,
    }
    # One entry per cases file, so `droidgate report` keeps a row per suite (beside the
    # paper's numbers for it) when several suites ran in one go.
    suites = suite_names(args.cases)
    of_case = [suites[_file_of(case.where)] for case in cases]
    for document, suite in zip(doc["cases"], of_case, strict=True):
        document["suite"] = suite
    doc["suites"] = {
        name: {
            "file": file,
            "metrics": metrics(_only(main, of_case, name)),
            "configurations": {c: rates(_only(results[c], of_case, name)) for c in configs},
        }
        for file, name in suites.items()
    }
    if args.json:
        out = Path(args.json)
        if out.parent and not out.parent.exists():
            out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(doc, indent=2) + "\n", "utf-8")
    _print(Console(), doc, Table)
    if args.explain:
        _explain(Console(), doc["cases"], only_wrong=args.explain == "wrong")
    return _thresholds(args, doc["metrics"], console)


def _explain(console: Any, cases: list[dict[str, Any]], *, only_wrong: bool) -> None:
    """Per scored step: expected and decided, the stage and rule, and the evidence behind it."""
    from rich.markup import escape

    for case in cases:
        lines = []
        for n, step in enumerate(case["steps"]):
            expect = step["expect"]
            if expect is None:
                continue
            right = (expect == "allow") == (step["decision"] == "allow")
            if only_wrong and right:
                continue
            mark = "[green]ok[/]" if right else "[red]WRONG[/]"
            rules = ", ".join(step["rule_ids"]) or "-"
            lines.append(
                f"  step {n}: {mark} expect {expect}, {step['decision']} at {step['stage']} "
                f"({escape(rules)}): {escape(step['reason'])}"
            )
            for e in step.get("evidence", []):
                score = f" score {e['score']:.3f}" if e.get("score") is not None else ""
                where = f" in {e['source']}" if e.get("source") else ""
                lines.append(
                    f"      {escape(e['kind'])} {escape(e.get('masked') or '')}{escape(where)}"
                    f"{score}: {escape(e.get('detail') or '')}"
                )
        if lines:
            console.print(f"[bold]{escape(case['id'])}[/] ({escape(case['category'])})")
            for line in lines:
                console.print(line, highlight=False)


def suite_names(files: list[str]) -> dict[str, str]:
    """Cases file -> suite name: its stem (``broad``), with its folder where two stems clash."""
    stems = [Path(f).stem for f in files]
    out: dict[str, str] = {}
    for f, stem in zip(files, stems, strict=True):
        name = stem if stems.count(stem) == 1 else f"{Path(f).parent.name}/{stem}"
        out[str(Path(f))] = name
    return out


def _file_of(where: str) -> str:
    """``path:line`` or ``path#n`` (Case.where) -> path."""
    for sep in (":", "#"):
        head, found, tail = where.rpartition(sep)
        if found and tail.isdigit():
            return str(Path(head))
    return str(Path(where))


def _only(results: list[Any], suites: list[str], name: str) -> list[Any]:
    return [r for r, s in zip(results, suites, strict=True) if s == name]


def _thresholds(args: argparse.Namespace, m: dict[str, Any], console: Any) -> int:
    """Failed cases are data, not an error; a threshold the caller set turns them into exit 1."""
    missed = []
    if args.min_accuracy is not None and m["accuracy"] < args.min_accuracy:
        missed.append(f"accuracy {_pct(m['accuracy'])} < {_pct(args.min_accuracy)}")
    if args.max_false_block is not None and m["false_block"] > args.max_false_block:
        missed.append(f"false block {_pct(m['false_block'])} > {_pct(args.max_false_block)}")
    for line in missed:
        console.print(f"[bold red]threshold missed:[/bold red] {line}")
    return ExitCode.FAILED if missed else ExitCode.OK


def _pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def _print(console: Any, doc: dict[str, Any], table_cls: Any) -> None:
    m = doc["metrics"]
    t = table_cls(title=f"droidgate eval ({doc['headline']})")
    for col in ("cases", "passed", "steps scored", "accuracy", "attack block", "false block"):
        t.add_column(col, justify="right")
    t.add_row(
        str(m["cases"]),
        str(m["cases_passed"]),
        str(m["steps_scored"]),
        _pct(m["accuracy"]),
        _pct(m["attack_block"]),
        _pct(m["false_block"]),
    )
    console.print(t)
    suites = doc.get("suites") or {}
    if len(suites) > 1:
        st = table_cls(title="by suite")
        for col in ("suite", "cases", "passed", "accuracy", "attack block", "false block"):
            st.add_column(col, justify="right" if col != "suite" else "left")
        for name, sd in suites.items():
            sm = sd["metrics"]
            st.add_row(
                name,
                str(sm["cases"]),
                str(sm["cases_passed"]),
                _pct(sm["accuracy"]),
                _pct(sm["attack_block"]),
                _pct(sm["false_block"]),
            )
        console.print(st)
    cat = table_cls(title="by category (scored steps)")
    for col in ("category", "scored", "passed", "rate"):
        cat.add_column(col, justify="right" if col != "category" else "left")
    for name, c in m["by_category"].items():
        cat.add_row(
            name,
            str(c["scored"]),
            str(c["passed"]),
            _pct(c["passed"] / c["scored"] if c["scored"] else 0),
        )
    console.print(cat)
    lat = table_cls(title="latency per stage (ms)")
    for col in ("stage", "p50", "p99"):
        lat.add_column(col, justify="right" if col != "stage" else "left")
    for stage, v in m["latency_ms"].items():
        lat.add_row(stage, f"{v['p50']:.4f}", f"{v['p99']:.4f}")
    console.print(lat)
    if len(doc["configurations"]) > 1:
        ab = table_cls(title="ablations and baselines")
        for col in ("configuration", "accuracy", "attack block", "false block"):
            ab.add_column(col, justify="right" if col != "configuration" else "left")
        for name, r in doc["configurations"].items():
            ab.add_row(name, _pct(r["accuracy"]), _pct(r["attack_block"]), _pct(r["false_block"]))
        console.print(ab)
    failed = [c for c in doc["cases"] if not c["passed"]]
    if failed:
        console.print(f"[bold]{len(failed)} case(s) not passed[/bold] (first 20):")
        for c in failed[:20]:
            bad = next(
                (s for s in c["steps"] if s["expect"] and s["decision"] != s["expect"]), None
            )
            detail = (
                f"expected {bad['expect']}, got {bad['decision']} at {bad['stage']}: {bad['reason']}"
                if bad
                else c.get("error", "")
            )
            console.print(f"  {c['id']} [{c['category']}] {detail}", markup=False, highlight=False)
