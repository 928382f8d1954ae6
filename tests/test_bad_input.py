"""Bad input through the command line: every problem listed at once with its
sheet, cell and value, a non-zero exit code, and the workbook left exactly as
it was (same bytes, no backup, no temporary file). Also the state checks of
``pair``, the backup of a successful save, the rewriting of result spellings
and what ``simulate`` may fill.

Each workbook is made by the command itself (``gosheet import`` + ``pair`` +
``simulate``, or ``gosheet demo``) and then damaged with openpyxl.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from gosheet.frontends.cli import main

BOOK = "cup.xlsx"
BACKUP = "cup.backup.xlsx"
COMMANDS = ("check", "pair", "standings", "simulate")
CANONICAL = {"1-0", "0-1", "½-½", "0-0", "1-0!", "0-1!", "0-0!"}

ROSTER_CSV = """\
Name,First name,Rank,Rating,Club,Country,EGD PIN
Ivanova,Maria,4d,2380,Moscow,RU,12345678
Kowalski,Piotr,3d,,Warszawa,PL,
García,Lucía,2k,1920,Barcelona,ES,
Müller,Jonas,3k,,Hamburg,DE,
Dubois,Luc,2d,2170,Paris,FR,
Novak,Jan,1d,,Praha,CZ,
O'Brien,Sean,12k,890,Dublin,IE,
Nagy,Eszter,4k,,Budapest,HU,
Lindqvist,Oskar,20k,120,Göteborg,SE,
"""


# --------------------------------------------------------------------- helpers


def cli(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """Run ``gosheet ARGS`` in-process: (exit code, stdout, stderr)."""
    capsys.readouterr()  # drop anything printed before
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file of a directory (hidden ones too) and its bytes."""
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir()) if p.is_file()}


def damage(path: Path, change: Callable[[Workbook], Any]) -> None:
    workbook = load_workbook(path)
    change(workbook)
    workbook.save(path)


def column_of(ws: Worksheet, header: str) -> str:
    for cell in ws[1]:
        if cell.value == header:
            return str(cell.column_letter)
    raise AssertionError(f"no column {header!r} in {ws.title}")


def row_of(ws: Worksheet, header: str, value: object) -> int:
    letter = column_of(ws, header)
    for cell in ws[letter]:
        if cell.value == value:
            return int(cell.row)
    raise AssertionError(f"no {value!r} in column {header!r} of {ws.title}")


def cell_of(ws: Worksheet, key_header: str, key: object, header: str) -> str:
    """The coordinate of ``header``'s cell in the row where ``key_header`` is ``key``."""
    return f"{column_of(ws, header)}{row_of(ws, key_header, key)}"


def problem_line(err: str, where: str) -> str:
    """The one line of the message about ``where`` (``Sheet!A1`` or a sheet)."""
    lines = [line for line in err.splitlines() if f"{where}:" in line]
    assert len(lines) == 1, f"expected one line about {where}, got {lines!r} in:\n{err}"
    return lines[0]


def refused(capsys: pytest.CaptureFixture[str], directory: Path, code: int, *args: object) -> str:
    """Run the command, check its exit code and that no file changed or appeared."""
    before = snapshot(directory)
    got, _out, err = cli(capsys, *args)
    assert got == code, err
    after = snapshot(directory)
    assert after.keys() == before.keys(), "a file appeared or vanished"
    for name in before:
        assert after[name] == before[name], f"{name} was changed"
    assert err.startswith("gosheet: ")
    assert "Traceback" not in err
    return err


def round_rows(ws: Worksheet) -> list[dict[str, Any]]:
    header = [c.value for c in ws[1]]
    return [
        dict(zip(header, row, strict=False))
        for row in ws.iter_rows(min_row=2, values_only=True)
        if any(v is not None for v in row)
    ]


