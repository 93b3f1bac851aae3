"""Review → Adjudication…: the run axes of the open session where the experts' grades lie more than a
chosen distance apart; for the chosen one, every expert's grade and comment side by side with the
candidate's code and the run's logs; the adjudicator records the consensus step and its rationale.

The consensus recorded here replaces the median in the agreement report and the Verified marks
(services/team_sessions.py). Saving is version-checked: if another adjudicator settled the same axis
after this view read it, the save is refused with who and when, and the list is read again."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.actions import ActionSpec, Menu
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.window_context import WindowContext
from prism_desktop.services.grading import load_run_review
from prism_desktop.services.team_sessions import (
    Disagreement,
    TeamError,
    adjudicate,
    disagreements,
    name_expert,
)
from prism_desktop.store import Store, StoreError
from prism_desktop.vocabulary import GRADE_STEPS
from prism_desktop.workspace.protocol import L2Protocol

TR_CONTEXT = "Adjudication"


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class AdjudicationDialog(QDialog):
    def __init__(
        self,
        store: Store,
        session_id: int,
        adjudicator: str,
        background: Background,
        parent: QWidget | None = None,
        l2: L2Protocol | None = None,
    ):
        """`l2`: the open workspace's expert protocol, which says which axes a run's category grades."""
        super().__init__(parent)
        self.l2 = l2
        self.setObjectName("adjudicationDialog")
        self.store = store
        self.session_id = session_id
        self.adjudicator = adjudicator
        self.background = background
        self.found: list[Disagreement] = []
        self.current: Disagreement | None = None
        self._job = 0

        self.distance = QSpinBox()
        self.distance.setRange(0, 5)
        self.distance.setValue(1)
        self.settled = QCheckBox()
        self.settled.setChecked(True)
        self.distance_label = QLabel()
        self.count_label = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.distance_label)
        top.addWidget(self.distance)
        top.addWidget(self.settled)
        top.addStretch(1)
        top.addWidget(self.count_label)

        self.table = QTableWidget(0, 6)
        self.table.setObjectName("disagreementsTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)

        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.experts = QTextBrowser()
        self.experts.setObjectName("expertsPane")
        self.code = QPlainTextEdit()
        self.code.setObjectName("codePane")
        self.logs = QPlainTextEdit()
        self.logs.setObjectName("logsPane")
        for pane in (self.code, self.logs):
            pane.setReadOnly(True)
            pane.setFont(QFont(mono))
            pane.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.panes = QSplitter(Qt.Orientation.Horizontal)
        self.panes.addWidget(self.experts)
        self.panes.addWidget(self.code)
        self.panes.addWidget(self.logs)
        self.panes.setSizes([300, 420, 300])

        self.step = QComboBox()
        self.step.setObjectName("consensusStep")
        for step in GRADE_STEPS:
            self.step.addItem(str(step), step)
        self.rationale = QPlainTextEdit()
        self.rationale.setObjectName("rationale")
        self.rationale.setMaximumHeight(70)
        self.save_button = QPushButton()
        self.save_button.setObjectName("saveConsensus")
        self.step_label = QLabel()
        self.rationale_label = QLabel()
        self.message = QLabel()
        self.message.setWordWrap(True)
        bottom = QHBoxLayout()
        bottom.addWidget(self.step_label)
        bottom.addWidget(self.step)
        bottom.addWidget(self.rationale_label)
        bottom.addWidget(self.rationale, 1)
        bottom.addWidget(self.save_button)

        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.panes, 1)
        lower_layout.addLayout(bottom)
        lower_layout.addWidget(self.message)
        self.split = QSplitter(Qt.Orientation.Vertical)
        self.split.addWidget(self.table)
        self.split.addWidget(lower)
        self.split.setSizes([200, 420])
        # Shown instead of the table and the panes when there is nothing to settle: what is missing.
        self.empty = QLabel()
        self.empty.setObjectName("adjudicationEmpty")
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.empty.setMargin(16)
        self.empty.setVisible(False)
        self.close_button = QPushButton()
        self.close_button.setObjectName("adjudicationClose")
        self.close_button.clicked.connect(self.close)
        closing = QHBoxLayout()
        closing.addStretch(1)
        closing.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.split, 1)
        layout.addWidget(self.empty, 1)
        layout.addLayout(closing)

        self.distance.valueChanged.connect(lambda _v: self.reload())
        self.settled.toggled.connect(lambda _v: self.reload())
        self.table.currentCellChanged.connect(lambda row, *_: self._choose(row))
        self.save_button.clicked.connect(self.save)
        self.resize(1200, 760)
        self._retranslate()
        self._set_editable(False)
        self.reload()

    # -- reading -----------------------------------------------------------------------------------

    def reload(self, keep: tuple[int, str] | None = None) -> None:
        """Read the disagreements again in the background; `keep` (run, axis) stays selected."""
        self._job += 1
        job, store, session_id = self._job, self.store, self.session_id
        distance, settled = self.distance.value(), self.settled.isChecked()
        if keep is None and self.current is not None:
            keep = (self.current.run_id, self.current.axis)

        def finished(found: list[Disagreement]) -> None:
            if job == self._job:
                self._show(found, keep)

        self.background.start(
            lambda _p, _c: disagreements(store, session_id, distance, include_settled=settled),
            on_finished=finished,
            on_failed=lambda error: self.message.setText(str(error)),
        )

    def _show(self, found: list[Disagreement], keep: tuple[int, str] | None) -> None:
        self.found = found
        self.table.setRowCount(len(found))
        selected = 0
        for row, item in enumerate(found):
            grades = "  ".join(f"{e.label}: {e.step}" for e in item.experts)
            consensus = str(item.adjudication.step) if item.adjudication else "—"
            values = (str(item.run_id), item.task_id, item.model_id, item.axis, grades, consensus)
            for column, value in enumerate(values):
                self.table.setItem(row, column, QTableWidgetItem(value))
            if keep == (item.run_id, item.axis):
                selected = row
        self.count_label.setText(
            tr("%1 run axes apart by more than %2 step(s)")
            .replace("%1", str(len(found)))
            .replace("%2", str(self.distance.value()))
        )
        self.split.setVisible(bool(found))
        self.empty.setVisible(not found)
        self.empty.setText(self._empty_text())
        if found:
            self.table.setCurrentCell(selected, 0)
            self._choose(selected)
        else:
            self._choose(-1)

    def _empty_text(self) -> str:
        distance = self.distance.value()
        todo = (
            tr("lower the distance above, or let a second expert grade this session's runs")
            if distance
            else tr("let a second expert grade this session's runs")
        )
        return (
            tr(
                "Nothing to settle: no run of this session has grades more than %1 step(s) apart. "
                "Adjudication needs the same run graded by two or more experts who disagree. What to do: "
                "%2 (a team: prism-desktop session create … --experts); their disagreements appear here."
            )
            .replace("%1", str(distance))
            .replace("%2", todo)
        )

    def _choose(self, row: int) -> None:
        if not 0 <= row < len(self.found):
            self.current = None
            self.experts.clear()
            self.code.clear()
            self.logs.clear()
            self._set_editable(False)
            return
        item = self.found[row]
        self.current = item
        self.experts.setHtml(self._experts_html(item))
        suggested = (
            item.adjudication.step
            if item.adjudication
            else sorted(e.step for e in item.experts)[(len(item.experts) - 1) // 2]
        )  # the lower median, the report's default rule
        self.step.setCurrentIndex(GRADE_STEPS.index(suggested))
        self.rationale.setPlainText(item.adjudication.rationale if item.adjudication else "")
        self._set_editable(True)
        store, run_id = self.store, item.run_id

        def loaded(review: Any) -> None:
            if self.current is item:
                self.code.setPlainText(review.candidate_code)
                self.logs.setPlainText(_logs_text(review))

        self.background.start(lambda _p, _c: load_run_review(store, run_id), on_finished=loaded)

    def _experts_html(self, item: Disagreement) -> str:
        parts = [f"<h3>{tr('Run %1, axis %2').replace('%1', str(item.run_id)).replace('%2', item.axis)}</h3>"]
        for expert in item.experts:
            comment = (
                _escape(expert.comment).replace("\n", "<br>")
                if expert.comment
                else f"<i>{tr('no comment')}</i>"
            )
            parts.append(f"<p><b>{_escape(expert.label)}</b> — {expert.step}<br>{comment}</p>")
        if item.adjudication is not None:
            settled = item.adjudication
            parts.append(
                f"<hr><p><b>{tr('Consensus')}: {settled.step}</b> ({_escape(settled.adjudicator or '?')}, "
                f"{settled.decided_at:%Y-%m-%d %H:%M} UTC)<br>{_escape(settled.rationale)}</p>"
            )
        return "".join(parts)

    # -- writing -----------------------------------------------------------------------------------

    def _set_editable(self, editable: bool) -> None:
        for widget in (self.step, self.rationale, self.save_button):
            widget.setEnabled(editable)

    def save(self) -> None:
        item = self.current
        if item is None:
            return
        rationale = self.rationale.toPlainText()
        if not rationale.strip():
            self.message.setText(tr("Write the rationale: why this step is the consensus."))
            return
        store, session_id, name = self.store, self.session_id, self.adjudicator
        step = int(self.step.currentData())
        version = item.adjudication.version if item.adjudication else 0

        def job(_p: Any, _c: Any) -> Any:
            return adjudicate(
                store,
                session_id=session_id,
                run_id=item.run_id,
                axis=item.axis,
                step=step,
                rationale=rationale,
                adjudicator_id=name_expert(store, name),
                expected_version=version,
                l2=self.l2,
            )

        def failed(error: BaseException) -> None:
            if isinstance(error, TeamError | StoreError):
                self.message.setText(str(error))
                self.reload(keep=(item.run_id, item.axis))
            else:
                self.message.setText(tr("Not saved: %1").replace("%1", str(error)))

        def saved(_record: Any) -> None:
            self.message.setText(
                tr("Consensus %1 saved for run %2, axis %3.")
                .replace("%1", str(step))
                .replace("%2", str(item.run_id))
                .replace("%3", item.axis)
            )
            self.reload(keep=(item.run_id, item.axis))

        self.save_button.setEnabled(False)
        self.background.start(job, on_finished=saved, on_failed=failed)

    # -- language ----------------------------------------------------------------------------------

    def _retranslate(self) -> None:
        self.setWindowTitle(tr("Adjudication"))
        self.distance_label.setText(tr("Grades apart by more than (scale steps):"))
        self.settled.setText(tr("Show settled ones"))
        self.table.setHorizontalHeaderLabels(
            [tr("Run"), tr("Task"), tr("Model"), tr("Axis"), tr("Experts' grades"), tr("Consensus")]
        )
        self.step_label.setText(tr("Consensus step:"))
        self.rationale_label.setText(tr("Rationale:"))
        self.save_button.setText(tr("Save consensus"))
        self.close_button.setText(tr("Close"))
        self.empty.setText(self._empty_text())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)


def _logs_text(review: Any) -> str:
    """The run's logs as the review's Logs tab has them: the raw log, or the sandbox's outcome."""
    if review.raw_logs:
        return str(review.raw_logs)
    result = review.run_result
    if result is not None:
        return result.to_json() if hasattr(result, "to_json") else str(result)
    if review.error:
        return str(review.error)
    return tr("No logs: the run has not been scored here.")


