"""Who may act at a table, and a move sent on a game that others have moved on from
(``docs/web.md``, "Lay-aways together").

In a game whose seats act together (``GameInfo.together``: classic's lay-away) every seat that
may act is offered its moves at once, people and computers alike. Two people who lay away at
the same moment both send the version they saw; the second one's is then one move old. Such a
*late* move stands when nothing it was chosen on has changed for its seat: since that version
only other seats acted, nothing was shown to this seat (:func:`~cribkit.games.undo.first_reveal`),
and it may still act. Otherwise it is refused ``stale`` as before, and changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cribkit.games.protocol import Action, GameState, acting_seats
from cribkit.games.undo import first_reveal
from cribkit.web.messages import WebError, apply_action, check_turn

if TYPE_CHECKING:
    from cribkit.web.sessions import GameSession

#: How many times a move is weighed again when another process moved the game on first.
MOVE_ATTEMPTS = 3

__all__ = ["computer_seat", "late_move_stands", "only_others_moved", "own_moves", "take_move"]


def late_move_stands(session: GameSession, seen: int, seat: int) -> bool:
    """Whether a move of ``seat`` chosen on the game's version ``seen`` (an older one) is taken
    as if chosen now: only other seats have acted since, showing ``seat`` nothing, and it may
    still act."""
    start = session.moves_at.get(seen)
    return start is not None and only_others_moved(session, start, seat)


def only_others_moved(session: GameSession, start: int, seat: int) -> bool:
    """Whether since the game's first ``start`` actions only other seats have acted, showing
    ``seat`` nothing, and it may still act (a worker, which knows no older version of the game,
    weighs a hint so by the count of actions it was asked at)."""
    actions = session.actions
    if not 0 <= start < len(actions) or seat not in acting_seats(session.state):
        return False
    if any(form.get("seat") == seat for form in actions[start:]):
        return False
    return first_reveal(seat, session.events[session.marks[start] :]) is None


async def take_move(
    session: GameSession, seat: int, seq: int, action: Action, client_id: str | None
) -> tuple[GameState, int]:
    """Check ``seat``'s ``action`` sent on version ``seq`` and commit it (the lock held); the
    state it was made from and its index. In a cluster another process may have stored a move
    first (the computer's lay-away, by a worker): the store refuses the write, the session
    catches up, and the move is weighed again as a late one. Refusals are :class:`WebError`."""
    for attempt in range(MOVE_ATTEMPTS):
        if seq != session.version and not late_move_stands(session, seq, seat):
            raise WebError(
                "stale", f"seq {seq} is not the game's seq {session.version}: nothing was applied"
            )
        # Whose turn it is, as the seats' legal lists say (every seat that has still to lay
        # away may; the engine itself asks only that it is the seat's own move).
        check_turn(session.state, seat)
        before, index = session.state, len(session.actions)
        transition = apply_action(before, action)
        try:
            await session.commit(action, transition.state, transition.events, client_id)
        except WebError as error:
            if error.code != "stale" or attempt == MOVE_ATTEMPTS - 1:
                raise
            continue
        return before, index
    raise AssertionError("unreachable")  # pragma: no cover


def computer_seat(session: GameSession) -> int | None:
    """The first of the computer's seats that may act now (None: none may, or it is over)."""
    if session.over:
        return None
    return next((seat for seat in acting_seats(session.state) if seat in session.players), None)


def own_moves(session: GameSession, seat: int) -> int:
    """How many of the game's actions ``seat`` has made (a clock times each move anew)."""
    return sum(1 for form in session.actions if form.get("seat") == seat)
