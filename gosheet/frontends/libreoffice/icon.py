"""The extension's icon: the corner of a go board with a black and a white stone, drawn here
(standard library only: a PNG of :data:`SIZE` pixels, each pixel's colour the mean of
:data:`SAMPLES` × :data:`SAMPLES` points), so the same bytes come out of every build and no
picture file has to be kept beside the code.
"""

from __future__ import annotations

import struct
import zlib

SIZE = 64
SAMPLES = 4
BOARD = (220, 179, 92)
LINE = (40, 30, 20)
BLACK = (20, 20, 20)
WHITE = (250, 250, 250)
EDGE = 10.5  # the board's two edges (the corner's lines), in pixels from the top left
STEP = 17.0  # between two lines
LINE_WIDTH = 2.0
RADIUS = 8.0
STONES = ((EDGE + STEP, EDGE + 2 * STEP, BLACK), (EDGE + 2 * STEP, EDGE + STEP, WHITE))
"""(x, y, colour): a stone on an intersection."""


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour at the point ``(x, y)``."""
    for cx, cy, colour in STONES:
        distance = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
        if distance <= RADIUS:
            if colour == WHITE and distance > RADIUS - 1.0:  # a white stone's rim
                return (120, 120, 120)
            return colour
    lines = [EDGE + STEP * i for i in range(4)]
    on_vertical = x >= EDGE - LINE_WIDTH / 2 and y >= EDGE - LINE_WIDTH / 2
    if on_vertical and any(abs(x - line) <= LINE_WIDTH / 2 for line in lines):
        return LINE
    if on_vertical and any(abs(y - line) <= LINE_WIDTH / 2 for line in lines):
        return LINE
    return BOARD


def pixel(column: int, row: int) -> bytes:
    points = [
        colour_at(column + (i + 0.5) / SAMPLES, row + (j + 0.5) / SAMPLES)
        for i in range(SAMPLES)
        for j in range(SAMPLES)
    ]
    return bytes(round(sum(p[k] for p in points) / len(points)) for k in range(3))


def chunk(kind: bytes, data: bytes) -> bytes:
    return (
        struct.pack(">I", len(data))
        + kind
        + data
        + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    )


def icon_png() -> bytes:
    """The icon, a :data:`SIZE` × :data:`SIZE` RGB PNG."""
    rows = b"".join(
        b"\x00" + b"".join(pixel(column, row) for column in range(SIZE)) for row in range(SIZE)
    )
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 2, 0, 0, 0)  # 8 bits, RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )
