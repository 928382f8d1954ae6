"""The action "fill_ratings" (the office suites' "Fill from rating list") through the
bridge, and which cached list it takes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.paths import RATINGS

from gosheet.app import bridge
from gosheet.app.bridge import BRIDGED
from gosheet.app.ratings import chosen_list
from gosheet.formats.ratings import cache
from gosheet.workbook.port import BookPort, CellValue, Grids
from gosheet.workbook.sheets import SheetData

SAMPLES = RATINGS
FILES = {"egd": "allworld_lp.html", "ffg": "ech_ffg_V3.txt", "aga": "TDListA.txt"}


@pytest.fixture(autouse=True)
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("GOSHEET_CACHE", str(folder))
    return folder


def _store(*kinds: str) -> None:
    for kind in kinds:
        cache.store((SAMPLES / FILES[kind]).read_bytes(), kind, FILES[kind])


def _sheets(*extra: str) -> Grids:
    return {
        "Settings": [["Setting", "Value"]],
        "Players": [
            ["Name", "First name", "Rank", "Club", *extra],
            ["Muller", "Hans", "1k", None, *([None] * len(extra))],
            ["Nobody", "Here", "10k", None, *([None] * len(extra))],
        ],
    }


class Book(BookPort):
    """A workbook port that refuses every write."""

    def __init__(self, sheets: Grids) -> None:
        self.sheets = sheets

    def grids(self) -> Grids:
        return self.sheets

    def render(self, data: SheetData, index: int | None = None) -> None:
        raise AssertionError("chosen_list writes nothing")

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        raise AssertionError("chosen_list writes nothing")


def test_the_bridge_fills_players_from_the_cached_list() -> None:
    assert "fill_ratings" in BRIDGED
    _store("egd")
    answer, code = bridge.handle({"action": "fill_ratings", "sheets": _sheets()})
    assert code == 0 and answer["ok"], answer
    assert answer["message"].splitlines() == [
        "From the EGD list of 2024-05-12: 7 players (from allworld_lp.html):",
        "Filled 4 cells (1 player).",
        "Not found: Nobody Here — no close name",
        "Fill in the EGD PIN (FFG licence, AGA ID) of those and fill again.",
    ]
    assert answer["operations"] == [
        {"op": "set", "sheet": "Players", "cell": "E1", "value": "EGD PIN"},
        {"op": "set", "sheet": "Players", "cell": "E2", "value": "10254981"},
        {"op": "set", "sheet": "Players", "cell": "F1", "value": "Rating"},
        {"op": "set", "sheet": "Players", "cell": "F2", "value": 2290},
        {"op": "set", "sheet": "Players", "cell": "D2", "value": "Berl"},
        {"op": "set", "sheet": "Players", "cell": "G1", "value": "Country"},
        {"op": "set", "sheet": "Players", "cell": "G2", "value": "DE"},
    ]


def test_without_a_cached_list_the_bridge_says_what_to_do(cache_folder: Path) -> None:
    answer, code = bridge.handle({"action": "fill_ratings", "sheets": _sheets()})
    assert (answer, code) == (
        {
            "ok": False,
            "message": f"no rating list cached (in {cache_folder}): download the EGD list "
            f"({cache.URLS['egd']}) "
            "and save it in that folder as egd.txt (an FFG list as ffg.txt, an AGA list as "
            "aga.txt), then use the menu entry gosheet → Fill from rating list again",
            "problems": [],
        },
        5,
    )


def test_a_workbook_without_players_is_refused_with_its_cell() -> None:
    _store("egd")
    answer, code = bridge.handle({"action": "fill_ratings", "sheets": {"Settings": [[]]}})
    assert not answer["ok"] and code == 1
    assert answer["problems"][0]["sheet"] == "Players"


def test_the_list_taken() -> None:
    _store("aga")
    assert chosen_list(Book(_sheets())) == "aga"  # the only one
    _store("ffg")
    folder = cache.cache_dir()
    os.utime(folder / "aga.txt", (1_000_000, 1_000_000))
    assert chosen_list(Book(_sheets())) == "ffg"  # no EGD list: the one stored last
    _store("egd")
    assert chosen_list(Book(_sheets())) == "egd"  # else the EGD list
    assert chosen_list(Book(_sheets("AGA ID"))) == "aga"  # Players has its number column
    both = _sheets("EGD PIN", "FFG licence")
    assert chosen_list(Book(both)) == "egd"  # none typed: the EGD list first
    both["Players"][1][5] = "2200056"
    assert chosen_list(Book(both)) == "ffg"  # the most numbers typed
