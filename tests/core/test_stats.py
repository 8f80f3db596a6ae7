"""Exhaustive statistics against the published reference distribution."""

from __future__ import annotations

import csv
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from cribkit.core.stats import HAND_COUNT, index_combinations, mean_score, score_distribution

TSV_NAME = "hand-distribution.tsv"
#: The shared reference data: ``../shared`` next to the repository root (as on CI).
SHARED_TSV = Path(__file__).resolve().parents[2].parent / "shared" / "data" / TSV_NAME
#: The copy kept in the repository, for checkouts without the shared directory.
VENDORED_TSV = Path(__file__).resolve().parents[1] / "data" / TSV_NAME


def reference_tsv() -> Path:
    return SHARED_TSV if SHARED_TSV.exists() else VENDORED_TSV


def read_distribution(path: Path) -> dict[str, list[int]]:
    """The ``hand`` and ``crib`` columns, indexed by score 0-29."""
    with path.open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert [int(row["score"]) for row in rows] == list(range(30))
    return {column: [int(row[column]) for row in rows] for column in ("hand", "crib")}


def test_vendored_copy_exists_and_is_well_formed() -> None:
    data = read_distribution(VENDORED_TSV)
    assert sum(data["hand"]) == sum(data["crib"]) == HAND_COUNT == comb(52, 4) * 48


@pytest.mark.skipif(not SHARED_TSV.exists(), reason="no shared data directory next to the repo")
def test_vendored_copy_equals_shared() -> None:
    assert VENDORED_TSV.read_bytes() == SHARED_TSV.read_bytes()


@pytest.mark.parametrize(("crib", "column"), [(False, "hand"), (True, "crib")])
def test_score_distribution_equals_reference(crib: bool, column: str) -> None:
    counts = score_distribution(crib=crib)
    assert counts.shape == (30,)
    assert counts.tolist() == read_distribution(reference_tsv())[column]
    assert int(counts.sum()) == HAND_COUNT


def test_hand_mean() -> None:
    assert round(mean_score(score_distribution()), 6) == 4.769152


def test_crib_mean_is_lower_than_hand_mean() -> None:
    # the crib loses the 4-card flush and nothing else
    hand, crib = score_distribution(), score_distribution(crib=True)
    assert mean_score(crib) < mean_score(hand)
    assert hand[29] == crib[29] == 4


def test_mean_score_of_a_small_distribution() -> None:
    assert mean_score(np.array([1, 0, 3], dtype=np.int64)) == pytest.approx(1.5)


@pytest.mark.parametrize(
    ("n", "k"),
    [(0, 0), (1, 0), (1, 1), (4, 2), (5, 5), (6, 2), (7, 3), (10, 1), (12, 6), (20, 4), (46, 2)],
)
def test_index_combinations_matches_itertools(n: int, k: int) -> None:
    rows = index_combinations(n, k)
    assert rows.shape == (comb(n, k), k)
    assert [tuple(row) for row in rows.tolist()] == list(combinations(range(n), k))


def test_index_combinations_52_choose_4() -> None:
    rows = index_combinations(52, 4)
    assert rows.shape == (270_725, 4)
    assert (np.diff(rows, axis=1) > 0).all()
    assert rows[0].tolist() == [0, 1, 2, 3]
    assert rows[-1].tolist() == [48, 49, 50, 51]
    # lexicographic order: every row is greater than the one before
    keys = ((rows[:, 0] * 52 + rows[:, 1]) * 52 + rows[:, 2]) * 52 + rows[:, 3]
    assert (np.diff(keys) > 0).all()


@pytest.mark.parametrize(("n", "k"), [(3, 4), (3, -1)])
def test_index_combinations_rejects_impossible(n: int, k: int) -> None:
    with pytest.raises(ValueError, match=f"cannot choose {k} of {n}"):
        index_combinations(n, k)
