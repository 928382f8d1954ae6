"""The LibreOffice path of issue 17, in real LibreOffice (as ``test_libreoffice_office.py``
runs it: one headless ``soffice`` for the module, the extension installed, the menu's script
URLs dispatched): a workbook whose ``Language`` was changed is renamed by the next action —
its sheets renamed in place, the organiser's column, sheet, formulas and formatting kept —
and one written in Russian works from the menu.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1`` (CI)."""

from __future__ import annotations

from pathlib import Path

from openpyxl import load_workbook
from openpyxl.styles import Font, PatternFill
from support.books import demo_in
from support.libreoffice import act

from gosheet.frontends.libreoffice.build import ACTIONS, script_url
from gosheet.frontends.libreoffice.office import (
    Office,
)
from gosheet.i18n import catalog, words
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

PAIR, STANDINGS = (script_url(f) for f, _, _ in ACTIONS[1:3])


def _set_language(path: Path, language: str) -> None:
    wb = load_workbook(path)
    for row in wb.worksheets[0].iter_rows(min_row=2):
        if words.canonical(row[0].value, words.SETTING_NAMES) == "Language":
            row[1].value = language
    wb.save(path)


def test_a_change_of_language_renames_the_sheets_in_libreoffice(
    office: Office, tmp_path: Path
) -> None:
    book = demo_in(tmp_path, "en", 3)
    wb = load_workbook(book)
    players = wb["Players"]
    paid = players.max_column + 1
    players.cell(1, paid, "Paid")
    players.cell(2, paid, "yes")
    players["A3"].font = Font(bold=True)
    players["A3"].fill = PatternFill("solid", fgColor="FFFFFF00")
    fees = wb.create_sheet("Fees")
    fees["A1"] = "=Players!A2"
    fees["A2"] = "='Round 1'!B2"
    wb.save(book)
    _set_language(book, "ru")

    found = act(office, book, STANDINGS, tmp_path / "lo.xlsx")

    assert found["outcome"]["ok"], found["outcome"]
    expected = ["Настройки", "Игроки", "Тур 1", "Тур 2", "Турнирная таблица", "Fees"]
    assert found["state"]["sheets"] == expected
    assert found["state"]["undo"][0].startswith("gosheet: ")  # one step, undone at once
    wb = load_workbook(tmp_path / "lo.xlsx")
    players = wb["Игроки"]
    assert [c.value for c in players[1]][:3] == ["Фамилия", "Имя", "Ранг"]
    assert (players.cell(1, paid).value, players.cell(2, paid).value) == ("Paid", "yes")
    assert players["A3"].font.b and players["A3"].fill.fgColor.rgb.endswith("FFFF00")
    assert "Игроки" in str(wb["Fees"]["A1"].value)  # Calc makes the formulas follow
    assert "Тур 1" in str(wb["Fees"]["A2"].value)
    assert wb["Тур 1"]["A1"].value == "Стол"
    tournament = read_book(XlsxBook.open(tmp_path / "lo.xlsx").grids()).tournament
    assert tournament.settings.language == "ru" and len(tournament.rounds) == 2

    # and the menu goes on in Russian: the next pair makes "Тур 3"
    found = act(office, tmp_path / "lo.xlsx", PAIR, tmp_path / "lo3.xlsx")
    assert found["outcome"]["ok"], found["outcome"]
    assert "Тур 3" in found["state"]["sheets"]
    assert found["state"]["active"] == "Тур 3"
    catalog.use("en")


def test_a_french_workbook_reads_b_as_blanc_from_the_menu(office: Office, tmp_path: Path) -> None:
    """Issue 27: ``B+`` typed in a French workbook is White's win, ``N+`` Black's; Update
    standings rewrites them as ``1-0`` and ``0-1``; in an English one ``B+`` stays Black."""
    for language, wanted in (("fr", ["1-0", "0-1", "1-0!"]), ("en", ["0-1", "0-1", "0-1!"])):
        book = demo_in(tmp_path, language, 3)
        sheet = words.local("Round {n}", language, words.SHEETS).replace("{n}", "1")
        wb = load_workbook(book)
        wb[sheet]["H2"], wb[sheet]["H3"], wb[sheet]["H4"] = "B+", "N+", "B+!"
        wb.save(book)

        found = act(office, book, STANDINGS, tmp_path / f"lo-{language}.xlsx")

        assert found["outcome"]["ok"], found["outcome"]
        done = load_workbook(tmp_path / f"lo-{language}.xlsx")[sheet]
        assert [done[c].value for c in ("H2", "H3", "H4")] == wanted, language
    catalog.use("en")
