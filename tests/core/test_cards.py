"""Cards, ranks, suits and card sets: parsing, text forms, errors and set operations."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.core.cards import (
    DECK,
    Card,
    CardError,
    CardParseError,
    CardSet,
    DuplicateCardError,
    Rank,
    Suit,
    parse_cards,
)

ALL_CARDS = [Card(i) for i in range(52)]


# --- parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("token", "rank", "suit"),
    [
        ("5h", Rank.FIVE, Suit.HEARTS),
        ("5H", Rank.FIVE, Suit.HEARTS),
        ("10h", Rank.TEN, Suit.HEARTS),
        ("Th", Rank.TEN, Suit.HEARTS),
        ("tH", Rank.TEN, Suit.HEARTS),
        ("5♥", Rank.FIVE, Suit.HEARTS),
        ("5♡", Rank.FIVE, Suit.HEARTS),
        ("AS", Rank.ACE, Suit.SPADES),
        ("as", Rank.ACE, Suit.SPADES),
        ("A♠", Rank.ACE, Suit.SPADES),
        ("Kc", Rank.KING, Suit.CLUBS),
        ("q♦", Rank.QUEEN, Suit.DIAMONDS),
        ("jD", Rank.JACK, Suit.DIAMONDS),
        ("2♣", Rank.TWO, Suit.CLUBS),
        (" 9s ", Rank.NINE, Suit.SPADES),
    ],
)
def test_parse_is_forgiving(token: str, rank: Rank, suit: Suit) -> None:
    card = Card.parse(token)
    assert card.rank is rank
    assert card.suit is suit
    assert card == Card.of(rank, suit)
    assert int(card) == (rank - 1) * 4 + suit


@pytest.mark.parametrize(
    ("token", "canonical"),
    [("5h", "5h"), ("5H", "5h"), ("10d", "Td"), ("TD", "Td"), ("as", "As"), ("A♠", "As")],
)
def test_canonical_text_is_rank_char_and_lower_case_suit(token: str, canonical: str) -> None:
    assert str(Card.parse(token)) == canonical
    assert f"{Card.parse(token)}" == canonical
    assert f"{Card.parse(token):>4}" == canonical.rjust(4)


def test_canonical_text_shape_for_every_card() -> None:
    for card in ALL_CARDS:
        text = str(card)
        assert len(text) == 2
        assert text[0] in "A23456789TJQK"
        assert text[1] in "cdhs"
        assert text[0] == card.rank.char
        assert text[1] == card.suit.char
        assert card.symbol == ("10" if text[0] == "T" else text[0]) + card.suit.symbol


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_text_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert str(Card.parse(str(card))) == str(card)
    assert Card.parse(card.symbol) == card
    assert Card.parse(str(card).upper()) == card
    assert Card.parse(str(card).lower()) == card


def test_ten_has_two_spellings_for_every_suit() -> None:
    for suit in Suit:
        assert Card.parse(f"10{suit.char}") == Card.parse(f"T{suit.char}") == Card.of(10, suit)


def test_repr_pastes_back_as_code() -> None:
    namespace = {"Card": Card, "CardSet": CardSet}
    for card in ALL_CARDS:
        again = eval(repr(card), namespace)
        assert again == card
        assert type(again) is Card
    for cards in (CardSet(), CardSet.parse("5h 5c 5d Js"), CardSet.full()):
        again = eval(repr(cards), namespace)
        assert again == cards
        assert type(again) is CardSet


@given(st.sets(st.integers(0, 51)))
def test_card_set_repr_and_str_round_trip(indices: set[int]) -> None:
    cards = CardSet.of(indices)
    assert eval(repr(cards), {"Card": Card, "CardSet": CardSet}) == cards
    assert CardSet.parse(str(cards)) == cards


def test_card_ints_order_by_rank_then_suit() -> None:
    assert int(Card.parse("Ac")) == 0
    assert int(Card.parse("As")) == 3
    assert int(Card.parse("2c")) == 4
    assert int(Card.parse("Ks")) == 51
    assert [str(c) for c in DECK[:5]] == ["Ac", "Ad", "Ah", "As", "2c"]
    assert list(DECK) == sorted(DECK)
    assert len(set(DECK)) == 52


def test_card_properties() -> None:
    jack = Card.parse("Jd")
    assert (jack.rank, jack.suit, jack.pip) == (Rank.JACK, Suit.DIAMONDS, 10)
    assert Card.parse("Ac").pip == 1
    assert Card.parse("9h").pip == 9
    assert [Card.of(rank, 0).pip for rank in Rank] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert jack.mask == 1 << int(jack)
    assert Card(int(jack)) is jack


@pytest.mark.parametrize("bad", [52, -1, True, 3.0, "5h"])
def test_card_number_out_of_range(bad: object) -> None:
    with pytest.raises(CardError, match="0 to 51"):
        Card(bad)  # type: ignore[arg-type]


def test_card_of_rejects_bad_rank_or_suit() -> None:
    with pytest.raises(CardError, match="no card"):
        Card.of(14, 0)
    with pytest.raises(CardError, match="no card"):
        Card.of(1, 4)


@pytest.mark.parametrize(
    "token", ["5x", "1h", "11h", "10", "h", "", "Zz", "5", "♥5", "10hh", "0h", "Bh"]
)
def test_bad_token_raises_parse_error_naming_it(token: str) -> None:
    with pytest.raises(CardParseError, match=re.escape(repr(token))) as info:
        Card.parse(token)
    assert info.value.token == token
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, CardError)


def test_bad_token_inside_a_list_is_named() -> None:
    with pytest.raises(CardParseError, match="'Xq'") as info:
        parse_cards("5h 6h Xq 7h")
    assert info.value.token == "Xq"
    with pytest.raises(ValueError, match="'Xq'"):
        CardSet.parse("5h Xq")


def test_rank_parse() -> None:
    assert Rank.parse("10") is Rank.TEN
    assert Rank.parse("t") is Rank.TEN
    assert Rank.parse("a") is Rank.ACE
    assert Rank.parse("K") is Rank.KING
    assert [r.char for r in Rank] == list("A23456789TJQK")
    assert Rank.FIVE.word == "five"
    with pytest.raises(CardParseError, match="'1'"):
        Rank.parse("1")


# --- lists and duplicates ------------------------------------------------------------------


def test_parse_cards_keeps_order_and_accepts_commas() -> None:
    cards = parse_cards("7d 8c, 7h,Ks")
    assert [str(c) for c in cards] == ["7d", "8c", "7h", "Ks"]
    assert parse_cards(["7d", "10c"]) == (Card.parse("7d"), Card.parse("Tc"))
    assert parse_cards("") == ()


def test_duplicates_raise() -> None:
    with pytest.raises(DuplicateCardError, match="5h") as info:
        parse_cards("5h 6c 5H")
    assert info.value.card == Card.parse("5h")
    assert isinstance(info.value, ValueError)
    with pytest.raises(DuplicateCardError, match="Th"):
        CardSet.parse("10h Th")
    with pytest.raises(DuplicateCardError, match="Ac"):
        CardSet.of([0, 1, 0])
    # distinct=False lets a caller check later
    assert len(parse_cards("5h 5h", distinct=False)) == 2


# --- card sets -----------------------------------------------------------------------------


def test_card_set_basics() -> None:
    hand = CardSet.parse("Js 5h 5c 5d")
    assert len(hand) == 4
    assert [str(c) for c in hand] == ["5c", "5d", "5h", "Js"]
    assert hand.cards() == tuple(hand)
    assert all(type(c) is Card for c in hand)
    assert str(hand) == "5c 5d 5h Js"
    assert Card.parse("Js") in hand
    assert Card.parse("Jh") not in hand
    assert int(Card.parse("5c")) in hand
    assert 52 not in hand
    assert -1 not in hand
    assert "5c" not in hand
    assert len(CardSet()) == 0
    assert list(CardSet()) == []
    assert len(CardSet.full()) == 52
    assert list(CardSet.full()) == list(DECK)


def test_card_set_operations() -> None:
    a = CardSet.parse("5h 5c 5d Js")
    b = CardSet.parse("5s 5h Jd")
    union, inter, diff = a | b, a & b, a - b
    assert all(type(x) is CardSet for x in (union, inter, diff))
    assert str(union) == "5c 5d 5h 5s Jd Js"
    assert str(inter) == "5h"
    assert str(diff) == "5c 5d Js"
    assert str(b - a) == "5s Jd"
    assert len(CardSet.full() - a) == 48
    assert CardSet.parse("Js 5h") == CardSet.parse("5h Js")


@given(st.sets(st.integers(0, 51)), st.sets(st.integers(0, 51)))
def test_card_set_matches_python_sets(left: set[int], right: set[int]) -> None:
    a, b = CardSet.of(left), CardSet.of(right)
    assert set(a | b) == left | right
    assert set(a & b) == left & right
    assert set(a - b) == left - right
    assert len(a) == len(left)
    assert list(a) == sorted(left)
    for card in range(52):
        assert (card in a) == (card in left)


def test_card_set_mask_range() -> None:
    with pytest.raises(CardError, match="52-bit"):
        CardSet(1 << 52)
    with pytest.raises(CardError, match="52-bit"):
        CardSet(-1)
