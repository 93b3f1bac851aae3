"""The runs table's Qt model: a window onto the store, not a copy of it.

rowCount is one count query; rows are fetched a page at a time when the view asks for them and
only a few pages are kept, so 10,000+ runs cost what the visible rows cost (the Anki way: the model
holds ids and fetches rows lazily). Filtering and sorting are SQL in services/runs_query.py.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from functools import cache
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont

from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.gui.plain_text import tooltip as plain_tooltip
from prism_desktop.gui.reason_texts import localized_reason
from prism_desktop.services.runs_query import (
    COLUMN_REVEALS,
    COLUMNS,
    Column,
    NaKind,
    NaReason,
    RunRow,
    RunsFilter,
    RunsQuery,
    RunStatus,
    Sort,
    column_allowed,
)
from prism_desktop.services.visibility import Visibility, allows, run_visibility
from prism_desktop.store.models import SOURCE_SCORED_HERE

NA = "—"  # never 0: an unmeasured axis is not a zero score
HIDDEN = "•"  # a machine score withheld in a blind session
SCORE_COLUMNS = (Column.S, Column.M, Column.O, Column.P, Column.Q)
RUN_ID_ROLE = Qt.ItemDataRole.UserRole + 1
TR_CONTEXT = "RunsTableModel"  # the translation context of this module's strings

AnyIndex = QModelIndex | QPersistentModelIndex


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def format_score(axis: str, value: float | None) -> str:
    """Steps (S, O) as integers, fine scores (M, P, Q) with up to two decimals."""
    if value is None:
        return NA
    if axis in ("S", "O"):
        return f"{value:.0f}"
    if axis == "Q":
        return f"{value:.2f}"
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def na_text(reason: NaReason | None) -> str:
    """Why an axis is N/A, in the user's language (a stated reason of no known sentence stays verbatim)."""
    if reason is None:
        return tr("Not measured.")
    if reason.kind is NaKind.NO_ANSWER:
        base = tr("Not measured: the model call failed, there is no answer to score.")
        return f"{base}\n{reason.text}" if reason.text else base
    if reason.kind is NaKind.NOT_SCORED:
        return tr("Not measured yet: Level 1 has not scored this run.")
    if reason.kind is NaKind.NOT_APPLICABLE:
        return tr("Not applicable: P (platform) is measured for category B only.")
    if reason.kind is NaKind.STATED:
        return tr("Not measured: %1").replace("%1", localized_reason(reason.text))
    if reason.kind is NaKind.NOTHING_MEASURED:
        return tr("No quality score: none of the applicable axes was measured.")
    return tr("Not measured (the Level-1 result gives no reason).")


def mine_text(row: RunRow) -> str:
    """The expert's own grades, "S8 M6 O·" (· not graded yet), ✓ first when complete."""
    if not row.my_steps:
        return ""
    steps = dict(row.my_steps)
    cells = " ".join(f"{axis}{steps[axis]}" if axis in steps else f"{axis}·" for axis in row.needed_axes)
    return f"✓ {cells}" if row.fully_graded_by_me else cells


def status_text(status: RunStatus) -> str:
    return {
        RunStatus.SCORED: tr("scored"),
        RunStatus.NOT_SCORED: tr("not scored"),
        RunStatus.NOT_MEASURED: tr("not measured"),
        RunStatus.NO_ANSWER: tr("no answer"),
    }[status]


def header_text(column: Column) -> str:
    return {
        Column.TASK: tr("Task"),
        Column.CATEGORY: tr("Cat."),
        Column.MODEL: tr("Model"),
        Column.RUN: "#",
        Column.STATUS: tr("Status"),
        Column.MINE: tr("Mine"),
        Column.GRADED_BY: tr("Graded by"),
        Column.VERIFIED: "✔",
    }.get(column, column.value)


def header_tip(column: Column) -> str:
    return {
        Column.TASK: tr("Task id and name"),
        Column.CATEGORY: tr("Task category: A (algorithms) or B (platform)"),
        Column.MODEL: tr("The model that wrote the answer"),
        Column.RUN: tr("Run index of the answer (0-based, as in the result files)"),
        Column.S: tr("S, syntax: step 0–10"),
        Column.M: tr("M, meaning: share of hidden tests passed, 0–10"),
        Column.O: tr("O, optimality: step 0–10 from measured growth"),
        Column.P: tr("P, platform: clean share, 0–10 (category B only)"),
        Column.Q: tr("Q, quality: mean of the applicable measured axes"),
        Column.STATUS: tr("Level-1 state of the run"),
        Column.MINE: tr("Your own grades of the run (✓ when every axis is graded)"),
        Column.GRADED_BY: tr("Experts who graded the run"),
        Column.VERIFIED: tr("Verified: experts and machine agree under the verification rules"),
    }[column]


