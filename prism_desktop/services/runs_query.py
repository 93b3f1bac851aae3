"""The runs table's questions to the store, answered in SQL: how many runs match a filter, one page
of them in any sort order, one run's row again after it was scored, the filter bar's choices and the
status bar's counts.

Nothing here loads every run: the GUI's table model asks for a count and then for the pages it
shows, so 10,000+ runs cost a count query and a page query. Level-1 scores come from the run's own
result scored here when there is one, else from the imported auto file. "Not measured" stays None.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    ColumnElement,
    Select,
    and_,
    case,
    distinct,
    exists,
    false,
    func,
    literal,
    or_,
    select,
    true,
)
from sqlalchemy.orm import Session, aliased

from prism_desktop.services.agreement import analyse_session
from prism_desktop.services.grading import applicable_axes
from prism_desktop.services.visibility import SHOWN, Reveals, Visibility, allows, session_visibility
from prism_desktop.store import Store
from prism_desktop.store.models import (
    SOURCE_AUTO_FILE,
    SOURCE_SCORED_HERE,
    Experiment,
    Expert,
    Grade,
    Level1Result,
    Run,
    RunFlag,
    SessionItem,
)
from prism_desktop.vocabulary import AXES as GRADED_AXES
from prism_desktop.vocabulary import axis_applies
from prism_desktop.workspace.workspace import Workspace

AXES = ("S", "M", "O", "P", "Q")
STEP_AXES: tuple[str, ...] = GRADED_AXES  # the axes an expert grades on the 0..10 step scale


class Column(StrEnum):
    """The runs table's columns, in display order; every one can be sorted on."""

    TASK = "task"
    CATEGORY = "category"
    MODEL = "model"
    RUN = "run"
    S = "S"
    M = "M"
    O = "O"
    P = "P"
    Q = "Q"
    MINE = "mine"  # the current expert's own grades of the run
    STATUS = "status"
    GRADED_BY = "graded_by"
    VERIFIED = "verified"


COLUMNS: tuple[Column, ...] = tuple(Column)


class RunStatus(StrEnum):
    SCORED = "scored"
    NOT_SCORED = "not_scored"  # no Level-1 result at all yet
    NOT_MEASURED = "not_measured"  # a result whose every axis is N/A (infra error, no result, category B…)
    NO_ANSWER = "no_answer"  # the model call failed: there is nothing to score


class RunState(StrEnum):
    """The filter bar's state choice."""

    ALL = "all"
    GRADED = "graded"  # every applicable axis, by the current expert (by anyone when none is named)
    UNGRADED = "ungraded"  # not fully graded: some applicable axis still lacks a step
    DISAGREEING = "disagreeing"  # an expert step differs from the machine step on some axis
    FLAGGED = "flagged"  # some expert flagged it "unsure / needs a senior look" (in the session, if one)
    VERIFIED = "verified"
    SCORED = "scored"
    NOT_SCORED = "not_scored"
    NOT_MEASURED = "not_measured"


@dataclass(frozen=True)
class Band:
    """Runs whose `axis` value lies in [low, high) (None: unbounded), or, with `missing`, whose axis
    is N/A. S and O are steps already; M and P use the step (band) PRISM compares with experts;
    Q is the fine mean."""

    axis: str
    low: float | None = None
    high: float | None = None
    missing: bool = False

    def __post_init__(self) -> None:
        if self.axis not in AXES:
            raise ValueError(f"band axis {self.axis!r}: expected one of {', '.join(AXES)}")


@dataclass(frozen=True)
class RunScope:
    """The runs a workspace can show: those of its tasks, in its categories (a store holds the runs
    of every workspace imported into it; a 1C run means nothing to a coding workspace)."""

    task_ids: frozenset[str]
    categories: frozenset[str]

    @classmethod
    def of(cls, workspace: Workspace) -> RunScope:
        return cls(frozenset(task.id for task in workspace.tasks), frozenset(workspace.categories))

    def conditions(self) -> list[ColumnElement[bool]]:
        return [Run.task_id.in_(sorted(self.task_ids)), Run.category.in_(sorted(self.categories))]


