"""What the organiser does not see as gosheet would read it: a round's Result cells merged
(one result shown for two games, a value hidden under the merge) and a Result formula with
no saved value (written by a program that does not compute) — refused by every reader of
``.xlsx`` (python-calamine, gosheet's own, openpyxl) and ``.ods``, naming the cell and the way
out, nothing written; and control characters in a roster or an option, refused naming the
cell or the option."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from support.libreoffice import convert, needs_soffice
from support.ods_files import content

from gosheet import accelerators
from gosheet.frontends.cli import main
from gosheet.workbook.ods.cells import read_tables
from gosheet.workbook.unseen import Covered, Unsaved
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.parts.package import sheet_parts
from safety.test_hostile_values import READERS, reader, with_cell
from safety.zips import entries_of, plain_entry, write_zip

MERGED = "Round 2!H4: merged with the cells of other games (H3:H4)"
WAY_OUT = "unmerge H3:H4 and type each game's result"
UNSAVED = 'Round 2!H5: \'=IF(1>0,"1-0","0-1")\': a formula with no saved value'


def edited(book: Path, merge: bool = True, formula: bool = True) -> bytes:
    """``book`` with Round 2's Result cells H3:H4 merged, H4's result left under the merge
    (as a program that merges without clearing leaves it), and H5 a formula with no value at
    all; its bytes."""
    with zipfile.ZipFile(book) as archive:
        part = next(p for p, n in sheet_parts(archive).items() if n == "Round 2")
        data = archive.read(part)
    assert b"mergeCell" not in data and re.search(rb'<c r="H4"[^>]*>', data)
    if merge:
        merged = b'</sheetData><mergeCells count="1"><mergeCell ref="H3:H4"/></mergeCells>'
        data = data.replace(b"</sheetData>", merged)
    entries = [e if e[0] != part else plain_entry(part, data) for e in entries_of(book)]
    write_zip(book, entries)
    if formula:
        with_cell(book, "Round 2", "H5", '<c r="H5"><f>IF(1&gt;0,"1-0","0-1")</f></c>')
    return book.read_bytes()


@pytest.mark.parametrize("name", READERS)
def test_merged_result_cells_are_refused_by_every_reader(
    name: str, open_book: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    before = edited(open_book, formula=False)
    with reader(name, monkeypatch):
        for command in ("check", "pair", "standings"):
            assert main([command, str(open_book)]) == 1, command
            err = capsys.readouterr().err
            assert MERGED in err and WAY_OUT in err, err
    assert open_book.read_bytes() == before
    assert sorted(p.name for p in open_book.parent.iterdir()) == [open_book.name]


@pytest.mark.parametrize("name", READERS)
def test_a_result_formula_without_a_saved_value_is_named(
    name: str, open_book: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``<c r="H5"><f>…</f></c>``: no value. Named as such, not "no result yet"."""
    before = edited(open_book, merge=False)
    with reader(name, monkeypatch):
        assert main(["pair", str(open_book)]) == 1
    err = capsys.readouterr().err
    assert UNSAVED in err and "open and save the workbook in Excel or LibreOffice" in err, err
    assert "no result yet" not in err
    assert open_book.read_bytes() == before


