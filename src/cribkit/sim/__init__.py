"""Tournaments between computer players: seeded, fair to both seats, optionally in parallel.

Games are played in groups that share one seed (so the same cards are dealt) while the players
rotate through the sides: with two sides every deal is played twice, once from each chair
(duplicate deals), so the first dealer's edge and the luck of the cards cancel out.

>>> result = simulate("classic:target=61", ["easy", "random"], games=4, seed=1)
>>> result.games, sum(result.wins)
(4, 4)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from cribkit.ai.players import Player, make_player
from cribkit.games import lookup, start
from cribkit.games.protocol import PendingEvent, Rules, Tally, tally_pending

#: Phases of a deal whose points are reported apart: classic's play (his heels included), hands
#: and crib; Table Top's lines.
PHASES = ("pegging", "hand", "crib", "lines")
_PHASE_SET = frozenset(PHASES)
#: Cribbage Tiles has no deals: its points are reported per game and per turn, by kind (a
#: declared count with option ``joker`` is the mover's crib hands and bonuses together); each
#: event says where its points go (:meth:`~cribkit.games.events.GameEvent.points_phase`).
TILES_KINDS = ("hands", "bonuses", "joker", "deductions")
#: The events that are a turn of Cribbage Tiles.
_TILES_TURNS = frozenset(("play", "exchange", "pass"))


@dataclass
class GameOutcome:
    """One simulated game, by entrant (the index of a player in the entrants list).

    ``winner`` is the winning entrant; in a tie (Cribbage Tiles) ``winners`` lists every tied
    entrant and the game counts as a tie, not a win.
    """

    winner: int
    game_points: int
    scores: list[int]
    #: points[entrant][role][phase] summed over the game; role is "dealer" or "pone".
    points: list[dict[str, dict[str, int]]]
    deals: list[dict[str, int]]
    actions: int
    #: The same over the deals counted out: all but the one the game ended in.
    complete_points: list[dict[str, dict[str, int]]] = field(default_factory=list)
    complete_deals: list[dict[str, int]] = field(default_factory=list)
    #: Cribbage Tiles only (empty for the other games): turns taken and points by kind
    #: (:data:`TILES_KINDS`), by entrant.
    turns: list[int] = field(default_factory=list)
    tiles_points: list[dict[str, int]] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def _empty_points() -> dict[str, dict[str, int]]:
    return {role: dict.fromkeys(PHASES, 0) for role in ("dealer", "pone")}


def _empty_deals() -> dict[str, int]:
    return dict.fromkeys(("dealer", "pone"), 0)


@dataclass
class _DealCounts:
    """Points by entrant, role and phase, and deals by entrant and role: over the game, and
    over its latest deal alone (the game's last deal is cut short when the game ends, so the
    deals counted out are the game's counts less the last one's)."""

    entrants: int
    points: list[dict[str, dict[str, int]]] = field(default_factory=list)
    deals: list[dict[str, int]] = field(default_factory=list)
    last_points: list[dict[str, dict[str, int]]] = field(default_factory=list)
    last_deals: list[dict[str, int]] = field(default_factory=list)
    last_deal: int = -1
    seen: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.points = [_empty_points() for _ in range(self.entrants)]
        self.deals = [_empty_deals() for _ in range(self.entrants)]

    def add(self, entrant: int, role: str, phase: str, scored: int, deal: int, seat: int) -> None:
        if deal > self.last_deal:
            self.last_deal = deal
            self.last_points = [_empty_points() for _ in range(self.entrants)]
            self.last_deals = [_empty_deals() for _ in range(self.entrants)]
        for points in (self.points, self.last_points):
            points[entrant][role][phase] += scored
        if (deal, seat) not in self.seen:
            self.seen.add((deal, seat))
            self.deals[entrant][role] += 1
            self.last_deals[entrant][role] += 1

    def complete(self) -> tuple[list[dict[str, dict[str, int]]], list[dict[str, int]]]:
        """The points and the deals of the deals counted out."""
        if self.last_deal < 0:
            return self.points, self.deals
        points = [
            {role: {p: v - last[role][p] for p, v in phases.items()} for role, phases in by.items()}
            for by, last in zip(self.points, self.last_points, strict=True)
        ]
        deals = [
            {role: n - last[role] for role, n in by.items()}
            for by, last in zip(self.deals, self.last_deals, strict=True)
        ]
        return points, deals


def play_game(
    spec: str,
    entrants: Sequence[str],
    index: int,
    seed: int,
    make: Callable[[str, str, int], Player] = make_player,
) -> GameOutcome:
    """Play game ``index`` of a tournament: entrant ``e`` plays side ``(e + index) % sides``.
    ``make(game, entrant, seed)`` makes each seat's player (benchmarks pass one that reads
    settings from the entrant's name)."""
    rules: Rules = lookup(spec)
    sides = rules.sides
    players_count = rules.seats
    rotation = index % sides
    group = index // sides
    side_entrant = [(side - rotation) % sides for side in range(sides)]
    seat_entrant = [side_entrant[seat % sides] for seat in range(players_count)]
    players = [
        make(rules.GAME, entrants[seat_entrant[seat]], mix_seed(seed, index, seat))
        for seat in range(players_count)
    ]
    transition = start(rules, seed=mix_seed(seed, group, 999))
    state = transition.state
    counts = _DealCounts(len(entrants))
    actions = 0
    tiles = rules.GAME == "tiles"
    turns = [0] * len(entrants) if tiles else []
    tiles_points = [dict.fromkeys(TILES_KINDS, 0) for _ in entrants] if tiles else []

    def count(tallies: list[Tally], dealer: int) -> None:
        if tallies:
            _count(tallies, dealer, seat_entrant, counts)
            if tiles:
                _count_tiles(tallies, seat_entrant, turns, tiles_points)

    count(transition.tallies(), _dealer(state))
    # A player that reads no view (the random one) is not given one: none is built.
    blind = [getattr(player, "choose_legal", None) for player in players]
    playout = getattr(state, "playout", None)
    if playout is not None:
        # Played in place: no state is made for a move.
        game = playout()
        legal, apply = game.legal_actions, game.apply
        # The events' tallies are counted a deal at a time (all against one dealer).
        dealer = game.dealer
        pending: list[PendingEvent] = []
        while not game.is_terminal:
            seat = game.current_player
            chooser = blind[seat]
            if chooser is not None:
                action = chooser(legal())
            else:
                # (the playout's own view of the seat: no state made for it)
                action = players[seat].choose(game.observation(seat), legal())
            if game.dealer != dealer:
                count(tally_pending(pending), dealer)
                dealer, pending = game.dealer, []
            pending += apply(action)
            actions += 1
        count(tally_pending(pending), dealer)
        result = game.result
    else:
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            chooser = blind[seat]
            if chooser is not None:
                action = chooser(state.legal_actions())
            else:
                action = players[seat].choose(state.observation(seat), state.legal_actions())
            transition = state.apply(action)
            actions += 1
            count(transition.tallies(), _dealer(state))
            state = transition.state
        result = state.result
    winner_side = int(result.winner)
    # The winning seats: a partnership's two, or every seat tied on the top score (Tiles).
    winner_seats = result.winners
    complete_points, complete_deals = counts.complete()
    return GameOutcome(
        winner=side_entrant[winner_side],
        winners=sorted({side_entrant[seat % sides] for seat in winner_seats}),
        game_points=result.game_points,
        scores=[
            int(result.scores[side_of]) for side_of in [side_entrant.index(e) for e in range(sides)]
        ],
        points=counts.points,
        deals=counts.deals,
        actions=actions,
        complete_points=complete_points,
        complete_deals=complete_deals,
        turns=turns,
        tiles_points=tiles_points,
    )


