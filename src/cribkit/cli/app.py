"""The ``cribkit`` command line: score, peg, discard and stats, each with ``--json``."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated, Any

import typer
from typer._click.core import Context
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperGroup
from typer.main import get_command_name

from cribkit import __version__
from cribkit.cli.errors import BAD_INPUT, fail, usage_error_line
from cribkit.cli.inputs import card_tokens, refuse_other_than_text
from cribkit.core.cards import Card, CardError, HandSizeError, parse_cards
from cribkit.core.pegging import PeggingError, score_peg
from cribkit.core.scoring import Score, score_hand, score_line

__all__ = ["BAD_INPUT", "JsonOption", "app", "fail", "main", "print_json", "user_errors"]


class WholeListing(TyperGroup):
    """Plain help whose list of commands gives each command's whole first sentence (wrapped),
    where click's would cut it at the width with "..."."""

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=400)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def invoke(self, ctx: Context) -> Any:
        try:
            return super().invoke(ctx)
        except UsageError as error:
            if error.ctx is None and ctx.invoked_subcommand is not None:
                # The parser's own errors (an option given without its value) name no command:
                # name the one whose arguments were being read.
                name = ctx.invoked_subcommand
                command = self.get_command(ctx, name)
                error.ctx = ctx if command is None else Context(command, ctx, info_name=name)
            raise

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """click's main, but a mistake on the command line (an unknown option, a missing
        argument, a value out of range) is one line and exit status 2, as every other bad
        input is, where click would print the usage, a hint and the error on four."""
        if not standalone_mode:
            return super().main(
                args, prog_name, complete_var, standalone_mode, windows_expand_args, **extra
            )
        try:
            status = super().main(
                args, prog_name, complete_var, False, windows_expand_args, **extra
            )
        except NoArgsIsHelpError as error:
            error.show()  # the help, as before
            sys.exit(error.exit_code)
        except UsageError as error:
            typer.echo(f"cribkit: error: {usage_error_line(error)}", err=True)
            sys.exit(BAD_INPUT)
        except ClickException as error:
            typer.echo(f"cribkit: error: {error.format_message()}", err=True)
            sys.exit(error.exit_code)
        except typer.Abort:
            typer.echo("Aborted!", err=True)
            sys.exit(1)
        # Not standalone, click returns the status of a command that exited (--help: 0), or
        # what the command returned (None: every command here prints instead).
        sys.exit(status if isinstance(status, int) else 0)


app = typer.Typer(
    name="cribkit",
    cls=WholeListing,
    help="cribkit: exact, fast, explained cribbage.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    # Plain help: rendering it with rich costs a one-shot command more than its work does.
    rich_markup_mode=None,
)
stats_app = typer.Typer(
    help="Exact statistics over every hand.",
    no_args_is_help=True,
    rich_markup_mode=None,
    cls=WholeListing,
)
app.add_typer(stats_app, name="stats")

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the engine's input errors into a one-line message and exit status 2."""
    try:
        yield
    except (CardError, PeggingError, ValueError) as error:
        raise fail(str(error)) from None


def print_json(data: Any) -> None:
    """One JSON document on stdout."""
    typer.echo(json.dumps(data, ensure_ascii=False))


