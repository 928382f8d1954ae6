"""The Excel path of issue 17: a workbook whose ``Language`` was changed is renamed by the
next button, through gosheet's xlwings adapter on real xlwings Book objects (xlwings' remote
engine, as ``test_excel_xlwings.py`` explains), the cells' colours and the organiser's own
column and sheet kept; and the buttons work on a workbook in any language."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from support.books import demo_in
from support.excel_client import ExcelClient, remote_opener, run

import gosheet.frontends.excel.buttons as excel
from gosheet.i18n import catalog, words


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, Any]], Any]:
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    return remote_opener()


def demo_book(folder: Path, language: str) -> Path:
    """``gosheet demo --rounds 2 --language L`` with 3 rounds to play, as a workbook."""
    return demo_in(folder, language, 3)


def set_language(client: ExcelClient, language: str) -> None:
    settings = client.sheets[0]
    for (r, c), value in list(settings.values.items()):
        if c == 0 and words.canonical(value, words.SETTING_NAMES) == "Language":
            settings.values[(r, 1)] = language


@pytest.mark.parametrize(("before", "after"), [("en", "ru"), ("fr", "ca")])
def test_a_button_renames_the_sheets_after_a_change_of_language(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, before: str, after: str
) -> None:
    path = demo_book(tmp_path, before)
    client = ExcelClient.from_file(path)
    players = client.sheets[1]
    width = max(c for _, c in players.values) + 1
    players.values[(0, width)] = "Paid"
    players.values[(1, width)] = "yes"
    players.colors[(2, 0)] = "#ffff00"  # the organiser's colour on a cell
    fees = client.sheets[0].__class__("Fees", [["kept", 12]])
    client.sheets.append(fees)
    set_language(client, after)

    _message, sent = run(remote, client, excel.standings)

    funcs = [a["func"] for a in sent]
    assert "setSheetName" in funcs and funcs.index("setSheetName") < funcs.index("setValues")
    names = ["Settings", "Players", "Round 1", "Round 2", "Standings"]
    assert [s.name for s in client.sheets] == [
        *(words.local(n, after, words.SHEETS) for n in names),
        "Fees",
    ]
    players = client.sheets[1]
    assert players.colors[(2, 0)] == "#ffff00"
    assert players.values[(0, 0)] == words.local("Name", after, words.PLAYERS)
    assert (players.values[(0, width)], players.values[(1, width)]) == ("Paid", "yes")
    assert client.sheet("Fees").values == {(0, 0): "kept", (0, 1): 12}
    round1 = client.sheets[2]
    assert round1.values[(0, 0)] == words.local("Table", after, words.ROUNDS)
    assert client.sheets[client.active].name == words.local("Standings", after, words.SHEETS)

    # the next button on the renamed workbook pairs round 3 under its new name
    _message, _sent = run(remote, client, excel.pair)
    assert words.local("Round 3", after, words.SHEETS) in [s.name for s in client.sheets]
    assert client.sheets[client.active].name == words.local("Round 3", after, words.SHEETS)
    catalog.use("en")


def test_check_marks_the_cells_of_a_russian_workbook(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    path = demo_book(tmp_path, "ru")
    client = ExcelClient.from_file(Path(shutil.copy(path, tmp_path / "cup.xlsx")))
    client.sheet("Тур 2").values[(2, 7)] = "2-0"
    message, _sent = run(remote, client, excel.check)
    assert "Тур 2!H3" in message
    assert client.sheet("Тур 2").colors[(2, 7)] is not None
    catalog.use("en")