@dataclass(frozen=True)
class RunsFilter:
    task_id: str | None = None
    category: str | None = None
    model_id: str | None = None
    experiment_id: int | None = None
    session_id: int | None = None  # only the runs of this review session; grades counted in it
    band: Band | None = None
    state: RunState = RunState.ALL
    search: str = ""  # every word must occur in the task id/name, the model or the response
    expert: str | None = None  # the current expert: whose grades "graded"/"ungraded" look at
    run_ids: frozenset[int] | None = None  # only these runs (a confusion cell's, say)
    scope: RunScope | None = None  # only the open workspace's runs; None: every run in the store
    # What choosing and ordering may use (services.visibility: a blind session's runs are chosen
    # by nothing the expert may not see yet); criteria that would reveal more are not applied.
    visibility: Visibility = SHOWN

    def concealed(self) -> RunsFilter:
        """This filter without the criteria its visibility forbids."""
        if self.visibility.everything:
            return self
        allowed = self.visibility
        return replace(
            self,
            model_id=self.model_id if allows(allowed, {Reveals.MODEL}) else None,
            band=self.band if allows(allowed, {Reveals.MACHINE}) else None,
            state=self.state if allows(allowed, STATE_REVEALS.get(self.state, ())) else RunState.ALL,
        )


# What each state choice, column (as a sort key or a cell) and search field would tell in a blind
# session (services.visibility): flags and "Graded by" name other experts, Verified rests on the
# machine and the colleagues both.
STATE_REVEALS: dict[RunState, frozenset[Reveals]] = {
    RunState.DISAGREEING: frozenset({Reveals.MACHINE}),
    RunState.FLAGGED: frozenset({Reveals.OTHER_EXPERTS}),
    RunState.VERIFIED: frozenset({Reveals.MACHINE, Reveals.OTHER_EXPERTS}),
    RunState.SCORED: frozenset({Reveals.MACHINE}),
    RunState.NOT_SCORED: frozenset({Reveals.MACHINE}),
    RunState.NOT_MEASURED: frozenset({Reveals.MACHINE}),
}
COLUMN_REVEALS: dict[Column, frozenset[Reveals]] = {
    Column.MODEL: frozenset({Reveals.MODEL}),
    **{c: frozenset({Reveals.MACHINE}) for c in (Column.S, Column.M, Column.O, Column.P, Column.Q)},
    Column.STATUS: frozenset({Reveals.MACHINE}),
    Column.GRADED_BY: frozenset({Reveals.OTHER_EXPERTS}),
    Column.VERIFIED: frozenset({Reveals.MACHINE, Reveals.OTHER_EXPERTS}),
}


def column_allowed(column: Column | None, visibility: Visibility) -> bool:
    return column is None or allows(visibility, COLUMN_REVEALS.get(column, ()))


@dataclass(frozen=True)
class Sort:
    column: Column | None = None  # None: session order in a session, else task, model, run
    descending: bool = False


@dataclass(frozen=True)
class RunRow:
    """What the runs table shows of one run. Scores are None when not measured (N/A)."""

    run_id: int
    experiment_id: int
    experiment: str
    task_id: str
    task_name: str | None
    category: str
    model_id: str
    model_name: str | None
    run_index: int
    scores: dict[str, float | None]
    steps: dict[str, int | None]  # S and O as scored, M and P from the bands
    source: str | None  # which Level-1 result the scores come from; None: not scored
    source_file: str | None
    status: RunStatus
    reasons: dict[str, NaReason]  # axis -> why it is N/A, for every N/A axis
    graders: tuple[str, ...] = ()
    verified: bool | None = None  # None: no Verified marks can be computed (see RunsQuery)
    my_axes: frozenset[str] = frozenset()  # axes the current expert has graded (in the session, if one)
    my_steps: tuple[tuple[str, int], ...] = ()  # (axis, step) of those grades, in axis order
    needed_axes: tuple[str, ...] = ()  # axes an expert grades for this run's category

    @property
    def fully_graded_by_me(self) -> bool:
        return bool(self.needed_axes) and set(self.needed_axes) <= self.my_axes

    error: str | None = None  # the model call's error for NO_ANSWER runs


