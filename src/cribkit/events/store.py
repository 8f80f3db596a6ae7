"""Events in the store's database (the tables of :mod:`cribkit.store.schema`, on SQLite and
PostgreSQL alike): made by a director (any account), registration opened by a code, started,
paused, closed. Every step that cannot be taken raises :class:`~cribkit.events.EventError` in one
line and writes nothing.

>>> from cribkit.store.base import open_store
>>> from cribkit.store.schema import accounts
>>> store = open_store("sqlite:///:memory:")
>>> with store.transaction() as db:
...     _ = db.execute(accounts.insert(), [{"id": a, "player": "p-" + a, "name": a, "created": 0.0}
...                                         for a in ("dir", "ann")])
>>> events = EventStore(store)
>>> night = events.create("dir", "Tuesday night", "classic", "night", {"games": 3}, starts=100.0)
>>> code = events.open(night.id, "dir")
>>> events.register(code, "ann").id == night.id
True
>>> events.register(code, "ann")
Traceback (most recent call last):
...
cribkit.events.EventError: you are registered for Tuesday night already
>>> events.start(night.id, "ann")
Traceback (most recent call last):
...
cribkit.events.NotDirectorError: only the director of Tuesday night may start it
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass
from typing import Any, Final

import sqlalchemy as sa

from cribkit.events import EventError, NotDirectorError
from cribkit.events.formats import Format
from cribkit.store.base import Store
from cribkit.store.schema import event_games, event_players, events

__all__ = [
    "OVERLAP_SECONDS",
    "POOL_SPECS",
    "Event",
    "EventGame",
    "EventGames",
    "EventStore",
    "award",
    "target_of",
]

#: The games an event is played in: a rated pool's (two players, the standard rules).
POOL_SPECS: Final = ("classic", "classic:target=61", "tabletop", "tiles")
#: Two events overlap when neither is closed and they start less than this apart: a player
#: registers for one of them.
OVERLAP_SECONDS: Final = 6 * 3600.0
#: The letters of a registration code (no 0/O, 1/I/L: read aloud alike).
CODE_LETTERS: Final = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
NAME_LENGTH: Final = 60


@dataclass(frozen=True, slots=True)
class Event:
    """An event as stored."""

    id: str
    director_id: str
    name: str
    spec: str
    format: Format
    starts: float
    clock: float | None
    public: bool
    code: str | None
    status: str
    created: float
    #: The season its nights count in (the director's club's), or None.
    season: str | None = None


def _event(row: Any) -> Event:
    return Event(
        row.id, row.director_id, row.name, row.spec,
        Format.parse(row.format, json.loads(row.options)), row.starts, row.clock,
        bool(row.public), row.code, row.status, row.created, row.season,
    )  # fmt: skip


class EventStore:
    """The events of ``store`` (see the module)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    # -- making and finding -------------------------------------------------------------------

    def create(
        self,
        director_id: str,
        name: str,
        spec: str,
        format_name: str,
        options: dict[str, Any],
        *,
        starts: float,
        clock: float | None = None,
        public: bool = False,
        season: str | None = None,
        now: float | None = None,
    ) -> Event:
        """A new event (a draft until :meth:`open`); ``season`` the label of the season its
        nights count in (a club night's only)."""
        shown = " ".join(str(name).split())
        if not 1 <= len(shown) <= NAME_LENGTH:
            raise EventError(f"an event's name is 1 to {NAME_LENGTH} characters")
        season = None if season is None else " ".join(str(season).split()) or None
        if season is not None and (format_name != "night" or len(season) > NAME_LENGTH):
            raise EventError(
                f"a season counts club nights only, named in 1 to {NAME_LENGTH} characters"
            )
        if spec not in POOL_SPECS:
            raise EventError(f"an event is played in {', '.join(POOL_SPECS)}, not {spec[:30]!r}")
        chosen = Format.parse(format_name, options)
        if clock is not None and not 10 <= clock <= 600:
            raise EventError(f"a move clock is 10 to 600 seconds, not {clock!r}")
        at = time.time() if now is None else now
        event_id = secrets.token_hex(8)
        with self.store.transaction() as db:
            db.execute(
                events.insert().values(
                    id=event_id, director_id=director_id, name=shown, spec=spec,
                    format=chosen.name, options=json.dumps(chosen.options()), starts=starts,
                    clock=clock, public=int(public), code=None, status="draft", created=at,
                    season=season,
                )
            )  # fmt: skip
        found = self.event(event_id)
        assert found is not None
        return found

    def event(self, event_id: str) -> Event | None:
        with self.store.transaction(read=True) as db:
            row = db.execute(sa.select(events).where(events.c.id == event_id)).first()
        return None if row is None else _event(row)

    def by_code(self, code: str) -> Event | None:
        with self.store.transaction(read=True) as db:
            row = db.execute(sa.select(events).where(events.c.code == code.strip().upper())).first()
        return None if row is None else _event(row)

    def listed(self, *, limit: int = 50) -> list[Event]:
        """The public events open for registration or being played, soonest first."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(events)
                .where(events.c.public == 1, events.c.status.in_(("open", "running", "paused")))
                .order_by(events.c.starts, events.c.id)
                .limit(limit)
            ).all()
        return [_event(row) for row in rows]

    def running(self) -> list[Event]:
        """The events being played (not paused)."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(sa.select(events).where(events.c.status == "running")).all()
        return [_event(row) for row in rows]

    def season(self, director_id: str, season: str) -> list[Event]:
        """The nights of a director's season (started ones: a draft or an open night has no
        games), oldest first."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(events)
                .where(
                    events.c.director_id == director_id,
                    events.c.season == season,
                    events.c.status.in_(("running", "paused", "finished", "closed")),
                )
                .order_by(events.c.starts, events.c.id)
            ).all()
        return [_event(row) for row in rows]

    def players(self, event_id: str) -> list[str]:
        """The accounts registered, in the order they registered."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(event_players.c.account_id)
                .where(event_players.c.event_id == event_id)
                .order_by(event_players.c.registered, event_players.c.account_id)
            ).all()
        return [row.account_id for row in rows]

    # -- the director's steps -----------------------------------------------------------------

    def directed(self, event_id: str, by: str, doing: str, allowed: tuple[str, ...]) -> Event:
        found = self.event(event_id)
        if found is None:
            raise EventError(f"no event {event_id[:20]!r}")
        if found.director_id != by:
            raise NotDirectorError(f"only the director of {found.name} may {doing} it")
        if found.status not in allowed:
            raise EventError(f"{found.name} is {found.status}: it cannot {doing} now")
        return found

    def _status(self, event_id: str, status: str, **values: Any) -> None:
        with self.store.transaction() as db:
            db.execute(
                events.update().where(events.c.id == event_id).values(status=status, **values)
            )

    def open(self, event_id: str, by: str) -> str:
        """Open registration: the code players register with."""
        self.directed(event_id, by, "open", ("draft",))
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(6))
        self._status(event_id, "open", code=code)
        return code

    def start(self, event_id: str, by: str) -> Event:
        """Close registration and start: the field must be able to play the format."""
        found = self.directed(event_id, by, "start", ("open",))
        found.format.check_field(len(self.players(event_id)))
        self._status(event_id, "running")
        started = self.event(event_id)
        assert started is not None
        return started

    def pause(self, event_id: str, by: str) -> None:
        """No new game is paired until :meth:`resume` (the games at the tables go on)."""
        self.directed(event_id, by, "pause", ("running",))
        self._status(event_id, "paused")

    def resume(self, event_id: str, by: str) -> None:
        self.directed(event_id, by, "resume", ("paused",))
        self._status(event_id, "running")

    def close(self, event_id: str, by: str) -> None:
        self.directed(event_id, by, "close", ("draft", "open", "running", "paused"))
        self._status(event_id, "closed")

    def finish(self, event_id: str) -> None:
        """The event's games are all played (its rules say so: nobody's step): it is over."""
        with self.store.transaction() as db:
            db.execute(
                events.update()
                .where(events.c.id == event_id, events.c.status == "running")
                .values(status="finished")
            )

    def replace(self, event_id: str, by: str, account_id: str) -> Event:
        """The director hands a no-show's games to the computer: its games unrated from now,
        its points kept out of season tables; refused for a player not registered, or twice."""
        found = self.directed(event_id, by, "replace a player of", ("running", "paused"))
        with self.store.transaction() as db:
            done: int = db.execute(
                event_players.update()
                .where(
                    event_players.c.event_id == event_id,
                    event_players.c.account_id == account_id,
                    event_players.c.replaced == 0,
                )
                .values(replaced=1)
            ).rowcount
        if not done:
            raise EventError(f"that player is not one of {found.name}'s, or is replaced already")
        return found

    def replaced(self, event_id: str) -> set[str]:
        """The players the computer plays for."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(event_players.c.account_id).where(
                    event_players.c.event_id == event_id, event_players.c.replaced == 1
                )
            ).all()
        return {row.account_id for row in rows}

    # -- players ------------------------------------------------------------------------------

    def register(self, code: str, account_id: str, *, now: float | None = None) -> Event:
        """Register ``account_id`` by the event's code: refused once it started, twice, or
        beside another event it is registered for that overlaps."""
        found = self.by_code(code[:12]) if code else None
        if found is None:
            raise EventError("no event has this code")
        return self._register(found, account_id, now)

    def join_public(self, event_id: str, account_id: str, *, now: float | None = None) -> Event:
        """Register ``account_id`` for a public event (listed in the lobby: no code needed)."""
        found = self.event(event_id)
        if found is None or not found.public:
            raise EventError("no public event has this id: register with the event's code")
        return self._register(found, account_id, now)

    def _register(self, found: Event, account_id: str, now: float | None) -> Event:
        if found.status != "open":
            raise EventError(f"registration for {found.name} is closed: it is {found.status}")
        at = time.time() if now is None else now
        with self.store.transaction() as db:
            mine = db.execute(
                sa.select(events.c.id, events.c.name, events.c.starts)
                .select_from(event_players.join(events, events.c.id == event_players.c.event_id))
                .where(
                    event_players.c.account_id == account_id,
                    events.c.status.not_in(("finished", "closed")),
                )
            ).all()
            for other in mine:
                if other.id == found.id:
                    raise EventError(f"you are registered for {found.name} already")
                if abs(other.starts - found.starts) < OVERLAP_SECONDS:
                    raise EventError(
                        f"you are registered for {other.name}, which overlaps {found.name}"
                    )
            db.execute(
                event_players.insert().values(
                    event_id=found.id, account_id=account_id, registered=at
                )
            )
        return found

    def withdraw(self, event_id: str, account_id: str) -> None:
        """Leave an event before it starts."""
        found = self.event(event_id)
        if found is None or found.status not in ("draft", "open"):
            raise EventError("only an event not started yet can be left")
        with self.store.transaction() as db:
            gone: int = db.execute(
                event_players.delete().where(
                    event_players.c.event_id == event_id,
                    event_players.c.account_id == account_id,
                )
            ).rowcount
        if not gone:
            raise EventError(f"you are not registered for {found.name}")


@dataclass(frozen=True, slots=True)
class EventGame:
    """A game of an event: its number (from 1) and round, its players (``second`` None: a
    bye), the stored game once made, its result once played (``{"scores", "skunk"}``)."""

    number: int
    round: int
    first: str
    second: str | None
    game_id: str | None
    result: dict[str, Any] | None
    awarded: bool

    @property
    def open(self) -> bool:
        """Still being played (a bye never is)."""
        return self.second is not None and self.result is None


def _event_game(row: Any) -> EventGame:
    result = None if row.result is None else json.loads(row.result)
    return EventGame(row.number, row.round, row.first_id, row.second_id, row.game_id, result,
                     bool(row.awarded))  # fmt: skip


class EventGames:
    """The games of the events in ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def of(self, event_id: str) -> list[EventGame]:
        """The event's games, in number order."""
        with self.store.transaction(read=True) as db:
            rows = db.execute(
                sa.select(event_games)
                .where(event_games.c.event_id == event_id)
                .order_by(event_games.c.number)
            ).all()
        return [_event_game(row) for row in rows]

    def add(
        self,
        event_id: str,
        pairs: list[tuple[str, str]],
        byes: list[str],
        round_: int,
        rounds: list[int] | None = None,
    ) -> list[EventGame]:
        """Write the games of ``pairs`` and the ``byes`` (a bye is its own result) in round
        ``round_`` (or each pair in its own of ``rounds``: a bracket's match numbers): only if
        none of their players is at an open game of the event (else nothing, and an
        :class:`EventError`: somebody paired them meanwhile). The games written."""
        playing = [p for pair in pairs for p in pair] + byes
        with self.store.transaction() as db:
            busy = db.execute(
                sa.select(event_games.c.number).where(
                    event_games.c.event_id == event_id,
                    event_games.c.result.is_(None),
                    sa.or_(
                        event_games.c.first_id.in_(playing), event_games.c.second_id.in_(playing)
                    ),
                )
            ).first()
            if busy is not None:
                raise EventError("a player was paired meanwhile: pairing again")
            last = db.execute(
                sa.select(sa.func.max(event_games.c.number)).where(
                    event_games.c.event_id == event_id
                )
            ).scalar()
            number = int(last or 0)
            rows = []
            for index, (first, second) in enumerate(pairs):
                number += 1
                rows.append({"number": number, "first_id": first, "second_id": second,
                             "result": None,
                             "round": round_ if rounds is None else rounds[index]})  # fmt: skip
            for player in byes:
                number += 1
                rows.append({"number": number, "first_id": player, "second_id": None,
                             "result": json.dumps({"bye": True}), "round": round_})  # fmt: skip
            if rows:
                db.execute(
                    event_games.insert(),
                    [{"event_id": event_id, "game_id": None, "awarded": 0, **row}
                     for row in rows],
                )  # fmt: skip
        made = {row["number"] for row in rows}
        return [game for game in self.of(event_id) if game.number in made]

    def round_over(self, sealed: str) -> bool:
        """Whether the event round ``sealed`` names (``"EVENT/ROUND"``, a duplicate round's
        tables: :attr:`cribkit.store.base.Table.sealed`) has every game's result."""
        event_id, _, round_text = sealed.partition("/")
        if not round_text.isdigit():
            return True
        with self.store.transaction(read=True) as db:
            playing = db.execute(
                sa.select(event_games.c.number).where(
                    event_games.c.event_id == event_id,
                    event_games.c.round == int(round_text),
                    event_games.c.result.is_(None),
                )
            ).first()
        return playing is None

    def by_game(self, game_id: str) -> tuple[str, EventGame] | None:
        """The event and its game that stored game ``game_id`` is, if any."""
        with self.store.transaction(read=True) as db:
            row = db.execute(sa.select(event_games).where(event_games.c.game_id == game_id)).first()
        return None if row is None else (row.event_id, _event_game(row))

    def started(self, event_id: str, number: int, game_id: str) -> None:
        """The stored game ``game_id`` is the event's game ``number``."""
        with self.store.transaction() as db:
            db.execute(
                event_games.update()
                .where(event_games.c.event_id == event_id, event_games.c.number == number)
                .values(game_id=game_id)
            )

    def record(
        self, event_id: str, number: int, result: dict[str, Any], *, awarded: bool = False
    ) -> bool:
        """Write game ``number``'s result (``{"scores": [first's, second's], "skunk"}``), once:
        False if it had one already (a result is never written twice)."""
        with self.store.transaction() as db:
            done: int = db.execute(
                event_games.update()
                .where(
                    event_games.c.event_id == event_id,
                    event_games.c.number == number,
                    event_games.c.result.is_(None),
                )
                .values(result=json.dumps(result), awarded=int(awarded))
            ).rowcount
        return done == 1


