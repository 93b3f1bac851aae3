"""The assembled main window on the bundled coding benchmark (benchmarks/coding, copied): its demo
experiment and the auto file scored by the Python/TypeScript/Go images in Docker are imported on open;
a Python run and a Go run are reviewed with their language's highlighting beside the reference, the
compiler's verdict and one row per unit test; the expert grades S, M and O (P does not apply); the
Models window gives the multi-sample figures of the four models."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pygments.token import Keyword
from PySide6.QtWidgets import QApplication
from sqlalchemy import select

from prism_desktop.gui.code_editor import CodeEditor
from prism_desktop.gui.highlighter import format_for
from prism_desktop.gui.models_view import ModelsDialog
from prism_desktop.services.grading import grades_for_run
from prism_desktop.store import Store
from prism_desktop.store.models import Run

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
RUNS = 24 * 4 * 5  # tasks x models x runs per task


@pytest.fixture
def coding_window(qtbot: Any, store: Store, tmp_path: Path) -> Iterator[Any]:
    from prism_desktop.gui.i18n import Translations
    from prism_desktop.gui.main_window import MainWindow
    from prism_desktop.gui.settings import AppSettings

    root = tmp_path / "coding"
    shutil.copytree(REPO / "benchmarks" / "coding", root, ignore=shutil.ignore_patterns("demo"))
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


def _run_id(store: Store, task_id: str, model_id: str, run_index: int) -> int:
    with store.session() as session:
        return session.scalars(
            select(Run.id).filter_by(task_id=task_id, model_id=model_id, run_index=run_index)
        ).one()


def _coloured(editor: CodeEditor) -> dict[str, str]:
    """Every highlighted word of the editor -> its colour, as the highlighter formatted the document."""
    words: dict[str, str] = {}
    block = editor.document().firstBlock()
    while block.isValid():
        text = block.text()
        for span in block.layout().formats():
            words.setdefault(
                text[span.start : span.start + span.length], span.format.foreground().color().name()
            )
        block = block.next()
    return words


def _open(qtbot: Any, window: Any, run_id: int) -> Any:
    assert window.table.select_run(run_id)
    qtbot.waitUntil(lambda: window.review.run_id == run_id, timeout=10_000)
    QApplication.processEvents()
    return window.review


def test_python_and_go_runs_are_reviewed_with_their_language_and_tests(
    qtbot: Any, coding_window: Any, store: Store
) -> None:
    window = coding_window
    assert type(window.workspace).__name__ == "CodingBenchWorkspace"
    assert not window.tabs.isTabEnabled(1)  # debug mode runs 1C code only
    qtbot.waitUntil(lambda: window.model.rowCount() == RUNS, timeout=20_000)
    keyword = format_for(Keyword, False)
    assert keyword is not None
    keyword_colour = keyword.foreground().color().name()

    # Python: Aster Code's second answer changes `<` into `<=`: compiles, passes 1 test of 7.
    review = _open(qtbot, window, _run_id(store, "algo_py_001", "demo/aster-code-14b", 1))
    code = review.code
    assert code.reference_title.text() == "Reference (algo_py_001.reference.py)"
    assert code.candidate_title.text() == "Candidate (solution.py)"
    assert code.language == "python" and code.candidate.highlighter._language == "python"
    assert "position + 1 <= len" in code.candidate.toPlainText()
    assert "position + 1 < len" in code.reference.toPlainText()
    assert _coloured(code.candidate)["def"] == keyword_colour
    assert _coloured(code.reference)["import"] == keyword_colour
    assert code.changed_rows()  # the changed operator is tinted
    assert "Language: python · 7 tests · 10 s per test" in review.statement.toPlainText()
    logs = review.logs
    assert "Compiled: yes" in logs.syntax_summary.text() and "python 3." in logs.syntax_summary.text()
    # Code runs open on the Tests tab; Performance is not measured for code and is not offered.
    assert logs.currentIndex() == logs.tab_index("tests") and not logs.isTabVisible(logs.tab_index("perf"))
    assert logs.code_tests.isVisible() and not logs.tests.isVisible()
    table = logs.code_tests
    assert table.rowCount() == 7
    rows = {table.item(r, 0).text(): (table.item(r, 1).text(), table.item(r, 2).text()) for r in range(7)}
    assert rows["test_algo_py_001.py::test_empty_input"] == ("pass", "")
    status, message = rows["test_algo_py_001.py::test_two_lists"]
    assert status == "fail" and "IndexError" in message
    assert "Passed 1 of 7" in logs.tests_summary.text()
    scores = review.scores.table
    cells = {scores.item(r, 0).text(): [scores.item(r, c).text() for c in range(1, scores.columnCount())]
             for r in range(scores.rowCount())}  # fmt: skip
    assert cells["S"][0] == "10" and "prism-code-runner" in cells["S"][2] and "pytest" in cells["S"][2]
    assert cells["M"][0] == "1.4"
    assert cells["O"][0] == "—" and "axis O is not scored on Python" in cells["O"][2]
    assert cells["P"][0] == "—" and "axis P is not scored on Python" in cells["P"][2]

    # The expert grades the axes that apply to code, as on 1C runs; P is not offered.
    assert list(review.grading.boxes) == ["S", "M", "O"]
    review.grading.set_current_axis("M")
    review.grade_current(2)
    qtbot.waitUntil(lambda: bool(grades_for_run(store, review.run_id)), timeout=10_000)
    assert {(g.expert, g.axis, g.step) for g in grades_for_run(store, review.run_id)} == {("olga", "M", 2)}

    # Go: North Coder's first answer lost its closing brace; go build's message marks line 18.
    review = _open(qtbot, window, _run_id(store, "algo_go_001", "demo/north-coder-32b", 0))
    code = review.code
    assert code.language == "go" and code.candidate_title.text() == "Candidate (solution.go)"
    assert _coloured(code.candidate)["func"] == keyword_colour
    assert _coloured(code.reference)["package"] == keyword_colour
    markers = [m for row in code.candidate.markers().values() for m in row]  # at EOF: the last row
    assert [(m.line, m.severity) for m in markers] == [(18, "error")]
    assert "unexpected EOF" in markers[0].message
    logs = review.logs
    assert "Compiled: <b>no</b>" in logs.syntax_summary.text() and "go build" in logs.syntax_summary.text()
    assert logs.diagnostics.rowCount() == 1 and "unexpected EOF" in logs.diagnostics.item(0, 4).text()
    assert "run status: compile_error" in logs.tests_summary.text()
    assert logs.code_tests.rowCount() == 0 and "No test ran." in logs.tests_summary.text()

    # A Go answer that passes: six tests by name.
    review = _open(qtbot, window, _run_id(store, "algo_go_001", "demo/meridian-chat-70b", 0))
    table = review.logs.code_tests
    names = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert names[:2] == ["TestSimple", "TestCyrillicCase"] and len(names) == 6
    assert {table.item(r, 1).text() for r in range(6)} == {"pass"}


def test_typescript_and_library_runs(qtbot: Any, coding_window: Any, store: Store) -> None:
    window = coding_window
    keyword = format_for(Keyword, False)
    assert keyword is not None
    review = _open(qtbot, window, _run_id(store, "algo_ts_001", "demo/meridian-chat-70b", 0))
    code = review.code
    assert code.language == "typescript" and code.candidate_title.text() == "Candidate (solution.ts)"
    assert code.reference_title.text() == "Reference (algo_ts_001.reference.ts)"
    assert _coloured(code.candidate)["export"] == keyword.foreground().color().name()
    assert "tsc" in review.logs.syntax_summary.text() and review.logs.code_tests.rowCount() >= 6

    review = _open(qtbot, window, _run_id(store, "lib_semverkit", "demo/aster-code-14b", 3))
    code = review.code
    assert code.reference_title.text() == "Reference (reference/semverkit/)"
    assert code.candidate_title.text() == "Candidate (semverkit/)"
    assert "# ── semverkit/version.py ──" in code.candidate.toPlainText()
    assert code.changed_rows()  # the answer's change against the reference package
    assert "Language: library (Commit-0 style)" in review.statement.toPlainText()


def test_models_window_gives_multi_sample_figures_of_the_coding_experiment(
    qtbot: Any, coding_window: Any
) -> None:
    window = coding_window
    window.commands.action("review.models").trigger()
    dialog = window.findChild(ModelsDialog, "modelsDialog")
    assert dialog is not None
    with qtbot.waitSignal(dialog.comparisonReady, timeout=60_000):
        dialog.compute()
    rows = dialog.comparison.rows
    assert {row.model for row in rows} == {"North Coder 32B", "Meridian Chat 70B", "Aster Code 14B",
                                           "Fjord Instruct 8B"}  # fmt: skip
    assert {row.category for row in rows} == {
        "algorithms",
        "api_services",
        "debugging",
        "library",
        "refactoring",
    }
    for row in rows:
        figures = row.figures
        assert figures["pass_at_k"]["5"] is not None  # five samples of every task
        assert 0.0 <= figures["pass_at_k"]["1"] <= figures["pass_at_k"]["5"] <= 1.0
        assert figures["stability_score"] is not None
        assert [k for k, _ in row.curve] == [1, 2, 3, 4, 5]


RED_TEAM_BONUS = "\n".join(f"def test_bonus_{i}():\n    assert True\n" for i in range(30))


def _red_team_answer(workspace_root: Path) -> str:
    """lib_textkit implemented, with the gate switched off by file comments in one module, and a test
    file of its own."""
    reference = workspace_root / "libraries" / "textkit" / "reference"
    files = {str(p.relative_to(reference)): p.read_text(encoding="utf-8") for p in reference.rglob("*.py")}
    files["textkit/slug.py"] = "# ruff: noqa\n# mypy: ignore-errors\n" + files["textkit/slug.py"]
    files["textkit/slug.py"] += "\n\ndef _typed() -> int:\n    return f'text'\n"
    files["textkit/test_bonus.py"] = RED_TEAM_BONUS
    return "\n".join(f"`{path}`\n```python\n{text}```\n" for path, text in sorted(files.items()))


@pytest.fixture
def red_team_window(qtbot: Any, store: Store, tmp_path: Path) -> Iterator[Any]:
    """The bench's tasks with one experiment, a red-team answer to lib_textkit, scored in Docker by
    `score --sandbox docker` and opened in the assembled window."""
    from prism_desktop.cli.main import main
    from prism_desktop.gui.i18n import Translations
    from prism_desktop.gui.main_window import MainWindow
    from prism_desktop.gui.settings import AppSettings

    root = tmp_path / "coding"
    for part in ("dataset", "tests", "libraries"):
        shutil.copytree(REPO / "benchmarks" / "coding" / part, root / part)
    run = {"run_index": 0, "response": _red_team_answer(root), "response_hash": "", "success": True}
    group = {
        "task_id": "lib_textkit",
        "task_name": "textkit",
        "model_id": "red",
        "model_name": "Red",
        "runs": [run],
    }
    experiment = {"experiment_name": "experiment_red", "category": "", "timestamp": "2026-12-07T08:00:00",
                  "models_used": ["Red"], "task_results": [group]}  # fmt: skip
    (root / "results" / "auto").mkdir(parents=True)
    path = root / "results" / "experiment_red.json"
    path.write_text(json.dumps(experiment, ensure_ascii=False), encoding="utf-8")
    auto = root / "results" / "auto" / "experiment_red_auto_l1.json"
    args = [
        "--workspace",
        str(root),
        "score",
        "--sandbox",
        "docker",
        "--experiment",
        str(path),
        "--out",
        str(auto),
    ]
    assert main(args) == 0
    settings = AppSettings()
    settings.expert_name = "olga"
    translations = Translations(QApplication.instance())
    translations.apply("en")
    window = MainWindow(store, settings, translations)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.workspaceOpened, timeout=120_000):
        window.open_workspace(root)
    yield window
    window.scoring.shutdown()
    window.background.shutdown()


@pytest.mark.docker
def test_the_review_shows_the_answers_ignored_test_files_and_suppressions(
    qtbot: Any, red_team_window: Any, store: Store
) -> None:
    review = _open(qtbot, red_team_window, _run_id(store, "lib_textkit", "red", 0))
    tests = review.logs.tests_summary.text()
    assert "Passed 18 of 18" in tests
    assert "Test files the answer added, not collected:</b> textkit/test_bonus.py" in tests
    syntax = review.logs.syntax_summary.text()
    assert "Gate ruff: fail, findings: 1" in syntax and "F541 textkit/slug.py:" in syntax
    assert "Gate mypy: fail, findings: 1" in syntax and "return-value textkit/slug.py:" in syntax
    assert "Suppressions the gate ignored" in syntax
    assert "textkit/slug.py:1 <code># ruff: noqa</code>" in syntax
    assert "textkit/slug.py:2 <code># mypy: ignore-errors</code>" in syntax
