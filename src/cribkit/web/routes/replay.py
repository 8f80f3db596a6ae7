"""Replays: step through an uploaded or a stored record, each step with the view of a seat.

The steps come from :func:`cribkit.games.records.steps`, the same generator ``cribkit replay``
uses, and each carries the view of the seat that asked, so that the viewer draws what that
seat saw (a record holds the whole deal: nothing in it is hidden from its owner).
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request

from cribkit.games.chance import is_fair_seed
from cribkit.games.errors import RecordError
from cribkit.games.records import steps
from cribkit.games.verification import verify_record
from cribkit.web.context import Player, Storage
from cribkit.web.errors import ApiError
from cribkit.web.guard import BadJsonError, parse_json
from cribkit.web.routes.saved import finished_record

router = APIRouter(tags=["replay"])


@router.post("/api/replay")
async def replay_upload(request: Request, seat: int = 0) -> dict[str, Any]:
    """Step through a record: the opening, then one step per action, each with the view of
    ``seat``."""
    body = await _json_body(request)
    return await asyncio.to_thread(replay_steps, body, seat)


@router.post("/api/verify")
async def verify_upload(request: Request) -> dict[str, Any]:
    """Verify a record (``docs/records.md``, "Fair deals"): its commitment is its seed's, every
    deck is the seed's and its actions replay; ``ok`` and a one-line ``summary``, or the
    ``problem`` (the first deal that does not match)."""
    body = await _json_body(request)
    try:
        check = await asyncio.to_thread(verify_record, body)
    except RecordError as error:
        raise ApiError(422, "bad_record", str(error)) from None
    return {
        "ok": check.ok,
        "summary": check.summary(),
        "problem": check.problem,
        "game": check.game,
        "deals": check.deals,
        "commitment": check.commitment,
        "fair": is_fair_seed(check.seed),
        "note": check.note,
    }


async def _json_body(request: Request) -> Any:
    """The body as JSON, nested no deeper than the guard allows (a record is shallow): a body
    nested 100,000 deep is a 422 like any other bad record, never a recursion."""
    try:
        return parse_json(await request.body())
    except BadJsonError as error:
        raise ApiError(422, "bad_record", f"a record is a JSON object: {error}") from None


@router.get("/api/games/{game_id}/replay")
async def replay_stored(
    game_id: str, store: Storage, player: Player, seat: int = 0
) -> dict[str, Any]:
    """The replay of the player's finished stored game, each step with the view of ``seat``."""
    record = finished_record(store, game_id, player)
    return await asyncio.to_thread(replay_steps, record, seat)


def replay_steps(record: Any, seat: int = 0) -> dict[str, Any]:
    """The replay viewer's steps of a record; a bad one is a 422 naming the first bad action."""
    if not isinstance(record, dict):
        raise ApiError(422, "bad_record", "a record is a JSON object")
    out: list[dict[str, Any]] = []
    note = None
    try:
        for step in steps(record):
            note = step.convention.note if step.convention is not None else None
            state = step.state
            if not out and not 0 <= seat < state.rules.seats:
                raise ApiError(
                    422,
                    "bad_seat",
                    f"seat is a seat of this game, 0 to {state.rules.seats - 1}, not {seat}",
                )
            out.append(
                {
                    "action": None if step.action is None else step.action.to_dict(),
                    "events": [e.to_json() for e in step.events],
                    "scores": list(state.scores),
                    "view": state.observation(seat).to_json(),
                }
            )
    except RecordError as error:
        raise ApiError(422, "bad_record", str(error)) from None
    result = state.result
    return {
        "game": state.rules.GAME,
        "spec": state.rules.spec(),
        "seat": seat,
        "steps": out,
        "result": None if result is None else result.to_dict(),
        # How an old record was replayed, when its version leaves that open (docs/records.md).
        "note": note,
    }
