"""Statistics of the finished games against the computer, for ``GET /api/stats``.

Everything is seen from seat 0, the player (and its side, with partners). Each finished game
is replayed once from its record (and remembered: a finished game never changes); the points
of each event go to a phase by the simulator's mapping (:mod:`cribkit.sim`).

- classic: points per deal of pegging (his heels included), hands and crib; Table Top: lines;
  Solitaire: hands and crib per round (its six "deals"); Tiles has no deals: ``play`` is the
  player's points per turn played.
- ``won``: the player's side won; in Solitaire, a total of 91 or more (no skunk).
- ``margin``: the player's score less the best other score; in Solitaire, the total less 91.
- practice games (an undo was used, or the client chose the seed) are left out of everything
  above: ``practice.played`` only counts the finished ones.
- ``hand_scores.yours``: what each four-card hand the player showed was worth with its starter
  (classic and Solitaire), whatever was declared; ``exact`` is the distribution over every
  hand and starter (:func:`cribkit.core.stats.score_distribution`).
"""

from __future__ import annotations

import threading
from collections import Counter
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

PLAYER = 0


@dataclass
class GameSummary:
    """What the statistics need of one finished game."""

    game: str
    ai: str
    finished: float
    won: bool
    margin: int
    skunk_won: bool
    skunk_lost: bool
    deals: int
    phase_points: dict[str, int]
    hands: list[tuple[int, list[str], str]] = field(default_factory=list)


_cache: dict[str, GameSummary | None] = {}
_cache_lock = threading.Lock()


@cache
def exact_hand_distribution() -> dict[int, float]:
    """The probability of each hand score over every hand and starter."""
    counts = score_distribution()
    total = int(counts.sum())
    return {points: int(count) / total for points, count in enumerate(counts) if count}


def summarise(row: GameRow, actions: list[dict[str, Any]]) -> GameSummary | None:
    """The summary of a finished game (None if its record no longer replays)."""
    record = {"game": row.game, "rules": row.rules, "seed": row.seed, "actions": actions}
    try:
        replayed = replay(record)
    except GameError:
        return None
    result = replayed.result
    if result is None:
        return None
    events = replayed.events
    scores = list(result.scores)
    if row.game == "solitaire":
        won = scores[0] >= SOLITAIRE_LINE
        margin = scores[0] - SOLITAIRE_LINE
    else:
        won = PLAYER in result.winners
        others = [s for side, s in enumerate(scores) if side != 0]
        margin = scores[0] - max(others)
    phase_points, deals = _phase_points(row.game, events)
    return GameSummary(
        game=row.game,
        ai=row.ai,
        finished=row.updated,
        won=won,
        margin=margin,
        skunk_won=bool(result.skunk) and won and row.game != "solitaire",
        skunk_lost=bool(result.skunk) and not won,
        deals=deals,
        phase_points=phase_points,
        hands=_shown_hands(row.game, events),
    )


def _phase_points(game: str, events: tuple[GameEvent, ...]) -> tuple[dict[str, int], int]:
    if game == "tiles":
        turns = sum(1 for e in events if e.type == "play" and e.seat == PLAYER)
        points = sum(e.points for e in events if e.seat == PLAYER and e.type in ("hand", "bonus"))
        return {"play": points}, turns
    by_phase = dict.fromkeys(PHASES, 0)
    for event in events:
        if event.seat != PLAYER:
            continue
        phase = event.points_phase()
        if phase is not None:
            by_phase[phase] += event.points
    deals = sum(1 for e in events if e.type == "deal")
    wanted = {"classic": ("pegging", "hand", "crib"), "tabletop": ("lines",)}
    phases = wanted.get(game, ("hand", "crib"))
    return {phase: by_phase[phase] for phase in phases}, deals


def _shown_hands(game: str, events: tuple[GameEvent, ...]) -> list[tuple[int, list[str], str]]:
    if game not in ("classic", "solitaire"):
        return []
    hands = []
    for event in events:
        if event.type != "show" or event.seat != PLAYER:
            continue
        form = event.to_json()  # a shown hand's JSON: its four cards and the starter
        cards, starter = [Card.parse(c) for c in form["cards"]], Card.parse(form["starter"])
        points = score_hand(cards, starter).total
        hands.append((points, [str(c) for c in cards], str(starter)))
    return hands


def statistics(store: Store, player: str | None) -> dict[str, Any]:
    """The statistics of every finished game against the computer in ``store`` that ``player``
    owns (:meth:`~cribkit.store.base.GameRow.owned_by`); practice games only counted apart."""
    summaries: list[GameSummary] = []
    practice = 0
    for row in store.list_games():
        if row.status != "finished" or row.mode != "ai" or not row.owned_by(player):
            continue
        if row.practice:
            practice += 1
            continue
        with _cache_lock:
            known = row.id in _cache
            summary = _cache.get(row.id)
        if not known:
            summary = summarise(row, store.load_actions(row.id))
            with _cache_lock:
                _cache[row.id] = summary
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
            {"finished": s.finished, "game": s.game, "ai": s.ai, "won": s.won, "margin": s.margin}
            for s in summaries
        ],
        "practice": {"played": practice},
    }


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
        "skunks_won": sum(s.skunk_won for s in group),
        "skunks_lost": sum(s.skunk_lost for s in group),
        "points_per_deal": {p: round(totals[p] / deals, 3) if deals else 0.0 for p in phases},
        "best_hand": None
        if best is None
        else {"points": best[0], "cards": best[1], "starter": best[2]},
    }
