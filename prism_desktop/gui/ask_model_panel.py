"""Debug mode → Ask a model: the task being debugged is put to one model of generation/ exactly as a
generation would (category B with the metadata loop), and the panel shows the prompt that was sent
(system, metadata context, task) and the raw reply, which can go to the editor for a Level-1 run."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.generation.cache import ResponseCache
from prism_desktop.generation.config import GenerationConfig, load_generation_config
from prism_desktop.generation.credentials import generation_env
from prism_desktop.generation.errors import AdapterConfigError
from prism_desktop.generation.scrub import scrub
from prism_desktop.generation.single import Answer, ask_model
from prism_desktop.gui.debug_view import DebugView
from prism_desktop.gui.window_context import WindowContext
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.workspace import Workspace


def prompt_text(answer: Answer) -> str:
    """The messages as sent, one titled block per message."""
    return "\n\n".join(f"── {m['role']} ──\n{m.get('content') or ''}" for m in answer.messages)


class AskModelPanel(QWidget):
    answered = Signal(object)  # Answer, or the exception that stopped the question

    def __init__(self, ctx: WindowContext, debug: DebugView):
        super().__init__(debug)
        self.setObjectName("askModelPanel")
        self.ctx = ctx
        self.debug = debug
        self.workspace: Workspace | None = None
        self.config: GenerationConfig | None = None
        self.config_error = ""
        self.busy = False
        self.model = QComboBox()
        self.endpoint = QLineEdit()
        self.endpoint.setObjectName("askEndpoint")
        self.ask_button = QPushButton()
        self.to_editor = QPushButton()
        self.status = QLabel()
        self.status.setWordWrap(True)
        # Room for two lines, so a long status wraps instead of being clipped by the splitter below.
        self.status.setMinimumHeight(2 * self.status.fontMetrics().lineSpacing() + 4)
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.TypeWriter)
        self.prompt = QPlainTextEdit()
        self.reply = QPlainTextEdit()
        for view in (self.prompt, self.reply):
            view.setReadOnly(True)
            view.setFont(mono)
        self.prompt_title = QLabel()
        self.reply_title = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.model, 1)
        top.addWidget(self.endpoint, 1)
        top.addWidget(self.ask_button)
        top.addWidget(self.to_editor)
        split = QSplitter(Qt.Orientation.Vertical)
        for title, view in ((self.prompt_title, self.prompt), (self.reply_title, self.reply)):
            box = QWidget()
            box_layout = QVBoxLayout(box)
            box_layout.setContentsMargins(0, 0, 0, 0)
            box_layout.addWidget(title)
            box_layout.addWidget(view, 1)
            split.addWidget(box)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)
        self.ask_button.clicked.connect(self.ask)
        self.to_editor.clicked.connect(self.put_in_editor)
        self.answered.connect(self._answered)
        self.to_editor.setEnabled(False)
        self.retranslate()

    def set_workspace(self, workspace: Workspace | None) -> None:
        self.model.clear()
        self.workspace = workspace
        self.config, self.config_error = None, ""
        if workspace is not None:
            try:
                self.config = load_generation_config(workspace.root)
            except WorkspaceError as error:
                self.config_error = "\n".join(str(p) for p in error.problems)
        for model in self.config.models.values() if self.config else ():
            self.model.addItem(f"{model.name} · {model.key}", model.key)
        self.status.setText(self.config_error)
        self._update()

    def _update(self) -> None:
        self.ask_button.setEnabled(self.config is not None and self.model.count() > 0 and not self.busy)

    def ask(self) -> bool:
        """Put the debugged task to the chosen model in the background; False when it cannot start."""
        task, config, key = self.debug.current_task(), self.config, self.model.currentData()
        if task is None or config is None or key is None or self.busy:
            return False
        root = self.workspace.root if self.workspace is not None else None
        env, _problems = generation_env(root, extra=self.ctx.settings.proxy_variables())
        endpoint = self.endpoint.text().strip()
        self.busy = True
        self._update()
        self.status.setText(self.tr("Asking %1 about %2…").replace("%1", str(key)).replace("%2", task.id))
        self.prompt.clear()
        self.reply.clear()

        def job(_progress: Any, _cancel: Any) -> Answer:
            return ask_model(config, task, str(key), env=env, cache=ResponseCache(), endpoint=endpoint)

        self.ctx.background.start(job, on_finished=self.answered.emit, on_failed=self.answered.emit)
        return True

    def _answered(self, outcome: object) -> None:
        """Show the answer; every text from the server or an error goes through the one scrubber
        of keys and tokens (answers and ModelCallErrors are scrubbed already; this covers the rest)."""
        self.busy = False
        self._update()
        if isinstance(outcome, Answer):
            self.prompt.setPlainText(prompt_text(outcome))
            self.reply.setPlainText(scrub(outcome.error or outcome.reply))
            self.to_editor.setEnabled(outcome.error is None and bool(outcome.reply))
            if outcome.error:
                text = self.tr("The model did not answer: %1").replace("%1", scrub(outcome.error))
            else:
                text = (
                    self.tr("Answered: %1 tokens in, %2 out, %3 USD%4.")
                    .replace("%1", str(outcome.tokens_input))
                    .replace("%2", str(outcome.tokens_output))
                    .replace("%3", f"{outcome.cost:.4f}")
                    .replace("%4", self.tr(" (from the cache)") if outcome.cached else "")
                )
            if outcome.context_objects:
                text += " " + self.tr("Metadata looked up: %1.").replace(
                    "%1", ", ".join(outcome.context_objects)
                )
            self.status.setText(text)
        elif isinstance(outcome, AdapterConfigError) and outcome.env_vars:
            self.status.setText(
                self.tr("Cannot call %1: set %2 in the environment or the workspace's .env.")
                .replace("%1", outcome.model)
                .replace("%2", ", ".join(outcome.env_vars))
            )
        else:
            self.status.setText(self.tr("The question failed: %1").replace("%1", scrub(str(outcome))))

    def put_in_editor(self) -> None:
        self.debug.editor.setPlainText(self.reply.toPlainText())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def retranslate(self) -> None:
        self.endpoint.setPlaceholderText(self.tr("endpoint: as in models.yaml"))
        self.endpoint.setToolTip(
            self.tr("Send the question to this base URL instead (e.g. http://127.0.0.1:8000/v1)")
        )
        self.ask_button.setText(self.tr("&Ask"))
        self.ask_button.setToolTip(self.tr("Put the debugged task to this model, as a generation would"))
        self.to_editor.setText(self.tr("Reply to the editor"))
        self.to_editor.setToolTip(self.tr("Put the raw reply in the editor, to run Level 1 on it"))
        self.prompt_title.setText(self.tr("Prompt sent (system, metadata context, task)"))
        self.reply_title.setText(self.tr("Raw reply"))
        tabs = self.debug.side_tabs
        index = tabs.indexOf(self)
        if index >= 0:
            tabs.setTabText(index, self.tr("Ask a model"))


def ask_model_panel(ctx: WindowContext, debug: DebugView) -> AskModelPanel:
    """The Ask a model tab beside Level 1 and the query console of the Debug view; it follows the
    workspace the window opens."""
    panel = AskModelPanel(ctx, debug)
    debug.side_tabs.addTab(panel, "")
    panel.retranslate()
    ctx.on_workspace_opened(panel.set_workspace)
    panel.set_workspace(ctx.workspace)
    return panel
