"""No action has an unknown outcome (issue 35): a commit whose answer is lost is asked of the
store and answered truly, and a stored move nobody announced still reaches every seat.

Two people at a table, each on a server of their own. The host's server reaches PostgreSQL
through a proxy (``cut.py``) that cuts its line at the commit of the host's move: after the
commit (stored, its answer lost: the host is told it was applied, and the friend sees it) or
before (nothing stored: the host is told so, truly, and sending the same action again applies it
once). Then a move is stored straight into the store, as by a process that died before telling
anyone: both seats see it within seconds.
"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from cribkit.deploy.launch import ServerProcess
from cribkit.games.protocol import Action
from cribkit.games.records import replay
from cribkit.store.base import open_store

from .cut import CommitCutter, Cut
from .test_authority import PATIENCE, Message, Player, act, seat_two, settle

#: How soon a seat must see a move nobody announced (the servers' sweep runs every 2 s).
UNANNOUNCED_WITHIN = 6.0


async def host_moves(host: Player, friend: Player, rng: random.Random) -> tuple[Message, int]:
    """Play (either seat, at random) until it is the host's turn: the host's move to make, and
    the seq it is made at."""
    while True:
        await settle([host, friend])
        if host.my_turn():
            assert host.state is not None
            return rng.choice(host.state["legal"]), host.state["seq"]
        assert friend.my_turn()
        assert friend.state is not None
        await act(friend, rng)


async def cut_and_answer(
    cutter: CommitCutter, host: Player, action: Message, seq: int, client_id: str, cut: Cut
) -> Message:
    cutter.arm(cut)
    await host.send({"type": "action", "seq": seq, "action": action, "id": client_id})
    await cutter.cut_made()
    return await host.until(
        lambda m: m["type"] == "error" or (m["type"] == "state" and m.get("ack") == client_id)
    )


def stored_ids(store_url: str, game_id: str) -> list[str | None]:
    store = open_store(store_url)
    try:
        return [found[1] for i in range(len(store.load_actions(game_id)))
                if (found := store.action_at(game_id, i)) is not None]  # fmt: skip
    finally:
        store.close()


def test_a_lost_commit_answer_is_answered_truly_and_every_seat_hears(
    cluster_factory: Any, tmp_path: Path
) -> None:
    cluster = cluster_factory(servers=1, workers=0, redis=True)
    database = urlsplit(cluster.store_url)
    rng = random.Random(35)

    async def play() -> None:
        cutter = CommitCutter(database.port or 5432)
        await cutter.start()
        proxied = f"postgresql://{database.username}@127.0.0.1:{cutter.port}{database.path}"
        server = ServerProcess(
            proxied + "?sslmode=disable", tmp_path / "proxied.log",
            "--redis", str(cluster.redis_url), "--ai-workers", "0",
        )  # fmt: skip
        await asyncio.to_thread(server.start)
        try:
            host, friend = Player(server.base_url), Player(cluster.server_urls[0])
            game_id = await seat_two(host, friend)

            # Cut after the commit: stored, and the host is told so (not "nothing applied").
            action, seq = await host_moves(host, friend, rng)
            answer = await cut_and_answer(cutter, host, action, seq, "after-1", "after")
            assert answer["type"] == "state", answer
            assert answer["seq"] == seq + 1
            async with asyncio.timeout(PATIENCE):
                await friend.until(lambda m: m["type"] == "state" and m["seq"] == seq + 1)
            assert stored_ids(cluster.store_url, game_id).count("after-1") == 1

            # Cut before the commit: nothing stored, and the host is told so, truly.
            action, seq = await host_moves(host, friend, rng)
            answer = await cut_and_answer(cutter, host, action, seq, "before-1", "before")
            assert answer["type"] == "error", answer
            assert answer["code"] == "unavailable"
            assert "nothing was applied" in answer["message"]
            assert "before-1" not in stored_ids(cluster.store_url, game_id)
            assert friend.state is not None
            assert friend.state["seq"] == seq
            # The same action again, the same id: applied, once.
            await host.send({"type": "action", "seq": seq, "action": action, "id": "before-1"})
            again = await host.until(
                lambda m: m["type"] == "error" or (m["type"] == "state" and m["seq"] > seq)
            )
            assert again["type"] == "state", again
            assert again.get("ack") == "before-1"
            await settle([host, friend])
            assert stored_ids(cluster.store_url, game_id).count("before-1") == 1
            assert cutter.cuts == 2

            # A move stored by a process that died before telling anyone.
            await settle([host, friend])
            assert host.state is not None
            seq = host.state["seq"]
            store = open_store(cluster.store_url)
            try:
                row = store.load_game(game_id)
                assert row is not None
                record = {"game": row.game, "rules": row.rules, "seed": row.seed,
                          **row.table.start, "actions": store.load_actions(game_id)}  # fmt: skip
                state = replay(record).state
                form = state.legal_actions()[0].to_dict()
                after = state.apply(Action.from_dict(form)).state
                store.append_action(game_id, len(record["actions"]), form, version=seq + 1,
                                    scores=list(after.scores), expect=seq)  # fmt: skip
            finally:
                store.close()
            for player in (host, friend):
                async with asyncio.timeout(UNANNOUNCED_WITHIN):
                    await player.until(lambda m: m["type"] == "state" and m["seq"] == seq + 1)
        finally:
            await asyncio.to_thread(server.stop)
            await cutter.stop()

    asyncio.run(play())
    log = (tmp_path / "proxied.log").read_text()
    assert log.count("was stored after all") == 1, log  # (the cut after the commit)
    assert "Traceback" not in log, log
