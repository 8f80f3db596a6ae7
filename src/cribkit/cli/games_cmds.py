"""Game commands of the ``cribkit`` CLI: replay and simulate (and, in tui, play)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from cribkit.cli.app import JsonOption, app, fail, print_json
from cribkit.cli.inputs import print_note, read_record, require_terminal, source_name

#: The games ``cribkit play`` starts, by their names in the registry (``cribkit.games.games()``,
#: which every registered game is played from): written out so that ``--help`` does not import
#: every game; tests/cli checks that the two agree.
TERMINAL_GAMES = ("classic", "solitaire", "tabletop", "tiles")
#: The games in words, for the help and the errors: "classic, solitaire, tabletop or tiles".
TERMINAL_GAMES_TEXT = f"{', '.join(TERMINAL_GAMES[:-1])} or {TERMINAL_GAMES[-1]}"
#: The most processes ``simulate --workers`` starts: beyond, a typing slip (a zero too many)
#: would fork until the machine gives up, long before the games are played any faster.
MAX_WORKERS = 256


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="A game record (JSON), or - for standard input.")],
    as_json: JsonOption = False,
) -> None:
    """Replay a game record: every scoring event and the result.

    Example: cribkit replay game.json --json
    """
    game = read_record(record)
    from cribkit.games.records import replay as replay_record

    try:
        replayed = replay_record(game)
    except ValueError as error:  # GameError and the card errors are ValueErrors
        raise fail(f"{source_name(record)}: {error}") from None
    data = replayed.to_dict()
    if as_json:
        print_json(data)
        return
    for event in data["events"]:
        line = _event_line(event)
        if line:
            typer.echo(line)
    typer.echo(result_line(data["result"], getattr(replayed.state.rules, "target", None)))
    print_note(data.get("note"))


def result_line(result: dict[str, Any] | None, target: int | None = None) -> str:
    """The end of the game in one line: the scores as the board holds them (the winner's peg in
    the game hole, as the terminal game and the page show it) and, when the last count went
    past the hole, the JSON's ``result`` scores as counted, so that the two never disagree
    unexplained.

    >>> result_line({"winner": 1, "winners": [1], "scores": [114, 123], "skunk": ""}, 121)
    'Result: seat 1 wins, 114-121 (counted 114-123)'
    >>> result_line({"winner": 0, "winners": [0, 2], "scores": [121, 88], "skunk": "skunk"}, 121)
    'Result: seats 0 and 2 win, 121-88 (skunk)'
    >>> result_line({"winners": [0], "scores": [62], "total": 62, "rating": "skunked"})
    'Result: 62 points (skunked)'
    """
    from cribkit.games.protocol import pegged

    if result is None:
        return "The record ends before the game does."
    if "total" in result:  # Solitaire: one player, a total and its rating
        return f"Result: {result['total']} points ({result['rating']})"
    seats = [str(seat) for seat in result["winners"]]
    who = (
        f"seat {seats[0]}" if len(seats) == 1 else f"seats {', '.join(seats[:-1])} and {seats[-1]}"
    )
    verb = "wins" if len(seats) == 1 else "win"
    if result.get("tie"):
        verb = "tie"
    skunk = f" ({result['skunk']})" if result.get("skunk") else ""
    counted = "-".join(map(str, result["scores"]))
    board = "-".join(map(str, pegged(result["scores"], target)))
    past = f" (counted {counted})" if board != counted else ""
    return f"Result: {who} {verb}, {board}{past}{skunk}"


def _event_line(event: dict[str, Any]) -> str:
    # The win is the result's line; a game's end scores nothing and says nothing new.
    if not event.get("points"):
        return ""
    who = f"seat {event['seat']}" if "seat" in event else ""
    cards = " ".join(event.get("cards", []))
    words = event.get("words") or event.get("text", "")
    scores = "-".join(map(str, event.get("scores", [])))
    points = f"{event['points']:+d}"
    return f"{event['type']:<9} {who:<7} {points:<4} {scores:<8} {cards:<16} {words}"


@app.command()
def simulate(
    game: Annotated[
        str, typer.Argument(help="The game and options, e.g. classic or classic:players=3.")
    ],
    ai: Annotated[
        str | None,
        typer.Option(
            "--ai",
            help="AI levels, one per side, comma-separated (random, easy, medium, expert); "
            "default expert,easy (solitaire: expert).",
            show_default=False,
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole tournament.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, max=MAX_WORKERS, help="Processes to play in.")
    ] = 1,
    players: Annotated[
        int | None, typer.Option("--players", help="Players (classic: 2, 3, 4).")
    ] = None,
    target: Annotated[
        int | None, typer.Option("--target", help="Points to win (121 or 61).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Play computer players against each other and report win rates with 95% intervals.

    Seats rotate over games dealt from the same seed, so the first dealer's edge cancels.

    Example: cribkit simulate classic --ai expert,easy --games 2000 --seed 1 --workers 2
    """
    from cribkit.ai.players import LEVELS
    from cribkit.games import lookup
    from cribkit.sim import PHASES
    from cribkit.sim import simulate as run_simulation

    # Everything the games are played with is checked before the first is: an error is then
    # said before any progress is shown.
    spec = _spec(game, players=players, target=target)
    try:
        rules = lookup(spec)
    except ValueError as error:  # RulesError, an unknown game
        raise fail(str(error)) from None
    solitaire = rules.GAME == "solitaire"
    levels = ai or ("expert" if solitaire else "expert,easy")
    entrants = [level.strip() for level in levels.split(",") if level.strip()]
    if solitaire and len(entrants) != 1:
        raise fail(f"solitaire has one player: give 1 AI level, not {len(entrants)}")
    if not solitaire and len(entrants) != rules.sides:
        raise fail(
            f"{rules.spec()} has {rules.sides} sides: give {rules.sides} AI levels, "
            f"not {len(entrants)}"
        )
    unknown = next((level for level in entrants if level not in LEVELS), None)
    if unknown is not None:
        raise fail(f"unknown AI level {unknown!r}: the levels are {', '.join(LEVELS)}")
    if solitaire:
        _simulate_solitaire(entrants[0], games=games, seed=seed, as_json=as_json)
        return
    with _progress(games, remaining=True) as progress:
        failure: str | None = None
        try:
            result = run_simulation(
                spec, entrants, games=games, seed=seed, workers=workers, progress=progress
            )
        except ValueError as error:  # GameError and the card errors are ValueErrors
            failure = str(error)
    # (said once the bar is gone)
    if failure is not None:
        raise fail(failure)
    data = _rounded_times(result.to_dict())
    if as_json:
        print_json(data)
        return
    typer.echo(f"{data['game']}: {data['games']} games, seed {seed}, {data['seconds']:.1f} s")
    for entrant, level in enumerate(entrants):
        low, high = data["ci95"][entrant]
        deal = data["points_per_deal"][entrant]
        ties = data["ties"][entrant]
        typer.echo(
            f"  {entrant}: {level:<7} wins {data['wins'][entrant]:>5} "
            f"({100 * data['win_rate'][entrant]:.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f}%), "
            + (f"ties {ties}, " if ties else "")
            + f"skunks {data['skunks'][entrant]}"
        )
        if "points_per_game" in data:
            # Tiles has turns, not deals.
            typer.echo(
                f"       {data['points_per_game'][entrant]:.1f} points a game, "
                f"{data['points_per_turn'][entrant]:.2f} a turn over "
                f"{data['turns_per_game'][entrant]:.1f} turns"
            )
            continue
        # Only the phases the game has: classic's play, hands and crib; Table Top's lines.
        phases = [p for p in PHASES if any(deal[r][p] for r in ("dealer", "pone"))]
        for role in ("dealer", "pone"):
            parts = deal[role]
            split = " + ".join(f"{p} {parts[p]:.2f}" for p in phases)
            typer.echo(f"       as {role:<6} {parts['total']:5.2f} points a deal = {split}")
        complete = data["points_per_complete_deal"][entrant]
        typer.echo(
            "       counted out (the deal each game ended in left out): "
            f"{complete['dealer']['total']:.2f} as dealer, {complete['pone']['total']:.2f} as pone"
        )


