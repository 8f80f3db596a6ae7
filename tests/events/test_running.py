"""A club night of 10 accounts run from the store (issue 39), on SQLite and PostgreSQL: each
pairing asked as a game ends, results written as games end in a random order; the standings
then checked against a computation of their own from the stored games (game points, wins,
spread, skunks, byes), with no repeat opponent and every player's 9 games."""

from __future__ import annotations

import random
from collections import Counter

from cribkit.events.running import (
    PLAYOFF_ROUNDS,
    bracket_of,
    bracket_results,
    event_over,
    next_bracket_games,
    next_night_games,
    night_over,
    night_standings,
)
from cribkit.events.store import Event, EventGame, EventGames, EventStore
from cribkit.store.base import Store

from .test_store import accounts


def test_a_night_of_ten_runs_to_its_end_and_its_standings_are_its_games(store: Store) -> None:
    rng = random.Random(10)
    director, *players = accounts(store, 11)
    events, games = EventStore(store), EventGames(store)
    night = events.create(director, "Club night", "classic", "night", {}, starts=0.0)
    code = events.open(night.id, director)
    for player in players:
        events.register(code, player)
    night = events.start(night.id, director)
    registered = events.players(night.id)
    round_ = 0
    while True:
        stored = games.of(night.id)
        if night_over(night, registered, stored):
            break
        pairs, byes = next_night_games(night, registered, stored)
        if pairs or byes:
            round_ += 1
            games.add(night.id, pairs, byes, round_)
        playing = [g for g in games.of(night.id) if g.open]
        assert playing, "nobody at a table and the night not over"
        ended = rng.choice(playing)
        loser = rng.choice([rng.randint(90, 120), rng.randint(60, 89), rng.randint(30, 59)])
        scores = [121, loser] if rng.random() < 0.5 else [loser, 121]
        assert games.record(night.id, ended.number, {"scores": scores})
        assert not games.record(night.id, ended.number, {"scores": scores[::-1]})  # (once)
    stored = games.of(night.id)
    expected: dict[str, list[int]] = {p: [0, 0, 0, 0, 0] for p in registered}  # gp, w, sp, sk, bye
    for game in stored:
        if game.second is None:
            expected[game.first][0] += 2
            expected[game.first][4] += 1
            continue
        assert game.result is not None
        first, second = game.result["scores"]
        for player, mine, theirs in ((game.first, first, second), (game.second, second, first)):
            counted = expected[player]
            counted[2] += mine - theirs
            if mine > theirs:
                counted[1] += 1
                counted[0] += 3 if mine - theirs >= 31 else 2
                counted[3] += mine - theirs >= 31
    table = night_standings(night, registered, stored)
    for line in table:
        assert [line.game_points, line.wins, line.spread, line.skunks, line.byes] == expected[
            line.player
        ]
        assert len(line.opponents) == len(set(line.opponents))  # no repeat
        assert len(line.opponents) + line.byes == 9
    keys = [(-line.game_points, -line.wins, -line.spread) for line in table]
    assert keys == sorted(keys)


def run(
    store: Store, format_name: str, options: dict[str, object], count: int, seed: int
) -> tuple[list[str], list[EventGame], Event]:
    """An event of ``count`` accounts run to its end from the store, results at random."""
    rng = random.Random(seed)
    director, *players = accounts(store, count + 1)
    events, games = EventStore(store), EventGames(store)
    event = events.create(director, "Cup", "classic", format_name, options, starts=0.0)
    code = events.open(event.id, director)
    for player in players:
        events.register(code, player)
    event = events.start(event.id, director)
    while True:
        stored = games.of(event.id)
        night = format_name == "qualifier" and not night_over(event, players, stored)
        if night:
            pairs, byes = next_night_games(event, players, stored)
            if pairs or byes:
                games.add(event.id, pairs, byes, max((g.round for g in stored), default=0) + 1)
        else:
            ready = next_bracket_games(event, players, stored)
            if ready:
                games.add(event.id, [(a, b) for _, a, b in ready], [], 0, [r for r, _, _ in ready])
        playing = [g for g in games.of(event.id) if g.open]
        if not playing:
            return players, games.of(event.id), event
        ended = rng.choice(playing)
        scores = [121, rng.randint(60, 120)]
        rng.shuffle(scores)
        games.record(event.id, ended.number, {"scores": scores})


def test_a_qualifier_of_16_cut_to_4_plays_a_seeded_best_of_3_playoff(store: Store) -> None:
    players, stored, event = run(store, "qualifier", {"games": 5, "cut": 0.25}, 16, 16)
    night = [g for g in stored if g.round < PLAYOFF_ROUNDS]
    playoff = [g for g in stored if g.round >= PLAYOFF_ROUNDS]
    table = night_standings(event, players, night)
    seeds = [line.player for line in table[:4]]
    first_round = {frozenset((g.first, g.second)) for g in playoff if g.round in (1001, 1002)}
    assert first_round == {frozenset((seeds[0], seeds[3])), frozenset((seeds[1], seeds[2]))}
    results = bracket_results(event, stored)
    assert bracket_of(event, seeds).champion(results) in seeds
    assert event_over(event, players, stored)
    assert not event_over(event, players, stored[:-1])
    for match in (1001, 1002, 1003):  # (best of 3: two or three games a match)
        assert 2 <= sum(g.round == match for g in playoff) <= 3


def test_a_double_elimination_of_8_ends_everyone_but_the_champion_after_two_losses(
    store: Store,
) -> None:
    players, stored, event = run(store, "double", {}, 8, 8)
    losses = Counter(
        g.second if g.result["scores"][0] > g.result["scores"][1] else g.first  # type: ignore[index]
        for g in stored
    )
    champion = bracket_of(event, players).champion(bracket_results(event, stored))
    assert champion is not None
    assert all(losses[p] == 2 for p in players if p != champion)
    assert losses[champion] <= 1
    assert len(stored) == 14 + (losses[champion] == 1)
    assert event_over(event, players, stored)
    assert not event_over(event, players, stored[:-1])
