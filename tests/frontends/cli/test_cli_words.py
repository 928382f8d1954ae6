"""What a new user meets along the way (issue 33): the README's table of commands, the top of
the standings printed, a merge that takes nothing, the ``--name`` option named."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.books import play_rounds
from support.cli import cli_ok
from support.paths import DEMO_ROSTER, ROOT

from gosheet.core.standings_table import standings_model
from gosheet.frontends.cli.parser import build_parser
from gosheet.workbook.xlsx import XlsxBook


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
