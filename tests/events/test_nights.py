"""A club night's pairing (issue 39), played out: players finish at random moments, each
pairing asked as a game ends; every player plays their N games (byes counted) against N
different opponents, nobody waits while a legal partner is free, and a bye goes only to a
player nobody left could meet."""

from __future__ import annotations

import random

import pytest

from cribkit.events import EventError
from cribkit.events.nights import check_night, pair_free
from cribkit.events.scoring import Game, Scoring, standings


def play_night(count: int, games: int, seed: int) -> tuple[list[Game], list[str]]:
    rng = random.Random(seed)
    players = [f"p{i:02d}" for i in range(count)]
    check_night(count, games)
    played: list[Game] = []
    byes: list[str] = []
    met: dict[str, set[str]] = {p: set() for p in players}
    left = dict.fromkeys(players, games)
    tables: list[tuple[float, str, str]] = []  # (ends at, first, second)
    clock = 0.0
    while True:
        busy = {p for _, a, b in tables for p in (a, b)}
        free = {p for p in players if p not in busy}
        order = [line.player for line in standings(players, played, Scoring(), byes)]
        pairs, given = pair_free(order, free=free, met=met, left=left)
        # Nobody idle: no two free players left unpaired with games left could have met.
        idle = [p for p in order if p in free and left[p] > 0 and all(p not in q for q in pairs)]
        idle = [p for p in idle if p not in given]
        for i, first in enumerate(idle):
            assert all(second in met[first] for second in idle[i + 1 :]), (first, idle)
        for player in given:
            assert not any(left[o] > 0 and o not in met[player] for o in players if o != player)
            byes.append(player)
            left[player] -= 1
        for first, second in pairs:
            assert second not in met[first]
            met[first].add(second)
            met[second].add(first)
            left[first] -= 1
            left[second] -= 1
            tables.append((clock + rng.uniform(10, 30), first, second))
        if not tables:
            break
        tables.sort()
        clock, first, second = tables.pop(0)
        loser = rng.randint(60, 120)
        played.append(Game(first, second, (121, loser) if rng.random() < 0.5 else (loser, 121)))
    assert all(count_left == 0 for count_left in left.values()), left
    return played, byes


@pytest.mark.parametrize(
    ("count", "games", "seed"), [(10, 9, 1), (10, 9, 2), (11, 9, 3), (24, 9, 4), (7, 4, 5)]
)
def test_a_night_gives_everyone_their_games_against_different_opponents(
    count: int, games: int, seed: int
) -> None:
    played, byes = play_night(count, games, seed)
    for player in {g.first for g in played} | {g.second for g in played} | set(byes):
        opponents = [
            g.second if g.first == player else g.first
            for g in played
            if player in (g.first, g.second)
        ]
        assert len(opponents) == len(set(opponents))  # never a repeat
        assert len(opponents) + byes.count(player) == games
    table = standings(
        sorted({g.first for g in played} | {g.second for g in played} | set(byes)),
        played,
        Scoring(),
        byes,
    )
    assert sum(line.byes for line in table) == len(byes)


@pytest.mark.parametrize(
    ("players", "games", "words"),
    [(9, 9, "needs 10 players at least, not 9"), (5, 0, "one game at least")],
)
def test_an_impossible_night_is_refused_in_one_line(players: int, games: int, words: str) -> None:
    with pytest.raises(EventError, match=words):
        check_night(players, games)
