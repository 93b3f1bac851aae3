"""Colours of the assembled main window in the light and the dark theme: score cells of the runs
table, the highlighter's token colours against the code editor and the status colours of the tests
table all read with a WCAG contrast ratio of at least 4.5; switching the theme while the window is
open repaints the score cells in the other scheme."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette

from prism_desktop.gui.colour_scheme import DARK, LIGHT, contrast_ratio
from prism_desktop.gui.highlighter import all_formats
from prism_desktop.gui.runs_model import SCORE_COLUMNS
from prism_desktop.gui.theme import THEME_ENV_VAR, apply_theme
from prism_desktop.services.level1_store import save_result
from prism_desktop.services.runs_query import COLUMNS

pytestmark = pytest.mark.gui

READABLE = 4.5  # WCAG AA, normal text
# Bad, partial and good bands, a partly measured run (O and P N/A) and every band on one run.
SCORES = (
    {"S": 2, "M": 0.0, "O": None, "P": None, "Q": 0.67},
    {"S": 6, "M": 7.5, "O": 4, "P": None, "Q": 5.83},
    {"S": 10, "M": 10.0, "O": 8, "P": None, "Q": 9.33},
)
CODE_TESTS = [
    {"name": "test_pass", "status": "pass"},
    {"name": "test_fail", "status": "fail", "message": "AssertionError"},
    {"name": "test_timeout", "status": "timeout"},
    {"name": "test_error", "status": "error", "message": "ImportError"},
]


@pytest.fixture
def theme(request: pytest.FixtureRequest, qapp: Any, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The application in the requested theme, the way the app applies it; restored afterwards."""
    saved = QPalette(qapp.palette())
    monkeypatch.setenv(THEME_ENV_VAR, request.param)
    apply_theme(qapp)
    yield request.param
    qapp.setPalette(saved)


def bands(scheme: Any) -> tuple[str, ...]:
    return scheme.band_bad, scheme.band_partial, scheme.band_good


def first_line_colours(editor: Any) -> set[str]:
    return {r.format.foreground().color().name() for r in editor.document().begin().layout().formats()}


def switch_theme(qapp: Any, monkeypatch: pytest.MonkeyPatch, chosen: str) -> None:
    monkeypatch.setenv(THEME_ENV_VAR, chosen)
    apply_theme(qapp)
    qapp.processEvents()


def scored(window: Any, store: Any) -> None:
    """Level-1 results for every run (the three bands in turn), the first with code-test detail."""
    for run_id in range(1, 14):
        detail = {"M": {"passed": 1, "total": 4, "tests": CODE_TESTS}} if run_id == 1 else {}
        scores = SCORES[run_id % len(SCORES)]
        save_result(store, window.workspace, run_id, None, {
            "scores": scores, "bands": {"M": None, "P": None}, "detail": detail})
    window.model.reload()


def cell_colours(window: Any, row: int, column: int) -> tuple[QColor, QColor | None]:
    """(text, background) of a runs-table cell as the view paints it: the model's roles, else the
    view's palette."""
    index = window.model.index(row, column)
    foreground = window.model.data(index, Qt.ItemDataRole.ForegroundRole)
    background = window.model.data(index, Qt.ItemDataRole.BackgroundRole)
    palette_text = window.table.palette().color(QPalette.ColorRole.Text)
    text = QColor(foreground) if foreground is not None else palette_text
    return text, (QColor(background) if background is not None else None)


def score_cell_contrasts(window: Any) -> list[tuple[str, float]]:
    base = window.table.palette().color(QPalette.ColorRole.Base)
    found = []
    for row in range(window.model.rowCount()):
        for column, kind in enumerate(COLUMNS):
            if kind in SCORE_COLUMNS:
                text, background = cell_colours(window, row, column)
                label = f"row {row} {kind.value} {text.name()} on {(background or base).name()}"
                found.append((label, contrast_ratio(text, background or base)))
    return found


