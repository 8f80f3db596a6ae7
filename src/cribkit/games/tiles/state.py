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
:mod:`~cribkit.games.tiles.notation` the actions and the notation (``G7 across 5d 6l 4d``),
:mod:`~cribkit.games.tiles.movegen` the move generator, :mod:`~cribkit.games.tiles.events`
the events and the result.

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
>>> import random
>>> rng = random.Random(3)
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
  plays first.
- Racks are filled from the front of the bag: the first player's 5, then the next player's.
  After a play the player draws back up to 5. An exchange draws the new tiles first, then
  puts the returned tiles at the back of the bag; a seeded game then shuffles the bag
  (``Random(f"tiles:{seed}:exchange:{n}")`` for the ``n``-th exchange of the game).
- A play of one tile scores both lines through it (either may be its main line).
- Passing (or exchanging) is always allowed. The game ends when the bag is empty (both bags
  with ``solitaire``) and every player in turn has missed a turn, and also, whatever the bag,
  after three full rounds in which nobody played (the Scrabble-like convention the rules
  defer to), so that no game goes on for ever.
- A tie shares the win: :attr:`Result.winners` lists every seat on the top score.
- Cells are named by column letter and row number, so the centre of the 13x13 board is ``G7``
  (columns ``A``-``M``). A 6 placed as a 9 is written ``9=6d`` (value, ``=``, tile).
- With ``joker``, a play's points wait for the player's declaration (no more than the play
  scores); then each opponent in turn may call Joker or let it stand, and the first call ends
  the calls: it takes the points missed, or costs the caller 5 if none were. The player draws
  after the calls.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cribkit.core.words import number_word
from cribkit.games.actions import Declare
from cribkit.games.errors import OverDeclarationError, WrongActionError
from cribkit.games.protocol import (
    Action,
    GameError,
    GameInfo,
    GameOverError,
    IllegalActionError,
    OutOfTurnError,
    Transition,
    register,
)
from cribkit.games.records import FORMAT, VERSION
from cribkit.games.tiles.board import (
    EMPTY,
    Board,
    LineError,
    OffBoardError,
    PlayScore,
    cell_name,
    evaluate_play,
)
from cribkit.games.tiles.events import TilesEvent, TilesResult, count_text, scores_text
from cribkit.games.tiles.movegen import ScoredPlay, generate_plays
from cribkit.games.tiles.notation import (
    Exchange,
    Joker,
    Pass,
    PassJoker,
    PlayTiles,
    format_move,
    parse_move,
)
from cribkit.games.tiles.rules import (
    COLOUR_WORDS,
    KINDS,
    RACK_SIZE,
    STALL_ROUNDS,
    Seed,
    TilesRules,
    check_bag,
    draw_bags,
    draw_for_first_player,
    face_value,
    full_set,
    piece_of,
    piece_tile,
    piece_value,
    seeded_bag,
    tile_colour,
    tile_text,
    tiles_text,
)

__all__ = [
    "DECLARE",
    "JOKER",
    "OVER",
    "PLAY",
    "ExchangeError",
    "ScoredPlay",
    "TileNotHeldError",
    "TilesEvent",
    "TilesResult",
    "TilesRules",
    "TilesSetup",
    "TilesState",
    "start_tiles",
]

#: The phases: a player's turn; with ``joker``, the declaration and the calls; the end.
PLAY: Final = "play"
DECLARE: Final = "declare"
JOKER: Final = "joker"
OVER: Final = "over"
#: A false call of Joker costs the caller this much.
JOKER_PENALTY: Final = 5


class TileNotHeldError(IllegalActionError):
    """A play or an exchange of a tile that is not on the player's rack."""


class ExchangeError(IllegalActionError):
    """An exchange of no tiles, of more than 5, or of more than the bag holds."""


# ---------------------------------------------------------------------------------------------
# The state


