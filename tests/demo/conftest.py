"""Fixtures of the demo-experiment tests: the builder script in resources/demo (not a package, so
it is loaded from its file) and the places its output lives."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEMO_DIR = ROOT / "resources" / "demo"


@pytest.fixture(scope="session")
def builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location("prism_demo_builder", DEMO_DIR / "build_demo.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def demo_copy(tmp_path: Path) -> Path:
    """A private copy of resources/demo that a test may break."""
    copy = tmp_path / "demo"
    shutil.copytree(DEMO_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy
