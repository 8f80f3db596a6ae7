"""Table talk: the chat between the people at a table (quick phrases and short free text) and
the table's notices (``docs/web.md``, "Chat").

A chat line is text, never markup: the server keeps it as typed (trimmed, at most
:data:`CHAT_LENGTH` characters, no control characters) and the page writes it as text.

>>> chat_line({"type": "chat", "text": "  <b>well played</b> "})
('<b>well played</b>', None)
>>> chat_line({"type": "chat", "phrase": "good_game"})
('Good game!', 'good_game')
>>> chat_line({"type": "chat", "text": "a\\u0007b"})
Traceback (most recent call last):
...
cribkit.web.talk.ChatError: a chat line is printable text: no control characters
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from cribkit.accounts.store import AccountStore
from cribkit.games.protocol import SPECTATOR
from cribkit.store.base import Store, StoreError
from cribkit.web.messages import WebError

if TYPE_CHECKING:
    from cribkit.web.sessions import Connection, GameSession

__all__ = [
    "CHAT_BURST",
    "CHAT_LENGTH",
    "CHAT_RATE",
    "PHRASES",
    "ChatError",
    "blocked_seats",
    "chat",
    "chat_line",
    "hears",
    "mute",
    "refresh_blocks",
    "say",
]

#: The longest chat line, in characters.
CHAT_LENGTH: Final = 200
#: Chat lines a person may send a second on average, and at once.
CHAT_RATE: Final = 0.5
CHAT_BURST: Final = 5

#: The quick phrases, by key, as the table reads them.
PHRASES: Final = {
    "hello": "Hello!",
    "good_luck": "Good luck!",
    "nice": "Nice one!",
    "well_played": "Well played!",
    "oops": "Oops!",
    "thinking": "Let me think…",
    "thanks": "Thanks!",
    "good_game": "Good game!",
    "rematch": "Rematch?",
}


class ChatError(ValueError):
    """A chat message the table does not take (the message says why)."""


def chat_line(message: dict[str, Any]) -> tuple[str, str | None]:
    """The text of a ``chat`` message and its quick phrase's key (None for free text)."""
    phrase = message.get("phrase")
    if phrase is not None:
        if not isinstance(phrase, str) or phrase not in PHRASES:
            raise ChatError(f"the quick phrases are {', '.join(PHRASES)}")
        return PHRASES[phrase], phrase
    text = message.get("text")
    if not isinstance(text, str):
        raise ChatError('a chat message has a "text" or a "phrase"')
    text = " ".join(text.split(" ")).strip()
    if not text:
        raise ChatError("a chat line has something to say")
    if len(text) > CHAT_LENGTH:
        raise ChatError(f"a chat line is at most {CHAT_LENGTH} characters, not {len(text)}")
    if not text.isprintable():
        raise ChatError("a chat line is printable text: no control characters")
    return text, None


def hears(session: GameSession, connection: Connection, line: dict[str, Any]) -> bool:
    """Whether a talk line goes to the connection: every notice; a chat line to the people at
    the table only (not to spectators), unless its seat is muted there or the two seats'
    players block each other (:func:`blocked_seats`)."""
    if line["kind"] != "chat":
        return True
    if connection.seat == SPECTATOR:
        return False
    if frozenset((line["seat"], connection.seat)) in session.blocked:
        return False
    return line["seat"] not in session.row.table.mutes.get(connection.seat, ())


def blocked_seats(store: Store, owners: dict[int, str]) -> frozenset[frozenset[int]]:
    """The pairs of seats whose players are accounts and one blocks the other (asked of the
    store: a block made during a game counts from the next chat line or reconnection)."""
    accounts = AccountStore(store)
    named = {seat: accounts.by_player(player) for seat, player in owners.items()}
    found = [(seat, account.id) for seat, account in named.items() if account is not None]
    return frozenset(
        frozenset((first, second))
        for index, (first, first_id) in enumerate(found)
        for second, second_id in found[index + 1 :]
        if first_id != second_id and accounts.blocked_between(first_id, second_id)
    )


async def refresh_blocks(session: GameSession) -> None:
    """Ask the store again which of the table's seats block each other."""
    if session.row.mode == "table" and len(set(session.row.owners.values())) > 1:
        session.blocked = await asyncio.to_thread(
            blocked_seats, session.store, dict(session.row.owners)
        )


async def say(session: GameSession, line: dict[str, Any]) -> None:
    """Store a talk line and send it to whoever hears it, here and in the cluster's other
    processes (the session's lock held)."""
    try:
        index = await session.services.stored(session.store.add_talk, session.id, line)
    except StoreError:
        raise WebError(
            "unavailable", "the game's store did not answer: the line was not sent"
        ) from None
    await session.services.fanout.publish(
        session.id, {"kind": "talk", "index": index, "line": line}
    )
    session.talk.append(line)
    for connection in list(session.connections):
        if hears(session, connection, line):
            await session.send(
                connection, {"type": "talk", "seq": session.version, "lines": [line]}
            )


async def chat(session: GameSession, connection: Connection, message: dict[str, Any]) -> None:
    """A chat line of the connection's seat, to the people at the table."""
    if session.row.mode != "table":
        raise WebError("no_chat", "chat is between the people at a table: here is only one")
    try:
        text, phrase = chat_line(message)
    except ChatError as error:
        raise WebError("bad_chat", str(error)) from None
    if not connection.chat_bucket.take():
        raise WebError(
            "rate_limited",
            f"at most {CHAT_BURST} chat lines at once, then one every {1 / CHAT_RATE:g} "
            "seconds: this one was not sent",
        )
    await refresh_blocks(session)
    seat = connection.seat
    line = {"kind": "chat", "seat": seat, "name": session.row.table.names.get(seat),
            "text": text, "phrase": phrase, "time": time.time()}  # fmt: skip
    async with session.lock:
        await say(session, line)


async def mute(session: GameSession, connection: Connection, message: dict[str, Any]) -> None:
    """Mute (or hear again) another seat's chat at the connection's seat."""
    other, muted = message.get("seat"), message.get("muted", True)
    seats = session.state.rules.seats
    if not isinstance(other, int) or isinstance(other, bool) or not 0 <= other < seats:
        raise WebError("bad_request", f"mute names a seat, 0 to {seats - 1}")
    if other == connection.seat or not isinstance(muted, bool):
        raise WebError("bad_request", 'mute names another seat, and "muted" is true or false')
    async with session.lock:
        table = session.row.table
        now = set(table.mutes.get(connection.seat, ()))
        now = now | {other} if muted else now - {other}
        mutes = {**table.mutes, connection.seat: frozenset(now)}
        session.row = replace(session.row, table=replace(table, mutes=mutes))
        await session.services.stored(session.store.save_table, session.id, session.row.table)
        await session.services.fanout.publish(session.id, {"kind": "row"})
        await session.send(
            connection, {"type": "muted", "seq": session.version, "seats": sorted(now)}
        )
