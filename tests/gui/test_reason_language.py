"""N/A reasons in the interface's language (issue 30.12): the coding bench's auto file stores PRISM's
Russian sentences; the English window shows them in English, the Russian one in Russian."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from prism_desktop.services.runs_query import COLUMNS, Column
from prism_desktop.store import Store
from tests.gui.test_coding_review import _open, _run_id, coding_window  # noqa: F401 - the fixture

pytestmark = pytest.mark.gui
ENGLISH = "axis O is not scored on Python, TypeScript and Go tasks (S and M only)"
RUSSIAN = "ось O не оценивается для задач на Python, TypeScript и Go (только S и M)"


def _shown(window: Any, run_id: int) -> tuple[str, str]:
    """The O axis's reason in the review's machine scores and in the runs table's tooltip."""
    scores = window.review.scores.table
    [row] = [r for r in range(scores.rowCount()) if scores.item(r, 0).text() == "O"]
    model = window.model
    line = model.row_of(run_id)
    assert line is not None
    tip = model.data(model.index(line, COLUMNS.index(Column.O)), Qt.ItemDataRole.ToolTipRole)
    return scores.item(row, 3).text(), str(tip)


def test_code_run_reasons_follow_the_interface_language(
    qtbot: Any,
    coding_window: Any,  # noqa: F811 - the fixture imported above
    store: Store,
) -> None:
    window = coding_window
    run_id = _run_id(store, "algo_py_001", "demo/aster-code-14b", 1)
    _open(qtbot, window, run_id)
    panel, tip = _shown(window, run_id)
    assert panel == f"N/A: {ENGLISH}" and f"Not measured: {ENGLISH}<" in tip
    window.set_language("ru")
    try:
        QApplication.processEvents()
        other = _run_id(store, "algo_py_001", "demo/aster-code-14b", 0)
        _open(qtbot, window, other)  # and back: the review is filled again in Russian
        _open(qtbot, window, run_id)
        panel, tip = _shown(window, run_id)
        assert RUSSIAN in panel and RUSSIAN in tip and "axis" not in panel + tip
    finally:
        window.set_language("en")  # the translator is the application's: later tests read English


def test_every_reason_has_a_russian_translation_with_the_same_fields() -> None:
    import re

    from prism_desktop.gui.i18n import catalog_path
    from prism_desktop.gui.i18n.extract import missing, read_ts
    from prism_desktop.gui.reason_texts import REASONS_CONTEXT, reason_catalog

    ts = read_ts(catalog_path("ru", ".ts"))
    assert missing(reason_catalog(), ts) == []
    fields = re.compile(r"\{\w+\}")
    for english in reason_catalog()[REASONS_CONTEXT]:
        assert sorted(fields.findall(ts[(REASONS_CONTEXT, english)] or "")) == sorted(fields.findall(english))
