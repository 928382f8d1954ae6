"""A tournament workbook whose Players sheet the organiser keeps as a registration list — a
title and a blank row above the header row, a section title inside the list, a footer —
checked and paired: gosheet reads the players and writes in their own rows and in the header
row (not in the title's)."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import ROSTER_CSV
from support.cli import cli_ok


def test_groups_written_below_a_title(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "roster.csv").write_text(ROSTER_CSV, encoding="utf-8")
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", tmp_path / "roster.csv", "-o", book)
    workbook = load_workbook(book)
    players = workbook["Players"]
    header = [c.value for c in players[1]]
    players.delete_cols(header.index("Group") + 1)  # gosheet adds it back at the next pair
    players.insert_rows(1, 2)
    players["A1"] = "Spring Open — registrations"
    players.merge_cells("A1:H1")
    players.insert_rows(7)
    players["A7"] = "Late registrations"
    players.merge_cells("A7:H7")
    players.cell(players.max_row + 2, 1).value = "Total"
    workbook.save(book)
    out = cli_ok(capsys, "check", book)
    assert "Players!A7: 'Late registrations': read as a section title, not as a player" in out
    cli_ok(capsys, "pair", book)
    players = load_workbook(book)["Players"]
    header = [c.value for c in players[3]]
    assert header[-1] == "Group"
    groups = [players.cell(r, len(header)).value for r in range(4, players.max_row + 1)]
    assert groups[3] is None  # the section title's row
    assert sum(1 for g in groups if g is not None) == 9
    assert players["A1"].value == "Spring Open — registrations"
    assert [c.value for c in players[1]][1:] == [None] * (players.max_column - 1)
