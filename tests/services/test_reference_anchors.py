"""Which slow anchor `check` runs for a task: perf_baseline.bsl in category A; in category B the
task's perf_baseline.bsl when it has one (PRISM's later B tasks do), else our loop_variant.bsl."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

from prism_desktop.services.reference_check import _anchors, check_references
from prism_desktop.workspace.tags import load_tag_vocabulary
from prism_desktop.workspace.task_loader import load_task_bank
from prism_desktop.workspace.tasks import Task
from prism_desktop.workspace.workspace import Workspace

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


def test_a_slow_anchor_that_breaks_under_measurement_fails_the_check(tmp_path: Path) -> None:
    """Its O is the worst step (2 ≤ 4), but an anchor that cannot be measured anchors nothing:
    `check` says so (issue 25 item 4 made a broken B measurement score 2 instead of N/A)."""
    root = tmp_path / "workspace"
    shutil.copytree(TASKS.parent / "metrics", root / "metrics")
    shutil.copytree(TASKS, root / "tasks")
    loop = root / "tasks" / "category_b" / "B10_duplicate_counterparties" / "loop_variant.bsl"
    code = loop.read_text(encoding="utf-8-sig")
    trap = 'Если Элементы.Количество() >= 20 Тогда ВызватьИсключение "только под замером"; КонецЕсли;'
    loop.write_text(
        code.replace(
            'Элементы.Колонки.Добавить("Наименование");',
            trap + "\n" + 'Элементы.Колонки.Добавить("Наименование");',
        ),
        encoding="utf-8",
    )
    outcomes = check_references(Workspace.open(root), ["B10"], sandbox="local", jobs=1)
    slow = next(o for o in outcomes if o.file == "loop_variant.bsl")
    assert slow.scores["M"] == 10.0 and slow.scores["O"] == 2
    assert slow.status == "failed" and "только под замером" in slow.message, slow


def test_a_slow_anchor_that_returns_another_value_under_measurement_fails_the_check(tmp_path: Path) -> None:
    """Its O is the worst step as well; `check` names the size where its result left the reference's."""
    root = tmp_path / "workspace"
    shutil.copytree(TASKS.parent / "metrics", root / "metrics")
    shutil.copytree(TASKS, root / "tasks")
    baseline = root / "tasks" / "category_a" / "A11_unique_elements" / "perf_baseline.bsl"
    code = baseline.read_text(encoding="utf-8-sig")
    declaration = next(line for line in code.split("\n") if line.startswith("Функция"))
    trap = "Если Элементы.Количество() >= 400 Тогда Возврат Новый Массив; КонецЕсли;"
    baseline.write_text(code.replace(declaration, declaration + "\n" + trap, 1), encoding="utf-8")
    outcomes = check_references(Workspace.open(root), ["A11"], sandbox="local", jobs=1)
    slow = next(o for o in outcomes if o.file == "perf_baseline.bsl")
    assert slow.scores["M"] == 10.0 and slow.scores["O"] == 2
    assert slow.status == "failed" and "размере 400" in slow.message and "эталон" in slow.message, slow
