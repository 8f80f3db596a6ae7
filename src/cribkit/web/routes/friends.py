"""Friends and blocks of an account (``docs/web.md``, "Accounts"): a friend is on your list
with their presence (a device of theirs used in the last five minutes); a player you block is
never paired with you and cannot sit at your tables (nor you at theirs)."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel

from cribkit.accounts.store import Account, AccountError, AccountStore
from cribkit.store.base import GameRow, Store
from cribkit.web.context import Storage
from cribkit.web.errors import ApiError
from cribkit.web.routes.account import signed_in

router = APIRouter(tags=["accounts"])

#: A friend counts as here when a device of theirs was used this recently (seconds).
PRESENT_SECONDS = 300.0


class Someone(BaseModel):
    """The body of ``POST /api/account/friends`` and ``/blocks``."""

    name: str


def _other(store: Store, name: str) -> Account:
    found = AccountStore(store).by_name(name) if len(name) <= 64 else None
    if found is None or found.name is None:
        raise ApiError(404, "not_found", f"no player named {name[:40]!r}")
    return found


def _listed(store: Store, account: Account, kind: str) -> list[dict[str, Any]]:
    now = time.time()
    return [
        {"name": other.name, "online": seen is not None and now - seen <= PRESENT_SECONDS}
        for other, seen in AccountStore(store).related(account.id, kind)
    ]


def _add(request: Request, store: Store, name: str, kind: str) -> list[dict[str, Any]]:
    found, _ = signed_in(request, store)
    try:
        AccountStore(store).relate(found.id, _other(store, name).id, kind)
    except AccountError as error:
        raise ApiError(422, "bad_request", str(error)) from None
    return _listed(store, found, kind)


def _remove(request: Request, store: Store, name: str, kind: str) -> list[dict[str, Any]]:
    found, _ = signed_in(request, store)
    if not AccountStore(store).unrelate(found.id, _other(store, name).id, kind):
        raise ApiError(404, "not_found", f"{name[:40]!r} is not on your list")
    return _listed(store, found, kind)


@router.get("/api/account/friends")
def friends(request: Request, store: Storage) -> list[dict[str, Any]]:
    """Your friends by name, each ``{"name", "online"}``."""
    return _listed(store, signed_in(request, store)[0], "friend")


@router.post("/api/account/friends")
def add_friend(body: Someone, request: Request, store: Storage) -> list[dict[str, Any]]:
    """Add a friend by name (from their profile, or the people you played): your list."""
    return _add(request, store, body.name, "friend")


@router.delete("/api/account/friends/{name}")
def remove_friend(name: str, request: Request, store: Storage) -> list[dict[str, Any]]:
    return _remove(request, store, name, "friend")


@router.get("/api/account/blocks")
def blocks(request: Request, store: Storage) -> list[dict[str, Any]]:
    """The players you block, by name."""
    return _listed(store, signed_in(request, store)[0], "block")


@router.post("/api/account/blocks")
def block(body: Someone, request: Request, store: Storage) -> list[dict[str, Any]]:
    """Block a player (a friendship either way ends)."""
    return _add(request, store, body.name, "block")


@router.delete("/api/account/blocks/{name}")
def unblock(name: str, request: Request, store: Storage) -> list[dict[str, Any]]:
    return _remove(request, store, name, "block")


def table_refused(store: Store, row: GameRow, player: str) -> bool:
    """Whether ``player`` may not sit at the table of ``row``: the host and they are accounts
    and one blocks the other."""
    if row.table.host is None or row.table.host == player:
        return False
    accounts = AccountStore(store)
    host, guest = accounts.by_player(row.table.host), accounts.by_player(player)
    return host is not None and guest is not None and accounts.blocked_between(host.id, guest.id)
