"""Take the README's screenshots of the browser client: each game in play, the lobby, the
replay viewer and the statistics, at a desktop size, and on a phone and in other themes; and
the gallery (``gallery/``): every game's table, show, end and review, at a desktop's size and a
phone's.

    .venv/bin/python docs/screenshots/take.py [--out docs/screenshots] [--only gallery|readme]

It starts its own ``cribkit serve`` over a temporary store, plays seeded games through the page
in Debian's Chromium (/usr/bin/chromium) and writes PNG files.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from cribkit.deploy.launch import CHROMIUM, CHROMIUM_ARGS, ServerProcess

DESKTOP: ViewportSize = {"width": 1366, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


def new_page(browser: Browser, viewport: ViewportSize, phone: bool = False, **look: str) -> Page:
    """A page of its own browser context, with the settings ``look`` (``logic/settings.js``) at
    the instant pace: the pictures are of the table settled, not of a card on its way."""
    context = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    settings = json.dumps({"speed": "instant", **look})
    context.add_init_script(f"localStorage.setItem('cribkit:settings', {json.dumps(settings)})")
    return context.new_page()


@contextmanager
def server() -> Iterator[str]:
    """``cribkit serve`` on a free port over a temporary store; its base URL."""
    with tempfile.TemporaryDirectory() as folder:
        store = f"sqlite:///{folder}/shots.db"
        with ServerProcess(store, Path(folder) / "server.log") as running:
            yield running.base_url


def open_game(page: Page, base: str, body: dict[str, object]) -> None:
    """Start a game through the API (with a seed, for the same pictures each time) and show it."""
    answer = page.request.post(
        f"{base}/api/games", data=json.dumps(body), headers={"content-type": "application/json"}
    ).json()
    page.goto(f"{base}/")
    page.evaluate(
        "([id, tokens]) => localStorage.setItem(`cribkit:tokens:${id}`, JSON.stringify(tokens))",
        [answer["id"], answer["tokens"]],
    )
    page.goto(f"{base}/#/game/{answer['id']}")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=app]').dataset.seq !== undefined"
    )


#: The show's Continue, while a show waits to be read (docs/web.md, "Pacing and motion").
CONTINUE_SHOW = "[data-action=continue-show]"


def my_turn(page: Page) -> bool:
    """Wait until the player may act (True) or the game is over (False), continuing past a
    show that waits to be read."""
    while True:
        page.wait_for_function(
            "(selector) => document.querySelector('[data-testid=app]').dataset.myTurn === 'true'"
            " || !document.querySelector('[data-testid=result]').hidden"
            " || document.querySelector(selector) !== null",
            arg=CONTINUE_SHOW,
            timeout=60_000,
        )
        if not page.evaluate(
            "(selector) => { const b = document.querySelector(selector); b?.click(); return !!b; }",
            CONTINUE_SHOW,
        ):
            return not page.locator("[data-testid=result]").is_visible()


def after(page: Page, seq: str | None) -> None:
    """Wait for a newer state than ``seq``."""
    page.wait_for_function(
        "(seq) => document.querySelector('[data-testid=app]').dataset.seq !== seq",
        arg=seq,
        timeout=60_000,
    )


def play_hints(page: Page, turns: int) -> None:
    """Play ``turns`` of the player's turns by the hint (a Tiles play through its preview)."""
    for _ in range(turns):
        my_turn(page)
        seq = page.get_attribute("[data-testid=app]", "data-seq")
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-action=apply-hint]")
        if page.locator("[data-testid=staged] li").count():
            page.wait_for_selector("[data-testid=preview-points]")
            page.click("[data-action=commit]")
        else:
            page.click("[data-action=apply-hint]")
        after(page, seq)


def classic_turn(page: Page) -> None:
    seq = page.get_attribute("[data-testid=app]", "data-seq")
    discard = page.locator("[data-action=discard]")
    if discard.count():
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-action=apply-hint]")
        page.click("[data-action=apply-hint]")
    else:
        page.locator("[data-testid=hand-card]:enabled").first.click()
    after(page, seq)


