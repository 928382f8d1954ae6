"""Bad input through the command line: every problem listed at once with its
sheet, cell and value, a non-zero exit code, and the workbook left exactly as
it was (same bytes, no backup, no temporary file).

This part: the problems inside a workbook or a roster — one a test, then many
at once, result spellings, settings that do not fit. Files that are not
workbooks, the state checks of ``pair``, saves and ``simulate``:
``test_bad_input_files_and_state``.

Each workbook is made by the command itself (``gosheet import`` + ``pair`` +
``simulate``, or ``gosheet demo``) and then damaged with openpyxl.

The workbooks (``open_book``, ``demo_book``) are fixtures of ``tests/conftest.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.books import BACKUP, BOOK, ROSTER_CSV, cell_of, damage, row_of, rows_of
from support.cli import BOOK_COMMANDS, cli, problem_line, refused


def test_the_undamaged_open_book_can_be_paired(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    # the refusals below are due to the damage, not to the book's state
    code, out, err = cli(capsys, "pair", open_book)
    assert code == 0, err
    assert "Round 3" in out
    assert "Round 3" in load_workbook(open_book).sheetnames


# ---------------------------------------------------------- one problem a test


@pytest.mark.parametrize("command", BOOK_COMMANDS)
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
@pytest.mark.parametrize("command", BOOK_COMMANDS)
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
        ("System", "knockout"),  # round robin became a system (issue 16)
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


@pytest.mark.parametrize("command", BOOK_COMMANDS)
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
    assert "8 results rewritten" in out
    assert (open_book.parent / BACKUP).read_bytes() == previous
    wb = load_workbook(open_book)
    for sheet, expected in NORMALISED.items():
        rows = [r for r in rows_of(wb[sheet]) if isinstance(r["Table"], int)]
        assert [r["Result"] for r in rows[: len(expected)]] == expected

    # the standings follow the rewritten results: W+ on table 1 of round 1
    first = next(r for r in rows_of(wb["Round 1"]) if r["Table"] == 1)
    standings = rows_of(wb["Standings"])
    white = next(r for r in standings if f"{r['Name']} {r['First name']}" == first["White"])
    assert "+/w" in white["R1"]

    # and a second run has nothing left to rewrite
    code, out, _err = cli(capsys, "standings", open_book)
    assert code == 0 and "rewritten" not in out


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
