"""The lasting state on the right of the main window's status bar: which store is open, who grades
in which session, the expert's progress and the runs counts. The window tells it what changed; it
words it (in the main window's translation context) and repaints only what moved."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QLabel, QProgressBar, QStatusBar, QWidget

from prism_desktop.services.runs_query import Counts
from prism_desktop.services.visibility import Reveals, Visibility, allows
from prism_desktop.store import describe_url

TR_CONTEXT = "MainWindow"  # the strings these labels always had


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


@dataclass(frozen=True)
class Grader:
    """Who grades, where: the expert's name ("" when unknown) and the open session, if any."""

    expert: str = ""
    session_id: int | None = None
    session_name: str = ""
    blind: bool = False


STORE_CHARS = 40  # a long path keeps its end (the file name) in the status bar, all of it in the tooltip


def _short(where: str) -> str:
    home = str(Path.home())
    if where.startswith(home + "/"):
        where = "~" + where[len(home) :]
    return where if len(where) <= STORE_CHARS else "…" + where[-(STORE_CHARS - 1) :]


class WindowStatus:
    """Messages come and go on the left of the bar (beside the import's progress); the lasting state
    sits on the right: the Level-1 panel (`scoring`), this class's labels, the sandbox label."""

    def __init__(self, bar: QStatusBar, scoring: QWidget, sandbox_label: QWidget):
        self.import_progress = QProgressBar()
        self.import_progress.setMaximumWidth(200)
        self.import_progress.setVisible(False)
        bar.addWidget(self.import_progress)
        bar.addPermanentWidget(scoring)
        self.store_label = QLabel()
        self.store_label.setObjectName("storeLabel")
        self.counts_label = QLabel()
        self.expert_label = QLabel()
        # The expert's own progress over the shown runs (the session's, in a session).
        self.grading_progress = QProgressBar()
        self.grading_progress.setObjectName("gradingProgress")
        self.grading_progress.setFixedWidth(240)  # a fixed size: no status-bar relayout per update
        self.grading_progress.setVisible(False)
        self._progress_shown: tuple[object, ...] = ()
        self.grader = Grader()
        self._store_url = ""
        self._counts: tuple[Counts, Visibility] | None = None
        for widget in (self.grading_progress, self.counts_label, self.expert_label, self.store_label):
            bar.addPermanentWidget(widget)
        bar.addPermanentWidget(sandbox_label)

    def show_store(self, url: str) -> None:
        """The open store, without its password: a SQLite file or a PostgreSQL server."""
        self._store_url = url
        kind, where = describe_url(url)
        self.store_label.setText(tr("Store: %1").replace("%1", _short(where)))
        server = tr("a PostgreSQL server") if kind == "postgresql" else tr("a SQLite file")
        self.store_label.setToolTip(
            tr("Grades and results are kept in %1: %2 (File → Open store… to change)")
            .replace("%1", server)
            .replace("%2", where)
        )

    def show_grader(self, grader: Grader) -> None:
        self.grader = grader
        if grader.expert:
            text = tr("Expert: %1").replace("%1", grader.expert)
        else:
            text = tr("Expert: not identified")
        if grader.session_id is not None:
            blind = tr(", blind") if grader.blind else ""
            text += tr(" · session “%1”%2").replace("%1", grader.session_name).replace("%2", blind)
        self.expert_label.setText(text)

    def retranslate(self) -> None:
        self.show_grader(self.grader)
        if self._store_url:
            self.show_store(self._store_url)
        if self._counts is not None:
            self.show_counts(*self._counts)

    def show_counts(self, counts: Counts, visibility: Visibility) -> None:
        """ "Runs: 6 shown of 13 · scored 12"; a blind session does not say how many are scored
        (a narrowed table would tell which), and runs of other workspaces are pointed at."""
        self._counts = (counts, visibility)
        text = (
            tr("Runs: %1 shown of %2").replace("%1", f"{counts.shown:,}").replace("%2", f"{counts.total:,}")
        )
        if allows(visibility, {Reveals.MACHINE}):
            text += tr(" · scored %1").replace("%1", f"{counts.scored:,}")
        if counts.elsewhere:
            text += tr(" · %1 of other workspaces (View menu)").replace("%1", f"{counts.elsewhere:,}")
        self._show_progress(counts)
        text = text.replace(",", "\u202f")
        label = self.counts_label
        if text == label.text():
            return
        label.setText(text)
        # Only ever grow: a label that shrinks and grows with each count would re-lay out (and
        # repaint) the whole status bar on every batch of results.
        width = label.sizeHint().width()
        if width > label.minimumWidth():
            label.setMinimumWidth(width + label.fontMetrics().horizontalAdvance("0000"))

    def _show_progress(self, counts: Counts) -> None:
        """ "12/20 · 2 incomplete": the expert's fully graded runs among the shown ones."""
        bar = self.grading_progress
        who, session_id, session_name = self.grader.expert, self.grader.session_id, self.grader.session_name
        shown = (counts.graded, counts.shown, counts.incomplete, who, session_id, session_name)
        if shown == self._progress_shown:  # scoring reports counts often; repaint only on a change
            return
        self._progress_shown = shown
        bar.setVisible(bool(who) and counts.shown > 0)
        bar.setRange(0, max(counts.shown, 1))
        bar.setValue(counts.graded)
        text = f"{counts.graded}/{counts.shown}"
        if counts.incomplete:
            text += tr(" · %1 incomplete").replace("%1", str(counts.incomplete))
        bar.setFormat(text)
        scope = tr("in session “%1”").replace("%1", session_name) if session_id else ""
        bar.setToolTip(
            tr("Runs you (%1) have graded on every axis %2; incomplete: graded on some axes only")
            .replace("%1", who)
            .replace("%2", scope)
        )
