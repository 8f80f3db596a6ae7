"""Each action's id, chosen by the client that sent it: an action sent again (after a lost
answer, to this server or another) is known by its id and never applied twice.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # What is there already is kept: a database adopted by 0001 may have been written by this
    # schema's tables with its revision lost (0001 adds only what a table lacks, too).
    inspector = sa.inspect(op.get_bind())
    if "client_id" not in {column["name"] for column in inspector.get_columns("actions")}:
        # (batch: SQLite adds the column in place; the index is made after it)
        with op.batch_alter_table("actions") as batch:
            batch.add_column(sa.Column("client_id", sa.Text, nullable=True))
    # Unique within a game; actions without an id (the computer's, older clients') are many.
    if "actions_client_id" not in {index["name"] for index in inspector.get_indexes("actions")}:
        op.create_index("actions_client_id", "actions", ["game_id", "client_id"], unique=True)


def downgrade() -> None:
    op.drop_index("actions_client_id", table_name="actions")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("client_id")
