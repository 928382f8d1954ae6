"""xlwings Lite's "New tournament": the Settings and Players of a new, empty tournament
written into the open workbook from the choices on its Control sheet, on xlwings' own remote
Book (see ``test_excel_xlwings.py``); a workbook holding a tournament is refused untouched."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.excel_client import ExcelClient, remote_opener, run

from gosheet.app import actions
from gosheet.app.bridge import RecordingBook
from gosheet.app.files import OptionError
from gosheet.frontends.cli import main
from gosheet.frontends.excel import choices, lite, lite_run
from gosheet.frontends.excel.template import CONTROL


@pytest.fixture(autouse=True)
def licence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")


def _lite(tmp_path: Path, source: Path | None = None, **typed: object) -> ExcelClient:
    out = lite.write(source, tmp_path / "lite.xlsx")
    workbook = load_workbook(out)
    row, column = choices.PLACE
    for offset, label in enumerate(choices.LABELS):
        assert workbook[CONTROL].cell(row=row + offset, column=column).value == label
        if label in typed:
            workbook[CONTROL].cell(row=row + offset, column=column + 1, value=typed[label])
    workbook.save(out)
    return ExcelClient.from_file(out)


def test_a_new_tournament_in_the_choices_language_that_check_accepts(tmp_path: Path) -> None:
    client = _lite(tmp_path, System="Swiss", Rounds=4, Language="Français")
    message, _sent = run(remote_opener(), client, lambda b: lite_run.run("new_tournament", b))
    assert message.startswith("Paramètres et Joueurs écrits : un tournoi swiss vide de 4 rondes")
    names = [s.name for s in client.sheets]
    assert names[:3] == [CONTROL, "Paramètres", "Joueurs"] and "Settings" not in names
    book = RecordingBook({s.name: s.rows() for s in client.sheets})
    checked = actions.check(book)
    assert checked.tournament.settings.system == "swiss"
    assert checked.tournament.settings.rounds == 4
    assert checked.tournament.settings.language == "fr"


def test_a_workbook_holding_a_tournament_is_refused_untouched(tmp_path: Path) -> None:
    roster, cup = tmp_path / "roster.csv", tmp_path / "cup.xlsx"
    roster.write_text("Name,First name,Rank\nAbe,Ann,3k\nBoe,Bob,5k\n", encoding="utf-8")
    assert main(["import", str(roster), "-o", str(cup)]) == 0
    client = _lite(tmp_path, cup)
    before = [(s.name, s.rows()) for s in client.sheets]
    message, _sent = run(remote_opener(), client, lambda b: lite_run.run("new_tournament", b))
    assert message.startswith(
        "Nothing was changed: this workbook holds a tournament already (2 players, 0 rounds)"
    )
    assert [(s.name, s.rows()) for s in client.sheets] == before


def test_a_choice_that_fits_none_is_named() -> None:
    with pytest.raises(OptionError, match="System: 'Hungarian' is none of mcmahon"):
        choices.chosen([["System", "Hungarian"]])
    with pytest.raises(OptionError, match="Language: 'Deutsch' is none of en"):
        choices.chosen([["Language", "Deutsch"]])
    assert choices.chosen(None).system is None