def _count_tiles(
    tallies: Sequence[Tally],
    seat_entrant: list[int],
    turns: list[int],
    tiles_points: list[dict[str, int]],
) -> None:
    """Cribbage Tiles: each entrant's turns, and its points by kind."""
    for seat, points, kind, _, kind_type in tallies:
        entrant = seat_entrant[seat]
        if kind_type in _TILES_TURNS:
            turns[entrant] += 1
        if kind is not None:
            tiles_points[entrant][kind] += points


def _dealer(state: Any) -> int:
    """The dealer of a state of a dealt game (-1 for a game without one)."""
    return int(getattr(state, "dealer", -1))


def _count(
    tallies: Sequence[Tally],
    dealer: int,
    seat_entrant: list[int],
    counts: _DealCounts,
) -> None:
    """Each event's points by entrant, role (against ``dealer``, the dealer before the
    action) and phase (:meth:`Transition.tallies`: the events with a seat), and the deals
    each entrant played in each role."""
    for seat, scored, phase, deal, _ in tallies:
        # With manual counting the points come with declare (and muggins) events, by kind.
        if phase not in _PHASE_SET:
            continue  # no points, or Tiles' kinds (counted by _count_tiles)
        role = "dealer" if seat == dealer else "pone"
        counts.add(seat_entrant[seat], role, phase, scored, deal, seat)


