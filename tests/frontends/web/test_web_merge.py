"""Merge helpers' copies on the page ``gosheet web-app`` writes, in headless Chromium
(conftest.py; issue 27, point 5): the workbook picked, the button asks for the copies (several
at once, in the browser's file chooser), and the download is what ``gosheet merge`` makes of the
same files; results typed differently show every cell and download nothing. Looked at on a
phone (390 px) too."""

from __future__ import annotations

import io
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import demo_in
from support.cli import cli_ok
from support.web_page import Opened, open_page, press

from gosheet.app import workbooks
from gosheet.workbook.books import open_book
from gosheet.workbook.port import CellValue


def values(data: bytes) -> dict[str, list[tuple[object, ...]]]:
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


@pytest.fixture(scope="module")
def opened(browser: Any, site: str) -> Iterator[Opened]:
    """The page, English, on a phone (390 px, touch); Python started."""
    opened = open_page(
        browser,
        site,
        ready=False,
        locale="en-GB",
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
    )
    opened.page.wait_for_selector("body[data-state=ready]", timeout=180_000)
    yield opened
    opened.close()


@pytest.fixture(autouse=True)
def nothing_outside(opened: Opened) -> Iterator[None]:
    yield
    assert opened.outside == [], f"requests outside the folder: {opened.outside}"
    assert opened.errors == []


def paired(folder: Path) -> Path:
    """4 rounds, 2 played, round 3 paired without a result."""
    target = demo_in(folder, "en", rounds=4).rename(folder / "cup.xlsx")
    workbooks.pair(target)
    return target


def copy_of(book: Path, name: str, cells: dict[str, CellValue]) -> Path:
    folder = book.parent / "mail"
    folder.mkdir(exist_ok=True)
    target = folder / name
    shutil.copyfile(book, target)
    copy = open_book(target)
    for cell, value in cells.items():
        copy.set_cell("Round 3", cell, value)
    copy.save(backup=False)
    return target


def pick(opened: Opened, path: Path) -> None:
    opened.page.set_input_files("#pick", str(path))
    opened.page.wait_for_selector(f"#chosen:has-text('{path.name}')")


def test_the_copies_merged_as_the_command_merges_them(
    opened: Opened,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    book = paired(tmp_path)
    anna = copy_of(book, "cup-anna.xlsx", {"H2": "W+", "H3": "b"})
    ben = copy_of(book, "cup-ben.xlsx", {"H3": "0-1", "H4": "="})
    pick(opened, book)
    page = opened.page
    assert page.is_enabled("button[data-action=merge]")
    answer = press(opened, "merge", [anna, ben])
    monkeypatch.chdir(anna.parent)  # the copies named as the page names them
    out = cli_ok(capsys, "merge", book, anna.name, ben.name)
    assert not answer["bad"], answer
    name, data = answer["download"]
    assert name == "cup.xlsx"
    assert values(data) == values(book.read_bytes())
    shown = answer["lines"].splitlines()
    assert shown == [line for line in out.splitlines() if not line.startswith("Saved ")]
    assert shown[0].startswith("3 results taken from the copies (2 from cup-anna.xlsx, 1 from")
    page.screenshot(path=str(tmp_path / "web-merge-phone.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390  # nothing scrolls sideways


def test_results_typed_differently_download_nothing(opened: Opened, tmp_path: Path) -> None:
    book = paired(tmp_path)
    anna = copy_of(book, "anna.xlsx", {"H2": "1-0"})
    ben = copy_of(book, "ben.xlsx", {"H2": "0-1", "H5": "1-0"})
    typed = open_book(book)
    typed.set_cell("Round 3", "H5", "0-1")
    typed.save(backup=False)
    pick(opened, book)
    answer = press(opened, "merge", [anna, ben])
    assert answer["bad"] and answer["download"] is None
    assert answer["lines"].splitlines() == [
        "gosheet: 2 problems found",
        "  Round 3!H2: results typed differently: 1-0 in anna.xlsx, 0-1 in ben.xlsx; make "
        "them agree, then merge again",
        "  Round 3!H5: results typed differently: 0-1 in cup.xlsx, 1-0 in ben.xlsx; make "
        "them agree, then merge again",
    ]
    opened.page.screenshot(path=str(tmp_path / "web-merge-refused-phone.png"), full_page=True)
