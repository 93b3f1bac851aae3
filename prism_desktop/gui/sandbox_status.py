"""Which sandbox Level 1 gets, said on the right of the main window's status bar at all times, and
the one question before candidate code would run NOT isolated ("auto" fell back to a local process
because Docker or its image is missing)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QWidget

from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.gui.scoring_panel import sandbox_text
from prism_desktop.sandbox.backend import SandboxUnavailable
from prism_desktop.sandbox.backend_choice import open_backend

TR_CONTEXT = "MainWindow"  # the strings these texts always had


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def probe_sandbox(mode: str) -> tuple[bool | None, str]:
    """(isolated, description) of the sandbox Level 1 gets in this mode; (None, why) when none."""
    try:
        backend = open_backend(mode)
    except SandboxUnavailable as error:
        return None, str(error)
    return backend.isolated, backend.describe()


class SandboxStatus(QObject):
    """The sandbox label (`label`) and what it knows: checking, unavailable, or ready and isolated
    or not; and whether the expert agreed to score NOT isolated (asked once per start of the app)."""

    def __init__(self, parent: QWidget, background: Background):
        super().__init__(parent)
        self.parent_ = parent
        self.background = background
        self.label = QLabel()
        self.state: tuple[str, bool | None, str] = ("checking", None, "")
        self.unisolated_answer: bool | None = None  # asked once per start: score NOT isolated?
        self.question: QMessageBox | None = None

    def check(self, mode: str) -> None:
        """Find out in the background which sandbox Level 1 will get (Docker may take a moment)."""
        self.state = ("checking", None, "")
        self.show()
        self.background.start(lambda _progress, _cancel: probe_sandbox(mode), on_finished=self.set)

    def set(self, probe: tuple[bool | None, str]) -> None:
        """Show a probe_sandbox() answer: (isolated, description), isolated None when unavailable."""
        isolated, detail = probe
        self.state = ("unavailable" if isolated is None else "ready", isolated, detail)
        self.show()

    def show(self) -> None:
        """The label in the current language and colour scheme."""
        state, isolated, detail = self.state
        if state == "checking":
            text, colour = tr("Sandbox: checking…"), scheme().secondary
        elif state == "unavailable":
            text, colour = tr("Sandbox: unavailable"), scheme().bad
        else:
            text = tr("Sandbox: %1").replace("%1", sandbox_text(bool(isolated)))
            colour = scheme().good if isolated else scheme().warn
        self.label.setText(f"<span style='color:{colour}; font-weight:600'>{text}</span>")
        self.label.setToolTip(detail)

    def must_confirm(self, mode: str) -> bool:
        """ "auto" fell back to the local sandbox (no Docker image): candidate code would run NOT
        isolated. Asked once per start of the app; choosing "local" in the settings is an answer."""
        state, isolated, _detail = self.state
        return mode == "auto" and state == "ready" and isolated is False and self.unisolated_answer is None

    def confirm(self, then: Callable[[], Any]) -> None:
        """Ask (window-modal, the event loop goes on) whether to score NOT isolated; `then` on Yes."""
        box = QMessageBox(
            QMessageBox.Icon.Warning,
            tr("Score without isolation?"),
            tr(
                "Docker is not available, so candidate code would run as a local process on this "
                "computer, NOT isolated. Build the sandbox image (prism-desktop sandbox build) to score "
                "in isolated containers.\n\nScore locally for the rest of this session?"
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            self.parent_,
        )
        box.setObjectName("unisolatedQuestion")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)

        def answered(button: Any) -> None:
            if box.standardButton(button) == QMessageBox.StandardButton.Yes:
                self.unisolated_answer = True  # remembered; Cancel asks again next time
                then()

        box.buttonClicked.connect(answered)
        box.open()
        self.question = box
