"""Closing the main window asks first when work would be lost: grades not yet in the store (on
their way, or failed and waiting for Retry) or a Level-1 batch still scoring. The question is
window-modal and does not block the event loop, so the writes it waits for can still land."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QAbstractButton, QMessageBox, QWidget

TR_CONTEXT = "QuitGuard"


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def losses(unsaved: list[str], scoring: bool) -> list[str]:
    """What closing now would lose, one line each (empty: nothing): the grades not in the store
    yet, a Level-1 batch still scoring."""
    lines = []
    if unsaved:
        lines.append(tr("Not saved yet: %1.").replace("%1", "; ".join(unsaved)))
    if scoring:
        lines.append(tr("Level 1 is still scoring runs; the runs not finished yet are not scored."))
    return lines


class QuitGuard(QObject):
    def __init__(self, window: QWidget, losses: Callable[[], list[str]]):
        super().__init__(window)
        self.window_ = window
        self.losses = losses
        self.question: QMessageBox | None = None
        self._confirmed = False

    def may_close(self) -> bool:
        """True: close now. False: a question is open (or already was); its answer decides."""
        if self._confirmed:
            return True
        lines = self.losses()
        if not lines:
            return True
        if self.question is None:
            self._ask(lines)
        return False

    def _ask(self, lines: list[str]) -> None:
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            tr("Quit PRISM Desktop?"),
            tr("Quitting now would lose work:") + "\n\n" + "\n".join(lines),
            QMessageBox.StandardButton.NoButton,
            self.window_,
        )
        box.setObjectName("quitQuestion")
        box.setTextFormat(Qt.TextFormat.PlainText)
        quit_button = box.addButton(tr("Quit anyway"), QMessageBox.ButtonRole.DestructiveRole)
        stay = box.addButton(tr("Stay"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(button: QAbstractButton) -> None:
            self.question = None
            if button is quit_button:
                self._confirmed = True
                self.window_.close()

        box.buttonClicked.connect(answered)
        box.finished.connect(lambda _result: setattr(self, "question", None))
        self.question = box
        box.open()
