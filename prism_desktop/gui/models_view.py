"""Review → Models…: one row per model with the multi-sample figures (pass@1/5/10, Stability, Partial
Credit, Compile and Success Rate, each with its 95% interval), the pass@k curve, stability against
pass@1, and a task × model map of the share of correct samples. A cell of the map opens its runs in
the runs table. The table exports as CSV, every picture as PNG. Figures: services/model_comparison.py."""

from __future__ import annotations

import csv
import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.actions import ActionSpec, Menu
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import on_scheme_change, readable_on, scheme
from prism_desktop.gui.window_context import WindowContext
from prism_desktop.services.model_comparison import Comparison, compare_models, experiments_with_scores
from prism_desktop.services.visibility import Reveals, allows
from prism_desktop.store import Store

TR_CONTEXT = "ModelsView"
FIGURE_KEYS = (
    "pass_at_1",
    "pass_at_5",
    "pass_at_10",
    "stability_score",
    "partial_credit_score",
    "compile_rate",
    "success_rate",
)


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def figure(figures: dict[str, Any], key: str) -> float | None:
    if key.startswith("pass_at_"):
        return figures["pass_at_k"].get(key.removeprefix("pass_at_"))
    return figures.get(key)


def figure_text(figures: dict[str, Any], key: str) -> str:
    value = figure(figures, key)
    if value is None:
        return "—"
    interval = figures["ci95"].get(key)
    return f"{value:.2f}" if interval is None else f"{value:.2f} [{interval[0]:.2f}–{interval[1]:.2f}]"


class _SortableNumber(QTableWidgetItem):
    """A cell that sorts by its number (N/A last), whatever text it shows."""

    def __init__(self, text: str, value: float | None):
        super().__init__(text)
        self.value = value
        self.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine = self.value if self.value is not None else float("-inf")
        theirs = getattr(other, "value", None)
        return mine < (theirs if theirs is not None else float("-inf"))


