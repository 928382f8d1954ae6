"""An ``.ods`` workbook read (:class:`gosheet.workbook.ods.book.OdsBook`): the values of every
kind of cell, repeated rows and cells, merges, texts, hidden sheets, the limits (only cells
with a value count) and hostile files; and the demo tournament saved by LibreOffice as
``.ods`` read as its ``.xlsx`` is, sheet for sheet."""

from __future__ import annotations

import zipfile
from datetime import datetime, time
from pathlib import Path

import pytest
from support.ods_files import cell, content, demo_copy, number, row, table, text, write_ods

from gosheet import accelerators
from gosheet.app import workbooks
from gosheet.core.errors import FileProblem
from gosheet.workbook import limits
from gosheet.workbook.books import open_book
from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.xlsx.book import XlsxBook


def grids_of(tmp_path: Path, *tables: str, styles: str = "") -> dict[str, list[list[object]]]:
    path = write_ods(tmp_path / "book.ods", content("".join(tables), styles))
    return OdsBook.open(path).grids()


def test_every_kind_of_value(tmp_path: Path) -> None:
    values = row(
        number(3),
        number(2.5),
        text("Lee"),
        cell("date", "<text:p>01/05/90</text:p>", ' office:date-value="1990-05-01"'),
        cell("date", "", ' office:date-value="1991-01-02T03:04:05"'),
        cell("boolean", "<text:p>TRUE</text:p>", ' office:boolean-value="true"'),
        cell("percentage", "<text:p>50%</text:p>", ' office:value="0.5"'),
        cell("currency", "<text:p>€7</text:p>", ' office:value="7" office:currency="EUR"'),
        cell("time", "<text:p>10:30</text:p>", ' office:time-value="PT10H30M00S"'),
    )
    formulas = row(
        cell("float", "<text:p>6</text:p>", ' table:formula="of:=[.A1]*2" office:value="6"'),
        cell(
            "float",
            "<text:p>#DIV/0!</text:p>",
            ' table:formula="of:=1/0" office:value="0" calcext:value-type="error"',
        ),
        cell("string", "<text:p>shown</text:p>", ' office:string-value="kept"'),
        cell("string", ""),
    )
    grids = grids_of(tmp_path, table("S", values, formulas))
    assert grids["S"] == [
        [3, 2.5, "Lee", datetime(1990, 5, 1), datetime(1991, 1, 2, 3, 4, 5), True, 0.5, 7,
         time(10, 30)],
        [6, "#DIV/0!", "kept", None, None, None, None, None, None],
    ]  # fmt: skip


def test_repeated_rows_and_cells_are_runs(tmp_path: Path) -> None:
    """LibreOffice ends a sheet with a million empty rows of 16,384 empty cells: nothing of
    them counts; a value repeated stands for as many cells."""
    empty_end = row(cell(repeat=16_384), repeat=1_048_570)
    rows = [
        row(text("a"), cell(repeat=2), number(1), cell(repeat=16_380)),
        row(
            number(
                7,
            ),
            repeat=3,
        ),
        row(cell("float", "<text:p>0</text:p>", ' office:value="0"', repeat=3)),
        empty_end,
    ]
    grids = grids_of(tmp_path, table("S", *rows))
    assert grids["S"] == [
        ["a", None, None, 1],
        [7, None, None, None],
        [7, None, None, None],
        [7, None, None, None],
        [0, 0, 0, None],
    ]


def test_texts_merges_annotations_and_hidden_sheets(tmp_path: Path) -> None:
    paragraphs = cell(
        "string",
        "<office:annotation><dc:creator>me</dc:creator><text:p>a comment</text:p>"
        '</office:annotation><text:p>a<text:s text:c="2"/>b<text:tab/>c</text:p>'
        "<text:p>d<text:line-break/>e <text:span>f</text:span></text:p>",
    )
    merged = row(
        cell("string", "<text:p>wide</text:p>", ' table:number-columns-spanned="2"'),
        "<table:covered-table-cell/>",
        '<table:covered-table-cell office:value-type="float" office:value="4"/>',
    )
    hidden = (
        '<style:style style:name="ta2" style:family="table">'
        '<style:table-properties table:display="false"/></style:style>'
    )
    grids = grids_of(
        tmp_path,
        table("S", row(paragraphs), merged),
        table("Hidden", row(text("still read")), style="ta2"),
        styles=hidden,
    )
    assert grids["S"] == [["a  b\tc\nd\ne f", None, None], ["wide", None, 4]]
    assert grids["Hidden"] == [["still read"]]


