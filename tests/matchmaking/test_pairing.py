"""Quick play's pairing: by rating within widening windows, never blocked pairs, maximal."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from cribkit.matchmaking.pairing import Waiting, compatible, pair, window


def test_the_window_widens_by_fifty_every_five_seconds() -> None:
    assert [window(t) for t in (0, 4.99, 5, 10, 29.9, 1e6)] == [100, 100, 150, 200, 350, 1000]


def test_a_new_player_meets_the_nearest_then_wider_as_they_wait() -> None:
    ann, bob, cy = Waiting("ann", 1500, 0.0), Waiting("bob", 1620, 0.0), Waiting("cy", 1560, 0.0)
    assert pair([ann, bob, cy], now=0.0) == [("ann", "cy")]
    # Bob alone 180 above Dee: paired once both have waited 10 s (±200).
    dee = Waiting("dee", 1440, 0.0)
    assert pair([bob, dee], now=9.9) == []
    assert pair([bob, dee], now=10.0) == [("dee", "bob")]
    # Both windows must admit it: a newcomer's ±100 is not widened by the other's wait.
    eve = Waiting("eve", 1760, 10.0)
    assert pair([bob, eve], now=10.0) == []


def test_players_who_block_each_other_are_never_paired() -> None:
    ann = Waiting("ann", 1500, 0.0, blocks=frozenset({"bob"}))
    bob = Waiting("bob", 1510, 0.0)
    cy = Waiting("cy", 1590, 0.0)
    assert pair([ann, bob, cy], now=0.0) == [("ann", "cy")]
    # Either side's block is enough.
    assert (
        pair([Waiting("bob", 1510, 0.0, frozenset({"ann"})), Waiting("ann", 1500, 0.0)], now=60)
        == []
    )


pools = st.lists(
    st.builds(
        Waiting,
        st.sampled_from([f"p{i}" for i in range(30)]),
        st.floats(800, 2400),
        st.floats(0, 60),
        st.frozensets(st.sampled_from([f"p{i}" for i in range(30)]), max_size=3),
    ),
    max_size=30,
)


@given(pools, st.floats(0, 90))
def test_every_pair_is_allowed_nobody_twice_and_no_two_left_could_be_paired(
    pool: list[Waiting], now: float
) -> None:
    players = {w.player: w for w in pool}
    pairs = pair(pool, now)
    seen = [p for pair_ in pairs for p in pair_]
    assert len(seen) == len(set(seen))
    for first, second in pairs:
        assert compatible(players[first], players[second], now)
    left = [w for name, w in players.items() if name not in seen]
    for low, high in itertools.combinations(left, 2):
        assert not compatible(low, high, now)
