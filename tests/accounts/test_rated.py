"""Rated games in the store, on SQLite and PostgreSQL: each game rated once, ratings and
their history kept, leaderboards of the active and established."""

from __future__ import annotations

import pytest

from cribkit.accounts.rated import DAY, leaderboard, rating_of, record_game
from cribkit.accounts.store import AccountStore
from cribkit.ratings.glicko2 import Rating, rate_game
from cribkit.store.base import Store, new_row


def test_games_move_ratings_once_each_and_the_leaderboard_shows_the_established(
    store: Store,
) -> None:
    accounts = AccountStore(store)
    ann, bob, cy = (accounts.claim(f"p-{n}", n) for n in ("Ann", "Bob", "Cyd"))
    now = 1_000_000.0
    for index in range(40):
        store.create_game(
            new_row(f"g{index}", game="classic", spec="classic", rules={}, seed=index)
        )
    # The first game: both new players, rated from 1500/500 as Glicko-2 says.
    after = record_game(accounts, "g0", "classic", ann, bob, 1.0, now=now)
    assert after == rate_game(Rating(), Rating(), 1.0)
    assert record_game(accounts, "g0", "classic", ann, bob, 1.0, now=now) == after  # (once)
    assert rating_of(accounts, ann.id, "classic", now) == after[0]
    assert accounts.ratings_of(ann.id)[0]["games"] == 1
    # Many games later (Ann wins two in three), both are established; Cy played one.
    for index in range(1, 30):
        record_game(
            accounts, f"g{index}", "classic", ann, bob, float(index % 3 != 0), now=now + index
        )
    record_game(accounts, "g39", "classic", cy, bob, 1.0, now=now + 40)
    board = leaderboard(accounts, "classic", now=now + 41)
    assert [(e["rank"], e["name"]) for e in board] == [(1, "Ann"), (2, "Bob")]
    assert board[0]["rating"] > board[1]["rating"]
    assert board[0]["games"] == 30
    assert leaderboard(accounts, "classic-61", now=now) == []
    # Thirty days without a rated game: off the board, the deviation grown back.
    assert leaderboard(accounts, "classic", now=now + 31 * DAY) == []
    grown = rating_of(accounts, ann.id, "classic", now + 365 * DAY)
    assert grown.deviation > rating_of(accounts, ann.id, "classic", now + 30).deviation
    # A deleted account's ratings go with it.
    accounts.delete(ann.id)
    assert [e["name"] for e in leaderboard(accounts, "classic", now=now + 41)] == ["Bob"]


@pytest.mark.parametrize("pool", ["classic", "tiles"])
def test_a_new_players_rating_is_the_start(store: Store, pool: str) -> None:
    accounts = AccountStore(store)
    ann = accounts.claim("p-ann", "Ann")
    assert rating_of(accounts, ann.id, pool, 0.0) == Rating()
