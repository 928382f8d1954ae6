"""Team tournaments played in gosheet, judged by OpenGotha 3.51.02 (issue 37's "done when"):
8 teams of 4 boards, McMahon (OpenGotha's defaults: handicap boards) and Swiss (even games),
play 5 rounds in a workbook — ``pair`` makes each round's matches (gosheet's own pairing of
the teams, each match's boards as OpenGotha's Pair button makes them), ``simulate`` its
results from the tournament's seed — and the workbook is exported to OpenGotha after each
round. Then OpenGotha itself (``og-teams``):

- ranks the teams of each round's export as gosheet ranks them (``Team standings``): every
  place, criterion and half-match string after every round;
- re-pairs every round of the last export for the matches gosheet made, Pair pressed in
  board-1 table order (``og-teams check``): every board the same pair, colour, handicap and
  table.

Needs OpenGotha (``GOSHEET_OPENGOTHA_JAR``, ``GOSHEET_OPENGOTHA_DRIVERS``), else skipped: 12
JVM starts, about 25 s.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from support.og_teams_jar import check_rows, og_standings, og_teams
from support.opengotha_jar import OpenGotha, drivers

from gosheet.app import actions
from gosheet.app.exchange import export_opengotha
from gosheet.core.model import Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.teams.model import Lineup, Team
from gosheet.core.teams.standings import TeamStandings, criterion_text, team_standings
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.teams import teams_sheet
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook

ROUNDS, TEAMS, SIZE = 5, 8, 4
SYLLABLES = ("ka", "to", "mi", "ru", "se", "no", "ha", "ji", "bo", "le", "pa", "zu")


def roster(seed: int) -> tuple[tuple[Player, ...], tuple[Team, ...]]:
    """32 players from 20k to 6d (ratings around 2100 + 100 · rank), and 8 teams of 4, each
    a mix of strengths, its boards by rating (board 1 the strongest)."""
    lot = random.Random(seed)
    players = []
    names: set[str] = set()
    for number in range(1, TEAMS * SIZE + 1):
        while True:
            surname = "".join(lot.choice(SYLLABLES) for _ in range(3)).capitalize()
            first = "".join(lot.choice(SYLLABLES) for _ in range(2)).capitalize()
            if surname + first not in names:
                names.add(surname + first)
                break
        rank = lot.randint(-20, 5)
        rating = 2100 + 100 * rank + lot.randint(-50, 50)
        players.append(Player(number, surname, first, rank, rating, club=f"C{number % 7}"))
    order = list(players)
    lot.shuffle(order)
    teams = []
    for t in range(TEAMS):
        members = sorted(order[t * SIZE : (t + 1) * SIZE], key=lambda p: -(p.rating or 0))
        boards = tuple(p.number for p in members)
        teams.append(Team(t + 1, f"T{t + 1:02d}", (Lineup(1, boards),)))
    return tuple(players), tuple(teams)


def new_team_book(system: str, seed: int, path: Path) -> Path:
    settings = Settings.preset(
        system, "go", rules="opengotha", rounds=ROUNDS, name=f"Teams {system}", random_seed=seed
    ).replace(tournament_type="teams", team_size=SIZE)
    players, teams = roster(seed)
    book = new_book(settings, players)
    book.render(teams_sheet(Tournament(settings, players, teams=teams)))
    book.save(path)
    return path


def opengotha_lines(standings: TeamStandings) -> list[tuple[str, ...]]:
    """gosheet's team standings as ``og-teams`` prints them: place (empty when tied with the
    row above), team number, name, each criterion, each round's half-match string."""
    return [
        (
            "" if row.place is None else str(row.place),
            str(row.team.number),
            row.team.name,
            *(criterion_text(c, v) for c, v in zip(standings.criteria, row.values, strict=True)),
            *row.rounds,
        )
        for row in standings.rows
    ]


@pytest.fixture(scope="module")
def og() -> OpenGotha:
    return drivers()


@pytest.mark.parametrize(("system", "seed"), [("mcmahon", 3701), ("swiss", 3702)])
def test_opengotha_agrees_on_every_board_and_standing(
    og: OpenGotha, tmp_path: Path, system: str, seed: int
) -> None:
    path = new_team_book(system, seed, tmp_path / f"{system}.xlsx")
    handicap_boards = 0
    for r in range(1, ROUNDS + 1):
        book = XlsxBook.open(path)
        actions.pair(book)
        actions.simulate(book)
        book.save(path)
        t = read_book(XlsxBook.open(path).grids()).tournament
        assert len(t.rounds) == r and len(t.rounds[-1].games) == TEAMS // 2 * SIZE
        assert all(g.result is not None for g in t.rounds[-1].games)
        handicap_boards += sum(g.handicap > 0 for g in t.rounds[-1].games)
        xml = tmp_path / f"{system}-R{r}.xml"
        export_opengotha(path, xml)
        theirs = og_standings(og, xml, r)
        assert opengotha_lines(team_standings(t, r)) == theirs.standings, f"round {r}"
        assert len(theirs.standings) == TEAMS
    if system == "mcmahon":
        assert handicap_boards > 20  # OpenGotha's McMahon: handicap boards to judge
    else:
        assert handicap_boards == 0
    rows, differ = check_rows(og_teams(og, "check", tmp_path / f"{system}-R{ROUNDS}.xml"))
    assert not differ
    boards = str(ROUNDS * TEAMS // 2 * SIZE)
    total = rows[-1]
    # matches, refused, board games, same pair, colour, handicap, table, other games
    assert total == ["total", str(ROUNDS * TEAMS // 2), "0", *[boards] * 5, "0"]