@dataclass(frozen=True)
class Counts:
    shown: int
    total: int  # in the filter's scope (the open workspace)
    scored: int
    graded: int  # fully graded by the current expert, among the shown runs
    incomplete: int = 0  # graded on some axes but not all by the current expert, among the shown runs
    elsewhere: int = 0  # runs in the store outside the filter's scope (other workspaces')


@dataclass(frozen=True)
class Choices:
    tasks: list[tuple[str, str]] = field(default_factory=list)  # (id, name)
    categories: list[str] = field(default_factory=list)
    models: list[tuple[str, str]] = field(default_factory=list)  # (id, display name)


class NaKind(StrEnum):
    """Why an axis is N/A; the GUI words each kind in the user's language."""

    NO_ANSWER = "no_answer"  # text: the model call's error, if any
    NOT_SCORED = "not_scored"
    NOT_APPLICABLE = "not_applicable"  # P of category A
    STATED = "stated"  # text: the reason the Level-1 result gives
    NOTHING_MEASURED = "nothing_measured"  # Q when no applicable axis was measured
    UNSTATED = "unstated"  # the result gives no reason


@dataclass(frozen=True)
class NaReason:
    kind: NaKind
    text: str = ""


# Task ids are a letter and a number (A2, A10): shorter ids first keeps A2 before A10.
_TASK_ORDER: tuple[Any, ...] = (Run.category, func.length(Run.task_id), Run.task_id)
_here = aliased(Level1Result, name="l1_here")
_file = aliased(Level1Result, name="l1_file")
_SCORE_ATTRS = {"S": "score_s", "M": "score_m", "O": "score_o", "P": "score_p", "Q": "score_q"}
_STEP_ATTRS = {"S": "score_s", "M": "band_m", "O": "score_o", "P": "band_p"}


def _pick(attribute: str) -> ColumnElement[Any]:
    """One Level-1 column of the run: the result scored here wins over the imported auto file.
    Whole rows are picked, never axes mixed from two sources."""
    return case((_here.id.is_not(None), getattr(_here, attribute)), else_=getattr(_file, attribute))


def _status_expression() -> ColumnElement[str]:
    return case(
        (Run.success.is_(False), literal(RunStatus.NO_ANSWER.value)),
        (and_(_here.id.is_(None), _file.id.is_(None)), literal(RunStatus.NOT_SCORED.value)),
        (_pick("score_q").is_(None), literal(RunStatus.NOT_MEASURED.value)),
        else_=literal(RunStatus.SCORED.value),
    )


def _with_results(query: Any) -> Any:
    """`query` (a select from runs) with both Level-1 results of each run outer-joined."""
    return query.outerjoin(_here, and_(_here.run_id == Run.id, _here.source == SOURCE_SCORED_HERE)).outerjoin(
        _file, and_(_file.run_id == Run.id, _file.source == SOURCE_AUTO_FILE)
    )


def _grades_of(query: Any, run_filter: RunsFilter) -> Any:
    """Grades of the current expert (of anyone when none is named), inside the session if one."""
    if run_filter.expert:
        query = query.join(Expert, Expert.id == Grade.expert_id).where(Expert.name == run_filter.expert)
    if run_filter.session_id is not None:
        query = query.where(Grade.session_id == run_filter.session_id)
    return query


def _grade_exists(run_filter: RunsFilter, *extra: ColumnElement[bool]) -> ColumnElement[bool]:
    return exists(_grades_of(select(Grade.id).where(Grade.run_id == Run.id, *extra), run_filter))


