"""The one value of a two-player lay-away, in every tool that values one (docs/analysis.md,
"One valuation of a lay-away"): ``cribkit discard``, the hint, the coach, ``cribkit analyse``,
the review and the puzzles all ask :func:`lay_away_values`, and the expert lays away by it.

A lay-away's value, in points, is the sum of three terms:

- **hand**: the kept four cards' exact mean over the 46 starters;
- **crib**: the crib's mean by the expert's crib table
  (:class:`~cribkit.ai.crib_table.TableCribModel`: the cards laid away with the other seat's
  two as a strong player lays them), added to one's own crib, taken from the other's;
- **pegging**: the kept hand's expected pegging margin (points pegged less the opponent's, to
  the end of the play), by the shipped pegging table (:func:`~cribkit.ai.pegging.load_peg_values`).

The words name every term and add up to the value shown:

>>> best = lay_away_values("5h 5c 5d Js 7c 9h", dealer=True)[0]
>>> str(best.discard), str(best.keep)
('7c 9h', '5c 5d 5h Js')
>>> best.terms()
'hand 16.65 + pegging 1.23 + crib 3.70 = 21.58'
>>> abs(best.shown - best.value) <= 0.005
True

``uniform=True`` is the textbook view instead (``cribkit discard --uniform``): hand and a crib
exact against an opponent who lays away at random, no pegging term.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from cribkit.core.analysis import UNIFORM_CRIB, CribModel, DiscardOption, analyse_discards
from cribkit.core.cards import CardSet

__all__ = [
    "PEG_WEIGHT",
    "LayAwayValue",
    "lay_away_values",
    "rounded_terms",
    "shown_value",
    "table_crib",
    "terms",
]

#: The weight of the kept hand's expected pegging margin: the margin counts as the points it is
#: (docs/ai.md, "Pegging-aware laying away"); the expert's lay-away is this valuation.
PEG_WEIGHT: Final = 1.0


@cache
def table_crib() -> CribModel:
    """The expert's crib model (:class:`~cribkit.ai.crib_table.TableCribModel`), loaded once."""
    from cribkit.ai.crib_table import TableCribModel

    return TableCribModel()


