"""Reading a ``Round N`` sheet: its games, byes and results, and the names found back among
the players (the values beside or below its tables: :mod:`gosheet.workbook.sheets.round_strays`; the
sheets that look like rounds: :mod:`gosheet.workbook.sheets.round_look_alikes`; the players a round
lost: :mod:`gosheet.workbook.sheets.lost_players`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gosheet.core.model import Game, Round
from gosheet.i18n import words
from gosheet.i18n.catalog import N_, _, current
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import (
    BYE_LABEL,
    FIRST_PLAYER,
    SECOND_PLAYER,
    cell_name,
    column_letter,
    rounds_in_force_of,
)
from gosheet.workbook.sheets.cell_cache import komi_of, results_in, text_of
from gosheet.workbook.sheets.columns import Refused, RowReader, Rule
from gosheet.workbook.sheets.headers import normalise_header
from gosheet.workbook.sheets.names import NameIndex
from gosheet.workbook.sheets.reading import (
    BookState,
    ProblemList,
    blank,
    cell_text,
    int_cell,
    merged_result,
)
from gosheet.workbook.sheets.round_strays import Strays
from gosheet.workbook.unseen import Covered

ROUND_COLUMNS = {
    "table": ("Table",),
    "white": ("White", FIRST_PLAYER),
    "black": ("Black", SECOND_PLAYER),
    "handicap": ("Handicap",),
    "komi": ("Komi",),
    "result": ("Result",),
}
NO_PLAYER = {"white": N_("no White player"), "black": N_("no Black player")}


def not_a_table() -> str:
    """The problem of a table cell that is no table number."""
    bye = words.local(BYE_LABEL, current(), words.CELLS)
    return _("not a table number (or '{bye}')").format(bye=bye)


def _table(value: Any) -> int:
    return value if type(value) is int and value >= 1 else int_cell(value, 1)


def _handicap(value: Any) -> int:
    return value if type(value) is int and 0 <= value <= 9 else int_cell(value, 0, 9)


class RoundNames:
    """The name cells of one round sheet found back among the players: ``known``, the player
    of each name cell read so far (shared by the round sheets of a workbook); each player once
    in the round. ``row``: the 0-based row being read."""

    def __init__(self, index: NameIndex, known: dict[str, int], grid: Rows = ()) -> None:
        self.index = index
        self.known = known
        self.grid = grid  # the round sheet (for a name that is no player's: who is beside it)
        self.named: list[int] | None = None  # the players its name cells name (beside())
        self.seen: dict[int, tuple[int, int]] = {}  # player → his cell so far (row, column)
        self.row = 0

    def beside(self) -> list[int]:
        """The players the sheet's other name cells name (rare: asked for a name that is no
        player's, whose new name none of them can be), found once a sheet."""
        if self.named is None:
            found = (self.index.find(text) for _r, _c, text in player_cells(self.grid))
            self.named = [n for n in found if isinstance(n, int)]
        return self.named

    def reader(self, column: int, key: str) -> Callable[[Any], int]:
        """How the name cells of ``column`` (White's or Black's: ``key``) are read."""

        def read(raw: Any) -> int:
            player = self.known.get(raw) if type(raw) is str else None
            if player is not None and player not in self.seen:  # read before, in another round
                self.seen[player] = (self.row, column)
                return player
            value = text_of(raw)
            if not value:
                raise Refused(_(NO_PLAYER[key]), None)
            found = self.index.resolve(value, self.beside)
            if isinstance(found, str):
                raise Refused(found, value)
            if found in self.seen:
                cell = cell_name(*self.seen[found])
                twice = _("the same player twice in this round (also at {cell})")
                raise Refused(twice.format(cell=cell), value)
            self.seen[found] = (self.row, column)
            if type(raw) is str:
                self.known[raw] = found
            return found

        return read


def game_rules(
    columns: dict[str, int], names: RoundNames, tables: set[int], language: str = "en"
) -> tuple[Rule, ...]:
    """A round sheet's columns, in the order of their problems: ``names`` finds the players,
    ``tables`` holds the tables of the round so far, ``language`` is the workbook's (its
    results are read in it: :func:`results_in`)."""

    def new_table(table: int) -> str | None:
        twice = table in tables
        tables.add(table)
        return _("the same table twice") if twice else None

    def player(key: str) -> Rule:
        reader = names.reader(columns[key], key)
        return Rule(key, reader, missing=NO_PLAYER[key], kept=False)

    return (
        Rule(
            "table",
            _table,
            not_a_table,
            missing=not_a_table,
            shows_blank=True,
            stops=True,
            check=new_table,
        ),
        player("white"),
        player("black"),
        Rule("result", results_in(language)),
        Rule("handicap", _handicap, N_("not a handicap (0 to 9 stones)"), blank=0),
        Rule("komi", komi_of, N_("not a komi (a number such as 6.5)"), blank=0.0),
    )


