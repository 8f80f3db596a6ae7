"""Benchmark: duplicate single deals of classic cribbage, to compare AI variants with little noise.

Run from the repository root::

    .venv/bin/python bench/duel_classic.py --variants medium,expert --deals 4000 --workers 2
    .venv/bin/python bench/duel_classic.py --variants expert,expert:greed=0.3 --json

Every deal is one 52-card deck, one dealer and one score situation (``--scores``, the tested
seat's score first). Each variant plays that same deal from seat 0 against the same opponent
(``--against``, medium by default) in seat 1; the dealer alternates between the seats from one
deal to the next. The opponent is deterministic, so where two variants make the same choices
they score the same, and the difference between two variants on a deal comes only from where
their choices differ: a 0.05-point-a-deal effect shows in a few thousand deals, where full
games need tens of thousands.

With ``--history K`` each deal is played as the game's deal K + 1: the K deals before it
(their own decks) are played first by medium in seat 0 against ``--against``, and every
variant sees them in its view (``past_deals``), as in a game: what an opponent has shown
before the deal, for a player that learns from it (the classic expert's ``learn_opponent``).
The scores are still ``--scores``.

With ``--players 3`` or ``4`` the other seats all play ``--against``, the dealer goes round the
table, and the net points are seat 0's side's less the mean of the other sides' (the win
equity then counts only a game won in the deal).

For each variant the script prints the mean net points of the deal (seat 0's points minus seat
1's, by phase: pegging with his heels, hand, crib) as dealer and as pone, and the win *equity*
after the deal (1 or 0 if the game ended in it, else the win-probability table's chance from the
new scores with the other player to deal). Each variant after the first is also compared with
the first, deal by deal: the mean paired difference and its standard error.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cribkit.ai.win_table import win_probability
from cribkit.games.classic import core as lean
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState, made_whole, start_game
from cribkit.games.setup import deal_deck
from duel_common import mean_se, tuned_player

PHASE_OF = {"peg": "pegging", "go": "pegging", "last_card": "pegging", "heels": "pegging",
            "show": "hand", "crib": "crib"}  # fmt: skip
PHASES = ("pegging", "hand", "crib")


def parse_scores(text: str) -> list[tuple[int, int]]:
    """``"0-0,60-70"``: score situations, the tested seat's score first."""
    out = []
    for part in text.split(","):
        mine, _, theirs = part.partition("-")
        out.append((int(mine), int(theirs)))
    return out


def play_history(
    against: str, seed: int, index: int, deals: int, rules: ClassicRules
) -> ClassicState:
    """The ``deals`` deals before deal ``index`` (medium in seat 0, ``against`` in the others),
    ending with deal ``index``'s dealer to deal next."""
    players = rules.players
    first = (index - deals) % players
    decks = [deal_deck(seed + 7919, index * 64 + k) for k in range(deals)]
    seats = [tuned_player("classic", "medium", seed * 1_000_037 + index)]
    seats += [
        tuned_player("classic", against, seed * 1_000_039 + index + s) for s in range(players - 1)
    ]
    state = start_game(rules, decks=decks, first_dealer=first).state
    while not state.is_terminal and state.phase != "awaiting_deck":
        seat = state.current_player
        assert seat is not None
        state = state.apply(
            seats[seat].choose(state.observation(seat), state.legal_actions())
        ).state
    return state


def with_past_of(state: ClassicState, before: ClassicState) -> ClassicState:
    """``state`` (a game's first state) with the finished deals of ``before``, as if they had
    been its own: what the players see of a history (the state's core is the engine's own,
    so this bench script reaches into it)."""
    core = list(state._core)
    core[lean.PAST] = before._core[lean.PAST]
    return made_whole(state._game, tuple(core), state.history)


def play_deal(
    spec: str,
    against: str,
    seed: int,
    index: int,
    scores: tuple[int, int],
    target: int,
    players: int = 2,
    history: int = 0,
) -> dict[str, Any]:
    """Deal ``index``: seat 0 plays ``spec``, the other seats ``against``; seat 0's side's net
    points by phase (less the other side's with 2 or 4 players; less the mean of the other two
    seats' with 3). With ``history``, the deals :func:`play_history` plays come before it."""
    dealer = index % players
    rules = ClassicRules(target=target, players=players)
    deck = deal_deck(seed, index)
    seats = [tuned_player("classic", spec, seed * 1_000_003 + index)]
    seats += [
        tuned_player("classic", against, seed * 1_000_033 + index + s) for s in range(players - 1)
    ]
    sides = 3 if players == 3 else 2
    start = (scores[0], *[scores[1]] * (sides - 1))
    state = start_game(rules, decks=[deck], first_dealer=dealer, start_scores=start).state
    if history:
        before = play_history(against, seed, index, history, rules)
        state = with_past_of(state, before)
    points = [dict.fromkeys(PHASES, 0) for _ in range(players)]
    while not state.is_terminal and state.phase != "awaiting_deck":
        seat = state.current_player
        assert seat is not None
        action = seats[seat].choose(state.observation(seat), state.legal_actions())
        transition = state.apply(action)
        for event in transition.events:
            phase = PHASE_OF.get(event.type)
            if phase is not None and event.seat is not None:
                points[event.seat][phase] += event.points
        state = transition.state
    if state.is_terminal:
        assert state.result is not None
        equity = 1.0 if int(state.result.winner) == 0 else 0.0
    elif players == 2:
        final = state.scores
        equity = win_probability(final[0], final[1], dealer=dealer == 1, target=target)
    else:
        equity = 0.0  # the win table is for two players: only a game won in the deal counts
    ours = [0, 2] if players == 4 else [0]
    theirs = [s for s in range(players) if s not in ours]
    return {
        "role": "dealer" if dealer in ours else "pone",
        "net": {
            p: sum(points[s][p] for s in ours)
            - sum(points[s][p] for s in theirs) * len(ours) / len(theirs)
            for p in PHASES
        },
        "equity": equity,
    }


