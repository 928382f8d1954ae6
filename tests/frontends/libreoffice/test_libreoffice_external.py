"""The gosheet extension in real LibreOffice when the environment variable ``GOSHEET`` names
a gosheet command: the macros run its ``gosheet bridge`` instead of the gosheet they carry
(an organiser's own gosheet, with its accelerators). Here that command is a stand-in that
does what a file beside it says: answer as gosheet does, add an operation Calc refuses,
crash, or print what is not JSON — and the macros undo, or refuse, and say so in words.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1`` (CI).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.libreoffice import act
from support.paths import DEMO_ROSTER

from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice.build import script_url
from gosheet.frontends.libreoffice.office import Office
from gosheet.workbook.xlsx.book import XlsxBook

PAIR, STANDINGS = script_url("PairNextRound"), script_url("UpdateStandings")

STAND_IN = """\
import json, pathlib, sys
mode = (pathlib.Path(__file__).with_name("mode.txt")).read_text().strip()
if mode == "crash":
    raise RuntimeError("boom")
if mode == "garbage":
    print("not json")
    sys.exit(0)
from gosheet.app import bridge
answer, code = bridge.handle(json.loads(sys.stdin.read()))
answer["via"] = "gosheet bridge"
if mode == "poisoned":
    answer["operations"].insert(0, {"op": "set", "sheet": "Players", "cell": "A2",
                                    "value": "Poisoned"})
    answer["operations"].append({"op": "render", "sheet": "Bad:Name", "index": None,
                                 "columns": [{"header": "A", "width": 5}], "rows": [[1]]})
print(json.dumps(answer))
"""


@pytest.fixture(scope="module")
def stand_in(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The stand-in gosheet command (``python stand_in.py bridge``) and its mode file."""
    folder = tmp_path_factory.mktemp("stand-in")
    (folder / "stand_in.py").write_text(STAND_IN, encoding="utf-8")
    (folder / "mode.txt").write_text("real", encoding="utf-8")
    return folder


@pytest.fixture(scope="module")
def office_env(stand_in: Path) -> dict[str, str]:
    return {"GOSHEET": f"{sys.executable} {stand_in / 'stand_in.py'}"}


Mode = Callable[[str], None]


@pytest.fixture
def mode(stand_in: Path) -> Iterator[Mode]:
    """Set what the stand-in does (for the test: then it answers as gosheet again)."""

    def set_mode(value: str) -> None:
        (stand_in / "mode.txt").write_text(value, encoding="utf-8")

    yield set_mode
    set_mode("real")


@pytest.fixture(scope="module")
def cup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """23 players, round 1 paired and played."""
    book = tmp_path_factory.mktemp("books") / "cup.xlsx"
    assert main(["import", str(DEMO_ROSTER), "-o", str(book), "--rounds", "4", "--seed", "3"]) == 0
    assert main(["pair", str(book)]) == 0
    assert main(["simulate", str(book)]) == 0
    return book


def test_the_command_named_by_gosheet_pairs(office: Office, cup: Path, tmp_path: Path) -> None:
    found = act(office, cup, PAIR, tmp_path / "lo.xlsx")
    assert found["outcome"]["ok"], found["outcome"]
    assert found["outcome"]["message"].startswith("Round 2 paired: 11 games")
    assert "Round 2" in XlsxBook.open(tmp_path / "lo.xlsx").grids()


def test_a_failure_while_writing_is_undone(
    office: Office, cup: Path, tmp_path: Path, mode: Mode
) -> None:
    """gosheet answers ok, but an operation cannot be carried out (a sheet name Calc
    refuses) after others were: everything written is taken back."""
    control = act(office, cup, None, tmp_path / "control.xlsx")
    mode("poisoned")
    found = act(office, cup, PAIR, tmp_path / "after.xlsx")
    outcome = found["outcome"]
    assert not outcome["ok"]
    assert outcome["message"].startswith("Pair next round failed while writing")
    assert outcome["message"].endswith("; the workbook was left as it was.")
    state = found["state"]
    assert state["sheets"] == control["state"]["sheets"]
    assert state["page_styles"] == control["state"]["page_styles"]
    assert not state["modified"]
    # what was written and what took it back make one undo entry, which changes nothing
    assert state["undo"] == ["gosheet: Pair next round"]
    after = XlsxBook.open(tmp_path / "after.xlsx").grids()
    assert after == XlsxBook.open(tmp_path / "control.xlsx").grids()


@pytest.mark.parametrize(
    ("program", "said"),
    [("crash", "exit code 1: RuntimeError: boom"), ("garbage", "exit code 0: no message")],
)
def test_a_broken_gosheet_command_is_reported_in_words(
    office: Office, cup: Path, mode: Mode, program: str, said: str
) -> None:
    mode(program)
    found = act(office, cup, STANDINGS)
    message = found["outcome"]["message"]
    assert message.startswith(f"gosheet stopped without an answer ({said}); nothing was changed.")
    assert "Traceback" not in message
    assert not found["state"]["modified"]
