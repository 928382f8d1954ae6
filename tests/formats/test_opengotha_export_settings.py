"""A workbook of gosheet's own rules (McMahon, FUS, Swiss) exported to OpenGotha keeps every
setting OpenGotha's file has a place for (name, rounds, komi, location, dates, clock, online,
game format, the points of a bye and an absence, even games); the others are named in the
export's warning ("Kept in gosheet only"). Imported back, the export gives the same values,
and the EGF file of the workbook reads as that of the imported export where they matter."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.cli import cli

from gosheet.core.event import TimeControl
from gosheet.core.kinds import Rules
from gosheet.core.settings import Settings
from gosheet.formats.opengotha.xml import read_opengotha
from gosheet.workbook.books import open_book
from gosheet.workbook.sheets.reader import read_book

#: Every setting with a place in OpenGotha's file, none at its default.
EVENT = {
    "Tournament": "Kazan Cup",
    "Rounds": 4,
    "Komi": 0.5,
    "Location": "Kazan",
    "Dates": "2024-05-18, 2024-05-20",
    "Time system": "40 min + canadian 300 s / 20 stones",
    "Online": "yes",
    "EGF game format": "short",
}
#: gosheet's own settings, none at its default (those a system's sheet lacks are not set).
OWN = {
    "Country": "RU",
    "McMahon groups": "1d, 5k",
    "Points for a bye": 0.5,
    "Points for an absent round": 1,
    "Points for a forfeit loss": 1,
    "Avoid same club": "yes",
    "Rating points per level": 60,
    "Handicap cap": 4,
    "Reverse komi": "no",
    "Levels for a bye": 2,
}


def fill(book: Path, values: dict[str, object]) -> None:
    """Set the Settings sheet's rows of ``values`` (by label) in ``book``."""
    workbook = load_workbook(book)
    for row in workbook["Settings"].iter_rows():
        if row[0].value in values:
            row[1].value = values[str(row[0].value)]
    workbook.save(book)


def settings_of(book: Path) -> Settings:
    return read_book(open_book(book).grids()).tournament.settings


def round_trip(
    capsys: pytest.CaptureFixture[str], book: Path, folder: Path
) -> tuple[Settings, str, Path]:
    """The settings of the export imported back, what the export said, and the workbook."""
    code, said, err = cli(capsys, "export", book, "-o", folder / "out.xml")
    assert code == 0, err
    again = folder / "again.xlsx"
    code, _, err = cli(capsys, "import", folder / "out.xml", "-o", again)
    assert code == 0, err
    return settings_of(again), said, again


@pytest.mark.parametrize("system", ["mcmahon", "fus", "swiss"])
def test_every_setting_with_a_place_in_the_file_goes_round(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, system: str
) -> None:
    book = tmp_path / "book.xlsx"
    assert cli(capsys, "new", book, "--system", system)[0] == 0
    fill(book, EVENT | OWN)
    mine = settings_of(book)
    assert mine.location == "Kazan" and mine.time.system == "canadian"  # the rows were filled
    back, said, _ = round_trip(capsys, book, tmp_path)

    assert back.rules is Rules.OPENGOTHA
    assert back.system.value == ("swiss" if system == "swiss" else "mcmahon")
    assert (back.name, back.rounds, back.komi) == ("Kazan Cup", 4, 0.5)
    assert back.location == "Kazan"
    assert back.dates == (dt.date(2024, 5, 18), dt.date(2024, 5, 20))
    assert back.time == TimeControl("canadian", 40, 300, 20)
    assert back.online and back.game_format == "short"
    og = back.opengotha
    if system == "mcmahon":  # a bye's and an absence's McMahon score; even games
        assert (og.mms_bye, og.mms_absent) == (Fraction(1, 2), Fraction(1))
    elif system == "swiss":  # a Swiss tournament's points are OpenGotha's wins
        assert (og.nbw_bye, og.nbw_absent) == (Fraction(1, 2), Fraction(1))
    else:  # FUS: a bye is a win, an absence nothing
        assert (og.mms_bye, og.mms_absent) == (Fraction(1), Fraction(0))
    if system != "fus":
        assert (og.hd_ceiling, og.hd_correction) == (0, 0)

    # what the file cannot hold is named, with its value; nothing else is
    line = next(t for t in said.splitlines() if t.startswith("Kept in gosheet only"))
    named = line.split(": ", 1)[1].split("; ")
    expected = {
        "mcmahon": ["McMahon groups 1d, 5k", "Tiebreaks SOS, SODOS", "Points for a forfeit loss 1"],
        "swiss": [
            "Tiebreaks Buchholz, Buchholz cut 1, Sonneborn-Berger, Wins",
            "Points for a forfeit loss 1",
        ],
        "fus": [
            "Rating points per level 60",
            "Handicap cap 4",
            "Reverse komi no",
            "Levels for a bye 2",
        ],
    }[system]
    assert named == [*expected, "Avoid same club yes", "Avoid same country no", "Country RU"]
    assert back.country == ""  # OpenGotha's file has no country


