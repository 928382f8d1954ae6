"""The Excel button "Print pack" on xlwings' remote Book (see ``test_excel_xlwings.py``):
the last round's pack written beside the workbook, the workbook unchanged; a workbook never
saved (its full name only a name) is told to save first."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.excel_client import ExcelClient, remote_opener
from support.printing import gosheet as run_gosheet
from support.printing import pdf_pages, squeezed

import gosheet.excel
from gosheet.frontends.excel.template import convert
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.xlsx.book import XlsxBook


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, Any]], Any]:
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    return remote_opener()


def press(
    remote: Callable[[dict[str, Any]], Any], client: ExcelClient, fullname: str
) -> tuple[str, list[dict[str, Any]]]:
    """Press Print pack in a workbook whose full name is ``fullname``."""
    data = client.payload()
    data["book"]["name"] = fullname  # the remote Book's fullname is its name
    book = remote(data)
    message = gosheet.excel.print_pack(book)
    sent: list[dict[str, Any]] = book.json()["actions"]
    client.apply(sent)
    return message, sent


def test_the_button_writes_the_pack_beside_the_workbook(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    xlsx = tmp_path / "demo.xlsx"
    run_gosheet("demo", xlsx)
    tournament = XlsxBook.open(xlsx).read().tournament
    path = convert(xlsx, tmp_path / "cup.xlsm")
    client = ExcelClient.from_file(path)

    message, sent = press(remote, client, str(path))

    target = tmp_path / "cup.pack.pdf"
    assert message == (
        f"Print pack of round {len(tournament.rounds)} written to {target}: pairings by "
        "table and by name, result slips, standings and crosstable."
    )
    assert [a["func"] for a in sent] == ["alert"]  # not a cell written
    assert client.alerts[-1][:4] == [message, "gosheet", "ok", "info"]
    text = squeezed("".join(pdf_pages(target)))
    names = labels(tournament.players).values()
    assert names and all(squeezed(name) in text for name in names)


def test_a_workbook_never_saved_is_told_to_save_first(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    xlsx = tmp_path / "demo.xlsx"
    run_gosheet("demo", xlsx)
    client = ExcelClient.from_file(convert(xlsx, tmp_path / "cup.xlsm"))
    monkeypatch.chdir(tmp_path)
    before = sorted(tmp_path.iterdir())

    message, sent = press(remote, client, "Book1")

    assert message == "Save the workbook first: the print pack is written beside it."
    assert [a["func"] for a in sent] == ["alert"]
    assert sorted(tmp_path.iterdir()) == before  # nothing in the current folder
