"""The Oware organisers' book ("Llibre Auale Torneig", docs/systems.md §C, in Catalan) and
the common Swiss rules of ``docs/systems.md`` §3, continued from
``core/test_swiss_book_pairing`` (which says how these tests are written).

This part: what the workbook shows — the Oware sheets' words, the crosstable,
the tiebreaks typed in the Settings sheet (:mod:`gosheet.workbook`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import set_setting, setting, write_csv
from support.cli import cli_ok
from support.swiss import (
    ALL_TIEBREAKS,
    OWARE_PLAYERS,
    five_players,
    lettered,
    round_tables,
    standings_rows,
)

from gosheet.core.model import Game, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.settings import Settings
from gosheet.workbook.sheets import round_headers
from gosheet.workbook.sheets.standings import standings_sheet
from gosheet.workbook.sheets.writer import round_sheet
from gosheet.workbook.template import new_book

# ======================================================= Go's words stay for Go


def test_go_vocabulary_stays_for_go() -> None:
    """Control: a Swiss tournament of Go keeps White and Black, handicap and
    komi in its round sheets, and /w, /b in its crosstable."""
    headers = round_headers(Settings.preset("swiss", "go", rounds=3))
    assert "White" in headers and "Black" in headers and "Komi" in headers
    r1 = Round(1, (Game(1, 1, 2, 0, 6.5, Result.WHITE_WINS),))
    t = Tournament(Settings.preset("swiss", "go", rounds=3), lettered(2), (r1,))
    rows = standings_sheet(t).rows
    assert {row[7] for row in rows} == {"2+/w", "1-/b"}


# ============================================ Tiebreaks typed in the Settings sheet


@pytest.mark.parametrize(
    ("order", "top_three"),
    [
        ("Wins, Buchholz", [1, 2, 3]),  # wins 2, 2, 1; then Buchholz 5.5 > 3.5
        ("Buchholz, Wins", [1, 3, 2]),  # Buchholz 5.5, 5, 3.5
        ("Sonneborn-Berger, Cumulative, Wins", [1, 3, 2]),  # SB 3.5 3.5 1.5; cum 4 4; wins 2 1
        ("Median Buchholz, Wins", [1, 2, 3]),  # median 2, 1.5, 1.5; wins 2 > 1
        ("Buchholz cut 1, Cumulative", [1, 3, 2]),  # cut 4, 3.5, 3.5; cumulative 4 > 3
    ],
)
def test_tiebreak_order_chosen_in_the_settings_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, order: str, top_three: list[int]
) -> None:
    """Issue: «chosen and ordered in the Settings sheet». :func:`five_players`
    written as a workbook; the organiser types the tiebreaks in the Settings
    sheet; `gosheet standings` orders P1, P2, P3 (tied on 2 points) by them,
    and the Standings columns follow the order typed."""
    t = five_players()
    book = new_book(t.settings, t.players)
    for number in range(1, 4):
        upto = Tournament(t.settings, t.players, t.rounds[: number - 1])
        rnd = t.rounds[number - 1]
        book.render(round_sheet(upto, Pairing(number, rnd.games, rnd.byes)))
    book.render(standings_sheet(t))
    path = book.save(tmp_path / "cup.xlsx")
    set_setting(path, "Tiebreaks", order)
    cli_ok(capsys, "standings", path)
    header, rows = standings_rows(path)
    names = [n.strip() for n in order.split(",")]
    assert header[-len(names) :] == names
    assert header[header.index("Points") + 1 :] == names
    assert [r["Name"] for r in rows[:3]] == [f"P{i}" for i in top_three]


def test_every_tiebreak_name_is_accepted_in_the_settings_sheet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """All seven names, in any order, typed in the Settings sheet (case and
    hyphens as organisers type them) become the Standings columns in that
    order."""
    t = five_players()
    book = new_book(t.settings, t.players)
    path = book.save(tmp_path / "cup.xlsx")
    set_setting(
        path,
        "Tiebreaks",
        "wins, direct encounter, CUMULATIVE, Sonneborn Berger, median buchholz, "
        "Buchholz cut 1, buchholz",
    )
    cli_ok(capsys, "standings", path)
    header, _ = standings_rows(path)
    assert header[header.index("Points") + 1 :] == list(reversed(ALL_TIEBREAKS))


# ======================================================= The Oware workbook (issue)


@pytest.fixture
def oware_book(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """Seven Oware players without ranks or ratings, three rounds paired and
    simulated through the command line."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Club"),
        OWARE_PLAYERS[:7],
    )
    book = tmp_path / "oware.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "17")
    for _ in range(3):
        cli_ok(capsys, "pair", book)
        cli_ok(capsys, "simulate", book)
    return book


