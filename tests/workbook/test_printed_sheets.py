"""How the sheets gosheet writes print (issue 27), read back from the files both writers make
(the part writer and openpyxl for .xlsx, the .ods writer): the page set up so that the text
stays legible (fit to the width only down to 8 pt; landscape where portrait would not do;
the first columns on every page of a sheet too wide), numbers apart from the text beside
them, and the Explain sheet's notes merged across the columns and wrapped. The printed pages
themselves: tests/frontends/libreoffice/test_workbook_print.py."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from gosheet.core.explain import explain_round
from gosheet.core.model import Player, Result, Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.records import replace
from gosheet.workbook.sheets import Column, SheetData
from gosheet.workbook.sheets.layout import (
    MIN_SCALE,
    PAGE_POINTS,
    column_points,
    content_widths,
    fitted,
    page_setup,
    row_heights,
)
from gosheet.workbook.sheets.writer import explain_sheet, players_sheet, settings_sheet
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook

CLUBS = ("Berlin", "Paris", "Lyon", "Praha", "Wien", "Milano", "Kazan", "Dublin")


def tournament(count: int, system: str = "mcmahon", rounds: int = 2) -> Tournament:
    players = [
        Player(n, f"Player{n:02}", "Anna", rank=5 - n, rating=2400 - 30 * n, club=CLUBS[n % 8])
        for n in range(1, count + 1)
    ]
    t = Tournament(Settings(system=system, rounds=3), tuple(players))
    for _ in range(rounds):
        played = pair_next_round(t).as_round()
        games = tuple(replace(g, result=Result.WHITE_WINS) for g in played.games)
        t = t.with_round(replace(played, games=games))
    return t


def sheet(width: float, columns: int, landscape: bool = False) -> SheetData:
    return SheetData(
        "Wide", tuple(Column(f"C{i}", width) for i in range(columns)), [], landscape=landscape
    )


def test_the_page_is_chosen_for_the_text_to_stay_legible() -> None:
    narrow = page_setup(sheet(10, 8))
    assert (narrow.landscape, narrow.fit_width, narrow.scale) == (False, True, 1.0)
    wider = page_setup(sheet(10, 12))  # too wide for a portrait page at 8 pt: landscape
    assert wider.landscape and wider.fit_width and wider.scale >= 0.8
    asked = page_setup(sheet(10, 4, landscape=True))
    assert asked.landscape and asked.fit_width
    widest = page_setup(sheet(10, 30))  # 30 columns at 8 pt or more: pages side by side
    assert widest.landscape and not widest.fit_width and widest.scale == 1.0
    natural = sum(column_points(w) for w in content_widths(sheet(10, 30)))
    assert PAGE_POINTS[True] / natural < 0.8


def test_settings_and_players_print_portrait_numbers_apart() -> None:
    """The value of a setting starts at the left of its cell (not against its explanation);
    a player's rank and rating are centred (not against his club)."""
    settings = settings_sheet(Settings())
    assert [c.left for c in settings.columns] == [True, True, True]
    assert not page_setup(settings).landscape and page_setup(settings).fit_width
    players = players_sheet(tournament(8, rounds=0).players, Settings())
    centred = {c.header for c in players.columns if c.centre}
    assert {"Rank", "Rating"} <= centred and "Club" not in centred
    assert not page_setup(players).landscape and page_setup(players).fit_width


@pytest.mark.parametrize("engine", ["parts", "openpyxl"])
def test_the_xlsx_page_setup_and_alignment_read_back(tmp_path: Path, engine: str) -> None:
    t = tournament(8, rounds=0)
    path = tmp_path / "cup.xlsx"
    new_book(t.settings, t.players).save(path, backup=False)
    book = XlsxBook.open(path, engine)
    book.render(settings_sheet(t.settings))
    book.render(players_sheet(t.players, t.settings))
    book.render(explain_sheet(tournament(8), explain_round(tournament(8), 2)))
    book.save()
    workbook = load_workbook(path)
    for ws in workbook.worksheets:
        assert (ws.print_title_rows or "").replace("$", "") == "1:1", ws.title
        assert ws.page_setup.fitToWidth == 1 and ws.sheet_properties.pageSetUpPr.fitToPage
        assert ws.page_margins.left == 0.5, ws.title
    assert workbook["Settings"]["B2"].alignment.horizontal == "left"
    rating = [c.value for c in workbook["Players"][1]].index("Rating") + 1
    assert workbook["Players"].cell(2, rating).alignment.horizontal == "center"
    assert workbook["Settings"].page_setup.orientation == "portrait"
    explain = workbook["Explain"]
    assert explain.page_setup.orientation == "landscape"
    merged = [str(m) for m in explain.merged_cells.ranges]
    last = explain.max_column
    assert merged and all(re.fullmatch(r"[AD]\d+:[A-Z]+\d+", m) for m in merged), merged
    rules = [m for m in merged if m.startswith("D")]
    assert rules and all(explain[m.split(":")[0]].alignment.wrap_text for m in rules)
    widths = [explain.column_dimensions[chr(64 + i)].width for i in range(1, last + 1)]
    assert max(widths) <= 22, widths  # no note widens a column


