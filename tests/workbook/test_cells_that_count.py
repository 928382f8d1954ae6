"""What counts toward gosheet's limits is what cells hold (issue 25, item 1): the empty
``<row r="1048576">`` LibreOffice writes after a row is deleted, a declared dimension of the
whole sheet, cells of a style only far to the right — none of it is refused, none of it pads
the grids, and the rows are saved back as they were. Real LibreOffice deletes the rows in
the first tests; raw XML gives the corner cases."""

from __future__ import annotations

import re
import signal
import subprocess
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.books import ROSTER_CSV
from support.paths import TESTS
from support.raw_xlsx import MAIN, raw_book

from gosheet import accelerators
from gosheet.core.errors import FileProblem
from gosheet.frontends.cli import main
from gosheet.workbook import limits
from gosheet.workbook.limits.archive import check_workbook
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.grids import read_grids
from gosheet.workbook.xlsx.openpyxl_book import grids as openpyxl_grids
from gosheet.workbook.xlsx.openpyxl_book import load
from gosheet.workbook.xlsx.parts.package import sheet_parts
from gosheet.workbook.xlsx.parts.values import workbook_grids

UNO_ROWS = TESTS / "safety" / "uno_rows.py"
LAST_ROW = re.compile(rb'<row r="1048576"[^>]*>')


