"""Registration lists made and edited in real LibreOffice (through UNO,
:mod:`support.organiser_edits`): a roster typed there — a title merged across the columns, a
section title merged across them, a sum and a count as formulas below, a sheet of notes before
it — and a gosheet workbook whose Players sheet was given the same in LibreOffice, with a
Confirmed column ticked; each saved as .xlsx and .ods, then imported, checked and paired."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.books import ROSTER_CSV
from support.cli import cli_ok
from support.organiser_edits import in_office

from gosheet.frontends.libreoffice.office import Office


def blank_book(path: Path) -> Path:
    """Two empty sheets, "Notes" and "Inscriptions", for LibreOffice to fill."""
    book = Workbook()
    first = book.active
    assert first is not None
    first.title = "Notes"
    book.create_sheet("Inscriptions")
    book.save(path)
    return path


TYPED = {
    "A1": "Tournoi de Noël 2026 — inscriptions",
    "A3": "Nom",
    "B3": "Prénom",
    "C3": "Niveau",
    "D3": "Club",
    "E3": "Rating",
    "A4": "Dupont",
    "B4": "Jean",
    "C4": "3k",
    "D4": "Paris",
    "E4": "1800",
    "A5": "Roy",
    "B5": "Léa",
    "C5": "1d",
    "D5": "Lyon",
    "E5": "2100",
    "A6": "Inscriptions tardives",
    "A7": "Petit",
    "B7": "Anne",
    "C7": "2k",
    "D7": "Nice",
    "E7": "1900",
    "A9": "Total",
    "E9": "=SUM(E4:E7)",
    "A10": '=COUNTA(A4:A5;A7)&" inscrits"',
}


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_a_roster_typed_in_libreoffice(
    office: Office, tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    roster = tmp_path / f"roster{suffix}"
    in_office(
        office,
        blank_book(tmp_path / "blank.xlsx"),
        roster,
        {"do": "type", "sheet": "Notes", "cells": {"A1": "Salle: Toulouse", "B2": "=1+1"}},
        {"do": "type", "sheet": "Inscriptions", "cells": TYPED},
        {"do": "merge", "sheet": "Inscriptions", "range": "A1:E1"},
        {"do": "merge", "sheet": "Inscriptions", "range": "A6:E6"},
    )
    out = cli_ok(capsys, "import", roster, "-o", tmp_path / "cup.xlsx", "--language", "en")
    assert out.splitlines()[-1].startswith("No name given: the tournament is called")
    assert out.splitlines()[1:-1] == [
        "Read the sheet 'Inscriptions' (the first that holds a roster).",
        "The header row is row 3.",
        f"  roster{suffix}: Inscriptions!A1: 'Tournoi de Noël 2026 — inscriptions': above the "
        "header row (row 3): not read",
        f"  roster{suffix}: Inscriptions!A6: 'Inscriptions tardives': read as a section title, "
        "not as a player",
        f"  roster{suffix}: Inscriptions!A9: 'Total': read as a footer, not as a player",
        f"  roster{suffix}: Inscriptions!A10: '3 inscrits': read as a footer, not as a player",
    ]
    players = load_workbook(tmp_path / "cup.xlsx")["Players"]
    assert [row[0] for row in players.iter_rows(min_row=2, max_row=4, values_only=True)] == [
        "Dupont",
        "Roy",
        "Petit",
    ]


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
def test_players_kept_as_a_registration_list_in_libreoffice(
    office: Office, tmp_path: Path, capsys: pytest.CaptureFixture[str], suffix: str
) -> None:
    """Two rows inserted above the header for a merged title; a merged section title inside
    the list; a count below it; a Confirmed column ticked (x, ✓, blank): ``check`` says what
    it did not read, ``pair`` leaves out the players not confirmed and writes in place."""
    (tmp_path / "roster.csv").write_text(ROSTER_CSV, encoding="utf-8")
    made = tmp_path / "made.xlsx"
    cli_ok(capsys, "import", tmp_path / "roster.csv", "-o", made)
    header = [c.value for c in load_workbook(made)["Players"][1]]
    count = sum(1 for _ in ROSTER_CSV.strip().splitlines()) - 1  # players
    confirmed = chr(ord("A") + len(header))  # the first free column
    last = chr(ord("A") + len(header))
    ticks = {f"{confirmed}{r}": ("x" if r % 3 else "") for r in range(4, 4 + count)}
    ticks[f"{confirmed}4"] = "✓"
    book = tmp_path / f"cup{suffix}"
    in_office(
        office,
        made,
        book,
        {"do": "rows", "sheet": "Players", "op": "insert", "at": 1, "count": 2},
        {"do": "type", "sheet": "Players", "cells": {"A1": "Open de printemps — inscrits"}},
        {"do": "merge", "sheet": "Players", "range": f"A1:{last}1"},
        {"do": "type", "sheet": "Players", "cells": {f"{confirmed}3": "Confirmed", **ticks}},
        {"do": "rows", "sheet": "Players", "op": "insert", "at": 7, "count": 1},
        {"do": "type", "sheet": "Players", "cells": {"A7": "Late registrations"}},
        {"do": "merge", "sheet": "Players", "range": f"A7:{last}7"},
        {
            "do": "type",
            "sheet": "Players",
            "cells": {f"A{count + 6}": f'=COUNTA(A4:A{count + 4})-1&" players"'},
        },
    )
    out = cli_ok(capsys, "check", book)
    assert "Players!A1: 'Open de printemps — inscrits': above the header row (row 3)" in out
    assert "Players!A7: 'Late registrations': read as a section title, not as a player" in out
    assert f"Players!A{count + 6}: '{count} players': read as a footer, not as a player" in out
    out = cli_ok(capsys, "pair", book)
    first = out.splitlines()[0]
    assert first.startswith("Left out of round 1, not confirmed (")
    left = first.split(": ", 1)[1].rstrip(".").split(", ")
    paired = [line for line in out.splitlines() if line.startswith("  ")]
    assert all(name not in line for name in left for line in paired)
    out = cli_ok(capsys, "check", book)  # read again after gosheet wrote: the same
    assert "Late registrations" in out
