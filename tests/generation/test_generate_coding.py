"""`prism-desktop generate` on a coding bench against the fake server: the category is optional and
one of the bench's, each task gets its language's (or the library's) system prompt, a library task's
request shows the stub package, and the experiment is in the shape the coding workspace loads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from prism_desktop.cli.main import main
from prism_desktop.workspace.coding_bench import CodingBenchWorkspace

from .coding_gen import copy_coding_bench, reference_answers, write_coding_generation
from .conftest import GenWorkspace
from .fake_openai import FakeModelServer
from .gen_files import CHATTY, CODE_SYSTEM, REPO, write_generation
from .helpers import EXPERIMENT_KEYS, PAIR_KEYS

TASKS = ("algo_py_001", "algo_go_001", "lib_textkit")


@pytest.fixture
def coding_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("OPENAI_COMPAT_API_KEY", raising=False)
    return copy_coding_bench(tmp_path / "coding")


@pytest.fixture
def coding_server(coding_root: Path) -> Iterator[FakeModelServer]:
    fake = FakeModelServer(reference_answers(coding_root)).start()
    write_coding_generation(coding_root, fake.url)
    yield fake
    fake.stop()


def _generate(root: Path, *args: str) -> int:
    return main(["--workspace", str(root), "generate", "--models", "chatty", *args])


def test_every_task_with_its_language_prompt_and_the_stub(
    coding_root: Path, coding_server: FakeModelServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _generate(coding_root, "--tasks", *TASKS) == 0
    out = capsys.readouterr().out
    assert f"generation settings: {coding_root / 'generation'}" in out and "3/3 pairs written" in out

    bodies = {}
    for body in coding_server.bodies(CHATTY):
        system, user = body["messages"]
        assert system["role"] == "system" and user["role"] == "user" and "tools" not in body
        bodies[user["content"].split("\n", 1)[0]] = (system["content"].rstrip(), user["content"])
    workspace = CodingBenchWorkspace.open(coding_root)
    by_task = {task_id: bodies[workspace.task(task_id).prompt.split("\n", 1)[0]] for task_id in TASKS}
    assert by_task["algo_py_001"] == (CODE_SYSTEM["python"], workspace.task("algo_py_001").prompt)
    assert by_task["algo_go_001"] == (CODE_SYSTEM["go"], workspace.task("algo_go_001").prompt)
    system, user = by_task["lib_textkit"]
    assert system == CODE_SYSTEM["library"]
    assert user.startswith(workspace.task("lib_textkit").prompt.rstrip())
    stub = (coding_root / "libraries" / "textkit" / "stub" / "textkit" / "slug.py").read_text("utf-8")
    assert "`textkit/slug.py`\n```python\n" in user and stub.rstrip() in user
    assert "`textkit/wrap.py`" in user and "`textkit/__init__.py`" in user

    (path,) = (coding_root / "results").glob("experiment_coding_*.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    assert list(document) == EXPERIMENT_KEYS
    assert document["category"] == "" and document["experiment_name"] == path.stem
    assert document["tasks_count"] == 3 and document["runs_per_task"] == 1
    assert [pair["task_id"] for pair in document["task_results"]] == sorted(TASKS)
    assert all(list(pair) == PAIR_KEYS and not pair["context_loaded"] for pair in document["task_results"])
    experiment = workspace.experiment(path)
    assert experiment.category == "" and len(experiment.generations) == 3
    answers = {g.task_id: g.response for g in experiment.generations}
    assert answers["algo_go_001"].startswith("```go\n") and "`textkit/slug.py`" in answers["lib_textkit"]


def test_one_category_names_the_experiment_after_it(
    coding_root: Path, coding_server: FakeModelServer, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _generate(coding_root, "--category", "library") == 0
    (path,) = (coding_root / "results").glob("experiment_library_*.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    assert document["category"] == "library"
    assert [pair["task_id"] for pair in document["task_results"]] == ["lib_semverkit", "lib_textkit"]
    assert CodingBenchWorkspace.open(coding_root).experiment(path).category == "library"
    # --tasks within the category, as on a PRISM workspace
    assert _generate(coding_root, "--category", "algorithms", "--tasks", "algo_py_001", "lib_textkit") == 1
    assert "no category-algorithms task lib_textkit" in capsys.readouterr().err


def test_a_bench_without_generation_uses_the_bundled_settings(
    coding_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(coding_root), "generate", "--dry-run", "--models", "local_coder"]) == 0
    out = capsys.readouterr().out
    assert f"generation settings: {REPO / 'generation'}" in out
    assert f"{len(CodingBenchWorkspace.open(coding_root).tasks)} pairs" in out
    assert f"experiment: {coding_root / 'results'}/experiment_coding_" in out


@pytest.mark.parametrize(
    ("category", "message"),
    [
        ("A", "--category on a coding workspace is one of algorithms, api_services, debugging, library, "
         "refactoring, or none for every task; not 'A'"),
        ("nope", "one of algorithms, api_services, debugging, library, refactoring, or none for every task; "
         "not 'nope'"),
    ],
)  # fmt: skip
def test_unknown_category_on_a_coding_bench(
    coding_root: Path, coding_server: FakeModelServer, category: str, message: str,
    capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    assert _generate(coding_root, "--category", category, "--dry-run") == 1
    assert message in capsys.readouterr().err and coding_server.count() == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--category", "algorithms"), "--category on a PRISM workspace is one of A, B: not 'algorithms'"),
        ((), "--category on a PRISM workspace is one of A, B: it is required"),
    ],
)
def test_category_on_a_prism_workspace_is_a_or_b(
    gen_workspace: GenWorkspace, args: tuple[str, ...], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--workspace", str(gen_workspace.root), "generate", *args, "--dry-run"]) == 1
    assert message in capsys.readouterr().err and gen_workspace.server.count() == 0


def test_a_missing_language_prompt_names_the_file_and_key(
    coding_root: Path, coding_server: FakeModelServer, capsys: pytest.CaptureFixture[str]
) -> None:
    write_generation(coding_root, coding_server.url)  # prompts.yaml with A and B only
    assert _generate(coding_root, "--tasks", "algo_py_001", "algo_ts_001") == 1
    err = capsys.readouterr().err
    prompts = coding_root / "generation" / "prompts.yaml"
    assert f"{prompts}: no system prompt for system.python, system.typescript" in err
    assert coding_server.count() == 0
