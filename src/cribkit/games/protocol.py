"""The protocol every cribkit game follows: rules, states, actions, events, results, registry.

A game is described by a frozen, keyword-only :class:`Rules` dataclass (one per game, e.g.
``ClassicRules(players=3, target=61)``) and found by name in a registry, with options:

>>> from cribkit.games import lookup, start
>>> lookup("classic:players=3,target=61")
ClassicRules(players=3, target=61, skunks=True, manual_counting=False, muggins=False)

A state is immutable. It says whose turn it is (:attr:`GameState.current_player`), which
actions are legal, why an action is not (:meth:`GameState.verify` raises a :class:`GameError`
that names the rule), and :meth:`GameState.apply` returns a :class:`Transition`: a *new* state
and the :class:`~cribkit.games.events.GameEvent` records of what happened, with points, running totals and, where points
were scored, the breakdown that explains them. Chance (shuffles, cuts) comes from a seed or
from explicit decks, and a player who cannot play says go without an action: only real choices
are actions.

>>> t = start("classic", seed=1)
>>> [e.type for e in t.events][:2]
['cut', 'deal']
>>> state = t.state
>>> action = state.legal_actions()[0]
>>> state.apply(action).state.current_player == state.current_player
False
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, dataclass, fields
from typing import (
    Any,
    ClassVar,
    Final,
    Generic,
    Protocol,
    Self,
    TypeVar,
    cast,
    runtime_checkable,
)

from cribkit.core.cards import Card
from cribkit.games.errors import CardNotHeldError as CardNotHeldError
from cribkit.games.errors import DiscardError as DiscardError
from cribkit.games.errors import GameError as GameError
from cribkit.games.errors import GameOverError as GameOverError
from cribkit.games.errors import IllegalActionError as IllegalActionError
from cribkit.games.errors import NoDeckError as NoDeckError
from cribkit.games.errors import OutOfTurnError as OutOfTurnError
from cribkit.games.errors import OverDeclarationError as OverDeclarationError
from cribkit.games.errors import RecordError as RecordError
from cribkit.games.errors import RulesError as RulesError
from cribkit.games.errors import WrongActionError as WrongActionError
from cribkit.games.events import GameEvent
from cribkit.games.views import GameView

# ---------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True, kw_only=True)
class Rules:
    """Base of every game's rules: a frozen keyword-only dataclass of options.

    Each field is an option; its ``metadata`` may hold ``choices`` (the values it takes) and
    ``help``. Subclasses set :attr:`GAME`, the registry name.
    """

    GAME: ClassVar[str] = ""

    @classmethod
    def or_default(cls, rules: object) -> Self:
        """``rules`` if they are this game's, the default rules for None; else a GameError.

        >>> from cribkit.games.classic.rules import ClassicRules
        >>> ClassicRules.or_default(None)
        ClassicRules(players=2, target=121, skunks=True, manual_counting=False, muggins=False)
        """
        if rules is None:
            return cls()
        if not isinstance(rules, cls):
            raise GameError(f"{cls.GAME} needs {cls.__name__}, not {type(rules).__name__}")
        return rules

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                raise RulesError(
                    f"{self.GAME} option {f.name} must be one of {_choices_text(choices)}, "
                    f"not {value!r}"
                )

    @property
    def seats(self) -> int:
        """How many seats the game has."""
        return 1

    @property
    def played_alone(self) -> bool:
        """Whether one person plays every seat (Solitaire; Tiles with ``solitaire``)."""
        return False

    @property
    def sides(self) -> int:
        """How many sides score: one a seat, unless seats play in partnerships."""
        return self.seats

    def options(self) -> dict[str, Any]:
        """Every option and its value, JSON-ready."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def spec(self) -> str:
        """The registry name of these rules: the game, then the options that differ from the default.

        >>> from cribkit.games.classic.rules import ClassicRules
        >>> ClassicRules(players=3, target=61).spec()
        'classic:players=3,target=61'
        """
        changed = [
            f"{f.name}={_option_text(getattr(self, f.name))}"
            for f in fields(self)
            if f.default is MISSING or getattr(self, f.name) != f.default
        ]
        return self.GAME + (":" + ",".join(changed) if changed else "")

    @classmethod
    def option_help(cls) -> str:
        """One line per option: name, the values it takes, the default."""
        lines = []
        for f in fields(cls):
            choices = f.metadata.get("choices")
            values = _choices_text(choices) if choices else type(f.default).__name__
            help_text = f.metadata.get("help", "")
            lines.append(
                f"{f.name} ({values}; default {_option_text(f.default)})"
                + (f": {help_text}" if help_text else "")
            )
        return "\n".join(lines)

    @classmethod
    def options_text(cls) -> str:
        """The options on one line, for an error message (``option_help`` has the details).

        >>> from cribkit.games.tabletop.rules import TableTopRules
        >>> TableTopRules.options_text()
        'the options are players, target, adjacency, swap_sides, heels, first_lines'
        """
        names = [f.name for f in fields(cls)]
        if not names:
            return f"{cls.GAME} takes no options"
        return f"the options are {', '.join(names)}"

    @classmethod
    def from_options(cls, options: Mapping[str, object]) -> Self:
        """Rules from option values, given as values or as text (``"3"``, ``"true"``)."""
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for name, raw in options.items():
            f = known.get(name)
            if f is None:
                raise RulesError(
                    f"{cls.GAME} has no option {name!r}{_did_you_mean(name, known)}: "
                    f"{cls.options_text()}"
                )
            values[name] = _coerce(cls.GAME, name, raw, f.default)
        return cls(**values)


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _choices_text(choices: Iterable[object]) -> str:
    return ", ".join(_option_text(c) for c in choices)


