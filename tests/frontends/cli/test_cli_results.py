"""``gosheet export BOOK -o OUT.h9 | OUT.tou``, ``--format aga -o OUT.txt``: the results files
of the demo tournament (seed McMahon), a FUS and a Swiss tournament, and of an imported
OpenGotha file."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import cli, cli_ok
from support.paths import DEMO_ROSTER, fixture
from support.results_files import read_h9


def played(capsys: pytest.CaptureFixture[str], tmp_path: Path, system: str) -> Path:
    book = tmp_path / f"{system}.xlsx"
    if system == "demo":
        cli_ok(capsys, "demo", book, "--rounds", "3")
        return book
    cli_ok(capsys, "import", DEMO_ROSTER, "-o", book, "--system", system, "--rounds", "3")
    for _ in range(3):
        cli_ok(capsys, "pair", book)
        cli_ok(capsys, "simulate", book)
    return book


@pytest.mark.parametrize("system", ["demo", "fus", "swiss"])
def test_every_system_exports_all_three(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, system: str
) -> None:
    book = played(capsys, tmp_path, system)
    h9, tou, aga = tmp_path / "out.h9", tmp_path / "out.tou", tmp_path / "out.txt"
    text = cli_ok(capsys, "export", book, "-o", h9)
    assert "EGF results" in text and "today's date" in text
    header, lines = read_h9(h9.read_bytes())
    assert header[0].startswith("; CL[") and len(lines) == 23
    assert all(len(x.games) == 3 for x in lines)
    names = {x.name for x in lines}
    for x in lines:  # every game is seen from both sides, with the opposite result
        for r, (opponent, result, _, colour, hd) in enumerate(x.games):
            if opponent:
                back = next(y for y in lines if y.name == opponent).games[r]
                assert back[0] == x.name and {result, back[1]} in ({"+", "-"}, {"="})
                assert {colour, back[3]} == {"w", "b"} and hd == back[4]
    assert names
    assert "FFG results" in cli_ok(capsys, "export", book, "-o", tou)
    assert tou.read_bytes().startswith(b";name=")
    assert "AGA results" in cli_ok(capsys, "export", book, "--format", "aga", "-o", aga)
    assert aga.read_text(encoding="iso-8859-15").count("GAMES ") == 3  # as OpenGotha
    code, _, err = cli(capsys, "export", book, "-o", h9)
    assert code == 5 and "--force" in err  # an existing file is kept


def test_settings_of_an_opengotha_file_reach_the_header(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book, h9 = tmp_path / "cup.xlsx", tmp_path / "cup.h9"
    cli_ok(capsys, "import", fixture("toulouse2024"), "-o", book)
    cli_ok(capsys, "export", book, "-o", h9)
    header, _ = read_h9(h9.read_bytes())
    assert "; PC[,Puycelsi]" in header and "; DT[2024-05-18,2024-05-20]" in header
    assert "; CM[Fischer]" in header and "; TM[80]" in header  # 40 min + 120 × 20 s


def test_oware_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "oware.xlsx"
    cli_ok(capsys, "new", book, "--game", "oware")
    code, _, err = cli(capsys, "export", book, "-o", tmp_path / "x.h9")
    assert code == 3 and "for go" in err
