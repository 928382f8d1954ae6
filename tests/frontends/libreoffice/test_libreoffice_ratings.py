"""gosheet ▸ Fill from rating list, in real headless LibreOffice: the extension installed in
a profile of its own (as ``test_libreoffice_office.py`` does), the menu's script URL
dispatched to the document's frame, the rating list in a cache of the test's own
(``GOSHEET_CACHE``, which the office hands to ``gosheet bridge``).

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1``, which makes
them fail instead.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.libreoffice import act
from support.paths import RATINGS

from gosheet.formats.ratings import cache
from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice.build import ACTIONS, menu_url, script_url
from gosheet.frontends.libreoffice.office import (
    Office,
)
from gosheet.workbook.port import Grid
from gosheet.workbook.sheets import PLAYERS

SAMPLES = RATINGS
FILL = script_url("FillFromRatingList")


@pytest.fixture(scope="module")
def cache_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ratings-cache")


@pytest.fixture(scope="module")
def office_env(cache_folder: Path) -> dict[str, str]:
    return {"GOSHEET_CACHE": str(cache_folder)}


def _registered(folder: Path) -> Path:
    roster, book = folder / "roster.csv", folder / "cup.xlsx"
    with roster.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["Name", "First name", "Rank", "Club"])
        w.writerow(["Muller", "Hans", "1k", ""])  # found without his accent
        w.writerow(["Piotr", "Kowalski", "5d", "My club"])  # the words the other way round
        w.writerow(["Dubois", "Luc", "2d", ""])  # two of that name in the list
        w.writerow(["Nobody", "Here", "10k", ""])  # not in it
    assert main(["import", str(roster), "-o", str(book)]) == 0
    return book


def _fill(office: Office, book: Path, out: Path | None = None) -> dict[str, Any]:
    """Open ``book``, choose gosheet ▸ Fill from rating list, save a copy to ``out``."""
    return act(office, book, FILL, out)


def _players(path: Path) -> Grid:
    rows = [list(r) for r in load_workbook(path)[PLAYERS].iter_rows(values_only=True)]
    rows = [r for r in rows if any(v not in (None, "") for v in r)]
    width = max(i + 1 for r in rows for i, v in enumerate(r) if v not in (None, ""))
    return [[None if v == "" else v for v in r[:width]] for r in rows]


def test_the_menu_entry_is_first_in_the_menu_and_the_toolbar(office: Office) -> None:
    """First of the round's actions (after New tournament… and Import roster…)."""
    assert ACTIONS[0] == ("FillFromRatingList", "~Fill from rating list", "Fill from rating list")
    [addons] = office.check([{"do": "addons"}])
    [menu] = addons["menus"].values()
    fill = menu_url("fill_ratings")
    assert (menu["items"][3]["URL"], menu["items"][3]["Title"]) == (fill, ACTIONS[0][1])
    assert menu["items"][2]["URL"] == "private:separator"
    [toolbar] = addons["toolbars"].values()
    assert (toolbar[0]["URL"], toolbar[0]["Title"]) == (fill, ACTIONS[0][2])


def test_fill_from_rating_list_gives_what_gosheet_ratings_fill_gives(
    office: Office, cache_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    book = _registered(tmp_path)

    # no list cached yet: what to do, and the workbook untouched
    found = _fill(office, book)
    assert found["outcome"] == {
        "ok": False,
        "message": f"no rating list cached (in {cache_folder}): download the EGD list "
        f"({cache.URLS['egd']}) "
        "and save it in that folder as egd.txt (an FFG list as ffg.txt, an AGA list as "
        "aga.txt), then use the menu entry gosheet → Fill from rating list again",
        "problems": [],
        "action": "fill_ratings",
    }
    assert not found["state"]["modified"] and found["state"]["undo"] == []

    monkeypatch.setenv("GOSHEET_CACHE", str(cache_folder))
    assert main(["ratings", "import", str(SAMPLES / "allworld_lp.html")]) == 0
    found = _fill(office, book, tmp_path / "lo.xlsx")
    outcome = found["outcome"]
    assert outcome["ok"] and outcome["action"] == "fill_ratings", outcome
    lines = outcome["message"].splitlines()
    assert lines[0].startswith("From the EGD list of 2024-05-12: 7 players (from ")
    assert lines[1] == "Filled 7 cells (2 players)."
    assert "Not found: Nobody Here — no close name" in lines
    assert any(x.startswith("Ambiguous: Dubois Luc — ") and "12345679" in x for x in lines)
    assert found["state"]["undo"][0] == "gosheet: Fill from rating list"  # one step
    assert found["state"]["active"] == PLAYERS

    on_file = shutil.copyfile(book, tmp_path / "cli.xlsx")
    assert main(["ratings", "fill", str(on_file)]) == 0
    assert _players(tmp_path / "lo.xlsx") == _players(on_file)  # every cell of Players
    muller = _players(tmp_path / "lo.xlsx")[1]
    assert muller[-1] == "10254981"  # EGD PIN: a new column, its numbers as text
