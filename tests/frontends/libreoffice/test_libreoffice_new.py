"""gosheet ▸ New tournament… and Import roster… in real headless LibreOffice: the macro given
the choices (as the dialog gives them) or the roster's path (as the file picker gives it), the
new document saved as ``.xlsx`` — which ``gosheet check`` accepts, in the chosen language, the
same tournament as ``gosheet new`` and ``gosheet import`` make; and from the menu, where a
headless office shows no dialog, nothing is made and the message says so.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1``.
"""

from __future__ import annotations

import json
import sys
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import ROSTER_CSV
from support.libreoffice import TIMEOUT, XLSX

from gosheet.app import bridge as gosheet_bridge
from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice.build import MACRO_PYTHONPATH, menu_url, script_url
from gosheet.frontends.libreoffice.office import LibreOfficeError, Office
from gosheet.workbook.books import open_book
from gosheet.workbook.sheets.reader import read_book

if str(MACRO_PYTHONPATH) not in sys.path:
    sys.path.append(str(MACRO_PYTHONPATH))
from gosheet_lo import newbook

NEW = script_url("NewTournament")
IMPORT = script_url("ImportRoster")


def made_in_office(
    office: Office, start: Path, url: str, args: list[Any], out: Path
) -> dict[str, Any]:
    """From the workbook ``start``, run the macro at ``url`` with ``args``; the new document
    saved as ``out`` (``.xlsx``); the outcome."""
    try:
        found = office.check(
            [{"do": "open", "path": str(start)}, {"do": "invoke", "url": url, "args": args}],
            timeout=TIMEOUT,
        )
        outcome: dict[str, Any] = json.loads(found[1]["result"])
        if outcome.get("ok"):
            office.check(
                [
                    {"do": "adopt", "title": outcome["document"]},
                    {"do": "store", "path": str(out), "filter": XLSX},
                ],
                timeout=TIMEOUT,
            )
    finally:
        with suppress(LibreOfficeError):
            office.run([{"do": "close_all"}], timeout=TIMEOUT)
    return outcome


def described(path: Path) -> tuple[list[str], dict[str, Any], list[str]]:
    """A workbook's sheets, the settings that make its tournament, and its players' names."""
    grids = open_book(path).grids()
    book = read_book(grids)
    settings = book.tournament.settings
    chosen = {
        "system": settings.system,
        "rounds": settings.rounds,
        "language": settings.language,
        "name": settings.name,
    }
    names = [f"{p.surname} {p.first_name}" for p in book.tournament.players]
    return list(grids), chosen, names


def test_the_macros_name_the_new_book_as_gosheet_does() -> None:
    assert newbook.NEW_BOOK == gosheet_bridge.NEW_BOOK


@pytest.mark.parametrize(
    ("system", "rounds", "language"), [("swiss", 4, "fr"), ("mcmahon", 5, "ru")]
)
def test_new_tournament_makes_what_gosheet_new_makes(
    office: Office, open_book: Path, tmp_path: Path, system: str, rounds: int, language: str
) -> None:
    out = tmp_path / "new.xlsx"
    outcome = made_in_office(office, open_book, NEW, [system, rounds, language], out)
    assert outcome["ok"], outcome
    assert outcome["document"] in outcome["message"]  # "Untitled 2", not a file never written
    assert newbook.NEW_BOOK not in outcome["message"]
    assert main(["check", str(out)]) == 0  # as for a fresh tournament
    reference = tmp_path / "reference.xlsx"
    options = ["--system", system, "--rounds", str(rounds), "--language", language]
    assert main(["new", str(reference), *options]) == 0
    assert described(out) == described(reference)
    sheets, chosen, players = described(out)
    assert chosen["language"] == language and players == []
    assert "Settings" not in sheets and "Players" not in sheets  # the sheets in that language


def test_new_team_tournament_makes_what_gosheet_new_type_teams_makes(
    office: Office, open_book: Path, tmp_path: Path
) -> None:
    out = tmp_path / "new.xlsx"
    outcome = made_in_office(office, open_book, NEW, ["swiss", 4, "en", "teams"], out)
    assert outcome["ok"], outcome
    reference = tmp_path / "reference.xlsx"
    options = ["--system", "swiss", "--rounds", "4", "--language", "en", "--type", "teams"]
    assert main(["new", str(reference), *options]) == 0
    assert described(out) == described(reference)
    assert described(out)[0] == ["Settings", "Players", "Teams", "Fixed matches"]
    settings = {
        row[0]: row[1] for row in load_workbook(out)["Settings"].iter_rows(values_only=True)
    }
    assert settings["Tournament type"] == "teams"


