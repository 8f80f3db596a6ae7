"""Cribbage Tiles (``rules/tiles.md``), a crossword game with numbered tiles, on the game protocol.

Players take turns to place 1 to 5 tiles from their rack of 5 in one unbroken line on the
board, making or extending **crib hands** (maximal lines of 2 to 5 tiles across or down) that
score like cribbage hands: fifteens, pairs and runs (five of a kind is 20). Every placed tile
must score in a crib hand the play forms or extends; the first play covers the centre. Bonuses
of 10: the first play, all 5 rack tiles in one turn, each crib hand of 5 tiles of one colour.
A player may pass instead, exchanging tiles with the bag while it holds enough. The game ends
when the bag is empty and a player has played out, or every player in turn has passed; tiles
left on a rack are deducted at face value. :mod:`cribkit.games.tiles.rules` has the tiles and
the options, :mod:`~cribkit.games.tiles.board` the cells and the rules of a play,
:mod:`~cribkit.games.tiles.actions` the actions, :mod:`~cribkit.games.tiles.notation` the
notation (``G7 across 5d 6l 4d``), :mod:`~cribkit.games.tiles.movegen` the move generator,
:mod:`~cribkit.games.tiles.events` the events and the result, :mod:`~cribkit.games.tiles.view`
what a seat may know and :mod:`~cribkit.games.tiles.step` the carrying out of an action.

>>> t = start_tiles(TilesRules(), seed=3)
>>> state = t.state
>>> state.current_player, state.rack_sizes(), state.bag_sizes()
(1, (5, 5), (94,))
>>> best = state.legal_plays()[0]
>>> state.notation(best.play), best.points
('F7 across 6d 9l', 12)
>>> state = state.apply(best.play).state
>>> state.scores, state.current_player
((0, 12), 0)
>>> while not state.is_terminal:
...     plays = state.legal_plays()
...     state = state.apply(plays[0].play if plays else Pass(state.current_player)).state
>>> from cribkit.games.records import replay
>>> replay(state.record()).result == state.result
True

**Decisions where the rules are silent** (documented in ``docs/records.md`` too):

- The draw for the first player: each player draws a tile; the lowest rank plays first
  (colour does not count); players tied for lowest draw again; the tiles go back. Play then
  goes round the table in seat order. With ``solitaire`` there is no draw: dark (seat 0)
  always plays first (rules, "Optional rules").
- Racks are filled from the front of the bag: the first player's 5, then the next player's.
  After a play the player draws back up to 5. An exchange draws the new tiles first, then
  puts the returned tiles at the bottom of the bag in the order the player gave them (rule
  10): the bag is never shuffled again, so a record replays from its bag and moves alone.
- A play of one tile scores both lines through it (either may be its main line).
- Passing (or exchanging) is always allowed. The game ends when the bag is empty (with
  ``solitaire``, both bags) and a player has played every tile or every player in turn has
  missed a turn; and also, whatever the bag, after three full rounds in which nobody played
  (the Scrabble-like convention the rules defer to), so that no game goes on for ever. With
  ``solitaire`` a colour that has played out while the other colour's bag still holds tiles
  passes until that bag is empty too.
- A tie shares the win: :attr:`Result.winners` lists every seat on the top score.
- Cells are named by column letter and row number, so the centre of the 13x13 board is ``G7``
  (columns ``A``-``M``). A 6 placed as a 9 is written ``9=6d`` (value, ``=``, tile).
- With ``joker``, a play's points wait for the player's declaration (no more than the play
  scores); then each opponent in turn may call Joker or let it stand, and the first call ends
  the calls: it takes the points missed, or costs the caller 5 if none were. The player draws
  after the calls.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from cribkit.core.words import number_word
from cribkit.games.actions import Declare
from cribkit.games.errors import (
    GameError,
    GameOverError,
    IllegalActionError,
    OutOfTurnError,
    OverDeclarationError,
    WrongActionError,
)
from cribkit.games.protocol import (
    SPECTATOR,
    Action,
    GameInfo,
    PendingEvent,
    Transition,
    check_seat,
    check_viewer,
    register,
)
from cribkit.games.records import record_of, register_conventions
from cribkit.games.setup import check_first_seat, check_seed, decided_rounds
from cribkit.games.tiles.actions import Exchange, Joker, Pass, PassJoker, PlayTiles
from cribkit.games.tiles.board import (
    EMPTY,
    Board,
    LineError,
    OffBoardError,
    PlayScore,
    cell_name,
    evaluate_play,
)
from cribkit.games.tiles.conventions import TilesConvention, past_conventions
from cribkit.games.tiles.events import (
    EVENTS,
    FirstDraw,
    FirstPlayer,
    TilesEvent,
    TilesResult,
    count_text,
    scores_text,
)
from cribkit.games.tiles.movegen import ScoredPlay, generate_plays
from cribkit.games.tiles.notation import format_move, parse_move
from cribkit.games.tiles.rules import (
    COLOUR_WORDS,
    RACK_SIZE,
    Seed,
    TilesRules,
    check_bag,
    draw_bags,
    draw_for_first_player,
    full_set,
    piece_tile,
    piece_value,
    seeded_bag,
    tile_colour,
    tile_text,
    tiles_text,
)
from cribkit.games.tiles.step import DECLARE, JOKER, OVER, PLAY, Claim, Step
from cribkit.games.tiles.view import ClaimView, TilesView
from cribkit.games.views import view_fields

__all__ = [
    "DECLARE",
    "JOKER",
    "OVER",
    "PLAY",
    "Claim",
    "ExchangeError",
    "ScoredPlay",
    "TileNotHeldError",
    "TilesEvent",
    "TilesResult",
    "TilesRules",
    "TilesSetup",
    "TilesState",
    "TilesView",
    "start_tiles",
]


class TileNotHeldError(IllegalActionError):
    """A play or an exchange of a tile that is not on the player's rack."""