def target_of(spec: str) -> int:
    """The points a game of ``spec`` is played to (an awarded game's winner is given them).

    >>> target_of("classic"), target_of("classic:target=61")
    (121, 61)
    """
    return 61 if "target=61" in spec else 121


def award(
    events: EventStore,
    games: EventGames,
    event_id: str,
    number: int,
    by: str,
    winner: str,
    scores: tuple[int, int] = (0, 0),
) -> EventGame:
    """The director awards game ``number`` to ``winner`` (a disputed game, a player gone):
    the winner is given the game's target, the loser keeps their ``scores`` as they stood;
    refused for anyone else, a game with a result already (a result is never awarded twice),
    a bye, or a winner who is not at that game."""
    event = events.directed(event_id, by, "award a game of", ("running", "paused"))
    found = next((g for g in games.of(event_id) if g.number == number), None)
    if found is None or found.second is None:
        raise EventError(f"{event.name} has no game {number} between two players")
    if found.result is not None:
        raise EventError(f"game {number} of {event.name} has its result already")
    if winner not in (found.first, found.second):
        raise EventError(f"game {number} of {event.name} is not that player's")
    first_won = winner == found.first
    loser_score = scores[1] if first_won else scores[0]
    top = max(target_of(event.spec), loser_score + 1)
    result = {"scores": [top, loser_score] if first_won else [loser_score, top], "skunk": None}
    if not games.record(event_id, number, result, awarded=True):
        raise EventError(f"game {number} of {event.name} has its result already")
    return next(g for g in games.of(event_id) if g.number == number)
