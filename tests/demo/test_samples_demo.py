"""The bundled multi-sample demo (results/experiment_A_20261130_090000.json): ten answers per (task,
model), rebuilt byte for byte from the answer files by resources/demo/build_samples_demo.py, and
varied enough that the multi-sample figures have something to tell apart."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from prism_desktop.scoring.hashing import response_hash
from prism_desktop.workspace.errors import WorkspaceError
from prism_desktop.workspace.results_loader import load_experiment

ROOT = Path(__file__).resolve().parents[2]
DEMO_DIR = ROOT / "resources" / "demo"
EXPERIMENT_FILE = ROOT / "results" / "experiment_A_20261130_090000.json"


@pytest.fixture(scope="module")
def samples_builder() -> ModuleType:
    sys.path.insert(0, str(DEMO_DIR))  # the script imports build_demo beside it, as when run
    try:
        spec = importlib.util.spec_from_file_location(
            "prism_samples_builder", DEMO_DIR / "build_samples_demo.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(DEMO_DIR))


def test_ten_samples_per_task_and_model_with_prism_hashes() -> None:
    experiment = load_experiment(EXPERIMENT_FILE)
    groups: dict[tuple[str, str], list[int]] = {}
    for run in experiment.generations:
        groups.setdefault((run.task_id, run.model_id), []).append(run.run_index)
        assert run.response_hash == response_hash(run.response, success=run.success)
    assert len(groups) == 6 * 4
    assert all(indexes == list(range(10)) for indexes in groups.values())


def test_models_differ_in_how_much_their_answers_vary() -> None:
    experiment = load_experiment(EXPERIMENT_FILE)
    hashes: dict[tuple[str, str], set[str]] = {}
    for run in experiment.generations:
        if run.success:
            hashes.setdefault((run.model_name, run.task_id), set()).add(run.response_hash)
    failed = sum(not run.success for run in experiment.generations)
    unique: dict[str, list[int]] = {}
    for (model, _), seen in hashes.items():
        unique.setdefault(model, []).append(len(seen))
    means = {model: sum(counts) / len(counts) for model, counts in unique.items()}
    assert means["North Coder 32B"] < means["Aster Code 14B"]  # sticky vs loose
    assert failed > 0  # failed generations are samples too


def test_builder_reproduces_the_committed_file(tmp_path: Path, samples_builder: ModuleType) -> None:
    out = tmp_path / EXPERIMENT_FILE.name
    assert samples_builder.main(["--out", str(out)]) == 0
    assert out.read_bytes() == EXPERIMENT_FILE.read_bytes()


def test_an_unknown_task_is_reported_by_key(samples_builder: ModuleType, demo_copy: Path) -> None:
    plan = demo_copy / "samples.yaml"
    plan.write_text(plan.read_text(encoding="utf-8").replace("tasks: [A2,", "tasks: [Z9,"), encoding="utf-8")
    with pytest.raises(WorkspaceError) as error:
        samples_builder.build_samples_experiment(ROOT, demo_copy)
    assert "samples.yaml" in str(error.value) and "tasks[0]" in str(error.value)
