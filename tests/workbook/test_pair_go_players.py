"""The Players sheet of pair go and rengo, read from cell values: the unit column under either
header, a Team column that stays a club elsewhere, the members kept with their rows."""

from __future__ import annotations

from typing import Any

import pytest

from gosheet.core.errors import InputError
from gosheet.workbook.sheets.reader import read_book

PLAYERS = ["Name", "First name", "Rank", "Team", "Club"]
ROWS = [
    ["Sato", "Aki", "3k", "Wind", "Lyon"],
    ["Kim", "Min", "1d", "Wind", "Nice"],
    ["Roe", "Max", "5k", "Fire", "Lyon"],
    ["Doe", "Eve", "2k", "fire", "Lyon"],
]


def book(kind: str, header: list[Any] = PLAYERS, rows: list[list[Any]] = ROWS) -> dict[str, Any]:
    settings = [["Setting", "Value"], ["Tournament type", kind], ["Mixed pairs", "no"]]
    if kind == "rengo":
        settings.append(["Team size", 2])
    return {"Settings": settings, "Players": [header, *rows]}


def test_elsewhere_a_team_column_is_the_club() -> None:
    players = read_book(book("individual")).tournament.players
    assert [p.club for p in players] == ["Wind", "Wind", "Fire", "fire"]


@pytest.mark.parametrize("kind", ["pair go", "rengo"])
@pytest.mark.parametrize("column", ["Team", "Pair"])
def test_either_header_names_the_unit(kind: str, column: str) -> None:
    header = [column if h == "Team" else h for h in PLAYERS]
    state = read_book(book(kind, header))
    wind, fire = state.tournament.players
    assert (wind.name, wind.rank_text, wind.club) == ("Wind (Sato Aki, Kim Min)", "1k", "Lyon/Nice")
    assert (fire.name, fire.rank_text, fire.club) == (
        "Fire (Roe Max, Doe Eve)",
        "3k",
        "Lyon",
    )  # -3.5: up
    assert state.player_rows == {1: 1, 2: 3}  # each unit's first player's row
    assert [m.name for m in state.members[2]] == ["Roe Max", "Doe Eve"]
    assert state.member_rows == {1: 1, 2: 2, 3: 3, 4: 4}


def test_a_rengo_team_too_big_for_its_size() -> None:
    rows = [*ROWS, ["Lee", "Ha", "4k", "Fire", "Nice"]]
    with pytest.raises(InputError) as raised:
        read_book(book("rengo", rows=rows))
    (problem,) = raised.value.problems
    assert (problem.sheet, problem.cell, problem.value) == ("Players", "D6", "Fire")
    assert "has 3 players: a rengo team has 2 (Team size)" in problem.message
