"""gosheet ▸ Print pack, in real headless LibreOffice (as ``test_libreoffice_ratings.py``
runs it): the entry in the menu and the toolbar, and the PDF written beside a paired
demo workbook with every player in it. A document never saved is refused before gosheet
runs (the macros' logic, without LibreOffice).

Missing LibreOffice skips the LibreOffice tests, unless ``GOSHEET_REQUIRE_SOFFICE=1``,
which makes them fail instead.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from support.libreoffice import act
from support.names_order import EXPECTED, ROSTER, first_names_of_lines
from support.printing import gosheet, laid_out, pdf_pages, squeezed

from gosheet.formats.pack.language import printing
from gosheet.frontends.libreoffice.build import (
    ACTIONS,
    MACRO_PYTHONPATH,
    menu_url,
    script_url,
)
from gosheet.frontends.libreoffice.office import (
    Office,
)
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.xlsx.book import XlsxBook

if str(MACRO_PYTHONPATH) not in sys.path:
    sys.path.append(str(MACRO_PYTHONPATH))  # as LibreOffice does for the macro script
from gosheet_lo import actions, errors, files

PRINT = script_url("PrintPack")


def _print(office: Office, book: Path) -> dict[str, Any]:
    """Open ``book``, choose gosheet ▸ Print pack; the outcome and the document's state."""
    return act(office, book, PRINT)


def test_print_pack_is_in_the_menu_and_the_toolbar_after_explain(office: Office) -> None:
    assert ACTIONS[5] == ("PrintPack", "P~rint pack", "Print pack")
    [addons] = office.check([{"do": "addons"}])
    [menu] = addons["menus"].values()
    entries = [(item["URL"], item["Title"]) for item in menu["items"]]
    assert entries[7:9] == [
        (menu_url("explain"), "~Explain the last round"),
        (menu_url("print_pack"), "P~rint pack"),
    ]
    [toolbar] = addons["toolbars"].values()
    assert (toolbar[5]["URL"], toolbar[5]["Title"]) == (menu_url("print_pack"), "Print pack")


def test_print_pack_writes_the_pdf_beside_the_workbook(office: Office, tmp_path: Path) -> None:
    folder = tmp_path / "Cup 2024 été"  # a file: URL with spaces and accents, decoded
    folder.mkdir()
    book = folder / "cup.xlsx"
    gosheet("demo", book)  # paired and played
    tournament = XlsxBook.open(book).read().tournament
    before = book.read_bytes()

    found = _print(office, book)
    outcome = found["outcome"]
    target = folder / "cup.pack.pdf"
    assert outcome == {
        "ok": True,
        "message": f"Print pack of round {len(tournament.rounds)} written to {target}: "
        "pairings by table and by name, result slips, standings and crosstable.",
        "problems": [],
        "action": "print_pack",
    }
    assert not found["state"]["modified"] and found["state"]["undo"] == []  # nothing written
    assert book.read_bytes() == before
    text = squeezed("".join(pdf_pages(target)))
    names = labels(tournament.players).values()
    assert names and all(squeezed(name) in text for name in names)

    found = _print(office, book)  # again: the older pack replaced
    assert found["outcome"]["ok"], found
    assert sorted(p.name for p in folder.iterdir()) == ["cup.pack.pdf", "cup.xlsx"]


def test_print_pack_lists_names_as_the_language_reads_them(office: Office, tmp_path: Path) -> None:
    """In LibreOffice's own Python (pyuca from the extension), a Russian tournament's
    "where do I play?" lists the Cyrillic names first, then Łukasiewicz among the L's and
    Ødegård among the O's, as the command prints it."""
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    book = tmp_path / "cup.xlsx"
    gosheet("import", roster, "-o", book, "--rounds", "3", "--language", "ru")
    gosheet("pair", book)
    found = _print(office, book)
    assert found["outcome"]["ok"], found
    text = laid_out(tmp_path / "cup.pack.pdf")
    title = printing("ru")("Round {number}: where do I play?").format(number=1)
    by_name = text[text.index(title) :]
    assert first_names_of_lines(by_name)[: len(EXPECTED["ru"])] == EXPECTED["ru"]


class _Unsaved:
    """A Calc document never saved: no URL."""

    def supportsService(self, name: str) -> bool:
        return name == "com.sun.star.sheet.SpreadsheetDocument"

    def getURL(self) -> str:
        return ""

    def getSheets(self) -> object:
        raise AssertionError("an unsaved document is refused before its cells are read")


def test_an_unsaved_document_is_told_to_save_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOSHEET_NO_DIALOGS", "1")
    outcome = json.loads(actions.run("print_pack", (_Unsaved(),)))
    assert outcome == {
        "ok": False,
        "message": "Save the workbook first: the print pack is written beside it.",
        "problems": [],
        "action": "print_pack",
    }


@pytest.mark.parametrize(
    "operations",
    [
        [],
        [{"op": "set"}],
        [{"op": "file", "suffix": "/x.pdf", "base64": "AA=="}],
        [{"op": "file", "suffix": ".pack.pdf", "base64": "not base64!"}],
    ],
)
def test_an_answer_without_a_good_file_writes_nothing(
    operations: list[dict[str, Any]], tmp_path: Path
) -> None:
    with pytest.raises(errors.Failure, match="not understood"):
        files.write_beside(str(tmp_path / "cup.ods"), operations)
    assert list(tmp_path.iterdir()) == []
