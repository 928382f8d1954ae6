"""Pair go and rengo through the command line: a mixed pair go event of 16 pairs plays 4 rounds
(pair, results typed with openpyxl, standings), its pack and pages show the pairs with their
players, its results files leave the games out and say so, OpenGotha's export is refused; a
rengo event of 3-player teams plays too; bad units are refused, every problem at its cell,
nothing written."""

from __future__ import annotations

import html
import random
import re
from pathlib import Path

import openpyxl
import pytest
from support.cli import cli, cli_ok, problem_line, refused
from support.printing import pdftotext

from gosheet.formats.addresses import player_page

RANKS = ("5d", "3d", "1d", "1k", "2k", "4k", "6k", "9k", "12k", "15k")


def fill(book: Path, units: int, size: int, unit_word: str, **changed: object) -> None:
    """``units`` units of ``size`` players in the Players sheet (a woman first, then men);
    ``changed``: cells to change after, as ``"A5"`` → value."""
    wb = openpyxl.load_workbook(book)
    ws = wb.worksheets[1]
    head = [c.value for c in ws[1]]
    lot = random.Random(7)
    row = 2
    for u in range(1, units + 1):
        for m in range(size):
            values = {
                "Name": f"Sur{u:02d}{'abc'[m]}",
                "First name": ("Ann", "Bob", "Cid")[m],
                unit_word: f"{unit_word} {u}",
                "Sex": "f" if m == 0 else "m",
                "Rank": lot.choice(RANKS),
                "Club": lot.choice(("Paris", "Lyon", "Nice")),
            }
            for c, h in enumerate(head, 1):
                if h in values:
                    ws.cell(row, c, values[h])
            row += 1
    for cell, value in changed.items():
        ws[cell] = value
    wb.save(book)


def type_results(book: Path, round_number: int) -> int:
    """White or Black wins on every table of the round; the games typed."""
    wb = openpyxl.load_workbook(book)
    ws = wb[f"Round {round_number}"]
    result = [c.value for c in ws[1]].index("Result") + 1
    lot = random.Random(round_number)
    games = 0
    for r in range(2, ws.max_row + 1):
        if isinstance(ws.cell(r, 1).value, int):
            ws.cell(r, result, lot.choice(("1-0", "0-1")))
            games += 1
    wb.save(book)
    return games


def play(capsys: pytest.CaptureFixture[str], book: Path, rounds: int) -> int:
    games = 0
    for n in range(1, rounds + 1):
        cli_ok(capsys, "pair", book)
        games += type_results(book, n)
        cli_ok(capsys, "standings", book)
    return games


def test_a_pair_go_event_of_16_pairs_plays_4_rounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go", "--rounds", "4", "--name", "Pair go cup")
    head = [c.value for c in openpyxl.load_workbook(book).worksheets[1][1]]
    assert head[:4] == ["Name", "First name", "Pair", "Sex"]
    fill(book, 16, 2, "Pair")
    assert play(capsys, book, 4) == 32  # 8 games a round: each pair plays as one
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames[-1] == "Standings"
    names = {
        ws.cell(r, c).value
        for n in range(1, 5)
        for ws in (wb[f"Round {n}"],)
        for r in range(2, 10)
        for c in (2, 4)
    }
    assert len(names) == 16
    assert "Pair 1 (Sur01a Ann, Sur01b Bob)" in names
    standings = [row for row in wb["Standings"].iter_rows(values_only=True)]
    pairs = [row for row in standings if isinstance(row[0], int)]
    assert len(pairs) == 16
    heading = standings[0]  # the members stand where a first name does: under "Players"
    assert heading[heading.index("Name") + 1] == "Players" and "First name" not in heading
    assert pairs[0][heading.index("Players")].startswith("(Sur")

    pack = tmp_path / "pack.pdf"
    cli_ok(capsys, "print", book, "-o", pack)
    text = " ".join(pdftotext(pack).split())
    assert "Pair 1 (Sur01a Ann, Sur01b Bob)" in text
    site = tmp_path / "site"
    cli_ok(capsys, "publish", book, "-o", site)
    page = (site / "round-4.html").read_text(encoding="utf-8")
    assert "Sur01a Ann, Sur01b Bob" in page
    assert "Sur01a Ann, Sur01b Bob" in (site / "standings.html").read_text(encoding="utf-8")
    where_do_i_play(book, pack, site, capsys)

    for suffix in (".h9", ".tou"):
        out = cli_ok(capsys, "export", book, "-o", tmp_path / f"results{suffix}")
        assert "its 32 games are left out" in out
        written = (tmp_path / f"results{suffix}").read_text(encoding="iso-8859-15")
        assert "Sur01a" not in written and "Pair 1" not in written  # no game, nobody listed
    out = cli_ok(capsys, "export", book, "-o", tmp_path / "aga.txt", "--format", "aga")
    assert "its 32 games are left out" in out
    aga = (tmp_path / "aga.txt").read_text(encoding="iso-8859-15")
    assert "Sur01a, Ann" in aga and "Pair 1" not in aga  # the players, not the pairs
    err = refused(capsys, tmp_path, 3, "export", book, "-o", tmp_path / "og.xml")
    assert "OpenGotha has no pair go nor rengo" in err


