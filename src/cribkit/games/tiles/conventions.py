"""Cribbage Tiles as the engine played it before 2026-12-01, for the records it wrote then.

Until commit b33789e (2026-12-01) the engine carried out two things otherwise than the rules
say now (``rules/tiles.md``, rule 10 and "End of the game"):

- after an exchange the tiles given back went to the back of the bag, and then a seeded bag
  was shuffled by ``random.Random(f"tiles:{seed}:exchange:{n}")``, ``n`` counting the game's
  exchanges from 0; today they go to the bottom of the bag, which is never shuffled again;
- with ``solitaire`` the game was over as soon as either colour played out, whatever the other
  colour's bag still held; today it is over only once both bags are empty.

The records of both engines say ``"version": 1``; records say ``"version": 2`` since the two
could be told apart. A game is started with its :class:`TilesConvention` (the setup's, an
internal option: no player chooses it and no record names it), and :func:`past_conventions`
tells :func:`cribkit.games.records.steps` which conventions a version-1 record may have been
written under, the most likely first.

>>> [c.name for c in past_conventions({"game": "tiles", "seed": 4, "actions": [
...     {"type": "exchange", "seat": 0, "tiles": ["5d"]}]})]
['bottom', 'reshuffle']
>>> past_conventions({"game": "tiles", "seed": 4, "actions": []})
()
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from enum import StrEnum
from typing import Any, Final

from cribkit.games.chance import is_fair_seed
from cribkit.games.protocol import GameError
from cribkit.games.records import Convention
from cribkit.games.tiles.rules import Seed, TilesRules

__all__ = ["ENGINE_CHANGE", "TilesConvention", "past_conventions", "reshuffle_after_exchange"]

#: The day the engine began to play by today's rules (commit b33789e).
ENGINE_CHANGE: Final = "2026-12-01"


class TilesConvention(StrEnum):
    """How the engine carries out an exchange and the end of a ``solitaire`` game."""

    #: Today's rules: exchanged tiles to the bottom of the bag, never reshuffled; a solitaire
    #: game over once both bags are empty.
    BOTTOM = "bottom"
    #: The engine before 2026-12-01: a seeded bag reshuffled after each exchange; a solitaire
    #: game over as soon as either colour played out.
    RESHUFFLE = "reshuffle"


def reshuffle_after_exchange(bag: list[int], seed: Seed, exchanges_before: int) -> None:
    """Shuffle ``bag`` in place as the engine did before 2026-12-01 after the exchange that
    follows ``exchanges_before`` others in the game (the returned tiles at the back already)."""
    random.Random(f"tiles:{seed}:exchange:{exchanges_before}").shuffle(bag)


def past_conventions(record: Mapping[str, Any]) -> tuple[Convention, ...]:
    """The conventions a version-1 Tiles record may have been written under, the most likely
    first; none when both engines play it alike.

    They differ for a record with a seed (not a fair seed: those came after the change) and an
    exchange, and for a ``solitaire`` record. Today's convention is tried first: a version-1
    record is more likely today's than the older engine's (that engine wrote records for two
    days; today's has since, and every game stored by the web app is one of its).
    """
    seed = record.get("seed")
    if is_fair_seed(seed):
        return ()
    actions = record.get("actions")
    exchanged = isinstance(actions, list) and any(
        isinstance(a, Mapping) and a.get("type") == "exchange" for a in actions
    )
    reshuffles = seed is not None and exchanged
    solitaire = _solitaire(record.get("rules"))
    if not (reshuffles or solitaire):
        return ()
    today = (["exchanged tiles went to the bottom of the bag"] if reshuffles else []) + (
        ["the game went on until both bags were empty"] if solitaire else []
    )
    then = (["the bag was reshuffled after each exchange"] if reshuffles else []) + (
        ["the game was over once a colour played out"] if solitaire else []
    )
    today_way = (["exchanged tiles at the bottom of the bag"] if reshuffles else []) + (
        ["the game going on until both bags were empty"] if solitaire else []
    )
    then_way = (["the bag reshuffled after each exchange"] if reshuffles else []) + (
        ["the game over once a colour played out"] if solitaire else []
    )
    return (
        Convention(
            name=TilesConvention.BOTTOM.value,
            note=f"a version-1 Tiles record: {' and '.join(today)}, as since {ENGINE_CHANGE}",
            way=f"with {' and '.join(today_way)}, as since {ENGINE_CHANGE}",
            start={"convention": TilesConvention.BOTTOM},
        ),
        Convention(
            name=TilesConvention.RESHUFFLE.value,
            note=f"a version-1 Tiles record: {' and '.join(then)}, as before {ENGINE_CHANGE}",
            way=f"with {' and '.join(then_way)}, as before {ENGINE_CHANGE}",
            start={"convention": TilesConvention.RESHUFFLE},
        ),
    )


def _solitaire(options: object) -> bool:
    """Whether the record's rules are ``solitaire`` (bad rules: no; replaying says why)."""
    if not isinstance(options, Mapping):
        return False
    try:
        return TilesRules.from_options(options).solitaire
    except GameError:
        return False
