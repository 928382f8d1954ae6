"""A team tournament through the command line, for real: ``gosheet new --type teams``, the
Players and Teams sheets filled with openpyxl as an organiser types them, three rounds paired
with the results typed into each round sheet, the workbook read back; the matches as blocks,
the team standings as OpenGotha prints them, a fixed match honoured, boards ordered by
rating, and bad input refused by its cells with nothing changed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.cli import cli, cli_ok, problem_line, refused

from gosheet.app.actions import check
from gosheet.core.teams.matches import matches_in
from gosheet.core.teams.standings import team_standings
from gosheet.workbook.books import open_book
from gosheet.workbook.sheets.reader import read_book

PLAYERS = [
    ("Kim", "Min", "5d", "Seoul"),
    ("Kim", "Min", "4d", "Busan"),
    ("Lee", "Ha", "3d", None),
    ("Park", "Su", "2d", None),
    ("Choi", "Yu", "1d", None),
    ("Jung", "Ho", "1k", None),
    ("Kang", "Ri", "2k", None),
    ("Cho", "Hun", "3k", None),
    ("Yoon", "Ji", "4k", None),
    ("Jang", "Mi", "5k", None),
    ("Lim", "Bo", "6k", None),
    ("Han", "Se", "7k", None),
    ("Oh", "Da", "8k", None),
    ("Seo", "Na", "9k", None),
    ("Shin", "Ye", "10k", None),
    ("Baek", "On", "11k", None),
]
TEAMS = [
    ["Tengen", 1, None, "Kim Min (Seoul)", "Park Su", "Kang Ri", "Baek On"],
    ["Sakata", 2, None, "Kim Min (Busan)", "Choi Yu", "Cho Hun"],
    ["Atari", 3, None, "Lee Ha", "Jung Ho", "Yoon Ji"],
    ["Hane", 4, None, "Jang Mi", "Lim Bo", "Han Se"],
    ["Kosumi", 5, None, "Oh Da", "Seo Na", "Shin Ye"],
]


def rows(path: Path, sheet: str) -> list[tuple[Any, ...]]:
    return list(load_workbook(path)[sheet].iter_rows(values_only=True))


def fill(path: Path, teams: list[list[Any]], fixed: list[list[Any]] = ()) -> None:  # type: ignore[assignment]
    wb = load_workbook(path)
    for name, first, rank, club in PLAYERS:
        wb["Players"].append([name, first, rank, None, club])
    for sheet, lines in (("Teams", teams), ("Fixed matches", fixed)):
        ws = wb[sheet]
        for r, line in enumerate(lines, start=2):
            for c, value in enumerate(line, start=1):
                ws.cell(r, c, value)
    wb.save(path)


def type_results(path: Path, number: int) -> list[tuple[Any, ...]]:
    """Every board's result typed into ``Round N`` (White wins but on every third row)."""
    wb = load_workbook(path)
    ws = wb[f"Round {number}"]
    header = [c.value for c in ws[1]]
    at = header.index("Result")
    typed = []
    for i, row in enumerate(ws.iter_rows(min_row=2)):
        if row[0].value is not None:
            row[at].value = "0-1" if i % 3 == 0 else "1-0"
            typed.append((row[0].value, row[at].value))
    wb.save(path)
    return typed


@pytest.fixture
def cup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "cup.xlsx"
    cli_ok(
        capsys, "new", path, "--type", "teams", "--team-size", "3", "--name", "Cup", "--seed", "7"
    )
    assert load_workbook(path).sheetnames == ["Settings", "Players", "Teams", "Fixed matches"]
    assert rows(path, "Teams")[0] == (
        "Team",
        "Number",
        "Round",
        "Board 1",
        "Board 2",
        "Board 3",
        "Reserve 1",
    )
    return path