def test_oware_sheets_speak_of_first_and_second_player(oware_book: Path) -> None:
    """Issue: «writes a workbook whose sheets speak of the first and second
    player instead of Black and White, and hide handicap and komi». Every round
    sheet has Table, First player, Second player, Result; the Players and
    Standings sheets have no Rank column; the Settings sheet has no Komi; no
    column anywhere is about handicap, komi, rank, White or Black."""
    workbook = load_workbook(oware_book)
    assert workbook.sheetnames == [
        "Settings",
        "Players",
        "Round 1",
        "Round 2",
        "Round 3",
        "Standings",
    ]
    for number in (1, 2, 3):
        header = [c.value for c in workbook[f"Round {number}"][1]]
        assert header[:4] == ["Table", "First player", "Second player", "Result"]
        assert header[4:] == ["First player club", "Second player club"]  # the roster's clubs
    labels = [row[0] for row in workbook["Settings"].iter_rows(values_only=True)]
    assert "Komi" not in labels and "McMahon groups" not in labels
    assert setting(oware_book, "Game") == "oware"
    forbidden = re.compile(r"handicap|komi|rank|white|black|mms|group", re.IGNORECASE)
    for name in ("Players", "Standings", "Round 1"):
        header = [c.value for c in workbook[name][1] if c.value is not None]
        assert not [h for h in header if forbidden.search(str(h))], (name, header)


def test_oware_crosstable_uses_1_and_2(oware_book: Path) -> None:
    """The Standings crosstable writes /1 for the player who moved first and /2
    for the second (not /w, /b): in every round, the first player's cell ends
    in /1 and names the second player's line, and the other way round."""
    header, rows = standings_rows(oware_book)
    line = {f"{r['Name']} {r['First name']}": r["No."] for r in rows}
    cell = {f"{r['Name']} {r['First name']}": r for r in rows}
    pattern = re.compile(r"^(\d+)(\+|-|=|\+!|-!)/([12])$")
    for number in (1, 2, 3):
        lines = round_tables(oware_book, number)
        for table, first, second, _result in lines:
            if table == "Bye":
                assert cell[first][f"R{number}"] == "bye"
                continue
            a = pattern.match(cell[first][f"R{number}"])
            b = pattern.match(cell[second][f"R{number}"])
            assert a and b, (cell[first][f"R{number}"], cell[second][f"R{number}"])
            assert (int(a.group(1)), a.group(3)) == (line[second], "1")
            assert (int(b.group(1)), b.group(3)) == (line[first], "2")
    assert "Rank" not in header


def test_simulated_oware_results_are_oware_results(oware_book: Path) -> None:
    """Simulated Oware results are wins, losses and draws ("½-½", Oware can end
    24–24) — scores add up to one point per game, and a bye gives 1."""
    _, rows = standings_rows(oware_book)
    total = sum(r["Points"] for r in rows)
    # Seven players, three rounds: three games and one bye a round.
    assert total == 3 * (3 + 1)
    for number in (1, 2, 3):
        results = [r for t, _a, _b, r in round_tables(oware_book, number) if t != "Bye"]
        assert set(results) <= {"1-0", "0-1", "½-½"}
        assert len(results) == 3
