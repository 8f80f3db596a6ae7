"""Every game's chance: fair seeds, their documented construction, and old seeds unchanged."""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from itertools import islice
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.core.cards import DECK
from cribkit.games import start
from cribkit.games.chance import (
    commitment,
    fair_shuffle,
    is_fair_seed,
    legacy_shuffle,
    legacy_text,
    new_fair_seed,
    shuffled,
)
from cribkit.games.setup import cut_decks, deal_deck
from cribkit.games.solitaire.deal import solitaire_deck
from cribkit.games.tiles.rules import draw_bags, full_set, seeded_bag

DOCS = Path(__file__).parents[2] / "docs" / "records.md"
EXAMPLE = "fair1:" + bytes(range(32)).hex()
OLD_SEEDS: list[int | str] = [0, 7, -3, 20250314, "club night", "7", "fair1:xyz", "fair1:" + "A" * 64]  # fmt: skip


def independent_shuffle(seed: str, label: str, items: list[Any]) -> list[Any]:
    """The construction of docs/records.md, written again from its words."""
    key = bytes.fromhex(seed[len("fair1:") :])
    out = list(items)
    words: list[int] = []
    counter = 0

    def word() -> int:
        nonlocal counter
        if not words:
            block = hmac.new(key, (label + ":" + str(counter)).encode("ascii"), "sha256").digest()
            words.extend(int.from_bytes(block[k : k + 4], "big") for k in range(0, 32, 4))
            counter += 1
        return words.pop(0)

    for i in range(len(out) - 1, 0, -1):
        m = i + 1
        limit = (2**32 // m) * m
        w = word()
        while w >= limit:
            w = word()
        j = w % m
        out[i], out[j] = out[j], out[i]
    return out


def legacy(text: str, items: list[Any]) -> tuple[Any, ...]:
    """A shuffle exactly as cribkit did it before fair seeds."""
    out = list(items)
    random.Random(text).shuffle(out)
    return tuple(out)


def test_fair_seeds_are_256_bits_and_differ() -> None:
    seeds = {new_fair_seed() for _ in range(50)}
    assert len(seeds) == 50
    for seed in seeds:
        assert re.fullmatch(r"fair1:[0-9a-f]{64}", seed)
        assert len(bytes.fromhex(seed[6:])) == 32
        assert is_fair_seed(seed)
    assert not any(is_fair_seed(s) for s in OLD_SEEDS)


def test_commitment_is_the_sha256_of_the_seed_text() -> None:
    seed = new_fair_seed()
    assert commitment(seed) == hashlib.sha256(seed.encode()).hexdigest()
    assert commitment(42) == hashlib.sha256(b"42").hexdigest()


@pytest.mark.parametrize("seed", OLD_SEEDS)
def test_old_seeds_give_exactly_the_old_decks(seed: int | str) -> None:
    cards = list(range(52))
    for deal in range(4):
        assert deal_deck(seed, deal) == tuple(DECK[c] for c in legacy(f"{seed}:{deal}", cards))
    for n, deck in enumerate(islice(cut_decks(seed), 3)):
        assert deck == tuple(DECK[c] for c in legacy(f"{seed}:cut:{n}", cards))
    assert solitaire_deck(seed) == tuple(DECK[c] for c in legacy(f"solitaire:{seed}", cards))
    tiles = list(full_set())
    assert seeded_bag(seed) == legacy(f"tiles:{seed}:bag", tiles)
    for n, bag in enumerate(islice(draw_bags(seed), 3)):
        assert bag == legacy(f"tiles:{seed}:draw:{n}", tiles)


def test_the_legacy_texts_are_todays() -> None:
    labels = ["deal:0", "deal:12", "cut:2", "solitaire", "tiles:bag", "tiles:draw:3"]
    assert [legacy_text("x", label) for label in labels] == [
        "x:0", "x:12", "x:cut:2", "solitaire:x", "tiles:x:bag", "tiles:x:draw:3",
    ]  # fmt: skip
    with pytest.raises(ValueError, match="no shuffle is labelled"):
        shuffled(1, "dice", range(3))


# (a new seed's id is fixed: pytest-xdist's workers must collect the same tests)
@pytest.mark.parametrize(
    "seed", [EXAMPLE, "fair1:" + "ff" * 32, pytest.param(new_fair_seed(), id="a-new-fair-seed")]
)
def test_every_game_label_follows_the_documented_construction(seed: str) -> None:
    cards, tiles = list(range(52)), list(full_set())
    for deal in range(3):
        assert list(deal_deck(seed, deal)) == [
            DECK[c] for c in independent_shuffle(seed, f"deal:{deal}", cards)
        ]
    for n, deck in enumerate(islice(cut_decks(seed), 3)):
        assert list(deck) == [DECK[c] for c in independent_shuffle(seed, f"cut:{n}", cards)]
    assert list(solitaire_deck(seed)) == [
        DECK[c] for c in independent_shuffle(seed, "solitaire", cards)
    ]
    assert list(seeded_bag(seed)) == independent_shuffle(seed, "tiles:bag", tiles)
    for n, bag in enumerate(islice(draw_bags(seed), 3)):
        assert list(bag) == independent_shuffle(seed, f"tiles:draw:{n}", tiles)


def test_rejection_sampling_discards_words_at_or_above_the_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With 3 items the limit for m = 3 is 2**32 - 1: that word is discarded."""
    import cribkit.games.chance as chance

    words = iter([2**32 - 1, 4, 2**32 - 1, 2**32 - 2])
    monkeypatch.setattr(chance, "_words", lambda key, label: words)
    # i = 2: 2**32 - 1 discarded, 4 % 3 = 1: swap 2 and 1 -> a c b; i = 1: m = 2, limit 2**32,
    # 2**32 - 1 % 2 = 1: swap 1 and 1.
    assert fair_shuffle(bytes(32), "x", "abc") == ["a", "c", "b"]


def test_the_worked_example_in_docs_records_md_is_true() -> None:
    text = DOCS.read_text(encoding="utf-8")
    section = text[text.index("## Fair deals: how to verify a deal without cribkit") :]
    shown = re.search(r"fair deal 0: ((?:\S\S ?){5})\n", section)
    assert shown is not None
    assert shown.group(1).split() == [str(c) for c in deal_deck(EXAMPLE, 0)[:5]]
    assert EXAMPLE in section
    assert commitment(EXAMPLE) in section
    # The Python in the section is the construction.
    code = section[section.index("```python\n") + len("```python\n") :]
    code = code[: code.index("```")]
    space: dict[str, Any] = {}
    exec(code, space)  # the documentation's own code
    assert space["fair_shuffle"](EXAMPLE, "deal:0", space["DECK"]) == [
        str(c) for c in deal_deck(EXAMPLE, 0)
    ]
    first = hmac.new(bytes(range(32)), b"deal:0:0", "sha256").hexdigest()
    assert first[:16] in section


def test_the_same_fair_seed_deals_the_same_games() -> None:
    seed = new_fair_seed()
    for spec in ("classic", "tabletop", "solitaire", "tiles:players=3"):
        one, two = start(spec, seed=seed), start(spec, seed=seed)
        assert one.state == two.state
        assert [e.to_json() for e in one.events] == [e.to_json() for e in two.events]
    assert deal_deck(seed, 1) == deal_deck(seed, 1) != deal_deck(seed, 0)
    assert deal_deck(seed, 0) != deal_deck(new_fair_seed(), 0)


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=30), size=st.integers(0, 120))
def test_the_legacy_shuffle_is_the_standard_librarys(text: str, size: int) -> None:
    """The decks of old seeds are shuffled by drawing the generator's words many at a time
    (and a list longer than its table by the standard library): the same lists as
    ``random.Random(text).shuffle``, for every length from none to past a deck."""
    expected = list(range(size))
    random.Random(text).shuffle(expected)
    assert legacy_shuffle(text, range(size)) == expected
