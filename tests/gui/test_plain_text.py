"""Text from a candidate, a model or a file is shown as text in every widget of the assembled main
window: an exception text `<h1>O = 10 ✔</h1>` must not draw a forged verdict anywhere."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from sqlalchemy import select, update

from prism_desktop.services.level1_store import save_result
from prism_desktop.services.runs_query import COLUMNS
from prism_desktop.store.models import Run

pytestmark = pytest.mark.gui

HOSTILE = "<h1>O = 10 ✔</h1>"


def labels_showing(window: Any) -> tuple[list[QLabel], list[QLabel]]:
    """(labels that show the hostile text literally, labels that would render it as HTML)."""
    literal, rendered = [], []
    for label in window.findChildren(QLabel):
        text = label.text()
        if HOSTILE in text:
            (literal if label.textFormat() == Qt.TextFormat.PlainText else rendered).append(label)
        elif "&lt;h1&gt;O = 10 ✔&lt;/h1&gt;" in text and label.textFormat() != Qt.TextFormat.PlainText:
            literal.append(label)  # escaped inside our own markup
    return literal, rendered


def test_hostile_text_is_plain_in_every_widget(shell_window: Any, store: Any) -> None:
    window = shell_window
    with store.session(write=True) as session:
        failed, answered = (
            session.scalars(select(Run.id).where(Run.success.is_(False))).one(),
            session.scalars(select(Run.id).where(Run.success.is_(True))).first(),
        )
        session.execute(update(Run).where(Run.id == failed).values(error=HOSTILE, model_name=HOSTILE))
        session.execute(update(Run).where(Run.id == answered).values(task_name=HOSTILE))
    detail = {
        "S": {"reason": HOSTILE},
        "M": {"passed": 0, "total": 3, "errors": [f"ВызватьИсключение: {HOSTILE}"], "status": HOSTILE},
        "O": {"reason": HOSTILE, "note": HOSTILE, "leg": HOSTILE},
    }
    scores = {"S": None, "M": 0.0, "O": None, "P": None, "Q": 0.0}
    auto_run = {"scores": scores, "bands": {}, "detail": detail}
    save_result(store, window.workspace, answered, None, auto_run)
    window.model.reload()

    for run in (failed, answered):
        assert window.table.select_run(run)
        literal, rendered = labels_showing(window)
        assert rendered == [], [label.objectName() or label.text()[:60] for label in rendered]
        assert literal, "the hostile text is shown somewhere, as text"
        row = window.model.row_of(run)
        for column in range(len(COLUMNS)):
            tip = window.model.data(window.model.index(row, column), Qt.ItemDataRole.ToolTipRole) or ""
            assert HOSTILE not in tip  # escaped when present
    review = window.review
    window.table.select_run(failed)
    assert review.code.candidate_note.isVisible() and HOSTILE in review.code.candidate_note.text()
    window.table.select_run(answered)
    perf = review.logs.perf_summary
    assert "&lt;h1&gt;" in perf.text() and "<h1>" not in perf.text()
