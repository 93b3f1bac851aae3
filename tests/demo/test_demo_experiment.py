"""The bundled demo experiment (results/experiment_A_20261129_120000.json): it reads with the
workspace loader, its hashes are PRISM's, its tasks are the bank's, and the builder in
resources/demo reproduces it byte for byte from the answer files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results import Experiment
from prism_desktop.workspace.results_loader import load_experiment
from prism_desktop.workspace.workspace import Workspace

ROOT = Path(__file__).resolve().parents[2]
DEMO_DIR = ROOT / "resources" / "demo"
EXPERIMENT_FILE = ROOT / "results" / "experiment_A_20261129_120000.json"


@pytest.fixture(scope="module")
def experiment() -> Experiment:
    return load_experiment(EXPERIMENT_FILE)


@pytest.fixture(scope="module")
def workspace() -> Workspace:
    return Workspace.open(ROOT)


def test_file_loads_with_the_workspace_loader(experiment: Experiment) -> None:
    assert experiment.category == "A"
    assert experiment.name == EXPERIMENT_FILE.stem
    assert len(experiment.models_used) == 4
    assert 100 <= len(experiment.generations) <= 130
    assert len(experiment.groups) == experiment.raw["tasks_count"] * len(experiment.models_used)


def test_every_hash_is_the_response_hash_of_its_response(experiment: Experiment) -> None:
    for generation in experiment.generations:
        expected = response_hash(generation.response, success=generation.success)
        assert generation.response_hash == expected, (generation.task_id, generation.model_id)
        assert (generation.response_hash == "") == (generation.success is False)


def test_tasks_are_the_bundled_bank_in_bank_order(experiment: Experiment, workspace: Workspace) -> None:
    bank_order = [t.id for t in workspace.tasks if t.category == "A"]
    for generation in experiment.generations:
        assert workspace.task(generation.task_id).category == "A"
        assert generation.task_name == workspace.task(generation.task_id).name
    file_order = list(dict.fromkeys(group["task_id"] for group in experiment.groups))
    assert file_order == bank_order


def test_groups_follow_the_model_catalogue(experiment: Experiment, builder: ModuleType) -> None:
    settings = builder.load_settings(DEMO_DIR / "models.yaml", "A")
    catalogue = [m.id for m in settings.models]
    for index in range(0, len(experiment.groups), len(catalogue)):
        block = experiment.groups[index : index + len(catalogue)]
        assert [g["model_id"] for g in block] == catalogue
        assert len({g["task_id"] for g in block}) == 1
    assert list(experiment.models_used) == [m.name for m in settings.models]


def test_group_totals_and_determinism_agree_with_the_runs(experiment: Experiment) -> None:
    data = experiment.to_json()
    for group in data["task_results"]:
        runs = group["runs"]
        hashes = [run["response_hash"] for run in runs if run["response_hash"]]
        most_common, count = Counter(hashes).most_common(1)[0]
        assert group["determinism"] == {
            "total_runs": len(hashes),
            "unique_responses": len(set(hashes)),
            "match_rate": round(count / len(hashes), 4),
            "most_common_hash": most_common,
            "most_common_count": count,
            "hashes": hashes,
        }
        assert group["total_tokens"] == sum(run["tokens_total"] for run in runs)
        for run in runs:
            assert run["tokens_total"] == run["tokens_input"] + run["tokens_output"]
    assert data["total_tokens"] == sum(group["total_tokens"] for group in data["task_results"])
    assert data["runs_per_task"] == max(len(group["runs"]) for group in data["task_results"])


def test_the_mix_includes_failed_and_truncated_generations(
    experiment: Experiment, builder: ModuleType
) -> None:
    failed = [g for g in experiment.generations if g.success is False]
    assert 1 <= len(failed) <= 2
    assert all(g.response == "" and g.error == "HTTP 429: rate limit" for g in failed)
    events = builder.load_events(
        DEMO_DIR / "generation_events.yaml", builder.load_settings(DEMO_DIR / "models.yaml", "A")
    )
    assert any(task_id.startswith("A") for task_id, _, _ in events.truncated), "no cut-off answer in the demo"


def test_builder_reproduces_the_committed_file_byte_for_byte(tmp_path: Path, builder: ModuleType) -> None:
    rebuilt = builder.write_demo("A", tmp_path / EXPERIMENT_FILE.name)
    assert rebuilt.read_bytes() == EXPERIMENT_FILE.read_bytes()


def test_a_misnamed_answer_file_is_reported_by_name(builder: ModuleType, demo_copy: Path) -> None:
    demo = demo_copy
    (demo / "answers" / "A1" / "north__run0.md").rename(demo / "answers" / "A1" / "north_run0.md")
    with pytest.raises(WorkspaceError) as error:
        builder.build_experiment("A", ROOT, demo)
    message = str(error.value)
    assert "north_run0.md" in message and "<model key>__run<k>.md" in message


def test_a_gap_in_run_numbers_is_reported(builder: ModuleType, demo_copy: Path) -> None:
    demo = demo_copy
    answers = demo / "answers" / "A1"
    (answers / "north__run1.md").rename(answers / "north__run3.md")
    with pytest.raises(WorkspaceError) as error:
        builder.build_experiment("A", ROOT, demo)
    assert "runs [0, 3]" in str(error.value)


def test_an_answer_for_a_failed_run_is_rejected(builder: ModuleType, demo_copy: Path) -> None:
    demo = demo_copy
    events = builder.load_events(
        demo / "generation_events.yaml", builder.load_settings(demo / "models.yaml", "A")
    )
    task_id, model_key, index = min(key for key in events.failed if key[0].startswith("A"))
    answer = demo / "answers" / task_id / f"{model_key}__run{index}.md"
    answer.write_text("Функция Ф()\nКонецФункции", encoding="utf-8")
    with pytest.raises(WorkspaceError) as error:
        builder.build_experiment("A", ROOT, demo)
    assert answer.name in str(error.value) and "listed as failed" in str(error.value)


def test_main_reports_bad_input_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], builder: ModuleType, demo_copy: Path
) -> None:
    demo = demo_copy
    (demo / "models.yaml").write_text("experiments: {A: {}}\nmodels: []\n", encoding="utf-8")
    out = tmp_path / "out.json"
    assert builder.main(["--category", "A", "--out", str(out), "--demo-dir", str(demo)]) == 1
    err = capsys.readouterr().err
    assert "models.yaml" in err and "experiments.A.name: missing key" in err and "Traceback" not in err
    assert not out.exists()
