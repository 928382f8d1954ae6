"""Seed McMahon with ``--groups N`` and fewer ranks than N (issue 16, point 2; docs/systems.md §A):
``import`` and ``pair`` say how many groups were made; the setting keeps its N.

«Список делится на N групп.» — a rank is never split, so two ranks make two groups, and
«Нижней группе 0 очков»: the bottom one starts at 0.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import rows_of
from support.cli import cli_ok

ROSTER = "Name,Rank\nA,1d\nB,1d\nC,1d\nD,5k\nE,5k\nF,5k\n"


def test_import_and_pair_say_how_many_groups_were_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Six players, 1d ×3 and 5k ×3, ``--groups 3``: 2 groups made, said by ``import`` and by
    the first ``pair``; not by the second (the groups are in Players by then). The Settings
    sheet keeps 3; the 5k start at 0 McMahon points, the 1d at 1."""
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    book = tmp_path / "cup.xlsx"
    out = cli_ok(capsys, "import", roster, "-o", book, "--groups", "3", "--rounds", "3")
    assert "McMahon groups: 3 asked, 2 made" in out
    out = cli_ok(capsys, "pair", book)
    assert "McMahon groups: 3 asked, 2 made" in out
    workbook = load_workbook(book)
    settings = {r["Setting"]: r["Value"] for r in rows_of(workbook["Settings"])}
    assert settings["McMahon groups"] == 3
    groups = {r["Name"]: r["Group"] for r in rows_of(workbook["Players"])}
    assert groups == {"A": 1, "B": 1, "C": 1, "D": 2, "E": 2, "F": 2}
    standings = {r["Name"]: r for r in rows_of(workbook["Standings"])}
    assert {n: standings[n]["Start MMS"] for n in "ADF"} == {"A": 1, "D": 0, "F": 0}
    ws = workbook["Round 1"]
    headers = [c.value for c in ws[1]]
    for r in range(2, ws.max_row + 1):
        if isinstance(ws.cell(r, 1).value, int):
            ws.cell(r, headers.index("Result") + 1).value = "1-0"
    workbook.save(book)
    assert "groups" not in cli_ok(capsys, "pair", book)


def test_no_word_when_the_groups_asked_are_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two ranks and ``--groups 2``: two groups made, nothing to say."""
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    book = tmp_path / "cup.xlsx"
    assert "McMahon groups" not in cli_ok(capsys, "import", roster, "-o", book, "--groups", "2")
    assert "McMahon groups" not in cli_ok(capsys, "pair", book)
