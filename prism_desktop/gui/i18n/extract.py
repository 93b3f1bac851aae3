"""Keep the translation sources in step with the code, and compile them.

    python -m prism_desktop.gui.i18n.extract            # add new strings of the shell's modules to
                                                       # prism_ru.ts (unfinished), then compile .qm
    python -m prism_desktop.gui.i18n.extract --check    # list strings without a translation; exit 1

Strings are found with Python's own parser, in the three forms our code uses:
`self.tr("…")` (context: the enclosing class), `QCoreApplication.translate("Context", "…")`, and
a bare `tr("…")` in a module that names its context in `TR_CONTEXT = "…"`; and the sentence templates
of review/ (context "review", gui/review_texts.py). Other <context> blocks of the .ts (other modules'
classes) are left exactly as they are.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from prism_desktop.gui.i18n import I18N_DIR, catalog_path
from prism_desktop.gui.reason_texts import reason_catalog
from prism_desktop.gui.review_texts import review_catalog

GUI_DIR = I18N_DIR.parent
# The modules whose strings this tool maintains (the application shell).
SHELL_MODULES = (
    "app.py",
    "main_window.py",
    "runs_model.py",
    "runs_view.py",
    "filters.py",
    "scoring_panel.py",
    "debug_view.py",
    "query_console.py",
    "settings.py",
    "screenshot.py",
    "generate_dialog.py",
    "ask_model_panel.py",
    "actions.py",
    "hotkeys.py",
    "review_view.py",
    "review_header.py",
    "review_keys.py",
    "review_parts.py",
    "review_saving.py",
    "grading_panel.py",
    "grade_history.py",
    "code_compare.py",
    "logs_tabs.py",
    "scores_panel.py",
    "team_panel.py",
    "adjudication_view.py",
    "store_dialog.py",
    "models_view.py",
    "about.py",
    "crash.py",
    "window_status.py",
    "quit_guard.py",
    "sandbox_status.py",
    "verified_marks.py",
    "workspace_import.py",
)
TS_HEADER = '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'

_NOT_IN_USE = ("unfinished", "vanished", "obsolete")  # translation types lrelease leaves out
Catalog = dict[str, list[str]]  # context -> source strings, in order of first appearance


class _Finder(ast.NodeVisitor):
    def __init__(self, module_context: str | None):
        self.module_context = module_context
        self.classes: list[str] = []
        self.found: Catalog = {}

    def _add(self, context: str, text: str) -> None:
        strings = self.found.setdefault(context, [])
        if text not in strings:
            strings.append(text)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Call(self, node: ast.Call) -> None:
        literals = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        function = node.func
        if isinstance(function, ast.Attribute) and function.attr == "tr" and self.classes and literals:
            self._add(self.classes[-1], literals[0])
        elif isinstance(function, ast.Attribute) and function.attr == "translate" and len(literals) >= 2:
            self._add(literals[0], literals[1])
        elif isinstance(function, ast.Name) and function.id == "tr" and self.module_context and literals:
            self._add(self.module_context, literals[0])
        self.generic_visit(node)


def _module_context(tree: ast.Module) -> str | None:
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "TR_CONTEXT" for t in node.targets)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
        ):
            return node.value.value
    return None


def extract(paths: Iterable[Path]) -> Catalog:
    """Every translatable string of these Python files, by context."""
    catalog: Catalog = {}
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        finder = _Finder(_module_context(tree))
        finder.visit(tree)
        for context, strings in finder.found.items():
            known = catalog.setdefault(context, [])
            known.extend(s for s in strings if s not in known)
    return catalog


def shell_files() -> list[Path]:
    return [GUI_DIR / name for name in SHELL_MODULES]


# -- .ts files -------------------------------------------------------------------------------------


def read_ts(path: Path) -> dict[tuple[str, str], str | None]:
    """(context, source) -> finished translation, or None when missing or unfinished."""
    if not path.exists():
        return {}
    root = ET.parse(path).getroot()
    entries: dict[tuple[str, str], str | None] = {}
    for context in root.iter("context"):
        name = context.findtext("name", "")
        for message in context.iter("message"):
            translation = message.find("translation")
            text = translation.text if translation is not None else None
            unfinished = translation is None or translation.get("type") in _NOT_IN_USE
            entries[(name, message.findtext("source", ""))] = None if unfinished or not text else text
    return entries


def update_ts(path: Path, catalog: Catalog, language: str) -> tuple[int, int]:
    """Add the catalogue's missing strings to the .ts as unfinished and drop the strings of the
    catalogue's contexts that the code no longer has; other contexts are left alone. Returns (added,
    removed)."""
    if path.exists():
        tree = ET.parse(path)
        root = tree.getroot()
    else:
        root = ET.Element("TS", version="2.1", language=language)
        tree = ET.ElementTree(root)
    contexts = {c.findtext("name", ""): c for c in root.iter("context")}
    added = removed = 0
    for name, strings in catalog.items():
        context = contexts.get(name)
        if context is None:
            context = ET.SubElement(root, "context")
            ET.SubElement(context, "name").text = name
            contexts[name] = context
        for message in list(context.iter("message")):
            if message.findtext("source", "") not in strings:
                context.remove(message)
                removed += 1
        present = {m.findtext("source", "") for m in context.iter("message")}
        for text in strings:
            if text in present:
                continue
            message = ET.SubElement(context, "message")
            ET.SubElement(message, "source").text = text
            ET.SubElement(message, "translation", type="unfinished")
            added += 1
    write_ts(path, tree)
    return added, removed


def write_ts(path: Path, tree: ET.ElementTree[Any]) -> None:
    """Indented XML with Qt's header, written atomically."""
    ET.indent(tree, space="    ")
    root: Any = tree.getroot()
    body = ET.tostring(root, encoding="unicode")
    descriptor, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            handle.write(TS_HEADER + body + "\n")
        os.chmod(temp, 0o644)  # mkstemp makes it private; a source file is readable by all
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def missing(catalog: Catalog, ts: dict[tuple[str, str], str | None]) -> list[tuple[str, str]]:
    """Strings of the catalogue without a finished translation."""
    return [(c, s) for c, strings in catalog.items() for s in strings if not ts.get((c, s))]


