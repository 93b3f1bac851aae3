"""Run-by-run agreement of two Level-1 score files of the same experiment (ours against a reference,
e.g. PRISM's published auto file), per axis on the step scale, with the mismatches grouped by cause.

The compared value per axis is the step an expert would be compared with: S and O from `scores`,
M and P from `bands`. Both sides null counts as agreement (both say "not measured"); one null and
one number is a mismatch. Runs are joined by (task_id, model_id, run_index); a run whose
response_hash differs between the files is not the same answer and is reported apart, not compared.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from prism_desktop.vocabulary import axis_applies
from prism_desktop.workspace.results import ScoredRun, same_answer

AXES = ("S", "M", "O", "P")
UNKNOWN_CATEGORY = "?"  # the category of a task the workspace does not know
EXCERPT_CHARS = 240
CAUSE_CHARS = 90

_POSITIONS = re.compile(r"\{[^{}]*\(\d+(?:,\s*\d+)?\)\}")  # {Модуль(12)} / {(8, 35)}
_NUMBERS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")


def axis_step(run: ScoredRun, axis: str) -> int | None:
    """The step of `axis` that is compared: S and O are steps already; M and P are fine, their band is
    the step."""
    value = run.bands.get(axis) if axis in ("M", "P") else run.scores.get(axis)
    return None if value is None else int(value)


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return "; ".join(_text(v) for v in value[:3])
    return str(value)


def _first_exception(log: str) -> str:
    """The first caught exception of a category-B test log (`тестN ИСКЛЮЧЕНИЕ: …`), else the log."""
    marker = "ИСКЛЮЧЕНИЕ:"
    at = log.find(marker)
    if at < 0:
        return log
    rest = log[at + len(marker) :]
    end = re.search(r";\s*тест\d+\s", rest)
    return rest[: end.start()] if end else rest


def normalise(message: str) -> str:
    """A message without positions and numbers, squeezed, cut: equal causes compare equal."""
    text = _POSITIONS.sub("", message)
    text = _NUMBERS.sub("#", text)
    text = _SPACES.sub(" ", text).strip(" ;:")
    return text[:CAUSE_CHARS]


def cause(run: ScoredRun, axis: str) -> str:
    """What a run's detail says about `axis`, in a few words that group alike runs together."""
    detail = run.detail.get(axis)
    if not isinstance(detail, dict):
        return "no detail" if axis_step(run, axis) is None else "scored, no detail"
    if detail.get("reason"):
        return "reason: " + normalise(_text(detail["reason"]))
    if axis == "S":
        errors = _text(detail.get("errors") or detail.get("error_codes"))
        return normalise(f"root_causes={detail.get('root_causes')} {errors}")
    if axis == "M":
        status = detail.get("status") or ("executed" if detail.get("executed") else "not executed")
        problem = _first_exception(_text(detail.get("log"))) or _text(detail.get("errors"))
        passed = f"{detail.get('passed')}/{detail.get('total')}"
        return normalise(f"{status} {passed} {problem}")
    if axis == "O":
        leg = detail.get("leg", "")
        if detail.get("gated_by_m") or detail.get("gated"):
            return normalise(f"{leg} gated by M")
        note = _text(detail.get("note"))
        if note:
            return normalise(f"{leg} {_first_exception(note)}")
        growth = detail.get("growth")
        return normalise(f"{leg} growth={growth} {detail.get('metric', '')}")
    clean = f"clean {detail.get('clean')}/{detail.get('total')}"
    return normalise(f"{clean} {_text(detail.get('platform_errors'))}")


def excerpt(run: ScoredRun, axis: str) -> str:
    """The raw detail text of `axis` a reader needs to see why (log, errors, note), cut."""
    detail = run.detail.get(axis)
    if not isinstance(detail, dict):
        return ""
    parts = [
        _text(detail.get(key))
        for key in (
            "reason",
            "status",
            "log",
            "errors",
            "compile_errors",
            "note",
            "counts",
            "platform_errors",
        )
        if detail.get(key) not in (None, "", [])
    ]
    return " | ".join(parts)[:EXCERPT_CHARS]


def run_label(run: ScoredRun) -> str:
    return f"{run.task_id}/{run.model_id}/{run.run_index}"


