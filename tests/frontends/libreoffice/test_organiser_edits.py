"""A campaign in real LibreOffice: the edits an organiser makes between two gosheet runs.

Each case opens a small tournament in LibreOffice (through UNO, :mod:`support.organiser_edits`),
makes the organiser's edits — rows and columns inserted, deleted and hidden, Players sorted and
filtered, sheets moved, copied and renamed, fonts, colours, widths, frozen panes, results typed
as LibreOffice's input reads them, results as formulas — saves it (.xlsx or .ods), then runs
``gosheet check``, ``pair`` and ``standings`` on it. Each must work, or refuse naming the cell
and the way out (and change nothing). The organiser's own cells, column, sheet and formulas
(made in LibreOffice before the campaign: :data:`OWN`) are still there after gosheet wrote, and
what gosheet wrote reopens in LibreOffice.

One headless LibreOffice for the module (the ``office`` fixture); the workbooks are made once.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import ROSTER_CSV
from support.cli import cli, refused
from support.organiser_edits import edit, freeze, in_office, store

from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice.office import Office

PLAYERS_PART = "xl/worksheets/sheet2.xml"
"""Players in the .xlsx LibreOffice saves (its sheets in order: Settings, Players …)."""
PAID = '=IF(D3>2000;"yes";"no")'
COUNT = "=COUNTA($Players.A2:A100)"
OWN = (
    {"do": "type", "sheet": "Players", "cells": {"J1": "Paid", "J2": "yes", "J3": PAID}},
    {"do": "sheet", "op": "insert", "name": "Notes"},
    {"do": "type", "sheet": "Notes", "cells": {"A1": "Hall booked", "B1": COUNT}},
)
"""The organiser's own column in Players (a formula in it) and own sheet (a formula counting
the players), typed in LibreOffice before every case: never lost."""


@dataclass(frozen=True)
class Case:
    """One organiser's edit: made on ``base`` (``open``: rounds 1 and 2 played; ``paired``:
    round 3 paired too, no result yet), saved as ``suffix``."""

    name: str
    edits: Sequence[dict[str, Any]]
    base: str = "open"
    suffix: str = ".xlsx"
    problems: Sequence[tuple[str, str]] = ()
    """Refused: each problem's place (``Sheet!A1``) and a fragment of its line (the way out)."""
    results: dict[str, str] = field(default_factory=dict)
    """Result cells of Round 3 and what they hold once gosheet read them (rewritten as codes)."""
    formulas: dict[str, str] = field(default_factory=dict)
    """Result cells of Round 3 holding a formula, still there once gosheet wrote."""
    looks: Sequence[tuple[dict[str, Any], dict[str, Any]]] = ()
    """Steps reading the workbook once gosheet wrote (``read``, ``view``), and what they give:
    the organiser's fonts, colours, widths and frozen panes kept."""
    frozen: str | None = None
    """Players frozen above and left of this cell (:func:`support.organiser_edits.freeze`),
    still frozen once gosheet wrote."""
    way_out: Sequence[dict[str, Any]] = ()
    """Refused: the way out the problems say, followed in LibreOffice; then everything works."""
    players: int = 9


def _rows(sheet: str, op: str, at: int, count: int = 1) -> dict[str, Any]:
    return {"do": "rows", "sheet": sheet, "op": op, "at": at, "count": count}


def _columns(sheet: str, op: str, at: str) -> dict[str, Any]:
    return {"do": "columns", "sheet": sheet, "op": op, "at": at}


def _type(sheet: str, **cells: str) -> dict[str, Any]:
    return {"do": "type", "sheet": sheet, "cells": cells}


def _read(sheet: str, cell: str) -> dict[str, Any]:
    return {"do": "read", "sheet": sheet, "cell": cell}


def _sheet(op: str, name: str, **more: Any) -> dict[str, Any]:
    return {"do": "sheet", "op": op, "name": name, **more}


def _sort(column: str, descending: bool = False) -> dict[str, Any]:
    return {"do": "sort", "sheet": "Players", "column": column, "descending": descending}


GENERAL = {"do": "style", "sheet": "Round 3", "range": "H2:H5", "format": 0}
"""Format ▸ Clear Direct Formatting on Round 3's results: no longer formatted as text."""

