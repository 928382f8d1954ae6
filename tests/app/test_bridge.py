"""The JSON contract of ``gosheet bridge`` (what the office-suite macros use)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import set_setting, sheet_rows
from support.paths import DEMO_ROSTER

from gosheet.app import bridge
from gosheet.frontends.cli import main
from gosheet.workbook.xlsx.book import XlsxBook


def grids_json(path: Path) -> str:
    return json.dumps(XlsxBook.open(path).grids(), default=str)


@pytest.fixture
def played(tmp_path: Path) -> Path:
    path = tmp_path / "cup.xlsx"
    assert main(["demo", str(path), "--rounds", "3"]) == 0
    set_setting(path, "Rounds", 4)  # add a fourth round to pair
    return path


@pytest.mark.parametrize("action", ["pair", "standings"])
def test_the_bridge_writes_what_the_command_writes(
    played: Path, tmp_path: Path, action: str
) -> None:
    """Apply the bridge's operations to one copy, run the command on another:
    the same sheets come out."""
    via_bridge, via_command = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    via_bridge.write_bytes(played.read_bytes())
    via_command.write_bytes(played.read_bytes())
    request = json.dumps({"action": action, "sheets": json.loads(grids_json(via_bridge))})
    text, code = bridge.run(request)
    answer = json.loads(text)
    assert code == 0 and answer["ok"], answer
    book = XlsxBook.open(via_bridge)
    bridge.apply(book, answer["operations"])
    book.save()
    assert main([action, str(via_command)]) == 0
    for sheet in ["Standings", "Players"] + (["Round 4"] if action == "pair" else []):
        assert sheet_rows(via_bridge, sheet) == sheet_rows(via_command, sheet), sheet


def test_a_bad_result_comes_back_as_problems_and_no_operation(played: Path) -> None:
    workbook = load_workbook(played)
    workbook["Round 2"]["H3"] = "2-0"
    workbook["Players"]["C4"] = "3x"
    workbook.save(played)
    request = json.dumps({"action": "pair", "sheets": json.loads(grids_json(played))})
    text, code = bridge.run(request)
    answer = json.loads(text)
    assert code == 1 and not answer["ok"] and "operations" not in answer
    cells = {(p["sheet"], p["cell"], p["value"]) for p in answer["problems"]}
    assert cells == {("Round 2", "H3", "2-0"), ("Players", "C4", "3x")}
    assert all(p["text"].startswith(f"{p['sheet']}!{p['cell']}") for p in answer["problems"])


def test_state_errors_and_bad_requests(played: Path) -> None:
    sheets = json.loads(grids_json(played))
    sheets["Round 3"][1][7] = None  # a result missing
    answer, code = bridge.handle({"action": "pair", "sheets": sheets})
    assert code == 3 and not answer["ok"] and "Round 3" in answer["message"]
    assert bridge.run("not json")[1] == 2
    assert bridge.run("[1, 2]")[1] == 2
    assert bridge.handle({"action": "frobnicate", "sheets": sheets})[1] == 2
    assert bridge.handle({"action": "check"})[1] == 2


def test_the_command_reads_standard_input(played: Path) -> None:
    request = json.dumps({"action": "check", "sheets": json.loads(grids_json(played))})
    run = subprocess.run(
        [sys.executable, "-m", "gosheet", "bridge"],
        input=request,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer == {
        "ok": True,
        "message": "No problems: 23 players, 3 rounds paired.",
        "operations": [],
    }


@pytest.mark.parametrize(
    "options",
    [["--system", "fus"], ["--game", "oware"], ["--system", "swiss"]],
    ids=["fus", "oware", "swiss-go"],
)
def test_the_bridge_serves_every_system(tmp_path: Path, options: list[str]) -> None:
    """FUS levels, Oware's first and second player, a Swiss proposal of the
    rounds: the bridge writes what the command writes for each."""
    roster = DEMO_ROSTER
    start = tmp_path / "start.xlsx"
    assert main(["import", str(roster), "-o", str(start), "--seed", "3", *options]) == 0
    via_bridge, via_command = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    for _ in range(2):
        for path in (via_bridge, via_command):
            if not path.exists():
                path.write_bytes(start.read_bytes())
        answer = json.loads(
            bridge.run(
                json.dumps({"action": "pair", "sheets": json.loads(grids_json(via_bridge))})
            )[0]
        )
        assert answer["ok"], answer
        book = XlsxBook.open(via_bridge)
        bridge.apply(book, answer["operations"])
        book.save()
        assert main(["pair", str(via_command)]) == 0
        for sheet in load_workbook(via_command).sheetnames:
            assert sheet_rows(via_bridge, sheet) == sheet_rows(via_command, sheet), sheet
        for path in (via_bridge, via_command):
            assert main(["simulate", str(path)]) == 0


def test_explain_through_the_bridge_writes_what_gosheet_explain_writes(
    played: Path, tmp_path: Path
) -> None:
    """The last round explained: the same Explain sheet as the command's, the
    tournament's own sheets untouched, and the command's verdict as the message."""
    via_bridge, via_command = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    via_bridge.write_bytes(played.read_bytes())
    via_command.write_bytes(played.read_bytes())
    request = json.dumps({"action": "explain", "sheets": json.loads(grids_json(via_bridge))})
    text, code = bridge.run(request)
    answer = json.loads(text)
    assert code == 0 and answer["ok"], answer
    assert [(op["op"], op["sheet"]) for op in answer["operations"]] == [("render", "Explain")]
    assert answer["message"] == "Round 3 explained: gosheet pairs it the same way now."
    book = XlsxBook.open(via_bridge)
    bridge.apply(book, answer["operations"])
    book.save()
    assert main(["explain", str(via_command)]) == 0
    names = load_workbook(via_command).sheetnames
    assert load_workbook(via_bridge).sheetnames == names and "Explain" in names
    for sheet in names:
        assert sheet_rows(via_bridge, sheet) == sheet_rows(via_command, sheet), sheet


def test_the_explain_verdicts(played: Path) -> None:
    """The message says whether gosheet pairs the round the same way now."""
    sheets = json.loads(grids_json(played))
    answer, code = bridge.handle({"action": "explain", "sheets": sheets})
    assert code == 0 and answer["message"].endswith("pairs it the same way now.")
    round_3 = sheets["Round 3"]
    round_3[1][1], round_3[2][1] = round_3[2][1], round_3[1][1]  # two Whites swapped
    swapped, code = bridge.handle({"action": "explain", "sheets": sheets})
    assert code == 0 and swapped["ok"], swapped
    assert swapped["message"].startswith("Round 3 explained: gosheet would pair it differently")
    assert [op["sheet"] for op in swapped["operations"]] == ["Explain"]


def test_explain_without_a_round_writes_nothing(tmp_path: Path) -> None:
    roster = DEMO_ROSTER
    path = tmp_path / "new.xlsx"
    assert main(["import", str(roster), "-o", str(path), "--seed", "3"]) == 0
    request = json.dumps({"action": "explain", "sheets": json.loads(grids_json(path))})
    text, code = bridge.run(request)
    answer = json.loads(text)
    assert code == 3
    assert answer == {
        "ok": False,
        "message": "no round is paired yet: pair round 1 first",
        "problems": [],
    }


def test_only_a_port_that_renames_sheets_carries_out_a_rename() -> None:
    """``rename`` operations need a :class:`SheetRenamer` (the recording port, the ``.xlsx``
    file and Excel's are); any other port refuses them."""
    from gosheet.workbook.port import BookPort, CellValue, Grids, SheetRenamer
    from gosheet.workbook.sheets import SheetData

    class CellsOnly(BookPort):
        def __init__(self) -> None:
            self.written: list[tuple[str, str, CellValue]] = []

        def grids(self) -> Grids:
            return {}

        def render(self, data: SheetData, index: int | None = None) -> None:
            raise AssertionError("no sheet here")

        def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
            self.written.append((sheet, cell, value))

    recording = bridge.RecordingBook({"Round 1": [["Table"]]})
    assert isinstance(recording, SheetRenamer) and issubclass(XlsxBook, SheetRenamer)
    rename = [{"op": "rename", "sheet": "Round 1", "name": "Тур 1"}]
    bridge.apply(recording, rename)
    assert recording.operations == rename
    cells_only = CellsOnly()
    assert not isinstance(cells_only, SheetRenamer)
    with pytest.raises(ValueError, match="cannot rename"):
        bridge.apply(cells_only, rename)
    assert cells_only.written == []
