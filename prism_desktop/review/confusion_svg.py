"""A confusion matrix as a small self-contained SVG heat map (no plotting library): rows are the
reference side (consensus or an expert), columns the other side (the machine or an expert)."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

CELL = 34
MARGIN_LEFT = 62
MARGIN_TOP = 44


def _shade(count: int, largest: int) -> str:
    """White for 0 to a deep blue for the largest cell."""
    share = count / largest if largest else 0.0
    red = round(255 - share * (255 - 31))
    green = round(255 - share * (255 - 94))
    blue = round(255 - share * (255 - 160))
    return f"#{red:02x}{green:02x}{blue:02x}"


def confusion_svg(counts: Sequence[Sequence[int]], labels: Sequence[object], rows: str, columns: str) -> str:
    k = len(labels)
    largest = max((c for row in counts for c in row), default=0)
    width = MARGIN_LEFT + k * CELL + 8
    height = MARGIN_TOP + k * CELL + 8
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{escape(rows)} (rows) against {escape(columns)} (columns)" '
        'font-family="sans-serif" font-size="11">',
        f'<text x="{MARGIN_LEFT + k * CELL / 2}" y="12" text-anchor="middle" font-weight="bold">'
        f"{escape(columns)} →</text>",
        f'<text x="10" y="{MARGIN_TOP + k * CELL / 2}" text-anchor="middle" font-weight="bold" '
        f'transform="rotate(-90 10 {MARGIN_TOP + k * CELL / 2})">{escape(rows)} →</text>',
    ]
    for j, label in enumerate(labels):
        x = MARGIN_LEFT + j * CELL + CELL / 2
        parts.append(f'<text x="{x}" y="{MARGIN_TOP - 6}" text-anchor="middle">{escape(str(label))}</text>')
    for i, label in enumerate(labels):
        y = MARGIN_TOP + i * CELL
        label_y = y + CELL / 2 + 4
        parts.append(
            f'<text x="{MARGIN_LEFT - 6}" y="{label_y}" text-anchor="end">{escape(str(label))}</text>'
        )
        for j in range(k):
            count = counts[i][j]
            x = MARGIN_LEFT + j * CELL
            stroke = ' stroke="#444" stroke-width="1.5"' if i == j else ' stroke="#ccc"'
            fill = _shade(count, largest)
            parts.append(f'<rect x="{x}" y="{y}" width="{CELL}" height="{CELL}" fill="{fill}"{stroke}/>')
            if count:
                colour = "#fff" if largest and count / largest > 0.55 else "#000"
                parts.append(
                    f'<text x="{x + CELL / 2}" y="{y + CELL / 2 + 4}" text-anchor="middle" '
                    f'fill="{colour}">{count}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)