def test_three_rounds_paired_with_results_typed_and_read_back(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    fill(cup, TEAMS, [["Round", "Team", "Team"], [2, "Tengen", "Kosumi"]][1:])
    typed: dict[int, list[tuple[Any, ...]]] = {}
    for number in (1, 2, 3):
        out = cli_ok(capsys, "pair", cup)
        assert f"Round {number}: 6 games" in out
        assert "Without a match:" in out  # five teams: one sits out
        if number == 2:
            assert "Tengen – Kosumi" in out or "Kosumi – Tengen" in out
        typed[number] = type_results(cup, number)
    cli_ok(capsys, "standings", cup)
    state = read_book(open_book(cup).grids())
    t = state.tournament
    assert [len(r.games) for r in t.rounds] == [6, 6, 6]
    for number, lines in typed.items():  # every result typed is read back, by its table
        games = {g.table: g.result.value for g in t.rounds[number - 1].games if g.result}
        assert games == dict(lines)
    # each round sheet: the matches as blocks, board 1 … 3, an empty row between them
    sheet = rows(cup, "Round 2")
    assert sheet[0][:3] == ("Table", "Board", "White team")
    assert [r[1] for r in sheet[1:]] == [1, 2, 3, None, 1, 2, 3]
    for match in matches_in(t, 2):
        at = [r for r in sheet if r[0] in {b.game.table for b in match.boards}]
        assert {r[2] for r in at} | {r[5] for r in at} == {match.first.name, match.second.name}
    # the team standings as the core makes them, OpenGotha's criteria as columns
    standings = team_standings(t)
    table = rows(cup, "Team standings")
    assert table[0][:4] == ("Place", "No.", "Team", "Team points")
    assert table[0][-3:] == ("R1", "R2", "R3")
    assert [r[2] for r in table[1:]] == [row.team.name for row in standings.rows]
    assert [r[-3:] for r in table[1:]] == [row.rounds for row in standings.rows]
    assert "Standings" in load_workbook(cup).sheetnames  # the individual standings stay
    assert check(open_book(cup)).tournament.teams == t.teams


def test_a_team_that_cannot_sit_every_board_is_refused_naming_team_board_and_round(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    teams = [list(t) for t in TEAMS]
    teams[0][-1] = None  # Tengen without its reserve
    fill(cup, teams)
    wb = load_workbook(cup)
    ws = wb["Players"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == "Park":  # Tengen's board 2 does not play round 1
            row[7].value = "1"
    wb.save(cup)
    for command in ("check", "pair"):
        err = refused(capsys, cup.parent, 1, command, cup)
        line = problem_line(err, "Teams!E2")
        assert "'Tengen', board 2, round 1" in line and "does not play" in line


def test_a_reserve_steps_in(capsys: pytest.CaptureFixture[str], cup: Path) -> None:
    fill(cup, TEAMS)
    wb = load_workbook(cup)
    for row in wb["Players"].iter_rows(min_row=2):
        if row[0].value == "Park":
            row[7].value = "1"
    wb.save(cup)
    out = cli_ok(capsys, "pair", cup)
    assert "Baek On" in out and "Park Su" not in out


def test_bad_teams_every_problem_by_its_cell_nothing_written(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    teams = [list(t) for t in TEAMS]
    teams[1][4] = "Lee Ha"  # Sakata's board 2: Atari's board 1 too
    teams[2][5] = None  # Atari's board 3 left empty
    teams[3][3] = "Nobody"
    fill(cup, teams)
    for command in ("check", "pair", "standings"):
        err = refused(capsys, cup.parent, 1, command, cup)
        assert "in two teams in round 1" in problem_line(err, "Teams!D4")
        assert "board 3 left empty" in problem_line(err, "Teams!F4")
        assert "'Nobody'" in problem_line(err, "Teams!D5")


def test_a_team_size_that_does_not_match(capsys: pytest.CaptureFixture[str], cup: Path) -> None:
    fill(cup, TEAMS)
    wb = load_workbook(cup)
    for row in wb["Settings"].iter_rows(min_row=2):
        if row[0].value == "Team size":
            row[1].value = 4
    wb.save(cup)
    err = refused(capsys, cup.parent, 1, "pair", cup)
    assert "Team size of the Settings sheet (4)" in problem_line(err, "Teams!D1")


def test_order_boards_by_rating(capsys: pytest.CaptureFixture[str], cup: Path) -> None:
    teams = [list(t) for t in TEAMS]
    teams[0][3:6] = ["Kang Ri", "Kim Min (Seoul)", "Park Su"]  # 2k, 5d, 2d
    teams.append(["Tengen", None, 3, "Park Su", "Kang Ri", "Kim Min (Seoul)"])
    fill(cup, teams)
    out = cli_ok(capsys, "order-boards", cup)
    assert "2 line-ups of 6 changed" in out
    lines = [r for r in rows(cup, "Teams")[1:] if r[0] == "Tengen"]
    assert [r[2:6] for r in lines] == [
        (None, "Kim Min (Seoul)", "Park Su", "Kang Ri"),
        (3, "Kim Min (Seoul)", "Park Su", "Kang Ri"),
    ]
    assert lines[0][6] == "Baek On"  # the reserve as typed
    assert "in rating order already" in cli_ok(capsys, "order-boards", cup)


def test_order_boards_refuses_a_tournament_of_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "solo.xlsx"
    cli_ok(capsys, "new", path)
    err = refused(capsys, tmp_path, 3, "order-boards", path)
    assert "not a team tournament" in err
    code, _out, _err = cli(capsys, "order-boards", tmp_path / "none.xlsx")
    assert code == 5


def test_explain_and_standings_of_a_team_round(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    fill(cup, TEAMS)
    cli_ok(capsys, "pair", cup)
    type_results(cup, 1)
    out = cli_ok(capsys, "standings", cup)
    assert "Team standings after round 1 (5 teams):" in out
    assert "TP  BDW  B3U  B2U  B1U" in out
    out = cli_ok(capsys, "explain", cup)
    table = rows(cup, "Explain")
    assert table[0][:3] == ("Table", "White", "Black")
    names = {team[0] for team in TEAMS}
    matches = [r for r in table[1:] if isinstance(r[0], int)]
    assert len(matches) == 2 and all(r[1] in names and r[2] in names for r in matches)
    assert f"{matches[0][1]} – {matches[0][2]}" in out
    assert "gosheet pairs it the same way now." in out


def test_rename_renames_in_the_teams_sheet_too(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    fill(cup, TEAMS)
    cli_ok(capsys, "pair", cup)
    cli_ok(capsys, "rename", cup, "Lee Ha", "Lee Hana")
    assert rows(cup, "Teams")[3][3] == "Lee Hana"
    assert "Lee Hana" in {cell for row in rows(cup, "Round 1") for cell in row}
    cli_ok(capsys, "check", cup)


def test_a_team_tournament_in_french(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "coupe.xlsx"
    cli_ok(capsys, "new", path, "--type", "teams", "--team-size", "3", "--language", "fr")
    assert load_workbook(path).sheetnames == ["Paramètres", "Joueurs", "Équipes", "Matchs imposés"]
    wb = load_workbook(path)
    for name, first, rank, club in PLAYERS:
        wb["Joueurs"].append([name, first, rank, None, club])
    for r, line in enumerate(TEAMS, start=2):
        for c, value in enumerate(line, start=1):
            wb["Équipes"].cell(r, c, value)
    wb.save(path)
    assert rows(path, "Équipes")[0][:5] == ("Équipe", "Numéro", "Ronde", "Plateau 1", "Plateau 2")
    cli_ok(capsys, "pair", path)
    sheet = rows(path, "Ronde 1")
    assert sheet[0][:4] == ("Table", "Plateau", "Équipe Blanc", "Blanc")
    wb = load_workbook(path)
    ws = wb["Ronde 1"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value is not None:
            row[10].value = "B+"  # blanc, White, in a French workbook
    wb.save(path)
    cli_ok(capsys, "standings", path)
    table = rows(path, "Classement des équipes")
    assert table[0][:4] == ("Place", "N°", "Équipe", "Points d'équipe")
    assert sum(1 for row in table[1:] if row[-1] == "0+") == 1  # the team without a match


def test_a_player_not_confirmed_leaves_his_board_empty(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    fill(cup, TEAMS)
    wb = load_workbook(cup)
    ws = wb["Players"]
    ws.cell(1, 9, "Confirmed")
    for row in ws.iter_rows(min_row=2, max_row=1 + len(PLAYERS)):
        row[8].value = None if row[0].value == "Cho" else "yes"  # Sakata's board 3
    wb.save(cup)
    err = refused(capsys, cup.parent, 1, "pair", cup)
    line = problem_line(err, "Teams!F3")
    assert "'Sakata', board 3, round 1: its player is not confirmed" in line


def test_check_of_a_round_just_paired_asks_for_its_results(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    """The team without a match and the reserves are in no line: no organiser's lines."""
    fill(cup, TEAMS)
    cli_ok(capsys, "pair", cup)
    out = cli_ok(capsys, "check", cup)
    assert "1 of 5 rounds paired" in out and "results to enter in Round 1 (6 games)" in out
    assert "own lines" not in out and "none of this round's lines" not in out


def test_simulate_rewrites_the_team_standings(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    fill(cup, TEAMS)
    cli_ok(capsys, "pair", cup)
    cli_ok(capsys, "simulate", cup)
    table = rows(cup, "Team standings")
    assert sum(row[3] for row in table[1:]) == 2 * 2 * 1 + 2  # two matches and a bye


def test_pair_again_a_team_round_without_results(
    capsys: pytest.CaptureFixture[str], cup: Path
) -> None:
    fill(cup, TEAMS)
    first = cli_ok(capsys, "pair", cup)
    again = cli_ok(capsys, "pair", cup, "--again")
    assert [line for line in again.splitlines() if not line.startswith("Saved")] == [
        line for line in first.splitlines() if not line.startswith("Saved")
    ]
    assert load_workbook(cup).sheetnames.count("Round 1") == 1
    type_results(cup, 1)
    err = refused(capsys, cup.parent, 3, "pair", cup, "--again")
    assert "never paired again" in err
