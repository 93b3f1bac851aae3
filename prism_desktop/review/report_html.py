"""The agreement report as one self-contained HTML page (inline CSS and SVG, no scripts, nothing
fetched), rendered from the JSON report (report_json.py) so a saved report renders the same."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from .confusion_svg import confusion_svg

_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1200px; }
h1 { font-size: 1.5em; } h2 { margin-top: 1.6em; border-bottom: 1px solid #ccc; } h3 { margin-top: 1.2em; }
table { border-collapse: collapse; margin: 0.5em 0; font-size: 0.9em; }
th, td { border: 1px solid #ccc; padding: 3px 7px; text-align: right; }
th { background: #f2f2f2; } td.left, th.left { text-align: left; }
.yes { color: #1a7f37; font-weight: bold; } .no { color: #b42318; }
.note { color: #666; font-size: 0.85em; } .matrices { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; } figcaption { font-size: 0.85em; text-align: center; }
"""


def _number(value: Any, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _estimate(data: Mapping[str, Any] | None) -> str:
    """`0.712 [0.65, 0.77] substantial`; the note when undefined."""
    if not data:
        return "—"
    if data.get("value") is None:
        return f'— <span class="note">{escape(str(data.get("note") or ""))}</span>'
    text = _number(data["value"])
    if data.get("ci95"):
        low, high = data["ci95"]
        text += f' <span class="note">[{_number(low)}, {_number(high)}]</span>'
    if data.get("band"):
        text += f' <span class="note">{escape(data["band"])}</span>'
    return text


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], left: int = 1) -> str:
    head = "".join(
        f'<th class="left">{escape(h)}</th>' if i < left else f"<th>{escape(h)}</th>"
        for i, h in enumerate(headers)
    )
    body = "".join(
        "<tr>"
        + "".join(f'<td class="left">{c}</td>' if i < left else f"<td>{c}</td>" for i, c in enumerate(row))
        + "</tr>"
        for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _axes_table(axes: Mapping[str, Any]) -> str:
    headers = ("axis / vs", "n", "kappa", "linear", "quadratic", "quadratic, projected", "exact", "adjacent")
    rows = []
    for axis, block in axes.items():
        for who, data in [("consensus", block), *block.get("by_expert", {}).items()]:
            rows.append(
                [
                    f"<b>{escape(axis)}</b> machine vs {escape(who)}",
                    str(data["n"]),
                    _estimate(data["kappa"]),
                    _estimate(data["kappa_linear"]),
                    _estimate(data["kappa_quadratic"]),
                    _estimate(data.get("projected", {}).get("kappa_quadratic")),
                    _estimate(data["exact"]),
                    _estimate(data["adjacent"]),
                ]
            )
    return _table(headers, rows)


def _experts_table(experts: Mapping[str, Any]) -> str:
    rows = []
    for axis, fleiss in experts.get("fleiss_kappa", {}).items():
        alpha = experts.get("krippendorff_alpha", {}).get(axis, {})
        pairs = experts.get("pairwise", {}).get(axis, [])
        pair_text = "<br>".join(
            f"{escape(' vs '.join(p['experts']))}: {_estimate(p['kappa_quadratic'])} (n = {p['n']})"
            for p in pairs
        )
        rows.append(
            [
                f"<b>{escape(axis)}</b>",
                f"{_estimate(fleiss)} (n = {fleiss.get('n')})",
                f"{_estimate(alpha)} (n = {alpha.get('n')})",
                pair_text or "—",
            ]
        )
    return _table(
        ("axis", "Fleiss' kappa", "Krippendorff's alpha (ordinal)", "pairwise quadratic kappa"), rows
    )


def _matrices(axes: Mapping[str, Any]) -> str:
    figures = []
    for axis, block in axes.items():
        confusion = block["confusion"]
        svg = confusion_svg(confusion["counts"], confusion["labels"], confusion["rows"], confusion["columns"])
        figures.append(f"<figure>{svg}<figcaption>{escape(axis)}: n = {block['n']}</figcaption></figure>")
    return f'<div class="matrices">{"".join(figures)}</div>'


def _split_section(title: str, block: Mapping[str, Any]) -> str:
    parts = [
        f"<h2>{escape(title)}</h2>",
        "<h3>Machine vs experts, all categories</h3>",
        _axes_table(block["axes"]),
    ]
    parts += ["<h3>Between experts</h3>", _experts_table(block["experts"])]
    parts += ["<h3>Confusion: consensus (rows) vs machine (columns)</h3>", _matrices(block["axes"])]
    for category, sub in block.get("categories", {}).items():
        parts += [
            f"<h3>Category {escape(category)}</h3>",
            _axes_table(sub["axes"]),
            _experts_table(sub["experts"]),
        ]
    return "".join(parts)


def _verified_section(verified: Mapping[str, Any]) -> str:
    rules = verified.get("rules", {})
    rows = [
        [
            escape(v["category"]),
            escape(v["axis"]),
            '<span class="yes">Verified</span>' if v["verified"] else '<span class="no">not verified</span>',
            escape(v["reason"]),
        ]
        for v in verified.get("axes", [])
    ]
    runs = verified.get("runs", {})
    return (
        "<h2>Verified</h2>"
        f'<p class="note">Rules: {escape(str(rules.get("source") or "built-in defaults"))}; consensus '
        f"{escape(str(rules.get('consensus')))} of ≥ {rules.get('min_experts')} experts; tolerance "
        f"{rules.get('tolerance_steps')} step(s).</p>"
        + _table(("category", "axis", "mark", "why"), rows, left=4)
        + f"<p>Runs Verified: <b>{runs.get('verified', 0)}</b> of {runs.get('graded', 0)} graded.</p>"
    )


def _bounds(rows: Sequence[Mapping[str, Any]]) -> str:
    return ", ".join(
        ("else" if r.get("else") else ("&gt;" if r.get("exclusive") else "") + f"{r['bound']:g}")
        + f"→{r['score']}"
        for r in rows
    )


def _change(kappas: Mapping[str, Any]) -> str:
    return f"{_number(kappas['before'])} → {_number(kappas['after'])} (n = {kappas['runs']})"


def _thresholds_section(proposals: Sequence[Mapping[str, Any]]) -> str:
    if not proposals:
        return ""
    rows = [
        [
            f"{escape(p['axis'])} {escape(p['table'])}",
            _bounds(p["current"]),
            _bounds(p["proposed"]),
            _change(p["calibration"]),
            _change(p["validation"]),
        ]
        for p in proposals
    ]
    return "<h2>Threshold proposals (from calibration grades only)</h2>" + _table(
        ("table", "current bounds", "proposed bounds", "calibration kappa", "validation kappa"), rows, 3
    )


def render_html(report: Mapping[str, Any]) -> str:
    settings = report.get("settings", {})
    split = report.get("split", {})
    warnings = "".join(f"<li>{escape(w)}</li>" for w in report.get("warnings", []))
    header = (
        "<h1>PRISM Desktop: machine–expert agreement</h1>"
        f'<p class="note">Generated {escape(str(report.get("generated_at", "")))}; raters: '
        f"{escape(', '.join(report.get('raters', [])))}; bootstrap {settings.get('bootstrap')} resamples, "
        f"seed {settings.get('seed')}; tasks: {len(split.get('calibration', []))} calibration, "
        f"{len(split.get('validation', []))} validation. The validation figures are the headline. "
        f"Consensus: {escape(str(settings.get('consensus_rule') or settings.get('consensus')))}.</p>"
    )
    body = [header, _verified_section(report.get("verified", {}))]
    for name in ("validation", "calibration"):
        if name in report:
            body.append(_split_section(f"{name.capitalize()} tasks", report[name]))
    body.append(_thresholds_section(report.get("thresholds", [])))
    if warnings:
        body.append(f"<h2>Warnings</h2><ul>{warnings}</ul>")
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>PRISM Desktop agreement report</title>"
        f"<style>{_STYLE}</style></head><body>{''.join(body)}</body></html>\n"
    )
