"""Saved games: the list, resuming or abandoning one, and the record of one that is over."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from cribkit.events.store import EventGames
from cribkit.games.records import replay
from cribkit.games.verification import verifiable_record
from cribkit.store.base import GameRow
from cribkit.web.abandoning import abandon
from cribkit.web.context import Games, Player, Storage, row_of
from cribkit.web.errors import ApiError
from cribkit.web.messages import WebError

router = APIRouter(tags=["saved games"])


@router.get("/api/games/saved")
def saved_games(store: Storage, player: Player) -> list[dict[str, Any]]:
    """The player's stored games, newest first (no tokens, no seed)."""
    return [_saved_entry(row) for row in store.list_games() if row.owned_by(player)]


@router.get("/api/games/{game_id}/resume")
def resume(game_id: str, store: Storage, player: Player) -> dict[str, Any]:
    """The seat tokens of the player's unfinished game (anyone else's is a 404)."""
    row = row_of(store, game_id, player)
    if row.status == "abandoned":
        raise ApiError(409, "abandoned", f"game {game_id} was abandoned: watch its replay")
    if row.status != "playing":
        raise ApiError(409, "finished", f"game {game_id} is over: watch its replay")
    # Only the player's own seats: a friend's token never leaves the server but to the friend.
    mine = {s: t for s, t in row.tokens.items() if not row.owners or row.owners.get(s) == player}
    return {"id": row.id, "tokens": {str(s): t for s, t in mine.items()}}


@router.post("/api/games/{game_id}/abandon")
async def abandon_game(game_id: str, manager: Games, player: Player) -> dict[str, Any]:
    """Abandon the player's unfinished game (body ``{}``): against the computer or at one
    screen it ends; at a table of people the player resigns, and the others win. Its saved
    entry, now ``"abandoned"``; a 409 for a game over already, a 404 for anyone else's."""
    session = await manager.open(game_id)
    if session is None or not session.row.owned_by(player):
        raise ApiError(404, "not_found", f"no game {game_id!r}")
    try:
        row = await abandon(session, player)
    except WebError as error:
        status = 503 if error.code == "unavailable" else 409
        raise ApiError(status, error.code, error.message) from None
    manager.release(session)
    return _saved_entry(row)


@router.get("/api/games/{game_id}/record")
def record(game_id: str, store: Storage, player: Player) -> dict[str, Any]:
    """The verifiable record of the player's finished game: its seed, the seed's commitment and
    every deck as dealt (before the end it would show the deck order)."""
    return finished_record(store, game_id, player)


def finished_record(store: Any, game_id: str, player: str) -> dict[str, Any]:
    """The record of ``player``'s finished game ``game_id``, or of anybody's finished rated
    game (public, as on a profile); a 409 while it is being played, a 404 if it is not the
    player's."""
    found = store.load_game(game_id)
    public = found is not None and found.table.rated is not None and found.status == "finished"
    row = found if public else row_of(store, game_id, player)
    if row.status == "playing":
        raise ApiError(
            409, "not_finished", f"game {game_id} is not over: its record holds the seed"
        )
    if sealed(store, row):
        raise ApiError(
            409, "sealed", f"game {game_id} was dealt its round's duplicate deals: its record "
            "waits for the round's last game to end",
        )  # fmt: skip
    return verifiable_game_record(row, store.load_actions(game_id))


def sealed(store: Any, row: GameRow) -> bool:
    """Whether ``row`` is a table of an event round of duplicate deals still being played (its
    cards are being played at the round's other tables)."""
    return bool(row.table.sealed) and not EventGames(store).round_over(row.table.sealed)


def verifiable_game_record(row: GameRow, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The record of a stored finished game with its seed's commitment and the decks as dealt,
    so that anybody can check the deal (the game is over: nothing in it is hidden any more)."""
    record = full_record(row, actions)
    verifiable = verifiable_record(replay(record).state)
    for key in ("result", "meta"):
        if key in record:
            verifiable[key] = record[key]
    return verifiable


def full_record(row: GameRow, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The JSON record of a stored game and its actions, without a version: a game stored by
    an older engine replays by that engine's conventions (``docs/records.md``, "Versions and
    old records"), and the record made from the state it replays to says its own version."""
    out: dict[str, Any] = {
        "game": row.game,
        "rules": row.rules,
        "seed": row.seed,
        **row.table.start,
        "actions": actions,
    }
    if row.status == "abandoned" and row.result is not None:
        # The actions end no game: the record says who left it instead (``result`` would be
        # checked against the actions, and no rule gave this one).
        out["meta"] = {"abandoned": row.result["abandoned"], "winners": row.result["winners"]}
    elif row.result is not None:
        out["result"] = row.result
    if row.table.deal:
        # A practice game's record says which deal it is (the day's, or a seed the player chose).
        out["meta"] = {**out.get("meta", {}), "deal": row.table.deal}
    if row.practice:
        # (an undo was used, or the player chose the deal: not in the statistics)
        out["meta"] = {**out.get("meta", {}), "practice": True}
    return out


def _saved_entry(row: GameRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "spec": row.spec,
        "mode": row.mode,
        "ai": row.ai,
        "status": row.status,
        "created": row.created,
        "updated": row.updated,
        "scores": list(row.scores),
        "result": row.result,
        "practice": row.practice,
    }
