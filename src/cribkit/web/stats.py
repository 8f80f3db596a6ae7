"""Statistics of a player's finished games, against the computer and against people, for
``GET /api/stats``.

Everything is seen from the player's seat (and its side, with partners). Each finished game
is replayed once from its record (and remembered: a finished game never changes); the points
of each event go to a phase by the simulator's mapping (:mod:`cribkit.sim`).

- classic: points per deal of pegging (his heels included), hands and crib; Table Top: lines;
  Solitaire: hands and crib per round (its six "deals"); Tiles has no deals: ``play`` is the
  player's points per turn played.
- ``won``: the player's side won; in Solitaire, a total of 91 or more (no skunk).
- ``margin``: the player's score less the best other score; in Solitaire, the total less 91.
- ``against``: the games won and lost against each opponent: each friend (by the name they
  went by) and each level of the computer; partners are no opponents.
- abandoned games (``POST /api/games/{id}/abandon``) count too: a loss for the side that
  left, counted again in ``abandoned`` (a win for the others at a table of people), with its
  hands shown but not its points per deal (its last deal was cut short).
- practice games (an undo was used, or the client chose the seed) are left out of everything
  above: ``practice.played`` only counts the finished ones.
- ``hand_scores.yours``: what each four-card hand the player showed was worth with its starter
  (classic and Solitaire), whatever was declared; ``exact`` is the distribution over every
  hand and starter (:func:`cribkit.core.stats.score_distribution`).
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cribkit.core.cards import Card
from cribkit.core.scoring import score_hand
from cribkit.core.stats import score_distribution
from cribkit.games.errors import GameError
from cribkit.games.events import GameEvent
from cribkit.games.records import replay
from cribkit.sim import PHASES
from cribkit.store.base import GameRow, Store

#: Solitaire's skunk line: a total below it is a loss.
SOLITAIRE_LINE = 91


@dataclass
class GameSummary:
    """What the statistics need of one finished game."""

    game: str
    ai: str
    finished: float
    #: The opponents: ("person", player id, name) or ("computer", level, level).
    opponents: list[tuple[str, str, str]]
    won: bool
    margin: int
    skunk_won: bool
    skunk_lost: bool
    deals: int
    phase_points: dict[str, int]
    hands: list[tuple[int, list[str], str]] = field(default_factory=list)
    #: Lost by leaving it unfinished (the player's side abandoned it).
    abandoned: bool = False
    #: Won by a double skunk (classic: the loser short of the game's last street).
    double_skunk_won: bool = False


_cache: dict[tuple[str, int], GameSummary | None] = {}
_cache_lock = threading.Lock()


@cache
def exact_hand_distribution() -> dict[int, float]:
    """The probability of each hand score over every hand and starter."""
    counts = score_distribution()
    total = int(counts.sum())
    return {points: int(count) / total for points, count in enumerate(counts) if count}


def summarise(row: GameRow, actions: list[dict[str, Any]], seat: int = 0) -> GameSummary | None:
    """The summary of a finished game seen from ``seat`` (None if its record no longer
    replays)."""
    record = {"game": row.game, "rules": row.rules, "seed": row.seed, **row.table.start,
              "actions": actions}  # fmt: skip
    try:
        replayed = replay(record)
    except GameError:
        return None
    if row.status == "abandoned":
        return _abandoned_summary(row, replayed.state, replayed.events, seat)
    result = replayed.result
    if result is None:
        return None
    events = replayed.events
    scores = list(result.scores)
    rules = replayed.state.rules
    side = seat % rules.sides
    if row.game == "solitaire":
        won = scores[0] >= SOLITAIRE_LINE
        margin = scores[0] - SOLITAIRE_LINE
    else:
        won = seat in result.winners
        others = [s for other, s in enumerate(scores) if other != side]
        margin = scores[side] - max(others)
    phase_points, deals = _phase_points(row.game, events, seat)
    opponents = [
        _opponent(row, other)
        for other in range(rules.seats)
        if other % rules.sides != side and not rules.played_alone
    ]
    return GameSummary(
        game=row.game,
        ai=row.ai if row.mode == "ai" else "people",
        finished=row.updated,
        opponents=opponents,
        won=won,
        margin=margin,
        skunk_won=bool(result.skunk) and won and row.game != "solitaire",
        skunk_lost=bool(result.skunk) and not won,
        double_skunk_won=result.skunk == "double skunk" and won,
        deals=deals,
        phase_points=phase_points,
        hands=shown_hands(row.game, events, seat),
    )


def _abandoned_summary(
    row: GameRow, state: Any, events: tuple[GameEvent, ...], seat: int
) -> GameSummary | None:
    """The summary of a game abandoned before its end, seen from ``seat``: won only by the
    sides that did not leave (the stored result's ``winners``), no skunk, the scores as they
    were, the hands shown so far, and no points per deal (a deal cut short would lower them)."""
    if row.result is None:
        return None
    rules = state.rules
    side = seat % rules.sides
    scores = list(state.scores)
    left = {s % rules.sides for s in row.result["abandoned"]["seats"]}
    if row.game == "solitaire":
        margin = scores[0] - SOLITAIRE_LINE
    else:
        margin = scores[side] - max(s for other, s in enumerate(scores) if other != side)
    phase_points, _ = _phase_points(row.game, events, seat)
    return GameSummary(
        game=row.game,
        ai=row.ai if row.mode == "ai" else "people",
        finished=row.updated,
        opponents=[
            _opponent(row, other)
            for other in range(rules.seats)
            if other % rules.sides != side and not rules.played_alone
        ],
        won=seat in row.result["winners"],
        margin=margin,
        skunk_won=False,
        skunk_lost=False,
        deals=0,
        phase_points=dict.fromkeys(phase_points, 0),
        hands=shown_hands(row.game, events, seat),
        abandoned=side in left,
    )


def _opponent(row: GameRow, seat: int) -> tuple[str, str, str]:
    owner = row.owners.get(seat) if seat in row.humans else None
    if owner is None:
        level = row.level_of(seat)
        return ("computer", level, level)
    return ("person", owner, row.table.names.get(seat) or "a friend")


def _phase_points(
    game: str, events: tuple[GameEvent, ...], seat: int
) -> tuple[dict[str, int], int]:
    if game == "tiles":
        turns = sum(1 for e in events if e.type == "play" and e.seat == seat)
        points = sum(e.points for e in events if e.seat == seat and e.type in ("hand", "bonus"))
        return {"play": points}, turns
    by_phase = dict.fromkeys(PHASES, 0)
    for event in events:
        if event.seat != seat:
            continue
        phase = event.points_phase()
        if phase is not None:
            by_phase[phase] += event.points
    deals = sum(1 for e in events if e.type == "deal")
    wanted = {"classic": ("pegging", "hand", "crib"), "tabletop": ("lines",)}
    phases = wanted.get(game, ("hand", "crib"))
    return {phase: by_phase[phase] for phase in phases}, deals


def shown_hands(
    game: str, events: Sequence[GameEvent], seat: int
) -> list[tuple[int, list[str], str]]:
    """The hands ``seat`` showed (classic, Solitaire): each one's points, cards and starter."""
    if game not in ("classic", "solitaire"):
        return []
    hands = []
    for event in events:
        if event.type != "show" or event.seat != seat:
            continue
        form = event.to_json()  # a shown hand's JSON: its four cards and the starter
        cards, starter = [Card.parse(c) for c in form["cards"]], Card.parse(form["starter"])
        points = score_hand(cards, starter).total
        hands.append((points, [str(c) for c in cards], str(starter)))
    return hands


def statistics(store: Store, player: str | None) -> dict[str, Any]:
    """The statistics of every finished or abandoned game in ``store`` that ``player`` played
    against the computer or other people (:meth:`~cribkit.store.base.GameRow.owned_by`;
    hot-seat games, one person playing every seat, are left out); practice games only counted
    apart."""
    summaries: list[GameSummary] = []
    practice = 0
    for row in store.list_games():
        over = row.status in ("finished", "abandoned")
        if not over or row.mode == "hotseat" or not row.owned_by(player):
            continue
        if row.practice:
            practice += 1
            continue
        seat = row.seats_of(player)[0]
        with _cache_lock:
            known = (row.id, seat) in _cache
            summary = _cache.get((row.id, seat))
        if not known:
            summary = summarise(row, store.load_actions(row.id), seat)
            with _cache_lock:
                _cache[row.id, seat] = summary
        if summary is not None:
            summaries.append(summary)
    summaries.sort(key=lambda s: s.finished)
    groups: dict[tuple[str, str], list[GameSummary]] = {}
    for summary in summaries:
        groups.setdefault((summary.game, summary.ai), []).append(summary)
    rows = [_row(game, ai, group) for (game, ai), group in sorted(groups.items())]
    yours: Counter[int] = Counter(points for s in summaries for points, _, _ in s.hands)
    return {
        "rows": rows,
        "hand_scores": {
            "yours": {str(points): count for points, count in sorted(yours.items())},
            "exact": {str(p): share for p, share in exact_hand_distribution().items()},
        },
        "results": [
            {
                "finished": s.finished,
                "game": s.game,
                "ai": s.ai,
                "won": s.won,
                "margin": s.margin,
                "abandoned": s.abandoned,
            }
            for s in summaries
        ],
        "against": _against(summaries),
        "practice": {"played": practice},
    }


def _against(summaries: list[GameSummary]) -> list[dict[str, Any]]:
    """The games won and lost against each opponent: people first (by name), then the levels."""
    tally: dict[tuple[str, str], dict[str, Any]] = {}
    for summary in summaries:
        for kind, key, name in summary.opponents:
            entry = tally.setdefault(
                (kind, key),
                {"kind": kind, "name": name, "played": 0, "won": 0, "lost": 0, "abandoned": 0},
            )
            entry["name"] = name  # the name they went by last
            entry["played"] += 1
            entry["won" if summary.won else "lost"] += 1
            entry["abandoned"] += summary.abandoned
    return sorted(tally.values(), key=lambda e: (e["kind"] != "person", e["name"]))


def _row(game: str, ai: str, group: list[GameSummary]) -> dict[str, Any]:
    deals = sum(s.deals for s in group)
    totals: Counter[str] = Counter()
    for summary in group:
        totals.update(summary.phase_points)
    phases = group[0].phase_points.keys()
    best = max((hand for s in group for hand in s.hands), key=lambda hand: hand[0], default=None)
    return {
        "game": game,
        "ai": ai,
        "played": len(group),
        "won": sum(s.won for s in group),
        "lost": sum(not s.won for s in group),
        "abandoned": sum(s.abandoned for s in group),
        "skunks_won": sum(s.skunk_won for s in group),
        "skunks_lost": sum(s.skunk_lost for s in group),
        "double_skunks_won": sum(s.double_skunk_won for s in group),
        "points_per_deal": {p: round(totals[p] / deals, 3) if deals else 0.0 for p in phases},
        "best_hand": None
        if best is None
        else {"points": best[0], "cards": best[1], "starter": best[2]},
    }
