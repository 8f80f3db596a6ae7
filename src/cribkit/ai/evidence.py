"""What an opponent's cards laid in this deal say about the cards it still holds (two players).

The expert guesses the opponent's remaining cards; the play so far narrows the guesses in two
ways:

- **its gos**, by the rules alone: a player must lay a card whenever one fits, so a go on a
  count of ``c`` says that it held no card counting ``31 - c`` or less, and neither do the
  cards it holds now (:attr:`PlayEvidence.least_pip`);
- **its plays**, through a model of how it plays: under a guess of its cards, a player who
  lays the card that scores most now (easy's rule, ``greedy``) or looks one reply ahead
  (medium's, ``lookahead``) would have laid a certain card at each of its turns, and a guess
  under which it did is likelier (:func:`play_likelihood`).

Everything is by ranks: the count and the points of the play depend on nothing else.

>>> from cribkit.core.cards import parse_cards
>>> ten, king, queen = parse_cards("Th Kc Qd")
>>> evidence = read_play([(0, ten), (1, king), (0, queen)], opponent=1, starter=None,
...                      count_open=False)
>>> evidence.least_pip  # the count ended at 30 in a go: the opponent holds no ace
2
>>> evidence.turns[0].pile, evidence.turns[0].rank
((10,), 13)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cribkit.ai.pegging import greedy_card, one_reply_card, pip, playable
from cribkit.core.cards import card_rank
from cribkit.core.pegging import MAX_COUNT

__all__ = [
    "OpponentTurn",
    "PlayEvidence",
    "PlayRule",
    "agreement_likelihood",
    "play_likelihood",
    "read_play",
    "rule_agreements",
]

#: How a modelled opponent picks the card it lays (see :class:`~cribkit.ai.pegging.PlaySearch`).
PlayRule = Literal["greedy", "lookahead"]


@dataclass(frozen=True, slots=True)
class OpponentTurn:
    """One card the opponent laid this deal, with what it faced."""

    #: The count's ranks before it laid, in order, and their total.
    pile: tuple[int, ...]
    count: int
    #: The rank it laid, then the ranks it laid later this deal (all in its hand at this turn).
    held: tuple[int, ...]
    #: By rank (index 0 unused): the cards it could not have seen, its own hand not yet taken
    #: off (all but the starter and the cards laid before this turn).
    unseen: tuple[int, ...]

    @property
    def rank(self) -> int:
        """The rank it laid."""
        return self.held[0]


@dataclass(frozen=True, slots=True)
class PlayEvidence:
    """The opponent's turns this deal and the least count value of a card it may still hold."""

    turns: tuple[OpponentTurn, ...]
    least_pip: int


def read_play(
    played: Sequence[tuple[int, int]],
    *,
    opponent: int,
    starter: int | None,
    count_open: bool = True,
    said_go: bool = False,
) -> PlayEvidence:
    """The evidence of a two-player deal's cards ``played`` (seat, card), in order.

    ``count_open``: whether the last count is still being played (else it ended in a go, after
    its last card); ``said_go``: whether the opponent has said go on the count being played.
    A count ends at 31 or when neither player can lay a card, so a card that does not fit on
    the count before it begins a new count after a go.

    >>> from cribkit.core.cards import parse_cards
    >>> king, queen, five, four, two = parse_cards("Kh Qc 5d 4s 2h")
    >>> played = [(1, king), (0, queen), (1, five), (0, four)]
    >>> read_play(played, opponent=1, starter=None).least_pip  # no go yet
    1
    >>> read_play([*played, (0, two)], opponent=1, starter=None).least_pip  # a go at 29
    3
    """
    unseen = [0] + [4] * 13
    if starter is not None:
        unseen[card_rank(starter)] -= 1
    least = 1
    pile: list[int] = []
    count = 0
    last: int | None = None
    laid: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []
    for seat, card in played:
        rank = card_rank(card)
        if count + pip(rank) > MAX_COUNT:
            # The count before this card ended in a go: nobody could lay on it.
            least = max(least, MAX_COUNT + 1 - count)
            pile, count, last = [], 0, None
        elif last == seat != opponent:
            # The other side laid twice running on this count: the opponent had said go.
            least = max(least, MAX_COUNT + 1 - count)
        if seat == opponent:
            laid.append((tuple(pile), count, tuple(unseen)))
        pile.append(rank)
        count += pip(rank)
        last = seat
        unseen[rank] -= 1
        if count == MAX_COUNT:
            pile, count, last = [], 0, None
    if pile and (not count_open or said_go):
        least = max(least, MAX_COUNT + 1 - count)
    ranks = [card_rank(c) for s, c in played if s == opponent]
    turns = tuple(
        OpponentTurn(pile=p, count=c, held=tuple(ranks[i:]), unseen=u)
        for i, (p, c, u) in enumerate(laid)
    )
    return PlayEvidence(turns=turns, least_pip=least)


