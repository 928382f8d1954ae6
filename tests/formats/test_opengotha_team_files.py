"""OpenGotha's team files in and out (issue 37): a file with ``<Teams>`` imports as a team
tournament — its teams, their line-ups per round, its team parameters as gosheet's own
settings, not as unknown XML — and the export writes ``<Teams>`` and
``<TeamTournamentParameterSet>`` back as OpenGotha wrote them (every ``Board`` of its 20
rounds, in its order).

The real files are ``ull`` (OpenGotha 3.49: 7 teams of 4, line-ups changing round by round)
and ``lgo2020`` (OpenGotha 3.51: 14 teams of 3); ``synth-mm8x4`` was saved by 3.51.02
(tests/fixtures/opengotha-teams/README.md)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from support.cli import cli
from support.og_teams_jar import FIXTURES, fixture_answer
from support.opengotha import export

from gosheet import records
from gosheet.app.exchange import export_opengotha
from gosheet.core.errors import ConsistencyError, InputError
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Game, Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.teams.boards import pair_match
from gosheet.core.teams.matches import matches_in
from gosheet.core.teams.model import Lineup, Team
from gosheet.core.teams.standings import criterion_text, team_standings
from gosheet.formats.opengotha.convert import Imported, from_opengotha, opengotha_book
from gosheet.formats.opengotha.elements import OGElement, OGTournament, player_key
from gosheet.formats.opengotha.layout import TEAM, TEAMS, XML
from gosheet.formats.opengotha.sheet import opengotha_sheet, read_kept
from gosheet.formats.opengotha.teams import (
    colour_rule,
    read_lineup_row,
    team_parameters_element,
    teams_element,
)
from gosheet.formats.opengotha.xml import read_opengotha
from gosheet.workbook.sheets import OPENGOTHA, OPENGOTHA_HEADERS
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import ProblemList
from gosheet.workbook.sheets.teams import teams_sheet
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook

NAMES = ("ull", "lgo2020", "synth-mm8x4")


def read(name: str) -> OGTournament:
    return read_opengotha(FIXTURES / f"{name}.xml")


def imported(name: str) -> tuple[OGTournament, Imported]:
    og = read(name)
    return og, from_opengotha(og)


def element(og: OGTournament, tag: str) -> OGElement:
    (found,) = [e for e in og.extra if e.tag == tag]
    return found


@pytest.mark.parametrize(
    ("attributes", "rule"),
    [
        ({"fullVersionNumber": "3.51"}, "OpenGotha 3.51"),
        ({"fullVersionNumber": "3.50.1"}, "OpenGotha 3.51"),
        ({"fullVersionNumber": "3.51.01"}, "OpenGotha 3.51.02"),
        ({"fullVersionNumber": "3.51.02"}, "OpenGotha 3.51.02"),
        ({"fullVersionNumber": "4.0"}, "OpenGotha 3.51.02"),
        ({"gothaVersion": "349", "gothaMinorVersion": "0"}, "OpenGotha 3.51"),
        ({"gothaVersion": "351"}, "OpenGotha 3.51"),
        ({"gothaVersion": "351", "gothaMinorVersion": "1"}, "OpenGotha 3.51.02"),
        ({}, "OpenGotha 3.51.02"),
    ],
)
def test_the_colour_rule_is_that_of_the_version_that_saved_the_file(
    attributes: dict[str, str], rule: str
) -> None:
    assert colour_rule(attributes) == rule


@pytest.mark.parametrize(
    ("name", "size", "placement", "rule", "teams"),
    [
        ("ull", 4, ("TEAMP", "BDW", "BDW1U", "BDW2U", "BDW3U"), "OpenGotha 3.51", 7),
        (
            "lgo2020",
            3,
            ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"),
            "OpenGotha 3.51",
            14,
        ),
        (
            "synth-mm8x4",
            4,
            ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"),
            "OpenGotha 3.51.02",
            8,
        ),
    ],
)
def test_a_team_file_imports_as_a_team_tournament(
    name: str, size: int, placement: tuple[str, ...], rule: str, teams: int
) -> None:
    og, done = imported(name)
    s = done.tournament.settings
    assert s.tournament_type is TournamentType.TEAMS
    assert (s.team_size, s.team_placement, s.team_colour_rule) == (size, placement, rule)
    assert s.team_bye_points == 0  # OpenGotha leaves the odd team out
    assert len(done.tournament.teams) == teams
    numbers = {
        dict(t.attributes)["teamName"]: int(dict(t.attributes)["teamNumber"])
        for t in element(og, "Teams").children
    }
    assert {t.name: t.number for t in done.tournament.teams} == numbers
    # nothing of the teams is kept as unknown XML
    assert not [r for r in done.rows if r[0] == XML and r[2].startswith("Team")]


def test_line_ups_change_where_the_file_changes_them() -> None:
    _, done = imported("ull")
    t = done.tournament
    name_of = {p.number: p.name for p in t.players}
    atari = next(team for team in t.teams if team.name == "ATARI 1")
    assert [lineup.from_round for lineup in atari.lineups] == [1, 2, 3, 5, 6]
    assert [name_of[p] for p in atari.lineup_in(4).boards] == [
        "Grigoriu Elian_Ioan",
        "Toma Iulian",
        "Boldeanu Dragos",
        "Radu Stefan",
    ]
    atsumi = next(team for team in t.teams if team.name == "ATSUMI")
    assert len(atsumi.lineups) == 1 and not atsumi.lineups[0].reserves
    # each round's line-up is who played it: the board-1 players of every game are there
    for played in t.rounds:
        seated = {p for team in t.teams for p in team.lineup_in(played.number).boards}
        assert {g.white for g in played.games} | {g.black for g in played.games} <= seated


def test_line_ups_after_the_last_round_are_kept_in_the_opengotha_sheet() -> None:
    _, done = imported("ull")
    rows = [r for r in done.rows if r[0] in (TEAM, TEAMS)]
    assert (
        TEAM,
        "ATARI 1",
        "round7",
        "GRIGORIUELIAN_IOAN TOMAIULIAN BOLDEANUDRAGOS RADUSTEFAN",
    ) in rows
    assert {r[1] for r in rows if r[0] == TEAM} == {"ATARI 1", "ATARI 2", "TIMI"}
    assert (TEAMS, "", "order", "1 5 3 7 4 6 2") in rows
    # the sheet reads them back
    grid = [list(OPENGOTHA_HEADERS), *opengotha_sheet(done.rows).rows]
    problems = ProblemList({})
    kept = read_kept(grid, problems)
    assert not problems.problems
    assert kept.lineups_after["ATARI 1"][7] == tuple(rows[0][3].split())
    assert kept.team_order == [1, 5, 3, 7, 4, 6, 2]


def test_a_team_row_of_another_round_is_told_by_its_cell() -> None:
    problems = ProblemList({})
    grid = [list(OPENGOTHA_HEADERS), [TEAM, "TIMI", "board3", "X Y"]]
    read_kept(grid, problems)
    (problem,) = problems.problems
    assert problem.sheet == OPENGOTHA and "round7" in problem.message


@pytest.mark.parametrize("name", NAMES)
def test_teams_are_written_back_as_opengotha_wrote_them(name: str) -> None:
    og, done = imported(name)
    keys = {n: player_key(p) for n, p in enumerate(og.players, 1)}
    after: dict[str, dict[int, tuple[str, ...]]] = {}
    order: list[int] = []
    for section, key, attribute, value in done.rows:
        if section == TEAM:
            lineup = read_lineup_row(attribute, value)
            assert lineup is not None
            after.setdefault(key, {})[lineup[0]] = lineup[1]
        elif section == TEAMS:
            order = [int(n) for n in value.split()]
    t = done.tournament
    written = teams_element(t, keys, lambda team, r: team.lineup_in(r).boards, after, order)
    original = element(og, "Teams")
    # same teams in the same order, each Board of the 20 rounds in OpenGotha's order
    assert [c.attributes for c in written.children] == [c.attributes for c in original.children]
    for ours, theirs in zip(written.children, original.children, strict=True):
        assert [b.attributes for b in ours.children] == [b.attributes for b in theirs.children]
    assert team_parameters_element(t.settings) == element(og, "TeamTournamentParameterSet")


def test_an_individual_file_keeps_its_team_parameters_as_they_are() -> None:
    og = read("ull")
    individual = records.replace(og, extra=tuple(e for e in og.extra if e.tag != "Teams"))
    done = from_opengotha(individual)
    assert done.tournament.settings.tournament_type is TournamentType.INDIVIDUAL
    assert [r[2] for r in done.rows if r[0] == XML] == ["TeamTournamentParameterSet"]


def test_a_team_size_opengotha_does_not_have_is_told() -> None:
    og = read("ull")
    bad = OGElement(
        "TeamTournamentParameterSet",
        children=(OGElement("TeamGeneralParameterSet", (("teamSize", "12"),)),),
    )
    extra = tuple(bad if e.tag == bad.tag else e for e in og.extra)
    with pytest.raises(InputError) as caught:
        from_opengotha(records.replace(og, extra=extra))
    assert "teamSize from 2 to 10" in str(caught.value)


ULL_HAND_EDITS = frozenset(
    {(4, t) for t in (1, 2, 3, 4, 9, 10, 11, 12)} | {(6, t) for t in range(1, 9)}
)
"""The 16 boards of ``ull`` whose colours were swapped by hand (the fixtures' README)."""


@pytest.fixture(scope="module")
def workbooks(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Tournament]:
    """The two public files imported into saved workbooks, read back from them."""
    folder = tmp_path_factory.mktemp("books")
    read_back = {}
    for name in ("lgo2020", "ull"):
        book = folder / f"{name}.xlsx"
        opengotha_book(from_opengotha(read(name))).save(book)
        read_back[name] = read_book(XlsxBook.open(book).grids()).tournament
    return read_back


def key(t: Tournament, number: int) -> str:
    p = t.player(number)
    return (p.surname + p.first_name).replace(" ", "").upper()


@pytest.mark.parametrize(("name", "rounds", "boards"), [("lgo2020", 5, 105), ("ull", 6, 72)])
def test_the_imported_workbook_pairs_every_board_as_opengotha(
    workbooks: dict[str, Tournament], name: str, rounds: int, boards: int
) -> None:
    """Each round of the workbook made again from the rounds before it — the file's matches,
    in board-1 table order, each by OpenGotha's Pair (:func:`pair_match`) — is OpenGotha's own
    pairing of them (``NAME.pair.R<r>.txt``: pair, colour, handicap, table), and the file's
    games but for ``ull``'s 16 boards edited by hand."""
    t = workbooks[name]
    made = swapped = 0
    for r in range(1, rounds + 1):
        before = records.replace(t, rounds=t.rounds[: r - 1])
        games: list[Game] = []
        for match in matches_in(t, r):
            taken = frozenset(g.table for g in games)
            games += pair_match(before, r, match.first, match.second, taken)
        ours = {(key(t, g.white), key(t, g.black), g.handicap, g.table) for g in games}
        theirs = {
            (b.white, b.black, b.handicap, b.table)
            for b in fixture_answer(f"{name}.pair.R{r}").games[r]
        }
        assert ours == theirs, (name, r)
        recorded = {(g.table, g.white, g.black, g.handicap) for g in t.rounds[r - 1].games}
        for g in games:
            if (g.table, g.white, g.black, g.handicap) not in recorded:
                assert (g.table, g.black, g.white, g.handicap) in recorded
                assert (r, g.table) in ULL_HAND_EDITS
                swapped += 1
        made += len(games)
    assert made == boards and swapped == (16 if name == "ull" else 0)


@pytest.mark.parametrize(
    ("name", "r"), [("lgo2020", r) for r in range(1, 6)] + [("ull", r) for r in range(1, 7)]
)
def test_the_imported_workbook_ranks_the_teams_as_opengotha(
    workbooks: dict[str, Tournament], name: str, r: int
) -> None:
    standings = team_standings(workbooks[name], r)
    ours = [
        (
            "" if row.place is None else str(row.place),
            str(row.team.number),
            row.team.name,
            *(criterion_text(c, v) for c, v in zip(standings.criteria, row.values, strict=True)),
            *row.rounds,
        )
        for row in standings.rows
    ]
    assert ours == fixture_answer(f"{name}.standings.R{r}").standings


@pytest.mark.parametrize("kind", ["pair go", "rengo"])
def test_a_pair_go_or_rengo_workbook_is_no_opengotha_file(kind: str, tmp_path: Path) -> None:
    settings = Settings.preset("mcmahon", "go", rules="opengotha", rounds=3).replace(
        tournament_type=kind, team_size=2
    )
    players = tuple(Player(n, f"Player{n}", "A", -n, 2000 - 10 * n) for n in range(1, 5))
    book = tmp_path / "units.xlsx"
    new_book(settings, players).save(book)
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Players"]
    header = [cell.value for cell in sheet[1]]
    column = header.index("Pair" if kind == "pair go" else "Team") + 1
    for row, unit in zip(range(2, 6), ("One", "One", "Two", "Two"), strict=True):
        sheet.cell(row, column, unit)  # the units, so that the workbook reads
    workbook.save(book)
    with pytest.raises(ConsistencyError) as refused:
        export(book)
    assert f"a {kind} tournament; OpenGotha has no pair go nor rengo" in str(refused.value)


@pytest.mark.parametrize("option", [["--type", "teams"], ["--team-size", "3"]])
def test_a_team_file_brings_its_own_type_and_size(
    option: list[str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = cli(capsys, "import", FIXTURES / "ull.xml", "-o", tmp_path / "u.xlsx", *option)
    assert code == 2 and f"'{option[0]}' does not apply to an OpenGotha file" in err
    assert not (tmp_path / "u.xlsx").exists()


def test_teams_with_an_empty_board_are_kept_as_they_are(tmp_path: Path) -> None:
    """A team without a player at a board in a round (OpenGotha holds such a team, and
    refuses to pair it) cannot be a Teams sheet: the individual tournament is imported, the
    teams kept in the OpenGotha sheet and written back, and the import says why."""
    og = read("ull")
    teams = element(og, "Teams")
    first = teams.children[0]
    emptied = records.replace(
        first,
        children=tuple(
            b for b in first.children if dict(b.attributes) != dict(first.children[1].attributes)
        ),
    )
    changed = records.replace(teams, children=(emptied, *teams.children[1:]))
    og = records.replace(og, extra=tuple(changed if e is teams else e for e in og.extra))
    done = from_opengotha(og)
    assert done.tournament.settings.tournament_type is TournamentType.INDIVIDUAL
    assert "ATARI 1, round 1: board 2 empty" in " ".join(done.notes)
    kept = [r[2] for r in done.rows if r[0] == XML]
    assert kept == ["Teams", "Teams (continued)", "TeamTournamentParameterSet"]
    book = tmp_path / "ull.xlsx"
    opengotha_book(done).save(book)
    assert element(export(book), "Teams") == changed


def test_a_new_team_workbook_exports_as_opengotha_writes_teams(tmp_path: Path) -> None:
    """A team tournament made in gosheet: each team's line-up on its boards for OpenGotha's
    20 rounds, the team parameters from Settings, and the team settings OpenGotha has no
    place for named (a bye team's points, the older colour rule)."""
    settings = Settings.preset("swiss", "go", rules="opengotha", rounds=3).replace(
        tournament_type="teams", team_size=2, team_colour_rule="OpenGotha 3.51"
    )
    players = tuple(Player(n, f"Player{n}", "A", -n, 2000 - 10 * n) for n in range(1, 5))
    teams = (Team(1, "North", (Lineup(1, (1, 3)),)), Team(2, "South", (Lineup(1, (2, 4)),)))
    book = new_book(settings, players)
    book.render(teams_sheet(Tournament(settings, players, teams=teams)))
    path = tmp_path / "new.xlsx"
    book.save(path)
    done = export_opengotha(path, tmp_path / "new.xml")
    og = read_opengotha(tmp_path / "new.xml")
    north = element(og, "Teams").children[0]
    assert dict(north.attributes) == {"teamName": "North", "teamNumber": "1"}
    assert len(north.children) == 2 * 20
    assert [dict(b.attributes)["player"] for b in north.children[:2]] == ["PLAYER1A", "PLAYER3A"]
    assert element(og, "TeamTournamentParameterSet") == team_parameters_element(settings)
    said = done.message()
    assert "Team points for a bye 2" in said and "Team colours OpenGotha 3.51" in said
