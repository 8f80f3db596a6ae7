"""Hypothesis strategies shared by the core tests."""

from __future__ import annotations

from hypothesis import strategies as st

from cribkit.core.cards import Card, Rank

Show = tuple[tuple[Card, ...], Card]


@st.composite
def shows(draw: st.DrawFn) -> Show:
    """4 hand cards and a starter, biased towards flushes and nobs (rare when uniform)."""
    kind = draw(st.sampled_from(["any", "suited", "nobs"]))
    if kind == "nobs":
        starter = Card(draw(st.integers(0, 51).filter(lambda c: Card(c).rank != Rank.JACK)))
        jack = Card.of(Rank.JACK, starter.suit)
        others = draw(
            st.lists(
                st.sampled_from([c for c in range(52) if c not in (starter, jack)]),
                min_size=3,
                max_size=3,
                unique=True,
            )
        )
        hand = draw(st.permutations([jack, *(Card(c) for c in others)]))
        return tuple(hand), starter
    if kind == "suited":
        suit = draw(st.integers(0, 3))
        ranks = draw(st.lists(st.integers(1, 13), min_size=4, max_size=4, unique=True))
        hand = [Card.of(r, suit) for r in ranks]
    else:
        indices = draw(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True))
        hand = [Card(c) for c in indices]
    starter = draw(st.sampled_from([Card(c) for c in range(52) if c not in hand]))
    return tuple(hand), starter
