"""Calibration sessions: list them, create one by stratified sampling, and open one as a named
expert (several experts may grade the same session in the same database)."""

from __future__ import annotations

import random

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.code_editor import LanguageAware
from prism_desktop.gui.colour_scheme import colour_text
from prism_desktop.services.grading import GradingError, ensure_expert
from prism_desktop.services.sessions import (
    SessionError,
    create_session,
    flat_dimensions,
    list_sessions,
    sample_candidates,
    session_progress,
)
from prism_desktop.store import Store
from prism_desktop.workspace.protocol import L2Protocol


class SessionsDialog(LanguageAware, QDialog):
    """After `exec()` returns Accepted: `session_id` (None for standalone grading) and `expert_name`."""

    sessionChosen = Signal(object, str)  # session id or None, expert name

    def __init__(
        self,
        store: Store,
        expert_name: str | None = None,
        parent: QWidget | None = None,
        l2: L2Protocol | None = None,
    ):
        """`l2`: the open workspace's expert protocol, which says when a run is fully graded."""
        super().__init__(parent)
        self.store = store
        self.l2 = l2
        self.session_id: int | None = None
        self.expert_name: str = expert_name or ""
        self.resize(820, 560)

        self.expert_label = QLabel()
        self.expert_edit = QLineEdit(self.expert_name)
        self.expert_edit.setObjectName("expertEdit")
        self.expert_edit.textChanged.connect(self._update_buttons)
        self.expert_edit.editingFinished.connect(self._refresh)
        self.table = QTableWidget(0, 7)
        self.table.setObjectName("sessionsTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.cellDoubleClicked.connect(lambda _r, _c: self._open())

        self.new_group = QGroupBox()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("sessionNameEdit")
        self.size_spin = QSpinBox()
        self.size_spin.setObjectName("sessionSizeSpin")
        self.size_spin.setRange(1, 1_000_000)
        self.size_spin.setValue(50)
        self.seed_spin = QSpinBox()
        self.seed_spin.setObjectName("sessionSeedSpin")
        self.seed_spin.setRange(0, 2_000_000_000)
        self.seed_spin.setValue(random.randrange(1_000_000))  # shown and stored, so the sample can be rebuilt
        self.blind_check = QCheckBox()
        self.blind_check.setChecked(True)
        self.share_spin = QDoubleSpinBox()
        self.share_spin.setRange(0.05, 0.95)
        self.share_spin.setSingleStep(0.05)
        self.share_spin.setValue(0.5)
        self.category_box = QComboBox()
        self.category_box.addItem("", None)
        self.category_box.addItem("A", "A")
        self.category_box.addItem("B", "B")
        self.category_box.currentIndexChanged.connect(self._update_available)
        self.available = QLabel()
        colour_text(self.available, lambda c: c.secondary)
        self.strata_note = QLabel()  # what the sample cannot be stratified by, and why
        self.strata_note.setObjectName("strataNote")
        self.strata_note.setWordWrap(True)
        colour_text(self.strata_note, lambda c: c.note)
        self.strata_note.hide()
        self.create_button = QPushButton()
        self.create_button.setObjectName("createSessionButton")
        self.create_button.clicked.connect(self._create)
        self.form = QFormLayout(self.new_group)
        self.form_labels = [QLabel() for _ in range(6)]
        for label, field in zip(
            self.form_labels,
            (
                self.name_edit,
                self.size_spin,
                self.seed_spin,
                self.share_spin,
                self.category_box,
                self.blind_check,
            ),
            strict=True,
        ):
            self.form.addRow(label, field)
        create_row = QHBoxLayout()
        create_row.addWidget(self.available, 1)
        create_row.addWidget(self.create_button)
        self.form.addRow(create_row)
        self.form.addRow(self.strata_note)

        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # errors quote names from files
        self.message.setWordWrap(True)
        colour_text(self.message, lambda c: c.bad)
        self.buttons = QDialogButtonBox()
        self.open_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.AcceptRole)
        self.open_button.setObjectName("openSessionButton")
        self.standalone_button = self.buttons.addButton("", QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.open_button.clicked.connect(self._open)
        self.standalone_button.clicked.connect(self._standalone)
        self.cancel_button.clicked.connect(self.reject)

        expert_row = QHBoxLayout()
        expert_row.addWidget(self.expert_label)
        expert_row.addWidget(self.expert_edit, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(expert_row)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.new_group)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self.retranslate()
        self._refresh()
        self._update_available()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Calibration sessions"))
        self.expert_label.setText(self.tr("You are (expert name):"))
        self.expert_edit.setPlaceholderText(self.tr("the name your grades are stored under"))
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Session"),
                self.tr("Created (UTC)"),
                self.tr("Runs"),
                self.tr("Blind"),
                self.tr("Seed"),
                self.tr("Tasks: calibration / validation"),
                self.tr("Your progress"),
            ]
        )
        self.new_group.setTitle(self.tr("New session: stratified sample (task × model × machine score band)"))
        for label, text in zip(
            self.form_labels,
            (
                self.tr("Name:"),
                self.tr("Runs to sample:"),
                self.tr("Seed:"),
                self.tr("Validation share of tasks:"),
                self.tr("Category:"),
                self.tr("Blind:"),
            ),
            strict=True,
        ):
            label.setText(text)
        self.blind_check.setText(self.tr("hide machine scores and other experts until I have graded a run"))
        self.category_box.setItemText(0, self.tr("all"))
        self.create_button.setText(self.tr("Create session"))
        self.open_button.setText(self.tr("Open session"))
        self.standalone_button.setText(self.tr("Grade without a session"))
        self._update_available()

    def _expert_id(self) -> int | None:
        name = self.expert_edit.text().strip()
        if not name:
            return None
        try:
            return ensure_expert(self.store, name)
        except GradingError as error:
            self.message.setText(str(error))
            return None

    def _refresh(self, select: int | None = None) -> None:
        sessions = list_sessions(self.store)
        name = self.expert_edit.text().strip()
        expert_id = self._expert_id() if name else None
        self.table.setRowCount(len(sessions))
        for row, summary in enumerate(sessions):
            progress = "—"
            if expert_id is not None:
                done, total = session_progress(self.store, summary.id, expert_id, self.l2)
                progress = f"{done} / {total}"
            cells = [
                summary.name,
                summary.created_at.strftime("%Y-%m-%d %H:%M"),
                str(summary.runs),
                self.tr("yes") if summary.blind else self.tr("no"),
                "" if summary.seed is None else str(summary.seed),
                f"{summary.calibration_tasks} / {summary.validation_tasks}",
                progress,
            ]
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, summary.id)
                self.table.setItem(row, column, item)
            if summary.id == select:
                self.table.selectRow(row)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self._update_buttons()

    def _update_available(self) -> None:
        candidates = sample_candidates(self.store, category=self.category_box.currentData())
        count = len(candidates)
        self.available.setText(self.tr("%1 runs available").replace("%1", str(count)))
        self.size_spin.setMaximum(max(count, 1))
        flat = flat_dimensions(candidates)
        notes = {
            "band": self.tr(
                "No run is scored at Level 1 (or all fall in one score band): the sample cannot be "
                "stratified by the machine's score band. Score the runs first for a balanced sample."
            ),
            "task": self.tr("Every run is of one task: the sample cannot be stratified by task."),
            "model": self.tr("Every run is of one model: the sample cannot be stratified by model."),
        }
        self.strata_note.setText("\n".join(notes[name] for name in flat))
        self.strata_note.setVisible(bool(flat))

    def _selected(self) -> int | None:
        items = self.table.selectedItems()
        return int(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def _update_buttons(self) -> None:
        named = bool(self.expert_edit.text().strip())
        self.open_button.setEnabled(named and self._selected() is not None)
        self.standalone_button.setEnabled(named)

    def _create(self) -> None:
        self.message.clear()
        try:
            session_id = create_session(
                self.store,
                name=self.name_edit.text(),
                size=self.size_spin.value(),
                seed=self.seed_spin.value(),
                blind=self.blind_check.isChecked(),
                validation_share=self.share_spin.value(),
                category=self.category_box.currentData(),
            )
        except SessionError as error:
            self.message.setText(str(error))
            return
        self._refresh(select=session_id)

    def _finish(self, session_id: int | None) -> None:
        name = self.expert_edit.text().strip()
        if not name or self._expert_id() is None:
            self.message.setText(self.tr("Say who you are first: grades are stored under your name."))
            return
        self.session_id, self.expert_name = session_id, name
        self.sessionChosen.emit(session_id, name)
        self.accept()

    def _open(self) -> None:
        selected = self._selected()
        if selected is not None:
            self._finish(selected)

    def _standalone(self) -> None:
        self._finish(None)
