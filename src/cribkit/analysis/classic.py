"""The analysis of classic cribbage decisions (docs/analysis.md, "Classic").

Every value is the expert's (:class:`~cribkit.ai.classic.ClassicPlayer`), worked out from the
seat's view (``state.observation(seat)``) only; hindsight, from the whole state, is apart.

- **lay-away** (two players): the expert's own discard values: the kept hand's exact mean
  over the 46 starters, plus the crib's mean by the expert's crib table
  (:class:`~cribkit.ai.crib_table.TableCribModel`), added for the dealer and taken away for
  pone, plus the kept hand's expected pegging margin at the expert's weight
  (``ExpertSettings.peg_weight``, 1.0 in the shipped expert): ``ClassicPlayer.discard_values``. Near
  the end of the game (``ClassicPlayer.near_end``: a score within 30% of the target) the
  expert values a discard by its chance of winning, from the win table, and so does the
  analysis (``unit="win"``). With 3 or 4 players (one card away): the hand's exact mean plus
  a crib estimated from 400 sampled cribs, as the expert does. Hindsight: the discard that
  scores most in hand and crib with the real starter and the real crib cards.
- **play**: the expert search's value of each card (its mean pegging margin to the end of the
  play, points for minus points against, over its guesses of the opponent's cards, weighted by
  how likely the opponent kept them). Near the end the expert searches for the chance of
  winning; the analysis keeps the margin so that every play decision is in points. With 3
  players: the expert's search of the rest of the play over its guesses of the other two
  hands (its points less half the others'); with 4: the points now less the expected points
  of one reply. Hindsight: the exact search with the
  opponent's real cards against its best replies.
- **count** (manual counting): a declaration below the true count costs the points left; not
  calling muggins on a short count costs the points that could have been taken.

The guesses are drawn with a seed fixed by the decision's index, so an analysis is the same
every time and does not depend on any card the seat could not see.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import Final

from cribkit.ai.classic import (
    CRIB_SAMPLES,
    ClassicPlayer,
    ExpertSettings,
    owns_crib,
    play_turn,
    table_model,
)
from cribkit.ai.lay_away import LayAwayValue, lay_away_values
from cribkit.ai.pegging import PlaySearch, peg_points, pip, reply_risk
from cribkit.analysis.deal_values import deal_role
from cribkit.analysis.luck import card_luck
from cribkit.analysis.model import SEVERE, Choice, Decision, Luck, verdict
from cribkit.core.cards import Card, card_rank
from cribkit.core.pegging import MAX_COUNT, score_peg
from cribkit.core.scoring import score_hand
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.play import DECLARE, DISCARD, MUGGINS, PLAY, cards_of
from cribkit.games.classic.state import ClassicState
from cribkit.games.classic.view import ClassicView
from cribkit.games.protocol import Action, GameState
from cribkit.games.records import Step

#: The guesses of a decision are seeded by its index plus this, so an analysis repeats.
SEED: Final = 16


def decision(
    before: GameState,
    action: Action,
    index: int,
    *,
    later: Sequence[Step] = (),
    hindsight: bool = True,
) -> Decision | None:
    """The decision ``action`` from ``before`` valued with the seat's view (see the module);
    None when it is no choice. ``later`` (the steps after it) gives the hindsight its real
    crib cards; with ``hindsight=False`` there is none (it is not worked out)."""
    assert isinstance(before, ClassicState)
    match action:
        case Discard() if before.phase == DISCARD:
            return _lay_away(before, action, index, later, hindsight=hindsight)
        case Play() if before.phase == PLAY:
            return _play(before, action, index, hindsight=hindsight)
        case Declare() if before.phase == DECLARE:
            return _declare(before, action, index)
        case Muggins() | PassMuggins() if before.phase == MUGGINS:
            return _muggins(before, action, index)
    return None


def luck(steps: Sequence[Step], seat: int) -> tuple[Luck, ...]:
    """The seat's hands, cribs and starters against the exact distributions (one of each per
    deal that reached the cut)."""
    hands: list[tuple[Sequence[int], int, Sequence[int]]] = []
    cribs: list[tuple[Sequence[int], int]] = []
    deals: list[tuple[Sequence[int], str]] = []
    previous: ClassicState | None = None
    for step in steps:
        state = step.state
        assert isinstance(state, ClassicState)
        cut = state.starter is not None and (
            previous is None or previous.starter is None or previous.deal_no != state.deal_no
        )
        if cut and state.starter is not None and state.kept[seat]:
            keep = cards_of(state.kept[seat])
            dealt = (*keep, *cards_of(state.laid[seat]))
            hands.append((keep, state.starter, [c for c in range(52) if c not in dealt]))
            deals.append((dealt, deal_role(len(dealt), dealer=state.dealer == seat)))
            if state.dealer == seat:
                cribs.append((cards_of(state.crib), state.starter))
        previous = state
    return card_luck(hands, cribs, deals)


def notes(steps: Sequence[Step], seat: int) -> tuple[str, ...]:
    """What the analysis of the seat's decisions assumed."""
    return (
        "play values are the pegging margin to the end of the play, also near the end of the "
        "game (where the expert itself plays for the chance of winning), so that every play is "
        "in points",
    )


