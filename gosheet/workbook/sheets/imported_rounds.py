"""Each round of an imported OpenGotha file as the import found it, recorded in the
``OpenGotha`` sheet: its number of games, and the players playing it but in none of its games
and byes (OpenGotha's "not assigned"), as the round sheets name them. Two rows a round, section
``Imported``: ``Round 3``, ``games``, ``54`` and ``Round 3``, ``unpaired``, ``Roy Léa; …``.

A game's row deleted later puts its players in no line of the round too; the record tells them
apart (:func:`~gosheet.workbook.sheets.lost_players.left_out`). It is gosheet's, not the
file's: the export to OpenGotha leaves it out. A workbook imported before the record existed
has no ``Imported`` row.

>>> from gosheet.core.model import Game, Player, Round, Settings, Tournament
>>> players = tuple(Player(n, f"P{n}", "A") for n in range(1, 6))
>>> t = Tournament(Settings(), players, (Round(1, (Game(1, 1, 2), Game(3, 3, 4))),))
>>> record_rows(t)
[('Imported', 'Round 1', 'games', '2'), ('Imported', 'Round 1', 'unpaired', 'P5 A')]
>>> grid = [("Section", "Key", "Attribute", "Value"), ("Tournament", "", "a", "b"),
...         *record_rows(t), ("Imported", "Round 2", "unpaired", None)]
>>> read_record(grid)
{1: Recorded(games=2, unpaired=('P5 A',)), 2: Recorded(games=None, unpaired=())}
>>> read_record(grid[:2]) is None
True
"""

from __future__ import annotations

import re
from typing import Any

from gosheet.core.model import Tournament
from gosheet.records import record, replace
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import OPENGOTHA_HEADERS
from gosheet.workbook.sheets.names import labels, name_key
from gosheet.workbook.sheets.reading import cell_text

__all__ = ["IMPORTED", "Recorded", "read_record", "record_rows", "renamed_in_record"]

IMPORTED = "Imported"
GAMES, UNPAIRED = "games", "unpaired"
SEPARATOR = "; "
_ROUND = re.compile(r"round\s*(\d+)", re.IGNORECASE)


@record
class Recorded:
    """A round as the import found it: its number of games (None: not recorded), the names
    of the players it left unpaired."""

    games: int | None = None
    unpaired: tuple[str, ...] = ()


def record_rows(tournament: Tournament) -> list[tuple[str, str, str, str]]:
    """The ``Imported`` rows of the ``OpenGotha`` sheet: for each round of ``tournament``, its
    number of games and the players playing it (not marked as not playing it) in none of its
    games and byes (empty when none: the record covers the round)."""
    label = labels(tournament.players)
    rows = []
    for rnd in tournament.rounds:
        placed = {p for game in rnd.games for p in (game.white, game.black)} | set(rnd.byes)
        names = [
            label[p.number]
            for p in tournament.players
            if p.number not in placed and p.plays_in(rnd.number)
        ]
        key = f"Round {rnd.number}"
        rows.append((IMPORTED, key, GAMES, str(len(rnd.games))))
        rows.append((IMPORTED, key, UNPAIRED, SEPARATOR.join(names)))
    return rows


def read_record(grid: Rows | None) -> dict[int, Recorded] | None:
    """The record of the ``OpenGotha`` sheet ``grid``, by round; None when the sheet holds no
    ``Imported`` row (imported before the record). A ``games`` value that is not a whole
    number is taken as not recorded."""
    if not grid:
        return None
    headers = [cell_text(h).casefold() for h in grid[0]]
    wanted = (
        OPENGOTHA_HEADERS[0],
        OPENGOTHA_HEADERS[1],
        OPENGOTHA_HEADERS[2],
        OPENGOTHA_HEADERS[3],
    )
    if any(h.casefold() not in headers for h in wanted):
        return None
    s, k, a, v = (headers.index(h.casefold()) for h in wanted)
    record: dict[int, Recorded] = {}

    def cell(row: Any, index: int) -> str:
        return cell_text(row[index]) if index < len(row) else ""

    for row in grid[1:]:
        match = _ROUND.fullmatch(cell(row, k))
        if cell(row, s).casefold() != IMPORTED.casefold() or match is None:
            continue
        number, attribute, value = int(match.group(1)), cell(row, a).casefold(), cell(row, v)
        recorded = record.get(number, Recorded())
        if attribute == GAMES:
            recorded = replace(recorded, games=int(value) if value.isdigit() else None)
        elif attribute == UNPAIRED:
            names = (name.strip() for name in value.split(SEPARATOR.strip()))
            recorded = replace(recorded, unpaired=tuple(name for name in names if name))
        record[number] = recorded
    return record or None


def renamed_in_record(grid: Rows | None, keys: set[str], label: str) -> list[tuple[int, int, str]]:
    """The cells of the record to change when a player is renamed: each ``unpaired`` value
    naming him (a name whose :func:`name_key` is in ``keys``) with ``label`` instead, as
    (0-based row, column, new value).

    >>> grid = [("Section", "Key", "Attribute", "Value"),
    ...         ("Imported", "Round 1", "unpaired", "P5 A; P6 B")]
    >>> renamed_in_record(grid, {name_key("p6 b")}, "Q6 B")
    [(1, 3, 'P5 A; Q6 B')]
    """
    if not grid:
        return []
    headers = [cell_text(h).casefold() for h in grid[0]]
    wanted = [OPENGOTHA_HEADERS[i].casefold() for i in (0, 2, 3)]
    if any(h not in headers for h in wanted):
        return []
    s, a, v = (headers.index(h) for h in wanted)
    changes = []
    for r, row in enumerate(grid[1:], start=1):
        if len(row) <= max(s, a, v) or cell_text(row[s]).casefold() != IMPORTED.casefold():
            continue
        if cell_text(row[a]).casefold() != UNPAIRED:
            continue
        names = [name.strip() for name in cell_text(row[v]).split(SEPARATOR.strip())]
        new = [label if name_key(name) in keys else name for name in names if name]
        if new != [name for name in names if name]:
            changes.append((r, v, SEPARATOR.join(new)))
    return changes