def _simulate_solitaire(level: str, *, games: int, seed: int, as_json: bool) -> None:
    """Solitaire has one player: one level, and figures of totals rather than wins."""
    from cribkit.sim.solitaire import simulate_solitaire

    with _progress(games, remaining=False) as progress:
        result = simulate_solitaire(games, level, seed=seed, progress=progress)
    data = _rounded_times(result.to_dict())
    if as_json:
        print_json(data)
        return
    low, high = data["good_ci95"]
    typer.echo(
        f"solitaire, {level}: {data['deals']} deals from seed {seed}\n"
        f"  mean total {data['mean_total']:.2f} (best possible knowing the deck {data['mean_best']:.2f})\n"
        f"  91 or more {100 * data['good_rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
        f"121 or more {100 * data['great_rate']:.2f}%"
    )


def _rounded_times(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON's timings to the millisecond (and games a second to the hundredth), as the
    text gives them: the digits past those are noise."""
    out = dict(data)
    if isinstance(out.get("seconds"), float):
        out["seconds"] = round(out["seconds"], 3)
    if isinstance(out.get("games_per_second"), float):
        out["games_per_second"] = round(out["games_per_second"], 2)
    return out


@contextmanager
def _progress(total: int, *, remaining: bool) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error while the games are played, as the callback told of
    the games played. Only on a terminal (elsewhere rich would leave an empty line behind),
    and only from the first games played on (an error found before leaves nothing behind)."""
    if not _stderr_is_terminal():
        yield lambda n: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    columns: list[Any] = [TextColumn("simulating"), BarColumn(), MofNCompleteColumn()]
    if remaining:
        columns.append(TimeRemainingColumn())
    bar = Progress(*columns, transient=True, console=_stderr_console())
    task = bar.add_task("games", total=total)
    started = False

    def advance(n: int) -> None:
        nonlocal started
        if not started:
            bar.start()
            started = True
        bar.advance(task, n)

    try:
        yield advance
    finally:
        if started:
            bar.stop()


def _stderr_is_terminal() -> bool:
    stream = sys.stderr
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # closed
        return False


def _spec(game: str, *, players: int | None, target: int | None) -> str:
    options = [
        f"{name}={value}"
        for name, value in (("players", players), ("target", target))
        if value is not None
    ]
    if not options:
        return game
    return game + ("," if ":" in game else ":") + ",".join(options)


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help=f"The game: {TERMINAL_GAMES_TEXT}.")] = "classic",
    ai: Annotated[
        str | None,
        typer.Option(
            "--ai",
            help="The computer's level: random, easy, medium, expert (default: expert).",
            show_default=False,
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            help="2, 3 or 4 (4: you and a computer partner; default: 2).",
            show_default=False,
        ),
    ] = None,
    target: Annotated[
        int | None,
        typer.Option(
            "--target", help="121, or 61 for a short game (default: 121).", show_default=False
        ),
    ] = None,
    manual: Annotated[bool, typer.Option("--manual", help="Count your own points.")] = False,
    muggins: Annotated[
        bool, typer.Option("--muggins", help="Count your own points, and muggins is on.")
    ] = False,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of the deals (default: random).")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="A saved game to go on with.")
    ] = None,
    save: Annotated[Path | None, typer.Option("--save", help="Where to save the game.")] = None,
    daily: Annotated[bool, typer.Option("--daily", help="Solitaire: the day's deal.")] = False,
) -> None:
    """Play in the terminal: classic, tabletop or tiles against the computer, or solitaire.

    A terminal of 80x24 is enough.

    Example: cribkit play classic --ai expert --target 61
    """
    if game not in TERMINAL_GAMES:
        raise fail(
            f"{game!r} cannot be played in the terminal: the games are {TERMINAL_GAMES_TEXT}"
        )
    # An option the game has no use for is refused rather than ignored.
    given = {
        "--ai": ai is not None,
        "--players": players is not None,
        "--target": target is not None,
        "--manual": manual,
        "--muggins": muggins,
    }
    if game == "solitaire":
        unused = [name for name, used in given.items() if used]
        if unused:
            raise fail(f"{unused[0]} is not for solitaire: one player, no computer")
        _play_solitaire(seed=seed, daily=daily, resume=resume, save=save)
        return
    if daily:
        raise fail("--daily is for solitaire")
    if game != "classic" and (manual or muggins):
        raise fail(f"{'--manual' if manual else '--muggins'} is for classic")
    spec = f"{game}:players={2 if players is None else players}"
    if target is not None or game != "tiles":
        # (a target given to Tiles, which has none, is refused by the rules as any option)
        spec += f",target={121 if target is None else target}"
    if game == "classic":
        counting = "true" if manual or muggins else "false"
        spec += f",manual_counting={counting},muggins={'true' if muggins else 'false'}"
    _play_against_computer(game, spec, ai=ai or "expert", seed=seed, resume=resume, save=save)


