"""The puzzles in the browser (``docs/analysis.md``, "Puzzles"; ``docs/web.md``).

A position is sent without its answer: the seat's view, the question and the choices' keys
(sorted, so the best is not first), never their values or the words. The verdict of an answer
is :func:`cribkit.analysis.puzzles.check`'s. The streaks and the history are kept by the
browser (its local storage), not by the server.

The daily classic deal is a game (``POST /api/games`` with ``daily``); once its first deal is
over, its player asks here for "your result against the expert's on the same cards"
(:func:`cribkit.analysis.daily_deal.compare`). Before then the answer is refused, so that the
expert's result tells nothing of cards still to come.
"""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel

from cribkit.analysis import daily_deal, puzzles
from cribkit.games.errors import GameError
from cribkit.games.protocol import Action
from cribkit.web.context import Player, Storage, row_of
from cribkit.web.errors import ApiError

router = APIRouter(tags=["puzzles"])


class Answer(BaseModel):
    """An answer as a player writes it: ``"4d 4s"``, ``"8c"``, ``"C1"``, a Tiles play's key."""

    answer: str


def position(puzzle: Mapping[str, Any]) -> dict[str, Any]:
    """What a client is sent of a puzzle: everything but the answer, the values and the words."""
    return {
        "id": puzzle["id"],
        "game": puzzle["game"],
        "kind": puzzle["kind"],
        "question": puzzle["question"],
        "view": puzzle["view"],
        "options": sorted(str(c["key"]) for c in puzzle["choices"]),
        "count": len(puzzles.load()),
        "next": _next_id(str(puzzle["id"])),
    }


def _next_id(puzzle_id: str) -> str:
    ids = [str(p["id"]) for p in puzzles.load()]
    return ids[(ids.index(puzzle_id) + 1) % len(ids)]


def _date(text: str | None) -> datetime.date:
    if text is None:
        return datetime.datetime.now(datetime.UTC).date()
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ApiError(422, "bad_date", f"date is YYYY-MM-DD, not {text!r}") from None


def _puzzle(puzzle_id: str) -> dict[str, Any]:
    try:
        return puzzles.by_id(puzzle_id)
    except puzzles.PuzzleError as error:
        raise ApiError(404, "no_puzzle", str(error)) from None


@router.get("/api/puzzles/daily")
async def daily(date: str | None = None, game: str | None = None) -> dict[str, Any]:
    """The day's puzzle (today's, UTC, by default), of ``game`` or of any game."""
    day = _date(date)
    try:
        puzzle = puzzles.daily(day, game)
    except puzzles.PuzzleError as error:
        raise ApiError(422, "bad_game", str(error)) from None
    return {**position(puzzle), "date": day.isoformat()}


@router.get("/api/puzzles/{puzzle_id}")
async def one(puzzle_id: str) -> dict[str, Any]:
    """The puzzle ``puzzle_id``, its position only."""
    return position(_puzzle(puzzle_id))


@router.post("/api/puzzles/{puzzle_id}/answer")
async def answer(puzzle_id: str, body: Answer) -> dict[str, Any]:
    """The verdict of an answer: right or not, its value and the best's, every choice's value
    and words (best first), and why."""
    puzzle = _puzzle(puzzle_id)
    try:
        result = puzzles.check(puzzle, body.answer)
    except puzzles.PuzzleError as error:
        raise ApiError(422, "bad_answer", str(error)) from None
    return result.to_json()


@router.get("/api/games/{game_id}/daily-deal")
async def deal_result(game_id: str, store: Storage, player: Player) -> dict[str, Any]:
    """The player's result in the daily classic deal ``game_id`` beside the expert's on the
    same cards (``compare``'s JSON); a 409 until the deal is over, a 404 for a game that is
    not a daily classic deal of the player's."""
    row = row_of(store, game_id, player)
    day = daily_deal.day_of(row.table.deal)
    if row.game != "classic" or day is None:
        raise ApiError(404, "not_daily", f"game {game_id} is not a daily classic deal")
    try:
        actions = [Action.from_dict(form) for form in store.load_actions(game_id)]
    except GameError as error:  # pragma: no cover - the store holds only accepted actions
        raise ApiError(422, "bad_record", str(error)) from None
    yours = await asyncio.to_thread(daily_deal.result_of, day, actions)
    if yours is None:
        raise ApiError(
            409,
            "not_over",
            f"the daily deal of {day.isoformat()} is not over: its result comes at its end",
        )
    return await asyncio.to_thread(daily_deal.compare, day, yours)
