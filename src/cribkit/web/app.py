"""The web app: FastAPI, the JSON API of ``docs/web.md``, the WebSocket per seat, the client.

>>> app = create_app("sqlite:///:memory:")
>>> sorted(r.path for r in app.routes if r.path.startswith("/api"))[:3]
['/api/games', '/api/games', '/api/games/saved']
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import fields
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from cribkit.ai.players import LEVELS
from cribkit.games.protocol import GameError, RecordError, game_info, games
from cribkit.games.records import jsonable, start_from
from cribkit.store.base import GameRow, Store, open_store
from cribkit.web.sessions import (
    HOTSEAT_GAMES,
    Connection,
    GameSession,
    SessionManager,
    WebError,
    warm_up,
    watch_parent,
)

STATIC = Path(__file__).with_name("static")

#: Close codes of a refused socket.
FORBIDDEN = 4403
NOT_FOUND = 4404


class NewGame(BaseModel):
    """The body of ``POST /api/games``."""

    game: str = Field(description="classic, tabletop, tiles or solitaire")
    options: dict[str, Any] = Field(default_factory=dict, description="rule options by name")
    ai: str = Field(default="expert", description="the computer's level")
    mode: Literal["ai", "hotseat"] = "ai"
    seed: int | None = Field(default=None, description="the game's seed (random if left out)")


class ApiError(Exception):
    """An API error: a status and the ``{"error", "message"}`` body."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def create_app(
    store_url: str | None = None, *, store: Store | None = None, ai_workers: int = 0
) -> FastAPI:
    """The app over the store at ``store_url`` (default: the SQLite file in the data home).

    The computer thinks in worker threads, or with ``ai_workers`` in that many worker
    processes (started with the app), which keeps its thinking from slowing the answers.
    """
    owned = store is None
    store = store if store is not None else open_store(store_url)
    manager = SessionManager(store)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        executor = None
        if ai_workers > 0:
            executor = ProcessPoolExecutor(
                ai_workers,
                mp_context=get_context("spawn"),
                initializer=watch_parent,
                initargs=(os.getpid(),),
            )
            # Start the workers now (they import the engines), not on the first move.
            await asyncio.get_running_loop().run_in_executor(executor, warm_up)
            manager.executor = executor
        await asyncio.to_thread(manager.resume_all)
        manager.kick_all()
        yield
        await manager.shutdown()
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)
        if owned:
            store.close()

    app = FastAPI(
        title="cribkit",
        summary="Cribbage in the browser: classic, Table Top, Tiles and Solitaire.",
        lifespan=lifespan,
    )
    app.state.manager = manager
    app.state.store = store

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, error: ApiError) -> JSONResponse:
        return JSONResponse({"error": error.code, "message": error.message}, error.status)

    @app.exception_handler(RequestValidationError)
    async def _bad_body(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e.get('loc', ()) if p != 'body') or 'body'}: {e.get('msg')}"
            for e in error.errors()
        )
        return JSONResponse({"error": "bad_request", "message": problems}, 422)

    def session_of(game_id: str) -> GameSession:
        session = manager.get(game_id)
        if session is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        return session

    def row_of(game_id: str) -> GameRow:
        row = store.load_game(game_id)
        if row is None:
            raise ApiError(404, "not_found", f"no game {game_id!r}")
        return row

    @app.get("/api/games", tags=["lobby"])
    def list_games() -> list[dict[str, Any]]:
        """The games that can be started, with their options and levels."""
        return [_game_entry(name) for name in games()]

    @app.post("/api/games", tags=["lobby"])
    async def new_game(body: NewGame) -> dict[str, Any]:
        """Start a game: the seat tokens of its human seats."""
        try:
            session = manager.create(
                body.game, body.options, ai=body.ai, mode=body.mode, seed=body.seed
            )
        except WebError as error:
            raise ApiError(422, error.code, error.message) from None
        session.kick_ai()
        row = session.row
        return {
            "id": row.id,
            "spec": row.spec,
            "mode": row.mode,
            "ai": row.ai,
            "humans": list(row.humans),
            "tokens": {str(seat): token for seat, token in row.tokens.items()},
        }

    @app.get("/api/games/saved", tags=["saved games"])
    def saved_games() -> list[dict[str, Any]]:
        """Every stored game, newest first (no tokens, no seed)."""
        return [_saved_entry(row) for row in store.list_games()]

    @app.get("/api/games/{game_id}/resume", tags=["saved games"])
    def resume(game_id: str) -> dict[str, Any]:
        """The seat tokens of an unfinished game."""
        row = row_of(game_id)
        if row.status != "playing":
            raise ApiError(409, "finished", f"game {game_id} is over: watch its replay")
        return {"id": row.id, "tokens": {str(s): t for s, t in row.tokens.items()}}

    @app.get("/api/games/{game_id}/record", tags=["saved games"])
    def record(game_id: str) -> dict[str, Any]:
        """The record of a finished game (before the end it would show the deck order)."""
        row = row_of(game_id)
        if row.status != "finished":
            raise ApiError(
                409, "not_finished", f"game {game_id} is not over: its record holds the seed"
            )
        return _full_record(row, store.load_actions(game_id))

    @app.post("/api/replay", tags=["replay"])
    async def replay_upload(request: Request, seat: int = 0) -> dict[str, Any]:
        """Step through a record: the opening, then one step per action, each with the view
        of ``seat``."""
        try:
            body = await request.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ApiError(422, "bad_record", "a record is a JSON object") from None
        return await asyncio.to_thread(_replay_steps, body, seat)

    @app.get("/api/games/{game_id}/replay", tags=["replay"])
    async def replay_stored(game_id: str, seat: int = 0) -> dict[str, Any]:
        """The replay of a finished stored game, each step with the view of ``seat``."""
        record_data = record(game_id)
        return await asyncio.to_thread(_replay_steps, record_data, seat)

    @app.get("/api/stats", tags=["statistics"])
    async def stats() -> dict[str, Any]:
        """Statistics of the finished games."""
        from cribkit.web.stats import statistics

        return await asyncio.to_thread(statistics, store)

    @app.websocket("/ws/{game_id}")
    async def play(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        session = manager.get(game_id)
        if session is None:
            await websocket.close(NOT_FOUND, f"no game {game_id}"[:120])
            return
        seat_text = websocket.query_params.get("seat", "")
        token = websocket.query_params.get("token", "")
        seat = int(seat_text) if seat_text.isdigit() else -1
        if seat not in session.humans:
            await websocket.close(FORBIDDEN, f"seat {seat_text[:20]!r} is not a player's seat")
            return
        if not session.check_token(seat, token):
            await websocket.close(FORBIDDEN, f"wrong token for seat {seat}")
            return
        connection = Connection(seat, websocket.send_text)
        await session.join(connection)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    data = message.get("bytes") or b""
                    try:
                        text = data.decode()
                    except UnicodeDecodeError:
                        await session.send_error(connection, "bad_json", "a message is JSON text")
                        continue
                await session.handle(connection, text)
        except WebSocketDisconnect:
            pass
        finally:
            session.leave(connection)
            manager.release(session)

    if STATIC.is_dir():
        app.mount("/", StaticFiles(directory=STATIC, html=True), name="client")
    return app


def _game_entry(name: str) -> dict[str, Any]:
    info = game_info(name)
    options = []
    for f in fields(info.rules_type):
        choices = f.metadata.get("choices")
        options.append(
            {
                "name": f.name,
                "default": f.default,
                "choices": list(choices) if choices is not None else None,
                "help": f.metadata.get("help", ""),
            }
        )
    seat_field = next((f for f in fields(info.rules_type) if f.name == "players"), None)
    seat_choices = list(seat_field.metadata.get("choices", (2,))) if seat_field else [1]
    return {
        "name": name,
        "summary": info.summary,
        "options": options,
        "levels": list(LEVELS),
        "hotseat": name in HOTSEAT_GAMES,
        "seats": {"min": min(seat_choices), "max": max(seat_choices)},
    }


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
    }


