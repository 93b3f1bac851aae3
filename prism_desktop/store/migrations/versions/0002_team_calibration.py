"""Team calibration: expert display names, grade versions (optimistic checks), who changed a grade
and why, flags, per-axis comments, session assignments with overlap and owner, adjudications.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "adjudications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("axis", sa.String(length=1), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("rationale", sa.Text(), nullable=False),
        sa.Column("adjudicator_id", sa.Integer(), nullable=True),
        sa.Column("decided_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False),
        sa.CheckConstraint("axis IN ('S', 'M', 'O', 'P')", name=op.f("ck_adjudications_axis")),
        sa.CheckConstraint("step IN (0, 2, 4, 6, 8, 10)", name=op.f("ck_adjudications_step")),
        sa.ForeignKeyConstraint(
            ["adjudicator_id"],
            ["experts.id"],
            name=op.f("fk_adjudications_adjudicator_id_experts"),
            ondelete="SET NULL",
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_adjudications_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_adjudications_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_adjudications")),
        sa.UniqueConstraint(
            "session_id", "run_id", "axis", name=op.f("uq_adjudications_session_id_run_id_axis")
        ),
    )
    op.create_table(
        "run_comments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("expert_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("axis", sa.String(length=1), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False),
        sa.CheckConstraint("axis IN ('S', 'M', 'O', 'P', '*')", name=op.f("ck_run_comments_axis")),
        sa.ForeignKeyConstraint(
            ["expert_id"], ["experts.id"], name=op.f("fk_run_comments_expert_id_experts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_run_comments_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_run_comments_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_run_comments")),
        sa.UniqueConstraint(
            "expert_id",
            "run_id",
            "axis",
            "session_id",
            name=op.f("uq_run_comments_expert_id_run_id_axis_session_id"),
        ),
    )
    with op.batch_alter_table("run_comments", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_run_comments_session_id_run_id"), ["session_id", "run_id"], unique=False
        )
        batch_op.create_index(
            "uq_run_comments_standalone",
            ["expert_id", "run_id", "axis"],
            unique=True,
            sqlite_where=sa.text("session_id IS NULL"),
            postgresql_where=sa.text("session_id IS NULL"),
        )

    op.create_table(
        "run_flags",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=True),
        sa.Column("expert_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("note", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["expert_id"], ["experts.id"], name=op.f("fk_run_flags_expert_id_experts"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_run_flags_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_run_flags_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_run_flags")),
        sa.UniqueConstraint(
            "expert_id", "run_id", "session_id", name=op.f("uq_run_flags_expert_id_run_id_session_id")
        ),
    )
    with op.batch_alter_table("run_flags", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_run_flags_session_id_run_id"), ["session_id", "run_id"], unique=False
        )
        batch_op.create_index(
            "uq_run_flags_standalone",
            ["expert_id", "run_id"],
            unique=True,
            sqlite_where=sa.text("session_id IS NULL"),
            postgresql_where=sa.text("session_id IS NULL"),
        )

    op.create_table(
        "session_assignments",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("run_id", sa.Integer(), nullable=False),
        sa.Column("expert_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["expert_id"],
            ["experts.id"],
            name=op.f("fk_session_assignments_expert_id_experts"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["run_id"], ["runs.id"], name=op.f("fk_session_assignments_run_id_runs"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["review_sessions.id"],
            name=op.f("fk_session_assignments_session_id_review_sessions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("session_id", "run_id", "expert_id", name=op.f("pk_session_assignments")),
    )
    with op.batch_alter_table("session_assignments", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_session_assignments_session_id_expert_id_position"),
            ["session_id", "expert_id", "position"],
            unique=False,
        )

    with op.batch_alter_table("experts", schema=None) as batch_op:
        batch_op.add_column(sa.Column("display_name", sa.String(length=255), nullable=True))

    with op.batch_alter_table("grade_history", schema=None) as batch_op:
        batch_op.add_column(sa.Column("reason", sa.Text(), nullable=True))
        batch_op.add_column(sa.Column("changed_by_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_grade_history_changed_by_id_experts"),
            "experts",
            ["changed_by_id"],
            ["id"],
            ondelete="SET NULL",
        )

    with op.batch_alter_table("grades", schema=None) as batch_op:
        batch_op.add_column(sa.Column("version", sa.Integer(), server_default=sa.text("1"), nullable=False))

    with op.batch_alter_table("review_sessions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("overlap", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("owner_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_review_sessions_owner_id_experts"),
            "experts",
            ["owner_id"],
            ["id"],
            ondelete="SET NULL",
        )


def downgrade() -> None:
    with op.batch_alter_table("review_sessions", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_review_sessions_owner_id_experts"), type_="foreignkey")
        batch_op.drop_column("owner_id")
        batch_op.drop_column("overlap")

    with op.batch_alter_table("grades", schema=None) as batch_op:
        batch_op.drop_column("version")

    with op.batch_alter_table("grade_history", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_grade_history_changed_by_id_experts"), type_="foreignkey")
        batch_op.drop_column("changed_by_id")
        batch_op.drop_column("reason")

    with op.batch_alter_table("experts", schema=None) as batch_op:
        batch_op.drop_column("display_name")

    with op.batch_alter_table("session_assignments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_session_assignments_session_id_expert_id_position"))

    op.drop_table("session_assignments")
    with op.batch_alter_table("run_flags", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_run_flags_standalone",
            sqlite_where=sa.text("session_id IS NULL"),
            postgresql_where=sa.text("session_id IS NULL"),
        )
        batch_op.drop_index(batch_op.f("ix_run_flags_session_id_run_id"))

    op.drop_table("run_flags")
    with op.batch_alter_table("run_comments", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_run_comments_standalone",
            sqlite_where=sa.text("session_id IS NULL"),
            postgresql_where=sa.text("session_id IS NULL"),
        )
        batch_op.drop_index(batch_op.f("ix_run_comments_session_id_run_id"))

    op.drop_table("run_comments")
    op.drop_table("adjudications")