def _disagreement(run_filter: RunsFilter) -> ColumnElement[bool]:
    differs = [
        and_(Grade.axis == axis, _pick(attribute).is_not(None), Grade.step != _pick(attribute))
        for axis, attribute in _STEP_ATTRS.items()
    ]
    return _grade_exists(run_filter, or_(*differs))


def _flagged(run_filter: RunsFilter) -> ColumnElement[bool]:
    """Flagged by any expert: a run one expert is unsure of is what a senior looks at."""
    flags = select(RunFlag.id).where(RunFlag.run_id == Run.id)
    if run_filter.session_id is not None:
        flags = flags.where(RunFlag.session_id == run_filter.session_id)
    return exists(flags)


def _band_condition(band: Band) -> ColumnElement[bool]:
    value = _pick(_STEP_ATTRS.get(band.axis, _SCORE_ATTRS[band.axis]))
    if band.missing:
        return value.is_(None)
    conditions: list[ColumnElement[bool]] = [value.is_not(None)]
    if band.low is not None:
        conditions.append(value >= band.low)
    if band.high is not None:
        conditions.append(value < band.high)
    return and_(*conditions)


class RunsQuery:
    """Read-only questions about runs. Every method takes its own short session, so it can be called
    from any thread; the GUI calls it on its own thread (each call is one or two indexed queries)."""

    def __init__(
        self,
        store: Store,
        verified: frozenset[int] | None = None,
        axes_by_category: Mapping[str, Sequence[str]] | None = None,
    ):
        """`verified`: the ids of the Verified runs (see session_verified_runs); None when no marks
        can be computed here, and the Verified column is then N/A. `axes_by_category`: the axes an
        expert grades per category (from the L2 protocol); by default the constitution's rule, S,
        M, O everywhere and P for category B."""
        self.store = store
        self._verified = verified
        self._axes = dict(axes_by_category or {})

    def graded_axes_needed(self, category: str) -> tuple[str, ...]:
        return tuple(self._axes.get(category) or applicable_axes(category))

    def _fully_graded(self, run_filter: RunsFilter) -> ColumnElement[bool]:
        graded = _grades_of(
            select(func.count(distinct(Grade.axis))).where(Grade.run_id == Run.id), run_filter
        ).scalar_subquery()
        categories = sorted(set(self._axes) | {"A", "B"})
        needed = case(
            *((Run.category == c, len(self.graded_axes_needed(c))) for c in categories),
            else_=len(STEP_AXES),
        )
        return graded >= needed

    @property
    def verification_available(self) -> bool:
        return self._verified is not None

    # -- filtering --------------------------------------------------------------------------------

    def _conditions(self, session: Session, run_filter: RunsFilter) -> list[ColumnElement[bool]]:
        run_filter = run_filter.concealed()
        conditions: list[ColumnElement[bool]] = []
        if run_filter.scope is not None:
            conditions.extend(run_filter.scope.conditions())
        if run_filter.task_id is not None:
            conditions.append(Run.task_id == run_filter.task_id)
        if run_filter.category is not None:
            conditions.append(Run.category == run_filter.category)
        if run_filter.model_id is not None:
            conditions.append(Run.model_id == run_filter.model_id)
        if run_filter.experiment_id is not None:
            conditions.append(Run.experiment_id == run_filter.experiment_id)
        if run_filter.session_id is not None:
            conditions.append(
                Run.id.in_(select(SessionItem.run_id).where(SessionItem.session_id == run_filter.session_id))
            )
        if run_filter.run_ids is not None:
            conditions.append(Run.id.in_(sorted(run_filter.run_ids)))
        if run_filter.band is not None:
            conditions.append(_band_condition(run_filter.band))
        conditions.extend(self._state_conditions(session, run_filter))
        models_visible = allows(run_filter.visibility, {Reveals.MODEL})
        conditions.extend(self._search_conditions(session, run_filter.search, models_visible))
        return conditions

    def _state_conditions(self, session: Session, run_filter: RunsFilter) -> list[ColumnElement[bool]]:
        state = RunState(run_filter.state)
        status = _status_expression()
        if state is RunState.GRADED:
            return [self._fully_graded(run_filter)]
        if state is RunState.UNGRADED:
            return [~self._fully_graded(run_filter)]
        if state is RunState.DISAGREEING:
            return [_disagreement(run_filter)]
        if state is RunState.FLAGGED:
            return [_flagged(run_filter)]
        if state is RunState.VERIFIED:
            if self._verified is None:
                return [false()]
            return [Run.id.in_(sorted(self._verified))]
        if state in (RunState.SCORED, RunState.NOT_SCORED, RunState.NOT_MEASURED):
            return [status == state.value]
        return []

    def _search_conditions(
        self, session: Session, text: str, models_visible: bool = True
    ) -> list[ColumnElement[bool]]:
        words = text.split()
        if not words:
            return []
        fold = self._fold_function(session)
        fields: tuple[Any, ...] = (Run.task_id, Run.task_name, Run.response)
        if models_visible:  # a blind session's search must not find runs by their hidden model
            fields += (Run.model_id, Run.model_name)
        conditions = []
        for word in words:
            pattern = f"%{_escape_like(word.casefold())}%"
            conditions.append(or_(*(fold(f).like(pattern, escape="\\") for f in fields)))
        return conditions

    @staticmethod
    def _fold_function(session: Session) -> Callable[[Any], ColumnElement[str]]:
        """Case-insensitive matching for Cyrillic too: SQLite's lower() and LIKE fold ASCII only, so
        a Python casefold is registered on the connection; other databases' lower() is Unicode-aware."""
        connection = session.connection()
        if connection.dialect.name != "sqlite":
            return func.lower
        raw = connection.connection.driver_connection
        if raw is None:
            return func.lower
        raw.create_function("prism_fold", 1, _casefold, deterministic=True)
        return func.prism_fold

    # -- counting ---------------------------------------------------------------------------------

    def count(self, run_filter: RunsFilter) -> int:
        with self.store.session() as session:
            query = _with_results(select(func.count(Run.id)).select_from(Run))
            return int(session.scalar(query.where(*self._conditions(session, run_filter))) or 0)

    def counts(self, run_filter: RunsFilter) -> Counts:
        """The status bar's figures: shown (matching the filter), all runs, scored and graded among
        the shown ones."""
        with self.store.session() as session:
            scored = func.sum(case((_status_expression() == RunStatus.SCORED.value, 1), else_=0))
            fully = self._fully_graded(run_filter)
            graded = func.sum(case((fully, 1), else_=0))
            started = _grades_of(select(func.count(Grade.id)).where(Grade.run_id == Run.id), run_filter)
            incomplete = func.sum(case((and_(started.scalar_subquery() > 0, ~fully), 1), else_=0))
            query = _with_results(select(func.count(Run.id), scored, graded, incomplete).select_from(Run))
            shown, scored_count, graded_count, incomplete_count = session.execute(
                query.where(*self._conditions(session, run_filter))
            ).one()
            everything = session.scalar(select(func.count(Run.id))) or 0
            scope = run_filter.scope.conditions() if run_filter.scope is not None else []
            total = session.scalar(select(func.count(Run.id)).where(*scope)) or 0
        figures = (shown, total, scored_count, graded_count, incomplete_count, everything - total)
        return Counts(*(int(figure or 0) for figure in figures))

    # -- rows -------------------------------------------------------------------------------------

    def _order(self, run_filter: RunsFilter, sort: Sort) -> list[Any]:
        if not column_allowed(sort.column, run_filter.visibility):
            sort = Sort()  # ordering by a hidden value would show it
        if sort.column is None:
            if run_filter.session_id is not None:
                position = (
                    select(SessionItem.position)
                    .where(SessionItem.run_id == Run.id, SessionItem.session_id == run_filter.session_id)
                    .scalar_subquery()
                )
                keys: list[Any] = [position]
            else:
                keys = [*_TASK_ORDER, Run.model_id, Run.run_index]
            return [*keys, Run.id]
        if sort.column is Column.TASK:
            return [key.desc() if sort.descending else key.asc() for key in _TASK_ORDER] + [Run.id]
        if sort.column is Column.MINE:  # fully graded by me, or not
            done = case((self._fully_graded(run_filter), 1), else_=0)
            return [done.desc() if sort.descending else done.asc(), Run.id]
        key = self._sort_key(sort.column)
        ordered = key.desc() if sort.descending else key.asc()
        # N/A sorts last both ways: it is not a low score. The id makes paging stable.
        return [key.is_(None), ordered, Run.id]

    def _sort_key(self, column: Column) -> Any:
        if column in (Column.S, Column.M, Column.O, Column.P, Column.Q):
            return _pick(_SCORE_ATTRS[column.value])
        if column is Column.STATUS:
            return _status_expression()
        if column is Column.GRADED_BY:
            return (
                select(func.min(Expert.name))
                .join(Grade, Grade.expert_id == Expert.id)
                .where(Grade.run_id == Run.id)
                .scalar_subquery()
            )
        if column is Column.VERIFIED:
            if self._verified is None:
                return Run.id  # every mark is N/A: keep the table's natural order
            return case((Run.id.in_(sorted(self._verified)), 1), else_=0)
        plain: dict[Column, Any] = {
            Column.CATEGORY: Run.category,
            Column.MODEL: func.coalesce(Run.model_name, Run.model_id),
            Column.RUN: Run.run_index,
        }
        return plain[column]

    def _row_query(self) -> Select[Any]:
        columns = [
            Run.id,
            Run.experiment_id,
            Experiment.name,
            Run.task_id,
            Run.task_name,
            Run.category,
            Run.model_id,
            Run.model_name,
            Run.run_index,
            Run.error,
            case(
                (_here.id.is_not(None), literal(SOURCE_SCORED_HERE)),
                (_file.id.is_not(None), literal(SOURCE_AUTO_FILE)),
                else_=None,
            ),
            _pick("source_file"),
            _pick("detail"),
            _status_expression(),
            *(_pick(_SCORE_ATTRS[axis]) for axis in AXES),
            _pick("band_m"),
            _pick("band_p"),
        ]
        query = select(*columns).select_from(Run).join(Experiment, Experiment.id == Run.experiment_id)
        return _with_results(query)

    def page(self, run_filter: RunsFilter, sort: Sort, offset: int, limit: int) -> list[RunRow]:
        """Rows offset..offset+limit-1 of the filtered, sorted runs."""
        with self.store.session() as session:
            query = (
                self._row_query()
                .where(*self._conditions(session, run_filter))
                .order_by(*self._order(run_filter, sort))
                .offset(offset)
                .limit(limit)
            )
            return self._rows(session, session.execute(query).all(), run_filter)

    def rows_by_id(self, run_ids: Iterable[int], run_filter: RunsFilter | None = None) -> dict[int, RunRow]:
        """The current rows of these runs (to refresh them after scoring or grading); the filter's
        expert and session decide `my_axes`, nothing else of it applies."""
        ids = list(run_ids)
        if not ids:
            return {}
        with self.store.session() as session:
            result = session.execute(self._row_query().where(Run.id.in_(ids))).all()
            rows = self._rows(session, result, run_filter or RunsFilter())
            return {row.run_id: row for row in rows}

    def row_of(self, run_filter: RunsFilter, sort: Sort, run_id: int) -> int | None:
        """The 0-based row of a run in the filtered, sorted table; None when the filter hides it."""
        with self.store.session() as session:
            numbered = (
                _with_results(
                    select(
                        Run.id.label("run_id"),
                        func.row_number().over(order_by=self._order(run_filter, sort)).label("number"),
                    ).select_from(Run)
                )
                .where(*self._conditions(session, run_filter))
                .subquery()
            )
            number = session.scalar(select(numbered.c.number).where(numbered.c.run_id == run_id))
        return None if number is None else int(number) - 1

    def next_ungraded_row(self, run_filter: RunsFilter, sort: Sort, after_row: int) -> int | None:
        """The first row after `after_row` that the current expert has not fully graded; wraps around."""
        with self.store.session() as session:
            numbered = (
                _with_results(
                    select(
                        func.row_number().over(order_by=self._order(run_filter, sort)).label("number"),
                        (~self._fully_graded(run_filter)).label("open"),
                    ).select_from(Run)
                )
                .where(*self._conditions(session, run_filter))
                .subquery()
            )
            candidates = select(numbered.c.number).where(numbered.c.open == true())
            after = session.scalar(
                candidates.where(numbered.c.number > after_row + 1).order_by(numbered.c.number).limit(1)
            )
            if after is None:
                after = session.scalar(candidates.order_by(numbered.c.number).limit(1))
        return None if after is None else int(after) - 1

    def run_ids(self, run_filter: RunsFilter, *, not_scored_here: bool = False) -> list[int]:
        """Every matching run id (for "score all of these"), in id order; with `not_scored_here`,
        only the runs PRISM Desktop has not scored itself yet."""
        with self.store.session() as session:
            query = _with_results(select(Run.id).select_from(Run))
            query = query.where(*self._conditions(session, run_filter)).order_by(Run.id)
            if not_scored_here:
                query = query.where(_here.id.is_(None))
            return list(session.scalars(query))

    def _rows(self, session: Session, result: Sequence[Any], run_filter: RunsFilter) -> list[RunRow]:
        ids = [row[0] for row in result]
        graders: dict[int, list[str]] = {run_id: [] for run_id in ids}
        if ids:
            for run_id, name in session.execute(
                select(Grade.run_id, Expert.name)
                .join(Expert, Expert.id == Grade.expert_id)
                .where(Grade.run_id.in_(ids))
                .distinct()
                .order_by(Expert.name)
            ):
                graders[run_id].append(name)
        mine: dict[int, dict[str, int]] = {run_id: {} for run_id in ids}
        if ids and run_filter.expert:
            query = _grades_of(
                select(Grade.run_id, Grade.axis, Grade.step).where(Grade.run_id.in_(ids)), run_filter
            )
            for run_id, axis, step in session.execute(query):
                mine[run_id][axis] = step
        verified = self._verified
        return [self._row(values, tuple(graders[values[0]]), verified, mine[values[0]]) for values in result]

    def _row(
        self,
        values: Sequence[Any],
        graders: tuple[str, ...],
        verified: frozenset[int] | None,
        my_steps: dict[str, int],
    ) -> RunRow:
        (
            run_id,
            experiment_id,
            experiment,
            task_id,
            task_name,
            category,
            model_id,
            model_name,
            run_index,
            error,
            source,
            source_file,
            detail,
            status,
            s,
            m,
            o,
            p,
            q,
            band_m,
            band_p,
        ) = values
        scores = {"S": s, "M": m, "O": o, "P": p, "Q": q}
        steps = {"S": _step(s), "M": band_m, "O": _step(o), "P": band_p}
        run_status = RunStatus(status)
        return RunRow(
            run_id=run_id,
            experiment_id=experiment_id,
            experiment=experiment,
            task_id=task_id,
            task_name=task_name,
            category=category,
            model_id=model_id,
            model_name=model_name,
            run_index=run_index,
            scores=scores,
            steps=steps,
            source=source,
            source_file=source_file,
            status=run_status,
            reasons=na_reasons(scores, detail or {}, category, run_status, error),
            graders=graders,
            verified=None if verified is None else run_id in verified,
            error=error,
            my_axes=frozenset(my_steps),
            my_steps=tuple((axis, my_steps[axis]) for axis in STEP_AXES if axis in my_steps),
            needed_axes=self.graded_axes_needed(category),
        )

    def session_visibility(self, session_id: int | None, expert: str | None, *, blind: bool) -> Visibility:
        """What may choose and order the runs of this session (services.visibility): in a blind
        session, nothing hidden until `expert` has graded every one of its runs."""
        if session_id is None or not blind:
            return SHOWN
        # Nobody identified: nobody has graded anything yet, every run is left.
        state = RunState.UNGRADED if expert else RunState.ALL
        left = self.run_ids(RunsFilter(session_id=session_id, expert=expert or None, state=state))
        return session_visibility(blind=True, runs_left=[str(run_id) for run_id in left])

    # -- the filter bar ---------------------------------------------------------------------------

    def choices(self, scope: RunScope | None = None) -> Choices:
        """The tasks, categories and models of the runs in `scope` (every run when None)."""
        where = scope.conditions() if scope is not None else []
        with self.store.session() as session:
            tasks = session.execute(
                select(Run.task_id, func.max(Run.task_name))
                .where(*where)
                .group_by(Run.task_id)
                .order_by(Run.task_id)
            ).all()
            categories = session.scalars(
                select(Run.category).where(*where).distinct().order_by(Run.category)
            ).all()
            models = session.execute(
                select(Run.model_id, func.max(Run.model_name))
                .where(*where)
                .group_by(Run.model_id)
                .order_by(Run.model_id)
            ).all()
        return Choices(
            tasks=[(task_id, name or "") for task_id, name in tasks],
            categories=list(categories),
            models=[(model_id, name or model_id) for model_id, name in models],
        )


