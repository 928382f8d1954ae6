"""The workbook printed by LibreOffice itself (its PDF export, as ``soffice --convert-to
pdf``), as an organiser prints it: every sheet's header whole on the page (not cut, not run into the
next column), one sans-serif font named on every cell (no serif fallback), numbers apart
from the names beside them, the tournament and the round on every page.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1`` (CI)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.utils import get_column_letter
from support.libreoffice import convert, needs_soffice
from support.printing import (
    HEIGHT_PER_POINT,
    TIMEOUT,
    gosheet,
    laid_out,
    made_once,
    pdf_pages,
    require_poppler,
    squeezed,
    words_by_page,
)

from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.sheets.layout import MIN_SCALE, PAGE_POINTS, column_points
from gosheet.workbook.xlsx.book import XlsxBook

pytestmark = needs_soffice


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("lo_print")
    book = folder / "demo.xlsx"
    book.write_bytes(made_once()["demo"].book.read_bytes())
    convert(folder, "pdf", book)
    return book, folder / "demo.pdf"


def test_no_header_is_cut(printed: tuple[Path, Path]) -> None:
    book, pdf = printed
    text = squeezed("".join(pdf_pages(pdf)))
    workbook = load_workbook(book, read_only=True)
    for sheet in workbook.worksheets:
        header = next(sheet.iter_rows(max_row=1, values_only=True))
        for cell in header:
            if cell:
                assert squeezed(str(cell)) in text, (sheet.title, cell)


def test_one_sans_serif_font(printed: tuple[Path, Path]) -> None:
    _, pdf = printed
    require_poppler()
    fonts = subprocess.run(
        ["pdffonts", str(pdf)], capture_output=True, text=True, timeout=TIMEOUT, check=True
    ).stdout
    assert "Serif" not in fonts and "Times" not in fonts, fonts


def test_numbers_stand_apart_and_every_page_names_the_round(printed: tuple[Path, Path]) -> None:
    _, pdf = printed
    layout = laid_out(pdf)
    pages = [p for p in layout.split("\f") if p.strip()]
    rounds = [p for p in pages if "— round" in p]
    assert len(rounds) >= 5
    for page in rounds:
        assert not re.search(r"\b\d+[A-ZÀ-ÖØ-Þ][a-zà-ÿ]", page), page[:400]


# ------------------------------------------------------------------ legible from both writers
# The demo with its Explain sheet, as gosheet writes it into an .xlsx and into an .ods (the
# .ods saved by LibreOffice from the .xlsx, then explained by gosheet: its Explain sheet and
# page style are the .ods writer's), each printed by LibreOffice.

MIN_POINTS = 8.0
"""The least size a sheet's 10 pt text may print at (fit to the page's width only so far)."""


@pytest.fixture(scope="module")
def explained(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    folder = tmp_path_factory.mktemp("lo_explained")
    xlsx = folder / "demo.xlsx"
    xlsx.write_bytes(made_once()["demo"].book.read_bytes())
    gosheet("explain", xlsx)
    ods_folder = folder / "ods"
    ods_folder.mkdir()
    convert(folder, "ods", xlsx, outdir=ods_folder)
    ods = ods_folder / "demo.ods"
    gosheet("explain", ods)
    convert(folder, "pdf", xlsx)
    convert(ods_folder, "pdf", ods)
    return {"xlsx": (xlsx, folder / "demo.pdf"), "ods": (ods, ods_folder / "demo.pdf")}


def gap_after(page: list[tuple[float, float, float, float, str]], first: str, then: str) -> float:
    """The space (points) between the word ``first`` and the word ``then`` right after it on
    the same line (the least such space on the page); the test fails if there is none."""
    gaps = []
    for word in page:
        if word[4] != first:
            continue
        line = sorted(w for w in page if abs(w[1] - word[1]) < 1 and w[0] > word[0])
        if line and line[0][4] == then:
            gaps.append(line[0][0] - word[2])
    assert gaps, f"no {first!r} followed by {then!r}"
    return min(gaps)


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_every_sheet_prints_at_a_legible_size(
    explained: dict[str, tuple[Path, Path]], kind: str
) -> None:
    """No page's text is below 8 pt (the Explain sheet printed at 3-4 pt: issue 27)."""
    _, pdf = explained[kind]
    pages = words_by_page(pdf)
    assert len(pages) >= 9  # Settings, Players, 5 rounds, Standings, Explain
    for number, page in enumerate(pages, start=1):
        sizes = sorted((w[3] - w[1]) / HEIGHT_PER_POINT for w in page)
        assert sizes[len(sizes) // 2] >= MIN_POINTS, (kind, number, sizes[len(sizes) // 2])


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_numbers_apart_from_the_texts_after_them(
    explained: dict[str, tuple[Path, Path]], kind: str
) -> None:
    """A setting's number is not run into its explanation ("2026 Seed of the lot"), a
    player's rating into his club ("2280 Berlin"): a cell's width apart, not a hair."""
    book, pdf = explained[kind]
    pages = words_by_page(pdf)
    text = [" ".join(w[4] for w in page) for page in pages]
    settings = next(p for p, t in zip(pages, text, strict=True) if "Random seed" in t)
    players = next(p for p, t in zip(pages, text, strict=True) if "First name" in t and "Club" in t)
    grids = XlsxBook.open(book).grids() if kind == "xlsx" else OdsBook.open(book).grids()
    seed = next(row for row in grids["Settings"] if row[0] == "Random seed")
    assert gap_after(settings, str(seed[1]), "Seed") >= 20
    header = grids["Players"][0]
    rating, club = header.index("Rating"), header.index("Club")
    for row in grids["Players"][1:24]:
        assert gap_after(players, str(row[rating]), str(row[club]).split()[0]) >= 5, row


def test_the_explain_sheet_names_its_criteria_on_one_page(
    explained: dict[str, tuple[Path, Path]],
) -> None:
    """The Explain sheet: each criterion by its name over its column, every game, and what
    each criterion means below — on one landscape page, the rules wrapped, not cut."""
    for kind, (_, pdf) in explained.items():
        layout = laid_out(pdf)
        pages = [p for p in layout.split("\f") if "why round 5 was paired so" in p]
        assert len(pages) == 1, kind
        page = squeezed(pages[0])
        for words in ("same MMS", "MMS gap", "table order", "Rule (most important first)"):
            assert squeezed(words) in page, (kind, words)
        rule = "Each player with the next one down the table (seed: the first with the second)"
        assert squeezed(rule) in page and "«" not in page, kind
        assert "nearest one still free" in pages[0], kind


def test_the_page_setup_written(explained: dict[str, tuple[Path, Path]]) -> None:
    """Read back from the .xlsx: the header row on every page, fit to the width only where
    the text stays at 8 pt or more, landscape where portrait would not."""
    book, _ = explained["xlsx"]
    workbook = load_workbook(book)
    for sheet in workbook.worksheets:
        assert (sheet.print_title_rows or "").replace("$", "") == "1:1", sheet.title
        widths = [
            sheet.column_dimensions[get_column_letter(i)].width
            for i in range(1, sheet.max_column + 1)
        ]
        natural = sum(column_points(w or 8.43) for w in widths)
        page = PAGE_POINTS[sheet.page_setup.orientation == "landscape"]
        fit = bool(sheet.sheet_properties.pageSetUpPr.fitToPage)
        assert fit == (page / natural >= MIN_SCALE), sheet.title
        if fit:
            assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 0
        if sheet.title in ("Settings", "Players"):
            assert sheet.page_setup.orientation == "portrait", sheet.title
        assert fit or sheet.title == "Standings", sheet.title  # (fits but with many rounds)
    assert workbook["Explain"].page_setup.orientation == "landscape"
