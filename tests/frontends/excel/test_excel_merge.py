"""The button "Merge helpers' copies" (issue 27, point 5) on real xlwings Books — xlwings'
remote engine, as in ``test_excel_xlwings.py`` (Excel itself is not on this machine: its client
is :class:`~support.excel_client.ExcelClient`) — and xlwings Lite's script, which takes the
copies dropped on Lite's files: the same results as ``gosheet merge`` on the same files; a
result typed differently in two places writes nothing. Excel's Open dialog, which only
desktop Excel has, is Excel's own: a stand-in answers for it."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import demo_in
from support.excel_client import ExcelClient, remote_opener, run

import gosheet.excel
from gosheet.app import workbooks
from gosheet.frontends.cli import main
from gosheet.frontends.excel import lite_run
from gosheet.frontends.excel.xlwings_book import XlwingsBook
from gosheet.workbook.books import open_book
from gosheet.workbook.port import CellValue
from gosheet.workbook.sheets import STANDINGS


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, Any]], Any]:
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    return remote_opener()


def paired(folder: Path) -> Path:
    """4 rounds, 2 played, round 3 paired without a result."""
    book = demo_in(folder, "en", rounds=4)
    target = book.rename(folder / "cup.xlsx")
    workbooks.pair(target)
    return target


def copy_of(book: Path, folder: Path, name: str, cells: dict[str, CellValue]) -> Path:
    folder.mkdir(exist_ok=True)
    target = folder / name
    shutil.copyfile(book, target)
    copy = open_book(target)
    for cell, value in cells.items():
        copy.set_cell("Round 3", cell, value)
    copy.save(backup=False)
    return target


def rows(path: Path, sheet: str) -> list[list[Any]]:
    return trimmed([list(r) for r in load_workbook(path)[sheet].iter_rows(values_only=True)])


def trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    rows = [list(r) for r in rows]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((i + 1 for r in rows for i, v in enumerate(r) if v is not None), default=0)
    return [(r + [None] * width)[:width] for r in rows]


def test_the_button_merges_as_gosheet_merge_does(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    book = paired(tmp_path)
    mail = tmp_path / "mail"
    anna = copy_of(book, mail, "anna.xlsx", {"H2": "W+", "H3": "b"})
    ben = copy_of(book, mail, "ben.xlsx", {"H3": "0-1", "H4": "jigo"})
    on_file = Path(shutil.copy(book, tmp_path / "file.xlsx"))
    assert main(["merge", str(on_file), str(anna), str(ben)]) == 0
    client = ExcelClient.from_file(book)

    message, sent = run(remote, client, lambda b: gosheet.excel.merge_copies(b, [anna, ben]))

    assert message.startswith(
        "3 results taken from the copies (2 from anna.xlsx, 1 from ben.xlsx); 22 were already in"
    )
    assert sent[-1]["func"] == "alert" and sent[-1]["args"][3] == "info"
    for sheet in ("Round 3", STANDINGS):
        assert trimmed(client.sheet(sheet).rows()) == rows(on_file, sheet), sheet
    assert client.coerced == []


def test_results_typed_differently_write_nothing(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    book = paired(tmp_path)
    anna = copy_of(book, tmp_path / "mail", "anna.xlsx", {"H2": "1-0"})
    ben = copy_of(book, tmp_path / "mail", "ben.xlsx", {"H2": "0-1"})
    client = ExcelClient.from_file(book)
    message, sent = run(remote, client, lambda b: gosheet.excel.merge_copies(b, [anna, ben]))
    assert [a["func"] for a in sent] == ["alert"] and sent[0]["args"][3] == "critical"
    assert message.startswith("1 problem found — nothing was changed:")
    assert "Round 3!H2: results typed differently: 1-0 in anna.xlsx, 0-1 in ben.xlsx" in message


def test_without_an_open_dialog_the_button_says_what_to_do(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    client = ExcelClient.from_file(paired(tmp_path))
    message, sent = run(remote, client, gosheet.excel.merge_copies)  # Excel on the web
    assert [a["func"] for a in sent] == ["alert"]
    assert "gosheet merge BOOK.xlsx COPY…" in message and "nothing was changed" in message


class OpenDialog:
    """Desktop Excel's ``Application.GetOpenFilename`` (the stand-in for Excel itself)."""

    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.asked: tuple[Any, ...] = ()

    def GetOpenFilename(self, *args: Any) -> Any:
        self.asked = args
        return self.answer


class DesktopBook:
    def __init__(self, dialog: OpenDialog) -> None:
        self.app = type("App", (), {"api": dialog, "engine": type("E", (), {"name": "excel"})})()


def test_desktop_excel_offers_its_open_dialog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    dialog = OpenDialog(("C:\\mail\\anna.xlsx", "C:\\mail\\ben.ods"))
    port = XlwingsBook(DesktopBook(dialog))  # type: ignore[arg-type]
    kinds = "Workbooks (*.xlsx;*.xlsm;*.ods),*.xlsx;*.xlsm;*.ods"
    assert port.pick_files("Choose", kinds) == ["C:\\mail\\anna.xlsx", "C:\\mail\\ben.ods"]
    assert dialog.asked == (kinds, 1, "Choose", None, True)  # several files at once
    assert XlwingsBook(DesktopBook(OpenDialog(False))).pick_files("Choose", kinds) == []  # type: ignore[arg-type]


def test_lite_takes_the_copies_dropped_on_its_files(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = paired(tmp_path)
    files = tmp_path / "data"
    copy_of(book, files, "anna.xlsx", {"H2": "1-0"})
    (files / "notes.txt").write_text("not a workbook")
    on_file = Path(shutil.copy(book, tmp_path / "file.xlsx"))
    assert main(["merge", str(on_file), str(files / "anna.xlsx")]) == 0
    capsys.readouterr()
    client = ExcelClient.from_file(book)
    message, sent = run(remote, client, lambda b: lite_run.run("merge_copies", b, files))
    assert message.startswith("1 result taken from the copies (1 from anna.xlsx)")
    assert capsys.readouterr().out == message + "\n"  # Lite shows what is printed
    assert "alert" not in {a["func"] for a in sent}
    assert trimmed(client.sheet("Round 3").rows()) == rows(on_file, "Round 3")
    empty = tmp_path / "empty"
    empty.mkdir()
    message, sent = run(remote, client, lambda b: lite_run.run("merge_copies", b, empty))
    assert message.startswith("No copy among xlwings Lite's files") and sent == []
