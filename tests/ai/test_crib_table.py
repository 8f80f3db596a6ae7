"""The expert's crib table: the shipped file, the crib model, and the script that rebuilds it."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from functools import cache
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cribkit.ai.crib_table import (
    FORMAT_VERSION,
    KEPT_FIELD,
    PAIR_CANONICAL,
    PAIR_TYPES,
    PAIRS,
    TYPE_CARDS,
    TYPE_COUNT,
    TYPE_KEYS,
    TYPE_PAIR_COUNTS,
    CribTable,
    CribTableError,
    SeatTable,
    TableCribModel,
    discard_type,
    load_crib_table,
    read_crib_table,
    type_index,
    uniform_frequencies,
    uniform_kept,
)
from cribkit.ai.data import build_crib_table as build
from cribkit.core.analysis import UNIFORM_CRIB, analyse_discards
from cribkit.core.cards import Card, CardSet, parse_cards
from cribkit.core.tables import hand_total

SHIPPED = build.default_path()


@cache
def shipped_document() -> dict[str, Any]:
    document = json.loads(SHIPPED.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def entry(key: str, *, dealer: bool) -> float:
    return load_crib_table().lookup(key, dealer=dealer)


def cards(text: str) -> list[Card]:
    return list(parse_cards(text))


def random_deal(rng: random.Random) -> list[Card]:
    return [Card(c) for c in rng.sample(range(52), 6)]


# --- Discard types ----------------------------------------------------------------------------


def test_the_169_types_cover_the_1326_two_card_sets() -> None:
    assert TYPE_COUNT == len(TYPE_KEYS) == 169
    assert np.bincount(PAIR_TYPES, minlength=TYPE_COUNT).tolist() == TYPE_PAIR_COUNTS.tolist()
    assert int(TYPE_PAIR_COUNTS.sum()) == 1326
    for t in range(TYPE_COUNT):
        assert discard_type(int(TYPE_CARDS[t, 0]), int(TYPE_CARDS[t, 1])) == t


@pytest.mark.parametrize(
    ("text", "key"),
    [("5h 5c", "55"), ("Jh 5d", "5Jo"), ("5h Jh", "5Js"), ("Qs Kd", "QKo"), ("Th 9h", "9Ts")],
)
def test_discard_type_of_cards(text: str, key: str) -> None:
    a, b = parse_cards(text)
    assert TYPE_KEYS[discard_type(a, b)] == key
    assert discard_type(b, a) == discard_type(a, b) == type_index(key)


@pytest.mark.parametrize("key", ["5", "55s", "5J", "XYo", "5Jx"])
def test_bad_type_keys(key: str) -> None:
    with pytest.raises(KeyError):
        type_index(key)


def test_a_discard_is_two_different_cards() -> None:
    with pytest.raises(ValueError, match="two different cards"):
        discard_type(Card.parse("5h"), Card.parse("5h"))


def test_canonical_suits_carry_every_set_to_its_type_cards() -> None:
    for (a, b), t, canon in zip(PAIRS, PAIR_TYPES, PAIR_CANONICAL, strict=True):
        assert sorted((int(canon[a]), int(canon[b]))) == sorted(TYPE_CARDS[t].tolist())
        assert sorted(canon.tolist()) == list(range(52))  # a relabelling of the deck
        assert (canon >> 2).tolist() == [c >> 2 for c in range(52)]  # ranks unchanged


# --- The shipped file -------------------------------------------------------------------------


def test_shipped_file_is_small_and_in_the_current_format() -> None:
    assert SHIPPED.stat().st_size < 200_000
    document = shipped_document()
    assert document["format"] == "cribkit-crib-table"
    assert document["format_version"] == FORMAT_VERSION
    assert document["types"] == list(TYPE_KEYS)


def test_shipped_table_covers_every_hand_and_converged() -> None:
    method = load_crib_table().info["method"]
    assert method["hands"] == "all"
    assert method["hand_count"] == build.ALL_HANDS == 20_358_520
    assert method["classes"] == 962_988
    assert method["converged"] is True
    rows = load_crib_table().info["convergence"]["rows"]
    assert len(rows) == method["iterations"]
    assert rows[-1][1] < method["tolerance"]


def test_a_wrong_version_or_format_is_refused() -> None:
    document = dict(shipped_document())
    document["format_version"] = FORMAT_VERSION + 1
    with pytest.raises(CribTableError, match="rebuild"):
        CribTable.from_json(document)
    with pytest.raises(CribTableError, match="not a crib table"):
        read_crib_table(json.dumps({"format": "something else"}))
    with pytest.raises(CribTableError, match="JSON object"):
        read_crib_table("[]")


def test_the_document_round_trips() -> None:
    table = load_crib_table()
    again = CribTable.from_json(table.to_json())
    for seat in ("dealer", "pone"):
        old, new = getattr(table, seat), getattr(again, seat)
        assert np.array_equal(old.values, new.values)
        assert np.allclose(old.frequency, new.frequency, rtol=1e-5)
        assert np.array_equal(old.kept, new.kept)


def test_entries_are_plausible() -> None:
    table = load_crib_table()
    dealer, pone = table.dealer, table.pone
    # A crib is rarely below 2.5 points on average, and even 5-5 does not reach 10.
    assert dealer.values.min() > 2.5
    assert dealer.values.max() < 9.5
    assert pone.values.min() > 3.5
    assert pone.values.max() < 10.0
    # The dealer adds cards that help their crib, pone cards that do not.
    assert (pone.values > dealer.values + 0.1).all()
    # A suited discard adds the chance of a crib flush to the same ranks.
    for key in TYPE_KEYS:
        if key.endswith("o"):
            for seat in (dealer, pone):
                gain = seat.values[type_index(key[:2] + "s")] - seat.values[type_index(key)]
                assert 0.0 < gain < 0.2, key
    for seat in (dealer, pone):
        assert seat.frequency.sum() == pytest.approx(1.0, abs=1e-5)
        assert seat.kept.sum(axis=1) == pytest.approx(4.0, abs=0.01)  # four kept cards
        rows = np.arange(TYPE_COUNT)
        assert (seat.kept[rows, TYPE_CARDS[:, 0]] == 0).all()  # not the discard itself
        assert (seat.kept[rows, TYPE_CARDS[:, 1]] == 0).all()
    # Dealer and pone both lay away about 4.77 points of crib on average.
    summary = table.info["summary"]
    assert 4.5 < summary["dealer_crib_mean"] < 5.0
    assert summary["pone_crib_mean"] == pytest.approx(summary["dealer_crib_mean"], abs=0.01)


# Craig Hessel's iterated table for discards into the opponent's crib (ranks only, crib flushes
# ignored), as published on cribbageforum.com (OppCrib.htm); rows and columns A to K.
HESSEL_PONE = """
6.07 5.07 5.17 5.74 6.06 4.93 4.95 4.92 4.66 4.46 4.72 4.41 4.34
5.07 6.43 7.34 5.44 6.17 5.13 5.12 5.03 4.82 4.64 4.91 4.60 4.53
5.17 7.34 6.78 6.10 6.85 4.92 5.16 5.08 4.82 4.70 4.97 4.66 4.59
5.74 5.44 6.10 6.59 7.46 5.47 4.91 5.02 4.75 4.55 4.80 4.49 4.43
6.06 6.17 6.85 7.46 9.39 7.66 7.08 6.36 6.22 7.46 7.75 7.42 7.31
4.93 5.13 4.92 5.47 7.66 7.17 6.64 6.05 6.31 4.41 4.61 4.29 4.25
4.95 5.12 5.16 4.91 7.08 6.64 7.25 7.88 5.46 4.44 4.73 4.44 4.38
4.92 5.03 5.08 5.02 6.36 6.05 7.88 6.76 5.97 5.02 4.65 4.38 4.31
4.66 4.82 4.82 4.75 6.22 6.31 5.46 5.97 6.44 5.52 4.98 4.14 4.13
4.46 4.64 4.70 4.55 7.46 4.41 4.44 5.02 5.52 6.11 5.60 4.65 3.99
4.72 4.91 4.97 4.80 7.75 4.61 4.73 4.65 4.98 5.60 6.56 5.55 4.89
4.41 4.60 4.66 4.49 7.42 4.29 4.44 4.38 4.14 4.65 5.55 5.89 4.56
4.34 4.53 4.59 4.43 7.31 4.25 4.38 4.31 4.13 3.99 4.89 4.56 5.72
"""


def test_pone_table_matches_hessels_published_table() -> None:
    ranks = "A23456789TJQK"
    rows = [[float(v) for v in line.split()] for line in HESSEL_PONE.strip().splitlines()]
    diffs = []
    for i, row in enumerate(rows):
        for j in range(i, 13):
            key = ranks[i] * 2 if i == j else ranks[i] + ranks[j] + "o"
            assert rows[j][i] == row[j]  # the published table is symmetric
            diffs.append(entry(key, dealer=False) - row[j])
    assert len(diffs) == 91
    assert max(abs(d) for d in diffs) < 0.15
    assert abs(float(np.mean(diffs))) < 0.08


@pytest.mark.parametrize(("key", "published"), [("79o", 4.06), ("JQo", 4.90)])
def test_dealer_entries_match_hessels_published_figures(key: str, published: float) -> None:
    # Quoted on cribbageforum.com (AnalyzeDiscardsPart2.htm) from Hessel's dealer table.
    assert entry(key, dealer=True) == pytest.approx(published, abs=0.1)


def test_orderings_that_must_hold() -> None:
    # Into one's own crib: 5-5 far above a king-queen, touching cards above wide ones.
    assert entry("55", dealer=True) > entry("QKo", dealer=True) + 4
    assert entry("55", dealer=True) > entry("5Jo", dealer=True) > entry("78o", dealer=True)
    assert entry("78o", dealer=True) > entry("79o", dealer=True) + 1
    assert entry("JQo", dealer=True) > entry("TKo", dealer=True) + 1.5
    # Into the opponent's crib: 10-K is the safest common discard, 5-5 the worst.
    pone = load_crib_table().pone.values
    assert TYPE_KEYS[int(np.argmax(pone))] == "55"
    assert entry("TKo", dealer=False) < min(entry("9Ko", dealer=False), entry("QKo", dealer=False))


# --- The crib model ---------------------------------------------------------------------------


def test_plain_model_gives_the_table_entries() -> None:
    model = TableCribModel(card_removal=False)
    assert model.name == "table"
    deal = cards("5h 5c Kd Qs 2c 9h")
    discards = list(combinations(deal, 2))
    for dealer in (True, False):
        means = model.crib_means(deal, discards, dealer=dealer)
        assert len(means) == 15
        for (a, b), mean in zip(discards, means, strict=True):
            assert mean == load_crib_table().value(a, b, dealer=dealer)


@pytest.mark.parametrize("card_removal", [False, True])
def test_model_plugs_into_analyse_discards(card_removal: bool) -> None:
    model = TableCribModel(card_removal=card_removal)
    options = {
        str(o.discard): o
        for o in analyse_discards("5h 5c Kd Qs 2c 9h", dealer=True, crib_model=model)
    }
    # Laying 5-5 into one's own crib is worth far more than K-Q...
    assert options["5c 5h"].crib_mean > options["Qs Kd"].crib_mean + 4
    # ...but the hand 5-5-K-Q (with 2-9 thrown) is worth more still.
    best = analyse_discards("5h 5c Kd Qs 2c 9h", dealer=True, crib_model=model)[0]
    assert str(best.discard) == "2c 9h"
    for option in options.values():
        assert option.net_mean == pytest.approx(option.hand_mean + option.crib_mean)
    # As pone, throwing the 5s costs far more than throwing K-Q... and the net says so.
    as_pone = analyse_discards("5h 5c Kd Qs 2c 9h", dealer=False, crib_model=model)
    by_discard = {str(o.discard): o for o in as_pone}
    assert by_discard["5c 5h"].crib_mean > by_discard["Qs Kd"].crib_mean + 4
    assert by_discard["5c 5h"].net_mean < by_discard["Qs Kd"].net_mean


def test_best_responses_move_the_table_away_from_random_discards() -> None:
    """Pone throws the dealer junk, the dealer throws pone's crib help: against the uniform
    model (a random opponent) the dealer's entries go down and pone's go up."""
    table = load_crib_table()
    uniform = np.array(table.info["uniform_values"])
    assert (table.pone.values > uniform + 0.1).all()
    lower = table.dealer.values < uniform
    assert [TYPE_KEYS[t] for t in np.flatnonzero(~lower)] == ["23o", "23s"]
    assert table.dealer.frequency @ uniform > table.dealer.frequency @ table.dealer.values + 0.2


def test_card_removal_is_exactly_the_uniform_model_for_a_uniform_table() -> None:
    """With random discards and uniform kept cards the weights are flat: the core's model."""
    flat = SeatTable(np.zeros(TYPE_COUNT), uniform_frequencies(), uniform_kept())
    model = TableCribModel(CribTable(dealer=flat, pone=flat), card_removal=True)
    rng = random.Random(5)
    for deal in [cards("Jh Jc 5h 5d 2h 9h"), random_deal(rng), random_deal(rng)]:
        discards = list(combinations(sorted(deal), 2))
        for dealer in (True, False):
            got = model.crib_means(deal, discards, dealer=dealer)
            want = UNIFORM_CRIB.crib_means(sorted(deal), discards, dealer=dealer)
            assert got == pytest.approx(want, abs=1e-9)


