"""Workbooks in tests: reading a sheet as rows, the Settings sheet, roster files,
playing rounds, a demo in a language, and damaging a saved workbook."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from openpyxl import Workbook, load_workbook
from openpyxl.worksheet.worksheet import Worksheet

from gosheet.frontends.cli import main
from gosheet.i18n import catalog, words
from gosheet.workbook.port import Grid
from gosheet.workbook.xlsx.book import XlsxBook

BOOK = "cup.xlsx"
"""The file name the ``open_book`` and ``demo_book`` fixtures use."""
BACKUP = "cup.backup.xlsx"

ROSTER_CSV = """\
Name,First name,Rank,Rating,Club,Country,EGD PIN
Ivanova,Maria,4d,2380,Moscow,RU,12345678
Kowalski,Piotr,3d,,Warszawa,PL,
García,Lucía,2k,1920,Barcelona,ES,
Müller,Jonas,3k,,Hamburg,DE,
Dubois,Luc,2d,2170,Paris,FR,
Novak,Jan,1d,,Praha,CZ,
O'Brien,Sean,12k,890,Dublin,IE,
Nagy,Eszter,4k,,Budapest,HU,
Lindqvist,Oskar,20k,120,Göteborg,SE,
"""
"""Nine Go players of many countries, ranks from 4d to 20k, some ratings missing."""


def rows_of(ws: Worksheet) -> list[dict[str, Any]]:
    """A sheet's non-blank rows below its header, as {header: value}."""
    grid = [list(r) for r in ws.iter_rows(values_only=True)]
    if not grid:
        return []
    header = grid[0]
    return [dict(zip(header, r, strict=False)) for r in grid[1:] if any(v is not None for v in r)]


def sheet_table(book: Path, name: str) -> tuple[list[Any], list[dict[str, Any]]]:
    """Sheet ``name`` of the saved workbook ``book``: its header row, and its
    non-blank rows below as {header: value}."""
    ws = load_workbook(book)[name]
    header: list[Any] = [c.value for c in ws[1]]
    return header, rows_of(ws)


def sheet_rows(path: Path, sheet: str) -> Grid:
    """Every row of a sheet of the saved workbook ``path``, header included, as lists."""
    ws = load_workbook(path)[sheet]
    return [list(row) for row in ws.iter_rows(values_only=True)]


def setting(book: Path, label: str) -> Any:
    """The value beside ``label`` in the Settings sheet."""
    for row in load_workbook(book)["Settings"].iter_rows(values_only=True):
        if row and row[0] == label:
            return row[1]
    raise KeyError(label)


def set_setting(book: Path, label: str, value: Any) -> None:
    """Type ``value`` beside ``label`` in the Settings sheet, as an organiser would."""
    workbook = load_workbook(book)
    ws = workbook["Settings"]
    for row in ws.iter_rows(min_row=1):
        if row[0].value == label:
            row[1].value = value
            workbook.save(book)
            return
    raise KeyError(label)


def write_csv(path: Path, header: Sequence[str], rows: Iterable[Sequence[object]]) -> Path:
    """A UTF-8 roster file: ``header`` then ``rows`` (None written as an empty field)."""
    lines = [",".join(header)] + [",".join("" if v is None else str(v) for v in r) for r in rows]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def play_rounds(path: Path, rounds: int) -> Path:
    """Pair and simulate ``rounds`` rounds of the saved workbook ``path`` (through
    :mod:`gosheet.app.actions`, saving after each round)."""
    from gosheet.app import actions  # here: the workbook helpers need no application layer

    for _ in range(rounds):
        book = XlsxBook.open(path)
        actions.pair(book)
        actions.simulate(book)
        book.save()
    return path


def leftovers(folder: Path) -> list[str]:
    """gosheet's temporary and lock files in ``folder`` and its history folder."""
    found = []
    for place in (folder, folder / "cup.history"):
        if place.is_dir():
            found += [p.name for p in place.iterdir() if p.name.endswith((".tmp", ".lock"))]
    return found


def damage(path: Path, change: Callable[[Workbook], Any]) -> None:
    """Open the saved workbook with openpyxl, ``change`` it and save it again."""
    workbook = load_workbook(path)
    change(workbook)
    workbook.save(path)


def column_of(ws: Worksheet, header: str) -> str:
    """The letter of the column headed ``header`` (row 1)."""
    for cell in ws[1]:
        if cell.value == header:
            return str(cell.column_letter)
    raise AssertionError(f"no column {header!r} in {ws.title}")


def row_of(ws: Worksheet, header: str, value: object) -> int:
    """The row where column ``header`` holds ``value``."""
    letter = column_of(ws, header)
    for cell in ws[letter]:
        if cell.value == value:
            return int(cell.row)
    raise AssertionError(f"no {value!r} in column {header!r} of {ws.title}")


def cell_of(ws: Worksheet, key_header: str, key: object, header: str) -> str:
    """The coordinate of ``header``'s cell in the row where ``key_header`` is ``key``."""
    return f"{column_of(ws, header)}{row_of(ws, key_header, key)}"


def demo_in(folder: Path, language: str, rounds: int) -> Path:
    """``gosheet demo --rounds 2 --language LANGUAGE`` as ``folder/LANGUAGE.xlsx``, its Rounds
    setting then made ``rounds`` (rounds left to pair); messages back in English."""
    path = folder / f"{language}.xlsx"
    assert main(["demo", str(path), "--rounds", "2", "--language", language]) == 0
    catalog.use("en")
    wb = load_workbook(path)
    settings = wb.worksheets[0]
    for row in settings.iter_rows(min_row=2):
        if words.canonical(row[0].value, words.SETTING_NAMES) == "Rounds":
            row[1].value = rounds
    wb.save(path)
    return path
