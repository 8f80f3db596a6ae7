"""Challenges between friends: an invitation to a table addressed to one account, which their
pages show wherever they are until it is taken, declined or cancelled (an invitation closed is
a challenge gone: :meth:`Challenges.to` lists only those whose invitation is still open).

Only a friend is challenged (someone on your friends list), never across a block either way.

>>> from cribkit.store.base import open_store
>>> from cribkit.accounts.store import AccountStore
>>> accounts = AccountStore(open_store("sqlite:///:memory:"))
>>> ann, bob = accounts.claim("p-ann", "Ann"), accounts.claim("p-bob", "Bob")
>>> Challenges(accounts).check(ann, bob)
Traceback (most recent call last):
...
cribkit.accounts.challenges.ChallengeError: Bob is not on your friends list: add them first
>>> accounts.relate(ann.id, bob.id, "friend"); Challenges(accounts).check(ann, bob)
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import sqlalchemy as sa

from cribkit.accounts.store import Account, AccountError, AccountStore
from cribkit.store.schema import accounts, challenges, invites, relations

__all__ = ["Challenge", "ChallengeError", "Challenges"]


class ChallengeError(AccountError):
    """A challenge that cannot be made: one line saying why."""


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge still open: the invitation's link code, its game, who challenges whom."""

    code: str
    game_id: str
    by: str
    to: str
    created: float


class Challenges:
    """The challenges in the accounts' store."""

    def __init__(self, accounts: AccountStore) -> None:
        self.accounts = accounts
        self.store = accounts.store

    def check(self, challenger: Account, friend: Account) -> None:
        """Raise :class:`ChallengeError` unless ``challenger`` may challenge ``friend``: on
        their friends list, no block either way."""
        if challenger.id == friend.id:
            raise ChallengeError("you cannot challenge yourself")
        if self.accounts.blocked_between(challenger.id, friend.id):
            raise ChallengeError(f"you cannot challenge {friend.shown_name}")
        with self.store.transaction(read=True) as db:
            listed = db.execute(
                sa.select(relations.c.kind).where(
                    relations.c.account_id == challenger.id,
                    relations.c.other_id == friend.id,
                    relations.c.kind == "friend",
                )
            ).first()
        if listed is None:
            raise ChallengeError(f"{friend.shown_name} is not on your friends list: add them first")

    def add(
        self,
        code: str,
        game_id: str,
        challenger: Account,
        friend: Account,
        *,
        now: float | None = None,
    ) -> None:
        """Address the invitation ``code`` (of ``game_id``) to ``friend``."""
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            db.execute(
                challenges.insert().values(
                    code=code, game_id=game_id, from_id=challenger.id, to_id=friend.id, created=at
                )
            )

    def to(self, account_id: str) -> list[Challenge]:
        """The open challenges to the account, newest first."""
        return self._open(challenges.c.to_id == account_id)

    def by(self, account_id: str) -> list[Challenge]:
        """The open challenges the account made, newest first."""
        return self._open(challenges.c.from_id == account_id)

    def _open(self, where: sa.ColumnElement[bool]) -> list[Challenge]:
        challenger, friend = accounts.alias("challenger"), accounts.alias("friend")
        query = (
            sa.select(challenges, challenger.c.name.label("by"), friend.c.name.label("to"))
            .select_from(
                challenges.join(invites, invites.c.code == challenges.c.code)
                .join(challenger, challenger.c.id == challenges.c.from_id)
                .join(friend, friend.c.id == challenges.c.to_id)
            )
            .where(where, challenger.c.deleted.is_(None), friend.c.deleted.is_(None))
            .order_by(challenges.c.created.desc())
        )
        with self.store.transaction(read=True) as db:
            rows = db.execute(query).all()
        return [Challenge(r.code, r.game_id, r.by, r.to, r.created) for r in rows]

    def remove(self, code: str, to_id: str | None = None) -> Challenge | None:
        """Forget the challenge of ``code`` (declined: only by ``to_id``, if given); what it
        was, if there was one."""
        where = challenges.c.code == code
        if to_id is not None:
            where = sa.and_(where, challenges.c.to_id == to_id)
        with self.store.transaction() as db:
            row = db.execute(sa.select(challenges).where(where)).first()
            if row is None:
                return None
            db.execute(challenges.delete().where(challenges.c.code == code))
        names = [self.accounts.by_id(row.from_id), self.accounts.by_id(row.to_id)]
        by, to = (found.shown_name if found else "" for found in names)
        return Challenge(row.code, row.game_id, by, to, row.created)
