"""What a client's message is before a game reads it: its size, its JSON, its type, the action
it carries for its seat, and the engine's refusals as the error codes of ``docs/web.md``.

Every refusal is a :class:`WebError`: one line naming what was wrong, sent to the client as an
``error`` message (or an HTTP error), with nothing changed.
"""

from __future__ import annotations

import json
import re
from typing import Any

from cribkit.core.cards import CardError
from cribkit.games.protocol import (
    Action,
    GameError,
    GameOverError,
    GameState,
    OutOfTurnError,
    Transition,
    acting_seats,
)
from cribkit.web.guard import BadJsonError, parse_json

__all__ = [
    "MAX_MESSAGE",
    "MESSAGE_TYPES",
    "WebError",
    "apply_action",
    "check_turn",
    "parse_action",
    "parse_client_id",
    "read_message",
]

#: The largest message a client may send, in bytes of JSON text.
MAX_MESSAGE = 16 * 1024
#: The types of the messages a client sends.
MESSAGE_TYPES = frozenset(
    {"action", "hint", "preview", "undo", "chat", "mute", "coach", "away", "ping"}
)


class WebError(Exception):
    """A refused request or message: ``code`` is the error code of ``docs/web.md``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def read_message(text: str) -> dict[str, Any]:
    """The JSON object of a message's text; too large, not JSON or not an object refused."""
    # (surrogatepass: a lone surrogate is no reason to fail; the JSON check refuses it)
    size = len(text.encode(errors="surrogatepass"))
    if size > MAX_MESSAGE:
        raise WebError("too_large", f"a message is at most {MAX_MESSAGE} bytes, not {size}")
    try:
        message = parse_json(text)
    except BadJsonError as error:
        raise WebError("bad_json", f"a message is a JSON object: {error}") from None
    if not isinstance(message, dict):
        raise WebError(
            "bad_json", f"a message is a JSON object with a type, not {type(message).__name__}"
        )
    return message


def parse_action(seat: int, data: object) -> Action:
    """The action of a message from a connection of ``seat``."""
    if not isinstance(data, dict):
        raise WebError(
            "bad_action",
            'an action is a JSON object such as {"type": "play", "card": "5h"}, '
            f"not {json.dumps(data)[:60]}",
        )
    claimed = data.get("seat", seat)
    if claimed != seat:
        raise WebError(
            "wrong_seat",
            f"this connection plays seat {seat}, not seat {json.dumps(claimed)[:20]}",
        )
    try:
        return Action.from_dict({**data, "seat": seat})
    except (GameError, CardError, TypeError) as error:
        raise WebError("bad_action", str(error)) from None


#: An action's id as its client chooses it: 1 to 64 letters, digits, ``-`` or ``_``.
CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


def parse_client_id(value: object) -> str | None:
    """The id a client gave its action (None when it gave none).

    >>> parse_client_id("k3-9f_a"), parse_client_id(None)
    ('k3-9f_a', None)
    >>> parse_client_id("no spaces")
    Traceback (most recent call last):
    ...
    cribkit.web.messages.WebError: an action's id is 1 to 64 letters, digits, - or _, not "no spaces"
    """
    if value is None:
        return None
    if not isinstance(value, str) or not CLIENT_ID.fullmatch(value):
        raise WebError(
            "bad_action",
            f"an action's id is 1 to 64 letters, digits, - or _, not {json.dumps(value)[:40]}",
        )
    return value


def check_turn(state: GameState, seat: int) -> None:
    """Refuse a move of ``seat`` when the game is over or it may not act (it is another seat's
    turn; every seat that has still to lay away may, :func:`~cribkit.games.acting_seats`)."""
    if state.is_terminal:
        raise WebError("game_over", "the game is over")
    if seat not in acting_seats(state):
        raise WebError(
            "out_of_turn", f"it is seat {state.current_player}'s turn, not seat {seat}'s"
        )


def apply_action(state: GameState, action: Action) -> Transition[Any]:
    """``state.apply(action)``, its refusals as :class:`WebError`."""
    try:
        return state.apply(action)
    except GameOverError as error:
        raise WebError("game_over", str(error)) from None
    except OutOfTurnError as error:
        raise WebError("out_of_turn", str(error)) from None
    except (GameError, CardError) as error:
        raise WebError("illegal", str(error)) from None
