"""The page's icon, drawn here: a corner of a go board, two stones, on gosheet's blue.

Drawn by pure Python (no picture library: the build runs wherever gosheet does), as PNG,
the same bytes every time (:func:`png`); the build writes it at 192 and 512 pixels for the
web manifest (an installed page's icon on a phone's home screen or a computer's dock). The
drawing fills the square (a "maskable" icon: the phone cuts it round or rounded; the board
stays within the middle 80 %, the part every cut keeps).

>>> png(16)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import math
import struct
import zlib
from functools import lru_cache

Colour = tuple[float, float, float]

BLUE: Colour = (0x1F, 0x5F, 0xBF)  # the page's accent (page.css --accent)
WOOD: Colour = (0xE8, 0xC1, 0x7A)
LINE: Colour = (0x4A, 0x35, 0x1C)
BLACK: Colour = (0x1D, 0x1D, 0x1F)
WHITE: Colour = (0xFA, 0xFA, 0xFA)

BOARD = (0.18, 0.82)
"""The board's square, as a share of the icon's side (within the maskable middle 80 %)."""
LINES = (0.30, 0.43, 0.57, 0.70)
"""Where the board's lines run, both ways."""
LINE_WIDTH = 0.014
STONES = (((0.43, 0.43), BLACK), ((0.57, 0.57), WHITE), ((0.57, 0.43), BLACK))
"""Each stone's point and colour."""
STONE_RADIUS = 0.062
RIM = 0.008
"""The dark rim of a white stone, so that it stands out from the board."""


def overlap(low: float, high: float, pixel: int) -> float:
    """How much of the pixel ``[pixel, pixel + 1]`` lies within ``[low, high]``."""
    return max(0.0, min(high, pixel + 1) - max(low, pixel))


def blend(under: Colour, over: Colour, share: float) -> Colour:
    if share <= 0:
        return under
    if share >= 1:
        return over
    return (
        under[0] + (over[0] - under[0]) * share,
        under[1] + (over[1] - under[1]) * share,
        under[2] + (over[2] - under[2]) * share,
    )


def rectangle(
    picture: list[list[Colour]], box: tuple[float, float, float, float], colour: Colour
) -> None:
    """Paint ``box`` (left, top, right, bottom, in pixels), its edges smoothed."""
    left, top, right, bottom = box
    for y in range(max(0, int(top)), min(len(picture), math.ceil(bottom))):
        row_share = overlap(top, bottom, y)
        row = picture[y]
        for x in range(max(0, int(left)), min(len(row), math.ceil(right))):
            row[x] = blend(row[x], colour, row_share * overlap(left, right, x))


def disc(
    picture: list[list[Colour]], centre: tuple[float, float], radius: float, colour: Colour
) -> None:
    """Paint a disc, its edge smoothed (a pixel's share is how far inside it its centre is)."""
    cx, cy = centre
    for y in range(max(0, int(cy - radius) - 1), min(len(picture), math.ceil(cy + radius) + 1)):
        row = picture[y]
        for x in range(max(0, int(cx - radius) - 1), min(len(row), math.ceil(cx + radius) + 1)):
            distance = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
            row[x] = blend(row[x], colour, radius - distance + 0.5)


def drawn(size: int) -> list[list[Colour]]:
    """The icon, ``size`` pixels square: rows of colours."""
    picture = [[BLUE] * size for _ in range(size)]
    low, high = (edge * size for edge in BOARD)
    rectangle(picture, (low, low, high, high), WOOD)
    half = LINE_WIDTH * size / 2
    first, last = LINES[0] * size, LINES[-1] * size
    for at in LINES:
        place = at * size
        rectangle(picture, (place - half, first - half, place + half, last + half), LINE)
        rectangle(picture, (first - half, place - half, last + half, place + half), LINE)
    for (x, y), colour in STONES:
        centre = (x * size, y * size)
        if colour == WHITE:
            disc(picture, centre, STONE_RADIUS * size, LINE)
            disc(picture, centre, (STONE_RADIUS - RIM) * size, WHITE)
        else:
            disc(picture, centre, STONE_RADIUS * size, colour)
    return picture


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@lru_cache(maxsize=4)
def png(size: int) -> bytes:
    """The icon as a PNG file, ``size`` pixels square (8-bit RGB, no date in it)."""
    rows = b"".join(
        b"\x00" + bytes(round(channel) for colour in row for channel in colour)
        for row in drawn(size)
    )
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )
