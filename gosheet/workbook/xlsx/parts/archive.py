"""The new archive, written as :mod:`zipfile` writes it, except that a part the command did
not change keeps its compressed bytes: copied, not inflated and deflated again (at 5,000
players the unchanged round and player sheets are 7 of the workbook's 10 MB of XML).

Each entry is what :meth:`zipfile.ZipFile.writestr` writes for a :class:`zipfile.ZipInfo`
of the part's name and date (deflated at level 6), and the central directory what
:class:`zipfile.ZipFile` writes on closing. An archive that would need ZIP64 fields (4 GiB,
65,535 parts) is left to :mod:`zipfile` itself.
"""

from __future__ import annotations

import struct
import zipfile
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from gosheet.records import record

LEVEL = zlib.Z_DEFAULT_COMPRESSION  # zipfile's, for a ZipInfo given to writestr (level 6)
LIMIT = zipfile.ZIP64_LIMIT  # an archive of parts this large (or more) is zipfile's to write


@record
class Deflated:
    """A part's bytes as they stand in an archive: deflated, with the CRC and size of the
    inflated part."""

    data: bytes
    crc: int
    size: int


def deflate(data: bytes) -> Deflated:
    """``data`` deflated as :mod:`zipfile` deflates a part."""
    compressor = zlib.compressobj(LEVEL, zlib.DEFLATED, -15)
    return Deflated(compressor.compress(data) + compressor.flush(), zlib.crc32(data), len(data))


def deflated_parts(blob: bytes, infos: Sequence[zipfile.ZipInfo]) -> dict[str, Deflated]:
    """The compressed bytes of each deflated, unencrypted part of the archive ``blob``
    (``infos``: its entries, as zipfile lists them)."""
    found: dict[str, Deflated] = {}
    for info in infos:
        at = info.header_offset
        if (
            info.compress_type != zipfile.ZIP_DEFLATED
            or info.flag_bits & 0x1  # encrypted
            or blob[at : at + 4] != b"PK\x03\x04"
        ):
            continue
        name_length, extra_length = struct.unpack_from("<HH", blob, at + 26)
        start = at + 30 + name_length + extra_length
        data = blob[start : start + info.compress_size]
        if len(data) == info.compress_size:
            found[info.filename] = Deflated(data, info.CRC, info.file_size)
    return found


#: A part of the new archive: its entry (name, date) and its bytes, plain or as they stood.
Member = tuple[zipfile.ZipInfo, "bytes | Deflated"]


def write_archive(target: Path, members: Sequence[Member]) -> None:
    """The archive of ``members``, in their order."""
    size = sum(len(p) if isinstance(p, bytes) else p.size for _, p in members)
    if len(members) >= 0xFFFF or size * 1.05 >= LIMIT:
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
            for info, part in members:
                plain = part if isinstance(part, bytes) else zlib.decompress(part.data, -15)
                archive.writestr(info, plain)
        return
    with open(target, "wb") as out:
        _write(out, [(info, p if isinstance(p, Deflated) else deflate(p)) for info, p in members])


_CENTRAL = struct.Struct("<4s4B4HL2L5H2L")  # zipfile's structCentralDir
_END = struct.Struct("<4s4H2LH")  # zipfile's structEndArchive


def _write(out: BinaryIO, members: list[tuple[zipfile.ZipInfo, Deflated]]) -> None:
    write = out.write
    offset = 0
    directory = []
    for info, part in members:
        info.compress_type = zipfile.ZIP_DEFLATED
        info.file_size, info.compress_size, info.CRC = part.size, len(part.data), part.crc
        info.flag_bits = 0
        info.external_attr = info.external_attr or 0o600 << 16  # ?rw------- (as zipfile)
        info.header_offset = offset
        header = info.FileHeader(False)
        write(header)
        write(part.data)
        offset += len(header) + len(part.data)
        try:
            filename, flags = info.filename.encode("ascii"), info.flag_bits
        except UnicodeEncodeError:
            filename, flags = info.filename.encode("utf-8"), info.flag_bits | 0x800
        dt = info.date_time
        directory.append(
            _CENTRAL.pack(
                b"PK\x01\x02",
                info.create_version,
                info.create_system,
                info.extract_version,
                info.reserved,
                flags,
                info.compress_type,
                dt[3] << 11 | dt[4] << 5 | (dt[5] // 2),
                (dt[0] - 1980) << 9 | dt[1] << 5 | dt[2],
                info.CRC,
                info.compress_size,
                info.file_size,
                len(filename),
                len(info.extra),
                len(info.comment),
                0,
                info.internal_attr,
                info.external_attr,
                info.header_offset,
            )
            + filename
            + info.extra
            + info.comment
        )
    central = b"".join(directory)
    write(central)
    count = len(directory)
    write(_END.pack(b"PK\x05\x06", 0, 0, count, count, len(central), offset, 0))
