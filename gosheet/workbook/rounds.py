"""Reading a ``Round N`` sheet: its games, byes and results, the names found back among the
players, the values that stand beside or below its tables (slips to look at), and the sheets
that look like rounds under another name (``Round1``, ``Rnd 3``, ``Round 1 (2)`` …) or hold a
round under any name (``Round 3 Sunday``: its header row is a round sheet's)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from contextlib import suppress
from functools import lru_cache
from typing import Any

from gosheet.core.errors import Problem
from gosheet.core.fields import parse_komi
from gosheet.core.hand import organisers_lines
from gosheet.core.model import Game, Result, Round, Tournament
from gosheet.core.results import ResultError, parse_result
from gosheet.i18n import words
from gosheet.i18n.catalog import N_, _, current, ngettext
from gosheet.workbook.columns import Refused, RowReader, Rule
from gosheet.workbook.headers import normalise_header
from gosheet.workbook.names import NameIndex
from gosheet.workbook.port import Rows
from gosheet.workbook.reading import BookState, ProblemList, Sheets, blank, cell_text, int_cell
from gosheet.workbook.sheets import (
    BYE_LABEL,
    FIRST_PLAYER,
    SECOND_PLAYER,
    cell_name,
    column_letter,
    round_number_of,
    round_sheet_name,
    rounds_in_force_of,
)

ROUND_COLUMNS = {
    "table": ("Table",),
    "white": ("White", FIRST_PLAYER),
    "black": ("Black", SECOND_PLAYER),
    "handicap": ("Handicap",),
    "komi": ("Komi",),
    "result": ("Result",),
}
NO_PLAYER = {"white": N_("no White player"), "black": N_("no Black player")}

ROUND_WORDS = "round|rnd|rd|r|ronde|runde|ronda|rodada|tour|turno|tura|kolo|kierros|тур|раунд"
ROUND_NUMBER = rf"(?:{ROUND_WORDS})\s*\.?\s*[-_#№]?\s*(\d+)"
ROUND_LIKE = re.compile(rf"^\s*{ROUND_NUMBER}\s*(?:\(\s*\d+\s*\)|_\d+)?\s*$", re.IGNORECASE)
"""A sheet name that says "round 3" in another way: ``Round1``, ``Rnd 3``, ``Ronde 2``,
``Тур 2``, ``R3``, ``Round 1 (2)`` (a copy Excel made), ``Round 1_2`` (LibreOffice's)."""
ROUND_IN_NAME = re.compile(rf"(?<![^\W\d_]){ROUND_NUMBER}", re.IGNORECASE)
"""A round's number anywhere in a sheet's name, after a round word: ``Round 3 Sunday``."""
ROUND_HEADERS = (("Table",), ("White", FIRST_PLAYER), ("Black", SECOND_PLAYER), ("Result",))
"""The columns that make a header row a round sheet's (one of each), in any language."""
HEADER_ROWS = 5
"""The rows looked at for a round's header row (a title typed above it)."""


# ------------------------------------------------------------------ cells, read fast
# A big tournament's cells repeat: a player's name in every round, a few ranks, clubs,
# results and komi. The functions of ``reading``, ``results`` and ``fields`` are pure, so
# their answer for a short text (or number) seen before is kept; an error is never kept (its
# message is in the language of the moment), the function raises it again.

KEPT_LENGTH = 200  # longer texts are not kept (a few odd cells would hold much memory)
_str_text = lru_cache(maxsize=1 << 16)(cell_text)
_str_result = lru_cache(maxsize=1 << 10)(parse_result)
_komi_of_text = lru_cache(maxsize=1 << 10)(parse_komi)


def text_of(value: Any) -> str:
    """:func:`~gosheet.workbook.reading.cell_text`, kept for each text seen."""
    if type(value) is str and len(value) <= KEPT_LENGTH:
        return _str_text(value)
    return "" if value is None else cell_text(value)


def result_of(value: Any, language: str = "en") -> Result | None:
    """:func:`~gosheet.core.results.parse_result` in the workbook's ``language`` (``B+`` is
    White in French), kept for each text seen (a time that was a result typed ``1:0`` is that
    result: :data:`~gosheet.core.results.TIMES`)."""
    if type(value) is str and len(value) <= KEPT_LENGTH:
        return _str_result(value, language)
    return parse_result(value, language)


def results_in(language: str) -> Callable[[Any], Result | None]:
    """How the result cells of a workbook in ``language`` are read (:func:`result_of`)."""
    return lambda value: result_of(value, language)


def komi_of(value: Any) -> float:
    """:func:`~gosheet.core.fields.parse_komi`, kept for each text seen (it reads a value's
    ``str()`` alone, so a number is looked up by its text: ``-0.0`` is not ``0.0``)."""
    text = str(value)
    return _komi_of_text(text) if len(text) <= KEPT_LENGTH else parse_komi(value)


def round_like(sheet: str) -> int | None:
    """The number of a sheet that looks like a round but is not named ``Round N``."""
    if round_number_of(sheet) is not None:
        return None
    match = ROUND_LIKE.match(sheet)
    return int(match.group(1)) if match else None


def round_named(sheet: str) -> int | None:
    """The round's number a sheet's name gives after a round word, anywhere in it
    (``Round 3 Sunday``, ``Copy of round 2``), or None."""
    match = ROUND_IN_NAME.search(sheet)
    return int(match.group(1)) if match else None


def holds_a_round(grid: Rows) -> bool:
    """Whether one of a sheet's first :data:`HEADER_ROWS` rows (its header row, or a title
    above it) is a round sheet's header row, in any of the workbook languages: a table, the
    two players and the result."""
    for row in grid[:HEADER_ROWS]:
        found = {words.canonical(value, words.ROUNDS) for value in row if isinstance(value, str)}
        if all(any(key in found for key in keys) for keys in ROUND_HEADERS):
            return True
    return False


def look_alikes(sheets: Sheets) -> list[Problem]:
    """The organiser's sheets that look like a round under another name (:func:`round_like`)
    or hold one (:func:`holds_a_round`): a problem each, with the way out."""
    numbers = [n for name in sheets.shown if (n := round_number_of(name)) is not None]
    problems = []
    for name, grid in sheets.items():
        if name in sheets.shown:
            continue  # one of gosheet's sheets
        if holds_a_round(grid):
            problems.append(round_held(name, round_named(name), numbers))
        elif (alike := round_like(name)) is not None:
            problems.append(look_alike_problem(name, alike, numbers))
    return problems


def look_alike_problem(sheet: str, number: int, numbers: Sequence[int]) -> Problem:
    """What to do with a sheet that looks like round ``number``: rename it, or (when the round
    is there already: ``numbers``, the workbook's) delete the copy."""
    proper = words.local(round_sheet_name(number), current(), words.SHEETS)
    if number in numbers:
        fix = _(
            "'{sheet}' is there already: if this sheet is a copy of it, delete it or give it "
            "a name without a round number; if this one holds the results, rename it "
            "'{sheet}' (and the other one otherwise)"
        ).format(sheet=proper)
    else:
        fix = _("rename it '{sheet}'").format(sheet=proper)
    return Problem(
        sheet,
        "",
        None,
        _(
            "looks like a round sheet, but gosheet reads only sheets named 'Round N' (it would "
            "pair this round again): {fix}"
        ).format(fix=fix),
    )


def round_held(sheet: str, number: int | None, numbers: Sequence[int]) -> Problem:
    """What to do with a sheet whose header row is a round's: rename it ``Round N`` (its
    ``number``, when its name gives one), or delete it (a copy) or change its header row (and
    a name that looks like a round) to keep it as the organiser's own; ``numbers``: the
    workbook's round sheets."""
    language = current()
    result = words.local("Result", language, words.ROUNDS)
    if round_like(sheet) is None:
        keep = _("rename its '{result}' column to keep it as your own")
    else:
        keep = _(
            "to keep it as your own, rename its '{result}' column and give it a name "
            "without a round number"
        )
    keep = keep.format(result=result)
    if number is None:
        following = round_sheet_name(max(numbers, default=0) + 1)
        fix = _(
            "rename it 'Round N' with its round's number (the next round sheet would be "
            "'{next}'); if it is a copy of a round sheet, delete it, or {keep}"
        ).format(next=words.local(following, language, words.SHEETS), keep=keep)
    else:
        proper = words.local(round_sheet_name(number), language, words.SHEETS)
        if number in numbers:
            fix = _(
                "'{sheet}' is there already: if this sheet is a copy of it, delete it, or "
                "{keep}; if this one holds the results, rename it '{sheet}' (and the other "
                "one otherwise)"
            ).format(sheet=proper, keep=keep)
        else:
            fix = _("rename it '{sheet}'").format(sheet=proper)
    return Problem(
        sheet,
        "",
        None,
        _(
            "holds a round (its header row is a round sheet's), but gosheet reads only sheets "
            "named 'Round N', so its games do not count: {fix}"
        ).format(fix=fix),
    )


def stray(row: int, column: int, value: Any, result_column: int, beside: bool) -> str:
    """What a value outside the tables may be: ``beside``, in a column without a header; else
    in a row without a table and players."""
    text = cell_text(value)
    looks_like_result = False
    with suppress(ResultError):
        looks_like_result = parse_result(text) is not None
    if beside:
        if column == result_column + 1 or looks_like_result:
            into = cell_name(row, result_column)
            return _(
                "beside the table, not read: a result typed one column to the right? "
                "(it belongs in {cell})"
            ).format(cell=into)
        return _("beside the table, in a column without a header: not read")
    if column == result_column or looks_like_result:
        return _(
            "in a row without a table number nor players (below or between the tables): not "
            "read — a result typed in the wrong row?"
        )
    return _("in a row without a table number nor players (below or between the tables): not read")


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

    def __init__(self, index: NameIndex, known: dict[str, int]) -> None:
        self.index = index
        self.known = known
        self.seen: dict[int, tuple[int, int]] = {}  # player → his cell so far (row, column)
        self.row = 0

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
            found = self.index.resolve(value)
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


class Strays:
    """The values of a round sheet outside its tables, noted in ``state`` (slips to look at)."""

    def __init__(self, sheet: str, headers: Sequence[Any], at_result: int, state: BookState):
        self.sheet = sheet
        self.named = [bool(normalise_header(h)) for h in headers]
        self.without_header = [c for c, named in enumerate(self.named) if not named]
        self.at_result = at_result
        self.notes = state.notes

    def note(self, r: int, c: int, value: Any, beside: bool) -> None:
        message = stray(r, c, value, self.at_result, beside)
        self.notes.append(Problem(self.sheet, cell_name(r, c), value, message))

    def beside(self, row: Sequence[Any], r: int) -> None:
        """The values of row ``r`` beyond the header row or in a column without a header."""
        size = len(row)
        for c in range(len(self.named), size):  # columns beyond the header row
            if not blank(row[c]):
                self.note(r, c, row[c], beside=True)
        for c in self.without_header:  # a column without a header
            if c < size and not blank(row[c]):
                self.note(r, c, row[c], beside=True)

    def below(self, row: Sequence[Any], r: int) -> None:
        """The values of row ``r``, a row without a table number nor players."""
        for c, value in enumerate(row[: len(self.named)]):
            if self.named[c] and not blank(value):
                self.note(r, c, value, beside=False)


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
    names = RoundNames(index, {} if found is None else found)
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
    for r in range(1, len(grid)):
        row = grid[r]
        if strays.without_header or len(row) > width:
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


def left_out(
    tournament: Tournament,
    sheets: Mapping[int, str],
    labels: Mapping[int, str],
    told: Callable[[int, Sequence[str]], str] | None = None,
) -> list[Problem]:
    """The players each round sheet lost (a game's row deleted by hand?): a problem each round
    (``sheets``: each round's sheet as named in the workbook) naming them by their ``labels``.

    Such a player is in no line of the round (no game, no bye), is not marked as not playing it,
    and played (a game or a bye) an earlier round: a player registered later is in no line of
    the rounds before he came, rightly. Not looked at: the last round while it holds the
    organiser's own lines (``pair`` pairs the others around them). ``told``: what the problem
    says (:func:`lost_players`; under OpenGotha's rules, :func:`not_assigned`)."""
    told = told or lost_players
    lines = organisers_lines(tournament)
    problems = []
    started: set[int] = set()  # the players seen in a line of an earlier round
    for rnd in tournament.rounds:
        placed = {p for game in rnd.games for p in (game.white, game.black)} | set(rnd.byes)
        if rnd is not lines:
            lost = [
                p.number
                for p in tournament.players
                if p.number in started and p.number not in placed and p.plays_in(rnd.number)
            ]
            if lost:
                problems.append(
                    Problem(
                        sheets[rnd.number],
                        "",
                        None,
                        told(rnd.number, [labels[n] for n in lost]),
                    )
                )
        started |= placed
    return problems


def lost_players(number: int, names: Sequence[str]) -> str:
    """What to do about the players ``names``, in no line of round ``number``."""
    column = words.local("Not playing", current(), words.PLAYERS)
    return ngettext(
        "{players} is in none of this round's lines (no game, no bye), though he played an "
        "earlier round and is not marked as not playing this one: was his game's row "
        "deleted? Put it back ('gosheet history BOOK' lists the earlier versions, 'gosheet "
        "restore BOOK N' brings one back); if he did not play round {number}, write {number} "
        "in his '{column}' cell",
        "{players} are in none of this round's lines (no game, no bye), though they played "
        "an earlier round and are not marked as not playing this one: was their game's row "
        "deleted? Put it back ('gosheet history BOOK' lists the earlier versions, 'gosheet "
        "restore BOOK N' brings one back); if they did not play round {number}, write "
        "{number} in their '{column}' cells",
        len(names),
    ).format(players=", ".join(f"'{name}'" for name in names), number=number, column=column)


def not_assigned(number: int, names: Sequence[str]) -> str:
    """Under OpenGotha's rules, what the players ``names`` in no line of round ``number`` are
    (OpenGotha's "not assigned"), and the ways out if a game's row was deleted."""
    column = words.local("Not playing", current(), words.PLAYERS)
    return ngettext(
        "{players}: in none of this round's lines, not marked as not playing it: OpenGotha's "
        "'not assigned' (the round counts nothing). If a game's row was deleted, put it back "
        "('gosheet history BOOK', 'gosheet restore BOOK N'); if absent, write {number} in the "
        "'{column}' cell",
        "{players}: in none of this round's lines, not marked as not playing it: OpenGotha's "
        "'not assigned' (the round counts nothing). If a game's row was deleted, put it back "
        "('gosheet history BOOK', 'gosheet restore BOOK N'); if absent, write {number} in their "
        "'{column}' cells",
        len(names),
    ).format(players=", ".join(f"'{name}'" for name in names), number=number, column=column)
