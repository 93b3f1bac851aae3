"""The assembled main window on the bundled 1C Code Bench (benchmarks/1c-code-bench, copied): its demo
experiment and auto file are imported on open; a run is reviewed beside the reference function with
the task text and configuration context the model got, and its S and M; the expert grades it."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from prism_desktop.services.grading import grades_for_run
from prism_desktop.store import Store
from prism_desktop.store.models import Run

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
RUNS = 12 * 3  # tasks x demo answerers


@pytest.fixture
def onec_window(qtbot: Any, store: Store, tmp_path: Path) -> Iterator[Any]:
    from prism_desktop.gui.i18n import Translations
    from prism_desktop.gui.main_window import MainWindow
    from prism_desktop.gui.settings import AppSettings

    root = tmp_path / "1c-code-bench"
    shutil.copytree(REPO / "benchmarks" / "1c-code-bench", root, ignore=shutil.ignore_patterns("demo"))
    settings = AppSettings()
    settings.expert_name = "olga"
    translations = Translations(QApplication.instance())
    translations.apply("en")
    window = MainWindow(store, settings, translations)
    qtbot.addWidget(window)
    window.resize(1400, 900)
    window.show()
    with qtbot.waitSignal(window.workspaceOpened, timeout=120_000):
        window.open_workspace(root)
    yield window
    window.scoring.shutdown()
    window.background.shutdown()


def _run_id(store: Store, task_id: str, model_id: str) -> int:
    with store.session() as session:
        return session.scalars(
            select(Run.id).filter_by(task_id=task_id, model_id=model_id, run_index=0)
        ).one()


def test_runs_are_reviewed_beside_the_reference_with_the_prompt_and_scores(
    qtbot: Any, onec_window: Any, store: Store
) -> None:
    window = onec_window
    assert type(window.workspace).__name__ == "OneCBenchView"
    qtbot.waitUntil(lambda: window.model.rowCount() == RUNS, timeout=20_000)

    run_id = _run_id(store, "mid_01_fill_order_from_stock", "demo/mixed")
    assert window.table.select_run(run_id)
    qtbot.waitUntil(lambda: window.review.run_id == run_id, timeout=10_000)
    QApplication.processEvents()
    review = window.review
    statement = review.statement.toPlainText()
    assert "ЗаполнитьПоОстаткам(Заказ, ВидНоменклатуры)" in statement
    assert "Контекст конфигурации" in statement and "РегистрНакопления.ТоварныеЗапасы" in statement
    assert "РегистрНакопления.ТоварныеЗапасы.Остатки(" in review.code.reference.toPlainText()
    assert review.code.reference_title.text() == "Reference (ObjectModule.bsl)"
    assert "Остатки(, Склад = &Склад)" in review.code.candidate.toPlainText()  # the wrong variant
    scores = review.scores.table
    cells = {scores.item(r, 0).text(): scores.item(r, 1).text() for r in range(scores.rowCount())}
    assert cells["S"] == "10" and cells["M"] == "0"

    assert list(review.grading.boxes) == ["S", "M", "O", "P"]  # 1C code: the platform axis applies
    review.grading.set_current_axis("M")
    review.grade_current(2)
    qtbot.waitUntil(lambda: bool(grades_for_run(store, review.run_id)), timeout=10_000)
    assert {(g.expert, g.axis, g.step) for g in grades_for_run(store, review.run_id)} == {("olga", "M", 2)}
