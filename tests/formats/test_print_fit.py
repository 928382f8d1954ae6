"""The pack's lists fit their pages (issue 27): a field of 44 to 46 players (22 or 23 tables,
a bye) has its pairing list by table and its crosstable on one page each; a list too long
for one page (120 players) is shared evenly between as few pages as hold it, with no page
of a few orphans. Club and country are in both pairing lists when the roster has them, and
no column of them when nobody has one. Read back with ``pdftotext`` and ``pdfinfo``, and
looked at (``pdftoppm``): nothing outside the margins, the type of the wall's list at 10
points or more."""

from __future__ import annotations

import functools
import itertools
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from PIL import Image
from support.printing import (
    TIMEOUT,
    field_book,
    gosheet,
    needs_poppler,
    pdf_pages,
    squeezed,
    wide_roster,
    words_by_page,
)

from gosheet.workbook.sheets.names import labels
from gosheet.workbook.xlsx.book import XlsxBook

pytestmark = needs_poppler
SIZES = (44, 45, 46, 120)


@functools.cache
def printed(count: int, clubs: bool = True) -> tuple[Path, tuple[str, ...]]:
    """The pack (pairings, names, crosstable) of a field of ``count`` players in its
    third round, and the players' names as the lists write them."""
    folder = Path(tempfile.mkdtemp(prefix=f"gosheet-fit-{count}-"))
    book = field_book(folder, count, rounds=3, clubs=clubs)
    pdf = folder / "pack.pdf"
    gosheet("print", book, "-o", pdf, "--what", "pairings,names,crosstable")
    players = XlsxBook.open(book).read().tournament.players
    return pdf, tuple(labels(players).values())


def part(pages: list[str], title: str) -> list[str]:
    """The pages of the part titled ``title`` (each page repeats its heading)."""
    found = [page for page in pages if title in page]
    assert found, title
    return found


def names_on(page: str, names: tuple[str, ...]) -> int:
    text = squeezed(page)
    return sum(text.count(squeezed(name)) for name in names)


@pytest.mark.parametrize("count", SIZES[:3])
def test_a_field_of_22_or_23_tables_on_one_page(count: int) -> None:
    pdf, names = printed(count)
    pages = pdf_pages(pdf)
    by_table = part(pages, "pairings by table")
    assert len(by_table) == 1, f"{count} players: the list by table on {len(by_table)} pages"
    assert names_on(by_table[0], names) == count
    assert len(part(pages, "Crosstable")) == 1
    by_name = part(pages, "where do I play?")
    assert len(by_name) <= 2
    shares = [names_on(page, names) for page in by_name]
    assert max(shares) - min(shares) <= 3, shares  # a name and its opponent a row


def test_a_long_list_shared_evenly() -> None:
    pdf, names = printed(120)
    pages = pdf_pages(pdf)
    by_table = part(pages, "pairings by table")
    assert len(by_table) <= 3  # 61 rows: in landscape, the club column leaves 10 points
    shares = [names_on(page, names) for page in by_table]
    assert sum(shares) == 120 and max(shares) - min(shares) <= 2, shares
    crosstable = part(pages, "Crosstable")
    rows = [names_on(page, names) for page in crosstable]
    assert len(crosstable) <= 3 and max(rows) - min(rows) <= 1, rows
    by_name = part(pages, "where do I play?")
    shares = [names_on(page, names) for page in by_name]
    assert len(by_name) <= 5 and max(shares) - min(shares) <= 3, shares
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    pages_said = int(re.search(r"Pages:\s+(\d+)", info.stdout).group(1))  # type: ignore[union-attr]
    assert pages_said == len(pages) == len(by_table) + len(by_name) + len(crosstable)


@pytest.mark.parametrize("count", (45, 120))
def test_club_and_country_in_both_lists(count: int) -> None:
    pages = pdf_pages(printed(count)[0])
    for title in ("pairings by table", "where do I play?"):
        text = "".join(part(pages, title))
        assert "Club (Country)" in text, title
        assert "Berlin (DE)" in text and "København (DK)" in text, title


def test_no_club_column_when_nobody_has_one() -> None:
    pages = pdf_pages(printed(45, clubs=False)[0])
    for title in ("pairings by table", "where do I play?"):
        text = "".join(part(pages, title))
        assert "Club" not in text and "Country" not in text, title
    assert len(part(pages, "pairings by table")) == 1


@pytest.mark.parametrize("count", (45, 120))
def test_the_pages_look_right(count: int, tmp_path: Path) -> None:
    """Every page with ink, none within 5 mm of the paper's edge; the wall's list in type
    of 10 points or more (its rows at least 10 · 1.55 points apart)."""
    pdf = printed(count)[0]
    subprocess.run(
        ["pdftoppm", "-r", "30", "-png", str(pdf), str(tmp_path / "p")], check=True, timeout=TIMEOUT
    )
    for picture in sorted(tmp_path.glob("p-*.png")):
        image = Image.open(picture).convert("L")
        box = Image.eval(image, lambda v: 255 if v < 200 else 0).getbbox()
        assert box is not None, f"{picture.name} is blank"
        edge = round(5 / 25.4 * 30)
        assert box[0] >= edge and box[1] >= edge, picture.name
        assert box[2] <= image.width - edge and box[3] <= image.height - edge, picture.name
    layout = subprocess.run(
        ["pdftotext", "-bbox", "-f", "1", "-l", "1", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    tables = [
        float(m.group(1))
        for m in re.finditer(r'<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>(\d+)</word>', layout)
    ]
    gaps = [b - a for a, b in itertools.pairwise(tables) if b > a]
    assert gaps and min(gaps) >= 10 * 1.55 - 0.5, min(gaps)


def type_sizes(pdf: Path) -> list[float]:
    """Each page's type size: the median height of its words' boxes (``pdftotext -bbox``;
    DejaVu Sans' box is as high as its type is large)."""
    sizes = []
    for words in words_by_page(pdf):
        heights = sorted(bottom - top for _left, top, _right, bottom, _word in words)
        sizes.append(heights[len(heights) // 2])
    return sizes


@pytest.mark.parametrize("long", [False, True])
def test_the_wall_list_of_45_players_on_one_page_in_12_points(tmp_path: Path, long: bool) -> None:
    """The pairing list by table of 45 players (22 tables and a bye) on one page in 12 points
    or more (issue 33: 8 points with long names and clubs): with its club and country column
    when the clubs are short, without it when long names and long clubs leave no room."""
    if long:
        roster = tmp_path / "roster.csv"
        roster.write_text(wide_roster(45), encoding="utf-8")
        book = tmp_path / "cup.xlsx"
        gosheet("import", roster, "-o", book, "--rounds", 5, "--groups", 3, "--seed", 3)
        gosheet("pair", book)
    else:
        book = field_book(tmp_path, 45, rounds=1)
    pdf = tmp_path / "wall.pdf"
    gosheet("print", book, "-o", pdf, "--what", "pairings")
    pages = pdf_pages(pdf)
    assert len(pages) == 1
    assert type_sizes(pdf)[0] >= 12.0
    players = XlsxBook.open(book).read().tournament.players
    assert names_on(pages[0], tuple(labels(players).values())) == 45
    assert ("Club (Country)" in pages[0]) is not long
    if long:
        assert "Константинопольский Александр" in pages[0]