def mix_seed(*parts: int) -> int:
    """A seed from several ints, stable across runs and processes."""
    value = 0x9E3779B97F4A7C15
    for part in parts:
        value = (value ^ (part & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        value ^= value >> 31
    return value & 0x7FFFFFFF


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson_interval(60, 100)]
    [0.502, 0.691]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    # At 0% or 100% the interval touches the bound exactly; keep rounding from moving it.
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


@dataclass
class SimulationResult:
    """The tournament's totals, by entrant."""

    spec: str
    entrants: list[str]
    games: int
    seed: int
    wins: list[int]
    skunks: list[int]
    double_skunks: list[int]
    points: list[dict[str, dict[str, int]]]
    deals: list[dict[str, int]]
    #: The same over the deals counted out (:attr:`GameOutcome.complete_points`).
    complete_points: list[dict[str, dict[str, int]]] = field(default_factory=list)
    complete_deals: list[dict[str, int]] = field(default_factory=list)
    actions: int = 0
    seconds: float = 0.0
    outcomes: list[GameOutcome] = field(default_factory=list, repr=False)
    #: Games each entrant tied for first (Cribbage Tiles): neither a win nor a loss.
    ties: list[int] = field(default_factory=list)
    #: Cribbage Tiles only (empty for the other games): turns taken, final scores summed over
    #: the games (rack deductions included) and points by kind, by entrant.
    turns: list[int] = field(default_factory=list)
    score_totals: list[int] = field(default_factory=list)
    tiles_points: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.ties:
            self.ties = [0] * len(self.entrants)
        if not self.complete_points:
            self.complete_points = [_empty_points() for _ in self.entrants]
            self.complete_deals = [_empty_deals() for _ in self.entrants]

    @property
    def win_rate(self) -> list[float]:
        return [w / self.games if self.games else 0.0 for w in self.wins]

    @property
    def ci95(self) -> list[tuple[float, float]]:
        return [wilson_interval(w, self.games) for w in self.wins]

    def per_deal(self, entrant: int, *, complete: bool = False) -> dict[str, dict[str, float]]:
        """Average points per deal by role and phase for one entrant; with ``complete``, over
        the deals counted out only (a game's last deal, cut short by its end, left out: the
        way averages of whole deals such as Colvert's are counted)."""
        points, deals_by = (
            (self.complete_points, self.complete_deals) if complete else (self.points, self.deals)
        )
        out: dict[str, dict[str, float]] = {}
        for role in ("dealer", "pone"):
            deals = deals_by[entrant][role]
            phases = {p: points[entrant][role][p] / deals if deals else 0.0 for p in PHASES}
            phases["total"] = sum(phases.values())
            out[role] = phases
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.spec,
            "entrants": self.entrants,
            "games": self.games,
            "seed": self.seed,
            "wins": self.wins,
            "ties": self.ties,
            "win_rate": self.win_rate,
            "ci95": [list(ci) for ci in self.ci95],
            "skunks": self.skunks,
            "double_skunks": self.double_skunks,
            "points_per_deal": [self.per_deal(e) for e in range(len(self.entrants))],
            "points_per_complete_deal": [
                self.per_deal(e, complete=True) for e in range(len(self.entrants))
            ],
            "deals": self.deals,
            "complete_deals": self.complete_deals,
            "actions": self.actions,
            "seconds": self.seconds,
            "games_per_second": self.games / self.seconds if self.seconds else None,
            **(self.tiles_figures() if self.turns else {}),
        }

    def tiles_figures(self) -> dict[str, Any]:
        """Cribbage Tiles: each entrant's points a game (its final scores) and a turn (plays,
        exchanges and passes), its turns a game, and its points a game by kind."""
        games = max(1, self.games)
        return {
            "points_per_game": [total / games for total in self.score_totals],
            "points_per_turn": [
                total / turns if turns else 0.0
                for total, turns in zip(self.score_totals, self.turns, strict=True)
            ],
            "turns_per_game": [turns / games for turns in self.turns],
            "points_per_game_by_kind": [
                {kind: value / games for kind, value in by_kind.items()}
                for by_kind in self.tiles_points
            ],
        }


