"""The lean classic core plays the recorded corpus (issue 40): 1,430 games whose digests the
engine before the lean core recorded (``tests/games/classic_corpus.py`` says what a digest
holds and how to record it again). The core was held to that engine move by move (views,
events and records) before the engine was retired; a digest that differs names its game."""

from __future__ import annotations

import json
from itertools import groupby

import pytest

from cribkit.games.classic.state import start_game
from tests.games.classic_corpus import CORPUS, VARIANTS, corpus_games, game_digest

RECORDED: dict[str, str] = json.loads(CORPUS.read_text())
GROUPS = [*VARIANTS, "decks"]


def _group(key: str) -> str:
    variant = key.split("/")[0]
    return variant if variant in VARIANTS else "decks"


@pytest.mark.parametrize("group", GROUPS)
def test_the_core_plays_every_recorded_game_alike(group: str) -> None:
    played = 0
    for key, rules, choices, full, setup in corpus_games():
        if _group(key) != group:
            continue
        assert game_digest(start_game, rules, choices, full, **setup) == RECORDED[key], key
        played += 1
    assert played >= 80


def test_the_corpus_holds_every_game_and_only_those() -> None:
    keys = [key for key, *_ in corpus_games()]
    assert sorted(keys) == sorted(RECORDED)
    assert {group: len(list(games)) for group, games in groupby(keys, _group)}["decks"] == 80