_PAINT_SLOTS: dict[int, int] = {
    Qt.ItemDataRole.DisplayRole: 0,
    Qt.ItemDataRole.ForegroundRole: 1,
    Qt.ItemDataRole.BackgroundRole: 2,
    Qt.ItemDataRole.FontRole: 3,
}
_CENTERED = frozenset(
    n
    for n, c in enumerate(COLUMNS)
    if c in SCORE_COLUMNS or c in (Column.CATEGORY, Column.RUN, Column.VERIFIED)
)


@cache
def _bold() -> QFont:
    """Made on first use: a QFont needs the application to exist."""
    font = QFont()
    font.setBold(True)
    return font


def _status_colour(status: RunStatus) -> str | None:
    colours = scheme()
    return {
        RunStatus.NOT_SCORED: colours.muted,
        RunStatus.NOT_MEASURED: colours.warn,
        RunStatus.NO_ANSWER: colours.bad,
    }.get(status)


class RunsTableModel(QAbstractTableModel):
    """Runs matching a filter, sorted in SQL, fetched `page_size` rows at a time."""

    countChanged = Signal(int)

    def __init__(
        self,
        query: RunsQuery,
        parent: QObject | None = None,
        page_size: int = 100,
        max_pages: int = 8,
    ):
        super().__init__(parent)
        self.query = query
        self.page_size = page_size
        self.max_pages = max_pages
        self._filter = RunsFilter()
        self._sort = Sort()
        self._count = 0
        self._pages: OrderedDict[int, list[RunRow]] = OrderedDict()  # page number -> rows, LRU order
        self._cells: dict[int, list[tuple[Any, ...]]] = {}  # run id -> its cells as painted
        self.blind = False  # a blind session: machine scores hidden until the run is fully graded
        self.verified_note = ""  # why the Verified marks are N/A (set by the window, translated)
        self._reload_count()

    # -- what is shown -------------------------------------------------------------------------

    @property
    def run_filter(self) -> RunsFilter:
        return self._filter

    @property
    def sort_order(self) -> Sort:
        return self._sort

    def set_query(self, query: RunsQuery) -> None:
        self.query = query
        self.reload()

    def set_filter(self, run_filter: RunsFilter, blind: bool = False) -> None:
        if run_filter == self._filter and blind == self.blind:
            return
        self._filter = run_filter
        self.blind = blind
        self.reload()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Called by the view's header; -1 restores the natural order."""
        chosen = COLUMNS[column] if 0 <= column < len(COLUMNS) else None
        if not column_allowed(chosen, self._filter.visibility):
            chosen = None  # a blind session: ordering by a hidden value would show it
        wanted = Sort(chosen, order == Qt.SortOrder.DescendingOrder and chosen is not None)
        if wanted != self._sort:  # the view re-sends the current order when sorting is enabled
            self._sort = wanted
            self.reload()

    def reload(self) -> None:
        """Count again and forget every cached row (filter, sort or data changed wholesale)."""
        self.beginResetModel()
        self._pages.clear()
        self._cells.clear()
        self._reload_count()
        self.endResetModel()
        self.countChanged.emit(self._count)

    def _reload_count(self) -> None:
        self._count = self.query.count(self._filter)

    @property
    def loaded_row_count(self) -> int:
        """How many rows are held in memory now (a few pages, never the whole table)."""
        return sum(len(rows) for rows in self._pages.values())

    # -- rows -----------------------------------------------------------------------------------

    def _page(self, number: int) -> list[RunRow]:
        rows = self._pages.get(number)
        if rows is None:
            rows = self.query.page(self._filter, self._sort, number * self.page_size, self.page_size)
            self._pages[number] = rows
            while len(self._pages) > self.max_pages:
                _, evicted = self._pages.popitem(last=False)
                for gone in evicted:
                    self._cells.pop(gone.run_id, None)
        else:
            self._pages.move_to_end(number)
        return rows

    def row_at(self, row: int) -> RunRow | None:
        if not 0 <= row < self._count:
            return None
        page = self._page(row // self.page_size)
        offset = row % self.page_size
        return page[offset] if offset < len(page) else None

    def run_id_at(self, row: int) -> int | None:
        found = self.row_at(row)
        return None if found is None else found.run_id

    def row_of(self, run_id: int) -> int | None:
        """The row showing this run: from the cached pages when there, else one SQL query."""
        for number, rows in self._pages.items():
            for offset, row in enumerate(rows):
                if row.run_id == run_id:
                    return number * self.page_size + offset
        return self.query.row_of(self._filter, self._sort, run_id)

    def refresh_runs(self, run_ids: list[int]) -> None:
        """Re-read these runs (scored or graded meanwhile) where they are shown; their positions
        stay until the next reload, so rows do not jump under the user's cursor."""
        wanted = set(run_ids)
        places = [
            (number, offset, row.run_id)
            for number, rows in self._pages.items()
            for offset, row in enumerate(rows)
            if row.run_id in wanted
        ]
        if not places:
            return
        self.update_rows(self.query.rows_by_id({run_id for _, _, run_id in places}, self._filter).values())

    def update_rows(self, rows: Iterable[RunRow]) -> None:
        """Put rows read elsewhere (a worker thread) in place of the shown rows of the same runs."""
        fresh = {row.run_id: row for row in rows}
        last = self.columnCount() - 1
        for number, page in self._pages.items():
            for offset, shown in enumerate(page):
                if shown.run_id in fresh:
                    page[offset] = fresh[shown.run_id]
                    self._cells.pop(shown.run_id, None)
                    row = number * self.page_size + offset
                    self.dataChanged.emit(self.index(row, 0), self.index(row, last))

    # -- Qt model API ----------------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else self._count

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(COLUMNS):
            return None
        column = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return header_text(column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if not column_allowed(column, self._filter.visibility):
                return (
                    header_tip(column)
                    + "\n"
                    + tr("Not sortable in this blind session until you have graded every one of its runs.")
                )
            return header_tip(column)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in SCORE_COLUMNS:
            return Qt.AlignmentFlag.AlignCenter
        return None

    def restyle(self) -> None:
        """Paint again with the current colour scheme (the theme changed): cells cache colours."""
        self.retranslate()

    def retranslate(self) -> None:
        self._cells.clear()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)
        if self._count:
            self.dataChanged.emit(self.index(0, 0), self.index(self._count - 1, len(COLUMNS) - 1))

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # A repaint asks for several roles of every visible cell: those come from a per-row cache.
        slot = _PAINT_SLOTS.get(role)
        if slot is not None:
            cells = self._cells_at(index.row()) if index.isValid() else None
            return None if cells is None else cells[index.column()][slot]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return Qt.AlignmentFlag.AlignCenter if index.column() in _CENTERED else None
        if role not in (RUN_ID_ROLE, Qt.ItemDataRole.ToolTipRole) or not index.isValid():
            return None
        row = self.row_at(index.row())
        if row is None:
            return None
        if role == RUN_ID_ROLE:
            return row.run_id
        tip = self._tooltip(row, COLUMNS[index.column()])
        return plain_tooltip(tip) if tip else None  # reasons and names come from the run's files

    def _cells_at(self, row_number: int) -> list[tuple[Any, ...]] | None:
        row = self.row_at(row_number)
        if row is None:
            return None
        cells = self._cells.get(row.run_id)
        if cells is None:
            cells = self._cells[row.run_id] = [self._paint(row, column) for column in COLUMNS]
        return cells

    def _paint(self, row: RunRow, column: Column) -> tuple[Any, ...]:
        """(text, foreground, background, font) of one cell, in _PAINT_SLOTS order."""
        shown = column in SCORE_COLUMNS and not self._hidden(row)
        # A band tint per score, scanned faster than read; its text colour is the scheme's, never
        # the palette's (light text on a light tint vanished in the dark theme).
        band = scheme().band(row.scores[column.value]) if shown else None
        background = QColor(band) if band else None
        foreground = QColor(scheme().band_text) if band else self._foreground(row, column)
        font = _bold() if shown and column is Column.Q else None
        return self._display(row, column), foreground, background, font

    def visibility(self, row: RunRow) -> Visibility:
        """The blind rule (services.visibility), the same one the review view follows."""
        return run_visibility(blind=self.blind, needed_axes=row.needed_axes, my_axes=row.my_axes)

    def _hidden(self, row: RunRow) -> bool:
        return not self.visibility(row).machine

    def _conceals(self, row: RunRow, column: Column) -> bool:
        """Is this cell withheld from the expert (the blind rule, by what the column tells)?"""
        return not allows(self.visibility(row), COLUMN_REVEALS.get(column, frozenset()))

    def _display(self, row: RunRow, column: Column) -> str:
        if column in SCORE_COLUMNS:
            if self._hidden(row):
                return HIDDEN
            return format_score(column.value, row.scores[column.value])
        if column is Column.TASK:
            return f"{row.task_id}  {row.task_name}" if row.task_name else row.task_id
        if column is Column.CATEGORY:
            return row.category
        if column is Column.MODEL:
            return (row.model_name or row.model_id) if self.visibility(row).model else HIDDEN
        if column is Column.RUN:
            return str(row.run_index)
        if column is Column.STATUS:
            if self._hidden(row) and row.status is not RunStatus.NO_ANSWER:
                return HIDDEN  # "no answer" is plain to see; the machine's verdict is not
            return status_text(row.status)
        if column is Column.MINE:
            return mine_text(row)
        if column is Column.GRADED_BY:
            return ", ".join(self._graders(row))
        # Verified
        if self._conceals(row, column):
            return HIDDEN
        if row.verified is None:
            return NA
        return "✓" if row.verified else ""

    def _tooltip(self, row: RunRow, column: Column) -> str | None:
        if column in SCORE_COLUMNS:
            axis = column.value
            if self._hidden(row):
                return tr("Hidden in this blind session until you have graded every axis of the run.")
            if row.scores[axis] is None:
                return na_text(row.reasons.get(axis))
            step = row.steps.get(axis)
            if axis in ("M", "P") and step is not None:
                return (
                    tr("%1 = %2, step %3")
                    .replace("%1", axis)
                    .replace("%2", format_score(axis, row.scores[axis]))
                    .replace("%3", str(step))
                )
            return None
        if column is Column.TASK:
            return f"{row.task_id}: {row.task_name}" if row.task_name else row.task_id
        if column is Column.MODEL:
            if not self.visibility(row).model:
                return tr("Hidden in this blind session until you have graded every axis of the run.")
            return f"{row.model_name or row.model_id}\n{row.model_id}\n{tr('Experiment:')} {row.experiment}"
        if column is Column.STATUS:
            if self._hidden(row) and row.status is not RunStatus.NO_ANSWER:
                return tr("Hidden in this blind session until you have graded every axis of the run.")
            return self._status_tip(row)
        if column is Column.MINE:
            left = self.visibility(row).remaining if self.blind else ()
            missing = [a for a in row.needed_axes if a not in row.my_axes]
            if not missing:
                return None
            return tr("Not graded yet: %1").replace("%1", ", ".join(left or missing))
        if column is Column.VERIFIED:
            if self._conceals(row, column):
                return tr("Hidden in this blind session until you have graded every axis of the run.")
            if row.verified is None:
                return self.verified_note or None
            return tr("Verified") if row.verified else tr("Not Verified")
        if column is Column.GRADED_BY and self._graders(row):
            return ", ".join(self._graders(row))
        return None

    def _graders(self, row: RunRow) -> tuple[str, ...]:
        """Who graded the run; in a blind session only the expert themself until they are done."""
        if self.visibility(row).other_experts:
            return row.graders
        return tuple(name for name in row.graders if name == self._filter.expert)

    def _status_tip(self, row: RunRow) -> str:
        if row.status is RunStatus.NO_ANSWER:
            return na_text(row.reasons.get("Q"))
        if row.status is RunStatus.NOT_SCORED:
            return tr("No Level-1 result yet: score it from the Level 1 menu.")
        where = (
            tr("Scored here by PRISM Desktop.")
            if row.source == SOURCE_SCORED_HERE
            else tr("From the auto file %1").replace("%1", row.source_file or "")
        )
        if row.status is RunStatus.NOT_MEASURED:
            return f"{na_text(row.reasons.get('Q'))}\n{where}"
        return where

    def _foreground(self, row: RunRow, column: Column) -> QColor | None:
        colour: str | None = None
        if column in SCORE_COLUMNS and (self._hidden(row) or row.scores[column.value] is None):
            colour = scheme().muted
        elif column is Column.STATUS:
            colour = _status_colour(row.status)
        elif column is Column.VERIFIED and row.verified and not self._conceals(row, column):
            colour = scheme().good
        return QColor(colour) if colour else None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