_TRUE = {"true", "on", "yes", "1"}
_FALSE = {"false", "off", "no", "0"}


def _coerce(game: str, name: str, raw: object, default: object) -> object:
    """An option value of the default's type, from a value or its text."""
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
        raise RulesError(f"{game} option {name} is true or false, not {raw!r}")
    if isinstance(default, int):
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lstrip("-").isdigit():
            return int(raw)
        raise RulesError(f"{game} option {name} is a whole number, not {raw!r}")
    if isinstance(default, str) and isinstance(raw, str):
        return raw
    raise RulesError(f"{game} option {name} does not take {raw!r}")


def _did_you_mean(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# ---------------------------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Action:
    """Base of the action records: a choice made by the player in ``seat``.

    Subclasses set :attr:`action_type`, the ``type`` of their JSON form.
    """

    seat: int
    action_type: ClassVar[str] = ""
    _by_type: ClassVar[dict[str, type[Action]]] = {}

    def __init_subclass__(cls) -> None:
        # No super() call: slots dataclasses remake the class, which breaks zero-argument super.
        # The remade class registers last, so the registry holds the final class.
        if cls.action_type:
            Action._by_type[cls.action_type] = cls

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: ``type``, ``seat`` and the fields, cards as text."""
        out: dict[str, Any] = {"type": self.action_type}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Card):
                value = str(value)
            elif isinstance(value, tuple):
                value = [str(v) if isinstance(v, Card) else v for v in value]
            out[f.name] = value
        return out

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Action:
        """Parse the JSON form of any registered action type."""
        if not isinstance(data, Mapping):
            raise GameError(f"an action is a JSON object, not {data!r}")
        kind = data.get("type")
        cls = Action._by_type.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise GameError(
                f"unknown action type {kind!r}: the types are {', '.join(sorted(Action._by_type))}"
            )
        return cls._parse(data)

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Action:
        raise NotImplementedError  # pragma: no cover - every registered type overrides it


#: The viewer who holds no seat: a spectator. ``state.observation(SPECTATOR)`` is the view of
#: what every seat sees (no hand, rack, crib before its show, deck or bag: nothing private of
#: any seat, nor anything a private card could be worked out from), ``event.to_json(SPECTATOR)``
#: hides every private event as it does from another seat, and a spectator has no legal
#: actions. It is not the record (viewer None), which sees everything.
SPECTATOR: Final = -1


def is_spectator(viewer: object) -> bool:
    """Whether ``viewer`` is :data:`SPECTATOR` (the int -1, not ``-1.0`` or a bool).

    >>> is_spectator(SPECTATOR), is_spectator(0), is_spectator(-1.0)
    (True, False, False)
    """
    return type(viewer) is int and viewer == SPECTATOR


def check_viewer(viewer: object, players: int) -> int:
    """``viewer`` if it is a seat of a game of ``players`` or :data:`SPECTATOR`; else an
    :class:`IllegalActionError`, as :func:`check_seat` gives (so ``-2`` is refused).

    A view of :data:`SPECTATOR` must never index per-seat data with it (``hands[-1]`` is the
    last seat's hand).

    >>> check_viewer(SPECTATOR, 2)
    -1
    >>> check_viewer(-2, 2)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.IllegalActionError: there is no seat -2 in a 2-player game
    """
    if is_spectator(viewer):
        return SPECTATOR
    return check_seat(viewer, players)


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat of a game of ``players``; else an :class:`IllegalActionError`.

    >>> check_seat(3, 2)
    Traceback (most recent call last):
    ...
    cribkit.games.errors.IllegalActionError: there is no seat 3 in a 2-player game
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise IllegalActionError(f"there is no seat {seat!r} in a {players}-player game")
    return seat


# ---------------------------------------------------------------------------------------------
# Results, transitions, the state protocol

S = TypeVar("S", bound="GameState")


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended.

    ``winner`` is the winning side (the seat, or the partnership 0/1 with four players) and
    ``winners`` its seats; ``scores`` are the final scores of every side. ``game_points`` is
    what the win is worth in a match: 1, 2 for a skunk, 3 for a double skunk (with several
    losers, judged on the best of them). ``next_dealer`` is the seat that deals first in the
    next game of a match: the lowest-scoring loser, ties (and partners) broken by the first
    such seat clockwise from the game's first dealer.
    """

    winner: int
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    game_points: int
    skunk: str
    next_dealer: int

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return {
            "winner": self.winner,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "game_points": self.game_points,
            "skunk": self.skunk,
            "next_dealer": self.next_dealer,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Result:
        """The result of its JSON form (:meth:`to_dict`'s).

        >>> done = Result(0, (0,), (121, 98), 1, "none", 1)
        >>> Result.from_dict(done.to_dict()) == done
        True
        """
        return cls(
            winner=int(data["winner"]),
            winners=tuple(int(s) for s in data["winners"]),
            scores=tuple(int(s) for s in data["scores"]),
            game_points=int(data["game_points"]),
            skunk=str(data["skunk"]),
            next_dealer=int(data["next_dealer"]),
        )


def pegged(scores: Sequence[int], target: int | None) -> tuple[int, ...]:
    """Scores as the board holds them: no peg goes past the game hole. The winner's stops in
    it (a 2 pegged from 120 ends the game on 121, not 122); a side that passed it in the same
    count (Table Top counts both sides at a deal's end) waits in the hole before. The record
    and the statistics keep the scores as counted (the margin of a game); the browser's
    ``pegged`` (``logic/words.js``) is the same.

    >>> pegged((122, 101), 121), pegged((80, 152), 121), pegged((125, 130), 121)
    ((121, 101), (80, 121), (120, 121))
    >>> pegged((61, 40), 121), pegged((14, 9), None)
    ((61, 40), (14, 9))
    """
    if not target or not any(score > target for score in scores):
        return tuple(scores)
    top = max(scores)
    holed = False
    out = []
    for score in scores:
        if score < target:
            out.append(score)
        elif score == top and not holed:
            holed = True
            out.append(target)
        else:
            out.append(target - 1)
    return tuple(out)


def pegged_text(scores: Sequence[int], target: int | None) -> str:
    """The final line's scores, as pegged: ``121 - 101``.

    >>> pegged_text((122, 101), 121)
    '121 - 101'
    """
    return " - ".join(map(str, pegged(scores, target)))


#: An event not made yet: its kind and its fields by name.
PendingEvent = tuple[Callable[..., GameEvent], dict[str, Any]]


class Transition(Generic[S]):
    """What :meth:`GameState.apply` returns: the new state and what happened on the way.

    A game may give its events as ``pending`` records; they become :class:`~cribkit.games.events.GameEvent` objects
    when :attr:`events` is first read, so that steps whose events nobody reads (simulations,
    searches) cost less.

    >>> from cribkit.games.classic.events import GoPoint
    >>> t = Transition("state", pending=[(GoPoint, {"seat": 1, "points": 1, "scores": (3, 5)})])
    >>> t.events
    (GoPoint(seat=1, points=1, scores=(3, 5), deal=0),)
    """

    __slots__ = ("_events", "_pending", "state")

    def __init__(
        self,
        state: S,
        events: Iterable[GameEvent] = (),
        *,
        pending: Sequence[PendingEvent] = (),
    ) -> None:
        self.state = state
        self._events: tuple[GameEvent, ...] | None = None if pending else tuple(events)
        self._pending = pending

    @property
    def events(self) -> tuple[GameEvent, ...]:
        """The events, in order."""
        events = self._events
        if events is None:
            events = self._events = tuple(kind(**values) for kind, values in self._records())
            self._pending = ()
        return events

    def _records(self) -> Sequence[PendingEvent]:
        """The pending records of the events (a game may make them only when asked)."""
        return self._pending

    def tallies(self) -> list[Tally]:
        """``(seat, points, points_phase, deal, type)`` of each event that has a seat, in
        order: what a simulation adds up, read from the pending records without making the
        events (only a kind whose :meth:`~cribkit.games.events.GameEvent.points_phase` reads
        its fields is made).

        >>> from cribkit.games.classic.events import GoPoint, GoSaid
        >>> Transition("state", pending=[(GoSaid, {"seat": None}),
        ...     (GoPoint, {"seat": 1, "points": 1, "scores": (3, 5)})]).tallies()
        [(1, 1, 'pegging', 0, 'go')]
        """
        if self._events is not None:
            return [
                (e.seat, e.points, e.points_phase(), e.deal, e.type)
                for e in self._events
                if e.seat is not None
            ]
        return tally_pending(self._records())

    def __repr__(self) -> str:
        return f"Transition({self.state!r}, {len(self.events)} events)"


#: An event's seat, points, points phase, deal and type (:meth:`Transition.tallies`).
Tally = tuple[int, int, "str | None", int, str]
#: Per event kind: whether its points phase is constant, that phase, and its ``type``.
_KINDS: dict[object, tuple[bool, str | None, str]] = {}


def tally_pending(pending: Iterable[PendingEvent]) -> list[Tally]:
    """:meth:`Transition.tallies` of pending event records."""
    out: list[Tally] = []
    add = out.append
    kinds = _KINDS
    for kind, values in pending:
        seat = values.get("seat")
        if seat is None:
            continue
        constant, phase, kind_type = kinds.get(kind) or _kind_tally(kind)
        if constant:
            add((seat, values.get("points", 0), phase, values.get("deal", 0), kind_type))
        else:
            event = kind(**values)
            add((seat, event.points, event.points_phase(), event.deal, kind_type))
    return out


def _kind_tally(kind: Callable[..., GameEvent]) -> tuple[bool, str | None, str]:
    """Whether ``points_phase`` of an event kind is the base's (the class's ``phase``), that
    phase and the kind's ``type``; looked up once per kind."""
    known = _KINDS.get(kind)
    if known is None:
        constant = (
            isinstance(kind, type) and getattr(kind, "points_phase", None) is GameEvent.points_phase
        )
        phase = getattr(kind, "phase", None) if constant else None
        known = _KINDS[kind] = (constant, phase, getattr(kind, "type", ""))
    return known


@runtime_checkable
class GameState(Protocol):
    """What every game state answers. States are immutable: :meth:`apply` returns a new one."""

    @property
    def rules(self) -> Rules:
        """The rules of the game."""

    @property
    def phase(self) -> str:
        """The name of the stage the game is in (each game lists its own)."""

    @property
    def scores(self) -> tuple[int, ...]:
        """The running score of every side (a seat, or a partnership)."""

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over (or waits for a deck)."""

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @property
    def result(self) -> Result | None:
        """How the game ended, once it has."""

    def legal_actions(self) -> list[Action]:
        """Every action :meth:`verify` accepts for the current player."""

    def verify(self, action: Action) -> None:
        """Raise a :class:`GameError` naming the broken rule if ``action`` is not legal."""

    def apply(self, action: Action) -> Transition[Any]:
        """The new state after ``action`` and the events; raises like :meth:`verify`."""

    def observation(self, seat: int) -> GameView:
        """The view of ``seat``: only what that seat may know. :data:`SPECTATOR` (the viewer
        who holds no seat) is given the game's view with ``seat == SPECTATOR`` and only what
        every seat sees; any other number that is not a seat is refused."""

    def record(self) -> dict[str, Any]:
        """The game so far as a JSON record (see :mod:`cribkit.games.records`)."""


# ---------------------------------------------------------------------------------------------
# Registry


@dataclass(frozen=True, slots=True, kw_only=True)
class GameInfo:
    """A game in the registry, and what it offers (OpenSpiel's ``GameType``).

    ``start(rules, **setup)`` returns the opening :class:`Transition`; ``setup_keys`` are the
    keyword arguments (and record fields) it accepts, such as ``seed`` and ``decks``. The
    interfaces ask these fields what to offer, never a state's class:

    - ``events``: every kind of event the game makes (its ``events.EVENTS``);
    - ``hotseat``: people may share one screen, the view handed over between turns;
    - ``hints``: the expert can suggest a move and say why (:mod:`cribkit.ai.hints`);
    - ``previews``: a move's points can be shown before it is made (:class:`Previewing`);
    - ``composed_moves``: the moves are too many to list, so a client composes them and the
      state lists only the others (:class:`ComposedMoves`); so may a computer player;
    - ``undo``: a move against the computer may be taken back;
    - ``best_possible``: at the end the best total the deal allowed is known
      (:func:`cribkit.ai.best_possible`);
    - ``calls``: the calls on another's declaration that the game may take (``muggins``,
      ``joker``), offered whenever passing on them is (so that offering reveals nothing);
    - ``together``: at times several seats act at once (classic's lay-away): the state is
      :class:`TogetherMoves`, and an interface that lets each seat act as soon as it may
      asks :func:`acting_seats` and :func:`legal_actions_for` (``current_player`` stays the
      first of them, for whoever asks the seats in turn: the learning environments, OpenSpiel).

    The number of seats, and whether one person plays them all, come from the rules
    (:attr:`Rules.seats`, :attr:`Rules.played_alone`).
    """

    name: str
    rules_type: type[Rules]
    start: Callable[..., Transition[Any]]
    setup_keys: tuple[str, ...]
    summary: str = ""
    events: tuple[type[GameEvent], ...] = ()
    hotseat: bool = False
    hints: bool = True
    previews: bool = False
    composed_moves: bool = False
    undo: bool = True
    best_possible: bool = False
    calls: tuple[str, ...] = ()
    together: bool = False


@runtime_checkable
class Previewing(Protocol):
    """A state that can say what a move would score without making it (Tiles)."""

    def preview(self, action: Action) -> Any:
        """The move's score (with a ``to_json``); raises like ``verify``."""


@runtime_checkable
class ComposedMoves(Protocol):
    """A state whose moves a client composes (Tiles' plays): it lists only the others.

    A computer player may choose from them too, composing the moves from its view as a client
    does (``choose_composed`` of :class:`cribkit.ai.players.ComposingPlayer`), so that the
    computer's move does not cost the listing of every legal action; the web's computer asks a
    player that can so."""

    def offered_actions(self) -> list[Action]:
        """The legal actions a client is offered as a list (the composed ones left out)."""


@runtime_checkable
class TogetherMoves(Protocol):
    """A state in which several seats may act at once (classic's lay-away: every seat lays
    away as soon as it has chosen, in any order; the record keeps the order they came in).

    A seat's choice shows the others nothing but that it was made, so asking the seats in
    turn (``current_player``, the first of them) plays the same game."""

    @property
    def acting_seats(self) -> tuple[int, ...]:
        """Every seat that may act now, ``current_player`` first (none when it is None)."""

    def legal_actions_for(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (none when it may not act)."""


def acting_seats(state: GameState) -> tuple[int, ...]:
    """Every seat that may act in ``state``: the :attr:`~GameState.current_player` alone, or,
    in a game that says so (``GameInfo.together``), every seat that may act at once.

    >>> state = start("classic:players=3", seed=4).state
    >>> state.current_player, acting_seats(state)
    (1, (1, 2, 0))
    """
    if game_info(state.rules.GAME).together:
        return cast(TogetherMoves, state).acting_seats
    seat = state.current_player
    return () if seat is None else (seat,)


def legal_actions_for(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take in ``state`` (:func:`acting_seats`); none when it may
    not act.

    >>> state = start("classic", seed=2).state  # the dealer may lay away first
    >>> state.dealer, state.current_player, len(legal_actions_for(state, 1))
    (1, 0, 15)
    """
    if game_info(state.rules.GAME).together:
        return cast(TogetherMoves, state).legal_actions_for(seat)
    return state.legal_actions() if state.current_player == seat else []


_GAMES: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Add a game to the registry (done by each game module on import)."""
    _GAMES[info.name] = info


def games() -> list[str]:
    """The names of the registered games."""
    return sorted(_GAMES)


def game_info(name: str) -> GameInfo:
    """The registered game called ``name``; a clear :class:`RulesError` if there is none."""
    info = _GAMES.get(name.strip().lower())
    if info is None:
        raise RulesError(
            f"unknown game {name!r}{_did_you_mean(name, _GAMES)}: the games are {', '.join(games())}"
        )
    return info


def lookup(spec: str) -> Rules:
    """Rules from a name with options: ``classic`` or ``classic:players=3,target=61``.

    >>> lookup("classic:muggins=true").manual_counting
    True
    >>> lookup("classic:players=5")
    Traceback (most recent call last):
    ...
    cribkit.games.errors.RulesError: classic option players must be one of 2, 3, 4, not 5
    """
    if not isinstance(spec, str):
        raise RulesError(f"a game name is text such as 'classic:players=3', not {spec!r}")
    name, _, option_text = spec.partition(":")
    info = game_info(name)
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in option_text.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise RulesError(
                f"option {item!r} in {spec!r} is not name=value: {info.rules_type.options_text()}"
            )
        options[key.strip().lower()] = value.strip()
    return info.rules_type.from_options(options)


def start(rules: Rules | str, **setup: Any) -> Transition[Any]:
    """Start a game from its rules (or their registry name); see each game for ``setup``."""
    resolved = lookup(rules) if isinstance(rules, str) else rules
    info = game_info(resolved.GAME)
    unknown = sorted(set(setup) - set(info.setup_keys))
    if unknown:
        raise GameError(
            f"{info.name} has no setup {', '.join(unknown)}: it takes {', '.join(info.setup_keys)}"
        )
    return info.start(resolved, **setup)


def cards_text(cards: Sequence[int]) -> str:
    """Cards as text separated by spaces (``(none)`` for none)."""
    return " ".join(str(Card(c)) for c in cards) or "(none)"