def brute_force_card_removal(
    table: CribTable, deal: Sequence[Card], discard: tuple[Card, Card], *, dealer: bool
) -> float:
    """The card-removal value, one opponent discard and starter at a time."""
    other = table.seat(dealer=not dealer)
    unseen = [c for c in range(52) if c not in deal]
    total = weight_sum = 0.0
    for pa, pb in combinations(unseen, 2):
        t = discard_type(pa, pb)
        canon = PAIR_CANONICAL[list(map(tuple, PAIRS.tolist())).index((pa, pb))]
        weight = other.frequency[t] / TYPE_PAIR_COUNTS[t]
        for card in deal:
            weight *= 1.0 - other.kept[t, canon[card]]
        starters = [s for s in unseen if s not in (pa, pb)]
        free = [1.0 - other.kept[t, canon[s]] for s in starters]
        crib = [hand_total([*discard, pa, pb], s, crib=True) for s in starters]
        total += weight * float(np.dot(free, crib)) / sum(free)
        weight_sum += weight
    return total / weight_sum


@pytest.mark.parametrize(
    ("deal", "discard", "dealer"),
    [
        ("Jh 5h 5c 9d Kc 2s", "Jh 5h", True),  # suited, with a jack: flush and nobs
        ("Jh 5h 5c 9d Kc 2s", "5c 5h", False),
    ],
)
def test_card_removal_against_brute_force(deal: str, discard: str, dealer: bool) -> None:
    table = load_crib_table()
    hand = cards(deal)
    pair = tuple(sorted(cards(discard)))
    assert len(pair) == 2
    got = TableCribModel(table).crib_means(hand, [(pair[0], pair[1])], dealer=dealer)[0]
    want = brute_force_card_removal(table, hand, (pair[0], pair[1]), dealer=dealer)
    assert got == pytest.approx(want, abs=1e-9)


