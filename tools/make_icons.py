"""Draw the installed app's icons (``src/cribkit/web/static/icons/``): the favicon's card with
its red heart on the table's felt, as PNGs a phone's home screen takes (the web app manifest's
192 and 512, a maskable 512, Apple's 180).

Python's standard library alone (zlib and struct write the PNG), so the icons are made here,
from the same numbers every time, and nothing is fetched or installed to make them::

    PYTHONPATH=src .venv/bin/python tools/make_icons.py

The shapes are signed distances (a rounded rectangle, a heart of a turned square and two
circles), so their edges are smoothed by the share of each pixel they cover.
"""

from __future__ import annotations

import math
import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

ICONS = Path(__file__).parents[1] / "src" / "cribkit" / "web" / "static" / "icons"

Colour = tuple[int, int, int]
#: The colours of ``style.css``: the felt, the card's paper, its edge, the red suit.
FELT: Colour = (0x1F, 0x5F, 0x45)
PAPER: Colour = (0xFF, 0xFD, 0xF7)
EDGE: Colour = (0x33, 0x33, 0x33)
RED: Colour = (0xC0, 0x26, 0x2D)


def rounded_box(x: float, y: float, half_w: float, half_h: float, radius: float) -> float:
    """The signed distance from (x, y) to a rectangle centred at 0 with rounded corners."""
    qx = abs(x) - half_w + radius
    qy = abs(y) - half_h + radius
    outside = math.hypot(max(qx, 0.0), max(qy, 0.0))
    return outside + min(max(qx, qy), 0.0) - radius


def heart(x: float, y: float, size: float) -> float:
    """The signed distance to a heart ``size`` wide centred at 0 (y grows downwards): a square
    turned on its corner, and a circle on each of its two upper sides."""
    side = size / (1 + 1 / math.sqrt(2))
    half = side / 2
    # Centre the heart's height: from the square's bottom corner to the circles' tops.
    top = side / (2 * math.sqrt(2)) + half
    bottom = side / math.sqrt(2)
    y = -y + (top - bottom) / 2  # upwards, the heart's middle at 0
    # The square, turned 45 degrees.
    u = (x + y) / math.sqrt(2)
    v = (y - x) / math.sqrt(2)
    square = rounded_box(u, v, half, half, 0.0)
    offset = side / (2 * math.sqrt(2))
    left = math.hypot(x + offset, y - offset) - half
    right = math.hypot(x - offset, y - offset) - half
    return min(square, left, right)


def cover(distance: float) -> float:
    """The share of a pixel a shape covers, from the signed distance at its centre (pixels)."""
    return min(max(0.5 - distance, 0.0), 1.0)


Shape = Callable[[float, float], float]


def draw(size: int, *, full_bleed: bool) -> bytes:
    """The icon's RGBA pixels, ``size`` square. ``full_bleed``: the felt to the edges (a
    maskable icon, Apple's), else a rounded felt square on nothing."""
    s = float(size)
    card_w, card_h = 0.44 * s, 0.56 * s
    layers: list[tuple[Shape, Colour]] = [
        (lambda x, y: rounded_box(x, y, card_w / 2, card_h / 2, 0.05 * s), EDGE),
        (lambda x, y: rounded_box(x, y, card_w / 2, card_h / 2, 0.05 * s) + 0.014 * s, PAPER),
        (lambda x, y: heart(x, y, 0.27 * s), RED),
    ]
    pixels = bytearray()
    for row in range(size):
        pixels.append(0)  # the PNG row's filter: none
        y = row + 0.5 - s / 2
        for column in range(size):
            x = column + 0.5 - s / 2
            corner = 1.0 if full_bleed else cover(rounded_box(x, y, s / 2, s / 2, 0.18 * s))
            red, green, blue = (float(c) for c in FELT)
            for shape, colour in layers:
                share = cover(shape(x, y))
                if share > 0.0:
                    red += (colour[0] - red) * share
                    green += (colour[1] - green) * share
                    blue += (colour[2] - blue) * share
            pixels += bytes((round(red), round(green), round(blue), round(corner * 255)))
    return bytes(pixels)


def png(size: int, pixels: bytes) -> bytes:
    """An 8-bit RGBA PNG of ``pixels`` (rows each led by its filter byte)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels, 9))
        + chunk(b"IEND", b"")
    )


#: Each icon: its file, its size, whether the felt goes to its edges.
MADE = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("maskable-512.png", 512, True),
    ("apple-touch-icon.png", 180, True),
)


def main() -> int:
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, size, full_bleed in MADE:
        (ICONS / name).write_bytes(png(size, draw(size, full_bleed=full_bleed)))
        print(f"{ICONS / name}: {size}x{size}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
