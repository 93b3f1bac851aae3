"""The structure figures docs/architecture.md reports, measured from the source alone: import cycles
counting function-level imports (imports under `if TYPE_CHECKING:` left out, since they never run),
imports of another module's private name, imports past a package's surface (its `__all__`), the
largest classes, and the places that branch on a benchmark kind. Nothing of the project is imported
or run. tests/test_exported_members.py holds the project to the first three.

    python bench/architecture_figures.py [--root prism_desktop] [--json]
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

# What asks "which benchmark is this?" at the call site instead of letting the kind answer: a call of
# a kind predicate, an isinstance test against a workspace class, a task's `kind` compared with a
# benchmark's name, and the review's "is there a code task" test.
KIND_PREDICATES = frozenset({"is_coding_workspace", "is_onec_bench_workspace", "is_coding"})
KIND_NAMES = frozenset({"library", "coding", "1c-code-bench"})


@dataclass
class ModuleInfo:
    name: str
    path: Path
    tree: ast.Module
    imports: set[str] = field(default_factory=set)


def module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def read_modules(root: Path) -> dict[str, ModuleInfo]:
    modules = {}
    for path in sorted(root.rglob("*.py")):
        name = module_name(root, path)
        modules[name] = ModuleInfo(name, path, ast.parse(path.read_text(encoding="utf-8"), str(path)))
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def runtime_imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that can run, at any depth, except those under `if TYPE_CHECKING:`."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from runtime_imports(ast.Module(body=[child], type_ignores=[]))
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        else:
            yield from runtime_imports(node)


def _base(module: ModuleInfo, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.name.split(".")
    if module.path.name != "__init__.py":
        package = package[:-1]
    package = package[: len(package) - node.level + 1]
    return ".".join(package + ([node.module] if node.module else []))


@dataclass(frozen=True)
class ProjectImport:
    """One thing a module imports from the project: a module, or a name taken from a module."""

    importer: str
    module: str  # the project module imported (or the one `name` is taken from)
    name: str | None  # None: the module itself
    line: int


def _known(target: str, modules: dict[str, ModuleInfo]) -> str:
    """The project module `target` names (or lies in); "" outside the project."""
    while target and target not in modules:
        target = target.rpartition(".")[0]
    return target


def project_imports(module: ModuleInfo, modules: dict[str, ModuleInfo]) -> Iterator[ProjectImport]:
    """Every project module and name `module` imports when it runs (TYPE_CHECKING aside)."""
    for node in runtime_imports(module.tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if target := _known(alias.name, modules):
                    yield ProjectImport(module.name, target, None, node.lineno)
            continue
        base = _base(module, node)
        for alias in node.names:
            submodule = f"{base}.{alias.name}"
            if submodule in modules:
                yield ProjectImport(module.name, submodule, None, node.lineno)
            elif target := _known(base, modules):
                yield ProjectImport(module.name, target, alias.name if target == base else None, node.lineno)


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def resolve_imports(modules: dict[str, ModuleInfo]) -> list[tuple[str, str, str]]:
    """Fill each module's internal imports; return the private names imported across modules as
    (importer, source module, name)."""
    private = []
    for module in modules.values():
        for imported in project_imports(module, modules):
            if imported.module == module.name:
                continue
            module.imports.add(imported.module)
            if imported.name is not None and is_private(imported.name):
                private.append((module.name, imported.module, imported.name))
    return private


def package_of(module: ModuleInfo) -> str:
    return module.name if module.path.name == "__init__.py" else module.name.rpartition(".")[0]


def declared_surface(module: ModuleInfo) -> frozenset[str] | None:
    """The names a package's `__init__` lists in `__all__` (None: it declares none)."""
    for node in module.tree.body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == "__all__" and node.value is not None:  # type: ignore[attr-defined]
            return frozenset(ast.literal_eval(node.value))  # type: ignore[attr-defined]
    return None


def surface_breaches(modules: dict[str, ModuleInfo]) -> list[str]:
    """Imports of another package's module or name that the package's `__all__` does not name. Inside
    a package every module is open to the others; from outside, each package on the way down to the
    imported module must list the next step, and a name taken from a package's `__init__` must be
    listed there."""
    breaches = []
    for module in modules.values():
        own = package_of(module).split(".")
        for imported in project_imports(module, modules):
            path = imported.module.split(".")
            shared = 0
            while shared < min(len(own), len(path)) and own[shared] == path[shared]:
                shared += 1
            steps = [(".".join(path[:i]), path[i]) for i in range(shared + 1, len(path))]
            is_package = modules[imported.module].path.name == "__init__.py"
            if imported.name is not None and is_package and len(path) > shared:
                steps.append((imported.module, imported.name))
            for package, step in steps:
                surface = declared_surface(modules[package])
                if surface is None or step not in surface:
                    where = f"{module.name}:{imported.line}"
                    breaches.append(f"{where} imports {package}.{step}, not in its __all__")
    return list(dict.fromkeys(breaches))  # one line per import statement and step