# -- laying away ------------------------------------------------------------------------------


def _expert(index: int) -> ClassicPlayer:
    # The shipped expert's settings, except that the play search values the margin only.
    settings = ExpertSettings(endgame_play=False)
    return ClassicPlayer("expert", seed=SEED + index, crib_model=table_model(), settings=settings)


def _names(cards: Iterable[int]) -> str:
    return " ".join(Card(c).symbol for c in cards)


def _lay_away(
    before: ClassicState, action: Discard, index: int, later: Sequence[Step], *, hindsight: bool
) -> Decision | None:
    seat = action.seat
    view = before.observation(seat)
    hand = list(view.hand)
    dealer = owns_crib(view)
    expert = _expert(index)
    ways = [tuple(cards) for cards in combinations(view.hand, view.to_lay_away)]
    if len(ways) < 2:
        return None
    unit, samples = "points", 0
    options: dict[frozenset[int], LayAwayValue] = {}
    if view.rules.players == 2 and len(hand) == 6:
        # The one valuation of a lay-away (the expert's own: hand + its pegging ± the crib),
        # term by term for the words; near the end, the expert's chance of winning if its
        # settings play for it.
        found = lay_away_values(
            hand, dealer=dealer, crib_model=expert.crib_model, peg_weight=expert.settings.peg_weight
        )
        options = {frozenset(o.discard): o for o in found}
        values = {ways: o.value for ways, o in options.items()}
        if expert.settings.endgame_discard and expert.near_end(view):
            unit, values = "win", expert.discard_values(view)
    else:
        # The expert's own values: a sampled crib with 3 or 4 players.
        values = expert.discard_values(view)
        samples = CRIB_SAMPLES
    crib = "your crib" if dealer else "their crib"

    def words(cards: tuple[Card, ...]) -> str:
        text = f"lay away {_names(cards)}"
        option = options.get(frozenset(cards))
        if option is not None:
            text += f", keep {_names(option.keep)} ({crib}): {option.terms()}"
        if unit == "win":
            text += f": {100 * values[frozenset(cards)]:.1f}% to win"
        return text

    choices = tuple(
        sorted(
            (
                Choice(Discard(seat, cards).to_dict(), words(cards), values[frozenset(cards)])
                for cards in ways
            ),
            key=lambda c: (-c.value, sum(Card.parse(t) for t in c.action["cards"])),
        )
    )
    chosen = _chosen(choices, action)
    said = chosen.words
    if chosen is not choices[0]:
        gap = choices[0].value - chosen.value
        amount = f"{100 * gap:.1f} points of win chance" if unit == "win" else f"{gap:.2f} points"
        said += (
            f"; best {choices[0].words.split(',')[0].removeprefix('lay away ')}, {amount} better"
        )
    return Decision(
        index,
        seat,
        "lay-away",
        unit,
        chosen,
        choices,
        said,
        samples=samples,
        hindsight=_lay_away_hindsight(before, seat, ways, dealer, later) if hindsight else None,
        scores=tuple(before.scores),
    )


