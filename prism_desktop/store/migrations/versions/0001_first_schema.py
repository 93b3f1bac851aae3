"""First schema: workspace snapshots, experiments, runs, Level-1 results, experts, review sessions,
grades and the grade history.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "experts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_experts")),
        sa.UniqueConstraint("name", name=op.f("uq_experts_name")),
    )
    op.create_table(
        "review_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("blind", sa.Boolean(), nullable=False),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("kind IN ('calibration', 'debug')", name=op.f("ck_review_sessions_kind")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_review_sessions")),
    )
    op.create_table(
        "workspace_snapshots",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("root_path", sa.Text(), nullable=False),
        sa.Column("compat_hash", sa.String(length=64), nullable=False),
        sa.Column("constitution_version", sa.String(length=32), nullable=True),
        sa.Column("protocol_version", sa.String(length=32), nullable=True),
        sa.Column("l2_protocol_version", sa.String(length=32), nullable=True),
        sa.Column("taxonomy_version", sa.String(length=32), nullable=True),
        sa.Column("task_versions", sa.JSON(), nullable=False),
        sa.Column("loaded_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_workspace_snapshots")),
        sa.UniqueConstraint(
            "root_path", "compat_hash", name=op.f("uq_workspace_snapshots_root_path_compat_hash")
        ),
    )
    op.create_table(
        "experiments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=255), nullable=False),
        sa.Column("category", sa.String(length=8), nullable=False),
        sa.Column("timestamp", sa.String(length=64), nullable=True),
        sa.Column("source_file", sa.Text(), nullable=True),
        sa.Column("models", sa.JSON(), nullable=False),
        sa.Column("meta", sa.JSON(), nullable=False),
        sa.Column("groups", sa.JSON(), nullable=False),
        sa.Column("snapshot_id", sa.Integer(), nullable=True),
        sa.Column("imported_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["snapshot_id"],
            ["workspace_snapshots.id"],
            name=op.f("fk_experiments_snapshot_id_workspace_snapshots"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_experiments")),
        sa.UniqueConstraint("name", name=op.f("uq_experiments_name")),
    )
    with op.batch_alter_table("experiments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_experiments_snapshot_id"), ["snapshot_id"], unique=False)

    op.create_table(
        "session_tasks",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("task_id", sa.String(length=64), nullable=False),
        sa.Column("split", sa.String(length=16), nullable=False),
        sa.CheckConstraint("split IN ('calibration', 'validation')", name=op.f("ck_session_tasks_split")),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_session_tasks_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "task_id", name=op.f("pk_session_tasks")),
    )
    op.create_table(
        "runs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("experiment_id", sa.Integer(), nullable=False),
        sa.Column("task_id", sa.String(length=64), nullable=False),
        sa.Column("task_name", sa.Text(), nullable=True),
        sa.Column("category", sa.String(length=8), nullable=False),
        sa.Column("model_id", sa.String(length=255), nullable=False),
        sa.Column("model_name", sa.String(length=255), nullable=True),
        sa.Column("run_index", sa.Integer(), nullable=False),
        sa.Column("response", sa.Text(), nullable=False),
        sa.Column("response_hash", sa.String(length=64), nullable=False),
        sa.Column("success", sa.Boolean(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("seed", sa.Integer(), nullable=True),
        sa.Column("temperature", sa.Double(), nullable=True),
        sa.Column("tokens_input", sa.Integer(), nullable=True),
        sa.Column("tokens_output", sa.Integer(), nullable=True),
        sa.Column("elapsed_time", sa.Double(), nullable=True),
        sa.Column("cost_total", sa.Double(), nullable=True),
        sa.Column("extra", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["experiment_id"],
            ["experiments.id"],
            name=op.f("fk_runs_experiment_id_experiments"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_runs")),
        sa.UniqueConstraint(
            "experiment_id",
            "task_id",
            "model_id",
            "run_index",
            name=op.f("uq_runs_experiment_id_task_id_model_id_run_index"),
        ),
    )
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_runs_category_task_id"), ["category", "task_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_runs_model_id_task_id"), ["model_id", "task_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_runs_task_id_model_id_response_hash"),
            ["task_id", "model_id", "response_hash"],
            unique=False,
        )

    op.create_table(
        "grades",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("expert_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("axis", sa.String(length=1), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("comment", sa.Text(), nullable=True),
        sa.Column("approach", sa.Text(), nullable=True),
        sa.Column("source_file", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("axis IN ('S', 'M', 'O', 'P')", name=op.f("ck_grades_axis")),
        sa.CheckConstraint("step IN (0, 2, 4, 6, 8, 10)", name=op.f("ck_grades_step")),
        sa.ForeignKeyConstraint(
            ["expert_id"], ["experts.id"], name=op.f("fk_grades_expert_id_experts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_grades_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_grades_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_grades")),
        sa.UniqueConstraint(
            "expert_id",
            "run_id",
            "axis",
            "session_id",
            name=op.f("uq_grades_expert_id_run_id_axis_session_id"),
        ),
    )
    with op.batch_alter_table("grades", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_grades_run_id_axis"), ["run_id", "axis"], unique=False)
        batch_op.create_index(batch_op.f("ix_grades_session_id"), ["session_id"], unique=False)
        batch_op.create_index(
            "uq_grades_standalone",
            ["expert_id", "run_id", "axis"],
            unique=True,
            sqlite_where=sa.text("session_id IS NULL"),
            postgresql_where=sa.text("session_id IS NULL"),
        )

    op.create_table(
        "level1_results",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("source", sa.String(length=16), nullable=False),
        sa.Column("evaluator", sa.String(length=64), nullable=False),
        sa.Column("source_file", sa.Text(), nullable=True),
        sa.Column("snapshot_id", sa.Integer(), nullable=True),
        sa.Column("score_s", sa.Double(), nullable=True),
        sa.Column("score_m", sa.Double(), nullable=True),
        sa.Column("score_o", sa.Double(), nullable=True),
        sa.Column("score_p", sa.Double(), nullable=True),
        sa.Column("score_q", sa.Double(), nullable=True),
        sa.Column("band_m", sa.Integer(), nullable=True),
        sa.Column("band_p", sa.Integer(), nullable=True),
        sa.Column("detail", sa.JSON(), nullable=False),
        sa.Column("instruments", sa.JSON(), nullable=False),
        sa.Column("runner", sa.String(length=32), nullable=True),
        sa.Column("isolated", sa.Boolean(), nullable=True),
        sa.Column("protocol_version", sa.String(length=32), nullable=True),
        sa.Column("constitution_version", sa.String(length=32), nullable=True),
        sa.Column("logs", sa.Text(), nullable=True),
        sa.Column("timings", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint("source IN ('auto_file', 'scored_here')", name=op.f("ck_level1_results_source")),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_level1_results_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["snapshot_id"],
            ["workspace_snapshots.id"],
            name=op.f("fk_level1_results_snapshot_id_workspace_snapshots"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_level1_results")),
        sa.UniqueConstraint("run_id", "source", name=op.f("uq_level1_results_run_id_source")),
    )
    with op.batch_alter_table("level1_results", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_level1_results_snapshot_id"), ["snapshot_id"], unique=False)
        batch_op.create_index(
            batch_op.f("ix_level1_results_source_band_m"), ["source", "band_m"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_level1_results_source_band_p"), ["source", "band_p"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_level1_results_source_score_m"), ["source", "score_m"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_level1_results_source_score_o"), ["source", "score_o"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_level1_results_source_score_p"), ["source", "score_p"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_level1_results_source_score_q"), ["source", "score_q"], unique=False
        )
        batch_op.create_index(
            batch_op.f("ix_level1_results_source_score_s"), ["source", "score_s"], unique=False
        )

    op.create_table(
        "session_items",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_session_items_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_session_items_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_session_items")),
        sa.UniqueConstraint("session_id", "run_id", name=op.f("uq_session_items_session_id_run_id")),
    )
    with op.batch_alter_table("session_items", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_session_items_run_id"), ["run_id"], unique=False)

    op.create_table(
        "grade_history",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("grade_id", sa.Integer(), nullable=True),
        sa.Column("expert_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("axis", sa.String(length=1), nullable=False),
        sa.Column("action", sa.String(length=16), nullable=False),
        sa.Column("old_step", sa.Integer(), nullable=True),
        sa.Column("new_step", sa.Integer(), nullable=True),
        sa.Column("old_comment", sa.Text(), nullable=True),
        sa.Column("new_comment", sa.Text(), nullable=True),
        sa.Column("old_approach", sa.Text(), nullable=True),
        sa.Column("new_approach", sa.Text(), nullable=True),
        sa.Column("undone", sa.Boolean(), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.CheckConstraint(
            "action IN ('create', 'update', 'delete', 'import')", name=op.f("ck_grade_history_action")
        ),
        sa.ForeignKeyConstraint(
            ["expert_id"], ["experts.id"], name=op.f("fk_grade_history_expert_id_experts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["grade_id"], ["grades.id"], name=op.f("fk_grade_history_grade_id_grades"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_grade_history_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_grade_history_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_grade_history")),
    )
    with op.batch_alter_table("grade_history", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_grade_history_expert_id_changed_at"), ["expert_id", "changed_at"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_grade_history_grade_id"), ["grade_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("grade_history", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_grade_history_grade_id"))
        batch_op.drop_index(batch_op.f("ix_grade_history_expert_id_changed_at"))

    op.drop_table("grade_history")
    with op.batch_alter_table("session_items", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_session_items_run_id"))

    op.drop_table("session_items")
    with op.batch_alter_table("level1_results", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_level1_results_source_score_s"))
        batch_op.drop_index(batch_op.f("ix_level1_results_source_score_q"))
        batch_op.drop_index(batch_op.f("ix_level1_results_source_score_p"))
        batch_op.drop_index(batch_op.f("ix_level1_results_source_score_o"))
        batch_op.drop_index(batch_op.f("ix_level1_results_source_score_m"))
        batch_op.drop_index(batch_op.f("ix_level1_results_source_band_p"))
        batch_op.drop_index(batch_op.f("ix_level1_results_source_band_m"))
        batch_op.drop_index(batch_op.f("ix_level1_results_snapshot_id"))

    op.drop_table("level1_results")
    with op.batch_alter_table("grades", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_grades_standalone",
            sqlite_where=sa.text("session_id IS NULL"),
            postgresql_where=sa.text("session_id IS NULL"),
        )
        batch_op.drop_index(batch_op.f("ix_grades_session_id"))
        batch_op.drop_index(batch_op.f("ix_grades_run_id_axis"))

    op.drop_table("grades")
    with op.batch_alter_table("runs", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_runs_task_id_model_id_response_hash"))
        batch_op.drop_index(batch_op.f("ix_runs_model_id_task_id"))
        batch_op.drop_index(batch_op.f("ix_runs_category_task_id"))

    op.drop_table("runs")
    op.drop_table("session_tasks")
    with op.batch_alter_table("experiments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_experiments_snapshot_id"))

    op.drop_table("experiments")
    op.drop_table("workspace_snapshots")
    op.drop_table("review_sessions")
    op.drop_table("experts")
