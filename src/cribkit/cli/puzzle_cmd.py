"""``cribkit puzzle``: a puzzle from the expert's games in the terminal, the day's puzzle, the
answer judged with the values of the alternatives, and the streaks kept in the user's data
folder (``puzzles.json`` there; docs/analysis.md, "Puzzles")."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from cribkit.cli.app import JsonOption, app, fail, print_json

#: What a puzzle of each kind asks for, as its heading names it after the game: a Tiles
#: puzzle's kind is "tiles", which would name the game twice ("tiles, tiles").
POSITIONS = {"lay-away": "lay-away", "play": "play", "place": "place", "tiles": "play"}


def history_path() -> Path:
    """Where the puzzle history is kept: ``puzzles.json`` in cribkit's data folder."""
    from cribkit.store.saves import data_home

    return data_home() / "puzzles.json"


def _symbols(text: str) -> str:
    from cribkit.analysis.puzzle_values import symbols

    return symbols(text)


def render(puzzle: dict[str, Any]) -> str:
    """The puzzle as the terminal shows it: the question, and the table or board."""
    view, kind = puzzle["view"], puzzle["kind"]
    lines = [f"Puzzle {puzzle['id']} ({puzzle['game']}, {POSITIONS[kind]})", puzzle["question"]]
    if kind == "play" and view["played"]:
        seat = view["seat"]
        said = ", ".join(
            f"{'you' if s == seat else 'they'} {_symbols(c)}" for s, c in view["played"]
        )
        lines.append(f"Played this deal: {said}")
    if kind == "place":
        lines += _tabletop_grid(view)
    if kind == "tiles":
        from cribkit.analysis.puzzles import options

        lines += _tiles_board(view)
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        lines += [f"  {letters[i]}  {c['key']}" for i, c in enumerate(options(puzzle))]
    lines.append(_how_to_answer(kind))
    return "\n".join(lines)


def _how_to_answer(kind: str) -> str:
    return {
        "lay-away": "Answer with the two cards you lay away (e.g. 2d th).",
        "play": "Answer with the card you play (e.g. 5h).",
        "place": "Answer with the cell (e.g. C3).",
        "tiles": "Answer with the letter of the play.",
    }[kind]


def _tabletop_grid(view: dict[str, Any]) -> list[str]:
    open_cells = set(view["open_cells"])
    out = ["     A    B    C    D    E"]
    for r, row in enumerate(view["grid"]):
        cells = []
        for c, card in enumerate(row):
            name = f"{'ABCDE'[c]}{r + 1}"
            cells.append(
                f"{_symbols(card):>4}" if card else ("   +" if name in open_cells else "   ·")
            )
        out.append(f"{r + 1} " + " ".join(cells))
    lines = view["line_scores"]
    out.append(f"rows {lines['rows']}  columns {lines['columns']}  (+: where it may go)")
    return out


def _tiles_board(view: dict[str, Any]) -> list[str]:
    """The occupied part of the board, a cell around it, with its column letters and rows."""
    rows = view["board"]
    size = len(rows)
    used = [(r, c) for r in range(size) for c in range(size) if rows[r][c] is not None]
    if not used:
        return [f"The board is empty: the first play covers the centre, {view['centre']}."]
    top = max(0, min(r for r, _ in used) - 1)
    bottom = min(size - 1, max(r for r, _ in used) + 1)
    left = max(0, min(c for _, c in used) - 1)
    right = min(size - 1, max(c for _, c in used) + 1)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    out = ["    " + "".join(f"{letters[c]:>5}" for c in range(left, right + 1))]
    for r in range(top, bottom + 1):
        cells = "".join(f"{rows[r][c] or '·':>5}" for c in range(left, right + 1))
        out.append(f"{r + 1:>3} {cells}")
    return out