class ExchangeError(IllegalActionError):
    """An exchange of no tiles, of more than 5, or of more than the bag holds."""


# ---------------------------------------------------------------------------------------------
# The state


@dataclass(frozen=True, slots=True, kw_only=True)
class TilesSetup:
    """Where the tiles come from: an explicit ``bag`` (drawing order) or the ``seed``'s (the
    seed also draws for the first player); ``first_player`` skips the draw. ``convention``:
    how exchanges and a solitaire game's end are carried out, today's unless a record of the
    engine before 2026-12-01 is replayed (:mod:`~cribkit.games.tiles.conventions`)."""

    seed: Seed | None = None
    bag: tuple[int, ...] | None = None
    first_player: int | None = None
    convention: TilesConvention = TilesConvention.BOTTOM

    def tiles(self) -> tuple[int, ...]:
        """The 104 tiles in drawing order."""
        if self.bag is not None:
            return self.bag
        assert self.seed is not None  # start_tiles needs one of them
        return seeded_bag(self.seed)


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class TilesState:
    """An immutable position of a game of Cribbage Tiles. Make one with :func:`start_tiles`.

    The fields are the engine's full knowledge (every rack and the bag order): show a player
    only :meth:`observation`. ``racks`` are sorted tiles per seat; ``bags`` the bag in drawing
    order (two with ``solitaire``: dark, light); ``misses`` the turns missed in a row.
    """

    rules: TilesRules
    setup: TilesSetup
    phase: str
    board: Board
    racks: tuple[tuple[int, ...], ...]
    bags: tuple[tuple[int, ...], ...]
    turn: int
    first_player: int
    scores: tuple[int, ...]
    misses: int = 0
    claim: Claim | None = None
    result: TilesResult | None = None
    #: Every action applied since the start, in order.
    history: tuple[Action, ...] = ()
    #: The legal plays, once asked for (a cache: not part of the position).
    _plays: list[ScoredPlay] | None = field(default=None, init=False, compare=False)

    def __repr__(self) -> str:
        return (
            f"<TilesState {self.rules.spec()} {self.phase} tiles on board "
            f"{self.board.tile_count()} bag {'/'.join(str(len(b)) for b in self.bags)} "
            f"scores {scores_text(self.scores)} turn {self.current_player}>"
        )

    # -- what the state knows ------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to act: to play, to declare, or (``joker``) to call; None when over."""
        if self.phase in (PLAY, DECLARE):
            return self.turn
        if self.phase == JOKER and self.claim is not None:
            return self.claim.window[0]
        return None

    @property
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase == OVER

    def rack_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return tuple(len(r) for r in self.racks)

    def bag_sizes(self) -> tuple[int, ...]:
        """How many tiles each bag holds (one bag, or dark and light with ``solitaire``)."""
        return tuple(len(b) for b in self.bags)

    def legal_plays(self) -> list[ScoredPlay]:
        """Every legal play of the player to play, with its points, best first (ties in the
        generator's order). Empty outside a turn.

        >>> state = start_tiles(TilesRules(), seed=3).state
        >>> [(state.notation(p.play), p.points) for p in state.legal_plays()[:2]]
        [('F7 across 6d 9l', 12), ('F7 across 9l 6d', 12)]
        """
        if self.phase != PLAY:
            return []
        plays = self._plays
        if plays is None:
            plays = generate_plays(
                self.board,
                self.racks[self.turn],
                seat=self.turn,
                strict=self.rules.strict_cross_hands,
            )
            plays.sort(key=lambda p: -p.points)
            object.__setattr__(self, "_plays", plays)
        return list(plays)

    def preview(self, play: Action) -> PlayScore:
        """What ``play`` (a :class:`PlayTiles`) would score, crib hand by crib hand, without
        playing it; raises like :meth:`verify`.

        >>> state = start_tiles(TilesRules(), seed=3).state
        >>> score = state.preview(state.parse("F7 across 6d 9=6d"))
        Traceback (most recent call last):
        ...
        cribkit.games.tiles.state.TileNotHeldError: you hold only one 6d: your rack is 4l 6d 8d 9l Qd
        >>> score = state.preview(state.parse("G7 down 6d 9l"))
        >>> [(h.name, h.points, h.breakdown.words()) for h in score.hands]
        [('G7-G8', 2, 'fifteen two')]
        >>> [b.words() for b in score.bonuses], score.points
        (['ten for the first play'], 12)
        """
        self._verify_turn(play)
        match play:
            case PlayTiles():
                return self._check_play(play)
            case _:
                raise WrongActionError(f"only a play of tiles has a score to preview, not {play}")

    def parse(self, text: str, seat: int | None = None) -> Action:
        """The action written ``text`` in the notation (:mod:`~cribkit.games.tiles.notation`)
        for ``seat`` (default: the current player) on this board."""
        who = self.current_player if seat is None else seat
        return parse_move(text, seat=0 if who is None else who, board=self.board)

    def notation(self, action: Action) -> str:
        """``action`` in the notation, tiles passed over in brackets."""
        return format_move(action, self.board)

    # -- the protocol ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the current player: the plays (best first), the exchanges the
        bag allows, and passing; a declaration of 0 up to the correct count; Joker or not."""
        if self.phase == PLAY:
            return [*(p.play for p in self.legal_plays()), *self.offered_actions()]
        return self.offered_actions()

    def offered_actions(self) -> list[Action]:
        """The legal actions without the plays (a client composes those): on a turn, every
        exchange the bag allows (fewest tiles first, each choice of tiles once, in rack order)
        and passing; otherwise the same as :meth:`legal_actions`.

        The same tiles given back in another order are a legal exchange too (they go to the
        bottom of the bag in that order), listed once here in rack order.

        >>> state = start_tiles(TilesRules(), seed=3).state
        >>> offered = state.offered_actions()
        >>> len(offered), [state.notation(a) for a in offered[:2]], offered[-1]
        (32, ['exchange 4l', 'exchange 6d'], Pass(seat=1))
        """
        phase = self.phase
        claim = self.claim
        if phase == PLAY:
            seat = self.turn
            most = min(len(self.bags[self.rules.bag_of(seat)]), RACK_SIZE)
            return [
                *(Exchange(seat, tiles) for tiles in _sub_multisets(self.racks[seat], most)),
                Pass(seat),
            ]
        if phase == DECLARE and claim is not None:
            return [Declare(claim.seat, p) for p in range(claim.correct + 1)]
        if phase == JOKER and claim is not None:
            return [Joker(claim.window[0]), PassJoker(claim.window[0])]
        return []

    def verify(self, action: Action) -> None:
        """Raise the :class:`GameError` that names the rule ``action`` breaks; else nothing.

        >>> state = start_tiles(TilesRules(), seed=3).state
        >>> state.verify(state.parse("E7 across 6d 9l"))
        Traceback (most recent call last):
        ...
        cribkit.games.tiles.board.FirstPlayError: the first play must cover the centre G7
        >>> state.verify(state.parse("G7 across 5d 5l"))
        Traceback (most recent call last):
        ...
        cribkit.games.tiles.state.TileNotHeldError: you hold no 5d: your rack is 4l 6d 8d 9l Qd
        """
        self._verify_turn(action)
        match action:
            case PlayTiles():
                self._check_play(action)
            case Exchange():
                self._check_exchange(action)
            case Declare():
                self._check_declare(action)
            case _:
                pass  # passing, and the calls on a declaration, need no more than the turn

    def apply(self, action: Action) -> Transition[TilesState]:
        """The new state and the events after ``action``; raises like :meth:`verify`, and
        then nothing changes."""
        self._verify_turn(action)
        step = Step(self)
        match action:
            case PlayTiles():
                step.play(action, self._check_play(action))
            case Exchange():
                self._check_exchange(action)
                step.exchange(action)
            case Pass():
                step.pass_turn(action.seat)
            case Declare():
                self._check_declare(action)
                step.declare(action.points)
            case Joker():
                step.joker(action.seat)
            case _:
                step.pass_joker()
        return Transition(replace(self, **step.changes(action)), pending=step.pending)

    def observation(self, seat: int) -> TilesView:
        """What ``seat`` may know (:class:`~cribkit.games.tiles.view.TilesView`): the board,
        its own rack, the sizes of the other racks and of the bag, the tiles it has not seen,
        the scores.

        Other players' racks, the order of the bag and the seed never appear (with
        ``solitaire`` the one player sees both racks). A
        :data:`~cribkit.games.protocol.SPECTATOR` holds no rack (it sees both with
        ``solitaire``, as every seat does), has no colour, counts every bag as its
        ``bag_size``, and has not seen any rack's tiles: its ``unseen`` are the racks and the
        bags together.

        >>> view = start_tiles(TilesRules(), seed=3).state.observation(0)
        >>> tiles_text(view.rack), view.rack_sizes, view.bag_size, cell_name(view.centre, 13)
        ('2d 2l 3l 5l 7l', (5, 5), 94, 'G7')
        >>> watching = start_tiles(TilesRules(), seed=3).state.observation(SPECTATOR)
        >>> watching.rack, watching.bag_size, len(watching.unseen)
        ((), 94, 104)
        """
        rules = self.rules
        spectator = check_viewer(seat, rules.players) == SPECTATOR
        seen = Counter(piece_tile(p) for p in self.board.cells if p != EMPTY)
        if rules.solitaire:
            visible: Sequence[int] = range(rules.players)
        else:
            visible = () if spectator else (seat,)
        for s in visible:
            seen.update(self.racks[s])
        unseen = Counter(full_set()) - seen
        claim = self.claim
        bag_sizes = self.bag_sizes()
        return TilesView(
            **view_fields(self, seat),
            rules=rules,
            colour=COLOUR_WORDS[seat] if rules.solitaire and not spectator else None,
            first_player=self.first_player,
            board=self.board,
            rack=() if spectator else self.racks[seat],
            racks=self.racks if rules.solitaire else None,
            rack_sizes=self.rack_sizes(),
            bag_size=sum(bag_sizes) if spectator else len(self.bags[rules.bag_of(seat)]),
            bag_sizes=bag_sizes,
            unseen=tuple(sorted(unseen.elements())),
            misses=self.misses,
            claim=None
            if claim is None
            else ClaimView(
                seat=claim.seat,
                move=claim.move,
                declared=None if claim.declared < 0 else claim.declared,
                to_call=claim.window,
            ),
            result=self.result,
        )

    def record(self) -> dict[str, Any]:
        """The game so far as a JSON record that :func:`~cribkit.games.records.replay` replays
        (a game replayed from a record of the engine before 2026-12-01 stays such a record,
        version 1: no field says how that engine played)."""
        setup = self.setup
        given: dict[str, Any] = {}
        if setup.seed is not None:
            given["seed"] = setup.seed
        if setup.bag is not None:
            given["bag"] = [tile_text(t) for t in setup.bag]
        if setup.first_player is not None:
            given["first_player"] = setup.first_player
        record = record_of(self.rules, given, self.history)
        if setup.convention is not TilesConvention.BOTTOM:
            record["version"] = 1
        return record

    # -- checks ----------------------------------------------------------------------------------

    def _verify_turn(self, action: Action) -> None:
        """The checks every action passes first: the game goes on, the seat, the kind, the turn."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action")
        if self.phase == OVER:
            result = self.result
            assert result is not None  # a game over has its result
            raise GameOverError(f"the game is over: it ended {scores_text(result.scores)}")
        seat = check_seat(action.seat, self.rules.players)
        if not isinstance(action, _PHASE_ACTIONS[self.phase]):
            raise WrongActionError(
                f"seat {seat} cannot {_VERBS.get(type(action), 'do that')} now: "
                f"{self._waiting_text()}"
            )
        turn = self.current_player
        if seat != turn:
            raise OutOfTurnError(
                f"it is seat {turn}'s turn, not seat {seat}'s: {self._waiting_text()}"
            )

    def _waiting_text(self) -> str:
        claim = self.claim
        if self.phase == DECLARE and claim is not None:
            return f"seat {claim.seat} is to declare the score of {claim.move}"
        if self.phase == JOKER and claim is not None:
            return f"seat {claim.window[0]} may call Joker on seat {claim.seat}'s score"
        return f"seat {self.turn} is to play, exchange or pass"

    def _hold(self, seat: int, tiles: Iterable[int]) -> None:
        rack = Counter(self.racks[seat])
        for tile, wanted in sorted(Counter(tiles).items()):
            held = rack[tile]
            if wanted > held:
                have = "no" if not held else f"only {number_word(held)}"
                raise TileNotHeldError(
                    f"you hold {have} {tile_text(tile)}: your rack is {tiles_text(self.racks[seat])}"
                )

    def _check_play(self, play: PlayTiles) -> PlayScore:
        size = self.rules.board_size
        if not 1 <= len(play.tiles) <= RACK_SIZE:
            raise LineError(f"a play places 1 to {RACK_SIZE} tiles, not {len(play.tiles)}")
        for row, col in play.cells:
            if not (0 <= row < size and 0 <= col < size):
                name = play.names[play.cells.index((row, col))]
                raise OffBoardError(
                    f"{name} is off the board: the cells are A1 to {cell_name(size * size - 1, size)}"
                )
        for piece in play.tiles:
            if not isinstance(piece, int) or isinstance(piece, bool) or not 0 <= piece < 4 * 13:
                raise GameError(f"a placed tile is a piece number from 0 to 51, not {piece!r}")
            if piece & 1 and piece_value(piece) not in (6, 9):
                raise GameError(f"piece {piece} is not a tile: only a 6 or a 9 is turned")
        self._hold(play.seat, (piece_tile(p) for p in play.tiles))
        cells = [row * size + col for row, col in play.cells]
        return evaluate_play(self.board, cells, play.tiles, strict=self.rules.strict_cross_hands)

    def _check_exchange(self, action: Exchange) -> None:
        k = len(action.tiles)
        if not 1 <= k <= RACK_SIZE:
            raise ExchangeError(f"an exchange is of 1 to {RACK_SIZE} tiles, not {k}")
        self._hold(action.seat, action.tiles)
        bag = len(self.bags[self.rules.bag_of(action.seat)])
        if bag < k:
            raise ExchangeError(
                f"the bag holds {count_text(bag)}: you cannot exchange {k} (an exchange needs "
                "at least as many tiles in the bag)"
            )

    def _check_declare(self, action: Declare) -> None:
        claim = self.claim
        assert claim is not None  # _verify_turn let a declaration through: the phase is DECLARE
        points = action.points
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise IllegalActionError(
                f"seat {action.seat} cannot declare {points!r}: points are 0 or more"
            )
        if points > claim.correct:
            raise OverDeclarationError(
                f"seat {action.seat} cannot declare {points} for {claim.move}: it scores "
                f"{claim.correct} ({_score_words(claim.score)})",
                claim.score,
            )


