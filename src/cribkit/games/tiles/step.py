"""Cribbage Tiles: carrying out one action and what follows from it (the engine's step).

:class:`Step` is a mutable copy of a position while an action runs: it places the tiles, scores
them, fills the rack, moves the turn on, ends the game, and notes every event on the way (as
kinds and fields, made into events only when they are read).
:meth:`~cribkit.games.tiles.state.TilesState.apply` checks the action first, then hands it to a
step and makes the new state of :meth:`Step.changes`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from cribkit.games.protocol import Action, PendingEvent
from cribkit.games.tiles.actions import Exchange, PlayTiles
from cribkit.games.tiles.board import Board, PlayScore
from cribkit.games.tiles.conventions import TilesConvention, reshuffle_after_exchange
from cribkit.games.tiles.events import (
    BonusScored,
    Declared,
    GameEnded,
    GameWon,
    HandScored,
    JokerCalled,
    Passed,
    RackDeducted,
    TilesDrawn,
    TilesEvent,
    TilesExchanged,
    TilesPlayed,
    TilesResult,
)
from cribkit.games.tiles.notation import format_move
from cribkit.games.tiles.rules import RACK_SIZE, STALL_ROUNDS, face_value, piece_tile

if TYPE_CHECKING:
    from cribkit.games.tiles.state import TilesState

__all__ = ["DECLARE", "JOKER", "JOKER_PENALTY", "OVER", "PLAY", "Claim", "Step"]

#: The phases: a player's turn; with ``joker``, the declaration and the calls; the end.
PLAY: Final = "play"
DECLARE: Final = "declare"
JOKER: Final = "joker"
OVER: Final = "over"
#: A false call of Joker costs the caller this much.
JOKER_PENALTY: Final = 5


@dataclass(frozen=True, slots=True, kw_only=True)
class Claim:
    """With ``joker``: a play waiting for its player's declaration, then for the calls.

    ``correct`` is what the play scores, ``declared`` what was declared (-1: not yet),
    ``window`` the opponents still to call Joker or let it stand, in order.
    """

    seat: int
    correct: int
    move: str
    score: PlayScore
    declared: int = -1
    window: tuple[int, ...] = ()


class Step:
    """A mutable copy of a state while one action and its consequences run."""

    def __init__(self, state: TilesState) -> None:
        self.rules = state.rules
        self.seed = state.setup.seed
        #: Today's, or the engine's before 2026-12-01 (for its records).
        self.convention = state.setup.convention
        self.first_player = state.first_player
        self.pending: list[PendingEvent] = []
        self.phase = state.phase
        self.board: Board = state.board
        self.racks = [list(r) for r in state.racks]
        self.bags = [list(b) for b in state.bags]
        self.turn = state.turn
        self.scores = list(state.scores)
        self.misses = state.misses
        self.claim = state.claim
        self.result = state.result
        self.history = state.history
        #: Which tiles a player draws or gives back is private, except to the solitaire player.
        self.public = state.rules.solitaire

    def changes(self, action: Action | None) -> dict[str, Any]:
        """The fields of the new state, by name (``action`` joins the history)."""
        return {
            "phase": self.phase,
            "board": self.board,
            "racks": tuple(tuple(sorted(r)) for r in self.racks),
            "bags": tuple(tuple(b) for b in self.bags),
            "turn": self.turn,
            "scores": tuple(self.scores),
            "misses": self.misses,
            "claim": self.claim,
            "result": self.result,
            "history": self.history if action is None else (*self.history, action),
        }

    def note(
        self, event: type[TilesEvent], seat: int | None, points: int = 0, **extra: Any
    ) -> None:
        """An event of the kind ``event``: ``points`` scored by ``seat``, the scores after them."""
        if points and seat is not None:
            self.scores[seat] += points
        self.pending.append(
            (event, {"seat": seat, "points": points, "scores": tuple(self.scores), **extra})
        )

    def draw(self, seat: int) -> None:
        """Fill the seat's rack up to 5 from the front of its bag."""
        bag = self.bags[self.rules.bag_of(seat)]
        rack = self.racks[seat]
        need = max(0, RACK_SIZE - len(rack))
        drawn, bag[:need] = bag[:need], []
        if drawn:
            rack.extend(drawn)
            self.note(TilesDrawn, seat, tiles=tuple(drawn), public=self.public)

    def play(self, action: PlayTiles, score: PlayScore) -> None:
        """Place a checked play, score it (or, with ``joker``, wait for its declaration)."""
        seat = action.seat
        move = format_move(action, self.board)
        size = self.rules.board_size
        self.board = self.board.placed([r * size + c for r, c in action.cells], action.tiles)
        rack = self.racks[seat]
        for piece in action.tiles:
            rack.remove(piece_tile(piece))
        if self.rules.joker:
            self.note(TilesPlayed, seat, tiles=action.tiles, move=move)
            self.claim = Claim(seat=seat, correct=score.points, move=move, score=score)
            self.phase = DECLARE
            return
        self.note(TilesPlayed, seat, tiles=action.tiles, move=move, count=score.points)
        for hand in score.hands:
            self.note(HandScored, seat, hand.points, tiles=hand.pieces, line=hand.name)
        lines = {hand.name: hand.pieces for hand in score.hands}
        for bonus in score.bonuses:
            tiles = lines.get(bonus.hand, ())  # a colour bonus shows its crib hand
            self.note(
                BonusScored, seat, bonus.points, kind=bonus.kind, line=bonus.hand, tiles=tiles
            )
        self.end_turn(seat, played=True)

    def exchange(self, action: Exchange) -> None:
        """Give the tiles back and draw as many: the new tiles first, then the old ones go to
        the bottom of the bag in the order the player gave them (rule 10; no shuffle, but by
        the convention before 2026-12-01 a seeded bag was shuffled then)."""
        seat, tiles = action.seat, action.tiles
        bag = self.bags[self.rules.bag_of(seat)]
        k = len(tiles)
        drawn, bag[:k] = bag[:k], []
        rack = self.racks[seat]
        for tile in tiles:
            rack.remove(tile)
        rack.extend(drawn)
        bag.extend(tiles)
        if self.convention is TilesConvention.RESHUFFLE and self.seed is not None:
            before = sum(isinstance(done, Exchange) for done in self.history)
            reshuffle_after_exchange(bag, self.seed, before)
        self.note(TilesExchanged, seat, tiles=tiles, public=self.public)
        self.note(TilesDrawn, seat, tiles=tuple(drawn), public=self.public)
        self.end_turn(seat, played=False)

    def pass_turn(self, seat: int) -> None:
        """Miss the turn."""
        self.note(Passed, seat)
        self.end_turn(seat, played=False)

    def end_turn(self, seat: int, *, played: bool) -> None:
        """After a play (drawn back up to 5) or a missed turn: the end, or the next player."""
        n = self.rules.players
        if played:
            self.misses = 0
            self.draw(seat)
            # With solitaire a colour may play out while the other bag holds tiles: the game
            # ends only once both bags are empty (then for whoever has played out); before
            # 2026-12-01 it ended then and there.
            out = [s for s in (seat, *range(n)) if not self.racks[s]]
            if out and (self.convention is TilesConvention.RESHUFFLE or not any(self.bags)):
                self.finish("played_out", out[0])
                return
        else:
            self.misses += 1
            if self.misses >= n and not any(self.bags):
                self.finish("passes")
                return
            if self.misses >= STALL_ROUNDS * n:
                self.finish("stalled")
                return
        self.turn = (seat + 1) % n
        self.phase = PLAY

    def declare(self, points: int) -> None:
        """With ``joker``: the declared points are scored; the opponents may call."""
        claim = self.claim
        assert claim is not None  # the phase is DECLARE: verify checked it
        n = self.rules.players
        window = tuple((claim.seat + i) % n for i in range(1, n))
        self.claim = replace(claim, declared=points, window=window)
        self.note(Declared, claim.seat, points, move=claim.move, missed=claim.correct - points)
        self.phase = JOKER

    def joker(self, caller: int) -> None:
        """The first call ends the calls: the missed points, or the penalty."""
        claim = self.claim
        assert claim is not None  # the phase is JOKER: verify checked it
        missed = claim.correct - claim.declared
        self.note(JokerCalled, caller, missed if missed > 0 else -JOKER_PENALTY, other=claim.seat)
        self.close_claim()

    def pass_joker(self) -> None:
        """The caller lets the declaration stand; after the last one the turn ends."""
        claim = self.claim
        assert claim is not None  # the phase is JOKER: verify checked it
        self.claim = replace(claim, window=claim.window[1:])
        if not claim.window[1:]:
            self.close_claim()

    def close_claim(self) -> None:
        claim = self.claim
        assert claim is not None
        self.claim = None
        self.end_turn(claim.seat, played=True)

    def finish(self, reason: str, seat: int | None = None) -> None:
        """The end: the tiles left are deducted and the top score wins (ties share it)."""
        rules = self.rules
        self.note(GameEnded, seat, kind=reason)
        for s in range(rules.players):
            rack = self.racks[s]
            if rack:
                self.note(
                    RackDeducted, s, -sum(face_value(t) for t in rack), tiles=tuple(sorted(rack))
                )
        scores = tuple(self.scores)
        top = max(scores)
        winners = tuple(s for s in range(rules.players) if scores[s] == top)
        self.result = TilesResult(
            winners[0], winners, scores, 1, "", self.first_player, rules.solitaire
        )
        self.phase = OVER
        self.claim = None
        self.note(GameWon, winners[0], seats=winners)
