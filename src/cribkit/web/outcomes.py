"""What became of an action whose answer was lost: the store is asked, never guessed.

A commit can fail after the database has made it durable (the connection cut between the
``COMMIT`` and its answer, the database stopped at that moment), so that a store error says
nothing about whether the action was stored. The server then asks the store, once it answers
again, whether the game's action at that index is this one (:func:`stored_after_all`), and
tells the player the truth: applied (the game goes on as if the write had answered) or nothing
applied. An action its client sent again (after a lost answer, to this server or another) is
known by the id the client chose, stored with it in the same transaction
(:func:`sent_before`): answered with the game as it is, never applied twice.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from cribkit.store.base import StoreError
from cribkit.web.messages import WebError

if TYPE_CHECKING:
    from cribkit.web.sessions import GameSession

__all__ = ["NOTHING_APPLIED", "OUTCOME_SECONDS", "UNKNOWN", "OutcomeUnknownError", "sent_before",
           "stored_after_all"]  # fmt: skip

#: How long a server keeps asking a store that does not answer what became of a write (the
#: game's lock held: nothing else can be done in that game meanwhile anyway).
OUTCOME_SECONDS = 30.0
#: The answer when the store stays silent that long: the truth, which is not known yet.
UNKNOWN = (
    "the game's store stopped answering while it saved this move: whether it was saved is not "
    "known yet, and the game shows it once the store is back"
)
#: The answer when the store said, or was asked after and confirmed, that nothing was written.
NOTHING_APPLIED = "the game's store did not answer: nothing was applied, try again"


class OutcomeUnknownError(WebError):
    """A write whose commit failed: it may have been made durable (:data:`UNKNOWN` until the
    store is asked)."""

    def __init__(self) -> None:
        super().__init__("unavailable", UNKNOWN)


async def stored_after_all(
    session: GameSession, index: int, form: dict[str, Any], client_id: str | None
) -> bool:
    """Whether the game's action number ``index`` is ``form`` (with ``client_id``) after a
    write of it failed: asked of the store until it answers, with a growing pause, for up to
    :data:`OUTCOME_SECONDS`; then :class:`WebError` ``unavailable`` saying it is not known."""
    store, services = session.store, session.services
    deadline = time.monotonic() + OUTCOME_SECONDS
    pause = 0.1
    while True:
        try:
            found = await services.stored(store.action_at, session.id, index)
        except StoreError as error:
            if time.monotonic() + pause > deadline:
                session.log.warning("game %s: %s: %s", session.id, UNKNOWN, error)
                raise WebError("unavailable", UNKNOWN) from None
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)
            continue
        if found is None:
            return False
        stored_form, stored_id = found
        return stored_form == form and stored_id == client_id


async def sent_before(session: GameSession, client_id: str) -> bool:
    """Whether an action with the client's id ``client_id`` is stored in the game (the
    session is then caught up with the store: the game as it is answers it)."""
    from cribkit.web.shared import catch_up

    services = session.services
    try:
        found = await services.stored(services.store.find_action, session.id, client_id)
    except StoreError:
        return False  # (the refusal it answers stands: the id is asked again with the action)
    if found is None:
        return False
    if found >= len(session.actions):
        await catch_up(session)
    return True
