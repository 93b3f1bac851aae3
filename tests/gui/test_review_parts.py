"""gui/review_parts.py and gui/review_saving.py on the repository's own workspaces: the parts a run
gets from one lookup of the workspace's kind (its RunPanes), the statement pane's text, and the words
for edits, conflicts and failed saves."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from prism_desktop.gui.review_parts import ReviewParts, review_parts, statement_markdown
from prism_desktop.gui.review_saving import conflict_text, edit_text, failure_message
from prism_desktop.services.benchmark_kinds import open_workspace as open_any_workspace
from prism_desktop.services.grading import GradingError, RunReview
from prism_desktop.services.review_session import ConflictNotice, Edit, Outcome, SaveFailure
from prism_desktop.workspace.workspace import Workspace

pytestmark = pytest.mark.gui
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def coding() -> Workspace:
    return open_any_workspace(REPO / "benchmarks" / "coding")


def _run(task_id: str, response: str = "", candidate_code: str = "") -> RunReview:
    return RunReview(1, "exp", task_id, None, "A", "model", None, 0, response, candidate_code, True, None)


def _parts(workspace: Workspace, task_id: str) -> ReviewParts:
    return review_parts(workspace, _run(task_id))


def test_the_workspace_kind_picks_the_parts(coding: Workspace) -> None:
    prism = Workspace.open(REPO)
    one_c = open_any_workspace(REPO / "benchmarks" / "1c-code-bench")
    assert (prism.kind, one_c.kind, coding.kind) == ("prism", "1c-code-bench", "coding")
    a_task, onec = _parts(prism, "A16"), _parts(one_c, "base_01_short_name")
    assert not a_task.code_mode and a_task.panes.language == "bsl" and a_task.panes.diagnostics is None
    assert not onec.code_mode and onec.panes.reference_name == "ObjectModule.bsl"
    code, library = _parts(coding, "algo_py_001"), _parts(coding, "lib_textkit")
    assert code.code_mode and library.code_mode
    assert (code.panes.language, library.panes.task_label) == ("python", "library")
    gone = _parts(coding, "no_such_task")  # a run whose task is gone: its text, as stored
    assert not gone.code_mode and gone.panes.language == "bsl"


def test_the_candidate_pane_shows_the_code_as_measured(coding: Workspace) -> None:
    prism = Workspace.open(REPO)
    stored = review_parts(prism, _run("A16", "answer", "Функция Ф() КонецФункции"))
    assert stored.panes.candidate_text == "Функция Ф() КонецФункции"
    answer = "Here:\n```python\ndef f():\n    return 1\n```\n"
    extracted = review_parts(coding, _run("algo_py_001", answer, "stale"))
    assert extracted.panes.candidate_text.startswith("def f():")  # the sandbox's file, not the stored text
    assert extracted.markers(_run("algo_py_001")) == []  # no compiler diagnostics were recorded


def test_the_statement_says_what_the_kind_adds(coding: Workspace) -> None:
    task = coding.task("algo_py_001")
    text = statement_markdown("algo_py_001", task, _parts(coding, "algo_py_001"))
    assert text.startswith(task.prompt.strip())
    assert re.search(r"\n\n\*Language: python · \d+ tests · [\d.]+ s per test\*$", text), text
    library = statement_markdown("lib_textkit", coding.task("lib_textkit"), _parts(coding, "lib_textkit"))
    assert "*Language: library (Commit-0 style) · " in library
    prism = Workspace.open(REPO)
    a16 = _parts(prism, "A16")
    assert statement_markdown("A16", prism.task("A16"), a16).startswith(prism.task("A16").prompt.strip())
    assert "Language:" not in statement_markdown("A16", prism.task("A16"), a16)
    assert statement_markdown("B90", None, a16).startswith("**Task B90 is not in the open workspace**")


def test_edits_conflicts_and_failures_in_words() -> None:
    assert edit_text(Edit("grade", 12, "S", 8)) == "S = 8 on run #12"
    assert edit_text(Edit("clear", 12, "M")) == "clearing M on run #12"
    assert edit_text(Edit("note", 12)) == "the comment and approach of run #12"
    assert edit_text(Edit("flag", 12)) == "the unsure flag of run #12"
    assert edit_text(Edit("unflag", 12)) == "unflagging run #12"
    assert edit_text(Edit("undo", 0)) == "undoing your last change"
    at = datetime(2026, 1, 2, 3, 4, 5)
    mine = conflict_text(Edit("clear", 3, "M"), ConflictNotice("Иванов", True, None, at))
    assert mine.startswith("NOT saved: clearing M on run #3 — you (in another window) removed this grade")
    assert " at 2026-01-02 03:04:05 UTC, after this window showed it. Their grade is kept" in mine
    theirs = conflict_text(Edit("grade", 3, "S", 8), ConflictNotice(None, False, 4, None))
    assert "— someone changed this grade to 4 at ?, after this window showed it" in theirs
    refused = SaveFailure(Edit("grade", 3, "P", 8), Outcome.REFUSED, GradingError("P is for category B"), 0)
    assert failure_message(refused) == "P is for category B"
    kept = SaveFailure(Edit("grade", 3, "S", 8), Outcome.RETRY, OSError(28, "No space left on device"), 1)
    assert failure_message(kept).startswith("NOT saved: S = 8 on run #3 — the disk holding the store is full")