def _full_record(row: GameRow, actions: list[dict[str, Any]]) -> dict[str, Any]:
    from cribkit.games.records import FORMAT, VERSION

    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": row.game,
        "rules": row.rules,
        "seed": row.seed,
        "actions": actions,
    }
    if row.result is not None:
        record["result"] = row.result
    return record


def _replay_steps(record: Any, seat: int = 0) -> dict[str, Any]:
    """The replay viewer's steps of a record; a bad one is a 422 naming the first bad action."""
    from cribkit.core.cards import CardError
    from cribkit.games.protocol import Action

    if not isinstance(record, dict):
        raise ApiError(422, "bad_record", "a record is a JSON object")
    try:
        state, opening = start_from(record)
    except RecordError as error:
        raise ApiError(422, "bad_record", str(error)) from None
    seats = int(getattr(state.rules, "players", 1))
    if not 0 <= seat < seats:
        raise ApiError(
            422, "bad_seat", f"seat is a seat of this game, 0 to {seats - 1}, not {seat}"
        )

    def step(action: dict[str, Any] | None, events: Any) -> dict[str, Any]:
        return {
            "action": action,
            "events": [e.to_dict() for e in events],
            "scores": list(state.scores),
            "view": state.observation(seat),
        }

    steps = [step(None, opening)]
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise ApiError(422, "bad_record", "actions is a list of actions")
    for index, data in enumerate(actions):
        try:
            action = Action.from_dict(data)
            transition = state.apply(action)
        except (GameError, CardError) as error:
            shown = json.dumps(data)[:200] if jsonable(data) else repr(data)[:200]
            raise ApiError(422, "bad_record", f"action {index} {shown}: {error}") from None
        state = transition.state
        steps.append(step(action.to_dict(), transition.events))
    result = state.result
    expected = record.get("result")
    if expected is not None and (result is None or result.to_dict() != expected):
        raise ApiError(422, "bad_record", "the record's result is not what its actions give")
    return {
        "game": state.rules.GAME,
        "spec": state.rules.spec(),
        "seat": seat,
        "steps": steps,
        "result": None if result is None else result.to_dict(),
    }
