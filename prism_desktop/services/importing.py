"""Import a PRISM workspace and its result files into the store.

One import is one transaction: every file is read and checked first, then everything is written in a
single unit of work, and any problem (a bad file, a score for a run no experiment holds, an expert
step outside the scale) leaves the store as it was. Rows are upserted by their natural keys, so
importing the same files twice adds nothing: the summary then reports everything as unchanged.
An expert file never overwrites a grade changed in the store after the file was written (the grading
window's version check, services/grading.grade_conflict): that grade is kept and reported as a conflict.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from sqlalchemy import insert, select
from sqlalchemy.orm import Session

from prism_desktop.review.expert_export import evaluator_id_for, file_versions
from prism_desktop.review.file_input import expert_score_problem
from prism_desktop.services.grading import grade_conflict
from prism_desktop.services.level1_rows import level1_columns
from prism_desktop.services.team_sessions import expert_named
from prism_desktop.store import Store
from prism_desktop.store.models import (
    SOURCE_AUTO_FILE,
    Experiment,
    Expert,
    Grade,
    GradeHistory,
    Level1Result,
    ReviewSession,
    Run,
    WorkspaceSnapshot,
)
from prism_desktop.vocabulary import AXES
from prism_desktop.workspace.errors import Problem, WorkspaceError
from prism_desktop.workspace.results import Experiment as ExperimentFile
from prism_desktop.workspace.results import Generation, ScoredRun, ScoreFile, same_answer
from prism_desktop.workspace.results_loader import SURROGATE_NOTE, read_json
from prism_desktop.workspace.workspace import Workspace

# Run fields copied from a generation as they are; everything else in the run object goes to Run.extra.
_RUN_FIELDS = (
    "task_name",
    "model_name",
    "response",
    "response_hash",
    "success",
    "error",
    "seed",
    "temperature",
    "tokens_input",
    "tokens_output",
    "elapsed_time",
    "cost_total",
)
_RUN_KEYS_IN_COLUMNS = frozenset({*_RUN_FIELDS, "run_index"})
# PRISM's runners: its docker runner isolates candidate code, its local runner does not.
_ISOLATED_BY_RUNNER = {"docker": True, "local": False}


Outcome = Literal["new", "updated", "unchanged", "conflicts"]


@dataclass
class Counts:
    new: int = 0
    updated: int = 0
    unchanged: int = 0
    conflicts: int = 0  # kept as stored: changed in the store after the file was written

    def add(self, outcome: Outcome) -> None:
        setattr(self, outcome, getattr(self, outcome) + 1)


@dataclass(frozen=True)
class ImportConflict:
    """A grade an expert file would have overwritten although it was changed in the store after
    the file was written; the stored grade was kept."""

    file: Path
    run_id: int
    task_id: str
    model_id: str
    run_index: int
    axis: str
    stored_step: int | None  # None: removed in the store
    incoming_step: int
    changed_by: str | None  # who changed it last (None: unknown)
    changed_at: datetime | None


@dataclass
class ImportSummary:
    """What one import did, per kind of row."""

    files: tuple[Path, ...]
    snapshot_id: int | None = None
    snapshots: Counts = field(default_factory=Counts)
    experiments: Counts = field(default_factory=Counts)
    runs: Counts = field(default_factory=Counts)
    level1_results: Counts = field(default_factory=Counts)
    experts: Counts = field(default_factory=Counts)
    grades: Counts = field(default_factory=Counts)
    warnings: list[str] = field(default_factory=list)
    conflicts: list[ImportConflict] = field(default_factory=list)

    def rows(self) -> list[tuple[str, Counts]]:
        return [
            ("workspace snapshots", self.snapshots),
            ("experiments", self.experiments),
            ("runs", self.runs),
            ("level-1 results", self.level1_results),
            ("experts", self.experts),
            ("expert grades", self.grades),
        ]

    @property
    def changed(self) -> bool:
        return any(counts.new or counts.updated for _, counts in self.rows())


# ---------------------------------------------------------------------------------------------
# Finding and reading files


def result_files(workspace: Workspace) -> list[Path]:
    """Every result file of the workspace: experiments first, then auto files, then expert files."""
    return workspace.experiment_paths() + workspace.score_paths()


def _is_experiment_file(path: Path) -> bool:
    """Named as PRISM names them (auto and expert files also begin with `experiment_`, so their
    suffixes are checked first), else told apart by content: task_results vs tasks."""
    name = path.name
    if name.endswith("_auto_l1.json") or "_expert_" in name or path.parent.name in {"auto", "evaluations"}:
        return False
    if name.startswith("experiment_"):
        return True
    content = read_json(path)
    return isinstance(content, dict) and "task_results" in content


def read_result_files(
    workspace: Workspace, files: Iterable[Path]
) -> tuple[list[ExperimentFile], list[ScoreFile]]:
    """Every file read and checked; all problems of all files raised together."""
    experiments: list[ExperimentFile] = []
    score_files: list[ScoreFile] = []
    problems: list[Problem] = []
    for path in files:
        try:
            if _is_experiment_file(path):
                experiments.append(workspace.experiment(path))
            else:
                score_files.append(workspace.score_file(path))
        except WorkspaceError as exc:
            problems.extend(exc.problems)
    names: dict[str, Path] = {}
    for experiment in experiments:
        if experiment.name in names:
            problems.append(
                Problem(
                    experiment.path,
                    key="experiment_name",
                    found=repr(experiment.name),
                    message=f"the same experiment is also in {names[experiment.name]}",
                    expected="one file per experiment",
                )
            )
        names[experiment.name] = experiment.path
    if problems:
        raise WorkspaceError(problems)
    return experiments, score_files


# ---------------------------------------------------------------------------------------------
# The import


def import_results(
    store: Store, workspace: Workspace, files: Sequence[Path] | None = None, *, imported_by: str | None = None
) -> ImportSummary:
    """Import a snapshot of the workspace and `files` (default: every result file of the
    workspace), all in one transaction. `imported_by`: the expert who imports, named in the history
    of every stored grade an expert file replaces (None: unknown, the history names the file's expert)."""
    chosen = result_files(workspace) if files is None else files
    paths = tuple(dict.fromkeys(Path(f).resolve() for f in chosen))  # a file named twice is read once
    experiments, score_files = read_result_files(workspace, paths)
    importer = imported_by.strip() if imported_by else None
    known_tasks = {task.id for task in workspace.tasks}

    # One unit of work, run again from scratch (with a fresh summary) when another process was
    # writing the store at the same moment (Store.run).
    def import_all(session: Session) -> ImportSummary:
        summary = ImportSummary(files=paths)
        snapshot = _upsert_snapshot(session, workspace, summary)
        for experiment in sorted(experiments, key=lambda e: e.name):
            _import_experiment(session, workspace, experiment, snapshot, summary)
            if experiment.repaired:
                shown = ", ".join(experiment.repaired[:5]) + (" …" if len(experiment.repaired) > 5 else "")
                summary.warnings.append(f"{experiment.path}: {shown}: {SURROGATE_NOTE}")
            missing = sorted({g.task_id for g in experiment.generations} - known_tasks)
            if missing:
                names = ", ".join(missing)
                summary.warnings.append(f"{experiment.path}: tasks not in the workspace: {names}")
        problems: list[Problem] = []
        for score_file in score_files:
            if score_file.is_expert:
                problems += _import_expert_file(session, score_file, summary, importer or None)
            else:
                problems += _import_auto_file(session, score_file, summary)
        if problems:
            raise WorkspaceError(problems)  # the session rolls everything back
        return summary

    return store.run(import_all, what="importing results")


def _apply(row: object, values: dict[str, Any]) -> bool:
    """Set the values that differ; True when anything changed."""
    changed = False
    for name, value in values.items():
        if getattr(row, name) != value:
            setattr(row, name, value)
            changed = True
    return changed


def _upsert_snapshot(session: Session, workspace: Workspace, summary: ImportSummary) -> WorkspaceSnapshot:
    protocols = workspace.protocols
    compat_hash = workspace.compat_hash()
    root = str(workspace.root.resolve())
    snapshot = session.scalars(
        select(WorkspaceSnapshot).filter_by(root_path=root, compat_hash=compat_hash)
    ).one_or_none()
    if snapshot is None:
        snapshot = WorkspaceSnapshot(
            root_path=root,
            compat_hash=compat_hash,
            constitution_version=protocols.constitution.version,
            protocol_version=protocols.l1.version,
            l2_protocol_version=protocols.l2.version,
            taxonomy_version=protocols.taxonomy.version,
            task_versions=workspace.task_versions(),
            kind=workspace.kind,
            task_languages=workspace.task_languages(),
        )
        session.add(snapshot)
        session.flush()
        summary.snapshots.add("new")
    else:
        summary.snapshots.add("unchanged")
    summary.snapshot_id = snapshot.id
    return snapshot


def _import_experiment(
    session: Session,
    workspace: Workspace,
    source: ExperimentFile,
    snapshot: WorkspaceSnapshot,
    summary: ImportSummary,
) -> None:
    values = {
        "category": source.category,
        "timestamp": source.timestamp or None,
        "source_file": str(source.path),
        "models": list(source.models_used),
        "meta": source.raw,
        "groups": list(source.groups),
        "snapshot_id": snapshot.id,
    }
    experiment = session.scalars(select(Experiment).filter_by(name=source.name)).one_or_none()
    if experiment is None:
        experiment = Experiment(name=source.name, **values)
        session.add(experiment)
        session.flush()
        summary.experiments.add("new")
        existing: dict[tuple[str, str, int], Run] = {}
    else:
        summary.experiments.add("updated" if _apply(experiment, values) else "unchanged")
        existing = {
            (run.task_id, run.model_id, run.run_index): run
            for run in session.scalars(select(Run).filter_by(experiment_id=experiment.id))
        }
    new_runs: list[dict[str, Any]] = []
    for generation in source.generations:
        run_values = _run_values(generation, workspace.run_category(source.category, generation.task_id))
        run = existing.get((generation.task_id, generation.model_id, generation.run_index))
        if run is None:
            new_runs.append(
                {
                    "experiment_id": experiment.id,
                    "task_id": generation.task_id,
                    "model_id": generation.model_id,
                    "run_index": generation.run_index,
                    **run_values,
                }
            )
            summary.runs.add("new")
        else:
            summary.runs.add("updated" if _apply(run, run_values) else "unchanged")
    if new_runs:
        session.execute(insert(Run), new_runs)  # bulk: an experiment holds thousands of runs
    session.flush()


def _run_values(generation: Generation, category: str) -> dict[str, Any]:
    values: dict[str, Any] = {name: getattr(generation, name) for name in _RUN_FIELDS}
    values["category"] = category
    values["extra"] = {k: v for k, v in generation.raw.items() if k not in _RUN_KEYS_IN_COLUMNS}
    return values


def _experiment_id(session: Session, score_file: ScoreFile) -> int | Problem:
    """The stored experiment a score file scores, or the problem of a missing one."""
    experiment_id = session.scalars(
        select(Experiment.id).filter_by(name=score_file.experiment_id)
    ).one_or_none()
    if experiment_id is None:
        return Problem(
            score_file.path,
            key="experiment_id",
            found=repr(score_file.experiment_id),
            expected="an experiment already in the store or imported together with this file",
        )
    return experiment_id


def _run_key_text(scored: ScoredRun) -> str:
    return f"tasks[task_id={scored.task_id}, model_id={scored.model_id}].runs[run_index={scored.run_index}]"


def _match_runs(
    session: Session, score_file: ScoreFile
) -> tuple[int | None, list[tuple[ScoredRun, Run]], list[Problem]]:
    """The experiment's id and each scored run paired with the stored run it scores; problems for
    runs that cannot be paired."""
    experiment_id = _experiment_id(session, score_file)
    if isinstance(experiment_id, Problem):
        return None, [], [experiment_id]
    runs = {
        (run.task_id, run.model_id, run.run_index): run
        for run in session.scalars(select(Run).filter_by(experiment_id=experiment_id))
    }
    pairs: list[tuple[ScoredRun, Run]] = []
    problems: list[Problem] = []
    for scored in score_file.runs:
        run = runs.get(scored.key)
        if run is None:
            problems.append(
                Problem(
                    score_file.path,
                    key=_run_key_text(scored),
                    message="no such run",
                    expected=f"a run of experiment {score_file.experiment_id}",
                )
            )
        elif not same_answer(scored.response_hash, run.response_hash):
            # The score belongs to another answer than the one stored under this key.
            problems.append(
                Problem(
                    score_file.path,
                    key=f"{_run_key_text(scored)}.response_hash",
                    found=scored.response_hash,
                    expected=f"{run.response_hash} (the experiment's run)",
                )
            )
        else:
            pairs.append((scored, run))
    return experiment_id, pairs, problems


def _import_auto_file(session: Session, score_file: ScoreFile, summary: ImportSummary) -> list[Problem]:
    experiment_id, pairs, problems = _match_runs(session, score_file)
    if problems:
        return problems
    instruments = {"S": score_file.syntax_analyzer} if score_file.syntax_analyzer else {}
    existing = {
        result.run_id: result
        for result in session.scalars(
            select(Level1Result)
            .join(Run, Level1Result.run_id == Run.id)
            .where(Run.experiment_id == experiment_id, Level1Result.source == SOURCE_AUTO_FILE)
        )
    }
    new_results: list[dict[str, Any]] = []
    for scored, run in pairs:
        values = {
            "evaluator": score_file.evaluator_id,
            "source_file": str(score_file.path),
            **level1_columns({"scores": scored.scores, "bands": scored.bands, "detail": scored.detail}),
            "instruments": instruments,
            "runner": score_file.runner,
            "isolated": _ISOLATED_BY_RUNNER.get(score_file.runner or ""),
            "protocol_version": score_file.protocol_version,
            "constitution_version": score_file.constitution_version,
        }
        result = existing.get(run.id)
        if result is None:
            new_results.append({"run_id": run.id, "source": SOURCE_AUTO_FILE, **values})
            summary.level1_results.add("new")
        else:
            summary.level1_results.add("updated" if _apply(result, values) else "unchanged")
    if new_results:
        session.execute(insert(Level1Result), new_results)
    session.flush()
    return []


def _expert(session: Session, score_file: ScoreFile, summary: ImportSummary) -> Expert:
    """The file's expert: the one it names (our exports carry `expert.name`), else the one called
    by the file's evaluator_id, else the one whose exported evaluator_id it is (`olga.s` exports as
    `expert_olga.s`), so a file exported from this store comes back to the same expert."""
    meta = score_file.raw.get("expert")
    named = meta.get("name") if isinstance(meta, dict) and isinstance(meta.get("name"), str) else None
    display = meta.get("display_name") if isinstance(meta, dict) else None
    evaluator_id = score_file.evaluator_id
    expert = None
    for name in (named, evaluator_id):
        if name and expert is None:
            expert = session.scalars(select(Expert).filter_by(name=name)).one_or_none()
    if expert is None and named is None:
        expert = next(
            (
                e
                for e in session.scalars(select(Expert).order_by(Expert.id))
                if evaluator_id_for(e.name) == evaluator_id
            ),
            None,
        )
    if expert is None:
        expert = Expert(
            name=named or evaluator_id, display_name=display if isinstance(display, str) else None
        )
        session.add(expert)
        session.flush()
        summary.experts.add("new")
    else:
        summary.experts.add("unchanged")
    return expert


def _file_session(session: Session, score_file: ScoreFile) -> int | None:
    """The review session an exported file's grades belong to, when this store holds it (same name
    and creation time); None: standalone grades."""
    meta = score_file.raw.get("session")
    if not isinstance(meta, dict) or not isinstance(meta.get("name"), str):
        return None
    for review in session.scalars(select(ReviewSession).filter_by(name=meta["name"])):
        if review.created_at.isoformat(timespec="seconds") == meta.get("created_at"):
            return review.id
    return None


def _axis_text(detail: dict[str, Any], axis: str, key: str) -> str | None:
    """Free text an expert file may carry per axis: detail.<axis>.comment / .approach."""
    entry = detail.get(axis)
    value = entry.get(key) if isinstance(entry, dict) else None
    return value if isinstance(value, str) and value else None


def _grade_values(
    score_file: ScoreFile, scored: ScoredRun, run: Run
) -> tuple[dict[str, dict[str, Any]], list[Problem]]:
    """axis -> grade values for every graded axis, and the problems of ungradable scores."""
    grades: dict[str, dict[str, Any]] = {}
    problems: list[Problem] = []
    for axis in AXES:
        score = scored.scores.get(axis)
        if score is None:
            continue
        key = f"{_run_key_text(scored)}.scores.{axis}"
        problem = expert_score_problem(score_file.path, key, axis, score, run.task_id, run.category)
        if problem is not None:
            problems.append(problem)
        else:
            grades[axis] = {
                "step": int(score),
                "comment": _axis_text(scored.detail, axis, "comment"),
                "approach": _axis_text(scored.detail, axis, "approach"),
            }
    return grades, problems


def _written_at(score_file: ScoreFile) -> datetime:
    """When the file saw the store's grades, naive UTC: the `exported_at` our exports write, else the
    file's modification time (another tool's file was written from what its author saw then)."""
    stamp = score_file.raw.get("exported_at")
    if isinstance(stamp, str):
        try:
            parsed = datetime.fromisoformat(stamp)
        except ValueError:
            parsed = None
        if parsed is not None:
            return parsed.astimezone(UTC).replace(tzinfo=None) if parsed.tzinfo else parsed
    return datetime.fromtimestamp(score_file.path.stat().st_mtime, UTC).replace(tzinfo=None)


def _changed_by(session: Session, importer: str | None, expert: Expert) -> int | None:
    if importer is None or importer == expert.name:
        return None
    return expert_named(session, importer).id


def _import_expert_file(
    session: Session, score_file: ScoreFile, summary: ImportSummary, importer: str | None
) -> list[Problem]:
    experiment_id, pairs, problems = _match_runs(session, score_file)
    wanted: list[tuple[ScoredRun, Run, str, dict[str, Any]]] = []
    for scored, run in pairs:
        grades, grade_problems = _grade_values(score_file, scored, run)
        problems += grade_problems
        wanted += [(scored, run, axis, values) for axis, values in grades.items()]
    if problems:
        return problems
    expert = _expert(session, score_file, summary)
    session_id = _file_session(session, score_file)
    existing = {
        (grade.run_id, grade.axis): grade
        for grade in session.scalars(
            select(Grade)
            .join(Run, Grade.run_id == Run.id)
            .where(Run.experiment_id == experiment_id, Grade.expert_id == expert.id)
            .where(Grade.session_id.is_(None) if session_id is None else Grade.session_id == session_id)
        )
    }
    written_at = _written_at(score_file)
    source_file = str(score_file.path)
    for scored, run, axis, values in wanted:
        grade = existing.get((run.id, axis))
        if grade is not None and all(getattr(grade, name) == value for name, value in values.items()):
            summary.grades.add("unchanged")  # untouched: a re-import changes nothing, not even versions
            continue
        # The grading window's rule: the version the file was exported at when it says one (only
        # for a grade that exists: a file from another store names versions this one never had),
        # else the time it was written.
        version = file_versions(scored).get(axis) if grade is not None else None
        conflict = grade_conflict(
            session,
            grade,
            expert_id=expert.id,
            run_id=run.id,
            axis=axis,
            session_id=session_id,
            expected_version=version,
            seen_at=written_at if version is None else None,
        )
        if conflict is not None:
            summary.grades.add("conflicts")
            summary.conflicts.append(
                ImportConflict(
                    score_file.path,
                    run.id,
                    run.task_id,
                    run.model_id,
                    run.run_index,
                    axis,
                    conflict.step,
                    values["step"],
                    conflict.changed_by,
                    conflict.changed_at,
                )
            )
            continue
        if grade is None:
            grade = Grade(
                expert_id=expert.id,
                run_id=run.id,
                axis=axis,
                session_id=session_id,
                source_file=source_file,
                **values,
            )
            session.add(grade)
            session.flush()
            existing[(run.id, axis)] = grade
            old: dict[str, Any] = {"step": None, "comment": None, "approach": None}
            summary.grades.add("new")
        else:
            old = {"step": grade.step, "comment": grade.comment, "approach": grade.approach}
            _apply(grade, values)
            grade.source_file = source_file  # where it came from last
            summary.grades.add("updated")
        session.add(
            GradeHistory(
                grade_id=grade.id,
                expert_id=expert.id,
                run_id=run.id,
                session_id=session_id,
                axis=axis,
                action="import",
                old_step=old["step"],
                new_step=values["step"],
                old_comment=old["comment"],
                new_comment=values["comment"],
                old_approach=old["approach"],
                new_approach=values["approach"],
                # who replaced the expert's grade, when not the expert (a new grade is the file's own)
                changed_by_id=_changed_by(session, importer, expert) if old["step"] is not None else None,
            )
        )
    session.flush()
    return []
