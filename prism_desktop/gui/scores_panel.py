"""The machine's verdict per axis (fine score, projected step, instrument and version, the reason
for every N/A) next to the experts' steps, with agreement highlighting. In blind mode the whole
table stays behind a notice until the current expert has graded every applicable axis."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import follow_scheme, scheme
from prism_desktop.gui.plain_text import tooltip as plain_tooltip
from prism_desktop.gui.reason_texts import localized_reason
from prism_desktop.services.grading import GradeRecord, MachineAxis


def agreement_color(machine: int | None, expert: int | None) -> str | None:
    """Background for an expert's step compared with the machine's (the score bands: same step,
    one step apart, further apart); None when either is missing."""
    if machine is None or expert is None:
        return None
    gap = abs(machine - expert)
    colours = scheme()
    return colours.band_good if gap == 0 else colours.band_partial if gap == 2 else colours.band_bad


def _fine(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else f"{int(value)}"


class ScoresPanel(LanguageAware, QWidget):
    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.stack = QStackedWidget()
        self.notice = QLabel()
        self.notice.setWordWrap(True)
        self.notice.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("scoresTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 8)
        self.table.setWordWrap(False)
        # Fit the panel's width: the instrument/reason column takes what is left and elides.
        self.table.horizontalHeader().setMinimumSectionSize(24)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustIgnored)
        self.stack.addWidget(self.notice)
        self.stack.addWidget(self.table)
        self.title = QLabel()
        self.title.setWordWrap(True)  # the column is narrow on a 1280-pixel screen
        self.title.setStyleSheet("font-weight: 600;")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.title)
        layout.addWidget(self.stack)
        self._last: (
            tuple[Sequence[MachineAxis], float | None, Sequence[GradeRecord], int | None, bool, str] | None
        ) = None
        self._category = ""
        follow_scheme(self, self._restyle)
        self.retranslate()

    def _restyle(self) -> None:
        colours = scheme()
        self.notice.setStyleSheet(
            f"color: {colours.secondary}; background: {colours.panel};"
            f" border: 1px dashed {colours.border}; padding: 10px;"
        )
        if self._last is not None:
            self.show_scores(*self._last)

    def retranslate(self) -> None:
        self.title.setText(self.tr("Machine scores (Level 1) and expert grades"))
        self.notice.setText(
            self.tr(
                "Blind mode: the machine's scores and other experts' grades are hidden until you have "
                "graded every axis of this run."
            )
        )
        if self._last is not None:
            self.show_scores(*self._last)

    @property
    def hidden(self) -> bool:
        return self.stack.currentWidget() is self.notice

    def _reason(self, verdict: MachineAxis) -> str:
        if verdict.state == "not_applicable":
            if verdict.reason:
                return self.tr("N/A: %1").replace("%1", localized_reason(verdict.reason))
            return self.tr("N/A for category %1").replace("%1", self._category)
        if verdict.state == "not_scored":
            return self.tr("not scored yet")
        if verdict.state == "na":
            reason = localized_reason(verdict.reason) or self.tr("no reason recorded")
            return self.tr("N/A: %1").replace("%1", reason)
        return ""

    def show_scores(
        self,
        verdicts: Sequence[MachineAxis],
        quality: float | None,
        grades: Sequence[GradeRecord],
        me: int | None,
        hidden: bool,
        category: str = "",
    ) -> None:
        """Rows per axis, then Q. Columns: axis, fine, step, instrument / N/A reason, then one per
        expert (the current one first, as "You")."""
        self._last = (verdicts, quality, grades, me, hidden, category)
        self._category = category
        self.stack.setCurrentWidget(self.notice if hidden else self.table)
        experts: dict[int, str] = {}
        for grade in sorted(grades, key=lambda g: (g.expert_id != me, g.expert)):
            experts.setdefault(grade.expert_id, self.tr("You") if grade.expert_id == me else grade.expert)
        steps = {(g.expert_id, g.axis): g.step for g in grades}
        headers = [self.tr("Axis"), self.tr("Score"), self.tr("Step"), self.tr("Instrument / reason")]
        self.table.setColumnCount(len(headers) + len(experts))
        self.table.setHorizontalHeaderLabels(headers + list(experts.values()))
        self.table.setRowCount(len(verdicts) + 1)
        for row, verdict in enumerate(verdicts):
            measured = verdict.state == "measured"
            cells = [
                QTableWidgetItem(verdict.axis),
                QTableWidgetItem(_fine(verdict.score) if measured and verdict.score is not None else "—"),
                QTableWidgetItem(str(verdict.step) if verdict.step is not None else "—"),
                QTableWidgetItem(verdict.instrument or "" if measured else self._reason(verdict)),
            ]
            cells[0].setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            for item in cells[1:3]:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            if not measured:
                for item in cells:
                    item.setForeground(QBrush(QColor(scheme().muted)))
            tip = "\n".join(filter(None, [verdict.instrument, self._reason(verdict)]))
            for column, item in enumerate(cells):
                item.setToolTip(plain_tooltip(tip or item.text()))
                self.table.setItem(row, column, item)
            for offset, expert_id in enumerate(experts):
                step = steps.get((expert_id, verdict.axis))
                item = QTableWidgetItem("" if step is None else str(step))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                color = agreement_color(verdict.step, step)
                if color:
                    item.setBackground(QBrush(QColor(color)))
                    item.setForeground(QBrush(QColor(scheme().band_text)))
                self.table.setItem(row, len(headers) + offset, item)
        q_row = len(verdicts)
        q_cells = [
            QTableWidgetItem("Q"),
            QTableWidgetItem("—" if quality is None else f"{quality:.2f}"),
            QTableWidgetItem(""),
            QTableWidgetItem(self.tr("mean of the measured axes")),
        ]
        for column, item in enumerate(q_cells):
            # Q in the palette's own text colour (a fixed dark grey vanished on the dark theme).
            if column == 3:
                item.setForeground(QBrush(QColor(scheme().muted)))
            if column < 3:
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
            self.table.setItem(q_row, column, item)
        header = self.table.horizontalHeader()
        for column in range(self.table.columnCount()):
            mode = QHeaderView.ResizeMode.Stretch if column == 3 else QHeaderView.ResizeMode.ResizeToContents
            header.setSectionResizeMode(column, mode)
        self.table.setFixedHeight(
            self.table.horizontalHeader().height()
            + self.table.verticalHeader().defaultSectionSize() * self.table.rowCount()
            + 4
        )
