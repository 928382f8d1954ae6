"""What the workbook looks like: sheet names, columns, and sheet contents as
plain data (:class:`SheetData`) that any adapter (openpyxl, xlwings, UNO) can
render. Nothing here imports a spreadsheet library.
"""

from __future__ import annotations

import re
from typing import Any

from gosheet.core.games import game_of
from gosheet.core.kinds import TournamentType
from gosheet.core.settings import Settings
from gosheet.core.systems import system_of
from gosheet.records import field, record
from gosheet.workbook.port import Grid

SETTINGS = "Settings"
PLAYERS = "Players"
STANDINGS = "Standings"
EXPLAIN = "Explain"
TEAMS = "Teams"  # a team tournament's teams and line-ups (:mod:`~gosheet.workbook.sheets.teams`)
OPENGOTHA = "OpenGotha"  # what an imported OpenGotha file holds beyond the other sheets
OPENGOTHA_HEADERS = ("Section", "Key", "Attribute", "Value", "Explanation")
ROUND_PREFIX = "Round "
ROUND_RE = re.compile(r"^\s*round\s+(\d+)\s*$", re.IGNORECASE)

SETTINGS_HEADERS = ("Setting", "Value", "Explanation")
ROUND_HEADERS = (
    "Table",
    "White",
    "White rank",
    "Black",
    "Black rank",
    "Handicap",
    "Komi",
    "Result",
)
FIRST_PLAYER, SECOND_PLAYER = game_of("other").sides
BYE_LABEL = "Bye"
BYE_RESULT = "bye"
HEADER_COLOUR = "DDE4EE"  # the header rows of every sheet gosheet writes (RGB hex)


def player_headers(settings: Settings) -> tuple[str, ...]:
    """The Players sheet's columns for a system and game (go McMahon: Name, First name, Rank,
    Rating, Club, Country, Group, Not playing). OpenGotha's rules have no McMahon groups nor
    tiers (the bar and floor, and the ratings, do their work) and add ``Registration`` (FIN,
    or PRE: registered but not confirmed, never paired), ``EGD PIN`` and ``MMS correction``."""
    system = system_of(settings)
    headers = ["Name", "First name"]
    if game_of(settings.game).go:
        headers.append("Rank")
    headers.append("Rating")
    if system.tiers:
        headers.append("Tier")
    headers += ["Club", "Country"]
    if system.mcmahon_groups:
        headers.append("Group")
    headers.append("Not playing")
    if system.opengotha:
        headers += ["Registration", "EGD PIN", "MMS correction"]
    kind = settings.tournament_type
    if kind.plays_as_units:  # pair go: each player's pair (and sex), rengo: his team
        headers.insert(2, "Pair" if kind is TournamentType.PAIR_GO else "Team")
        if settings.mixed_pairs and kind is TournamentType.PAIR_GO:
            headers.insert(3, "Sex")
    return tuple(headers)


def round_headers(settings: Settings) -> tuple[str, ...]:
    """A round sheet's columns: White/Black with ranks (levels in FUS),
    handicap and komi for go; first and second player for other games."""
    game = game_of(settings.game)
    if not game.go:
        return ("Table", *game.sides, "Result")
    label = system_of(settings).strength_label
    return tuple(h.replace("rank", label) for h in ROUND_HEADERS)


def round_origins(settings: Settings, clubs: bool, countries: bool) -> tuple[str, ...]:
    """The columns a round sheet adds at its end when the roster has clubs (``clubs``) or
    countries: each player's club and country, for the organiser to see (issue 27).
    gosheet never reads them back (the games are read by the other columns' headers).

    >>> round_origins(Settings(), True, False)
    ('White club', 'Black club')
    """
    kinds = [kind for kind, wanted in (("club", clubs), ("country", countries)) if wanted]
    return tuple(f"{side} {kind}" for side in game_of(settings.game).sides for kind in kinds)


ORIGIN_HEADERS = tuple(
    f"{side} {kind}"
    for side in ("White", "Black", FIRST_PLAYER, SECOND_PLAYER)
    for kind in ("club", "country")
)
"""Every header of :func:`round_origins`, in English."""

ROUNDS_IN_FORCE_RE = re.compile(r"^\s*rounds\s*:\s*(\d+)\s*$", re.IGNORECASE)


def rounds_in_force_header(rounds: int) -> str:
    """The last header of a FUS round sheet: the number of rounds when it was paired, whose
    "remaining rounds + 1" caps its steps (a later change of ``Rounds`` leaves them).

    >>> rounds_in_force_header(5), rounds_in_force_of(["Table", "Rounds: 5"])
    ('Rounds: 5', 5)
    """
    return f"Rounds: {rounds}"


def rounds_in_force_of(header_row: list[Any]) -> int | None:
    """The number a round sheet's header row keeps (:func:`rounds_in_force_header`)."""
    for cell in header_row:
        match = ROUNDS_IN_FORCE_RE.match(cell) if isinstance(cell, str) else None
        if match:
            return int(match.group(1))
    return None


def round_sheet_name(number: int) -> str:
    return f"{ROUND_PREFIX}{number}"


def round_number_of(sheet_name: str) -> int | None:
    match = ROUND_RE.match(sheet_name)
    return int(match.group(1)) if match else None


def column_letter(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(65 + remainder) + letters
    return letters


def column_number(letters: str) -> int:
    """``A`` → 1, ``Z`` → 26, ``AA`` → 27."""
    number = 0
    for letter in letters.upper():
        number = number * 26 + ord(letter) - 64
    return number


def cell_name(row: int, column: int) -> str:
    """A cell's name from 0-based row and column: (4, 2) → C5."""
    return f"{column_letter(column)}{row + 1}"


@record
class Column:
    """A column of a sheet gosheet writes: its header, width and how its cells look."""

    header: str
    width: float = 12
    number_format: str | None = None
    wrap: bool = False  # long text wraps inside the column's width
    centre: bool = False
    left: bool = False  # numbers too start at the left (beside the column before, not after)
    top: bool = False  # at the top of a row made high by a wrapped text (a note beside it)
    least: float = 0.0
    """The width the column may be narrowed to, its text wrapping, when the sheet is too
    wide for a landscape page at 8 pt (:func:`gosheet.workbook.sheets.layout.fitted`); 0: never."""
    stage: int = 1
    """When it is narrowed: the columns of stage 1 (the clubs) give up their width before
    those of stage 2 (the names)."""


@record
class Note:
    """A long text of a row (0-based in :attr:`SheetData.rows`) in its cell of column
    ``first``, merged with the cells to its right up to column ``last`` and wrapped there (the
    notes below the Explain sheet's games): it widens no column."""

    row: int
    first: int
    last: int


@record
class Dropdown:
    """A list of values offered in one column, for the first ``rows`` data rows."""

    column: int
    values: tuple[str, ...]
    rows: int


@record(frozen=False)
class SheetData:
    """A sheet gosheet writes whole: columns, rows, and how it prints."""

    name: str
    columns: tuple[Column, ...]
    rows: Grid = field(default_factory=list)
    title: str = ""
    landscape: bool = False
    dropdown: Dropdown | None = None
    blank_rows: int = 0  # rows below the data that get the columns' formats too
    notes: tuple[Note, ...] = ()
    title_columns: int = 0  # the first columns, repeated on every page of a sheet too wide

    @property
    def headers(self) -> list[str]:
        return [c.header for c in self.columns]