def test_card_removal_stays_near_the_table_and_moves_the_right_way() -> None:
    model = TableCribModel()
    table = TableCribModel(card_removal=False)
    rng = random.Random(11)
    diffs = []
    for _ in range(40):
        deal = random_deal(rng)
        discards = list(combinations(sorted(deal), 2))
        for dealer in (True, False):
            got = model.crib_means(deal, discards, dealer=dealer)
            plain = table.crib_means(deal, discards, dealer=dealer)
            diffs += [g - p for g, p in zip(got, plain, strict=True)]
    assert max(abs(d) for d in diffs) < 1.0
    assert abs(float(np.mean(diffs))) < 0.1
    # Holding the other two fives: no five can be cut or thrown, so 5-5 is worth less.
    five_five = (Card.parse("5h"), Card.parse("5s"))
    held = model.crib_means(cards("5h 5s 5c 5d Ac 2d"), [five_five], dealer=True)[0]
    spare = model.crib_means(cards("5h 5s 8c 8d Ac 2d"), [five_five], dealer=True)[0]
    assert held < spare - 0.1
    assert spare == pytest.approx(entry("55", dealer=True), abs=0.5)


# --- The rebuild script -----------------------------------------------------------------------


def test_six_card_classes_cover_every_hand_once() -> None:
    hands, weights = build.six_card_classes()
    assert len(hands) == 962_988
    assert int(weights.sum()) == build.ALL_HANDS
    h = hands.astype(np.int64)
    assert (np.diff(h, axis=1) > 0).all()
    # Canonical form: the multiset of the four suits' rank masks. All classes differ.
    masks = np.zeros((len(h), 4), dtype=np.int64)
    rows = np.arange(len(h))
    for j in range(6):
        np.add.at(masks, (rows, h[:, j] & 3), 1 << (h[:, j] >> 2))
    assert len(np.unique(np.sort(masks, axis=1), axis=0)) == len(h)
    # Each class size is the number of different hands its suit relabellings make.
    for i in np.random.default_rng(3).choice(len(h), 300, replace=False):
        images = {
            tuple(sorted((c & ~3) | perm[c & 3] for c in h[i].tolist()))
            for perm in permutations(range(4))
        }
        assert len(images) == weights[i]