def test_a_sheet_too_wide_repeats_its_first_columns(tmp_path: Path) -> None:
    data = SheetData(
        "Wide",
        tuple(Column(f"Column {i}", 12) for i in range(25)),
        [[f"v{i}" for i in range(25)]],
        title_columns=2,
    )
    assert not page_setup(data).fit_width
    path = tmp_path / "cup.xlsx"
    t = tournament(4, rounds=0)
    new_book(t.settings, t.players).save(path, backup=False)
    book = XlsxBook.open(path, "parts")
    book.render(data)
    book.save()
    ws = load_workbook(path)["Wide"]
    assert ws.print_title_cols.replace("$", "") == "A:B"
    assert not ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.page_setup.fitToWidth in (None, 1) and ws.page_setup.orientation == "landscape"


def test_the_ods_explain_sheet_has_a_page_style_of_its_own(tmp_path: Path) -> None:
    """The .ods writer: the Explain table prints with a landscape page style, fitted to the
    width, the tournament's title in the header; its notes span the columns."""
    from gosheet.workbook.ods.looks import Looks
    from gosheet.workbook.ods.pages import Pages
    from gosheet.workbook.ods.tables import table_xml

    t = tournament(8)
    data = explain_sheet(t, explain_round(t, 2))
    styles = (
        b'<?xml version="1.0"?><office:document-styles xmlns:office="o" xmlns:style="s" '
        b'xmlns:fo="f"><office:automatic-styles><style:page-layout style:name="pm1">'
        b'<style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm"/>'
        b"</style:page-layout></office:automatic-styles><office:master-styles>"
        b'<style:master-page style:name="Default" style:page-layout-name="pm1"/>'
        b"</office:master-styles></office:document-styles>"
    )
    pages = Pages(styles)
    master = pages.master(data)
    assert master is not None
    table = table_xml(data, Looks(set()), None, master)
    assert "table:number-columns-spanned" in table and "table:covered-table-cell" in table
    written = pages.new_styles()
    assert written is not None
    text = written.decode()
    assert f'style:name="{master}"' in text and 'style:print-orientation="landscape"' in text
    assert 'fo:page-width="11.6929in"' in text  # A4 as the workbook's own page style
    assert 'style:scale-to-X="1"' in text and "why round 2 was paired so" in text
    assert Pages(written).master(data) == master and Pages(written).new_styles() is None


def test_the_template_default_font_is_arial_10() -> None:
    """Columns' widths count in the default font's digits: Arial 10 (Liberation Sans in
    LibreOffice), not Calibri 11 — which LibreOffice without it prints a third wider."""
    from gosheet.workbook.template import template_path

    with zipfile.ZipFile(template_path()) as archive:
        styles = archive.read("xl/styles.xml").decode()
    first = re.search(r"<font>(.*?)</font>", styles)
    assert first and 'val="Arial"' in first.group(1) and '<sz val="10"' in first.group(1)


def test_a_sheet_too_wide_wraps_its_clubs_then_its_names() -> None:
    """:func:`fitted`: the columns that may be narrowed give up just enough width for the
    sheet to fit a landscape page at 8 pt — the clubs (stage 1) before the names (stage 2),
    none below its longest word; a sheet that fits, or never would, is left as it is."""
    name, club = "Константинопольский Александр", "Санкт-Петербургский клуб го"
    columns = (
        Column("Name", 24, least=20, stage=2),
        *(Column(f"C{i}", 10) for i in range(10)),
        Column("Club", 14, least=12, stage=1),
    )
    data = SheetData("Wide", columns, [[name, *["x"] * 10, club]])
    assert not page_setup(data).fit_width
    fit = fitted(data)
    setup = page_setup(fit)
    assert setup.landscape and setup.fit_width and setup.scale >= MIN_SCALE
    widths = content_widths(fit)
    assert widths[0] == content_widths(data)[0] and not fit.columns[0].wrap  # the name kept
    assert fit.columns[-1].wrap and 12 <= widths[-1] < content_widths(data)[-1]
    assert all(c.top for c in fit.columns)
    assert row_heights(fit) == {2: 30}  # the club on two lines
    wider = (*columns[:-1], Column("D", 10), columns[-1])
    more = SheetData("Wider", wider, [[name, *"x" * 11, club]])
    narrowed = content_widths(fitted(more))
    assert fitted(more).columns[0].wrap and 20 <= narrowed[0] < 31  # the name wraps at a space
    assert page_setup(fitted(more)).fit_width
    assert fitted(sheet(10, 8)) == sheet(10, 8)
    widest = SheetData("Widest", (*columns, *(Column(f"D{i}", 10) for i in range(20))), [])
    assert fitted(widest) == widest
