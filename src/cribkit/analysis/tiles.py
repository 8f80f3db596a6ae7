"""The analysis of Cribbage Tiles: every move valued as its points now plus its leave.

A move of a turn (a play of tiles, an exchange or a pass) is worth what the expert's first
measure says (:class:`cribkit.ai.tiles.TilesPlayer`, the value medium plays by and the expert
starts from): the points the move scores now plus the value of the tiles it keeps on the rack
(``leave_value``: the shipped leave table while the bag holds tiles, minus their face value
once it is empty, what they cost if the game ends). An exchange scores nothing and keeps the
tiles it does not give back; a pass keeps the whole rack (:func:`pass_value`: the table was
fitted on leaves of up to 4 tiles, so a rack of 5 is centred as the table centres the others,
a random one being worth about as much as fresh tiles). The state does not list the plays
(:class:`~cribkit.games.protocol.ComposedMoves`): they are generated from the seat's view, as
the expert generates its own (:func:`~cribkit.games.tiles.movegen.generate_plays` on the
view's board and rack), and every one of them is valued, with every exchange the bag allows
and passing; the choices kept are the best :data:`LEADING` and the move made (the same tiles
on the same cells in another order for the same value are shown once). The values are
exact sums (nothing is sampled: ``samples`` 0).

There is no ``hindsight``: the best move with every tile known (the other racks and the order
of the bag) would need a search of the rest of the game, far from cheap.

The luck of a seat (:func:`luck`) is the tiles it drew, each worth its rank's value in the
leave table (a 5 kept on the rack is worth about 3.7 points of later turns, a king about
-2.4), against the mean of that value over the tiles it might have drawn (those it had not
seen).

>>> from cribkit.games.tiles.state import start_tiles
>>> state = start_tiles(seed=3).state
>>> d = decision(state, state.parse("F7 across 6d 9l"), 0)
>>> d.phase, d.unit, d.samples, d.chosen.words
('tiles', 'points', 0, 'F7 across 6d 9l for 12, keeping 4l 8d Qd (-2.83)')
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import pairwise
from typing import Final

from cribkit.ai.tiles import TilesPlayer, load_leave_table
from cribkit.analysis.model import Choice, Decision, Luck
from cribkit.games.protocol import Action, GameState
from cribkit.games.records import Step
from cribkit.games.tiles.actions import Exchange, Pass, PlayTiles
from cribkit.games.tiles.movegen import generate_plays
from cribkit.games.tiles.rules import full_set, piece_tile, tile_colour, tile_rank, tiles_text
from cribkit.games.tiles.state import PLAY, TilesState
from cribkit.games.tiles.view import TilesView

__all__ = ["LEADING", "decision", "luck", "pass_value", "tile_worth"]

#: How many of the best moves a decision lists (the move made is added when not among them).
LEADING: Final = 10


def decision(
    before: GameState, action: Action, index: int, *, hindsight: bool = True
) -> Decision | None:
    """The move ``action`` of a turn from ``before``, against the best moves found; None for
    a declaration or a call (``joker``), and for a pass that was the only legal move. There is
    no hindsight (see the module), so ``hindsight`` changes nothing: it is the analysers'
    common keyword (:func:`cribkit.analysis.game.judge` passes False)."""
    if not isinstance(before, TilesState) or before.phase != PLAY:
        return None
    if not isinstance(action, PlayTiles | Exchange | Pass):
        return None
    view = before.observation(action.seat)
    player = TilesPlayer("expert", seed=0)
    plays = generate_plays(
        view.board, view.rack, seat=view.seat, strict=view.rules.strict_cross_hands
    )
    offered = before.offered_actions()
    if not plays and len(offered) <= 1:
        return None
    # Every move's value first; the words only for the moves shown (a turn may have 10,000).
    valued: list[tuple[float, Action]] = [
        (value, scored.play) for value, _, scored in player.ranked(view, plays)
    ]
    for other in offered:
        if isinstance(other, Exchange | Pass):
            valued.append((_no_play_value(view, player, other), other))
    valued.sort(key=lambda item: -item[0])  # stable: plays by the expert's order first
    made = _choice(before, view, player, action)
    mine = (_alike(action), round(made.value, 9))
    choices: list[Choice] = []
    shown: set[object] = set()
    for value, move in valued:
        if len(choices) == LEADING:
            break
        # The same tiles on the same cells in another order, for the same value, are one
        # choice shown once (the move made, when it is one of them).
        group = (_alike(move), round(value, 9))
        if group in shown:
            continue
        shown.add(group)
        choices.append(made if group == mine else _choice(before, view, player, move))
    if mine not in shown:
        choices.append(made)
    chosen = made
    best = choices[0]
    words = f"{chosen.words}: {chosen.value:.2f}"
    if best is chosen or best.value - chosen.value <= 0:
        words += ", the best found"
    else:
        words += f"; best {best.words}: {best.value:.2f}"
    return Decision(
        index,
        action.seat,
        "tiles",
        "points",
        chosen,
        tuple(choices),
        words,
        samples=0,
        scores=tuple(before.scores),
    )


def _kept(rack: Sequence[int], play: PlayTiles) -> tuple[int, ...]:
    left = list(rack)
    for piece in play.tiles:
        left.remove(piece_tile(piece))
    return tuple(left)


def _given_back(rack: Sequence[int], tiles: Sequence[int]) -> tuple[int, ...]:
    left = list(rack)
    for tile in tiles:
        left.remove(tile)
    return tuple(left)


def _alike(action: Action) -> object:
    """What makes two moves alike in the list of choices: a play's cells (as a set) and its
    pieces (as a multiset), an exchange's tiles in any order (the order only says where they
    go in the bag), passing."""
    match action:
        case PlayTiles(cells=cells, tiles=tiles):
            return ("play", frozenset(cells), tuple(sorted(tiles)))
        case Exchange(tiles=tiles):
            return ("exchange", tuple(sorted(tiles)))
        case _:
            return ("pass",)


def _keeping(kept: Sequence[int], leave: float) -> str:
    return f"keeping {tiles_text(kept) if kept else 'nothing'} ({leave:+.2f})"


def _no_play_value(view: TilesView, player: TilesPlayer, action: Exchange | Pass) -> float:
    """An exchange's value (the tiles kept) or passing's (the whole rack kept)."""
    if isinstance(action, Exchange):
        return player.leave_value(view, _given_back(view.rack, action.tiles))
    return pass_value(view, player)


def _choice(state: TilesState, view: TilesView, player: TilesPlayer, action: Action) -> Choice:
    """A move of the turn valued, with its words (it is legal: generated, offered, or the
    record's, replayed)."""
    if isinstance(action, PlayTiles):
        points = state.preview(action).points
        kept = _kept(view.rack, action)
        leave = player.leave_value(view, kept)
        words = f"{state.notation(action)} for {points}, {_keeping(kept, leave)}"
        return Choice(action.to_dict(), words, points + leave)
    assert isinstance(action, Exchange | Pass)  # a turn's move is a play, an exchange or a pass
    value = _no_play_value(view, player, action)
    if isinstance(action, Exchange):
        kept = _given_back(view.rack, action.tiles)
        return Choice(action.to_dict(), f"{state.notation(action)}, {_keeping(kept, value)}", value)
    return Choice(action.to_dict(), f"pass, {_keeping(view.rack, value)}", value)


def pass_value(view: TilesView, player: TilesPlayer) -> float:
    """What passing is worth: the whole rack kept. Once the bag is empty, minus its face value
    (as every leave then). While it holds tiles, the leave table's value of the 5 tiles less
    that value's mean over every 5 tiles of the set (:func:`five_kept_mean`): the table, fitted
    on leaves of 0 to 4 tiles, has weights (``kept_3``, ``kept_4``) that make a random leave
    of 3 or 4 tiles worth about 0 like the fresh tiles it defines as 0, but none for 5, and
    counts all ten couples of 5 tiles, so a random rack of 5 would be worth 6.6 points.

    >>> from cribkit.games.tiles.state import start_tiles
    >>> view = start_tiles(seed=3).state.observation(1)
    >>> player = TilesPlayer("expert")
    >>> round(player.leave.value(view.rack) - pass_value(view, player), 4) == round(five_kept_mean(), 4)
    True
    """
    if view.bag_size == 0:
        return player.leave_value(view, view.rack)
    return player.leave.value(view.rack) - five_kept_mean()


@cache
def five_kept_mean() -> float:
    """The mean of the shipped leave table's value of 5 tiles drawn from the full set, exact:
    the value is a sum over single tiles and over couples, so its mean is 5 times a tile's
    mean plus 10 times a couple's part (drawn without replacement from 4 copies of each tile).

    >>> round(five_kept_mean(), 2)
    6.64
    """
    table = load_leave_table()
    kinds = sorted(set(full_set()))
    copies = Counter(full_set())
    n = sum(copies.values())
    single = sum(copies[a] * table.value((a,)) for a in kinds) / n
    couple = sum(
        copies[a] * (copies[b] - (a == b)) * table.value((a, b)) for a in kinds for b in kinds
    ) / (n * (n - 1))
    # A couple's value is its two tiles' plus its own part: 10 couples, 5 tiles.
    return 5 * single + 10 * (couple - 2 * single)


# ---------------------------------------------------------------------------------------------
# Luck: the tiles the seat drew


def tile_worth(tile: int) -> float:
    """What a tile is worth kept on a rack: its rank's weight in the shipped leave table.

    >>> from cribkit.games.tiles.rules import parse_tile
    >>> tile_worth(parse_tile("5d")) > 3 > 0 > tile_worth(parse_tile("Kl"))
    True
    """
    return load_leave_table().weights[tile_rank(tile) - 1]


def luck(steps: Sequence[Step], seat: int) -> tuple[Luck, ...]:
    """The tiles ``seat`` drew (kind ``draws``): their mean worth (:func:`tile_worth`) against
    the mean expected from the tiles it had not seen at each draw (its own bag's colour with
    ``solitaire``); the percentile of the sum by the normal law of a sum of draws without
    replacement (each draw's mean and variance exact over its pool)."""
    if not steps or not isinstance(steps[0].state, TilesState):
        return ()
    first = steps[0].state
    rules = first.rules
    own_colour = rules.bag_of(seat) if rules.solitaire else None
    total = expected = variance = 0.0
    count = 0

    def drew(tiles: Sequence[int], pool: Sequence[int]) -> None:
        nonlocal total, expected, variance, count
        if own_colour is not None:
            pool = [t for t in pool if tile_colour(t) == own_colour]
        if not tiles or not pool:
            return
        worths = [tile_worth(t) for t in pool]
        n, k = len(worths), len(tiles)
        mean = sum(worths) / n
        spread = sum((w - mean) ** 2 for w in worths) / n
        total += sum(tile_worth(t) for t in tiles)
        expected += k * mean
        # The variance of a sum of k drawn without replacement from n.
        variance += k * spread * ((n - k) / (n - 1) if n > 1 else 0.0)
        count += k

    drew(first.racks[seat], full_set())
    for step, after in pairwise(steps):
        before, now = step.state, after.state
        if not isinstance(before, TilesState) or not isinstance(now, TilesState):
            continue
        kept = Counter(before.racks[seat])
        action = after.action
        if action is not None and action.seat == seat:
            if isinstance(action, PlayTiles):
                kept -= Counter(piece_tile(p) for p in action.tiles)
            elif isinstance(action, Exchange):
                kept -= Counter(action.tiles)
        drawn = Counter(now.racks[seat]) - kept
        if drawn:
            drew(sorted(drawn.elements()), before.observation(seat).unseen)
    if not count:
        return ()
    z = (total - expected) / math.sqrt(variance) if variance > 0 else 0.0
    percentile = 50.0 * (1.0 + math.erf(z / math.sqrt(2.0)))
    return (Luck("draws", count, total / count, expected / count, percentile),)