def round_columns(sheet: str, grid: Rows, problems: ProblemList) -> dict[str, int] | None:
    """Each round column's key → its column; None (the problems told) if the round cannot be
    read."""
    if not grid:
        problems.add(sheet, 0, 0, None, _("the header row is missing"))
        return None
    headers = [normalise_header(h) for h in grid[0]]
    col: dict[str, int] = {}
    for key, labels in ROUND_COLUMNS.items():
        for label in labels:
            if normalise_header(label) in headers:
                col[key] = headers.index(normalise_header(label))
                break
    for key in ("table", "white", "black", "result"):
        if key not in col:
            wanted = _("' or '").join(
                words.local(label, current(), words.ROUNDS) for label in ROUND_COLUMNS[key]
            )
            problems.add(
                sheet, 0, 0, None, _("no '{column}' column in the header row").format(column=wanted)
            )
    if any(k not in col for k in ("table", "white", "black", "result")):
        return None
    return col


def read_round(
    sheet: str,
    number: int,
    grid: Rows,
    index: NameIndex,
    problems: ProblemList,
    state: BookState,
    found: dict[str, int] | None = None,
    language: str = "en",
) -> Round:
    """One round sheet's games and byes; its problems into ``problems``, where its results
    are and what to look at into ``state``. ``found``: the player of each name cell read so
    far (as typed), shared by the round sheets of one workbook, which add to it.
    ``language``: the workbook's, in which its results are read (``B+`` is White in French).

    The columns are read by their rules (:func:`game_rules`)."""
    col = round_columns(sheet, grid, problems)
    if col is None:
        return Round(number)
    names = RoundNames(index, {} if found is None else found, grid)
    rules = game_rules(col, names, set(), language)
    reader = RowReader(sheet, col, problems)
    tabled, absent = reader.present(rules)
    untabled = tabled[1:]  # an organiser's line without a table: pair gives it one
    pick_tabled, pick_untabled = reader.picker(tabled), reader.picker(untabled)
    bye_steps, tabled_steps = reader.steps(tabled[1:2]), reader.steps(tabled)
    untabled_steps = tabled_steps[1:]
    at_table, at_white, at_black, at_result = (
        col[k] for k in ("table", "white", "black", "result")
    )
    reach = max(col.values()) + 1  # a shorter row is read as if padded with empty cells
    result_letter = column_letter(at_result)  # the result cell of row r: cell_name(r, at_result)
    bye_words = (BYE_LABEL.casefold(), "technical win")
    strays = Strays(sheet, grid[0], at_result, state)
    width = len(strays.named)
    games: list[Game] = []
    byes: list[int] = []
    merges: set[str] = set()  # the merges over Result cells, told
    for r in range(1, len(grid)):
        row = grid[r]
        if strays.without_header or strays.origins or len(row) > width:
            strays.beside(row, r)
        cells = row if len(row) >= reach else [*row, *([None] * (reach - len(row)))]
        table_cell = cells[at_table]
        names.row = r
        numbered = type(table_cell) is int  # (a table number, never blank: read quicker)
        if not numbered and blank(table_cell) and blank(cells[at_white]) and blank(cells[at_black]):
            if not all(blank(v) for v in row):
                strays.below(row, r)
            continue
        if isinstance(table_cell, str) and table_cell.strip().casefold() in bye_words:
            bye = reader.read_row(bye_steps, (cells[at_white],), r, {})
            if bye is not None and bye["white"] is not None:
                byes.append(bye["white"])
            continue
        raw = cells[at_result]
        if type(raw) is Covered and raw.merge not in merges:  # (the cell shows another's value)
            merges.add(raw.merge)
            problems.add(sheet, r, at_result, None, merged_result(raw.merge))
        if not numbered and blank(table_cell) and blank(raw):
            values = reader.read_row(
                untabled_steps, pick_untabled(cells), r, {"table": 0, **absent}
            )
        else:
            values = reader.read_row(tabled_steps, pick_tabled(cells), r, dict(absent))
        if values is None:
            continue
        result = values["result"]
        if result is not None and raw != result._value_:  # (its value, without enum's property)
            state.result_fixes.append((sheet, f"{result_letter}{r + 1}", result.value))
        white, black, table = values["white"], values["black"], values["table"]
        if white is not None and black is not None:
            games.append(Game(table, white, black, values["handicap"], values["komi"], result))
            if table:
                state.result_cells[(number, table)] = (sheet, f"{result_letter}{r + 1}")
    return Round(number, tuple(games), tuple(byes), rounds_in_force_of(list(grid[0])))


def player_cells(grid: Rows) -> list[tuple[int, int, str]]:
    """Every name of a round sheet's player columns (White and Black, or the first and the
    second player; a bye's name too): (0-based row, column, text)."""
    if not grid:
        return []
    headers = [normalise_header(h) for h in grid[0]]
    columns = [
        headers.index(normalise_header(label))
        for key in ("white", "black")
        for label in ROUND_COLUMNS[key]
        if normalise_header(label) in headers
    ]
    found = []
    for r in range(1, len(grid)):
        for c in columns:
            text = cell_text(grid[r][c]) if c < len(grid[r]) else ""
            if text:
                found.append((r, c, text))
    return found
