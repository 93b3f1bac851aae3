"""The wheel ships what git tracks and nothing else (issue 30.2): a checkout's own generations
(results/*.parts/, experiment files) and scratch files stay out, tracked workspace files go in.
Built as a user builds it (`pip wheel`, build isolation) from a git copy of the tracked files."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.checkout_copy import fresh_checkout, git

UNTRACKED = (
    "results/experiment_A_20990101_000000.parts/A1__model.json",
    "results/experiment_A_20990101_000000.json",
    "tasks/scratch-notes.yaml",
    "prism_desktop/scratch.yaml",
    "prism_desktop/scratch_module.py",
)


@pytest.mark.slow
def test_wheel_ships_tracked_files_only(tmp_path: Path) -> None:
    checkout = fresh_checkout(tmp_path / "checkout")
    for name in UNTRACKED:
        (checkout / name).parent.mkdir(parents=True, exist_ok=True)
        (checkout / name).write_text('{"raw": "a model answer"}\n', encoding="utf-8")
    assert all(name in git(checkout, "status", "--porcelain", "--untracked-files=all") for name in UNTRACKED)

    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(tmp_path / "out"),
         str(checkout)],
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert built.returncode == 0, built.stderr
    [wheel] = (tmp_path / "out").glob("prism_desktop-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in UNTRACKED:
        packaged = name if name.startswith("prism_desktop/") else f"prism_desktop_data/{name}"
        assert packaged not in names, f"the wheel ships the untracked {name}"
    assert not [n for n in names if ".parts/" in n]
    # what is tracked still ships: the package, its data, the bundled workspace
    assert "prism_desktop/cli/main.py" in names and "prism_desktop/gui/i18n/prism_ru.qm" in names
    tracked_results = [n for n in git(checkout, "ls-files", "results").splitlines() if n.endswith(".json")]
    assert tracked_results and all(f"prism_desktop_data/{n}" in names for n in tracked_results)
    assert any(n.startswith("prism_desktop_data/tasks/category_a/") for n in names)
