"""``gosheet … --system roundrobin``: a whole all-play-all through the command line, for go
and for Oware (first and second player), its rounds proposed, its standings."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.books import sheet_table, write_csv
from support.cli import cli, cli_ok


@pytest.mark.parametrize("game", ["go", "oware"])
def test_a_whole_round_robin(tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    roster = write_csv(
        tmp_path / "club.csv",
        ["Name", "First name", "Rank" if game == "go" else "Rating"],
        [("Ali", "A", "2k" if game == "go" else 1500), ("Bo", "B", "5k" if game == "go" else 1400),
         ("Cy", "C", "1d" if game == "go" else 1600), ("Di", "D", "9k" if game == "go" else 1300),
         ("Ed", "E", "3k" if game == "go" else 1450)],
    )  # fmt: skip
    book = tmp_path / "club.xlsx"
    out = cli_ok(capsys, "import", roster, "-o", book, "--system", "roundrobin", "--game", game)
    assert "5 rounds proposed for 5 players (all play all" in out
    met: set[frozenset[str]] = set()
    for number in range(1, 6):
        cli_ok(capsys, "pair", book)
        header, rows = sheet_table(book, f"Round {number}")
        left, right = ("White", "Black") if game == "go" else ("First player", "Second player")
        games = [r for r in rows if r["Table"] != "Bye"]
        assert len(games) == 2 and sum(r["Table"] == "Bye" for r in rows) == 1
        met |= {frozenset((r[left], r[right])) for r in games}
        cli_ok(capsys, "simulate", book)
    assert len(met) == 10, "every pair of the five met once"
    code, _, err = cli(capsys, "pair", book)
    assert code == 3 and "rounds are paired" in err
    header, rows = sheet_table(book, "Standings")
    assert header[-3:] == ["Points", "Sonneborn-Berger", "Direct encounter"]
    assert len(rows) == 5


@pytest.mark.parametrize(
    ("system", "code"), [("roundrobin", 3), ("mcmahon", 0), ("fus", 0), ("swiss", 0)]
)
def test_more_rounds_than_the_field_allows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, code: int
) -> None:
    """Three players and six rounds: after three rounds everyone has met everyone. No exit
    code says a round cannot be paired, because one always can: the round robin's schedule is
    over (exit 3, the action does not fit the tournament's state, saying why); seed McMahon
    and FUS, which never repeat a pairing, give each player a technical win; Swiss pairs a
    game again."""
    roster = write_csv(
        tmp_path / "three.csv", ["Name", "Rank"], [("Ali", "2k"), ("Bo", "5k"), ("Cy", "1d")]
    )
    book = tmp_path / "three.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--system", system, "--rounds", "6")
    for _round in range(3):
        cli_ok(capsys, "pair", book)
        cli_ok(capsys, "simulate", book)
    result, _out, err = cli(capsys, "pair", book)
    assert result == code, err
    if system == "roundrobin":
        assert "round robin: every one of the 3 rounds is paired" in err
        return
    _header, rows = sheet_table(book, "Round 4")
    byes = [r for r in rows if r["Table"] == "Bye"]
    assert len(byes) == (3 if system in ("mcmahon", "fus") else 1)