def test_hand_values_are_exact() -> None:
    deals = [
        "Jh 2h 5h 9h Kc 5d",
        "Jh Jc Jd 4h 4c 5h",
        "2s 3s 4s 5s 6s 7s",
        "Js Qs Ks As 2c 3c",
        *(" ".join(str(c) for c in random_deal(random.Random(s))) for s in range(6)),
    ]
    hands = np.array([sorted(parse_cards(d)) for d in deals], dtype=np.uint8)
    values = build.hand_values(hands)
    for row, hand in zip(values, hands, strict=True):
        by_discard = {o.discard: o.hand_mean for o in analyse_discards(hand.tolist(), dealer=True)}
        for k, (i, j) in enumerate(build.DISCARD_POSITIONS):
            assert row[k] == pytest.approx(by_discard[CardSet.of((hand[i], hand[j]))], abs=1e-12)


def test_crib_grid_matches_the_scorer() -> None:
    grid = build.crib_grid()
    rng = np.random.default_rng(8)
    for t, p, s in zip(
        rng.integers(0, TYPE_COUNT, 2000),
        rng.integers(0, len(PAIRS), 2000),
        rng.integers(0, 52, 2000),
        strict=True,
    ):
        crib = [*TYPE_CARDS[t].tolist(), *PAIRS[p].tolist()]
        ok = len(set(crib)) == 4
        assert grid.pair_ok[t, p] == ok
        assert grid.starter_ok[t, p, s] == (ok and s not in crib)
        if grid.starter_ok[t, p, s]:
            assert grid.points[t, p, s] == hand_total(crib, int(s), crib=True)
    # Suited 5-J in clubs with two more clubs: flush and nobs possible.
    five_jack = type_index("5Js")
    clubs = int(np.flatnonzero((PAIRS == [4, 8]).all(axis=1))[0])  # 2c 3c
    assert TYPE_CARDS[five_jack].tolist() == [16, 40]
    assert grid.points[five_jack, clubs, 48] == hand_total([16, 40, 4, 8], 48, crib=True)


