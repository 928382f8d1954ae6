"""Slips caught where they happen (issue 12, part 5): a round sheet under another name, a
result missing or typed beside its table, two players of the same name, a name of a round
sheet that is no longer in Players — each named by sheet and cell, with the way out.

The workbooks (``open_book``: 9 players, 4 rounds, rounds 1 and 2 played) are fixtures of
``tests/conftest.py``; each test damages one with openpyxl, as an organiser's hand would.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.books import cell_of, column_of, damage, row_of, sheet_table, write_csv
from support.cli import cli, cli_ok, problem_line, refused

from gosheet.workbook.sheets.names import NameIndex, labels, same_player
from gosheet.workbook.sheets.round_look_alikes import round_like

# ------------------------------------------------ round sheets under another name


@pytest.mark.parametrize(
    ("name", "number"),
    [
        ("Round1", 1),
        ("Rnd 3", 3),
        ("Ronde 2", 2),
        ("Тур 2", 2),
        ("Round 1 (2)", 1),
        ("R4", 4),
        ("rd.5", 5),
        ("Runde 12", 12),
    ],
)
def test_names_that_look_like_a_round(name: str, number: int) -> None:
    assert round_like(name) == number


@pytest.mark.parametrize(
    "name",
    ["Round 2", "round 2", " ROUND 2 ", "Players", "Standings", "Notes 2", "Copy of round 1"],
)
def test_names_that_do_not_look_like_another_round(name: str) -> None:
    assert round_like(name) is None


@pytest.mark.parametrize("new", ["Round2", "Rnd 2", "Ronde 2", "Тур 2"])
def test_a_renamed_round_sheet_is_a_problem_with_its_fix(
    capsys: pytest.CaptureFixture[str], open_book: Path, new: str
) -> None:
    # before: check said "no problems" and pair paired round 2 again
    damage(open_book, lambda wb: setattr(wb["Round 2"], "title", new))
    err = refused(capsys, open_book.parent, 1, "check", open_book)
    assert "rename it 'Round 2'" in problem_line(err, new)
    refused(capsys, open_book.parent, 1, "pair", open_book)


def test_a_copy_of_a_round_sheet_is_a_problem(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def copy(wb: Workbook) -> None:
        wb.copy_worksheet(wb["Round 1"]).title = "Round 1 (2)"

    damage(open_book, copy)
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    line = problem_line(err, "Round 1 (2)")
    assert "'Round 1' is there already" in line and "delete it" in line


def test_a_round_sheet_in_small_letters_is_still_a_round(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def lower(wb: Workbook) -> None:
        wb["Round 2"].title = "tmp"  # openpyxl would make "round 2" "round 21" at once
        wb["tmp"].title = "round 2"

    damage(open_book, lower)
    assert "2 of 4 rounds paired" in cli_ok(capsys, "check", open_book)


# ------------------------------------------------ results missing, or beside the table


def _paired_round_3(capsys: pytest.CaptureFixture[str], book: Path) -> None:
    cli_ok(capsys, "pair", book)


def test_check_names_the_results_still_to_enter_and_exits_0(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    _paired_round_3(capsys, open_book)
    out = cli_ok(capsys, "check", open_book)  # mid-round: information, not a problem
    assert "no problems" in out
    assert "Before the next pair, results to enter in Round 3 (4 games)" in out
    for table, row in ((1, 2), (4, 5)):
        assert f"Round 3!H{row} (table {table}): no result yet" in out
    assert "1-0!" in out and "gosheet pair --again" in out


def test_pair_names_the_cells_of_the_missing_results(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    _paired_round_3(capsys, open_book)

    def enter(wb: Workbook) -> None:
        ws = wb["Round 3"]
        for table in (1, 2, 3):
            ws[cell_of(ws, "Table", table, "Result")] = "1-0"

    damage(open_book, enter)
    # before: "results are missing in Round 3 (1 game(s))", no cell
    err = refused(capsys, open_book.parent, 3, "pair", open_book)
    assert "Round 3!H5 (table 4): no result yet" in err
    assert "1-0! or 0-1!" in err
    assert "--again" not in err  # results are entered: the round is never paired again


def test_a_no_show_before_any_result_gets_both_ways_out(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    _paired_round_3(capsys, open_book)
    err = refused(capsys, open_book.parent, 3, "pair", open_book)
    assert "Round 3!H2 (table 1): no result yet" in err
    assert "1-0! or 0-1!" in err
    assert "write 3 in his 'Not playing' cell" in err and "gosheet pair --again" in err


def test_a_result_typed_one_column_to_the_right(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    _paired_round_3(capsys, open_book)

    def slip(wb: Workbook) -> None:
        ws = wb["Round 3"]
        for table in (1, 2, 3):
            ws[cell_of(ws, "Table", table, "Result")] = "0-1"
        ws["I5"] = "1-0"  # table 4's result, one column too far

    damage(open_book, slip)
    # before: ignored without a word
    out = cli_ok(capsys, "check", open_book)
    assert "Round 3!H5 (table 4): no result yet" in out
    line = problem_line(out, "Round 3!I5")
    assert "'1-0'" in line and "one column to the right" in line and "H5" in line
    err = refused(capsys, open_book.parent, 3, "pair", open_book)
    assert "Round 3!I5" in err and "one column to the right" in err


def test_a_value_below_the_last_table(capsys: pytest.CaptureFixture[str], open_book: Path) -> None:
    def slip(wb: Workbook) -> None:
        ws = wb["Round 2"]
        ws[f"H{ws.max_row + 2}"] = "1-0"

    damage(open_book, slip)
    row = load_workbook(open_book)["Round 2"].max_row
    out = cli_ok(capsys, "check", open_book)  # the rounds are complete: pair works
    line = problem_line(out, f"Round 2!H{row}")
    assert "without a table number" in line and "wrong row" in line
    cli_ok(capsys, "pair", open_book)


def test_a_column_with_a_header_of_ones_own_is_no_slip(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def notes(wb: Workbook) -> None:
        ws = wb["Round 2"]
        ws["I1"], ws["I2"] = "Notes", "late 10 min"

    damage(open_book, notes)
    out = cli_ok(capsys, "check", open_book)
    assert "Round 2!I2" not in out and "To look at" not in out


# ------------------------------------------------------- players of the same name

KIMS = [
    ("Kim", "Min", "3d", "Seoul", "11111111"),
    ("Kim", "Min", "2d", "Busan", "22222222"),
    ("Lee", "Ha", "1k", "Seoul", ""),
    ("Park", "Su", "5k", "", ""),
]
HEADER = ("Name", "First name", "Rank", "Club", "EGD PIN")


def _kims(capsys: pytest.CaptureFixture[str], folder: Path, rows: list[tuple[str, ...]]) -> Path:
    roster = write_csv(folder / "kims.csv", HEADER, rows)
    book = folder / "kims.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--rounds", "3", "--seed", "5")
    return book


@pytest.mark.parametrize(
    ("second", "shown"),
    [
        (("Kim", "Min", "2d", "Busan", "22222222"), ("Kim Min (Seoul)", "Kim Min (Busan)")),
        (("KIM", "min", "2d", "Seoul", "22222222"), ("Kim Min [11111111]", "KIM min [22222222]")),
    ],
    ids=["clubs", "pins"],
)
def test_two_players_of_the_same_name_are_told_apart(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    second: tuple[str, ...],
    shown: tuple[str, str],
) -> None:
    # before: "the same player twice" — the second could not register
    book = _kims(capsys, tmp_path, [KIMS[0], second, *KIMS[2:]])
    out = cli_ok(capsys, "pair", book)
    names = {row[c] for row in sheet_table(book, "Round 1")[1] for c in ("White", "Black")}
    assert set(shown) <= names
    assert all(name in out for name in shown)
    cli_ok(capsys, "simulate", book)
    cli_ok(capsys, "pair", book)  # round 1's names are read back, each to his player
    _, standings = sheet_table(book, "Standings")
    firsts = {row["First name"] for row in standings}
    tags = [name.split(" ", 2)[2] for name in shown]
    assert {f"{name.split()[1]} {tag}" for name, tag in zip(shown, tags, strict=True)} <= firsts


def test_the_same_player_twice_stays_a_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = write_csv(
        tmp_path / "kims.csv", HEADER, [KIMS[0], ("Kim", "Min", "3d", "", "11111111")]
    )
    err = refused(capsys, tmp_path, 1, "import", roster, "-o", tmp_path / "kims.xlsx")
    assert "the same player twice" in err and "EGD PINs or their clubs" in err


def test_a_name_of_two_players_in_a_round_sheet_asks_which(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = _kims(capsys, tmp_path, KIMS)
    cli_ok(capsys, "pair", book)
    cell = ""

    def plain(wb: Workbook) -> None:
        nonlocal cell
        ws = wb["Round 1"]
        for column in ("White", "Black"):
            for row in range(2, ws.max_row + 1):
                if ws[f"{column_of(ws, column)}{row}"].value == "Kim Min (Busan)":
                    cell = f"{column_of(ws, column)}{row}"
        ws[cell] = "Kim Min"

    damage(book, plain)
    err = refused(capsys, tmp_path, 1, "check", book)
    line = problem_line(err, f"Round 1!{cell}")
    assert "'Kim Min (Seoul)' or 'Kim Min (Busan)'" in line


def test_names_and_labels_directly() -> None:
    from gosheet.core.model import Player

    kims = (
        Player(1, "Kim", "Min", club="Seoul", egd_pin="1"),
        Player(2, "Kim", "Min", club="Seoul", egd_pin="7"),
        Player(3, "Kim", "Min", club="Busan", egd_pin=""),
    )
    assert not any(same_player(a, b) for a in kims for b in kims if a is not b)
    assert same_player(kims[0], Player(4, "kim", "MIN"))  # nothing to tell them apart
    assert labels(kims) == {
        1: "Kim Min (Seoul) [1]",
        2: "Kim Min (Seoul) [7]",
        3: "Kim Min (Busan)",
    }
    assert labels(kims[:2]) == {1: "Kim Min [1]", 2: "Kim Min [7]"}
    index = NameIndex(kims)
    assert index.find("Kim Min [7]") == 2 and index.find("kim min (busan)") == 3
    assert index.find("Kim Min (Seoul)") == [1, 2]
    assert index.find("Kim Min") == [1, 2, 3]


# -------------------------------------------- a player renamed in Players by hand


def test_a_player_renamed_by_hand_gets_the_closest_name_and_the_command(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def rename_by_hand(wb: Workbook) -> None:
        ws = wb["Players"]
        ws[f"A{row_of(ws, 'Name', 'Ivanova')}"] = "Ivanova-Petrova"

    damage(open_book, rename_by_hand)
    # before: "not a player of the Players sheet", no hint
    err = refused(capsys, open_book.parent, 1, "check", open_book)
    lines = [line for line in err.splitlines() if "'Ivanova Maria'" in line]
    assert lines and all("the closest: 'Ivanova-Petrova Maria'" in line for line in lines)
    assert all(
        'gosheet rename BOOK.xlsx "Ivanova Maria" "Ivanova-Petrova Maria"' in x for x in lines
    )
    # the way out the message gives works
    cli_ok(capsys, "rename", open_book, "Ivanova Maria", "Ivanova-Petrova Maria")
    assert "no problems" in cli_ok(capsys, "check", open_book)
    code, _out, err = cli(capsys, "pair", open_book)
    assert code == 0, err
