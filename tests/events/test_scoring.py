"""Game points, spread and standings (issue 39), against a computation of their own from the
ACC's rules: a win 2, a skunk 3, a double skunk 3 or 4, a loss 0, a bye 2 or 0."""

from __future__ import annotations

import random

import pytest

from cribkit.events import EventError
from cribkit.events.scoring import Game, Scoring, season_points, standings

PLAYERS = [f"p{i}" for i in range(8)]


def random_games(rng: random.Random, count: int) -> list[Game]:
    games = []
    for _ in range(count):
        first, second = rng.sample(PLAYERS, 2)
        loser = rng.choice([rng.randint(40, 120), rng.randint(85, 120), rng.randint(20, 60)])
        scores = (121, loser) if rng.random() < 0.5 else (loser, 121)
        games.append(Game(first, second, scores, hands_29=(int(rng.random() < 0.05), 0)))
    return games


def expected_line(
    player: str, games: list[Game], byes: list[str], scoring: Scoring
) -> tuple[int, ...]:
    points = wins = spread = skunks = 0
    for game in games:
        if player not in (game.first, game.second):
            continue
        mine, theirs = game.scores if player == game.first else game.scores[::-1]
        spread += mine - theirs
        if mine > theirs:
            wins += 1
            margin = mine - theirs
            if margin >= 61:
                points += scoring.double_skunk_points
                skunks += 1
            elif margin >= 31:
                points += 3
                skunks += 1
            else:
                points += 2
    points += scoring.bye_points * byes.count(player)
    return points, wins, skunks, spread


@pytest.mark.parametrize(
    "scoring",
    [Scoring(), Scoring(double_skunk_points=4, bye_points=0, skunks_before_spread=True)],
    ids=["acc", "options"],
)
@pytest.mark.parametrize("seed", range(5))
def test_standings_are_the_rules_own_count_in_their_order(scoring: Scoring, seed: int) -> None:
    rng = random.Random(seed)
    games = random_games(rng, 30)
    byes = rng.sample(PLAYERS, 2)
    table = standings(PLAYERS, games, scoring, byes)
    assert sorted(line.player for line in table) == sorted(PLAYERS)
    for line in table:
        points, wins, skunks, spread = expected_line(line.player, games, byes, scoring)
        assert (line.game_points, line.wins, line.skunks, line.spread) == (
            points,
            wins,
            skunks,
            spread,
        )
        assert line.games == line.wins + line.losses
        assert line.byes == byes.count(line.player)
    keys = []
    for line in table:
        skunk_key = (-line.skunks,) if scoring.skunks_before_spread else ()
        keys.append((-line.game_points, -line.wins, *skunk_key, -line.spread))
    assert keys == sorted(keys)


def test_a_perfect_night_special_hands_and_season_points() -> None:
    games = [
        Game("ann", "bob", (121, 100), hands_29=(1, 0)),
        Game("cy", "ann", (90, 121), hands_28=(1, 2)),
    ]
    table = {line.player: line for line in standings(["ann", "bob", "cy"], games, Scoring())}
    assert table["ann"].perfect
    assert not table["bob"].perfect
    assert (table["ann"].hands_29, table["ann"].hands_28, table["cy"].hands_28) == (1, 2, 1)
    assert table["ann"].opponents == ["bob", "cy"]
    assert [season_points(gp, Scoring()) for gp in (11, 12, 18)] == [0, 14, 32]
    assert season_points(18, Scoring(season="game-points")) == 18
    # A game's own word for its skunk wins over the margin (a game to 61 has its own lines).
    assert Game("ann", "bob", (61, 29), skunk="skunk").kind == "skunk"


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"double_skunk_points": 5}, "3 or 4"),
        ({"bye_points": 1}, "2 or 0"),
        ({"season": "weekly"}, "'acc' or 'game-points'"),
    ],
)
def test_impossible_scoring_options_are_refused_in_one_line(
    options: dict[str, object], words: str
) -> None:
    with pytest.raises(EventError, match=words) as refused:
        Scoring(**options)  # type: ignore[arg-type]
    assert "\n" not in str(refused.value)