@pytest.fixture(scope="module")
def quick_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    out = tmp_path_factory.mktemp("crib") / "quick.json"
    command = [sys.executable, "-m", "cribkit.ai.data.build_crib_table", "--quick"]
    command += ["--out", str(out), "--tolerance", "1e-3"]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout, out


def test_quick_rebuild_reports_progress_and_convergence(quick_build: tuple[str, Path]) -> None:
    stdout, out = quick_build
    assert "sampled 20,000 six-card hands" in stdout
    assert "iteration   1: recomputed entries differ by up to" in stdout
    assert "converged after" in stdout
    assert f"wrote {out}" in stdout
    method = read_crib_table(out.read_text(encoding="utf-8")).info["method"]
    assert method["hands"] == "sample"
    assert method["converged"] is True


def test_quick_rebuild_has_the_shipped_format(quick_build: tuple[str, Path]) -> None:
    """The shipped file has exactly the fields and version the current script writes."""
    _, out = quick_build
    quick = json.loads(out.read_text(encoding="utf-8"))
    shipped = shipped_document()
    assert quick["format_version"] == shipped["format_version"] == FORMAT_VERSION
    assert set(quick) == set(shipped) - {"check"}  # the check is off with --quick
    for seat in ("dealer", "pone"):
        assert set(quick[seat]) == set(shipped[seat]) == {"values", "frequency", KEPT_FIELD}
    assert set(quick["method"]) == set(shipped["method"])
    assert set(quick["summary"]) == set(shipped["summary"])


def test_quick_rebuild_agrees_with_the_shipped_table(quick_build: tuple[str, Path]) -> None:
    _, out = quick_build
    quick = read_crib_table(out.read_text(encoding="utf-8"))
    shipped = load_crib_table()
    for seat in ("dealer", "pone"):
        full, sampled = getattr(shipped, seat), getattr(quick, seat)
        common = full.frequency >= 0.01  # thrown from 1% of hands or more
        assert common.sum() >= 25
        assert np.abs(full.values[common] - sampled.values[common]).max() < 0.1
        assert np.abs(full.values - sampled.values).max() < 0.5


def test_the_table_predicts_the_cribs_of_simulated_play() -> None:
    report = build.check_table(load_crib_table(), 40_000, seed=1, min_count=500, log=print)
    mean = load_crib_table().info["summary"]["dealer_crib_mean"]
    assert report["simulated_crib_mean"] == pytest.approx(mean, abs=0.1)
    for seat in ("dealer", "pone"):
        assert report[seat]["entries"] >= 3
        assert abs(report[seat]["mean_diff"]) < 0.1
        assert report[seat]["rms_z"] < 2.0


def test_quick_needs_an_output_path() -> None:
    with pytest.raises(SystemExit) as error:
        build.main(["--quick"])
    assert error.value.code == 2
