"""The players an imported OpenGotha file left unpaired, recorded by the import in the
``OpenGotha`` sheet: one ``Unpaired`` row a round, its value the players playing the round but
in none of its games and byes (OpenGotha's "not assigned"), as the round sheets name them.

A game's row deleted later puts its players in no line of the round too; the record tells them
apart (:func:`~gosheet.workbook.sheets.lost_players.left_out`). It is gosheet's, not the
file's: the export to OpenGotha leaves it out. A workbook imported before the record existed
has no ``Unpaired`` row.

>>> from gosheet.core.model import Game, Player, Round, Settings, Tournament
>>> players = tuple(Player(n, f"P{n}", "A") for n in range(1, 6))
>>> t = Tournament(Settings(), players, (Round(1, (Game(1, 1, 2), Game(3, 3, 4))),))
>>> unpaired_rows(t)
[('Unpaired', 'Round 1', 'players', 'P5 A')]
>>> grid = [("Section", "Key", "Attribute", "Value"), ("Tournament", "", "a", "b"),
...         ("Unpaired", "Round 1", "players", "P5 A"), ("Unpaired", "Round 2", "players", None)]
>>> read_unpaired(grid)
{1: ('P5 A',), 2: ()}
>>> read_unpaired(grid[:2]) is None
True
"""

from __future__ import annotations

import re
from typing import Any

from gosheet.core.model import Tournament
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import OPENGOTHA_HEADERS
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.sheets.reading import cell_text

__all__ = ["SEPARATOR", "UNPAIRED", "read_unpaired", "unpaired_rows"]

UNPAIRED = "Unpaired"
PLAYERS_ATTRIBUTE = "players"
SEPARATOR = "; "
_ROUND = re.compile(r"round\s*(\d+)", re.IGNORECASE)


def unpaired_rows(tournament: Tournament) -> list[tuple[str, str, str, str]]:
    """The ``Unpaired`` rows of the ``OpenGotha`` sheet: for each round of ``tournament``, the
    players playing it (not marked as not playing it) in none of its games and byes; a round
    with none has its row too, empty (the record covers it)."""
    label = labels(tournament.players)
    rows = []
    for rnd in tournament.rounds:
        placed = {p for game in rnd.games for p in (game.white, game.black)} | set(rnd.byes)
        names = [
            label[p.number]
            for p in tournament.players
            if p.number not in placed and p.plays_in(rnd.number)
        ]
        rows.append((UNPAIRED, f"Round {rnd.number}", PLAYERS_ATTRIBUTE, SEPARATOR.join(names)))
    return rows


def read_unpaired(grid: Rows | None) -> dict[int, tuple[str, ...]] | None:
    """The record of the ``OpenGotha`` sheet ``grid``: each recorded round's players, by their
    names; None when the sheet holds no ``Unpaired`` row (imported before the record)."""
    if not grid:
        return None
    headers = [cell_text(h).casefold() for h in grid[0]]
    wanted = (OPENGOTHA_HEADERS[0], OPENGOTHA_HEADERS[1], OPENGOTHA_HEADERS[3])
    if any(h.casefold() not in headers for h in wanted):
        return None
    s, k, v = (headers.index(h.casefold()) for h in wanted)
    record: dict[int, tuple[str, ...]] = {}

    def cell(row: Any, index: int) -> str:
        return cell_text(row[index]) if index < len(row) else ""

    for row in grid[1:]:
        match = _ROUND.fullmatch(cell(row, k))
        if cell(row, s).casefold() != UNPAIRED.casefold() or match is None:
            continue
        names = (name.strip() for name in cell(row, v).split(SEPARATOR.strip()))
        record[int(match.group(1))] = tuple(name for name in names if name)
    return record or None
