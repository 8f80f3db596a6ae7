"""Club nights and tournaments (``docs/events.md``): a director makes an event, opens its
registration, starts, pauses, resumes and closes it; players register by its code; anyone reads
an event's standings and games. Every refusal is one line (``422 bad_event``, ``403
not_director``) and changes nothing."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field

from cribkit.accounts.store import AccountStore
from cribkit.events import EventError, NotDirectorError
from cribkit.events.store import EventGames, EventStore, award
from cribkit.web.context import Storage
from cribkit.web.errors import ApiError
from cribkit.web.eventforms import event_form, listed_form, season_form, standings_csv
from cribkit.web.eventplay import EventPlay
from cribkit.web.routes.account import signed_in

router = APIRouter(tags=["events"])


def _play(request: Request) -> EventPlay:
    return cast(EventPlay, request.app.state.events)


Play = Annotated[EventPlay, Depends(_play)]


class NewEvent(BaseModel):
    """The body of ``POST /api/events``."""

    name: str
    game: str = Field(
        default="classic", description="classic, classic:target=61, tabletop or tiles"
    )
    format: str = Field(default="night", description="night, qualifier, single or double")
    options: dict[str, Any] = Field(default_factory=dict)
    starts: float = Field(description="when it starts (seconds since the epoch)")
    clock: float | None = None
    public: bool = False
    season: str | None = Field(
        default=None, description="a night's season: your club's season table adds it up"
    )


class Registration(BaseModel):
    """The body of a registration: the event's code, or a public event's id."""

    code: str = ""
    event: str = ""


class Award(BaseModel):
    """The body of an award: the winner's name."""

    winner: str


def _refused(error: EventError) -> ApiError:
    if isinstance(error, NotDirectorError):
        return ApiError(403, "not_director", str(error))
    return ApiError(422, "bad_event", str(error))


@router.post("/api/events")
async def create(body: NewEvent, request: Request, store: Storage) -> dict[str, Any]:
    """Make an event (a draft): you are its director."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    try:
        event = await asyncio.to_thread(
            EventStore(store).create, account.id, body.name, body.game, body.format,
            body.options, starts=body.starts, clock=body.clock, public=body.public,
            season=body.season,
        )  # fmt: skip
    except EventError as error:
        raise _refused(error) from None
    return await asyncio.to_thread(event_form, store, event.id)


@router.post("/api/events/register")
async def register(body: Registration, request: Request, store: Storage) -> dict[str, Any]:
    """Register for the event of a code, or for a public event by its id."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    events = EventStore(store)
    try:
        if body.event and not body.code:
            event = await asyncio.to_thread(events.join_public, body.event[:40], account.id)
        else:
            event = await asyncio.to_thread(events.register, body.code, account.id)
    except EventError as error:
        raise _refused(error) from None
    return await asyncio.to_thread(event_form, store, event.id)


@router.post("/api/events/{event_id}/games/{number}/award")
async def award_game(
    event_id: str, number: int, body: Award, request: Request, store: Storage, play: Play
) -> dict[str, Any]:
    """The director awards a game (disputed, or a player gone) to ``winner``: the winner given
    the game's target, the loser's score as it stood; once (a result is never awarded twice).
    The event moves on."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    winner = await asyncio.to_thread(AccountStore(store).by_name, body.winner[:64])
    games = EventGames(store)
    found = await asyncio.to_thread(games.of, event_id[:40])
    game = next((g for g in found if g.number == number), None)
    row = None
    if game is not None and game.game_id is not None:  # (the store read off the event loop)
        row = await asyncio.to_thread(store.load_game, game.game_id)
    scores = (0, 0) if row is None else (int(row.scores[0]), int(row.scores[1]))
    try:
        await asyncio.to_thread(
            award, EventStore(store), games, event_id[:40], number, account.id,
            "" if winner is None else winner.id, scores,
        )  # fmt: skip
    except EventError as error:
        raise _refused(error) from None
    await play.advance(event_id)
    return await asyncio.to_thread(event_form, store, event_id)


@router.post("/api/events/{event_id}/players/{name}/replace")
async def replace_player(
    event_id: str, name: str, request: Request, store: Storage, play: Play
) -> dict[str, Any]:
    """The director replaces a no-show by the computer: it takes their seat at their open game
    and plays their games to come, all unrated; their points are kept out of season tables."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    player = await asyncio.to_thread(AccountStore(store).by_name, name[:64])
    try:
        await play.replace(event_id[:40], account.id, "" if player is None else player.id)
    except EventError as error:
        raise _refused(error) from None
    return await asyncio.to_thread(event_form, store, event_id)


@router.post("/api/events/{event_id}/{step}")
async def direct(
    event_id: str, step: str, request: Request, store: Storage, play: Play
) -> dict[str, Any]:
    """The director's steps: ``open`` (the answer has the registration's ``code``, the
    director's to give out), ``start``, ``pause``, ``resume``, ``close``."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    events = EventStore(store)
    steps = {"open": events.open, "start": events.start, "pause": events.pause,
             "resume": events.resume, "close": events.close}  # fmt: skip
    if step not in steps:
        raise ApiError(404, "not_found", f"no step {step[:20]!r}: the steps are {', '.join(steps)}")
    try:
        done = await asyncio.to_thread(steps[step], event_id[:40], account.id)
    except EventError as error:
        raise _refused(error) from None
    if step in ("start", "resume"):
        await play.advance(event_id)
    form = await asyncio.to_thread(event_form, store, event_id)
    return {**form, "code": done} if step == "open" else form


@router.get("/api/events")
async def public_events(store: Storage) -> list[dict[str, Any]]:
    """The public events open for registration or being played (the lobby's list)."""
    return await asyncio.to_thread(listed_form, store)


@router.get("/api/events/{event_id}")
async def event(event_id: str, store: Storage) -> dict[str, Any]:
    """An event: its settings, players, standings, games and bracket (public)."""
    return await asyncio.to_thread(event_form, store, event_id[:40])


@router.get("/api/events/{event_id}/standings.csv")
async def standings_download(event_id: str, store: Storage) -> Response:
    """The event's standings as CSV (a spreadsheet's download)."""
    text = await asyncio.to_thread(standings_csv, store, event_id[:40])
    return Response(
        text, media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="event-{event_id[:40]}.csv"'},
    )  # fmt: skip


@router.get("/api/events/{event_id}/season")
async def season(event_id: str, store: Storage) -> dict[str, Any]:
    """The season table of the event's club: its director's nights of the same season."""
    return await asyncio.to_thread(season_form, store, event_id[:40])