def shoot(page: Page, path: Path, showing: str | None = None) -> None:
    """A picture of the window: scrolled to the top, or to ``showing`` (a selector) when given."""
    if showing is None:
        page.evaluate("window.scrollTo(0, 0)")  # (a play may have scrolled a phone's page)
    else:
        page.locator(showing).first.scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    time.sleep(0.9)  # let the pegs and cards settle
    if path.suffix == ".jpg":  # (the gallery's many pictures: a tenth of the bytes of a PNG)
        page.screenshot(path=str(path), type="jpeg", quality=85)
    else:
        page.screenshot(path=str(path))
    print(f"wrote {path}")


def play_to_the_show(page: Page, turn: Callable[[Page], None]) -> None:
    """Play the player's turns (``turn``) until a show is held, waiting to be continued."""
    while not page.locator(CONTINUE_SHOW).count():
        page.wait_for_function(
            "(selector) => document.querySelector('[data-testid=app]').dataset.myTurn"
            " === 'true' || document.querySelector(selector) !== null",
            arg=CONTINUE_SHOW,
            timeout=60_000,
        )
        if not page.locator(CONTINUE_SHOW).count():
            turn(page)


def hint_turn(page: Page) -> None:
    """Play the player's turn by the hint (a Tiles play through its preview)."""
    play_hints(page, 1)


#: The gallery's games: a short seeded game of each, and how the player's turns are played.
GALLERY: dict[str, tuple[dict[str, object], Callable[[Page], None]]] = {
    "classic": ({"game": "classic", "options": {"target": 61}, "ai": "easy", "seed": 11},
                classic_turn),
    "tabletop": ({"game": "tabletop", "options": {"target": 61}, "ai": "easy", "seed": 5},
                 hint_turn),
    "tiles": ({"game": "tiles", "options": {"board_size": 9}, "ai": "easy", "seed": 3},
              hint_turn),
    "solitaire": ({"game": "solitaire", "options": {}, "ai": "expert", "seed": 20250314},
                  hint_turn),
}  # fmt: skip

#: What each game's "show" picture holds: the counts held until continued, or (Tiles, which
#: has no show) a play staged with its score previewed.
SHOWN = "[data-testid=show]"


