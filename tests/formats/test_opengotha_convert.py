"""OpenGotha files to workbooks and back (formats.opengotha.convert), on real .xlsx files:
the round trip, edits in the workbook exported, workbooks gosheet made. Rarer file contents
and what cannot be imported or exported: ``test_opengotha_convert_odd_files``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import sheet_rows
from support.opengotha import NOW, export, imported_book, read_fixture
from support.paths import PAIRGOTH, TOULOUSE, fixture

from gosheet import records
from gosheet.core.errors import ConsistencyError
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.settings import Settings
from gosheet.formats.opengotha.convert import from_opengotha, opengotha_book
from gosheet.formats.opengotha.export import to_opengotha
from gosheet.formats.opengotha.xml import (
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

NAMES = (*PAIRGOTH, TOULOUSE)
SAVED = NOW.strftime("%Y%m%d%H%M%S")
"""The export's ``saveDT``: the time of the export, as OpenGotha dates its saves."""


def dated(og: OGTournament) -> OGTournament:
    """``og`` as an export at :data:`NOW` writes it: saved then."""
    return records.replace(og, attributes=og.attributes | {"saveDT": SAVED})


def dated_bytes(data: bytes, og: OGTournament) -> bytes:
    """The bytes of a file as an export at :data:`NOW` writes them: saved then."""
    return data.replace(
        f'saveDT="{og.attributes["saveDT"]}"'.encode(), f'saveDT="{SAVED}"'.encode()
    )


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
    # players, their attributes, games, byes, parameters, criteria, team parameters …, saved
    # at the export's time (saveDT), as OpenGotha dates its saves
    saved = NOW.strftime("%Y%m%d%H%M%S")
    assert back.attributes == og.attributes | {"saveDT": saved}
    assert back == records.replace(og, attributes=back.attributes)
    assert back.players == og.players and back.games == og.games and back.byes == og.byes
    assert back.parameters == og.parameters and back.extra == og.extra
    # and in fact the very bytes OpenGotha wrote, but for the time of the save
    date = f'saveDT="{og.attributes["saveDT"]}"'.encode()
    assert write_opengotha(back) == original.replace(date, f'saveDT="{saved}"'.encode())


@pytest.mark.parametrize("name", NAMES)
def test_the_workbook_reads_back_as_the_imported_tournament(name: str, tmp_path: Path) -> None:
    og = read_fixture(name)
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
    mm = from_opengotha(read_fixture("simplemm")).tournament
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

    swiss = from_opengotha(read_fixture("simpleswiss")).tournament
    assert swiss.settings.system == "swiss" and swiss.settings.opengotha.hd_ceiling == 0
    assert swiss.settings.opengotha.placement == ("NBW", "SOSW", "SOSOSW")

    other = from_opengotha(read_fixture("notsimplemm")).tournament
    by_name = {p.surname: p for p in other.players}
    assert by_name["Bonjean"].not_playing == {2}  # participating="10111…"
    assert other.rounds[0].byes and other.rounds[1].byes == ()
    assert other.settings.opengotha.mm_bar == 0 and other.settings.opengotha.hd_correction == 1


def test_until_round_keeps_the_first_rounds(tmp_path: Path) -> None:
    og = read_fixture("notsimplemm")
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
        assert back == records.replace(
            dated(og),
            games=tuple(
                sorted(kept, key=lambda g: (g.round_number, g.table_number)) if k < 5 else og.games
            ),
            byes=tuple(b for b in og.byes if b.round_number <= k),
        )
        assert XlsxBook.open(book).read().tournament.next_round_number == k + 1


def test_import_overrides(tmp_path: Path) -> None:
    og = read_fixture("simplemm")
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
    og = read_fixture("simplemm")
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
    director = next(i for i, r in enumerate(sheet_rows(book, "OpenGotha"), 1) if r[2] == "director")
    edit(book, "OpenGotha", {(director, "Value"): "Someone else"})
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
    assert back.parameters["GeneralParameterSet"]["director"] == "Someone else"
    assert back.attributes == og.attributes | {"saveDT": SAVED}  # saved at the export
    # everything else is as in the file
    assert by_key["ROBINCLÉ"] == og.players[0]
    assert back.games[2:] == og.games[2:]
    # the categories go back into a workbook
    again = from_opengotha(back).tournament.settings
    assert again.opengotha.categories == (-5, -15) and again.opengotha.mm_bar == 1


def test_players_added_or_removed_later(tmp_path: Path) -> None:
    og = read_fixture("simplemm")
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
    shape = read_fixture("simplemm" if first == "MMS" else "simpleswiss")
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
    assert write_opengotha(export(book)) == dated_bytes(original.encode("utf-8"), og)
