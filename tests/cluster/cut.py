"""A TCP proxy between a server and PostgreSQL that can cut the line at a commit: the tests'
way to lose a commit's answer (or the commit itself) exactly when it matters.

Armed with :meth:`CommitCutter.arm`, the first connection that sends an ``INSERT INTO
actions`` has its next ``COMMIT`` either passed to PostgreSQL and its answer never returned
(``after``: the action is stored, the server hears only that its connection broke) or never
passed at all (``before``: PostgreSQL rolls back, nothing is stored). Then the connection is cut
both ways, and the proxy goes on passing everything else.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Literal

Cut = Literal["before", "after"]


class CommitCutter:
    """The proxy on 127.0.0.1:``port`` (a free one once :meth:`start` ran) to ``target``."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.port = 0
        self.armed: Cut | None = None
        #: How many commits were cut (each arming cuts one).
        self.cuts = 0
        self._server: asyncio.Server | None = None
        self._done = asyncio.Event()

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._connection, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        if self._server is not None:
            self._server.close()
            with contextlib.suppress(Exception):
                await self._server.wait_closed()

    def arm(self, cut: Cut) -> None:
        self.armed = cut
        self._done.clear()

    async def cut_made(self, timeout: float = 30.0) -> None:
        await asyncio.wait_for(self._done.wait(), timeout)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            writer.close()
            return
        answers = asyncio.Event()
        answers.set()  # cleared to swallow PostgreSQL's answer to a commit cut after
        inserting = False

        async def client_to_server() -> None:
            nonlocal inserting
            while data := await reader.read(65536):
                if self.armed is not None and b"INSERT INTO actions" in data:
                    inserting = True
                if inserting and self.armed is not None and b"COMMIT" in data:
                    cut, self.armed = self.armed, None
                    if cut == "after":
                        answers.clear()
                        up_writer.write(data)
                        await up_writer.drain()
                        await asyncio.sleep(0.3)  # PostgreSQL commits, and answers nobody
                    self.cuts += 1
                    self._done.set()
                    return
                up_writer.write(data)
                await up_writer.drain()

        async def server_to_client() -> None:
            while data := await up_reader.read(65536):
                if not answers.is_set():
                    continue
                writer.write(data)
                await writer.drain()

        pumps = [
            asyncio.ensure_future(client_to_server()),
            asyncio.ensure_future(server_to_client()),
        ]
        with contextlib.suppress(Exception):
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        for pump in pumps:
            pump.cancel()
        for end in (writer, up_writer):
            with contextlib.suppress(Exception):
                end.close()