CASES = [
    Case(
        "players-row-inserted-2-dan",
        [_rows("Players", "insert", 4), _type("Players", A4="Late", B4="Lena", C4="2 dan")],
        players=10,
    ),
    Case("players-empty-row-deleted", [_rows("Players", "delete", 11)]),
    Case(
        "players-column-inserted",
        [_columns("Players", "insert", "B"), _type("Players", B1="Seat", B2="12")],
    ),
    Case("players-column-deleted", [_columns("Players", "delete", "I")]),
    Case("round-row-deleted", [_rows("Round 2", "delete", 7)]),
    Case(
        "round-row-inserted",
        [_rows("Round 3", "insert", 3), _type("Round 3", H2="1-0", H4="0-1", H5="1-0", H6="0-1")],
        base="paired",
        results={"H2": "1-0", "H4": "0-1", "H5": "1-0", "H6": "0-1"},
    ),
    Case(
        "round-column-inserted", [_columns("Round 2", "insert", "A"), _type("Round 2", A1="Note")]
    ),
    Case("sorted-by-name-descending", [_sort("A", descending=True)]),
    Case("sorted-by-rank", [_sort("C")]),
    Case("sorted-by-rating", [_sort("D", descending=True)]),
    Case("sorted-by-country", [_sort("F")]),
    Case(
        "autofilter-rows-filtered-out",
        [{"do": "autofilter", "sheet": "Players", "column": "F", "hide": "PL"}],
    ),
    Case(
        "hidden-rows-and-columns",
        [
            _rows("Players", "hide", 5),
            _columns("Players", "hide", "D"),
            _rows("Round 2", "hide", 3),
        ],
    ),
    Case(
        "own-sheet-moved-first", [_sheet("move", "Notes", at=0), _sheet("move", "Standings", at=1)]
    ),
    Case(
        "fonts-colours-widths-freeze",
        [
            {
                "do": "style",
                "sheet": "Players",
                "range": "A1:J1",
                "bold": True,
                "back": 0xFFFF00,
                "width": 4000,
            },
            {
                "do": "style",
                "sheet": "Round 2",
                "range": "A2:H6",
                "font": "DejaVu Serif",
                "color": 0x0000FF,
            },
        ],
        looks=[
            (_read("Players", "A1"), {"bold": True, "back": 0xFFFF00, "width": 4000}),
            (_read("Players", "J1"), {"bold": True, "back": 0xFFFF00, "width": 4000}),
            (_read("Round 2", "B3"), {"font": "DejaVu Serif", "color": 0x0000FF}),
        ],
        frozen="B2",
    ),
    Case("resaved-unchanged", []),
    Case(
        "results-typed-in-text-cells",
        [_type("Round 3", H2="1-0", H3="W+", H4="1:0", H5="jigo")],
        base="paired",
        results={"H2": "1-0", "H3": "1-0", "H4": "1-0", "H5": "½-½"},
    ),
    Case(
        "results-typed-in-general-cells",
        [GENERAL, _type("Round 3", H2="1:0", H3="0:1", H4="½-½", H5="b+")],
        base="paired",
        results={"H2": "1-0", "H3": "0-1", "H4": "½-½", "H5": "0-1"},
    ),
    Case(
        "results-as-autocorrect-leaves-them",
        [_type("Round 3", H2="½", H3="Jigo", H4="1 – 0", H5="0–1")],
        base="paired",
        results={"H2": "½-½", "H3": "½-½", "H4": "1-0", "H5": "0-1"},
    ),
    Case(
        "column-inserted-before-the-results",
        [
            _columns("Round 3", "insert", "H"),
            _type("Round 3", H1="Clock", I2="1-0", I3="0-1", I4="B+", I5="w+"),
        ],
        base="paired",
        results={"I2": "1-0", "I3": "0-1", "I4": "0-1", "I5": "1-0"},
    ),
    Case(
        "round-columns-deleted",
        [_columns("Round 2", "delete", "C"), _columns("Round 1", "delete", "G")],
    ),
    Case(
        "result-typed-as-a-date",
        [GENERAL, _type("Round 3", H2="1-0", H3="1/2")],
        base="paired",
        problems=[("Round 3!H3", "type ½-½ or = for a jigo")],
        way_out=[_type("Round 3", H3="½-½", H4="0-1", H5="1-0")],
        results={"H2": "1-0", "H3": "½-½", "H4": "0-1", "H5": "1-0"},
    ),
    Case(
        "result-as-a-formula",
        [_type("Round 3", H2='=IF(1;"1-0";"0-1")', H3='=CHAR(48)&"-1"', H4="1-0", H5="1-0")],
        base="paired",
        results={"H2": "1-0", "H3": "0-1", "H4": "1-0", "H5": "1-0"},
        formulas={"H2": '=IF(1;"1-0";"0-1")', "H3": '=CHAR(48)&"-1"'},
    ),
    Case(
        "result-as-a-formula-giving-a-number",
        [GENERAL, _type("Round 3", H2="=1-0", H3="0-1", H4="1-0", H5="0-1")],
        base="paired",
        problems=[("Round 3!H2", "type the result as text, 1-0, 0-1, ½-½ (or make the formula")],
        way_out=[_type("Round 3", H2='="1-0"')],
        results={"H2": "1-0", "H3": "0-1"},
        formulas={"H2": '="1-0"'},
    ),
    Case(
        "player-who-played-deleted",
        [_rows("Players", "delete", 10)],
        problems=[
            ("Round 1!B6", "was his row deleted there? Put it back"),
            ("Round 2!D5", "was his row deleted there? Put it back"),
        ],
        way_out=[
            _rows("Players", "insert", 10),
            _type("Players", A10="Lindqvist", B10="Oskar", C10="20k"),
        ],
    ),
    Case(
        "round-sheet-renamed",
        [_sheet("rename", "Round 2", to="Round 2 Sunday")],
        problems=[("Round 2 Sunday", "rename it 'Round 2'")],
        way_out=[_sheet("rename", "Round 2 Sunday", to="Round 2")],
    ),
    Case(
        "round-sheet-copied",
        [_sheet("copy", "Round 2", to="Round 2_2", at=4)],
        problems=[("Round 2_2", "if this sheet is a copy of it, delete it")],
        way_out=[_sheet("remove", "Round 2_2")],
    ),
    Case(
        "own-copy-of-a-round-kept",
        [_sheet("copy", "Round 2", to="Round 2 print", at=6), _type("Round 2 print", H1="Outcome")],
    ),
    Case("saved-as-ods", [], suffix=".ods"),
    Case(
        "ods-rows-and-columns-deleted-and-inserted",
        [
            _rows("Players", "delete", 11),
            _rows("Round 2", "insert", 3),
            _rows("Round 1", "delete", 7),
            _columns("Players", "insert", "C"),
            _sheet("move", "Notes", at=0),
        ],
        suffix=".ods",
    ),
    Case(
        "ods-sorted-filtered-and-typed",
        [
            _sort("F"),
            {"do": "autofilter", "sheet": "Players", "column": "F", "hide": "PL"},
            GENERAL,
            _type("Round 3", H2="1:0", H3="0-1", H4="jigo", H5="W+"),
        ],
        base="paired",
        suffix=".ods",
        results={"H2": "1-0", "H3": "0-1", "H4": "½-½", "H5": "1-0"},
    ),
]