def _version(value: bool) -> None:
    if value:
        typer.echo(f"cribkit {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """cribkit: exact, fast, explained cribbage."""


def score_tokens(
    tokens: list[str], *, starter: str | None, crib: bool, line: bool, stream: bool = False
) -> Score[Card]:
    """Score the cards named by ``tokens`` the way ``cribkit score`` does (``stream``: a line
    of ``cribkit score -``, where there is no --starter)."""
    cards = parse_cards(tokens, distinct=False)
    if line:
        if starter is not None or crib:
            raise HandSizeError("--line takes 5 cards and no --starter or --crib")
        if len(cards) != 5:
            raise HandSizeError(f"a line has 5 cards, not {len(cards)}")
        return score_line(cards)
    if starter is None and len(cards) == 5:
        return score_hand(cards[:4], cards[4], crib=crib)
    if starter is None:
        ways = (
            "5 cards, the last being the starter"
            if stream
            else ("4 cards and --starter, or 5 cards the last being the starter")
        )
        if len(cards) == 4:
            # The API counts four cards alone, but no hand is counted without its starter.
            raise HandSizeError(f"a hand is counted with its starter: give {ways}")
        raise HandSizeError(f"give {ways}, not {len(cards)} cards")
    if len(cards) != 4:
        raise HandSizeError(f"with --starter, give the 4 cards of the hand, not {len(cards)} cards")
    return score_hand(cards, starter, crib=crib)


def render_score(score: Score[Card]) -> str:
    """The breakdown as text: a heading, one line per part with its cards, the words."""
    cards = " ".join(str(c) for c in score.cards)
    what = {"hand": "Hand", "crib": "Crib", "line": "Line", "tiles": "Tiles"}[score.kind]
    heading = f"{what} {cards}" + (
        f", starter {score.starter}" if score.starter is not None else ""
    )
    lines = [f"{heading}: {score.total} points"]
    parts: list[tuple[str, int, str]] = [
        ("fifteens", score.fifteens_points, _combos(score.fifteens, "+")),
        ("pairs", score.pairs_points, _combos(score.pairs, " ")),
        ("runs", score.runs_points, _combos(score.runs, " ")),
        ("flush", score.flush_points, " ".join(str(c) for c in score.flush)),
        ("nobs", score.nobs_points, "" if score.nobs is None else str(score.nobs)),
    ]
    lines += [f"  {name:<9}{points:>3}  {detail}".rstrip() for name, points, detail in parts]
    lines.append(f"  {score.words()}.")
    return "\n".join(lines)


def _combos(combos: tuple[tuple[Card, ...], ...], joiner: str) -> str:
    return "  ".join(joiner.join(str(c) for c in combo) for combo in combos)


@app.command()
def score(
    cards: Annotated[
        list[str],
        typer.Argument(
            help="4 hand cards then the starter (or use --starter), 5 cards with --line, "
            "or - to read one hand per line from standard input. An argument may hold "
            'several cards: "5h 5c 5d js 5s".',
            show_default=False,
        ),
    ],
    starter: Annotated[
        str | None, typer.Option("--starter", "-s", help="The starter (cut) card.")
    ] = None,
    crib: Annotated[
        bool, typer.Option("--crib", help="Count as the crib (5-card flush only).")
    ] = False,
    line: Annotated[
        bool, typer.Option("--line", help="Count a 5-card Table Top row or column.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Count a hand, a crib or a Table Top line, and explain the count.

    Example: cribkit score 5h 5c 5d js --starter 5s
    """
    if cards == ["-"]:
        if starter is not None:
            raise fail("--starter cannot be used with -: put the starter last on each line")
        _score_stream(crib=crib, line=line)
        return
    with user_errors():
        result = score_tokens(card_tokens(cards), starter=starter, crib=crib, line=line)
    if as_json:
        print_json(result.to_dict())
    else:
        typer.echo(render_score(result))


def _score_stream(*, crib: bool, line: bool) -> None:
    """One JSON object per input line; a bad line gets an error object and exit status 2."""
    failed = 0
    for number, data in enumerate(typer.get_binary_stream("stdin"), start=1):
        if number == 1:
            # A compressed file, UTF-16 or a binary file is refused whole, not line by line.
            refuse_other_than_text(data, "standard input", "the hands as text")
        try:
            text = data.decode("utf-8-sig" if number == 1 else "utf-8")
            tokens = text.split("#", 1)[0].replace(",", " ").split()
            if not tokens:
                continue
            result: dict[str, Any] = score_tokens(
                tokens, starter=None, crib=crib, line=line, stream=True
            ).to_dict()
        except UnicodeDecodeError:
            failed += 1
            typer.echo(f"cribkit: error: line {number} is not UTF-8 text", err=True)
            result = {"error": "the line is not UTF-8 text"}
        except ValueError as error:
            failed += 1
            typer.echo(f"cribkit: error: line {number}: {error}", err=True)
            result = {"error": str(error)}
        print_json({"line": number, **result})
    if failed:
        raise typer.Exit(BAD_INPUT)


@app.command()
def peg(
    cards: Annotated[
        list[str], typer.Argument(help="The cards of the current count, in the order laid.")
    ],
    as_json: JsonOption = False,
) -> None:
    """Score the last card laid in the play (15, 31, pairs, runs).

    Example: cribkit peg 7d 8c 7h
    """
    with user_errors():
        result = score_peg(parse_cards(card_tokens(cards)))
    if as_json:
        print_json(result.to_dict())
        return
    pile = " ".join(str(c) for c in result.pile)
    words = result.words() or "nothing scores"
    typer.echo(f"{pile}: count {result.count}, {result.card} scores {result.total} ({words})")


@app.command()
def discard(
    cards: Annotated[list[str], typer.Argument(help="The six cards dealt to you.")],
    dealer: Annotated[
        bool | None,
        typer.Option("--dealer/--pone", help="Whether the crib is yours (dealer) or not (pone)."),
    ] = None,
    uniform: Annotated[
        bool,
        typer.Option(
            "--uniform",
            help="The textbook view: hand and a crib exact against random discards, no pegging.",
        ),
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Rank the 15 ways to lay away two cards by their value: the kept hand over the 46
    starters, plus its pegging, plus or minus the crib (the hint's, the review's and the
    puzzles' one valuation).

    Example: cribkit discard 5h 5c 5d js 7c 9h --dealer
    """
    # The cards first (how many, each one, none twice), and only then whose crib it is.
    tokens = card_tokens(cards)
    if len(tokens) != 6:
        raise fail(f"a two-player deal has 6 cards, not {len(tokens)}")
    with user_errors():
        deal = parse_cards(tokens)
    if dealer is None:
        raise fail("say whose crib it is: --dealer or --pone")
    from cribkit.ai.lay_away import lay_away_values  # builds numpy tables: load on use

    with user_errors():
        ways = lay_away_values(deal, dealer=dealer, uniform=uniform)
    if as_json:
        print_json([way.to_dict() for way in ways])
        return
    sign = "+" if dealer else "-"
    pegging = "" if uniform else f" {'peg':>6}"
    typer.echo(
        f"{'discard':<8} {'keep':<12} {'hand':>6} {'min':>4} {'max':>4}{pegging} {'crib':>6} "
        f"{'value':>7}"
    )
    for way in ways:
        pegged = "" if uniform else f" {way.pegging:+6.2f}"
        typer.echo(
            f"{way.discard!s:<8} {way.keep!s:<12} {way.hand:6.2f} {way.hand_min:4d} "
            f"{way.hand_max:4d}{pegged} {sign}{way.crib:5.2f} {way.value:7.2f}"
        )
    whose = "added: your crib" if dealer else "subtracted: the dealer’s crib"
    if uniform:
        typer.echo(
            f"hand: over the 46 starters; crib ({whose}): over every opponent discard and "
            "starter (the textbook's uniform crib, no pegging)"
        )
    else:
        typer.echo(
            f"hand: over the 46 starters; peg: the kept hand's expected pegging margin; crib "
            f"({whose}): as a strong player lays away to it (the expert's crib table)"
        )


@stats_app.command("hands")
def stats_hands(
    crib: Annotated[
        bool, typer.Option("--crib", help="Count as cribs (5-card flush only).")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """The exact score distribution over all 12,994,800 hands (4 cards + starter)."""
    from cribkit.core.stats import mean_score, score_distribution

    started = time.perf_counter()
    counts = score_distribution(crib=crib)
    seconds = time.perf_counter() - started
    mean = mean_score(counts)
    if as_json:
        print_json(
            {
                "kind": "crib" if crib else "hand",
                "total": int(counts.sum()),
                "counts": [int(n) for n in counts],
                "mean": mean,
                "seconds": round(seconds, 3),
            }
        )
        return
    total = int(counts.sum())
    typer.echo(f"{'score':>5} {'count':>10} {'share':>8}")
    for points, count in enumerate(counts):
        typer.echo(f"{points:>5} {int(count):>10,} {count / total:8.4%}")
    typer.echo(f"{total:,} {'cribs' if crib else 'hands'}, mean {mean:.6f}, in {seconds:.3f} s")


def main() -> None:
    """Entry point of the ``cribkit`` command."""
    (only_command(sys.argv[1:2]) or app)(prog_name="cribkit")


def only_command(first: list[str]) -> typer.Typer | None:
    """The app with only the command named by ``first`` (the first word of the command line),
    or None when it names none (no word, an option, a group such as ``stats``, a mistake).

    Typer builds the parameters of every command before it runs one, some 9 ms of every
    one-shot command; built alone, the command named is the same command, and its help, its
    errors and its output are the same."""
    if not first:
        return None
    for info in app.registered_commands:
        callback = info.callback
        if callback is not None and (info.name or get_command_name(callback.__name__)) == first[0]:
            single = typer.Typer(
                name="cribkit",
                cls=WholeListing,
                no_args_is_help=True,
                pretty_exceptions_enable=False,
                add_completion=False,
                rich_markup_mode=None,
            )
            single.registered_commands = [info]
            single.registered_callback = app.registered_callback
            return single
    return None


# The game commands live in their own module and register themselves on this app.
from cribkit.cli import analyse_cmd, db_cmd, games_cmds, puzzle_cmd, serve_cmd, verify_cmd  # noqa: E402, F401
