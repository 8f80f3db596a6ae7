"""Accounts in the store's database (the tables of :mod:`cribkit.store.schema`, on SQLite and
PostgreSQL alike): claiming a name, passwords, the sessions of each device, deleting.

An account is the player id a guest already plays under, given a name: every game, statistic
and setting kept under that id stays the account's. A session is a secret the device's cookie
holds; the store keeps only its SHA-256, with the device and its last use.

>>> from cribkit.store.base import open_store
>>> accounts = AccountStore(open_store("sqlite:///:memory:"))
>>> ann = accounts.claim("p-ann", "Ann")
>>> accounts.by_name("ANN") == ann, accounts.by_player("p-ann") == ann
(True, True)
>>> accounts.claim("p-other", "\\u0410nn")
Traceback (most recent call last):
...
cribkit.accounts.store.NameTakenError: the name 'Аnn' is taken: choose another
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from cribkit.accounts.names import check_name, name_key
from cribkit.store.base import Store, StoreError
from cribkit.store.schema import (
    account_sessions,
    accounts,
    challenges,
    link_codes,
    passkeys,
    quick_play,
    rating_history,
    ratings,
    relations,
)

#: What a deleted account's games call it.
DELETED_NAME: Final = "deleted player"
#: What one account may be to another.
RELATIONS: Final = ("friend", "block")
#: How long a code that signs another device in lasts.
LINK_SECONDS: Final = 300.0
#: A session's last use is written at most once in so many seconds (every request asks).
TOUCH_SECONDS: Final = 60.0
#: The longest a device's description is kept.
DEVICE_LENGTH: Final = 120


class AccountError(ValueError):
    """A request about accounts that cannot be met: one line saying why."""


class NameTakenError(AccountError):
    """The name (or one drawn like it) is another account's."""


class AlreadyNamedError(AccountError):
    """The player already has an account."""


@dataclass(frozen=True, slots=True)
class Account:
    """An account: its id, the player id it plays under, its name (None once deleted)."""

    id: str
    player: str
    name: str | None
    created: float
    has_password: bool
    deleted: float | None = None

    @property
    def shown_name(self) -> str:
        """The name games show: "deleted player" once the account is deleted."""
        return self.name if self.name is not None else DELETED_NAME


@dataclass(frozen=True, slots=True)
class Session:
    """A device's session: its id (the secret's SHA-256), the device, when it began and was
    last used."""

    id: str
    account_id: str
    device: str
    created: float
    last_used: float


@dataclass(frozen=True, slots=True)
class StoredPasskey:
    """A passkey as the store keeps it: credential id and public key (base64url), counter,
    transports, the device it was made on, when made and last used."""

    id: str
    public_key: str
    sign_count: int
    transports: tuple[str, ...]
    label: str
    created: float
    last_used: float | None = None


def _passkey(row: Any) -> StoredPasskey:
    return StoredPasskey(
        id=row.id,
        public_key=row.public_key,
        sign_count=row.sign_count,
        transports=tuple(json.loads(row.transports)),
        label=row.label,
        created=row.created,
        last_used=row.last_used,
    )


