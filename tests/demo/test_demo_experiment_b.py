"""The bundled category-B demo experiment (results/experiment_B_20261129_120000.json): it reads with
the workspace loader, its hashes are PRISM's, its tasks are the bundled B bank, its context fields
follow context.yaml, and one run of the builder reproduces both demo files byte for byte."""

from __future__ import annotations

import json
import math
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from prism_desktop.platform.metadata_spec import load_configuration
from prism_desktop.scoring.hashing import response_hash
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results import Experiment
from prism_desktop.workspace.results_loader import load_experiment
from prism_desktop.workspace.workspace import Workspace
from prism_desktop.workspace.yamlio import load_yaml

ROOT = Path(__file__).resolve().parents[2]
DEMO_DIR = ROOT / "resources" / "demo"
RESULTS = ROOT / "results"
B_FILE = RESULTS / "experiment_B_20261129_120000.json"
A_FILE = RESULTS / "experiment_A_20261129_120000.json"
# PRISM_FORMAT §4.1: the keys of a B group, in this order.
GROUP_KEYS = [
    "task_id",
    "task_name",
    "model_id",
    "model_name",
    "context_loaded",
    "context_objects",
    "context_analysis_cost",
    "runs",
    "determinism",
    "total_tokens",
    "total_cost",
    "avg_time",
]