@dataclass(frozen=True, slots=True)
class TilesSetup:
    """Where the tiles come from: an explicit ``bag`` (drawing order) or the ``seed``'s (the
    seed also draws for the first player and shuffles after exchanges); ``first_player`` skips
    the draw."""

    seed: Seed | None = None
    bag: tuple[int, ...] | None = None
    first_player: int | None = None

    def tiles(self) -> tuple[int, ...]:
        """The 104 tiles in drawing order."""
        if self.bag is not None:
            return self.bag
        assert self.seed is not None
        return seeded_bag(self.seed)


@dataclass(frozen=True, slots=True)
class Claim:
    """With ``joker``: a play waiting for its player's declaration, then for the calls.

    ``correct`` is what the play scores, ``declared`` what was declared (-1: not yet),
    ``window`` the opponents still to call Joker or let it stand, in order.
    """

    seat: int
    correct: int
    move: str
    score: PlayScore
    declared: int = -1
    window: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, without the correct count."""
        return {
            "seat": self.seat,
            "move": self.move,
            "declared": None if self.declared < 0 else self.declared,
            "to_call": list(self.window),
        }


@dataclass(frozen=True, slots=True, repr=False)
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
    exchanges: int = 0
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
        if not isinstance(play, PlayTiles):
            raise WrongActionError(f"only a play of tiles has a score to preview, not {play}")
        return self._check_play(play)

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
        phase = self.phase
        if phase == PLAY:
            seat = self.turn
            actions: list[Action] = [p.play for p in self.legal_plays()]
            most = min(len(self.bags[self.rules.bag_of(seat)]), RACK_SIZE)
            actions.extend(
                Exchange(seat, tiles) for tiles in _sub_multisets(self.racks[seat], most)
            )
            actions.append(Pass(seat))
            return actions
        claim = self.claim
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
        if isinstance(action, PlayTiles):
            self._check_play(action)
        elif isinstance(action, Exchange):
            self._check_exchange(action)
        elif isinstance(action, Declare):
            self._check_declare(action)

    def apply(self, action: Action) -> Transition[TilesState]:
        """The new state and the events after ``action``; raises like :meth:`verify`, and
        then nothing changes."""
        self._verify_turn(action)
        step = _Step(self)
        if isinstance(action, PlayTiles):
            score = self._check_play(action)
            step.play(action, score)
        elif isinstance(action, Exchange):
            self._check_exchange(action)
            step.exchange(action.seat, action.tiles)
        elif isinstance(action, Pass):
            step.note("pass", action.seat)
            step.end_turn(action.seat, played=False)
        elif isinstance(action, Declare):
            self._check_declare(action)
            step.declare(action.points)
        elif isinstance(action, Joker):
            step.joker(action.seat)
        else:
            step.pass_joker()
        step.history = (*self.history, action)
        return Transition(step.state(), step.events)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready: the board, its own rack, the sizes of the other
        racks and of the bag, the tiles it has not seen (with their counts), the scores.

        Other players' racks, the order of the bag and the seed never appear (with
        ``solitaire`` the one player sees both racks).

        >>> obs = start_tiles(TilesRules(), seed=3).state.observation(0)
        >>> obs["rack"], obs["rack_sizes"], obs["bag_size"], obs["centre"]
        (['2d', '2l', '3l', '5l', '7l'], [5, 5], 94, 'G7')
        """
        rules = self.rules
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < rules.players:
            raise IllegalActionError(f"there is no seat {seat!r} in a {rules.players}-player game")
        seen = Counter(piece_tile(p) for p in self.board.cells if p != EMPTY)
        visible = range(rules.players) if rules.solitaire else (seat,)
        for s in visible:
            seen.update(self.racks[s])
        unseen = Counter(full_set()) - seen
        claim = self.claim
        return {
            "game": rules.GAME,
            "rules": rules.options(),
            "seat": seat,
            "colour": COLOUR_WORDS[seat] if rules.solitaire else None,
            "phase": self.phase,
            "current_player": self.current_player,
            "first_player": self.first_player,
            "scores": list(self.scores),
            "board": self.board.rows(),
            "board_size": rules.board_size,
            "centre": cell_name(self.board.centre, rules.board_size),
            "rack": [tile_text(t) for t in self.racks[seat]],
            "racks": (
                [[tile_text(t) for t in rack] for rack in self.racks] if rules.solitaire else None
            ),
            "rack_sizes": list(self.rack_sizes()),
            "bag_size": len(self.bags[rules.bag_of(seat)]),
            "bag_sizes": list(self.bag_sizes()),
            "unseen": {tile_text(t): unseen[t] for t in range(KINDS) if unseen[t]},
            "misses": self.misses,
            "claim": None if claim is None else claim.to_dict(),
            "result": None if self.result is None else self.result.to_dict(),
        }

    def record(self) -> dict[str, Any]:
        """The game so far as a JSON record that :func:`~cribkit.games.records.replay` replays."""
        setup = self.setup
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.rules.GAME,
            "rules": self.rules.options(),
        }
        if setup.seed is not None:
            out["seed"] = setup.seed
        if setup.bag is not None:
            out["bag"] = [tile_text(t) for t in setup.bag]
        if setup.first_player is not None:
            out["first_player"] = setup.first_player
        out["actions"] = [action.to_dict() for action in self.history]
        return out

    # -- checks ----------------------------------------------------------------------------------

    def _verify_turn(self, action: Action) -> None:
        """The checks every action passes first: the game goes on, the seat, the kind, the turn."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action")
        if self.phase == OVER:
            result = self.result
            assert result is not None
            raise GameOverError(f"the game is over: it ended {scores_text(result.scores)}")
        seat = action.seat
        n = self.rules.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n:
            raise IllegalActionError(f"there is no seat {seat!r} in a {n}-player game")
        expected = _PHASE_ACTIONS[self.phase]
        if not isinstance(action, expected):
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
        assert claim is not None
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
# Carrying out the rules


class _Step:
    """A mutable copy of a state while one action and its consequences run."""

    def __init__(self, state: TilesState) -> None:
        self.source = state
        self.rules = state.rules
        self.events: list[TilesEvent] = []
        self.phase = state.phase
        self.board = state.board
        self.racks = [list(r) for r in state.racks]
        self.bags = [list(b) for b in state.bags]
        self.turn = state.turn
        self.scores = list(state.scores)
        self.misses = state.misses
        self.exchanges = state.exchanges
        self.claim = state.claim
        self.result = state.result
        self.history = state.history
        #: Which tiles a player draws or gives back is private, except to the solitaire player.
        self.private = not state.rules.solitaire

    def state(self) -> TilesState:
        s = self.source
        return TilesState(
            s.rules, s.setup, self.phase, self.board, tuple(tuple(sorted(r)) for r in self.racks),
            tuple(tuple(b) for b in self.bags), self.turn, s.first_player, tuple(self.scores),
            self.misses, self.exchanges, self.claim, self.result, self.history,
        )  # fmt: skip

    def note(self, type_: str, seat: int | None, points: int = 0, **extra: Any) -> None:
        if points and seat is not None:
            self.scores[seat] += points
        self.events.append(
            TilesEvent(type_, seat=seat, points=points, scores=tuple(self.scores), **extra)
        )

    def draw(self, seat: int) -> None:
        bag = self.bags[self.rules.bag_of(seat)]
        rack = self.racks[seat]
        need = max(0, RACK_SIZE - len(rack))
        drawn, bag[:need] = bag[:need], []
        if drawn:
            rack.extend(drawn)
            self.note("draw", seat, tiles=tuple(piece_of(t) for t in drawn), private=self.private)

    def play(self, action: PlayTiles, score: PlayScore) -> None:
        seat = action.seat
        move = format_move(action, self.board)
        size = self.rules.board_size
        self.board = self.board.placed([r * size + c for r, c in action.cells], action.tiles)
        rack = self.racks[seat]
        for piece in action.tiles:
            rack.remove(piece_tile(piece))
        if self.rules.joker:
            self.note("play", seat, tiles=action.tiles, move=move)
            self.claim = Claim(seat, score.points, move, score)
            self.phase = DECLARE
            return
        self.note("play", seat, tiles=action.tiles, move=move, count=score.points)
        for hand in score.hands:
            self.note("hand", seat, hand.points, tiles=hand.pieces, line=hand.name)
        lines = {hand.name: hand.pieces for hand in score.hands}
        for bonus in score.bonuses:
            tiles = lines.get(bonus.hand, ())  # a colour bonus shows its crib hand
            self.note("bonus", seat, bonus.points, kind=bonus.kind, line=bonus.hand, tiles=tiles)
        self.end_turn(seat, played=True)

    def exchange(self, seat: int, tiles: tuple[int, ...]) -> None:
        bag = self.bags[self.rules.bag_of(seat)]
        k = len(tiles)
        drawn, bag[:k] = bag[:k], []
        rack = self.racks[seat]
        for tile in tiles:
            rack.remove(tile)
        rack.extend(drawn)
        bag.extend(tiles)
        seed = self.source.setup.seed
        if seed is not None:
            random.Random(f"tiles:{seed}:exchange:{self.exchanges}").shuffle(bag)
        self.exchanges += 1
        self.note("exchange", seat, tiles=tuple(piece_of(t) for t in tiles), private=self.private)
        self.note("draw", seat, tiles=tuple(piece_of(t) for t in drawn), private=self.private)
        self.end_turn(seat, played=False)

    def end_turn(self, seat: int, *, played: bool) -> None:
        n = self.rules.players
        if played:
            self.misses = 0
            self.draw(seat)
            if not self.racks[seat]:
                self.finish("played_out", seat)
                return
        else:
            self.misses += 1
            if self.misses >= n and not any(self.bags):
                self.finish("passes")
                return
            if self.misses >= STALL_ROUNDS * n:
                self.finish("stalled")
                return
        self.turn = (seat + 1) % n
        self.phase = PLAY

    def declare(self, points: int) -> None:
        claim = self.claim
        assert claim is not None
        n = self.rules.players
        window = tuple((claim.seat + i) % n for i in range(1, n))
        self.claim = Claim(claim.seat, claim.correct, claim.move, claim.score, points, window)
        self.note("declare", claim.seat, points, move=claim.move, missed=claim.correct - points)
        self.phase = JOKER

    def joker(self, caller: int) -> None:
        claim = self.claim
        assert claim is not None
        missed = claim.correct - claim.declared
        self.note("joker", caller, missed if missed > 0 else -JOKER_PENALTY, other=claim.seat)
        self.close_claim()

    def pass_joker(self) -> None:
        claim = self.claim
        assert claim is not None
        window = claim.window[1:]
        self.claim = Claim(
            claim.seat, claim.correct, claim.move, claim.score, claim.declared, window
        )
        if not window:
            self.close_claim()

    def close_claim(self) -> None:
        claim = self.claim
        assert claim is not None
        self.claim = None
        self.end_turn(claim.seat, played=True)

    def finish(self, reason: str, seat: int | None = None) -> None:
        rules = self.rules
        self.note("end", seat, kind=reason)
        for s in range(rules.players):
            rack = self.racks[s]
            if rack:
                self.note(
                    "deduct", s, -sum(face_value(t) for t in rack),
                    tiles=tuple(piece_of(t) for t in sorted(rack)),
                )  # fmt: skip
        scores = tuple(self.scores)
        top = max(scores)
        winners = tuple(s for s in range(rules.players) if scores[s] == top)
        first = self.source.first_player
        self.result = TilesResult(winners[0], winners, scores, 1, "", first, rules.solitaire)
        self.phase = OVER
        self.claim = None
        self.events.append(TilesEvent("win", seat=winners[0], scores=scores, seats=winners))


# ---------------------------------------------------------------------------------------------
# Starting a game


def start_tiles(
    rules: TilesRules | None = None,
    *,
    seed: Seed | None = None,
    bag: Iterable[str | int] | None = None,
    first_player: int | None = None,
) -> Transition[TilesState]:
    """Start a game: draw for the first player (unless ``first_player`` is given, or with
    ``solitaire``) and fill the racks.

    The tiles come from an explicit ``bag`` (the 104 tiles as text, first drawn first) or from
    the ``seed`` (:func:`~cribkit.games.tiles.rules.seeded_bag`); the draw for the first player
    needs the seed. With ``solitaire`` the dark tiles of the bag, in order, are seat 0's bag and
    the light tiles seat 1's.

    >>> t = start_tiles(TilesRules(players=3), seed=6)
    >>> [e.text() for e in t.events if e.type in ("draw_first", "start")]
    ['seat 0 draws 7l, seat 1 draws Tl, seat 2 draws 7l', 'seat 0 draws 2l, seat 2 draws 9d; seat 0 plays first', 'seat 0 plays first']
    >>> [e.to_dict(viewer=1)["text"] for e in t.events if e.type == "draw"]
    ['seat 0 draws five tiles', 'seat 1 draws 2d 9l Tl Tl Jd', 'seat 2 draws five tiles']
    """
    rules = TilesRules() if rules is None else rules
    if not isinstance(rules, TilesRules):
        raise GameError(f"tiles needs TilesRules, not {type(rules).__name__}")
    if seed is not None and (not isinstance(seed, int | str) or isinstance(seed, bool)):
        raise GameError(f"a seed is a whole number or text, not {seed!r}")
    explicit = None if bag is None else check_bag(bag)
    if seed is None and explicit is None:
        raise GameError("a game needs a seed or an explicit bag")
    n = rules.players
    if first_player is not None and (
        not isinstance(first_player, int)
        or isinstance(first_player, bool)
        or not 0 <= first_player < n
    ):
        raise GameError(f"first_player must be a seat from 0 to {n - 1}, not {first_player!r}")
    setup = TilesSetup(seed, explicit, first_player)
    events: list[TilesEvent] = []
    scores = (0,) * n
    first = first_player
    if first is None and rules.solitaire:
        first = 0
    if first is None:
        if seed is None:
            raise GameError("the first player is drawn with the seed: give first_player or a seed")
        first, rounds = draw_for_first_player(n, draw_bags(seed))
        for index, (seats, drawn) in enumerate(rounds):
            decided = first if index == len(rounds) - 1 else None
            tiles = tuple(piece_of(t) for t in drawn)
            events.append(
                TilesEvent("draw_first", tiles=tiles, seats=seats, other=decided, scores=scores)
            )
    events.append(TilesEvent("start", seat=first, scores=scores))
    order = setup.tiles()
    if rules.solitaire:
        bags = tuple(tuple(t for t in order if tile_colour(t) == colour) for colour in (0, 1))
    else:
        bags = (order,)
    racks: tuple[tuple[int, ...], ...] = ((),) * n
    state = TilesState(
        rules, setup, PLAY, Board.empty(rules.board_size), racks, bags, first, first, scores
    )
    step = _Step(state)
    step.events = events
    for i in range(n):
        step.draw((first + i) % n)
    return Transition(step.state(), step.events)


register(
    GameInfo(
        name="tiles",
        rules_type=TilesRules,
        start=start_tiles,
        setup_keys=("seed", "bag", "first_player"),
        summary="Cribbage Tiles: a crossword game of crib hands with numbered tiles",
        previews=True,
        composed_moves=True,
        calls=("joker",),
    )
)
