"""The filter bar above the runs table: task, category, model, score band, state and a search box.
Typing in the search box waits for a pause (debounce) before the table is queried again."""

from __future__ import annotations

from dataclasses import dataclass, replace

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QToolButton,
    QWidget,
)

from prism_desktop.services.runs_query import AXES, STATE_REVEALS, Band, Choices, RunsFilter, RunState
from prism_desktop.services.visibility import SHOWN, Reveals, Visibility, allows

SEARCH_DEBOUNCE_MS = 300


@dataclass(frozen=True)
class BandChoice:
    key: str
    low: float | None = None
    high: float | None = None
    missing: bool = False

    def band(self, axis: str) -> Band:
        # Q is a fine mean: "step s" means [s-1, s+1); the other axes' values are steps already.
        if axis == "Q" and self.key.startswith("step"):
            assert self.low is not None
            return Band(axis, self.low - 1, self.low + 1)
        return Band(axis, self.low, self.high, self.missing)


BAND_CHOICES = (
    BandChoice("any"),
    BandChoice("na", missing=True),
    *(BandChoice(f"step{s}", s, s + 1) for s in (0, 2, 4, 6, 8, 10)),
    BandChoice("low", None, 5),
    BandChoice("acceptable", 5, 8),
    BandChoice("high", 8, None),
)
STATES = tuple(RunState)