@pytest.mark.parametrize("theme", ["light", "dark"], indirect=True)
def test_score_cells_of_the_runs_table_read_in_either_theme(
    theme: str, shell_window: Any, store: Any
) -> None:
    window = shell_window
    scored(window, store)
    contrasts = score_cell_contrasts(window)
    tinted = [window.model.data(window.model.index(r, COLUMNS.index(c)), Qt.ItemDataRole.BackgroundRole)
              for r in range(window.model.rowCount()) for c in SCORE_COLUMNS]
    assert len({QColor(b).name() for b in tinted if b is not None}) == 3  # bad, partial and good bands
    unreadable = [(label, round(ratio, 2)) for label, ratio in contrasts if ratio < READABLE]
    assert not unreadable


@pytest.mark.parametrize("theme", ["light", "dark"], indirect=True)
def test_syntax_colours_read_on_the_code_editor(theme: str, shell_window: Any) -> None:
    editor = shell_window.review.code.candidate
    background = editor.palette().color(QPalette.ColorRole.Base)
    assert editor.toPlainText().strip()  # the demo's BSL answer is shown
    applied = []
    block = editor.document().begin()
    while block.isValid():
        applied += [r.format.foreground().color() for r in block.layout().formats()]
        block = block.next()
    assert applied  # the highlighter did colour the candidate
    every = applied + [fmt.foreground().color() for fmt in all_formats()]
    unreadable = {c.name(): round(contrast_ratio(c, background), 2) for c in every
                  if contrast_ratio(c, background) < READABLE}
    assert not unreadable


def item_contrasts(table: Any) -> list[tuple[str, float]]:
    """(cell, contrast) of every item of a QTableWidget: its own brushes, else the palette's."""
    palette = table.palette()
    found = []
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            item = table.item(row, column)
            if item is None or not item.text():
                continue
            own_text, own_background = item.foreground(), item.background()
            text = own_text.color() if own_text.style() != Qt.BrushStyle.NoBrush else palette.text().color()
            plain = palette.base().color()
            background = own_background.color() if own_background.style() != Qt.BrushStyle.NoBrush else plain
            label = f"{item.text()!r} {text.name()} on {background.name()}"
            found.append((label, contrast_ratio(text, background)))
    return found


@pytest.mark.parametrize("theme", ["light", "dark"], indirect=True)
def test_status_colours_of_the_tests_table_read(theme: str, shell_window: Any, store: Any) -> None:
    window = shell_window
    scored(window, store)
    window.review.show_run(1)
    table = window.review.logs.code_tests
    assert table.rowCount() == len(CODE_TESTS)
    palette = table.palette()
    backgrounds = [palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.AlternateBase)]
    statuses = [table.item(row, 1) for row in range(table.rowCount())]
    assert all(item.foreground().style() != Qt.BrushStyle.NoBrush for item in statuses)  # coloured
    worst = min(contrast_ratio(item.foreground().color(), bg) for item in statuses for bg in backgrounds)
    assert worst >= READABLE
    # The machine-scores table next to it: N/A rows, the Q row and agreement tints.
    scores = window.review.scores.table
    assert scores.rowCount() >= 4
    unreadable = [(label, round(ratio, 2)) for label, ratio in item_contrasts(scores) if ratio < READABLE]
    assert not unreadable


def test_switching_the_theme_repaints_score_cells_and_code(
    qapp: Any, shell_window: Any, store: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = shell_window
    saved = QPalette(qapp.palette())
    try:
        switch_theme(qapp, monkeypatch, "light")
        scored(window, store)
        q_column = COLUMNS.index(SCORE_COLUMNS[-1])
        _, light_band = cell_colours(window, 0, q_column)
        editor = window.review.code.candidate
        light_tokens = first_line_colours(editor)
        assert light_band is not None and light_band.name() in bands(LIGHT)

        switch_theme(qapp, monkeypatch, "dark")
        text, dark_band = cell_colours(window, 0, q_column)
        assert dark_band is not None and dark_band.name() in bands(DARK)
        assert contrast_ratio(text, dark_band) >= READABLE
        dark_tokens = first_line_colours(editor)
        assert dark_tokens and dark_tokens != light_tokens  # the code was highlighted again

        switch_theme(qapp, monkeypatch, "light")
        assert cell_colours(window, 0, q_column)[1] == light_band
    finally:
        qapp.setPalette(saved)
