"""The tables of the Agreement window, filled from the agreement report (review/report_json.py):
machine-vs-consensus figures with the experts' Fleiss kappa and Krippendorff alpha, confusion heat
maps, the Verified verdicts and the threshold proposals. Presentation only: every number comes
from the report."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QLocale, Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from prism_desktop.gui.colour_scheme import readable_on, scheme
from prism_desktop.gui.review_texts import localized
from prism_desktop.review.verification_rules import AxisRule, VerificationRules
from prism_desktop.vocabulary import AXES

TR_CONTEXT = "AgreementView"  # the translation context of this module and agreement_view.py
SPLITS = ("validation", "calibration")  # validation is the headline, so it comes first
KAPPAS = ("kappa", "kappa_linear", "kappa_quadratic")
SHARES = ("exact", "adjacent")
EXPERT_FIGURES = ("fleiss_kappa", "krippendorff_alpha")
VALUE_ROLE = Qt.ItemDataRole.UserRole  # the unrounded value of a figure cell (None when undefined)
DASH = "—"


def _verdict_colour(good: bool) -> str:
    return scheme().good if good else scheme().bad


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


def number(value: float | None, digits: int = 3) -> str:
    """In the interface language's notation (a decimal comma in Russian); a dash for None."""
    return DASH if value is None else QLocale().toString(float(value), "f", digits)


def interval(ci: Sequence[float] | None, digits: int = 2) -> str:
    return "" if not ci else f"[{number(ci[0], digits)}; {number(ci[1], digits)}]"


def percent(value: float | None) -> str:
    return DASH if value is None else number(100 * value, 0) + "%"


def band_name(band: str | None) -> str:
    names = {
        "poor": tr("poor"),
        "slight": tr("slight"),
        "fair": tr("fair"),
        "moderate": tr("moderate"),
        "substantial": tr("substantial"),
        "almost perfect": tr("almost perfect"),
    }
    return names.get(band or "", band or "")


def split_name(split: str) -> str:
    return {"validation": tr("validation"), "calibration": tr("calibration")}.get(split, split)


def figure_name(figure: str) -> str:
    """`kappa_quadratic`, `projected.kappa_linear`… as the interface names them."""
    projected = figure.startswith("projected.")
    base = figure.removeprefix("projected.")
    names = {"kappa": tr("κ"), "kappa_linear": tr("κ linear"), "kappa_quadratic": tr("κ quadratic")}
    name = names.get(base, base)
    return tr("%1 on the reachable steps").replace("%1", name) if projected else name


