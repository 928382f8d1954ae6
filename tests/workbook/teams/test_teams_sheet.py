"""The Teams and Fixed matches sheets read from cell values and written back: line-ups by
round, reserves, players of one name, and every bad input told by its cell at once."""

from __future__ import annotations

from typing import Any

import pytest

from gosheet.core.errors import InputError
from gosheet.core.model import Tournament
from gosheet.core.teams.model import FixedMatch, Lineup, Team
from gosheet.workbook.sheets.fixed_matches import fixed_matches_sheet
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.teams import teams_sheet

PLAYERS = [
    ["Name", "First name", "Rank", "Rating", "Club"],
    ["Kim", "Min", "3d", 2300, "Seoul"],
    ["Kim", "Min", "1d", 2100, "Busan"],
    ["Lee", "Ha", "2k", 1800, ""],
    ["Park", "Su", "1k", 1900, ""],
    ["Choi", "Yu", "5k", 1500, ""],
    ["Jung", "Ho", "4k", 1600, ""],
    ["Kang", "Ri", "3k", 1700, ""],
]


def book(teams: list[list[Any]], size: int = 2, **extra: list[list[Any]]) -> dict[str, Any]:
    settings = [
        ["Setting", "Value"],
        ["Tournament", "Cup"],
        ["System", "mcmahon"],
        ["Tournament type", "teams"],
        ["Team size", size],
    ]
    return {"Settings": settings, "Players": PLAYERS, "Teams": teams, **extra}


HEAD = ["Team", "Number", "Round", "Board 1", "Board 2", "Reserve 1"]


def test_line_ups_by_round_with_reserves_and_players_of_one_name() -> None:
    state = read_book(
        book(
            [
                HEAD,
                ["Tengen", 2, None, "Kim Min (Seoul)", "Lee Ha", "Choi Yu"],
                ["Sakata", 1, None, "Kim Min (Busan)", "Park Su", None],
                ["Tengen", None, 3, "Lee Ha", "Kim Min (Seoul)", None],
                [],
                ["Atari", None, None, "Jung Ho", "Kang Ri"],
            ]
        )
    )
    teams = state.tournament.teams
    assert [(t.number, t.name) for t in teams] == [(1, "Sakata"), (2, "Tengen"), (3, "Atari")]
    tengen = teams[1]
    assert tengen.lineups == (Lineup(1, (1, 3), (5,)), Lineup(3, (3, 1), ()))
    assert teams[0].lineups == (Lineup(1, (2, 4), ()),)


def test_written_and_read_back_the_same() -> None:
    state = read_book(book([HEAD, ["Tengen", 1, None, "Kim Min (Seoul)", "Lee Ha", "Choi Yu"]]))
    teams = (
        Team(1, "Tengen", (Lineup(1, (1, 3), (5,)), Lineup(4, (3, 1)))),
        Team(2, "Sakata", (Lineup(1, (2, 4)),)),
    )
    tournament = Tournament(state.tournament.settings, state.tournament.players, teams=teams)
    sheet = teams_sheet(tournament)
    assert sheet.name == "Teams" and sheet.headers == HEAD
    fixed = fixed_matches_sheet((FixedMatch(2, "Sakata", "Tengen"),))
    again = read_book(
        book(
            [sheet.headers, *sheet.rows],
            **{"Fixed matches": [fixed.headers, *fixed.rows]},
        )
    )
    assert again.tournament.teams == teams
    assert again.tournament.fixed_matches == (FixedMatch(2, "Sakata", "Tengen"),)


def test_the_sheet_in_french_is_read() -> None:
    state = read_book(
        {
            "Paramètres": [
                ["Paramètre", "Valeur"],
                ["Langue", "Français"],
                ["Type de tournoi", "teams"],
                ["Taille des équipes", 2],
            ],
            "Joueurs": [["Nom", "Prénom", "Niveau"], ["Lee", "Ha", "2k"], ["Park", "Su", "1k"]],
            "Équipes": [
                ["Équipe", "Numéro", "Ronde", "Plateau 1", "Plateau 2"],
                ["Tengen", 1, None, "Lee Ha", "Park Su"],
            ],
        }
    )
    assert state.tournament.teams == (Team(1, "Tengen", (Lineup(1, (1, 2)),)),)


def test_every_bad_input_told_by_its_cell_at_once() -> None:
    with pytest.raises(InputError) as raised:
        read_book(
            book(
                [
                    HEAD,
                    ["Tengen", 1, None, "Kim Min", None, "Nobody"],  # B2: two Kims; E2 empty
                    ["Sakata", 1, "x", "Lee Ha", "Lee Ha"],  # number twice; round; twice
                    ["Atari", 3, None, "Park Su", "Choi Yu"],
                    ["Go", 4, None, "Park Su", "Jung Ho"],  # Park Su in two teams
                    ["Atari", None, None, "Kang Ri", "Choi Yu"],  # second line-up, round 1
                ],
                **{
                    "Fixed matches": [
                        ["Round", "Team", "Team"],
                        [2, "Tengen", "Nowhere"],
                        ["two", "Atari", "Go"],
                        [3, "Atari", "atari"],
                    ]
                },
            )
        )
    told = {(p.sheet, p.cell): p.message for p in raised.value.problems}
    assert "2 players" in told[("Teams", "D2")] and "Kim Min (Seoul)" in told[("Teams", "D2")]
    assert "board 2 left empty" in told[("Teams", "E2")]
    assert "not a player" in told[("Teams", "F2")]
    assert "Tengen" in told[("Teams", "B3")]
    assert "not a round number" in told[("Teams", "C3")]
    assert "twice in this line-up" in told[("Teams", "E3")]
    assert "in two teams in round 1" in told[("Teams", "D5")] and "Atari" in told[("Teams", "D5")]
    assert "second line-up" in told[("Teams", "C6")]
    assert "no team of the Teams sheet" in told[("Fixed matches", "C2")]
    assert "not a round number" in told[("Fixed matches", "A3")]
    assert "the same team twice" in told[("Fixed matches", "C4")]


def test_a_team_size_that_does_not_match() -> None:
    with pytest.raises(InputError) as raised:
        read_book(book([HEAD, ["Tengen", 1, None, "Lee Ha", "Park Su"]], size=3))
    (problem,) = raised.value.problems
    assert (problem.sheet, problem.cell) == ("Teams", "D1")
    assert "Team size of the Settings sheet (3)" in problem.message
