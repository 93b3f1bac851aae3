"""On the assembled window, a session one expert graded: the Agreement window says once, plainly,
what is missing and what to do (no wall of "undefined" notes), its Verified column speaks words,
and Adjudication with nothing to settle says why and can be closed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from prism_desktop.gui.adjudication_view import AdjudicationDialog
from prism_desktop.gui.agreement_view import AgreementDialog
from prism_desktop.services.grading import ensure_expert, save_grade
from prism_desktop.services.level1_store import save_result
from prism_desktop.services.sessions import create_session
from prism_desktop.store.models import Run, SessionItem

OUT = os.environ.get("PRISM_DESKTOP_SCREENSHOTS")  # set to keep the screenshots


def _one_expert_session(window: Any) -> int:
    """Every run scored by the machine; a session whose runs only expert_01 graded."""
    store = window.store
    with store.session() as session:
        runs = session.execute(select(Run.id, Run.category)).all()
    for run_id, category in runs:
        p = 6 if category == "B" else None
        scores = {"S": 8, "M": 6.0, "O": 6, "P": p, "Q": 6.67}
        save_result(
            store, window.workspace, run_id, None, {"scores": scores, "bands": {"M": 6, "P": p}, "detail": {}}
        )
    session_id = create_session(store, name="one grader", size=10, seed=3)
    expert = ensure_expert(store, "expert_01")
    with store.session() as session:
        items = session.execute(
            select(SessionItem.run_id, Run.category)
            .join(Run, Run.id == SessionItem.run_id)
            .filter(SessionItem.session_id == session_id)
        ).all()
    for run_id, category in items:
        for axis in ("S", "M", "O", "P") if category == "B" else ("S", "M", "O"):
            save_grade(store, expert_id=expert, run_id=run_id, axis=axis, step=6, session_id=session_id)
    window.enter_session(session_id)
    return session_id


def _action(window: Any, name: str) -> Any:
    from prism_desktop.gui.actions import Menu

    return next(a for a in window.commands.menu(Menu.REVIEW).actions() if a.objectName() == name)


def test_one_grader_gets_one_plain_sentence_and_worded_verdicts(
    shell_window: Any, qtbot: QtBot, tmp_path: Path
) -> None:
    window = shell_window
    _one_expert_session(window)
    _action(window, "review.agreement").trigger()
    dialog = window.findChild(AgreementDialog)
    assert dialog is not None
    with qtbot.waitSignal(dialog.analysisReady, timeout=120_000):
        pass
    guidance = dialog.guidance.text()
    assert dialog.guidance.isVisible()
    assert "Only 1 expert(s) graded this session (expert_01)" in guidance
    assert "at least 2 experts" in guidance and "What to do" in guidance and "Compute" in guidance
    assert not dialog.notes.isVisible() and dialog.notes.text() == ""  # no wall of "undefined"
    verdict_cells = [
        dialog.figures.item(row, dialog.figures.COLUMNS - 1).text()
        for row in range(dialog.figures.rowCount())
        if dialog.figures.item(row, dialog.figures.COLUMNS - 1).text()
    ]
    assert verdict_cells and all("✗" not in cell and "✓" not in cell for cell in verdict_cells)
    assert any("category A: not Verified" in cell for cell in verdict_cells)
    dialog.tabs.setCurrentIndex(1)
    notes = [dialog.verified.item(row, 7).text() for row in range(dialog.verified.rowCount())]
    assert notes and all(notes)  # every "not Verified" says why
    folder = Path(OUT) if OUT else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    dialog.tabs.setCurrentIndex(0)
    qtbot.wait(50)
    assert dialog.grab().save(str(folder / "agreement_one_grader_en.png"))


def test_two_graders_see_no_guidance(shell_window: Any, qtbot: QtBot) -> None:
    window = shell_window
    session_id = _one_expert_session(window)
    second = ensure_expert(window.store, "expert_02")
    with window.store.session() as session:
        run_id = session.scalars(select(SessionItem.run_id).filter_by(session_id=session_id)).first()
    save_grade(window.store, expert_id=second, run_id=run_id, axis="S", step=6, session_id=session_id)
    _action(window, "review.agreement").trigger()
    dialog = window.findChild(AgreementDialog)
    with qtbot.waitSignal(dialog.analysisReady, timeout=120_000):
        pass
    assert dialog.guidance.text() == "" and not dialog.guidance.isVisible()


def test_adjudication_with_nothing_to_settle_says_why_and_closes(
    shell_window: Any, qtbot: QtBot, tmp_path: Path
) -> None:
    window = shell_window
    _one_expert_session(window)
    _action(window, "review.adjudication").trigger()
    dialog = window.findChild(AdjudicationDialog)
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.empty.isVisible(), timeout=30_000)
    assert not dialog.split.isVisible()  # no three empty panes
    text = dialog.empty.text()
    assert "Nothing to settle" in text and "more than 1 step(s)" in text and "two or more experts" in text
    dialog.distance.setValue(0)
    qtbot.waitUntil(lambda: "more than 0 step(s)" in dialog.empty.text(), timeout=30_000)
    folder = Path(OUT) if OUT else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    assert dialog.grab().save(str(folder / "adjudication_empty_en.png"))
    assert dialog.close_button.isVisible() and dialog.close_button.text() == "Close"
    qtbot.mouseClick(dialog.close_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
