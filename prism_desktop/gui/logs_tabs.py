"""Every log of one Level-1 run in tabs: Syntax (root causes and diagnostics), Tests (one row per
case), Performance (operations per size and the growth plot), Raw response, Output (stdout,
stderr, runner, isolation, timings). Fed with the sandbox's RunResult when there is one, else with
what an auto file's detail holds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QPlainTextEdit,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from prism_desktop.gui.code_editor import LanguageAware, code_font, severity_name
from prism_desktop.gui.colour_scheme import on_scheme_change, scheme
from prism_desktop.gui.perf_plot import PerfPlot
from prism_desktop.gui.plain_text import escape
from prism_desktop.gui.plain_text import tooltip as plain_tooltip
from prism_desktop.gui.reason_texts import localized_reason
from prism_desktop.runs.onec import RunResult

MACHINE_TABS = ("syntax", "tests", "perf", "output")


def _table(columns: int) -> QTableWidget:
    table = QTableWidget(0, columns)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setAlternatingRowColors(True)
    table.verticalHeader().setVisible(False)
    table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 6)
    table.horizontalHeader().setStretchLastSection(True)
    table.setWordWrap(False)
    return table


def _item(
    text: object, color: str | None = None, tooltip: str | None = None, *, number: bool = False
) -> QTableWidgetItem:
    item = QTableWidgetItem("" if text is None else str(text))
    if number:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if color:
        item.setForeground(QBrush(QColor(color)))
    item.setToolTip(plain_tooltip(tooltip if tooltip is not None else item.text()))
    return item


def _text_view() -> QPlainTextEdit:
    view = QPlainTextEdit()
    view.setReadOnly(True)
    view.setFont(code_font())
    view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    view.setTabStopDistance(view.fontMetrics().horizontalAdvance(" ") * 4)
    return view


def _summary_label() -> QLabel:
    label = QLabel()
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setStyleSheet("padding: 4px;")
    return label


def _reason_html(detail: dict[str, Any]) -> str:
    """A stated N/A reason in the user's language, escaped for the log's rich text."""
    return escape(localized_reason(str(detail["reason"])))


@dataclass(frozen=True)
class CodeDiagnostic:
    """A compiler message of a code task's detail.S.diagnostics, shaped like the analyzer's."""

    line: int
    column: int
    severity: str
    code: str
    message: str


def code_diagnostics(items: list[Any]) -> list[CodeDiagnostic]:
    found = []
    for item in items:
        if isinstance(item, dict):
            where = (
                f"{item['file']}: "
                if item.get("file") and not str(item["file"]).startswith("solution.")
                else ""
            )
            found.append(
                CodeDiagnostic(
                    int(item.get("line") or 0),
                    int(item.get("column") or 0),
                    str(item.get("severity") or "error"),
                    str(item.get("code") or ""),
                    where + str(item.get("message") or ""),
                )
            )
    return found


def _na(value: object) -> str:
    return "—" if value is None else str(value)


class LogsTabs(LanguageAware, QTabWidget):
    """`show_result(run_result, auto_run)`; `lineActivated(line)` when a diagnostic is chosen."""

    lineActivated = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setDocumentMode(True)
        self._result: RunResult | None = None
        self._auto_run: dict[str, Any] | None = None

        self.syntax_summary = _summary_label()
        self.diagnostics = _table(5)
        self.diagnostics.setObjectName("diagnosticsTable")
        self.diagnostics.cellActivated.connect(self._diagnostic_chosen)
        self.diagnostics.cellClicked.connect(self._diagnostic_chosen)
        self.tests_summary = _summary_label()
        self.tests = _table(6)
        self.tests.setObjectName("testsTable")
        # Code tasks (Python, TypeScript, Go, libraries): one row per unit test of detail.M.tests.
        self.code_tests = _table(3)
        self.code_tests.setObjectName("codeTestsTable")
        self.code_tests.hide()
        self.perf_summary = _summary_label()
        self.perf_table = _table(5)
        self.perf_plot = PerfPlot()
        self.raw_response = _text_view()
        self.raw_response.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.output_summary = _summary_label()
        self.stdout = _text_view()
        self.stderr = _text_view()

        self._pages: dict[str, QWidget] = {}
        self._add_page("syntax", self.syntax_summary, self.diagnostics)
        self._add_page("tests", self.tests_summary, self.tests, self.code_tests)
        perf_split = QSplitter()
        perf_split.addWidget(self.perf_table)
        perf_split.addWidget(self.perf_plot)
        perf_split.setSizes([320, 420])
        self._add_page("perf", self.perf_summary, perf_split)
        self._add_page("raw", self.raw_response)
        out_split = QSplitter(Qt.Orientation.Vertical)
        out_split.addWidget(self.stdout)
        out_split.addWidget(self.stderr)
        self._add_page("output", self.output_summary, out_split)
        self._stored_runner: tuple[str | None, bool | None, str | None] = (None, None, None)
        self._code_mode = False
        self._machine_visible = True
        self.retranslate()
        self.show_result(None, None)
        # Status colours live in the tables' items: a theme switch fills them again.
        on_scheme_change(self, lambda: self.show_result(self._result, self._auto_run))

    def _add_page(self, key: str, *widgets: QWidget) -> None:
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.setSpacing(2)
        for widget in widgets:
            layout.addWidget(widget, 0 if isinstance(widget, QLabel) else 1)
        self._pages[key] = page
        self.addTab(page, "")

    def retranslate(self) -> None:
        titles = {
            "syntax": self.tr("Syntax"),
            "tests": self.tr("Tests"),
            "perf": self.tr("Performance"),
            "raw": self.tr("Raw response"),
            "output": self.tr("Output"),
        }
        for key, page in self._pages.items():
            self.setTabText(self.indexOf(page), titles[key])
        self.diagnostics.setHorizontalHeaderLabels(
            [
                self.tr("Line"),
                self.tr("Severity"),
                self.tr("Code"),
                self.tr("Counts for S"),
                self.tr("Message"),
            ]
        )
        self.tests.setHorizontalHeaderLabels(
            [
                self.tr("#"),
                self.tr("Result"),
                self.tr("Arguments"),
                self.tr("Expected"),
                self.tr("Actual"),
                self.tr("Error"),
            ]
        )
        self.code_tests.setHorizontalHeaderLabels([self.tr("Test"), self.tr("Result"), self.tr("Message")])
        self.perf_table.setHorizontalHeaderLabels(
            [self.tr("Size n"), self.tr("Status"), self.tr("Work"), self.tr("Seconds"), self.tr("Note")]
        )
        self.stdout.setPlaceholderText(self.tr("stdout is empty"))
        self.stderr.setPlaceholderText(self.tr("stderr is empty"))
        self.raw_response.setPlaceholderText(self.tr("No response text"))
        if self._pages:
            self.show_result(self._result, self._auto_run)

    # -- public API -------------------------------------------------------------------------------

    def tab_index(self, key: str) -> int:
        return self.indexOf(self._pages[key])

    def set_raw_response(self, text: str | None) -> None:
        self.raw_response.setPlainText(text or "")

    def set_stored_context(self, runner: str | None, isolated: bool | None, logs: str | None) -> None:
        """What the store knows when there is no RunResult (an imported auto file)."""
        self._stored_runner = (runner, isolated, logs)
        self._show_output()

    def set_code_mode(self, code: bool) -> None:
        """A code task's run (Python, TypeScript, Go, library): no Performance tab (O is not
        measured), and the Tests tab comes first when the review turns to code runs."""
        if code and not self._code_mode:
            self.setCurrentIndex(self.tab_index("tests"))
        self._code_mode = code
        self.setTabVisible(self.tab_index("perf"), not code and self._machine_visible)

    def set_machine_visible(self, visible: bool) -> None:
        """Blind mode hides every tab holding the machine's measurements; the raw response stays."""
        self._machine_visible = visible
        for key in MACHINE_TABS:
            self.setTabVisible(self.tab_index(key), visible and not (key == "perf" and self._code_mode))
        if not visible:
            self.setCurrentIndex(self.tab_index("raw"))

    def show_result(self, run_result: RunResult | None, auto_run: dict[str, Any] | None) -> None:
        self._result, self._auto_run = run_result, auto_run
        self._show_syntax()
        self._show_tests()
        self._show_perf()
        self._show_output()

    # -- tabs -------------------------------------------------------------------------------------

    def _detail(self, axis: str) -> dict[str, Any]:
        detail = ((self._auto_run or {}).get("detail") or {}).get(axis)
        return detail if isinstance(detail, dict) else {}

    def _nothing(self) -> str:
        return self.tr("Not scored yet: run Level 1 on this run to see its logs.")

    def _show_syntax(self) -> None:
        detail = self._detail("S")
        diagnostics: list[Any] = list(
            self._result.syntax.diagnostics if self._result and self._result.syntax else []
        )
        lines: list[str] = []
        if isinstance(detail.get("diagnostics"), list) and "compiled" in detail:
            # A code task: the compiler's verdict and messages as the runner recorded them.
            diagnostics = code_diagnostics(detail["diagnostics"])
            compiled = self.tr("yes") if detail.get("compiled") else "<b>" + self.tr("no") + "</b>"
            lines.append(
                self.tr("Compiled: %1 · %2")
                .replace("%1", compiled)
                .replace("%2", escape(str(detail.get("tool") or "")))
            )
            if detail.get("status"):
                lines.append(self.tr("Status: %1").replace("%1", escape(str(detail["status"]))))
            if detail.get("instrument"):
                lines.append(self.tr("Instrument: %1").replace("%1", escape(str(detail["instrument"]))))
            lines += self._gate_lines(detail)
        elif "reason" in detail:
            lines.append(self.tr("Not measured: %1").replace("%1", _reason_html(detail)))
        elif "root_causes" in detail:
            lines.append(self.tr("<b>Root causes: %1</b>").replace("%1", escape(str(detail["root_causes"]))))
            if "parse_error_clusters" in detail:
                lines.append(
                    self.tr("parse-error clusters: %1, compile blockers: %2")
                    .replace("%1", escape(str(detail.get("parse_error_clusters"))))
                    .replace("%2", escape(str(detail.get("blockers"))))
                )
            if detail.get("balanced") is False:
                pairs = escape(
                    ", ".join(
                        f"{word}: {counts.get('open')}/{counts.get('close')}"
                        for word, counts in (detail.get("balance_detail") or {}).items()
                    )
                )
                lines.append(
                    self.tr("<b>Unbalanced blocks</b> (opened/closed): %1 — S is 0 by the pre-check").replace(
                        "%1", pairs
                    )
                )
            for error in detail.get("errors") or []:
                lines.append(f"• {escape(error)}")
        elif self._auto_run is None:
            lines.append(self._nothing())
        if self._result and self._result.syntax:
            lines.append(self.tr("Analyzer: %1").replace("%1", escape(self._result.syntax.instrument)))
        self.syntax_summary.setText("<br>".join(lines))
        counted = set(detail.get("error_codes") or [])
        self.diagnostics.setRowCount(len(diagnostics))
        for row, d in enumerate(sorted(diagnostics, key=lambda d: (d.line, d.column))):
            color = scheme().severity(d.severity)
            line_item = _item(f"{d.line}:{d.column}")
            line_item.setData(Qt.ItemDataRole.UserRole, d.line)
            self.diagnostics.setItem(row, 0, line_item)
            self.diagnostics.setItem(row, 1, _item(severity_name(d.severity), color))
            self.diagnostics.setItem(row, 2, _item(d.code))
            self.diagnostics.setItem(row, 3, _item(self.tr("yes") if d.code in counted else ""))
            self.diagnostics.setItem(row, 4, _item(d.message))
        self.diagnostics.resizeColumnsToContents()

    def _gate_lines(self, detail: dict[str, Any]) -> list[str]:
        """A library task's lint/type gate (detail.S.gate): each tool's status and first findings, and
        the suppressions the answer tried (detail.S.suppressed), which the gate ignored."""
        lines: list[str] = []
        gate = detail.get("gate")
        for tool, entry in (gate if isinstance(gate, dict) else {}).items():
            if not isinstance(entry, dict):
                continue
            lines.append(
                self.tr("Gate %1: %2, findings: %3")
                .replace("%1", escape(str(tool)))
                .replace("%2", escape(str(entry.get("status") or "")))
                .replace("%3", escape(_na(entry.get("findings"))))
            )
            for finding in [d for d in entry.get("diagnostics") or [] if isinstance(d, dict)][:10]:
                code, message = str(finding.get("code") or ""), str(finding.get("message") or "")
                where = f"{finding.get('file')}:{finding.get('line')}"
                lines.append(f"• {escape(code)} {escape(where)} {escape(message)}")
        suppressed = [s for s in detail.get("suppressed") or [] if isinstance(s, dict)]
        if suppressed:
            lines.append(
                self.tr("<b>Suppressions the gate ignored</b> (the answer tried to switch checks off):")
            )
            for item in suppressed[:20]:
                where = f"{item.get('file')}:{item.get('line')}"
                lines.append(f"• {escape(where)} <code>{escape(str(item.get('text') or ''))}</code>")
        return lines

    def _diagnostic_chosen(self, row: int, _column: int) -> None:
        item = self.diagnostics.item(row, 0)
        if item is not None:
            self.lineActivated.emit(int(item.data(Qt.ItemDataRole.UserRole)))

    def _show_code_tests(self, detail: dict[str, Any]) -> None:
        """detail.M of a code task: passed of total, the run's status, and one row per test."""
        lines = [
            self.tr("<b>Passed %1 of %2</b>")
            .replace("%1", escape(_na(detail.get("passed"))))
            .replace("%2", escape(_na(detail.get("total"))))
        ]
        if detail.get("status"):
            lines.append(self.tr("run status: %1").replace("%1", escape(str(detail["status"]))))
        for key in ("note", "reason"):
            if detail.get(key):
                lines.append(self.tr("Note: %1").replace("%1", escape(localized_reason(str(detail[key])))))
        if detail.get("instrument"):
            lines.append(self.tr("Instrument: %1").replace("%1", escape(str(detail["instrument"]))))
        ignored = detail.get("ignored_test_files")
        if isinstance(ignored, list) and ignored:
            lines.append(
                self.tr("<b>Test files the answer added, not collected:</b> %1").replace(
                    "%1", escape(", ".join(map(str, ignored)))
                )
            )
        if not detail.get("tests"):
            lines.append(self.tr("No test ran."))
        self.tests_summary.setText("<br>".join(lines))
        tests = [t for t in detail.get("tests") or [] if isinstance(t, dict)]
        self.code_tests.setRowCount(len(tests))
        for row, test in enumerate(tests):
            status = str(test.get("status") or "")
            self.code_tests.setItem(row, 0, _item(test.get("name")))
            self.code_tests.setItem(row, 1, _item(self._case_status(status), scheme().status(status)))
            message = str(test.get("message") or "")
            # A traceback is many lines: its last line in the cell, the whole of it in the tooltip.
            last = next((line for line in reversed(message.splitlines()) if line.strip()), "")
            self.code_tests.setItem(row, 2, _item(last, tooltip=message))
        self.code_tests.resizeColumnsToContents()

    def _show_tests(self) -> None:
        detail = self._detail("M")
        code = isinstance(detail.get("tests"), list) and self._result is None
        self.tests.setVisible(not code)
        self.code_tests.setVisible(code)
        if code:
            self._show_code_tests(detail)
            return
        measured = self._result.tests if self._result else None
        lines: list[str] = []
        if "reason" in detail:
            lines.append(self.tr("Not measured: %1").replace("%1", _reason_html(detail)))
        elif detail:
            passed, total = detail.get("passed"), detail.get("total")
            lines.append(
                self.tr("<b>Passed %1 of %2</b>")
                .replace("%1", escape(_na(passed)))
                .replace("%2", escape(_na(total)))
            )
            entry = detail.get("entry_point") or (measured.entry_point if measured else None)
            lines.append(self.tr("entry point: %1").replace("%1", escape(_na(entry))))
            if detail.get("status"):
                lines.append(self.tr("1C run status: %1").replace("%1", escape(str(detail["status"]))))
            if detail.get("platform_errors"):
                lines.append(
                    self.tr("platform errors: %1").replace("%1", escape(", ".join(detail["platform_errors"])))
                )
        elif self._auto_run is None:
            lines.append(self._nothing())
        if measured is not None and measured.detail:
            lines.append(self.tr("Runner says: %1").replace("%1", escape(measured.detail)))
        self.tests_summary.setText("<br>".join(lines))
        cases = measured.cases if measured else []
        rows: list[list[tuple[str, str | None]]] = []
        for case in cases:
            rows.append(
                [
                    (str(case.index), None),
                    (self._case_status(case.status), scheme().status(case.status)),
                    (", ".join(case.args), None),
                    (case.expected, None),
                    (_na(case.actual), None),
                    (case.error or "", scheme().warn if case.error else None),
                ]
            )
        if not cases:
            # An auto file keeps only the failing lines (PRISM_FAIL / PRISM_ERR) or the 1C log.
            for message in detail.get("errors") or []:
                rows.append(
                    [
                        ("", None),
                        (self.tr("fail"), scheme().bad),
                        ("", None),
                        ("", None),
                        ("", None),
                        (str(message), None),
                    ]
                )
            if detail.get("log"):
                rows.append(
                    [
                        ("", None),
                        (self.tr("log"), None),
                        ("", None),
                        ("", None),
                        ("", None),
                        (str(detail["log"]), None),
                    ]
                )
        self.tests.setRowCount(len(rows))
        for r, cells in enumerate(rows):
            for c, (text, color) in enumerate(cells):
                self.tests.setItem(r, c, _item(text, color))
        self.tests.resizeColumnsToContents()

    def _case_status(self, status: str) -> str:
        return {
            "pass": self.tr("pass"),
            "fail": self.tr("fail"),
            "error": self.tr("error"),
            "timeout": self.tr("timeout"),
            "skipped": self.tr("skipped"),
            "xfail": self.tr("failed as expected (xfail)"),
            "not_run": self.tr("not run"),
        }.get(status, status)

    def _show_perf(self) -> None:
        detail = self._detail("O")
        perf = self._result.perf if self._result else None
        sizes: list[int] = []
        values: list[float | int | None] = []
        rows: list[tuple[object, ...]] = []
        metric = detail.get("metric") or ""
        if perf is not None and perf.sizes:
            for outcome in perf.sizes:
                value = (
                    outcome.ops
                    if outcome.ops is not None
                    else (outcome.counts.get(metric) if metric else next(iter(outcome.counts.values()), None))
                )
                sizes.append(outcome.size)
                values.append(value)
                rows.append((outcome.size, outcome.status, value, outcome.seconds, outcome.note or ""))
        else:
            measured = detail.get("ops") or detail.get("counts") or []
            for size, value in zip(detail.get("sizes") or [], measured, strict=False):
                sizes.append(size)
                values.append(value)
                rows.append((size, "ok", value, None, ""))
        lines: list[str] = []
        if "leg" in detail:
            lines.append(self.tr("Leg: %1").replace("%1", escape(str(detail["leg"]))))
        if "reason" in detail:
            lines.append(self.tr("Not measured: %1").replace("%1", _reason_html(detail)))
        growth, p_opt = detail.get("growth"), detail.get("p_opt")
        if growth is not None or p_opt is not None:
            text = (
                self.tr("growth p = %1, optimal p_opt = %2")
                .replace("%1", escape(_na(growth)))
                .replace("%2", escape(_na(p_opt)))
            )
            if growth is not None and p_opt is not None:
                text += f", d = p − p_opt = {growth - p_opt:.2f}"
            lines.append(text)
        for key in ("weighted", "codes"):
            if key in detail:
                lines.append(f"{key}: {escape(detail[key])}")
        if detail.get("note"):
            lines.append(self.tr("Note: %1").replace("%1", escape(str(detail["note"]))))
        if not detail and self._auto_run is None:
            lines.append(self._nothing())
        self.perf_summary.setText("<br>".join(lines))
        self.perf_table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                color = scheme().status(str(cell)) if c == 1 else None
                shown = _na(cell) if c in (2, 3) else cell
                self.perf_table.setItem(r, c, _item(shown, color, number=c in (0, 2, 3)))
        self.perf_table.resizeColumnsToContents()
        label = self.tr("operations") if perf is None or metric in ("", "ops") else metric
        if metric in ("sdbl", "reg_reads"):
            label = {"sdbl": self.tr("queries (SDBL events)"), "reg_reads": self.tr("register reads")}[metric]
        self.perf_plot.set_data(sizes, values, growth, p_opt, label)

    def _show_output(self) -> None:
        result = self._result
        runner, isolated, logs = self._stored_runner
        lines: list[str] = []
        if result is not None:
            runner, isolated = result.runner, result.isolated
            lines.append(self.tr("Sandbox status: %1").replace("%1", escape(result.status)))
            lines.append(self.tr("Engine: %1").replace("%1", escape(result.engine_version)))
            timings = result.timings
            parts = [
                f"{name} {value:.2f} s"
                for name, value in (
                    ("create", timings.create),
                    ("start", timings.start),
                    ("run", timings.run),
                    ("collect", timings.collect),
                    ("remove", timings.remove),
                )
                if value is not None
            ]
            if parts:
                lines.append(
                    self.tr("Timings: %1 (total %2 s)")
                    .replace("%1", escape(", ".join(parts)))
                    .replace("%2", escape(f"{timings.total:.2f}"))
                )
            if result.infra_detail:
                lines.append(self.tr("Infrastructure: %1").replace("%1", escape(result.infra_detail)))
        if runner is not None or isolated is not None:
            where = escape(_na(runner))
            if isolated is True:
                where += " — " + self.tr("isolated")
            elif isolated is False:
                where += f" — <b style='color:{scheme().bad}'>" + self.tr("NOT isolated") + "</b>"
            lines.insert(0, self.tr("Runner: %1").replace("%1", where))
        if not lines:
            lines.append(
                self._nothing() if self._auto_run is None else self.tr("No sandbox output was kept.")
            )
        self.output_summary.setText("<br>".join(lines))
        self.stdout.setPlainText(result.stdout if result else (logs or ""))
        self.stderr.setPlainText(result.stderr if result else "")
