"""The expert's grading panel: per applicable axis six steps 0·2·4·6·8·10, each beside its rubric
text from the L2 protocol; the approach judgement the machine cannot make; a comment; save and next.

The panel only shows state and reports what the expert chose; the review view saves every change
at once. The current axis is expanded (every step with its criterion); the others are one row of
buttons plus the criterion of the chosen step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import colour_text, follow_scheme, on_scheme_change, scheme
from prism_desktop.gui.hotkeys import keys_of
from prism_desktop.gui.plain_text import tooltip as plain_tooltip
from prism_desktop.vocabulary import GRADE_STEPS

# Stored values stay in the domain's language whatever the UI language (they end up in exports).
APPROACHES = ("идиоматично", "приемлемо", "неудачный подход")


def _button_style() -> str:
    colours = scheme()
    return f"""
QPushButton {{ min-width: 30px; max-width: 38px; padding: 3px 0; border: 1px solid {colours.border};
              border-radius: 3px; background: palette(base); font-weight: 600; }}
QPushButton:hover {{ background: palette(alternate-base); }}
QPushButton:checked {{ background: {colours.accent}; color: {colours.accent_text};
                      border-color: {colours.accent_border}; }}
"""


class AxisBox(QFrame):
    """One axis: its buttons and criteria."""

    stepClicked = Signal(str, int)

    def __init__(self, axis: str, criteria: Mapping[int, str], parent: QWidget | None = None):
        super().__init__(parent)
        self.axis = axis
        self.criteria = dict(criteria)
        self.step: int | None = None
        self.current = False
        self.missing = False
        self.setObjectName(f"axisBox{axis}")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.state = QLabel()
        self.state.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        header = QHBoxLayout()
        header.addWidget(self.title, 1)
        header.addWidget(self.state)

        steps = sorted(self.criteria or dict.fromkeys(GRADE_STEPS, ""), reverse=True)
        # Collapsed: one row of buttons, then the chosen step's criterion.
        self.row_group = QButtonGroup(self)
        self.row_buttons: dict[int, QPushButton] = {}
        row = QHBoxLayout()
        row.setSpacing(3)
        for step in sorted(steps):
            button = self._button(step, self.row_group)
            self.row_buttons[step] = button
            row.addWidget(button)
        row.addStretch(1)
        self.chosen_text = QLabel()
        self.chosen_text.setTextFormat(Qt.TextFormat.PlainText)  # the rubric comes from a protocol file
        self.chosen_text.setWordWrap(True)
        self.chosen_text.setStyleSheet("color: palette(text);")
        self.collapsed = QWidget()
        collapsed_layout = QVBoxLayout(self.collapsed)
        collapsed_layout.setContentsMargins(0, 0, 0, 0)
        collapsed_layout.setSpacing(2)
        collapsed_layout.addLayout(row)
        collapsed_layout.addWidget(self.chosen_text)

        # Expanded: each step's button beside its criterion.
        self.grid_group = QButtonGroup(self)
        self.grid_buttons: dict[int, QPushButton] = {}
        self.grid_texts: dict[int, QLabel] = {}
        self.expanded = QWidget()
        grid = QGridLayout(self.expanded)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(6)
        grid.setVerticalSpacing(2)
        for line, step in enumerate(steps):
            button = self._button(step, self.grid_group)
            text = QLabel(self.criteria.get(step, ""))
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setWordWrap(True)
            text.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
            self.grid_buttons[step] = button
            self.grid_texts[step] = text
            grid.addWidget(button, line, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(text, line, 1)
        grid.setColumnStretch(1, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 6)
        layout.setSpacing(3)
        layout.addLayout(header)
        layout.addWidget(self.collapsed)
        layout.addWidget(self.expanded)
        self._title: tuple[str, str] | None = None
        self.set_current(False)
        on_scheme_change(self, self._recolour)

    def _recolour(self) -> None:
        """Buttons, frame and title in the current scheme (again after a theme switch)."""
        for button in [*self.row_group.buttons(), *self.grid_group.buttons()]:
            button.setStyleSheet(_button_style())
        self._restyle()
        if self._title is not None:
            self.set_title(*self._title)

    def _button(self, step: int, group: QButtonGroup) -> QPushButton:
        button = QPushButton(str(step))
        button.setCheckable(True)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys belong to the review view's shortcuts
        button.setStyleSheet(_button_style())
        button.setToolTip(plain_tooltip(self.criteria.get(step, "")))
        group.addButton(button, step)
        button.clicked.connect(lambda _checked=False, s=step: self.stepClicked.emit(self.axis, s))
        return button

    def set_title(self, name: str, keys: str) -> None:
        self._title = (name, keys)
        faint = scheme().faint
        self.title.setText(f"<b>{self.axis}</b> · {name} <span style='color:{faint}'>[{keys}]</span>")

    def set_step(self, step: int | None, not_graded: str) -> None:
        self.step = step
        for group in (self.row_group, self.grid_group):
            group.setExclusive(False)
            for button in group.buttons():
                button.setChecked(group.id(button) == step)
            group.setExclusive(True)
        for value, label in self.grid_texts.items():
            chosen = "font-weight: 600; color: palette(link);"
            label.setStyleSheet(chosen if value == step else "color: palette(text);")
        self.state.setText("" if step is None else f"<b>{step}</b>")
        self.chosen_text.setText(self.criteria.get(step, "") if step is not None else not_graded)
        chosen_colour = "palette(text)" if step is not None else scheme().faint
        self.chosen_text.setStyleSheet(f"color: {chosen_colour};")
        if step is not None:
            self.missing = False
        self._restyle()

    def set_current(self, current: bool) -> None:
        self.current = current
        self.expanded.setVisible(current)
        self.collapsed.setVisible(not current)
        self._restyle()

    def set_missing(self, missing: bool) -> None:
        """Marked red after Enter on an incomplete run, until it gets a grade."""
        self.missing = missing
        self._restyle()

    def _restyle(self) -> None:
        if self.missing and self.step is None:
            frame = f"border: 2px solid {scheme().attention}; background: palette(alternate-base);"
        elif self.current:
            frame = f"border: 2px solid {scheme().accent}; background: palette(alternate-base);"
        else:
            frame = f"border: 1px solid {scheme().border};"
        self.setStyleSheet(f"QFrame#axisBox{self.axis} {{ {frame} border-radius: 4px; }}")


class GradingPanel(LanguageAware, QWidget):
    stepChosen = Signal(str, int)  # axis, step
    stepCleared = Signal(str)
    noteEdited = Signal()  # comment or approach changed: read them with comment() / approach()
    saveAndNext = Signal()
    skipRequested = Signal()
    flagToggled = Signal(bool)  # the expert clicked the "unsure" flag
    currentAxisChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.boxes: dict[str, AxisBox] = {}
        self.axis_names: dict[str, str] = {}
        self._save_state: tuple[str, int] = ("saved", 0)
        self._current: str | None = None
        self.heading = QLabel()
        self.heading.setStyleSheet("font-weight: 600;")
        self.identity = QLabel()
        self.identity.setTextFormat(Qt.TextFormat.PlainText)  # the expert's and the session's names
        colour_text(self.identity, lambda c: c.secondary)
        # The panel sits in a scroll area without a horizontal bar: every text wraps instead of
        # pushing the panel wider than the window and getting clipped.
        for label in (self.heading, self.identity):
            label.setWordWrap(True)
        self.boxes_widget = QWidget()
        self.boxes_layout = QVBoxLayout(self.boxes_widget)
        self.boxes_layout.setContentsMargins(0, 0, 0, 0)
        self.boxes_layout.setSpacing(4)

        self.approach_label = QLabel()
        self.approach_box = QComboBox()
        self.approach_box.setObjectName("approachBox")
        self.approach_box.addItem("", None)
        for value in APPROACHES:
            self.approach_box.addItem(value, value)
        self.approach_box.currentIndexChanged.connect(lambda _i: self.noteEdited.emit())
        self.comment_label = QLabel()
        self.comment_edit = QLineEdit()
        self.comment_edit.setObjectName("commentEdit")
        self.comment_edit.editingFinished.connect(self.noteEdited)
        self.comment_edit.returnPressed.connect(self.saveAndNext)
        # Why an expert changes a grade they gave before: it goes with the change into the grade's
        # history (the audit trail), never into the grade itself.
        self.reason_label = QLabel()
        self.reason_edit = QLineEdit()
        self.reason_edit.setObjectName("changeReasonEdit")
        self.status = QLabel()
        self.status.setStyleSheet(f"color: {scheme().secondary};")
        self.status.setWordWrap(True)
        self.flag_button = QPushButton()
        self.flag_button.setObjectName("unsureFlag")
        self.flag_button.setCheckable(True)
        self.flag_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        follow_scheme(
            self.flag_button,
            lambda: self.flag_button.setStyleSheet(
                f"QPushButton:checked {{ background: {scheme().band_partial}; color: {scheme().band_text};"
                f" border: 1px solid {scheme().bar_changed}; }}"
            ),
        )
        self.flag_button.clicked.connect(lambda checked: self.flagToggled.emit(checked))
        self.skip_button = QPushButton()
        self.skip_button.setObjectName("skipButton")
        self.skip_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.skip_button.clicked.connect(self.skipRequested)
        self.next_button = QPushButton()
        self.next_button.setObjectName("saveNextButton")
        self.next_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.next_button.clicked.connect(self.saveAndNext)

        note = QGridLayout()
        note.setContentsMargins(0, 0, 0, 0)
        note.addWidget(self.approach_label, 0, 0)
        note.addWidget(self.approach_box, 0, 1)
        note.addWidget(self.comment_label, 1, 0)
        note.addWidget(self.comment_edit, 1, 1)
        note.addWidget(self.reason_label, 2, 0)
        note.addWidget(self.reason_edit, 2, 1)
        note.setColumnStretch(1, 1)
        # The status on its own line, the buttons below it: the column stays narrow enough for a
        # 1280-pixel screen in both languages. One widget, so a host can pin it where it stays in
        # view (the review keeps it under its scrolling column).
        self.actions_bar = QWidget()
        self.actions_bar.setObjectName("gradingActions")
        bottom = QVBoxLayout(self.actions_bar)
        bottom.setContentsMargins(0, 0, 0, 0)
        bottom.setSpacing(3)
        bottom.addWidget(self.status)
        buttons = QHBoxLayout()
        buttons.addWidget(self.flag_button)
        buttons.addWidget(self.skip_button)
        buttons.addStretch(1)
        buttons.addWidget(self.next_button)
        bottom.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.heading)
        layout.addWidget(self.identity)
        layout.addWidget(self.boxes_widget)
        layout.addLayout(note)
        layout.addWidget(self.actions_bar)
        self.retranslate()
        on_scheme_change(self, self._show_status)

    def retranslate(self) -> None:
        self.heading.setText(self.tr("Your grades (Level 2)"))
        self.approach_label.setText(self.tr("Approach:"))
        self.comment_label.setText(self.tr("Comment:"))
        self.comment_edit.setPlaceholderText(self.tr("what the machine cannot see (C to type, Esc to leave)"))
        self.reason_label.setText(self.tr("Why changed:"))
        self.reason_edit.setPlaceholderText(self.tr("optional: why you change a grade you gave before"))
        self.reason_edit.setToolTip(
            self.tr("Kept in the grade's history with the change (who, when, from → to, why)")
        )
        self.next_button.setText(self.tr("Save and next  ⏎"))
        self.skip_button.setText(self.tr("Skip"))
        self.skip_button.setToolTip(self.tr("Leave this run ungraded for now and go on (Space)"))
        self.flag_button.setText(self.tr("Unsure"))
        self.flag_button.setToolTip(self.tr("Flag this run: you are not sure of your grades (F)"))
        labels = {
            None: self.tr("— not judged —"),
            "идиоматично": self.tr("idiomatic"),
            "приемлемо": self.tr("acceptable"),
            "неудачный подход": self.tr("poor approach"),
        }
        for index in range(self.approach_box.count()):
            self.approach_box.setItemText(index, labels[self.approach_box.itemData(index)])
        self.axis_names = {
            "S": self.tr("Syntax"),
            "M": self.tr("Meaning"),
            "O": self.tr("Optimality"),
            "P": self.tr("Platform"),
        }
        for axis, box in self.boxes.items():
            box.set_title(self.axis_names[axis], " / ".join(keys_of(f"grade.axis.{axis}")))
            box.set_step(box.step, self.tr("not graded yet"))

    # -- state ------------------------------------------------------------------------------------

    def set_axes(self, axes: Sequence[str], criteria: Mapping[str, Mapping[int, str]]) -> None:
        """Rebuild the boxes for the axes of this run's category."""
        self.highlight_missing(())  # another run: the last one's missing axes are not this one's
        if tuple(self.boxes) == tuple(axes) and all(
            self.boxes[a].criteria == dict(criteria.get(a, {})) for a in axes
        ):
            return
        for box in self.boxes.values():
            box.setParent(None)
            box.deleteLater()
        self.boxes = {}
        while self.boxes_layout.count():
            self.boxes_layout.takeAt(0)
        for axis in axes:
            box = AxisBox(axis, criteria.get(axis, {}))
            box.stepClicked.connect(self._clicked)
            self.boxes[axis] = box
            self.boxes_layout.addWidget(box)
        self._current = None
        self.retranslate()

    def _clicked(self, axis: str, step: int) -> None:
        self.set_current_axis(axis)
        self.stepChosen.emit(axis, step)

    def set_grades(self, steps: Mapping[str, int], comment: str | None, approach: str | None) -> None:
        for axis, box in self.boxes.items():
            box.set_step(steps.get(axis), self.tr("not graded yet"))
        self._show_status()
        self.approach_box.blockSignals(True)
        index = self.approach_box.findData(approach) if approach else 0
        self.approach_box.setCurrentIndex(max(index, 0))
        self.approach_box.blockSignals(False)
        if not self.comment_edit.hasFocus():
            self.comment_edit.setText(comment or "")

    def show_step(self, axis: str, step: int | None) -> None:
        """Show a step the expert just gave, before the store has confirmed it."""
        box = self.boxes.get(axis)
        if box is not None:
            box.set_step(step, self.tr("not graded yet"))
        self._show_status()

    def set_save_state(self, state: str, count: int = 0) -> None:
        """ "saved", "saving", "busy" (the store is locked; still trying) or "failed"."""
        self._save_state = (state, count)
        self._show_status()

    def _show_status(self) -> None:
        graded = sum(1 for box in self.boxes.values() if box.step is not None)
        counted = (
            self.tr("%1 of %2 axes graded").replace("%1", str(graded)).replace("%2", str(len(self.boxes)))
        )
        state, count = self._save_state
        words = {
            "saved": self.tr("saved"),
            "saving": self.tr("saving…"),
            "busy": self.tr("still saving: the store is busy (another program holds it); keep working"),
            "failed": self.tr("%1 change(s) NOT saved — see Retry above").replace("%1", str(count)),
        }
        self.status.setText(f"{counted} · {words[state]}")
        colours = scheme()
        alarming = state in ("failed", "busy")
        self.status.setStyleSheet(
            f"color: {colours.bad}; font-weight: 600;" if alarming else f"color: {colours.secondary};"
        )

    def pin_actions_under(self, column: QWidget) -> QWidget:
        """`column` (the scrolling column this panel sits in) with Save and next, Skip, Unsure and
        the save state under it, never scrolled away: a team panel or a category with more axes
        makes the column taller than the window."""
        host = QWidget()
        layout = QVBoxLayout(host)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(column, 1)
        layout.addWidget(self.actions_bar)
        self.actions_bar.setContentsMargins(4, 2, 4, 2)
        return host

    def highlight_missing(self, axes: Sequence[str]) -> None:
        for axis, box in self.boxes.items():
            box.set_missing(axis in axes)

    def flagged(self) -> bool:
        return self.flag_button.isChecked()

    def set_flagged(self, flagged: bool) -> None:
        self.flag_button.setChecked(flagged)

    def steps(self) -> dict[str, int]:
        return {axis: box.step for axis, box in self.boxes.items() if box.step is not None}

    def comment(self) -> str | None:
        return self.comment_edit.text().strip() or None

    def approach(self) -> str | None:
        return self.approach_box.currentData()

    def reason(self) -> str | None:
        """Why the expert changes a grade (kept until they move to another run)."""
        return self.reason_edit.text().strip() or None

    def set_approach_index(self, index: int) -> None:
        """0 clears, 1..3 pick an approach (keyboard: Ctrl+0..3)."""
        if 0 <= index < self.approach_box.count():
            self.approach_box.setCurrentIndex(index)

    @property
    def current_axis(self) -> str | None:
        return self._current

    def set_current_axis(self, axis: str | None) -> None:
        if axis is not None and axis not in self.boxes:
            return
        self._current = axis
        for name, box in self.boxes.items():
            box.set_current(name == axis)
        if axis is not None:
            self.currentAxisChanged.emit(axis)

    def next_axis(self, after: str) -> str:
        """The next axis without a grade after `after` (wrapping), else `after` itself."""
        axes = list(self.boxes)
        start = axes.index(after)
        for axis in axes[start + 1 :] + axes[: start + 1]:
            if self.boxes[axis].step is None:
                return axis
        return after
