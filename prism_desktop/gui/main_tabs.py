"""The main window's central area: the Review tab (the runs table under its filter bar, beside the
review of the current run — or, until a workspace is open, a note saying how to open one) and the
Debug tab."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QSplitter, QStackedWidget, QTabWidget, QVBoxLayout, QWidget

REVIEW_TAB, DEBUG_TAB = 0, 1


class MainTabs(QTabWidget):
    def __init__(self, filters: QWidget, table: QWidget, debug: QWidget):
        super().__init__()
        self.setDocumentMode(True)
        self.no_review = QLabel()
        self.no_review.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_review.setWordWrap(True)
        self.review_slot = QStackedWidget()
        self.review_slot.addWidget(self.no_review)
        self.runs_panel = QWidget()
        runs_layout = QVBoxLayout(self.runs_panel)
        runs_layout.setContentsMargins(4, 4, 0, 0)
        runs_layout.setSpacing(4)
        runs_layout.addWidget(filters)
        runs_layout.addWidget(table, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.runs_panel)
        self.splitter.addWidget(self.review_slot)
        self.splitter.setStretchFactor(0, 0)  # a wider window widens the review (its code), not the table
        self.splitter.setStretchFactor(1, 1)
        self.addTab(self.splitter, "")
        self.addTab(debug, "")

    def show_review(self, review: QWidget, old: QWidget | None) -> None:
        """Put a new review in the review's place, the `old` one deleted."""
        self.review_slot.addWidget(review)
        self.review_slot.setCurrentWidget(review)
        if old is not None:
            self.review_slot.removeWidget(old)
            old.deleteLater()

    def review_shown(self) -> bool:
        return self.currentIndex() == REVIEW_TAB
