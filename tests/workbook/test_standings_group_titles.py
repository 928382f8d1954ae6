"""The seed McMahon's Standings sheet: a title row before each group ("Group 1" …), so
that three 1st places are visibly three groups; one group, no title; the workbook still
reads back, and the print pack's tables leave the titles out."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from openpyxl import load_workbook
from support.books import ROSTER_CSV

from gosheet.app import actions
from gosheet.core.model import Player
from gosheet.core.ranks import parse_rank
from gosheet.core.settings import McMahonGroups, Settings
from gosheet.formats.pack.view import pack_of
from gosheet.workbook.sheets import STANDINGS
from gosheet.workbook.standings import standings_sheet
from gosheet.workbook.standings.systems import is_group_title, without_group_titles
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx import XlsxBook

PLAYERS = tuple(
    Player(i, r["Name"], r["First name"], parse_rank(r["Rank"]), None, r["Club"])
    for i, r in enumerate(csv.DictReader(io.StringIO(ROSTER_CSV)), start=1)
)


def paired(folder: Path, groups: McMahonGroups) -> Path:
    settings = Settings(name="Group Cup", rounds=3, mcmahon_groups=groups, random_seed=7)
    book = new_book(settings, PLAYERS)
    for _ in range(2):
        actions.pair(book)
        actions.simulate(book)
    actions.ACTIONS["standings"](book)
    return book.save(folder / "cup.xlsx", backup=False)


def sheet_rows(path: Path) -> list[list[Any]]:
    return [list(r) for r in load_workbook(path)[STANDINGS].iter_rows(values_only=True)]


def test_each_group_has_its_title_row_and_its_places_from_1(tmp_path: Path) -> None:
    path = paired(tmp_path, McMahonGroups(3))
    headers, *rows = sheet_rows(path)
    no, group, place, name = (headers.index(h) for h in ("No.", "Group", "Place", "Name"))
    titles = [i for i, r in enumerate(rows) if is_group_title(headers, r)]
    assert titles and titles[0] == 0 and len(titles) >= 2
    for i in titles:  # only the title's cell is filled
        assert [v for v in rows[i] if v is not None] == [rows[i][name]]
    for start, end in zip(titles, [*titles[1:], len(rows)], strict=True):
        members = rows[start + 1 : end]
        assert rows[start][name] == f"Group {members[0][group]}"
        assert {r[group] for r in members} == {members[0][group]}
        assert members[0][place] == 1  # places restart in each group
    assert [r[no] for r in rows if not is_group_title(headers, r)] == list(
        range(1, len(PLAYERS) + 1)
    )  # the crosstable's line numbers run on, the titles left out
    XlsxBook.open(path).read()  # gosheet reads the workbook back


def test_one_group_has_no_title(tmp_path: Path) -> None:
    path = paired(tmp_path, McMahonGroups(1))
    headers, *rows = sheet_rows(path)
    assert not any(is_group_title(headers, r) for r in rows)
    assert len(rows) == len(PLAYERS)


def test_the_print_pack_leaves_the_titles_out(tmp_path: Path) -> None:
    tournament = XlsxBook.open(paired(tmp_path, McMahonGroups(3))).read().tournament
    sheet = standings_sheet(tournament)
    assert len(without_group_titles(sheet).rows) == len(PLAYERS) < len(sheet.rows)
    pack = pack_of(tournament)
    assert [t.title for t in pack.standings] == [
        sheet.rows[i][sheet.headers.index("Name")]
        for i in range(len(sheet.rows))
        if is_group_title(sheet.headers, sheet.rows[i])
    ]
    assert sum(len(t.rows) for t in pack.standings) == len(PLAYERS)
    assert len(pack.crosstable.rows) == len(PLAYERS)
