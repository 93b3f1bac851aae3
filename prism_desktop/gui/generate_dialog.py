"""Level 1 → Generate…: candidate answers from the models of the workspace's generation/ folder.
The cost estimate shows first and follows every change of the selection; a model that cannot be
called (no key in the environment) is named before anything is sent. Generation runs in the
background with a progress bar and can be cancelled; its experiment is imported at once, so the new
runs are in the table and can be scored from here."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.generation.adapters import display_url
from prism_desktop.generation.config import GenerationConfig
from prism_desktop.generation.credentials import generation_env
from prism_desktop.generation.errors import AdapterConfigError
from prism_desktop.generation.plan import (
    ALL_TASKS,
    EVERY_MODEL,
    GenerationError,
    GenerationRequest,
    make_plan,
    workspace_config,
)
from prism_desktop.generation.runner import GenerationEvent, Generator, access_problems, check_access
from prism_desktop.generation.scrub import scrub
from prism_desktop.gui.actions import ActionSpec, Menu
from prism_desktop.gui.window_context import WindowContext
from prism_desktop.services.generation import GeneratedRuns, generate_into_store
from prism_desktop.workspace.errors import WorkspaceError

KEY_ROLE = Qt.ItemDataRole.UserRole


class GenerateDialog(QDialog):
    finishedGenerating = Signal(object)  # GeneratedRuns, or the exception that stopped it

    def __init__(self, ctx: WindowContext):
        super().__init__(ctx.parent)
        self.setObjectName("generateDialog")
        self.ctx = ctx
        assert ctx.workspace is not None
        self.workspace = ctx.workspace
        self.config: GenerationConfig | None = None
        self.config_error = ""
        try:
            self.config = workspace_config(self.workspace)
        except WorkspaceError as error:
            self.config_error = "\n".join(str(p) for p in error.problems)
        self.generator: Generator | None = None
        self.generated: GeneratedRuns | None = None
        self._progress: Any = None  # the running job's progress callback (thread-safe signal emit)

        self.category = QComboBox()
        self.category.setObjectName("generateCategory")
        # A and B on a PRISM workspace; on a coding bench every task ("") or one of its categories.
        choices = ((ALL_TASKS,) if self.workspace.spans_categories else ()) + self.workspace.categories
        for category in choices:
            self.category.addItem(category, category)
        self.models = QListWidget()
        self.tasks = QListWidget()
        self.all_tasks = QPushButton()
        self.no_tasks = QPushButton()
        self.runs = QSpinBox()
        self.runs.setRange(0, 100)  # 0: as params.yaml says
        self.temperature = QDoubleSpinBox()
        self.temperature.setRange(-0.1, 2.0)  # the minimum: as params.yaml says
        self.temperature.setSingleStep(0.1)
        self.temperature.setDecimals(2)
        self.temperature.setValue(-0.1)
        self.concurrency = QSpinBox()
        self.concurrency.setRange(1, 64)
        self.concurrency.setValue(self.config.concurrency if self.config else 4)
        self.max_cost = QDoubleSpinBox()
        self.max_cost.setRange(0.0, 100_000.0)  # 0: no limit
        self.max_cost.setDecimals(2)
        self.use_cache = QCheckBox()
        self.use_cache.setChecked(True)
        self.endpoint = QLineEdit()
        self.endpoint.setObjectName("generateEndpoint")
        self.env, env_problems = self._read_env()
        self.estimate_label = QLabel()
        self.estimate_label.setObjectName("generateEstimate")
        self.estimate_label.setWordWrap(True)
        self.estimate_label.setTextFormat(Qt.TextFormat.PlainText)
        self.progress = QProgressBar()
        self.progress.setValue(0)
        self.progress.setFormat("")
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.generate_button = QPushButton()
        self.generate_button.setDefault(True)
        self.cancel_button = QPushButton()
        self.score_button = QPushButton()
        self.close_button = QPushButton()

        self.form = QFormLayout()
        self.form_labels = [QLabel() for _ in range(7)]
        fields = (
            self.category,
            self.runs,
            self.temperature,
            self.concurrency,
            self.max_cost,
            self.use_cache,
            self.endpoint,
        )
        for label, field in zip(self.form_labels, fields, strict=True):
            label.setBuddy(field)
            self.form.addRow(label, field)
        task_buttons = QHBoxLayout()
        task_buttons.addWidget(self.all_tasks)
        task_buttons.addWidget(self.no_tasks)
        task_buttons.addStretch(1)
        self.models_title = QLabel()
        self.tasks_title = QLabel()
        lists = QGridLayout()
        lists.addWidget(self.models_title, 0, 0)
        lists.addWidget(self.tasks_title, 0, 1)
        lists.addWidget(self.models, 1, 0)
        lists.addWidget(self.tasks, 1, 1)
        lists.addLayout(task_buttons, 2, 1)
        settings = QWidget()
        settings.setLayout(self.form)
        settings.setMaximumWidth(400)
        lists.addWidget(settings, 1, 2, Qt.AlignmentFlag.AlignTop)
        lists.setColumnStretch(0, 5)  # the models' lines carry their cost and any variable to set
        lists.setColumnStretch(1, 3)
        buttons = QHBoxLayout()
        buttons.addWidget(self.generate_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.score_button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(lists, 3)
        layout.addWidget(self.estimate_label)
        layout.addWidget(self.progress)
        layout.addWidget(self.log, 2)
        layout.addLayout(buttons)

        self._fill_models()
        self._fill_tasks()
        self.category.currentIndexChanged.connect(self._category_changed)
        for widget in (self.models, self.tasks):
            widget.itemChanged.connect(lambda _item: self.update_estimate())
        for spin in (self.runs, self.temperature, self.concurrency, self.max_cost):
            spin.valueChanged.connect(lambda _v: self.update_estimate())
        self.use_cache.toggled.connect(lambda _on: self.update_estimate())
        self.endpoint.textChanged.connect(lambda _text: self.update_estimate())
        self.all_tasks.clicked.connect(lambda: self._check_all(self.tasks, True))
        self.no_tasks.clicked.connect(lambda: self._check_all(self.tasks, False))
        self.generate_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.score_button.clicked.connect(self.score_new_runs)
        self.close_button.clicked.connect(self.close)
        self.finishedGenerating.connect(self._finished)
        self.resize(1100, 680)
        self.retranslate()
        self._set_running(False)
        self.update_estimate()
        for problem in env_problems:
            self.log.appendPlainText(problem)

    # -- choices --------------------------------------------------------------------------------------

    def _fill_models(self) -> None:
        self.models.clear()
        if self.config is None:
            return
        tuned = set(self.config.model_params)
        for model in self.config.models.values():
            item = QListWidgetItem(f"{model.name} · {model.key}")
            item.setData(KEY_ROLE, model.key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = model.key in tuned or not tuned
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
            self.models.addItem(item)

    def _category_changed(self, _index: int) -> None:
        self._fill_tasks()
        self.update_estimate()

    def _fill_tasks(self) -> None:
        self.tasks.blockSignals(True)
        self.tasks.clear()
        category = self.category_value()
        for task in self.workspace.tasks:
            if category not in (ALL_TASKS, task.category):
                continue
            item = QListWidgetItem(f"{task.id}  {task.name}")
            item.setData(KEY_ROLE, task.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            self.tasks.addItem(item)
        self.tasks.blockSignals(False)

    @staticmethod
    def _check_all(widget: QListWidget, checked: bool) -> None:
        widget.blockSignals(True)
        for row in range(widget.count()):
            widget.item(row).setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        widget.blockSignals(False)
        if widget.count():
            widget.itemChanged.emit(widget.item(0))

    @staticmethod
    def _checked(widget: QListWidget) -> tuple[str, ...]:
        return tuple(
            str(widget.item(row).data(KEY_ROLE))
            for row in range(widget.count())
            if widget.item(row).checkState() == Qt.CheckState.Checked
        )

    def select(self, category: str, models: tuple[str, ...], tasks: tuple[str, ...]) -> None:
        """Choose a selection programmatically (tests, scripted use)."""
        self.category.setCurrentIndex(max(self.category.findData(category), 0))
        for widget, keys in ((self.models, models), (self.tasks, tasks)):
            widget.blockSignals(True)
            for row in range(widget.count()):
                item = widget.item(row)
                item.setCheckState(
                    Qt.CheckState.Checked if item.data(KEY_ROLE) in keys else Qt.CheckState.Unchecked
                )
            widget.blockSignals(False)
        self.update_estimate()

    def category_value(self) -> str:
        return str(self.category.currentData() or ALL_TASKS)

    def request(self) -> GenerationRequest:
        return GenerationRequest(
            category=self.category_value(),
            models=self._checked(self.models),
            tasks=self._checked(self.tasks),
            runs=self.runs.value() or None,
            temperature=None if self.temperature.value() < 0 else self.temperature.value(),
            concurrency=self.concurrency.value(),
            max_cost=self.max_cost.value() or None,
            use_cache=self.use_cache.isChecked(),
            endpoints={EVERY_MODEL: self.endpoint.text().strip()} if self.endpoint.text().strip() else {},
        )

    # -- estimate -------------------------------------------------------------------------------------

    def _generator(self) -> Generator | None:
        """A generator for the current choices; None (with the reason shown) when there is none."""
        if self.config is None:
            self.estimate_label.setText(self.tr("generation/ cannot be read:") + "\n" + self.config_error)
            return None
        request = self.request()
        if not request.models or not request.tasks:
            self.estimate_label.setText(self.tr("Choose at least one model and one task."))
            return None
        try:
            plan = make_plan(self.workspace, self.config, request)
        except GenerationError as error:
            self.estimate_label.setText(str(error))
            return None
        return Generator(self.config, plan, request, env=self.env, on_event=self._on_event)

    def _read_env(self) -> tuple[dict[str, str], list[str]]:
        """The keys and proxies the adapters read: the environment, the workspace's .env (read again
        at every change, so a key added there counts at once) and the proxies of the app's Settings."""
        return generation_env(self.workspace.root, extra=self.ctx.settings.proxy_variables())

    def _describe_models(self) -> None:
        """Every model of the catalogue with its estimate for the chosen tasks and, when it cannot be
        called, the variable to set (checked or not, so the whole catalogue is in view)."""
        if self.config is None:
            return
        request = replace(self.request(), models=tuple(self.config.models))
        costs: dict[str, float] = {}
        models = {m.key: m for m in self.config.models.values()}
        try:
            every = make_plan(self.workspace, self.config, request) if request.tasks else None
        except GenerationError:
            every = None  # the reason shows in the estimate below
        if every is not None:
            costs = Generator(self.config, every, request, env=self.env).estimate().by_model
            models = {m.key: m for m in every.models}  # their endpoints as overridden
        problems = access_problems(models.values(), self.env)
        self.models.blockSignals(True)
        for row in range(self.models.count()):
            item = self.models.item(row)
            model = models[str(item.data(KEY_ROLE))]
            text = f"{model.name} · {model.key}"
            problem = problems.get(model.key)
            if problem is not None:  # first: what stops the model matters more than its cost
                text += " — " + (
                    self.tr("set %1").replace("%1", ", ".join(problem.env_vars))
                    if problem.env_vars
                    else self.tr("cannot be called")
                )
            if not self.config.pricing.known(model.id):
                text += " — " + self.tr("no price")  # not a cost of 0: unknown
            elif model.key in costs:
                text += " — " + self.tr("≤ %1 USD").replace("%1", f"{costs[model.key]:.4f}")
            item.setText(text)
            where = display_url(model.endpoint) if model.endpoint else ""
            item.setToolTip(
                "\n".join(
                    filter(None, (f"{model.id} — {model.adapter} {where}".rstrip(), str(problem or "")))
                )
            )
        self.models.blockSignals(False)

    def update_estimate(self) -> bool:
        """Show the cost estimate; True when generation can start."""
        if self.generator is not None:
            return False
        self.env, _problems = self._read_env()
        self._describe_models()
        generator = self._generator()
        ready = generator is not None
        if generator is not None:
            estimate = generator.estimate()
            text = (
                self.tr(
                    "%1 pairs, up to %2 requests (%3 answers already cached): at most %4 USD "
                    "(prices as of %5)."
                )
                .replace("%1", str(estimate.pairs))
                .replace("%2", str(estimate.requests))
                .replace("%3", str(estimate.cached_runs))
                .replace("%4", f"{estimate.total:.4f}")
                .replace("%5", estimate.as_of or "—")
            )
            if estimate.unknown_price:
                text += "\n" + self.tr("No price for %1: counted as free.").replace(
                    "%1", ", ".join(estimate.unknown_price)
                )
            try:
                check_access(generator.plan, generator.env)
            except AdapterConfigError as error:
                text += "\n" + self._access_text(error)
                ready = False
            self.estimate_label.setText(text)
        self.generate_button.setEnabled(ready)
        return ready

    def _access_text(self, error: AdapterConfigError) -> str:
        """Which models cannot be called and why, in the interface's language where we can; the models
        missing the same variables on one line (a catalogue of 36 would otherwise fill the dialog)."""
        lines = []
        missing: dict[tuple[str, ...], list[str]] = {}
        for problem in error.problems:
            if problem.env_vars:
                missing.setdefault(problem.env_vars, []).append(problem.model)
        for env_vars, models in missing.items():
            lines.append(
                self.tr("Cannot call %1: set %2 in the environment or the workspace's .env.")
                .replace("%1", ", ".join(models))
                .replace("%2", ", ".join(env_vars))
            )
        lines += [
            self.tr("Cannot call %1: %2").replace("%1", problem.model).replace("%2", scrub(str(problem)))
            for problem in error.problems
            if not problem.env_vars
        ]
        return "\n".join(lines)

    # -- running --------------------------------------------------------------------------------------

    def _set_running(self, running: bool) -> None:
        for widget in (
            self.category,
            self.models,
            self.tasks,
            self.runs,
            self.temperature,
            self.concurrency,
            self.max_cost,
            self.use_cache,
            self.endpoint,
            self.all_tasks,
            self.no_tasks,
        ):
            widget.setEnabled(not running)
        self.generate_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.score_button.setEnabled(not running and bool(self.generated and self.generated.run_ids))

    @property
    def running(self) -> bool:
        return self.generator is not None

    def start(self) -> None:
        if self.running or not self.update_estimate():
            return
        generator = self._generator()
        if generator is None:
            return
        self.generator = generator
        self.generated = None
        self.log.clear()
        self.progress.setRange(0, len(generator.plan.pairs))
        self.progress.setValue(0)
        self._set_running(True)
        self.log.appendPlainText(self.tr("Experiment %1").replace("%1", generator.plan.experiment_name))
        store, workspace = self.ctx.store, self.workspace

        def job(progress: Any, cancel: Any) -> GeneratedRuns:
            self._progress = progress
            # The worker's cancel event is set when the app quits: generation stops with it.
            return generate_into_store(store, workspace, generator, cancel)

        self.ctx.background.start(
            job,
            on_finished=self.finishedGenerating.emit,
            on_failed=self.finishedGenerating.emit,
            on_progress=self._show_progress,
        )

    def _on_event(self, event: GenerationEvent) -> None:
        """From the generation's thread: handed to the GUI thread through the worker's signal."""
        progress = self._progress
        if progress is not None and event.kind != "run_done":
            where = f"{event.task_id} × {event.model_key}"
            text = f"{where}: {event.message}" if event.message else where
            label = f"{event.kind}\t{text}\t{event.spent:.4f}"
            progress(event.done, event.total, label)

    def _show_progress(self, done: int, total: int, label: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        kind, text, spent = [*label.split("\t"), "", "", ""][:3]
        words = {
            "pair_done": self.tr("done"),
            "pair_failed": self.tr("failed"),
            "retry": self.tr("retry"),
            "warning": self.tr("note"),
        }
        self.log.appendPlainText(f"[{words.get(kind, kind)}] {scrub(text)}")
        self.progress.setFormat(self.tr("%v of %m pairs · %1 USD").replace("%1", spent or "0"))

    def cancel(self) -> None:
        if self.generator is not None:
            self.log.appendPlainText(self.tr("Cancelling…"))
            self.generator.cancel()

    def _finished(self, outcome: object) -> None:
        self.generator = None
        self._progress = None
        if isinstance(outcome, GeneratedRuns):
            self.generated = outcome
            result = outcome.result
            done = len(result.written) + len(result.resumed)
            line = (
                self.tr("%1 of %2 pairs written, %3 requests, %4 cached answers, %5 USD spent.")
                .replace("%1", str(done))
                .replace("%2", str(result.total_pairs))
                .replace("%3", str(result.requests))
                .replace("%4", str(result.cache_hits))
                .replace("%5", f"{result.spent:.4f}")
            )
            if result.cancelled:
                line = self.tr("Cancelled.") + " " + line
            self.log.appendPlainText(line)
            for cause, count in result.failures_by_cause().items():
                self.log.appendPlainText(f"  {cause}: {count}")
            if outcome.run_ids:
                self.log.appendPlainText(
                    self.tr("%1 runs of this experiment are in the table.").replace(
                        "%1", str(len(outcome.run_ids))
                    )
                )
            self.ctx.runs_added()
        else:
            self.log.appendPlainText(self.tr("Generation stopped: %1").replace("%1", scrub(str(outcome))))
        self._set_running(False)
        self.update_estimate()

    def score_new_runs(self) -> None:
        if self.generated is not None and self.generated.run_ids:
            self.ctx.score_runs(self.generated.run_ids)

    # -- language -------------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Generate answers"))
        self.models_title.setText(self.tr("Models (generation/models.yaml)"))
        if self.config is not None:
            self.models_title.setToolTip(
                self.tr("Generation settings: %1").replace("%1", str(self.config.root))
            )
        all_tasks = self.category.findData(ALL_TASKS)
        if all_tasks >= 0:
            self.category.setItemText(all_tasks, self.tr("all tasks"))
        self.tasks_title.setText(self.tr("Tasks"))
        self.all_tasks.setText(self.tr("All"))
        self.no_tasks.setText(self.tr("None"))
        labels = (
            self.tr("C&ategory"),
            self.tr("Samples per &model"),
            self.tr("&Temperature"),
            self.tr("&Requests at once"),
            self.tr("Stop at cost (&USD)"),
            self.tr("Answers"),
            self.tr("&Endpoint"),
        )
        for label, text in zip(self.form_labels, labels, strict=True):
            label.setText(text)
        self.runs.setSpecialValueText(self.tr("as in params.yaml"))
        self.temperature.setSpecialValueText(self.tr("as in params.yaml"))
        self.max_cost.setSpecialValueText(self.tr("no limit"))
        self.use_cache.setText(self.tr("reuse cached answers"))
        self.endpoint.setPlaceholderText(self.tr("as in models.yaml"))
        self.endpoint.setToolTip(
            self.tr(
                "Send every chosen model's requests to this base URL instead (e.g. http://127.0.0.1:8000/v1)"
            )
        )
        self.generate_button.setText(self.tr("&Generate"))
        self.cancel_button.setText(self.tr("&Cancel"))
        self.score_button.setText(self.tr("&Score the new runs"))
        self.close_button.setText(self.tr("Close"))


def open_generate_dialog(ctx: WindowContext) -> None:
    """Level 1 → Generate answers…: the one dialog, built anew for another workspace unless it is
    still generating."""
    if ctx.workspace is None:
        return
    dialog = ctx.kept.get("generate")
    if not isinstance(dialog, GenerateDialog) or (
        dialog.workspace is not ctx.workspace and not dialog.running
    ):
        if dialog is not None:
            dialog.deleteLater()
        dialog = GenerateDialog(ctx)
        ctx.kept["generate"] = dialog
    dialog.show()
    dialog.raise_()
    dialog.activateWindow()


GENERATE_ACTIONS: tuple[ActionSpec[WindowContext], ...] = (
    ActionSpec(
        "generation.run",
        lambda: QCoreApplication.translate("GenerateDialog", "&Generate answers…"),
        open_generate_dialog,
        Menu.LEVEL1,
        separator=True,
        enabled_when=lambda ctx: ctx.workspace is not None,
    ),
)
