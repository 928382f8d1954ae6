"""The part writer (gosheet/workbook/xlsx/parts): a command rewrites only the parts it changes, and
what it writes reads back the same in openpyxl, python-calamine and real LibreOffice.

The organiser's workbook here has what organisers add: a sheet of their own with formulas,
a picture, a comment, a conditional format, a defined name and a print area, a hidden sheet,
a sheet whose name needs quoting — all copied byte for byte by ``gosheet pair``."""

from __future__ import annotations

import io
import os
import re
import shutil
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.comments import Comment
from openpyxl.drawing.image import Image
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import PatternFill
from openpyxl.workbook.defined_name import DefinedName
from PIL import Image as PILImage
from python_calamine import CalamineWorkbook
from support.books import BOOK
from support.libreoffice import convert, needs_soffice

from gosheet.core.errors import FileProblem
from gosheet.frontends.cli import main
from gosheet.workbook.sheets import Column, SheetData
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.parts.package import Package

OWN = "Tom's & Jerry's"  # a sheet name that needs quoting in a formula


def run(*args: str) -> None:
    assert main(list(args)) == 0


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def sheet_part(path: Path, name: str) -> str:
    """The part of the sheet called ``name``."""
    return next(e.part for e in Package(path).sheets() if e.name == name)


@pytest.fixture()
def organisers_book(tmp_path: Path, open_book: Path) -> Path:
    """The open book (rounds 1 and 2 played) with an organiser's additions, saved by
    openpyxl as an organiser's own script would."""
    wb = load_workbook(open_book)
    own = wb.create_sheet(OWN)
    own["A1"], own["A2"], own["A3"] = "Prizes", 100, "=A2*2"
    own["B1"].comment = Comment("Ask the sponsor", "organiser")
    own.conditional_formatting.add(
        "A2:A9",
        CellIsRule(
            operator="greaterThan", formula=["50"], fill=PatternFill("solid", fgColor="FFC7CE")
        ),
    )
    picture = io.BytesIO()
    PILImage.new("RGB", (40, 20), "red").save(picture, "PNG")
    own.add_image(Image(picture), "C3")
    own.print_area = "A1:C9"
    hidden = wb.create_sheet("Notes")
    hidden["A1"] = "private"
    hidden.sheet_state = "hidden"
    wb.defined_names["Prize"] = DefinedName(
        "Prize", attr_text=f"'{OWN.replace(chr(39), chr(39) * 2)}'!$A$2"
    )
    wb.save(open_book)
    return open_book


def test_pair_rewrites_only_what_it_changes(organisers_book: Path) -> None:
    before = parts(organisers_book)
    run("pair", str(organisers_book))
    after = parts(organisers_book)
    changed = {n for n in before if n in after and before[n] != after[n]}
    added, removed = set(after) - set(before), set(before) - set(after)
    assert removed == set()
    standings = sheet_part(organisers_book, "Standings")
    assert added == {sheet_part(organisers_book, "Round 3")}
    # the sheet list, its relationships and content types, the styles' first use, the
    # Players' cells (nothing here: groups were set at round 1), the Standings
    assert changed <= {
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "[Content_Types].xml",
        "xl/styles.xml",
        standings,
    }, changed
    for name in ("xl/media/image1.png", "xl/comments/comment1.xml", "xl/drawings/drawing1.xml"):
        assert after[name] == before[name], name
    own, notes = sheet_part(organisers_book, OWN), sheet_part(organisers_book, "Notes")
    assert after[own] == before[own] and after[notes] == before[notes]


def test_what_it_writes_reads_back_in_openpyxl_and_calamine(organisers_book: Path) -> None:
    run("pair", str(organisers_book))
    wb = load_workbook(organisers_book)
    assert wb.sheetnames == [
        "Settings",
        "Players",
        "Round 1",
        "Round 2",
        "Round 3",
        "Standings",
        OWN,
        "Notes",
    ]
    assert wb["Notes"].sheet_state == "hidden"
    assert (
        wb[OWN]["A3"].value == "=A2*2"
        and wb[OWN].print_area == f"'{OWN.replace(chr(39), chr(39) * 2)}'!$A$1:$C$9"
    )
    assert wb.defined_names["Prize"].attr_text.endswith("!$A$2")
    assert len(wb[OWN]._images) == 1 and wb[OWN]["B1"].comment is not None
    round3 = wb["Round 3"]
    assert round3.print_title_rows == "$1:$1" and round3.freeze_panes == "A2"
    header = round3["A1"]
    assert (
        header.font.b and header.font.name == "Arial" and header.fill.fgColor.rgb.endswith("DDE4EE")
    )
    assert round3.data_validations.dataValidation[0].formula1.startswith('"1-0')
    calamine = CalamineWorkbook.from_path(str(organisers_book))
    assert calamine.sheet_names == wb.sheetnames
    values = calamine.get_sheet_by_name("Round 3").to_python()
    mine = [[c.value for c in row] for row in round3.iter_rows()]
    assert [[v if v != "" else None for v in row] for row in values] == [
        [float(v) if isinstance(v, int) else v for v in row] for row in mine[: len(values)]
    ]


