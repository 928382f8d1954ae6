"""Hostile values in the cells gosheet reads (issue 25, item 5): an error value (``#DIV/0!``,
``#N/A`` … — a formula that fails) is a bad value of its cell, by every reader (python-calamine,
gosheet's own pure reader, openpyxl), never an empty cell nor a name."""

from __future__ import annotations

import math
import re
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

import pytest
from support.libreoffice import convert, needs_soffice
from support.raw_xlsx import raw_book

from gosheet import accelerators
from gosheet.frontends.cli import main
from gosheet.workbook.sheets import writable
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.grids import calamine_grids
from gosheet.workbook.xlsx.openpyxl_book import grids as openpyxl_grids
from gosheet.workbook.xlsx.openpyxl_book import load
from gosheet.workbook.xlsx.parts.package import sheet_parts
from gosheet.workbook.xlsx.parts.values import ERRORS, ErrorValue, workbook_grids
from safety.zips import entries_of, plain_entry, write_zip

READERS = ["calamine", "pure", "openpyxl"]


@contextmanager
def reader(name: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """gosheet reading the workbook with ``name``'s reader."""
    if name == "openpyxl":
        monkeypatch.setenv("GOSHEET_XLSX_ENGINE", "openpyxl")
    with accelerators.pure() if name == "pure" else nullcontext():
        yield


def with_cell(book: Path, sheet: str, ref: str, cell: str) -> Path:
    """``book`` with the cell ``ref`` of ``sheet`` made ``cell`` (its XML)."""
    with zipfile.ZipFile(book) as archive:
        part = next(p for p, n in sheet_parts(archive).items() if n == sheet)
        data = archive.read(part)
    pattern = rb'<c r="' + ref.encode() + rb'"[^>]*?(?:/>|>.*?</c>)'
    data, count = re.subn(pattern, cell.encode(), data, count=1, flags=re.DOTALL)
    assert count == 1, (sheet, ref)
    entries = [e if e[0] != part else plain_entry(part, data) for e in entries_of(book)]
    write_zip(book, entries)
    return book


def error_cell(ref: str, error: str, formula: bool = True) -> str:
    """An error value as LibreOffice and Excel write a failing formula's (openpyxl reads a
    formula, not its value: without one, the error value as typed)."""
    inside = "<f>1/0</f>" if formula else ""
    return f'<c r="{ref}" t="e">{inside}<v>{error}</v></c>'


def test_every_reader_gives_the_error_value(tmp_path: Path) -> None:
    cells = "".join(error_cell(f"{chr(65 + i)}1", e) for i, e in enumerate(sorted(ERRORS)))
    book = raw_book(tmp_path / "e.xlsx", [("S", f'<row r="1">{cells}</row>')])
    expected = [[ErrorValue(e) for e in sorted(ERRORS)]]
    readings = [workbook_grids(book)]
    if accelerators.available("python_calamine"):
        readings.append(calamine_grids(book))
    for grids in readings:
        assert grids == {"S": expected}
        assert all(type(v) is ErrorValue for v in grids["S"][0])


def test_an_error_value_calamine_refuses_is_read_by_openpyxl(tmp_path: Path) -> None:
    """``#SPILL!`` (Excel 365): calamine refuses the file, and so does the pure reader;
    openpyxl reads it then, an error value still."""
    book = raw_book(
        tmp_path / "e.xlsx", [("S", f'<row r="1">{error_cell("A1", "#SPILL!", False)}</row>')]
    )
    assert workbook_grids(book) is None


def test_openpyxl_gives_the_error_value(open_book: Path) -> None:
    with_cell(open_book, "Round 1", "H2", error_cell("H2", "#N/A", formula=False))
    value = openpyxl_grids(load(open_book))["Round 1"][1][7]
    assert type(value) is ErrorValue and value == "#N/A"
    assert XlsxBook.open(open_book).grids()["Round 1"][1][7] == value


def test_a_text_like_an_error_is_a_text(open_book: Path) -> None:
    """A name typed ``#N/A`` (a text) is not an error value, by any reader."""
    with_cell(open_book, "Players", "F2", '<c r="F2" t="inlineStr"><is><t>#N/A</t></is></c>')
    assert type(XlsxBook.open(open_book).grids()["Players"][1][5]) is str
    assert type(openpyxl_grids(load(open_book))["Players"][1][5]) is str


@pytest.mark.parametrize("name", READERS)
@pytest.mark.parametrize("error", sorted(ERRORS))
def test_an_error_value_in_a_result_is_a_bad_value(
    error: str,
    name: str,
    open_book: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_cell(open_book, "Round 2", "H3", error_cell("H3", error, name != "openpyxl"))
    with reader(name, monkeypatch):
        code = main(["check", str(open_book)])
    err = capsys.readouterr().err
    assert code == 1, err  # a bad value, not "no result yet" (3)
    assert "Round 2!H3" in err and error in err
    assert "no result yet" not in err


@pytest.mark.parametrize("name", READERS)
@pytest.mark.parametrize(
    ("ref", "column"),
    [("A3", "a player's name"), ("B3", "first name"), ("C3", "rank"), ("D2", "rating")],
)
def test_an_error_value_in_players_is_named(
    ref: str,
    column: str,
    name: str,
    open_book: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_cell(open_book, "Players", ref, error_cell(ref, "#VALUE!", name != "openpyxl"))
    with reader(name, monkeypatch):
        code = main(["pair", str(open_book)])
    err = capsys.readouterr().err
    assert code == 1, (column, err)
    assert f"Players!{ref}" in err and "an error value (#VALUE!)" in err, err


@pytest.mark.parametrize("name", READERS)
def test_an_error_value_in_settings_is_named(
    name: str,
    open_book: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grid = XlsxBook.open(open_book).grids()["Settings"]
    row = next(r for r, line in enumerate(grid, 1) if line[0] == "Rounds")
    with_cell(open_book, "Settings", f"B{row}", error_cell(f"B{row}", "#REF!", name != "openpyxl"))
    with reader(name, monkeypatch):
        code = main(["check", str(open_book)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert f"Settings!B{row}" in err and "an error value (#REF!)" in err, err


@pytest.mark.parametrize("name", READERS)
def test_an_error_value_in_an_organisers_column_is_left_alone(
    name: str,
    open_book: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A failing formula in a column of the organiser's own (not gosheet's) stops nothing."""
    grid = XlsxBook.open(open_book).grids()["Players"]
    assert len(grid[0]) == 9  # (columns A to I: J is the organiser's)
    with_cell(
        open_book,
        "Players",
        "I1",
        '<c r="I1" t="inlineStr"><is><t>EGD PIN</t></is></c>'
        '<c r="J1" t="inlineStr"><is><t>Mine</t></is></c>',
    )
    with_cell(
        open_book,
        "Players",
        "I2",
        '<c r="I2" t="inlineStr"><is><t>12345678</t></is></c>'
        + error_cell("J2", "#DIV/0!", name != "openpyxl"),
    )
    with reader(name, monkeypatch):
        assert XlsxBook.open(open_book).grids()["Players"][1][9] == "#DIV/0!"
        code = main(["check", str(open_book)])
    assert code == 0, capsys.readouterr().err


# ---------------------------------------------------------------------------- long texts


def inline(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{text}</t></is></c>'


@pytest.mark.parametrize("name", READERS)
def test_a_name_longer_than_a_cell_holds_is_refused_before_anything_is_written(
    name: str,
    open_book: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with_cell(open_book, "Players", "A3", inline("A3", "K" * 40_000))
    before = open_book.read_bytes()
    with reader(name, monkeypatch):
        code = main(["pair", str(open_book)])
    err = capsys.readouterr().err
    assert code == 1, err
    assert "Players!A3" in err and "40,000 characters" in err and "32,767" in err
    assert "K" * 100 not in err  # (the value shown cut)
    assert open_book.read_bytes() == before


def test_a_tournament_name_longer_than_a_cell_holds_is_refused(
    open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with_cell(open_book, "Settings", "B2", inline("B2", "T" * 33_000))
    assert main(["check", str(open_book)]) == 1
    err = capsys.readouterr().err
    assert "Settings!B2" in err and "33,000 characters" in err


def test_no_writer_writes_a_text_longer_than_a_cell_holds() -> None:
    """The writers' own guard (the readers refuse such a text first): a sheet holding one is
    refused, naming the cell, before anything is written."""
    from openpyxl import Workbook

    from gosheet.core.errors import FileProblem
    from gosheet.workbook.sheets import Column, SheetData
    from gosheet.workbook.xlsx.openpyxl_book import render
    from gosheet.workbook.xlsx.parts.sheet_xml import sheet_xml
    from gosheet.workbook.xlsx.parts.styles import Styles

    data = SheetData(
        "Round 9", (Column("White"), Column("Black")), [["a", "b"], ["c", "N" * 32_768]]
    )
    with pytest.raises(FileProblem, match=r"Round 9!B3: a text of 32,768 characters"):
        sheet_xml(data, Styles(STYLES))
    with pytest.raises(FileProblem, match=r"Round 9!B3"):
        render(Workbook(), data)
    fine = SheetData("Round 9", (Column("White"),), [["N" * 32_767]])
    assert b"N" * 32_767 in sheet_xml(fine, Styles(STYLES))


STYLES = (
    b'<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    b'<fonts count="1"><font/></fonts><fills count="1"><fill/></fills><borders count="1">'
    b'<border/></borders><cellXfs count="1"><xf/></cellXfs></styleSheet>'
)


@pytest.mark.parametrize("number", [math.inf, -math.inf, math.nan, 1e308, -1e308, 10**400])
def test_no_number_beyond_excel_is_written_as_a_number(number: float) -> None:
    from gosheet.workbook.xlsx.parts.sheet_xml import cell_xml, column_cells

    assert "<v>" not in cell_xml("B2", number, None)
    assert "<v>" not in column_cells([number], "B", 0, ["2"])[0]
    assert column_cells([1, number], "B", 0, ["2", "3"])[0] == '<c r="B2"><v>1</v></c>'
    assert writable.cell_text(number) == repr(number)
    assert (
        cell_xml("B2", 9.99999999999999e307, None) == '<c r="B2"><v>9.99999999999999e+307</v></c>'
    )


# ---------------------------------------------------------------------------- control characters


@pytest.mark.parametrize("name", READERS)
def test_an_escaped_control_character_in_players_is_refused_naming_its_cell(
    name: str,
    open_book: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``_x0001_`` in a name (every reader undoes the escape): refused, naming the cell and
    the characters, nothing written."""
    with_cell(open_book, "Players", "B2", inline("B2", "Ma_x0001_ri_x001B_a"))
    before = open_book.read_bytes()
    with reader(name, monkeypatch):
        assert main(["pair", str(open_book)]) == 1
    err = capsys.readouterr().err
    assert "Players!B2: 'Ma␁ri␛a': holds control characters (U+0001, U+001B)" in err, err
    assert open_book.read_bytes() == before


def test_raw_and_escaped_control_characters_are_refused_alike(open_book: Path) -> None:
    """A raw control character (a sheet given to the bridge by an office suite), DEL and C1
    are refused as an escaped one is; a tab or a line break in a name is a space."""
    from gosheet.core.errors import InputError
    from gosheet.workbook.sheets.reader import read_book

    grids = XlsxBook.open(open_book).grids()
    for text, code in (("Ma\x01ria", "U+0001"), ("Ma\x1bria", "U+001B"), ("Mar\x7fia", "U+007F")):
        grids["Players"][1][1] = text
        with pytest.raises(InputError) as refused:
            read_book(grids)
        assert refused.value.problems[0].cell == "B2"  # (then the rounds' cells naming her)
        assert code in refused.value.problems[0].message
    grids["Players"][1][1] = "Ma\x85ria"
    with pytest.raises(InputError, match="U\\+0085"):
        read_book(grids)
    grids["Players"][1][1] = "Maria\nAnna\tX"  # (another name than the rounds', but no control)
    with pytest.raises(InputError) as other:
        read_book(grids)
    assert "control character" not in str(other.value) and "Maria Anna X" in str(other.value)


# ---------------------------------------------------------------------------- macros


@needs_soffice
def test_an_xlsx_with_macros_is_refused_with_a_way_out(
    open_book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A VBA project in a macro-free ``.xlsx`` (Excel refuses such a file): refused on
    reading, nothing written; saved again as ``.xlsx`` by LibreOffice, as the message says,
    it is read (the macros left out)."""
    from safety.hostile import vba_smuggled

    with zipfile.ZipFile(open_book) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    vba_smuggled(parts)
    smuggled = tmp_path / "in" / "cup.xlsx"
    smuggled.parent.mkdir()
    write_zip(smuggled, [plain_entry(name, data) for name, data in parts.items()])
    before = smuggled.read_bytes()
    assert main(["pair", str(smuggled)]) == 5
    err = capsys.readouterr().err
    assert "xl/vbaProject.bin" in err and "save it again in LibreOffice as .xlsx" in err
    assert smuggled.read_bytes() == before and sorted(smuggled.parent.iterdir()) == [smuggled]
    out = convert(tmp_path, "xlsx", smuggled)
    again = out / "cup.xlsx"
    assert "xl/vbaProject.bin" not in zipfile.ZipFile(again).namelist()
    assert main(["pair", str(again)]) == 0


# ---------------------------------------------------------------------------- references


@needs_soffice
@pytest.mark.parametrize("ref", ["0", "A0", "B02", "B2x"])
def test_a_cell_reference_that_is_none_is_refused_with_a_way_out(
    ref: str, open_book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Never written back as it came (Excel would repair the file): refused on reading,
    naming the sheet and the reference; LibreOffice, saving it again as the message says,
    leaves the cell out and the workbook is read (its problems told as any)."""
    damaged = tmp_path / "in" / "cup.xlsx"
    damaged.parent.mkdir()
    damaged.write_bytes(open_book.read_bytes())
    with_cell(damaged, "Players", "B2", f'<c r="{ref}" t="inlineStr"><is><t>Maria</t></is></c>')
    assert main(["pair", str(damaged)]) == 5
    err = capsys.readouterr().err
    assert f"sheet 'Players': '{ref}' is not a cell reference" in err
    assert "open it in LibreOffice and save it again" in err
    again = convert(tmp_path, "xlsx", damaged) / "cup.xlsx"
    assert main(["check", str(again)]) in (0, 1)
