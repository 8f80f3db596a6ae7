"""The show, Table Top lines and tile lines: a regression table, the breakdown, words, properties.

The property tests compare :func:`score_hand` and friends against a small reference scorer
written here from the shared rules (README.md, classic.md) with a different method (runs from rank
multiplicities, fifteens by subset masks), and check invariance under suit relabelling and
card order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from math import prod
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.core.cards import Card, DuplicateCardError, HandSizeError, Rank, parse_cards
from cribkit.core.combos import rank_points
from cribkit.core.scoring import Score, score_hand, score_line, score_tile_line
from cribkit.core.stats import score_distribution

from .strategies import shows

# --- an independent reference scorer ---------------------------------------------------------


def ref_rank_points(ranks: Sequence[int]) -> int:
    """Fifteens + pairs + runs of a multiset of ranks, computed a different way."""
    pips = [min(r, 10) for r in ranks]
    n = len(ranks)
    fifteens = sum(
        1 for mask in range(1, 1 << n) if sum(pips[i] for i in range(n) if mask >> i & 1) == 15
    )
    counts = Counter(ranks)
    pairs = sum(c * (c - 1) for c in counts.values())  # 2 points per pair = c(c-1)
    best_len, best_points = 0, 0
    rank = 1
    while rank <= 13:
        if counts[rank]:
            end = rank
            while end + 1 <= 13 and counts[end + 1]:
                end += 1
            length = end - rank + 1
            if length >= 3 and length > best_len:
                best_len = length
                best_points = length * prod(counts[r] for r in range(rank, end + 1))
            rank = end + 1
        else:
            rank += 1
    return 2 * fifteens + pairs + best_points


def ref_show(hand: Sequence[Card], starter: Card | None, *, crib: bool = False) -> int:
    """The show total by the rules in classic.md / solitaire.md."""
    cards = [*hand, starter] if starter is not None else list(hand)
    total = ref_rank_points([c.rank for c in cards])
    hand_suits = {c.suit for c in hand}
    if len(hand_suits) == 1:
        if starter is not None and starter.suit in hand_suits:
            total += 5
        elif not crib:
            total += 4
    if starter is not None:
        total += sum(1 for c in hand if c.rank == Rank.JACK and c.suit == starter.suit)
    return total


def ref_line(cards: Sequence[Card]) -> int:
    total = ref_rank_points([c.rank for c in cards])
    if len(cards) == 5 and len({c.suit for c in cards}) == 1:
        total += 5
    return total


# --- strategies ------------------------------------------------------------------------------


@st.composite
def lines(draw: st.DrawFn) -> tuple[Card, ...]:
    """1 to 5 distinct cards, often all of one suit."""
    size = draw(st.integers(1, 5))
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        ranks = draw(st.lists(st.integers(1, 13), min_size=size, max_size=size, unique=True))
        return tuple(Card.of(r, suit) for r in ranks)
    indices = draw(st.lists(st.integers(0, 51), min_size=size, max_size=size, unique=True))
    return tuple(Card(c) for c in indices)


def texts(combos: Iterable[Iterable[int]]) -> set[frozenset[str]]:
    return {frozenset(str(Card(c)) for c in combo) for combo in combos}


# --- the regression table --------------------------------------------------------------------

# hand, starter, crib, total, fifteens, pairs, runs, flush, nobs (points of each part)
REGRESSIONS = [
    pytest.param("7h 8d 8s 9c", "Kh", False, 12, 4, 2, 6, 0, 0, id="7-8-8-9+K=12"),
    pytest.param("4c 5d 5h 6s", "6c", False, 24, 8, 4, 12, 0, 0, id="4-5-5-6-6=24-not-26"),
    pytest.param("3c 3d 3h 4s", "5c", False, 21, 6, 6, 9, 0, 0, id="3-3-3-4-5=21"),
    pytest.param("6c 7d 8h 8s", "9c", False, 16, 6, 2, 8, 0, 0, id="6-7-8-8-9=16"),
    pytest.param("2h 4h 6h 8h", "Kc", False, 4, 0, 0, 0, 4, 0, id="hand-4-flush=4"),
    pytest.param("2h 4h 6h 8h", "Kc", True, 0, 0, 0, 0, 0, 0, id="crib-4-flush=0"),
    pytest.param("2h 4h 6h 8h", "Th", True, 5, 0, 0, 0, 5, 0, id="crib-5-flush=5"),
    pytest.param("2h 4h 6h 8h", "Th", False, 5, 0, 0, 0, 5, 0, id="hand-5-flush=5"),
    pytest.param("2h 4h 6h 8c", "Th", False, 0, 0, 0, 0, 0, 0, id="3+starter-no-flush"),
    pytest.param("Ac 3d 7s Qh", "Jc", False, 0, 0, 0, 0, 0, 0, id="jack-starter-no-nobs"),
    pytest.param("Jc 3d 7s Qh", "4c", False, 1, 0, 0, 0, 0, 1, id="nobs"),
    pytest.param("Jc 3d 7s Qh", "4d", False, 0, 0, 0, 0, 0, 0, id="jack-wrong-suit"),
    pytest.param("Jc 3d 7s Qh", "4c", True, 1, 0, 0, 0, 0, 1, id="crib-nobs"),
    pytest.param("5h 5c 5d Js", "5s", False, 29, 16, 12, 0, 0, 1, id="29-hand"),
    pytest.param("5h 5c 5d Js", "5s", True, 29, 16, 12, 0, 0, 1, id="29-crib"),
    pytest.param("5h 5c 5d Jh", "5s", False, 28, 16, 12, 0, 0, 0, id="29-without-nobs"),
    pytest.param("Qc Kd As 7h", "2s", False, 0, 0, 0, 0, 0, 0, id="Q-K-A-no-run"),
    pytest.param("3c 4d 5h 6s", "Kd", False, 8, 4, 0, 4, 0, 0, id="run-of-four"),
]


@pytest.mark.parametrize(
    ("hand", "starter", "crib", "total", "fifteens", "pairs", "runs", "flush", "nobs"),
    REGRESSIONS,
)
def test_regression_table(
    hand: str,
    starter: str,
    crib: bool,
    total: int,
    fifteens: int,
    pairs: int,
    runs: int,
    flush: int,
    nobs: int,
) -> None:
    score = score_hand(hand, starter, crib=crib)
    parts = (
        score.fifteens_points,
        score.pairs_points,
        score.runs_points,
        score.flush_points,
        score.nobs_points,
    )
    assert parts == (fifteens, pairs, runs, flush, nobs)
    assert score.total == total == sum(parts)
    assert score.kind == ("crib" if crib else "hand")
    # the reference scorer agrees, and so does the same hand given as ints
    assert ref_show(parse_cards(hand), Card.parse(starter), crib=crib) == total
    assert (
        score_hand([int(c) for c in parse_cards(hand)], int(Card.parse(starter)), crib=crib).total
        == total
    )


def test_7_8_8_9_k_combinations() -> None:
    score = score_hand("7h 8d 8s 9c", "Kh")
    assert texts(score.fifteens) == {frozenset({"7h", "8d"}), frozenset({"7h", "8s"})}
    assert texts(score.pairs) == {frozenset({"8d", "8s"})}
    assert texts(score.runs) == {frozenset({"7h", "8d", "9c"}), frozenset({"7h", "8s", "9c"})}
    assert score.flush == ()
    assert score.nobs is None
    assert score.cards == parse_cards("7h 8d 8s 9c")
    assert score.starter == Card.parse("Kh")


def test_4_5_5_6_6_is_24_as_a_line_and_as_a_hand() -> None:
    line = score_line("4c 5d 5h 6s 6c")
    assert line.total == 24
    assert line.total != 26  # the seed's arithmetic error
    assert (line.fifteens_points, line.pairs_points, line.runs_points) == (8, 4, 12)
    assert len(line.runs) == 4
    assert all(len(run) == 3 for run in line.runs)
    assert texts(line.fifteens) == {
        frozenset({"4c", five, six}) for five in ("5d", "5h") for six in ("6s", "6c")
    }
    assert texts(line.pairs) == {frozenset({"5d", "5h"}), frozenset({"6s", "6c"})}
    assert score_hand("4c 5d 5h 6s", "6c").total == 24
    assert rank_points([4, 5, 5, 6, 6]) == 24


def test_3_3_3_4_5_combinations() -> None:
    score = score_hand("3c 3d 3h 4s", "5c")
    assert len(score.fifteens) == 3
    assert all(sorted(Card(c).rank for c in combo) == [3, 3, 4, 5] for combo in score.fifteens)
    assert len(score.pairs) == 3
    assert len(score.runs) == 3
    assert score.flush == ()


def test_6_7_8_8_9_has_two_runs_of_four_not_runs_of_three() -> None:
    score = score_hand("6c 7d 8h 8s", "9c")
    assert [len(run) for run in score.runs] == [4, 4]
    assert texts(score.fifteens) == {
        frozenset({"6c", "9c"}),
        frozenset({"7d", "8h"}),
        frozenset({"7d", "8s"}),
    }


def test_flush_parts_list_the_cards() -> None:
    hand = score_hand("2h 4h 6h 8h", "Kc")
    assert texts([hand.flush]) == {frozenset({"2h", "4h", "6h", "8h"})}
    five = score_hand("2h 4h 6h 8h", "Th", crib=True)
    assert texts([five.flush]) == {frozenset({"2h", "4h", "6h", "8h", "Th"})}
    assert score_hand("2h 4h 6h 8h", "Kc", crib=True).flush == ()


def test_29_hand() -> None:
    score = score_hand("5h 5c 5d Js", "5s")
    assert score.total == 29
    assert len(score.fifteens) == 8
    assert len(score.pairs) == 6
    assert score.runs == ()
    assert score.nobs == Card.parse("Js")


def test_jack_starter_gives_no_nobs_but_jack_in_hand_does() -> None:
    starter_jack = score_hand("Ac 3d 7s Qh", "Jc")
    assert starter_jack.nobs is None
    assert starter_jack.nobs_points == 0
    held = score_hand("Jc 3d 7s Qh", "4c")
    assert held.nobs == Card.parse("Jc")
    # a jack in the hand and a jack as starter, different suits: no nobs
    assert score_hand("Jc 3d 7s Qh", "Jd").nobs is None


def test_impossible_scores() -> None:
    for crib in (False, True):
        counts = score_distribution(crib=crib)
        assert len(counts) == 30
        unreachable = {score for score, count in enumerate(counts) if count == 0}
        assert unreachable == {19, 25, 26, 27}


# --- four cards with no starter (Solitaire's last hand) ---------------------------------------


def test_four_cards_without_starter() -> None:
    flush = score_hand("2h 4h 6h 8h")
    assert flush.starter is None
    assert (flush.flush_points, flush.total) == (4, 4)
    run = score_hand("Ah 2h 3h 4h")
    assert (run.runs_points, run.flush_points, run.total) == (4, 4, 8)
    jack = score_hand("Jh 5h 2h 3h")
    assert jack.nobs is None
    assert (jack.fifteens_points, jack.flush_points, jack.total) == (4, 4, 8)
    assert score_hand("2h 4h 6h 8c").flush_points == 0
    with pytest.raises(HandSizeError, match="starter"):
        score_hand("2h 4h 6h 8h", crib=True)


# --- Table Top lines -------------------------------------------------------------------------


def test_line_rules() -> None:
    assert score_line("2h 4h 6h 8h Th").flush_points == 5
    assert score_line("2h 4h 6h 8h").flush_points == 0  # only 5 cards make a line flush
    assert score_line("2h 4h 6h 8h Tc").flush_points == 0
    line = score_line("Jh 5h 2c 3d 9s")
    assert line.nobs is None
    assert line.kind == "line"
    assert score_line("5h").total == 0
    with pytest.raises(HandSizeError, match="1 to 5"):
        score_line("Ah 2h 3h 4h 5h 6h")
    with pytest.raises(HandSizeError, match="1 to 5"):
        score_line("")
    with pytest.raises(DuplicateCardError, match="5h"):
        score_line("5h 5h")


# --- tile lines ------------------------------------------------------------------------------


def test_tile_lines() -> None:
    five = score_tile_line([8, 8, 8, 8, 8])
    assert (five.pairs_points, five.total) == (20, 20)
    assert five.words() == "five of a kind is twenty"
    assert score_tile_line("6 9").total == 2
    assert score_tile_line([6, 9]).fifteens == ((Rank.SIX, Rank.NINE),)
    out_of_order = score_tile_line("5 3 4")
    assert out_of_order.runs_points == 3
    assert out_of_order.total == 3
    assert score_tile_line("Q K A").runs_points == 0  # aces are low
    assert score_tile_line("5 5 5 5 T").total == 28
    assert score_tile_line("10 J Q K 5").to_dict()["cards"] == ["T", "J", "Q", "K", "5"]
    assert score_tile_line([3]).total == 0
    with pytest.raises(HandSizeError, match="1 to 5"):
        score_tile_line([1, 2, 3, 4, 5, 6])
    with pytest.raises(HandSizeError, match="1 to 5"):
        score_tile_line([])


# --- words and dicts -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "starter", "words"),
    [
        ("5h 5c Ts Ad", "3c", "fifteen two, fifteen four, and a pair is six"),
        ("2c 2d 7h 9s", "Kc", "a pair is two"),
        ("Ac 3d 7s Qh", "Jc", "no points"),
        ("Jc 3d 7s Qh", "4c", "his nobs is one"),
        ("3c 4d 5h 6s", "Kd", "fifteen two, fifteen four, and a run of four is eight"),
        (
            "7h 8d 8s 9c",
            "Kh",
            "fifteen two, fifteen four, a pair is six, and two runs of three is twelve",
        ),
        (
            "3c 3d 3h 4s",
            "5c",
            "fifteen two, fifteen four, fifteen six, three of a kind is twelve, "
            "and three runs of three is twenty-one",
        ),
        (
            "5h 5c 5d Js",
            "5s",
            "fifteen two, fifteen four, fifteen six, fifteen eight, fifteen ten, "
            "fifteen twelve, fifteen fourteen, fifteen sixteen, four of a kind is twenty-eight, "
            "and his nobs is twenty-nine",
        ),
        ("2h 4h 6h 8h", "Kc", "a four-card flush is four"),
        ("2h 4h 6h 8h", "Th", "a five-card flush is five"),
    ],
)
def test_words(hand: str, starter: str, words: str) -> None:
    score = score_hand(hand, starter)
    assert score.words() == words
    assert score.to_dict()["words"] == words


def test_words_running_total_matches_total() -> None:
    score = score_hand("4c 5d 6h Jc", "8c")
    assert score.words() == (
        "fifteen two, fifteen four, a run of three is seven, and his nobs is eight"
    )
    assert score.total == 8


def test_to_dict_integer_fields() -> None:
    score = score_hand("4c 5d 6h Jc", "8c")
    data = score.to_dict()
    for field in ("total", "fifteens", "pairs", "runs", "flush", "nobs"):
        assert type(data[field]) is int, field
    assert data["total"] == 8
    assert (data["fifteens"], data["pairs"], data["runs"], data["flush"], data["nobs"]) == (
        4,
        0,
        3,
        0,
        1,
    )
    assert data["total"] == sum(data[f] for f in ("fifteens", "pairs", "runs", "flush", "nobs"))
    assert data["cards"] == ["4c", "5d", "6h", "Jc"]
    assert data["starter"] == "8c"
    assert data["detail"]["nobs"] == "Jc"
    assert data["detail"]["runs"] == [["4c", "5d", "6h"]]
    assert data["kind"] == "hand"


def test_score_is_frozen() -> None:
    score = score_hand("4c 5d 6h Jc", "8c")
    with pytest.raises(AttributeError):
        score.nobs = None  # type: ignore[misc]


# --- errors ----------------------------------------------------------------------------------


def test_hand_errors() -> None:
    with pytest.raises(HandSizeError, match="4 cards, not 3"):
        score_hand("5h 5c 5d", "5s")
    with pytest.raises(HandSizeError, match="4 cards, not 5"):
        score_hand("5h 5c 5d 5s Js", "Jh")
    with pytest.raises(DuplicateCardError, match="5s"):
        score_hand("5h 5c 5d 5s", "5s")
    with pytest.raises(DuplicateCardError, match="5h"):
        score_hand("5h 5c 5d 5h", "5s")
    with pytest.raises(ValueError, match="'5x'"):
        score_hand("5h 5c 5d 5x", "5s")
    with pytest.raises(ValueError, match="'Zz'"):
        score_hand("5h 5c 5d 6s", "Zz")


# --- properties ------------------------------------------------------------------------------


def rank_parts(score: Score[Card]) -> tuple[int, int, int]:
    return score.fifteens_points, score.pairs_points, score.runs_points


@settings(max_examples=300)
@given(shows(), st.booleans())
def test_score_hand_matches_reference(show: tuple[tuple[Card, ...], Card], crib: bool) -> None:
    hand, starter = show
    assert score_hand(hand, starter, crib=crib).total == ref_show(hand, starter, crib=crib)


@settings(max_examples=200)
@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True))
def test_four_cards_without_starter_match_reference(indices: list[int]) -> None:
    hand = [Card(c) for c in indices]
    assert score_hand(hand).total == ref_show(hand, None)


@settings(max_examples=200)
@given(shows(), st.permutations(range(4)), st.booleans())
def test_suit_relabelling_changes_nothing(
    show: tuple[tuple[Card, ...], Card], suits: list[int], crib: bool
) -> None:
    hand, starter = show
    relabelled = [Card.of(c.rank, suits[c.suit]) for c in (*hand, starter)]
    before = score_hand(hand, starter, crib=crib)
    after = score_hand(relabelled[:4], relabelled[4], crib=crib)
    assert rank_parts(after) == rank_parts(before)
    # flush and nobs only ask whether suits are equal, so they survive relabelling too
    assert (after.flush_points, after.nobs_points) == (before.flush_points, before.nobs_points)
    assert after.total == before.total


@settings(max_examples=200)
@given(shows(), st.randoms(use_true_random=False))
def test_card_order_changes_nothing(show: tuple[tuple[Card, ...], Card], rng: Random) -> None:
    hand, starter = show
    five = [*hand, starter]
    rng.shuffle(five)
    before = score_hand(hand, starter)
    after = score_hand(five[:4], five[4])  # any card may become the starter
    assert rank_parts(after) == rank_parts(before)
    assert texts(after.fifteens) == texts(before.fifteens)
    assert texts(after.pairs) == texts(before.pairs)
    assert texts(after.runs) == texts(before.runs)
    # reordering only the hand keeps everything, flush and nobs included
    reordered = score_hand(tuple(reversed(hand)), starter)
    assert reordered.total == before.total


@settings(max_examples=200)
@given(shows(), st.booleans())
def test_breakdown_is_consistent(show: tuple[tuple[Card, ...], Card], crib: bool) -> None:
    hand, starter = show
    score = score_hand(hand, starter, crib=crib)
    five = {*hand, starter}
    for combo in score.fifteens:
        assert sum(Card(c).pip for c in combo) == 15
        assert set(combo) <= five
    assert len(texts(score.fifteens)) == len(score.fifteens)
    for a, b in score.pairs:
        assert a.rank == b.rank
        assert a != b
    if score.runs:
        length = len(score.runs[0])
        assert length >= 3
        for run in score.runs:
            ranks = sorted(c.rank for c in run)
            assert len(run) == length
            assert ranks == list(range(ranks[0], ranks[0] + length))
    assert len(texts(score.runs)) == len(score.runs)
    data = score.to_dict()
    assert data["total"] == score.total
    assert data["total"] == sum(data[f] for f in ("fifteens", "pairs", "runs", "flush", "nobs"))


@settings(max_examples=300)
@given(lines())
def test_score_line_matches_reference(cards: tuple[Card, ...]) -> None:
    assert score_line(cards).total == ref_line(cards)
    assert score_line(tuple(reversed(cards))).total == ref_line(cards)


@settings(max_examples=300)
@given(st.lists(st.integers(1, 13), min_size=1, max_size=5))
def test_score_tile_line_matches_reference(ranks: list[int]) -> None:
    score = score_tile_line(ranks)
    assert score.total == ref_rank_points(ranks)
    assert score_tile_line([Rank(r).char for r in ranks]).total == score.total
    assert score_tile_line(list(reversed(ranks))).total == score.total
    assert (score.flush_points, score.nobs_points) == (0, 0)