def secret_digest(secret: str) -> str:
    """The SHA-256 (hex) the store keeps of a session's or a code's secret."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _account(row: Any) -> Account:
    return Account(
        id=row.id,
        player=row.player,
        name=row.name,
        created=row.created,
        has_password=row.password is not None,
        deleted=row.deleted,
    )


class AccountStore:
    """The accounts of ``store``'s database."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def claim(self, player: str, name: str, *, now: float | None = None) -> Account:
        """Give the player ``player`` the name ``name`` (:func:`~cribkit.accounts.names.
        check_name`): :class:`NameTakenError` if it is another's (or drawn like another's),
        :class:`AlreadyNamedError` if the player has an account already."""
        shown = check_name(name)
        row = {
            "id": "a" + secrets.token_urlsafe(12),
            "player": player,
            "name": shown,
            "name_key": name_key(shown),
            "password": None,
            "created": time.time() if now is None else now,
            "deleted": None,
        }
        try:
            with self.store.transaction() as db:
                if db.execute(sa.select(accounts.c.id).where(accounts.c.player == player)).first():
                    raise AlreadyNamedError("you have a name already: one account a player")
                taken = sa.select(accounts.c.id).where(accounts.c.name_key == row["name_key"])
                if db.execute(taken).first():
                    raise NameTakenError(f"the name {shown!r} is taken: choose another")
                db.execute(accounts.insert().values(**row))
        except StoreError as error:
            # Two claims at once: the unique keys decide, the second is told so.
            if isinstance(error.__context__, IntegrityError):
                raise NameTakenError(f"the name {shown!r} is taken: choose another") from None
            raise
        return self._get(accounts.c.id == row["id"])

    def _get(self, where: sa.ColumnElement[bool]) -> Account:
        found = self._find(where)
        if found is None:
            raise AccountError("no such account")
        return found

    def _find(self, where: sa.ColumnElement[bool]) -> Account | None:
        with self.store.transaction(read=True) as db:
            row = db.execute(sa.select(accounts).where(where)).first()
        return _account(row) if row is not None else None

    def by_id(self, account_id: str) -> Account | None:
        return self._find(accounts.c.id == account_id)

    def by_player(self, player: str) -> Account | None:
        """The account the player id plays under, if it has one."""
        return self._find(accounts.c.player == player)

    def by_name(self, name: str) -> Account | None:
        """The account of ``name`` (or of a name drawn like it), if any."""
        return self._find(accounts.c.name_key == name_key(name))

    def password_hash(self, account_id: str) -> str | None:
        """The account's password hash, if it has a password."""
        with self.store.transaction(read=True) as db:
            found: str | None = db.execute(
                sa.select(accounts.c.password).where(accounts.c.id == account_id)
            ).scalar()
        return found

    def set_password(self, account_id: str, hashed: str | None) -> None:
        """Keep ``hashed`` as the account's password hash (None: no password any more)."""
        with self.store.transaction() as db:
            db.execute(accounts.update().where(accounts.c.id == account_id).values(password=hashed))

    def add_passkey(
        self,
        account_id: str,
        passkey: StoredPasskey,
    ) -> None:
        """Keep a passkey registered by the account."""
        with self.store.transaction() as db:
            db.execute(
                passkeys.insert().values(
                    id=passkey.id,
                    account_id=account_id,
                    public_key=passkey.public_key,
                    sign_count=passkey.sign_count,
                    transports=json.dumps(list(passkey.transports)),
                    label=passkey.label[:DEVICE_LENGTH],
                    created=passkey.created,
                    last_used=None,
                )
            )

    def passkeys_of(self, account_id: str) -> list[StoredPasskey]:
        """The account's passkeys, the oldest first."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(passkeys)
                .where(passkeys.c.account_id == account_id)
                .order_by(passkeys.c.created)
            ).all()
        return [_passkey(row) for row in rows]

    def passkey(self, credential_id: str) -> tuple[Account, StoredPasskey] | None:
        """The passkey of ``credential_id`` and its account (None: no such passkey, or its
        account deleted)."""
        with self.store.transaction(read=True) as db:
            row = db.execute(sa.select(passkeys).where(passkeys.c.id == credential_id)).first()
            owner = (
                db.execute(sa.select(accounts).where(accounts.c.id == row.account_id)).first()
                if row is not None
                else None
            )
        if row is None or owner is None or owner.deleted is not None:
            return None
        return _account(owner), _passkey(row)

    def passkey_used(
        self, credential_id: str, sign_count: int, *, now: float | None = None
    ) -> None:
        """Note a passkey's sign-in: its counter and when."""
        with self.store.transaction() as db:
            db.execute(
                passkeys.update()
                .where(passkeys.c.id == credential_id)
                .values(sign_count=sign_count, last_used=time.time() if now is None else now)
            )

    def remove_passkey(self, account_id: str, credential_id: str) -> bool:
        """Remove one of the account's passkeys: whether there was one. Never the last way to
        sign in: :class:`AccountError` when the account has no password and no other passkey."""
        with self.store.transaction() as db:
            others = db.execute(
                sa.select(sa.func.count()).where(
                    passkeys.c.account_id == account_id, passkeys.c.id != credential_id
                )
            ).scalar_one()
            password = db.execute(
                sa.select(accounts.c.password).where(accounts.c.id == account_id)
            ).scalar()
            if not others and password is None:
                raise AccountError(
                    "a passkey is removed only while a password or another signs you in"
                )
            removed: int = db.execute(
                passkeys.delete().where(
                    passkeys.c.account_id == account_id, passkeys.c.id == credential_id
                )
            ).rowcount
        return bool(removed)

    def passkey_count(self, account_id: str) -> int:
        """How many passkeys sign the account in."""
        with self.store.transaction(read=True) as db:
            count: int = db.execute(
                sa.select(sa.func.count()).where(passkeys.c.account_id == account_id)
            ).scalar_one()
        return count

    def open_session(
        self, account_id: str, device: str, *, now: float | None = None
    ) -> tuple[str, Session]:
        """A new session of the account on ``device``: its secret (for the device's cookie,
        kept nowhere else) and the session as the store keeps it."""
        secret = secrets.token_urlsafe(32)
        at = time.time() if now is None else now
        session = Session(secret_digest(secret), account_id, device[:DEVICE_LENGTH], at, at)
        with self.store.transaction() as db:
            db.execute(
                account_sessions.insert().values(
                    id=session.id,
                    account_id=account_id,
                    device=session.device,
                    created=at,
                    last_used=at,
                )
            )
        return secret, session

    def session(self, secret: str, *, now: float | None = None) -> tuple[Account, Session] | None:
        """The account and session of a cookie's secret (its last use now, written once a
        minute at most), or None if it is no session (ended, or never was)."""
        digest = secret_digest(secret)
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            row = db.execute(
                sa.select(account_sessions).where(account_sessions.c.id == digest)
            ).first()
            if row is None:
                return None
            if at - row.last_used >= TOUCH_SECONDS:
                db.execute(
                    account_sessions.update()
                    .where(account_sessions.c.id == digest)
                    .values(last_used=at)
                )
            else:
                at = row.last_used
            owner = db.execute(sa.select(accounts).where(accounts.c.id == row.account_id)).first()
        if owner is None or owner.deleted is not None:
            return None
        return _account(owner), Session(row.id, row.account_id, row.device, row.created, at)

    def sessions(self, account_id: str) -> list[Session]:
        """The account's sessions, the last used first."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(account_sessions)
                .where(account_sessions.c.account_id == account_id)
                .order_by(account_sessions.c.last_used.desc())
            ).all()
        return [Session(r.id, r.account_id, r.device, r.created, r.last_used) for r in rows]

    def end_session(self, account_id: str, session_id: str) -> bool:
        """End one of the account's sessions (sign that device out): whether there was one."""
        with self.store.transaction() as db:
            ended = db.execute(
                account_sessions.delete().where(
                    account_sessions.c.account_id == account_id,
                    account_sessions.c.id == session_id,
                )
            ).rowcount
        return bool(ended)

    def end_sessions(self, account_id: str, *, keep: str | None = None) -> int:
        """End every session of the account (but ``keep``'s): how many were ended."""
        where = account_sessions.c.account_id == account_id
        if keep is not None:
            where = sa.and_(where, account_sessions.c.id != keep)
        with self.store.transaction() as db:
            ended: int = db.execute(account_sessions.delete().where(where)).rowcount
        return ended

    def relate(
        self, account_id: str, other_id: str, kind: str, *, now: float | None = None
    ) -> None:
        """Make ``other_id`` the account's friend or blocked (``kind``); blocking someone ends
        the friendship of each with the other. Nobody relates to themselves."""
        if kind not in RELATIONS:
            raise AccountError(f"a relation is a friend or a block, not {kind!r}")
        if account_id == other_id:
            raise AccountError("you cannot be your own friend or block yourself")
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            if kind == "block":
                db.execute(
                    relations.delete().where(
                        relations.c.kind == "friend",
                        sa.or_(
                            sa.and_(
                                relations.c.account_id == account_id,
                                relations.c.other_id == other_id,
                            ),
                            sa.and_(
                                relations.c.account_id == other_id,
                                relations.c.other_id == account_id,
                            ),
                        ),
                    )
                )
            exists = db.execute(
                sa.select(relations.c.kind).where(
                    relations.c.account_id == account_id,
                    relations.c.other_id == other_id,
                    relations.c.kind == kind,
                )
            ).first()
            if exists is None:
                db.execute(
                    relations.insert().values(
                        account_id=account_id, other_id=other_id, kind=kind, created=at
                    )
                )

    def unrelate(self, account_id: str, other_id: str, kind: str) -> bool:
        """Take ``other_id`` off the account's friends or blocks: whether they were on it."""
        with self.store.transaction() as db:
            gone: int = db.execute(
                relations.delete().where(
                    relations.c.account_id == account_id,
                    relations.c.other_id == other_id,
                    relations.c.kind == kind,
                )
            ).rowcount
        return bool(gone)

    def related(self, account_id: str, kind: str) -> list[tuple[Account, float | None]]:
        """The account's friends or blocks (``kind``), by name, each with its last use of any
        device (its presence: None if signed in nowhere)."""
        seen = sa.func.max(account_sessions.c.last_used)
        query = (
            sa.select(accounts, seen.label("seen"))
            .select_from(
                relations.join(accounts, accounts.c.id == relations.c.other_id).outerjoin(
                    account_sessions, account_sessions.c.account_id == accounts.c.id
                )
            )
            .where(relations.c.account_id == account_id, relations.c.kind == kind)
            .where(accounts.c.deleted.is_(None))
            .group_by(*accounts.c)
            .order_by(accounts.c.name_key)
        )
        with self.store.transaction(read=True) as db:
            rows = db.execute(query).all()
        return [(_account(row), row.seen) for row in rows]

    def blocked_between(self, first_id: str, second_id: str) -> bool:
        """Whether either account blocks the other."""
        with self.store.transaction(read=True) as db:
            found = db.execute(
                sa.select(relations.c.kind).where(
                    relations.c.kind == "block",
                    sa.or_(
                        sa.and_(
                            relations.c.account_id == first_id, relations.c.other_id == second_id
                        ),
                        sa.and_(
                            relations.c.account_id == second_id, relations.c.other_id == first_id
                        ),
                    ),
                )
            ).first()
        return found is not None

    def ratings_of(self, account_id: str) -> list[dict[str, Any]]:
        """The account's rating in each pool it has played: ``{"pool", "rating", "deviation",
        "volatility", "games", "updated"}``."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(ratings)
                .where(ratings.c.account_id == account_id)
                .order_by(ratings.c.pool)
            ).all()
        return [dict(row._mapping) for row in rows]

    def rating_history(self, account_id: str, *, last: int = 100) -> dict[str, list[list[float]]]:
        """The account's rating after each of its last ``last`` rated games, by pool, oldest
        first: ``{pool: [[at, rating, deviation], ...]}``."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(rating_history)
                .where(rating_history.c.account_id == account_id)
                .order_by(rating_history.c.at.desc())
                .limit(last)
            ).all()
        history: dict[str, list[list[float]]] = {}
        for row in reversed(rows):
            history.setdefault(row.pool, []).append([row.at, row.rating, row.deviation])
        return history

    def add_link_code(self, account_id: str, code: str, *, now: float | None = None) -> float:
        """Keep ``code`` (its SHA-256) as the account's one code that signs another device in,
        for :data:`LINK_SECONDS` (an older code of the account is gone): when it expires."""
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            db.execute(link_codes.delete().where(link_codes.c.account_id == account_id))
            db.execute(link_codes.delete().where(link_codes.c.expires <= at))
            db.execute(
                link_codes.insert().values(
                    code=secret_digest(code), account_id=account_id, expires=at + LINK_SECONDS
                )
            )
        return at + LINK_SECONDS

    def use_link_code(self, code: str, *, now: float | None = None) -> Account | None:
        """The account whose code ``code`` is, the code used up (once only); None for a code
        that is not one (wrong, used or expired)."""
        at = time.time() if now is None else now
        digest = secret_digest(code)
        with self.store.transaction() as db:
            row = db.execute(sa.select(link_codes).where(link_codes.c.code == digest)).first()
            if row is None:
                return None
            taken = db.execute(link_codes.delete().where(link_codes.c.code == digest)).rowcount
            if not taken or row.expires <= at:
                return None
        found = self.by_id(row.account_id)
        return found if found is not None and found.deleted is None else None

    def delete(self, account_id: str, *, now: float | None = None) -> None:
        """Delete the account: its name, password, passkeys, sessions, codes, friends and
        blocks, ratings and their history gone; its row kept, and its games kept with its seats'
        names "deleted player"."""
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            for table in (
                passkeys,
                account_sessions,
                link_codes,
                ratings,
                rating_history,
                quick_play,
            ):
                db.execute(table.delete().where(table.c.account_id == account_id))
            db.execute(
                challenges.delete().where(
                    sa.or_(challenges.c.from_id == account_id, challenges.c.to_id == account_id)
                )
            )
            db.execute(
                relations.delete().where(
                    sa.or_(relations.c.account_id == account_id, relations.c.other_id == account_id)
                )
            )
            db.execute(
                accounts.update()
                .where(accounts.c.id == account_id)
                .values(name=None, name_key=None, password=None, deleted=at)
            )
        found = self.by_id(account_id)
        if found is None:
            return
        for row in self.store.list_games():
            seats = row.seats_of(found.player)
            if seats and any(row.table.names.get(seat) != DELETED_NAME for seat in seats):
                names = {**row.table.names, **dict.fromkeys(seats, DELETED_NAME)}
                self.store.save_table(row.id, dataclasses.replace(row.table, names=names))
