"""Issue 27 through the Excel buttons (xlwings' remote engine, as ``test_excel_xlwings.py``
runs them): in a French workbook ``B+`` is White's win (blanc) and ``N+`` Black's (noir),
rewritten as ``1-0`` and ``0-1`` by Update standings; in an English one ``B+`` stays Black."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import demo_in
from support.excel_client import ExcelClient, remote_opener, run

import gosheet.frontends.excel.buttons as excel
from gosheet.frontends.excel.template import convert
from gosheet.i18n import words


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, Any]], Any]:
    """Open a client's JSON as a real xlwings Book on the remote engine."""
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    return remote_opener()


@pytest.mark.parametrize(("language", "wanted"), [("fr", ("1-0", "0-1")), ("en", ("0-1", "0-1"))])
def test_the_buttons_read_b_in_the_workbooks_language(
    remote: Callable[[dict[str, Any]], Any],
    tmp_path: Path,
    language: str,
    wanted: tuple[str, str],
) -> None:
    book = demo_in(tmp_path, language, 3)
    sheet = words.local("Round {n}", language, words.SHEETS).replace("{n}", "1")
    wb = load_workbook(book)
    wb[sheet]["H2"], wb[sheet]["H3"] = "B+", "N+"
    wb.save(book)
    client = ExcelClient.from_file(convert(book, tmp_path / f"{language}.xlsm"))

    message, _sent = run(remote, client, excel.standings, floats=True)

    said = {"fr": "2 résultats réécrits", "en": "2 results rewritten"}[language]
    assert said in message  # in the workbook's language
    values = client.sheet(sheet).values
    assert (values[(1, 7)], values[(2, 7)]) == wanted
