"""Where a dealt game's chance comes from, checked once for every game that deals decks.

A game dealt from 52-card decks (classic, Table Top) is set up by a seed, by explicit decks
(one per deal, top card first, used before the seed's shuffles), or both, with an optional
first dealer and optional starting scores (problems, handicaps).

>>> setup = deal_setup("classic", players=2, sides=2, target=121, seed=7)
>>> setup.deck(0) == deal_deck(7, 0), setup.start_scores
(True, None)
>>> deal_setup("classic", players=2, sides=2, target=121, seed=7, first_dealer=2)
Traceback (most recent call last):
...
cribkit.games.errors.GameError: first_dealer must be a seat from 0 to 1, not 2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cribkit.core.cards import Card
from cribkit.games.classic.rules import Seed, deal_deck
from cribkit.games.protocol import Action, GameError, Rules
from cribkit.games.records import FORMAT, VERSION
from cribkit.games.stacking import as_deck

__all__ = ["DealSetup", "as_deck", "deal_deck", "deal_setup"]


@dataclass(frozen=True, slots=True)
class DealSetup:
    """Where the chance comes from: explicit decks (first deals), then the seed's shuffles.

    ``first_dealer`` skips the cut for the first deal; ``start_scores`` starts the game from
    given scores instead of 0.
    """

    seed: Seed | None = None
    decks: tuple[tuple[Card, ...], ...] = ()
    first_dealer: int | None = None
    start_scores: tuple[int, ...] | None = None

    def deck(self, deal: int) -> tuple[Card, ...] | None:
        """The deck of deal number ``deal``, or None if there is none."""
        if deal < len(self.decks):
            return self.decks[deal]
        if self.seed is None:
            return None
        return deal_deck(self.seed, deal)

    def record(self, rules: Rules, history: Iterable[Action]) -> dict[str, Any]:
        """The JSON record of a game with these rules, this setup and these actions."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "version": VERSION,
            "game": rules.GAME,
            "rules": rules.options(),
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.decks:
            out["decks"] = [[str(c) for c in deck] for deck in self.decks]
        if self.first_dealer is not None:
            out["first_dealer"] = self.first_dealer
        if self.start_scores is not None:
            out["start_scores"] = list(self.start_scores)
        out["actions"] = [action.to_dict() for action in history]
        return out


def deal_setup(
    game: str,
    *,
    players: int,
    sides: int,
    target: int,
    seed: Seed | None = None,
    decks: Iterable[Iterable[int | str]] | None = None,
    first_dealer: int | None = None,
    start_scores: Sequence[int] | None = None,
) -> DealSetup:
    """Check a game's setup and return it; every error names what was wrong."""
    if seed is not None and (not isinstance(seed, int | str) or isinstance(seed, bool)):
        raise GameError(f"a seed is a whole number or text, not {seed!r}")
    deck_list = tuple(as_deck(d, f"deck {i}") for i, d in enumerate(decks or ()))
    if seed is None and not deck_list:
        raise GameError("a game needs a seed or explicit decks")
    if first_dealer is not None and (
        not isinstance(first_dealer, int)
        or isinstance(first_dealer, bool)
        or not 0 <= first_dealer < players
    ):
        raise GameError(
            f"first_dealer must be a seat from 0 to {players - 1}, not {first_dealer!r}"
        )
    scores: tuple[int, ...] | None = None
    if start_scores is not None:
        scores = tuple(start_scores)
        if len(scores) != sides or not all(
            isinstance(s, int) and not isinstance(s, bool) and 0 <= s < target for s in scores
        ):
            raise GameError(
                f"start_scores must be {sides} whole numbers from 0 to {target - 1}, "
                f"not {list(start_scores)!r}"
            )
    return DealSetup(seed, deck_list, first_dealer, scores)
