"""The Players sheet under OpenGotha's rules (workbook.sheets, workbook.reader): its
columns, and the OpenGotha columns read and checked."""

from __future__ import annotations

import pytest

from gosheet.core.errors import InputError
from gosheet.core.settings import Settings
from gosheet.workbook.sheets import player_headers
from gosheet.workbook.sheets.reader import read_book


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
