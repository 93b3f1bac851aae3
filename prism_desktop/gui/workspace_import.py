"""Opening a workspace: read it and import its results/ file by file with progress; every file is
imported whole or not at all, and a broken file is reported by name without stopping the others.
Runs in the background (the main window starts it); nothing here touches a widget."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication

from prism_desktop.services.benchmark_kinds import open_workspace
from prism_desktop.services.importing import ImportSummary, import_results, result_files
from prism_desktop.store import Store
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.workspace import Workspace

TR_CONTEXT = "MainWindow"  # the strings these messages always had


def tr(text: str) -> str:
    return QCoreApplication.translate(TR_CONTEXT, text)


@dataclass
class ImportOutcome:
    """What opening a workspace did: the workspace, one summary per imported file, and the problems
    of the files that could not be imported."""

    workspace: Workspace
    summaries: list[ImportSummary] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def new_runs(self) -> int:
        return sum(s.runs.new for s in self.summaries)

    @property
    def new_results(self) -> int:
        return sum(s.level1_results.new + s.grades.new for s in self.summaries)

    @property
    def kept_grades(self) -> int:
        """Grades an expert file would have overwritten although they changed after it was written."""
        return sum(len(s.conflicts) for s in self.summaries)


def open_and_import(
    store: Store, root: Path, progress: Any = None, imported_by: str | None = None
) -> ImportOutcome:
    """Read the workspace at `root` and import its result files one by one (experiments first);
    `imported_by`: the window's expert, named in the history of grades an expert file changes."""
    workspace = open_workspace(root)  # a PRISM workspace, a coding bench or a 1C Code Bench
    outcome = ImportOutcome(workspace)
    files = result_files(workspace)
    for number, path in enumerate(files):
        if progress is not None:
            progress(number, len(files), path.name)
        try:
            outcome.summaries.append(import_results(store, workspace, [path], imported_by=imported_by))
        except WorkspaceError as error:
            outcome.problems.extend(error.problems)
    if progress is not None:
        progress(len(files), len(files), "")
    return outcome


def import_message(outcome: ImportOutcome) -> str:
    """The status bar's account of an opened workspace, in the current language."""
    workspace = outcome.workspace
    message = (
        tr("Workspace %1: %2 tasks; imported %3 new runs and %4 new results.")
        .replace("%1", workspace.root.name)
        .replace("%2", str(len(workspace.tasks)))
        .replace("%3", str(outcome.new_runs))
        .replace("%4", str(outcome.new_results))
    )
    if outcome.kept_grades:
        kept = tr("%1 grade(s) kept as stored: changed after their expert file was written.")
        message += " " + kept.replace("%1", str(outcome.kept_grades))
    return message