@pytest.fixture(scope="module")
def experiment() -> Experiment:
    return load_experiment(B_FILE)


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    return json.loads(B_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def workspace() -> Workspace:
    return Workspace.open(ROOT)


def test_file_loads_with_the_workspace_loader(experiment: Experiment, workspace: Workspace) -> None:
    assert experiment.category == "B"
    assert experiment.name == B_FILE.stem
    assert len(experiment.models_used) == 4
    b_tasks = [t for t in workspace.tasks if t.category == "B"]
    assert experiment.raw["tasks_count"] == len(b_tasks) == 18
    assert len(experiment.groups) == len(b_tasks) * len(experiment.models_used)
    assert len(b_tasks) * 4 <= len(experiment.generations) <= len(b_tasks) * 4 * 2


def test_both_experiments_use_the_same_model_catalogue(experiment: Experiment) -> None:
    assert experiment.models_used == load_experiment(A_FILE).models_used


def test_every_hash_is_the_response_hash_of_its_response(experiment: Experiment) -> None:
    for generation in experiment.generations:
        expected = response_hash(generation.response, success=generation.success)
        assert generation.response_hash == expected, (generation.task_id, generation.model_id)
        assert (generation.response_hash == "") == (generation.success is False)


def test_every_task_is_a_bundled_b_task_in_bank_order(experiment: Experiment, workspace: Workspace) -> None:
    bank_order = [t.id for t in workspace.tasks if t.category == "B"]
    for generation in experiment.generations:
        task = workspace.task(generation.task_id)
        assert task.category == "B" and generation.task_name == task.name
    assert list(dict.fromkeys(group["task_id"] for group in experiment.groups)) == bank_order


def test_groups_carry_the_b_fields_in_prism_order(raw: dict[str, Any]) -> None:
    for group in raw["task_results"]:
        assert list(group) == GROUP_KEYS, group["task_id"]


def test_context_fields_follow_context_yaml_and_tool_support(
    raw: dict[str, Any], workspace: Workspace, builder: ModuleType
) -> None:
    settings = builder.load_settings(DEMO_DIR / "models.yaml", "B")
    by_id = {m.id: m for m in settings.models}
    lookups = load_yaml(DEMO_DIR / "context.yaml").data["lookups"]
    for group in raw["task_results"]:
        model = by_id[group["model_id"]]
        objects = group["context_objects"]
        assert group["context_loaded"] is bool(objects)
        if not model.supports_tools:
            assert (objects, group["context_analysis_cost"]) == ([], 0.0)
            continue
        assert objects == lookups[group["task_id"]][model.key]
        assert group["context_analysis_cost"] > 0  # the loop ran and was billed even if it found nothing
        configuration = load_configuration(workspace.task(group["task_id"]).config_spec)
        for name in objects:
            assert configuration.by_full_name(name) is not None, (group["task_id"], name)


def test_the_context_is_sent_with_every_answer(
    raw: dict[str, Any], builder: ModuleType, workspace: Workspace
) -> None:
    """A run's input is the system prompt, the collected structures and the task prompt."""
    settings = builder.load_settings(DEMO_DIR / "models.yaml", "B")
    by_id = {m.id: m for m in settings.models}
    for group in raw["task_results"]:
        model = by_id[group["model_id"]]
        prompt = workspace.task(group["task_id"]).prompt
        bare = settings.chat_overhead_tokens + math.ceil(
            len(settings.system_prompt + prompt) / model.chars_per_token
        )
        for run in group["runs"]:
            if not run["success"]:
                continue
            if group["context_loaded"]:
                assert run["tokens_input"] > bare
            else:
                assert run["tokens_input"] == bare


def test_group_totals_include_the_context_cost_but_not_its_tokens(raw: dict[str, Any]) -> None:
    for group in raw["task_results"]:
        runs = group["runs"]
        assert group["total_tokens"] == sum(run["tokens_total"] for run in runs)
        run_cost = sum(run["cost_total"] for run in runs)
        assert group["total_cost"] == round(run_cost + group["context_analysis_cost"], 8)
        successful = [run["elapsed_time"] for run in runs if run["success"]]
        assert group["avg_time"] == round(sum(successful) / len(successful), 3)
    assert raw["total_cost"] == round(sum(group["total_cost"] for group in raw["task_results"]), 8)
    assert raw["runs_per_task"] == max(len(group["runs"]) for group in raw["task_results"])


def test_the_mix_includes_a_failed_and_a_cut_off_generation(
    experiment: Experiment, raw: dict[str, Any]
) -> None:
    failed = [g for g in experiment.generations if g.success is False]
    assert len(failed) == 1 and failed[0].response == "" and failed[0].error
    caps = {"demo/meridian-chat-70b": 1024}
    cut_off = [
        run
        for group in raw["task_results"]
        if group["model_id"] in caps
        for run in group["runs"]
        if run["tokens_output"] == caps[group["model_id"]]
    ]
    assert cut_off, "no answer cut off at the output cap"


def _workspace_copy(tmp_path: Path) -> Path:
    """tasks/ and metrics/ of the bundled workspace, with an empty results/."""
    root = tmp_path / "workspace"
    for name in ("tasks", "metrics"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    return root


def test_one_command_reproduces_both_committed_files_byte_for_byte(
    tmp_path: Path, builder: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    root = _workspace_copy(tmp_path)
    assert builder.main(["--root", str(root)]) == 0
    written = capsys.readouterr().out.split()
    assert written == [str(root / "results" / A_FILE.name), str(root / "results" / B_FILE.name)]
    assert (root / "results" / A_FILE.name).read_bytes() == A_FILE.read_bytes()
    assert (root / "results" / B_FILE.name).read_bytes() == B_FILE.read_bytes()


def test_out_needs_a_category(
    tmp_path: Path, builder: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        builder.main(["--out", str(tmp_path / "x.json")])
    assert stop.value.code == 2
    assert "--category" in capsys.readouterr().err


def _replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            "    north: [РегистрНакопления.Закупки]",
            "    north: [РегистрНакопления.ЗакупкиТоваров]",
            [
                "lookups.B5.north[0]",
                "РегистрНакопления.ЗакупкиТоваров",
                "Тип.Имя of an object in config_spec.yaml",
            ],
        ),
        (
            "  B8:\n    north: [Справочник.Номенклатура]",
            "  B8:\n    fjord: [Справочник.Номенклатура]\n    north: [Справочник.Номенклатура]",
            ["lookups.B8.fjord", "supports_tools: true"],
        ),
        (
            "    aster: [РегистрНакопления.Закупки]\n",
            "",
            ["lookups.B5.aster: missing key"],
        ),
        (
            "    north: [Справочник.Контрагенты]\n",
            "    north: [Справочник.Контрагенты, Справочник.Контрагенты]\n",
            ["lookups.B10.north[1]", "looked up once"],
        ),
    ],
    ids=["unknown object", "model without tools", "missing model", "object twice"],
)
def test_bad_context_yaml_is_reported_by_file_and_key(
    builder: ModuleType, demo_copy: Path, old: str, new: str, expected: list[str]
) -> None:
    _replace_in(demo_copy / "context.yaml", old, new)
    with pytest.raises(WorkspaceError) as error:
        builder.build_experiment("B", ROOT, demo_copy)
    message = str(error.value)
    assert "context.yaml" in message
    for part in expected:
        assert part in message


def test_too_many_context_objects_are_rejected(builder: ModuleType, demo_copy: Path) -> None:
    _replace_in(
        demo_copy / "context.yaml",
        "    aster: [Документ.РеализацияТоваров, РегистрНакопления.ТоварыНаСкладах]",
        "    aster: [Документ.РеализацияТоваров, РегистрНакопления.ТоварыНаСкладах,"
        " РегистрНакопления.Продажи, Справочник.Номенклатура, Справочник.Склады, Справочник.Контрагенты]",
    )
    with pytest.raises(WorkspaceError) as error:
        builder.build_experiment("B", ROOT, demo_copy)
    assert "lookups.B13.aster" in str(error.value) and "at most 5 objects" in str(error.value)


def test_a_folder_of_no_bank_task_is_reported(builder: ModuleType, demo_copy: Path) -> None:
    (demo_copy / "answers" / "B99").mkdir()
    with pytest.raises(WorkspaceError) as error:
        builder.build_experiment("B", ROOT, demo_copy)
    assert "B99" in str(error.value) and "a folder named after a task id" in str(error.value)


def test_each_category_reads_only_its_own_answers(builder: ModuleType, demo_copy: Path) -> None:
    """A broken B answer name stops the B build only: the A file still builds."""
    answers = demo_copy / "answers" / "B1"
    (answers / "north__run0.md").rename(answers / "north-run0.md")
    assert builder.build_experiment("A", ROOT, demo_copy)["category"] == "A"
    with pytest.raises(WorkspaceError) as error:
        builder.build_experiment("B", ROOT, demo_copy)
    assert "north-run0.md" in str(error.value)
