"""The Oware organisers' book ("Llibre Auale Torneig", docs/systems.md §C, in Catalan) and
the common Swiss rules of ``docs/systems.md`` §3, continued from
``core/test_swiss_book_pairing`` (which says how these tests are written).

This part: the commands — ``gosheet new``, ``import``, ``pair``, ``standings``
on roster files and workbooks (:mod:`gosheet.frontends.cli`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import set_setting, setting, sheet_table, write_csv
from support.cli import cli_ok
from support.swiss import LETTERS, round_tables, standings_rows

from gosheet.core.model import Tournament
from gosheet.core.systems import pair_next_round
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook


def test_import_without_rounds_proposes_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue: «With no --rounds, gosheet proposes round(1.3 · log2 N) rounds for N
    registered players and says so; the organiser can change it.» Importing 12
    players without --rounds says "5 rounds proposed for 12 players" and writes
    5 in the Settings sheet; with --rounds 3 it neither proposes nor overrides."""
    roster = write_csv(
        tmp_path / "r.csv", ("Name", "First name"), [(f"Player{i}", "x") for i in range(12)]
    )
    book = tmp_path / "cup.xlsx"
    out = cli_ok(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "1")
    assert "5 rounds proposed for 12 players" in out
    assert setting(book, "Rounds") == 5
    assert "12 players, 0 of 5 rounds paired" in cli_ok(capsys, "check", book)

    # The organiser changes it in the Settings sheet: gosheet follows.
    set_setting(book, "Rounds", 7)
    assert "0 of 7 rounds paired" in cli_ok(capsys, "check", book)

    other = tmp_path / "three.xlsx"
    out = cli_ok(capsys, "import", roster, "-o", other, "--game", "oware", "--rounds", "3")
    assert "proposed" not in out
    assert setting(other, "Rounds") == 3


@pytest.mark.parametrize("game", ["oware", "other"])
def test_new_leaves_rounds_empty_and_the_first_pairing_proposes_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    """Issue: «`gosheet new BOOK.xlsx --system swiss --game oware` (or
    --game other) …; with no --rounds, gosheet proposes round(1.3 · log2 N)
    rounds for N registered players». `new` cannot know N: Rounds stays empty.
    Twelve players are then typed in the Players sheet; the first `pair`
    proposes 5 (1.3 · log2 12 = 4.66), says so and writes 5 in the Settings
    sheet; the second `pair` proposes nothing again."""
    book = tmp_path / "cup.xlsx"
    out = cli_ok(capsys, "new", book, "--system", "swiss", "--game", game, "--seed", "3")
    assert "Rounds" in out and "left empty" in out
    assert setting(book, "Rounds") in (None, "")
    assert setting(book, "System") == "swiss" and setting(book, "Game") == game

    workbook = load_workbook(book)
    players = workbook["Players"]
    header = [c.value for c in players[1]]
    for r in range(12):
        players.cell(row=r + 2, column=header.index("Name") + 1, value=f"Player{r:02d}")
        players.cell(row=r + 2, column=header.index("Rating") + 1, value=1800 - 10 * r)
    workbook.save(book)

    out = cli_ok(capsys, "pair", book)
    assert "Rounds: 5 proposed" in out
    assert setting(book, "Rounds") == 5
    assert "1 of 5 rounds paired" in cli_ok(capsys, "check", book)

    cli_ok(capsys, "simulate", book)
    out = cli_ok(capsys, "pair", book)
    assert "proposed" not in out
    assert setting(book, "Rounds") == 5


