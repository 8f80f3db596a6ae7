"""Classic cribbage in the environments: its move numbers and its observation array.

Moves (``Discrete(99)``):

===========  =================================================================================
0 - 14       lay away two cards, by their places in the six-card hand (ascending by rank, then
             suit): 0 is places (0, 1), 1 is (0, 2) ... 14 is (4, 5), as ``PAIRS`` lists them
15 - 66      the card ``n - 15`` (0 = A♣ ... 51 = K♠, cribkit's card number): the card played,
             or the one card laid away with three or four players
67 - 96      declare ``n - 67`` points (manual counting)
97, 98       call muggins; let the count stand
===========  =================================================================================

The observation (``float32``, 552 values in [0, 1]), seats and sides counted from the
observing seat (0 is itself, 1 the next clockwise...):

=========  ========================================================================
0          the cards held (52)
52         the four kept for the show, once laid away (52)
104        the cards this seat laid away (52)
156        the starter, once cut (52)
208        the cards of the current count, in play (52)
260        the cards each seat has played this deal (4 x 52, by relative seat)
468        each side's score / target (4, the seat's own side first)
472        the dealer (4, relative seat); 476: whose turn it is (4)
480        the phase: discard, play, declare, muggins, over (5)
485        the count / 31; 486: cards held by each seat / 6 (4); 490: cards to lay away / 2
491        two, three or four players (3); 494: a game to 61
495        a count waiting for its declaration or for muggins: peg, show, crib (3), whether
           it is this seat's (1), what was declared / 29 (1), its cards (52)
=========  ========================================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, cast

import numpy as np

from cribkit.env.codec import FloatArray, Position, number_lay_aways, pair_index
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic import core as lean
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.core import Core, Game
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.view import ClassicView
from cribkit.games.protocol import Action, Rules
from cribkit.games.views import GameView

if TYPE_CHECKING:
    from cribkit.games.classic.state import ClassicState

CARD_BASE: Final = 15
DECLARE_BASE: Final = 67
MUGGINS: Final = 97
PASS_MUGGINS: Final = 98
ACTIONS: Final = 99
SIZE: Final = 552
PHASES: Final = ("discard", "play", "declare", "muggins", "over")
CLAIM_KINDS: Final = ("peg", "show", "crib")


class ClassicCodec:
    """Classic cribbage's numbering of moves and its observation array (module docstring)."""

    game = "classic"
    actions = ACTIONS

    def shape(self, rules: Rules) -> tuple[int, ...]:
        return (SIZE,)

    def encode(self, view: GameView) -> FloatArray:
        assert isinstance(view, ClassicView)
        seats = view.rules.players
        me = view.seat
        out = np.zeros(SIZE, dtype=np.float32)
        # Written through a memoryview, in plain loops: an item of it is set in half the time
        # of a numpy item, and the array is made at every decision of an agent.
        put = cast("memoryview[float]", out.data)
        for card in view.hand:
            put[card] = 1.0
        for card in view.kept:
            put[52 + card] = 1.0
        for card in view.laid_away:
            put[104 + card] = 1.0
        if view.starter is not None:
            put[156 + view.starter] = 1.0
        for card in view.pile:
            put[208 + card] = 1.0
        for seat, card in view.played:
            put[260 + 52 * ((seat - me) % seats) + card] = 1.0
        sides = len(view.scores)
        own = view.side
        target = view.target
        for index, score in enumerate(view.scores):
            put[468 + (index - own) % sides] = min(1.0, score / target)
        put[472 + (view.dealer - me) % seats] = 1.0
        if view.current_player is not None:
            put[476 + (view.current_player - me) % seats] = 1.0
        if view.phase in PHASES:
            put[480 + PHASES.index(view.phase)] = 1.0
        put[485] = view.count / 31
        for seat, held in enumerate(view.hand_counts):
            put[486 + (seat - me) % seats] = held / 6
        put[490] = view.to_lay_away / 2
        put[491 + seats - 2] = 1.0
        if target == 61:
            put[494] = 1.0
        claim = view.claim
        if claim is not None:
            put[495 + CLAIM_KINDS.index(claim.kind)] = 1.0
            if claim.seat == me:
                put[498] = 1.0
            if claim.declared is not None:
                put[499] = min(1.0, claim.declared / 29)
            for card in claim.cards:
                put[500 + card] = 1.0
        return out

    def observe(self, position: Position, seat: int) -> FloatArray:
        """:meth:`encode` of ``seat``'s view of ``position`` (a classic state or playout),
        written straight from the game's core, without making the view."""
        game, core = cast("ClassicState", position).lean_core
        return encode_core(game, core, seat)

    def legal(self, state: Position, seat: int) -> dict[int, Action]:
        if state.current_player != seat:
            return {}
        legal = state.legal_actions()
        if not legal:
            return {}
        first = legal[0]
        if isinstance(first, Play):  # (the play: every move is a card)
            return {CARD_BASE + a.card: a for a in legal}  # type: ignore[attr-defined]
        if isinstance(first, Discard) and len(first.cards) == 2:
            return number_lay_aways(cast(list[Discard], legal))
        return {number(action, ()): action for action in legal}


