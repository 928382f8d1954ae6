"""What every Standings sheet shares: scores as numbers, the crosstable in OpenGotha's
notation, the player's columns, and the sheet built from a column table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from gosheet.core.games import game_of
from gosheet.core.model import Outcome, Player, Tournament
from gosheet.core.scorecard import RoundEntry
from gosheet.workbook.names import tags
from gosheet.workbook.sheets import STANDINGS, Column, SheetData


def number(value: Fraction) -> int | float:
    """A score as a spreadsheet number: 3 or 3.5 (exact for halves and quarters)."""
    return int(value) if value.denominator == 1 else float(value)


class Line(Protocol):
    """A line of a Standings table: it belongs to a player."""

    @property
    def player(self) -> Player: ...


Row = TypeVar("Row", bound=Line)
Spec = list[tuple[Column, Callable[[Row], Any]]]

# The player's own columns, in the order every Standings sheet shows them.
PLAYER_COLUMNS: dict[str, tuple[Column, Callable[[Player], Any]]] = {
    "Name": (Column("Name", 20), lambda p: p.surname),
    "First name": (Column("First name", 14), lambda p: p.first_name),
    "Rank": (Column("Rank", 6), lambda p: p.rank_text or None),
    "Rating": (Column("Rating", 7), lambda p: p.rating),
    "Club": (Column("Club", 12), lambda p: p.club),
    "Country": (Column("Country", 8), lambda p: p.country),
}


def player_columns(*headers: str) -> Spec[Any]:
    """The columns named (from :data:`PLAYER_COLUMNS`), each filled from the line's player."""

    def cell(read: Callable[[Player], Any]) -> Callable[[Line], Any]:
        return lambda line: read(line.player)

    return [(PLAYER_COLUMNS[h][0], cell(PLAYER_COLUMNS[h][1])) for h in headers]


def crosstable_cell(entry: RoundEntry, line_of: Mapping[int, int], game: str = "go") -> str:
    """OpenGotha's notation: opponent's line, +/-/=, ``!`` when not played,
    ``/w`` or ``/b`` and the handicap: ``12+/w``, ``3-!/b``; ``bye``; ``-``.
    In other games ``/1`` or ``/2``: moved first or second."""
    if entry.outcome is Outcome.BYE:
        return "bye"
    if entry.opponent is None:
        return "-"
    sign = {
        Outcome.WIN: "+",
        Outcome.FORFEIT_WIN: "+!",
        Outcome.LOSS: "-",
        Outcome.FORFEIT_LOSS: "-!",
        Outcome.JIGO: "=",
        Outcome.PENDING: "?",
    }[entry.outcome]
    handicap = str(entry.handicap) if entry.handicap else ""
    white, black = game_of(game).marks
    colour = white if entry.colour == "w" else black
    return f"{line_of[entry.opponent]}{sign}/{colour}{handicap}"


def crosstable_columns(
    tournament: Tournament,
    entries_of: Mapping[int, Sequence[RoundEntry]],
    line_of: Mapping[int, int],
) -> Spec[Any]:
    """One column a round: each player's game there, in OpenGotha's notation."""
    game = tournament.settings.game

    def cell(k: int) -> Callable[[Line], str]:
        return lambda row: crosstable_cell(entries_of[row.player.number][k], line_of, game)

    return [
        (Column(f"R{rnd.number}", 9, centre=True), cell(k))
        for k, rnd in enumerate(tournament.rounds)
    ]


def finished(tournament: Tournament) -> str:
    """The sheet's title: the tournament and the last complete round."""
    done = sum(1 for r in tournament.rounds if r.complete)
    return f"{tournament.settings.name} — standings after round {done}"


def standings_table(tournament: Tournament, rows: Sequence[Row], spec: Spec[Row]) -> SheetData:
    """A Standings sheet from its column table: (column, how a row fills it). Players of the
    same name are told apart as in the round sheets: their first name (or name) is followed by
    the club or the EGD PIN, ``Min (Seoul)``."""
    extra = tags(tournament.players)
    headers = [column.header for column, _ in spec]
    at = next((headers.index(h) for h in ("First name", "Name") if h in headers), None)

    def line(row: Row) -> list[Any]:
        cells = [cell(row) for _, cell in spec]
        tag = extra.get(row.player.number)
        if tag and at is not None:
            cells[at] = f"{cells[at] or ''}{tag}".strip()
        return cells

    return SheetData(
        STANDINGS,
        tuple(column for column, _ in spec),
        [line(row) for row in rows],
        title=finished(tournament),
        landscape=True,
    )
