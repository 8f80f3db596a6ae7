"""The store's tables, defined once (SQLAlchemy Core): the schema at the newest migration.

Every JSON value is kept as text, the same on every backend. A change to these tables is made
with a new revision in :mod:`cribkit.store.migrations` (``docs/scaling.md``, "Storage").
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("spec", sa.Text, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("seed", sa.Text, nullable=False),
    sa.Column("mode", sa.Text, nullable=False),
    sa.Column("ai", sa.Text, nullable=False),
    sa.Column("humans", sa.Text, nullable=False),
    sa.Column("tokens", sa.Text, nullable=False),
    sa.Column("status", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("scores", sa.Text, nullable=False),
    sa.Column("result", sa.Text),
    sa.Column("owners", sa.Text, nullable=False, server_default="{}"),
    sa.Column("practice", sa.Integer, nullable=False, server_default="0"),
    sa.Column("seating", sa.Text, nullable=False, server_default="{}"),
    sa.Index("games_status", "status", "created"),
)

talk = sa.Table(
    "talk",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("entry", sa.Text, nullable=False),
)

invites = sa.Table(
    "invites",
    metadata,
    sa.Column("code", sa.Text, primary_key=True),
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("action", sa.Text, nullable=False),
    # The id its client chose (None: the computer's, or a client that gave none): unique in a
    # game, so that an action sent again is known, never applied twice.
    sa.Column("client_id", sa.Text),
    sa.Index("actions_client_id", "game_id", "client_id", unique=True),
)

# Players with a name (issue 38; :mod:`cribkit.accounts`). An account is a player id (the one
# a guest's cookie carries, with every game, statistic and setting kept under it) with a name.
# A deleted account keeps its row, without name or sign-in, so that its games still say whose
# they were ("deleted player").
accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("player", sa.Text, nullable=False, unique=True),
    # The name as shown (NFKC) and its key (cribkit.accounts.names.name_key): one name, one
    # account. Both empty once the account is deleted.
    sa.Column("name", sa.Text),
    sa.Column("name_key", sa.Text, unique=True),
    # The password's argon2id hash, or none (passkeys only).
    sa.Column("password", sa.Text),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("deleted", sa.Float),
)

passkeys = sa.Table(
    "passkeys",
    metadata,
    # WebAuthn's credential id and public key (base64url), its signature counter.
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("public_key", sa.Text, nullable=False),
    sa.Column("sign_count", sa.Integer, nullable=False),
    sa.Column("transports", sa.Text, nullable=False, server_default="[]"),
    sa.Column("label", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("last_used", sa.Float),
    sa.Index("passkeys_account", "account_id"),
)

account_sessions = sa.Table(
    "account_sessions",
    metadata,
    # The SHA-256 of the session's secret (the cookie holds the secret itself).
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("device", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("last_used", sa.Float, nullable=False),
    sa.Index("account_sessions_account", "account_id"),
)

link_codes = sa.Table(
    "link_codes",
    metadata,
    # The SHA-256 of a one-time code that signs another device in (5 minutes).
    sa.Column("code", sa.Text, primary_key=True),
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)

relations = sa.Table(
    "relations",
    metadata,
    # "friend" or "block", from the account to the other.
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("other_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("kind", sa.Text, primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("relations_other", "other_id", "kind"),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("pool", sa.Text, primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Index("ratings_pool", "pool", "rating"),
)

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("pool", sa.Text, primary_key=True),
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
)

# Quick play (issue 38; :mod:`cribkit.matchmaking.pool`): the players waiting in each pool for a
# stranger, shared by every server of a cluster. A row is deleted when its player stops waiting
# or, once paired (``game_id``), when the player has been told.
quick_play = sa.Table(
    "quick_play",
    metadata,
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("pool", sa.Text, nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("since", sa.Float, nullable=False),
    # The last time the player's page said it still waits (a closed page stops waiting).
    sa.Column("seen", sa.Float, nullable=False),
    sa.Column("game_id", sa.Text),
    sa.Index("quick_play_pool", "pool"),
)

# Challenges between friends (issue 38): an invitation (its link code) addressed to one account,
# which their page shows wherever they are, until it is taken, declined or cancelled.
challenges = sa.Table(
    "challenges",
    metadata,
    sa.Column("code", sa.Text, primary_key=True),
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), nullable=False),
    sa.Column("from_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("to_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("challenges_to", "to_id"),
)

# Club nights and tournaments (issue 39; :mod:`cribkit.events.store`): an event, its players,
# and its games (a bye is a game with no second player and no game of the store).
events = sa.Table(
    "events",
    metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("director_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("name", sa.Text, nullable=False),
    # The game's spec (a rated pool's: classic, classic:target=61, tabletop, tiles).
    sa.Column("spec", sa.Text, nullable=False),
    sa.Column("format", sa.Text, nullable=False),
    # The format's options as JSON (cribkit.events.formats.Format.options).
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("starts", sa.Float, nullable=False),
    sa.Column("clock", sa.Float),
    sa.Column("public", sa.Integer, nullable=False, server_default="0"),
    # The join code of its registration, once open.
    sa.Column("code", sa.Text, unique=True),
    # draft, open, running, paused, finished (its games all played) or closed (by its director).
    sa.Column("status", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    # The season its nights count in (its director's: a club's season table), or None.
    sa.Column("season", sa.Text),
)

event_players = sa.Table(
    "event_players",
    metadata,
    sa.Column("event_id", sa.Text, sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("account_id", sa.Text, sa.ForeignKey("accounts.id"), primary_key=True),
    sa.Column("registered", sa.Float, nullable=False),
    # 1 once the director handed a no-show's seat to the computer.
    sa.Column("replaced", sa.Integer, nullable=False, server_default="0"),
    sa.Index("event_players_account", "account_id"),
)

event_games = sa.Table(
    "event_games",
    metadata,
    sa.Column("event_id", sa.Text, sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("first_id", sa.Text, sa.ForeignKey("accounts.id"), nullable=False),
    sa.Column("second_id", sa.Text, sa.ForeignKey("accounts.id")),
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id")),
    # The result as JSON ({"scores", "skunk"}), once there is one; awarded by the director.
    sa.Column("result", sa.Text),
    sa.Column("awarded", sa.Integer, nullable=False, server_default="0"),
    sa.Index("event_games_game", "game_id"),
)
