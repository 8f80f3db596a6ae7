"""The Cribbage Tiles expert's search of the end of a game, with every rack and the bag known
(the truth once the bag is empty, else one guess of the opponent's rack and the bag order).

Two players. The searching player (*me*) tries its best plays (the highest-scoring and the
longest, and passing); the opponent answers with its highest-scoring play (the first of the
best in the engine's order: what easy plays, and the expert's model of every reply), or with
no play exchanges its highest tiles while the bag allows (easy's rule), or passes. A player
who plays draws back up to 5 from the front of the bag. The game ends when the bag is empty
and a player has played out (the other's rack is deducted from its score) or both have
passed in turn. At the horizon each rack counts a share of its face value.

>>> from cribkit.games.tiles.board import Board
>>> from cribkit.games.tiles.rules import parse_tiles
>>> board = Board.from_cells(13, {"G7": "5d", "H7": "Tl"})
>>> line = Line(seat=0, strict=True)
>>> mine, theirs = parse_tiles("5l"), parse_tiles("Kd Kl")
>>> line.mine(board, mine, theirs, (), 2, 0)  # 5l 5d Tl (6 points) and out: 20 deducted
26.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from cribkit.games.tiles.board import Board
from cribkit.games.tiles.movegen import ScoredPlay, best_play, highest_plays
from cribkit.games.tiles.rules import RACK_SIZE, face_value, piece_tile

__all__ = ["HORIZON_SHARE", "Line", "top_plays", "top_plays_of"]

#: At the search's horizon each rack is counted at this share of its face value.
HORIZON_SHARE: Final = 0.5
#: Plays tried per position of the searching player: the highest-scoring ones, and the
#: longest ones.
BRANCH: Final = 6
LONGEST: Final = 2


def _face(tiles: Sequence[int]) -> int:
    return sum(face_value(t) for t in tiles)


def top_plays(plays: Sequence[ScoredPlay], branch: int = BRANCH) -> list[ScoredPlay]:
    """The highest-scoring ``branch`` plays, and the two best of the plays of the most tiles."""
    by_points = sorted(plays, key=lambda p: -p.points)[:branch]
    most = max((len(p.play.tiles) for p in plays), default=0)
    longest = sorted((p for p in plays if len(p.play.tiles) == most), key=lambda p: -p.points)
    out = list(by_points)
    for p in longest[:LONGEST]:
        if p not in out:
            out.append(p)
    return out


def top_plays_of(
    board: Board, rack: Sequence[int], seat: int, strict: bool, branch: int = BRANCH
) -> list[ScoredPlay]:
    """:func:`top_plays` of every legal play of ``rack`` on ``board``, the same list in the
    same order, without making every play (:func:`~cribkit.games.tiles.movegen.highest_plays`):
    the search asks this at every position of the searching player."""
    out = highest_plays(board, rack, branch, seat=seat, strict=strict)
    longest: list[ScoredPlay] = []
    for tiles in range(min(len(rack), RACK_SIZE), 0, -1):
        longest = highest_plays(board, rack, LONGEST, seat=seat, strict=strict, tiles=tiles)
        if longest:
            break
    for p in longest:
        if p not in out:
            out.append(p)
    return out


def _after(board: Board, rack: Sequence[int], scored: ScoredPlay) -> tuple[Board, list[int]]:
    size = board.size
    play = scored.play
    left = list(rack)
    for piece in play.tiles:
        left.remove(piece_tile(piece))
    return board.placed([r * size + c for r, c in play.cells], play.tiles), left


@dataclass
class Line:
    """A search from ``seat``'s point of view (the opponent is the other seat); ``strict`` is
    the rules' ``strict_cross_hands``. A line's value is its margin: my points less the
    opponent's from the root on, deductions included. ``nodes`` counts the positions whose
    plays were generated."""

    seat: int
    strict: bool
    branch: int = BRANCH
    horizon_share: float = HORIZON_SHARE
    nodes: int = field(default=0, compare=False)

    def horizon(self, mine: Sequence[int], theirs: Sequence[int], margin: float) -> float:
        return margin + self.horizon_share * (_face(theirs) - _face(mine))

    def after_mine(
        self,
        board: Board,
        mine: Sequence[int],
        theirs: Sequence[int],
        bag: Sequence[int],
        scored: ScoredPlay,
        depth: int,
        margin: float = 0.0,
    ) -> float:
        """The value if I make ``scored`` (then ``depth - 1`` turns more), ``margin`` the
        margin so far."""
        after, left = _after(board, mine, scored)
        drawn = max(0, RACK_SIZE - len(left))
        left += bag[:drawn]
        rest = bag[drawn:]
        margin += scored.points
        if not left and not rest:
            return float(margin + _face(theirs))
        return self.theirs(after, left, theirs, rest, depth - 1, 0, margin)

    def mine(
        self,
        board: Board,
        mine: Sequence[int],
        theirs: Sequence[int],
        bag: Sequence[int],
        depth: int,
        misses: int,
        margin: float = 0.0,
    ) -> float:
        """The best value with me to move, ``depth`` turns to search and ``misses`` turns
        missed in a row before."""
        if depth <= 0:
            return self.horizon(mine, theirs, margin)
        if misses + 1 >= 2 and not bag:
            best = float(margin + _face(theirs) - _face(mine))  # passing ends the game
        else:
            best = self.theirs(board, mine, theirs, bag, depth - 1, misses + 1, margin)
        self.nodes += 1
        for scored in top_plays_of(board, mine, self.seat, self.strict, self.branch):
            best = max(best, self.after_mine(board, mine, theirs, bag, scored, depth, margin))
        return best

    def theirs(
        self,
        board: Board,
        mine: Sequence[int],
        theirs: Sequence[int],
        bag: Sequence[int],
        depth: int,
        misses: int,
        margin: float = 0.0,
    ) -> float:
        """The value with the opponent to move: its highest-scoring play, else an exchange of
        its highest tiles while the bag allows, else a pass."""
        if depth <= 0:
            return self.horizon(mine, theirs, margin)
        self.nodes += 1
        best = best_play(board, theirs, seat=1 - self.seat, strict=self.strict)
        if best is None:
            most = min(len(bag), RACK_SIZE, len(theirs))
            if most > 0:
                give = sorted(theirs, key=lambda t: (-face_value(t), t))[:most]
                kept = list(theirs)
                for tile in give:
                    kept.remove(tile)
                swapped = [*kept, *bag[:most]]
                back = [*bag[most:], *give]
                return self.mine(board, mine, swapped, back, depth - 1, 0, margin)
            if misses + 1 >= 2 and not bag:
                return float(margin + _face(theirs) - _face(mine))
            return self.mine(board, mine, theirs, bag, depth - 1, misses + 1, margin)
        reply = best[1]
        after, left = _after(board, theirs, reply)
        drawn = max(0, RACK_SIZE - len(left))
        left += bag[:drawn]
        rest = bag[drawn:]
        margin -= reply.points
        if not left and not rest:
            return float(margin - _face(mine))
        return self.mine(after, mine, left, rest, depth - 1, 0, margin)