# -------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def open_book_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """9 players, 4 rounds, rounds 1 and 2 paired and played: ``pair`` would work."""
    folder = tmp_path_factory.mktemp("open")
    roster = folder / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    book = folder / BOOK
    assert main(["import", str(roster), "-o", str(book), "--rounds", "4", "--seed", "7"]) == 0
    for _ in range(2):
        assert main(["pair", str(book)]) == 0
        assert main(["simulate", str(book)]) == 0
    return book.read_bytes()


@pytest.fixture(scope="module")
def demo_book_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """``gosheet demo``: 23 players, all 5 rounds paired and played."""
    book = tmp_path_factory.mktemp("demo") / BOOK
    assert main(["demo", str(book)]) == 0
    return book.read_bytes()


@pytest.fixture
def open_book(tmp_path: Path, open_book_bytes: bytes) -> Path:
    path = tmp_path / BOOK
    path.write_bytes(open_book_bytes)
    return path


@pytest.fixture
def demo_book(tmp_path: Path, demo_book_bytes: bytes) -> Path:
    path = tmp_path / BOOK
    path.write_bytes(demo_book_bytes)
    return path


def test_the_undamaged_open_book_can_be_paired(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    # the refusals below are due to the damage, not to the book's state
    code, out, err = cli(capsys, "pair", open_book)
    assert code == 0, err
    assert "Round 3" in out
    assert "Round 3" in load_workbook(open_book).sheetnames


# ---------------------------------------------------------- one problem a test


@pytest.mark.parametrize("command", COMMANDS)
def test_bad_rank_in_players(
    capsys: pytest.CaptureFixture[str], open_book: Path, command: str
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        cell = cell_of(wb["Players"], "Name", "Kowalski", "Rank")
        wb["Players"][cell] = "3x"

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, command, open_book)
    assert "'3x'" in problem_line(err, f"Players!{cell}")
    assert "1 problem found" in err


@pytest.mark.parametrize("bad", ["31k", "10d", "0k", "3 x", "k3"])
def test_other_bad_ranks_in_players(
    capsys: pytest.CaptureFixture[str], open_book: Path, bad: str
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        cell = cell_of(wb["Players"], "Name", "Novak", "Rank")
        wb["Players"][cell] = bad

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    assert repr(bad) in problem_line(err, f"Players!{cell}")


@pytest.mark.parametrize("bad", ["2-0", "1-2", "W++", "white?", "x"])
@pytest.mark.parametrize("command", ["check", "pair", "standings"])
def test_unknown_result_code(
    capsys: pytest.CaptureFixture[str], open_book: Path, command: str, bad: str
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        cell = cell_of(wb["Round 1"], "Table", 2, "Result")
        wb["Round 1"][cell] = bad

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, command, open_book)
    line = problem_line(err, f"Round 1!{cell}")
    assert repr(bad) in line
    assert "result" in line


def test_a_number_in_a_result_cell_is_not_a_result(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        cell = cell_of(wb["Round 2"], "Table", 1, "Result")
        wb["Round 2"][cell] = 1

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "standings", open_book)
    assert f"Round 2!{cell}: 1:" in err


@pytest.mark.parametrize(
    ("surname", "first_name"),
    [("Kowalski", "Piotr"), ("  GARCIA ", "lucia")],  # exact; other case, spaces, accents
    ids=["exact", "case-and-accents"],
)
def test_same_player_twice_on_the_roster(
    capsys: pytest.CaptureFixture[str], open_book: Path, surname: str, first_name: str
) -> None:
    row = 0

    def change(wb: Workbook) -> None:
        nonlocal row
        ws = wb["Players"]
        row = row_of(ws, "Name", "Lindqvist") + 1  # the first empty row
        assert ws[f"A{row}"].value is None
        ws[f"A{row}"], ws[f"B{row}"], ws[f"C{row}"] = surname, first_name, "5k"

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    line = problem_line(err, f"Players!A{row}")
    assert surname.strip() in line and first_name in line
    assert "twice" in line


def test_same_player_twice_in_one_round(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    first = second = ""
    name = ""

    def change(wb: Workbook) -> None:
        nonlocal first, second, name
        ws = wb["Round 2"]
        second = cell_of(ws, "Table", 2, "White")
        name = ws[second].value
        first = cell_of(ws, "Table", 1, "Black")
        ws[first] = name  # now on table 1 and on table 2

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    line = problem_line(err, f"Round 2!{second}")
    assert repr(name) in line
    assert "twice" in line and first in line


@pytest.mark.parametrize("column", ["White", "Black"])
def test_name_in_a_round_sheet_not_on_the_roster(
    capsys: pytest.CaptureFixture[str], open_book: Path, column: str
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        cell = cell_of(wb["Round 1"], "Table", 3, column)
        wb["Round 1"][cell] = "Nobody Special"

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "standings", open_book)
    line = problem_line(err, f"Round 1!{cell}")
    assert "'Nobody Special'" in line
    assert "Players" in line


@pytest.mark.parametrize("sheet", ["Settings", "Players"])
@pytest.mark.parametrize("command", COMMANDS)
def test_missing_sheet(
    capsys: pytest.CaptureFixture[str], open_book: Path, sheet: str, command: str
) -> None:
    damage(open_book, lambda wb: wb.remove(wb[sheet]))
    err = refused(capsys, open_book.parent, 1, command, open_book)
    assert "missing" in problem_line(err, sheet)


@pytest.mark.parametrize(
    ("label", "value"),
    [
        ("Rounds", "five"),
        ("Rounds", 0),
        ("Rounds", 2.5),
        ("Komi", "6.3"),
        ("Komi", "abc"),
        ("System", "round robin"),
        ("McMahon groups", "abc"),
        ("Tiebreaks", "SOS, XYZ"),
        ("Points for a bye", 2),
        ("Random seed", -5),
    ],
)
def test_bad_setting_value(
    capsys: pytest.CaptureFixture[str], open_book: Path, label: str, value: object
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        cell = cell_of(wb["Settings"], "Setting", label, "Value")
        wb["Settings"][cell] = value

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    line = problem_line(err, f"Settings!{cell}")
    assert repr(value) in line
    assert label in line


@pytest.mark.parametrize("label", ["Colour", "Round"])
def test_unknown_setting(capsys: pytest.CaptureFixture[str], open_book: Path, label: str) -> None:
    row = 0

    def change(wb: Workbook) -> None:
        nonlocal row
        ws = wb["Settings"]
        row = row_of(ws, "Setting", "Random seed") + 1
        ws[f"A{row}"], ws[f"B{row}"] = label, "red"

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "check", open_book)
    line = problem_line(err, f"Settings!A{row}")
    assert repr(label) in line
    assert "unknown setting" in line


def test_rounds_setting_below_the_paired_rounds_names_its_cell(
    capsys: pytest.CaptureFixture[str], demo_book: Path
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        cell = cell_of(wb["Settings"], "Setting", "Rounds", "Value")
        wb["Settings"][cell] = 3

    damage(demo_book, change)
    err = refused(capsys, demo_book.parent, 1, "check", demo_book)
    assert "3" in problem_line(err, f"Settings!{cell}")


def test_rounds_setting_below_the_paired_rounds_is_refused(
    capsys: pytest.CaptureFixture[str], demo_book: Path
) -> None:
    def change(wb: Workbook) -> None:
        wb["Settings"][cell_of(wb["Settings"], "Setting", "Rounds", "Value")] = 3

    damage(demo_book, change)
    err = refused(capsys, demo_book.parent, 1, "standings", demo_book)
    assert "Rounds" in err and "5 round sheets" in err


@pytest.mark.parametrize(
    ("deleted", "next_sheet"),
    [("Round 1", "Round 2"), ("Round 2", "Round 3"), ("Round 4", "Round 5")],
)
@pytest.mark.parametrize("command", ["check", "standings"])
def test_gap_in_the_round_sheets(
    capsys: pytest.CaptureFixture[str],
    demo_book: Path,
    deleted: str,
    next_sheet: str,
    command: str,
) -> None:
    damage(demo_book, lambda wb: wb.remove(wb[deleted]))
    err = refused(capsys, demo_book.parent, 1, command, demo_book)
    line = problem_line(err, next_sheet)
    assert deleted in line and "missing" in line


# ------------------------------------------------------------ files themselves


def _zip_without_workbook(path: Path) -> None:
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("hello.txt", "not a spreadsheet")


@pytest.mark.parametrize(
    "make",
    [
        lambda p: p.write_bytes(b""),
        lambda p: p.write_text("Name,Rank\nIvanova,4d\n", encoding="utf-8"),
        _zip_without_workbook,
    ],
    ids=["empty", "csv-text", "zip"],
)
@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_that_is_not_a_workbook(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    make: Callable[[Path], None],
    command: str,
) -> None:
    path = tmp_path / BOOK
    make(path)
    err = refused(capsys, tmp_path, 5, command, path)
    assert BOOK in err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_roster_given_where_a_workbook_is_expected(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "roster.csv"
    path.write_text(ROSTER_CSV, encoding="utf-8")
    err = refused(capsys, tmp_path, 5, command, path)
    assert "roster.csv" in err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    err = refused(capsys, tmp_path, 5, command, tmp_path / "nowhere.xlsx")
    assert "nowhere.xlsx" in err
    assert list(tmp_path.iterdir()) == []


def test_import_of_a_missing_roster(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = refused(capsys, tmp_path, 5, "import", tmp_path / "nobody.csv", "-o", tmp_path / BOOK)
    assert "nobody.csv" in err


# ------------------------------------------------------ many problems at once


def _many_problems(wb: Workbook) -> dict[str, object]:
    """Seven problems in seven places; returns where → bad value."""
    where: dict[str, object] = {}
    players = wb["Players"]
    cell = cell_of(players, "Name", "Kowalski", "Rank")
    players[cell] = "3x"
    where[f"Players!{cell}"] = "3x"
    row = row_of(players, "Name", "Lindqvist") + 1
    players[f"A{row}"], players[f"B{row}"], players[f"C{row}"] = "Ivanova", "Maria", "4d"
    where[f"Players!A{row}"] = "Ivanova Maria"
    r2 = wb["Round 2"]
    cell = cell_of(r2, "Table", 4, "Result")
    r2[cell] = "2-0"
    where[f"Round 2!{cell}"] = "2-0"
    r3 = wb["Round 3"]
    cell = cell_of(r3, "Table", 1, "Black")
    r3[cell] = "Nobody Special"
    where[f"Round 3!{cell}"] = "Nobody Special"
    r4 = wb["Round 4"]
    twice = cell_of(r4, "Table", 3, "White")
    r4[cell_of(r4, "Table", 1, "Black")] = r4[twice].value
    where[f"Round 4!{twice}"] = r4[twice].value
    settings = wb["Settings"]
    cell = cell_of(settings, "Setting", "Komi", "Value")
    settings[cell] = "six"
    where[f"Settings!{cell}"] = "six"
    row = row_of(settings, "Setting", "Random seed") + 1
    settings[f"A{row}"], settings[f"B{row}"] = "Colour", "red"
    where[f"Settings!A{row}"] = "Colour"
    return where


@pytest.mark.parametrize("command", COMMANDS)
def test_several_problems_are_all_reported_at_once(
    capsys: pytest.CaptureFixture[str], demo_book: Path, command: str
) -> None:
    where: dict[str, object] = {}

    def change(wb: Workbook) -> None:
        where.update(_many_problems(wb))

    damage(demo_book, change)
    err = refused(capsys, demo_book.parent, 1, command, demo_book)
    assert len(where) == 7
    assert "7 problems found" in err
    for place, value in where.items():
        assert repr(value) in problem_line(err, place)
    problem_lines = [line for line in err.splitlines() if line.startswith("  ")]
    assert len(problem_lines) == 7, err


def test_bad_roster_in_import_changes_no_workbook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, open_book_bytes: bytes
) -> None:
    (tmp_path / BOOK).write_bytes(open_book_bytes)
    roster = tmp_path / "roster.csv"
    roster.write_text(
        ROSTER_CSV.replace("Kowalski,Piotr,3d", "Kowalski,Piotr,3x").replace(
            "Nagy,Eszter,4k", "Nagy,Eszter,44k"
        ),
        encoding="utf-8",
    )
    err = refused(capsys, tmp_path, 1, "import", roster, "-o", tmp_path / BOOK, "--force")
    assert "'3x'" in problem_line(err, "roster.csv!C3")
    assert "'44k'" in problem_line(err, "roster.csv!C9")


# ------------------------------------------------------------- pair and state


def _fill_results(path: Path, sheet: str, leave_empty: int) -> None:
    """Give every game of ``sheet`` a result except the last ``leave_empty`` ones."""

    def change(wb: Workbook) -> None:
        ws = wb[sheet]
        tables = [row["Table"] for row in round_rows(ws) if isinstance(row["Table"], int)]
        keep = tables[: len(tables) - leave_empty]
        for table in keep:
            ws[cell_of(ws, "Table", table, "Result")] = "1-0"

    damage(path, change)


@pytest.mark.parametrize("empty", [1, 4])
def test_pair_refused_while_the_last_round_has_an_empty_result(
    capsys: pytest.CaptureFixture[str], open_book: Path, empty: int
) -> None:
    code, _out, err = cli(capsys, "pair", open_book)
    assert code == 0, err
    _fill_results(open_book, "Round 3", leave_empty=empty)
    err = refused(capsys, open_book.parent, 3, "pair", open_book)
    assert "Round 3" in err
    assert "Round 4" not in load_workbook(open_book).sheetnames


def test_pair_after_all_rounds_are_paired_is_refused(
    capsys: pytest.CaptureFixture[str], demo_book: Path
) -> None:
    err = refused(capsys, demo_book.parent, 3, "pair", demo_book)
    assert "5 rounds" in err


def test_more_rounds_then_pair_keeps_every_round_with_results(
    capsys: pytest.CaptureFixture[str], demo_book: Path
) -> None:
    def change(wb: Workbook) -> None:
        wb["Settings"][cell_of(wb["Settings"], "Setting", "Rounds", "Value")] = 6

    damage(demo_book, change)
    before = load_workbook(demo_book)
    old = {n: round_rows(before[f"Round {n}"]) for n in range(1, 6)}
    code, out, err = cli(capsys, "pair", demo_book)
    assert code == 0, err
    assert "Round 6" in out
    after = load_workbook(demo_book)
    assert [n for n in after.sheetnames if n.startswith("Round ")] == [
        f"Round {n}" for n in range(1, 7)
    ]
    for n in range(1, 6):
        assert round_rows(after[f"Round {n}"]) == old[n]
    assert all(row["Result"] in (None, "bye") for row in round_rows(after["Round 6"]))


def test_more_rounds_but_an_empty_result_in_the_last_one(
    capsys: pytest.CaptureFixture[str], demo_book: Path
) -> None:
    def change(wb: Workbook) -> None:
        wb["Settings"][cell_of(wb["Settings"], "Setting", "Rounds", "Value")] = 6
        wb["Round 5"][cell_of(wb["Round 5"], "Table", 3, "Result")] = None

    damage(demo_book, change)
    err = refused(capsys, demo_book.parent, 3, "pair", demo_book)
    assert "Round 5" in err


def test_a_successful_pair_keeps_the_previous_version_as_backup(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    folder = open_book.parent
    first = open_book.read_bytes()
    code, out, err = cli(capsys, "pair", open_book)
    assert code == 0, err
    assert BACKUP in out
    files = snapshot(folder)
    assert sorted(files) == [BACKUP, BOOK]  # no temporary file left
    assert files[BACKUP] == first
    assert files[BOOK] != first
    assert load_workbook(open_book).sheetnames.count("Round 3") == 1

    assert cli(capsys, "simulate", open_book)[0] == 0
    second = open_book.read_bytes()
    assert cli(capsys, "pair", open_book)[0] == 0
    files = snapshot(folder)
    assert sorted(files) == [BACKUP, BOOK]
    assert files[BACKUP] == second
    assert "Round 4" in load_workbook(open_book).sheetnames


def test_check_changes_nothing_even_with_results_to_rewrite(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def change(wb: Workbook) -> None:
        wb["Round 1"][cell_of(wb["Round 1"], "Table", 1, "Result")] = "W+"

    damage(open_book, change)
    before = snapshot(open_book.parent)
    code, out, err = cli(capsys, "check", open_book)
    assert code == 0, err
    assert "no problems" in out
    assert snapshot(open_book.parent) == before


# ------------------------------------------------------------ failed saves


def test_a_save_that_cannot_replace_its_target_leaves_no_temporary_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # a directory where the workbook should go: the final replace fails
    (tmp_path / BOOK).mkdir()
    (tmp_path / BOOK / "inside.txt").write_text("keep me", encoding="utf-8")
    code, _out, err = cli(capsys, "new", tmp_path / BOOK, "--force")
    assert code == 5, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [BOOK]
    assert (tmp_path / BOOK / "inside.txt").read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize("command", ["pair", "standings"])
def test_a_save_that_cannot_keep_its_backup_changes_nothing(
    capsys: pytest.CaptureFixture[str], open_book: Path, command: str
) -> None:
    blocked = open_book.parent / BACKUP
    blocked.mkdir()
    (blocked / "inside.txt").write_text("keep me", encoding="utf-8")
    err = refused(capsys, open_book.parent, 5, command, open_book)
    assert BOOK in err
    assert sorted(p.name for p in open_book.parent.iterdir()) == [BACKUP, BOOK]


# -------------------------------------------------------- result normalisation


SPELLINGS = {
    "Round 1": ["W+", "b", "1:0", "B+R"],
    "Round 2": ["=", "w+f", "jigo", " 0-1 ! "],
}
NORMALISED = {
    "Round 1": ["1-0", "0-1", "1-0", "0-1"],
    "Round 2": ["½-½", "1-0!", "½-½", "0-1!"],
}


def test_result_spellings_are_rewritten_in_the_standard_form(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def change(wb: Workbook) -> None:
        for sheet, spellings in SPELLINGS.items():
            ws = wb[sheet]
            for table, spelling in enumerate(spellings, start=1):
                ws[cell_of(ws, "Table", table, "Result")] = spelling

    damage(open_book, change)
    previous = open_book.read_bytes()
    code, out, err = cli(capsys, "standings", open_book)
    assert code == 0, err
    assert "8 result(s) rewritten" in out
    assert (open_book.parent / BACKUP).read_bytes() == previous
    wb = load_workbook(open_book)
    for sheet, expected in NORMALISED.items():
        rows = [r for r in round_rows(wb[sheet]) if isinstance(r["Table"], int)]
        assert [r["Result"] for r in rows[: len(expected)]] == expected

    # the standings follow the rewritten results: W+ on table 1 of round 1
    first = next(r for r in round_rows(wb["Round 1"]) if r["Table"] == 1)
    standings = round_rows(wb["Standings"])
    white = next(r for r in standings if f"{r['Name']} {r['First name']}" == first["White"])
    assert "+/w" in white["R1"]

    # and a second run has nothing left to rewrite
    code, out, _err = cli(capsys, "standings", open_book)
    assert code == 0 and "rewritten" not in out


# ------------------------------------------------------------------- simulate


def test_simulate_fills_only_the_empty_results(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    assert cli(capsys, "pair", open_book)[0] == 0

    def change(wb: Workbook) -> None:
        ws = wb["Round 3"]
        # codes the simulation never draws (forfeits; a jigo with komi 6.5)
        ws[cell_of(ws, "Table", 1, "Result")] = "0-0!"
        ws[cell_of(ws, "Table", 2, "Result")] = "jigo"
        # an earlier round's result erased: not the current round, left alone
        wb["Round 1"][cell_of(wb["Round 1"], "Table", 4, "Result")] = None

    damage(open_book, change)
    code, out, err = cli(capsys, "simulate", open_book)
    assert code == 0, err
    assert "1 result(s) rewritten" in out  # jigo → ½-½
    wb = load_workbook(open_book)
    rows = round_rows(wb["Round 3"])
    games = [r for r in rows if isinstance(r["Table"], int)]
    byes = [r for r in rows if r["Table"] == "Bye"]
    assert [g["Result"] for g in games[:2]] == ["0-0!", "½-½"]
    assert len(games) == 4 and all(g["Result"] in ("1-0", "0-1") for g in games[2:])
    assert [b["Result"] for b in byes] == ["bye"]
    # the standings count the results kept: 0-0! is a forfeit loss for both
    standings = {f"{r['Name']} {r['First name']}": r for r in round_rows(wb["Standings"])}
    for colour in ("White", "Black"):
        assert "-!" in standings[games[0][colour]]["R3"]
    round1 = {r["Table"]: r["Result"] for r in round_rows(wb["Round 1"])}
    assert round1[4] is None
    assert all(round1[t] in CANONICAL for t in (1, 2, 3))

    # simulating again changes no result
    again = {n: round_rows(wb[n]) for n in ("Round 1", "Round 2", "Round 3")}
    assert cli(capsys, "simulate", open_book)[0] == 0
    wb = load_workbook(open_book)
    assert {n: round_rows(wb[n]) for n in again} == again


def test_simulate_before_any_round_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    assert cli(capsys, "import", roster, "-o", tmp_path / BOOK)[0] == 0
    err = refused(capsys, tmp_path, 3, "simulate", tmp_path / BOOK)
    assert "round" in err


# ------------------------------------------------- settings and columns added later


@pytest.mark.parametrize(
    ("label", "value", "reported", "words"),
    [
        # a McMahon tournament cannot be of oware: the System cell is the one to change
        ("Game", "oware", "System", "a game of oware uses swiss"),
        ("Rounds", None, "Rounds", "needs its number of rounds"),  # only Swiss proposes it
        ("Game", "chess", "Game", "expected one of"),
        ("Tiebreaks", "SOS, Elo", "Tiebreaks", "unknown tiebreak"),
    ],
)
def test_settings_that_do_not_fit_name_their_cell(
    capsys: pytest.CaptureFixture[str],
    open_book: Path,
    label: str,
    value: object,
    reported: str,
    words: str,
) -> None:
    cell = ""

    def change(wb: Workbook) -> None:
        nonlocal cell
        wb["Settings"][cell_of(wb["Settings"], "Setting", label, "Value")] = value
        cell = cell_of(wb["Settings"], "Setting", reported, "Value")

    damage(open_book, change)
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    line = problem_line(err, f"Settings!{cell}")
    assert words in line


def test_a_bad_tier_in_a_swiss_roster(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text("Name,Tier\nAbad,1\nBosch,best\nCasals,0\n", "utf-8")
    err = refused(
        capsys, tmp_path, 1, "import", roster, "-o", tmp_path / "o.xlsx", "--game", "oware"
    )
    assert "'best': not a tier" in problem_line(err, "r.csv!B3")
    assert "'0': not a tier" in problem_line(err, "r.csv!B4")


def test_no_xlsm_without_its_vba_project(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    err = refused(capsys, tmp_path, 5, "new", tmp_path / "cup.xlsm")
    assert "VBA project" in err and "excel-template" in err
