"""Rebuild the tables of kept ranks (``keep_tables.json``): each four ranks' mean hand, each two
ranks' mean crib, and how likely a player laying away by each rule keeps each four
(:mod:`cribkit.ai.keeps`). Exact sums over the ranks, no sampling: the file is the same every
time (``tests/ai/test_keeps.py`` works it out again and compares).

    python -m cribkit.ai.data.build_keep_tables
"""

from __future__ import annotations

import json
from pathlib import Path

from cribkit.ai.keeps import compute_keep_tables

OUT = Path(__file__).parent / "keep_tables.json"


def main() -> None:
    OUT.write_text(json.dumps(compute_keep_tables()) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
