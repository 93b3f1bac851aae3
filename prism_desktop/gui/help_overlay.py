"""A translucent overlay over the review view listing every keyboard shortcut (F1 or ?).
Any key or click closes it."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QHideEvent, QKeyEvent, QMouseEvent, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QVBoxLayout, QWidget

from prism_desktop.gui.colour_scheme import colour_text, follow_scheme, scheme


class HelpOverlay(QWidget):
    def __init__(self, parent: QWidget):
        super().__init__(parent)
        self._host = parent
        self.setObjectName("helpOverlay")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.card = QFrame(self)
        self.card.setObjectName("helpCard")
        follow_scheme(
            self.card,
            lambda: self.card.setStyleSheet(
                "QFrame#helpCard { background: palette(window); border-radius: 8px;"
                f" border: 1px solid {scheme().border}; }}"
            ),
        )
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 13pt; font-weight: 600;")
        self.grid = QGridLayout()
        self.grid.setHorizontalSpacing(18)
        self.grid.setVerticalSpacing(5)
        self.footer = QLabel()
        colour_text(self.footer, lambda c: c.muted)
        layout = QVBoxLayout(self.card)
        layout.setContentsMargins(22, 16, 22, 16)
        layout.addWidget(self.title)
        layout.addLayout(self.grid)
        layout.addWidget(self.footer)
        parent.installEventFilter(self)
        self.hide()

    def set_shortcuts(self, title: str, rows: Sequence[tuple[str, str]], footer: str) -> None:
        self.title.setText(title)
        self.footer.setText(footer)
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for row, (keys, action) in enumerate(rows):
            key_label = QLabel(keys)
            key_label.setStyleSheet(
                "font-family: monospace; font-weight: 600; background: palette(alternate-base);"
                f" border: 1px solid {scheme().border}; border-radius: 3px; padding: 1px 6px;"
            )
            self.grid.addWidget(key_label, row, 0, Qt.AlignmentFlag.AlignRight)
            self.grid.addWidget(QLabel(action), row, 1)

    def rows(self) -> list[tuple[str, str]]:
        """The (keys, action) pairs shown, for tests and docs."""
        pairs: list[tuple[str, str]] = []
        for row in range(self.grid.rowCount()):
            keys, action = self.grid.itemAtPosition(row, 0), self.grid.itemAtPosition(row, 1)
            if keys is not None and action is not None:
                pairs.append((keys.widget().text(), action.widget().text()))  # type: ignore[union-attr]
        return pairs

    def open(self) -> None:
        self.setGeometry(self._host.rect())
        self.card.adjustSize()
        self._center()
        self.show()
        self.raise_()
        self.setFocus()

    def _center(self) -> None:
        size = self.card.sizeHint()
        self.card.setGeometry(
            (self.width() - size.width()) // 2,
            max((self.height() - size.height()) // 2, 8),
            size.width(),
            size.height(),
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._host and event.type() == QEvent.Type.Resize and self.isVisible():
            self.setGeometry(self._host.rect())
            self._center()
        return False

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor(scheme().scrim))
        painter.end()

    def hideEvent(self, event: QHideEvent) -> None:
        # Hand the focus back, or the view's shortcuts would stop with the focus on a hidden widget.
        if self.hasFocus():
            self._host.setFocus()
        super().hideEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        self.hide()
        event.accept()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.hide()
        event.accept()
