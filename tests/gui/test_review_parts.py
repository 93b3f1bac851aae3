"""gui/review_parts.py and gui/review_saving.py on the repository's own workspaces: the parts a run
gets from one lookup by the workspace's kind, the statement pane's text, and the words for edits,
conflicts and failed saves."""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest

from prism_desktop.gui.review_parts import (
    BslParts,
    CodeParts,
    LibraryParts,
    review_parts,
    statement_markdown,
)
from prism_desktop.gui.review_saving import conflict_text, edit_text, failure_message
from prism_desktop.services.benchmark_kinds import open_workspace as open_any_workspace
from prism_desktop.services.grading import GradingError
from prism_desktop.services.review_session import ConflictNotice, Edit, Outcome, SaveFailure
from prism_desktop.workspace.workspace import Workspace

pytestmark = pytest.mark.gui
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def coding() -> Workspace:
    return open_any_workspace(REPO / "benchmarks" / "coding")


def test_the_workspace_kind_picks_the_parts(coding: Workspace) -> None:
    prism = Workspace.open(REPO)
    one_c = open_any_workspace(REPO / "benchmarks" / "1c-code-bench")
    assert (prism.kind, one_c.kind, coding.kind) == ("prism", "1c-code-bench", "coding")
    assert type(review_parts(prism, "A16")) is BslParts
    assert type(review_parts(one_c, "base_01_short_name")) is BslParts
    code, library = review_parts(coding, "algo_py_001"), review_parts(coding, "lib_textkit")
    assert type(code) is CodeParts and type(library) is LibraryParts
    assert code.code_mode and library.code_mode and not BslParts.code_mode
    assert type(review_parts(coding, "no_such_task")) is BslParts  # a run whose task is gone: its text


def test_the_statement_says_what_the_kind_adds(coding: Workspace) -> None:
    task = coding.task("algo_py_001")
    text = statement_markdown("algo_py_001", task, review_parts(coding, "algo_py_001"))
    assert text.startswith(task.prompt.strip())
    assert re.search(r"\n\n\*Language: python · \d+ tests · [\d.]+ s per test\*$", text), text
    library = statement_markdown(
        "lib_textkit", coding.task("lib_textkit"), review_parts(coding, "lib_textkit")
    )
    assert "*Language: library (Commit-0 style) · " in library
    prism = Workspace.open(REPO)
    assert statement_markdown("A16", prism.task("A16"), BslParts()).startswith(
        prism.task("A16").prompt.strip()
    )
    assert "Language:" not in statement_markdown("A16", prism.task("A16"), BslParts())
    assert statement_markdown("B90", None, BslParts()).startswith("**Task B90 is not in the open workspace**")


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
