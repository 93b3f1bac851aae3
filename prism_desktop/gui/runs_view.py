"""The runs table widget: compact rows, SQL sorting from the header, and a current run that survives
filtering and re-sorting (it is tracked by run id, not by row)."""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableView, QWidget

from prism_desktop.gui.runs_model import RunsTableModel
from prism_desktop.services.runs_query import COLUMNS, Column, column_allowed

# Initial widths in character cells; the task column stretches.
_WIDTHS = {
    Column.CATEGORY: 4,
    Column.MODEL: 10,
    Column.RUN: 3,
    Column.S: 3.5,
    Column.M: 3.5,
    Column.O: 3.5,
    Column.P: 3.5,
    Column.Q: 5.5,
    Column.STATUS: 10,
    Column.MINE: 11,
    Column.GRADED_BY: 9,
    Column.VERIFIED: 3,
}
TASK_MIN_CELLS = 14  # the task column takes the rest of the width, but never less than this


class RunsView(QTableView):
    currentRunChanged = Signal(object)  # run id (int) or None

    def __init__(self, model: RunsTableModel, parent: QWidget | None = None):
        super().__init__(parent)
        self._current_run: int | None = None
        self.setModel(model)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setAlternatingRowColors(True)
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        header = self.horizontalHeader()
        # Natural order until a click; set before enabling sorting, which re-sorts by the indicator.
        header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)
        header.setSortIndicatorClearable(True)
        self.setSortingEnabled(True)
        header.setHighlightSections(False)
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        header.setMinimumSectionSize(28)
        rows = self.verticalHeader()
        rows.setVisible(False)
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
        self._apply_widths()
        model.modelAboutToBeReset.connect(self._remember_current)
        model.modelReset.connect(self._restore_current)
        model.modelReset.connect(lambda: QTimer.singleShot(0, self._conceal_sort_indicator))
        header.sortIndicatorChanged.connect(lambda *_: QTimer.singleShot(0, self._conceal_sort_indicator))
        self.selectionModel().currentRowChanged.connect(self._on_current_row)

    def runs_model(self) -> RunsTableModel:
        model = self.model()
        assert isinstance(model, RunsTableModel)
        return model

    def _apply_widths(self) -> None:
        cell = self.fontMetrics().horizontalAdvance("0")
        for section, column in enumerate(COLUMNS):
            if column is not Column.TASK:
                self.setColumnWidth(section, round(cell * _WIDTHS[column]) + 8)
        self._fit_task_column()

    def _fit_task_column(self) -> None:
        """The task column fills the free width; in a narrow pane it keeps a readable minimum and
        the table scrolls sideways instead of squeezing task names to nothing."""
        task = COLUMNS.index(Column.TASK)
        others = sum(self.columnWidth(n) for n in range(len(COLUMNS)) if n != task)
        minimum = self.fontMetrics().horizontalAdvance("0") * TASK_MIN_CELLS
        self.setColumnWidth(task, max(minimum, self.viewport().width() - others))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_task_column()

    def _conceal_sort_indicator(self) -> None:
        """A blind session does not sort by what it hides (the model ignores such a sort): no arrow
        on a column that does not order anything."""
        header = self.horizontalHeader()
        section = header.sortIndicatorSection()
        column = COLUMNS[section] if 0 <= section < len(COLUMNS) else None
        if not column_allowed(column, self.runs_model().run_filter.visibility):
            header.setSortIndicator(-1, Qt.SortOrder.AscendingOrder)

    # -- the current run ---------------------------------------------------------------------------

    @property
    def current_run(self) -> int | None:
        return self._current_run

    def _on_current_row(self, current: QModelIndex, _previous: QModelIndex) -> None:
        run_id = self.runs_model().run_id_at(current.row()) if current.isValid() else None
        if run_id != self._current_run:
            self._current_run = run_id
            self.currentRunChanged.emit(run_id)

    def _remember_current(self) -> None:
        self._kept = self._current_run

    def _restore_current(self) -> None:
        kept = getattr(self, "_kept", None)
        row = self.runs_model().row_of(kept) if kept is not None else None
        if row is None:
            if self._current_run is not None:
                self._current_run = None
                self.currentRunChanged.emit(None)
            return
        self.select_row(row)

    def select_row(self, row: int) -> None:
        index = self.model().index(row, 0)
        if not index.isValid():
            return
        flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
        self.selectionModel().setCurrentIndex(index, flags)
        self.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
        # The same run on a new row (after a reload) still counts as the current one.
        self._on_current_row(index, QModelIndex())

    def select_run(self, run_id: int) -> bool:
        """Make this run current (scrolling to it); False when the filter hides it."""
        row = self.runs_model().row_of(run_id)
        if row is None:
            return False
        self.select_row(row)
        return True

    def selected_run_ids(self) -> list[int]:
        """The selected runs; a selection of every row is answered with one id query."""
        model = self.runs_model()
        rows = sorted({index.row() for index in self.selectionModel().selectedRows()})
        if rows and len(rows) == model.rowCount():
            return model.query.run_ids(model.run_filter)
        return [run_id for row in rows if (run_id := model.run_id_at(row)) is not None]
