"""What the routers share: the server's live games and store, taken from the app's state, and
the player of the request's session (``docs/web.md``, "Players and sessions"): a signed-in
device's session is asked of the store at each request, so that a device signed out from
another (or an account deleted) is a new guest at its next request."""

from __future__ import annotations

import secrets
from typing import Annotated, Any, cast

from fastapi import Depends, Request

from cribkit.accounts.store import AccountStore
from cribkit.store.base import GameRow, Store
from cribkit.web.errors import ApiError
from cribkit.web.manager import SessionManager

__all__ = ["SIGNED_IN", "Games", "Player", "Storage", "player_of", "row_of", "signed_in_still"]


def _manager(request: Request) -> SessionManager:
    return cast(SessionManager, request.app.state.manager)


def _store(request: Request) -> Store:
    return cast(Store, request.app.state.store)


#: The session's key of a signed-in device's secret (``cribkit.accounts``).
SIGNED_IN = "account"


def signed_in_still(session: dict[str, Any], store: Store) -> bool:
    """Whether a session signed in to an account is still signed in (not ended from another
    device, the account not deleted); one that is not is emptied: a new guest. True for a
    guest's session."""
    secret = session.get(SIGNED_IN)
    if secret is None:
        return True
    if isinstance(secret, str) and AccountStore(store).session(secret) is not None:
        return True
    session.clear()
    return False


def player_of(session: dict[str, Any]) -> str:
    """The player id of a (signed cookie) session, given a new random one if it has none."""
    player = session.get("player")
    if not isinstance(player, str) or not player:
        player = session["player"] = secrets.token_urlsafe(18)
        session.pop("name", None)
    return player


def _player(request: Request) -> str:
    signed_in_still(request.session, _store(request))
    return player_of(request.session)


#: The server's live games, for a route's parameters.
Games = Annotated[SessionManager, Depends(_manager)]
#: The server's store, for a route's parameters.
Storage = Annotated[Store, Depends(_store)]
#: The player id of the request's session (a new session gets one, and its cookie).
Player = Annotated[str, Depends(_player)]


def row_of(store: Store, game_id: str, player: str) -> GameRow:
    """The stored game ``game_id`` if ``player`` owns it; a 404 if there is none or it is
    someone else's (a stranger does not learn that it exists)."""
    row = store.load_game(game_id)
    if row is None or not row.owned_by(player):
        raise ApiError(404, "not_found", f"no game {game_id!r}")
    return row
