"""Check-in from the command line: ``gosheet print BOOK --what checkin`` (the list to tick),
``pair`` leaving out the players not confirmed (the Players sheet's Confirmed column) and
saying who, and the status through OpenGotha's files (registeringStatus PRE / FIN)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import ROSTER_CSV
from support.cli import cli, cli_ok, refused
from support.printing import laid_out, pdf_pages

from gosheet.core.errors import ConsistencyError

TICKS = ["x", "yes", "", "✓", "no", "x", "", "x", "x"]  # Kowalski… : see ROSTER_CSV


def checked_in(folder: Path, ticks: list[str] = TICKS, language: str = "en") -> Path:
    """A roster with a Confirmed column (as ``ticks``) made a workbook."""
    lines = ROSTER_CSV.strip().splitlines()
    rows = [lines[0] + ",Confirmed"] + [
        f"{row},{t}" for row, t in zip(lines[1:], ticks, strict=True)
    ]
    (folder / "roster.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder / "roster.csv"


def names(csv: Path, wanted: bool) -> list[str]:
    lines = csv.read_text(encoding="utf-8").strip().splitlines()[1:]
    kept = [line.split(",") for line in lines]
    out = [f"{r[0]} {r[1]}" for r in kept if (r[-1] not in ("", "no")) == wanted]
    return sorted(out)


def test_pair_leaves_out_who_is_not_confirmed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = checked_in(tmp_path)
    cli_ok(capsys, "import", roster, "-o", tmp_path / "cup.xlsx")
    absent = names(roster, wanted=False)
    out = cli_ok(capsys, "check", tmp_path / "cup.xlsx")
    assert out.splitlines()[-1] == (
        f"Not confirmed, left out of round 1 by the next pair ({len(absent)}): {', '.join(absent)}."
    )
    out = cli_ok(capsys, "pair", tmp_path / "cup.xlsx")
    assert out.splitlines()[0] == (
        f"Left out of round 1, not confirmed ({len(absent)}): {', '.join(absent)}."
    )
    paired = "\n".join(line for line in out.splitlines() if line.startswith("  "))
    assert all(name not in paired for name in absent)
    assert all(name in paired for name in names(roster, wanted=True))
    cli_ok(capsys, "simulate", tmp_path / "cup.xlsx")
    out = cli_ok(capsys, "pair", tmp_path / "cup.xlsx")  # still not confirmed: still out
    assert out.splitlines()[0].startswith(f"Left out of round 2, not confirmed ({len(absent)})")


def test_a_late_arrival_ticked_is_paired_from_the_next_round(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = checked_in(tmp_path)
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster, "-o", book)
    cli_ok(capsys, "pair", book)
    cli_ok(capsys, "simulate", book)
    workbook = load_workbook(book)
    players = workbook["Players"]
    header = [c.value for c in players[1]]
    column = header.index("Confirmed") + 1
    players.cell(4, column).value = "x"  # García came during round 1
    workbook.save(book)
    out = cli_ok(capsys, "pair", book)
    assert "García Lucía" not in out.splitlines()[0]
    assert any("García Lucía" in line for line in out.splitlines()[1:])
    cli_ok(capsys, "check", book)


def test_nobody_confirmed_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = checked_in(tmp_path, ticks=[""] * 9)
    cli_ok(capsys, "import", roster, "-o", tmp_path / "cup.xlsx")
    err = refused(capsys, tmp_path, ConsistencyError.exit_code, "pair", tmp_path / "cup.xlsx")
    assert "Nobody is confirmed in the 'Confirmed' column of the 'Players' sheet" in err


def test_the_checkin_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    roster = checked_in(tmp_path)
    cli_ok(capsys, "import", roster, "-o", tmp_path / "cup.xlsx", "--name", "Open de Noël")
    out = cli_ok(capsys, "print", tmp_path / "cup.xlsx", "--what", "checkin")
    pdf = tmp_path / "cup.checkin.pdf"
    assert out.strip() == f"Wrote {pdf}: the check-in list of 9 players."
    page = laid_out(pdf)
    assert "Check-in — Open de Noël" in page
    rows = [re.sub(r"\s+", " ", line.strip()) for line in page.splitlines() if "☐" in line]
    assert len(rows) == 9
    assert rows[0] == "☐ Dubois Luc Paris 2d 2170 FR"  # by name
    assert "☐ Ivanova Maria Moscow 4d 2380 RU" in rows
    assert "☐ Kowalski Piotr Warszawa 3d PL" in rows  # no rating


def test_the_checkin_list_in_french_before_round_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = checked_in(tmp_path)
    cli_ok(capsys, "import", roster, "-o", tmp_path / "cup.xlsx", "--language", "fr")
    cli_ok(capsys, "print", tmp_path / "cup.xlsx", "--what", "checkin", "-o", tmp_path / "l.pdf")
    (page,) = pdf_pages(tmp_path / "l.pdf")
    assert "Accueil —" in page
    assert "Cochez chaque joueur" in page
    assert "« Confirmé »" in page or "'Confirmé'" in page


def test_checkin_prints_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli_ok(capsys, "import", checked_in(tmp_path), "-o", tmp_path / "cup.xlsx")
    code, _out, err = cli(capsys, "print", tmp_path / "cup.xlsx", "--what", "checkin,slips")
    assert code == 2  # as any other wrong --what
    assert "'--what checkin': the check-in list is a document of its own; print it alone" in err
    assert not (tmp_path / "cup.checkin.pdf").exists()


def test_confirmed_through_opengotha_and_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = checked_in(tmp_path)
    cli_ok(capsys, "import", roster, "-o", tmp_path / "cup.xlsx")
    cli_ok(capsys, "export", tmp_path / "cup.xlsx", "-o", tmp_path / "cup.xml")
    xml = (tmp_path / "cup.xml").read_text(encoding="utf-8")
    status = dict(re.findall(r'<Player [^>]*?name="([^"]+)"[^>]*?registeringStatus="(\w+)"', xml))
    absent = {name.split()[0] for name in names(roster, wanted=False)}
    assert {name for name, s in status.items() if s == "PRE"} == absent
    assert {s for name, s in status.items() if name not in absent} == {"FIN"}
    assert 'participating="11111111111111111111"' in xml  # his own rounds: every one
    cli_ok(capsys, "import", tmp_path / "cup.xml", "-o", tmp_path / "back.xlsx")
    players = load_workbook(tmp_path / "back.xlsx")["Players"]
    header = [c.value for c in players[1]]
    registration = header.index("Registration")
    kept = {row[0]: row[registration] for row in players.iter_rows(min_row=2, values_only=True)}
    assert {name for name, s in kept.items() if s == "PRE"} == absent
    out = cli_ok(capsys, "pair", tmp_path / "back.xlsx")
    assert out.splitlines()[0].startswith(f"Left out of round 1, not confirmed ({len(absent)})")
