"""A team tournament in real headless LibreOffice (gosheet's extension installed, the menu's
macros dispatched to the document): round 2 paired by gosheet ▸ Pair next round is the
command's, board for board, with the same Standings and Team standings; gosheet ▸ Order
boards by rating rewrites the Teams sheet as ``gosheet order-boards`` does; an incomplete
team is refused naming its cell, the workbook unchanged.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1``.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from support.libreoffice import act

from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice.build import script_url
from gosheet.frontends.libreoffice.office import Office
from gosheet.workbook.xlsx.book import XlsxBook

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
]
TEAMS = [  # Atari's boards out of rating order
    ["Tengen", 1, None, "Kim Min (Seoul)", "Park Su", "Kang Ri"],
    ["Sakata", 2, None, "Kim Min (Busan)", "Choi Yu", "Cho Hun"],
    ["Atari", 3, None, "Yoon Ji", "Lee Ha", "Jung Ho"],
    ["Hane", 4, None, "Jang Mi", "Lim Bo", "Han Se"],
    ["Kosumi", 5, None, "Oh Da", "Seo Na", "Shin Ye"],
]


def gosheet(*args: object) -> None:
    assert main([str(a) for a in args]) == 0


def _trimmed(grid: list[list[Any]]) -> list[list[Any]]:
    """A sheet's values without trailing empty cells and rows, whole numbers as ints."""
    rows = [
        [int(v) if isinstance(v, float) and v.is_integer() else (None if v == "" else v) for v in r]
        for r in grid
    ]
    rows = [r[: max((i + 1 for i, v in enumerate(r) if v is not None), default=0)] for r in rows]
    while rows and not rows[-1]:
        rows.pop()
    return rows


def _made(folder: Path) -> Path:
    """The tournament of the command line, its first round paired and played."""
    book = folder / "cup.xlsx"
    gosheet("new", book, "--type", "teams", "--team-size", "3", "--name", "Cup", "--seed", "3")
    wb = load_workbook(book)
    for name, first, rank, club in PLAYERS:
        wb["Players"].append([name, first, rank, None, club])
    for r, line in enumerate(TEAMS, start=2):
        for c, value in enumerate(line, start=1):
            wb["Teams"].cell(r, c, value)
    wb.save(book)
    gosheet("pair", book)
    wb = load_workbook(book)
    ws = wb["Round 1"]
    at = [c.value for c in ws[1]].index("Result")
    for i, row in enumerate(ws.iter_rows(min_row=2)):
        if row[0].value is not None:
            row[at].value = "1-0" if i % 2 else "0-1"
    wb.save(book)
    return book


def test_a_team_round_paired_in_libreoffice_is_the_commands(office: Office, tmp_path: Path) -> None:
    book = _made(tmp_path)
    lo = tmp_path / "lo.xlsx"
    found = act(office, book, script_url("PairNextRound"), lo)
    assert found["outcome"]["ok"], found["outcome"]
    message = found["outcome"]["message"]
    assert message.startswith("Round 2 paired: 6 games.") and "Without a match:" in message
    gosheet("pair", book)
    expected, got = XlsxBook.open(book).grids(), XlsxBook.open(lo).grids()
    for sheet in ("Round 2", "Standings", "Team standings"):
        assert _trimmed(got[sheet]) == _trimmed(expected[sheet]), sheet
    assert [r[1] if r else None for r in _trimmed(got["Round 2"])] == [
        "Board",
        1,
        2,
        3,
        None,
        1,
        2,
        3,
    ]


def test_order_boards_in_libreoffice_is_the_commands(office: Office, tmp_path: Path) -> None:
    book = _made(tmp_path)
    copy = tmp_path / "copy.xlsx"
    shutil.copy(book, copy)
    lo = tmp_path / "lo.xlsx"
    found = act(office, book, script_url("OrderBoards"), lo)
    assert found["outcome"]["ok"], found["outcome"]
    assert "1 line-up of 5 changed" in found["outcome"]["message"]
    gosheet("order-boards", copy)
    teams = _trimmed(XlsxBook.open(lo).grids()["Teams"])
    assert teams == _trimmed(XlsxBook.open(copy).grids()["Teams"])
    assert teams[3][:6] == ["Atari", 3, None, "Lee Ha", "Jung Ho", "Yoon Ji"]


def test_an_incomplete_team_is_refused_by_its_cell(office: Office, tmp_path: Path) -> None:
    book = _made(tmp_path)
    wb = load_workbook(book)
    for row in wb["Players"].iter_rows(min_row=2):
        if row[0].value == "Lim":  # Hane's board 2, and no reserve
            row[7].value = "2"
    wb.save(book)
    found = act(office, book, script_url("PairNextRound"), tmp_path / "lo.xlsx")
    outcome = found["outcome"]
    assert not outcome["ok"]
    [problem] = outcome["problems"]
    assert (problem["sheet"], problem["cell"]) == ("Teams", "E5")
    assert "'Hane', board 2, round 2" in problem["message"]
    assert "Round 2" not in load_workbook(tmp_path / "lo.xlsx").sheetnames
