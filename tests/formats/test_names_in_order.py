"""Every list sorted by name, in the order the tournament's language reads names
(gosheet/i18n/collation.py), read back where the organiser and the players see it: the pack's
"where do I play?" (``pdftotext``), the check-in list, the published index, the Standings
sheet's players tied on everything, the players ``pair`` leaves out unconfirmed.

Fourteen players of one rank: Łukasiewicz and Ødegård were listed after Zieliński when the
lists were sorted by their letters without accents (Ł and Ø have no accent to take away).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.books import sheet_rows
from support.cli import cli_ok
from support.names_order import EXPECTED, ROSTER, first_names_of_lines
from support.printing import gosheet, laid_out

from gosheet.i18n import words


@pytest.fixture(scope="module", params=["en", "ru", "ca"])
def book(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tournament in that language, round 1 paired (no result yet)."""
    folder = tmp_path_factory.mktemp(f"names-{request.param}")
    roster = folder / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    made = folder / "cup.xlsx"
    gosheet("import", roster, "-o", made, "--rounds", "3", "--language", request.param)
    gosheet("pair", made)
    return made


def language_of(book: Path) -> str:
    return book.parent.name.split("-")[1].rstrip("0123456789")


def test_where_do_i_play_in_the_pack(book: Path) -> None:
    pdf = book.with_name("names.pdf")
    gosheet("print", book, "-o", pdf, "--what", "names")
    assert first_names_of_lines(laid_out(pdf)) == EXPECTED[language_of(book)]


def test_the_check_in_list(book: Path) -> None:
    pdf = book.with_name("checkin.pdf")
    gosheet("print", book, "-o", pdf, "--what", "checkin")
    assert first_names_of_lines(laid_out(pdf)) == EXPECTED[language_of(book)]


def test_the_published_index(book: Path) -> None:
    site = book.with_name("site")
    gosheet("publish", book, "-o", site)
    index = (site / "index.html").read_text(encoding="utf-8")
    listed = re.findall(r'<li><a href="player-[^"]+">([^<]+)</a></li>', index)
    assert listed == EXPECTED[language_of(book)]
    round_page = (site / "round-1.html").read_text(encoding="utf-8")
    by_name = round_page[round_page.index('<table class="seats">') :]  # the round by name
    rows = [" ".join(row.split()) for row in by_name.split("</tr>")]
    assert first_names_of_lines("\n".join(rows)) == EXPECTED[language_of(book)]


def test_standings_ties_in_name_order(book: Path) -> None:
    """One rank, no result yet: every player ties on every criterion (and rank and rating);
    the Standings sheet lists them by name."""
    gosheet("standings", book)
    language = language_of(book)
    grid = sheet_rows(book, words.local("Standings", language, words.SHEETS))
    header = grid[0]
    surname = header.index(words.local("Name", language, words.PLAYERS))
    first = header.index(words.local("First name", language, words.PLAYERS))
    listed = [f"{row[surname]} {row[first]}" for row in grid[1:] if row[surname]]
    assert listed == EXPECTED[language]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_players_left_out_unconfirmed(
    language: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` and ``pair`` name the players not confirmed in the same order."""
    confirmed = {"Mayer", "Olsen"}
    lines = ROSTER.strip().splitlines()
    rows = [lines[0] + ",Confirmed"]
    rows += [f"{line},{'x' if line.split(',')[0] in confirmed else ''}" for line in lines[1:]]
    roster = tmp_path / "roster.csv"
    roster.write_text("\n".join(rows) + "\n", encoding="utf-8")
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--language", language)
    out = cli_ok(capsys, "check", book).splitlines()[-1]
    absent = [n for n in EXPECTED[language] if n.split()[0] not in confirmed]
    assert out.endswith(f": {', '.join(absent)}."), out
