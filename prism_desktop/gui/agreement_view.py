"""The Agreement window (Review → Agreement…): for a review session, the agreement of the machine
with the experts' consensus and among the experts, per axis, split and category, with bootstrap
intervals, confusion heat maps, the Verified verdicts of metrics/verification.yaml and the
threshold proposals; and the exports (Verified JSONL/CSV, expert files, the report as JSON/HTML).

The analysis (services/agreement.py) runs in the background pool; the window only lays out its
report. `AGREEMENT_ACTIONS` is its Review → Agreement… command."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.actions import ActionSpec, Menu
from prism_desktop.gui.agreement_tables import (
    AXES,
    SPLITS,
    ConfusionGrid,
    FiguresTable,
    ThresholdsTable,
    VerifiedTable,
    split_name,
    tr,
)
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import colour_text
from prism_desktop.gui.review_texts import localized
from prism_desktop.gui.window_context import WindowContext
from prism_desktop.services.agreement import (
    DEFAULT_BOOTSTRAP,
    SessionAgreement,
    analyse_session,
    confusion_cell_runs,
    export_expert_files,
    export_report,
    export_verified,
    session_seed,
)
from prism_desktop.services.grading import ensure_expert
from prism_desktop.services.sessions import SessionSummary, list_sessions, session_progress
from prism_desktop.services.visibility import session_visibility
from prism_desktop.store import Store
from prism_desktop.workspace.workspace import Workspace

# The strings of this module go through agreement_tables.tr, in this context (named here for
# prism_desktop/gui/i18n/extract.py, which reads it per module).
TR_CONTEXT = "AgreementView"
CATEGORY_CHOICES = ("all", "A", "B")


def error_text(error: BaseException) -> str:
    """What the user is told about a failure: the message, never a traceback."""
    if isinstance(error, OSError):
        where = f"{error.filename}: " if error.filename else ""
        return f"{where}{error.strerror or error}"
    if isinstance(error, KeyError) and error.args:
        return str(error.args[0])
    return str(error) or type(error).__name__


class AgreementDialog(LanguageAware, QDialog):
    """Non-modal. `analysisReady` fires once a result is on screen, `analysisFailed` with the
    message shown when the analysis could not run."""

    analysisReady = Signal(object)  # the SessionAgreement shown
    analysisFailed = Signal(str)
    cellRunsChosen = Signal(object, str)  # the run ids of a clicked confusion cell, what they are

    def __init__(
        self,
        store: Store,
        workspace: Workspace,
        session_id: int | None = None,
        background: Background | None = None,
        parent: QWidget | None = None,
    ):
        super().__init__(parent)
        self.setObjectName("agreementDialog")
        self.store = store
        self.workspace = workspace
        self.background = background or Background(self)
        self.agreement: SessionAgreement | None = None
        self.message_box: QMessageBox | None = None  # the last message shown (kept for tests)
        self._job = 0  # only the newest analysis is shown
        self.resize(1480, 980)

        self.session_label, self.bootstrap_label, self.seed_label = QLabel(), QLabel(), QLabel()
        self.session_box = QComboBox()
        self.session_box.setObjectName("agreementSession")
        self.session_box.setMinimumWidth(320)
        self.bootstrap_spin = QSpinBox()
        self.bootstrap_spin.setObjectName("agreementBootstrap")
        self.bootstrap_spin.setRange(0, 100_000)
        self.bootstrap_spin.setSingleStep(500)
        self.bootstrap_spin.setValue(DEFAULT_BOOTSTRAP)
        self.seed_spin = QSpinBox()
        self.seed_spin.setObjectName("agreementSeed")
        self.seed_spin.setRange(0, 2_000_000_000)
        self.compute_button = QPushButton()
        self.compute_button.setObjectName("agreementCompute")
        self.compute_button.clicked.connect(self.compute)
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)  # the analysis reports no progress: a busy indicator
        self.busy.setMaximumWidth(160)
        self.busy.setVisible(False)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # may quote an error from a file
        self.status.setObjectName("agreementStatus")
        self.status.setWordWrap(True)
        top = QHBoxLayout()
        for widget in (
            self.session_label,
            self.session_box,
            self.bootstrap_label,
            self.bootstrap_spin,
            self.seed_label,
            self.seed_spin,
            self.compute_button,
            self.busy,
        ):
            top.addWidget(widget)
        top.addStretch(1)

        self.summary = QLabel()
        self.summary.setObjectName("agreementSummary")
        self.summary.setWordWrap(True)
        # What is missing and what to do, said once, instead of an undefined figure per cell.
        self.guidance = QLabel()
        self.guidance.setObjectName("agreementGuidance")
        self.guidance.setWordWrap(True)
        self.guidance.setTextFormat(Qt.TextFormat.PlainText)
        self.guidance.setFrameShape(QFrame.Shape.StyledPanel)
        self.guidance.setMargin(8)
        self.guidance.setVisible(False)
        self.category_label = QLabel()
        self.category_box = QComboBox()
        self.category_box.setObjectName("agreementCategory")
        for choice in CATEGORY_CHOICES:
            self.category_box.addItem(choice, choice)
        self.category_box.currentIndexChanged.connect(lambda _index: self._show_figures())
        self.figures = FiguresTable()
        self.notes = QLabel()
        self.notes.setTextFormat(Qt.TextFormat.PlainText)
        self.notes.setObjectName("agreementNotes")
        self.notes.setWordWrap(True)
        colour_text(self.notes, lambda c: c.note)
        self.confusion_group = QGroupBox()
        self.confusion_group.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.grids: dict[tuple[str, str], ConfusionGrid] = {}
        self.grid_titles: dict[tuple[str, str], QLabel] = {}
        grid_layout = QGridLayout(self.confusion_group)
        for row, split in enumerate(SPLITS):
            for column, axis in enumerate(AXES):
                title, grid = QLabel(), ConfusionGrid()
                self.grids[(axis, split)], self.grid_titles[(axis, split)] = grid, title
                grid.cellClicked.connect(
                    lambda machine, consensus, a=axis, s=split: self.show_cell_runs(a, s, machine, consensus)
                )
                grid_layout.addWidget(title, 2 * row, column)
                grid_layout.addWidget(grid, 2 * row + 1, column)
        grid_layout.setColumnStretch(len(AXES), 1)
        self.confusion_hint = QLabel()
        colour_text(self.confusion_hint, lambda c: c.secondary)
        grid_layout.addWidget(self.confusion_hint, 4, 0, 1, len(AXES) + 1)

        figures_page = QWidget()
        category_row = QHBoxLayout()
        category_row.addWidget(self.category_label)
        category_row.addWidget(self.category_box)
        category_row.addStretch(1)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(category_row)
        upper_layout.addWidget(self.figures, 1)
        upper_layout.addWidget(self.notes)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(upper)
        splitter.addWidget(self.confusion_group)
        splitter.setStretchFactor(0, 3)
        splitter.setChildrenCollapsible(False)
        QVBoxLayout(figures_page).addWidget(splitter)

        self.verified_rules = QLabel()
        self.verified_rules.setWordWrap(True)
        self.verified = VerifiedTable()
        verified_page = QWidget()
        verified_layout = QVBoxLayout(verified_page)
        verified_layout.addWidget(self.verified_rules)
        verified_layout.addWidget(self.verified, 1)
        self.thresholds_hint = QLabel()
        self.thresholds_hint.setWordWrap(True)
        self.thresholds = ThresholdsTable()
        thresholds_page = QWidget()
        thresholds_layout = QVBoxLayout(thresholds_page)
        thresholds_layout.addWidget(self.thresholds_hint)
        thresholds_layout.addWidget(self.thresholds, 1)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        for page in (figures_page, verified_page, thresholds_page):
            self.tabs.addTab(page, "")

        self.export_buttons: dict[str, QPushButton] = {}
        exports = QHBoxLayout()
        for key, slot in (
            ("verified_jsonl", lambda: self.export_verified("jsonl")),
            ("verified_csv", lambda: self.export_verified("csv")),
            ("experts", self.export_experts),
            ("report_json", lambda: self.export_report("json")),
            ("report_html", lambda: self.export_report("html")),
        ):
            button = QPushButton()
            button.setObjectName(f"agreementExport_{key}")
            button.clicked.connect(slot)
            self.export_buttons[key] = button
            exports.addWidget(button)
        exports.addStretch(1)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.close)
        exports.addWidget(self.close_button)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(self.summary)
        layout.addWidget(self.guidance)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(exports)

        self.retranslate()
        self.reload_sessions(session_id)
        self.session_box.currentIndexChanged.connect(lambda _index: self._session_changed())
        self._session_changed()

    # -- sessions and the analysis -------------------------------------------------------------------

    def reload_sessions(self, select: int | None = None) -> None:
        """Fill the session choice, newest first; `select` (default: the newest) is chosen."""
        self.session_box.blockSignals(True)
        self.session_box.clear()
        for summary in list_sessions(self.store):
            self.session_box.addItem(self._session_text(summary), summary)
            if summary.id == select:
                self.session_box.setCurrentIndex(self.session_box.count() - 1)
        self.session_box.blockSignals(False)

    def _session_text(self, summary: SessionSummary) -> str:
        return (
            tr("%1 (#%2, %3 runs)")
            .replace("%1", summary.name)
            .replace("%2", str(summary.id))
            .replace("%3", str(summary.runs))
        )

    @property
    def session(self) -> SessionSummary | None:
        return self.session_box.currentData()

    def select_session(self, session_id: int) -> None:
        for index in range(self.session_box.count()):
            if self.session_box.itemData(index).id == session_id:
                self.session_box.setCurrentIndex(index)
                return

    def _session_changed(self) -> None:
        session = self.session
        if session is not None:
            self.seed_spin.setValue(session_seed(session))
        self.compute()

    def compute(self) -> None:
        """Start the analysis of the chosen session in the background."""
        session = self.session
        self._job += 1
        self._show(None)
        if session is None:
            self.status.setText(tr("No review session yet: create one in Review → Calibration sessions…"))
            return
        job, store, workspace = self._job, self.store, self.workspace
        bootstrap, seed = self.bootstrap_spin.value(), self.seed_spin.value()
        self.busy.setVisible(True)
        self.compute_button.setEnabled(False)
        self.status.setText(
            tr("Computing the agreement of “%1” (%2 bootstrap resamples)…")
            .replace("%1", session.name)
            .replace("%2", str(bootstrap))
        )
        self.background.start(
            lambda _progress, _cancel: analyse_session(
                store, workspace, session.id, bootstrap=bootstrap, seed=seed
            ),
            on_finished=lambda result: self._finished(job, result),
            on_failed=lambda error: self._failed(job, error),
        )

    def _finished(self, job: int, result: SessionAgreement) -> None:
        if job != self._job:
            return
        self._idle()
        self._show(result)
        self.analysisReady.emit(result)

    def _failed(self, job: int, error: BaseException) -> None:
        if job != self._job:
            return
        self._idle()
        message = error_text(error)
        self.status.setText(tr("The agreement could not be computed: %1").replace("%1", message))
        self._message(QMessageBox.Icon.Warning, tr("The agreement could not be computed"), message)
        self.analysisFailed.emit(message)

    def _idle(self) -> None:
        self.busy.setVisible(False)
        self.compute_button.setEnabled(True)

    # -- showing ---------------------------------------------------------------------------------------

    def _show(self, result: SessionAgreement | None) -> None:
        self.agreement = result
        ready = result is not None and result.report is not None
        for button in self.export_buttons.values():
            button.setEnabled(ready)
        self.export_buttons["experts"].setEnabled(result is not None and bool(result.experts))
        self.guidance.setText(self._guidance(result))
        self.guidance.setVisible(bool(self.guidance.text()))
        if result is None:
            self.summary.clear()
            self.notes.clear()
            self.figures.setRowCount(0)
            self.verified.setRowCount(0)
            self.thresholds.setRowCount(0)
            for grid in self.grids.values():
                grid.fill(None, ())
            for title in self.grid_titles.values():
                title.clear()
            return
        if result.report is None:
            self.status.setText(tr("Nothing to compute: %1").replace("%1", localized(result.reason)))
            self.summary.setText(self._summary(result))
            return
        self.status.setText(
            tr("Computed with %1 bootstrap resamples, seed %2.")
            .replace("%1", str(result.report["settings"]["bootstrap"]))
            .replace("%2", str(result.report["settings"]["seed"]))
        )
        self.summary.setText(self._summary(result))
        self._show_figures()
        assert result.analysis is not None
        rules = result.analysis.rules
        self.verified.fill(result.report, rules)
        self.verified_rules.setText(self._rules_text(result))
        self.thresholds.fill(result.report)
        self.thresholds_hint.setText(
            tr(
                "Proposed bounds are fitted on the calibration tasks only; the validation column shows "
                "what they give on tasks they were not fitted on. A proposal is a suggestion for a "
                "reviewer, not a change to the protocol."
            )
            if result.report["thresholds"]
            else tr("No threshold proposals: the workspace's Level-1 rules have no tables to tune.")
        )

    @staticmethod
    def _guidance(result: SessionAgreement | None) -> str:
        """One plain sentence when the session lacks what agreement needs: fewer experts than a
        consensus takes (every machine-vs-consensus figure and every between-experts one is then
        undefined for that one reason). Empty when nothing is missing."""
        if result is None or result.analysis is None or result.report is None:
            return ""
        needed = result.analysis.rules.min_experts
        if len(result.experts) >= max(needed, 2):
            return ""
        return (
            tr(
                "Only %1 expert(s) graded this session (%2). Agreement needs a consensus: at least %3 "
                "experts grading the same runs. What to do: let another expert grade this session's runs "
                "(Review → Calibration sessions…; a team: prism-desktop session create … --experts), "
                "or import their expert file; then press Compute. Until then the figures stay empty and "
                "nothing can be Verified."
            )
            .replace("%1", str(len(result.experts)))
            .replace("%2", ", ".join(result.experts) or tr("none"))
            .replace("%3", str(max(needed, 2)))
        )

    def _summary(self, result: SessionAgreement) -> str:
        experts = ", ".join(result.experts) or tr("none")
        text = (
            tr("Session “%1”: %2 graded runs; experts (%3): %4.")
            .replace("%1", result.session.name)
            .replace("%2", str(result.graded_runs))
            .replace("%3", str(len(result.experts)))
            .replace("%4", experts)
        )
        if result.report is not None:
            split = result.report["split"]
            runs = result.report["verified"]["runs"]
            text += " " + (
                tr(
                    "Tasks: validation %1, calibration %2 (never pooled; validation is the headline). "
                    "Runs Verified: %3 of %4."
                )
                .replace("%1", str(len(split["validation"])))
                .replace("%2", str(len(split["calibration"])))
                .replace("%3", str(runs["verified"]))
                .replace("%4", str(runs["graded"]))
            )
        return text

    def _rules_text(self, result: SessionAgreement) -> str:
        assert result.analysis is not None
        rules = result.analysis.rules
        source = (
            tr("%1 (version %2)").replace("%1", rules.source).replace("%2", rules.version or "—")
            if rules.source
            else tr("built-in defaults (the workspace has no metrics/verification.yaml)")
        )
        return (
            tr(
                "Rules: %1. A run is Verified when, on every applicable axis the machine measured, its step "
                "is within %2 step(s) of the consensus (%3 of at least %4 experts)."
            )
            .replace("%1", source)
            .replace("%2", str(rules.tolerance_steps))
            .replace("%3", rules.consensus)
            .replace("%4", str(rules.min_experts))
        )

    def _show_figures(self) -> None:
        result = self.agreement
        if result is None or result.report is None or result.analysis is None:
            return
        category = self.category_box.currentData()
        report = result.report
        self.figures.fill(report, category, result.analysis.rules)
        # The guidance above already says why everything is undefined: no wall of notes repeating it.
        self.notes.setText("" if self.guidance.text() else self.figures.notes.text())
        self.notes.setVisible(bool(self.notes.text()))
        for (axis, split), grid in self.grids.items():
            block = report[split] if category == "all" else report[split]["categories"].get(category)
            axis_block = (block or {}).get("axes", {}).get(axis)
            grid.fill(
                axis_block["confusion"] if axis_block else None, axis_block["reachable"] if axis_block else ()
            )
            title = self.grid_titles[(axis, split)]
            if axis_block is None:
                title.setText(f"<b>{axis}</b> · {split_name(split)} · " + tr("no data"))
            else:
                title.setText(f"<b>{axis}</b> · {split_name(split)} · n = {axis_block['n']}")

    def show_cell_runs(self, axis: str, split: str, machine_row: int, consensus_column: int) -> list[int]:
        """A click on a confusion cell: its runs, for the main window's table (unless the blind rule
        of the session still hides the machine from this expert)."""
        result = self.agreement
        if result is None or result.analysis is None:
            return []
        if not self._figures_visible(result):
            self.status.setText(
                tr("Blind session: the runs behind a cell are listed once you have graded every run of it.")
            )
            return []
        steps = self.grids[(axis, split)].labels()
        machine, consensus = steps[machine_row], steps[consensus_column]
        category = self.category_box.currentData()
        run_ids = confusion_cell_runs(
            self.store,
            result,
            axis=axis,
            split=split,
            category=category,
            machine=machine,
            consensus=consensus,
        )
        what = (
            tr("the runs where the machine gave %1 = %2 and the experts %3 (%4)")
            .replace("%1", axis)
            .replace("%2", str(machine))
            .replace("%3", str(consensus))
            .replace("%4", split_name(split))
        )
        if run_ids:
            self.cellRunsChosen.emit(frozenset(run_ids), what)
        return run_ids

    def _figures_visible(self, result: SessionAgreement) -> bool:
        """The blind rule for session-wide figures (services.visibility), for the window's expert."""
        expert = getattr(self.parent(), "settings", None)
        name = getattr(expert, "expert_name", "") if expert is not None else ""
        if not result.session.blind or not name:
            return True
        expert_id = ensure_expert(self.store, name)
        done, total = session_progress(self.store, result.session.id, expert_id, self.workspace.protocols.l2)
        return session_visibility(blind=True, runs_left=[str(n) for n in range(total - done)]).machine

    # -- exports -----------------------------------------------------------------------------------------

    def _save_path(self, title: str, stem: str, suffix: str, filter_text: str) -> Path | None:
        """The path chosen in a save dialog (the format's suffix added when none was typed)."""
        session = self.agreement.session.id if self.agreement else 0
        start = str(Path.home() / f"session_{session}_{stem}{suffix}")
        chosen, _ = QFileDialog.getSaveFileName(self, title, start, filter_text)
        if not chosen:
            return None
        path = Path(chosen)
        return path if path.suffix else path.with_suffix(suffix)

    def _attempt(self, what: Callable[[], str]) -> bool:
        """Run an export; its confirmation in the status line, any error in a message box."""
        try:
            done = what()
        except (OSError, ValueError, KeyError) as error:
            self._message(QMessageBox.Icon.Warning, tr("Export failed"), error_text(error))
            return False
        self.status.setText(done)
        return True

    def export_verified(self, kind: str) -> bool:
        result = self.agreement
        suffix = {"jsonl": ".jsonl", "csv": ".csv"}[kind]
        if result is None:
            return False
        path = self._save_path(
            tr("Export Verified runs"),
            "verified",
            suffix,
            tr("JSON Lines (*.jsonl)") if kind == "jsonl" else tr("CSV (*.csv)"),
        )
        if path is None:
            return False

        def write() -> str:
            count = export_verified(result, self.workspace, path, kind)
            return tr("%1 Verified run(s) written to %2").replace("%1", str(count)).replace("%2", str(path))

        return self._attempt(write)

    def export_experts(self) -> bool:
        result = self.agreement
        if result is None:
            return False
        folder = QFileDialog.getExistingDirectory(self, tr("Folder for the expert files"), str(Path.home()))
        if not folder:
            return False

        def write() -> str:
            paths = export_expert_files(
                self.store, self.workspace, result.session.id, result.experts, Path(folder)
            )
            return tr("%1 expert file(s) written to %2").replace("%1", str(len(paths))).replace("%2", folder)

        return self._attempt(write)

    def export_report(self, kind: str) -> bool:
        result = self.agreement
        suffix = {"json": ".json", "html": ".html"}[kind]
        if result is None:
            return False
        path = self._save_path(
            tr("Export the agreement report"),
            "agreement",
            suffix,
            tr("JSON (*.json)") if kind == "json" else tr("HTML page (*.html)"),
        )
        if path is None:
            return False

        def write() -> str:
            export_report(result, path, kind)
            return tr("Report written to %1").replace("%1", str(path))

        return self._attempt(write)

    def _message(self, icon: QMessageBox.Icon, title: str, text: str) -> None:
        """Window-modal but not blocking: the analysis and the tests go on."""
        box = QMessageBox(icon, title, text, QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)  # errors quote file names and file contents
        box.setObjectName("agreementMessage")
        box.open()
        self.message_box = box

    # -- language ----------------------------------------------------------------------------------------

    def retranslate(self) -> None:
        self.setWindowTitle(tr("Agreement and Verified marks"))
        self.session_label.setText(tr("Session:"))
        self.bootstrap_label.setText(tr("Bootstrap resamples:"))
        self.seed_label.setText(tr("Seed:"))
        self.compute_button.setText(tr("Compute"))
        self.category_label.setText(tr("Category:"))
        self.category_box.setItemText(0, tr("all categories"))
        self.category_box.setItemText(1, tr("A"))
        self.category_box.setItemText(2, tr("B"))
        self.confusion_group.setTitle(tr("Confusion: machine step (rows) × expert consensus (columns)"))
        self.confusion_hint.setText(
            tr("Bold: the diagonal (agreement). Grey row labels: steps the machine cannot give.")
        )
        for index, text in enumerate((tr("Agreement"), tr("Verified"), tr("Threshold proposals"))):
            self.tabs.setTabText(index, text)
        texts = {
            "verified_jsonl": tr("Verified → JSONL…"),
            "verified_csv": tr("Verified → CSV…"),
            "experts": tr("Expert files…"),
            "report_json": tr("Report → JSON…"),
            "report_html": tr("Report → HTML…"),
        }
        for key, text in texts.items():
            self.export_buttons[key].setText(text)
        self.close_button.setText(tr("Close"))
        for index in range(self.session_box.count()):
            self.session_box.setItemText(index, self._session_text(self.session_box.itemData(index)))
        if self.agreement is not None:
            self._show(self.agreement)  # numbers and words in the new language


def open_agreement(ctx: WindowContext) -> None:
    """Review → Agreement…: the one Agreement window, built anew for another workspace, else
    brought up to date (the session entered since, new grades)."""
    workspace = ctx.workspace
    if workspace is None:
        return
    dialog = ctx.kept.get("agreement")
    if isinstance(dialog, AgreementDialog) and dialog.workspace is workspace:
        current = dialog.session
        dialog.reload_sessions(ctx.session_id or (current.id if current else None))
        dialog.compute()
    else:
        if dialog is not None:
            dialog.deleteLater()
        dialog = AgreementDialog(ctx.store, workspace, ctx.session_id, ctx.background, ctx.parent)
        dialog.cellRunsChosen.connect(ctx.show_runs)
        ctx.kept["agreement"] = dialog
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()


AGREEMENT_ACTIONS: tuple[ActionSpec[WindowContext], ...] = (
    ActionSpec(
        "review.agreement",
        lambda: tr("&Agreement…"),
        open_agreement,
        Menu.REVIEW,
        tip=lambda: tr("Agreement of the machine with the experts, Verified marks, exports"),
        enabled_when=lambda ctx: ctx.workspace is not None,
    ),
)
