"""How the review says what was and was not saved: the ReviewSession's edits and failures (data) in
the user's language, and the red bar with Retry over the grading panel."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QWidget

from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import colour_text, follow_scheme, scheme
from prism_desktop.services.review_session import ConflictNotice, Edit, Outcome, SaveFailure
from prism_desktop.services.save_failures import failure_text

TR_CONTEXT = "ReviewView"  # these texts were the review view's and keep their translations


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def edit_text(edit: Edit) -> str:
    """The edit in the expert's words: "S = 8 on run #12"."""
    run = str(edit.run_id)
    if edit.kind == "grade":
        return (
            tr("%1 = %2 on run #%3")
            .replace("%1", str(edit.axis))
            .replace("%2", str(edit.step))
            .replace("%3", run)
        )
    if edit.kind == "clear":
        return tr("clearing %1 on run #%2").replace("%1", str(edit.axis)).replace("%2", run)
    if edit.kind == "note":
        return tr("the comment and approach of run #%1").replace("%1", run)
    if edit.kind == "flag":
        return tr("the unsure flag of run #%1").replace("%1", run)
    if edit.kind == "unflag":
        return tr("unflagging run #%1").replace("%1", run)
    return tr("undoing your last change")


def conflict_text(edit: Edit, conflict: ConflictNotice) -> str:
    """The other writer's value, who and when, and that nothing was overwritten."""
    who = tr("you (in another window)") if conflict.by_me else conflict.changed_by or tr("someone")
    when = f"{conflict.changed_at:%Y-%m-%d %H:%M:%S} UTC" if conflict.changed_at else "?"
    if conflict.step is None:
        what = tr("%1 removed this grade at %2").replace("%1", who).replace("%2", when)
    else:
        what = (
            tr("%1 changed this grade to %2 at %3")
            .replace("%1", who)
            .replace("%2", str(conflict.step))
            .replace("%3", when)
        )
    return (
        tr(
            "NOT saved: %1 — %2, after this window showed it. Their grade is kept and shown now; "
            "grade again if you still disagree."
        )
        .replace("%1", edit_text(edit))
        .replace("%2", what)
    )


def failure_message(failure: SaveFailure) -> str:
    """What the expert reads of a failed save: the protocol's refusal, the conflict, or the cause."""
    if failure.outcome is Outcome.REFUSED:
        return str(failure.error)
    if failure.conflict is not None:
        return conflict_text(failure.edit, failure.conflict)
    return (
        tr("NOT saved: %1 — %2.")
        .replace("%1", edit_text(failure.edit))
        .replace("%2", failure_text(failure.error))
    )


class SaveErrorBar(LanguageAware, QFrame):
    """Red bar over the grading panel: what was not saved, why, and Retry."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("saveErrorBar")
        follow_scheme(
            self,
            lambda: self.setStyleSheet(
                f"QFrame#saveErrorBar {{ background: {scheme().error_background};"
                f" border: 1px solid {scheme().error_border}; border-radius: 4px; }}"
            ),
        )
        self.text = QLabel()
        self.text.setTextFormat(Qt.TextFormat.PlainText)  # the store's own message is quoted
        self.text.setWordWrap(True)
        colour_text(self.text, lambda c: c.error_text)
        self.retry = QPushButton()
        self.retry.setObjectName("retrySaveButton")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 4, 6, 4)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.retry, 0, Qt.AlignmentFlag.AlignTop)
        self.retranslate()
        self.hide()

    def retranslate(self) -> None:
        self.retry.setText(self.tr("Retry"))

    def show_failure(self, text: str, count: int) -> None:
        more = self.tr(" (%1 changes are waiting)").replace("%1", str(count)) if count > 1 else ""
        self.text.setText(text + more)
        self.show()