@pytest.mark.parametrize("name", READERS)
def test_a_formula_with_its_saved_value_is_read_by_it(
    name: str, open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Result formula as Excel saves it (its value beside it) is read by its value by every
    reader — openpyxl too, which keeps the formula: its value is taken from the file."""
    with_cell(open_book, "Round 2", "H5", '<c r="H5" t="str"><f>"0-"&amp;"1"</f><v>0-1</v></c>')
    with reader(name, monkeypatch):
        state = XlsxBook.open(open_book).read()
    table = int(XlsxBook.open(open_book).grids()["Round 2"][4][0])
    game = next(g for g in state.tournament.rounds[1].games if g.table == table)
    assert game.result is not None and game.result.value == "0-1"


@pytest.mark.parametrize("name", READERS)
def test_a_players_formula_without_a_saved_value_is_named(
    name: str, open_book: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Not "no rank": the rank is a formula nothing computed."""
    with_cell(open_book, "Players", "C3", '<c r="C3"><f>IF(A3="","","3k")</f></c>')
    with reader(name, monkeypatch):
        assert main(["check", str(open_book)]) == 1
    err = capsys.readouterr().err
    assert 'Players!C3: \'=IF(A3="","","3k")\': a formula with no saved value' in err, err


def test_a_formula_computed_empty_is_no_result_yet(open_book: Path) -> None:
    """A formula whose saved value is an empty text (``t="str"``, an empty ``<v>``, as Excel
    and LibreOffice save ``=IF(…;"")``) is saved: an empty cell, as before."""
    from gosheet.workbook.xlsx.parts.hidden import unsaved_cells

    saved = b'<c r="H5" t="str"><f>IF(1&gt;2,"x","")</f><v></v></c>'
    assert unsaved_cells(b"<sheetData><row r='5'>" + saved + b"</row></sheetData>") == {}
    plain = b'<c r="H5"><f>IF(1&gt;2,"x","")</f><v/></c><c r="I5" s="1"/>'
    found = unsaved_cells(b"<sheetData><row r='5'>" + plain + b"</row></sheetData>")
    assert found == {(4, 7): Unsaved('IF(1>2,"x","")')}
    assert found[(4, 7)].formula == 'IF(1>2,"x","")'


def test_the_readers_give_the_same_unseen_cells(open_book: Path) -> None:
    from gosheet.workbook.xlsx.grids import read_grids
    from gosheet.workbook.xlsx.openpyxl_book import grids, load

    edited(open_book)
    fast = read_grids(open_book)
    with accelerators.pure():
        pure = read_grids(open_book)
    assert fast is not None and pure is not None
    for found in (fast, pure, grids(load(open_book))):
        h4 = found["Round 2"][3][7]
        assert type(h4) is Covered and h4.merge == "H3:H4" and h4 == ""
    assert fast["Round 2"][4][7] == pure["Round 2"][4][7] == Unsaved('IF(1>0,"1-0","0-1")')
    assert type(fast["Round 2"][4][7]) is Unsaved


def test_an_ods_formula_without_a_value_and_a_merge_are_read_so() -> None:
    """In an ``.ods``: a cell ``table:formula`` without ``office:value-type`` (no value), and
    the covered cells of a merge spanning rows (``table:number-rows-spanned``)."""
    table = (
        '<table:table table:name="Round 1"><table:table-row>'
        '<table:table-cell office:value-type="string"><text:p>a</text:p></table:table-cell>'
        '<table:table-cell table:formula="of:=1+[.A1]"/>'
        '<table:table-cell table:number-rows-spanned="2" office:value-type="string">'
        "<text:p>1-0</text:p></table:table-cell></table:table-row><table:table-row>"
        '<table:table-cell office:value-type="string"><text:p>b</text:p></table:table-cell>'
        "<table:table-cell/>"
        '<table:covered-table-cell office:value-type="string"><text:p>0-1</text:p>'
        "</table:covered-table-cell></table:table-row></table:table>"
    )
    grid = read_tables(content(table))[0].grid()
    assert grid[0][:2] == ["a", Unsaved("=1+[.A1]")] and grid[0][2] == "1-0"
    assert type(grid[0][1]) is Unsaved and grid[0][1].formula == "=1+[.A1]"
    assert type(grid[1][2]) is Covered and grid[1][2].merge == "C1:C2"


@needs_soffice
def test_merged_result_cells_of_an_ods_are_refused(
    open_book: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The workbook with merged Result cells, saved as ``.ods`` by LibreOffice (which keeps
    H4's result in its covered cell): refused alike, nothing written."""
    edited(open_book, formula=False)
    ods = convert(tmp_path, "ods", open_book, outdir=tmp_path / "ods") / "cup.ods"
    with zipfile.ZipFile(ods) as archive:
        assert b'table:number-rows-spanned="2"' in archive.read("content.xml")
    before = ods.read_bytes()
    for command in ("check", "pair"):
        assert main([command, str(ods)]) == 1
        err = capsys.readouterr().err
        assert MERGED in err and WAY_OUT in err, err
    assert ods.read_bytes() == before


# ---------------------------------------------------------------------------- control characters

ROSTER = "Name,First name,Rank,Paid\nIvanova,Maria,4d,yes\nKowalski,Piotr,3d,no\nGarcia,Lucia,2k,\n"


@pytest.mark.parametrize("pure", [False, True])
def test_control_characters_in_a_roster_are_refused_all_at_once(
    pure: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "roster.csv"
    text = ROSTER.replace("Maria", "Ma\x00ri\x01a\x1b").replace("Piotr,3d,no", "Piotr,3d,n\x07o")
    roster.write_bytes(text.replace("Lucia", "Lu\x7fcia\x9b").encode())
    with accelerators.pure() if pure else accelerators.pure(()):
        assert main(["import", str(roster), "-o", str(tmp_path / "cup.xlsx")]) == 1
    err = capsys.readouterr().err
    assert "3 problems found" in err, err
    assert "roster.csv!B2: 'Ma␀ri␁a␛': holds control characters (U+0000, U+0001, U+001B)" in err
    assert "roster.csv!D3: 'n␇o': holds a control character (U+0007)" in err
    assert "roster.csv!B4: 'Lu␡cia�': holds control characters (U+007F, U+009B)" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roster.csv"]


def test_a_line_break_in_a_roster_name_is_a_space(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER.replace("Maria", '"Maria\nAnna"'))
    assert main(["import", str(roster), "-o", str(tmp_path / "cup.xlsx")]) == 0


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["new", "x.xlsx", "--name", "Cup\x01\x1b[31m"], "'--name': 'Cup␁␛[31m'"),
        (["new", "x.xlsx", "--name=Cup\x07"], "'--name': 'Cup␇'"),
        (["import", "roster.csv", "-o", "x.xlsx", "--groups", "3\x00"], "'--groups'"),
    ],
)
def test_an_option_with_control_characters_is_refused_naming_it(
    args: list[str],
    option: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "roster.csv").write_text(ROSTER)
    with pytest.raises(SystemExit) as usage:
        main(args)
    assert usage.value.code == 2
    err = capsys.readouterr().err
    assert option in err and "control character" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roster.csv"]


def test_the_other_doors_refuse_such_a_name_too(tmp_path: Path) -> None:
    from gosheet.app.files import OptionError
    from gosheet.app.tournaments import Choices, new_tournament

    with pytest.raises(OptionError, match="U\\+001B"):
        new_tournament(Choices(name="Cup\x1b[31m"), tmp_path / "x.xlsx")
    assert not list(tmp_path.iterdir())
