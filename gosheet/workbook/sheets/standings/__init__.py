"""The ``Standings`` sheet: the tournament's standings model
(:func:`gosheet.core.standings_table.standings_model`, made by its system's ranking) as one
plain table — a header row and one row a player, the McMahon group in its own column — that an
organiser may sort and filter; its words in the workbook's language."""

from __future__ import annotations

from gosheet.collector import paused
from gosheet.core.model import Tournament
from gosheet.core.standings_table import Placed, StandingsModel, standings_model
from gosheet.workbook.sheets import SheetData
from gosheet.workbook.sheets.standings.common import finished, number, sheet_of, sheet_values

__all__ = ["finished", "number", "sheet_of", "sheet_values", "standings_sheet"]


def standings_sheet(
    tournament: Tournament,
    language: str | None = None,
    model: StandingsModel | None = None,
    placed: Placed | None = None,
) -> SheetData:
    """``Standings`` of the tournament, by its system's ranking, in ``language`` (default:
    the tournament's ``Language`` setting); ``model``: its standings, when made already;
    ``placed``: their placement, computed before the last round was paired
    (:func:`~gosheet.core.standings_table.placed_before`)."""
    with paused():  # (a big field's rows: many objects, no cycles)
        model = standings_model(tournament, placed=placed) if model is None else model
        return sheet_of(model, tournament, language or tournament.settings.language)
