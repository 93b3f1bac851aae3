"""The agreement of one review session, for the GUI: the analysis under the workspace's
metrics/verification.yaml and L1 rules (as `prism-desktop agreement --session` runs it), its JSON
report, and the exports (Verified annotations, expert files, the report). Qt-free; the analysis is
slow (bootstrap intervals), so callers run `analyse_session` off the GUI thread."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import select

from prism_desktop.review.analysis import Analysis, analyse
from prism_desktop.review.expert_export import (
    ExpertGrade,
    evaluator_id_for,
    expert_file_json,
    expert_file_name,
    write_expert_file,
)
from prism_desktop.review.messages import NOTHING_GRADED
from prism_desktop.review.report_html import render_html
from prism_desktop.review.report_json import report_json
from prism_desktop.review.store_input import expert_grades, expert_provenance, session_input
from prism_desktop.review.verification_rules import rules_for_workspace
from prism_desktop.review.verified_export import (
    Provenance,
    verified_records,
    write_verified_csv,
    write_verified_jsonl,
)
from prism_desktop.services.sessions import SessionSummary, session_info
from prism_desktop.store import Store
from prism_desktop.store.models import Run, SessionItem
from prism_desktop.vocabulary import CATEGORIES
from prism_desktop.workspace.atomic import write_json_atomic, write_text_atomic
from prism_desktop.workspace.paths import path_inside
from prism_desktop.workspace.workspace import Workspace

DEFAULT_BOOTSTRAP = 2000


@dataclass(frozen=True)
class SessionAgreement:
    """The agreement of a session. `analysis` and `report` are None when nothing can be computed,
    and `reason` says why (no run graded yet)."""

    session: SessionSummary
    experts: tuple[str, ...]
    graded_runs: int
    analysis: Analysis | None
    report: dict[str, Any] | None
    reason: str | None = None


def session_seed(summary: SessionSummary) -> int:
    """The bootstrap seed a session suggests: its sampling seed, 0 when it has none."""
    return summary.seed if summary.seed is not None else 0


def analyse_session(
    store: Store,
    workspace: Workspace,
    session_id: int,
    *,
    bootstrap: int = DEFAULT_BOOTSTRAP,
    seed: int | None = None,
) -> SessionAgreement:
    """KeyError naming the session when there is none; WorkspaceError for a bad
    verification.yaml; ValueError for a graded task without a split or a step off the scale."""
    if bootstrap < 0:
        raise ValueError(f"bootstrap: found {bootstrap}, expected 0 or more resamples")
    summary = session_info(store, session_id)
    found = session_input(store, session_id)
    if not found.runs:
        return SessionAgreement(
            summary, found.experts, 0, None, None, NOTHING_GRADED.format(session=summary.name)
        )
    rules = rules_for_workspace(workspace.root)
    protocols = workspace.protocols
    analysis = analyse(
        found.runs,
        found.experts,
        found.split_of,
        rules,
        bootstrap=bootstrap,
        seed=session_seed(summary) if seed is None else seed,
        l1_axes=protocols.l1.axes,
        applicable={c: protocols.constitution.applicable_axes(c) for c in CATEGORIES},
    )
    report = report_json(
        analysis.agreement,
        inputs={"session": session_id, "split": "session", "workspace": str(workspace.root)},
        rules=analysis.rules,
        axis_verdicts=analysis.axis_verdicts,
        run_verdicts=analysis.run_verdicts,
        proposals=analysis.proposals,
    )
    return SessionAgreement(summary, found.experts, len(found.runs), analysis, report)


@dataclass(frozen=True)
class ExpertFile:
    """One PRISM expert file to write: an expert's grades of the runs of one experiment."""

    path: Path
    document: dict[str, Any]
    evaluator_id: str
    graded_runs: int


def verified_runs(analysis: Analysis, workspace: Workspace) -> list[dict[str, Any]]:
    """The Verified-run records of an analysis, stamped with the workspace's compat hash and now."""
    provenance = Provenance(
        compat_hash=workspace.compat_hash(), timestamp=datetime.now(UTC).isoformat(timespec="seconds")
    )
    return verified_records(analysis.run_verdicts, analysis.agreement.experts, provenance)


