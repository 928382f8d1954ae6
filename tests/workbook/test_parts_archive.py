"""The part writer's archive (gosheet/workbook/xlsx/parts/archive.py): byte for byte the archive
zipfile writes for the same entries, with the parts a command kept copied deflated as they
were — names in any script, stored parts, and an archive too large for this writer (left to
zipfile)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from gosheet.workbook.xlsx.parts import archive
from gosheet.workbook.xlsx.parts.archive import Deflated, deflate, deflated_parts, write_archive

DATE = (2026, 12, 1, 20, 30, 12)
PARTS = {
    "[Content_Types].xml": b"<Types/>",
    "xl/worksheets/sheet1.xml": b"<worksheet>" + b"<row/>" * 5000 + b"</worksheet>",
    "xl/media/\u0434\u0430\u043d.png": bytes(range(256)) * 40,  # a name outside ASCII
    "xl/empty.xml": b"",
}


def zipfile_archive(path: Path, parts: dict[str, bytes]) -> bytes:
    """What zipfile writes (as the part writer did before): writestr of a ZipInfo."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(info, data)
    return path.read_bytes()


def entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def test_the_archive_is_zipfiles_byte_for_byte(tmp_path: Path) -> None:
    expected = zipfile_archive(tmp_path / "zipfile.xlsx", PARTS)
    ours = tmp_path / "ours.xlsx"
    write_archive(ours, [(entry(name), data) for name, data in PARTS.items()])
    assert ours.read_bytes() == expected


def test_kept_parts_are_copied_deflated_as_they_were(tmp_path: Path) -> None:
    source = tmp_path / "source.xlsx"
    zipfile_archive(source, PARTS)
    with zipfile.ZipFile(source) as old:
        infos = old.infolist()
    kept = deflated_parts(source.read_bytes(), infos)
    assert set(kept) == set(PARTS)
    assert all(isinstance(kept[name], Deflated) for name in PARTS)
    assert kept["xl/worksheets/sheet1.xml"] == deflate(PARTS["xl/worksheets/sheet1.xml"])
    changed = {**PARTS, "xl/worksheets/sheet1.xml": b"<worksheet/>"}
    members = [
        (entry(name), data if name == "xl/worksheets/sheet1.xml" else kept[name])
        for name, data in changed.items()
    ]
    ours = tmp_path / "ours.xlsx"
    write_archive(ours, members)
    assert ours.read_bytes() == zipfile_archive(tmp_path / "zipfile.xlsx", changed)
    with zipfile.ZipFile(ours) as written:
        assert written.testzip() is None
        assert {name: written.read(name) for name in changed} == changed


def test_a_stored_part_is_not_copied_but_deflated(tmp_path: Path) -> None:
    source = tmp_path / "stored.xlsx"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_STORED) as out:
        for name, data in PARTS.items():
            out.writestr(name, data)
    with zipfile.ZipFile(source) as old:
        assert deflated_parts(source.read_bytes(), old.infolist()) == {}
    ours = tmp_path / "ours.xlsx"
    write_archive(ours, [(entry(name), data) for name, data in PARTS.items()])
    with zipfile.ZipFile(ours) as written:
        assert {i.compress_type for i in written.infolist()} == {zipfile.ZIP_DEFLATED}


def test_an_archive_too_large_for_this_writer_is_zipfiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(archive, "LIMIT", 1000)  # as if the parts came near 4 GiB
    source = tmp_path / "source.xlsx"
    zipfile_archive(source, PARTS)
    with zipfile.ZipFile(source) as old:
        kept = deflated_parts(source.read_bytes(), old.infolist())
    ours = tmp_path / "ours.xlsx"
    write_archive(ours, [(entry(name), kept[name]) for name in PARTS])
    with zipfile.ZipFile(ours) as written:
        assert written.testzip() is None
        assert {name: written.read(name) for name in PARTS} == PARTS