def test_only_cells_with_values_count_toward_the_limits(tmp_path: Path) -> None:
    far = limits.MAX_ROWS + 5
    styled_beyond = row('<table:table-cell table:style-name="ce1"/>', repeat=far)
    assert grids_of(tmp_path, table("S", row(text("x")), styled_beyond))["S"] == [["x"]]
    beyond = table("S", row(text("x")), row(cell(repeat=3)), row(cell(), text("far")))
    beyond = beyond.replace(
        "<table:table-row><table:table-cell table:number-columns-repeated",
        f'<table:table-row table:number-rows-repeated="{far}"><table:table-cell '
        "table:number-columns-repeated",
    )
    with pytest.raises(FileProblem, match=rf"S!B{far + 2}: beyond what gosheet reads"):
        grids_of(tmp_path, beyond)
    wide = table("S", row(cell(repeat=limits.MAX_COLUMNS), text("far")))
    with pytest.raises(FileProblem, match=r"S!GS1: beyond"):
        grids_of(tmp_path, wide)
    repeated = table("S", row(text("x"), cell("float", "", ' office:value="1"', repeat=10**9)))
    with pytest.raises(FileProblem, match=r"S!GS1: beyond"):
        grids_of(tmp_path, repeated)
    many = table("S", row(number(1), repeat=limits.MAX_ROWS), row(number(1), repeat=1))
    with pytest.raises(FileProblem, match=r"beyond"):
        grids_of(tmp_path, many)


def test_too_many_cells_in_all(tmp_path: Path) -> None:
    rows = row(cell("float", "", ' office:value="1"', repeat=100), repeat=12_600)
    with pytest.raises(FileProblem, match="more than 2,500,000 cells"):
        grids_of(tmp_path, table("A", rows), table("B", rows))


@pytest.mark.parametrize(
    "damage",
    [
        lambda xml: xml.replace(b"?>\n", b'?>\n<!DOCTYPE x [<!ENTITY e "x">]>'),
        lambda xml: xml.replace(b"</office:body>", b""),
        lambda xml: xml.replace(b'number-rows-repeated="2"', b'number-rows-repeated="-2"'),
    ],
    ids=["entity", "not-well-formed", "bad-repeat"],
)
def test_hostile_content_refused(tmp_path: Path, damage: object) -> None:
    xml = content(table("S", row(text("x"), repeat=2)))
    path = write_ods(tmp_path / "bad.ods", damage(xml))  # type: ignore[operator]
    with pytest.raises(FileProblem, match="cannot be read as a workbook"):
        OdsBook.open(path)


def test_hostile_archives_refused(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.ods"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", b"<a>" + b" " * 50_000_000 + b"</a>")
    with pytest.raises(FileProblem, match="zip bomb"):
        OdsBook.open(bomb)
    plain = tmp_path / "plain.ods"
    plain.write_text("not a zip")
    with pytest.raises(FileProblem, match="not a zip archive"):
        OdsBook.open(plain)
    xml = content(table("S", row(text("x"))))
    locked = write_ods(tmp_path / "locked.ods", xml, "<m><encryption-data/></m>")
    with pytest.raises(FileProblem, match="password protected"):
        OdsBook.open(locked)


def test_other_suffixes_say_the_way_out(tmp_path: Path) -> None:
    old = tmp_path / "cup.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0")
    with pytest.raises(FileProblem, match=r"cup.xls: .*save it as .xlsx or .ods"):
        open_book(old)
    with pytest.raises(FileProblem, match=r"not \.csv"):
        workbooks.check(tmp_path / "cup.csv")


def test_the_demo_saved_by_libreoffice_reads_as_its_xlsx(tmp_path: Path) -> None:
    """The same tournament, as gosheet wrote it (.xlsx) and as LibreOffice saved it (.ods):
    the same values in every cell of every sheet, through every command that reads."""
    ods, xlsx = demo_copy(tmp_path), demo_copy(tmp_path, ".xlsx")
    with accelerators.pure():
        pure = XlsxBook.open(xlsx).grids()
    assert open_book(ods).grids() == XlsxBook.open(xlsx).grids() == pure
    assert workbooks.check(ods).tournament == workbooks.check(xlsx).tournament


def test_a_flood_of_spaces_is_refused(tmp_path: Path) -> None:
    """``text:s`` stands for up to 32,767 spaces: a file of many of them would unpack to
    gigabytes of text; beyond ten million spaces in all it is refused."""
    flood = '<text:s text:c="32767"/>' * 400
    with pytest.raises(FileProblem, match="spaces"):
        grids_of(tmp_path, table("S", row(cell("string", f"<text:p>{flood}</text:p>"))))
