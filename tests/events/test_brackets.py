"""Seeded brackets (issue 39): a 16-player qualifier cut to 4 and a best-of-3 playoff (seeds and
byes), a cut to 6 (byes to the top two), and double elimination of every size to 16 (every
player out after exactly two losses but the champion, the final and its deciding match)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cribkit.events import EventError
from cribkit.events.brackets import Bracket, seed_positions
from cribkit.events.scoring import Game, Scoring, standings


def play_out(
    bracket: Bracket, rng: random.Random, favour: str | None = None
) -> tuple[dict[int, str], Counter[str]]:
    results: dict[int, str] = {}
    losses: Counter[str] = Counter()
    while True:
        ready = bracket.ready(results)
        if not ready:
            break
        match, (first, second) = rng.choice(ready)
        winner = favour if favour in (first, second) else rng.choice((first, second))
        results[match.id] = winner
        losses[second if winner == first else first] += 1
    return results, losses


def test_a_qualifier_of_16_cut_to_4_makes_a_seeded_playoff() -> None:
    rng = random.Random(16)
    players = [f"p{i:02d}" for i in range(16)]
    games = []
    for _ in range(12 * 8):
        first, second = rng.sample(players, 2)
        games.append(Game(first, second, (121, rng.randint(60, 120))))
    table = standings(players, games, Scoring())
    qualified = [line.player for line in table[: len(players) // 4]]
    bracket = Bracket(qualified)
    first_round = [sides for _, sides in bracket.ready({})]
    assert first_round == [(qualified[0], qualified[3]), (qualified[1], qualified[2])]
    results, losses = play_out(bracket, rng)
    assert bracket.champion(results) in qualified
    assert sum(losses.values()) == 3
    assert all(count == 1 for count in losses.values())


def test_a_cut_to_6_gives_the_top_two_seeds_their_byes() -> None:
    seeds = ["s1", "s2", "s3", "s4", "s5", "s6"]
    bracket = Bracket(seeds)
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert [sides for _, sides in bracket.ready({})] == [("s4", "s5"), ("s3", "s6")]
    results, _ = play_out(bracket, random.Random(6))
    assert {m.id for m in bracket.matches if m.bracket == "winners"} >= set(results)


@pytest.mark.parametrize("size", range(2, 17))
def test_double_elimination_ends_everyone_but_the_champion_after_two_losses(size: int) -> None:
    rng = random.Random(size)
    players = [f"p{i:02d}" for i in range(size)]
    for _ in range(6):
        bracket = Bracket(players, double=True)
        results, losses = play_out(bracket, rng)
        champion = bracket.champion(results)
        assert champion is not None
        assert losses[champion] <= 1
        assert all(losses[p] == 2 for p in players if p != champion), losses
        # One match a loss: 2n-2 matches, or 2n-1 when the deciding match was played.
        decider = bracket.matches[-1].id in results
        assert len(results) == 2 * size - 2 + decider
        assert decider == (losses[champion] == 1)


def test_the_final_and_its_deciding_match_of_a_double_elimination_of_8() -> None:
    players = [f"p{i}" for i in range(1, 9)]
    bracket = Bracket(players, double=True)
    # p1 wins every winners' match; p2 loses once to p1 and wins the losers' bracket.
    results, _ = play_out(bracket, random.Random(8), favour="p1")
    final = bracket.matches[-2]
    assert results[final.id] == "p1"
    assert bracket.matches[-1].id not in results  # (the champion had not lost: no decider)
    assert bracket.champion(results) == "p1"
    # Now the losers' bracket winner takes the final: the deciding match is played.
    again = {k: v for k, v in results.items() if k != final.id}
    loser_side = bracket.player(final.second, again)
    assert isinstance(loser_side, str)
    again[final.id] = loser_side
    assert [sides for _, sides in bracket.ready(again)] == [(loser_side, "p1")]
    again[bracket.matches[-1].id] = "p1"
    assert bracket.champion(again) == "p1"


def test_a_bracket_refuses_what_cannot_be_in_one_line() -> None:
    with pytest.raises(EventError, match="two players at least"):
        Bracket(["solo"])
    with pytest.raises(EventError, match="seeded once"):
        Bracket(["a", "a"])
    bracket = Bracket(["a", "b"])
    with pytest.raises(EventError, match="between a and b, not c"):
        bracket.champion({1: "c"})