def _lay_away_hindsight(
    before: ClassicState,
    seat: int,
    ways: list[tuple[Card, ...]],
    dealer: bool,
    later: Sequence[Step],
) -> Choice | None:
    """The discard that scores most in hand and crib, with the real starter and crib cards."""
    cut: ClassicState | None = None
    for step in later:
        state = step.state
        assert isinstance(state, ClassicState)
        if state.deal_no != before.deal_no:
            break
        if state.starter is not None:
            cut = state
            break
    if cut is None or cut.starter is None:
        return None  # the record stops before the cut: the others' discards are not known
    starter = cut.starter
    mine = set(cards_of(cut.laid[seat]))
    others = [c for c in cards_of(cut.crib) if c not in mine]
    held = [*cards_of(before.hands[seat])]
    best: tuple[int, int, int, tuple[Card, ...]] | None = None
    for cards in ways:
        keep = [c for c in held if c not in cards]
        hand = score_hand(keep, starter).total if len(keep) == 4 else 0
        crib = score_hand([*others, *cards], starter, crib=True).total
        value = hand + (crib if dealer else -crib)
        if best is None or value > best[0]:
            best = (value, hand, crib, cards)
    assert best is not None
    value, hand, crib, cards = best
    sign = "+" if dealer else "-"
    return Choice(
        Discard(seat, cards).to_dict(),
        f"hindsight (starter {starter.symbol} and the crib known): lay away {_names(cards)}: "
        f"hand {hand} {sign} crib {crib} = {value} points",
        float(value),
    )


def _chosen(choices: tuple[Choice, ...], action: Action) -> Choice:
    form = action.to_dict()
    return next(c for c in choices if dict(c.action) == form)


# -- pegging -----------------------------------------------------------------------------------


def _card_of_rank(rank: int, used: Sequence[Card]) -> Card:
    """A card of ``rank`` not in ``used`` (pegging words depend on ranks only)."""
    return next(Card(c) for c in range((rank - 1) * 4, rank * 4) if c not in used)


def _play_words(pile: Sequence[Card], card: Card, unseen: dict[int, int]) -> str:
    """What laying ``card`` scores now, and the most one reply from the unseen ranks can
    score on it."""
    laid = score_peg([*pile, card])
    text = f"play {card.symbol}: " + (laid.words() or "no points")
    count = laid.count
    worst, reply = 0, 0
    ranks = [*(card_rank(c) for c in pile), card_rank(card)]
    if count < MAX_COUNT:
        for rank, copies in unseen.items():
            if copies and count + pip(rank) <= MAX_COUNT:
                points = peg_points([*ranks, rank], count + pip(rank))
                if points > worst:
                    worst, reply = points, rank
    if worst:
        said = score_peg([*pile, card, _card_of_rank(reply, [*pile, card])]).words()
        text += f" (a reply could make {said})"
    return text


def _play(before: ClassicState, action: Play, index: int, *, hindsight: bool) -> Decision | None:
    seat = action.seat
    view = before.observation(seat)
    plays = [a for a in before.legal_actions() if isinstance(a, Play)]
    if len({card_rank(a.card) for a in plays}) < 2:
        return None  # cards of one rank are one choice
    hand = [card_rank(c) for c in view.hand]
    pile = [card_rank(c) for c in view.pile]
    unseen = _unseen(view)
    expert = _expert(index)
    if view.rules.players == 2:
        values = expert.play_values(view, hand, pile)
    elif expert.searches_many(view):
        values = expert.many_play_values(view, hand, pile)
    else:
        # The expert's rule with 4 players: the points now less one reply's expectation.
        count = view.count
        values = {}
        for rank in {card_rank(a.card) for a in plays}:
            after = count + pip(rank)
            now = peg_points([*pile, rank], after)
            values[rank] = now - (reply_risk([*pile, rank], after, unseen) if after < 31 else 0)
    choices = tuple(
        sorted(
            (
                Choice(
                    a.to_dict(),
                    # The value in the words too: two choices never read the same.
                    f"{_play_words(view.pile, a.card, unseen)}, worth "
                    f"{values[card_rank(a.card)]:+.2f}",
                    values[card_rank(a.card)],
                )
                for a in plays
            ),
            key=lambda c: (-c.value, -card_rank(Card.parse(c.action["card"]))),
        )
    )
    chosen = _chosen(choices, action)
    said = chosen.words
    any_hand_cost = None
    read = view.rules.players == 2 and sum(view.hand_counts) > len(view.hand)
    if read and verdict(choices[0].value - chosen.value, "points") in SEVERE:
        # A mistake or worse by the read of the opponent's likely cards: the same search
        # against any hand it could hold, for the verdict must hold there too (Decision.verdict;
        # searched only then, so the analysis costs no more for every other play).
        any_hand = _expert(index).any_hand_play_values(view, hand, pile)
        best_rank = card_rank(Card.parse(choices[0].action["card"]))
        any_hand_cost = max(0.0, any_hand[best_rank] - any_hand[card_rank(action.card)])
    if chosen.value < choices[0].value:
        gap = choices[0].value - chosen.value
        said += f"; {choices[0].words.removeprefix('play ')} was {gap:.2f} points better"
        if any_hand_cost is not None:
            said += (
                f" against the cards a strong player keeps ({any_hand_cost:.2f} against any "
                "hand they could hold)"
            )
    return Decision(
        index,
        seat,
        "play",
        "points",
        chosen,
        choices,
        said,
        # The search averages its guesses of the opponent's cards (exact when it holds none).
        samples=_play_samples(view, expert),
        hindsight=(
            _play_hindsight(before, view, plays) if hindsight and view.rules.players == 2 else None
        ),
        scores=tuple(before.scores),
        any_hand_cost=any_hand_cost,
    )


