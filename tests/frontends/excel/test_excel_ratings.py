"""The Excel button "Fill from rating list" on xlwings' remote Book (see
``test_excel_xlwings.py``): the Players sheet filled from the rating list cached in a
cache of the test's own (``GOSHEET_CACHE``), as ``gosheet ratings fill`` fills the file."""

from __future__ import annotations

import csv
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.excel_client import ExcelClient, remote_opener, run
from support.paths import RATINGS

import gosheet.excel
import gosheet.frontends.excel.buttons as excel
from gosheet.formats.ratings import cache
from gosheet.frontends.cli import main
from gosheet.frontends.excel.template import convert
from gosheet.workbook.port import Grid
from gosheet.workbook.sheets import PLAYERS

SAMPLES = RATINGS


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, Any]], Any]:
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    return remote_opener()


@pytest.fixture(autouse=True)
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GOSHEET_CACHE", str(folder))
    return folder


def registered(folder: Path) -> Path:
    """An .xlsm of four players typed by hand: one found by name without his accent, one
    with his words the other way round and a club typed, two of one name in the list, one
    not in it."""
    roster, book = folder / "roster.csv", folder / "cup.xlsx"
    with roster.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Name", "First name", "Rank", "Club"])
        w.writerow(["Muller", "Hans", "1k", ""])
        w.writerow(["Piotr", "Kowalski", "5d", "My club"])
        w.writerow(["Dubois", "Luc", "2d", ""])
        w.writerow(["Nobody", "Here", "10k", ""])
    assert main(["import", str(roster), "-o", str(book)]) == 0
    return convert(book, folder / "cup.xlsm")


def players(rows: list[list[Any]]) -> Grid:
    """Rows without trailing empty ones and columns."""
    rows = [list(r) for r in rows]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((i + 1 for r in rows for i, v in enumerate(r) if v is not None), default=0)
    return [(r + [None] * width)[:width] for r in rows]


def test_the_button_fills_players_as_gosheet_ratings_fill_does(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    cache.store((SAMPLES / "allworld_lp.html").read_bytes(), None, "allworld_lp.html")
    path = registered(tmp_path)
    on_file = Path(shutil.copy(path, tmp_path / "file.xlsm"))
    assert main(["ratings", "fill", str(on_file)]) == 0
    client = ExcelClient.from_file(path)

    message, _sent = run(remote, client, excel.fill_ratings)

    assert message.splitlines()[:2] == [
        "From the EGD list of 2024-05-12: 7 players (from allworld_lp.html):",
        "Filled 7 cells (2 players).",
    ]
    assert "Ambiguous: Dubois Luc — Dubois Luc 2d Pari FR 12345678; " in message
    assert "12345679" in message
    assert "Not found: Nobody Here" in message
    assert "Fill in the EGD PIN (FFG licence, AGA ID) of those and fill again." in message
    want = [list(r) for r in load_workbook(on_file)[PLAYERS].iter_rows(values_only=True)]
    assert players(client.sheet(PLAYERS).rows()) == players(want)  # every cell
    assert client.sheet(PLAYERS).rows()[1][-1] == "10254981"  # EGD PIN: a new column
    assert client.coerced == []  # the PINs written as text
    assert client.sheets[client.active].name == PLAYERS
    assert client.alerts[-1][:4] == [message, "gosheet", "ok", "info"]

    message, sent = run(remote, client, excel.fill_ratings)  # again: nothing left to fill
    assert "Filled 0 cells (0 players).\n2 players already complete." in message
    assert {a["func"] for a in sent} <= {"alert", "activateSheet"}


def test_without_a_cached_list_the_button_says_what_to_do(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, cache_folder: Path
) -> None:
    client = ExcelClient.from_file(registered(tmp_path))
    message, sent = run(remote, client, gosheet.excel.fill_ratings)
    assert [a["func"] for a in sent] == ["alert"]
    assert sent[0]["args"][3] == "critical"
    assert message == (
        f"Nothing was changed: no rating list cached (in {cache_folder}): in a terminal, run "
        "'gosheet ratings fetch egd' (online) or 'gosheet ratings import FILE', then fill again"
    )