@dataclass
class AxisAgreement:
    axis: str
    agree: int = 0
    n: int = 0

    @property
    def share(self) -> float | None:
        return None if self.n == 0 else self.agree / self.n


@dataclass
class MismatchGroup:
    axis: str
    ours: int | None
    theirs: int | None
    our_cause: str
    their_cause: str
    runs: list[str] = field(default_factory=list)
    examples: list[dict[str, str]] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.runs)


@dataclass
class AgreementReport:
    joined: int
    only_ours: list[str]
    only_theirs: list[str]
    hash_differs: list[str]
    axes: dict[str, AxisAgreement]
    by_category: dict[str, dict[str, AxisAgreement]]
    mismatches: list[MismatchGroup]

    def to_json(self, examples: int = 3) -> dict[str, Any]:
        def figures(table: Mapping[str, AxisAgreement]) -> dict[str, Any]:
            return {a: {"agree": f.agree, "n": f.n, "share": f.share} for a, f in table.items()}

        return {
            "joined_runs": self.joined,
            "only_ours": self.only_ours,
            "only_theirs": len(self.only_theirs),
            "response_hash_differs": self.hash_differs,
            "agreement": figures(self.axes),
            "by_category": {c: figures(t) for c, t in self.by_category.items()},
            "mismatches": [
                {
                    "axis": g.axis,
                    "ours": g.ours,
                    "theirs": g.theirs,
                    "our_cause": g.our_cause,
                    "their_cause": g.their_cause,
                    "count": g.count,
                    "runs": g.runs,
                    "examples": g.examples[:examples],
                }
                for g in self.mismatches
            ],
        }


def _counts(axis: str, category: str) -> bool:
    """An axis counts towards its n where it applies (P: category B only); a task the workspace
    does not know ("?") has no category to rule by, so every axis counts."""
    return category == UNKNOWN_CATEGORY or axis_applies(axis, category)


def _alternate_keys(run: ScoredRun) -> list[tuple[str, ...]]:
    keys: list[tuple[str, ...]] = []
    if run.response_hash:
        keys.append(("hash", run.task_id, str(run.run_index), run.response_hash))
    if run.model_name:
        keys.append(("name", run.task_id, str(run.run_index), run.model_name))
    return keys


def align(ours: Iterable[ScoredRun], theirs: Iterable[ScoredRun]) -> dict[tuple[str, str, int], ScoredRun]:
    """The runs of `theirs` that match runs of `ours`, keyed by our run's key.

    A run matches the run with the same (task, model id, run index). PRISM renamed some model ids
    between its experiment file and its auto file (`claude-sonnet-4.6` there,
    `anthropic/claude-sonnet-4.6` here), so a run left without a twin is then matched by
    (task, run index, response hash), then by (task, run index, model name); an alternate key is
    used only when exactly one unmatched run on each side carries it."""
    ours, theirs = list(ours), list(theirs)
    by_key = {run.key: run for run in theirs}
    matched = {run.key: by_key[run.key] for run in ours if run.key in by_key}
    taken = {their.key for their in matched.values()}
    our_keys = {run.key for run in ours}
    loose_ours = [run for run in ours if run.key not in matched]
    loose_theirs = [run for run in theirs if run.key not in taken and run.key not in our_keys]
    index: dict[tuple[str, ...], list[ScoredRun]] = {}
    for run in loose_theirs:
        for alt in _alternate_keys(run):
            index.setdefault(alt, []).append(run)
    wanted: dict[tuple[str, ...], int] = {}
    for run in loose_ours:
        for alt in _alternate_keys(run):
            wanted[alt] = wanted.get(alt, 0) + 1
    for run in loose_ours:
        for alt in _alternate_keys(run):
            candidates = index.get(alt, [])
            if len(candidates) == 1 and wanted[alt] == 1 and candidates[0].key not in taken:
                matched[run.key] = candidates[0]
                taken.add(candidates[0].key)
                break
    return matched