def lrelease() -> str:
    """pyside6-lrelease next to this Python (a venv) or on PATH."""
    beside = Path(sys.executable).parent / "pyside6-lrelease"
    found = str(beside) if beside.exists() else shutil.which("pyside6-lrelease")
    if found is None:
        raise FileNotFoundError("pyside6-lrelease: not found next to the Python interpreter or on PATH")
    return found


def compile_ts(ts: Path, qm: Path) -> None:
    subprocess.run([lrelease(), "-silent", str(ts), "-qm", str(qm)], check=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m prism_desktop.gui.i18n.extract")
    parser.add_argument("--check", action="store_true", help="only report untranslated strings")
    parser.add_argument("--language", default="ru")
    parser.add_argument("files", nargs="*", type=Path, help="Python files (default: the shell's modules)")
    args = parser.parse_args(argv)
    generated = {**review_catalog(), **reason_catalog()}  # sentences made outside the shell's modules
    catalog = extract(args.files) if args.files else {**extract(shell_files()), **generated}
    ts_path = catalog_path(args.language, ".ts")
    if not args.check:
        added, removed = update_ts(ts_path, catalog, args.language)
        compile_ts(ts_path, catalog_path(args.language))
        print(
            f"{ts_path.name}: {added} new, {removed} unused string(s) removed; compiled "
            f"{catalog_path(args.language).name}"
        )
    untranslated = missing(catalog, read_ts(ts_path))
    for context, text in untranslated:
        print(f"untranslated: [{context}] {text!r}")
    return 1 if untranslated else 0


if __name__ == "__main__":
    sys.exit(main())
