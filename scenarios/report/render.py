"""Markdown and HTML renderings of the same tables and plots."""

from __future__ import annotations

import html
from pathlib import Path

from scenarios.report.tables import Table


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown(title: str, intro: str, tables: list[Table], images: list[Path]) -> str:
    out = [f"# {title}", "", intro, ""]
    for img in images:
        out += [f"![{img.stem.replace('_', ' ')}]({img.name})", ""]
    for t in tables:
        out += [f"## {t.title}", ""]
        out.append("| " + " | ".join(_md_cell(h) for h in t.header) + " |")
        out.append("|" + "|".join("---" for _ in t.header) + "|")
        for row in t.rows:
            out.append("| " + " | ".join(_md_cell(c) for c in row) + " |")
        if t.note:
            out += ["", f"*{t.note}*"]
        out.append("")
    return "\n".join(out)


_STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem;max-width:1200px;color:#202124}
table{border-collapse:collapse;margin:0 0 1.5rem 0;font-size:.9rem}
th,td{border:1px solid #dadce0;padding:.3rem .6rem;text-align:left;vertical-align:top}
th{background:#f1f3f4}
img{max-width:100%;border:1px solid #dadce0;margin:.5rem 0}
.note{color:#5f6368;font-style:italic}
"""


def html_page(title: str, intro: str, tables: list[Table], images: list[Path]) -> str:
    e = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title><style>{_STYLE}</style></head><body>",
        f"<h1>{e(title)}</h1>",
        f"<p>{e(intro)}</p>",
    ]
    for img in images:
        out.append(
            f'<figure><img src="{e(img.name)}" alt="{e(img.stem.replace("_", " "))}"></figure>'
        )
    for t in tables:
        out.append(f"<h2>{e(t.title)}</h2>")
        out.append(
            "<table><thead><tr>"
            + "".join(f"<th>{e(h)}</th>" for h in t.header)
            + "</tr></thead><tbody>"
        )
        for row in t.rows:
            out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        out.append("</tbody></table>")
        if t.note:
            out.append(f'<p class="note">{e(t.note)}</p>')
    out.append("</body></html>")
    return "\n".join(out)
