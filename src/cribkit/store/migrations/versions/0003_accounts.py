"""Players with a name (issue 38): accounts, their passkeys, sessions and device-link codes,
friends and blocks, ratings and their history. Nothing of the games changes: an account is the
player id a guest already plays under, with a name.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

#: The tables as this revision makes them (a revision is frozen: the schema module may move on).
TABLES = (
    "rating_history",
    "ratings",
    "relations",
    "link_codes",
    "account_sessions",
    "passkeys",
    "accounts",
)


def upgrade() -> None:
    # What is there already is kept: a database adopted by 0001 may have been written by this
    # schema's tables with its revision lost (as 0002 does for its column).
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    for name, make in _MAKERS:
        if name not in existing:
            make()


def _accounts() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("player", sa.Text, nullable=False, unique=True),
        sa.Column("name", sa.Text),
        sa.Column("name_key", sa.Text, unique=True),
        sa.Column("password", sa.Text),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("deleted", sa.Float),
    )


def _passkeys() -> None:
    op.create_table(
        "passkeys",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("public_key", sa.Text, nullable=False),
        sa.Column("sign_count", sa.Integer, nullable=False),
        sa.Column("transports", sa.Text, nullable=False, server_default="[]"),
        sa.Column("label", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float),
    )
    op.create_index("passkeys_account", "passkeys", ["account_id"])


def _sessions() -> None:
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("device", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=False),
    )
    op.create_index("account_sessions_account", "account_sessions", ["account_id"])


def _link_codes() -> None:
    op.create_table(
        "link_codes",
        sa.Column("code", sa.Text, primary_key=True),
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )


def _relations() -> None:
    op.create_table(
        "relations",
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("other_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("kind", sa.Text, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("relations_other", "relations", ["other_id", "kind"])


def _ratings() -> None:
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("pool", sa.Text, primary_key=True),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
        sa.Column("volatility", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_pool", "ratings", ["pool", "rating"])


def _rating_history() -> None:
    op.create_table(
        "rating_history",
        sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("pool", sa.Text, primary_key=True),
        sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
        sa.Column("deviation", sa.Float, nullable=False),
    )


#: Each table and what makes it (with its indexes), in the order of their foreign keys.
_MAKERS = (
    ("accounts", _accounts),
    ("passkeys", _passkeys),
    ("account_sessions", _sessions),
    ("link_codes", _link_codes),
    ("relations", _relations),
    ("ratings", _ratings),
    ("rating_history", _rating_history),
)


def downgrade() -> None:
    for table in TABLES:
        op.drop_table(table)
