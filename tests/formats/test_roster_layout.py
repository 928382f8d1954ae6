"""Rosters as organisers keep them (:func:`gosheet.formats.roster.read_roster`): a title
merged across the columns and a blank row above the header, a section title inside the list,
a footer, a workbook of several sheets — made with openpyxl and converted by real LibreOffice
(.ods), read with and without the accelerators (pandas + calamine, or gosheet's own readers)."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.cli import cli, cli_ok, refused
from support.libreoffice import convert, needs_soffice

from gosheet import accelerators
from gosheet.core.errors import InputError
from gosheet.formats.roster import Roster, read_roster

NAMES = ["Dupont Jean", "Roy Léa", "Martin Paul", "Petit Anne", "Blanc Luc"]


def registration_book(path: Path, confirmed: bool = False) -> Path:
    """A registration workbook: a sheet of notes first, then the list (French headers), its
    title merged across the columns, a section title merged too, a sum and a count below."""
    book = Workbook()
    notes = book.active
    assert notes is not None
    notes.title = "Infos"
    notes["A1"] = "Salle: Toulouse"
    notes["B3"] = "Nom du responsable"
    sheet = book.create_sheet("Inscriptions")
    sheet["A1"] = "Tournoi de Noël 2026 — inscriptions"
    sheet.merge_cells("A1:F1")
    extra = ["Confirmé"] if confirmed else []
    sheet.append([])
    sheet.append(["Nom", "Prénom", "Niveau", "Club", "Rating", *extra])
    ticks = iter(["x", "oui", None, "✓", "non"])
    rows = [
        ["Dupont", "Jean", "3k", "Paris", 1800],
        ["Roy", "Léa", "1d", "Lyon", 2100],
        ["Martin", "Paul", "5k", "Paris", 1600],
        None,
        ["Petit", "Anne", "2k", "Nice", 1900],
        ["Blanc", "Luc", "10k", "Nice", None],
    ]
    for row in rows:
        if row is None:
            sheet.append(["Inscriptions tardives"])
            sheet.merge_cells(f"A{sheet.max_row}:F{sheet.max_row}")
        else:
            sheet.append(row + ([next(ticks)] if confirmed else []))
    sheet.append([])
    sheet.append(["Total", None, None, None, 7400])
    sheet.append(["5 inscrits"])
    book.save(path)
    return path


def said(roster: Roster) -> list[str]:
    return [str(note) for note in roster.notes]


EXPECTED_NOTES = [
    "roster.xlsx: Inscriptions!A1: 'Tournoi de Noël 2026 — inscriptions': above the header "
    "row (row 3): not read",
    "roster.xlsx: Inscriptions!A7: 'Inscriptions tardives': read as a section title, not as a "
    "player",
    "roster.xlsx: Inscriptions!A11: 'Total': read as a footer, not as a player",
    "roster.xlsx: Inscriptions!A12: '5 inscrits': read as a footer, not as a player",
]


@pytest.mark.parametrize("pure", [False, True], ids=["calamine", "pure"])
def test_a_registration_workbook_is_read_as_kept(tmp_path: Path, pure: bool) -> None:
    path = registration_book(tmp_path / "roster.xlsx")
    if pure:
        with accelerators.pure():
            roster = read_roster(path)
    else:
        roster = read_roster(path)
    assert [p.name for p in roster.players] == NAMES
    assert (roster.sheet, roster.header_row, roster.language) == ("Inscriptions", 2, "fr")
    assert said(roster) == EXPECTED_NOTES


@needs_soffice
@pytest.mark.parametrize("pure", [False, True], ids=["calamine", "pure"])
def test_the_same_saved_by_libreoffice_as_ods(tmp_path: Path, pure: bool) -> None:
    """LibreOffice writes the merged title's covered cells, and the SUM's value."""
    source = registration_book(tmp_path / "roster.xlsx")
    made = tmp_path / "made"
    made.mkdir()
    ods = convert(made, "ods", source) / "roster.ods"
    if pure:
        with accelerators.pure():
            roster = read_roster(ods)
    else:
        roster = read_roster(ods)
    assert [p.name for p in roster.players] == NAMES
    assert [n.replace("roster.ods", "roster.xlsx") for n in said(roster)] == EXPECTED_NOTES


def test_a_csv_with_a_title_line(tmp_path: Path) -> None:
    path = tmp_path / "roster.csv"
    path.write_text(
        "Open de printemps;;\n;;\nNom;Prénom;Niveau\nDupont;Jean;3k\nRoy;Léa;1d\nTotal : 2;;\n",
        encoding="utf-8",
    )
    for pure in (False, True):
        with accelerators.pure() if pure else accelerators.pure(()):
            roster = read_roster(path)
        assert [p.name for p in roster.players] == ["Dupont Jean", "Roy Léa"]
        assert roster.sheet is None
        assert said(roster)[-1] == "roster.csv!A6: 'Total : 2': read as a footer, not as a player"


def test_no_roster_in_any_sheet_is_told_of_the_first(tmp_path: Path) -> None:
    book = Workbook()
    first = book.active
    assert first is not None
    first["A1"] = "Notes"
    book.create_sheet("Other")["A1"] = "Nothing"
    book.save(tmp_path / "roster.xlsx")
    with pytest.raises(InputError) as refusal:
        read_roster(tmp_path / "roster.xlsx")
    assert str(refusal.value.problems[0]) == (
        "roster.xlsx: Sheet!A1: no 'Name' column in the header row (looked for in the first "
        "10 rows)"
    )


def test_import_says_the_sheet_the_header_and_the_rows_left(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = registration_book(tmp_path / "roster.xlsx", confirmed=True)
    out = cli_ok(capsys, "import", roster, "-o", tmp_path / "cup.xlsx", "--language", "en")
    lines = out.splitlines()
    assert lines[1:3] == [
        "Read the sheet 'Inscriptions' (the first that holds a roster).",
        "The header row is row 3.",
    ]
    assert lines[3:-1] == [f"  {note}" for note in EXPECTED_NOTES]
    assert lines[-1].startswith("No name given: the tournament is called 'Go tournament'")
    players = load_workbook(tmp_path / "cup.xlsx")["Players"]
    header = [cell.value for cell in players[1]]
    assert "Confirmé" in header  # the organiser's column, as typed
    at = header.index("Confirmé")
    assert [players.cell(r, at + 1).value for r in range(2, 7)] == ["x", "oui", None, "✓", "non"]
    out = cli_ok(capsys, "pair", tmp_path / "cup.xlsx")
    assert out.splitlines()[0] == (
        "Left out of round 1, not confirmed (2): Blanc Luc, Martin Paul."
    )


def test_a_bad_tick_in_the_roster_is_refused_naming_its_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = registration_book(tmp_path / "roster.xlsx", confirmed=True)
    book = load_workbook(roster)
    book["Inscriptions"]["F5"] = "peut-être"
    book.save(roster)
    err = refused(capsys, tmp_path, 1, "import", roster, "-o", tmp_path / "cup.xlsx")
    assert (
        "roster.xlsx: Inscriptions!F5: 'peut-être': expected yes (or x, ✓) or no; a blank "
        "cell: not confirmed" in err
    )
    code, _out, _err = cli(capsys, "check", tmp_path / "cup.xlsx")
    assert code != 0  # nothing written
