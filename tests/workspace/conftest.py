"""Fixtures of the workspace tests. The suite runs with --import-mode=importlib, under which test
modules cannot import their neighbours, so this folder is put on sys.path for the workspace
builder in workspace_fixture.py."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from workspace_fixture import make_workspace  # noqa: E402


@pytest.fixture
def workspace_dir(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "ws")
