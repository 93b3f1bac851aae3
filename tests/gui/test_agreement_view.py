"""The Agreement window: a review session graded by two experts (the review tests' workspace,
imported into the store), analysed in the background; the figures shown are analyse()'s, the
exports write their files, one expert gives the statistics' note instead of a crash. With
PRISM_DESKTOP_SCREENSHOTS=<folder> set, the Russian and English renders are written there (that is
how docs/screenshots/agreement_*.png are made)."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot
from sqlalchemy import select

from prism_desktop.gui.agreement_tables import VALUE_ROLE, number
from prism_desktop.gui.agreement_view import AgreementDialog
from prism_desktop.gui.app_workers import Background
from prism_desktop.gui.i18n import Translations
from prism_desktop.review.analysis import analyse
from prism_desktop.review.store_input import expert_grades, session_input
from prism_desktop.review.verification_rules import rules_for_workspace
from prism_desktop.services.grading import ensure_expert, save_grade
from prism_desktop.services.importing import import_results
from prism_desktop.services.sessions import create_session
from prism_desktop.store import Store
from prism_desktop.store.models import Run
from prism_desktop.workspace.workspace import Workspace

pytestmark = pytest.mark.gui
OUT = os.environ.get("PRISM_DESKTOP_SCREENSHOTS")


def _review_fixtures() -> ModuleType:
    """tests/review/conftest.py's workspace builder, imported (not copied) under its own name."""
    path = Path(__file__).resolve().parents[1] / "review" / "conftest.py"
    spec = importlib.util.spec_from_file_location("review_fixtures_for_gui", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


REVIEW = _review_fixtures()


@dataclass(frozen=True)
class GradedSession:
    store: Store
    workspace: Workspace
    session_id: int


def graded_session(store: Store, root: Path, experts: int) -> GradedSession:
    """All runs of the review workspace in one session, graded by the first `experts` experts with
    the steps of their expert files."""
    files = REVIEW.build_review_workspace(root, with_b=False)
    workspace = Workspace.open(root)
    import_results(store, workspace, [files.experiment, files.auto, *files.experts[:experts]])
    with store.session() as session:
        run_ids = {(r.task_id, r.model_id, r.run_index): r.id for r in session.scalars(select(Run))}
    session_id = create_session(store, name="Калибровка март", size=len(run_ids), seed=11)
    for name in files.expert_ids[:experts]:
        expert_id = ensure_expert(store, name)
        for grades in expert_grades(store, name).values():
            for grade in grades:
                run_id = run_ids[(grade.task_id, grade.model_id, grade.run_index)]
                for axis, step in grade.steps.items():
                    save_grade(
                        store, expert_id=expert_id, run_id=run_id, axis=axis, step=step, session_id=session_id
                    )
    return GradedSession(store, workspace, session_id)


@pytest.fixture
def two_experts(store: Store, tmp_path: Path) -> GradedSession:
    return graded_session(store, tmp_path / "workspace", experts=2)


@pytest.fixture
def open_dialog(qtbot: QtBot) -> Iterator[Callable[[GradedSession], AgreementDialog]]:
    """Opens the window on a session and returns once its first analysis (started on opening, with
    the default bootstrap) is on screen; the pools are drained afterwards."""
    pools: list[Background] = []

    def opened(data: GradedSession) -> AgreementDialog:
        pools.append(Background())
        dialog = AgreementDialog(data.store, data.workspace, data.session_id, pools[-1])
        qtbot.addWidget(dialog)
        dialog.show()
        # The result reaches the dialog through the event loop, so nothing is missed before this.
        with qtbot.waitSignal(dialog.analysisReady, timeout=120_000):
            pass
        return dialog

    yield opened
    for pool in pools:
        pool.shutdown()


@pytest.fixture
def english(qapp: QApplication) -> Iterator[None]:
    translations = Translations(qapp)
    translations.apply("en")
    yield
    translations.apply("en")


def _cell(dialog: AgreementDialog, axis: str, split: str, column: int) -> tuple[str, object]:
    table = dialog.figures
    for row in range(table.rowCount()):
        if table.item(row, 0).text() == axis and table.item(row, 1).text() == split:
            item = table.item(row, column)
            return item.text(), item.data(VALUE_ROLE)
    raise AssertionError(f"no row for {axis} {split}")


def test_figures_shown_are_the_analysis_values(
    qtbot: QtBot, two_experts: GradedSession, open_dialog: Callable[..., AgreementDialog], english: None
) -> None:
    dialog = open_dialog(two_experts)
    assert dialog.bootstrap_spin.value() == 2000 and dialog.seed_spin.value() == 11  # the session's seed
    found = session_input(two_experts.store, two_experts.session_id)
    protocols = two_experts.workspace.protocols
    expected = analyse(
        found.runs,
        found.experts,
        found.split_of,
        rules_for_workspace(two_experts.workspace.root),
        bootstrap=2000,
        seed=11,
        l1_axes=protocols.l1.axes,
        applicable={c: protocols.constitution.applicable_axes(c) for c in ("A", "B")},
    ).agreement
    for axis in ("S", "M", "O"):
        for split, column, name in (("validation", 5, "kappa_quadratic"), ("calibration", 3, "kappa")):
            estimate = expected.get(axis, split).estimate("consensus~machine", name)
            text, value = _cell(dialog, axis, split, column)
            assert value == estimate.value
            assert text.startswith(number(estimate.value)) and number(estimate.ci[0], 2) in text
    reach_text, _ = _cell(dialog, "O", "validation", 5)
    projected = expected.get("O", "validation").estimate("consensus~machine", "projected.kappa_quadratic")
    assert f"reachable steps: {number(projected.value)}" in reach_text
    grid = dialog.grids[("S", "validation")]
    counts = expected.get("S", "validation").confusion["consensus~machine"]
    assert [[grid.item(m, c).data(VALUE_ROLE) for c in range(6)] for m in range(6)] == [
        [counts[c][m] for c in range(6)] for m in range(6)
    ]  # machine rows × consensus columns
    assert dialog.verified.rowCount() == 3  # category A: S, M, O
    assert "Runs Verified" in dialog.summary.text()


def test_exports_write_their_files(
    qtbot: QtBot,
    two_experts: GradedSession,
    open_dialog: Callable[..., AgreementDialog],
    english: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dialog = open_dialog(two_experts)
    out = tmp_path / "out"
    out.mkdir()
    chosen: list[str] = []
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_a, **_k: (chosen[-1], ""))
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *_a, **_k: str(out / "experts"))
    for kind, name in (("jsonl", "v.jsonl"), ("csv", "v")):  # a name without suffix gets the format's
        chosen.append(str(out / name))
        assert dialog.export_verified(kind)
    verified = dialog.agreement.report["verified"]["runs"]["verified"]
    assert len((out / "v.jsonl").read_text(encoding="utf-8").splitlines()) == verified > 0
    assert len((out / "v.csv").read_text(encoding="utf-8").splitlines()) == verified + 1
    for kind in ("json", "html"):
        chosen.append(str(out / f"report.{kind}"))
        assert dialog.export_report(kind)
    assert json.loads((out / "report.json").read_text(encoding="utf-8"))["inputs"]["session"] == (
        two_experts.session_id
    )
    assert "<svg" in (out / "report.html").read_text(encoding="utf-8")
    assert dialog.export_experts()
    assert sorted(p.name for p in (out / "experts").iterdir()) == [
        f"{REVIEW.EXPERIMENT}_expert_01.json",
        f"{REVIEW.EXPERIMENT}_expert_02.json",
    ]
    assert "expert file(s) written" in dialog.status.text()
    blocker = out / "blocked"
    blocker.write_text("a file, not a folder", encoding="utf-8")
    chosen.append(str(blocker / "report.json"))
    assert not dialog.export_report("json")
    assert dialog.message_box is not None and dialog.message_box.isVisible()
    assert str(blocker) in dialog.message_box.text() and "Traceback" not in dialog.message_box.text()


