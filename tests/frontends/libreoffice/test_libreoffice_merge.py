"""gosheet ▸ Merge helpers' copies, in real headless LibreOffice (issue 27, point 5): the
extension installed in a profile of its own, the workbook opened, the macro given the copies'
paths (as the file picker gives them) or dispatched from the menu (the picker, which a headless
office cancels), the workbook saved and read back — the same results as ``gosheet merge``.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1``, which makes
them fail instead.
"""

from __future__ import annotations

import json
import shutil
from contextlib import suppress
from pathlib import Path
from typing import Any

from support.libreoffice import act
from support.ods_files import demo_copy

from gosheet.app import workbooks
from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice.build import COPIES, script_url
from gosheet.frontends.libreoffice.office import LibreOfficeError, Office
from gosheet.workbook.books import open_book
from gosheet.workbook.port import CellValue

MERGE = script_url(COPIES[0])
ODS = "calc8"


def paired(folder: Path) -> Path:
    """The demo made by LibreOffice (round 1 played), round 2 paired, no result in it."""
    book = demo_copy(folder)
    workbooks.pair(book)
    return book


def copy_of(book: Path, name: str, cells: dict[str, CellValue]) -> Path:
    """A helper's copy with results typed in Round 2 (saved by gosheet's own writer)."""
    target = book.with_name(name)
    shutil.copyfile(book, target)
    copy = open_book(target)
    for cell, value in cells.items():
        copy.set_cell("Round 2", cell, value)
    copy.save(backup=False)
    return target


def results(path: Path) -> list[CellValue]:
    grid = open_book(path).grids()["Round 2"]
    at = grid[0].index("Result")
    return [row[at] if len(row) > at else None for row in grid[1:]]


def merged_in_office(office: Office, book: Path, copies: list[Path], out: Path) -> dict[str, Any]:
    """Open ``book``, run Merge helpers' copies with ``copies``, save to ``out``, close."""
    steps: list[dict[str, Any]] = [
        {"do": "open", "path": str(book)},
        {"do": "invoke", "url": MERGE, "args": [str(c) for c in copies]},
        {"do": "state"},
        {"do": "store", "path": str(out), "filter": ODS},
        {"do": "close"},
    ]
    try:
        found = office.check(steps)
    finally:
        with suppress(LibreOfficeError):
            office.run([{"do": "close_all"}])
    return {"outcome": json.loads(found[1]["result"]), "state": found[2]}


def test_the_menu_merges_the_copies_as_the_command_does(office: Office, tmp_path: Path) -> None:
    book = paired(tmp_path)
    anna = copy_of(book, "anna.ods", {"H2": "W+", "H3": "n+"})
    ben = copy_of(book, "ben.ods", {"H3": "0-1", "H4": "="})
    (tmp_path / "carl").mkdir()
    carl = demo_copy(tmp_path / "carl", ".xlsx")  # an .xlsx copy: read in LibreOffice's Python
    workbooks.pair(carl)  # round 2 as in the workbook (the same seed)
    carl = copy_of(carl, "carl.xlsx", {"H5": "1-0!"})
    found = merged_in_office(office, book, [anna, ben, carl], tmp_path / "out.ods")
    outcome = found["outcome"]
    assert outcome["ok"], outcome
    assert outcome["message"].startswith(
        "4 results taken from the copies (2 from anna.ods, 1 from ben.ods, 1 from carl.xlsx); "
        "11 already in demo.ods."
    )
    assert found["state"]["undo"][0] == "gosheet: Merge helpers' copies"
    by_command = tmp_path / "command.ods"
    shutil.copyfile(book, by_command)
    assert main(["merge", str(by_command), str(anna), str(ben), str(carl)]) == 0
    assert results(tmp_path / "out.ods") == results(by_command)
    assert results(by_command)[:4] == ["1-0", "0-1", "½-½", "1-0!"]


def test_results_typed_differently_change_nothing(office: Office, tmp_path: Path) -> None:
    book = paired(tmp_path)
    anna = copy_of(book, "anna.ods", {"H2": "1-0"})
    ben = copy_of(book, "ben.ods", {"H2": "0-1"})
    found = merged_in_office(office, book, [anna, ben], tmp_path / "out.ods")
    outcome = found["outcome"]
    assert not outcome["ok"]
    assert (
        "Round 2!H2: results typed differently: 1-0 in anna.ods, 0-1 in ben.ods"
        in (outcome["message"])
    )
    assert not found["state"]["modified"] and not found["state"]["undo"]
    assert results(tmp_path / "out.ods") == results(book)


def test_the_menu_entry_asks_for_the_copies(office: Office, tmp_path: Path) -> None:
    """Dispatched from the menu, the macro opens the file picker; a headless office cancels
    it at once: nothing chosen, nothing changed."""
    book = paired(tmp_path)
    found = act(office, book, MERGE)
    assert found["outcome"] == {
        "ok": False,
        "message": "No copy chosen; nothing was changed.",
        "problems": [],
        "action": "merge",
    }
    assert not found["state"]["modified"]
