"""The director's hand through the command line (the office buttons run the same action):
the ``Keep apart`` sheet, the ``Fixed table`` column, the organiser's own lines in the next
round's sheet, ``Avoid same club`` — issue 16, "The director's hand"."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import set_setting, sheet_table
from support.cli import cli, cli_ok

from gosheet.core.explain import explain_round
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

SYSTEMS = (("mcmahon", None), ("fus", None), ("swiss", None), ("mcmahon", "opengotha"))


def new_book(tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str) -> Path:
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "new", book, "--system", system, "--rounds", "4", "--seed", "5")
    workbook = load_workbook(book)
    players = workbook["Players"]
    header = [c.value for c in players[1]]
    for r in range(8):
        players.cell(row=r + 2, column=header.index("Name") + 1, value=f"Player{r + 1}")
        if "Rank" in header:
            players.cell(row=r + 2, column=header.index("Rank") + 1, value=f"{r + 1}k")
        players.cell(row=r + 2, column=header.index("Rating") + 1, value=2000 - 100 * r)
    workbook.save(book)
    return book


def games_of(book: Path, number: int) -> list[dict[str, object]]:
    return [row for row in sheet_table(book, f"Round {number}")[1] if row.get("White")]


@pytest.mark.parametrize(("system", "rules"), SYSTEMS)
def test_keep_apart_and_fixed_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, rules: str | None
) -> None:
    """«a sheet `Keep apart` with columns `Player 1`, `Player 2`, `Until round` …: never
    paired while it can be avoided»; «a `Fixed table` column in `Players`: that player's
    game is on that table whoever the opponent»."""
    book = new_book(tmp_path, capsys, system)
    if rules:
        set_setting(book, "Pairing rules", rules)
    cli_ok(capsys, "pair", book)
    first = games_of(book, 1)
    together = {frozenset((str(g["White"]), str(g["Black"]))) for g in first}
    pair = next(iter(together))
    cli_ok(capsys, "pair", book, "--again")
    workbook = load_workbook(book)
    sheet = workbook.create_sheet("Keep apart")
    sheet.append(["Player 1", "Player 2", "Until round"])
    sheet.append([*sorted(pair), None])
    players = workbook["Players"]
    header = [c.value for c in players[1]]
    players.cell(row=1, column=len(header) + 1, value="Fixed table")
    players.cell(row=9, column=len(header) + 1, value=3)  # Player8 always on table 3
    workbook.save(book)
    cli_ok(capsys, "pair", book, "--again")
    games = games_of(book, 1)
    assert pair not in {frozenset((str(g["White"]), str(g["Black"]))) for g in games}
    table_3 = next(g for g in games if g["Table"] == 3)
    assert "Player8" in (table_3["White"], table_3["Black"])
    if rules is None:  # explain shows the criterion
        t = read_book(XlsxBook.open(book).grids()).tournament
        assert "keep apart" in [c.name for c in explain_round(t, 1).criteria]


def test_organisers_lines_are_kept_and_check_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """«lines typed into the next round's sheet (`Round N`, White and Black, or a `Bye`
    line) before `gosheet pair` are kept as they are and the rest is paired around them;
    `check` says which lines are the organiser's»."""
    book = new_book(tmp_path, capsys, "mcmahon")
    workbook = load_workbook(book)
    sheet = workbook.create_sheet("Round 1")
    sheet.append(["Table", "White", "Black", "Result"])
    sheet.append([7, "Player1", "Player8", None])
    sheet.append([None, "Player3", "Player2", None])
    workbook.save(book)
    out = cli_ok(capsys, "check", book)
    assert "the organiser's own lines" in out
    assert "table 7: Player1 (White) – Player8 (Black)" in out
    assert "results to enter" not in out
    cli_ok(capsys, "pair", book)
    games = games_of(book, 1)
    assert len(games) == 4
    assert {"Table": 7, "White": "Player1", "Black": "Player8"}.items() <= games[-1].items()
    assert any(g["White"] == "Player3" and g["Black"] == "Player2" for g in games)
    assert sorted(int(str(g["Table"])) for g in games) == [1, 2, 3, 7]
    code, _, err = cli(capsys, "pair", book)  # a whole round waiting for its results
    assert code != 0 and "results are missing" in err


def test_avoid_same_club(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """«settings `Avoid same club` and `Avoid same country`»: the Settings sheet has them."""
    book = new_book(tmp_path, capsys, "swiss")
    workbook = load_workbook(book)
    players = workbook["Players"]
    header = [c.value for c in players[1]]
    for r in range(8):
        players.cell(row=r + 2, column=header.index("Club") + 1, value="AB"[r % 2])
    workbook.save(book)
    set_setting(book, "Avoid same club", "yes")
    cli_ok(capsys, "pair", book)
    clubs = {f"Player{r + 1}": "AB"[r % 2] for r in range(8)}
    assert all(clubs[str(g["White"])] != clubs[str(g["Black"])] for g in games_of(book, 1))
