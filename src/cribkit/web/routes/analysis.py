"""The review of a finished game: the analysis of a seat's decisions (``docs/analysis.md``).

The analysis runs on the game's verifiable record, the one ``/record`` gives its owner: it is
asked only once the game is over, when nothing in the record is hidden from its owner any more
(so the ``hindsight`` values, from the whole deal, show nothing the record does not). At a
table of people a player reviews only the seats that player owns; against the computer, or at
one screen, any seat. Results are cached in memory per game and seat (a finished game's record
never changes): a restart forgets them, and they are made again when asked.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Any

from fastapi import APIRouter

from cribkit.analysis.game import analyse
from cribkit.games.errors import GameError
from cribkit.store.base import GameRow
from cribkit.web.context import Player, Storage, row_of
from cribkit.web.errors import ApiError
from cribkit.web.routes.saved import finished_record

router = APIRouter(tags=["analysis"])

#: The analyses made, newest last, per (game, seat); the oldest go past this many.
CACHE_SIZE = 256
_cache: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()


@router.get("/api/games/{game_id}/analysis")
async def analysis(
    game_id: str, store: Storage, player: Player, seat: int | None = None
) -> dict[str, Any]:
    """The analysis of ``seat``'s decisions (the player's own first seat by default) in the
    player's finished game, with the names of the seats: ``Analysis.to_json()`` and ``names``.
    A 409 while the game is being played, a 403 for another player's seat at a table of
    people, a 404 if the game is not the player's."""
    row = row_of(store, game_id, player)
    if row.status == "playing":
        raise ApiError(409, "not_finished", f"game {game_id} is not over: review it at its end")
    mine = row.seats_of(player)
    chosen = mine[0] if seat is None else seat
    seats = len(row.scores) or max(row.owners, default=0) + 1
    if not 0 <= chosen < seats:
        raise ApiError(422, "bad_seat", f"seat is 0 to {seats - 1}, not {chosen}")
    if row.mode == "table" and chosen not in mine:
        raise ApiError(403, "not_your_seat", f"seat {chosen} is another player's: review yours")
    key = (game_id, chosen)
    if key not in _cache:
        record = finished_record(store, game_id, player)
        try:
            made = await asyncio.to_thread(lambda: analyse(record, [chosen]).to_json())
        except GameError as error:
            raise ApiError(422, "bad_record", str(error)) from None
        _cache[key] = made
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    _cache.move_to_end(key)
    return {**_cache[key], "id": game_id, "seat": chosen, "names": seat_names(row, player)}


def seat_names(row: GameRow, player: str) -> list[str]:
    """What the review calls each seat: a person's name (the asking player is "You"), the
    computer with its level."""
    count = len(row.scores) or max(row.owners, default=0) + 1
    names = []
    for seat in range(count):
        owner = row.owners.get(seat)
        if owner is None:
            names.append(f"Computer ({row.level_of(seat)})")
        elif row.mode == "hotseat":
            names.append(row.table.names.get(seat, f"Player {seat + 1}"))
        elif owner == player:
            names.append("You")
        else:
            names.append(row.table.names.get(seat, f"Player {seat + 1}"))
    return names