def open_adjudication(ctx: WindowContext) -> None:
    """Review → Adjudication…: inside a calibration session, with an expert named; the one window,
    reloaded for the same session, built anew for another."""
    session_id = ctx.session_id
    if session_id is None:
        ctx.report(tr("Open a calibration session first (Review → Calibration sessions…)."), 8000)
        return
    expert = ctx.settings.expert_name
    if not expert:
        ctx.report(tr("Say who you are first (File → Settings…)."), 8000)
        return
    dialog = ctx.kept.get("adjudication")
    if isinstance(dialog, AdjudicationDialog) and dialog.session_id == session_id:
        dialog.reload()
    else:
        if dialog is not None:
            dialog.deleteLater()
        l2 = ctx.workspace.protocols.l2 if ctx.workspace is not None else None
        dialog = AdjudicationDialog(ctx.store, session_id, expert, ctx.background, ctx.parent, l2)
        ctx.kept["adjudication"] = dialog
    dialog.show()
    dialog.raise_()


ADJUDICATION_ACTIONS: tuple[ActionSpec[WindowContext], ...] = (
    ActionSpec(
        "review.adjudication",
        lambda: tr("A&djudication…"),
        open_adjudication,
        Menu.REVIEW,
        tip=lambda: tr("Runs where the experts disagree: settle the consensus step with a rationale"),
    ),
)