def _play_samples(view: ClassicView, expert: ClassicPlayer) -> int:
    """How many guesses of the other seats' cards a play's values average (0: none needed)."""
    if sum(view.hand_counts) == len(view.hand):
        return 0
    if view.rules.players == 2:
        return expert.settings.samples
    return expert.settings.many_samples if expert.searches_many(view) else 0


def _play_hindsight(before: ClassicState, view: ClassicView, plays: list[Play]) -> Choice:
    """The best card with the opponent's cards known and its best replies (exact search)."""
    seat = view.seat
    opponent = [card_rank(c) for c in cards_of(before.hands[1 - seat])]
    pile = [card_rank(c) for c in view.pile]
    last_layer, opponent_go = play_turn(view)  # as the expert reads the turn
    values = PlaySearch(greed=0.0).card_values(
        [card_rank(c) for c in view.hand],
        [opponent],
        pile=pile,
        last_layer=last_layer,
        opponent_go=opponent_go,
    )
    rank = max(values, key=lambda r: (values[r], r))
    card = next(a.card for a in plays if card_rank(a.card) == rank)
    return Choice(
        Play(seat, card).to_dict(),
        f"hindsight (their cards known): play {card.symbol}, margin {values[rank]:+.0f}",
        values[rank],
    )


def _unseen(view: ClassicView) -> dict[int, int]:
    """The seat's unseen cards by rank (not held, laid away, cut or played)."""
    seen = {*view.hand, *view.laid_away, *view.kept, *(c for _, c in view.played)}
    if view.starter is not None:
        seen.add(view.starter)
    counts: dict[int, int] = {}
    for c in range(52):
        if c not in seen:
            counts[card_rank(c)] = counts.get(card_rank(c), 0) + 1
    return counts


# -- counting (manual counting and muggins) ---------------------------------------------------


def _declare(before: ClassicState, action: Declare, index: int) -> Decision | None:
    claim = before.claim
    assert claim is not None
    if claim.correct == 0:
        return None  # nothing to declare but 0
    seat = action.seat
    right = Choice(
        Declare(seat, claim.correct).to_dict(), f"declare {claim.correct}", claim.correct
    )
    choices: tuple[Choice, ...]
    if action.points == claim.correct:
        chosen, choices = right, (right,)
    else:
        chosen = Choice(action.to_dict(), f"declare {action.points}", float(action.points))
        choices = (right, chosen)
    said = chosen.words + (
        f" of {claim.correct}: {claim.correct - action.points} left on the table"
        if chosen is not right
        else " (the true count)"
    )
    return Decision(
        index, seat, "count", "points", chosen, choices, said, scores=tuple(before.scores)
    )


def _muggins(before: ClassicState, action: Action, index: int) -> Decision | None:
    claim = before.claim
    assert claim is not None
    missed = claim.correct - claim.declared
    if missed <= 0:
        return None  # only passing is legal
    seat = action.seat
    call = Choice(Muggins(seat).to_dict(), f"call muggins for {missed}", float(missed))
    stand = Choice(PassMuggins(seat).to_dict(), "let the count stand", 0.0)
    chosen = call if isinstance(action, Muggins) else stand
    said = chosen.words + ("" if chosen is call else f": {missed} missed points not taken")
    return Decision(
        index, seat, "count", "points", chosen, (call, stand), said, scores=tuple(before.scores)
    )
