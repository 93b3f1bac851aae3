"""compat_hash as `prism submit` computes it (PRISM_FORMAT §5)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from workspace_fixture import write

from prism_desktop.workspace.compat import compat_hash, compat_lines
from prism_desktop.workspace.workspace import Workspace


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_lines_follow_the_format(workspace_dir: Path) -> None:
    ws = Workspace.open(workspace_dir)
    lines = compat_lines(ws.tasks, "1.2.0", "1.2.0")
    a1 = workspace_dir / "tasks" / "category_a" / "A1_sum_array"
    b1 = workspace_dir / "tasks" / "category_b" / "B1_stock"
    assert lines[:2] == ["constitution=1.2.0", "protocol=1.2.0"]
    assert lines[2] == (
        f"A1|task.yaml:{sha((a1 / 'task.yaml').read_text(encoding='utf-8'))},"
        f"tests.yaml:{sha((a1 / 'tests.yaml').read_text(encoding='utf-8'))}"
    )
    assert lines[4].startswith("B1|task.yaml:")
    assert [part.split(":")[0] for part in lines[4].split("|")[1].split(",")] == [
        "task.yaml",
        "tests.bsl",
        "config_spec.yaml",
        "fixtures.yaml",
    ]
    assert f"tests.bsl:{sha((b1 / 'tests.bsl').read_text(encoding='utf-8'))}" in lines[4]
    expected = hashlib.sha256("\n".join(lines).encode("utf-8")).hexdigest()
    assert ws.compat_hash() == expected


def test_ids_sort_as_strings(workspace_dir: Path) -> None:
    ws = Workspace.open(workspace_dir)
    tasks = [*ws.tasks, *[type(ws.tasks[0])(**{**ws.tasks[0].__dict__, "id": "A10"})]]
    assert [line.split("|")[0] for line in compat_lines(tasks, "c", "p")[2:]] == ["A1", "A10", "A2", "B1"]


def test_hash_is_stable_and_tracks_tests_yaml(workspace_dir: Path) -> None:
    first = Workspace.open(workspace_dir).compat_hash()
    assert Workspace.open(workspace_dir).compat_hash() == first
    tests = workspace_dir / "tasks" / "category_a" / "A1_sum_array" / "tests.yaml"
    write(tests, tests.read_text(encoding="utf-8") + "  - args: [[10]]\n    expected: 10\n")
    assert Workspace.open(workspace_dir).compat_hash() != first


def test_hash_ignores_canonical_bom_and_crlf(workspace_dir: Path) -> None:
    first = Workspace.open(workspace_dir).compat_hash()
    task_dir = workspace_dir / "tasks" / "category_a" / "A1_sum_array"
    write(task_dir / "canonical.bsl", "Функция СуммаМассива(М) Экспорт\nВозврат 0;\nКонецФункции\n")
    task_yaml = task_dir / "task.yaml"
    text = task_yaml.read_text(encoding="utf-8")
    task_yaml.write_bytes("\ufeff".encode() + text.replace("\n", "\r\n").encode("utf-8"))
    assert Workspace.open(workspace_dir).compat_hash() == first


def test_hash_depends_on_versions(workspace_dir: Path) -> None:
    tasks = Workspace.open(workspace_dir).tasks
    assert compat_hash(tasks, "1.2.0", "1.2.0") != compat_hash(tasks, "1.2.0", "1.3.0")
