"""Which slow anchor `check` runs for a task: perf_baseline.bsl in category A; in category B the
task's perf_baseline.bsl when it has one (PRISM's later B tasks do), else our loop_variant.bsl."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from prism_desktop.services.reference_check import _anchors
from prism_desktop.workspace.tags import load_tag_vocabulary
from prism_desktop.workspace.task_loader import load_task_bank
from prism_desktop.workspace.tasks import Task

TASKS = Path(__file__).resolve().parents[2] / "tasks"


def _task(category: str) -> Task:
    bank = load_task_bank(TASKS, load_tag_vocabulary(TASKS / "tags.yaml"))
    return next(t for t in bank if t.category == category and t.perf is not None)


def test_category_b_takes_the_tasks_perf_baseline_when_it_has_one() -> None:
    task = dataclasses.replace(_task("B"), perf_baseline="Функция Медленно() Экспорт\nКонецФункции\n")
    assert [(a.file, a.code) for a in _anchors(task)][1] == ("perf_baseline.bsl", task.perf_baseline)


def test_category_b_without_perf_baseline_takes_the_loop_variant() -> None:
    task = _task("B")
    assert task.perf_baseline is None
    files = [a.file for a in _anchors(task)]
    assert files == ["canonical.bsl", "loop_variant.bsl"]


def test_category_a_takes_perf_baseline() -> None:
    assert [a.file for a in _anchors(_task("A"))] == ["canonical.bsl", "perf_baseline.bsl"]