def _mark(put: memoryview[float], offset: int, mask: int) -> None:
    """1 at ``offset`` + each card of ``mask``."""
    while mask:
        low = mask & -mask
        put[offset + low.bit_length() - 1] = 1.0
        mask ^= low


def encode_core(game: Game, core: Core, seat: int) -> FloatArray:
    """The observation array of ``seat`` (a seat, not a spectator) in the core ``core`` of
    ``game``: :meth:`ClassicCodec.encode` of its view, made from the core's fields (the same
    array, tested at every step of random games of every variant)."""
    seats = game.players
    me = seat
    out = np.zeros(SIZE, dtype=np.float32)
    put = cast("memoryview[float]", out.data)
    hands = core[lean.HANDS]
    own_laid = core[lean.LAID][seat]
    _mark(put, 0, hands[seat])
    if own_laid:
        _mark(put, 52, core[lean.KEPT][seat])
        _mark(put, 104, own_laid)
    starter = core[lean.STARTER]
    if starter is not None:
        put[156 + starter] = 1.0
    for card in core[lean.PILE]:
        put[208 + card] = 1.0
    for player, card in core[lean.PLAYED]:
        put[260 + 52 * ((player - me) % seats) + card] = 1.0
    scores = core[lean.SCORES]
    sides = len(scores)
    own = game.side[seat]
    target = game.target
    for index, score in enumerate(scores):
        put[468 + (index - own) % sides] = min(1.0, score / target)
    put[472 + (core[lean.DEALER] - me) % seats] = 1.0
    current = lean.seat_to_act(game, core)
    if current is not None:
        put[476 + (current - me) % seats] = 1.0
    phase = core[lean.PHASE]
    if phase in PHASES:
        put[480 + PHASES.index(phase)] = 1.0
    put[485] = core[lean.COUNT] / 31
    for player, held in enumerate(hands):
        put[486 + (player - me) % seats] = held.bit_count() / 6
    if phase == "discard" and not own_laid:
        put[490] = game.discards / 2
    put[491 + seats - 2] = 1.0
    if target == 61:
        put[494] = 1.0
    claim = core[lean.CLAIM]
    if claim is not None:
        put[495 + CLAIM_KINDS.index(claim.kind)] = 1.0
        if claim.seat == me:
            put[498] = 1.0
        if claim.declared >= 0:
            put[499] = min(1.0, claim.declared / 29)
        for card in claim.cards:
            put[500 + card] = 1.0
    return out


def number(action: Action, hand: Sequence[int]) -> int:
    """The number of a classic move made from ``hand`` (the module docstring's table)."""
    if isinstance(action, Play):
        return CARD_BASE + int(action.card)
    if isinstance(action, Discard):
        if len(action.cards) == 1:
            return CARD_BASE + int(action.cards[0])
        return pair_index(hand, action.cards)
    if isinstance(action, Declare):
        return DECLARE_BASE + action.points
    if isinstance(action, Muggins):
        return MUGGINS
    if isinstance(action, PassMuggins):
        return PASS_MUGGINS
    raise ValueError(f"classic has no number for {action}")  # pragma: no cover


#: The rules the environments play by default.
DEFAULT_RULES: Final = ClassicRules()
