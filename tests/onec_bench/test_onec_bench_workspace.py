"""Reading a 1C Code Bench workspace: tasks as processings dumped to files by the designer, and a
clear error (file, key, line, what was expected) for each way a task can be wrong."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from prism_desktop.cli.workspace_kinds import HANDLERS, workspace_handlers
from prism_desktop.services.benchmark_kinds import detect_kind
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.onec_bench import CONTEXTS, LEVELS, OneCBenchWorkspace, is_onec_bench_workspace
from tests.onec_bench.conftest import BUNDLED, REPO


def test_bundled_bench_covers_every_level_and_both_contexts(bundled: OneCBenchWorkspace) -> None:
    assert len(bundled.tasks) >= 12
    assert {t.level for t in bundled.tasks} == set(LEVELS)
    assert {t.context for t in bundled.tasks} == set(CONTEXTS)
    for level in LEVELS:  # both contexts need not be at every level, but each level has several tasks
        assert sum(t.level == level for t in bundled.tasks) >= 4
    for task in bundled.tasks:
        assert re.search(rf"Функция {task.entry}\(", task.object_module), task.id
        assert (
            "Функция ЗапуститьРешение()" in task.object_module
            and "Функция ЗадачаРешена()" in task.object_module
        )
        assert task.entry in task.text, f"{task.id}: the template «Задача» names the function"
        assert "wrong.bsl" in task.variants
        assert (task.directory / task.processing / "Templates" / "Задача.xml").is_file()


def test_each_kind_is_told_by_its_own_rule() -> None:
    assert is_onec_bench_workspace(BUNDLED)
    kind = detect_kind(BUNDLED)
    assert kind is not None and kind.name == "1c-code-bench"
    coding = detect_kind(REPO / "benchmarks" / "coding")
    assert coding is not None and coding.name == "coding"
    prism = detect_kind(REPO)
    assert prism is not None and prism.name == "prism"
    assert workspace_handlers(REPO) is None  # the PRISM workspace: the commands' own code
    assert workspace_handlers(BUNDLED) is HANDLERS["1c-code-bench"]


def _problems(root: Path) -> str:
    with pytest.raises(WorkspaceError) as caught:
        OneCBenchWorkspace.open(root)
    return "\n".join(str(p) for p in caught.value.problems)


def test_bad_level_and_context_name_the_file_line_and_choices(bench_copy: Path) -> None:
    task_yaml = bench_copy / "tasks" / "base_01_short_name" / "task.yaml"
    text = task_yaml.read_text(encoding="utf-8")
    task_yaml.write_text(
        text.replace("level: базовый", "level: лёгкий").replace("клиент", "браузер"), "utf-8"
    )
    found = _problems(bench_copy)
    assert (
        "tasks/base_01_short_name/task.yaml:3: level: found 'лёгкий', expected базовый | средний | сложный"
        in found
    )
    assert "context: found 'браузер', expected сервер | клиент" in found


def test_processing_name_must_match_its_file(bench_copy: Path) -> None:
    xml = bench_copy / "tasks" / "base_01_short_name" / "СокращениеФИО.xml"
    xml.write_text(xml.read_text(encoding="utf-8").replace("<Name>СокращениеФИО<", "<Name>Другая<"), "utf-8")
    assert "Name: found 'Другая', expected the file's name, 'СокращениеФИО'" in _problems(bench_copy)


def test_an_xml_with_a_doctype_is_refused(bench_copy: Path) -> None:
    xml = bench_copy / "tasks" / "base_01_short_name" / "СокращениеФИО.xml"
    text = xml.read_text(encoding="utf-8")
    xml.write_text(
        text.replace("<MetaDataObject", '<!DOCTYPE x [<!ENTITY a "b">]>\n<MetaDataObject', 1), "utf-8"
    )
    assert "a DOCTYPE or ENTITY declaration" in _problems(bench_copy)


def test_module_without_the_check_function_is_reported(bench_copy: Path) -> None:
    module = bench_copy / "tasks" / "mid_03_prices_on_date" / "ЦеныНаДату" / "Ext" / "ObjectModule.bsl"
    module.write_text(module.read_text(encoding="utf-8").replace("ЗадачаРешена", "Проверка"), "utf-8")
    found = _problems(bench_copy)
    assert "ЦеныНаДату/Ext/ObjectModule.bsl: no function ЗадачаРешена" in found


def test_missing_template_text_is_reported(bench_copy: Path) -> None:
    template = bench_copy / "tasks" / "hard_04_payment_schedule" / "ГрафикПлатежей" / "Templates" / "Задача"
    (template / "Ext" / "Template.txt").unlink()
    assert "Templates/Задача/Ext/Template.txt: file missing" in _problems(bench_copy)


def test_fingerprint_follows_what_decides_a_run(bench_copy: Path) -> None:
    """`score` resumes a checkpoint only under the same fingerprint: a changed module or infobase
    means the checkpointed runs are scored again."""
    before = OneCBenchWorkspace.open(bench_copy).fingerprint()
    assert OneCBenchWorkspace.open(bench_copy).fingerprint() == before
    template = bench_copy / "tasks" / "base_01_short_name" / "СокращениеФИО" / "Templates" / "Задача" / "Ext"
    (template / "Template.txt").write_text("Другой текст задачи ФамилияИнициалы\n", encoding="utf-8")
    assert OneCBenchWorkspace.open(bench_copy).fingerprint() == before  # the text decides no run
    module = bench_copy / "tasks" / "base_01_short_name" / "СокращениеФИО" / "Ext" / "ObjectModule.bsl"
    module.write_text(module.read_text(encoding="utf-8").replace("Кузнецов", "Смирнов"), encoding="utf-8")
    changed = OneCBenchWorkspace.open(bench_copy).fingerprint()
    assert changed != before
    fixtures = bench_copy / "fixtures.yaml"
    fixtures.write_text(
        fixtures.read_text(encoding="utf-8").replace("ПроцентКомиссии: 5", "ПроцентКомиссии: 6"), "utf-8"
    )
    assert OneCBenchWorkspace.open(bench_copy).fingerprint() not in (before, changed)


def test_a_link_leaving_the_workspace_is_refused(bench_copy: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.bsl"
    outside.write_text("Функция X() Экспорт\nКонецФункции\n", encoding="utf-8")
    (bench_copy / "tasks" / "base_01_short_name" / "variants" / "leak.bsl").symlink_to(outside)
    assert "a symbolic link pointing outside the workspace is refused" in _problems(bench_copy)


def test_an_oversized_module_is_refused(bench_copy: Path) -> None:
    module = bench_copy / "tasks" / "base_01_short_name" / "СокращениеФИО" / "Ext" / "ObjectModule.bsl"
    module.write_text("//" + "x" * (1024 * 1024 + 1), encoding="utf-8")
    assert "ObjectModule.bsl: file too large" in _problems(bench_copy)