def test_one_expert_shows_the_reason(
    qtbot: QtBot, store: Store, tmp_path: Path, open_dialog: Callable[..., AgreementDialog], english: None
) -> None:
    dialog = open_dialog(graded_session(store, tmp_path / "workspace", experts=1))
    text, value = _cell(dialog, "S", "validation", 5)
    assert value is None and text == "—"
    # Said once, above the figures, instead of a note per undefined figure.
    assert "Only 1 expert(s) graded this session" in dialog.guidance.text() and dialog.notes.text() == ""
    assert dialog.verified.item(0, 2).text() == "✗ not Verified"
    assert "no run has a consensus: it needs 2 or more experts" in dialog.verified.item(0, 7).text()


def test_review_sentences_follow_the_interface_language(
    store: Store, tmp_path: Path, open_dialog: Callable[..., AgreementDialog], qapp: QApplication
) -> None:
    translations = Translations(qapp)
    translations.apply("ru")
    try:
        dialog = open_dialog(graded_session(store, tmp_path / "workspace", experts=1))
        assert dialog.guidance.text().startswith("Эту сессию оценили экспертов: 1")
        reason = dialog.verified.item(0, 7).toolTip()
        assert reason.startswith("kappa_quadratic не определён: ни у одного прогона нет консенсуса"), reason
        assert "no run has a consensus" not in reason
        translations.apply("en")
        dialog.retranslate()
        assert dialog.guidance.text().startswith("Only 1 expert(s) graded this session")
        assert "no run has a consensus: it needs 2 or more experts" in dialog.verified.item(0, 7).toolTip()
    finally:
        translations.apply("en")