def _play_against_computer(
    game: str, spec: str, *, ai: str, seed: int | None, resume: Path | None, save: Path | None
) -> None:
    """Start the terminal app of a game played against the computer (new or resumed)."""
    import secrets

    from cribkit.ai.players import LEVELS
    from cribkit.games import lookup

    if ai not in LEVELS:
        raise fail(f"unknown AI level {ai!r}: the levels are {', '.join(LEVELS)}")
    try:
        rules = lookup(spec)
    except ValueError as error:
        raise fail(str(error)) from None
    record = read_record(resume) if resume is not None else None
    try:
        if game == "classic":
            from cribkit.tui.classic_app import ClassicApp as GameApp
        elif game == "tabletop":
            from cribkit.tui.tabletop_app import TableTopApp as GameApp  # type: ignore[assignment]
        else:
            from cribkit.tui.tiles_app import TilesApp as GameApp  # type: ignore[assignment]
        app_ = GameApp(
            rules,
            ai=ai, seed=seed if seed is not None else secrets.randbelow(2**31), record=record,
            save_path=save if save is not None else resume,
        )  # fmt: skip
    except ValueError as error:
        raise fail(str(error)) from None
    require_terminal("cribkit play", "cribkit simulate")
    app_.run()


def _play_solitaire(
    *,
    seed: int | None,
    daily: bool,
    resume: Path | None,
    save: Path | None,
    command: str = "cribkit play",
) -> None:
    import datetime
    import secrets

    from cribkit.games.solitaire import daily_seed

    if daily and seed is not None:
        raise fail("give --seed or --daily, not both")
    title = None
    if daily:
        today = datetime.date.today()
        from cribkit.analysis.daily_deal import label

        seed, title = daily_seed(today), label(today)
    record = read_record(resume) if resume is not None else None
    try:
        from cribkit.tui.solitaire_app import SolitaireApp

        app_ = SolitaireApp(
            seed=seed if seed is not None else secrets.randbelow(2**31), record=record,
            save_path=save if save is not None else resume, title=title,
        )  # fmt: skip
    except ValueError as error:
        raise fail(str(error)) from None
    require_terminal(command, "cribkit solitaire --auto")
    app_.run()


@app.command()
def solitaire(
    daily: Annotated[
        bool, typer.Option("--daily", help="The day's deal (the seed is the date).")
    ] = False,
    seed: Annotated[int | None, typer.Option("--seed", help="A deal by its seed.")] = None,
    auto: Annotated[
        bool, typer.Option("--auto", help="Let the expert play it and report.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Cribbage Solitaire: play a deal (the day's with --daily), or watch the expert play it.

    Example: cribkit solitaire --daily
    """
    import datetime

    from cribkit.games.solitaire import daily_seed

    if daily and seed is not None:
        raise fail("give --seed or --daily, not both")
    if not (auto or as_json):
        _play_solitaire(
            seed=seed,
            daily=daily or seed is None,
            resume=None,
            save=None,
            command="cribkit solitaire",
        )
        return
    from cribkit.sim.solitaire import deal_report

    chosen = seed if seed is not None else daily_seed(datetime.date.today())
    report = deal_report(chosen)
    if as_json:
        print_json(report)
        return
    for event in report["events"]:
        text = event.get("text", "")
        if text:
            typer.echo(text)
    typer.echo(
        f"Total {report['total']} ({report['rating']}); best possible knowing the deck: {report['best']}"
    )
