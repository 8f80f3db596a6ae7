"""Taking back a move: the one rule that every interface asks (the web app, the terminal games).

An undo takes back a seat's last action and whatever followed it (the computer's replies), and
never goes back past a reveal: it is refused if any event since that action, the action's own
events included, showed the seat something it did not know before
(:meth:`GameEvent.reveals_to <cribkit.games.events.GameEvent.reveals_to>`: the starter, a card
the computer played, a hand shown, a card turned up, a drawn tile...). Otherwise a player
could lay away, see the starter, take the lay-away back and lay away again knowing it. A
*practice undo* (``past_reveals``) may go back past what was shown: an interface offers it
against the computer only, says so before the first, and marks the game practice (its record
and statistics); the cards already seen come again, as the seed deals them.

>>> from cribkit.games import game_info, start
>>> classic = game_info("classic")
>>> state = start("classic", seed=11).state
>>> state.current_player, undo_refusal(classic, 1, None, over=False)
(1, 'you have no move to take back')
>>> mine = state.apply(state.legal_actions()[0])  # seat 1 lays away
>>> undo_refusal(classic, 1, mine.events, over=False) is None  # nothing shown since
True
>>> theirs = mine.state.apply(mine.state.legal_actions()[0])  # the dealer's: the starter turns
>>> print(undo_refusal(classic, 1, [*mine.events, *theirs.events], over=False))
since your last move something hidden has been shown (the starter is 5s): an undo never goes back past what you have seen
"""

from __future__ import annotations

from collections.abc import Iterable

from cribkit.games.events import GameEvent
from cribkit.games.protocol import GameInfo

__all__ = ["first_reveal", "undo_refusal"]


def undo_refusal(
    info: GameInfo,
    seat: int,
    since: Iterable[GameEvent] | None,
    *,
    over: bool,
    past_reveals: bool = False,
) -> str | None:
    """Why ``seat`` may not take back its last action now, or None if it may.

    ``since`` holds every event from the seat's last action on (that action's own events
    first), or is None when the seat has no action to take back; ``over`` says the game has
    ended. ``past_reveals`` allows a *practice undo*, which may go back past what has been
    shown (against the computer only: the same cards come again, and the game is practice
    from then on; :func:`first_reveal` says what it goes back past). The words name the seat
    ("seat 0"), for an interface to put in its own words.

    >>> from cribkit.games import game_info, start
    >>> state = start("classic", seed=11).state
    >>> mine = state.apply(state.legal_actions()[0])
    >>> theirs = mine.state.apply(mine.state.legal_actions()[0])
    >>> since = [*mine.events, *theirs.events]
    >>> undo_refusal(game_info("classic"), 1, since, over=False, past_reveals=True) is None
    True
    >>> first_reveal(1, since)
    'the starter is 5s'
    """
    if not info.undo:
        return f"{info.name} has no undo"
    if over:
        return "the game is over"
    if since is None:
        return "you have no move to take back"
    seen = None if past_reveals else first_reveal(seat, since)
    if seen is not None:
        return (
            f"since your last move something hidden has been shown ({seen}): "
            "an undo never goes back past what you have seen"
        )
    return None


def first_reveal(seat: int, since: Iterable[GameEvent]) -> str | None:
    """What the first of ``since`` that showed ``seat`` something hidden showed it, in the
    words that seat saw it in (``the starter is 5s``); None when nothing was shown."""
    for event in since:
        if event.reveals_to(seat):
            return str(event.to_json(viewer=seat).get("text") or event.type)
    return None
