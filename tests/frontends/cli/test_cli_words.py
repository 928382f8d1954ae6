"""What a new user meets along the way (issue 33): the README's table of commands, the top of
the standings printed, a merge that takes nothing, the ``--name`` option named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import play_rounds
from support.cli import cli, cli_ok
from support.paths import DEMO_ROSTER, ROOT
from support.printing import pdf_pages

from gosheet.core.standings_table import standings_model
from gosheet.frontends.cli import main
from gosheet.frontends.cli.parser import build_parser
from gosheet.i18n import words
from gosheet.workbook.xlsx.book import XlsxBook


def readme_commands() -> set[str]:
    """The commands of the README's table "The commands" (``gosheet NAME …`` in its rows)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    table = text.split("## The commands", 1)[1].lstrip().split("\n\n", 1)[0]
    return set(re.findall(r"^\| `gosheet ([a-z-]+)", table, flags=re.MULTILINE))


def parser_commands() -> set[str]:
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert sub.choices is not None
    return set(sub.choices)


def test_the_readme_table_lists_every_command() -> None:
    assert parser_commands() - readme_commands() == set()
    assert readme_commands() - parser_commands() == set()


def columns(line: str) -> list[str]:
    """A printed table's line, cell by cell (the cells two spaces apart at least)."""
    return re.split(r"\s{2,}", line.strip())


def test_standings_prints_the_top_of_the_standings(
    demo_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``gosheet standings`` prints the first lines of the standings as ``pair`` prints its
    round: place, player, rank and the system's deciding scores — the columns the published
    pages' short standings show (``StandingsModel.deciding``) — and where the whole table is."""
    out = cli_ok(capsys, "standings", demo_book).splitlines()
    tournament = XlsxBook.open(demo_book).read().tournament
    model = standings_model(tournament)
    assert out[0] == f"Standings after round 5 (the first 10 of {len(model.rows)} players):"
    headers = ["Place", "Name", "Rank", *(model.keys[i] for i in model.deciding())]
    assert columns(out[1]) == headers
    assert {"Wins", "MMS", "SOS"} <= set(headers)  # the seed McMahon's criteria and its score
    rows = [line for line in out if any(p.name in line for p in tournament.players)]
    assert len(rows) == 10
    first = model.rows[0]
    values = [str(int(first.values[i])) for i in model.deciding()]
    assert rows[0].split() == ["1", *first.player.name.split(), first.player.rank_text, *values]
    assert out[2] == "  Group 1"
    assert (
        out[-2]
        == "The whole table, every player and the crosstable: the Standings sheet of cup.xlsx."
    )
    assert out[-1].startswith("Saved ")


def test_standings_of_another_game_have_no_rank(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "oware.xlsx"
    options = ["--game", "oware", "--system", "swiss", "--rounds", "3", "--seed", "2"]
    cli_ok(capsys, "import", DEMO_ROSTER, "-o", book, *options)
    play_rounds(book, 2)
    out = cli_ok(capsys, "standings", book).splitlines()
    model = standings_model(XlsxBook.open(book).read().tournament)
    assert columns(out[1]) == ["Place", "Name", *(model.keys[i] for i in model.deciding())]
    assert "Points" in out[1] and "Rank" not in out[1]


def unnamed_oware(folder: Path, capsys: pytest.CaptureFixture[str], language: str) -> Path:
    """An Oware tournament in ``language``, its Tournament cell emptied, two rounds played."""
    book = folder / "oware.xlsx"
    options = ["--game", "oware", "--system", "swiss", "--rounds", "3", "--seed", "2"]
    cli_ok(capsys, "import", DEMO_ROSTER, "-o", book, *options, "--language", language)
    workbook = load_workbook(book)
    settings = workbook.worksheets[0]  # Settings, its labels in the workbook's language
    label = words.local("Tournament", language, words.SETTING_NAMES)
    row = next(row for row in settings.iter_rows(min_row=2) if row[0].value == label)
    row[1].value = None
    workbook.save(book)
    return play_rounds(book, 2)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_an_unnamed_oware_tournament_is_not_a_go_tournament_in_print(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str
) -> None:
    """An Oware tournament whose Tournament cell is empty: the print pack's pages and the
    published pages say "Oware tournament" in the workbook's language, never "Go"."""
    book = unnamed_oware(tmp_path, capsys, language)
    title = words.local("Oware tournament", language, words.TITLES)
    assert XlsxBook.open(book).read().tournament.settings.name == title
    cli_ok(capsys, "print", book)
    pages = pdf_pages(book.with_suffix(".pack.pdf"))
    assert pages and all(title in page for page in pages)
    assert not any(re.search(r"\bgo\b", page, flags=re.IGNORECASE) for page in pages)
    cli_ok(capsys, "publish", book, "-o", tmp_path / "site")
    for page in (tmp_path / "site").glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert f"— {title}</title>".replace("'", "&#39;") in html, page.name
        assert not re.search(r"\bgo\b", html.replace("gosheet", ""), flags=re.IGNORECASE)


def test_a_new_workbooks_document_title_is_the_tournaments(tmp_path: Path) -> None:
    """The template's document title ("Go tournament", a PDF's title when the office suites
    print the workbook) is the tournament's name."""
    for options, title in ((["--game", "oware"], "Oware tournament"), (["--name", "Cup"], "Cup")):
        book = tmp_path / f"{title}.xlsx"
        assert main(["new", str(book), *options]) == 0
        assert load_workbook(book).properties.title == title


def test_new_and_import_name_the_name_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--name`` the summary says what the tournament is called and how to name it;
    with one, or from an OpenGotha file (its own name), nothing of it; the help names it."""
    out = cli_ok(capsys, "new", tmp_path / "a.xlsx", "--game", "oware")
    assert "No name given: the tournament is called 'Oware tournament' for now" in out
    assert "Settings sheet (row 'Tournament')" in out
    assert "or give it with '--name' when making the workbook." in out
    out = cli_ok(capsys, "import", DEMO_ROSTER, "-o", tmp_path / "b.xlsx")
    assert "'Go tournament' for now" in out and "'--name'" in out
    out = cli_ok(capsys, "import", DEMO_ROSTER, "-o", tmp_path / "c.xlsx", "--name", "Cup")
    assert "--name" not in out
    for command in ("new", "import"):
        code, usage, _err = cli(capsys, command, "--help")
        assert code == 0 and "--name NAME" in usage and "the tournament's name" in usage
