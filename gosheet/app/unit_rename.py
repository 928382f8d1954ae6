"""``gosheet rename`` of a pair go or rengo unit (:func:`gosheet.app.actions.rename`): its name
in the Players sheet's ``Pair`` (``Team``) column, each of its players' cell, and the unit as
every round sheet names it (``Pair 3 (Sato Aki, Kim Min)``); or, the unit renamed in Players
by hand, the round sheets that still name it as before (what ``check`` advises then)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gosheet.core.errors import ConsistencyError
from gosheet.core.settings import Settings
from gosheet.i18n.catalog import _
from gosheet.records import replace
from gosheet.workbook.sheets import PLAYERS
from gosheet.workbook.sheets.names import labels, name_key
from gosheet.workbook.sheets.players_reader import read_players
from gosheet.workbook.sheets.reading import ProblemList, Sheets
from gosheet.workbook.sheets.units_reader import UnitIndex, read_units

#: A change of a cell: sheet, row, column (0-based), the new value.
Change = tuple[str, int, int, str]


def unit_changes(
    grids: Sheets,
    rounds: Mapping[str, Sequence[tuple[int, int, str]]],
    old: str,
    new: str,
    settings: Settings,
) -> tuple[list[Change], list[Change]] | None:
    """The changes renaming the unit ``old`` to ``new`` (a name, or as the round sheets write
    a unit: ``Pair B (Sato Aki, Kim Min)``), and those of them in the round sheets
    (``rounds``: each sheet's (row, column, name) cells); None when ``old`` names no unit,
    now or in the round sheets (a player of a unit, then: renamed as any player)."""
    problems = ProblemList(grids.shown)
    state = read_players(grids.get(PLAYERS), problems, needs_strength=False, units=True)
    if not read_units(state, problems, settings):
        return None  # (the roster's own problems: told by the usual rename)
    units = state.tournament.players
    index = UnitIndex(units)
    shown = labels(units)
    found, target = index.find(old), index.find(new)
    if isinstance(found, int):
        if target is not None and target != found:
            raise ConsistencyError(
                _(
                    "'{name}' is already a pair or team of the Players sheet: choose another name"
                ).format(name=new)
            )
        name = new.split(" (", 1)[0].strip()
        column = state.player_columns.get("Pair", state.player_columns.get("Team"))
        if not name or column is None:
            return None
        changes: list[Change] = [
            (PLAYERS, state.member_rows[member.number], column, name)
            for member in state.members[found]
        ]
        renamed = tuple(replace(u, surname=name) if u.number == found else u for u in units)
        label = labels(renamed)[found]
        cells = [
            (sheet, r, c, label)
            for sheet, named in rounds.items()
            for r, c, text in named
            if index.find(text) == found and text != label
        ]
        return [*changes, *cells], cells
    if found is None and isinstance(target, int):  # renamed in Players by hand already
        whole, unit = name_key(old), name_key(old.split(" (", 1)[0])
        cells = [
            (sheet, r, c, shown[target])
            for sheet, named in rounds.items()
            for r, c, text in named
            if index.find(text) is None
            and (name_key(text) == whole or name_key(text.split(" (", 1)[0]) == unit)
        ]
        if cells:
            return cells, cells
    return None


__all__ = ["Change", "unit_changes"]
