"""The review's grading keys: what each command of gui/hotkeys.py does in one review, and the help
overlay that lists them. The main window binds the commands window-wide (actions.py dispatches to
the review shown); a review on its own binds them to itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QWidget

from prism_desktop.gui.actions import make_action
from prism_desktop.gui.grading_panel import GradingPanel
from prism_desktop.gui.help_overlay import HelpOverlay
from prism_desktop.gui.hotkeys import Scope, help_rows
from prism_desktop.vocabulary import AXES, GRADE_STEPS

TR_CONTEXT = "ReviewView"  # these texts were the review view's and keep their translations


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


class GradingKeys:
    def __init__(
        self,
        view: QWidget,
        grading: GradingPanel,
        actions: Mapping[str, Callable[[], None]],
        grade_step: Callable[[int], None],
        *,
        shortcuts: bool,
    ):
        """`actions`: the view's own commands by name (grade.clear, grade.save_next, …);
        `grade_step`: gives the current axis a step. `shortcuts`: bind the keys to `view` itself."""
        self.help = HelpOverlay(view)
        self.commands: dict[str, Callable[[], None]] = {
            **actions,
            "grade.comment": grading.comment_edit.setFocus,
            "help.keys": self.toggle_help,
        }
        for axis in AXES:
            self.commands[f"grade.axis.{axis}"] = partial(grading.set_current_axis, axis)
        for step in GRADE_STEPS:
            self.commands[f"grade.step.{step}"] = partial(grade_step, step)
        for index in range(4):
            self.commands[f"grade.approach.{index}"] = partial(grading.set_approach_index, index)
        if shortcuts:
            for name in self.commands:
                make_action(
                    view, name, None, partial(self.run, name), Qt.ShortcutContext.WidgetWithChildrenShortcut
                )

    def run(self, name: str) -> None:
        """One grading command; any key first closes the help overlay when it is open."""
        if self.help.isVisible():
            self.help.hide()
            return
        self.commands[name]()

    def toggle_help(self) -> None:
        if self.help.isVisible():
            self.help.hide()
        else:
            self.show_help()

    def show_help(self) -> None:
        """The overlay lists every key of the one table (gui/hotkeys.py)."""
        self.help.set_shortcuts(
            tr("Keyboard shortcuts"),
            help_rows(Scope.GRADING, Scope.WINDOW),
            tr("Every grade is saved the moment you give it. Any key closes this help."),
        )
        self.help.open()
