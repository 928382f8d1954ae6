"""A 45-player tournament with long names, clubs and countries, printed by LibreOffice (its
PDF export, as ``soffice --convert-to pdf``), in English and in Russian, from the .xlsx gosheet
writes and from an .ods (the round sheets and the Standings written by the .ods writer): every round
sheet and the Standings one page wide (issue 33: page 2 of every round held only the clubs
and countries, the Russian Standings took 2 × 2 pages), their text at 8 pt or more.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1`` (CI)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.libreoffice import convert, needs_soffice
from support.printing import (
    HEIGHT_PER_POINT,
    gosheet,
    require_poppler,
    wide_roster,
    words_by_page,
)

from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.xlsx.book import XlsxBook

pytestmark = needs_soffice
PLAYERS = 45
ROUNDS = 3
HEADERS = {
    # the words each page of a sheet must hold: its names' column and its last column
    ("en", "round"): ("White", "Black", "Black country"),
    ("ru", "round"): ("Белые", "Чёрные", "Страна чёрных"),
    ("en", "standings"): ("Name", "Club", "SODOS"),
    ("ru", "standings"): ("Фамилия", "Клуб", "Бергер (SODOS)"),
}
TITLES = {"en": ("— round", "— standings"), "ru": ("— тур", "— турнирная таблица")}

Words = list[tuple[float, float, float, float, str]]


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """The tournament in each language, 3 rounds played, as an .xlsx and as an .ods, each
    printed by LibreOffice: (language, kind) → its PDF."""
    require_poppler()
    folder = tmp_path_factory.mktemp("wide_print")
    roster = folder / "roster.csv"
    roster.write_text(wide_roster(PLAYERS), encoding="utf-8")
    ods_folder = folder / "ods"
    ods_folder.mkdir()
    books = {}
    for language in ("en", "ru"):
        xlsx = folder / f"cup-{language}.xlsx"
        gosheet("import", roster, "-o", xlsx, "--rounds", 5, "--groups", 3, "--seed", 3,
                "--language", language)  # fmt: skip
        books[language, "xlsx"] = xlsx
        books[language, "ods"] = ods_folder / f"cup-{language}.ods"
    convert(folder, "ods", books["en", "xlsx"], books["ru", "xlsx"], outdir=ods_folder)
    for book in books.values():
        for _ in range(ROUNDS):
            gosheet("pair", book)
            gosheet("simulate", book)
    convert(folder, "pdf", books["en", "xlsx"], books["ru", "xlsx"])
    convert(ods_folder, "pdf", books["en", "ods"], books["ru", "ods"])
    return {key: book.with_suffix(".pdf") for key, book in books.items()}


def sheets_printed(pdf: Path, language: str) -> dict[str, list[Words]]:
    """The PDF's pages of each round sheet (``round 1`` …) and of the Standings, by the
    title in their page header."""
    round_title, standings_title = TITLES[language]
    sheets: dict[str, list[Words]] = {}
    for page in words_by_page(pdf):
        top = min(w[1] for w in page)
        title = " ".join(w[4] for w in sorted(page) if w[1] - top < 2)
        if standings_title in title:  # (before the rounds: "— турнирная" holds "— тур")
            sheets.setdefault("standings", []).append(page)
        elif round_title in title:
            sheets.setdefault(f"round {title.split()[-1]}", []).append(page)
    return sheets


def holds(page: Words, header: str) -> bool:
    """Whether ``header``'s words are on the page (a header may wrap onto two lines)."""
    found = {w[4] for w in page}
    return all(word in found for word in header.split())


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_sheet_one_page_wide(
    printed: dict[tuple[str, str], Path], language: str, kind: str
) -> None:
    """Each round sheet on one page, every player's name on it; the Standings on as few
    pages as its rows need (two at most), each page with the names and the last column."""
    pdf = printed[language, kind]
    sheets = sheets_printed(pdf, language)
    assert sorted(sheets) == [*(f"round {n}" for n in range(1, ROUNDS + 1)), "standings"]
    book = (
        XlsxBook.open(pdf.with_suffix(".xlsx"))
        if kind == "xlsx"
        else OdsBook.open(pdf.with_suffix(".ods"))
    )
    players = book.read().tournament.players
    assert len(players) == PLAYERS
    for sheet, pages in sheets.items():
        what = "standings" if sheet == "standings" else "round"
        assert len(pages) == (1 if what == "round" else len(pages)) <= 2, (sheet, len(pages))
        for page in pages:
            for header in HEADERS[language, what]:
                assert holds(page, header), (sheet, header)
            sizes = sorted((w[3] - w[1]) / HEIGHT_PER_POINT for w in page)
            assert sizes[len(sizes) // 2] >= 8.0, (sheet, sizes[len(sizes) // 2])
        text = " ".join(w[4] for page in pages for w in page)
        for player in players:  # (a name too long for its column wraps, at a space or a hyphen)
            pieces = player.name.replace("-", " ").split()
            assert all(p in text for p in pieces), (sheet, player.name)
