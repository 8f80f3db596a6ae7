"""Pegging: points for the last card laid on the current count."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.core.cards import Card, CardError, DuplicateCardError, HandSizeError, parse_cards
from cribkit.core.pegging import MAX_COUNT, PegCount, PeggingError, PegScore, score_peg

# pile, total, fifteen, thirty-one, pairs, runs
PILES = [
    pytest.param("7d 7h 8c", 0, 0, 0, 0, 0, id="7-7-8=0"),
    pytest.param("4h 5d 6c", 5, 2, 0, 0, 3, id="4-5-6=run3+fifteen"),
    pytest.param("5h 5c 5d", 8, 2, 0, 6, 0, id="5-5-5=pairs6+fifteen2"),
    pytest.param("5h 3c 4d", 3, 0, 0, 0, 3, id="run-any-order"),
    pytest.param("4h 2c 5d 3s Ac", 7, 2, 0, 0, 5, id="run-of-five-any-order"),
    pytest.param("7h 8d 7c", 0, 0, 0, 0, 0, id="7-8-7-no-pair"),
    pytest.param("3h 3c 3d 3s", 12, 0, 0, 12, 0, id="four-of-a-kind"),
    pytest.param("2h 2c", 2, 0, 0, 2, 0, id="pair"),
    pytest.param("Th 9h 8h 4c", 2, 0, 2, 0, 0, id="31-for-2"),
    pytest.param("Kh Qh 4c 4d", 2, 0, 0, 2, 0, id="pair-on-28"),
    pytest.param("Th Tc 5d 6h", 2, 0, 2, 0, 0, id="31-with-ten-ten-five-six"),
    pytest.param("3h 4c 5d 6s", 4, 0, 0, 0, 4, id="longest-run-only"),
    pytest.param("6s 3h 5d 4c", 4, 0, 0, 0, 4, id="run-of-4-not-of-3"),
    pytest.param("3h 3c 4d 5s", 5, 2, 0, 0, 3, id="run-of-3-at-the-tail"),
    pytest.param("4h 5c 5d 6s", 0, 0, 0, 0, 0, id="pair-breaks-run"),
    pytest.param("Qh Kc Ad", 0, 0, 0, 0, 0, id="ace-low"),
    pytest.param("5h Tc", 2, 2, 0, 0, 0, id="fifteen"),
    pytest.param("Kh", 0, 0, 0, 0, 0, id="one-card"),
    pytest.param("7h 5c 6d 4h 3c 2d Ah", 7, 0, 0, 0, 7, id="run-of-seven"),
]


@pytest.mark.parametrize(("pile", "total", "fifteen", "thirty_one", "pairs", "runs"), PILES)
def test_peg_table(
    pile: str, total: int, fifteen: int, thirty_one: int, pairs: int, runs: int
) -> None:
    score = score_peg(pile)
    parts = (score.fifteen_points, score.thirty_one_points, score.pairs_points, score.runs_points)
    assert parts == (fifteen, thirty_one, pairs, runs)
    assert score.total == total == sum(parts)
    cards = parse_cards(pile)
    assert score.card == cards[-1]
    assert score.count == sum(c.pip for c in cards)
    assert score_peg([int(c) for c in cards]).total == total


def test_run_and_31_together() -> None:
    # a ten, then the run ace to six: 10 + 21 = 31; the ten is not part of the run
    score = score_peg("Th 5c 6d 4h 3c 2d Ah")
    assert score.count == 31
    assert score.runs_points == 6
    assert [str(c) for c in score.run] == ["5c", "6d", "4h", "3c", "2d", "Ah"]
    assert score.thirty_one_points == 2
    assert score.total == 8


def test_5_5_5_parts() -> None:
    score = score_peg("5h 5c 5d")
    assert score.pairs_points == 6
    assert score.fifteen_points == 2
    assert score.total == 8
    assert [str(c) for c in score.same_rank] == ["5h", "5c", "5d"]
    assert score.run == ()
    assert score.words() == "fifteen two, and three of a kind is eight"


def test_pairs_only_consecutive() -> None:
    score = score_peg("7h 7c 8d 7s")
    assert score.pairs_points == 0
    assert score.same_rank == ()
    two = score_peg("7h 8d 7c 7s")
    assert two.pairs_points == 2
    assert [str(c) for c in two.same_rank] == ["7c", "7s"]


def test_longest_run_only_and_run_cards() -> None:
    score = score_peg("Ah 3h 4c 5d 2s")
    assert score.runs_points == 5
    assert [str(c) for c in score.run] == ["Ah", "3h", "4c", "5d", "2s"]
    three = score_peg("9h 3h 4c 5d")
    assert three.runs_points == 3
    assert [str(c) for c in three.run] == ["3h", "4c", "5d"]


def test_words_and_dict() -> None:
    assert score_peg("4h 5d 6c").words() == "fifteen two, and a run of three is five"
    assert score_peg("7d 7h 8c").words() == ""
    assert score_peg("2h 2c").words() == "a pair for two"
    assert score_peg("Th 9h 8h 4c").words() == "thirty-one for two"
    # pegging runs can be longer than any run in a hand: still said in words
    assert score_peg("7h 5c 6d 4h 3c 2d Ah").words() == "a run of seven for seven"
    assert (
        score_peg("Th 5c 6d 4h 3c 2d Ah").words() == "thirty-one for two, and a run of six is eight"
    )
    data = score_peg("4h 5d 6c").to_dict()
    assert (data["count"], data["points"], data["fifteen"], data["runs"]) == (15, 5, 2, 3)
    for field in ("count", "points", "fifteen", "thirty_one", "pairs", "runs"):
        assert type(data[field]) is int, field
    assert data["card"] == "6c"
    assert data["pile"] == ["4h", "5d", "6c"]


def test_pile_over_31_raises() -> None:
    with pytest.raises(PeggingError, match="32"):
        score_peg("Kh Qh Jh 2c")
    with pytest.raises(PeggingError, match="31"):
        score_peg("Kh Qh Jh Tc")
    assert issubclass(PeggingError, ValueError)


def test_bad_piles() -> None:
    with pytest.raises(HandSizeError, match="at least one card"):
        score_peg("")
    with pytest.raises(DuplicateCardError, match="5h"):
        score_peg("5h 5h")
    with pytest.raises(ValueError, match="'5x'"):
        score_peg("5h 5x")


# --- PegCount -------------------------------------------------------------------------------


def test_peg_count_lays_and_scores() -> None:
    count = PegCount()
    assert count.count == 0
    count, points = count.lay("4h")
    assert (count.count, points.total) == (4, 0)
    count, points = count.lay(Card.parse("5d"))
    assert (count.count, points.total) == (9, 0)
    count, points = count.lay(int(Card.parse("6c")))
    assert (count.count, points.total) == (15, 5)
    assert points.pile == parse_cards("4h 5d 6c")


def test_reset_breaks_runs_and_pairs() -> None:
    count = PegCount()
    for card in ("Kh", "Qd", "4h", "5d"):
        count, _ = count.lay(card)
    assert count.count == 29
    # 6c would make a run of 3 with 4h 5d but cannot be laid: 35 > 31
    assert not count.can_lay(Card.parse("6c"))
    with pytest.raises(PeggingError, match="35"):
        count.lay("6c")
    count = count.reset()
    assert count.count == 0
    assert count.pile == ()
    count, points = count.lay("6c")
    assert points.run == ()
    assert points.total == 0
    assert points.pile == (Card.parse("6c"),)


def test_reset_breaks_a_pair() -> None:
    count, _ = PegCount().lay("7h")
    count, points = count.reset().lay("7c")
    assert points.pairs_points == 0
    count, points = count.lay("7d")
    assert points.pairs_points == 2  # only the 7 laid after the reset pairs


def test_peg_count_is_immutable() -> None:
    start = PegCount()
    after, _ = start.lay("5h")
    assert start.pile == ()
    assert after.pile == (Card.parse("5h"),)
    with pytest.raises(dataclasses.FrozenInstanceError):
        after.pile = ()  # type: ignore[misc]


def test_peg_count_refuses_repeat_and_overflow() -> None:
    count, _ = PegCount().lay("5h")
    with pytest.raises(CardError, match="5h"):
        count.lay("5h")
    for card in ("Kh", "Kd"):
        count, _ = count.lay(card)
    assert count.count == 25
    assert count.can_lay(Card.parse("6c"))
    assert not count.can_lay(Card.parse("7c"))
    count, points = count.lay("6c")
    assert (count.count, points.thirty_one_points) == (MAX_COUNT, 2)
    assert not count.can_lay(Card.parse("Ac"))
    with pytest.raises(PeggingError, match="32"):
        count.lay("Ac")


# --- properties ---------------------------------------------------------------------------


def ref_peg(cards: list[Card]) -> int:
    """Points for the last card, written independently from the rules."""
    count = sum(c.pip for c in cards)
    points = 2 if count in (15, 31) else 0
    same = 1
    while same < len(cards) and cards[-same - 1].rank == cards[-1].rank:
        same += 1
    points += same * (same - 1)
    best = 0
    for k in range(3, len(cards) + 1):
        ranks = sorted(c.rank for c in cards[-k:])
        if ranks == list(range(ranks[0], ranks[0] + k)):
            best = k
    return points + best


@st.composite
def piles(draw: st.DrawFn) -> list[Card]:
    """A legal current count: distinct cards, count never past 31; often low cards for runs."""
    pool = draw(st.sampled_from([list(range(52)), list(range(28))]))  # A-7 make long runs
    order = draw(st.permutations(pool))
    size = draw(st.integers(1, 8))
    pile: list[Card] = []
    total = 0
    for index in order[:size]:
        card = Card(index)
        if total + card.pip > MAX_COUNT:
            break
        pile.append(card)
        total += card.pip
    return pile


@settings(max_examples=300)
@given(piles())
def test_score_peg_matches_reference_and_peg_count(pile: list[Card]) -> None:
    score = score_peg(pile)
    assert score.total == ref_peg(pile)
    count = PegCount()
    last: PegScore | None = None
    for card in pile:
        count, last = count.lay(card)
    assert last == score
    assert count.count == score.count == sum(c.pip for c in pile)
