"""The quick-play pools in the store, on SQLite and PostgreSQL: a player waits once, a quiet
page stops waiting, a pair is written once even when two servers pair at once, blocks go with
the waiters."""

from __future__ import annotations

import threading

from cribkit.accounts.store import AccountStore
from cribkit.matchmaking.pairing import pair
from cribkit.matchmaking.pool import STALE_SECONDS, QuickPool
from cribkit.store.base import Store


def _accounts(store: Store, *names: str) -> list[str]:
    accounts = AccountStore(store)
    return [accounts.claim(f"p-{name}", name).id for name in names]


def test_a_player_waits_in_one_pool_at_a_time_and_keeps_their_place(store: Store) -> None:
    ann, bob = _accounts(store, "Ann", "Bob")
    pool = QuickPool(store)
    pool.join(ann, "classic", 1500.0, now=10.0)
    pool.join(ann, "classic", 1510.0, now=12.0)  # (again: still waiting since 10)
    pool.join(bob, "tiles", 1400.0, now=11.0)
    assert [(w.name, w.since, w.rating) for w in pool.waiting("classic", now=13.0)] == [
        ("Ann", 10.0, 1510.0)
    ]
    assert pool.counts() == {"classic": 1, "tiles": 1}
    pool.join(ann, "tiles", 1500.0, now=14.0)  # (another pool: from now, there)
    assert pool.waiting("classic", now=15.0) == []
    assert [w.name for w in pool.waiting("tiles", now=15.0)] == ["Bob", "Ann"]
    entry = pool.entry(ann, now=16.0)
    assert entry is not None
    assert (entry.pool, entry.since, entry.game_id) == ("tiles", 14.0, None)
    assert pool.leave(ann)
    assert not pool.leave(ann)
    assert pool.entry(ann) is None


def test_a_page_that_stops_asking_stops_waiting(store: Store) -> None:
    ann, bob = _accounts(store, "Ann", "Bob")
    pool = QuickPool(store)
    pool.join(ann, "classic", 1500.0, now=0.0)
    pool.join(bob, "classic", 1500.0, now=0.0)
    pool.entry(bob, now=STALE_SECONDS - 1)  # (Bob's page asks; Ann's has gone quiet)
    assert [w.name for w in pool.waiting("classic", now=STALE_SECONDS + 1)] == ["Bob"]
    assert pool.entry(ann) is None


def test_blocks_go_with_the_waiters_and_a_blocked_pair_is_never_made(store: Store) -> None:
    ann, bob, cal = _accounts(store, "Ann", "Bob", "Cal")
    AccountStore(store).relate(bob, ann, "block")
    pool = QuickPool(store)
    for account in (ann, bob):
        pool.join(account, "classic", 1500.0, now=0.0)
    waiting = pool.waiting("classic", now=1.0)
    assert {w.name: w.blocks for w in waiting} == {"Ann": frozenset(), "Bob": frozenset({ann})}
    assert pair([w.waiting() for w in waiting], now=600.0) == []
    pool.join(cal, "classic", 1500.0, now=2.0)
    made = pair([w.waiting() for w in pool.waiting("classic", now=3.0)], now=3.0)
    assert len(made) == 1
    assert cal in made[0]


def test_two_servers_pairing_at_once_pair_a_player_once(store: Store) -> None:
    ids = _accounts(store, "Ann", "Bob", "Cal")
    pool = QuickPool(store)
    for account in ids:
        pool.join(account, "classic", 1500.0)
    won: list[tuple[str, str]] = []
    start = threading.Barrier(2)

    def server(first: str, second: str, game: str) -> None:
        start.wait()
        if pool.paired(first, second, game):
            won.append((first, second))

    threads = [
        threading.Thread(target=server, args=(ids[0], ids[1], "g1")),
        threading.Thread(target=server, args=(ids[1], ids[2], "g2")),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(won) == 1
    games = {account: getattr(pool.entry(account), "game_id", None) for account in ids}
    paired = [account for account, game in games.items() if game is not None]
    assert sorted(paired) == sorted(won[0])
    assert len({games[account] for account in paired}) == 1
