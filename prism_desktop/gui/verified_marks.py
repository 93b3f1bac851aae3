"""The Verified marks of the runs table: they exist within a calibration session (they rest on its
agreement figures) and are computed in the background, as the agreement statistics take a while;
after a grade, once the expert pauses. Only the newest computation's answer is used."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal

from prism_desktop.gui.app_workers import Background
from prism_desktop.services.runs_query import session_verified_runs
from prism_desktop.store import Store
from prism_desktop.workspace.workspace import Workspace

TR_CONTEXT = "MainWindow"  # the strings these notes always had
DELAY_MS = 3000  # after a grade, wait for a pause before recomputing the Verified marks


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


class VerifiedMarks(QObject):
    changed = Signal()  # `ids` changed (or why they are N/A): the table's query is rebuilt
    noteChanged = Signal()  # only the explanation (computing…) changed

    def __init__(self, background: Background, parent: QObject):
        super().__init__(parent)
        self.background = background
        self.ids: frozenset[int] | None = None  # Verified runs of the open session
        self._job = 0
        self._state: tuple[str, str] = ("no_session", "")
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DELAY_MS)  # the window connects its timeout to a compute() of its state

    def compute(self, store: Store, workspace: Workspace | None, session_id: int | None) -> None:
        self._job += 1
        if session_id is None or workspace is None:
            self._set(None, ("no_session", ""))
            return
        job = self._job
        self._state = ("computing", "")
        self.noteChanged.emit()

        def finished(ids: frozenset[int]) -> None:
            if job == self._job:
                self._set(ids, ("ready", ""))

        def failed(error: BaseException) -> None:
            if job == self._job:
                self._set(None, ("failed", str(error) or type(error).__name__))

        self.background.start(
            lambda _progress, _cancel: session_verified_runs(store, workspace, session_id),
            on_finished=finished,
            on_failed=failed,
        )

    def _set(self, ids: frozenset[int] | None, state: tuple[str, str]) -> None:
        self.ids = ids
        self._state = state
        self.changed.emit()

    def note(self) -> str:
        """Why the Verified column is N/A, in the current language (its tooltip)."""
        state, detail = self._state
        notes = {
            "no_session": tr(
                "N/A: Verified marks are computed for the runs of a calibration session; "
                "open one (Review → Calibration sessions…)."
            ),
            "computing": tr("Computing the Verified marks of this session…"),
            "failed": tr("N/A: the Verified marks could not be computed: %1").replace("%1", detail),
        }
        return notes.get(state, "")
