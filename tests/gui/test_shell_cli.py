"""`prism-desktop gui --screenshot`: the window rendered offscreen to a PNG by the real command,
in a separate process, as a user (or the docs build) runs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtGui import QImage

from prism_desktop.gui.app import build_parser
from prism_desktop.gui.app_options import options_from_args

pytestmark = pytest.mark.gui


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "prism_desktop.cli.main", *args], capture_output=True, text=True,
        timeout=300, env=env, cwd=cwd,
    )


def test_screenshot_writes_a_png_of_the_window(demo_workspace: Any, tmp_path: Path) -> None:
    target = tmp_path / "shots" / "window.png"
    done = _cli("gui", "--workspace", str(demo_workspace.root), "--screenshot", str(target), "--lang", "ru",
                "--run", "3", "--expert", "expert_01", "--size", "1600x1000", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    image = QImage(str(target))
    assert (image.width(), image.height()) == (1600, 1000)
    # Not a blank canvas: a rendered window has many distinct colours.
    colours = {image.pixel(x, y) for x in range(0, 1600, 37) for y in range(0, 1000, 23)}
    assert len(colours) > 20


def test_screenshot_of_the_runs_table_part(demo_workspace: Any, tmp_path: Path) -> None:
    target = tmp_path / "runs.png"
    done = _cli("gui", "--workspace", str(demo_workspace.root), "--screenshot", str(target),
                "--part", "runs", "--lang", "en", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    image = QImage(str(target))
    assert 0 < image.width() < 1600 and image.height() > 300  # the left pane, not the window


def test_an_unknown_run_is_a_usage_error_without_a_traceback(demo_workspace: Any, tmp_path: Path) -> None:
    done = _cli("gui", "--workspace", str(demo_workspace.root), "--screenshot", str(tmp_path / "x.png"),
                "--run", "999999", cwd=tmp_path)
    assert done.returncode == 2
    assert "--run 999999: no such run" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "x.png").exists()


def test_a_missing_workspace_folder_is_a_usage_error(tmp_path: Path) -> None:
    done = _cli("gui", "--workspace", str(tmp_path / "nowhere"), "--screenshot", str(tmp_path / "x.png"),
                cwd=tmp_path)
    assert done.returncode == 2
    assert "no such folder" in done.stderr


def test_window_options_parse() -> None:
    args = build_parser().parse_args(["--workspace", ".", "--lang", "ru", "--size", "800x600", "--run", "7"])
    options = options_from_args(args)
    assert (options.language, options.size, options.run_id, options.part) == ("ru", (800, 600), 7, "window")
    assert options.workspace == Path(".").resolve()
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--size", "tiny"])


def test_a_screenshot_never_writes_to_the_users_store(
    demo_workspace: Any, tmp_path: Path, db_url: str
) -> None:
    """The user's store (here $PRISM_DESKTOP_DB) is read for its runs, never written: not by the
    import of the workspace, not by --expert."""
    from sqlalchemy import func, select

    from prism_desktop.services.importing import import_results, result_files
    from prism_desktop.store import open_store
    from prism_desktop.store.models import Expert, Run
    from prism_desktop.workspace.workspace import Workspace

    store = open_store(db_url)
    workspace = Workspace.open(demo_workspace.root)
    import_results(store, workspace, result_files(workspace))
    store.close()
    database = Path(db_url.removeprefix("sqlite:///"))
    before = database.read_bytes()
    done = _cli("gui", "--workspace", str(demo_workspace.root), "--screenshot", str(tmp_path / "s.png"),
                "--run", "2", "--expert", "someone_new", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert database.read_bytes() == before
    store = open_store(db_url)
    with store.session() as session:
        assert session.scalar(select(func.count(Expert.id)).where(Expert.name == "someone_new")) == 0
        assert session.scalar(select(func.count(Run.id))) == demo_workspace.runs
    store.close()
