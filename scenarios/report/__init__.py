"""``droidgate report``: eval results -> report.md, report.html and PNG plots."""

from __future__ import annotations

from pathlib import Path

from scenarios.report.inputs import ReportInputError, Results, load_results

__all__ = ["ReportInputError", "Results", "build", "write_report"]

TITLE = "droidgate offline evaluation"
INTRO = (
    "Offline AgentEvent suites evaluated by droidgate's PEP (host_pep), next to the numbers the "
    "OpenAgentFlow paper reports for suites of the same composition. Metrics follow the paper's "
    "Appendix D; 'block' expectations accept deny, rewrite or escalate."
)


def build(paths: list[Path], out: Path) -> tuple[str, str, list[Path]]:
    """Render without writing the text files (the plots are written into ``out``)."""
    from scenarios.report import plots, render, tables

    suites = load_results(paths)
    out.mkdir(parents=True, exist_ok=True)
    images = [plots.accuracy_by_configuration(suites, out), plots.latency_per_stage(suites, out)]
    parts: list[tables.Table] = [tables.summary(suites)]
    for name, r in suites:
        parts.append(tables.categories(name, r))
        cfg = tables.configurations(name, r)
        if cfg is not None:
            parts.append(cfg)
    parts.append(tables.latency(suites))
    for name, r in suites:
        fail = tables.failures(name, r)
        if fail is not None:
            parts.append(fail)
    return (
        render.markdown(TITLE, INTRO, parts, images),
        render.html_page(TITLE, INTRO, parts, images),
        images,
    )


def write_report(paths: list[Path], out: Path) -> list[Path]:
    md, page, images = build(paths, out)
    md_path, html_path = out / "report.md", out / "report.html"
    md_path.write_text(md, "utf-8")
    html_path.write_text(page, "utf-8")
    return [md_path, html_path, *images]