def test_session_without_grades_and_bad_rules(
    qtbot: QtBot, store: Store, tmp_path: Path, open_dialog: Callable[..., AgreementDialog], english: None
) -> None:
    data = graded_session(store, tmp_path / "workspace", experts=2)
    empty = GradedSession(store, data.workspace, create_session(store, name="пустая", size=5, seed=1))
    dialog = open_dialog(empty)
    assert "no run of session “пустая” is graded yet" in dialog.status.text()
    assert not dialog.export_buttons["report_json"].isEnabled()
    (data.workspace.root / "metrics" / "verification.yaml").write_text("runs: {min_experts: 0}\n")
    dialog.select_session(data.session_id)
    with qtbot.waitSignal(dialog.analysisFailed, timeout=60_000) as failed:
        pass
    assert "min_experts" in failed.args[0] and "an integer ≥ 1" in failed.args[0]
    assert dialog.message_box is not None and "Traceback" not in dialog.message_box.text()


def test_menu_action_opens_the_window(qtbot: QtBot, shell_window: object) -> None:
    from prism_desktop.gui.actions import Menu

    review = shell_window.commands.menu(Menu.REVIEW)  # type: ignore[attr-defined]
    action = next(a for a in review.actions() if a.objectName() == "review.agreement")
    assert action.text() == "&Agreement…" and action.isEnabled()
    action.trigger()
    dialog = shell_window.findChild(AgreementDialog)  # type: ignore[attr-defined]
    assert dialog is not None and dialog.isVisible()
    assert "No review session yet" in dialog.status.text()
    create_session(shell_window.store, name="первая", size=3, seed=2)  # type: ignore[attr-defined]
    with qtbot.waitSignal(dialog.analysisReady, timeout=60_000):
        action.trigger()  # the same window, its sessions reloaded
    assert shell_window.findChildren(AgreementDialog) == [dialog]  # type: ignore[attr-defined]
    assert "is graded yet" in dialog.status.text()


@pytest.mark.parametrize("language", ["ru", "en"])
def test_agreement_screenshots(
    qtbot: QtBot,
    qapp: QApplication,
    two_experts: GradedSession,
    open_dialog: Callable[..., AgreementDialog],
    language: str,
    tmp_path: Path,
) -> None:
    translations = Translations(qapp)
    assert translations.apply(language)
    try:
        dialog = open_dialog(two_experts)
        dialog.resize(1480, 980)
        qtbot.wait(100)
        title = {"ru": "Согласие и отметки Verified", "en": "Agreement and Verified marks"}[language]
        assert dialog.windowTitle() == title
        folder = Path(OUT) if OUT else tmp_path
        folder.mkdir(parents=True, exist_ok=True)
        assert dialog.grab().save(str(folder / f"agreement_{language}.png"))
        dialog.tabs.setCurrentIndex(1)
        qtbot.wait(50)
        assert dialog.grab().save(str(folder / f"agreement_verified_{language}.png"))
    finally:
        translations.apply("en")


def test_clicking_a_confusion_cell_lists_exactly_its_runs(
    qtbot: QtBot, two_experts: GradedSession, open_dialog: Callable[[GradedSession], AgreementDialog]
) -> None:
    from prism_desktop.gui.agreement_tables import VALUE_ROLE

    dialog = open_dialog(two_experts)
    cells = [
        (axis, split, row, column, grid.item(row, column).data(VALUE_ROLE))
        for (axis, split), grid in dialog.grids.items()
        for row in range(6)
        for column in range(6)
        if grid.item(row, column) is not None and grid.item(row, column).data(VALUE_ROLE)
    ]
    assert cells, "the session has pairs in some confusion cell"
    for axis, split, row, column, count in cells[:4]:
        with qtbot.waitSignal(dialog.cellRunsChosen, timeout=10_000) as chosen:
            dialog.grids[(axis, split)].cellClicked.emit(row, column)
        run_ids, what = chosen.args
        assert len(run_ids) == count  # the same runs the analysis counted in that cell
        assert f"{axis} = " in what
