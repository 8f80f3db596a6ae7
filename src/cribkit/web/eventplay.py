"""Events at the server (``docs/events.md``): the games of each pairing made as tables between
their players (rated in the event's pool), their results taken as they end, and the next
pairing asked at once, one server at a time per event (its lock in the cluster; the store
refuses a player paired twice anyway). Players are told of their next game in their inbox."""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import TYPE_CHECKING, Any

from cribkit.accounts.rated import pool_of
from cribkit.accounts.store import AccountStore
from cribkit.events import EventError
from cribkit.events.running import (
    PLAYOFF_ROUNDS,
    next_bracket_games,
    next_night_games,
    night_over,
)
from cribkit.events.store import EventGames, EventStore
from cribkit.web.logs import one_line

if TYPE_CHECKING:
    from cribkit.web.manager import SessionManager
    from cribkit.web.sessions import GameSession

__all__ = ["EventPlay"]

log = logging.getLogger("cribkit.web")


class EventPlay:
    """The events one server moves on (see the module)."""

    def __init__(self, manager: SessionManager) -> None:
        self.manager = manager
        self.events = EventStore(manager.store)
        self.games = EventGames(manager.store)
        self.accounts = AccountStore(manager.store)
        manager.on_game_over.append(self.game_over)

    async def advance(self, event_id: str) -> list[str]:
        """Start the games the event's pairing asks for now: their ids."""
        async with self.manager.services.fanout.lock(f"event.{event_id}"):
            event = await asyncio.to_thread(self.events.event, event_id)
            if event is None or event.status != "running":
                return []
            players = await asyncio.to_thread(self.events.players, event_id)
            stored = await asyncio.to_thread(self.games.of, event_id)
            rounds: list[int] | None = None
            byes: list[str] = []
            night = event.format.name == "night" or (
                event.format.name == "qualifier" and not night_over(event, players, stored)
            )
            if night:
                pairs, byes = next_night_games(event, players, stored)
            else:
                bracket = next_bracket_games(event, players, stored)
                pairs = [(first, second) for _, first, second in bracket]
                rounds = [round_ for round_, _, _ in bracket]
            if not pairs and not byes:
                return []
            round_ = max((g.round for g in stored if g.round < PLAYOFF_ROUNDS), default=0) + 1
            try:
                made = await asyncio.to_thread(
                    self.games.add, event_id, pairs, byes, round_, rounds
                )
            except EventError as error:  # (paired meanwhile: the next game's end asks again)
                log.info("event %s: %s", event_id, one_line(error))
                return []
            started = []
            for game in made:
                if game.second is not None:
                    started.append(await self._start(event_id, event.spec, event.clock, game.number,
                                                     game.first, game.second))  # fmt: skip
            return started

    async def _start(
        self, event_id: str, spec: str, clock: float | None, number: int, first: str, second: str
    ) -> str:
        people = []
        for account_id in (first, second):
            account = await asyncio.to_thread(self.accounts.by_id, account_id)
            assert account is not None
            people.append((account.player, account.shown_name))
        game_id = secrets.token_hex(8)
        await asyncio.to_thread(
            self.manager.create_between, game_id, spec, people, rated=pool_of(spec), clock=clock
        )
        await asyncio.to_thread(self.games.started, event_id, number, game_id)
        for player, _ in people:
            await self.manager.inbox.tell(
                player, {"kind": "event_game", "event": event_id, "id": game_id}
            )
        return game_id

    async def game_over(self, session: GameSession) -> None:
        """A finished game: if it is an event's, its result is written and the event moves on."""
        found = await asyncio.to_thread(self.games.by_game, session.id)
        result = session.state.result
        if found is None or result is None:
            return
        event_id, game = found
        outcome: dict[str, Any] = {"scores": list(result.scores), "skunk": result.skunk}
        if await asyncio.to_thread(self.games.record, event_id, game.number, outcome):
            await self.advance(event_id)
