"""Reference (canonical.bsl, or a code task's reference) and candidate side by side, aligned line
by line with difflib: equal lines stay level, a line only one side has faces a filler row on the
other, changed lines are tinted. Both panes scroll together."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QScrollBar, QSplitter, QVBoxLayout, QWidget

from prism_desktop.gui.code_editor import CodeEditor, GutterMarker, LanguageAware, code_font
from prism_desktop.gui.colour_scheme import follow_scheme, scheme


@dataclass(frozen=True)
class AlignedRow:
    left: int | None  # 1-based line of the reference, None for a filler
    right: int | None  # 1-based line of the candidate
    kind: str  # "equal" | "replace" | "delete" | "insert"


def _normalised(line: str) -> str:
    """Lines are compared ignoring whitespace runs: tabs against spaces is not a change of code."""
    return " ".join(line.split())


def align_lines(left: Sequence[str], right: Sequence[str]) -> list[AlignedRow]:
    """Rows of an aligned two-pane diff of `left` against `right`."""
    matcher = difflib.SequenceMatcher(
        None, [_normalised(x) for x in left], [_normalised(x) for x in right], autojunk=False
    )
    rows: list[AlignedRow] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            rows += [AlignedRow(i1 + k + 1, j1 + k + 1, "equal") for k in range(i2 - i1)]
        elif tag == "delete":
            rows += [AlignedRow(i + 1, None, "delete") for i in range(i1, i2)]
        elif tag == "insert":
            rows += [AlignedRow(None, j + 1, "insert") for j in range(j1, j2)]
        else:
            for k in range(max(i2 - i1, j2 - j1)):
                left_no = i1 + k + 1 if i1 + k < i2 else None
                right_no = j1 + k + 1 if j1 + k < j2 else None
                rows.append(AlignedRow(left_no, right_no, "replace"))
    return rows


def _pane_text(lines: Sequence[str], numbers: Sequence[int | None]) -> str:
    return "\n".join(lines[n - 1] if n is not None else "" for n in numbers)


class CodeCompare(LanguageAware, QWidget):
    """Two aligned CodeEditors. `candidateLineClicked` fires for clicks in the candidate's gutter."""

    candidateLineClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.reference = CodeEditor()
        self.candidate = CodeEditor()
        self.reference.setObjectName("referenceEditor")
        self.candidate.setObjectName("candidateEditor")
        self.reference_title = QLabel()
        self.candidate_title = QLabel()
        for title in (self.reference_title, self.candidate_title):
            title.setStyleSheet("font-weight: 600; padding: 2px 4px;")
        # Why the candidate is empty or was not measured: above the code, never below the fold.
        # The text comes from the model's API or the run: plain text, never rich.
        self.candidate_note = QLabel()
        self.candidate_note.setObjectName("candidateNote")
        self.candidate_note.setTextFormat(Qt.TextFormat.PlainText)
        self.candidate_note.setWordWrap(True)
        self.candidate_note.hide()
        self.rows: list[AlignedRow] = []
        self.language = "bsl"
        self._names: tuple[str | None, str | None] = (None, None)
        splitter = QSplitter()
        self.panes: list[QWidget] = []
        for title, editor in ((self.reference_title, self.reference), (self.candidate_title, self.candidate)):
            pane = QWidget()
            self.panes.append(pane)
            layout = QVBoxLayout(pane)
            layout.setContentsMargins(0, 0, 0, 0)
            layout.setSpacing(2)
            layout.addWidget(title)
            if editor is self.candidate:
                layout.addWidget(self.candidate_note)
            layout.addWidget(editor)
            splitter.addWidget(pane)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        self._syncing = False
        for one, other in ((self.reference, self.candidate), (self.candidate, self.reference)):
            self._couple(one.verticalScrollBar(), other.verticalScrollBar())
            self._couple(one.horizontalScrollBar(), other.horizontalScrollBar())
        self.candidate.gutterClicked.connect(self.candidateLineClicked)
        follow_scheme(self, self._restyle)
        self.retranslate()

    def _restyle(self) -> None:
        colours = scheme()
        self.candidate_note.setStyleSheet(
            f"color: {colours.error_text}; background: {colours.error_background};"
            f" border: 1px solid {colours.error_border}; border-radius: 3px; padding: 3px 6px;"
        )
        self._tint_rows()

    def retranslate(self) -> None:
        reference, candidate = self._names
        if reference:
            self.reference_title.setText(self.tr("Reference (%1)").replace("%1", reference))
        else:
            self.reference_title.setText(self.tr("Reference (canonical.bsl)"))
        if candidate:
            self.candidate_title.setText(self.tr("Candidate (%1)").replace("%1", candidate))
        else:
            self.candidate_title.setText(self.tr("Candidate"))

    def set_language(self, language: str, reference: str | None = None, candidate: str | None = None) -> None:
        """Highlight both panes as `language` (bsl, python, typescript, go) and title them with the
        files shown (None: the 1C titles)."""
        self.language = language
        self._names = (reference, candidate)
        for editor in (self.reference, self.candidate):
            editor.highlighter.set_language(language)
        self.retranslate()

    def _couple(self, source: QScrollBar, target: QScrollBar) -> None:
        def follow(value: int) -> None:
            if self._syncing:
                return
            self._syncing = True
            try:
                target.setValue(value)
            finally:
                self._syncing = False

        source.valueChanged.connect(follow)

    def set_texts(self, reference: str | None, candidate: str) -> None:
        """Show both texts aligned; without a reference the candidate is shown alone, untinted."""
        left = (reference or "").splitlines()
        right = candidate.splitlines()
        self.rows = (
            align_lines(left, right)
            if reference is not None
            else [AlignedRow(None, j + 1, "equal") for j in range(len(right))]
        )
        left_numbers = [r.left for r in self.rows]
        right_numbers = [r.right for r in self.rows]
        self.reference.set_code(_pane_text(left, left_numbers), left_numbers)
        self.candidate.set_code(_pane_text(right, right_numbers), right_numbers)
        self.panes[0].setVisible(reference is not None)  # no reference: the candidate takes the width
        if reference is None:
            self.reference.set_code("", [])
            return
        self._tint_rows()

    def _tint_rows(self) -> None:
        """Changed rows tinted (removed on the left, added on the right) with bars in the gutter;
        again on a theme switch, so the tints are the new scheme's."""
        colours = scheme()
        left_tints: dict[int, QColor] = {}
        right_tints: dict[int, QColor] = {}
        left_bars: dict[int, QColor] = {}
        right_bars: dict[int, QColor] = {}
        for row, aligned in enumerate(self.rows):
            if aligned.kind == "equal":
                continue
            if aligned.left is not None:
                changed = aligned.kind == "replace" and aligned.right is not None
                left_tints[row] = QColor(colours.diff_changed if changed else colours.diff_removed)
                left_bars[row] = QColor(colours.bar_changed if changed else colours.bar_removed)
            if aligned.right is not None:
                changed = aligned.kind == "replace" and aligned.left is not None
                right_tints[row] = QColor(colours.diff_changed if changed else colours.diff_added)
                right_bars[row] = QColor(colours.bar_changed if changed else colours.bar_added)
        self.reference.set_row_tints(left_tints, left_bars)
        self.candidate.set_row_tints(right_tints, right_bars)

    def set_candidate_note(self, text: str | None) -> None:
        """A failure reason shown at the top of the candidate pane (None hides it)."""
        self.candidate_note.setText(text or "")
        self.candidate_note.setVisible(bool(text))

    def set_wrap(self, wrap: bool) -> None:
        """Wrap long lines in both panes (the rows stay aligned only without wrapping)."""
        mode = QPlainTextEdit.LineWrapMode.WidgetWidth if wrap else QPlainTextEdit.LineWrapMode.NoWrap
        for editor in (self.reference, self.candidate):
            editor.setLineWrapMode(mode)

    def set_zoom(self, points: int) -> None:
        """The code font `points` larger (negative: smaller) than normal."""
        for editor in (self.reference, self.candidate):
            font = code_font()
            font.setPointSizeF(max(6.0, font.pointSizeF() + points))
            editor.setFont(font)
            editor.setTabStopDistance(editor.fontMetrics().horizontalAdvance(" ") * 4)

    def changed_rows(self) -> list[int]:
        return [i for i, r in enumerate(self.rows) if r.kind != "equal"]

    def set_diagnostics(self, markers: Sequence[GutterMarker]) -> None:
        self.candidate.set_markers(markers)

    def go_to_candidate_line(self, line: int) -> bool:
        return self.candidate.go_to_line(line)
