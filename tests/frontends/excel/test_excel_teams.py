"""A team tournament through the Excel door on xlwings' remote Book (see
``test_excel_xlwings.py``): ``gosheet.excel.order_boards`` (the function of the ``.xlsm``,
Lite's script "Order boards by rating") and the button "Pair next round" change the workbook
as ``gosheet order-boards`` and ``gosheet pair`` change the file."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.excel_client import ExcelClient, remote_opener, run

import gosheet.excel
from gosheet.frontends.cli import main
from gosheet.frontends.excel.template import convert

PLAYERS = [("Kim", "Min", "5d"), ("Lee", "Ha", "3d"), ("Park", "Su", "2d"), ("Choi", "Yu", "1d")]
TEAMS = [["Tengen", 1, None, "Lee Ha", "Kim Min"], ["Sakata", 2, None, "Park Su", "Choi Yu"]]


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, Any]], Any]:
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    return remote_opener()


def trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    rows = [[None if v == "" else v for v in r] for r in rows]
    rows = [r[: max((i + 1 for i, v in enumerate(r) if v is not None), default=0)] for r in rows]
    while rows and not rows[-1]:
        rows.pop()
    return [[int(v) if isinstance(v, float) and v.is_integer() else v for v in r] for r in rows]


def test_order_boards_and_pair_in_excel_are_the_commands(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    book = tmp_path / "cup.xlsx"
    assert main(["new", str(book), "--type", "teams", "--team-size", "2", "--seed", "4"]) == 0
    wb = load_workbook(book)
    for player in PLAYERS:
        wb["Players"].append(list(player))
    for r, line in enumerate(TEAMS, start=2):
        for c, value in enumerate(line, start=1):
            wb["Teams"].cell(r, c, value)
    wb.save(book)
    xlsm = convert(book, tmp_path / "cup.xlsm")
    on_file = Path(shutil.copy(xlsm, tmp_path / "file.xlsm"))
    client = ExcelClient.from_file(xlsm)

    message, _sent = run(remote, client, gosheet.excel.order_boards)
    assert message == "Boards ordered by rating: 1 line-up of 2 changed in the Teams sheet."
    assert main(["order-boards", str(on_file)]) == 0
    want = [list(r) for r in load_workbook(on_file)["Teams"].iter_rows(values_only=True)]
    assert trimmed(client.sheet("Teams").rows()) == trimmed(want)

    message, _sent = run(remote, client, gosheet.excel.pair)
    assert message.startswith("Round 1 paired: 2 games.")
    assert main(["pair", str(on_file)]) == 0
    for sheet in ("Round 1", "Team standings"):
        want = [list(r) for r in load_workbook(on_file)[sheet].iter_rows(values_only=True)]
        assert trimmed(client.sheet(sheet).rows()) == trimmed(want), sheet