def test_the_file_holds_them_where_opengotha_reads_them(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "book.xlsx"
    assert cli(capsys, "new", book)[0] == 0
    fill(book, EVENT | {"Time system": "45 min + fischer 15 s", "Online": "no"})
    assert cli(capsys, "export", book, "-o", tmp_path / "out.xml")[0] == 0
    og = read_opengotha(tmp_path / "out.xml")
    general = og.parameters["GeneralParameterSet"]
    assert {k: general[k] for k in ("name", "numberOfRounds", "komi", "location")} == {
        "name": "Kazan Cup",
        "numberOfRounds": "4",
        "komi": "0.5",
        "location": "Kazan",
    }
    assert (general["beginDate"], general["endDate"]) == ("2024-05-18", "2024-05-20")
    assert general["complementaryTimeSystem"] == "FISCHER"
    assert (general["basicTime"], general["fischerTime"], general["bInternet"]) == (
        "45",
        "15",
        "false",
    )
    assert og.parameters["DPParameterSet"]["gameFormat"] == "short"
    assert og.parameters["HandicapParameterSet"]["hdCeiling"] == "0"


def test_a_tournament_under_opengothas_rules_names_only_its_country(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "book.xlsx"
    assert cli(capsys, "new", book, "--rules", "opengotha")[0] == 0
    _, said, _ = round_trip(capsys, book, tmp_path)
    assert "Kept in gosheet only" not in said
    fill(book, {"Country": "FR"})
    code, said, _ = cli(capsys, "export", book, "-o", tmp_path / "fr.xml")
    assert code == 0 and "Kept in gosheet only (OpenGotha's file has no place for them): " in said
    assert said.rstrip().endswith(": Country FR")


def test_the_egf_file_of_the_export_reads_the_same_event(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "demo.xlsx"
    assert cli(capsys, "demo", book, "--rounds", "3")[0] == 0
    fill(book, {k: v for k, v in EVENT.items() if k != "Rounds"})
    _, _, again = round_trip(capsys, book, tmp_path)
    heads = []
    for source in (book, again):
        target = tmp_path / f"{source.stem}.h9"
        code, _, err = cli(capsys, "export", source, "-o", target)
        assert code == 0, err
        text = target.read_text(encoding="iso-8859-15")  # as OpenGotha writes it
        heads.append([t for t in text.splitlines() if t[:4] in ("; CL", "; EV", "; PC", "; DT")])
        heads[-1] += [t for t in text.splitlines() if t[:4] in ("; KM", "; TM", "; CM", "; HA")]
    assert heads[0] == heads[1]
    assert heads[0] == [
        "; CL[D]",
        "; EV[Kazan Cup]",
        "; PC[,Kazan]",
        "; DT[2024-05-18,2024-05-20]",
        "; KM[0.5]",
        "; TM[55]",
        "; CM[Canadian byo-yomi]",
    ]
