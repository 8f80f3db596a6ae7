"""Every live game of a server (:class:`SessionManager`): making games and their tables,
taking and cancelling invitations, rebuilding games from the store.

A game's seats are the player who makes it (``me``), friends invited by a link or a join code,
and the computer at a level (:mod:`cribkit.web.tables`). The first person to open an
invitation takes its seat, in one transaction of the store, so that two who open it at once
cannot both sit down (``docs/web.md``, "Tables and invitations")."""

from __future__ import annotations

import asyncio
import datetime
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any

from cribkit.ai.players import LEVELS
from cribkit.analysis import daily_deal
from cribkit.games.chance import new_fair_seed
from cribkit.games.protocol import GameError, game_info, games, lookup
from cribkit.games.solitaire import daily_seed
from cribkit.store.base import GameRow, Match, Store, StoreError, Table, new_row
from cribkit.web.fanout import BEAT_SECONDS, REDIS_DOWN
from cribkit.web.inbox import INBOX_PREFIX, Inbox
from cribkit.web.limits import Limits
from cribkit.web.logs import one_line
from cribkit.web.messages import WebError
from cribkit.web.rating import rate_if_rated, rated_pool
from cribkit.web.services import Services
from cribkit.web.sessions import MODES, GameSession
from cribkit.web.shared import catch_up, heard
from cribkit.web.tables import (
    SeatError,
    SeatPlan,
    match_tally,
    new_invite,
    normal_join_code,
    plan_seats,
)

log = logging.getLogger("cribkit.web")

__all__ = ["MATCH_LENGTHS", "SessionManager"]

#: The lengths of a match: best of so many games.
MATCH_LENGTHS = (1, 3, 5, 7)