@pytest.fixture(scope="module")
def bases(tmp_path_factory: pytest.TempPathFactory, office: Office) -> Path:
    """``open.xlsx`` (9 players, rounds 1 and 2 played) and ``paired.xlsx`` (round 3 paired,
    no result yet), each with the organiser's own content (:data:`OWN`), saved by LibreOffice."""
    folder = tmp_path_factory.mktemp("bases")
    roster = folder / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    made = folder / "made.xlsx"
    assert main(["import", str(roster), "-o", str(made), "--rounds", "4", "--seed", "7"]) == 0
    for _ in range(2):
        assert main(["pair", str(made)]) == 0
        assert main(["simulate", str(made)]) == 0
    in_office(office, made, folder / "open.xlsx", *OWN)
    shutil.copyfile(folder / "open.xlsx", folder / "paired.xlsx")
    assert main(["pair", str(folder / "paired.xlsx")]) == 0
    return folder


def _kept(
    office: Office, book: Path, case: Case | None = None, resaved: Path | None = None
) -> dict[str, Any]:
    """``book`` reopened in LibreOffice: its sheets, and the organiser's own content checked
    (the case's results and formulas too); saved again unchanged as ``resaved``."""
    results = case.results if case else {}
    steps: list[dict[str, Any]] = [
        {"do": "open", "path": str(book)},
        {"do": "grid", "sheet": "Players"},
        {"do": "grid", "sheet": "Notes"},
        *({"do": "read", "sheet": "Round 3", "cell": cell} for cell in results),
        {"do": "state"},
        *(step for step, _ in (case.looks if case else ())),
        *([store(resaved)] if resaved else []),
        {"do": "close"},
    ]
    found = edit(office, steps)
    opened, players, notes, *cells, state = found[: 4 + len(results)]
    looks = found[4 + len(results) : 4 + len(results) + len(case.looks if case else ())]
    for (step, expected), look in zip(case.looks if case else (), looks, strict=True):
        width = look.pop("width", None)  # 1/100 mm, kept in characters by .xlsx: rounded
        if "width" in expected:
            assert abs(width - expected["width"]) < 50, step
        assert {key: look[key] for key in expected if key != "width"} == {
            key: value for key, value in expected.items() if key != "width"
        }, step
    assert "Paid" in players["formulas"][0]  # the organiser's own column
    own = [v for row in players["formulas"] for v in row if v.endswith('>2000;"yes";"no")')]
    assert len(own) == 1 and own[0].startswith("=IF(")  # its formula
    assert notes["formulas"][0][0] == "Hall booked"  # the own sheet
    assert notes["formulas"][0][1].startswith("=COUNTA($Players.A2:A")  # its formula
    assert [cell["string"] for cell in cells] == list(results.values())
    formulas = {cell: read["formula"] for cell, read in zip(results, cells, strict=True)}
    if case is not None:  # a result typed as a formula: still a formula
        assert {cell: formulas[cell] for cell in case.formulas} == case.formulas
    return {"sheets": opened["sheets"], "notes": notes["strings"][0], "state": state}


