"""A team tournament through the page's runner (the module the browser runs in Pyodide, here
in CPython), the JSON bridge of LibreOffice's macros and the choices of Lite's Control sheet:
a blank team tournament from the choices, its round paired and its boards ordered by rating
as the command does them."""

from __future__ import annotations

import base64
import io
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.cli import cli_ok

from gosheet.app.bridge import handle
from gosheet.frontends.excel.choices import chosen
from gosheet.frontends.web import runner

TEAMS = [
    ["Tengen", 1, None, "Lee Ha", "Kim Min"],
    ["Sakata", 2, None, "Park Su", "Choi Yu"],
]
PLAYERS = [("Kim", "Min", "5d"), ("Lee", "Ha", "3d"), ("Park", "Su", "2d"), ("Choi", "Yu", "1d")]


def values(data: bytes) -> dict[str, list[tuple[object, ...]]]:
    book = load_workbook(io.BytesIO(data))
    return {ws.title: list(ws.iter_rows(values_only=True)) for ws in book.worksheets}


def filled(path: Path) -> Path:
    wb = load_workbook(path)
    for name, first, rank in PLAYERS:
        wb["Players"].append([name, first, rank])
    for r, line in enumerate(TEAMS, start=2):
        for c, value in enumerate(line, start=1):
            wb["Teams"].cell(r, c, value)
    wb.save(path)
    return path


def test_a_blank_team_tournament_from_the_pages_choices() -> None:
    options = runner.options_of('{"type": "teams", "rounds": "3"}')
    answer = runner.run("blank", b"", "", "en", options)
    assert answer.code == 0, answer.lines
    sheets = values(answer.data or b"")
    assert list(sheets) == ["Settings", "Players", "Teams", "Fixed matches"]
    assert ("Tournament type", "teams") in [row[:2] for row in sheets["Settings"]]


def test_the_pages_buttons_on_a_team_tournament_are_the_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "new", book, "--type", "teams", "--team-size", "2", "--seed", "5")
    filled(book)
    copy = tmp_path / "copy.xlsx"
    shutil.copy(book, copy)
    answer = runner.run("boards", book.read_bytes(), "cup.xlsx")
    assert answer.code == 0 and answer.lines == [
        "Boards ordered by rating: 1 line-up of 2 changed in the Teams sheet."
    ]
    cli_ok(capsys, "order-boards", copy)
    assert values(answer.data or b"") == values(copy.read_bytes())
    book.write_bytes(answer.data or b"")
    answer = runner.run("pair", book.read_bytes(), "cup.xlsx")
    assert answer.code == 0, answer.lines
    cli_ok(capsys, "pair", copy)
    assert values(answer.data or b"") == values(copy.read_bytes())
    assert [row[1] for row in values(copy.read_bytes())["Round 1"]] == ["Board", 1, 2]


def test_the_bridge_makes_a_team_tournament_and_refuses_a_type_that_is_none() -> None:
    answer, code = handle({"action": "new", "sheets": {}, "choices": {"type": "teams"}})
    assert code == 0, answer
    [made] = answer["operations"]
    assert "Teams" in values(base64.b64decode(made["base64"]))
    answer, code = handle({"action": "new", "sheets": {}, "choices": {"type": "league"}})
    assert code == 2 and "expected one of: individual, teams" in answer["message"]


def test_lites_choices_take_the_type() -> None:
    grid = [["", "", "", "", "Type", "Teams"], ["", "", "", "", "Rounds", 4.0]]
    assert chosen(grid).type == "teams"
    with pytest.raises(Exception, match="Type: 'league' is none of individual, teams"):
        chosen([["", "", "", "", "Type", "league"]])
