"""The review's right side: the save-error bar, the grading panel, a message line, the run's grade
history and the machine's scores, in one scrolling column under the grading panel's pinned
buttons (Save and next, Skip, Unsure and the save state never scroll away)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.gui.grade_history import GradeHistory
from prism_desktop.gui.grading_panel import GradingPanel
from prism_desktop.gui.review_saving import SaveErrorBar
from prism_desktop.gui.scores_panel import ScoresPanel


class GradingColumn:
    """The column's parts; `widget` is what the review lays out (the grading panel's own host of the
    scrolling column and its pinned buttons, not wrapped again: a wrapper changes how the column
    sizes its word-wrapped criteria)."""

    def __init__(self) -> None:
        self.save_error = SaveErrorBar()
        self.grading = GradingPanel()
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {scheme().bad};")
        self.message.hide()
        self.history = GradeHistory()
        self.scores = ScoresPanel()
        column = QWidget()
        column_layout = QVBoxLayout(column)
        column_layout.setContentsMargins(4, 0, 4, 0)
        column_layout.setSpacing(8)
        for part in (self.save_error, self.grading, self.message, self.history, self.scores):
            column_layout.addWidget(part)
        column_layout.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(column)
        self.scroll_area.setMinimumWidth(380)
        self.widget = self.grading.pin_actions_under(self.scroll_area)
        self.grading.currentAxisChanged.connect(
            lambda axis: self.scroll_area.ensureWidgetVisible(self.grading.boxes[axis], 0, 0)
        )

    def say(self, text: str, *, info: bool = False) -> None:
        """A line under the grading panel: a problem (in the scheme's "bad" colour) or information."""
        self.message.setStyleSheet("color: palette(text);" if info else f"color: {scheme().bad};")
        self.message.setText(text)
        self.message.show()

    def show_nothing(self) -> None:
        self.grading.set_axes((), {})
        self.grading.setEnabled(False)
        self.history.show_changes([])
        self.scores.show_scores([], None, [], None, hidden=False)
