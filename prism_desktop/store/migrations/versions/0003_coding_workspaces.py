"""Coding-bench workspaces: categories as long as a dataset's folder names (`api_services`,
`refactoring`), and per snapshot the workspace's kind and each task's language.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    for table in ("experiments", "runs"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "category",
                existing_type=sa.String(length=8),
                type_=sa.String(length=64),
                existing_nullable=False,
            )
    with op.batch_alter_table("workspace_snapshots", schema=None) as batch_op:
        batch_op.add_column(sa.Column("kind", sa.String(length=16), server_default="prism", nullable=False))
        batch_op.add_column(sa.Column("task_languages", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("workspace_snapshots", schema=None) as batch_op:
        batch_op.drop_column("task_languages")
        batch_op.drop_column("kind")
    for table in ("runs", "experiments"):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.alter_column(
                "category",
                existing_type=sa.String(length=64),
                type_=sa.String(length=8),
                existing_nullable=False,
            )