def render_verdict(result: Any, puzzle: dict[str, Any], streak: str | None) -> str:
    """The verdict in words and the values of the alternatives."""
    head = "Best!"
    if not result.correct:
        head = f"Not the best: {result.verdict}, {result.cost:.2f} points of expectation lost"
    what = {"lay-away": "lay away", "play": "play", "place": "cell", "tiles": "play"}
    lines = [head, result.words, "", f"{what[puzzle['kind']]:<28} {'value':>7}"]
    for choice in puzzle["choices"][:8]:
        marks = []
        if choice["key"] == result.answer:
            marks.append("yours")
        if choice["key"] in puzzle["answers"]:
            marks.append("best")
        if choice["key"] in puzzle["casual"]:
            marks.append("casual")
        key = _symbols(choice["key"]) if puzzle["game"] == "classic" else choice["key"]
        lines.append(f"{key:<28} {choice['value']:>7.2f}  {' '.join(marks)}".rstrip())
    if result.answer not in [c["key"] for c in puzzle["choices"][:8]]:
        lines.append(f"{result.answer:<28} {result.value:>7.2f}  yours")
    if streak:
        lines += ["", streak]
    return "\n".join(lines)


@app.command()
def puzzle(
    daily: Annotated[
        bool, typer.Option("--daily", help="The day's puzzle (the same for everybody).")
    ] = False,
    game: Annotated[str | None, typer.Option("--game", help="classic, tabletop or tiles.")] = None,
    kind: Annotated[
        str | None, typer.Option("--kind", help="lay-away, play, place or tiles.")
    ] = None,
    puzzle_id: Annotated[
        str | None, typer.Option("--id", help="A puzzle by its id (e.g. lay-away-001).")
    ] = None,
    answer: Annotated[
        str | None, typer.Option("--answer", help="The answer (else it is asked for).")
    ] = None,
    deal: Annotated[
        bool, typer.Option("--deal", help="Play the day's classic deal against the expert.")
    ] = False,
    date: Annotated[
        str | None,
        typer.Option("--date", help="The daily puzzle or deal of this date (YYYY-MM-DD)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Solve a puzzle: what would you lay away, play, or place? (the day's with --daily)

    The answer is judged with the expert's values of every choice; the streaks are kept.

    Example: cribkit puzzle --daily --game classic
    """
    from cribkit.analysis import puzzles as lib

    path = history_path()
    if deal:
        if puzzle_id or game or kind or answer or daily:
            raise fail("--deal plays the day's deal: give it alone (or with --date, --json)")
        _daily_deal(lib, path, date, as_json=as_json)
        return
    try:
        history = lib.load_history(path)
        chosen = _choose(
            lib, history, daily=daily, game=game, kind=kind, puzzle_id=puzzle_id, date=date
        )
    except ValueError as error:  # PuzzleError, HistoryError, a bad date
        raise fail(str(error)) from None
    if as_json and answer is None:
        print_json(_public(chosen))
        return
    if not as_json:
        typer.echo(render(chosen))
    if answer is not None:
        try:
            result = lib.check(chosen, answer)
        except lib.PuzzleError as error:
            raise fail(str(error)) from None
    else:
        result = _ask(lib, chosen)
    today = _date(date) if daily else datetime.date.today()
    history = lib.record_answer(history, result, date=today, daily_puzzle=daily)
    lib.save_history(path, history)
    if as_json:
        print_json({**result.to_json(), "history": _streaks(history)})
        return
    streak = f"Streak {history['streak']} (best {history['best_streak']})" + (
        f", daily streak {history['daily_streak']}" if daily else ""
    )
    typer.echo(render_verdict(result, chosen, streak))


def _date(text: str | None) -> datetime.date:
    if text is None:
        return datetime.date.today()
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"--date takes a date as YYYY-MM-DD, not {text!r}") from None


def _choose(
    lib: Any,
    history: dict[str, Any],
    *,
    daily: bool,
    game: str | None,
    kind: str | None,
    puzzle_id: str | None,
    date: str | None,
) -> dict[str, Any]:
    if puzzle_id is not None:
        if daily or game or kind:
            raise ValueError("--id names one puzzle: give it without --daily, --game or --kind")
        return dict(lib.by_id(puzzle_id))
    if daily:
        if kind is not None:
            raise ValueError("the daily puzzle is one per game: give --game, not --kind")
        return dict(lib.daily(_date(date), game))
    if date is not None:
        raise ValueError("--date is for the daily puzzle: give --daily too")
    # The next puzzle not yet answered (in the file's order), else the first again.
    candidates = lib.pick(game=game, kind=kind)
    done = {a["puzzle"] for a in history["answers"]}
    return dict(next((p for p in candidates if p["id"] not in done), candidates[0]))


def _ask(lib: Any, chosen: dict[str, Any]) -> Any:
    """Ask until the answer can be read (a bad one is said in a line and asked again)."""
    while True:
        text = _prompt("Your answer")
        try:
            return lib.check(chosen, text)
        except lib.PuzzleError as error:
            typer.echo(f"cribkit: {error}", err=True)


def _prompt(
    text: str,
    prompt_suffix: str = ": ",
    ended: str = "standard input ended before the answer: give it with --answer, "
    "or run the command in a terminal",
) -> str:
    """A line of the answer; the input ending before one (a script, a pipe that ran dry) is
    one line and exit status 2, where click would say "Aborted!" (Ctrl+C still does)."""
    try:
        answer: str = typer.prompt(text, prompt_suffix=prompt_suffix, show_default=False)
    except typer.Abort as abort:
        # click turns the end of the input and Ctrl+C alike into Abort, "from None": the
        # exception it met is still its context.
        if isinstance(abort.__context__, EOFError):
            if text:
                typer.echo()  # ends the prompt's line
            raise fail(ended) from None
        raise
    return answer


def _public(puzzle: dict[str, Any]) -> dict[str, Any]:
    """The puzzle without its answer (what a script shows before it is answered)."""
    hidden = ("answer", "answers", "choices", "casual", "margin", "gap", "words")
    out = {k: v for k, v in puzzle.items() if k not in hidden}
    if puzzle["kind"] == "tiles":
        out["options"] = [c["key"] for c in sorted(puzzle["choices"], key=lambda c: c["key"])]
    return out


def _streaks(history: dict[str, Any]) -> dict[str, Any]:
    return {k: history[k] for k in ("streak", "best_streak", "daily_streak")} | {
        "answered": len(history["answers"])
    }


def _daily_deal(lib: Any, path: Path, date: str | None, *, as_json: bool) -> None:
    """Play the day's deal from the terminal (moves read a line at a time), then compare the
    result with the expert's on the same cards and keep both in the history."""
    from cribkit.analysis import daily_deal

    try:
        history = lib.load_history(path)
        day = _date(date)
    except ValueError as error:
        raise fail(str(error)) from None
    if not as_json:
        typer.echo(
            f"Daily deal {day.isoformat()} (seed {daily_deal.deal_seed(day)}) against the expert"
        )
    _end, yours = daily_deal.play_deal(day, lambda s: _deal_move(s, quiet=as_json))
    result = daily_deal.compare(day, yours)
    deals = [d for d in history.get("deals", []) if d.get("date") != result["date"]]
    history = {**history, "deals": [*deals, result]}
    lib.save_history(path, history)
    if as_json:
        print_json(result)
    else:
        typer.echo(result["words"])


def _deal_move(state: Any, *, quiet: bool) -> Any:
    """Your move in the daily deal: asked until it is a legal one."""
    from cribkit.core.cards import CardError, parse_cards

    view = state.observation(0)
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    forms = [a.to_dict() for a in legal]
    if not quiet:
        role = "dealer" if view.dealer == 0 else "pone"
        if forms[0]["type"] == "discard":
            typer.echo(f"You are the {role}; your cards: {_symbols(' '.join(map(str, view.hand)))}")
        else:
            pile = _symbols(" ".join(map(str, view.pile))) or "nothing yet"
            typer.echo(
                f"Starter {_symbols(str(view.starter))}; count {view.count} ({pile}); "
                f"you hold {_symbols(' '.join(map(str, view.hand)))}"
            )
    what = "Lay away two cards" if forms[0]["type"] == "discard" else "Play a card"
    while True:
        # With --json nothing but the JSON goes to standard output: no prompt.
        text = _prompt(
            "" if quiet else what,
            prompt_suffix="" if quiet else ": ",
            ended="standard input ended before the deal did: give every move on it, "
            "or play the deal in a terminal",
        )
        try:
            cards = sorted(str(c) for c in parse_cards(text.replace(",", " ").split()))
        except CardError as error:
            typer.echo(f"cribkit: {error}", err=True)
            continue
        for action, form in zip(legal, forms, strict=True):
            given = sorted(form["cards"]) if "cards" in form else [form.get("card")]
            if given == cards:
                return action
        typer.echo(f"cribkit: {' '.join(cards)} is not a legal move now", err=True)
