"""The workbook template (``templates/tournament.xlsx``) and new workbooks.

The template is built by :func:`build_template` (``python -m gosheet.workbook.template``
writes it); a test checks that the committed file matches. Organisers may pass
their own template (extra sheets, logos, print setup): gosheet fills its
Settings and Players sheets and keeps everything else.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from openpyxl import Workbook

from gosheet.core.errors import FileProblem
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Player, Tournament
from gosheet.core.settings import Settings
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import PLAYERS, SETTINGS
from gosheet.workbook.sheets.fixed_matches import fixed_matches_sheet
from gosheet.workbook.sheets.language import InLanguage
from gosheet.workbook.sheets.layout import FONT_NAME
from gosheet.workbook.sheets.teams import teams_sheet
from gosheet.workbook.sheets.writable import cell_text
from gosheet.workbook.sheets.writer import players_sheet, settings_sheet
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.openpyxl_book import render_sheet

TEMPLATE_NAME = "tournament.xlsx"


def bundled_template(name: str) -> Path:
    """A file of ``templates/``: inside the installed package, or in the source tree."""
    packaged = resources.files("gosheet") / "_templates" / name
    if packaged.is_file():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[2] / "templates" / name


def template_path() -> Path:
    """The bundled tournament template ``tournament.xlsx``."""
    return bundled_template(TEMPLATE_NAME)


def build_template() -> Workbook:
    """Settings with their defaults and explanations, and an empty Players sheet."""
    workbook = Workbook()
    plain_font(workbook)
    default = workbook.active
    assert default is not None
    workbook.remove(default)
    settings = Settings()
    render_sheet(workbook.create_sheet(SETTINGS), settings_sheet(settings))
    render_sheet(workbook.create_sheet(PLAYERS), players_sheet((), settings))
    workbook.properties.creator = "gosheet"
    workbook.properties.title = "Go tournament"
    return workbook


def plain_font(workbook: Workbook) -> None:
    """The workbook's default font gosheet's (Arial 10, not Calibri 11): the unit of the
    columns' widths is its digits' width, and LibreOffice without Calibri (or Carlito) widens
    every column a third (DejaVu Sans), printing each sheet smaller."""
    from openpyxl.styles import Font
    from openpyxl.utils.indexed_list import IndexedList

    font = Font(name=FONT_NAME, size=10, family=2)
    workbook._fonts = IndexedList([font])  # type: ignore[attr-defined]  # (no public setter)
    for style in workbook._named_styles:  # type: ignore[attr-defined]
        if style.name == "Normal":
            style.font = font


def new_book(
    settings: Settings,
    players: Sequence[Player] = (),
    extra_headers: Sequence[str] = (),
    extra_values: Rows = (),
    template: str | Path | None = None,
) -> XlsxBook:
    """A new tournament workbook from the template, with settings and roster."""
    path = Path(template) if template is not None else template_path()
    book = XlsxBook.open(path)
    missing = [s for s in (SETTINGS, PLAYERS) if s not in book.workbook.sheetnames]
    if missing:
        raise FileProblem(f"{path}: the template has no {' or '.join(missing)} sheet")
    book.path = None
    port = InLanguage(book, settings.language)  # the template's sheets renamed, if need be
    port.grids()
    port.render(settings_sheet(settings))
    port.render(players_sheet(players, settings, extra_headers, extra_values))
    if settings.tournament_type is TournamentType.TEAMS:  # the teams, to fill in
        port.render(teams_sheet(Tournament(settings, tuple(players))))
        port.render(fixed_matches_sheet((), settings.language))
    book.workbook.active = book.workbook.sheetnames.index(port.names[PLAYERS])
    if settings.name:  # the document's title (a PDF's, printed from the office suites)
        book.workbook.properties.title = str(cell_text(settings.name))  # as cells hold it
    return book


if __name__ == "__main__":  # pragma: no cover - maintenance script
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else template_path()
    build_template().save(target)
    print(f"wrote {target}")