def test_import_roster_makes_what_gosheet_import_makes(
    office: Office, open_book: Path, tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    out = tmp_path / "imported.xlsx"
    outcome = made_in_office(office, open_book, IMPORT, [str(roster)], out)
    assert outcome["ok"], outcome
    assert main(["check", str(out)]) == 0
    reference = tmp_path / "reference.xlsx"
    assert main(["import", str(roster), "-o", str(reference)]) == 0
    sheets, chosen, players = described(out)
    assert (sheets, players) == described(reference)[::2] and len(players) == 9
    assert chosen["system"] == described(reference)[1]["system"]


def test_import_roster_takes_an_opengotha_file(
    office: Office, open_book: Path, tmp_path: Path
) -> None:
    xml = tmp_path / "cup.xml"
    assert main(["export", str(open_book), "-o", str(xml)]) == 0
    out = tmp_path / "from-opengotha.xlsx"
    outcome = made_in_office(office, open_book, IMPORT, [str(xml)], out)
    assert outcome["ok"], outcome
    assert main(["check", str(out)]) == 0
    reference = tmp_path / "reference.xlsx"
    assert main(["import", str(xml), "-o", str(reference)]) == 0
    assert described(out)[2] == described(reference)[2] and len(described(out)[2]) == 9
    assert [s for s in described(out)[0] if s.startswith("Round")] == ["Round 1", "Round 2"]


def test_a_roster_with_problems_makes_nothing_and_says_why(
    office: Office, open_book: Path, tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("Name,First name,Rank\nIvanova,Maria,99x\n", encoding="utf-8")
    outcome = made_in_office(office, open_book, IMPORT, [str(roster)], tmp_path / "no.xlsx")
    assert not outcome["ok"] and "99x" in outcome["message"] + json.dumps(outcome["problems"])
    assert not (tmp_path / "no.xlsx").exists()


@pytest.mark.parametrize("action", ["new", "import"])
def test_from_the_menu_a_headless_office_asks_nothing_and_makes_nothing(
    office: Office, open_book: Path, action: str
) -> None:
    """The menu's entry (its URL, for the extension's dispatcher): the dialog or the file
    picker, which a headless office closes at once."""
    try:
        found = office.check(
            [
                {"do": "open", "path": str(open_book)},
                {"do": "dispatch", "url": menu_url(action)},
                {"do": "state"},
            ],
            timeout=TIMEOUT,
        )
    finally:
        with suppress(LibreOfficeError):
            office.run([{"do": "close_all"}], timeout=TIMEOUT)
    outcome = json.loads(found[1]["result"])
    assert outcome == {
        "ok": False,
        "message": newbook.NOTHING_CHOSEN,
        "problems": [],
        "action": action,
    }
    assert not found[2]["modified"]  # the workbook the menu was used in: as it was


@pytest.mark.parametrize(
    ("request_", "said"),
    [
        ({"action": "new", "sheets": {}, "choices": {"language": "xx"}}, "'language'"),
        ({"action": "new", "sheets": {}, "choices": {"rounds": "4"}}, "'rounds'"),
        ({"action": "new", "sheets": {}, "choices": ["swiss"]}, "'choices'"),
        ({"action": "import", "sheets": {}}, "'roster'"),
    ],
)
def test_the_bridge_refuses_choices_it_cannot_take(request_: dict[str, Any], said: str) -> None:
    answer, code = gosheet_bridge.handle(request_)
    assert (answer["ok"], code) == (False, 2) and said in answer["message"]


def test_the_bridge_answers_the_new_workbook_as_one_file() -> None:
    choices = {"system": "fus", "rounds": 3, "language": "ca"}
    answer, code = gosheet_bridge.handle({"action": "new", "sheets": {}, "choices": choices})
    assert code == 0 and [o["suffix"] for o in answer["operations"]] == [".xlsx"]
    assert newbook.NEW_BOOK in answer["message"]
    data = newbook.workbook_bytes(answer["operations"])
    assert data[:2] == b"PK"  # a zip: the .xlsx


@pytest.mark.parametrize("language", ["ru", "fr", "ca"])
def test_the_dialog_and_the_picker_speak_libreoffices_language(language: str) -> None:
    from gosheet_lo import asking, inprocess

    words = inprocess.translated(language, asking.WORDS)
    assert sorted(words) == sorted(set(asking.WORDS))
    assert all(words[w] and "{" not in words[w] for w in asking.WORDS)
    same = {w for w in asking.WORDS if words[w] == w}
    # French keeps "OK"; names stay (rengo), Catalan's "individual" is spelt as English's
    assert same <= {"OK", "McMahon", "FUS", "rengo", "individual"}, same
    assert inprocess.translated("en", asking.WORDS) == {}
    assert inprocess.translated("de", asking.WORDS) == {}  # not gosheet's: English