def gallery(browser: Browser, base: str, out: Path) -> None:
    """Every game's table (a few moves in), show, end and review, at each size."""
    out.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page = new_page(browser, viewport, phone=size == "phone")
        for game, (body, turn) in GALLERY.items():
            name = f"{game}-{size}"
            open_game(page, base, body)
            for _ in range(3):
                if my_turn(page):
                    turn(page)
            my_turn(page)
            shoot(page, out / f"{name}-table.jpg")
            if game == "tiles":
                page.click("[data-action=hint]")
                page.wait_for_selector("[data-testid=preview-points]")
                shoot(page, out / f"{name}-show.jpg", "[data-testid=preview-points]")
                page.click("[data-action=commit]")
            else:
                play_to_the_show(page, turn)
                shoot(page, out / f"{name}-show.jpg", SHOWN)
            while my_turn(page):
                turn(page)
            shoot(page, out / f"{name}-end.jpg", "[data-testid=result]")
            page.click("[data-testid=open-review]")
            page.wait_for_selector("[data-testid=review-summary]")
            shoot(page, out / f"{name}-review.jpg")
        page.context.close()
    stages = ("table", "show", "end", "review")
    rows = [
        f"| {game} {stage} | ![{game} {stage}, desktop]({game}-desktop-{stage}.jpg) "
        f"| ![{game} {stage}, phone]({game}-phone-{stage}.jpg) |"
        for game in GALLERY
        for stage in stages
    ]
    index = [
        "# The gallery",
        "",
        "Every game's table (a few moves in), show (Tiles: a play staged with its score",
        "previewed), end and review, at 1366x900 and on a 390x844 phone; taken by",
        "`.venv/bin/python docs/screenshots/take.py --only gallery` from seeded games.",
        "",
        "| | desktop | phone |",
        "| --- | --- | --- |",
        *rows,
        "",
    ]
    (out / "README.md").write_text("\n".join(index))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).parent)
    parser.add_argument("--only", choices=("gallery", "readme"), default=None)
    arguments = parser.parse_args()
    out, only = arguments.out, arguments.only
    out.mkdir(parents=True, exist_ok=True)
    with server() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        if only != "readme":
            gallery(browser, base, out / "gallery")
        if only == "gallery":
            browser.close()
            return
        page = new_page(browser, DESKTOP)

        # Classic: the show of the first deal, then the pegging of the second.
        open_game(page, base, {"game": "classic", "options": {}, "ai": "expert", "seed": 11})
        play_to_the_show(page, classic_turn)
        shoot(page, out / "classic-show.png")
        my_turn(page)
        classic_turn(page)
        for _ in range(2):
            if my_turn(page):
                classic_turn(page)
        my_turn(page)
        shoot(page, out / "classic.png")

        # Table Top: halfway through the first deal, the hint lighting a cell.
        open_game(page, base, {"game": "tabletop", "options": {}, "ai": "medium", "seed": 5})
        play_hints(page, 7)
        my_turn(page)
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-action=apply-hint]")
        shoot(page, out / "tabletop.png")

        # Tiles: a few plays in, the next play staged with its preview.
        open_game(page, base, {"game": "tiles", "options": {}, "ai": "medium", "seed": 3})
        play_hints(page, 5)
        my_turn(page)
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-testid=preview-points], [data-testid=preview-error]")
        shoot(page, out / "tiles.png")

        # Solitaire: three rounds counted, two cards picked in the fourth.
        open_game(
            page, base, {"game": "solitaire", "options": {}, "ai": "expert", "seed": 20250314}
        )
        play_hints(page, 3)
        my_turn(page)
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-testid=hand-card].hinted")
        for card in page.locator("[data-testid=hand-card].hinted").all():
            card.click()
        shoot(page, out / "solitaire.png")

        # A quick finished game for the replay viewer and the statistics.
        open_game(
            page, base, {"game": "classic", "options": {"target": 61}, "ai": "easy", "seed": 8}
        )
        while my_turn(page):
            classic_turn(page)
        page.click("[data-testid=open-replay]")
        page.wait_for_selector("[data-testid=replay-step]")
        for _ in range(14):
            page.click("[data-action=replay-next]")
        shoot(page, out / "replay.png")
        page.goto(f"{base}/#/stats")
        page.wait_for_selector("[data-testid=hand-chart]")
        shoot(page, out / "stats.png")
        page.goto(f"{base}/#/")
        page.wait_for_selector("[data-testid=start-classic]")
        shoot(page, out / "lobby.png")

        phone = new_page(browser, PHONE, phone=True)
        open_game(phone, base, {"game": "classic", "options": {}, "ai": "medium", "seed": 11})
        my_turn(phone)
        shoot(phone, out / "phone-classic.png")

        # The themes: the dark table with the four-colour deck, and a light phone's Table Top.
        dark = new_page(browser, DESKTOP, table="dark", deck="four-colour", back="red")
        open_game(dark, base, {"game": "classic", "options": {}, "ai": "expert", "seed": 11})
        my_turn(dark)
        classic_turn(dark)
        my_turn(dark)
        shoot(dark, out / "classic-dark.png")
        light = new_page(browser, PHONE, phone=True, table="light")
        open_game(light, base, {"game": "tabletop", "options": {}, "ai": "medium", "seed": 5})
        play_hints(light, 7)
        my_turn(light)
        shoot(light, out / "phone-tabletop-light.png")
        browser.close()


if __name__ == "__main__":
    main()
