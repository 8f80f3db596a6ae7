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
    event_over,
    next_bracket_games,
    next_night_games,
    night_over,
)
from cribkit.events.store import Event, EventGame, EventGames, EventStore
from cribkit.games.chance import new_fair_seed
from cribkit.web.absence import hand_over
from cribkit.web.logs import one_line
from cribkit.web.shared import replayed
from cribkit.web.stats import shown_hands

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cribkit.games.events import GameEvent
    from cribkit.games.protocol import Result
    from cribkit.web.manager import SessionManager
    from cribkit.web.sessions import GameSession

__all__ = ["SWEEP_SECONDS", "EventPlay"]

#: How often each server of a cluster looks for what a dead server left of an event (seconds).
SWEEP_SECONDS = 5.0

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
                if not any(g.open for g in stored) and event_over(event, players, stored):
                    await asyncio.to_thread(self.events.finish, event_id)
                return []
            round_ = max((g.round for g in stored if g.round < PLAYOFF_ROUNDS), default=0) + 1
            try:
                made = await asyncio.to_thread(
                    self.games.add, event_id, pairs, byes, round_, rounds
                )
            except EventError as error:  # (paired meanwhile: the next game's end asks again)
                log.info("event %s: %s", event_id, one_line(error))
                return []
            replaced = await asyncio.to_thread(self.events.replaced, event_id)
            # A round of duplicate deals: every table dealt from the round's one fair seed.
            seed = new_fair_seed() if event.format.duplicate else None
            sealed = f"{event_id}/{round_}" if seed is not None else ""
            started = []
            for game in made:
                if game.second is not None:
                    started.append(await self._start(event, game, replaced, seed, sealed))
        if made and not started:  # (byes only: the pairing may go on at once)
            return await self.advance(event_id)
        return started

    async def _start(
        self, event: Event, game: EventGame, replaced: set[str], seed: str | None, sealed: str
    ) -> str:
        """Make an event's game as a table; a replaced player's seat the computer's (and the
        game then unrated)."""
        first, second = game.first, game.second
        assert second is not None
        people: list[tuple[str, str] | None] = []
        for account_id in (first, second):
            account = await asyncio.to_thread(self.accounts.by_id, account_id)
            assert account is not None
            people.append(None if account_id in replaced else (account.player, account.shown_name))
        game_id = secrets.token_hex(8)
        rated = None if replaced & {first, second} else pool_of(event.spec)
        session = await asyncio.to_thread(
            self.manager.create_between, game_id, event.spec, people, rated=rated,
            clock=event.clock, seed=seed, sealed=sealed,
        )  # fmt: skip
        session.kick_ai()
        await asyncio.to_thread(self.games.started, event.id, game.number, game_id)
        for person in people:
            if person is not None:
                await self.manager.inbox.tell(
                    person[0], {"kind": "event_game", "event": event.id, "id": game_id}
                )
        return game_id

    async def replace(self, event_id: str, by: str, account_id: str) -> None:
        """The director replaces a no-show: the computer takes their seat at their open game
        of the event (unrated from now), and plays their games to come."""
        await asyncio.to_thread(self.events.replace, event_id, by, account_id)
        for game in await asyncio.to_thread(self.games.of, event_id):
            if not game.open or game.game_id is None or account_id not in (game.first, game.second):
                continue
            session = await self.manager.open(game.game_id)
            if session is not None and not session.over:
                seat = 0 if game.first == account_id else 1
                await hand_over(session, seat, f"seat {seat} did not come: the director let the "
                                f"computer play seat {seat}'s games", unrated=True)  # fmt: skip
                self.manager.release(session)

    async def game_over(self, session: GameSession) -> None:
        """A finished game: if it is an event's, its result is written and the event moves on."""
        found = await asyncio.to_thread(self.games.by_game, session.id)
        result = session.state.result
        if found is None or result is None:
            return
        event_id, game = found
        outcome = outcome_of(session.game, result, session.events)
        if await asyncio.to_thread(self.games.record, event_id, game.number, outcome):
            await self.advance(event_id)

    async def run(self) -> None:
        """Catch up every running event at the start, and in a cluster every
        :data:`SWEEP_SECONDS` (a server that died between a game's end and its event's next
        pairing left the event to the others)."""
        while True:
            try:
                for event in await asyncio.to_thread(self.events.running):
                    await self.catch_up(event.id)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # (the store or Redis away: the next sweep tries again)
                log.warning("events: a sweep failed: %s", one_line(error))
            if not self.manager.services.clustered:
                return
            await asyncio.sleep(SWEEP_SECONDS)

    async def catch_up(self, event_id: str) -> None:
        """What a server that died left undone of an event: a finished game's result not yet
        written (written from the stored game), a pairing whose table was never made (made);
        then the event's next pairing."""
        async with self.manager.services.fanout.lock(f"event.{event_id}"):
            event = await asyncio.to_thread(self.events.event, event_id)
            if event is None or event.status != "running":
                return
            replaced = await asyncio.to_thread(self.events.replaced, event_id)
            for game in await asyncio.to_thread(self.games.of, event_id):
                if not game.open:
                    continue
                if game.game_id is None:  # (its maker died holding the lock: made now)
                    await self._start(event, game, replaced, None, "")
                    continue
                outcome = await asyncio.to_thread(self.stored_outcome, game.game_id)
                if outcome is not None:
                    await asyncio.to_thread(self.games.record, event_id, game.number, outcome)
        await self.advance(event_id)

    def stored_outcome(self, game_id: str) -> dict[str, Any] | None:
        """The outcome of a stored game the rules ended, or None."""
        store = self.manager.store
        row = store.load_game(game_id)
        if row is None or row.status != "finished":
            return None
        state, events, _ = replayed(row, store.load_actions(game_id))
        return None if state.result is None else outcome_of(row.game, state.result, events)


def outcome_of(game: str, result: Result, events: Sequence[GameEvent]) -> dict[str, Any]:
    """What an event keeps of a game's end: the scores, the skunk, each seat's 28 and 29
    hands."""
    outcome: dict[str, Any] = {"scores": list(result.scores), "skunk": result.skunk}
    shown = [[points for points, _, _ in shown_hands(game, events, seat)] for seat in (0, 1)]
    for special in (28, 29):
        outcome[f"hands_{special}"] = [hands.count(special) for hands in shown]
    return outcome
