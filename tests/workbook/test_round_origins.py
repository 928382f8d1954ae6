"""Club and country in the round sheets (issue 27): when the roster has them, each player's
club and country in columns of their own at the end of ``Round N`` (``White club``,
``White country``, ``Black club``, ``Black country``, in the workbook's language), for the
organiser to see. gosheet reads the round by the other columns' headers, as before: a
workbook without these columns still reads, an organiser's own column still is his, and a
result typed one column to the right (now a club's cell) is still caught.

The workbooks (``open_book``: 9 players with clubs and countries, rounds 1 and 2 played) are
fixtures of ``tests/conftest.py``."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.books import cell_of, damage, sheet_table
from support.cli import cli_ok, problem_line, refused

from gosheet.core.model import Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.workbook.sheets.writer import round_sheet
from gosheet.workbook.xlsx.book import XlsxBook

ORIGINS = ["White club", "White country", "Black club", "Black country"]


def test_each_players_club_and_country_at_the_end(open_book: Path) -> None:
    header, rows = sheet_table(open_book, "Round 2")
    assert header[:8] == [
        "Table", "White", "White rank", "Black", "Black rank", "Handicap", "Komi", "Result"
    ]  # fmt: skip
    assert header[8:] == ORIGINS
    players = {p.name: p for p in XlsxBook.open(open_book).read().tournament.players}
    for row in rows:
        if row["Table"] == "Bye":
            assert row["White club"] == players[row["White"]].club and not row["Black club"]
            continue
        for side in ("White", "Black"):
            player = players[row[side]]
            assert (row[f"{side} club"], row[f"{side} country"]) == (player.club, player.country)


def test_a_workbook_without_them_reads_as_before(open_book: Path) -> None:
    before = XlsxBook.open(open_book).read().tournament

    def old(wb: Workbook) -> None:
        for name in ("Round 1", "Round 2"):
            wb[name].delete_cols(9, 4)

    damage(open_book, old)
    assert load_workbook(open_book)["Round 1"].max_column == 8
    assert XlsxBook.open(open_book).read().tournament == before


def test_an_organisers_column_over_them_is_his(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def notes(wb: Workbook) -> None:
        ws = wb["Round 2"]
        ws["I1"], ws["I2"] = "Notes", "late 10 min"
        ws["M1"], ws["M2"] = "Clock", "3 min"

    damage(open_book, notes)
    out = cli_ok(capsys, "check", open_book)
    assert "Round 2!I2" not in out and "Round 2!M2" not in out and "To look at" not in out
    cli_ok(capsys, "pair", open_book)
    ws = load_workbook(open_book)["Round 2"]
    assert (ws["I2"].value, ws["M2"].value) == ("late 10 min", "3 min")


def test_a_result_typed_into_a_club_is_caught(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    cli_ok(capsys, "pair", open_book)

    def slip(wb: Workbook) -> None:
        ws = wb["Round 3"]
        for table in (1, 2, 3):
            ws[cell_of(ws, "Table", table, "Result")] = "0-1"
        ws["K5"] = "1-0"  # table 4's result, typed into Black's club

    damage(open_book, slip)
    out = cli_ok(capsys, "check", open_book)
    line = problem_line(out, "Round 3!K5")
    assert "'1-0'" in line and "H5" in line
    err = refused(capsys, open_book.parent, 3, "pair", open_book)
    assert "Round 3!K5" in err


def players(clubs: bool, countries: bool) -> tuple[Player, ...]:
    return tuple(
        Player(n, f"P{n}", rank=5 - n, club="Lyon" * clubs, country="FR" * countries)
        for n in range(1, 6)
    )


@pytest.mark.parametrize(
    ("clubs", "countries", "added"),
    [
        (True, True, ORIGINS),
        (True, False, ["White club", "Black club"]),
        (False, True, ["White country", "Black country"]),
        (False, False, []),
    ],
)
def test_only_what_the_roster_has(clubs: bool, countries: bool, added: list[str]) -> None:
    t = Tournament(Settings(), players(clubs, countries))
    data = round_sheet(t, pair_next_round(t))
    assert data.headers[8:] == added
    assert all(len(row) == len(data.headers) for row in data.rows)


def test_in_the_workbooks_language() -> None:
    t = Tournament(Settings(language="fr"), players(True, True))
    data = round_sheet(t, pair_next_round(t))
    assert data.headers[8:] == ["Club Blanc", "Pays Blanc", "Club Noir", "Pays Noir"]
    t = Tournament(Settings(game="oware", system="swiss", rounds=3), players(True, False))
    data = round_sheet(t, pair_next_round(t))
    assert data.headers[-2:] == ["First player club", "Second player club"]