class _Chart(QWidget):
    """Axes in [0, 1] on y with a few ticks; subclasses draw their series inside `plot_area`."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.series: list[tuple[str, list[tuple[float, float]]]] = []
        self.x_title = ""
        self.y_title = ""
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(420, 300)

    def sizeHint(self) -> QSize:
        return QSize(720, 440)

    def x_range(self) -> tuple[float, float]:
        return (0.0, 1.0)

    def set_series(
        self, series: list[tuple[str, list[tuple[float, float]]]], x_title: str, y_title: str
    ) -> None:
        self.series, self.x_title, self.y_title = series, x_title, y_title
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        colours = scheme()
        painter.fillRect(self.rect(), QColor(colours.chart_background))
        area = QRectF(56, 16, max(self.width() - 56 - 200, 80), max(self.height() - 16 - 44, 60))
        x_low, x_high = self.x_range()

        def at(x: float, y: float) -> QPointF:
            fx = (x - x_low) / (x_high - x_low) if x_high > x_low else 0.5
            return QPointF(area.left() + fx * area.width(), area.bottom() - y * area.height())

        painter.setPen(QPen(QColor(colours.chart_grid), 1))
        for tick in (0.0, 0.25, 0.5, 0.75, 1.0):
            painter.drawLine(at(x_low, tick), at(x_high, tick))
            painter.setPen(QColor(colours.chart_text))
            painter.drawText(
                QRectF(0, at(x_low, tick).y() - 8, 50, 16), Qt.AlignmentFlag.AlignRight, f"{tick:.2f}"
            )
            painter.setPen(QPen(QColor(colours.chart_grid), 1))
        painter.setPen(QColor(colours.chart_text))
        for x in self.x_ticks():
            painter.drawText(
                QRectF(at(x, 0).x() - 20, area.bottom() + 4, 40, 16), Qt.AlignmentFlag.AlignCenter, f"{x:g}"
            )
        painter.drawText(
            QRectF(area.left(), area.bottom() + 22, area.width(), 18),
            Qt.AlignmentFlag.AlignCenter,
            self.x_title,
        )
        painter.save()
        painter.translate(12, area.center().y())
        painter.rotate(-90)
        painter.drawText(
            QRectF(-area.height() / 2, -10, area.height(), 18), Qt.AlignmentFlag.AlignCenter, self.y_title
        )
        painter.restore()
        for index, (name, points) in enumerate(self.series):
            color = QColor(colours.chart_series[index % len(colours.chart_series)])
            self.draw_series(painter, [at(x, y) for x, y in points], color)
            legend_y = area.top() + 18 * index
            painter.fillRect(QRectF(area.right() + 14, legend_y + 4, 12, 10), color)
            painter.setPen(QColor(colours.chart_text))
            painter.drawText(QRectF(area.right() + 32, legend_y, 168, 18), Qt.AlignmentFlag.AlignLeft, name)

    def x_ticks(self) -> Sequence[float]:
        return (0.0, 0.25, 0.5, 0.75, 1.0)

    def draw_series(self, painter: QPainter, points: list[QPointF], color: QColor) -> None:
        raise NotImplementedError


class PassAtKChart(_Chart):
    """pass@k against k for every model: how much a model gains from more samples."""

    def x_range(self) -> tuple[float, float]:
        ks = [x for _, points in self.series for x, _ in points]
        return (1.0, max(ks)) if ks and max(ks) > 1 else (0.0, 2.0)

    def x_ticks(self) -> Sequence[float]:
        low, high = self.x_range()
        return [float(k) for k in range(int(low), int(high) + 1)] if low >= 1 else (1.0,)

    def draw_series(self, painter: QPainter, points: list[QPointF], color: QColor) -> None:
        painter.setPen(QPen(color, 2))
        for start, end in itertools.pairwise(points):
            painter.drawLine(start, end)
        painter.setBrush(QBrush(color))
        for point in points:
            painter.drawEllipse(point, 3, 3)


class ScatterChart(_Chart):
    """One point per model: pass@1 across, Stability up."""

    def draw_series(self, painter: QPainter, points: list[QPointF], color: QColor) -> None:
        painter.setPen(QPen(color.darker(130), 1))
        painter.setBrush(QBrush(color))
        for point in points:
            painter.drawEllipse(point, 6, 6)


def share_color(share: float | None) -> QColor:
    """Red (0) through yellow to green (1), vivid enough for either theme; the panel colour when
    nothing was measured. Cell text takes `readable_on` of it."""
    if share is None:
        return QColor(scheme().panel)
    red = int(220 * min(1.0, 2 * (1 - share)) + 20)
    green = int(180 * min(1.0, 2 * share) + 20)
    return QColor(red, green, 70)


class ModelsDialog(LanguageAware, QDialog):
    """Non-modal. `runsRequested(task_id, model_id)` when a map cell is activated; `comparisonReady`
    once figures are on screen."""

    runsRequested = Signal(str, str)
    comparisonReady = Signal(object)

    def __init__(self, store: Store, background: Background | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("modelsDialog")
        self.store = store
        self.background = background or Background(self)
        self.comparison: Comparison | None = None
        self._job = 0
        on_scheme_change(self, self._restyle)
        self.resize(1280, 820)

        self.experiment_label = QLabel()
        self.experiment_box = QComboBox()
        self.experiment_box.setObjectName("modelsExperiment")
        self.experiment_box.setMinimumWidth(320)
        self.experiment_box.currentIndexChanged.connect(lambda _index: self.compute())
        self.status = QLabel()
        self.status.setObjectName("modelsStatus")
        self.status.setWordWrap(True)
        self.csv_button, self.png_button, self.close_button = QPushButton(), QPushButton(), QPushButton()
        self.csv_button.clicked.connect(self.export_csv)
        self.png_button.clicked.connect(self.export_png)
        self.close_button.clicked.connect(self.close)

        self.table = QTableWidget()
        self.table.setObjectName("modelsTable")
        self.table.setSortingEnabled(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.curve = PassAtKChart()
        self.curve.setObjectName("modelsCurve")
        self.scatter = ScatterChart()
        self.scatter.setObjectName("modelsScatter")
        self.heatmap = QTableWidget()
        self.heatmap.setObjectName("modelsHeatmap")
        self.heatmap.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.heatmap.cellActivated.connect(self._cell_activated)
        self.heatmap.cellDoubleClicked.connect(self._cell_activated)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("modelsTabs")
        for widget in (self.table, self.curve, self.scatter, self.heatmap):
            self.tabs.addTab(widget, "")

        top = QHBoxLayout()
        top.addWidget(self.experiment_label)
        top.addWidget(self.experiment_box)
        top.addStretch(1)
        for button in (self.csv_button, self.png_button, self.close_button):
            top.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.tabs, 1)
        self.retranslate()
        self.reload_experiments()

    # -- data --------------------------------------------------------------------------------------

    def reload_experiments(self) -> None:
        current = self.experiment_box.currentData()
        self.experiment_box.blockSignals(True)
        self.experiment_box.clear()
        self.experiment_box.addItem(tr("All experiments"), None)
        for experiment_id, name in experiments_with_scores(self.store):
            self.experiment_box.addItem(name, experiment_id)
        index = self.experiment_box.findData(current)
        self.experiment_box.setCurrentIndex(max(index, 0))
        self.experiment_box.blockSignals(False)
        self.compute()

    def compute(self) -> None:
        self._job += 1
        job, store, experiment_id = self._job, self.store, self.experiment_box.currentData()
        self.status.setText(tr("Computing the figures of every model…"))
        self.background.start(
            lambda _progress, _cancel: compare_models(store, experiment_id),
            on_finished=lambda result: self._finished(job, result),
            on_failed=lambda error: self._failed(job, error),
        )

    def _finished(self, job: int, comparison: Comparison) -> None:
        if job != self._job:
            return
        self.show_comparison(comparison)
        self.comparisonReady.emit(comparison)

    def _failed(self, job: int, error: BaseException) -> None:
        if job == self._job:
            self.status.setText(tr("The figures could not be computed: %1").replace("%1", str(error)))

    # -- showing ------------------------------------------------------------------------------------

    def show_comparison(self, comparison: Comparison) -> None:
        self.comparison = comparison
        if not comparison.rows:
            self.status.setText(
                tr("No scored runs yet: score an experiment (Level 1) or import its auto file.")
            )
        else:
            n_max = max(row.figures["n_max"] for row in comparison.rows)
            self.status.setText(
                tr("%1 models · %2 tasks · up to %3 samples per task. Intervals: 95% bootstrap over tasks.")
                .replace("%1", str(len({row.model for row in comparison.rows})))
                .replace("%2", str(len(comparison.tasks)))
                .replace("%3", str(n_max))
            )
        self._fill_table(comparison)
        self._fill_heatmap(comparison)
        self.curve.set_series(
            [(self._row_name(row), [(float(k), v) for k, v in row.curve]) for row in comparison.rows],
            tr("k (samples drawn)"),
            tr("pass@k"),
        )
        self.scatter.set_series(
            [
                (self._row_name(row), [(row.figures["pass_at_k"]["1"], row.figures["stability_score"])])
                for row in comparison.rows
                if row.figures["pass_at_k"]["1"] is not None and row.figures["stability_score"] is not None
            ],
            tr("pass@1"),
            tr("Stability"),
        )
        for button in (self.csv_button, self.png_button):
            button.setEnabled(bool(comparison.rows))

    def _row_name(self, row: Any) -> str:
        categories = {r.category for r in self.comparison.rows} if self.comparison else set()
        return row.model if len(categories) <= 1 else f"{row.model} ({row.category})"

    def _headers(self) -> list[str]:
        return [
            tr("Model"),
            tr("Category"),
            tr("Tasks"),
            tr("Samples per task"),
            "pass@1",
            "pass@5",
            "pass@10",
            tr("Stability"),
            tr("Partial credit"),
            tr("Compile rate"),
            tr("Success rate"),
        ]

    def _fill_table(self, comparison: Comparison) -> None:
        self.table.setSortingEnabled(False)
        self.table.clear()
        self.table.setColumnCount(len(self._headers()))
        self.table.setHorizontalHeaderLabels(self._headers())
        self.table.setRowCount(len(comparison.rows))
        for r, row in enumerate(comparison.rows):
            figures = row.figures
            n_text = (
                str(figures["n_min"])
                if figures["n_min"] == figures["n_max"]
                else f"{figures['n_min']}–{figures['n_max']}"
            )
            cells: list[QTableWidgetItem] = [
                QTableWidgetItem(row.model),
                QTableWidgetItem(row.category),
                _SortableNumber(str(figures["tasks"]), figures["tasks"]),
                _SortableNumber(n_text, figures["n_max"]),
            ]
            for key in FIGURE_KEYS:
                item = _SortableNumber(figure_text(figures, key), figure(figures, key))
                reason = figures["reasons"].get(key)
                if reason:
                    item.setToolTip(reason)
                cells.append(item)
            for c, cell in enumerate(cells):
                self.table.setItem(r, c, cell)
        self.table.resizeColumnsToContents()
        self.table.setSortingEnabled(True)

    def _restyle(self) -> None:
        """The theme switched: the map's N/A cells take the new panel colour (charts repaint)."""
        if self.comparison is not None:
            self._fill_heatmap(self.comparison)

    def _fill_heatmap(self, comparison: Comparison) -> None:
        models = sorted({model for _, model in comparison.cells})
        self.heatmap.clear()
        self.heatmap.setRowCount(len(comparison.tasks))
        self.heatmap.setColumnCount(len(models))
        self.heatmap.setHorizontalHeaderLabels(models)
        self.heatmap.setVerticalHeaderLabels(list(comparison.tasks))
        for r, task_id in enumerate(comparison.tasks):
            for c, model in enumerate(models):
                cell = comparison.cells.get((task_id, model))
                if cell is None:
                    continue
                text = f"{cell.correct}/{cell.samples}" if cell.samples else "N/A"
                cell_item = QTableWidgetItem(text)
                cell_item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                background = share_color(cell.share)
                cell_item.setBackground(background)
                cell_item.setForeground(readable_on(background))
                cell_item.setData(Qt.ItemDataRole.UserRole, (cell.task_id, cell.model_id))
                cell_item.setToolTip(
                    tr("%1 · %2: %3 of %4 samples correct; %5 runs. Double-click to list them.")
                    .replace("%1", task_id)
                    .replace("%2", model)
                    .replace("%3", str(cell.correct))
                    .replace("%4", str(cell.samples))
                    .replace("%5", str(len(cell.run_ids)))
                )
                self.heatmap.setItem(r, c, cell_item)
        self.heatmap.resizeColumnsToContents()

    def _cell_activated(self, row: int, column: int) -> None:
        item = self.heatmap.item(row, column)
        if item is not None:
            task_id, model_id = item.data(Qt.ItemDataRole.UserRole)
            self.runsRequested.emit(task_id, model_id)

    # -- exports ------------------------------------------------------------------------------------

    def _save_path(self, title: str, suffix: str, filter_text: str) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self, title, f"models{suffix}", filter_text)
        return Path(name) if name else None

    def write_csv(self, path: Path) -> None:
        """The table's rows: one per model and category, each figure with its interval bounds."""
        if self.comparison is None:
            return
        with open(path, "w", encoding="utf-8", newline="") as handle:
            writer = csv.writer(handle)
            header = ["model", "category", "tasks", "n_min", "n_max"]
            for key in FIGURE_KEYS:
                header += [key, f"{key}_ci_low", f"{key}_ci_high"]
            writer.writerow(header)
            for row in self.comparison.rows:
                figures = row.figures
                line: list[Any] = [
                    row.model,
                    row.category,
                    figures["tasks"],
                    figures["n_min"],
                    figures["n_max"],
                ]
                for key in FIGURE_KEYS:
                    interval = figures["ci95"].get(key) or ("", "")
                    value = figure(figures, key)
                    line += ["" if value is None else f"{value:.6f}", *interval]
                writer.writerow(line)

    def export_csv(self) -> None:
        path = self._save_path(tr("Export the models table"), ".csv", tr("CSV files (*.csv)"))
        if path is not None:
            self._attempt(lambda: self.write_csv(path))

    def export_png(self) -> None:
        path = self._save_path(tr("Save the picture shown"), ".png", tr("PNG images (*.png)"))
        if path is not None:
            self._attempt(lambda: self._save_png(path))

    def _save_png(self, path: Path) -> None:
        if not self.tabs.currentWidget().grab().save(str(path), "PNG"):
            raise OSError(0, tr("the picture could not be written"), str(path))

    def _attempt(self, write: Any) -> None:
        try:
            write()
        except OSError as error:
            QMessageBox.warning(
                self, tr("Export failed"), f"{error.filename or ''}: {error.strerror or error}"
            )

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Models — multi-sample figures"))
        self.experiment_label.setText(tr("Experiment:"))
        if self.experiment_box.count():
            self.experiment_box.setItemText(0, tr("All experiments"))
        self.csv_button.setText(tr("Export CSV…"))
        self.png_button.setText(tr("Save picture…"))
        self.close_button.setText(tr("Close"))
        for index, title in enumerate(
            (tr("Models"), tr("pass@k curve"), tr("Stability vs pass@1"), tr("Tasks × models"))
        ):
            self.tabs.setTabText(index, title)
        if self.comparison is not None:
            self.show_comparison(self.comparison)