def _play_many(args: tuple[str, tuple[str, ...], int, int, int]) -> list[GameOutcome]:
    spec, entrants, first, last, seed = args
    return [play_game(spec, entrants, index, seed) for index in range(first, last)]


def simulate(
    spec: str,
    entrants: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games between ``entrants`` (AI levels, one per side)."""
    rules = lookup(spec)
    sides = rules.sides
    if len(entrants) != sides:
        raise ValueError(
            f"{rules.spec()} has {sides} sides: give {sides} AI levels, not {len(entrants)}"
        )
    if games < 1:
        raise ValueError("simulate at least one game")
    started = time.perf_counter()
    result = SimulationResult(
        spec=rules.spec(), entrants=list(entrants), games=0, seed=seed,
        wins=[0] * sides, skunks=[0] * sides, double_skunks=[0] * sides,
        points=[_empty_points() for _ in entrants], deals=[_empty_deals() for _ in entrants],
    )  # fmt: skip
    chunk = max(sides, 2 * sides * max(1, games // (40 * max(workers, 1)) // (2 * sides)))
    jobs = [(spec, tuple(entrants), i, min(i + chunk, games), seed) for i in range(0, games, chunk)]
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for outcomes in pool.map(_play_many, jobs):
                _add(result, outcomes, progress)
    else:
        for job in jobs:
            _add(result, _play_many(job), progress)
    result.seconds = time.perf_counter() - started
    return result


def _add_tiles(result: SimulationResult, outcome: GameOutcome) -> None:
    if not result.turns:
        entrants = len(result.entrants)
        result.turns = [0] * entrants
        result.score_totals = [0] * entrants
        result.tiles_points = [dict.fromkeys(TILES_KINDS, 0) for _ in range(entrants)]
    for entrant, by_kind in enumerate(outcome.tiles_points):
        result.turns[entrant] += outcome.turns[entrant]
        result.score_totals[entrant] += outcome.scores[entrant]
        for kind, value in by_kind.items():
            result.tiles_points[entrant][kind] += value


def _add(
    result: SimulationResult, outcomes: list[GameOutcome], progress: Callable[[int], None] | None
) -> None:
    for outcome in outcomes:
        result.games += 1
        if len(outcome.winners) > 1:
            for entrant in outcome.winners:
                result.ties[entrant] += 1
        else:
            result.wins[outcome.winner] += 1
        if outcome.game_points >= 2:
            result.skunks[outcome.winner] += 1
        if outcome.game_points >= 3:
            result.double_skunks[outcome.winner] += 1
        for into, deals_into, points, deals in (
            (result.points, result.deals, outcome.points, outcome.deals),
            (result.complete_points, result.complete_deals, outcome.complete_points,
             outcome.complete_deals),
        ):  # fmt: skip
            for entrant, by_role in enumerate(points):
                for role, phases in by_role.items():
                    for phase, value in phases.items():
                        into[entrant][role][phase] += value
                    deals_into[entrant][role] += deals[entrant][role]
        result.actions += outcome.actions
        if outcome.turns:
            _add_tiles(result, outcome)
    if progress is not None:
        progress(len(outcomes))