@pytest.fixture(scope="module")
def plain_office(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """A headless LibreOffice of its own (no extension: only rows deleted and files saved)."""
    from support.libreoffice import require_office

    from gosheet.frontends.libreoffice.office import Office

    require_office()
    with Office(tmp_path_factory.mktemp("office") / "profile") as office:
        yield office


def delete_rows(office: object, source: Path, target: Path, *deletions: object) -> Path:
    """``source`` opened in LibreOffice, rows deleted (sheet, first row, count …), saved as
    ``target`` (.xlsx), as an organiser does."""
    from gosheet.frontends.libreoffice.office import driver_environment

    for _ in range(2):  # once more if python3-uno itself crashed (SIGSEGV), nothing saved
        done = subprocess.run(
            [office.uno_python, str(UNO_ROWS), office.pipe, str(source), str(target)]  # type: ignore[attr-defined]
            + [str(d) for d in deletions],
            env=driver_environment(),
            capture_output=True,
            text=True,
            timeout=240,
            check=False,
        )
        if done.returncode != -signal.SIGSEGV or target.exists():
            break
    assert done.returncode == 0, done.stderr[-3000:]
    return target


def sheet_xml(book: Path, name: str) -> bytes:
    with zipfile.ZipFile(book) as archive:
        part = next(p for p, n in sheet_parts(archive).items() if n == name)
        return archive.read(part)


def new_book(folder: Path) -> Path:
    (folder / "roster.csv").write_text(ROSTER_CSV, encoding="utf-8")
    book = folder / "cup.xlsx"
    assert main(["import", str(folder / "roster.csv"), "-o", str(book), "--rounds", "4"]) == 0
    return book


def test_a_player_withdrawn_in_libreoffice_is_paired_without_him(
    plain_office: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = new_book(tmp_path)
    gone = XlsxBook.open(book).grids()["Players"][2][0]  # the second player's name
    delete_rows(plain_office, book, book.with_name("saved.xlsx"), "Players", 3, 1)
    book.unlink()
    book = book.with_name("saved.xlsx").rename(book)
    players = sheet_xml(book, "Players")
    last = LAST_ROW.search(players)
    assert last is not None  # as LibreOffice writes it after a deletion (7.4)
    assert b'<dimension ref="A1:' in players
    for pure in (False, True):  # the same grids by either reader: no row padded to 1048576
        with accelerators.pure() if pure else _nothing():
            grid = read_grids(book)
        assert grid is not None
        assert len(grid["Players"]) < 20 and max(map(len, grid["Players"])) < 30
    capsys.readouterr()
    assert main(["check", str(book)]) == 0
    assert main(["pair", str(book)]) == 0
    out = capsys.readouterr().out
    assert "Round 1" in out and gone not in out
    assert last.group(0) in sheet_xml(book, "Players")  # the organiser's rows as they were
    again = delete_rows(plain_office, book, tmp_path / "again.xlsx")  # reopens in LibreOffice
    assert main(["check", str(again)]) == 0


def test_a_row_deleted_in_a_round_sheet(
    plain_office: object, open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty row under the tables of Round 2 deleted: the round reads as it did, and the
    next round is paired."""
    saved = delete_rows(plain_office, open_book, open_book.with_name("saved.xlsx"), "Round 2", 9, 1)
    assert LAST_ROW.search(sheet_xml(saved, "Round 2")) is not None
    assert main(["pair", str(saved)]) == 0
    assert "Round 3" in capsys.readouterr().out
    assert "Round 3" in load(saved).sheetnames


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


# ---------------------------------------------------------------------------- raw XML

HEADER = (
    '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c>'
    '<c r="B1" t="inlineStr"><is><t>Rank</t></is></c></row>'
    '<row r="2"><c r="A2" t="inlineStr"><is><t>Ivanova</t></is></c>'
    '<c r="B2" t="inlineStr"><is><t>4d</t></is></c></row>'
)
EMPTY_FAR = {
    "last row, LibreOffice's": '<row r="1048576" customFormat="false" ht="12.8" hidden="false" '
    'customHeight="false" outlineLevel="0" collapsed="false"></row>',
    "last row, styled": '<row r="1048576" s="1" customFormat="1"/>',
    "styled cell far right": '<row r="5"><c r="XFD5" s="0"/></row>',
    "styled cells far away": '<row r="900000" hidden="1"><c r="A900000" s="0"/>'
    '<c r="XFD900000" s="0"></c></row>',
    "empty rows": "".join(f'<row r="{r}"/>' for r in range(30, 5000)),
}


@pytest.mark.parametrize("name", list(EMPTY_FAR))
def test_what_holds_nothing_does_not_count(name: str, tmp_path: Path) -> None:
    book = raw_book(tmp_path / "b.xlsx", [("Players", HEADER + EMPTY_FAR[name])])
    check_workbook(book)
    expected = [["Name", "Rank"], ["Ivanova", "4d"]]
    assert read_grids(book) == {"Players": expected}
    assert workbook_grids(book) == {"Players": expected}


@pytest.mark.parametrize(
    ("far", "named"),
    [
        ('<row r="25001"><c r="A25001"><v>1</v></c></row>', "Players!A25001"),
        ('<row r="5"><c r="GS5" t="inlineStr"><is><t>x</t></is></c></row>', "Players!GS5"),
        ('<row r="5"><c r="XFD5"><f>1+1</f></c></row>', "Players!XFD5"),
        ('<row r="5"><c r="XFD5" t="s"><v>0</v></c></row>', "Players!XFD5"),  # an empty text
        (
            f'<x:row xmlns:x="{MAIN}" r="30000"><x:c r="B30000"><x:v>1</x:v></x:c></x:row>',
            "Players!B30000",
        ),
        ("<row><c><v>1</v></c></row>" * 25_001, "Players!row 25001, column 1"),
    ],
)
def test_what_holds_something_beyond_the_limits_is_refused(
    far: str, named: str, tmp_path: Path
) -> None:
    book = raw_book(tmp_path / "b.xlsx", [("Players", HEADER + far)], strings=[""])
    with pytest.raises(FileProblem, match=re.escape(named)):
        check_workbook(book)


def test_openpyxl_reads_without_the_far_empty_rows(tmp_path: Path, open_book: Path) -> None:
    """The openpyxl path (a new workbook, the fallback) never makes an object of a million
    empty rows; a workbook it saves lacks them (their formatting only)."""
    from safety.zips import edited, sheet_edit

    rows = "".join(f'<row r="{r}" ht="12.8" customHeight="1"/>' for r in range(30, 200_000))
    far = tmp_path / "far.xlsx"
    edited(
        open_book,
        far,
        sheet_edit(
            "</sheetData>", rows + '<row r="1048576"><c r="XFD1048576" s="1"/></row></sheetData>'
        ),
    )
    check_workbook(far)
    workbook = load(far)
    players = workbook["Players"]
    assert players.max_row <= limits.MAX_ROWS and players.max_column < 30
    assert len(players.row_dimensions) <= limits.MAX_ROWS
    assert openpyxl_grids(workbook)["Players"] == XlsxBook.open(far).grids()["Players"]


@pytest.mark.parametrize(
    "rows",
    [
        '<row r="1"><c r="A1"><v>1</v></c></row><row r="3"/><row><c><v>2</v></c></row>',
        '<row r="1"><c r="A1"><v>1</v></c></row><row r="3" ht="9"></row><row r="4"><c r="A4">'
        "<v>2</v></c></row>",
    ],
)
def test_a_row_without_its_number_follows_the_empty_row_before_it(
    rows: str, tmp_path: Path
) -> None:
    """The pure reader takes empty rows out before parsing only when every row has its
    number: a row without one is numbered after the row before it, empty or not."""
    book = raw_book(tmp_path / "b.xlsx", [("S", rows)])
    assert workbook_grids(book) == {"S": [[1], [None], [None], [2]]}
    if accelerators.available("python_calamine"):
        assert read_grids(book) == workbook_grids(book)


def test_openpyxl_saves_without_the_far_empty_rows(
    open_book: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Saved through openpyxl (the fallback), LibreOffice's last empty row is left out
    (formatting only), and the workbook reads the same."""
    from safety.hostile import LAST_ROW as LIBREOFFICE_ROW
    from safety.zips import edited, sheet_edit

    edited(open_book, open_book, sheet_edit("</sheetData>", LIBREOFFICE_ROW + "</sheetData>"))
    before = XlsxBook.open(open_book).grids()["Players"]
    monkeypatch.setenv("GOSHEET_XLSX_ENGINE", "openpyxl")
    assert main(["pair", str(open_book)]) == 0
    assert LAST_ROW.search(sheet_xml(open_book, "Players")) is None
    monkeypatch.delenv("GOSHEET_XLSX_ENGINE")
    assert XlsxBook.open(open_book).grids()["Players"] == before
    assert main(["check", str(open_book)]) == 0, capsys.readouterr().err


def rows_of(first: int, held: int, empty: int) -> str:
    """Rows from ``first`` on: ``held`` cells holding a number, then ``empty`` of a style
    only, half of them written ``<c …/>``, half ``<c …></c>``."""
    cells = [f'<row r="{first + k}"><c r="A{first + k}"><v>{k}</v></c></row>' for k in range(held)]
    for k in range(empty):
        r = first + held + k
        cells.append(f'<row r="{r}"><c r="B{r}" s="0"' + ("/>" if k % 2 else "></c>") + "</row>")
    return "".join(cells)


@pytest.mark.parametrize(
    ("sheets", "refused"),
    [
        ([(8, 30)], None),  # 38 cell tags, 8 holding something: the count told apart
        ([(11, 0)], "sheet 'A' has more than 10 cells"),
        ([(11, 30)], "sheet 'A' has more than 10 cells"),
        ([(5, 30), (5, 30)], None),  # the workbook's 10, of 70 cell tags
        ([(5, 30), (6, 30)], "more than 10 cells (the last counted in sheet 'B')"),
        ([(3, 3), (3, 3), (5, 0)], "more than 10 cells (the last counted in sheet 'C')"),
    ],
)
def test_the_cells_that_hold_something_are_counted_when_every_cell_tag_is_too_many(
    sheets: list[tuple[int, int]],
    refused: str | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The scan counts every cell tag first, empty ones too; past the workbook's limit (or a
    sheet's), it counts only those that hold something, and refuses only then."""
    from gosheet.workbook.limits import archive

    monkeypatch.setattr(archive, "MAX_CELLS", 10)
    names = "ABC"
    book = raw_book(
        tmp_path / "b.xlsx",
        [(names[k], rows_of(1, held, empty)) for k, (held, empty) in enumerate(sheets)],
    )
    if refused is None:
        check_workbook(book)
    else:
        with pytest.raises(FileProblem, match=re.escape(refused)):
            check_workbook(book)


def test_the_scan_names_the_sheets_calamine_reads_as_they_are(tmp_path: Path) -> None:
    """The sheets without an error value, a formula or a merge are named (the reading of
    the cells does not look for them there again); the others are read as before."""
    sheets = [
        ("Plain", HEADER),
        ("Error", HEADER + '<row r="3"><c r="A3" t="e"><v>#N/A</v></c></row>'),
        ("Formula", HEADER + '<row r="3"><c r="A3"><f>1+1</f></c></row>'),
        (
            "Merged",
            HEADER + '</sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/>'
            "</mergeCells><sheetData>",
        ),
    ]
    book = raw_book(tmp_path / "b.xlsx", sheets)
    with zipfile.ZipFile(book) as archive:
        names = sheet_parts(archive)
    assert sorted(names[part] for part in check_workbook(book)) == ["Plain"]
    if accelerators.available("python_calamine"):
        assert read_grids(book, check_workbook(book)) == workbook_grids(book)
