"""Work against input size on log–log axes, drawn with QPainter: the measured points, the growth line
the machine fitted (slope p, through the end points as PRISM does) and the optimal growth p_opt
from the first point. A straight line of slope p on these axes is work ∝ n^p."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from prism_desktop.gui.colour_scheme import scheme


def _point_fit_optimal() -> tuple[str, str, str]:
    """Colours of the measured points, the fitted growth and the optimal growth: chart series 1-3."""
    series = scheme().chart_series
    return series[0], series[1], series[2]


def _decades(low: float, high: float) -> list[float]:
    """Powers of ten (and 2×, 5× when few) spanning [low, high] for tick marks."""
    first, last = math.floor(math.log10(low)), math.ceil(math.log10(high))
    ticks = [10.0**e for e in range(first, last + 1)]
    if len(ticks) <= 3:
        ticks = sorted({m * 10.0**e for e in range(first, last + 1) for m in (1, 2, 5)})
    return [t for t in ticks if low <= t <= high]


def _label(value: float) -> str:
    if value >= 1_000_000:
        return f"{value / 1_000_000:g}M"
    if value >= 1000:
        return f"{value / 1000:g}k"
    return f"{value:g}"


class PerfPlot(QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.sizes: list[int] = []
        self.values: list[float] = []
        self.p: float | None = None
        self.p_opt: float | None = None
        self.value_label = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(260, 180)

    def sizeHint(self) -> QSize:
        return QSize(420, 260)

    def set_data(
        self,
        sizes: Sequence[int],
        values: Sequence[float | int | None],
        p: float | None,
        p_opt: float | None,
        value_label: str,
    ) -> None:
        """Points with a missing or non-positive value cannot sit on a log axis and are left out."""
        pairs = [
            (n, float(v)) for n, v in zip(sizes, values, strict=False) if v is not None and v > 0 and n > 0
        ]
        self.sizes = [n for n, _ in pairs]
        self.values = [v for _, v in pairs]
        self.p, self.p_opt, self.value_label = p, p_opt, value_label
        self.update()

    def has_points(self) -> bool:
        return len(self.sizes) >= 1

    def paintEvent(self, event: QPaintEvent) -> None:
        colours = scheme()
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), QColor(colours.chart_background))
        small = QFont(self.font())
        small.setPointSizeF(max(self.font().pointSizeF() - 1, 7))
        painter.setFont(small)
        if not self.sizes:
            painter.setPen(QColor(colours.muted))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.tr("No measurements to plot"))
            painter.end()
            return
        metrics = painter.fontMetrics()
        plot = QRectF(metrics.horizontalAdvance("0000M") + 14, 12, 0, 0)
        plot.setRight(self.width() - 14)
        plot.setBottom(self.height() - metrics.height() * 2 - 10)
        x_low, x_high = min(self.sizes) / 1.25, max(self.sizes) * 1.25
        lines = self._lines()
        all_values = self.values + [v for line in lines for _, v in line[1]]
        y_low, y_high = min(all_values) / 1.6, max(all_values) * 1.6
        if x_high / x_low < 10:  # keep at least one decade so a slope reads as a slope
            x_low, x_high = math.sqrt(x_low * x_high) / 3.2, math.sqrt(x_low * x_high) * 3.2
        if y_high / y_low < 10:
            y_low, y_high = math.sqrt(y_low * y_high) / 3.2, math.sqrt(y_low * y_high) * 3.2

        def to_point(n: float, v: float) -> QPointF:
            fx = (math.log(n) - math.log(x_low)) / (math.log(x_high) - math.log(x_low))
            fy = (math.log(v) - math.log(y_low)) / (math.log(y_high) - math.log(y_low))
            return QPointF(plot.left() + fx * plot.width(), plot.bottom() - fy * plot.height())

        grid = QPen(QColor(colours.chart_grid))
        painter.setPen(grid)
        for tick in _decades(x_low, x_high):
            x = to_point(tick, y_low).x()
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()))
            painter.setPen(QColor(colours.chart_text))
            painter.drawText(
                QRectF(x - 30, plot.bottom() + 2, 60, metrics.height()),
                Qt.AlignmentFlag.AlignHCenter,
                _label(tick),
            )
            painter.setPen(grid)
        for tick in _decades(y_low, y_high):
            y = to_point(x_low, tick).y()
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y))
            painter.setPen(QColor(colours.chart_text))
            painter.drawText(
                QRectF(0, y - metrics.height() / 2, plot.left() - 4, metrics.height()),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                _label(tick),
            )
            painter.setPen(grid)
        painter.setPen(QPen(QColor(colours.chart_frame)))
        painter.drawRect(plot)
        painter.setPen(QColor(colours.chart_text))
        painter.drawText(
            QRectF(plot.left(), plot.bottom() + metrics.height() + 4, plot.width(), metrics.height()),
            Qt.AlignmentFlag.AlignHCenter,
            self.tr("input size n (log scale)"),
        )
        painter.save()
        painter.setClipRect(plot)
        for color, points, dashed in lines:
            pen = QPen(QColor(color), 1.6)
            if dashed:
                pen.setStyle(Qt.PenStyle.DashLine)
            painter.setPen(pen)
            painter.drawLine(to_point(*points[0]), to_point(*points[1]))
        painter.restore()
        painter.setPen(QPen(QColor(colours.chart_background), 1.2))
        painter.setBrush(QColor(_point_fit_optimal()[0]))
        for n, v in zip(self.sizes, self.values, strict=True):
            painter.drawEllipse(to_point(n, v), 4.0, 4.0)
        self._legend(painter, plot, lines)
        painter.end()

    def _lines(self) -> list[tuple[str, list[tuple[float, float]], bool]]:
        """(colour, two points, dashed) of the fitted and optimal growth lines."""
        if len(self.sizes) < 2:
            return []
        n0, v0, n1 = float(self.sizes[0]), self.values[0], float(self.sizes[-1])
        _, fit_colour, optimal_colour = _point_fit_optimal()
        lines: list[tuple[str, list[tuple[float, float]], bool]] = []
        if self.p is not None:
            lines.append((fit_colour, [(n0, v0), (n1, v0 * (n1 / n0) ** self.p)], False))
        if self.p_opt is not None:
            lines.append((optimal_colour, [(n0, v0), (n1, v0 * (n1 / n0) ** self.p_opt)], True))
        return lines

    def _legend(
        self, painter: QPainter, plot: QRectF, lines: list[tuple[str, list[tuple[float, float]], bool]]
    ) -> None:
        colours = scheme()
        point_colour, fit_colour, optimal_colour = _point_fit_optimal()
        entries: list[tuple[str, str, bool | None]] = [(point_colour, self.value_label, None)]
        if self.p is not None:
            entries.append(
                (fit_colour, self.tr("measured growth p = %1").replace("%1", f"{self.p:.2f}"), False)
            )
        if self.p_opt is not None:
            entries.append(
                (optimal_colour, self.tr("optimal p_opt = %1").replace("%1", f"{self.p_opt:.2f}"), True)
            )
        metrics = painter.fontMetrics()
        width = max(metrics.horizontalAdvance(text) for _, text, _ in entries) + 34
        height = metrics.height() * len(entries) + 8
        box = QRectF(plot.left() + 8, plot.top() + 8, width, height)
        painter.setPen(QPen(QColor(colours.border)))
        painter.setBrush(QColor(colours.chart_legend))
        painter.drawRect(box)
        for i, (color, text, dashed) in enumerate(entries):
            y = box.top() + 4 + metrics.height() * (i + 0.5)
            if dashed is None:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(color))
                painter.drawEllipse(QPointF(box.left() + 14, y), 3.5, 3.5)
            else:
                pen = QPen(QColor(color), 1.6)
                if dashed:
                    pen.setStyle(Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.drawLine(QPointF(box.left() + 6, y), QPointF(box.left() + 22, y))
            painter.setPen(QColor(colours.chart_text))
            painter.drawText(
                QRectF(box.left() + 28, y - metrics.height() / 2, width, metrics.height()),
                Qt.AlignmentFlag.AlignVCenter,
                text,
            )
