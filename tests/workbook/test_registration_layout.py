"""The Players sheet as organisers keep it (:mod:`gosheet.workbook.sheets.registration`): a title
and blank rows above the header row, a section title inside the list, a footer below it; and the
Confirmed column (check-in): who is not confirmed is left out of the rounds to pair."""

from __future__ import annotations

from typing import Any

import pytest

from gosheet.core.errors import InputError
from gosheet.core.model import Game, Round
from gosheet.workbook.sheets.players_reader import read_players
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import ProblemList
from gosheet.workbook.sheets.registration import FOOTER, SECTION, header_row, row_kind

SETTINGS = [["Setting", "Value"], ["Rounds", 3]]
HEADER = ["Name", "First name", "Rank", "Club"]
PLAYERS = [
    ["Dupont", "Jean", "3k", "Paris"],
    ["Roy", "Léa", "1d", "Lyon"],
    ["Martin", "Paul", "5k", "Paris"],
    ["Petit", "Anne", "2k", "Nice"],
]


def book(players: list[list[Any]], **sheets: list[list[Any]]) -> dict[str, list[list[Any]]]:
    return {"Settings": SETTINGS, "Players": players, **sheets}


def kept_list() -> list[list[Any]]:
    """A title merged across the columns (its text in the first cell only), a blank row, the
    header, two players, a section title, two players, a blank row, a footer and a count."""
    return [
        ["Tournoi de Noël 2026 — inscriptions", None, None, None],
        [None, None, None, None],
        HEADER,
        *PLAYERS[:2],
        ["Late registrations", None, None, None],
        *PLAYERS[2:],
        [None, None, None, None],
        ["Total", None, None, 4],
        ["4 inscrits", None, None, None],
    ]


def test_the_header_row_is_found_below_a_title() -> None:
    state = read_book(book(kept_list()))
    assert [p.name for p in state.tournament.players] == [
        "Dupont Jean",
        "Roy Léa",
        "Martin Paul",
        "Petit Anne",
    ]
    assert state.header_row == 2
    assert state.player_rows == {1: 3, 2: 4, 3: 6, 4: 7}  # (0-based rows: written in place)
    said = [str(note) for note in state.notes]
    assert said == [
        "Players!A1: 'Tournoi de Noël 2026 — inscriptions': above the header row (row 3): not read",
        "Players!A6: 'Late registrations': read as a section title, not as a player",
        "Players!A10: 'Total': read as a footer, not as a player",
        "Players!A11: '4 inscrits': read as a footer, not as a player",
    ]


def test_a_header_in_another_language_below_a_title() -> None:
    grid = [["Турнир"], [], ["Фамилия", "Имя", "Ранг"], ["Иванов", "Иван", "2k"]]
    assert header_row(grid) == 2
    sheets = {"Настройки": [["Параметр", "Значение"]], "Игроки": grid}
    state = read_book(sheets)
    assert [p.name for p in state.tournament.players] == ["Иванов Иван"]


def test_no_header_in_the_first_rows_is_told_at_the_first_row() -> None:
    grid = [["Tournament"], ["Dupont", "3k"]]
    with pytest.raises(InputError) as refused:
        read_book(book(grid))
    assert "Players!A1: no 'Name' column in the header row (looked for in the first 10 rows)" in [
        str(p) for p in refused.value.problems
    ]


def test_a_name_alone_of_one_word_is_still_a_player_without_a_rank() -> None:
    grid = [HEADER, *PLAYERS, ["Juniors", None, None, None]]
    with pytest.raises(InputError) as refused:
        read_book(book(grid))
    assert [str(p) for p in refused.value.problems] == ["Players!C6: no rank (nor rating)"]


def test_a_sum_row_is_a_footer_only_after_the_last_player() -> None:
    assert row_kind([None, None, 6, 12345], 0, tail=True) == FOOTER
    assert row_kind([None, None, 6, 12345], 0, tail=False) is None  # a player without a name
    assert row_kind(["Late registrations:"], 0, tail=False) == SECTION
    assert row_kind([None, "Juniors"], 0, tail=False) == SECTION  # beside the names
    grid = [HEADER, PLAYERS[0], [None, None, None, 7], PLAYERS[1]]
    with pytest.raises(InputError) as refused:
        read_book(book(grid))
    assert [str(p) for p in refused.value.problems] == ["Players!A3: a player without a name"]


def test_a_one_column_roster_has_no_section_titles() -> None:
    """Where every row holds one cell, a name of two words is a player, not a title."""
    state = read_players([["Name"], ["Jean Dupont"], ["Léa Roy"]], ProblemList(), False)
    assert [p.name for p in state.tournament.players] == ["Jean Dupont", "Léa Roy"]
    assert state.notes == []


@pytest.mark.parametrize(
    ("typed", "confirmed"),
    [
        ("yes", True),
        ("x", True),
        ("X", True),
        ("✓", True),
        ("oui", True),
        ("да", True),
        (True, True),
        (1, True),
        ("no", False),
        ("n", False),
        (None, False),
        ("нет", False),
        (False, False),
    ],
)
def test_what_an_organiser_types_in_the_confirmed_column(typed: Any, confirmed: bool) -> None:
    grid = [[*HEADER, "Confirmed"], [*PLAYERS[0], typed], [*PLAYERS[1], "yes"]]
    state = read_book(book(grid))
    assert (1 not in state.unconfirmed) is confirmed
    dupont = state.tournament.players[0]
    assert dupont.plays_in(1) is confirmed


def test_without_a_confirmed_column_everyone_is_confirmed() -> None:
    state = read_book(book([HEADER, *PLAYERS]))
    assert state.unconfirmed == set()
    assert all(p.plays_in(1) for p in state.tournament.players)


def test_a_bad_confirmed_value_is_told_at_its_cell() -> None:
    grid = [["Name", "Rank", "Confirmé"], ["Dupont", "3k", "maybe"], ["Roy", "2k", "peut-être"]]
    with pytest.raises(InputError) as refused:
        read_book(book(grid))
    assert [str(p) for p in refused.value.problems] == [
        f"Players!C{row}: {value!r}: expected yes (or x, ✓) or no; a blank cell: not confirmed"
        for row, value in ((2, "maybe"), (3, "peut-être"))
    ]


def test_not_confirmed_is_not_paired_in_any_round_but_those_he_played() -> None:
    """A player who played round 1 and is then marked not confirmed keeps his game; he is
    left out of the rounds to come. His own Not playing rounds are kept for OpenGotha."""
    grid = [
        [*HEADER, "Not playing", "Confirmed"],
        [*PLAYERS[0], None, "no"],
        [*PLAYERS[1], None, "x"],
        [*PLAYERS[2], "3", None],
        [*PLAYERS[3], None, "x"],
    ]
    round_1 = [
        ["Table", "White", "White rank", "Black", "Black rank", "Handicap", "Komi", "Result"],
        [1, "Dupont Jean", "3k", "Roy Léa", "1d", 0, 6.5, "1-0"],
        ["Bye", "Petit Anne", None, None, None, None, None, None],
    ]
    state = read_book(book(grid, **{"Round 1": round_1}))
    dupont, _roy, martin, _petit = state.tournament.players
    assert state.unconfirmed == {1, 3}
    assert dupont.plays_in(1) and not dupont.plays_in(2)
    assert not any(martin.plays_in(n) for n in (1, 2, 3))
    assert state.preliminary == {1: frozenset(), 3: frozenset({3})}
    assert state.tournament.rounds[0] == Round(
        1, (Game(1, 1, 2, 0, 6.5, state.tournament.rounds[0].games[0].result),), (4,)
    )
