"""The pegging search's table of a reply's points on a pile is :func:`peg_points` of the pile
with each rank laid, on every kind of pile: empty, pairs to four of a kind, runs broken by a
repeat, counts at 15, near 31 and at 31."""

from __future__ import annotations

import random

from cribkit.ai.pegging import _reply_points, peg_points, pip


def expected(pile: tuple[int, ...]) -> tuple[int, ...]:
    count = sum(pip(r) for r in pile)
    return (0, *(peg_points((*pile, r), count + pip(r)) if count + pip(r) <= 31 else 0
                 for r in range(1, 14)))  # fmt: skip


def test_a_replys_points_on_twenty_thousand_random_piles() -> None:
    rng = random.Random(40)
    for _ in range(20_000):
        pile: list[int] = []
        count = 0
        while rng.random() > 0.12:
            rank = rng.choice((rng.randint(1, 13), *pile[-1:], *pile[-1:]))  # (repeats too)
            if count + pip(rank) > 31:
                break
            pile.append(rank)
            count += pip(rank)
        assert _reply_points(tuple(pile)) == expected(tuple(pile)), pile


def test_a_replys_points_on_chosen_piles() -> None:
    for pile in [(), (5,), (5, 5, 5), (3, 4, 5), (3, 4, 5, 5), (1, 2, 3, 4, 5, 6),
                 (10, 5), (10, 10, 10), (13, 12, 11), (2, 4, 3, 2), (7, 8)]:  # fmt: skip
        assert _reply_points(pile) == expected(pile), pile
    assert _reply_points((5, 5, 5))[5] == 12  # (four of a kind; count 20)
    assert _reply_points((10, 10, 10))[1] == 2  # (31 for two)
    assert _reply_points((3, 4, 5))[6] == 4  # (a run of four)
