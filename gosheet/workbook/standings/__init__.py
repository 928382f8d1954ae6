"""The ``Standings`` sheet, as the tournament's pairing system ranks the players
(:attr:`gosheet.core.systems.PairingSystem.standings`)."""

from __future__ import annotations

from collections.abc import Callable

from gosheet.core.model import Tournament
from gosheet.core.systems import Standings, system_of
from gosheet.workbook.sheets import SheetData
from gosheet.workbook.standings.opengotha import opengotha_standings_sheet
from gosheet.workbook.standings.systems import (
    fus_standings_sheet,
    mcmahon_standings_sheet,
    swiss_standings_sheet,
)

SHEETS: dict[Standings, Callable[[Tournament], SheetData]] = {
    "mcmahon": mcmahon_standings_sheet,
    "swiss": swiss_standings_sheet,
    "fus": fus_standings_sheet,
    "opengotha": opengotha_standings_sheet,
}


def standings_sheet(tournament: Tournament) -> SheetData:
    """``Standings`` of the tournament, by its system's ranking."""
    return SHEETS[system_of(tournament.settings).standings](tournament)
