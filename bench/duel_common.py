"""What the duplicate-game benchmarks (``duel_tabletop.py``, ``duel_tiles.py``) share: the
arguments, the duplicate games themselves, the means with their standard errors, the report
and its printing; and with ``duel_classic.py`` (duplicate deals), the tuned players.

A *seed* is one group of duplicate games: every variant plays the whole game from each chair
in turn (seat 0, then seat 1, ...) against ``--against`` in the other chairs, on the same deal
or bag. The games are :func:`cribkit.sim.play_game`'s, so a seed is exactly the group of
:func:`cribkit.sim.simulate` games with the same index (its deck or bag seed, and its players'
seeds from the game's index and the chair): the opponent in a chair has the same seed whatever
it plays against, and a variant equal to the opponent plays the very same games.

>>> mean_se([1.0, 3.0])
(2.0, 1.0)
>>> mean_se([4.0])
(4.0, inf)
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cribkit.ai.players import LEVELS, Player, make_player
from cribkit.games import lookup
from cribkit.sim import GameOutcome, play_game, wilson_interval

#: A game's points by part (``outcome``, ``entrant``): what the margin is made of.
Parts = Callable[[GameOutcome, int], dict[str, int]]


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (infinite with fewer than two values)."""
    if len(values) < 2:
        return (values[0] if values else 0.0, math.inf)
    return statistics.fmean(values), statistics.stdev(values) / math.sqrt(len(values))


def estimate(values: Sequence[float]) -> list[float | None]:
    """:func:`mean_se` as a JSON pair: the standard error is ``None`` if there is none.

    >>> estimate([1.0, 3.0]), estimate([2.0])
    ([2.0, 1.0], [2.0, None])
    """
    mean, se = mean_se(values)
    return [mean, se if math.isfinite(se) else None]


def plus_minus(pair: Sequence[float | None], digits: int = 2) -> str:
    """``mean±se``, signed (``±?`` without a standard error).

    >>> plus_minus([0.5, 0.25]), plus_minus([0.0, None], 3)
    ('+0.50±0.25', '+0.000±?')
    """
    mean, se = pair
    assert mean is not None
    return f"{mean:+.{digits}f}±" + ("?" if se is None else f"{se:.{digits}f}")


def parse_args(doc: str, spec: str, games: int, seed: int) -> argparse.Namespace:
    """The command line: ``spec``, ``games`` (seeds) and ``seed`` are the script's defaults."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--variants", default="medium,expert",
                        help="levels, comma-separated; level:name=value;... sets its knobs")  # fmt: skip
    parser.add_argument("--against", default="medium", help="the level in the other chairs")
    parser.add_argument("--games", type=int, default=games,
                        help="seeds: each is played from every chair by every variant")  # fmt: skip
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--spec", default=spec, help="the game and its options")
    parser.add_argument("--workers", type=int, default=1, help="processes (chunks of seeds)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    args.variants = args.variants.split(",")
    game = lookup(args.spec).GAME
    for variant in [*args.variants, args.against]:
        try:
            tuned_player(game, variant, 0)
        except ValueError as error:
            parser.error(str(error))
    if args.games < 1:
        parser.error("play at least one seed")
    return args


def tuned_player(game: str, variant: str, seed: int) -> Player:
    """The player of ``variant``: a level, or ``level:name=value;...``, which sets the level's
    public knobs to other values, each of the type it has: attributes of the player (the Tiles
    expert's ``candidates`` and ``samples``), or fields of its frozen ``settings`` (the classic
    expert's :class:`~cribkit.ai.classic.ExpertSettings`); a flag is 0 or 1.

    >>> tuned_player("tiles", "expert:samples=20;window=30", 1).samples
    20
    >>> tuned_player("classic", "expert:greed=0.25;endgame_discard=1", 1).settings.greed
    0.25
    >>> tuned_player("tiles", "expert:depth=3", 1)
    Traceback (most recent call last):
    ...
    ValueError: the tiles expert has no setting 'depth'
    """
    level, _, settings = variant.partition(":")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    player = make_player(game, level, seed=seed)
    knobs = getattr(player, "settings", None)
    fields = {f.name for f in dataclasses.fields(knobs)} if dataclasses.is_dataclass(knobs) else ()
    for setting in filter(None, settings.split(";")):
        name, _, text = setting.partition("=")
        owner: Any = knobs if name in fields else player
        if name.startswith("_") or not hasattr(owner, name) or name in ("name", "level"):
            raise ValueError(f"the {game} {level} has no setting {name!r}")
        value = _typed(name, text, type(getattr(owner, name)))
        if owner is knobs:
            knobs = dataclasses.replace(knobs, **{name: value})
            vars(player)["settings"] = knobs
        else:
            setattr(player, name, value)
    return player


def _typed(name: str, text: str, kind: type) -> Any:
    """``text`` as a value of ``kind``: a flag is 0 or 1 (``bool("0")`` would be true)."""
    if kind is bool:
        if text not in ("0", "1"):
            raise ValueError(f"{name} is a flag: 0 or 1, not {text!r}")
        return text == "1"
    try:
        return kind(text)
    except ValueError:
        raise ValueError(f"{name} takes a {kind.__name__}, not {text!r}") from None


def play_seed(
    spec: str, variants: Sequence[str], against: str, seed: int, parts: Parts, group: int
) -> list[dict[str, Any]]:
    """Seed ``group``: for each variant, its margin (its final score minus the opponents'
    mean, summed over its chairs), its wins (a tie shared), its margin by part, the scores of
    each chair's game and the seconds its games took."""
    sides = lookup(spec).sides
    row = []
    for variant in variants:
        entrants = [variant] + [against] * (sides - 1)
        margin = 0.0
        wins = 0.0
        net: dict[str, float] = {}
        scores = []
        started = time.perf_counter()
        for chair in range(sides):
            # Game ``group * sides + chair`` of simulate: the variant (entrant 0) in ``chair``.
            outcome = play_game(spec, entrants, group * sides + chair, seed, tuned_player)
            others = sides - 1
            margin += outcome.scores[0] - sum(outcome.scores[1:]) / others
            winners = outcome.winners or [outcome.winner]
            wins += 1 / len(winners) if 0 in winners else 0.0
            mine = parts(outcome, 0)
            theirs = [parts(outcome, e) for e in range(1, sides)]
            for name, value in mine.items():
                net[name] = net.get(name, 0.0) + value - sum(t[name] for t in theirs) / others
            scores.append(outcome.scores)
        seconds = time.perf_counter() - started
        row.append(
            {"margin": margin, "wins": wins, "parts": net, "scores": scores, "seconds": seconds}
        )
    return row


def _play_chunk(
    job: tuple[str, list[str], str, int, Parts, list[int]],
) -> list[tuple[int, list[dict[str, Any]]]]:
    spec, variants, against, seed, parts, groups = job
    return [(g, play_seed(spec, variants, against, seed, parts, g)) for g in groups]


def play(args: argparse.Namespace, parts: Parts) -> list[list[dict[str, Any]]]:
    """Every seed's row (one entry a variant), in seed order."""
    chunks = min(args.games, 4 * args.workers)
    jobs = [
        (
            args.spec,
            args.variants,
            args.against,
            args.seed,
            parts,
            list(range(c, args.games, chunks)),
        )
        for c in range(chunks)
    ]
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(_play_chunk, jobs))
    else:
        results = [_play_chunk(job) for job in jobs]
    pairs = sorted((pair for chunk in results for pair in chunk), key=lambda pair: pair[0])
    return [row for _, row in pairs]


def _played(record: dict[str, Any]) -> dict[str, Any]:
    """A variant's record of a seed without its timing: equal if it played the same games."""
    return {key: value for key, value in record.items() if key != "seconds"}


def report(variants: list[str], sides: int, rows: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Per variant: win rate (95% Wilson interval), mean margin a game with its standard error
    (over the seeds, the independent units), the margin by part, and after the first variant
    the paired difference from the first, seed by seed."""
    games = sides * len(rows)
    out: dict[str, Any] = {"seeds": len(rows), "games_per_variant": games, "variants": {}}
    for v, level in enumerate(variants):
        wins = sum(r[v]["wins"] for r in rows)
        low, high = wilson_interval(wins, games)
        entry: dict[str, Any] = {
            "wins": wins,
            "win_rate": wins / games,
            "ci95": [low, high],
            "seconds_per_game": round(sum(r[v]["seconds"] for r in rows) / games, 3),
            "margin": estimate([r[v]["margin"] / sides for r in rows]),
            "parts": {
                name: statistics.fmean(r[v]["parts"][name] / sides for r in rows)
                for name in rows[0][v]["parts"]
            },
        }
        if v:
            entry["vs_first"] = {
                "margin": estimate([(r[v]["margin"] - r[0]["margin"]) / sides for r in rows]),
                "wins": estimate([(r[v]["wins"] - r[0]["wins"]) / sides for r in rows]),
                "seeds_differing": sum(_played(r[v]) != _played(r[0]) for r in rows),
            }
        out["variants"][level] = entry
    return out


def main(doc: str, game: str, parts: Parts, *, games: int, seed: int) -> None:
    """Parse the command line, play the duplicate games of ``game`` and print the report."""
    args = parse_args(doc, game, games, seed)
    rules = lookup(args.spec)
    if game != rules.GAME:
        raise SystemExit(f"{args.spec!r} is not a {game} spec")
    started = time.perf_counter()
    rows = play(args, parts)
    seconds = time.perf_counter() - started
    out = report(args.variants, rules.sides, rows)
    played = out["games_per_variant"] * len(args.variants)
    out.update(
        spec=rules.spec(),
        against=args.against,
        seed=args.seed,
        seconds=round(seconds, 1),
        seconds_per_game=round(seconds / played, 3),
    )
    if args.json:
        print(json.dumps(out))
        return
    print(
        f"{out['spec']}: {out['seeds']} seeds x {rules.sides} chairs against {args.against}, "
        f"seed {args.seed}, {out['seconds']} s ({out['seconds_per_game']} s a game)"
    )
    print_variants(out, args.variants[0])


def print_variants(out: dict[str, Any], first: str) -> None:
    """Print each variant's line of a report, and its paired difference from ``first``."""
    for level, entry in out["variants"].items():
        low, high = entry["ci95"]
        print(
            f"{level}: wins {entry['wins']:g}/{out['games_per_variant']} "
            f"= {100 * entry['win_rate']:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}), "
            f"margin {plus_minus(entry['margin'])} a game, {entry['seconds_per_game']} s a game"
        )
        by_part = ", ".join(f"{name} {x:+.2f}" for name, x in entry["parts"].items())
        print(f"  margin by part: {by_part}")
        diff = entry.get("vs_first")
        if diff:
            print(
                f"  vs {first}: margin {plus_minus(diff['margin'])} a game, "
                f"wins {plus_minus(diff['wins'], 3)} a game "
                f"(seeds differing: {diff['seeds_differing']}/{out['seeds']})"
            )
