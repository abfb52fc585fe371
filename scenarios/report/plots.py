"""The report's PNG plots (matplotlib, Agg backend: no display needed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scenarios.report.inputs import Results
from scenarios.report.reference import PAPER, PAPER_LATENCY_P99_MS


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def accuracy_by_configuration(suites: list[tuple[str, Results]], out: Path) -> Path:
    """Grouped bars: one group per suite, one bar per configuration (or just 'full'), plus the
    paper's number as a marker."""
    plt = _pyplot()
    configs: list[str] = []
    for _, r in suites:
        for cfg in list(r.configurations) or ["full"]:
            if cfg not in configs:
                configs.append(cfg)
    fig, ax = plt.subplots(figsize=(max(7.0, 1.6 * len(suites) + 3), 4.2))
    width = 0.8 / max(1, len(configs))
    for j, cfg in enumerate(configs):
        xs, ys = [], []
        for i, (_, r) in enumerate(suites):
            row = r.configurations.get(cfg)
            acc = (
                row.accuracy if row is not None else (r.metrics.accuracy if cfg == "full" else None)
            )
            if acc is not None:
                xs.append(i - 0.4 + width * (j + 0.5))
                ys.append(100 * acc)
        ax.bar(xs, ys, width=width, label=cfg, color=f"C{j}")
    px = [
        i for i, (name, _) in enumerate(suites) if PAPER.get(name, {}).get("accuracy") is not None
    ]
    py = [100 * (PAPER[suites[i][0]]["accuracy"] or 0) for i in px]
    ax.scatter(px, py, marker="D", color="black", zorder=3, label="paper (full)")
    ax.set_xticks(range(len(suites)), [name for name, _ in suites], rotation=15)
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 105)
    ax.set_title("Accuracy by configuration")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    path = out / "accuracy_by_configuration.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path


def latency_per_stage(suites: list[tuple[str, Results]], out: Path) -> Path:
    """Per stage, the p50..p99 range of every suite (log scale), with the paper's p99."""
    plt = _pyplot()
    stages = sorted({s for _, r in suites for s in r.metrics.latency_ms})
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * len(stages) + 3), 4.2))
    n = max(1, len(suites))
    for i, (name, r) in enumerate(suites):
        xs, lo, hi = [], [], []
        for k, st in enumerate(stages):
            lat = r.metrics.latency_ms.get(st)
            if lat is None:
                continue
            xs.append(k - 0.4 + 0.8 * (i + 0.5) / n)
            lo.append(max(lat.p50, 1e-5))
            hi.append(max(lat.p99, lat.p50, 1e-5))
        ax.vlines(xs, lo, hi, linewidth=6, alpha=0.8, label=name, colors=f"C{i}")
        ax.scatter(xs, lo, marker="_", color="black", s=60, zorder=3)
    for k, st in enumerate(stages):
        if st in PAPER_LATENCY_P99_MS:
            ax.hlines(
                PAPER_LATENCY_P99_MS[st], k - 0.45, k + 0.45, colors="red", linestyles="dashed"
            )
    ax.set_xticks(range(len(stages)), stages)
    ax.set_yscale("log")
    ax.set_ylabel("ms per decision (bar: p50 to p99)")
    ax.set_title("Latency per stage (red dashed: paper p99)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    fig.tight_layout()
    path = out / "latency_per_stage.png"
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