def _item(text: str, value: Any = None, tooltip: str = "", bold: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(text)
    item.setData(VALUE_ROLE, value)
    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    if tooltip:
        item.setToolTip(tooltip)
    if bold:
        font = item.font()
        font.setBold(True)
        item.setFont(font)
    return item


def _left(item: QTableWidgetItem) -> QTableWidgetItem:
    item.setTextAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
    return item


def _read_only(table: QTableWidget) -> None:
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setWordWrap(True)
    table.verticalHeader().setVisible(False)


class Notes:
    """Why figures are undefined (or defined by convention), in the statistics' own words,
    collected while the tables are filled and shown under them."""

    def __init__(self) -> None:
        self.lines: dict[str, list[str]] = {}

    def add(self, where: str, note: str | None) -> None:
        if note:
            places = self.lines.setdefault(localized(note), [])
            if where not in places:
                places.append(where)

    def text(self) -> str:
        return "\n".join(f"{', '.join(places)}: {note}" for note, places in self.lines.items())


def estimate_cell(data: Mapping[str, Any] | None, where: str, notes: Notes) -> QTableWidgetItem:
    """`0.712 [0.55; 0.85]` over its Landis–Koch band; a dash and a note when undefined."""
    if not data:
        return _item(DASH)
    notes.add(where, data.get("note"))
    value = data.get("value")
    if value is None:
        return _item(DASH, None, localized(data.get("note")))
    lines = [f"{number(value)} {interval(data.get('ci95'))}".strip()]
    if data.get("band"):
        lines.append(band_name(data["band"]))
    return _item("\n".join(lines), value, localized(data.get("note")))


class FiguresTable(QTableWidget):
    """Machine vs consensus per axis and split (validation first, in bold), with the projected
    kappa on the reachable steps under the plain one where they differ, and the experts' Fleiss
    kappa and Krippendorff alpha; the last column holds the Verified verdicts of the axis."""

    COLUMNS = 11

    def __init__(self) -> None:
        super().__init__(0, self.COLUMNS)
        self.setObjectName("agreementFigures")
        _read_only(self)
        self.notes = Notes()

    def headers(self) -> list[str]:
        return [
            tr("Axis"),
            tr("Tasks"),
            tr("n"),
            tr("κ (95% CI)"),
            tr("κ linear"),
            tr("κ quadratic"),
            tr("Exact"),
            tr("Adjacent (±1)"),
            tr("Fleiss κ (experts)"),
            tr("Krippendorff α (experts)"),
            tr("Verified"),
        ]

    def fill(self, report: Mapping[str, Any], category: str, rules: VerificationRules) -> None:
        self.setHorizontalHeaderLabels(self.headers())
        self.notes = Notes()
        rows: list[list[QTableWidgetItem]] = []
        verdicts = report["verified"]["axes"]
        for axis in AXES:
            for split in SPLITS:
                block = _scope(report, split, category)
                axis_block = block["axes"].get(axis) if block else None
                if axis_block is None:
                    continue
                on_rule_split = split == rules.axis_rule(axis).split
                experts = block["experts"] if block else {}
                rows.append(
                    self._row(axis, split, axis_block, experts, verdicts if on_rule_split else [], category)
                )
        self.setRowCount(len(rows))
        for row, items in enumerate(rows):
            for column, item in enumerate(items):
                self.setItem(row, column, item)
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(self.COLUMNS - 1, QHeaderView.ResizeMode.Stretch)
        self.resizeRowsToContents()

    def _row(
        self,
        axis: str,
        split: str,
        block: Mapping[str, Any],
        experts: Mapping[str, Any],
        verdicts: Sequence[Mapping[str, Any]],
        category: str,
    ) -> list[QTableWidgetItem]:
        headline = split == "validation"
        where = f"{axis} · {split_name(split)}"
        cells = [
            _left(_item(axis, bold=True)),
            _left(_item(split_name(split), bold=headline)),
            _item(str(block["n"]), block["n"], bold=headline),
        ]
        reach_differs = tuple(block.get("reachable", ())) != (0, 2, 4, 6, 8, 10)
        for name in KAPPAS:
            cell = estimate_cell(block[name], f"{where} · {figure_name(name)}", self.notes)
            projected = block.get("projected", {}).get(name)
            if reach_differs and projected is not None:
                self.notes.add(f"{where} · {figure_name('projected.' + name)}", projected.get("note"))
                cell.setText(
                    cell.text() + "\n" + tr("reachable steps: %1").replace("%1", number(projected["value"]))
                )
                cell.setData(VALUE_ROLE + 1, projected["value"])
            cells.append(cell)
        for name in SHARES:
            data = block[name]
            self.notes.add(f"{where} · {name}", data.get("note"))
            text = percent(data["value"])
            if data.get("ci95"):
                low, high = data["ci95"]
                text += f"\n[{number(100 * low, 0)}; {number(100 * high, 0)}]"
            cells.append(_item(text, data["value"]))
        for name in EXPERT_FIGURES:
            data = experts[name].get(axis)
            label = tr("Fleiss κ") if name == "fleiss_kappa" else tr("Krippendorff α")
            cells.append(estimate_cell(data, f"{where} · {label}", self.notes))
        alpha = experts["krippendorff_alpha"].get(axis) or {}
        if alpha.get("n") is not None and alpha["n"] != block["n"]:  # fewer runs graded twice
            cells[-1].setText(
                cells[-1].text() + "\n" + tr("runs graded twice: %1").replace("%1", str(alpha["n"]))
            )
        cells.append(_left(self._verdicts(axis, verdicts, category)))
        if headline:
            for cell in cells:
                cell.setBackground(QBrush(QColor(scheme().emphasis_background)))
        return cells

    @staticmethod
    def _verdicts(axis: str, verdicts: Sequence[Mapping[str, Any]], category: str) -> QTableWidgetItem:
        found = [v for v in verdicts if v["axis"] == axis and category in ("all", v["category"])]
        if not found:
            return _item("")
        marks = "\n".join(
            (tr("category %1: Verified") if v["verified"] else tr("category %1: not Verified")).replace(
                "%1", v["category"]
            )
            for v in sorted(found, key=lambda v: v["category"])
        )
        item = _item(marks, all(v["verified"] for v in found))
        item.setForeground(QBrush(QColor(_verdict_colour(all(v["verified"] for v in found)))))
        item.setToolTip("\n".join(localized(v["reason"]) for v in found))
        return item


def _scope(report: Mapping[str, Any], split: str, category: str) -> Mapping[str, Any] | None:
    block = report.get(split)
    if block is None:
        return None
    return block if category == "all" else block["categories"].get(category)


class ConfusionGrid(QTableWidget):
    """A heat map of one confusion matrix: machine step rows × consensus step columns. The diagonal
    is bold; rows of steps the machine cannot reach are greyed."""

    CELL, ROW, LABELS = 30, 22, 26  # column width, row height, width of the row labels

    def __init__(self) -> None:
        super().__init__(6, 6)
        _read_only(self)
        self._labels = [str(step) for step in (0, 2, 4, 6, 8, 10)]
        self.setToolTip(tr("Click a cell to list its runs in the main window"))
        self.verticalHeader().setVisible(True)
        for header, size in ((self.horizontalHeader(), self.CELL), (self.verticalHeader(), self.ROW)):
            header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
            header.setMinimumSectionSize(size)
            header.setDefaultSectionSize(size)
        self.horizontalHeader().setFixedHeight(self.ROW)
        self.verticalHeader().setFixedWidth(self.LABELS)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        frame = 2 * self.frameWidth()
        self.setFixedSize(self.LABELS + 6 * self.CELL + frame, self.ROW * 7 + frame)

    def labels(self) -> list[int]:
        """The steps of the rows (machine) and columns (consensus), in order."""
        return [int(label) for label in self._labels]

    def fill(self, confusion: Mapping[str, Any] | None, reachable: Sequence[int]) -> None:
        labels = [str(step) for step in (confusion or {}).get("labels", (0, 2, 4, 6, 8, 10))]
        self._labels = labels
        self.setHorizontalHeaderLabels(labels)
        self.setVerticalHeaderLabels(labels)
        # The report's rows are the reference side (consensus), its columns the machine.
        counts = (confusion or {}).get("counts") or [[0] * 6 for _ in range(6)]
        peak = max((c for row in counts for c in row), default=0) or 1
        for machine in range(6):
            header = self.verticalHeaderItem(machine)
            if header is not None and int(labels[machine]) not in reachable:
                header.setForeground(QBrush(QColor(scheme().muted)))
                header.setToolTip(tr("the machine cannot give this step"))
            for consensus in range(6):
                count = counts[consensus][machine]
                item = QTableWidgetItem(str(count) if count else "")
                item.setData(VALUE_ROLE, count)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                share = count / peak
                heat = scheme().heat(share)
                item.setBackground(QBrush(heat))
                item.setForeground(QBrush(readable_on(heat)))
                if machine == consensus:
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                self.setItem(machine, consensus, item)


class VerifiedTable(QTableWidget):
    """Per category and axis: the verdict, the figure the rule reads, its value, interval and n,
    the rule itself, and the statistics' note when the figure is undefined."""

    def __init__(self) -> None:
        super().__init__(0, 8)
        self.setObjectName("agreementVerified")
        _read_only(self)

    def fill(self, report: Mapping[str, Any], rules: VerificationRules) -> None:
        self.setHorizontalHeaderLabels(
            [
                tr("Category"),
                tr("Axis"),
                tr("Verdict"),
                tr("Figure"),
                tr("Value (95% CI)"),
                tr("n"),
                tr("Rule"),
                tr("Note"),
            ]
        )
        verdicts = report["verified"]["axes"]
        self.setRowCount(len(verdicts))
        for row, verdict in enumerate(verdicts):
            mark = _left(
                _item(tr("✓ Verified") if verdict["verified"] else tr("✗ not Verified"), verdict["verified"])
            )
            mark.setForeground(QBrush(QColor(_verdict_colour(verdict["verified"]))))
            value = f"{number(verdict['value'])} {interval(verdict['ci95'])}".strip()
            reason = localized(verdict["reason"])
            note = "" if verdict["verified"] else reason  # why not: undefined, too few runs, below the rule
            cells = [
                _left(_item(verdict["category"])),
                _left(_item(verdict["axis"], bold=True)),
                mark,
                _left(_item(figure_name(verdict["figure"]))),
                _item(value, verdict["value"]),
                _item(str(verdict["n"]), verdict["n"]),
                _left(_item(rule_text(rules.axis_rule(verdict["axis"])))),
                _left(_item(note, tooltip=reason)),
            ]
            for column, item in enumerate(cells):
                self.setItem(row, column, item)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.horizontalHeader().setSectionResizeMode(7, QHeaderView.ResizeMode.Stretch)
        self.resizeRowsToContents()


def rule_text(rule: AxisRule) -> str:
    """An axis rule of metrics/verification.yaml in the interface language."""
    return (
        tr("%1 ≥ %2 and its 95% CI lower end ≥ %3 on %4 tasks, over at least %5 runs")
        .replace("%1", figure_name(rule.figure))
        .replace("%2", number(rule.min_value, 2))
        .replace("%3", number(rule.min_ci_low, 2))
        .replace("%4", split_name(rule.split))
        .replace("%5", str(rule.min_runs))
    )


def table_rows(rows: Sequence[Mapping[str, Any]]) -> str:
    """A scoring table's bounds as `≤ 0 → 10 · ≤ 1 → 8 · else → 2` (the sign from its direction)."""
    parts = []
    for row in rows:
        if row.get("else"):
            parts.append(tr("else → %1").replace("%1", str(row["score"])))
        else:
            bound = QLocale().toString(float(row["bound"]), "g", 6)
            parts.append(f"{'(' if row.get('exclusive') else ''}{bound} → {row['score']}")
    return " · ".join(parts)


class ThresholdsTable(QTableWidget):
    """Proposed bounds of each Level-1 scoring table (fitted on calibration tasks only) and the
    kappa they give, before → after, on calibration and on validation."""

    def __init__(self) -> None:
        super().__init__(0, 6)
        self.setObjectName("agreementThresholds")
        _read_only(self)

    def fill(self, report: Mapping[str, Any]) -> None:
        self.setHorizontalHeaderLabels(
            [
                tr("Axis"),
                tr("Table (direction)"),
                tr("Current bounds → score"),
                tr("Proposed bounds → score"),
                tr("Calibration κ: now → proposed (runs)"),
                tr("Validation κ: now → proposed (runs)"),
            ]
        )
        proposals = report["thresholds"]
        self.setRowCount(len(proposals))
        for row, proposal in enumerate(proposals):
            cells = [
                _left(_item(proposal["axis"], bold=True)),
                _left(_item(f"{proposal['table']} ({proposal['direction']})")),
                _left(_item(table_rows(proposal["current"]))),
                _left(_item(table_rows(proposal["proposed"]))),
                _change(proposal["calibration"]),
                _change(proposal["validation"]),
            ]
            for column, item in enumerate(cells):
                self.setItem(row, column, item)
        self.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.resizeRowsToContents()


def _change(kappa: Mapping[str, Any]) -> QTableWidgetItem:
    before, after = kappa["before"], kappa["after"]
    item = _item(f"{number(before)} → {number(after)} ({kappa['runs']})", after)
    if before is not None and after is not None and after != before:
        item.setForeground(QBrush(QColor(_verdict_colour(after > before))))
    return item