@dataclass(frozen=True, slots=True)
class LayAwayValue:
    """One way to lay away two cards of six and its value's terms, in points."""

    discard: CardSet
    keep: CardSet
    dealer: bool
    #: The kept hand's exact mean over the starters, and its least and most.
    hand: float
    hand_min: int
    hand_max: int
    #: The crib's mean (always its points: added for the dealer, taken off for pone).
    crib: float
    #: The kept hand's expected pegging margin (0 in the uniform view).
    pegging: float
    #: The crib model's name (``table``: the expert's; ``uniform``: the textbook's).
    crib_model: str

    @property
    def value(self) -> float:
        """hand + crib (dealer) or - crib (pone), + pegging (added in the order the expert has
        always added them: the same float to the last bit)."""
        return (self.hand + (self.crib if self.dealer else -self.crib)) + self.pegging

    @property
    def shown(self) -> float:
        """The value as the words say it (:func:`shown_value`)."""
        return shown_value(self.hand, self.pegging, self.crib, dealer=self.dealer)

    def terms(self) -> str:
        """The value's terms and their sum (:func:`terms`)."""
        pegging = None if self.crib_model == "uniform" else self.pegging
        return terms(self.hand, pegging, self.crib, dealer=self.dealer)

    def shown_dict(self) -> dict[str, Any]:
        """:meth:`to_dict` with the terms and the value as the words say them (hundredths that
        add up: :func:`rounded_terms`), for a table shown beside the words (the hint's)."""
        pegging = None if self.crib_model == "uniform" else self.pegging
        hand, pegged, crib, total = rounded_terms(self.hand, pegging, self.crib, dealer=self.dealer)
        return {
            **self.to_dict(),
            "hand": hand,
            "pegging": pegged,
            "crib": abs(crib),
            "value": total,
        }

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, cards as text (the hint's table, ``cribkit discard --json``)."""
        return {
            "discard": [str(c) for c in self.discard],
            "keep": [str(c) for c in self.keep],
            "hand": round(self.hand, 4),
            "hand_min": self.hand_min,
            "hand_max": self.hand_max,
            "pegging": round(self.pegging, 4),
            "crib": round(self.crib, 4),
            "value": round(self.value, 4),
        }


def rounded_terms(hand: float, pegging: float | None, crib: float, *, dealer: bool) -> list[float]:
    """The terms hand, pegging (0 when None) and the signed crib in hundredths, rounded so that
    they add up to the value rounded (the largest remainder goes up or down a hundredth: no
    term moves by more than 0.01), then their sum."""
    signed = crib if dealer else -crib
    exact = [hand, pegging or 0.0, signed]
    total = round((hand + signed) + (pegging or 0.0), 2)
    cents = [round(term * 100) for term in exact]
    missing = round(total * 100) - sum(cents)
    step = 1 if missing > 0 else -1
    for _ in range(abs(missing)):
        index = max(range(3), key=lambda i: step * (exact[i] * 100 - cents[i]))
        cents[index] += step
    return [*(c / 100 for c in cents), total]


def shown_value(hand: float, pegging: float | None, crib: float, *, dealer: bool) -> float:
    """A value as its words say it: rounded to hundredths (its terms add up to it)."""
    return rounded_terms(hand, pegging, crib, dealer=dealer)[-1]


def terms(hand: float, pegging: float | None, crib: float, *, dealer: bool) -> str:
    """A lay-away's value in words, every term and their sum (no pegging term: None). The terms
    are rounded to add up to the value (:func:`rounded_terms`).

    >>> terms(8.114, 0.42, 3.526, dealer=False)
    'hand 8.12 + pegging 0.42 - crib 3.53 = 5.01'
    >>> terms(8.114, -0.3, 3.526, dealer=True)
    'hand 8.11 - pegging 0.30 + crib 3.53 = 11.34'
    """
    shown_hand, shown_pegging, shown_crib, total = rounded_terms(hand, pegging, crib, dealer=dealer)
    said = f"hand {shown_hand:.2f}"
    if pegging is not None:
        said += f" {'-' if shown_pegging < 0 else '+'} pegging {abs(shown_pegging):.2f}"
    said += f" {'+' if dealer else '-'} crib {abs(shown_crib):.2f}"
    return f"{said} = {total:.2f}"


def lay_away_values(
    deal: str | Sequence[int],
    *,
    dealer: bool,
    uniform: bool = False,
    crib_model: CribModel | None = None,
    peg_weight: float = PEG_WEIGHT,
) -> list[LayAwayValue]:
    """The 15 lay-aways of a six-card deal (text or cards), best value first (ties: the higher
    hand, then the order of the cards). ``crib_model`` and ``peg_weight`` are for players of
    other settings; every tool leaves them. Raises
    :class:`~cribkit.core.cards.CardError` subclasses for bad cards."""
    if uniform:
        crib_model, peg_weight = UNIFORM_CRIB, 0.0
    model = crib_model if crib_model is not None else table_crib()
    options = analyse_discards(deal, dealer=dealer, crib_model=model)
    pegging = _pegging(options, dealer) if peg_weight else None
    name = "uniform" if model is UNIFORM_CRIB else "table"
    values = [
        LayAwayValue(
            discard=o.discard,
            keep=o.keep,
            dealer=dealer,
            hand=o.hand_mean,
            hand_min=o.hand_min,
            hand_max=o.hand_max,
            crib=o.crib_mean,
            pegging=peg_weight * pegging[index] if pegging is not None else 0.0,
            crib_model=name,
        )
        for index, o in enumerate(options)
    ]
    return sorted(values, key=lambda v: (-v.value, -v.hand))


def _pegging(options: Sequence[DiscardOption], dealer: bool) -> list[float]:
    from cribkit.ai.pegging import load_peg_values

    table = load_peg_values()
    return [table.kept(o.keep, dealer=dealer) for o in options]
