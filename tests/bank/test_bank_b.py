"""The bundled category-B task bank (tasks/category_b): every task loads through the workspace loader
and carries its files; tags, entry points and expected objects agree with the configuration; the
fixtures and perf growth generate against it; every module (canonical, loop variant, the assembled
Тесты module and the measured perf module) passes our checker; tests.bsl keeps PRISM's contract.
Slow: the canonical passes every check and both O-exec anchors hold (canonical O ≥ 8, the looped
variant M = 10 and O ≤ 4) on the synthetic infobase."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from prism_desktop.bsl.checker import check_module
from prism_desktop.bsl.diagnostics import ERROR
from prism_desktop.platform import load_configuration
from prism_desktop.platform import metadata as md
from prism_desktop.platform.fixtures import generate
from prism_desktop.platform.grow import grow_fixtures
from prism_desktop.runs.onec import RunSpec
from prism_desktop.sandbox.harness_b import run_legs
from prism_desktop.sandbox.harness_b_perf import perf_tests_bsl
from prism_desktop.scoring.entry_points import detect_entry_point_b
from prism_desktop.scoring.optimization import score_exec_b
from prism_desktop.services.level1 import task_data
from prism_desktop.workspace.protocol_loader import load_protocols
from prism_desktop.workspace.tags import load_tag_vocabulary
from prism_desktop.workspace.task_loader import load_task_bank
from prism_desktop.workspace.tasks import Task

ROOT = Path(__file__).resolve().parents[2]
TASKS_DIR = ROOT / "tasks"
BANK_FILES = ("task.yaml", "config_spec.yaml", "fixtures.yaml", "tests.bsl", "canonical.bsl")
ANCHOR_FILES = ("perf.yaml", "loop_variant.bsl")  # ours: a task with perf.yaml has a looped variant
MIN_TASKS = 12
MIN_CHECKS = 6
ENTRY = "{{ENTRY}}"
CALL = "КодКандидата." + ENTRY + "("
_DIRECTORY = re.compile(r"(B\d+)_[a-z0-9_]+")
_CHECK_LABEL = re.compile(r"^\s*// тест(\d+):", re.MULTILINE)
_RUN_FUNCTION = re.compile(r"^Функция ПрогнатьТест\(\) Экспорт$(.*?)^КонецФункции", re.MULTILINE | re.DOTALL)
# `Тип.Имя` of expected_objects -> the metadata kind it names
_OBJECT_KINDS = {
    "Справочник": md.CATALOG,
    "Документ": md.DOCUMENT,
    "Перечисление": md.ENUM,
    "ПланСчетов": md.CHART_OF_ACCOUNTS,
    "ПланВидовХарактеристик": md.CHART_OF_CHARACTERISTIC_TYPES,
    "РегистрНакопления": md.ACCUMULATION_REGISTER,
    "РегистрСведений": md.INFORMATION_REGISTER,
    "РегистрБухгалтерии": md.ACCOUNTING_REGISTER,
    "Константа": md.CONSTANT,
}


def _bank() -> tuple[Task, ...]:
    vocabulary = load_tag_vocabulary(TASKS_DIR / "tags.yaml")
    return tuple(t for t in load_task_bank(TASKS_DIR, vocabulary) if t.category == "B")


BANK = _bank()


def _ids(task: Task) -> str:
    return task.id


def _yaml(path: Path) -> Any:
    return yaml.safe_load(path.read_text(encoding="utf-8-sig"))


def _entry(task: Task) -> str:
    assert task.canonical is not None
    entry = detect_entry_point_b(task.canonical, task.entry_point_patterns)
    assert entry is not None, f"{task.id}: no entry point in canonical.bsl"
    return entry


def _errors(code: str, name: str) -> list[str]:
    return [f"{name}:{d.line}: {d.code} {d.message}" for d in check_module(code, name) if d.severity == ERROR]


def _configuration(task: Task) -> md.Configuration:
    return load_configuration(task.config_spec, str(task.directory / "config_spec.yaml"))


def test_bank_has_enough_tasks_with_sequential_ids() -> None:
    assert len(BANK) >= MIN_TASKS
    assert sorted(int(t.id[1:]) for t in BANK) == list(range(1, len(BANK) + 1))


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_task_files_and_directory(task: Task) -> None:
    for name in BANK_FILES:
        assert (task.directory / name).is_file(), f"{task.directory.name}: {name} missing"
    anchors = [(task.directory / name).is_file() for name in ANCHOR_FILES]
    assert all(anchors) or not any(anchors), f"{task.id}: perf.yaml and loop_variant.bsl go together"
    match = _DIRECTORY.fullmatch(task.directory.name)
    assert match is not None and match.group(1) == task.id
    assert task.testable


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_tags_and_expected_objects(task: Task) -> None:
    """The loader already rejects tags outside the vocabulary; a B task also names a platform
    construct, and every expected object exists in its configuration."""
    assert task.tags.get("skill"), f"{task.id}: no skill tag"
    assert task.tags.get("platform"), f"{task.id}: no platform tag"
    config = _configuration(task)
    assert task.expected_objects
    for full_name in task.expected_objects:
        kind_name, _, name = full_name.partition(".")
        assert kind_name in _OBJECT_KINDS, f"{task.id}: {full_name}: unknown kind {kind_name}"
        found = config.find(_OBJECT_KINDS[kind_name], name)
        assert found is not None, f"{task.id}: {full_name} not in config_spec"


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_entry_point_is_consistent(task: Task) -> None:
    entry = _entry(task)
    assert re.fullmatch(task.entry_point_patterns[0], entry, re.IGNORECASE)
    assert entry in task.prompt, "the prompt must name the function or procedure to write"
    loop_variant = task.directory / "loop_variant.bsl"
    if loop_variant.is_file():
        code = loop_variant.read_text(encoding="utf-8-sig")
        assert detect_entry_point_b(code, task.entry_point_patterns) == entry


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_tests_bsl_keeps_the_contract(task: Task) -> None:
    text = task.tests_bsl or ""
    body = _RUN_FUNCTION.search(text)
    assert body is not None, "tests.bsl must define Функция ПрогнатьТест() Экспорт"
    run = body.group(1)
    assert run.lstrip().startswith("СоздатьФикстуры();"), "ПрогнатьТест must create the fixtures first"
    assert CALL in text
    labels = [int(n) for n in _CHECK_LABEL.findall(run)]
    assert len(labels) >= MIN_CHECKS, f"{task.id}: {len(labels)} checks"
    assert labels == list(range(1, len(labels) + 1)), "checks are numbered тест1, тест2, … in order"
    assert run.count("Попытка") >= len(labels), "every check runs inside its own Попытка"
    for marker in ('"PASSED=" +', '";TOTAL=" +', '" FAIL (" +', '" ИСКЛЮЧЕНИЕ: " +', "ОписаниеОшибки()"):
        assert marker in text, f"{task.id}: {marker} missing (log convention of PRISM_FORMAT §1.9)"


@pytest.mark.parametrize("task", BANK, ids=_ids)
def test_modules_pass_the_checker(task: Task) -> None:
    """canonical.bsl, loop_variant.bsl and the module Тесты as it is assembled (generated fixture
    helpers + tests.bsl with {{ENTRY}} replaced) compile clean; the fixtures match the config."""
    assert task.canonical is not None and task.tests_bsl is not None
    errors = _errors(task.canonical, "canonical.bsl")
    loop_variant = task.directory / "loop_variant.bsl"
    if loop_variant.is_file():
        errors += _errors(loop_variant.read_text(encoding="utf-8-sig"), "loop_variant.bsl")
    fixtures = generate(_yaml(task.directory / "fixtures.yaml"), _configuration(task))
    errors += _errors(fixtures.tests_module(task.tests_bsl.replace(ENTRY, _entry(task))), "Тесты")
    assert not errors


@pytest.mark.parametrize("task", [t for t in BANK if t.perf is not None], ids=_ids)
def test_perf_ladder_grows_the_base(task: Task) -> None:
    """PRISM's B ladder (p_opt 0, sizes 20 and 80); the call ends with the candidate's call; the
    grown fixtures generate for both sizes and the measured module compiles."""
    perf = task.perf
    assert perf is not None and perf.grow is not None
    assert perf.p_opt == 0.0
    assert perf.sizes == (20, 80)
    assert perf.count in ("sdbl", "register")
    statements = [s for s in re.split(r"[;\n]", perf.call) if s.strip()]  # PRISM writes one line
    assert CALL in statements[-1], "the call ends with КодКандидата.{{ENTRY}}(...)"
    config = _configuration(task)
    fixtures = _yaml(task.directory / "fixtures.yaml")
    raw_grow = _yaml(task.directory / "perf.yaml")["grow"]
    measured = perf_tests_bsl(perf.call.replace(ENTRY, _entry(task)), "token")
    for size in perf.sizes:
        grown = grow_fixtures(fixtures, raw_grow, size)
        assert grown != fixtures
        module = generate(grown, config)
        assert not _errors(module.tests_module(measured), f"perf {size}")


@pytest.mark.slow
@pytest.mark.parametrize("file", ["canonical.bsl", "loop_variant.bsl"])
@pytest.mark.parametrize("task", [t for t in BANK if t.perf is not None], ids=_ids)
def test_reference_anchor(task: Task, file: str) -> None:
    """Both references pass every check; canonical O-exec ≥ 8, the looped variant O-exec ≤ 4."""
    l1 = load_protocols(ROOT / "metrics").l1
    code = (task.directory / file).read_text(encoding="utf-8-sig")
    spec = RunSpec(run_id=f"{task.id}-{file}", code=code, task=task_data(task), legs=["tests", "perf"])
    result = run_legs(spec)
    run = result.b_run
    assert run is not None and run.status == "ok", run
    assert run.total >= MIN_CHECKS and run.passed == run.total, run.log
    assert result.perf is not None and task.perf is not None
    o = score_exec_b(result.perf, task.perf, l1.axes["O"], l1.runtime)
    assert o.score is not None, o.detail
    assert (o.score >= 8) if file == "canonical.bsl" else (o.score <= 4), o.detail


def test_tasks_in_prisms_own_perf_style_keep_the_b_ladder_honest() -> None:
    """At least five tasks write perf.yaml exactly as PRISM's B tasks do (issue 12): `call` on one
    line without a final `;` (a YAML single-quoted string), the fixtures helper Спр, `Новый` in some,
    several grow blocks and `count: register` in some — so the measured module PRISM's forms produce
    keeps compiling and measuring."""
    styled = [
        t
        for t in BANK
        if t.perf is not None
        and "\n" not in t.perf.call.strip()
        and not t.perf.call.strip().endswith(";")
        and 'Спр("' in t.perf.call
    ]
    assert len(styled) >= 5, [t.id for t in styled]
    assert any("Новый " in t.perf.call for t in styled if t.perf)
    assert any(t.perf.count == "register" for t in styled if t.perf)
    assert any(
        len([k for k in (t.perf.grow or {}) if k != "name_prefix"]) >= 3 for t in styled if t.perf
    )
    for task in styled:
        raw = (task.directory / "perf.yaml").read_text(encoding="utf-8")
        assert re.search(r"^call: '.*КодКандидата\.\{\{ENTRY\}\}\(.*\)'$", raw, re.MULTILINE), task.id
