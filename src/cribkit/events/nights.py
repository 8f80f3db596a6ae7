"""A club night's pairing: N games (9 by default), each against a different opponent, paired as
players come free, by the standings, never a repeat, so that nobody waits while somebody could
play them.

A pairing is asked whenever a game ends (:func:`pair_free`): the free players with games left,
best first, are each paired with the best placed free player they have not met, a maximal
pairing in standings order (no two free players left unpaired could have met). A free player
gets a **bye** (its game points by :class:`~cribkit.events.scoring.Scoring`, no spread) only
when no player with games left, free or still playing, is one they have not met: they could
never be paired again. A night of N games needs N + 1 players at least (:func:`check_night`).

>>> players = ["ann", "bob", "cy", "dee"]
>>> met = {"ann": {"bob"}, "bob": {"ann"}}
>>> pair_free(players, free=set(players), met=met, left=dict.fromkeys(players, 1))
([('ann', 'cy'), ('bob', 'dee')], [])
>>> pair_free(players, free={"ann", "bob"}, met=met, left={"ann": 1, "bob": 1})
([], ['ann', 'bob'])
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from cribkit.events import EventError

__all__ = ["NIGHT_GAMES", "check_night", "pair_free"]

#: A club night's games, by default.
NIGHT_GAMES = 9


def check_night(players: int, games: int) -> None:
    """Raise :class:`EventError` unless a night of ``games`` games can be played by ``players``
    players, each game against a different opponent."""
    if games < 1:
        raise EventError(f"a night has one game at least, not {games}")
    if players < games + 1:
        raise EventError(
            f"a night of {games} games against different opponents needs {games + 1} players "
            f"at least, not {players}"
        )


def pair_free(
    order: Sequence[str],
    *,
    free: Collection[str],
    met: Mapping[str, Collection[str]],
    left: Mapping[str, int],
) -> tuple[list[tuple[str, str]], list[str]]:
    """The games to start now and the byes to give: ``order`` the players in the standings'
    order, ``free`` those not at a table, ``met`` each player's opponents so far, ``left`` each
    player's games still to play (a bye counts as one). Each pair is (better placed, other)."""
    waiting = [p for p in order if p in free and left.get(p, 0) > 0]
    taken: set[str] = set()
    pairs: list[tuple[str, str]] = []
    for player in waiting:
        if player in taken:
            continue
        seen = met.get(player, ())
        partner = next(
            (o for o in waiting if o != player and o not in taken and o not in seen), None
        )
        if partner is not None:
            taken.update((player, partner))
            pairs.append((player, partner))
    byes = [
        player
        for player in waiting
        if player not in taken
        and not any(
            other != player and left.get(other, 0) > 0 and other not in met.get(player, ())
            for other in order
        )
    ]
    return pairs, byes