def import_cycles(modules: dict[str, ModuleInfo]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components = []
    counter = 0
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(sorted(modules[start].imports)))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(modules[child].imports))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return sorted(components, key=len, reverse=True)


def largest_classes(modules: dict[str, ModuleInfo], count: int) -> list[tuple[str, int, int]]:
    """(module.Class, lines, methods) of the `count` longest classes."""
    classes = []
    for module in modules.values():
        for node in ast.walk(module.tree):
            if isinstance(node, ast.ClassDef):
                methods = sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                classes.append((f"{module.name}.{node.name}", lines, methods))
    return sorted(classes, key=lambda item: item[1], reverse=True)[:count]


def _dispatch(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        if name in KIND_PREDICATES:
            return str(name)
        if name == "isinstance" and len(node.args) == 2:
            kinds = node.args[1].elts if isinstance(node.args[1], ast.Tuple) else [node.args[1]]
            if any(getattr(kind, "id", "").endswith("Workspace") for kind in kinds):
                return "isinstance(…Workspace)"
    if isinstance(node, ast.Compare) and len(node.comparators) == 1:
        left, right = node.left, node.comparators[0]
        if getattr(left, "attr", None) == "kind" and getattr(right, "value", None) in KIND_NAMES:
            return f"kind == {right.value!r}"  # type: ignore[attr-defined]
        if getattr(left, "attr", None) == "code_task" and isinstance(node.ops[0], (ast.Is, ast.IsNot)):
            return "code_task is None"
    return None


def kind_dispatch_sites(modules: dict[str, ModuleInfo]) -> list[str]:
    """The places that branch on the benchmark kind (see KIND_PREDICATES)."""
    sites = []
    for module in modules.values():
        for node in ast.walk(module.tree):
            what = _dispatch(node)
            if what is not None:
                sites.append(f"{module.name}:{node.lineno} {what}")
    return sites


def figures(root: Path) -> dict[str, object]:
    modules = read_modules(root)
    private = resolve_imports(modules)
    cycles = import_cycles(modules)
    return {
        "modules": len(modules),
        "cycles": len(cycles),
        "modules_in_cycles": sum(len(cycle) for cycle in cycles),
        "cycle_members": cycles,
        "private_imports": [f"{importer} <- {source}.{name}" for importer, source, name in private],
        "surface_breaches": surface_breaches(modules),
        "largest_classes": [
            {"class": name, "lines": lines, "methods": methods}
            for name, lines, methods in largest_classes(modules, 8)
        ],
        "kind_dispatch_sites": kind_dispatch_sites(modules),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1] / "prism_desktop")
    parser.add_argument("--json", action="store_true", help="print every figure as JSON")
    args = parser.parse_args(argv)
    result = figures(args.root.resolve())
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    print(f"modules: {result['modules']}")
    print(f"import cycles (function-level imports counted): {result['cycles']} "
          f"spanning {result['modules_in_cycles']} modules")
    for cycle in result["cycle_members"]:  # type: ignore[attr-defined]
        print(f"  {len(cycle)}: {', '.join(cycle)}")
    private = result["private_imports"]
    print(f"private names imported across modules: {len(private)}")  # type: ignore[arg-type]
    for line in private:  # type: ignore[attr-defined]
        print(f"  {line}")
    breaches = result["surface_breaches"]
    print(f"imports past a package's __all__: {len(breaches)}")  # type: ignore[arg-type]
    for line in breaches:  # type: ignore[attr-defined]
        print(f"  {line}")
    print("largest classes (lines, methods):")
    for item in result["largest_classes"]:  # type: ignore[attr-defined]
        print(f"  {item['class']}: {item['lines']}, {item['methods']}")
    sites = result["kind_dispatch_sites"]
    print(f"benchmark-kind dispatch sites: {len(sites)}")  # type: ignore[arg-type]
    for line in sites:  # type: ignore[attr-defined]
        print(f"  {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
