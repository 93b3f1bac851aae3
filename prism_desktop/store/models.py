"""The ORM schema of the results store (SQLAlchemy 2.0 typed mappings).

The store knows nothing of workspace files: `services/` translates workspace objects into these rows.
Every schema change here needs an Alembic revision under `store/migrations/versions/`
(tests/store checks that the migrated schema equals this metadata).

Natural keys (what an import upserts by) are the unique constraints: experiment name; run
(experiment, task, model, run_index); Level-1 result (run, source); expert name; grade
(expert, run, axis, session); flag (expert, run, session); comment (expert, run, axis, session);
assignment (session, run, expert); adjudication (session, run, axis).

Several app instances and CLI processes may write one store at once (team mode, PostgreSQL or a
shared SQLite file): grades, comments and adjudications carry a `version` that every UPDATE checks
(SQLAlchemy's version counter), so a writer that read an older state fails instead of overwriting.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import (
    JSON,
    CheckConstraint,
    ForeignKey,
    Index,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from prism_desktop.vocabulary import AXES, GRADE_STEPS

# Named constraints keep Alembic's batch migrations (SQLite table rebuilds) and diffs deterministic.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Level-1 result sources: read from a PRISM auto file, or produced by our own pipeline.
SOURCE_AUTO_FILE = "auto_file"
SOURCE_SCORED_HERE = "scored_here"
LEVEL1_SOURCES = (SOURCE_AUTO_FILE, SOURCE_SCORED_HERE)

SESSION_KINDS = ("calibration", "debug")
SPLITS = ("calibration", "validation")
GRADE_AXES = AXES  # the vocabulary's, named for the grades table
# create/update/delete come from the review UI; import from an expert file.
GRADE_ACTIONS = ("create", "update", "delete", "import")
RUN_AXIS = "*"  # the axis of a comment on the run as a whole
COMMENT_AXES = (*GRADE_AXES, RUN_AXIS)
OVERLAPS = (1, 2, 3)  # experts per run in a team session


def utcnow() -> datetime:
    """Naive UTC: SQLite keeps no zone, so every timestamp in the store is UTC by convention."""
    return datetime.now(UTC).replace(tzinfo=None)


def _in(column: str, values: tuple[str, ...] | tuple[int, ...]) -> str:
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class WorkspaceSnapshot(Base):
    """The task bank and protocols a set of results was imported or scored against."""

    __tablename__ = "workspace_snapshots"
    __table_args__ = (UniqueConstraint("root_path", "compat_hash"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    root_path: Mapped[str] = mapped_column(Text)
    compat_hash: Mapped[str] = mapped_column(String(64))  # PRISM's `prism submit` compat hash
    constitution_version: Mapped[str | None] = mapped_column(String(32))
    protocol_version: Mapped[str | None] = mapped_column(String(32))
    l2_protocol_version: Mapped[str | None] = mapped_column(String(32))
    taxonomy_version: Mapped[str | None] = mapped_column(String(32))
    task_versions: Mapped[dict[str, Any]] = mapped_column(default=dict)  # task id -> sha256 of its files
    kind: Mapped[str] = mapped_column(String(16), default="prism", server_default="prism")  # | "coding"
    # task id -> python | typescript | go for a coding workspace; None for a PRISM (1C) one
    task_languages: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    loaded_at: Mapped[datetime] = mapped_column(default=utcnow)

    experiments: Mapped[list[Experiment]] = relationship(back_populates="snapshot")


class Experiment(Base):
    """One `results/experiment_*.json` file: raw generations of several models on several tasks."""

    __tablename__ = "experiments"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)
    category: Mapped[str] = mapped_column(String(64))  # A | B | a dataset folder
    timestamp: Mapped[str | None] = mapped_column(String(64))  # verbatim: local ISO-8601, no zone
    source_file: Mapped[str | None] = mapped_column(Text)
    models: Mapped[list[Any]] = mapped_column(default=list)  # models_used, display names
    meta: Mapped[dict[str, Any]] = mapped_column(default=dict)  # top-level keys but task_results, verbatim
    groups: Mapped[list[Any]] = mapped_column(default=list)  # task_results[] entries without their runs
    snapshot_id: Mapped[int | None] = mapped_column(
        ForeignKey("workspace_snapshots.id", ondelete="SET NULL"), index=True
    )
    imported_at: Mapped[datetime] = mapped_column(default=utcnow)

    snapshot: Mapped[WorkspaceSnapshot | None] = relationship(back_populates="experiments")
    runs: Mapped[list[Run]] = relationship(back_populates="experiment", passive_deletes=True)


class Run(Base):
    """One model answer to one task (`task_results[].runs[]`)."""

    __tablename__ = "runs"
    __table_args__ = (
        UniqueConstraint("experiment_id", "task_id", "model_id", "run_index"),
        # The GUI's runs table filters by task, model and category; (task, model, hash) is also
        # PRISM's join key between generations and scores.
        Index(None, "task_id", "model_id", "response_hash"),
        Index(None, "model_id", "task_id"),
        Index(None, "category", "task_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    experiment_id: Mapped[int] = mapped_column(ForeignKey("experiments.id", ondelete="CASCADE"))
    task_id: Mapped[str] = mapped_column(String(64))
    task_name: Mapped[str | None] = mapped_column(Text)
    category: Mapped[str] = mapped_column(String(64))  # A | B | a dataset folder
    model_id: Mapped[str] = mapped_column(String(255))
    model_name: Mapped[str | None] = mapped_column(String(255))
    run_index: Mapped[int]
    response: Mapped[str] = mapped_column(Text)
    response_hash: Mapped[str] = mapped_column(String(64))  # "" for an empty or failed answer
    success: Mapped[bool | None]  # None: legacy record without the field
    error: Mapped[str | None] = mapped_column(Text)
    seed: Mapped[int | None]
    temperature: Mapped[float | None]
    tokens_input: Mapped[int | None]
    tokens_output: Mapped[int | None]
    elapsed_time: Mapped[float | None]
    cost_total: Mapped[float | None]
    extra: Mapped[dict[str, Any]] = mapped_column(default=dict)  # other keys of the run object, verbatim

    experiment: Mapped[Experiment] = relationship(back_populates="runs")
    level1_results: Mapped[list[Level1Result]] = relationship(back_populates="run", passive_deletes=True)
    grades: Mapped[list[Grade]] = relationship(back_populates="run", passive_deletes=True)


class Level1Result(Base):
    """Machine scores of one run from one source. Scores are None when not measured (N/A), never 0."""

    __tablename__ = "level1_results"
    __table_args__ = (
        UniqueConstraint("run_id", "source"),
        CheckConstraint(_in("source", LEVEL1_SOURCES), name="source"),
        # Sorting and band filters in the runs table always pick one source first.
        Index(None, "source", "score_s"),
        Index(None, "source", "score_m"),
        Index(None, "source", "score_o"),
        Index(None, "source", "score_p"),
        Index(None, "source", "score_q"),
        Index(None, "source", "band_m"),
        Index(None, "source", "band_p"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    source: Mapped[str] = mapped_column(String(16))  # SOURCE_AUTO_FILE | SOURCE_SCORED_HERE
    evaluator: Mapped[str] = mapped_column(String(64))  # e.g. "auto_l1"
    source_file: Mapped[str | None] = mapped_column(Text)
    snapshot_id: Mapped[int | None] = mapped_column(
        ForeignKey("workspace_snapshots.id", ondelete="SET NULL"), index=True
    )
    score_s: Mapped[float | None]
    score_m: Mapped[float | None]
    score_o: Mapped[float | None]
    score_p: Mapped[float | None]
    score_q: Mapped[float | None]
    band_m: Mapped[int | None]
    band_p: Mapped[int | None]
    detail: Mapped[dict[str, Any]] = mapped_column(default=dict)
    instruments: Mapped[dict[str, Any]] = mapped_column(default=dict)  # axis or tool -> name + version
    runner: Mapped[str | None] = mapped_column(String(32))
    isolated: Mapped[bool | None]  # ran in a sandbox container; None when the source does not say
    protocol_version: Mapped[str | None] = mapped_column(String(32))
    constitution_version: Mapped[str | None] = mapped_column(String(32))
    logs: Mapped[str | None] = mapped_column(Text)
    timings: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # leg -> seconds
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    run: Mapped[Run] = relationship(back_populates="level1_results")


class Expert(Base):
    """A person who grades, named once per store: `name` is the stable id (evaluator_id of the
    expert's files), `display_name` what the team reads."""

    __tablename__ = "experts"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255), unique=True)  # evaluator_id of the expert's files
    display_name: Mapped[str | None] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class ReviewSession(Base):
    """A calibration or debug session: which runs are reviewed, blind or not, with which task split."""

    __tablename__ = "review_sessions"
    __table_args__ = (CheckConstraint(_in("kind", SESSION_KINDS), name="kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(255))
    kind: Mapped[str] = mapped_column(String(16))
    blind: Mapped[bool] = mapped_column(default=True)
    seed: Mapped[int | None]  # sampling seed, so a session can be rebuilt
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    overlap: Mapped[int | None]  # experts per run when runs are dealt to a team; None: everyone grades all
    owner_id: Mapped[int | None] = mapped_column(ForeignKey("experts.id", ondelete="SET NULL"))

    tasks: Mapped[list[SessionTask]] = relationship(
        back_populates="session", cascade="all, delete-orphan", passive_deletes=True
    )
    items: Mapped[list[SessionItem]] = relationship(
        back_populates="session",
        cascade="all, delete-orphan",
        passive_deletes=True,
        order_by="SessionItem.position",
    )


class SessionTask(Base):
    """Which split a task belongs to in a session: agreement is reported on validation tasks only."""

    __tablename__ = "session_tasks"
    __table_args__ = (CheckConstraint(_in("split", SPLITS), name="split"),)

    session_id: Mapped[int] = mapped_column(
        ForeignKey("review_sessions.id", ondelete="CASCADE"), primary_key=True
    )
    task_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    split: Mapped[str] = mapped_column(String(16))

    session: Mapped[ReviewSession] = relationship(back_populates="tasks")


class SessionItem(Base):
    __tablename__ = "session_items"
    __table_args__ = (UniqueConstraint("session_id", "run_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("review_sessions.id", ondelete="CASCADE"))
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(default=0)  # presentation order (shuffled when blind)

    session: Mapped[ReviewSession] = relationship(back_populates="items")
    run: Mapped[Run] = relationship()


class Grade(Base):
    """An expert's step on one axis of one run, inside a session or (session None) standalone."""

    __tablename__ = "grades"
    __table_args__ = (
        UniqueConstraint("expert_id", "run_id", "axis", "session_id"),
        # NULLs are distinct in unique constraints, so standalone grades need their own index.
        Index(
            "uq_grades_standalone",
            "expert_id",
            "run_id",
            "axis",
            unique=True,
            sqlite_where=text("session_id IS NULL"),
            postgresql_where=text("session_id IS NULL"),
        ),
        CheckConstraint(_in("axis", GRADE_AXES), name="axis"),
        CheckConstraint(_in("step", GRADE_STEPS), name="step"),
        Index(None, "run_id", "axis"),
        Index(None, "session_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int | None] = mapped_column(ForeignKey("review_sessions.id", ondelete="CASCADE"))
    expert_id: Mapped[int] = mapped_column(ForeignKey("experts.id", ondelete="CASCADE"))
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    axis: Mapped[str] = mapped_column(String(1))
    step: Mapped[int]
    comment: Mapped[str | None] = mapped_column(Text)
    approach: Mapped[str | None] = mapped_column(Text)  # the expert's judgement of the chosen approach
    source_file: Mapped[str | None] = mapped_column(Text)  # set when imported from an expert file
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    version: Mapped[int] = mapped_column(default=1, server_default=text("1"))

    expert: Mapped[Expert] = relationship()
    run: Mapped[Run] = relationship(back_populates="grades")
    session: Mapped[ReviewSession | None] = relationship()

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 (read once by the mapper)


class GradeHistory(Base):
    """Every change to a grade, newest last: the undo log. Undoing an entry restores its old_* values
    and marks it undone, so a redo can reapply new_*."""

    __tablename__ = "grade_history"
    __table_args__ = (
        CheckConstraint(_in("action", GRADE_ACTIONS), name="action"),
        Index(None, "expert_id", "changed_at"),
        Index(None, "grade_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    grade_id: Mapped[int | None] = mapped_column(ForeignKey("grades.id", ondelete="SET NULL"))
    expert_id: Mapped[int] = mapped_column(ForeignKey("experts.id", ondelete="CASCADE"))
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    session_id: Mapped[int | None] = mapped_column(ForeignKey("review_sessions.id", ondelete="CASCADE"))
    axis: Mapped[str] = mapped_column(String(1))
    action: Mapped[str] = mapped_column(String(16))
    old_step: Mapped[int | None]
    new_step: Mapped[int | None]
    old_comment: Mapped[str | None] = mapped_column(Text)
    new_comment: Mapped[str | None] = mapped_column(Text)
    old_approach: Mapped[str | None] = mapped_column(Text)
    new_approach: Mapped[str | None] = mapped_column(Text)
    undone: Mapped[bool] = mapped_column(default=False)
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)
    reason: Mapped[str | None] = mapped_column(Text)  # why, in the changer's words (optional)
    # who made the change when it is not the grade's expert (an import, an adjudicator); None: the expert
    changed_by_id: Mapped[int | None] = mapped_column(ForeignKey("experts.id", ondelete="SET NULL"))


def _per_scope(table: str, *columns: str) -> tuple[UniqueConstraint, Index]:
    """A natural key that includes the nullable session: one unique constraint for session rows and
    a partial unique index for standalone rows (NULLs are distinct in unique constraints)."""
    return (
        UniqueConstraint(*columns, "session_id"),
        Index(
            f"uq_{table}_standalone",
            *columns,
            unique=True,
            sqlite_where=text("session_id IS NULL"),
            postgresql_where=text("session_id IS NULL"),
        ),
    )


class RunFlag(Base):
    """An expert's "unsure / needs a senior look" mark on a run (present = flagged)."""

    __tablename__ = "run_flags"
    __table_args__ = (*_per_scope("run_flags", "expert_id", "run_id"), Index(None, "session_id", "run_id"))

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int | None] = mapped_column(ForeignKey("review_sessions.id", ondelete="CASCADE"))
    expert_id: Mapped[int] = mapped_column(ForeignKey("experts.id", ondelete="CASCADE"))
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    note: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class RunComment(Base):
    """An expert's multi-line comment on one axis of a run, or on the run as a whole (axis "*")."""

    __tablename__ = "run_comments"
    __table_args__ = (
        *_per_scope("run_comments", "expert_id", "run_id", "axis"),
        CheckConstraint(_in("axis", COMMENT_AXES), name="axis"),
        Index(None, "session_id", "run_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int | None] = mapped_column(ForeignKey("review_sessions.id", ondelete="CASCADE"))
    expert_id: Mapped[int] = mapped_column(ForeignKey("experts.id", ondelete="CASCADE"))
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    axis: Mapped[str] = mapped_column(String(1))
    body: Mapped[str] = mapped_column(Text)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    version: Mapped[int] = mapped_column(default=1, server_default=text("1"))

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 (read once by the mapper)


class SessionAssignment(Base):
    """Which expert grades which run of a team session (a run has `overlap` experts)."""

    __tablename__ = "session_assignments"
    __table_args__ = (Index(None, "session_id", "expert_id", "position"),)

    session_id: Mapped[int] = mapped_column(
        ForeignKey("review_sessions.id", ondelete="CASCADE"), primary_key=True
    )
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"), primary_key=True)
    expert_id: Mapped[int] = mapped_column(ForeignKey("experts.id", ondelete="CASCADE"), primary_key=True)
    position: Mapped[int] = mapped_column(default=0)  # order in the expert's queue


class Adjudication(Base):
    """The consensus step of one axis of a run in a session, settled by an adjudicator with a rationale."""

    __tablename__ = "adjudications"
    __table_args__ = (
        UniqueConstraint("session_id", "run_id", "axis"),
        CheckConstraint(_in("axis", GRADE_AXES), name="axis"),
        CheckConstraint(_in("step", GRADE_STEPS), name="step"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("review_sessions.id", ondelete="CASCADE"))
    run_id: Mapped[int] = mapped_column(ForeignKey("runs.id", ondelete="CASCADE"))
    axis: Mapped[str] = mapped_column(String(1))
    step: Mapped[int]
    rationale: Mapped[str] = mapped_column(Text)
    adjudicator_id: Mapped[int | None] = mapped_column(ForeignKey("experts.id", ondelete="SET NULL"))
    decided_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    version: Mapped[int] = mapped_column(default=1, server_default=text("1"))

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012 (read once by the mapper)