def _works(capsys: pytest.CaptureFixture[str], office: Office, book: Path, case: Case) -> None:
    """check, standings, pair and standings work on ``book``; what gosheet wrote reopens in
    LibreOffice, the organiser's own content kept; saved again unchanged, it is read alike."""
    code, out, err = cli(capsys, "check", book)
    assert code == 0, err
    assert f"{case.players} players" in out
    for command in ("standings", "pair", "standings"):
        code, out, err = cli(capsys, command, book)
        assert code == 0, err
    resaved = book.with_name(f"resaved{book.suffix}")
    kept = _kept(office, book, case, resaved)
    played = 3 if case.base == "open" else 4
    assert f"Round {played}" in kept["sheets"]  # what gosheet wrote, reopened in LibreOffice
    assert float(kept["notes"][1]) == case.players  # the own sheet's formula, recalculated
    code, out, err = cli(capsys, "check", resaved)
    assert code == 0, err
    if case.frozen:
        assert load_workbook(book)["Players"].freeze_panes == case.frozen


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_an_organisers_edit(
    case: Case, bases: Path, office: Office, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    edited = tmp_path / "edited.xlsx"
    shutil.copyfile(bases / f"{case.base}.xlsx", edited)
    book = tmp_path / f"cup{case.suffix}"
    in_office(office, edited, book, *case.edits)
    if case.frozen:
        freeze(book, PLAYERS_PART, case.frozen)
    if case.problems:
        for command in ("check", "pair", "standings"):
            err = refused(capsys, tmp_path, 1, command, book)
            lines = [line.strip() for line in err.splitlines()[1:]]
            assert len(lines) == len(case.problems), err  # every problem, nothing more
            for place, way_out in case.problems:
                [line] = [line for line in lines if line.startswith(place + ":")]
                assert way_out in line, err
        _kept(office, book)  # refused: nothing lost, and it reopens
        mended = tmp_path / "mended" / book.name
        mended.parent.mkdir()
        in_office(office, book, mended, *case.way_out)  # the way out, followed
        book = mended
    _works(capsys, office, book, case)