class FilterBar(QWidget):
    filterChanged = Signal()
    visibilityChanged = Signal(object)  # the Visibility the choices now follow

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.task = QComboBox()
        self.category = QComboBox()
        self.model = QComboBox()
        self.axis = QComboBox()
        self.band = QComboBox()
        self.state = QComboBox()
        self.search = QLineEdit()
        self.search.setClearButtonEnabled(True)
        self.search.setMinimumWidth(self.search.fontMetrics().horizontalAdvance("0") * 12)
        self.reset_button = QToolButton()
        # "Only the runs of …" (a confusion cell of the agreement window): cleared by Reset.
        self._only_runs: frozenset[int] | None = None
        self.only_label = QLabel()
        self.only_label.setObjectName("onlyRunsLabel")
        self.only_label.setTextFormat(Qt.TextFormat.PlainText)
        self.only_label.setWordWrap(True)
        self.only_label.setStyleSheet("color: palette(link); font-weight: 600;")
        self.only_label.hide()
        self.task.setMinimumContentsLength(12)
        self.model.setMinimumContentsLength(8)
        self.state.setMinimumContentsLength(10)
        self.band.setMinimumContentsLength(8)
        for combo in (self.task, self.model, self.state, self.band):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.category.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        for axis in AXES:
            self.axis.addItem(axis, axis)
        self.axis.setCurrentIndex(AXES.index("Q"))
        for choice in BAND_CHOICES:
            self.band.addItem("", choice)
        for state in STATES:
            self.state.addItem("", state.value)
        self._verified_available = False
        self.visibility = SHOWN  # what the choices may use (services.visibility)
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(SEARCH_DEBOUNCE_MS)
        self._debounce.timeout.connect(self.filterChanged)
        self.search.textChanged.connect(lambda _text: self._debounce.start())
        self.search.returnPressed.connect(self._search_now)
        for combo in (self.task, self.category, self.model, self.band, self.state):
            combo.currentIndexChanged.connect(self._changed)
        self.axis.currentIndexChanged.connect(self._axis_changed)
        self.reset_button.clicked.connect(self.reset)
        # Two rows: what the runs are (task, category, model), then how they fare and the search.
        layout = QGridLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setHorizontalSpacing(4)
        layout.setVerticalSpacing(4)
        first = QHBoxLayout()
        first.addWidget(self.task, 3)
        first.addWidget(self.category)
        first.addWidget(self.model, 2)
        second = QHBoxLayout()
        for widget in (self.axis, self.band, self.state):
            second.addWidget(widget)
        second.addWidget(self.search, 1)
        second.addWidget(self.reset_button)
        layout.addLayout(first, 0, 0)
        layout.addLayout(second, 1, 0)
        layout.addWidget(self.only_label, 2, 0)
        self.set_choices(Choices())
        self._retranslate()

    # -- choices ---------------------------------------------------------------------------------

    def set_choices(self, choices: Choices) -> None:
        """Fill the task, category and model lists, keeping what is selected when it still exists."""
        with _Quiet(self):
            _refill(self.task, [(f"{task_id}  {name}".strip(), task_id) for task_id, name in choices.tasks])
            _refill(self.category, [(c, c) for c in choices.categories])
            _refill(self.model, [(name, model_id) for model_id, name in choices.models])
        self._retranslate()

    def set_verified_available(self, available: bool) -> None:
        """Offer the Verified state only when Verified marks can be computed."""
        self._verified_available = available
        self._offer_states()

    def set_visibility(self, visibility: Visibility) -> None:
        """A blind session: the choices that would tell the model, the machine's scores or the
        colleagues' grades are not offered (and not applied: RunsFilter.concealed) until the expert
        has graded every run of the session."""
        # Which runs are left does not change what may be used: no reload of the table per grade.
        visibility = replace(visibility, remaining=())
        if visibility == self.visibility:
            return
        self.visibility = visibility
        with _Quiet(self):
            for combo, reveals in ((self.model, Reveals.MODEL), (self.band, Reveals.MACHINE)):
                if not allows(visibility, {reveals}):
                    combo.setCurrentIndex(0)
                combo.setEnabled(allows(visibility, {reveals}))
            self.axis.setEnabled(allows(visibility, {Reveals.MACHINE}))
        self._offer_states()
        self._retranslate()
        self.visibilityChanged.emit(visibility)

    def _offer_states(self) -> None:
        view_model = self.state.model()
        for index, state in enumerate(STATES):
            offered = allows(self.visibility, STATE_REVEALS.get(state, ()))
            if state is RunState.VERIFIED:
                offered = offered and self._verified_available
            item = view_model.item(index) if hasattr(view_model, "item") else None
            if item is not None:
                item.setEnabled(offered)
            if not offered and self.state.currentData() == state.value:
                self.state.setCurrentIndex(0)

    # -- the filter ------------------------------------------------------------------------------

    def run_filter(self, expert: str | None = None, session_id: int | None = None) -> RunsFilter:
        choice: BandChoice = self.band.currentData()
        return RunsFilter(
            task_id=self.task.currentData(),
            category=self.category.currentData(),
            model_id=self.model.currentData(),
            session_id=session_id,
            band=None if choice.key == "any" else choice.band(self.axis.currentData()),
            state=RunState(self.state.currentData()),  # Qt hands the enum back as a plain str
            search=self.search.text().strip(),
            expert=expert or None,
            run_ids=self._only_runs,
            visibility=self.visibility,
        )

    def show_runs(self, run_ids: frozenset[int], what: str) -> None:
        """Only these runs (every other choice back to "all"); `what` says which they are."""
        self.show_only(only_runs=frozenset(run_ids))
        text = self.tr("Only %1 (%2 runs); Reset shows every run.")
        self.only_label.setText(text.replace("%1", what).replace("%2", str(len(run_ids))))
        self.only_label.show()

    def reset(self) -> None:
        self.show_only()

    def show_only(
        self, task_id: str | None = None, model_id: str | None = None, only_runs: frozenset[int] | None = None
    ) -> None:
        """Every choice back to "all", then the given task and model (when the lists have them)."""
        self._only_runs = only_runs
        self.only_label.setVisible(only_runs is not None)
        with _Quiet(self):
            for combo in (self.task, self.category, self.model, self.band, self.state):
                combo.setCurrentIndex(0)
            self.search.clear()
            for combo, value in ((self.task, task_id), (self.model, model_id)):
                if value is not None:
                    combo.setCurrentIndex(max(combo.findData(value), 0))
        self._debounce.stop()
        self.filterChanged.emit()

    def _changed(self) -> None:
        self._debounce.stop()
        self.filterChanged.emit()

    def _axis_changed(self) -> None:
        if self.band.currentIndex() > 0:  # the axis matters only once a band is chosen
            self._changed()

    def _search_now(self) -> None:
        if self._debounce.isActive():
            self._debounce.stop()
            self.filterChanged.emit()

    # -- language --------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.task.setItemText(0, self.tr("All tasks"))
        self.category.setItemText(0, self.tr("All categories"))
        self.model.setItemText(0, self.tr("All models"))
        self.task.setToolTip(self.tr("Task"))
        self.category.setToolTip(self.tr("Task category"))
        blind = self.tr("Not offered in this blind session until you have graded every one of its runs.")
        models_shown = allows(self.visibility, {Reveals.MODEL})
        machine_shown = allows(self.visibility, {Reveals.MACHINE})
        self.model.setToolTip(self.tr("Model") if models_shown else blind)
        self.axis.setToolTip(self.tr("The axis the score band applies to") if machine_shown else blind)
        self.band.setToolTip(
            self.tr("Score band on the chosen axis (M and P by their steps)") if machine_shown else blind
        )
        self.state.setToolTip(self.tr("Grading and scoring state (grades of the current expert)"))
        band_texts = {
            "any": self.tr("Any score"),
            "na": self.tr("N/A (not measured)"),
            "low": self.tr("Low (< 5)"),
            "acceptable": self.tr("Acceptable (5–8)"),
            "high": self.tr("High (≥ 8)"),
        }
        for index, choice in enumerate(BAND_CHOICES):
            text = band_texts.get(choice.key) or self.tr("Step %1").replace("%1", f"{choice.low:.0f}")
            self.band.setItemText(index, text)
        state_texts = {
            RunState.ALL: self.tr("All runs"),
            RunState.UNGRADED: self.tr("Not graded by me"),
            RunState.GRADED: self.tr("Graded by me"),
            RunState.DISAGREEING: self.tr("Machine and expert disagree"),
            RunState.FLAGGED: self.tr("Flagged unsure (by anyone)"),
            RunState.VERIFIED: self.tr("Verified"),
            RunState.SCORED: self.tr("Scored"),
            RunState.NOT_SCORED: self.tr("Not scored yet"),
            RunState.NOT_MEASURED: self.tr("Not measured (N/A)"),
        }
        for index, state in enumerate(STATES):
            self.state.setItemText(index, state_texts[state])
        search = self.tr("Search task, model, answer text…")
        self.search.setPlaceholderText(search if models_shown else self.tr("Search task, answer text…"))
        self.reset_button.setText(self.tr("Reset"))
        self.reset_button.setToolTip(self.tr("Show every run again"))


def _refill(combo: QComboBox, items: list[tuple[str, str]]) -> None:
    """Item 0 is "all" (data None); keep the selected value when it is still offered."""
    kept = combo.currentData()
    combo.clear()
    combo.addItem("", None)
    for text, value in items:
        combo.addItem(text, value)
    combo.setCurrentIndex(max(0, combo.findData(kept)) if kept is not None else 0)


class _Quiet:
    """Block the combos' signals while they are refilled or reset programmatically."""

    def __init__(self, bar: FilterBar):
        self._widgets = (bar.task, bar.category, bar.model, bar.band, bar.state, bar.search)

    def __enter__(self) -> None:
        for widget in self._widgets:
            widget.blockSignals(True)

    def __exit__(self, *_exc: object) -> None:
        for widget in self._widgets:
            widget.blockSignals(False)
