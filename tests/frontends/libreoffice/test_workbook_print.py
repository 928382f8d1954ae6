"""The workbook printed by LibreOffice itself (``soffice --convert-to pdf``), as an
organiser prints it: every sheet's header whole on the page (not cut, not run into the
next column), one sans-serif font named on every cell (no serif fallback), numbers apart
from the names beside them, the tournament and the round on every page.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1`` (CI)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.libreoffice import convert, needs_soffice
from support.printing import TIMEOUT, made_once, pdf_pages, require_poppler, squeezed

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
    require_poppler()
    layout = subprocess.run(
        ["pdftotext", "-layout", "-enc", "UTF-8", str(pdf), "-"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=True,
    ).stdout
    pages = [p for p in layout.split("\f") if p.strip()]
    rounds = [p for p in pages if "— round" in p]
    assert len(rounds) >= 5
    for page in rounds:
        assert not re.search(r"\b\d+[A-ZÀ-ÖØ-Þ][a-zà-ÿ]", page), page[:400]