def models_allowed(ctx: WindowContext) -> bool:
    """Every model's scores per task: not in a blind session before all its runs are graded
    (services.visibility)."""
    return allows(ctx.visibility, {Reveals.MODEL, Reveals.MACHINE})


def open_models(ctx: WindowContext) -> None:
    """Review → Models…: one window, refreshed on every open, closed when a blind session is
    entered."""
    if ctx.workspace is None or not models_allowed(ctx):
        return
    dialog = ctx.kept.get("models")
    if isinstance(dialog, ModelsDialog):
        dialog.reload_experiments()
    else:
        dialog = ModelsDialog(ctx.store, ctx.background, ctx.parent)
        dialog.runsRequested.connect(ctx.show_runs_of)
        ctx.kept["models"] = dialog
        shown = dialog

        def visibility_changed(_visibility: object) -> None:
            if not models_allowed(ctx):
                shown.close()

        ctx.on_visibility_changed(visibility_changed)
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()


MODELS_ACTIONS: tuple[ActionSpec[WindowContext], ...] = (
    ActionSpec(
        "review.models",
        lambda: tr("&Models…"),
        open_models,
        Menu.REVIEW,
        tip=lambda: tr("pass@k, stability and success of every model, per task"),
        enabled_when=lambda ctx: ctx.workspace is not None and models_allowed(ctx),
    ),
)
