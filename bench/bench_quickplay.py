"""Quick play: from "Play someone now" to the game, for two players in Debian's Chromium.

Starts ``cribkit serve`` on loopback over a temporary store (one process), or with ``--cluster``
a cluster of two servers, PostgreSQL and Redis (:class:`cribkit.deploy.cluster.Cluster`, no
worker: nobody plays the computer here), the two players then each on their own server. Two
browser contexts claim an account each; then, ``--rounds`` times, the first presses "Play
someone now" (classic to 61) and waits, the second presses it too, and the time is taken from
the second press to the moment both pages show the game's table (both are in one game: it is
checked). Between rounds both go back to the lobby. Prints the median, p95 and max.

    .venv/bin/python bench/bench_quickplay.py --rounds 20
    .venv/bin/python bench/bench_quickplay.py --cluster --rounds 20
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from cribkit.deploy.cluster import Cluster
from cribkit.deploy.config import free_port
from cribkit.deploy.launch import ServerProcess
from timing import summary

CHROMIUM = "/usr/bin/chromium"
PASSWORD = "a long pass phrase 9"
POOL = "classic-61"


def player(browser: Any, site: str, name: str) -> Page:
    page: Page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{site}/#/")
    made = page.request.post(f"{site}/api/account", data={"name": name, "password": PASSWORD})
    if made.status != 200:
        raise SystemExit(f"cannot make the account {name}: {made.text()}")
    page.reload()  # (the lobby drawn again, signed in)
    return page


def at_table(page: Page) -> str:
    """Wait for the page to show a game's table; its id."""
    page.wait_for_url("**/#/game/*", timeout=15_000)
    page.wait_for_selector("[data-testid=scores]", timeout=15_000)
    return page.url.split("#/game/")[1]


def rounds(sites: list[str], count: int) -> list[float]:
    times: list[float] = []
    tag = secrets.token_hex(3)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        first = player(browser, sites[0], f"Ann{tag}")
        second = player(browser, sites[-1], f"Bob{tag}")
        for _ in range(count):
            for page, site in ((first, sites[0]), (second, sites[-1])):
                page.goto(f"{site}/#/")
                page.wait_for_selector(f"[data-action=play-someone][data-pool={POOL}]")
            first.click(f"[data-action=play-someone][data-pool={POOL}]")
            first.wait_for_selector("[data-testid=quick-waiting]")
            start = time.perf_counter()
            second.click(f"[data-action=play-someone][data-pool={POOL}]")
            games = {at_table(second), at_table(first)}
            times.append(time.perf_counter() - start)
            if len(games) != 1:
                raise SystemExit(f"the two players were sent to different games: {games}")
        browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="pairings timed (20)")
    parser.add_argument("--cluster", action="store_true", help="two servers, one player on each")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        load_before = Path("/proc/loadavg").read_text().split()[0]
        if args.cluster:
            cluster = Cluster(
                Path(folder) / "cluster", port=free_port(), servers=2, workers=0, durable=False
            )
            Path(folder).chmod(0o755)  # (PostgreSQL's user, when run as root, enters it)
            stack.enter_context(cluster)
            sites = list(cluster.server_urls)
        else:
            server = ServerProcess(f"sqlite:///{folder}/bench.db", Path(folder) / "server.log")
            server.start()
            stack.callback(server.stop, timeout=20)
            sites = [server.base_url]
        times = rounds(sites, args.rounds)
        load_after = Path("/proc/loadavg").read_text().split()[0]
    paired = summary(times, "median", "p95", "max", digits=0, suffix="")
    report: dict[str, Any] = {
        "layout": "2 servers (one player on each), PostgreSQL, Redis" if args.cluster else
        "1 process, SQLite",
        "rounds": len(times),
        "paired_ms": paired,
        "load_average": [load_before, load_after],
    }  # fmt: skip
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{report['layout']}: {report['rounds']} pairings, the second press to both pages at "
        f"the table: median {paired['median']:.0f} ms, p95 {paired['p95']:.0f} ms, "
        f"max {paired['max']:.0f} ms"
    )
    print(f"machine: {os.cpu_count()} cores, load average {load_before} before, {load_after} after")


if __name__ == "__main__":
    main()