def rule_agreements(
    evidence: PlayEvidence, guess: Sequence[int], rule: PlayRule, *, aside: Sequence[int] = ()
) -> tuple[tuple[bool, int], ...]:
    """For each of the opponent's turns with a choice, holding ``guess`` still: whether a player
    who lays by ``rule`` would have laid the rank it laid, and how many ranks it could lay.
    ``aside``: the ranks it laid away, if known (a player looking one reply ahead counts them
    among the cards it has seen)."""
    out = []
    for turn in evidence.turns:
        hand = (*turn.held, *guess)
        options = playable(hand, turn.count)
        if len(options) < 2:
            continue
        if rule == "greedy":
            chosen = greedy_card(hand, turn.pile)
        else:
            unseen = list(turn.unseen)
            for rank in (*hand, *aside):
                unseen[rank] -= 1
            chosen = one_reply_card(hand, turn.pile, turn.count, unseen)
        out.append((chosen == turn.rank, len(options)))
    return tuple(out)


def agreement_likelihood(
    agreements: Sequence[tuple[bool, int]], slip: float, *, mixed: bool = False
) -> float:
    """How likely a player who keeps to a rule but for a ``slip`` of its turns, spread over
    the other ranks it could lay, made the choices of ``agreements`` (:func:`rule_agreements`).
    ``mixed``: the ``slip`` of its turns are spread over every rank it could lay, the rule's own
    among them (a player who follows the rule only some of the time, and otherwise plays any
    card alike).

    >>> agreement_likelihood([(True, 4)], 0.5, mixed=True)  # half the rule's: 0.5 + 0.5 / 4
    0.625
    >>> round(agreement_likelihood([(True, 4), (False, 3)], 0.1), 3)  # 0.9 x 0.1 / 2
    0.045
    """
    likelihood = 1.0
    for agrees, options in agreements:
        if mixed:
            likelihood *= (1 - slip if agrees else 0.0) + slip / options
        else:
            likelihood *= 1 - slip if agrees else slip / (options - 1)
    return likelihood


def play_likelihood(
    evidence: PlayEvidence,
    guess: Sequence[int],
    rule: PlayRule,
    slip: float,
    *,
    aside: Sequence[int] = (),
) -> float:
    """How likely a player who lays by ``rule`` (but for a ``slip`` of its turns, spread over
    the other ranks it could lay) laid what it laid this deal, holding ``guess`` still.
    ``aside``: the ranks it laid away, if known (a player looking one reply ahead counts them
    among the cards it has seen).

    >>> from cribkit.core.cards import parse_cards
    >>> ten, = parse_cards("Th")
    >>> evidence = read_play([(1, ten)], opponent=1, starter=None)
    >>> play_likelihood(evidence, (5, 2, 3), "greedy", 0.1)  # greedy leads its highest card
    0.9
    >>> round(play_likelihood(evidence, (13, 2, 3), "greedy", 0.1), 3)  # the king, not the 10
    0.033
    """
    return agreement_likelihood(rule_agreements(evidence, guess, rule, aside=aside), slip)