class SessionManager:
    """Every live game of a server, by id, over one store.

    Alone, every game a player opened stays live in the process (its copy is the game). In a
    cluster (``services.fanout`` clustered) a process keeps only the games it follows, those
    it holds sockets of; any other is read from the store each time it is asked for."""

    def __init__(
        self,
        store: Store,
        executor: Executor | None = None,
        limits: Limits | None = None,
        services: Services | None = None,
    ) -> None:
        self.services = services or Services(store, limits or Limits(), executor)
        self.store = store
        self.sessions: dict[str, GameSession] = self.services.live
        self._tasks: set[asyncio.Future[None]] = set()
        #: The players' inbox sockets on this server (:mod:`cribkit.web.inbox`).
        self.inbox = Inbox(lambda: self.services.fanout)
        #: Told of every finished game (an event's game moves its event on).
        self.on_game_over: list[Callable[[GameSession], Awaitable[None]]] = []

    @property
    def executor(self) -> Executor | None:
        """Where the computer thinks (None: threads of this process)."""
        return self.services.executor

    @executor.setter
    def executor(self, executor: Executor | None) -> None:
        self.services.executor = executor

    @property
    def limits(self) -> Limits:
        """The burst limits of the players and the gate in front of the hints."""
        return self.services.limits

    def resume_all(self) -> int:
        """Rebuild every unfinished game from the store; the number rebuilt (none in a
        cluster: there a game is read when somebody opens it, and its computer's moves are
        the workers')."""
        if self.services.clustered:
            return 0
        count = 0
        for row in self.store.unfinished():
            try:
                self._live(GameSession.rebuild(row, self.services))
            except GameError:
                log.exception("cannot rebuild game %s", row.id)
                continue
            count += 1
        return count

    def kick_all(self) -> None:
        """Let the computer take the turns it owes (after a restart)."""
        for session in self.sessions.values():
            session.kick_ai()

    def get(self, game_id: str) -> GameSession | None:
        """The live game ``game_id``, rebuilt from the store if need be; None if unknown."""
        session = self.sessions.get(game_id)
        if session is None:
            row = self.store.load_game(game_id)
            if row is None:
                return None
            session = self._live(GameSession.rebuild(row, self.services))
        return session

    def adopt(self, session: GameSession) -> GameSession:
        """The process's copy of ``session``'s game for a socket: ``session`` kept live, or
        the copy kept already (in a cluster, it follows the game once the socket joins)."""
        return self.sessions.setdefault(session.id, session)

    async def open(self, game_id: str) -> GameSession | None:
        """:meth:`get`, the store read off the event loop."""
        session = self.sessions.get(game_id)
        if session is not None:
            return session
        return await self.services.stored(self.get, game_id)

    def release(self, session: GameSession) -> None:
        """Drop a finished game nobody watches from memory (the store keeps it)."""
        idle = session.over and not session.connections and not session.followed
        if idle and self.sessions.get(session.id) is session:
            del self.sessions[session.id]

    def create(
        self,
        game: str,
        options: dict[str, Any],
        *,
        ai: str = "expert",
        mode: str = "ai",
        seed: int | None = None,
        owner: str | None = None,
        name: str | None = None,
        seats: Sequence[Any] | None = None,
        public: bool = False,
        clock: float | None = None,
        best_of: int = 1,
        daily: datetime.date | None = None,
        rated: bool = False,
    ) -> GameSession:
        """Start and store a new game; bad options raise :class:`WebError` ``bad_request``.

        ``seats`` says who plays each seat (:func:`~cribkit.web.tables.plan_seats`); without
        it, ``mode`` does: ``ai`` the player's seat 0 against the computer, ``hotseat`` every
        seat the player's, on one screen. Without a ``seed`` the game's is a fair seed
        (:func:`~cribkit.games.chance.new_fair_seed`); a ``seed`` may be chosen only for a
        game of one person, which is then practice (kept out of the statistics). ``owner`` (a
        player id, going by ``name``) owns the player's seats; each friend's seat has an
        invitation until somebody takes it. ``daily`` (the player's local date) deals the day's
        deal: Solitaire's, as ``cribkit solitaire --daily`` does, or classic's against the
        expert, as ``cribkit puzzle --deal`` does (:mod:`cribkit.analysis.daily_deal`):
        practice too, its record's ``meta`` says which day."""
        try:
            info = game_info(game)
            rules = info.rules_type.from_options(options)
        except GameError as error:
            raise WebError("bad_request", str(error)) from None
        if ai not in LEVELS:
            raise WebError(
                "bad_request", f"unknown AI level {ai!r}: the levels are {', '.join(LEVELS)}"
            )
        if mode not in MODES:
            raise WebError("bad_request", f"unknown mode {mode!r}: the modes are ai, hotseat")
        plan = self._plan(info.name, info.hotseat, rules, mode, ai, seats)
        if plan.friends:
            mode = "table"
        elif len(plan.mine) > 1 and not rules.played_alone:
            mode = "hotseat"
        deal = "" if seed is None else f"seed {seed} chosen by the player"
        start: dict[str, Any] = {}
        if daily is not None:
            if seed is not None:
                raise WebError("bad_request", "name a seed or ask for the daily deal, not both")
            seed, deal = daily_seed(daily), daily_deal.label(daily)
            start = _daily_start(info.name, rules, ai, seed)
        if seed is not None and (mode != "ai" or public):
            raise WebError(
                "bad_request",
                "a chosen seed is only for a practice game of one person (against the "
                "computer, or Solitaire): a game of several people is always dealt from a "
                "fair seed",
            )
        if clock is not None and (not plan.friends or clock <= 0):
            raise WebError("bad_request", "a move clock is for a table with invited friends")
        if best_of not in MATCH_LENGTHS:
            raise WebError(
                "bad_request",
                f"a match is best of {', '.join(map(str, MATCH_LENGTHS))} games, not {best_of}",
            )
        if public and not plan.friends:
            raise WebError("bad_request", "a public table has a seat for somebody to join")
        pool = rated_pool(self.store, lookup(rules.spec()).spec(), plan, owner) if rated else None
        chosen: int | str = new_fair_seed() if seed is None else seed
        table = Table(
            host=owner,
            levels=plan.computers,
            names=dict.fromkeys(plan.mine, name) if name else {},
            invites={seat: self._new_invite() for seat in plan.friends},
            public=public,
            watch=secrets.token_urlsafe(16),
            clock=clock,
            rated=pool,
            match=None
            if best_of == 1
            else Match(secrets.token_hex(8), best_of, 1, (0,) * rules.sides),
            deal=deal,
            start=start,
        )
        row = new_row(
            secrets.token_hex(8),
            game=info.name,
            spec=lookup(rules.spec()).spec(),
            rules=rules.options(),
            seed=chosen,
            mode=mode,
            ai=ai,
            humans=plan.humans,
            tokens={seat: secrets.token_urlsafe(18) for seat in plan.humans},
            owners={} if owner is None else dict.fromkeys(plan.mine, owner),
            practice=seed is not None,
            table=table,
        )
        return self._open(row)

    def create_between(
        self,
        game_id: str,
        spec: str,
        people: Sequence[tuple[str, str] | None],
        *,
        rated: str | None,
        best_of: int = 1,
        clock: float | None = None,
        seed: str | None = None,
        sealed: str = "",
    ) -> GameSession:
        """Start and store game ``game_id`` of ``spec`` between ``people`` (each a player id and
        the name they go by, seated in that order: quick play, an event; None: the computer
        plays that seat, at the expert level), dealt from a fair seed (or ``seed``: an event
        round's duplicate deals, ``sealed`` naming the round, so that nobody may watch it),
        rated in the pool ``rated`` (or not), a match if ``best_of`` is more than 1, a move
        clock of ``clock`` seconds (or none). (The caller asks the computer to play, on the
        event loop.)"""
        rules = lookup(spec)
        seated = {seat: person for seat, person in enumerate(people) if person is not None}
        table = Table(
            host=next((player for player, _ in seated.values()), None),
            levels={seat: "expert" for seat in range(len(people)) if seat not in seated},
            names={seat: name for seat, (_, name) in seated.items() if name},
            watch="" if sealed else secrets.token_urlsafe(16),
            rated=rated,
            clock=clock,
            sealed=sealed,
            match=None
            if best_of == 1
            else Match(secrets.token_hex(8), best_of, 1, (0,) * rules.sides),
        )
        row = new_row(
            game_id,
            game=rules.GAME,
            spec=lookup(rules.spec()).spec(),
            rules=rules.options(),
            seed=new_fair_seed() if seed is None else seed,
            mode="table",
            ai="expert",
            humans=tuple(seated),
            tokens={seat: secrets.token_urlsafe(18) for seat in seated},
            owners={seat: player for seat, (player, _) in seated.items()},
            table=table,
        )
        return self._open(row)

    def _open(self, row: GameRow) -> GameSession:
        """Deal a new game's row, store it and keep it live."""
        info = game_info(row.game)
        rules = info.rules_type.from_options(row.rules)
        transition = info.start(rules, seed=row.seed, **row.table.start)
        row = replace(row, scores=tuple(transition.state.scores))
        self.store.create_game(row)
        return self._live(
            GameSession(row, self.services, transition.state, list(transition.events), [])
        )

    def _live(self, session: GameSession) -> GameSession:
        """Keep a game live: alone, in memory (the first copy made, if two were at once); in
        a cluster, only once a socket of it follows it (:func:`cribkit.web.shared.follow`)."""
        session.on_finish = self._finished
        if self.services.clustered:
            return session
        return self.sessions.setdefault(session.id, session)

    async def _finished(self, session: GameSession) -> None:
        """A game is over: rated, it moves its players' ratings; a match not won yet goes on
        with its next game at once."""
        await rate_if_rated(session)
        for hook in self.on_game_over:
            try:
                await hook(session)
            except StoreError as error:  # (the game is over all the same: its event waits)
                log.warning("game %s: after its end, the store failed: %s", session.id,
                            one_line(error), extra={"game": session.id})  # fmt: skip
        match = session.row.table.match
        if match is None or session.row.table.next is not None:
            return
        tally = match_tally(match, session.state.result)
        if match.winner(tally) is None:
            await self.next_game(session, replace(match, number=match.number + 1, tally=tally))

    async def next_game(self, session: GameSession, match: Match | None) -> GameSession:
        """:meth:`follow_on` (the store off the event loop, the lock held), the other
        processes told, the computer asked to play if it is first."""
        following = await self.services.stored(self.follow_on, session, match)
        await self.services.fanout.publish(session.id, {"kind": "row"})
        following.kick_ai()
        return following

    async def rematch(self, session: GameSession) -> str:
        """The id of the game after a finished one: the one made already, or a new one (a
        rematch: a new match of the same length)."""
        async with session.lock, self.services.fanout.lock(session.id):
            if self.services.clustered:
                await catch_up(session)
            following = session.row.table.next
            if following is None:
                match = session.row.table.match
                fresh = None if match is None else replace(
                    match, id=secrets.token_hex(8), number=1, tally=(0,) * len(match.tally)
                )  # fmt: skip
                following = (await self.next_game(session, fresh)).id
                await session.broadcast_table()
        return following

    def follow_on(self, session: GameSession, match: Match | None) -> GameSession:
        """The game after ``session``'s, at the same table (the same people in the same seats,
        the computer at the same levels, a new fair seed): the match's next game, or a
        rematch (``match`` a new one, or None). The loser deals first where the game has a
        dealer. Its id is kept as the table's ``next``."""
        row = session.row
        result = session.state.result
        info = game_info(row.game)
        start: dict[str, Any] = {}
        if result is not None and "first_dealer" in info.setup_keys:
            start["first_dealer"] = result.next_dealer
        seated = tuple(s for s in row.humans if s in row.owners)
        levels = {s: row.level_of(s) for s in range(session.state.rules.seats) if s not in seated}
        # (the same watch code: a spectator follows the table from game to game)
        table = replace(row.table, levels=levels, invites={}, public=False, mutes={},
                        start=start, match=match, next=None)  # fmt: skip
        now = time.time()
        following = self._open(replace(
            row, id=secrets.token_hex(8), seed=new_fair_seed(), humans=seated,
            tokens={s: secrets.token_urlsafe(18) for s in seated}, status="playing",
            created=now, updated=now, version=0, result=None, practice=False, table=table,
        ))  # fmt: skip
        session.row = replace(row, table=replace(row.table, next=following.id))
        self.store.save_table(row.id, session.row.table)
        return following

    @staticmethod
    def _plan(
        game: str, hotseat: bool, rules: Any, mode: str, ai: str, seats: Sequence[Any] | None
    ) -> SeatPlan:
        count = rules.seats
        if rules.played_alone:
            if seats is not None and any(
                isinstance(s, dict) and s.get("kind") != "me" for s in seats
            ):
                raise WebError("bad_request", f"{game} is played alone: every seat is yours")
            return SeatPlan(tuple(range(count)), (), {})
        if seats is None:
            if mode == "hotseat" and not hotseat:
                shared = [g for g in games() if game_info(g).hotseat]
                raise WebError("bad_request", f"hot-seat is for {' and '.join(shared)}, not {game}")
            if mode == "hotseat":
                return SeatPlan(tuple(range(count)), (), {})
            return SeatPlan((0,), (), dict.fromkeys(range(1, count), ai))
        try:
            plan = plan_seats(seats, count, ai)
        except SeatError as error:
            raise WebError("bad_request", str(error)) from None
        if len(plan.mine) > 1 and not hotseat:
            raise WebError(
                "bad_request", f"{game} has no hot-seat: one seat is yours, the others not"
            )
        return plan

    def _new_invite(self) -> Any:
        # A join code is short: one already open is drawn again (the link code never repeats).
        while True:
            invite = new_invite()
            if self.store.find_invite(invite.join) is None:
                return invite

    # -- invitations ----------------------------------------------------------------------------

    def find_invite(self, code: str) -> tuple[GameSession, int] | None:
        """The game and seat of an open invitation, by its link code or its join code."""
        joined = normal_join_code(code) if len(code) <= 12 else None
        found = self.store.find_invite(joined or code)
        if found is None:
            return None
        session = self.get(found[0])
        if session is None or session.over:
            return None
        return session, found[1]

    async def accept(
        self, session: GameSession, seat: int, player: str, name: str | None
    ) -> str | None:
        """Seat ``player`` (going by ``name``) at the invited ``seat``: the seat's token, or
        None if somebody took the seat first (or the host cancelled it)."""

        def take(row: GameRow, invites: dict[int, Any]) -> GameRow:
            names = {**row.table.names, **({seat: name} if name else {})}
            return replace(
                row,
                owners={**row.owners, seat: player},
                table=replace(row.table, invites=invites, names=names),
            )

        # Every page's state anew: the seat's person is timed from now on (the state carries
        # the clock) and the table shows them seated.
        taken = await self._close_invite(session, seat, take)
        return None if taken is None else taken.tokens[seat]

    async def cancel(self, session: GameSession, seat: int) -> bool:
        """Cancel the invitation to ``seat``: the computer plays it, at the table's level."""

        def give_back(row: GameRow, invites: dict[int, Any]) -> GameRow:
            return replace(
                row,
                humans=tuple(s for s in row.humans if s != seat),
                tokens={s: t for s, t in row.tokens.items() if s != seat},
                table=replace(
                    row.table, invites=invites, levels={**row.table.levels, seat: row.ai}
                ),
            )

        if await self._close_invite(session, seat, give_back) is None:
            return False
        session.kick_ai()
        return True

    async def _close_invite(
        self,
        session: GameSession,
        seat: int,
        change: Callable[[GameRow, dict[int, Any]], GameRow],
    ) -> GameRow | None:
        """Close the open invitation to ``seat`` with the game's row as ``change`` makes it
        (given the row and the invitations left), under the game's locks and read fresh from
        the store in a cluster; tell every process and page. None if it was not open."""
        async with session.lock, self.services.fanout.lock(session.id):
            if self.services.clustered:
                await catch_up(session)
            row = session.row
            if seat not in row.table.invites:
                return None
            invites = {s: i for s, i in row.table.invites.items() if s != seat}
            changed = change(row, invites)
            if not await self.services.stored(self.store.close_invite, changed, seat):
                return None
            session.reseat(changed)
            await self.services.fanout.publish(session.id, {"kind": "row"})
            await session.broadcast()
        return changed

    def public_tables(self) -> list[GameSession]:
        """The live public games, newest first: those with a free seat, then those to watch
        (in a cluster, read from the store: the others' games are not in this process)."""
        if self.services.clustered:
            rows = [r.id for r in self.store.unfinished() if r.table.public]
            found = (self.get(game_id) for game_id in rows)
            live = [s for s in found if s is not None]
        else:
            live = list(self.sessions.values())
        tables = [s for s in live if s.row.table.public and not s.over]
        tables.sort(key=lambda s: (not s.row.table.invites, -s.row.created))
        return tables

    # -- the cluster ----------------------------------------------------------------------------

    async def heard(self, game_id: str | None, message: dict[str, Any]) -> None:
        """A message of another process (:mod:`cribkit.web.fanout`): a change to a game this
        process follows, or the answer to a hint it asked for. Each game's changes are taken
        in the order heard (its lock is first come, first served)."""
        if game_id is None:
            reply = self.services.replies.get(str(message.get("ticket")))
            if reply is not None and not reply.done():
                reply.set_result(message)
            return
        if game_id.startswith(INBOX_PREFIX):
            await self.inbox.heard(game_id.removeprefix(INBOX_PREFIX), message)
            return
        session = self.sessions.get(game_id)
        if session is not None and session.followed:
            self._spawn(heard(session, message))

    def resync(self) -> None:
        """Catch up every game followed, from the store (after Redis was lost for a while)."""
        for session in list(self.sessions.values()):
            if session.followed:
                self._spawn(self._caught_up(session))

    async def _caught_up(self, session: GameSession, behind: int | None = None) -> None:
        async with session.lock:
            if behind is not None and session.version >= behind:
                return  # (heard meanwhile)
            if behind is not None:
                log.warning("game %s: caught up from the store at version %s (an announcement "
                            "was lost)", session.id, behind)  # fmt: skip
            await catch_up(session)
            await session.broadcast()
        session.kick_ai()  # (asked for again: it may have been lost with Redis)

    async def sweep(self) -> None:
        """Now and then: catch up the games followed that moved on without this process
        hearing of it, forget what dead processes held (their presence at the tables), and
        read the workers' queues' depths. Nothing it meets stops it.

        It starts as the process joins the cluster: from then on each player's window of
        messages is counted in the cluster's Redis (:meth:`Limits.share`), one for every
        server."""
        if self.services.jobs is not None:
            try:
                self.limits.share(self.services.jobs.redis)
            except Exception as error:  # (the windows stay this process's: logged, not fatal)
                log.warning("the players' windows stay in this process's memory: %s",
                            one_line(error))  # fmt: skip
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self._behind()
                await self._dead_processes()
            except Exception as error:  # (logged; the next round tries again)
                log.warning("the sweep of the games followed failed: %s", one_line(error))

    async def _behind(self) -> None:
        """Catch up every game followed whose stored version is not this copy's: an
        announcement lost (Redis gone, a process dead between storing and telling, a commit
        whose answer was lost) delays a seat's update by a sweep at most, never for good."""
        followed = [s for s in self.sessions.values() if s.followed]
        if not followed:
            return
        try:
            stored = await self.services.stored(
                self.services.store.versions, [s.id for s in followed]
            )
        except StoreError:
            return  # (the store's outage is said where it is met)
        for session in followed:
            if stored.get(session.id, session.version) > session.version:
                self._spawn(self._caught_up(session, stored[session.id]))

    async def _dead_processes(self) -> None:
        """Forget the presence of processes that died; read the queues' depths."""
        followed = [s for s in self.sessions.values() if s.followed and s.remote]
        names = {name for s in followed for name in s.remote}
        try:
            alive = await self.services.fanout.live_processes(names)
            if self.services.jobs is not None:
                self.services.queue_depths.update(await self.services.jobs.depth())
        except REDIS_DOWN:  # (the heartbeat says so): the next round tries again
            return
        for session in followed:
            if set(session.remote) - alive:
                session.remote = {k: v for k, v in session.remote.items() if k in alive}
                self._spawn(session.announce_table())

    def _spawn(self, work: Any) -> None:
        task: asyncio.Future[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def shutdown(self) -> None:
        """Stop the computer's tasks."""
        for task in list(self._tasks):
            task.cancel()
        for session in self.sessions.values():
            session.cancel_ai()


def _daily_start(game: str, rules: Any, ai: str, seed: int) -> dict[str, Any]:
    """The setup of a daily deal beyond its seed; a game or rules that have none refused."""
    if game == "solitaire":
        return {}
    if game != "classic":
        raise WebError("bad_request", "the daily deal is a Solitaire or a classic deal")
    if rules != type(rules).from_options({}):
        raise WebError(
            "bad_request",
            "the daily classic deal is two players with the standard rules: give no other options",
        )
    if ai != "expert":
        raise WebError("bad_request", f"the daily classic deal is against the expert, not {ai}")
    return {"first_dealer": daily_deal.first_dealer(seed)}
