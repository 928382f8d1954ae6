"""The Oware workbook opens and prints cleanly in LibreOffice, with no Go
vocabulary left in it (issue: "checked by a headless conversion to PDF in the
tests").

An Oware tournament is built through the command line (a roster without ranks
or ratings, three rounds paired and simulated), and an empty one with
``gosheet new --game oware``; both are converted to PDF by a headless
LibreOffice (the test worker's one, ``support.libreoffice.convert``: a profile of
its own, its whole process group killed at the end) and read back with ``pdftotext``.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from support.libreoffice import convert, needs_soffice
from support.printing import pdf_pages
from support.swiss import OWARE_PLAYERS

from gosheet.frontends.cli import main

pytestmark = needs_soffice
TIMEOUT = 600  # a ceiling for a hung LibreOffice, not a wait

PLAYERS = OWARE_PLAYERS
GO_WORDS = (
    "White",
    "Black",
    "Komi",
    "Handicap",
    "Rank",
    "kyu",
    "dan",
    "stone",
    "stones",
    "McMahon",
    "MMS",
    "jigo",
    "nigiri",
)
GO_WORD = re.compile(r"\b(" + "|".join(GO_WORDS) + r")\b", re.IGNORECASE)
GO_ITSELF = re.compile(r"\bGo\b", re.IGNORECASE)  # "go" as a whole word, not "gosheet"
ROUNDS = 3


@dataclass(frozen=True)
class Printed:
    pdf: Path
    pages: list[str]  # the text of each page

    @property
    def text(self) -> str:
        return "\n".join(self.pages)

    @property
    def squeezed(self) -> str:
        """The text without any white space (PDF text may split or join words)."""
        return re.sub(r"\s+", "", self.text)


def gosheet(*args: object) -> None:
    assert main([str(a) for a in args]) == 0


def read_pdf(pdf: Path) -> Printed:
    assert pdf.is_file() and pdf.stat().st_size > 0, f"{pdf} was not written"
    assert pdf.read_bytes().startswith(b"%PDF")
    return Printed(pdf, pdf_pages(pdf))


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Printed]:
    """Both workbooks, built through the command line and printed by one
    headless LibreOffice run."""
    folder = tmp_path_factory.mktemp("oware_print")
    roster = folder / "roster.csv"
    roster.write_text(
        "Name,First name,Club\n" + "".join(f"{a},{b},{c}\n" for a, b, c in PLAYERS),
        encoding="utf-8",
    )
    gosheet("import", roster, "-o", folder / "book.xlsx", "--game", "oware", "--seed", "2024")
    for _ in range(ROUNDS):
        gosheet("pair", folder / "book.xlsx")
        gosheet("simulate", folder / "book.xlsx")
    gosheet("new", folder / "empty.xlsx", "--game", "oware", "--seed", "5")

    out = convert(folder, "pdf", folder / "book.xlsx", folder / "empty.xlsx", outdir=folder / "pdf")
    return {name: read_pdf(out / f"{name}.pdf") for name in ("book", "empty")}


def test_the_tournament_prints(printed: dict[str, Printed]) -> None:
    """Every sheet prints (Settings, Players, three rounds, Standings: at least
    six pages), no page is blank, and every player's name is there."""
    book = printed["book"]
    assert len(book.pages) >= 2 + ROUNDS + 1
    blank = [i + 1 for i, page in enumerate(book.pages) if not page.strip()]
    assert blank == []
    for surname, first, _club in PLAYERS:
        assert f"{surname}{first}" in book.squeezed, surname


def test_the_tournament_speaks_of_first_and_second_player(printed: dict[str, Printed]) -> None:
    """The round sheets print the First player and Second player columns, the
    page headers name each round and the standings, and a round's columns are
    not split over two pages (its Result column prints on the page of its
    First player column; the Standings' last tiebreak on its Points' page)."""
    book = printed["book"]
    squeezed_pages = [re.sub(r"\s+", "", page) for page in book.pages]
    rounds = [p for p in squeezed_pages if "Firstplayer" in p]
    assert len(rounds) >= ROUNDS
    for page in rounds:
        assert "Secondplayer" in page and "Result" in page and "Table" in page
    for number in range(1, ROUNDS + 1):
        assert f"Owaretournament—round{number}" in book.squeezed
    assert re.search(r"standings\s*after\s*round\s*3", book.text, re.IGNORECASE)
    standings = [p for p in squeezed_pages if "Points" in p and "Buchholz" in p]
    assert standings, "no Standings page"
    for page in standings:
        assert "Sonneborn-Berger" in page and "Wins" in page
    assert re.search(r"\d+[+=-]!?/[12]", book.text)  # the crosstable: /1 and /2


def test_the_empty_workbook_prints(printed: dict[str, Printed]) -> None:
    """`gosheet new --game oware`: the Settings and Players sheets print, with
    the tournament's name in the page header and the Players columns."""
    empty = printed["empty"]
    assert len(empty.pages) >= 2
    assert all(page.strip() for page in empty.pages)
    assert "Owaretournament" in empty.squeezed
    for column in ("Name", "First name", "Rating", "Tier", "Club", "Not playing"):
        assert column in empty.text
    assert "Random seed" in empty.text and "Points for a bye" in empty.text


@pytest.mark.parametrize("name", ["book", "empty"])
def test_no_go_vocabulary(printed: dict[str, Printed], name: str) -> None:
    """None of White, Black, Komi, Handicap, Rank, kyu, dan, stone(s), McMahon,
    MMS, jigo, nigiri is printed, in any case, as a whole word."""
    found = sorted({m.group(0) for m in GO_WORD.finditer(printed[name].text)})
    assert found == []


@pytest.mark.parametrize("name", ["book", "empty"])
def test_no_go_as_a_word(printed: dict[str, Printed], name: str) -> None:
    """Nor the word Go itself (as a whole word: "gosheet" does not count)."""
    text = printed[name].text
    found = [text[max(0, m.start() - 30) : m.end() + 30] for m in GO_ITSELF.finditer(text)]
    assert found == []


@pytest.mark.parametrize("name", ["book", "empty"])
def test_the_pdfs_title_is_the_tournaments(printed: dict[str, Printed], name: str) -> None:
    """LibreOffice titles the PDF with the workbook's document title: the tournament's
    name, no longer the template's "Go tournament" (issue 33)."""
    info = subprocess.run(
        ["pdfinfo", str(printed[name].pdf)], capture_output=True, text=True, check=True
    ).stdout
    title = next(line for line in info.splitlines() if line.startswith("Title:"))
    assert title.split(":", 1)[1].strip() == "Oware tournament"
