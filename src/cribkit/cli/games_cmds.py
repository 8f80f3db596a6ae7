"""Game commands of the ``cribkit`` CLI: replay and simulate (and, in tui, play)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from cribkit.cli.app import JsonOption, app, fail, print_json

#: The games ``cribkit play`` starts, by their names in the registry (``cribkit.games.games()``,
#: which every registered game is played from): written out so that ``--help`` does not import
#: every game; tests/cli checks that the two agree.
TERMINAL_GAMES = ("classic", "solitaire", "tabletop", "tiles")
#: The games in words, for the help and the errors: "classic, solitaire, tabletop or tiles".
TERMINAL_GAMES_TEXT = f"{', '.join(TERMINAL_GAMES[:-1])} or {TERMINAL_GAMES[-1]}"


@app.command()
def replay(
    record: Annotated[Path, typer.Argument(help="A game record (JSON), or - for standard input.")],
    as_json: JsonOption = False,
) -> None:
    """Replay a game record: every scoring event and the result.

    Example: cribkit replay game.json --json
    """
    from cribkit.games.protocol import pegged_text
    from cribkit.games.records import loads
    from cribkit.games.records import replay as replay_record

    try:
        text = typer.get_text_stream("stdin").read() if str(record) == "-" else record.read_text()
    except OSError as error:
        raise fail(f"cannot read {record}: {error.strerror}") from None
    try:
        replayed = replay_record(loads(text))
    except ValueError as error:  # GameError and the card errors are ValueErrors
        raise fail(f"{record}: {error}") from None
    data = replayed.to_dict()
    if as_json:
        print_json(data)
        return
    for event in data["events"]:
        line = _event_line(event)
        if line:
            typer.echo(line)
    result = data["result"]
    if result is None:
        typer.echo("The record ends before the game does.")
    else:
        # As the board holds them: the winner's peg in the game hole ("121 - 101").
        scores = pegged_text(result["scores"], getattr(replayed.state.rules, "target", None))
        typer.echo(f"Winner: side {result['winner']}, scores {scores}")


def _event_line(event: dict[str, Any]) -> str:
    if not event.get("points") and event["type"] not in ("win",):
        return ""
    who = f"seat {event['seat']}" if "seat" in event else ""
    cards = " ".join(event.get("cards", []))
    words = event.get("words") or event.get("text", "")
    scores = "-".join(map(str, event.get("scores", [])))
    return f"{event['type']:<9} {who:<7} +{event['points']:<3} {scores:<8} {cards:<16} {words}"


@app.command()
def simulate(
    game: Annotated[
        str, typer.Argument(help="The game and options, e.g. classic or classic:players=3.")
    ],
    ai: Annotated[
        str,
        typer.Option(
            "--ai", help="AI levels, one per side, comma-separated (random, easy, medium, expert)."
        ),
    ] = "expert,easy",
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the whole tournament.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-w", min=1, help="Processes to play in.")
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
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from cribkit.sim import PHASES
    from cribkit.sim import simulate as run_simulation

    if game.split(":")[0] == "solitaire":
        _simulate_solitaire(ai, games=games, seed=seed, as_json=as_json)
        return
    spec = _spec(game, players=players, target=target)
    entrants = [level.strip() for level in ai.split(",") if level.strip()]
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, transient=True, console=_stderr_console()) as bar:
        task = bar.add_task("games", total=games)
        try:
            result = run_simulation(
                spec, entrants, games=games, seed=seed, workers=workers,
                progress=lambda n: bar.advance(task, n),
            )  # fmt: skip
        except ValueError as error:  # GameError and the card errors are ValueErrors
            raise fail(str(error)) from None
    data = result.to_dict()
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
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from cribkit.ai.players import LEVELS
    from cribkit.sim.solitaire import simulate_solitaire

    level = level.split(",")[0].strip() if level != "expert,easy" else "expert"
    if level not in LEVELS:
        raise fail(f"unknown AI level {level!r}: the levels are {', '.join(LEVELS)}")
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, transient=True, console=_stderr_console()) as bar:
        task = bar.add_task("deals", total=games)
        result = simulate_solitaire(
            games, level, seed=seed, progress=lambda n: bar.advance(task, n)
        )
    data = result.to_dict()
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
        str, typer.Option("--ai", help="The computer's level: random, easy, medium, expert.")
    ] = "expert",
    players: Annotated[
        int, typer.Option("--players", help="2, 3 or 4 (4: you and a computer partner).")
    ] = 2,
    target: Annotated[int, typer.Option("--target", help="121, or 61 for a short game.")] = 121,
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
    if game == "solitaire":
        _play_solitaire(seed=seed, daily=daily, resume=resume, save=save)
        return
    if game not in TERMINAL_GAMES:
        raise fail(
            f"{game!r} cannot be played in the terminal: the games are {TERMINAL_GAMES_TEXT}"
        )
    if daily:
        raise fail("--daily is for solitaire")
    spec = f"{game}:players={players}" + (f",target={target}" if game != "tiles" else "")
    if game == "classic":
        counting = "true" if manual or muggins else "false"
        spec += f",manual_counting={counting},muggins={'true' if muggins else 'false'}"
    _play_against_computer(game, spec, ai=ai, seed=seed, resume=resume, save=save)


def _play_against_computer(
    game: str, spec: str, *, ai: str, seed: int | None, resume: Path | None, save: Path | None
) -> None:
    """Start the terminal app of a game played against the computer (new or resumed)."""
    import secrets

    from cribkit.ai.players import LEVELS
    from cribkit.games import lookup
    from cribkit.store.saves import load_record

    if ai not in LEVELS:
        raise fail(f"unknown AI level {ai!r}: the levels are {', '.join(LEVELS)}")
    try:
        rules = lookup(spec)
        record = load_record(resume) if resume is not None else None
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
    app_.run()


def _play_solitaire(
    *, seed: int | None, daily: bool, resume: Path | None, save: Path | None
) -> None:
    import datetime
    import secrets

    from cribkit.games.solitaire import daily_seed
    from cribkit.store.saves import load_record

    if daily and seed is not None:
        raise fail("give --seed or --daily, not both")
    title = None
    if daily:
        today = datetime.date.today()
        from cribkit.analysis.daily_deal import label

        seed, title = daily_seed(today), label(today)
    try:
        record = load_record(resume) if resume is not None else None
        from cribkit.tui.solitaire_app import SolitaireApp

        app_ = SolitaireApp(
            seed=seed if seed is not None else secrets.randbelow(2**31), record=record,
            save_path=save if save is not None else resume, title=title,
        )  # fmt: skip
    except ValueError as error:
        raise fail(str(error)) from None
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
        _play_solitaire(seed=seed, daily=daily or seed is None, resume=None, save=None)
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
