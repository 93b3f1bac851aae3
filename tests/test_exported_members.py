"""Each package's public surface is its `__init__.__all__`, and the imports between modules keep to it:
every name an `__all__` lists exists, no module imports another module's `_private` name, no import
reaches past a package's `__all__`, and there is no import cycle, function-level imports counted
(imports under `if TYPE_CHECKING:` never run and are left out). The analysis is
bench/architecture_figures.py's, which reports the same figures."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
PACKAGE_ROOT = REPO / "prism_desktop"

# Cycles tolerated for a while (none now): an entry names the modules of one cycle, with the reason in a
# comment; the test fails once an entry's cycle is gone, so the list cannot go stale.
ALLOWED_CYCLES: frozenset[frozenset[str]] = frozenset()


def _figures_module() -> ModuleType:
    name = "architecture_figures"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, REPO / "bench" / "architecture_figures.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the file executes
        spec.loader.exec_module(module)
    return sys.modules[name]


figures = _figures_module()


@pytest.fixture(scope="module")
def modules() -> dict[str, object]:
    found = figures.read_modules(PACKAGE_ROOT)
    figures.resolve_imports(found)
    return found


def _package_names() -> list[str]:
    return sorted(
        figures.module_name(PACKAGE_ROOT, path) for path in PACKAGE_ROOT.rglob("__init__.py")
    )


@pytest.mark.parametrize("package", _package_names())
def test_every_name_in_all_exists(package: str) -> None:
    imported = importlib.import_module(package)
    exported = getattr(imported, "__all__", None)
    assert exported is not None, f"{package}/__init__.py declares no __all__ (its public surface)"
    missing = [
        name
        for name in exported
        if not hasattr(imported, name) and importlib.util.find_spec(f"{package}.{name}") is None
    ]
    assert not missing, f"{package}.__all__ names what is neither defined there nor a submodule: {missing}"


def test_no_private_name_is_imported_across_modules() -> None:
    private = figures.resolve_imports(figures.read_modules(PACKAGE_ROOT))
    assert not private, "give these a public name: " + "; ".join(
        f"{importer} imports {source}.{name}" for importer, source, name in private
    )


def test_no_import_reaches_past_a_package_surface(modules: dict[str, object]) -> None:
    breaches = figures.surface_breaches(modules)
    assert not breaches, (
        "add the module or name to the package's __all__ if other packages may use it, else import what "
        "it exports:\n" + "\n".join(breaches)
    )


def test_no_import_cycle_counting_function_level_imports(modules: dict[str, object]) -> None:
    cycles = {frozenset(cycle) for cycle in figures.import_cycles(modules)}
    assert not cycles - ALLOWED_CYCLES, "import cycles: " + "; ".join(
        " <-> ".join(sorted(cycle)) for cycle in cycles - ALLOWED_CYCLES
    )
    stale = ALLOWED_CYCLES - cycles
    assert not stale, f"these cycles are gone: remove them from ALLOWED_CYCLES: {sorted(map(sorted, stale))}"


def test_the_analysis_sees_a_lazy_cycle_a_private_import_and_a_breach(tmp_path: Path) -> None:
    """The checks above can fail: a lazy import that closes a loop, a `_name` taken from a sibling and
    a module of another package that its `__all__` leaves out are all found; an import under
    TYPE_CHECKING is not counted."""
    package = tmp_path / "demo"
    package.mkdir()
    (package / "__init__.py").write_text("__all__ = ['low']\n")
    (package / "low.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from demo.typed import T\n"
        "def build():\n    from demo.high import make\n    return make()\n"
    )
    (package / "high.py").write_text("from demo.low import build\ndef make():\n    return 1\n")
    (package / "typed.py").write_text("from demo.low import build\nT = int\n")
    (package / "user.py").write_text("from demo.high import _helper\nfrom demo.inner import hidden, shown\n")
    (package / "inner").mkdir()
    (package / "inner" / "__init__.py").write_text("__all__ = ['shown']\n")
    (package / "inner" / "shown.py").write_text("from demo.inner import hidden\n")
    (package / "inner" / "hidden.py").write_text("")
    found = figures.read_modules(package)
    private = figures.resolve_imports(found)
    assert private == [("demo.user", "demo.high", "_helper")]
    assert figures.import_cycles(found) == [["demo.high", "demo.low"]]
    assert figures.surface_breaches(found) == ["demo.user:2 imports demo.inner.hidden, not in its __all__"]
