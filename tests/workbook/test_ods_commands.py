"""Every command that reads a workbook reads the ``.ods`` LibreOffice saved as its ``.xlsx``
reads gosheet's own: the same words (the file's name aside) and the same files written —
check, pair, standings, simulate, explain, rename, history and restore, the EGF, FFG, AGA and
OpenGotha exports, the print pack, the pages; a workbook of another kind is refused with the
way out, and a web page's bytes keep their kind."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import cli, cli_ok
from support.ods_files import demo_copy, parts

from gosheet.app import workbooks
from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.xlsx.book import XlsxBook

COMMANDS = [
    ("check",),
    ("pair",),
    ("simulate",),
    ("standings",),
    ("explain",),
    ("rename", "Kowalski Piotr", "Kowalski Petr"),
    ("history",),
    ("export", "-o", "{folder}/out.h9"),
    ("export", "-o", "{folder}/out.tou"),
    ("export", "--format", "aga", "-o", "{folder}/out.txt"),
    ("export", "-o", "{folder}/out.xml"),
]


def test_every_command_reads_the_ods_as_the_xlsx(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    books = {}
    for suffix in (".ods", ".xlsx"):
        folder = tmp_path / suffix[1:]
        folder.mkdir()
        books[suffix] = demo_copy(folder, suffix)
    for command in COMMANDS:
        said = {}
        for suffix, book in books.items():
            name, *rest = command
            args = [a.format(folder=book.parent) for a in rest]
            out = cli_ok(capsys, name, book, *args) if name != "export" else None
            if out is None:
                out = cli_ok(capsys, name, *args, book)
            said[suffix] = out.replace(str(book.parent), "FOLDER").replace(suffix, ".BOOK")
        if command[0] != "history":  # (the times differ)
            assert said[".ods"] == said[".xlsx"], command
    for name in ("out.h9", "out.tou", "out.txt"):  # results files: ISO-8859-15, as OpenGotha's
        ods_file = (tmp_path / "ods" / name).read_text(encoding="iso-8859-15")
        xlsx_file = (tmp_path / "xlsx" / name).read_text(encoding="iso-8859-15")
        assert ods_file == xlsx_file.replace(".xlsx", ".ods")
    assert OdsBook.open(books[".ods"]).grids() == XlsxBook.open(books[".xlsx"]).grids()
    code, _out, _err = cli(capsys, "restore", books[".ods"], "1")
    assert code == 0
    players = OdsBook.open(books[".ods"]).grids()["Players"]
    assert ["Kowalski", "Piotr"] in [row[:2] for row in players]  # as before the rename
    for suffix, book in books.items():
        assert cli_ok(capsys, "print", book).startswith("Wrote")
        assert cli_ok(capsys, "publish", book, "-o", book.parent / "site").startswith("Wrote")
        assert (book.parent / "site" / "index.html").is_file(), suffix


def test_a_workbook_of_another_kind_is_refused_with_the_way_out(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = tmp_path / "cup.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0 an Excel 97 workbook")
    code, _out, err = cli(capsys, "pair", old)
    assert code == 5
    assert "save it as .xlsx or .ods" in err
    assert old.read_bytes().startswith(b"\xd0\xcf")


def test_the_bytes_of_an_ods_come_back_as_an_ods(tmp_path: Path) -> None:
    """A front end without files (the page in the browser) gives the uploaded bytes and
    name: an .ods comes back an .ods."""
    ods = demo_copy(tmp_path)
    edited = workbooks.pair(ods.read_bytes(), name="cup.ods")
    assert edited.data is not None
    back = tmp_path / "back.ods"
    back.write_bytes(edited.data)
    assert parts(back)["mimetype"] == b"application/vnd.oasis.opendocument.spreadsheet"
    assert "Round 2" in OdsBook.open(back).grids()


def test_the_web_page_pairs_an_ods_and_hands_back_an_ods(tmp_path: Path) -> None:
    """The page's runner (the same in the browser): an .ods picked comes back an .ods, of
    its name and type."""
    from gosheet.frontends.web import runner

    answer = runner.pair(demo_copy(tmp_path).read_bytes(), "cup.ods")
    assert answer.code == 0
    assert (answer.name, answer.mime) == (
        "cup.ods",
        "application/vnd.oasis.opendocument.spreadsheet",
    )
    assert answer.data is not None and answer.data.startswith(b"PK")
    back = tmp_path / "back.ods"
    back.write_bytes(answer.data)
    assert "Round 2" in OdsBook.open(back).grids()


def test_an_ods_open_in_libreoffice_is_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ods = demo_copy(tmp_path)
    before = ods.read_bytes()
    (tmp_path / ".~lock.demo.ods#").write_text("someone,host,user,02.12.2026 10:00,file:///;")
    code, _out, err = cli(capsys, "pair", ods)
    assert code == 5 and "LibreOffice" in err
    assert ods.read_bytes() == before
    assert not (tmp_path / "demo.backup.ods").exists()
