"""Computer players for Cribbage Tiles: random, easy, medium and expert.

Each level sees only its seat's view (:class:`~cribkit.games.tiles.view.TilesView`: the board,
its rack, the tiles it has not seen) and regenerates its plays with their points
(:func:`~cribkit.games.tiles.movegen.generate_plays`). So every level also chooses without the
state's list of every play (:meth:`TilesPlayer.choose_composed`: from the view and the
state's ``offered_actions()``, the legal actions but the plays), as the web's computer does.

- random: every legal action equally likely (:class:`TilesRandomPlayer`), drawn without
  generating every play (:func:`~cribkit.games.tiles.movegen.draw_uniform`).
- easy: the play that scores most now (ties in the engine's order); with no play it exchanges
  its whole rack while the bag allows (else its highest tiles), or passes.
- medium: the play's points plus the value of the tiles it keeps on the rack (a **leave**):
  a small table of values, per rank kept and for each pair, fifteen (two tiles making 15, a 6
  or 9 either way up), and tiles one or two ranks apart, tuned by self-play
  (:mod:`cribkit.ai.data.build_tiles_leave`, shipped as ``tiles_leave.json``). Once the bag
  is empty a tile kept is worth minus its face value (what it costs if the game ends). With no
  play it exchanges the tiles whose leave is worst (keeping the best subset), or passes.
- expert: medium's top candidates, each weighed by the opponents' likely replies: the tiles it
  has not seen are dealt at random into the opponents' racks (the rest is the bag), the same
  guesses for every candidate, and each opponent answers with its highest-scoring play on the
  board after the candidate. A candidate is worth points + leave - the mean best reply; with
  two players, its points - the reply + the expert's own best next turn (its rack refilled
  from the guessed bag, on the board after the reply: ``own_turn``). With two players and 15
  tiles or fewer in the bag, the search of :mod:`cribkit.ai.tiles_search` (the opponent
  answering with its highest-scoring play, the players drawing from the guessed bag) runs 3
  turns deep on each guess (``pre_end``); once the bag is empty the opponent's rack is known
  and the same search runs 5 turns deep (``end_greedy``; a minimax over both players' best
  plays is the alternative).

>>> from cribkit.games.tiles.state import start_tiles
>>> state = start_tiles(seed=3).state
>>> player = TilesPlayer("expert", seed=1)
>>> action = player.choose(state.observation(state.current_player), state.legal_actions())
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from importlib import resources
from itertools import combinations
from typing import Any, Final

from cribkit.ai.players import Observation, Player, register_players, view_of
from cribkit.ai.tiles_search import HORIZON_SHARE, Line, top_plays, top_plays_of
from cribkit.games.actions import Declare
from cribkit.games.protocol import Action
from cribkit.games.tiles.actions import Exchange, Joker, Pass, PassJoker, PlayTiles
from cribkit.games.tiles.board import Board
from cribkit.games.tiles.movegen import ScoredPlay, best_play, draw_uniform, generate_plays
from cribkit.games.tiles.rules import RACK_SIZE, face_value, piece_tile, tile_colour, tile_rank
from cribkit.games.tiles.state import PLAY
from cribkit.games.tiles.view import TilesView

__all__ = [
    "DATA_FILE",
    "LEAVE_FEATURES",
    "LeaveTable",
    "TilesPlayer",
    "TilesRandomPlayer",
    "leave_features",
    "load_leave_table",
]

DATA_PACKAGE: Final = "cribkit.ai.data"
DATA_FILE: Final = "tiles_leave.json"
#: The names of the leave features: a count per rank, then the combinations of two tiles.
LEAVE_FEATURES: Final = (
    *(f"rank_{r}" for r in range(1, 14)),
    "pair",
    "fifteen",
    "step1",
    "step2",
    "same_colour",
    "kept_3",
    "kept_4",
)
#: How many of medium's best plays the expert weighs, how many guesses of the opponents' racks,
#: and how far below the best a candidate may be (in medium's points) to be weighed at all.
EXPERT_CANDIDATES: Final = 8
EXPERT_SAMPLES: Final = 20
EXPERT_WINDOW: Final = 20.0
#: The end-game search (two players): its depth in turns once the bag is empty; from how few
#: tiles in the bag on the search of :class:`~cribkit.ai.tiles_search.Line` runs on each guess
#: of the opponent's rack and the bag order (0: never), and how many turns deep (docs/ai.md).
ENDGAME_DEPTH: Final = 5
PRE_ENDGAME_BAG: Final = 15
PRE_ENDGAME_DEPTH: Final = 3


def _value_of_rank(rank: int) -> int:
    return min(rank, 10)


def _makes_fifteen(a: int, b: int) -> bool:
    """Whether tiles of ranks ``a`` and ``b`` can make 15 (a 6 or a 9 either way up)."""
    for x in (a, 15 - a) if a in (6, 9) else (a,):
        for y in (b, 15 - b) if b in (6, 9) else (b,):
            if _value_of_rank(x) + _value_of_rank(y) == 15:
                return True
    return False


@cache
def _pair_features(a: int, b: int) -> tuple[int, int, int, int]:
    """Pair, fifteen, one rank apart, two ranks apart, for two tiles of ranks ``a`` and ``b``."""
    gap = abs(a - b)
    return (int(a == b), int(_makes_fifteen(a, b)), int(gap == 1), int(gap == 2))


def leave_features(tiles: Sequence[int]) -> list[float]:
    """The features of the tiles kept on a rack, in the order of :data:`LEAVE_FEATURES`: a
    count per rank; for every two tiles kept whether they pair, make fifteen, are one or two
    ranks apart, are of one colour; and whether 3 or 4 tiles are kept (fewer fresh tiles).

    >>> from cribkit.games.tiles.rules import parse_tiles
    >>> f = leave_features(parse_tiles("5d 5l Kd"))
    >>> f[4], f[12], dict(zip(LEAVE_FEATURES[13:], f[13:]))  # doctest: +NORMALIZE_WHITESPACE
    (2.0, 1.0, {'pair': 1.0, 'fifteen': 2.0, 'step1': 0.0, 'step2': 0.0, 'same_colour': 1.0,
                'kept_3': 1.0, 'kept_4': 0.0})
    """
    out = [0.0] * len(LEAVE_FEATURES)
    for t in tiles:
        out[tile_rank(t) - 1] += 1
    for a, b in combinations(tiles, 2):
        pair, fifteen, step1, step2 = _pair_features(tile_rank(a), tile_rank(b))
        out[13] += pair
        out[14] += fifteen
        out[15] += step1
        out[16] += step2
        out[17] += tile_colour(a) == tile_colour(b)
    out[18] = float(len(tiles) == 3)
    out[19] = float(len(tiles) == 4)
    return out


@lru_cache(maxsize=1 << 16)
def _leave_value(weights: tuple[float, ...], tiles: tuple[int, ...]) -> float:
    """:meth:`LeaveTable.value`, kept: the expert values the same few leaves thousands of times
    a move (every sub-multiset of each rack it guesses it will hold)."""
    return sum(w * f for w, f in zip(weights, leave_features(tiles), strict=True))


@dataclass(frozen=True, slots=True)
class LeaveTable:
    """The value of tiles kept on a rack: a weight per feature of :data:`LEAVE_FEATURES`.

    >>> table = LeaveTable.from_json({"weights": {"rank_5": 2.0, "pair": 1.5}})
    >>> from cribkit.games.tiles.rules import parse_tiles
    >>> table.value(parse_tiles("5d 5l")), table.value(())
    (5.5, 0.0)
    """

    weights: tuple[float, ...]
    meta: Mapping[str, Any] | None = None

    def value(self, tiles: Sequence[int]) -> float:
        """What keeping ``tiles`` is worth, in points of later turns."""
        return _leave_value(self.weights, tuple(tiles))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "weights": {
                name: round(w, 4) for name, w in zip(LEAVE_FEATURES, self.weights, strict=True)
            }
        }
        if self.meta:
            out["meta"] = dict(self.meta)
        return out

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> LeaveTable:
        weights = document.get("weights", {})
        if not isinstance(weights, Mapping):
            raise ValueError("a leave table's weights are an object of feature: value")
        unknown = set(weights) - set(LEAVE_FEATURES)
        if unknown:
            raise ValueError(f"unknown leave features: {', '.join(sorted(unknown))}")
        meta = document.get("meta")
        return cls(
            tuple(float(weights.get(name, 0.0)) for name in LEAVE_FEATURES),
            dict(meta) if isinstance(meta, Mapping) else None,
        )

    @classmethod
    def zero(cls) -> LeaveTable:
        """No value for any leave (medium then plays like easy)."""
        return cls((0.0,) * len(LEAVE_FEATURES))


@cache
def load_leave_table() -> LeaveTable:
    """The shipped leave table (``cribkit/ai/data/tiles_leave.json``)."""
    text = resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_text(encoding="utf-8")
    return LeaveTable.from_json(json.loads(text))


# ---------------------------------------------------------------------------------------------
# What a seat sees


def _view(observation: Observation) -> TilesView:
    """The Tiles view a player reads; anything else is a :class:`TypeError`."""
    return view_of(observation, TilesView, "Tiles")


def _plays(view: TilesView) -> list[ScoredPlay]:
    """Every legal play of the seat's rack on the board now."""
    return generate_plays(
        view.board, view.rack, seat=view.seat, strict=view.rules.strict_cross_hands
    )


