"""What the readers of a workbook share: cell values (blank or not, as text, as a whole
number), the list of problems every reader adds to, and what they read
(:class:`BookState`: the tournament, where its cells are, and what to look at)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gosheet.core.errors import Problem
from gosheet.core.model import Player, Tournament
from gosheet.i18n.catalog import _, ngettext
from gosheet.records import field, record
from gosheet.workbook.port import Grid, Rows
from gosheet.workbook.sheets import cell_name


def text_too_long(value: str) -> str:
    """The problem of a cell holding a text longer than a cell can (Excel's 32,767)."""
    return _("a text of {count:,} characters; a cell holds at most {limit:,} (Excel)").format(
        count=len(value), limit=32_767
    )


def error_value(value: Any) -> str:
    """The problem of a cell holding an error value (``#DIV/0!``, ``#N/A`` …)."""
    return _(
        "an error value ({value}): the cell's formula fails; type the value, or correct the formula"
    ).format(value=value)


#: The control characters refused in what gosheet reads as a player's (or an option's) text:
#: C0 but tab, line feed and carriage return (a line break within a cell, read as a space),
#: DEL, and C1 (U+0080 to U+009F: a text decoded with the wrong code page, or an escape).
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def control_characters(text: str) -> str | None:
    r"""The problem of a text holding control characters (each shown as ``U+001B``), or None.

    >>> control_characters("Ma\x00ri\x1ba\x1b")[:42]
    'holds control characters (U+0000, U+001B),'
    >>> control_characters("Anna\tLee\nKim") is None
    True
    """
    found = sorted(set(CONTROL.findall(text)))
    if not found:
        return None
    codes = ", ".join(f"U+{ord(c):04X}" for c in found)
    return ngettext(
        "holds a control character ({codes}), invisible on screen (pasted from another "
        "program?): type it again without it",
        "holds control characters ({codes}), invisible on screen (pasted from another "
        "program?): type it again without them",
        len(found),
    ).format(codes=codes)


def pictured(text: str) -> str:
    r"""``text`` with its control characters shown: C0 and DEL as their pictures (``␛``), C1 as
    ``�``.

    >>> pictured("Ma\x00ri\x1ba\x7f\x9b")
    'Ma␀ri␛a␡�'
    """
    return CONTROL.sub(lambda c: _PICTURES.get(c.group(), "\ufffd"), text)


_PICTURES = {chr(code): chr(0x2400 + code) for code in range(0x20)} | {"\x7f": "\u2421"}


def no_saved_value() -> str:
    """The problem of a formula cell with no saved value (a program that does not compute
    wrote it): read as empty, it would be "no result yet", "no rank" …"""
    return _(
        "a formula with no saved value: open and save the workbook in Excel or LibreOffice, "
        "or type the value"
    )


def merged_result(merge: str) -> str:
    """The problem of a round's Result cell under a merge over several rows (``merge``)."""
    return _(
        "merged with the cells of other games ({merge}): one result shows for several games; "
        "unmerge {merge} and type each game's result"
    ).format(merge=merge)


def blank(value: Any) -> bool:
    """True for an empty cell, or one of spaces only."""
    return value is None or (isinstance(value, str) and value.strip() == "")


def cell_text(value: Any) -> str:
    """A cell as text: whole floats without ``.0``, spaces collapsed, stripped, without the
    characters a cell cannot hold (a control character, escaped ``_x0001_`` in the file or
    not): as gosheet writes it (:func:`gosheet.workbook.sheets.writable.cell_text`)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    text = str(value)
    if not text.isprintable():  # (what a cell cannot hold is never printable)
        text = re.sub(_UNHELD, "", text)
    return " ".join(text.split())  # (what ``\s+`` → " ", then strip, gives: the same spaces)


_UNHELD = "[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]"  # (compiled on first use)


def int_cell(value: Any, low: int, high: int | None = None) -> int:
    """A whole number from ``low`` to ``high`` (a number or its text), else ValueError."""
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if not isinstance(value, int) or value < low or (high is not None and value > high):
        raise ValueError
    return value


class Sheets(dict[str, Grid]):
    """A workbook's sheets (name → rows) as the readers read them: gosheet's own sheets, their
    headers and the settings' names in English, whatever the workbook's language
    (:func:`gosheet.workbook.sheets.language.canonical_sheets`); ``shown`` gives each such sheet's
    name as the organiser sees it, for the problems, and ``language`` the workbook's."""

    def __init__(
        self,
        sheets: Mapping[str, Grid] | None = None,
        shown: Mapping[str, str] | None = None,
        language: str = "en",
    ) -> None:
        super().__init__(sheets or {})
        self.shown: dict[str, str] = dict(shown or {})
        self.language = language


def copied(sheets: Mapping[str, Rows]) -> Sheets:
    """The sheets with every row copied, to change them (their shown names and language kept)."""
    rows = {name: [list(row) for row in grid] for name, grid in sheets.items()}
    if isinstance(sheets, Sheets):
        return Sheets(rows, sheets.shown, sheets.language)
    return Sheets(rows, {name: name for name in rows})


class ProblemList:
    """Problems found so far; every reader adds to one and raises at the end. ``shown``: the
    names of the sheets as the organiser sees them (by their English names), which the
    problems give."""

    def __init__(self, shown: Mapping[str, str] | None = None) -> None:
        self.problems: list[Problem] = []
        self.shown = dict(shown or {})

    def add(self, sheet: str, row: int, column: int, value: Any, message: str) -> None:
        cell = cell_name(row, column) if row >= 0 else ""
        self.problems.append(Problem(self.shown.get(sheet, sheet), cell, value, message))


@record
class Missing:
    """A game of a round without its result, and where to type it."""

    round: int
    table: int
    sheet: str
    cell: str

    def __str__(self) -> str:
        return _("{sheet}!{cell} (table {table}): no result yet").format(
            sheet=self.sheet, cell=self.cell, table=self.table
        )


@record(frozen=False)
class BookState:
    """A tournament read from a workbook, and where its cells are."""

    tournament: Tournament
    player_rows: dict[int, int] = field(default_factory=dict)  # player → 0-based row
    player_columns: dict[str, int] = field(default_factory=dict)  # canonical → column
    header_row: int = 0  # the Players sheet's (0-based): a title may stand above it
    result_fixes: list[tuple[str, str, str]] = field(default_factory=list)  # sheet, cell, code
    result_cells: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    """(round, table) → (sheet, cell) of each game's result."""
    setting_rows: dict[str, int] = field(default_factory=dict)  # attr → 0-based row
    preliminary: dict[int, frozenset[int]] = field(default_factory=dict)
    """OpenGotha's rules: each player registered PRE (not confirmed), with the rounds written
    in his Not playing cell; such a player is never paired, so his ``not_playing`` in the
    tournament holds every round."""
    unconfirmed: set[int] = field(default_factory=set)
    """The players not confirmed in the Players sheet's Confirmed column (a blank cell, or
    no), when it has one: left out of every round to pair
    (:func:`.players_reader.not_confirmed`)."""
    notes: list[Problem] = field(default_factory=list)
    """What does not stop the reading but may be a slip: a value beside or below a round's
    tables (a result typed one column to the right …)."""
    unassigned: list[Problem] = field(default_factory=list)
    """OpenGotha's rules: each round's players left unpaired (OpenGotha's "not assigned": in no
    line, not marked as not playing, though in an earlier round), which ``check`` tells."""
    labels: dict[int, str] = field(default_factory=dict)
    """Each player's name as the round sheets write it (with club or EGD PIN when repeated)."""
    unit_of: dict[int, str] = field(default_factory=dict)
    """Pair go and rengo: each player's unit (the Players sheet's Pair or Team column)."""
    sex_of: dict[int, str] = field(default_factory=dict)
    """Pair go and rengo: each player's sex, as typed in the Sex column (``m``, ``f``, ``ж`` …)."""
    members: dict[int, tuple[Player, ...]] = field(default_factory=dict)
    """Pair go and rengo: each unit (a player of :attr:`tournament`) → its players, as read
    in the Players sheet (their numbers there: their rows in :attr:`member_rows`)."""
    member_rows: dict[int, int] = field(default_factory=dict)  # member → 0-based row
    units_out: dict[int, list[str]] = field(default_factory=dict)
    """Pair go and rengo: each round → the words on each unit that does not play it because
    some of its players do not (``pair`` and ``check`` say them for the next round)."""
    team_cells: dict[tuple[str, int, int], str] = field(default_factory=dict)
    """A team tournament: (team name, the line-up's first round, board) → its Teams cell."""
    shown: dict[str, str] = field(default_factory=dict)
    """gosheet's sheets (by their English names) as the workbook names them."""

    @property
    def missing(self) -> list[Missing]:
        """Every game paired whose result is not entered yet, round by round."""
        found = []
        for rnd in self.tournament.rounds:
            for game in rnd.games:
                if game.result is None and (rnd.number, game.table) in self.result_cells:
                    sheet, cell = self.result_cells[(rnd.number, game.table)]
                    found.append(Missing(rnd.number, game.table, sheet, cell))
        return found