def expert_files(
    workspace: Workspace,
    expert: str,
    grades_by_experiment: Mapping[str, Sequence[ExpertGrade]],
    folder: Path,
    provenance: Mapping[str, Any] | None = None,
) -> list[ExpertFile]:
    """`<experiment>_expert_<id>.json` in `folder` per experiment of an expert's grades, in
    experiment order, under the workspace's protocol and constitution versions."""
    protocols = workspace.protocols
    evaluator_id = evaluator_id_for(expert)
    files = []
    for experiment, grades in sorted(grades_by_experiment.items()):
        document = expert_file_json(
            experiment,
            evaluator_id,
            grades,
            protocol_version=protocols.l2.version,
            constitution_version=protocols.constitution.version,
            provenance=provenance,
        )
        path = path_inside(folder, expert_file_name(experiment, evaluator_id), "expert file")
        files.append(ExpertFile(path, document, evaluator_id, len(grades)))
    return files


def export_verified(result: SessionAgreement, workspace: Workspace, path: Path, kind: str) -> int:
    """Write the Verified runs as `kind` "jsonl" or "csv" (atomically); the number written."""
    if result.analysis is None:
        raise ValueError(result.reason or "nothing analysed")
    records = verified_runs(result.analysis, workspace)
    experts = result.analysis.agreement.experts
    if kind == "jsonl":
        write_verified_jsonl(path, records)
    elif kind == "csv":
        write_verified_csv(path, records, experts)
    else:
        raise ValueError(f"Verified export: found kind {kind!r}, expected 'jsonl' or 'csv'")
    return len(records)


def export_expert_files(
    store: Store, workspace: Workspace, session_id: int, experts: Sequence[str], folder: Path
) -> list[Path]:
    """One `<experiment>_expert_<id>.json` per expert and experiment of the session's grades;
    the paths written."""
    written = []
    for expert in experts:
        grades = expert_grades(store, expert, session_id)
        provenance = expert_provenance(store, expert, session_id)
        for file in expert_files(workspace, expert, grades, folder, provenance):
            write_expert_file(file.path, file.document)
            written.append(file.path)
    return written


def export_report(result: SessionAgreement, path: Path, kind: str) -> None:
    """The agreement report as `kind` "json" or "html" (self-contained), written atomically."""
    if result.report is None:
        raise ValueError(result.reason or "nothing analysed")
    if kind == "json":
        write_json_atomic(path, result.report)
    elif kind == "html":
        write_text_atomic(path, render_html(result.report))
    else:
        raise ValueError(f"report export: found kind {kind!r}, expected 'json' or 'html'")


def confusion_cell_runs(
    store: Store,
    result: SessionAgreement,
    *,
    axis: str,
    split: str,
    category: str | None,
    machine: int,
    consensus: int,
) -> list[int]:
    """The store ids of the session's runs behind one confusion cell: the machine gave `machine` on
    `axis`, the experts' consensus (the analysis's rule) is `consensus`, in `split` and `category`
    (None or "all": every category)."""
    if result.analysis is None:
        return []
    settings = result.analysis.agreement.settings
    experts = result.analysis.agreement.experts
    found = session_input(store, result.session.id)
    keys = {
        run.key
        for run in found.runs
        if (category in (None, "all") or run.category == category)
        and found.split_of.get(run.task_id) == split
        and run.machine.get(axis) == machine
        and run.consensus_of(axis, experts, settings.consensus, settings.min_experts) == consensus
    }
    with store.session() as session:
        rows = session.execute(
            select(Run.id, Run.task_id, Run.model_id, Run.run_index)
            .join(SessionItem, SessionItem.run_id == Run.id)
            .where(SessionItem.session_id == result.session.id)
        ).all()
    return sorted(run_id for run_id, task, model, index in rows if (task, model, index) in keys)
