"""What the routers share: the server's live games and store, taken from the app's state."""

from __future__ import annotations

from typing import Annotated, cast

from fastapi import Depends, Request

from cribkit.store.base import GameRow, Store
from cribkit.web.errors import ApiError
from cribkit.web.sessions import SessionManager

__all__ = ["Games", "Storage", "row_of"]


def _manager(request: Request) -> SessionManager:
    return cast(SessionManager, request.app.state.manager)


def _store(request: Request) -> Store:
    return cast(Store, request.app.state.store)


#: The server's live games, for a route's parameters.
Games = Annotated[SessionManager, Depends(_manager)]
#: The server's store, for a route's parameters.
Storage = Annotated[Store, Depends(_store)]


def row_of(store: Store, game_id: str) -> GameRow:
    """The stored game ``game_id``; a 404 if there is none."""
    row = store.load_game(game_id)
    if row is None:
        raise ApiError(404, "not_found", f"no game {game_id!r}")
    return row