def _casefold(value: object) -> str | None:
    return None if value is None else str(value).casefold()


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _step(value: float | None) -> int | None:
    return None if value is None else round(value)


def na_reasons(
    scores: dict[str, float | None],
    detail: dict[str, Any],
    category: str,
    status: RunStatus,
    error: str | None,
) -> dict[str, NaReason]:
    """Why each N/A axis is N/A, in the words of the result's detail when it gives them."""
    reasons: dict[str, NaReason] = {}
    for axis in AXES:
        if scores[axis] is not None:
            continue
        axis_detail = detail.get(axis)
        if status is RunStatus.NO_ANSWER:
            reasons[axis] = NaReason(NaKind.NO_ANSWER, error or "")
        elif status is RunStatus.NOT_SCORED:
            reasons[axis] = NaReason(NaKind.NOT_SCORED)
        elif isinstance(axis_detail, dict) and axis_detail.get("reason"):
            reasons[axis] = NaReason(NaKind.STATED, str(axis_detail["reason"]))
        elif axis in GRADED_AXES and not axis_applies(axis, category):
            reasons[axis] = NaReason(NaKind.NOT_APPLICABLE)
        elif axis == "Q":
            reasons[axis] = NaReason(NaKind.NOTHING_MEASURED)
        else:
            reasons[axis] = NaReason(NaKind.UNSTATED)
    return reasons


def session_verified_runs(
    store: Store, workspace: Workspace, session_id: int, *, seed: int = 0
) -> frozenset[int]:
    """The runs of a review session that are Verified: the agreement analysis of the session's
    grades (review/), under the workspace's metrics/verification.yaml, as the `agreement` command
    runs it. Slow (bootstrap intervals): call it off the GUI thread."""
    result = analyse_session(store, workspace, session_id, seed=seed)
    if result.analysis is None:
        return frozenset()
    analysis = result.analysis
    keys = {(v.run.task_id, v.run.model_id, v.run.run_index) for v in analysis.verified_runs}
    with store.session() as session:
        rows = session.execute(
            select(Run.id, Run.task_id, Run.model_id, Run.run_index)
            .join(SessionItem, SessionItem.run_id == Run.id)
            .where(SessionItem.session_id == session_id)
        ).all()
    return frozenset(run_id for run_id, *key in rows if tuple(key) in keys)
