"""A BSL code view/editor: line numbers, Pygments-driven highlighting, full-width line tints (the
diff) and gutter markers (diagnostics, with their messages as tooltips).

A view may show filler rows that are not lines of the module (the aligned diff inserts them); the
editor keeps a number per row, None for a filler, so gutters and jumps use the module's own line
numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontDatabase,
    QHelpEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QToolTip, QWidget

from prism_desktop.gui.colour_scheme import on_scheme_change, scheme
from prism_desktop.gui.highlighter import BslHighlighter
from prism_desktop.gui.plain_text import tooltip as plain_tooltip

SEVERITY_RANK = {"error": 0, "warning": 1, "information": 2, "hint": 3}


class LanguageAware:
    """Mixin for our widgets: retranslate() whenever the application's language changes (a new
    QTranslator sends every widget a LanguageChange event)."""

    def retranslate(self) -> None:
        raise NotImplementedError

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)  # type: ignore[misc]


@dataclass(frozen=True)
class GutterMarker:
    line: int  # 1-based line of the module
    severity: str  # "error" | "warning" | "information" | "hint"
    message: str


def severity_name(severity: str) -> str:
    names = {
        "error": QCoreApplication.translate("CodeEditor", "error"),
        "warning": QCoreApplication.translate("CodeEditor", "warning"),
        "information": QCoreApplication.translate("CodeEditor", "information"),
        "hint": QCoreApplication.translate("CodeEditor", "hint"),
    }
    return names.get(severity, severity)


def code_font() -> QFont:
    font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
    font.setPointSizeF(max(font.pointSizeF(), 9.5))
    font.setStyleHint(QFont.StyleHint.Monospace)
    return font


class _Gutter(QWidget):
    """Paints the editor's gutter; the editor owns all the state."""

    def __init__(self, editor: CodeEditor):
        super().__init__(editor)
        self._editor = editor
        self.setMouseTracking(True)

    def sizeHint(self) -> QSize:
        return QSize(self._editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self._editor.paint_gutter(event)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            text = self._editor.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().event(event)

    def mousePressEvent(self, event: object) -> None:
        position = event.position().toPoint()  # type: ignore[attr-defined]
        line = self._editor.line_at(position)
        if line is not None:
            self._editor.gutterClicked.emit(line)


class CodeEditor(QPlainTextEdit):
    """Read-only by default (the review); `setReadOnly(False)` makes it an editor (debug mode)."""

    gutterClicked = Signal(int)  # module line number

    MARKER_WIDTH = 14
    CHANGE_BAR_WIDTH = 4

    def __init__(self, parent: QWidget | None = None, *, read_only: bool = True, query: bool = False):
        super().__init__(parent)
        self.setReadOnly(read_only)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setFont(code_font())
        self.setTabStopDistance(self.fontMetrics().horizontalAdvance(" ") * 4)
        self.highlighter = BslHighlighter(self.document(), query)
        self._numbers: list[int | None] | None = None  # None: row i is line i + 1
        self._tints: dict[int, QColor] = {}  # row -> background
        self._change_bars: dict[int, QColor] = {}
        self._markers: dict[int, list[GutterMarker]] = {}  # row -> markers
        self._current_row: int | None = None
        self._gutter = _Gutter(self)
        self.blockCountChanged.connect(self._update_margins)
        self.updateRequest.connect(self._update_gutter)
        self._update_margins()
        on_scheme_change(self, self._restyle)

    def _restyle(self) -> None:
        """The theme switched: token formats, the current line and the gutter take the new scheme
        (diff tints are the owner's: CodeCompare sets them again)."""
        self.highlighter.rehighlight()
        self._apply_selections()
        self._gutter.update()

    # -- content ----------------------------------------------------------------------------------

    def set_code(self, text: str, numbers: Sequence[int | None] | None = None) -> None:
        """Show `text`; `numbers` gives each row's module line (None for a filler row)."""
        self._markers, self._tints, self._change_bars, self._current_row = {}, {}, {}, None
        self._numbers = list(numbers) if numbers is not None else None
        self.setPlainText(text)
        self._apply_selections()
        self._update_margins()

    def row_numbers(self) -> list[int | None]:
        if self._numbers is not None:
            return self._numbers
        return list(range(1, self.blockCount() + 1))

    def row_of_line(self, line: int) -> int | None:
        """The row that shows module line `line`, or None when the module has no such line."""
        if self._numbers is None:
            return line - 1 if 1 <= line <= self.blockCount() else None
        try:
            return self._numbers.index(line)
        except ValueError:
            return None

    def set_row_tints(self, tints: dict[int, QColor], change_bars: dict[int, QColor] | None = None) -> None:
        self._tints = dict(tints)
        self._change_bars = dict(change_bars or {})
        self._apply_selections()
        self._gutter.update()

    def set_markers(self, markers: Sequence[GutterMarker]) -> None:
        """Markers on module lines; a line past the end is shown on the last row."""
        self._markers = {}
        last = max((n for n in self.row_numbers() if n is not None), default=0)
        for marker in markers:
            row = self.row_of_line(min(max(marker.line, 1), last)) if last else None
            if row is not None:
                self._markers.setdefault(row, []).append(marker)
        for row_markers in self._markers.values():
            row_markers.sort(key=lambda m: SEVERITY_RANK.get(m.severity, 9))
        self._update_margins()
        self._gutter.update()

    def markers(self) -> dict[int, list[GutterMarker]]:
        """row -> its markers, worst first."""
        return {row: list(m) for row, m in self._markers.items()}

    def go_to_line(self, line: int) -> bool:
        """Scroll to module line `line`, put the cursor there and mark the row; False if absent."""
        row = self.row_of_line(line)
        if row is None:
            return False
        block = self.document().findBlockByNumber(row)
        cursor = QTextCursor(block)
        self.setTextCursor(cursor)
        self.centerCursor()
        self._current_row = row
        self._apply_selections()
        return True

    # -- painting ---------------------------------------------------------------------------------

    def _apply_selections(self) -> None:
        selections: list[QTextEdit.ExtraSelection] = []
        numbers = self._numbers or []
        rows = set(self._tints) | {i for i, n in enumerate(numbers) if n is None}
        if self._current_row is not None:
            rows.add(self._current_row)
        for row in sorted(rows):
            block = self.document().findBlockByNumber(row)
            if not block.isValid():
                continue
            selection = QTextEdit.ExtraSelection()
            if row == self._current_row:
                brush = QBrush(QColor(scheme().current_line))
            elif row < len(numbers) and numbers[row] is None:
                brush = QBrush(QColor(scheme().filler), Qt.BrushStyle.BDiagPattern)
            else:
                brush = QBrush(self._tints[row])
            selection.format.setBackground(brush)
            selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            selection.cursor = QTextCursor(block)
            selections.append(selection)
        self.setExtraSelections(selections)

    def gutter_width(self) -> int:
        digits = len(str(max([n or 0 for n in self.row_numbers()] + [9])))
        markers = self.MARKER_WIDTH if self._markers else 0
        return 8 + markers + self.fontMetrics().horizontalAdvance("9") * digits + 6 + self.CHANGE_BAR_WIDTH

    def _update_margins(self, *_args: int) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _update_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self._gutter.scroll(0, dy)
        else:
            self._gutter.update(0, rect.y(), self._gutter.width(), rect.height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        contents = self.contentsRect()
        self._gutter.setGeometry(
            QRect(contents.left(), contents.top(), self.gutter_width(), contents.height())
        )

    def _visible_rows(self) -> list[tuple[int, int, int]]:
        """(row, top, height) of every row in view."""
        rows: list[tuple[int, int, int]] = []
        block = self.firstVisibleBlock()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        bottom_limit = self.viewport().height()
        while block.isValid() and top <= bottom_limit:
            height = round(self.blockBoundingRect(block).height())
            if block.isVisible():
                rows.append((block.blockNumber(), top, height))
            top += height
            block = block.next()
        return rows

    def paint_gutter(self, event: QPaintEvent) -> None:
        colours = scheme()
        painter = QPainter(self._gutter)
        painter.fillRect(event.rect(), QColor(colours.gutter))
        width = self._gutter.width()
        numbers = self.row_numbers()
        number_right = width - self.CHANGE_BAR_WIDTH - 6
        painter.setFont(self.font())
        for row, top, height in self._visible_rows():
            number = numbers[row] if row < len(numbers) else None
            if row == self._current_row:
                painter.fillRect(0, top, width, height, QColor(colours.current_line))
            if number is not None:
                current = row == self._current_row
                painter.setPen(QColor(colours.gutter_current_number if current else colours.gutter_number))
                painter.drawText(0, top, number_right, height, Qt.AlignmentFlag.AlignRight, str(number))
            bar = self._change_bars.get(row)
            if bar is not None:
                painter.fillRect(width - self.CHANGE_BAR_WIDTH, top, self.CHANGE_BAR_WIDTH, height, bar)
            markers = self._markers.get(row)
            if markers:
                diameter = min(10, height - 4)
                painter.setRenderHint(QPainter.RenderHint.Antialiasing)
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(colours.severity(markers[0].severity)))
                painter.drawEllipse(4, top + (height - diameter) // 2, diameter, diameter)
                painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        painter.end()

    # -- gutter interaction -----------------------------------------------------------------------

    def _row_at(self, position: QPoint) -> int | None:
        for row, top, height in self._visible_rows():
            if top <= position.y() < top + height:
                return row
        return None

    def line_at(self, position: QPoint) -> int | None:
        row = self._row_at(position)
        numbers = self.row_numbers()
        return numbers[row] if row is not None and row < len(numbers) else None

    def tooltip_at(self, position: QPoint) -> str:
        row = self._row_at(position)
        if row is None or row not in self._markers:
            return ""
        # Diagnostic messages quote the candidate's own identifiers: shown literally.
        return plain_tooltip(
            "\n".join(f"{severity_name(m.severity)}: {m.message}" for m in self._markers[row])
        )
