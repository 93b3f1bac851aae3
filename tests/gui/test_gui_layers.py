"""Every gui module has a floor in the gui layers contract (pyproject.toml): import-linter leaves an
unlisted module unconstrained, so a new module would otherwise slip past the contract unseen."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import prism_desktop.gui

GUI = Path(prism_desktop.gui.__file__).parent
PYPROJECT = GUI.parents[1] / "pyproject.toml"


def gui_layers() -> list[str]:
    contracts = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    (contract,) = [c for c in contracts if c.get("containers") == ["prism_desktop.gui"]]
    return list(contract["layers"])


def test_every_gui_module_has_a_layer() -> None:
    listed = {name for layer in gui_layers() for name in re.split(r"\s*[:|]\s*", layer.strip())}
    modules = {path.stem for path in GUI.glob("*.py") if path.stem != "__init__"}
    modules |= {path.name for path in GUI.iterdir() if (path / "__init__.py").is_file()}
    assert modules - listed == set(), "add these gui modules to the gui layers contract in pyproject.toml"
    assert listed - modules == set(), "the gui layers contract names modules that do not exist"
