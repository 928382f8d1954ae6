"""Zip archives written by hand for the hostile corpus: any entry, duplicate names, sizes as
given, and deflate streams of blanks a megabyte-block at a time (~1 KB compressed a MB)."""

from __future__ import annotations

import re
import struct
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

from gosheet.workbook.xlsx.parts.package import sheet_parts

PLAYERS_PART = "Players"
BLOCK = 1 << 20


def raw_deflate(data: bytes) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    return compressor.compress(data) + compressor.flush()


def write_zip(path: Path, entries: list[tuple[str, bytes, int, int]]) -> None:
    """A zip archive of ``(name, raw deflate data, crc32, uncompressed size)`` entries, written
    by hand (duplicate names allowed, sizes as given)."""
    local, central = b"", b""
    for name, data, crc, size in entries:
        encoded = name.encode()
        header = struct.pack(
            "<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(data), size, len(encoded), 0
        )
        central += struct.pack(
            "<IHHHHHHIIIHHHHHII",
            0x02014B50,
            20,
            20,
            0,
            8,
            0,
            0x21,
            crc,
            len(data),
            size,
            len(encoded),
            0,
            0,
            0,
            0,
            0,
            len(local),
        )
        central += encoded
        local += header + encoded + data
    end = struct.pack(
        "<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(local), 0
    )
    path.write_bytes(local + central + end)


def entries_of(archive: Path) -> list[tuple[str, bytes, int, int]]:
    with zipfile.ZipFile(archive) as source:
        return [
            (i.filename, raw_deflate(data), zlib.crc32(data), len(data))
            for i in source.infolist()
            for data in [source.read(i)]
        ]


def plain_entry(name: str, data: bytes) -> tuple[str, bytes, int, int]:
    return (name, raw_deflate(data), zlib.crc32(data), len(data))


def bomb_entry(name: str, head: bytes, megabytes: int) -> tuple[str, bytes, int, int]:
    """``head`` then ``megabytes`` MB of blanks: ~1 KB compressed a megabyte."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = b" " * BLOCK
    first = compressor.compress(head) + compressor.flush(zlib.Z_FULL_FLUSH)
    repeated = compressor.compress(block) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = zlib.crc32(head)
    for _ in range(megabytes):
        crc = zlib.crc32(block, crc)
    data = first + repeated * megabytes + compressor.flush()
    return (name, data, crc, len(head) + megabytes * BLOCK)


def players_part(book: Path) -> str:
    with zipfile.ZipFile(book) as archive:
        return next(p for p, name in sheet_parts(archive).items() if name == PLAYERS_PART)


def edited(base: Path, target: Path, edit: Callable[[bytes], bytes]) -> None:
    """``base`` with its Players sheet's XML passed through ``edit``."""
    part = players_part(base)
    entries = [
        (n, d, c, s) if n != part else plain_entry(n, edit(zipfile.ZipFile(base).read(n)))
        for n, d, c, s in entries_of(base)
    ]
    write_zip(target, entries)


def sheet_edit(pattern: str, replacement: str) -> Callable[[bytes], bytes]:
    def edit(xml: bytes) -> bytes:
        new, count = re.subn(pattern.encode(), replacement.encode(), xml, count=1)
        assert count == 1, pattern
        return new

    return edit