def _play_chunk(
    args: tuple[list[str], str, int, list[int], list[tuple[int, int]], int, int, int],
) -> Any:
    variants, against, seed, indices, situations, target, players, history = args
    return [
        [
            play_deal(
                spec,
                against,
                seed,
                i,
                situations[(i // 2) % len(situations)],
                target,
                players,
                history,
            )
            for spec in variants
        ]
        for i in indices
    ]


def report(variants: list[str], rows: list[list[dict[str, Any]]]) -> dict[str, Any]:
    out: dict[str, Any] = {"deals": len(rows), "variants": {}}
    for v, spec in enumerate(variants):
        entry: dict[str, Any] = {}
        for role in ("dealer", "pone", "all"):
            deals = [r[v] for r in rows if role in ("all", r[v]["role"])]
            entry[role] = {
                phase: statistics.fmean(d["net"][phase] for d in deals) if deals else 0.0
                for phase in PHASES
            }
            entry[role]["total"] = sum(entry[role][p] for p in PHASES)
        entry["equity"] = statistics.fmean(r[v]["equity"] for r in rows)
        if v:
            diff: dict[str, Any] = {}
            for role in ("dealer", "pone", "all"):
                paired = [
                    sum(r[v]["net"].values()) - sum(r[0]["net"].values())
                    for r in rows
                    if role in ("all", r[0]["role"])
                ]
                diff[role] = mean_se(paired)
            for phase in PHASES:
                diff[phase] = mean_se([r[v]["net"][phase] - r[0]["net"][phase] for r in rows])
            diff["equity"] = mean_se([r[v]["equity"] - r[0]["equity"] for r in rows])
            diff["deals_differing"] = sum(r[v] != r[0] for r in rows)
            entry["vs_first"] = diff
        out["variants"][spec] = entry
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", default="medium,expert", help="specs, comma-separated")
    parser.add_argument("--against", default="medium")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--scores", default="0-0,40-40,70-60,60-70", help="situations a-b,...")
    parser.add_argument("--target", type=int, default=121)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--history", type=int, default=0, help="deals shown before each deal")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    variants = args.variants.split(",")
    for spec in [*variants, args.against]:
        try:
            tuned_player("classic", spec, 0)
        except ValueError as error:
            parser.error(str(error))
    situations = parse_scores(args.scores)
    started = time.perf_counter()
    chunks = [list(range(w, args.deals, 8 * args.workers)) for w in range(8 * args.workers)]
    jobs = [
        (variants, args.against, args.seed, c, situations, args.target, args.players, args.history)
        for c in chunks
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        results = list(pool.map(_play_chunk, jobs))
    rows = [row for chunk in results for row in chunk]
    out = report(variants, rows)
    out.update(
        history=args.history,
        against=args.against,
        players=args.players,
        seed=args.seed,
        scores=args.scores,
        seconds=round(time.perf_counter() - started, 1),
    )
    if args.json:
        print(json.dumps(out))
        return
    print(f"{len(rows)} deals against {args.against}, scores {args.scores}, {out['seconds']} s")
    for spec, entry in out["variants"].items():
        print(f"{spec}: equity {entry['equity']:.4f}")
        for role in ("dealer", "pone", "all"):
            row = entry[role]
            print(
                f"  {role:<6} net pegging {row['pegging']:+.3f} hand {row['hand']:+.3f} "
                f"crib {row['crib']:+.3f} total {row['total']:+.3f}"
            )
        diff = entry.get("vs_first")
        if diff:
            print(
                "  vs first: "
                + " ".join(
                    f"{k} {value[0]:+.3f}±{value[1]:.3f}"
                    for k, value in diff.items()
                    if isinstance(value, tuple)
                )
                + f" (deals differing: {diff['deals_differing']})"
            )


if __name__ == "__main__":
    main()
