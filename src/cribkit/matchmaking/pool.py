"""The quick-play pools in the store: who waits in each for a stranger, shared by every server of
a cluster (the pool is a table of the store, not a process's memory).

A player joins a pool with their rating there; their page says every few seconds that it still
waits (:meth:`QuickPool.entry`), and a player whose page has not said so for
:data:`STALE_SECONDS` stops waiting. A pairing round (:mod:`cribkit.matchmaking.pairing`) reads
the players waiting (:meth:`QuickPool.waiting`, each with the accounts they block), and each pair
it makes is written at once with its game (:meth:`QuickPool.paired`): one transaction, and only if
neither was paired meanwhile (two servers pairing at once pair a player once).

>>> from cribkit.store.base import open_store
>>> from cribkit.accounts.store import AccountStore
>>> store = open_store("sqlite:///:memory:")
>>> ann, bob = AccountStore(store).claim("p-ann", "Ann"), AccountStore(store).claim("p-bob", "Bob")
>>> pool = QuickPool(store)
>>> pool.join(ann.id, "classic", 1500.0, now=0.0); pool.join(bob.id, "classic", 1560.0, now=1.0)
>>> [(w.name, w.rating) for w in pool.waiting("classic", now=2.0)]
[('Ann', 1500.0), ('Bob', 1560.0)]
>>> pool.paired(ann.id, bob.id, "g1"), pool.paired(ann.id, bob.id, "g2")
(True, False)
>>> pool.entry(ann.id, now=3.0).game_id, pool.waiting("classic", now=3.0)
('g1', [])
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

import sqlalchemy as sa

from cribkit.matchmaking.pairing import Waiting
from cribkit.store.base import Store
from cribkit.store.schema import accounts, quick_play, relations

__all__ = ["STALE_SECONDS", "Entry", "QuickPool", "Waiter"]

#: A waiting player whose page has not said it still waits for so long stops waiting (seconds).
STALE_SECONDS: Final = 15.0
#: A pairing nobody came to read is forgotten after so long (its game is in the player's list).
TOLD_SECONDS: Final = 120.0


@dataclass(frozen=True, slots=True)
class Entry:
    """A player's place in a pool: which pool, at what rating, since when, and their game once
    paired."""

    pool: str
    rating: float
    since: float
    game_id: str | None


@dataclass(frozen=True, slots=True)
class Waiter:
    """A player waiting in a pool, as a round pairs them: :class:`Waiting` by account id, with
    the player id and name the new game seats."""

    account_id: str
    player: str
    name: str
    rating: float
    since: float
    blocks: frozenset[str]

    def waiting(self) -> Waiting:
        return Waiting(self.account_id, self.rating, self.since, self.blocks)


class QuickPool:
    """The pools of quick play in ``store`` (see the module)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def join(self, account_id: str, pool: str, rating: float, *, now: float | None = None) -> None:
        """Wait in ``pool`` at ``rating`` (in another pool before: in this one instead; waiting
        here already: since then still)."""
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            # (a pairing nobody came to read is forgotten: the game is in the player's list)
            db.execute(
                quick_play.delete().where(
                    quick_play.c.game_id.is_not(None), quick_play.c.seen < at - TOLD_SECONDS
                )
            )
            found = db.execute(
                sa.select(quick_play.c.pool, quick_play.c.game_id).where(
                    quick_play.c.account_id == account_id
                )
            ).first()
            if found is not None and found.pool == pool and found.game_id is None:
                db.execute(
                    quick_play.update()
                    .where(quick_play.c.account_id == account_id)
                    .values(seen=at, rating=rating)
                )
                return
            db.execute(quick_play.delete().where(quick_play.c.account_id == account_id))
            db.execute(
                quick_play.insert().values(
                    account_id=account_id, pool=pool, rating=rating, since=at, seen=at
                )
            )

    def leave(self, account_id: str) -> bool:
        """Stop waiting (or forget a pairing already told): whether the player was there."""
        with self.store.transaction() as db:
            gone: int = db.execute(
                quick_play.delete().where(quick_play.c.account_id == account_id)
            ).rowcount
        return gone > 0

    def entry(self, account_id: str, *, now: float | None = None) -> Entry | None:
        """The player's place, if they wait (or were paired): reading it says the page still
        waits."""
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            db.execute(
                quick_play.update()
                .where(quick_play.c.account_id == account_id, quick_play.c.game_id.is_(None))
                .values(seen=at)
            )
            row = db.execute(
                sa.select(quick_play).where(quick_play.c.account_id == account_id)
            ).first()
        return None if row is None else Entry(row.pool, row.rating, row.since, row.game_id)

    def counts(self) -> dict[str, int]:
        """How many wait unpaired in each pool somebody waits in."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(quick_play.c.pool, sa.func.count())
                .where(quick_play.c.game_id.is_(None))
                .group_by(quick_play.c.pool)
            ).all()
        return {str(pool): int(count) for pool, count in rows}

    def pools(self) -> list[str]:
        """The pools somebody waits in now."""
        return sorted(self.counts())

    def waiting(self, pool: str, *, now: float | None = None) -> list[Waiter]:
        """Who waits in ``pool`` now, unpaired, oldest first, each with the accounts they block
        (those whose page went quiet are removed: a write only when there are some)."""
        at = time.time() if now is None else now
        unpaired = sa.and_(quick_play.c.pool == pool, quick_play.c.game_id.is_(None))
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(quick_play, accounts.c.player, accounts.c.name)
                .select_from(quick_play.join(accounts, accounts.c.id == quick_play.c.account_id))
                .where(unpaired)
                .order_by(quick_play.c.since, quick_play.c.account_id)
            ).all()
            blocked: dict[str, set[str]] = {}
            for relation in db.execute(
                sa.select(relations.c.account_id, relations.c.other_id).where(
                    relations.c.kind == "block",
                    relations.c.account_id.in_(sa.select(quick_play.c.account_id).where(unpaired)),
                )
            ):
                blocked.setdefault(relation.account_id, set()).add(relation.other_id)
        quiet = at - STALE_SECONDS
        stale = [row.account_id for row in rows if row.seen < quiet]
        if stale:
            with self.store.transaction() as db:
                db.execute(
                    quick_play.delete().where(
                        quick_play.c.account_id.in_(stale), unpaired, quick_play.c.seen < quiet
                    )
                )
        return [
            Waiter(
                row.account_id,
                row.player,
                row.name or "",
                row.rating,
                row.since,
                frozenset(blocked.get(row.account_id, ())),
            )
            for row in rows
            if row.seen >= quiet
        ]

    def paired(
        self, first_id: str, second_id: str, game_id: str, *, now: float | None = None
    ) -> bool:
        """Write that the two play ``game_id``: only if both still wait unpaired (else nothing
        is written, and False)."""
        at = time.time() if now is None else now
        try:
            with self.store.transaction() as db:
                done: int = db.execute(
                    quick_play.update()
                    .where(
                        quick_play.c.account_id.in_([first_id, second_id]),
                        quick_play.c.game_id.is_(None),
                    )
                    .values(game_id=game_id, seen=at)
                ).rowcount
                if done != 2:
                    raise _PairedMeanwhileError  # (rolls the transaction back)
        except _PairedMeanwhileError:
            return False
        return True


class _PairedMeanwhileError(Exception):
    """One of a pair was paired (or left) meanwhile: nothing written."""