def compare_runs(
    ours: Iterable[ScoredRun],
    theirs: Iterable[ScoredRun],
    categories: Mapping[str, str] | None = None,
    *,
    max_examples: int = 3,
) -> AgreementReport:
    """Agreement of `ours` with `theirs`, the reference. `categories` maps task_id → "A"/"B" (runs
    of unknown tasks count under "?")."""
    categories = categories or {}
    theirs = list(theirs)
    mine = {run.key: run for run in ours}
    reference = align(mine.values(), theirs)
    matched_theirs = {their.key for their in reference.values()}
    axes = {a: AxisAgreement(a) for a in AXES}
    by_category: dict[str, dict[str, AxisAgreement]] = {}
    groups: dict[tuple[str, int | None, int | None, str, str], MismatchGroup] = {}
    joined = 0
    hash_differs: list[str] = []
    for key, our_run in mine.items():
        their_run = reference.get(key)
        if their_run is None:
            continue
        if not same_answer(our_run.response_hash, their_run.response_hash):
            hash_differs.append(run_label(our_run))
            continue
        joined += 1
        category = categories.get(our_run.task_id, UNKNOWN_CATEGORY)
        per_category = by_category.setdefault(category, {a: AxisAgreement(a) for a in AXES})
        for axis in AXES:
            if not _counts(axis, category):
                continue
            ours_step, theirs_step = axis_step(our_run, axis), axis_step(their_run, axis)
            for table in (axes, per_category):
                table[axis].n += 1
            if ours_step == theirs_step:
                for table in (axes, per_category):
                    table[axis].agree += 1
                continue
            group_key = (axis, ours_step, theirs_step, cause(our_run, axis), cause(their_run, axis))
            group = groups.setdefault(group_key, MismatchGroup(*group_key))
            group.runs.append(run_label(our_run))
            if len(group.examples) < max_examples:
                group.examples.append(
                    {
                        "run": run_label(our_run),
                        "ours": excerpt(our_run, axis),
                        "theirs": excerpt(their_run, axis),
                    }
                )
    ranked = sorted(groups.values(), key=lambda g: (-g.count, g.axis, str(g.ours), str(g.theirs)))
    return AgreementReport(
        joined=joined,
        only_ours=sorted(run_label(r) for k, r in mine.items() if k not in reference),
        only_theirs=sorted(run_label(r) for r in theirs if r.key not in matched_theirs),
        hash_differs=hash_differs,
        axes=axes,
        by_category=by_category,
        mismatches=ranked,
    )


def format_report(report: AgreementReport, *, top: int = 25, examples: int = 2) -> str:
    """A plain-text summary: agreement per axis with n, then the largest mismatch groups."""
    lines = [f"runs compared: {report.joined}"]
    if report.hash_differs:
        lines.append(f"runs whose response_hash differs (not compared): {len(report.hash_differs)}")
    if report.only_ours:
        lines.append(f"runs only in ours (not in the reference): {len(report.only_ours)}")
    lines.append("")
    lines.append(
        "axis  agreement      n   " + "   ".join(f"{c}: share (n)" for c in sorted(report.by_category))
    )
    for axis in AXES:
        figure = report.axes[axis]
        share = "n/a" if figure.share is None else f"{figure.share:.3f}"
        cats = "   ".join(_share_cell(report.by_category[c][axis]) for c in sorted(report.by_category))
        lines.append(f"{axis:<5} {share:>9} {figure.n:>6}   {cats}")
    lines.append("")
    lines.append(f"mismatches by cause (top {top} of {len(report.mismatches)} groups):")
    for group in report.mismatches[:top]:
        lines.append(
            f"  {group.count:>4}  {group.axis} ours={group.ours} theirs={group.theirs}"
            f"  | ours: {group.our_cause}  | theirs: {group.their_cause}"
        )
        for example in group.examples[:examples]:
            lines.append(f"          e.g. {example['run']}")
            lines.append(f"            ours:   {_one_line(example['ours'])}")
            lines.append(f"            theirs: {_one_line(example['theirs'])}")
    return "\n".join(lines)


def _one_line(text: str) -> str:
    """A log excerpt on one line: platform messages quote the query text over several lines."""
    return " ⏎ ".join(part.strip() for part in text.splitlines() if part.strip())


def _share_cell(figure: AxisAgreement) -> str:
    return "n/a" if figure.share is None else f"{figure.share:.3f} ({figure.n})"


def select(
    runs: Sequence[ScoredRun], tasks: Sequence[str] = (), models: Sequence[str] = ()
) -> list[ScoredRun]:
    """Runs of the given tasks and models (an empty filter keeps everything)."""
    return [r for r in runs if (not tasks or r.task_id in tasks) and (not models or r.model_id in models)]