def _best(
    view: TilesView,
    board: Board,
    rack: Sequence[int],
    seat: int,
    kept_value: Callable[[tuple[int, ...]], float] | None = None,
) -> tuple[float, ScoredPlay] | None:
    """The first of the plays of ``rack`` on ``board`` worth most (points, plus ``kept_value``
    of the tiles kept), and its worth; None with no play (:func:`best_play`)."""
    return best_play(
        board, rack, seat=seat, strict=view.rules.strict_cross_hands, kept_value=kept_value
    )


def _kept(rack: Sequence[int], action: PlayTiles | Exchange) -> tuple[int, ...]:
    """The tiles of ``rack`` that a play or an exchange keeps."""
    left = list(rack)
    given = action.tiles if isinstance(action, Exchange) else map(piece_tile, action.tiles)
    for tile in given:
        left.remove(tile)
    return tuple(left)


def _placed(board: Board, play: PlayTiles) -> Board:
    size = board.size
    return board.placed([r * size + c for r, c in play.cells], play.tiles)


def _face(tiles: Sequence[int]) -> int:
    return sum(face_value(t) for t in tiles)


def _keeps(rack: Sequence[int], least: int) -> list[tuple[int, ...]]:
    """The distinct sub-multisets of the (sorted) ``rack`` of ``least`` to ``len - 1`` tiles."""
    out: set[tuple[int, ...]] = set()
    for k in range(max(0, least), len(rack)):
        out.update(combinations(rack, k))
    return sorted(out)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A play or an exchange the expert weighs: medium's value of it, the board after, and
    the points it scores and the tiles it keeps (for the expert's own next turn)."""

    value: float
    action: Action
    board: Board
    points: float = 0.0
    kept: tuple[int, ...] = ()


# ---------------------------------------------------------------------------------------------
# The players


class TilesPlayer:
    """A Cribbage Tiles player of ``level`` easy, medium or expert, with its own seeded
    generator (the expert's guesses of the opponents' racks)."""

    def __init__(
        self, level: str = "expert", seed: int | None = None, leave: LeaveTable | None = None
    ) -> None:
        if level not in ("easy", "medium", "expert"):
            raise ValueError(f"unknown Cribbage Tiles level {level!r}")
        self.name = level
        self.level = level
        self.rng = random.Random(seed)
        self.leave = (
            leave
            if leave is not None
            else (LeaveTable.zero() if level == "easy" else load_leave_table())
        )
        self.candidates = EXPERT_CANDIDATES
        self.samples = EXPERT_SAMPLES
        self.window = EXPERT_WINDOW
        #: Value each candidate by the expert's own next turn too (two plies: its refilled
        #: rack's best play, points + leave, on the board after the reply) instead of the
        #: leave of the tiles it keeps; two players, while the bag holds tiles.
        self.own_turn = True
        #: The end of the game (two players): with the bag empty, a search of ``end_depth``
        #: turns; with 1 to ``pre_end`` tiles in the bag (0: never), a search of
        #: ``pre_depth`` turns on each guess of the opponent's rack and the bag order.
        self.end_depth = ENDGAME_DEPTH
        #: With the bag empty, search against the opponent's highest-scoring replies (the
        #: :class:`~cribkit.ai.tiles_search.Line`) rather than a minimax over its best plays
        #: (the minimax: ``end_greedy`` off, best at ``end_depth`` 3; docs/ai.md).
        self.end_greedy = True
        self.pre_end = PRE_ENDGAME_BAG
        self.pre_depth = PRE_ENDGAME_DEPTH

    # -- the protocol -----------------------------------------------------------------------

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """The level's choice for the seat of ``observation`` (its view) among
        ``legal_actions``."""
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        called = _answer_to_claim(legal_actions)
        if called is not None:
            return called
        view = _view(observation)
        legal = set(legal_actions)
        plays = [p for p in _plays(view) if p.play in legal]
        return self._choose_turn(view, plays, legal_actions, legal)

    def choose_composed(
        self, observation: Observation, offered_actions: Sequence[Action]
    ) -> Action:
        """The choice :meth:`choose` makes, from the view and the state's offered actions
        (``offered_actions()``: every legal action but the plays) alone: the plays are the
        ones the level generates from the view anyway, so the state need not list them too
        (:class:`~cribkit.ai.players.ComposingPlayer`)."""
        if not offered_actions:
            raise ValueError("there is no legal action to choose from")
        called = _answer_to_claim(offered_actions)
        if called is not None:
            return called
        view = _view(observation)
        if self.level == "easy":  # the play that scores most needs no list of every play
            best = _best(view, view.board, view.rack, view.seat)
            return best[1].play if best else self.no_play(view, offered_actions)
        return self._choose_turn(view, _plays(view), offered_actions, set(offered_actions))

    def _choose_turn(
        self,
        view: TilesView,
        plays: Sequence[ScoredPlay],
        actions: Sequence[Action],
        legal: set[Action],
    ) -> Action:
        """The level's play, exchange or pass: ``plays`` are the legal plays, ``actions`` (as
        the set ``legal``) the legal actions, with or without the plays."""
        if self.level == "easy":
            if plays:
                return max(plays, key=lambda p: p.points).play  # the first of the best
            return self.no_play(view, actions)
        action = self.best_action(view, plays, legal)
        return action if action is not None else self.no_play(view, actions)

    # -- choosing a play --------------------------------------------------------------------

    def leave_value(self, view: TilesView, kept: Sequence[int]) -> float:
        """What keeping ``kept`` is worth: the table's value while the bag holds tiles, minus
        the face value once it is empty."""
        return self._leave(kept, view.bag_size)

    def _leave(self, kept: Sequence[int], bag_left: int) -> float:
        return -float(_face(kept)) if bag_left <= 0 else self.leave.value(kept)

    def ranked(
        self, view: TilesView, plays: Sequence[ScoredPlay]
    ) -> list[tuple[float, int, ScoredPlay]]:
        """The plays by medium's value (points + leave), best first, ties in the given order."""
        values = self._play_values(view.rack, plays, view.bag_size)
        out = [
            (value, index, scored)
            for index, (value, scored) in enumerate(zip(values, plays, strict=True))
        ]
        out.sort(key=lambda item: (-item[0], item[1]))
        return out

    def _play_values(
        self, rack: Sequence[int], plays: Sequence[ScoredPlay], left: int
    ) -> list[float]:
        """Each play of ``rack``'s points + the leave of what it keeps with ``left`` tiles in
        the bag. Plays that place the same tiles keep the same ones: each leave is worked out
        once."""
        leaves: dict[tuple[int, ...], float] = {}
        out = []
        for scored in plays:
            leave = leaves.get(scored.play.tiles)
            if leave is None:
                leave = leaves[scored.play.tiles] = self._leave(_kept(rack, scored.play), left)
            out.append(scored.points + leave)
        return out

    def best_exchange(self, view: TilesView, legal: set[Action]) -> tuple[float, Exchange] | None:
        """The exchange whose kept tiles are worth most (the tiles given back are replaced by
        fresh ones, worth 0 by the table's definition), or None if the bag allows none."""
        most = min(view.bag_size, RACK_SIZE, len(view.rack))
        if most <= 0:
            return None
        best: tuple[float, Exchange] | None = None
        for keep in _keeps(view.rack, len(view.rack) - most):
            give = list(view.rack)
            for tile in keep:
                give.remove(tile)
            action = Exchange(view.seat, tuple(give))
            value = self.leave.value(keep)
            if action in legal and (best is None or value > best[0]):
                best = (value, action)
        return best

    def best_action(
        self, view: TilesView, plays: Sequence[ScoredPlay], legal: set[Action]
    ) -> Action | None:
        """Medium's or the expert's choice among the plays and exchanges, or None with
        neither (the caller passes)."""
        ranked = self.ranked(view, plays)
        exchange = self.best_exchange(view, legal)
        if self.level == "medium":
            if exchange is not None and (not ranked or exchange[0] > ranked[0][0]):
                return exchange[1]
            return ranked[0][2].play if ranked else None
        rules = view.rules
        if plays and rules.players == 2 and not rules.solitaire:
            if view.bag_size == 0:
                endgame = self.endgame_play(view, plays)
                if endgame is not None:
                    return endgame.play
            elif view.bag_size <= self.pre_end:
                return self.pre_endgame_play(view, plays, ranked).play
        candidates: list[Candidate] = [
            Candidate(
                value,
                scored.play,
                _placed(view.board, scored.play),
                scored.points,
                _kept(view.rack, scored.play),
            )
            for value, _, scored in ranked[: self.candidates]
        ]
        if exchange is not None:
            kept = _kept(view.rack, exchange[1])
            candidates.append(Candidate(exchange[0], exchange[1], view.board, 0.0, kept))
            candidates.sort(key=lambda c: -c.value)
            candidates = candidates[: self.candidates]
        if not candidates:
            return None
        if len(candidates) == 1:
            return candidates[0].action
        return self.expert_values(view, candidates)[0][1]

    def best_play(self, view: TilesView, plays: Sequence[ScoredPlay]) -> ScoredPlay:
        """The level's choice among ``plays`` (all legal; exchanges are not considered)."""
        if self.level == "easy":
            return max(plays, key=lambda p: p.points)
        action = self.best_action(view, plays, {p.play for p in plays})
        return next(p for p in plays if p.play == action)

    def expert_values(
        self, view: TilesView, candidates: Sequence[Candidate]
    ) -> list[tuple[float, Action]]:
        """The expert's candidates with their values (medium's value - the opponents' mean best
        reply over the same guesses of their racks), best first.

        A reply is worth at least 0, so a candidate whose medium value is not above the best
        value found so far cannot win: it is not simulated (its value stays an upper bound,
        and it is ranked after the candidates that were)."""
        top = max(c.value for c in candidates)
        weighed = sorted(
            (c for c in candidates if c.value >= top - self.window), key=lambda c: -c.value
        )
        opponents = view.opponents()
        samples, bags = self._deal_opponents(view, opponents)
        count = len(samples) * max(1, len(opponents))
        two_ply = self.own_turn and len(opponents) == 1 and view.bag_size > 0
        replies_on: dict[Board, float] = {}
        simulated: list[tuple[float, int, Action]] = []
        bounded: list[tuple[float, int, Action]] = []
        best = float("-inf")
        for index, candidate in enumerate(weighed):
            if candidate.value <= best and not two_ply:
                bounded.append((candidate.value, index, candidate.action))
                continue
            if two_ply:
                value = self._two_plies(view, candidate, samples, bags)
                best = max(best, value)
                simulated.append((value, index, candidate.action))
                continue
            mean = replies_on.get(candidate.board)
            if mean is None:
                replies = 0.0
                for racks in samples:
                    for seat, rack in racks:
                        reply = _best(view, candidate.board, rack, seat)
                        replies += reply[0] if reply else 0
                mean = replies_on[candidate.board] = replies / count if samples else 0.0
            value = candidate.value - mean
            best = max(best, value)
            simulated.append((value, index, candidate.action))
        simulated.sort(key=lambda item: (-item[0], item[1]))
        return [(value, action) for value, _, action in simulated + bounded]

    def _two_plies(
        self,
        view: TilesView,
        candidate: Candidate,
        samples: Sequence[Sequence[tuple[int, tuple[int, ...]]]],
        bags: Sequence[Sequence[int]],
    ) -> float:
        """A candidate's points, less the opponent's best reply, plus the expert's own next
        turn (medium's best value of its rack refilled from the guessed bag, on the board
        after the reply), averaged over the guesses. With no candidate's bound to prune by,
        every candidate is simulated."""
        total = 0.0
        for racks, bag in zip(samples, bags, strict=True):
            ((seat, rack),) = racks
            reply = _best(view, candidate.board, rack, seat)
            board = candidate.board if reply is None else _placed(candidate.board, reply[1].play)
            drawn = bag[: max(0, RACK_SIZE - len(candidate.kept))]
            mine = tuple(sorted((*candidate.kept, *drawn)))
            left = len(bag) - len(drawn)
            own = _best(view, board, mine, view.seat, partial(self._leave, bag_left=left))
            total += candidate.points - (reply[0] if reply else 0) + (own[0] if own else 0.0)
        return total / len(samples) if samples else candidate.value

    def _deal_opponents(
        self, view: TilesView, opponents: Sequence[int]
    ) -> tuple[list[list[tuple[int, tuple[int, ...]]]], list[tuple[int, ...]]]:
        """Guesses of the opponents' racks: the unseen tiles shuffled and dealt to them; and
        with each guess the rest, in the shuffled order (the bag, the next draw first)."""
        if not opponents:
            return [], []
        pool = list(view.unseen)
        samples = []
        bags = []
        for _ in range(self.samples):
            self.rng.shuffle(pool)
            racks = []
            at = 0
            for seat in opponents:
                n = min(view.rack_sizes[seat], len(pool) - at)
                racks.append((seat, tuple(sorted(pool[at : at + n]))))
                at += n
            samples.append(racks)
            bags.append(tuple(pool[at:]))
        return samples, bags

    # -- the end game: the bag (nearly) empty, two players ------------------------------------

    def endgame_play(self, view: TilesView, plays: Sequence[ScoredPlay]) -> ScoredPlay | None:
        """With the bag empty the opponent's rack is known: the best play by a search of
        ``end_depth`` turns, or None if the rack is not known after all. The search is a
        minimax over both players' best plays and passing (tried only after the first play),
        or with ``end_greedy`` the :class:`~cribkit.ai.tiles_search.Line`, the opponent
        answering with its highest-scoring play."""
        theirs = view.unseen
        if len(theirs) != view.rack_sizes[1 - view.seat]:
            return None
        line = Line(view.seat, view.rules.strict_cross_hands)
        best: ScoredPlay | None = None
        best_value = float("-inf")
        for scored in top_plays(plays):
            if self.end_greedy:
                value = line.after_mine(view.board, view.rack, theirs, (), scored, self.end_depth)
            else:
                value = self._after_play(
                    view, view.board, view.rack, theirs, scored, self.end_depth
                )
            if value > best_value:
                best, best_value = scored, value
        return best

    def _after_play(
        self,
        view: TilesView,
        board: Board,
        mine: Sequence[int],
        theirs: Sequence[int],
        scored: ScoredPlay,
        depth: int,
    ) -> float:
        kept = _kept(mine, scored.play)
        if not kept:
            return scored.points + _face(theirs)
        after = _placed(board, scored.play)
        return scored.points - self._search(view, after, theirs, kept, depth - 1, 0)

    def _search(
        self,
        view: TilesView,
        board: Board,
        mine: Sequence[int],
        theirs: Sequence[int],
        depth: int,
        misses: int,
    ) -> float:
        """The mover's best future margin (its points minus the other's, deductions included)."""
        if depth <= 0:
            return HORIZON_SHARE * (_face(theirs) - _face(mine))
        # Passing: two passes in a row end the game.
        if misses + 1 >= 2:
            best = float(_face(theirs) - _face(mine))
        else:
            best = -self._search(view, board, theirs, mine, depth - 1, misses + 1)
        for scored in top_plays_of(board, mine, view.seat, view.rules.strict_cross_hands):
            best = max(best, self._after_play(view, board, mine, theirs, scored, depth))
        return best

    def pre_endgame_play(
        self,
        view: TilesView,
        plays: Sequence[ScoredPlay],
        ranked: Sequence[tuple[float, int, ScoredPlay]],
    ) -> ScoredPlay:
        """With few tiles in the bag: the play whose search of ``pre_depth`` turns is worth
        most on average over the guesses of the opponent's rack and the bag order. The plays
        tried are the end game's (the highest-scoring and the longest) and medium's best."""
        samples, bags = self._deal_opponents(view, [1 - view.seat])
        line = Line(view.seat, view.rules.strict_cross_hands)
        candidates = top_plays(plays)
        for _, _, scored in ranked[: self.candidates]:
            if scored not in candidates:
                candidates.append(scored)
        best = candidates[0]
        best_value = float("-inf")
        for scored in candidates:
            total = 0.0
            for racks, bag in zip(samples, bags, strict=True):
                ((_, theirs),) = racks
                total += line.after_mine(view.board, view.rack, theirs, bag, scored, self.pre_depth)
            if total > best_value:
                best, best_value = scored, total
        return best

    # -- no play: exchange or pass ------------------------------------------------------------

    def no_play(self, view: TilesView, legal_actions: Sequence[Action]) -> Action:
        """Easy with no play: an exchange of its highest tiles the bag allows (all five while
        it can), else a pass. Medium and the expert only get here with no exchange left."""
        legal = set(legal_actions)
        seat = view.seat
        most = min(view.bag_size, RACK_SIZE, len(view.rack))
        if most > 0:
            highest = sorted(view.rack, key=lambda t: (-face_value(t), t))[:most]
            # Given back in rack order, as the legal actions list each choice of tiles.
            action = Exchange(seat, tuple(sorted(highest)))
            if action in legal:
                return action
        passing = Pass(seat)
        if passing in legal:
            return passing
        return legal_actions[-1]


def _answer_to_claim(legal_actions: Sequence[Action]) -> Action | None:
    """Every level's answer with ``joker``: the declaration of the whole score, and letting
    another's declaration stand; None on a turn to play."""
    match legal_actions[0]:
        case Declare():
            # Declaring less than the play scores only gives points away.
            declares = (a for a in legal_actions if isinstance(a, Declare))
            return max(declares, key=lambda a: a.points)
        case Joker() | PassJoker() as first:
            # The computer lets every declaration stand (it never calls Joker).
            return next((a for a in legal_actions if isinstance(a, PassJoker)), first)
        case _:
            return None


class TilesRandomPlayer:
    """The random level: every legal action equally likely, as the shared
    :class:`~cribkit.ai.players.RandomPlayer` draws them, but drawn by
    :func:`~cribkit.games.tiles.movegen.draw_uniform` from the view without generating every
    play, with its own seeded generator. :meth:`choose` and :meth:`choose_composed` make the
    same choice: the plays in ``legal_actions`` are not read, only the others.

    >>> from cribkit.games.tiles.state import start_tiles
    >>> state = start_tiles(seed=3).state
    >>> view = state.observation(state.current_player)
    >>> drawn = TilesRandomPlayer(seed=1).choose_composed(view, state.offered_actions())
    >>> drawn == TilesRandomPlayer(seed=1).choose(view, state.legal_actions())
    True
    >>> drawn in state.legal_actions()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random action of ``legal_actions`` (the seat's legal actions)."""
        return self.choose_composed(
            observation, [a for a in legal_actions if not isinstance(a, PlayTiles)]
        )

    def choose_composed(
        self, observation: Observation, offered_actions: Sequence[Action]
    ) -> Action:
        """A uniformly random legal action: one of the plays the view allows or one of
        ``offered_actions`` (the state's legal actions but the plays)."""
        if not offered_actions:
            raise ValueError("there is no legal action to choose from")
        view = _view(observation)
        if view.phase != PLAY:
            return self.rng.choice(list(offered_actions))  # a declaration or a call
        drawn = draw_uniform(
            view.board,
            view.rack,
            len(offered_actions),
            self.rng,
            seat=view.seat,
            strict=view.rules.strict_cross_hands,
        )
        return offered_actions[drawn] if isinstance(drawn, int) else drawn.play


def tiles_player(level: str, seed: int | None = None) -> Player:
    """The factory registered for ``tiles``: random, easy, medium or expert."""
    if level == "random":
        return TilesRandomPlayer(seed)
    return TilesPlayer(level, seed)


register_players("tiles", tiles_player, own_random=True)
