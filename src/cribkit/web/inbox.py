"""A player's inbox: what reaches a player's pages wherever they are (``docs/web.md``, "Accounts"):
a friend's challenge, a challenge declined, a quick-play partner found.

Every page of a signed-in player holds one socket, ``/ws/inbox``; a message for the player goes
to each of their sockets on this server and, in a cluster, to the other servers through the
fan-out (the channel of a pseudo-game ``inbox.<player>``, followed while a socket of the player is
open here). A message is a nudge, never the only copy: what it tells is in the store, and a page
reads it there when it opens (``GET /api/account/challenges``, ``GET /api/quick``).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from cribkit.web.fanout import Fanout

__all__ = ["INBOX_PREFIX", "Inbox"]

log = logging.getLogger("cribkit.web")

#: The fan-out's pseudo-game of a player's inbox: ``inbox.<player id>``.
INBOX_PREFIX: Final = "inbox."

Send = Callable[[str], Awaitable[None]]


class Inbox:
    """The inbox sockets open on this server, by player (see the module)."""

    def __init__(self, fanout: Callable[[], Fanout]) -> None:
        #: The fan-out as it is now (a server joins its cluster after it is made).
        self._fanout = fanout
        self._sockets: dict[str, list[Send]] = {}

    async def open(self, player: str, send: Send) -> None:
        """A page of ``player`` listens from now on."""
        sockets = self._sockets.setdefault(player, [])
        sockets.append(send)
        if len(sockets) == 1:
            await self._fanout().follow(INBOX_PREFIX + player)

    async def close(self, player: str, send: Send) -> None:
        """The page closed its socket."""
        sockets = self._sockets.get(player, [])
        with contextlib.suppress(ValueError):
            sockets.remove(send)
        if not sockets:
            self._sockets.pop(player, None)
            await self._fanout().unfollow(INBOX_PREFIX + player)

    def listening(self, player: str) -> int:
        """How many pages of ``player`` listen on this server."""
        return len(self._sockets.get(player, ()))

    async def tell(self, player: str, message: dict[str, Any]) -> None:
        """Tell every page of ``player``, on this server and the others."""
        await self.heard(player, message)
        await self._fanout().publish(INBOX_PREFIX + player, message)

    async def heard(self, player: str, message: dict[str, Any]) -> None:
        """Give ``message`` to the player's pages on this server (one told by another server,
        or by this one)."""
        text = json.dumps({key: value for key, value in message.items() if key != "origin"})
        for send in list(self._sockets.get(player, ())):
            try:
                await send(text)
            except Exception as error:  # (a socket closing: its page reads the store again)
                log.info("an inbox socket of a player was gone: %s", type(error).__name__)