def where_do_i_play(book: Path, pack: Path, site: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The lists by name of the last round, printed and published: each pair's players under
    their own names (in alphabetical order, each with his pair, his own club), the pair's
    table and colour, the opposing pair — as each player looks for himself; on the pages each
    name leads to his pair's page."""
    wb = openpyxl.load_workbook(book)
    players = wb.worksheets[1]
    head = [c.value for c in players[1]]
    members = {}  # "Sur01a Ann" -> (pair, club)
    for row in players.iter_rows(min_row=2, values_only=True):
        if row[0]:
            name = f"{row[head.index('Name')]} {row[head.index('First name')]}"
            members[name] = (row[head.index("Pair")], row[head.index("Club")])
    last = wb[wb.sheetnames[-2]]
    seat, label = {}, {}  # pair -> (table, colour, the other pair), pair -> as the sheet names it
    for row in last.iter_rows(min_row=2, values_only=True):
        if isinstance(row[0], int):
            for mine, theirs, colour in ((row[1], row[3], "White"), (row[3], row[1], "Black")):
                pair = mine.split(" (")[0]
                seat[pair], label[pair] = (str(row[0]), colour, theirs), mine
    ordered = sorted(members.items())
    expected = [[f"{name} ({pair})", club, *seat[pair]] for name, (pair, club) in ordered]
    cli_ok(capsys, "print", book, "-o", pack, "--what", "names")
    lines = [" ".join(line.split()) for line in pdftotext(pack, "-layout").splitlines()]
    assert [line for line in lines if line.startswith("Sur")] == [" ".join(r) for r in expected]
    page = (site / f"round-{last.title.split()[-1]}.html").read_text(encoding="utf-8")
    seats = page.split('<table class="seats">')[1].split("<tbody>")[1].split("</tbody>")[0]
    narrow = r'<span class="narrow[^"]*">[^<]*</span>'  # a phone's repeats of the columns
    rows = [
        [html.unescape(re.sub(r"<[^>]+>", "", re.sub(narrow, "", c))).strip() for c in cells]
        for r in seats.split("<tr>")[1:]
        if (cells := re.findall(r"<td[^>]*>(.*?)</td>", r))
    ]
    assert rows == expected
    links = re.findall(r'<tr>\s*<td class="player"><a href="([^"]*)"', seats)
    assert links == [player_page(label[pair]) for _name, (pair, _club) in ordered]


def test_a_rengo_event_of_three_player_teams(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "rengo.xlsx"
    cli_ok(capsys, "new", book, "--type", "rengo", "--rounds", "3", "--system", "swiss")
    head = [c.value for c in openpyxl.load_workbook(book).worksheets[1][1]]
    assert "Team" in head and "Sex" not in head and "Club" in head
    fill(book, 6, 3, "Team")
    assert play(capsys, book, 3) == 9
    out = cli_ok(capsys, "standings", book)
    assert "Team 1 (Sur01a Ann, Sur01b Bob, Sur01c Cid)" in out
    out = cli_ok(capsys, "export", book, "-o", tmp_path / "r.h9")
    assert "A rengo tournament: its 9 games are left out" in out


def test_a_member_not_playing_keeps_the_unit_out_and_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go", "--rounds", "3")
    head = [c.value for c in openpyxl.load_workbook(book).worksheets[1][1]]
    column = "ABCDEFGHIJ"[head.index("Not playing")]
    fill(book, 4, 2, "Pair", **{f"{column}3": "1"})  # Sur01b Bob, of Pair 1
    said = "'Pair 1' does not play round 1: not playing it: Sur01b Bob"
    assert said in cli_ok(capsys, "check", book)
    out = cli_ok(capsys, "pair", book)
    assert "'Pair 1' does not play round 1: not playing it: Sur01b Bob" in out
    assert "Pair 1 (" not in out.split("Round 1")[1].split("Saved")[0].replace("bye", "")


def test_bad_units_every_problem_at_its_cell_nothing_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go")
    # C: Pair, D: Sex. Row 2-3 Pair 1; 4-5 Pair 2; 6-7 Pair 3; 8-9 Pair 4
    fill(book, 4, 2, "Pair", C5=None, D7="f", C9="Pair 1")
    err = refused(capsys, tmp_path, 1, "pair", book)
    assert err.startswith("gosheet: 6 problems found")
    assert "'Pair 1': the pair 'Pair 1' has 3 players: a pair has 2" in problem_line(
        err, "Players!C9"
    )
    assert "in no pair" in problem_line(err, "Players!C5")
    assert "the pair 'Pair 2' has 1 player" in problem_line(err, "Players!C4")
    assert "not a man and a woman" in problem_line(err, "Players!D6")
    assert "not a man and a woman" in problem_line(err, "Players!D7")
    assert "the pair 'Pair 4' has 1 player" in problem_line(err, "Players!C8")


def test_a_bad_sex_and_a_missing_pair_column(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go")
    fill(book, 2, 2, "Pair", D2="x")
    err = refused(capsys, tmp_path, 1, "check", book)
    assert "expected m (a man) or f (a woman)" in problem_line(err, "Players!D2")
    fill(book, 2, 2, "Pair", C1="Shoe size", D2="f")
    err = refused(capsys, tmp_path, 1, "check", book)
    assert "no 'Pair' column in the header row" in err
    code, _out, err = cli(capsys, "new", tmp_path / "r.xlsx", "--type", "rengo", "--team-size", "4")
    assert code == 2 and "rengo" in err


def test_a_rosters_team_column_is_the_rengo_team_not_the_club(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(
        "Nom,Prénom,Équipe,Niveau,Club\nA,Ann,T1,1d,Paris\nB,Bob,T1,3k,Lyon\n"
        "C,Cid,T2,2k,Nice\nD,Dan,T2,5k,Nice\n",
        encoding="utf-8",
    )
    book = tmp_path / "rengo.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--type", "rengo", "--team-size", "2")
    rows = list(openpyxl.load_workbook(book).worksheets[1].iter_rows(values_only=True))
    assert rows[0][:3] == ("Nom", "Prénom", "Équipe") and "Club" in rows[0]
    assert rows[0].count("Club") == 1 and rows[1][rows[0].index("Club")] == "Paris"
    out = cli_ok(capsys, "pair", book)
    assert "T1 (A Ann, B Bob)" in out and "T2 (C Cid, D Dan)" in out


@pytest.mark.parametrize(
    ("language", "unit", "sex", "sexes"),
    [
        ("fr", "Paire", "Sexe", ("F", "h")),
        ("ca", "Parella", "Sexe", ("dona", "home")),
        ("ru", "Пара", "Пол", ("ж", "м")),
    ],
)
def test_a_pair_go_workbook_in_every_language(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    language: str,
    unit: str,
    sex: str,
    sexes: tuple[str, str],
) -> None:
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go", "--language", language)
    wb = openpyxl.load_workbook(book)
    ws = wb.worksheets[1]
    head = [c.value for c in ws[1]]
    assert head[2:4] == [unit, sex]
    for r, (name, pair, who) in enumerate(
        [("A", "P1", 0), ("B", "P1", 1), ("C", "P2", 0), ("D", "P2", 1)], start=2
    ):
        ws.cell(r, 1, name)
        ws.cell(r, 3, pair)
        ws.cell(r, 4, sexes[who])
        ws.cell(r, 5, "1k")
    wb.save(book)
    out = cli_ok(capsys, "pair", book)
    assert "P1 (A, B)" in out and "P2 (C, D)" in out
    ws = (wb := openpyxl.load_workbook(book)).worksheets[1]
    ws.cell(3, 4, sexes[0])  # two women
    wb.save(book)
    err = refused(capsys, tmp_path, 1, "check", book)
    players = ws.title
    assert len(err.splitlines()) == 3  # two problems (the round sheets not read then)
    for cell in ("D2", "D3"):  # both Sex cells of the pair
        assert "P1" in problem_line(err, f"{players}!{cell}")
        assert f"{players}!{cell}: '{sexes[0]}': " in err  # as typed


def test_a_member_renamed_renames_his_unit_in_the_round_sheets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go")
    fill(book, 4, 2, "Pair")
    cli_ok(capsys, "pair", book)
    out = cli_ok(capsys, "rename", book, "Sur01a Ann", "Smith Ann")
    assert "in 1 cell" in out
    ws = openpyxl.load_workbook(book)["Round 1"]
    names = [c.value for row in ws.iter_rows(min_col=2, max_col=4) for c in row]
    assert "Pair 1 (Smith Ann, Sur01b Bob)" in names
    assert not any("Sur01a" in str(n) for n in names)
    wb = openpyxl.load_workbook(book)  # a unit typed by its name alone, by hand
    ws = wb["Round 1"]
    for row in ws.iter_rows(min_col=2, max_col=4):
        for c in row:
            if c.value == "Pair 1 (Smith Ann, Sur01b Bob)":
                c.value = "pair 1"
    wb.save(book)
    assert "no problems" in cli_ok(capsys, "check", book)


def unit_cells(book: Path, unit_word: str = "Pair") -> tuple[list[str], list[str]]:
    """The Players sheet's unit cells, and every name in the round sheets."""
    wb = openpyxl.load_workbook(book)
    players = wb.worksheets[1]
    column = [c.value for c in players[1]].index(unit_word) + 1
    units = [players.cell(r, column).value for r in range(2, players.max_row + 1)]
    names = [
        str(ws.cell(r, c).value)
        for ws in wb.worksheets
        if ws.title.startswith("Round ")
        for r in range(2, ws.max_row + 1)
        for c in (2, 4)
        if ws.cell(r, c).value
    ]
    return [u for u in units if u], names


def rename_by_hand(book: Path, old: str, new: str) -> None:
    """The pair ``old`` renamed ``new`` in the Players sheet's Pair cells alone, as an
    organiser types it (the round sheets left as they are)."""
    wb = openpyxl.load_workbook(book)
    ws = wb.worksheets[1]
    column = [c.value for c in ws[1]].index("Pair") + 1
    for r in range(2, ws.max_row + 1):
        if ws.cell(r, column).value == old:
            ws.cell(r, column, new)
    wb.save(book)


def test_a_pair_renamed_by_hand_to_another_name_is_found_by_its_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A pair renamed by hand in Players to a name that spells like no other (``Pair 3`` →
    ``Tigers``): check advises the pair of the same players, not the pair whose name
    spells nearest (``Pair 8``: renaming to it would merge two pairs' games)."""
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go", "--rounds", "4")
    fill(book, 8, 2, "Pair")
    play(capsys, book, 2)
    rename_by_hand(book, "Pair 3", "Tigers")
    code, _out, err = cli(capsys, "check", book)
    assert code == 1
    commands = re.findall(r"`gosheet rename BOOK.xlsx (\"[^`]*\")`", err)
    assert len(commands) == 2  # the pair's game in each round
    for command in commands:
        old, new = (part.strip('"') for part in command.split('" "'))
        assert (old, new) == ("Pair 3 (Sur03a Ann, Sur03b Bob)", "Tigers (Sur03a Ann, Sur03b Bob)")
    cli_ok(capsys, "rename", book, old, new)
    cli_ok(capsys, "check", book)


def test_a_pair_renamed_everywhere_and_after_a_rename_by_hand(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "pairs.xlsx"
    cli_ok(capsys, "new", book, "--type", "pair go", "--rounds", "4")
    fill(book, 16, 2, "Pair")
    play(capsys, book, 2)
    # a whole pair renamed: both players' Pair cells, the pair in every round sheet
    out = cli_ok(capsys, "rename", book, "Pair 2", "Pair B")
    assert "Renamed 'Pair 2' to 'Pair B'" in out and "in 2 cells of the round sheets" in out
    units, names = unit_cells(book)
    assert units.count("Pair B") == 2 and "Pair 2" not in units
    assert names.count("Pair B (Sur02a Ann, Sur02b Bob)") == 2
    assert not any(n.startswith("Pair 2 ") for n in names)
    cli_ok(capsys, "check", book)
    # a pair renamed by hand in Players: check says which command brings the round sheets after
    rename_by_hand(book, "Pair 1", "Pair A")
    code, _out, err = cli(capsys, "check", book)
    assert code == 1
    advised = problem_line(err, "Round 1!" + err.split("Round 1!")[1].split(":")[0])
    command = advised.split("`gosheet rename BOOK.xlsx ")[1].split("`")[0]
    old, new = (part.strip('"') for part in command.split('" "'))
    assert (old, new) == ("Pair 1 (Sur01a Ann, Sur01b Bob)", "Pair A (Sur01a Ann, Sur01b Bob)")
    cli_ok(capsys, "rename", book, old, new)  # as check advised: it works
    cli_ok(capsys, "check", book)
    _units, names = unit_cells(book)
    assert names.count(new) == 2 and old not in names
    # a pair's player renamed: the pair's name in the round sheets follows
    cli_ok(capsys, "rename", book, "Sur05a Ann", "Sur05a Anna")
    _units, names = unit_cells(book)
    assert names.count("Pair 5 (Sur05a Anna, Sur05b Bob)") == 2
    cli_ok(capsys, "check", book)
    # another pair's name is refused, nothing changed
    err = refused(capsys, tmp_path, 3, "rename", book, "Pair 3", "Pair 4")
    assert "'Pair 4' is already a pair or team of the Players sheet" in err