def _score_words(score: PlayScore) -> str:
    parts = [f"{h.name} {h.breakdown.words()}" for h in score.hands]
    parts.extend(b.words() for b in score.bonuses)
    return "; ".join(parts)


_PHASE_ACTIONS: Final[dict[str, tuple[type[Action], ...]]] = {
    PLAY: (PlayTiles, Exchange, Pass),
    DECLARE: (Declare,),
    JOKER: (Joker, PassJoker),
    OVER: (),
}
_VERBS: Final[dict[type[Action], str]] = {
    PlayTiles: "play tiles",
    Exchange: "exchange tiles",
    Pass: "pass",
    Declare: "declare points",
    Joker: "call Joker",
    PassJoker: "let the score stand",
}


def _sub_multisets(rack: Sequence[int], most: int) -> list[tuple[int, ...]]:
    """Every distinct choice of 1 to ``most`` tiles from the rack, each sorted."""
    kinds = sorted(Counter(rack).items())
    out: list[tuple[int, ...]] = []

    def grow(index: int, chosen: tuple[int, ...]) -> None:
        if index == len(kinds):
            if 0 < len(chosen) <= most:
                out.append(chosen)
            return
        tile, count = kinds[index]
        for take in range(count + 1):
            grow(index + 1, chosen + (tile,) * take)

    grow(0, ())
    out.sort(key=lambda t: (len(t), t))
    return out


