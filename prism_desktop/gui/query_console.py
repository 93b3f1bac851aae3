"""The query console of debug mode (category B): a query typed here runs in the background against a
fresh infobase of the task, filled by its fixtures (services/query_console.py), and its result shows
as a table — NULL in grey, every statement of a batch selectable. An error names 1C's message and
marks its line in the editor. The query runs in a child process (services.query_console.QueryProcess):
a catastrophic ПОДОБНО pattern or a cartesian join can be stopped, and the window stays responsive."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QLocale, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.code_editor import CodeEditor, GutterMarker
from prism_desktop.gui.colour_scheme import scheme
from prism_desktop.services.query_console import (
    NULL_TEXT,
    ConsoleError,
    ConsoleResult,
    ConsoleTable,
    QueryProcess,
    QueryStopped,
    parse_parameters,
)
from prism_desktop.workspace.tasks import Task


class QueryConsole(QWidget):
    """Emits `executed(ConsoleResult)` or `failed(message)` when a query has finished."""

    executed = Signal(object)
    failed = Signal(str)

    def __init__(self, background: Background, parent: QWidget | None = None):
        super().__init__(parent)
        self._background = background
        self._task: Task | None = None
        self._running = False
        self._process: QueryProcess | None = None
        self.result: ConsoleResult | None = None
        self.editor = CodeEditor(self, read_only=False, query=True)
        self.editor.setObjectName("consoleEditor")
        self.editor.textChanged.connect(self._text_edited)
        self.params_label = QLabel()
        self.params = QLineEdit()
        self.params.setObjectName("consoleParameters")
        self.run_button = QPushButton()
        self.run_button.clicked.connect(self.execute)
        self.stop_button = QPushButton()
        self.stop_button.setObjectName("consoleStop")
        self.stop_button.clicked.connect(self.stop)
        shortcut = QShortcut(QKeySequence("Ctrl+Shift+Return"), self, self.execute)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.statement = QComboBox()
        self.statement.currentIndexChanged.connect(self._show_statement)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("consoleResult")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setDefaultSectionSize(self.table.fontMetrics().height() + 6)

        controls = QHBoxLayout()
        controls.addWidget(self.params_label)
        controls.addWidget(self.params, 1)
        controls.addWidget(self.run_button)
        controls.addWidget(self.stop_button)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        above_table = QHBoxLayout()
        above_table.addWidget(self.status, 1)
        above_table.addWidget(self.statement)
        lower_layout.addLayout(above_table)
        lower_layout.addWidget(self.table, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.editor)
        split.addWidget(lower)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(controls)
        layout.addWidget(split, 1)
        self._retranslate()
        self.set_task(None)

    def set_task(self, task: Task | None) -> None:
        """The task whose infobase the queries run against; only category B has one."""
        self._task = task if task is not None and task.category == "B" else None
        self.result = None
        self._fill(None)
        self.status.setStyleSheet("")
        self.status.setText(
            self.tr("Queries run against a fresh infobase of %1, filled by its fixtures.").replace(
                "%1", self._task.id
            )
            if self._task
            else self.tr("The query console needs a category B task (a task with an infobase).")
        )
        self._update_button()

    # -- running -----------------------------------------------------------------------------------

    def execute(self) -> bool:
        """Run the editor's query in the background; False when it cannot start now."""
        task, text = self._task, self.editor.toPlainText()
        if task is None or self._running or not text.strip():
            return False
        try:
            params = parse_parameters(self.params.text())
        except ValueError as exc:
            self._show_error(self.tr("Parameters: %1").replace("%1", str(exc)))
            return False

        process = QueryProcess(task, text, params)
        self._process = process

        def job(_progress: Any, _cancel: Any) -> ConsoleResult:
            return process.result()

        self._running = True
        self._update_button()
        self.status.setStyleSheet("")
        self.status.setText(self.tr("Running the query…"))
        self._background.start(job, on_finished=self._finished, on_failed=self._failed)
        return True

    def stop(self) -> bool:
        """Stop the running query (its process is killed); False when none runs."""
        if not self._running or self._process is None:
            return False
        self._process.stop()
        return True

    def _text_edited(self) -> None:
        if self.editor.markers():  # an error's mark points into the text that was run
            self.editor.set_markers([])

    def _update_button(self) -> None:
        self.run_button.setEnabled(self._task is not None and not self._running)
        self.stop_button.setEnabled(self._running)

    def _finished(self, result: ConsoleResult) -> None:
        self._running = False
        self._process = None
        self._update_button()
        self.result = result
        shown = [i for i, t in enumerate(result.tables) if t.columns] or [len(result.tables) - 1]
        self.statement.blockSignals(True)
        self.statement.clear()
        for index in shown:
            self.statement.addItem(self.tr("Statement %1").replace("%1", str(index + 1)), index)
        self.statement.setCurrentIndex(self.statement.count() - 1)  # the batch's result is its last
        self.statement.setVisible(self.statement.count() > 1)
        self.statement.blockSignals(False)
        self._show_statement()
        self.executed.emit(result)

    def _failed(self, error: BaseException) -> None:
        self._running = False
        self._process = None
        self._update_button()
        self._fill(None)
        message = str(error) or type(error).__name__
        if isinstance(error, QueryStopped):
            message = self.tr("The query was stopped: %1").replace("%1", error.message)
        elif isinstance(error, ConsoleError) and error.position is not None:
            line, column = error.position
            self.editor.set_markers([GutterMarker(line, "error", error.message)])
            self.editor.go_to_line(line)
            message = (
                self.tr("Line %1, column %2: %3")
                .replace("%1", str(line))
                .replace("%2", str(column))
                .replace("%3", error.message)
            )
        self._show_error(message)
        self.failed.emit(message)

    def _show_error(self, message: str) -> None:
        self.status.setStyleSheet(f"color: {scheme().bad};")
        self.status.setText(message)

    # -- the result --------------------------------------------------------------------------------

    def _show_statement(self) -> None:
        if self.result is None or self.statement.currentIndex() < 0:
            return
        table = self.result.tables[self.statement.currentData()]
        self._fill(table)
        self.status.setStyleSheet("")
        self.status.setText(
            self.tr("%1 row(s) · %2 s · %3 data access(es)")
            .replace("%1", str(len(table.cells)))
            .replace("%2", QLocale().toString(self.result.seconds, "f", 3))
            .replace("%3", str(self.result.accesses))
        )

    def _fill(self, table: ConsoleTable | None) -> None:
        self.table.clear()
        if table is None:
            self.table.setRowCount(0)
            self.table.setColumnCount(0)
            self.statement.clear()
            self.statement.setVisible(False)
            return
        self.table.setColumnCount(len(table.columns))
        self.table.setHorizontalHeaderLabels(table.columns)
        self.table.setRowCount(len(table.cells))
        for r, row in enumerate(table.cells):
            for c, text in enumerate(row):
                item = QTableWidgetItem(NULL_TEXT if text is None else text)
                if text is None:
                    item.setForeground(QBrush(QColor(scheme().faint)))
                if table.numeric[c]:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()

    # -- language ----------------------------------------------------------------------------------

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self._retranslate()
        super().changeEvent(event)

    def _retranslate(self) -> None:
        self.params_label.setText(self.tr("Parameters:"))
        self.params.setPlaceholderText(self.tr("Name = value; … (a number, 2024-03-01, true/false, text)"))
        self.run_button.setText(self.tr("Execute query"))
        self.run_button.setToolTip(self.tr("Run the query against the task's infobase (Ctrl+Shift+Enter)"))
        self.stop_button.setText(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop the running query (it also stops by itself after 30 s)"))
        self.editor.setPlaceholderText(self.tr("ВЫБРАТЬ … — a query, or a batch separated by ;"))
