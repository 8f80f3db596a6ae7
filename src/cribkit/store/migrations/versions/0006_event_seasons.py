"""A club's season (issue 39): an event may name the season its nights count in. Nothing else
changes.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("events")}
    if "season" not in columns:
        op.add_column("events", sa.Column("season", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("events") as batch:
        batch.drop_column("season")