def test_pairing_again_and_again_adds_no_styles(open_book: Path) -> None:
    run("pair", str(open_book))
    first = parts(open_book)["xl/styles.xml"]
    run("pair", str(open_book), "--again")
    assert parts(open_book)["xl/styles.xml"] == first
    run("standings", str(open_book))
    assert parts(open_book)["xl/styles.xml"] == first


def test_a_macro_workbook_keeps_its_vba_project_byte_for_byte(tmp_path: Path) -> None:
    template = tmp_path / "cup.xlsm"
    run("excel-template", str(template))
    book = XlsxBook.open(template)
    data = SheetData("Extra", (Column("A"),), [[1]])
    book.render(data)
    book.save()
    assert book.saved_by == "parts"
    assert (
        parts(template)["xl/vbaProject.bin"]
        == parts(tmp_path / "cup.backup.xlsm")["xl/vbaProject.bin"]
    )


def test_what_the_part_writer_cannot_do_goes_through_openpyxl(open_book: Path) -> None:
    """Cells without their references (allowed by the format, written by a few streaming
    writers) cannot be changed in place: ``fast`` saves through openpyxl, ``parts`` says so."""
    data = parts(open_book)
    players = sheet_part(open_book, "Players")
    data[players] = re.sub(rb'(<c) r="[A-Z]+[0-9]+"', rb"\1", data[players])
    with zipfile.ZipFile(open_book, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in data.items():
            archive.writestr(name, content)
    strict = XlsxBook.open(open_book, engine="parts")
    strict.set_cell("Players", "A2", "Renamed")
    with pytest.raises(FileProblem, match="part writer"):
        strict.save()
    book = XlsxBook.open(open_book, engine="fast")
    book.set_cell("Players", "A2", "Renamed")
    book.save()
    assert book.saved_by == "openpyxl"
    assert load_workbook(open_book)["Players"]["A2"].value == "Renamed"


def test_the_openpyxl_engine_gives_the_same_values(tmp_path: Path, open_book: Path) -> None:
    other = tmp_path / "other.xlsx"
    shutil.copy(open_book, other)
    run("pair", str(open_book))
    os.environ["GOSHEET_XLSX_ENGINE"] = "openpyxl"
    try:
        run("pair", str(other))
    finally:
        os.environ["GOSHEET_XLSX_ENGINE"] = "parts"
    fast, slow = XlsxBook.open(open_book).grids(), XlsxBook.open(other).grids()
    assert list(fast) == list(slow)
    for name in fast:
        assert [list(map(_same, r)) for r in trim(fast[name])] == [
            list(map(_same, r)) for r in trim(slow[name])
        ][: len(trim(fast[name]))], name


def trim(grid: list[list[object]]) -> list[list[object]]:
    """The rows with a value (the two engines differ in the empty rows they give)."""
    return [list(row) for row in grid if any(_same(v) is not None for v in row)]


def _same(value: object) -> object:
    return None if value == "" else value


@needs_soffice
def test_libreoffice_opens_it_and_reads_the_same_values(
    tmp_path: Path, organisers_book: Path
) -> None:
    run("pair", str(organisers_book))
    convert(tmp_path, "ods", organisers_book, outdir=tmp_path / "out")
    ods = CalamineWorkbook.from_path(str(tmp_path / "out" / (Path(BOOK).stem + ".ods")))
    xlsx = CalamineWorkbook.from_path(str(organisers_book))
    assert ods.sheet_names == xlsx.sheet_names
    for name in ("Round 3", "Standings", "Players", "Settings"):
        assert (
            ods.get_sheet_by_name(name).to_python() == xlsx.get_sheet_by_name(name).to_python()
        ), name
