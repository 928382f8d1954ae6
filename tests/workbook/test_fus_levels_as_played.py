"""FUS levels as played, through the workbook (issue 16, point 3; docs/systems.md §B).

Each FUS round sheet keeps, in its last header, the number of rounds when it was paired
(``Rounds: 5``); its steps are capped by that number, so changing ``Rounds`` in the Settings
sheet mid-tournament rewrites neither the steps already played nor the round sheets.
"""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from support.books import rows_of

from gosheet.app import actions
from gosheet.core.model import Player
from gosheet.core.settings import Settings
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook


def pair_and_let_white_win(path: Path, number: int) -> None:
    book = XlsxBook.open(path)
    actions.pair(book)
    book.save()
    workbook = load_workbook(path)
    ws = workbook[f"Round {number}"]
    headers = [c.value for c in ws[1]]
    for r in range(2, ws.max_row + 1):
        if isinstance(ws.cell(r, 1).value, int):
            ws.cell(r, headers.index("Result") + 1).value = "1-0"
    workbook.save(path)


def test_changing_rounds_mid_tournament_keeps_the_steps_played(tmp_path: Path) -> None:
    """«Нельзя скакнуть больше , чем на (число оставшихся туров + 1) .»

    Six players of a 5-round FUS event; the strongest (2400: level 48, the others 2000 and
    less) is always the higher level, so he has White and, White winning every game, wins
    rounds 1–4: steps 1, 2, 3, 2. The organiser then sets Rounds = 6: the Standings keep
    1, 2, 3, 2 and level 56, the round sheets keep their levels and their ``Rounds: 5``;
    round 5, paired now, shows 56 for him and ``Rounds: 6``.
    """
    path = tmp_path / "fus.xlsx"
    ratings = (2400, 2000, 1950, 1900, 1850, 1800)
    players = [Player(n, f"P{n}", rating=r) for n, r in enumerate(ratings, start=1)]
    new_book(Settings(system="fus", rounds=5), players).save(path)
    for number in range(1, 5):
        pair_and_let_white_win(path, number)
    before = {n: rows_of(load_workbook(path)[f"Round {n}"]) for n in range(1, 5)}
    for rows in before.values():
        assert rows[0]["White"] == "P1"
    assert [before[n][0]["White level"] for n in range(1, 5)] == [48, 49, 51, 54]
    assert "Rounds: 5" in [c.value for c in load_workbook(path)["Round 4"][1]]

    workbook = load_workbook(path)
    settings = workbook["Settings"]
    (row,) = [r for r in range(1, settings.max_row + 1) if settings.cell(r, 1).value == "Rounds"]
    settings.cell(row, 2).value = 6
    workbook.save(path)
    book = XlsxBook.open(path)
    actions.update_standings(book)
    book.save()

    standings = {r["Name"]: r for r in rows_of(load_workbook(path)["Standings"])}
    assert [standings["P1"][f"Step {k}"] for k in range(1, 5)] == [1, 2, 3, 2]
    assert standings["P1"]["Level"] == 56
    pair_and_let_white_win(path, 5)
    workbook = load_workbook(path)
    for n, rows in before.items():
        assert rows_of(workbook[f"Round {n}"]) == rows, f"Round {n} changed"
    fifth = rows_of(workbook["Round 5"])
    assert fifth[0]["White"] == "P1" and fifth[0]["White level"] == 56
    assert "Rounds: 6" in [c.value for c in workbook["Round 5"][1]]