# ---------------------------------------------------------------------------------------------
# Starting a game


def start_tiles(
    rules: TilesRules | None = None,
    *,
    seed: Seed | None = None,
    bag: Iterable[str | int] | None = None,
    first_player: int | None = None,
    convention: TilesConvention = TilesConvention.BOTTOM,
) -> Transition[TilesState]:
    """Start a game: draw for the first player (unless ``first_player`` is given, or with
    ``solitaire``, where dark, seat 0, always plays first) and fill the racks.

    ``convention`` is for replaying the records of the engine before 2026-12-01 (which also
    let a solitaire game's ``first_player`` be light), not a rule.

    The tiles come from an explicit ``bag`` (the 104 tiles as text, first drawn first) or from
    the ``seed`` (:func:`~cribkit.games.tiles.rules.seeded_bag`); the draw for the first player
    needs the seed. With ``solitaire`` the dark tiles of the bag, in order, are seat 0's bag and
    the light tiles seat 1's.

    >>> t = start_tiles(TilesRules(players=3), seed=6)
    >>> [e.text() for e in t.events if e.type in ("draw_first", "start")]
    ['seat 0 draws 7l, seat 1 draws Tl, seat 2 draws 7l', 'seat 0 draws 2l, seat 2 draws 9d; seat 0 plays first', 'seat 0 plays first']
    >>> [e.to_json(viewer=1)["text"] for e in t.events if e.type == "draw"]
    ['seat 0 draws five tiles', 'seat 1 draws 2d 9l Tl Tl Jd', 'seat 2 draws five tiles']
    """
    rules = TilesRules.or_default(rules)
    check_seed(seed)
    explicit = None if bag is None else check_bag(bag)
    if seed is None and explicit is None:
        raise GameError("a game needs a seed or an explicit bag")
    n = rules.players
    check_first_seat("first_player", first_player, n)
    if not isinstance(convention, TilesConvention):
        raise GameError(
            f"a Tiles convention is one of {', '.join(TilesConvention)}, not {convention!r}"
        )
    if rules.solitaire and first_player not in (None, 0) and convention is TilesConvention.BOTTOM:
        raise GameError(
            f"with solitaire dark (seat 0) always plays first: first_player cannot be {first_player}"
        )
    setup = TilesSetup(seed=seed, bag=explicit, first_player=first_player, convention=convention)
    scores = (0,) * n
    opening: list[PendingEvent] = []
    first = first_player
    if first is None and rules.solitaire:
        first = 0
    if first is None:
        if seed is None:
            raise GameError("the first player is drawn with the seed: give first_player or a seed")
        first, rounds = draw_for_first_player(n, draw_bags(seed))
        for seats, drawn, decided in decided_rounds(first, rounds):
            opening.append(
                (FirstDraw, {"tiles": drawn, "seats": seats, "other": decided, "scores": scores})
            )
    opening.append((FirstPlayer, {"seat": first, "scores": scores}))
    order = setup.tiles()
    if rules.solitaire:
        bags = tuple(tuple(t for t in order if tile_colour(t) == colour) for colour in (0, 1))
    else:
        bags = (order,)
    state = TilesState(
        rules=rules,
        setup=setup,
        phase=PLAY,
        board=Board.empty(rules.board_size),
        racks=((),) * n,
        bags=bags,
        turn=first,
        first_player=first,
        scores=scores,
    )
    step = Step(state)
    step.pending = opening
    for i in range(n):
        step.draw((first + i) % n)
    return Transition(replace(state, **step.changes(None)), pending=step.pending)


register(
    GameInfo(
        name="tiles",
        rules_type=TilesRules,
        start=start_tiles,
        setup_keys=("seed", "bag", "first_player"),
        summary="Cribbage Tiles: a crossword game of crib hands with numbered tiles",
        events=EVENTS,
        previews=True,
        composed_moves=True,
        calls=("joker",),
    )
)
register_conventions("tiles", past_conventions)
