"""The Standings sheet is one plain table an organiser may sort and filter: a header row and
one row a player, no title row inside; the seed McMahon's group in its own column, the places
restarting at 1 in each group. The group titles are the print's and the pages' alone; the
sheet's words are in the workbook's language; a workbook whose Standings sheet still holds
the title rows of an older gosheet reads and is rewritten plain."""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

from openpyxl import load_workbook
from support.books import ROSTER_CSV

from gosheet.app import actions
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player, Tournament
from gosheet.core.ranks import parse_rank
from gosheet.core.settings import Settings
from gosheet.core.standings_table import Kind, standings_model
from gosheet.formats.pack.view import pack_of
from gosheet.formats.site import pages
from gosheet.formats.site.view import site_of
from gosheet.i18n import words
from gosheet.workbook.port import Grid
from gosheet.workbook.sheets import STANDINGS
from gosheet.workbook.sheets.standings import standings_sheet
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook

PLAYERS = tuple(
    Player(i, r["Name"], r["First name"], parse_rank(r["Rank"]), None, r["Club"])
    for i, r in enumerate(csv.DictReader(io.StringIO(ROSTER_CSV)), start=1)
)


def paired(folder: Path, groups: McMahonGroups, system: str = "mcmahon") -> Path:
    settings = Settings(
        name="Group Cup", system=system, rounds=3, mcmahon_groups=groups, random_seed=7
    )
    book = new_book(settings, PLAYERS)
    for _ in range(2):
        actions.pair(book)
        actions.simulate(book)
    actions.update_standings(book)
    return book.save(folder / "cup.xlsx", backup=False)


def sheet_rows(path: Path) -> Grid:
    return [list(r) for r in load_workbook(path)[STANDINGS].iter_rows(values_only=True)]


def tournament_of(path: Path) -> Tournament:
    return XlsxBook.open(path).read().tournament


def test_one_row_a_player_the_group_in_its_column(tmp_path: Path) -> None:
    path = paired(tmp_path, McMahonGroups(3))
    headers, *rows = sheet_rows(path)
    no, group, place, name = (headers.index(h) for h in ("No.", "Group", "Place", "Name"))
    assert len(rows) == len(PLAYERS)  # no title row
    assert all(isinstance(r[no], int) and isinstance(r[group], int) for r in rows)
    assert not any(isinstance(r[name], str) and r[name].startswith("Group ") for r in rows)
    assert [r[no] for r in rows] == list(range(1, len(PLAYERS) + 1))
    groups = [r[group] for r in rows]
    assert len(set(groups)) >= 2 and groups == sorted(groups)
    for g in set(groups):  # places restart in each group
        assert min(r[place] for r in rows if r[group] == g) == 1
    XlsxBook.open(path).read()  # gosheet reads the workbook back


def test_sorting_by_place_gives_the_table_back(tmp_path: Path) -> None:
    headers, *rows = sheet_rows(paired(tmp_path, McMahonGroups(3)))
    group, place, no = (headers.index(h) for h in ("Group", "Place", "No."))
    assert sorted(rows, key=lambda r: (r[group], r[place])) == rows
    shuffled = rows[:]
    random.Random(3).shuffle(shuffled)
    assert sorted(shuffled, key=lambda r: (r[group], r[place], r[no])) == rows
    filtered = [r for r in rows if r[group] == rows[-1][group]]  # a filter keeps whole rows
    assert filtered and all(isinstance(r[place], int) for r in filtered)


def test_swiss_by_place_without_a_group(tmp_path: Path) -> None:
    headers, *rows = sheet_rows(paired(tmp_path, McMahonGroups(1), system="swiss"))
    assert "Group" not in headers
    place = headers.index("Place")
    assert len(rows) == len(PLAYERS)
    assert sorted(rows, key=lambda r: r[place]) == rows


def test_one_group_still_has_its_column(tmp_path: Path) -> None:
    headers, *rows = sheet_rows(paired(tmp_path, McMahonGroups(1)))
    assert "Group" in headers and {r[headers.index("Group")] for r in rows} == {1}
    assert len(rows) == len(PLAYERS)


def test_the_print_and_the_pages_title_each_group(tmp_path: Path) -> None:
    tournament = tournament_of(paired(tmp_path, McMahonGroups(3)))
    model = standings_model(tournament)
    numbers = [g.number for g in model.groups]
    assert len(numbers) >= 2 and sum(len(g.rows) for g in model.groups) == len(PLAYERS)
    pack = pack_of(tournament)
    assert [t.title for t in pack.standings] == [f"Group {n}" for n in numbers]
    assert sum(len(t.rows) for t in pack.standings) == len(PLAYERS)
    assert len(pack.crosstable.rows) == len(PLAYERS)
    html = pages(site_of(tournament))["standings.html"]
    assert all(f"<h2>Group {n}</h2>" in html for n in numbers)
    french = pack_of(tournament, "fr")
    assert [t.title for t in french.standings] == [f"Groupe {n}" for n in numbers]


def test_the_sheet_is_the_model(tmp_path: Path) -> None:
    tournament = tournament_of(paired(tmp_path, McMahonGroups(3)))
    model = standings_model(tournament)
    sheet = standings_sheet(tournament)
    assert tuple(sheet.headers) == model.keys
    assert len(sheet.rows) == len(model.rows)
    rounds = [k for k, c in enumerate(model.columns) if c.kind is Kind.ROUND]
    for row, cells in zip(model.rows, sheet.rows, strict=True):
        assert cells[model.index("No.")] == row.line
        assert cells[model.index("Group")] == row.group
        assert [cells[k] for k in rounds] == [row.values[k] for k in rounds]


def test_the_words_in_the_workbooks_language(tmp_path: Path) -> None:
    tournament = tournament_of(paired(tmp_path, McMahonGroups(3)))
    english = standings_sheet(tournament)
    for language in words.TRANSLATED:
        sheet = standings_sheet(tournament, language)
        assert sheet.headers == [words.local(h, language, words.STANDINGS) for h in english.headers]
        assert sheet.headers[:3] == [
            words.spellings(h, words.STANDINGS)[language] for h in ("No.", "Group", "Place")
        ]
        assert sheet.title.startswith("Group Cup — ") and sheet.title != english.title
        assert len(sheet.rows) == len(english.rows)


def test_a_standings_sheet_with_the_old_title_rows_is_rewritten_plain(tmp_path: Path) -> None:
    path = paired(tmp_path, McMahonGroups(3))
    workbook = load_workbook(path)
    sheet = workbook[STANDINGS]
    headers = [c.value for c in sheet[1]]
    title = [None] * len(headers)
    title[headers.index("Name")] = "Group 1"
    sheet.insert_rows(2)  # as gosheet wrote it before: "Group 1" above the first group
    for k, value in enumerate(title, start=1):
        sheet.cell(2, k, value)
    workbook.save(path)
    assert sum(1 for r in sheet_rows(path) if "Group 1" in r) == 1
    book = XlsxBook.open(path)
    book.read()  # reads as it did
    actions.update_standings(book)
    book.save(action="standings")
    headers, *rows = sheet_rows(path)
    assert len(rows) == len(PLAYERS) and "Group 1" not in {r[headers.index("Name")] for r in rows}


def test_pair_go_units_stand_under_players_in_every_language() -> None:
    from gosheet.workbook.sheets.standings.common import header

    assert header("First name", "en", units=True) == "Players"
    assert header("First name", "fr", units=True) == "Joueurs"
    assert header("First name", "ru", units=True) == "Игроки"
    assert header("First name", "fr") == header("First name", "fr", units=False) != "Joueurs"
    assert header("Name", "en", units=True) == "Name"
