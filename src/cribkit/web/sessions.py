"""Live games and the WebSocket protocol of ``docs/web.md``: one :class:`GameSession` per game,
one :class:`Connection` per open socket of a seat.

The server is the authority. A message from a seat is checked (size, JSON, type, its ``seq``,
its seat, the rules) and either refused with an ``error`` that changes nothing, or applied:
the action is committed to the store *before* any seat hears of it. The computer's turns are
chosen off the event loop and stored one by one like the humans': in a worker thread
(:func:`asyncio.to_thread`), or in worker processes when the manager has an executor (the
server's choice: a thinking thread holds Python's global lock in slices, and every slice
delays the answers to the players). Each of the computer's moves is chosen by a player made
for that move from the game's seed, the seat and the move number, so the same position gets
the same answer wherever and whenever it is worked out.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import cache
from typing import Any, cast

from cribkit.ai import hints
from cribkit.analysis import daily_deal
from cribkit.core.cards import CardError
from cribkit.games.chance import commitment
from cribkit.games.events import GameEvent
from cribkit.games.protocol import (
    SPECTATOR,
    Action,
    ComposedMoves,
    GameError,
    GameState,
    OutOfTurnError,
    acting_seats,
    game_info,
    games,
    legal_actions_for,
)
from cribkit.games.undo import first_reveal, undo_refusal
from cribkit.store.base import (
    CommitUnknownError,
    DuplicateActionError,
    GameRow,
    StaleWriteError,
    Store,
    StoreError,
)
from cribkit.web.absence import Absence, come_back, handed_seats
from cribkit.web.absence import choose as choose_away
from cribkit.web.clock import MoveClock
from cribkit.web.coaching import Coach
from cribkit.web.fanout import REDIS_DOWN
from cribkit.web.hinting import work_out_hint
from cribkit.web.jobs import Jobs
from cribkit.web.limits import BURST, RATE, Limits, TokenBucket
from cribkit.web.logs import game_log
from cribkit.web.messages import (
    MESSAGE_TYPES,
    WebError,
    check_turn,
    parse_action,
    parse_client_id,
    read_message,
)
from cribkit.web.outcomes import NOTHING_APPLIED, OutcomeUnknownError, sent_before, stored_after_all
from cribkit.web.services import Services
from cribkit.web.shared import (
    catch_up,
    follow,
    replayed,
    share_presence,
    spawn,
    unfollow,
)
from cribkit.web.tables import match_form, seats_form
from cribkit.web.talk import CHAT_BURST, CHAT_RATE, chat, hears, mute, refresh_blocks, say
from cribkit.web.turns import computer_seat, late_move_stands, take_move
from cribkit.web.undoing import undo
from cribkit.web.workers import choose_move, move_seed

log = logging.getLogger("cribkit.web")

MODES = ("ai", "hotseat")


Send = Callable[[str], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    """One open socket of a seat: where to send, and how many events it has been sent."""

    seat: int
    send: Send
    cursor: int = 0
    reset: bool = False
    closed: bool = False
    #: The player of the socket's session (None for a game from before owners, without one).
    player: str | None = None
    #: The socket's own burst limit (the manager's player bucket is checked as well).
    bucket: TokenBucket | None = None
    #: The player's bucket, shared by the player's sockets.
    player_bucket: TokenBucket | None = None
    #: The type of the message being answered (an error says what it refuses).
    about: str | None = None
    #: The socket's chat limit (a few lines at once, one every two seconds).
    chat_bucket: TokenBucket = field(default_factory=lambda: TokenBucket(CHAT_RATE, CHAT_BURST))
    #: The id of the socket's action the next state answers (``ack``), if it gave one.
    ack: str | None = None


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


class GameSession:
    """A game being played: its state, every event so far, its connections and computer players."""

    def __init__(
        self,
        row: GameRow,
        services: Services,
        state: GameState,
        events: list[GameEvent],
        actions: list[dict[str, Any]],
        marks: list[int] | None = None,
    ) -> None:
        self.row = row
        self.services = services
        self.id = row.id
        self.state = state
        self.events = events
        self.actions = actions
        #: For each action, how many events came before it (where its own events begin).
        self.marks = list(marks) if marks is not None else []
        assert len(self.marks) == len(actions)
        self.version = row.version
        #: How many actions the game had at each version since it was loaded, undone or
        #: replayed (a late move is weighed against it: :mod:`cribkit.web.turns`).
        self.moves_at = {row.version: len(actions)}
        #: What the game offers (hints, previews, undo, calls...).
        self.info = game_info(row.game)
        self.reseat(row)
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self._ai_task: asyncio.Task[None] | None = None
        #: The hint being worked out for each seat, with the connection that asked for it.
        self._hints: dict[int, tuple[Connection, asyncio.Task[None]]] = {}
        self._best_possible: int | None = None
        #: Announcements under way (kept so that none is collected before it has run).
        self._tasks: set[asyncio.Future[None]] = set()
        #: The table talk so far (chat lines and notices), as stored.
        self.talk: list[dict[str, Any]] = []
        #: The pairs of seats whose players block each other: neither hears the other's chat.
        self.blocked: frozenset[frozenset[int]] = frozenset()
        #: The move clock of the table's people, if it has one.
        self.clock = MoveClock(self)
        #: When each absent person was last seen (the others may claim the game after a while).
        self.absence = Absence(self)
        self.coach = Coach(self)  # each seat's wish, and the judging of its moves
        #: Called (with the lock held) once the game is over: the manager starts a match's next.
        self.on_finish: Callable[[GameSession], Awaitable[None]] | None = None
        #: In a cluster: what the other processes hold of the game (seats, spectators), by
        #: process; and whether this process follows the game's changes (it has sockets).
        self.remote: dict[str, dict[str, Any]] = {}
        self.followed = False
        #: The log, its records naming the game (a field of their own in JSON logs).
        self.log = game_log(log, self.id)
        #: The SHA-256 of the seed, shown to every seat from the start (the seed, at the end).
        self._commitment = commitment(row.seed)

    # -- building ------------------------------------------------------------------------------

    @property
    def store(self) -> Store:
        """Where the game is kept (the authority)."""
        return self.services.store

    @property
    def limits(self) -> Limits:
        """The server's burst limits and the gate in front of the hints."""
        return self.services.limits

    @property
    def executor(self) -> Executor | None:
        """Where the computer thinks (None: a thread of this process)."""
        return self.services.executor

    def reseat(self, row: GameRow) -> None:
        """Take ``row``'s seats (a friend sat down, an invitation was cancelled)."""
        self.row = row
        self.humans = frozenset(row.humans)
        #: The computer's seats.
        self.players = frozenset(range(self.state.rules.seats)) - self.humans | handed_seats(row)

    @classmethod
    def rebuild(cls, row: GameRow, services: Services) -> GameSession:
        """The game ``row`` as its stored actions leave it (replayed from its seed)."""
        actions = services.store.load_actions(row.id)
        state, events, marks = replayed(row, actions)
        session = cls(row, services, state, events, actions, marks)
        session.talk = services.store.load_talk(row.id)
        return session

    def off_loop(self, function: Callable[..., Any], *args: Any) -> asyncio.Future[Any]:
        """``function(*args)`` in a worker thread, or in the executor if there is one."""
        return asyncio.get_running_loop().run_in_executor(self.executor, function, *args)

    # -- what a seat is sent --------------------------------------------------------------------

    @property
    def game(self) -> str:
        """The game's registry name."""
        return self.row.game

    @property
    def over(self) -> bool:
        """Whether the game is over: ended by its rules, or abandoned by a player
        (:mod:`cribkit.web.abandoning`), after which nobody moves in it again."""
        return self.state.is_terminal or self.row.status == "abandoned"

    def legal_for(self, seat: int) -> list[dict[str, Any]]:
        """The legal actions of ``seat`` as JSON: none when it is not its turn, the moves a
        client composes left out (Tiles' plays), and each call the game takes (muggins,
        Joker) offered whenever passing on it is legal, so that the offer tells nothing."""
        state = self.state
        if self.over or seat not in acting_seats(state):
            return []
        actions = (
            cast(ComposedMoves, state).offered_actions()
            if self.info.composed_moves
            else legal_actions_for(state, seat)
        )
        forms = [action.to_dict() for action in actions]
        types = {form["type"] for form in forms}
        for call in self.info.calls:
            if f"pass_{call}" in types and call not in types:
                forms.insert(0, {"type": call, "seat": seat})
        return forms

    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last action now (see :meth:`undo_refusal`)."""
        return self.undo_refusal(seat) is None

    def last_action(self, seat: int) -> int | None:
        return next(
            (
                i
                for i in range(len(self.actions) - 1, -1, -1)
                if self.actions[i].get("seat") == seat
            ),
            None,
        )

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now, or None if it may: undo is for
        games against the computer, and then the protocol's one rule decides
        (:func:`cribkit.games.undo.undo_refusal`), a practice undo allowed but on the daily
        deal (never back past a reveal there: its result is measured against the expert's)."""
        if self.row.mode == "table":
            return "no undo in a game between people"
        if self.row.mode != "ai":
            return "undo is for games against the computer"
        past_reveals = daily_deal.day_of(self.row.table.deal) is None
        return undo_refusal(
            self.info, seat, self._since_last(seat), over=self.over, past_reveals=past_reveals
        )

    def undo_offer(self, seat: int) -> tuple[bool, str | None]:
        """Whether ``seat`` may take back its last action now, and what that undo would go
        back past (the first thing shown to it since its last move, in its own words; None:
        nothing): the page asks before such an undo. One weighing for both."""
        if self.undo_refusal(seat) is not None:
            return False, None
        since = self._since_last(seat)
        return True, None if since is None else first_reveal(seat, since)

    def _since_last(self, seat: int) -> list[GameEvent] | None:
        last = self.last_action(seat)
        return None if last is None else self.events[self.marks[last] :]

    def result_form(self) -> dict[str, Any] | None:
        """The result as JSON, once the game is over; a Solitaire result adds the best total
        the deal allowed with the whole deck known (``best_possible``): the deck is no secret
        any more; and, for the daily deal, the expert's total on it (``expert_total``)."""
        if self.row.status == "abandoned":
            return self.row.result  # who left it and who wins (abandoning.abandoned_result)
        result = self.state.result
        if result is None:
            return None
        form = result.to_dict()
        if self.info.best_possible:
            if self._best_possible is None:
                self._best_possible = hints.best_possible(self.state)
            form["best_possible"] = self._best_possible
            if daily_deal.day_of(self.row.table.deal) is not None:
                form["expert_total"] = _expert_total(self.row.seed)
        return form

    def hint_refusal(self) -> str | None:
        """Why the game gives no hints, or None: a game between people has none (it would be
        the computer playing for one of them), nor the daily classic deal (it would be the
        expert measured against itself)."""
        if not self.info.hints:
            return f"{self.game} has no hints"
        if self.row.status == "abandoned":
            return "the game was abandoned"
        if self.row.mode == "table":
            return "no hints in a game between people"
        if self.game == "classic" and daily_deal.day_of(self.row.table.deal) is not None:
            return "no hints in the daily deal: your result is set beside the expert's"
        return None

    def table_form(self) -> dict[str, Any]:
        """Who sits where, who is connected, how many watch (``docs/web.md``, "At the table")."""
        seats = {c.seat for c in self.connections if c.seat != SPECTATOR}
        seats.update(seat for form in self.remote.values() for seat in form["seats"])
        watching = sum(1 for c in self.connections if c.seat == SPECTATOR)
        table = self.row.table
        form: dict[str, Any] = {
            "seats": seats_form(self.row, self.state.rules.seats, seats),
            "spectators": watching + sum(form["spectators"] for form in self.remote.values()),
            "public": table.public,
            "clock": table.clock,
            "next": table.next,
        }
        if table.match is not None:
            form["match"] = match_form(table.match, self.state.result)
        if table.rated is not None:
            form["rated"] = table.rated
        day = daily_deal.day_of(table.deal)
        if day is not None:  # (whose seed everybody knows: it is the date)
            form["daily"] = day.isoformat()
        return form

    def state_message(
        self, connection: Connection, table: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        """The ``state`` message for a connection (``table``: the :meth:`table_form`, when the
        caller has it already); moves its event cursor on."""
        seat = connection.seat
        state = self.state
        events = self.events[connection.cursor :]
        watching = seat == SPECTATOR
        can_undo, undo_past = (False, None) if watching else self.undo_offer(seat)
        message: dict[str, Any] = {
            "type": "state",
            "seq": self.version,
            "seat": seat,
            "game": self.game,
            "spec": self.row.spec,
            "mode": self.row.mode,
            "observation": state.observation(seat).to_json(),
            "legal": [] if watching else self.legal_for(seat),
            "acting": [] if self.over else list(acting_seats(state)),
            "events": [event.to_json(viewer=seat) for event in events],
            "result": self.result_form(),
            "can_undo": can_undo,
            "undo_past": undo_past,
            "hints": not watching and self.hint_refusal() is None,
            "practice": self.row.practice,
            "commitment": self._commitment,
            "table": self.table_form() if table is None else table,
        }
        if self.over and not self.row.table.sealed:
            # The seed is revealed only at the end, so that anyone can check every deal (of a
            # duplicate round's table, on the event's page once the round is over).
            message["seed"] = self.row.seed
            if self.row.table.deal:
                message["deal"] = self.row.table.deal
        clocks = self.clock.forms()
        if clocks:
            message["clocks"] = clocks
        away = self.absence.forms()
        if away:
            message["away"] = away
        if not watching:
            message["muted"] = sorted(self.row.table.mutes.get(seat, ()))
        if connection.reset:
            message["reset"] = True
            connection.reset = False
        if connection.ack is not None:
            message["ack"] = connection.ack
            connection.ack = None
        connection.cursor = len(self.events)
        return message

    async def send(self, connection: Connection, message: dict[str, Any]) -> None:
        """Send a message to one connection (a socket gone away is left)."""
        await self._send(connection, message)

    async def _send(self, connection: Connection, message: dict[str, Any]) -> None:
        if connection.closed:
            return
        try:
            await connection.send(_dumps(message))
        except Exception:  # a socket gone away: the seat can connect again
            connection.closed = True
            self.leave(connection)

    async def send_error(
        self, connection: Connection, code: str, message: str, about: str | None = None
    ) -> None:
        """An ``error`` message to one connection; ``about`` the type of the message refused
        (when it was read that far)."""
        error = {"type": "error", "seq": self.version, "code": code, "message": message}
        if about is not None:
            error["about"] = about
        await self._send(connection, error)

    async def broadcast(self) -> None:
        """Send every connection its new state."""
        # Called with the lock held, so that every seat hears of the changes in their order.
        self.clock.arm()
        table = self.table_form()  # the same for every connection
        for connection in list(self.connections):
            await self._send(connection, self.state_message(connection, table))

    async def broadcast_table(self, *, skip: Connection | None = None) -> None:
        """Tell every connection (but ``skip``) who sits where now (the lock held)."""
        message = {"type": "table", "seq": self.version, "table": self.table_form()}
        away = self.absence.forms()
        if away:
            message["away"] = away
        for connection in list(self.connections):
            if connection is not skip:
                await self._send(connection, message)

    async def announce_table(self) -> None:
        """Tell every connection who sits where now (taking the lock)."""
        async with self.lock:
            await self.broadcast_table()

    # -- connections ----------------------------------------------------------------------------

    def check_token(self, seat: int, token: str) -> bool:
        """Whether ``token`` is the token of the human ``seat``."""
        expected = self.row.tokens.get(seat)
        return expected is not None and secrets.compare_digest(expected, token)

    async def join(self, connection: Connection) -> None:
        """Add a connection; it is sent the state and every event since the start. In a
        cluster the process follows the game from now on, caught up with the store first."""
        async with self.lock:
            if self.services.clustered and not self.followed:
                await follow(self)
            # A seat the computer played while its person was away is theirs again (the
            # notice reaches the socket with the talk so far, below).
            await come_back(self, connection.seat)
            await refresh_blocks(self)
            self.connections.append(connection)
            self.clock.arm()
            await self._send(connection, self.state_message(connection))
            lines = [line for line in self.talk if hears(self, connection, line)]
            if lines:
                await self._send(connection, {"type": "talk", "seq": self.version, "lines": lines})
            await self.broadcast_table(skip=connection)
        if self.services.clustered:
            await share_presence(self)
        self.kick_ai()

    def leave(self, connection: Connection) -> None:
        """Forget a connection, and drop the hint it is waiting for: one not started yet is
        never worked out; one being worked out finishes, unsent."""
        connection.closed = True
        if connection in self.connections:
            self.connections.remove(connection)
            self.absence.note()
            if self.connections:
                spawn(self, self.announce_table())
            if self.services.clustered:
                spawn(self, share_presence(self) if self.connections else unfollow(self))
        pending = self._hints.get(connection.seat)
        if pending is not None and pending[0] is connection:
            pending[1].cancel()

    # -- messages -------------------------------------------------------------------------------

    async def handle(self, connection: Connection, text: str) -> None:
        """Answer one message of a connection; a refused one gets an ``error`` and changes
        nothing. Beyond the burst limit of the socket or of its player, every message is
        refused ``rate_limited`` unread."""
        try:
            if connection.bucket is None:
                connection.bucket = self.limits.bucket()
            if not self.limits.allow(connection.bucket, connection.player_bucket):
                raise WebError(
                    "rate_limited",
                    f"more than {RATE:g} messages a second (bursts of {BURST}) from this socket "
                    "or this player: this one was not read, and nothing was applied",
                )
            connection.about = None
            await self._dispatch(connection, text)
        except WebError as error:
            await self.send_error(connection, error.code, error.message, connection.about)
            if error.code == "stale":
                async with self.lock:
                    await self._send(connection, self.state_message(connection))
        except Exception:  # a bug, not the message's fault: say so, keep the socket
            self.log.exception("game %s: failed on a message of seat %s", self.id, connection.seat)
            await self.send_error(
                connection, "server_error", "the server failed on this message (a bug)"
            )

    async def _dispatch(self, connection: Connection, text: str) -> None:
        message = read_message(text)
        kind = message.get("type")
        connection.about = kind if isinstance(kind, str) and kind in MESSAGE_TYPES else None
        if connection.seat == SPECTATOR and kind != "ping":
            raise WebError(
                "spectator", "a spectator watches: it cannot act, ask for hints, undo or chat"
            )
        if kind == "action":
            await self.act(connection, message)
        elif kind == "hint":
            await self.hint(connection)
        elif kind == "preview":
            await self.preview(connection, message)
        elif kind == "undo":
            await self.undo(connection)
        elif kind == "chat":
            await chat(self, connection, message)
        elif kind == "mute":
            await mute(self, connection, message)
        elif kind == "away":
            await choose_away(self, connection, message)
        elif kind == "coach":
            await self.coach.wish(connection, message)
        elif kind == "ping":
            await self._send(connection, {"type": "pong", "seq": self.version})
        else:
            shown = json.dumps(kind)[:40]
            raise WebError(
                "unknown_type",
                f"unknown message type {shown}: the types are action, hint, preview, undo, chat, "
                "mute, coach, away, ping",
            )

    async def act(self, connection: Connection, message: dict[str, Any]) -> None:
        """Apply an action of the connection's seat, stored before it is acknowledged."""
        received = time.perf_counter()
        seq = message.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool):
            raise WebError("bad_action", "an action message carries seq, the seq of the last state")
        action = parse_action(connection.seat, message.get("action"))
        client_id = parse_client_id(message.get("id"))
        async with self.lock:
            if self.row.status == "abandoned":
                raise WebError("game_over", "the game was abandoned: nobody plays on in it")
            try:
                before, index = await take_move(self, connection.seat, seq, action, client_id)
            except WebError as error:
                # Sent again (its answer lost): the game as it is answers it, applied once.
                if client_id is None or error.code not in ("stale", "duplicate"):
                    raise
                if not await sent_before(self, client_id):
                    raise
                connection.ack = client_id
                await self.broadcast()
                return
            connection.ack = client_id
            await self.broadcast()
            version = self.version
        self._acknowledged(received)
        self.kick_ai()
        # Judged after the computer is set thinking; the socket's next message waits for it.
        await self.coach.after(before, action, index, version)

    async def commit(
        self, action: Action, state: GameState, events: tuple[GameEvent, ...],
        client_id: str | None = None,
    ) -> None:  # fmt: skip
        """Store an accepted action (before anyone hears of it: the store's version check
        refuses it if another process moved the game on first), with the id its client chose,
        take the new state and tell the other processes (the lock held). A write whose answer
        was lost is asked after (:func:`stored_after_all`): stored, it goes on as stored."""
        form = action.to_dict()
        version = self.version + 1
        result = state.result
        index = len(self.actions)
        try:
            await self.write(
                self.store.append_action, self.id, index, form, version=version,
                scores=list(state.scores), result=None if result is None else result.to_dict(),
                expect=self.version, client_id=client_id,
            )  # fmt: skip
        except OutcomeUnknownError:
            if not await stored_after_all(self, index, form, client_id):
                raise WebError("unavailable", NOTHING_APPLIED) from None
            self.log.warning("game %s: action %s was stored after all", self.id, index)
        self.take(form, state, events, version)
        await self.services.fanout.publish(
            self.id, {"kind": "action", "version": version, "index": index, "action": form}
        )
        if result is not None and self.on_finish is not None:
            await self.on_finish(self)

    def take(
        self, form: dict[str, Any], state: GameState, events: tuple[GameEvent, ...], version: int
    ) -> None:
        """Take a stored action as the game's next (``version`` the game's version after it)."""
        self.actions.append(form)
        self.marks.append(len(self.events))
        self.events.extend(events)
        self.state = state
        self.version = version
        self.moves_at.setdefault(version, len(self.actions))

    async def write(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> None:
        """A write of the game to the store, off the event loop (the lock held): refused
        ``stale`` if the store has moved on (the session is caught up first), ``unavailable``
        if the store does not answer; either way nothing changed."""
        try:
            await self.services.stored(function, *args, **kwargs)
        except StaleWriteError:
            await catch_up(self)
            raise WebError(
                "stale", "the game moved on first (another move was made): nothing was applied"
            ) from None
        except DuplicateActionError:
            raise WebError(
                "duplicate", "an action with this id was applied already: nothing was applied"
            ) from None
        except CommitUnknownError as error:
            self.log.warning("game %s: the store failed: %s", self.id, error)
            raise OutcomeUnknownError() from None
        except StoreError as error:  # (nothing written: the commit was never reached)
            self.log.warning("game %s: the store failed: %s", self.id, error)
            raise WebError("unavailable", NOTHING_APPLIED) from None

    async def undo(self, connection: Connection) -> None:
        """Take back the seat's last action and the computer's replies to it
        (:func:`cribkit.web.undoing.undo`)."""
        await undo(self, connection)

    async def hint(self, connection: Connection) -> None:
        """Ask for the expert's choice for the seat, and why: answered later (a ``hint``), or
        now with an ``error`` ``busy`` if the seat's last hint is not answered yet."""
        state, version, seat = self.state, self.version, connection.seat
        refusal = self.hint_refusal()
        if refusal is not None:
            raise WebError("no_hints", refusal)
        check_turn(state, seat)
        pending = self._hints.get(seat)
        if pending is not None and not pending[1].done():
            raise WebError(
                "busy",
                f"a hint for seat {seat} is being worked out: one at a time, wait for its answer",
            )
        task = asyncio.create_task(
            work_out_hint(self, connection, state, version, self.hint_seed(seat)),
            name=f"hint {self.id}/{seat}",
        )
        self._hints[seat] = (connection, task)
        task.add_done_callback(lambda done: self._forget_hint(seat, done))

    def hint_seed(self, seat: int) -> int:
        """The seed of the hint for ``seat`` now (the same wherever it is worked out)."""
        return move_seed(self.row.seed, "hint", seat, len(self.actions))

    def _forget_hint(self, seat: int, task: asyncio.Task[None]) -> None:
        pending = self._hints.get(seat)
        if pending is not None and pending[1] is task:
            del self._hints[seat]

    @property
    def hints_pending(self) -> int:
        """The hints asked for and neither answered nor dropped yet."""
        return sum(not task.done() for _, task in self._hints.values())

    async def wait_hints(self) -> None:
        """Wait until every hint asked for is answered or dropped (for tests)."""
        tasks = [task for _, task in self._hints.values()]
        if tasks:
            await asyncio.wait(tasks)

    async def preview(self, connection: Connection, message: dict[str, Any]) -> None:
        """What a move would score, without making it (for the games that offer previews)."""
        if not self.info.previews:
            offered = " and ".join(g for g in games() if game_info(g).previews)
            raise WebError(
                "bad_action", f"a preview is for the moves of {offered}, and this is {self.game}"
            )
        action = parse_action(connection.seat, message.get("action"))
        state, version = self.state, self.version
        check_turn(state, connection.seat)
        try:
            preview = hints.preview(state, action)
        except OutOfTurnError as error:
            raise WebError("out_of_turn", str(error)) from None
        except (GameError, CardError) as error:
            raise WebError("illegal", str(error)) from None
        await self._send(connection, {"type": "preview", "seq": version, **preview})

    async def notice(self, text: str) -> None:
        """A line of the table's own, heard by everyone (the lock held); ``after``, the count of
        the game's events before it, puts it in its place in a log rebuilt after a reconnect."""
        line = {"kind": "notice", "seat": None, "text": text, "time": time.time()}
        await say(self, {**line, "after": len(self.events)})

    # -- the computer's turns -------------------------------------------------------------------

    def computer_to_move(self) -> bool:
        """Whether one of the computer's seats may act (:func:`cribkit.web.turns.computer_seat`)."""
        return computer_seat(self) is not None

    def kick_ai(self) -> None:
        """Let the computer play while it is its turn: one task per game, or, in a cluster
        with workers, a move asked of the workers' queue (once per version)."""
        if not self.computer_to_move():
            return
        jobs = self.services.jobs
        if jobs is not None:
            spawn(self, self._ask_move(jobs))
        elif self._ai_task is None or self._ai_task.done():
            self._ai_task = asyncio.create_task(self._run_ai(), name=f"ai {self.id}")

    async def _ask_move(self, jobs: Jobs) -> None:
        try:
            await jobs.move(self.id, self.version)
        except REDIS_DOWN as error:  # asked again when a seat next connects or Redis is back
            self.log.warning("game %s: could not ask for the computer's move: %s", self.id, error)

    async def computer_move(self, version: int) -> bool:
        """Make the computer's move of ``version``: chosen off the event loop, then stored and
        told like a person's. False if the game was not there any more (moved on, over, a
        person's turn)."""
        state, seat = self.state, computer_seat(self)
        if self.version != version or seat is None:
            return False
        seed = move_seed(self.row.seed, seat, len(self.actions))
        action = await self.off_loop(
            choose_move, self.game, self.row.level_of(seat), seed, state, seat
        )
        chosen = time.perf_counter()
        async with self.lock:
            # A person's lay-away beside it leaves the choice standing; an undo, a reveal or
            # the seat's person come back (not the computer's any more) means think again.
            if self.version != version and not late_move_stands(self, version, seat):
                return False
            if seat not in self.players:
                return False
            transition = self.state.apply(action)
            await self.commit(action, transition.state, transition.events)
            await self.broadcast()
        self._acknowledged(chosen)
        return True

    def _acknowledged(self, since: float) -> None:
        """An action acknowledged to everyone, ``since`` it was received (or chosen)."""
        tell = self.services.acknowledged
        if tell is not None:
            tell(time.perf_counter() - since)

    async def _run_ai(self) -> None:
        while self.computer_to_move():
            try:
                with self.limits.gate.move():  # no hint starts while it is worked out
                    await self.computer_move(self.version)
            except WebError as error:  # the store failed: try again in a moment
                self.log.warning("game %s: the computer's move: %s", self.id, error.message)
                await asyncio.sleep(1.0)
            except Exception:  # pragma: no cover - a bug in a player; the game waits, logged
                self.log.exception("game %s: the computer failed to play", self.id)
                return

    async def wait_ai(self) -> None:
        """Wait until the computer has nothing more to play (for tests and shutdown)."""
        while self._ai_task is not None and not self._ai_task.done():
            await asyncio.wait({self._ai_task})

    def cancel_ai(self) -> None:
        """Stop the computer's task, the clock and the hints (at shutdown)."""
        if self._ai_task is not None:
            self._ai_task.cancel()
        self.clock.stop()
        for _, task in list(self._hints.values()):
            task.cancel()


@cache
def _expert_total(seed: int | str) -> int:
    """The expert's total on a Solitaire deal: the yardstick of the day's deal, as
    ``cribkit solitaire --daily --auto`` plays it."""
    from cribkit.sim.solitaire import deal_report

    return int(deal_report(seed)["total"])
