"""The JSON contract of ``gosheet bridge`` (what the office-suite macros use)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook

from gosheet.cli import main
from gosheet.io import bridge
from gosheet.io.xlsx import XlsxBook


def grids_json(path: Path) -> str:
    return json.dumps(XlsxBook.open(path).grids(), default=str)


@pytest.fixture
def played(tmp_path: Path) -> Path:
    path = tmp_path / "cup.xlsx"
    assert main(["demo", str(path), "--rounds", "3"]) == 0
    workbook = load_workbook(path)  # add a fourth round to pair
    settings = workbook["Settings"]
    row = next(r for r in range(1, 30) if settings.cell(r, 1).value == "Rounds")
    settings.cell(row, 2).value = 4
    workbook.save(path)
    return path


def values(path: Path, sheet: str) -> list[list[object]]:
    return [list(r) for r in load_workbook(path)[sheet].iter_rows(values_only=True)]


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
        assert values(via_bridge, sheet) == values(via_command, sheet), sheet


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
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer == {
        "ok": True,
        "message": "No problems: 23 players, 3 round(s) paired.",
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
    roster = Path(__file__).resolve().parents[1] / "gosheet" / "data" / "demo_roster.csv"
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
            assert values(via_bridge, sheet) == values(via_command, sheet), sheet
        for path in (via_bridge, via_command):
            assert main(["simulate", str(path)]) == 0
