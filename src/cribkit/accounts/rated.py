"""Rated games: which games are rated in which pool, and the ratings a rated game moves
(Glicko-2, :mod:`cribkit.ratings.glicko2`), kept in the store with their history.

A rated game is between two accounts, at a table of people, in one of the pools, with no hint,
coach or undo; a resignation or an abandoned game is a loss for the side that left. Each pool
is a rating of its own:

>>> pool_of("classic"), pool_of("classic:target=61"), pool_of("classic:players=3")
('classic', 'classic-61', None)
"""

from __future__ import annotations

import time
from typing import Any, Final

import sqlalchemy as sa

from cribkit.accounts.store import Account, AccountError, AccountStore
from cribkit.ratings.glicko2 import PROVISIONAL_DEVIATION, Rating, rate_game
from cribkit.store.schema import accounts as accounts_table
from cribkit.store.schema import rating_history, ratings

#: The pools by the game's spec (its name and options as the records write them): the games of
#: two players with the standard rules, classic to 121 or to 61, Table Top and Tiles.
POOLS: Final = {
    "classic": "classic",
    "classic:target=61": "classic-61",
    "tabletop": "tabletop",
    "tiles": "tiles",
}
DAY: Final = 86_400.0
#: A leaderboard's players: active in so many days, not provisional, the best so many.
ACTIVE_DAYS: Final = 30
BOARD_SIZE: Final = 50


class NotRatedError(AccountError):
    """A game that cannot be rated: one line saying why."""


def pool_of(spec: str) -> str | None:
    """The pool of a game by its spec, or None if such a game is not rated."""
    return POOLS.get(spec)


def rating_of(accounts: AccountStore, account_id: str, pool: str, now: float) -> Rating:
    """The account's rating in ``pool`` as it stands ``now`` (its deviation grown for the days
    since its last rated game); a new player's if it has none."""
    with accounts.store.transaction(read=True) as db:
        row = db.execute(
            sa.select(ratings).where(ratings.c.account_id == account_id, ratings.c.pool == pool)
        ).first()
    if row is None:
        return Rating()
    return Rating(row.rating, row.deviation, row.volatility).after_days((now - row.updated) / DAY)


def record_game(
    accounts: AccountStore,
    game_id: str,
    pool: str,
    first: Account,
    second: Account,
    first_score: float,
    *,
    now: float | None = None,
) -> tuple[Rating, Rating]:
    """Rate one finished game between ``first`` and ``second`` (``first_score``: 1 a win, 0 a
    loss) in ``pool``: both new ratings, kept with their history. A game rated already is not
    rated again (its history row is the mark)."""
    at = time.time() if now is None else now
    before = rating_of(accounts, first.id, pool, at), rating_of(accounts, second.id, pool, at)
    after = rate_game(before[0], before[1], first_score)
    with accounts.store.transaction() as db:
        done = db.execute(
            sa.select(rating_history.c.game_id).where(
                rating_history.c.game_id == game_id, rating_history.c.pool == pool
            )
        ).first()
        if done is not None:
            return before
        for account, rating in ((first, after[0]), (second, after[1])):
            played = db.execute(
                sa.select(ratings.c.games).where(
                    ratings.c.account_id == account.id, ratings.c.pool == pool
                )
            ).scalar()
            values = {
                "rating": rating.rating,
                "deviation": rating.deviation,
                "volatility": rating.volatility,
                "games": (played or 0) + 1,
                "updated": at,
            }
            if played is None:
                db.execute(ratings.insert().values(account_id=account.id, pool=pool, **values))
            else:
                db.execute(
                    ratings.update()
                    .where(ratings.c.account_id == account.id, ratings.c.pool == pool)
                    .values(**values)
                )
            db.execute(
                rating_history.insert().values(
                    account_id=account.id,
                    pool=pool,
                    game_id=game_id,
                    at=at,
                    rating=rating.rating,
                    deviation=rating.deviation,
                )
            )
    return after


def leaderboard(
    accounts: AccountStore, pool: str, *, now: float | None = None
) -> list[dict[str, Any]]:
    """The pool's leaderboard: the players rated in it in the last 30 days whose rating is not
    provisional, best first, the top 50: ``{"rank", "name", "rating", "deviation", "games"}``."""
    at = time.time() if now is None else now
    query = (
        sa.select(accounts_table.c.name, ratings.c.rating, ratings.c.deviation, ratings.c.games)
        .select_from(ratings.join(accounts_table, accounts_table.c.id == ratings.c.account_id))
        .where(
            ratings.c.pool == pool,
            ratings.c.updated >= at - ACTIVE_DAYS * DAY,
            ratings.c.deviation < PROVISIONAL_DEVIATION,
            accounts_table.c.deleted.is_(None),
        )
        .order_by(ratings.c.rating.desc(), accounts_table.c.name_key)
        .limit(BOARD_SIZE)
    )
    with accounts.store.transaction(read=True) as db:
        rows = db.execute(query).all()
    return [
        {
            "rank": index + 1,
            "name": row.name,
            "rating": round(row.rating),
            "deviation": round(row.deviation),
            "games": row.games,
        }
        for index, row in enumerate(rows)
    ]
