"""The Excel buttons name a round sheet under another name and write nothing (through
xlwings' remote Book: tests/support/excel_client.py). The rest of the rule's tests are in
tests/workbook/test_round_sheets_held.py, which runs without xlwings (Python 3.10 in CI)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook
from support.books import damage
from support.excel_client import ExcelClient, remote_opener, run

import gosheet.frontends.excel.buttons as excel


def renamed(old: str, new: str) -> Callable[[Workbook], None]:
    def rename(wb: Workbook) -> None:
        wb[old].title = new

    return rename


def test_the_excel_buttons_name_the_sheet_and_write_nothing(
    open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    remote: Callable[[dict[str, Any]], Any] = remote_opener()
    damage(open_book, renamed("Round 2", "Round 2 Sunday"))
    client = ExcelClient.from_file(open_book)
    for entry in (excel.pair, excel.standings):
        message, sent = run(remote, client, entry)
        assert [a["func"] for a in sent] == ["alert"], sent
        assert "Round 2 Sunday: holds a round" in message
        assert "rename it 'Round 2'" in message
    message, _sent = run(remote, client, excel.check)
    assert "rename it 'Round 2'" in message
