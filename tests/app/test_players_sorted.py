"""Sorting Players changes no round (issue 33, point 2).

An organiser sorts the Players sheet all the time: by rating, by club, by name. gosheet's own
systems draw every tie and every lot from the players' identities (name, first name, EGD PIN,
club …) and the tournament's Random seed, never from their rows, so the next round is the same,
cell for cell, however Players is sorted. (OpenGotha's rules keep OpenGotha's own list order,
which is part of its rule: not tested here.)

The roster is made for ties: equal ranks without ratings, two players of one surname, one
club for several, so that the colour lot, the Swiss lot and the pairing's ties all decide.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import play_rounds, sheet_rows
from support.cli import cli_ok

ROSTER = """\
Name,First name,Rank,Rating,Club,Country,EGD PIN
Ivanova,Maria,2d,,Moscow,RU,
Ivanova,Olga,2d,,Moscow,RU,
Kowalski,Piotr,2d,,Warszawa,PL,
Dubois,Luc,1d,2120,Paris,FR,
Novak,Jan,1k,,Praha,CZ,
Novák,Jana,1k,,Brno,CZ,
Rossi,Giulia,1k,,Milano,IT,
Petrov,Alexei,3k,,Moscow,RU,
García,Lucía,3k,,Barcelona,ES,
Horvat,Ivan,3k,,Zagreb,HR,
Müller,Jonas,5k,,Hamburg,DE,
Nagy,Eszter,5k,,Budapest,HU,
Andersen,Erik,5k,,København,DK,
Sokolova,Elena,8k,,Kazan,RU,
Martin,Chloé,8k,,Lyon,FR,
Popescu,Andrei,8k,,Bucureşti,RO,
Jansen,Sanne,8k,,Utrecht,NL,
"""
"""Seventeen players, ranks shared in threes and fours, one rating: ties everywhere."""

SYSTEMS = {
    "mcmahon": ["--groups", "3"],
    "swiss": [],
    "fus": [],
    "roundrobin": [],
}

Row = list[Any]
ORDERS: dict[str, Callable[[list[Row], list[str]], list[Row]]] = {
    "reversed": lambda rows, header: rows[::-1],
    "by rating": lambda rows, header: sorted(rows, key=lambda r: -(r[header.index("Rating")] or 0)),
    "by club": lambda rows, header: sorted(rows, key=lambda r: str(r[header.index("Club")])),
    "by first name": lambda rows, header: sorted(
        rows, key=lambda r: str(r[header.index("First name")])
    ),
    "by name, descending": lambda rows, header: sorted(
        rows, key=lambda r: str(r[header.index("Name")]), reverse=True
    ),
}


def sort_players(book: Path, order: Callable[[list[Row], list[str]], list[Row]]) -> None:
    """Sort the rows of the Players sheet below its header, as an organiser would (whole
    rows moved, the header kept)."""
    workbook = load_workbook(book)
    sheet = workbook["Players"]
    header = [c.value for c in sheet[1]]
    rows = [list(r) for r in sheet.iter_rows(min_row=2, values_only=True) if any(r)]
    for number, row in enumerate(order(rows, header), start=2):
        for column, value in enumerate(row, start=1):
            sheet.cell(number, column).value = value
    workbook.save(book)


def made(tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, rounds: int) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    book = tmp_path / f"{system}.xlsx"
    cli_ok(
        capsys, "import", roster, "-o", book, "--system", system, "--rounds", "4",
        "--seed", "7", *SYSTEMS[system],
    )  # fmt: skip
    return play_rounds(book, rounds) if rounds else book


@pytest.mark.parametrize("played", [0, 2], ids=["round 1", "round 3"])
@pytest.mark.parametrize("system", list(SYSTEMS))
def test_a_sorted_players_sheet_pairs_the_same_next_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, played: int
) -> None:
    original = made(tmp_path, capsys, system, played)
    next_round = f"Round {played + 1}"
    copies = {}
    for name, order in ORDERS.items():
        copy = tmp_path / f"{name}.xlsx"
        shutil.copyfile(original, copy)
        sort_players(copy, order)
        copies[name] = copy
    cli_ok(capsys, "pair", original)
    expected = sheet_rows(original, next_round)
    assert any(row[0] == 1 for row in expected)  # a round was paired
    for name, copy in copies.items():
        cli_ok(capsys, "pair", copy)
        assert sheet_rows(copy, next_round) == expected, name
