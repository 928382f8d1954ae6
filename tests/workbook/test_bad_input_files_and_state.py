"""Bad input through the command line, continued (``test_bad_input``): files that
are not workbooks or are missing, the state checks of ``pair``, the backup of a
successful save, saves that fail, and what ``simulate`` may fill — each refusal
with a non-zero exit code and the workbook left exactly as it was.

Each workbook is made by the command itself (``gosheet import`` + ``pair`` +
``simulate``, or ``gosheet demo``) and then damaged with openpyxl.

The workbooks (``open_book``, ``demo_book``) are fixtures of ``tests/conftest.py``.
"""

from __future__ import annotations

import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.books import BACKUP, BOOK, ROSTER_CSV, cell_of, damage, rows_of
from support.cli import BOOK_COMMANDS, cli, refused, snapshot

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
@pytest.mark.parametrize("command", BOOK_COMMANDS)
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


@pytest.mark.parametrize("command", BOOK_COMMANDS)
def test_a_roster_given_where_a_workbook_is_expected(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    path = tmp_path / "roster.csv"
    path.write_text(ROSTER_CSV, encoding="utf-8")
    err = refused(capsys, tmp_path, 5, command, path)
    assert "roster.csv" in err


@pytest.mark.parametrize("command", BOOK_COMMANDS)
def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str) -> None:
    err = refused(capsys, tmp_path, 5, command, tmp_path / "nowhere.xlsx")
    assert "nowhere.xlsx" in err
    assert list(tmp_path.iterdir()) == []


def test_import_of_a_missing_roster(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    err = refused(capsys, tmp_path, 5, "import", tmp_path / "nobody.csv", "-o", tmp_path / BOOK)
    assert "nobody.csv" in err


# ------------------------------------------------------------- pair and state


def _fill_results(path: Path, sheet: str, leave_empty: int) -> None:
    """Give every game of ``sheet`` a result except the last ``leave_empty`` ones."""

    def change(wb: Workbook) -> None:
        ws = wb[sheet]
        tables = [row["Table"] for row in rows_of(ws) if isinstance(row["Table"], int)]
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
    old = {n: rows_of(before[f"Round {n}"]) for n in range(1, 6)}
    code, out, err = cli(capsys, "pair", demo_book)
    assert code == 0, err
    assert "Round 6" in out
    after = load_workbook(demo_book)
    assert [n for n in after.sheetnames if n.startswith("Round ")] == [
        f"Round {n}" for n in range(1, 7)
    ]
    for n in range(1, 6):
        assert rows_of(after[f"Round {n}"]) == old[n]
    assert all(row["Result"] in (None, "bye") for row in rows_of(after["Round 6"]))


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


CANONICAL = {"1-0", "0-1", "½-½", "0-0", "1-0!", "0-1!", "0-0!"}


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
    assert "1 result rewritten" in out  # jigo → ½-½
    wb = load_workbook(open_book)
    rows = rows_of(wb["Round 3"])
    games = [r for r in rows if isinstance(r["Table"], int)]
    byes = [r for r in rows if r["Table"] == "Bye"]
    assert [g["Result"] for g in games[:2]] == ["0-0!", "½-½"]
    assert len(games) == 4 and all(g["Result"] in ("1-0", "0-1") for g in games[2:])
    assert [b["Result"] for b in byes] == ["bye"]
    # the standings count the results kept: 0-0! is a forfeit loss for both
    standings = {f"{r['Name']} {r['First name']}": r for r in rows_of(wb["Standings"])}
    for colour in ("White", "Black"):
        assert "-!" in standings[games[0][colour]]["R3"]
    round1 = {r["Table"]: r["Result"] for r in rows_of(wb["Round 1"])}
    assert round1[4] is None
    assert all(round1[t] in CANONICAL for t in (1, 2, 3))

    # simulating again changes no result
    again = {n: rows_of(wb[n]) for n in ("Round 1", "Round 2", "Round 3")}
    assert cli(capsys, "simulate", open_book)[0] == 0
    wb = load_workbook(open_book)
    assert {n: rows_of(wb[n]) for n in again} == again


def test_simulate_before_any_round_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    assert cli(capsys, "import", roster, "-o", tmp_path / BOOK)[0] == 0
    err = refused(capsys, tmp_path, 3, "simulate", tmp_path / BOOK)
    assert "round" in err


def test_no_xlsm_without_its_vba_project(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    err = refused(capsys, tmp_path, 5, "new", tmp_path / "cup.xlsm")
    assert "VBA project" in err and "excel-template" in err
