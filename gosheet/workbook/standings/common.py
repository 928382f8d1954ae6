"""What every Standings sheet shares: scores as numbers, the crosstable in OpenGotha's
notation, the player's columns, and the sheet built from a column table."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

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


class ColumnCells(Generic[Row]):
    """How a row fills a column (called on one row), and the whole column at once
    (:meth:`column`: what :func:`standings_table` asks, without a call for each cell)."""

    def __call__(self, row: Row) -> Any:
        return self.column([row])[0]

    def column(self, rows: Sequence[Row]) -> list[Any]:
        raise NotImplementedError


class _PlayerCells(ColumnCells[Line]):
    """A column filled from each line's player."""

    def __init__(self, read: Callable[[Player], Any]) -> None:
        self.read = read

    def __call__(self, row: Line) -> Any:
        return self.read(row.player)

    def column(self, rows: Sequence[Line]) -> list[Any]:
        return list(map(self.read, [row.player for row in rows]))


def player_columns(*headers: str) -> Spec[Any]:
    """The columns named (from :data:`PLAYER_COLUMNS`), each filled from the line's player."""
    return [(PLAYER_COLUMNS[h][0], _PlayerCells(PLAYER_COLUMNS[h][1])) for h in headers]


_SIGNS = {
    Outcome.WIN: "+",
    Outcome.FORFEIT_WIN: "+!",
    Outcome.LOSS: "-",
    Outcome.FORFEIT_LOSS: "-!",
    Outcome.JIGO: "=",
    Outcome.PENDING: "?",
}
_SIGN_OF_VALUE = {outcome.value: sign for outcome, sign in _SIGNS.items()}


def crosstable_cell(entry: RoundEntry, line_of: Mapping[int, int], game: str = "go") -> str:
    """OpenGotha's notation: opponent's line, +/-/=, ``!`` when not played,
    ``/w`` or ``/b`` and the handicap: ``12+/w``, ``3-!/b``; ``bye``; ``-``.
    In other games ``/1`` or ``/2``: moved first or second."""
    if entry.outcome is Outcome.BYE:
        return "bye"
    if entry.opponent is None:
        return "-"
    sign = _SIGNS[entry.outcome]
    handicap = str(entry.handicap) if entry.handicap else ""
    white, black = game_of(game).marks
    colour = white if entry.colour == "w" else black
    return f"{line_of[entry.opponent]}{sign}/{colour}{handicap}"


class _RoundCells(ColumnCells[Line]):
    """A round's column of the crosstable: each line's game, in :func:`crosstable_cell`'s
    notation."""

    def __init__(
        self,
        k: int,
        entries_of: Mapping[int, Sequence[RoundEntry]],
        line_of: Mapping[int, int],
        game: str,
    ) -> None:
        self.k, self.entries_of, self.line_of, self.game = k, entries_of, line_of, game

    def __call__(self, row: Line) -> str:
        return crosstable_cell(self.entries_of[row.player.number][self.k], self.line_of, self.game)

    def column(self, rows: Sequence[Line]) -> list[Any]:
        k, entries_of, line_of = self.k, self.entries_of, self.line_of
        white, black = game_of(self.game).marks
        bye = Outcome.BYE
        cells: list[Any] = []
        append = cells.append
        for row in rows:  # crosstable_cell, written out: one cell for each player and round
            entry = entries_of[row.player.number][k]
            outcome = entry.outcome
            if outcome is bye:
                append("bye")
            elif (opponent := entry.opponent) is None:
                append("-")
            else:
                sign = _SIGN_OF_VALUE[outcome._value_]  # (an Enum member hashes in Python)
                colour = white if entry.colour == "w" else black
                handicap = entry.handicap
                append(f"{line_of[opponent]}{sign}/{colour}{handicap if handicap else ''}")
        return cells


def crosstable_columns(
    tournament: Tournament,
    entries_of: Mapping[int, Sequence[RoundEntry]],
    line_of: Mapping[int, int],
) -> Spec[Any]:
    """One column a round: each player's game there, in OpenGotha's notation."""
    game = tournament.settings.game
    return [
        (Column(f"R{rnd.number}", 9, centre=True), _RoundCells(k, entries_of, line_of, game))
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
    columns = [  # column by column: a call for each column, or each cell (a plain function)
        cell.column(rows) if isinstance(cell, ColumnCells) else list(map(cell, rows))
        for _, cell in spec
    ]
    lines = [list(cells) for cells in zip(*columns, strict=True)] if spec else [[] for _ in rows]
    if at is not None and extra:
        for row, cells in zip(rows, lines, strict=True):
            tag = extra.get(row.player.number)
            if tag:
                cells[at] = f"{cells[at] or ''}{tag}".strip()
    return SheetData(
        STANDINGS,
        tuple(column for column, _ in spec),
        lines,
        title=finished(tournament),
        landscape=True,
    )