def test_round_one_ten_players_through_the_workbook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The same ten players imported from a roster file and paired with
    `gosheet pair`: the Round 1 sheet lists A–F, B–G, C–H, D–I, E–J, each
    name once in the First player or Second player column."""
    order = "DHAJCFBIGE"
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Rating"),
        [(letter, "", 1900 - 30 * LETTERS.index(letter)) for letter in order],
    )
    book = tmp_path / "cup.xlsx"
    out = cli_ok(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "9")
    assert "4 rounds proposed for 10 players" in out
    cli_ok(capsys, "pair", book)
    lines = round_tables(book, 1)
    assert [t for t, *_ in lines] == [1, 2, 3, 4, 5]
    assert [{first, second} for _, first, second, _ in lines] == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]


def test_round_one_odd_count_through_the_workbook(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The bye is written as a line of its own in the Round 1 sheet: table
    "Bye", the worst player K in the first column, result "bye"; it is worth a
    win (1 point) in the Standings."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Rating"),
        [(LETTERS[i], "", 1900 - 30 * i) for i in reversed(range(11))],
    )
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "9")
    cli_ok(capsys, "pair", book)
    lines = round_tables(book, 1)
    assert lines[-1] == ("Bye", "K", None, "bye")
    assert [{a, b} for _, a, b, _ in lines[:-1]] == [
        {"A", "F"},
        {"B", "G"},
        {"C", "H"},
        {"D", "I"},
        {"E", "J"},
    ]
    _, rows = standings_rows(book)
    k = next(r for r in rows if r["Name"] == "K")
    assert k["Points"] == 1 and k["R1"] == "bye"


def test_round_one_by_lot_is_recorded_in_the_workbook_and_can_be_rechecked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue: «without any strength information, by lot with a seed recorded in
    the workbook so the draw can be re-checked». The seed given (4242) is in the
    Settings sheet; anyone can re-draw Round 1 from the workbook alone (its
    settings and roster) and finds the same tables. Without --seed a seed is
    still drawn and written. Another seed in the Settings sheet gives another
    draw."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Club"),
        [(f"Mensah{i}", "Kofi", "Accra") for i in range(10)],
    )

    def first_round(book: Path) -> list[tuple[str, str]]:
        return [(first, second) for _, first, second, _ in round_tables(book, 1)]

    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "4242")
    assert setting(book, "Random seed") == 4242
    cli_ok(capsys, "pair", book)
    drawn = first_round(book)

    state = read_book(XlsxBook.open(book).grids())
    t = state.tournament
    redrawn = pair_next_round(Tournament(t.settings, t.players))
    names = {p.number: p.name for p in t.players}
    assert [(names[g.white], names[g.black]) for g in redrawn.games] == drawn
    assert [(g.white, g.black) for g in redrawn.games] == [
        (g.white, g.black) for g in t.rounds[0].games
    ]

    same = tmp_path / "same.xlsx"
    cli_ok(capsys, "import", roster, "-o", same, "--game", "oware", "--seed", "4242")
    cli_ok(capsys, "pair", same)
    assert first_round(same) == drawn

    other = tmp_path / "other.xlsx"
    cli_ok(capsys, "import", roster, "-o", other, "--game", "oware", "--seed", "4242")
    set_setting(other, "Random seed", 777)
    cli_ok(capsys, "pair", other)
    assert {frozenset(p) for p in first_round(other)} != {frozenset(p) for p in drawn}

    unseeded = tmp_path / "unseeded.xlsx"
    cli_ok(capsys, "import", roster, "-o", unseeded, "--game", "oware")
    seed = setting(unseeded, "Random seed")
    assert isinstance(seed, int) and 0 <= seed < 2**31
    cli_ok(capsys, "pair", unseeded)
    t = read_book(XlsxBook.open(unseeded).grids()).tournament
    assert t.settings.random_seed == seed
    again = pair_next_round(Tournament(t.settings, t.players))
    assert [(g.white, g.black) for g in again.games] == [
        (g.white, g.black) for g in t.rounds[0].games
    ]


def test_round_one_tier_column_in_the_roster(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The Tier column of a roster file reaches the Players sheet and round 1:
    the three marked 1 never meet, nor the three marked 3."""
    tiers = [3, 1, 2, 2, 3, 1, 2, 1, 3, 2]
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Tier"),
        [(f"Boateng{i}", "Ama", tier) for i, tier in enumerate(tiers)],
    )
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "11")
    header, rows = sheet_table(book, "Players")
    assert "Tier" in header and [r["Tier"] for r in rows] == tiers
    cli_ok(capsys, "pair", book)
    tier = {f"Boateng{i} Ama": t for i, t in enumerate(tiers)}
    for _, first, second, _ in round_tables(book, 1):
        assert {tier[first], tier[second]} not in ({1}, {3})


def test_scoring_in_the_workbook_draw_typed_as_equals(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A draw can be typed "½-½" or "="; "=" is rewritten "½-½"; the Standings
    give ½ to each, 1 to the winner, 0 to the loser, and the bye's 1 point —
    then ½ and 0 once 'Points for a bye' is changed in the Settings sheet.
    Five players A … E: round 1 is A–C, B–D, E the bye."""
    roster = write_csv(
        tmp_path / "r.csv",
        ("Name", "First name", "Rating"),
        [(LETTERS[i], "", 1900 - 50 * i) for i in range(5)],
    )
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--game", "oware", "--seed", "2")
    cli_ok(capsys, "pair", book)
    workbook = load_workbook(book)
    ws = workbook["Round 1"]
    header = [c.value for c in ws[1]]
    result = header.index("Result") + 1
    for row in range(2, ws.max_row + 1):
        first = ws.cell(row=row, column=2).value
        second = ws.cell(row=row, column=3).value
        if {first, second} == {"A", "C"}:
            ws.cell(row=row, column=result, value="=")
        elif {first, second} == {"B", "D"}:
            ws.cell(row=row, column=result, value="1-0" if first == "B" else "0-1")
    workbook.save(book)
    out = cli_ok(capsys, "standings", book)
    assert "1 result rewritten" in out
    assert "½-½" in [r[3] for r in round_tables(book, 1)]

    def points() -> dict[str, Any]:
        return {r["Name"]: r["Points"] for r in standings_rows(book)[1]}

    assert points() == {"A": 0.5, "B": 1, "C": 0.5, "D": 0, "E": 1}
    for value, expected in (("½", 0.5), (0, 0), (1, 1)):
        set_setting(book, "Points for a bye", value)
        cli_ok(capsys, "standings", book)
        assert points()["E"] == expected
        wins = {r["Name"]: r["Wins"] for r in standings_rows(book)[1]}
        assert wins == {"A": 0, "B": 1, "C": 0, "D": 0, "E": 1}
