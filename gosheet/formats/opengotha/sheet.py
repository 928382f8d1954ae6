"""The ``OpenGotha`` sheet: what an OpenGotha file holds and the other sheets do not show,
written by the import (:func:`opengotha_sheet`, from the rows :func:`parameter_rows` and
:func:`xml_rows` make) and read back by the export (:func:`read_kept`).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from typing import Any

from gosheet.core.errors import InputError
from gosheet.formats.opengotha.elements import OGElement, OGTournament
from gosheet.formats.opengotha.layout import (
    ABOUT,
    BYE,
    BYE_KEY,
    CLUBS_GROUPS,
    DISPLAY,
    GAME,
    GAME_KEY,
    GAMES,
    GENERAL,
    MODELLED,
    NAME,
    ORDER,
    ORDER_ITEM,
    OWN_GENERAL,
    PLAYER,
    PUBLISH,
    ROOT,
    STANDARD_SETS,
    TEAM,
    TEAMS,
    XML,
    XML_MORE,
    Row,
    event_attributes,
    holds_game_format,
)
from gosheet.formats.opengotha.teams import read_lineup_row
from gosheet.formats.opengotha.writing import element_from_text, element_text
from gosheet.i18n import words
from gosheet.records import field, record
from gosheet.workbook.port import Grid, Rows
from gosheet.workbook.sheets import OPENGOTHA, OPENGOTHA_HEADERS, Column, SheetData, cell_name
from gosheet.workbook.sheets.imported_rounds import IMPORTED
from gosheet.workbook.sheets.names import name_key
from gosheet.workbook.sheets.reading import ProblemList, cell_text

__all__ = [
    "Kept",
    "opengotha_sheet",
    "parameter_rows",
    "read_kept",
    "section_rank",
    "xml_rows",
]

_CHUNK = 30_000  # a cell holds 32,767 characters
_EXPLAIN = {
    ABOUT: "What the OpenGotha file holds and the other sheets do not show, kept so that the "
    "export to OpenGotha (.xml) writes the file back whole. The other sheets are the truth: "
    "players, settings, games and results are taken from them, edits included; the rows here "
    "only add to them. A row may be edited or deleted (OpenGotha then uses its default); a "
    "player added to Players gets OpenGotha's defaults.",
    ROOT: "Attributes of the file's <Tournament> element (saveDT: when OpenGotha saved it).",
    GENERAL: "OpenGotha's general parameters that Settings does not show (place, dates, "
    "director, board size, clock …).",
    DISPLAY: "OpenGotha's display and print options.",
    PUBLISH: "OpenGotha's publishing options.",
    PLAYER: "A player's data that Players does not show. Key: the player's name as in "
    "Players (a renamed player loses it). participating: OpenGotha's 20 rounds, for the "
    "rounds after the tournament's.",
    GAME: "A game's data that its round sheet does not show. Key: its round and table.",
    BYE: "A bye's data that its round sheet does not show. Key: its round. player: the bye "
    "of a round not paired yet, set in OpenGotha (written back while the round has no sheet; "
    "type it as a Bye line of that round's sheet before pairing it).",
    GAMES: "order: the order of the games in the file (round.table).",
    TEAM: "A team's players in a round after the tournament's last, as OpenGotha keeps them "
    "(it keeps 20 rounds): their keys, board 1 first, - for an empty board, from that round "
    "on. Key: the team's name as in Teams (a renamed team loses them). The Teams sheet holds "
    "the tournament's rounds.",
    TEAMS: "order: the order of the teams in the file (team numbers).",
    IMPORTED: "Not the file's: gosheet's own record of each round of the file as imported: "
    "games, its number of games; unpaired, its players in no game and no bye though not "
    "marked as not playing it (OpenGotha's 'not assigned'). Checking the workbook tells them from "
    "the players of a game's row deleted since. The export leaves these rows out.",
    XML: "Elements kept as they are (teams, club groups, team parameters …). Key: the "
    "element they are in; a long one goes on in the next rows.",
}


def section_rank(row: Row) -> int:
    """The order of the sections in the OpenGotha sheet: the tournament and its parameters
    first, the elements kept verbatim last."""
    order = (ROOT, "", PLAYER, GAME, GAMES, BYE, TEAM, TEAMS, IMPORTED, XML)
    return order.index(row[0]) if row[0] in order else 1


def parameter_rows(og: OGTournament, held: Iterable[str] = ()) -> list[Row]:
    """The rows of what the file's parameter sets and other elements hold that the Settings
    sheet does not show; the root's elements of the tags ``held`` (a team tournament's, which
    its sheets hold) are left out."""
    rows: list[Row] = []
    event = event_attributes(og.parameters.get(GENERAL, {}))
    for set_name, attributes in og.parameters.items():
        for attribute, value in attributes.items():
            own = set_name == GENERAL and (attribute in OWN_GENERAL or attribute in event)
            own |= (
                set_name == DISPLAY and attribute == "gameFormat" and holds_game_format(attributes)
            )
            if (set_name, attribute) not in MODELLED and not own:
                rows.append((set_name, "", attribute, value))
        if not attributes and set_name not in STANDARD_SETS:
            rows.append((set_name, "", "", ""))  # an empty set OpenGotha does not know
    for set_name, children in og.parameter_children.items():
        for child in children:
            # the Categories setting holds them (with one category, OpenGotha reads none)
            if set_name == GENERAL and child.tag == "Categories":
                continue
            rows += xml_rows(set_name, child)
    for element in og.extra:
        if element.tag != CLUBS_GROUPS and element.tag not in held:  # Club groups holds them
            rows += xml_rows(ROOT, element)
    return rows


def xml_rows(key: str, element: OGElement) -> list[Row]:
    """An element kept verbatim, as one line of XML cut into rows a cell can hold."""
    text = element_text(element)
    chunks = [text[i : i + _CHUNK] for i in range(0, len(text), _CHUNK)]
    return [
        (XML, key, element.tag if i == 0 else f"{element.tag} {XML_MORE}", chunk)
        for i, chunk in enumerate(chunks)
    ]


def opengotha_sheet(rows: Iterable[Row], language: str = "en") -> SheetData:
    """The ``OpenGotha`` sheet: an About line, then the rows, each section's first row with
    an explanation (its headers in ``language``)."""
    h = [words.local(header, language, words.OPENGOTHA) for header in OPENGOTHA_HEADERS]
    columns = (
        Column(h[0], 20),
        Column(h[1], 24),
        Column(h[2], 26),
        Column(h[3], 30, "@"),
        Column(h[4], 60, wrap=True),
    )
    data: Grid = [[ABOUT, None, None, None, _EXPLAIN[ABOUT]]]
    explained: set[str] = set()
    for section, key, attribute, value in rows:
        explanation = None
        if section not in explained:
            explained.add(section)
            explanation = _EXPLAIN.get(
                section, f"Attributes of <{section}> that Settings does not show."
            )
        data.append([section, key or None, attribute or None, value or None, explanation])
    return SheetData(OPENGOTHA, columns, data, title="What the OpenGotha file keeps besides")


# ---------------------------------------------------------------------------- reading it back


@record(frozen=False)
class Kept:
    """The ``OpenGotha`` sheet, read: what a workbook keeps of its OpenGotha file."""

    root: dict[str, str] = field(default_factory=dict)
    parameters: dict[str, dict[str, str]] = field(default_factory=dict)
    children: dict[str, list[OGElement]] = field(default_factory=dict)  # ROOT or a set
    players: dict[str, dict[str, str]] = field(default_factory=dict)  # by name_key
    games: dict[tuple[int, int], dict[str, str]] = field(default_factory=dict)
    byes: dict[int, dict[str, str]] = field(default_factory=dict)
    order: list[tuple[int, int]] = field(default_factory=list)
    #: each team's players (keys) in rounds after the tournament's, by name and round
    lineups_after: dict[str, dict[int, tuple[str, ...]]] = field(default_factory=dict)
    team_order: list[int] = field(default_factory=list)  # team numbers, as in the file
    rows: dict[tuple[str, str, str], int] = field(default_factory=dict)
    """The row of each value, by (section, key, attribute) as read."""


def value_text(value: Any) -> str:
    """A cell of the OpenGotha sheet as the text of an attribute."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dt.datetime):
        if value.time() == dt.time():
            return value.strftime("%Y-%m-%d")
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, dt.date):
        return value.strftime("%Y-%m-%d")
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


_KNOWN = (ABOUT, ROOT, PLAYER, GAME, BYE, GAMES, TEAM, TEAMS, IMPORTED, XML)
_BY_FOLD = {name.casefold(): name for name in _KNOWN}
_PARAMETER_SET = re.compile(r"[A-Za-z]\w*ParameterSet")


@record(frozen=False)
class _Reading:
    """The ``OpenGotha`` sheet being read: its columns (section, key, attribute, value),
    what is read so far, and the problems."""

    columns: tuple[int, int, int, int]
    problems: ProblemList
    kept: Kept = field(default_factory=Kept)
    seen: dict[tuple[str, str, str], int] = field(default_factory=dict)  # slot → its row
    xml: list[tuple[str, str, int, list[str]]] = field(default_factory=list)
    """Each element kept verbatim: key, tag, row, text in chunks."""

    def problem(self, r: int, column: int, value: Any, message: str) -> None:
        self.problems.add(OPENGOTHA, r, self.columns[column], value, message)

    def line(self, row: Sequence[Any], r: int) -> None:
        """Read row ``r``."""
        s, k, a, v = self.columns

        def cell(index: int) -> Any:
            return row[index] if index < len(row) else None

        raw_section = cell_text(cell(s))
        key, attribute = cell_text(cell(k)), cell_text(cell(a))
        raw_value = cell(v)
        value = value_text(raw_value)
        if not raw_section and not key and not attribute and not value:
            return
        section = _BY_FOLD.get(raw_section.casefold(), raw_section)
        if section in (ABOUT, IMPORTED):  # (the record is gosheet's, not the file's)
            return
        if section not in _KNOWN and not _PARAMETER_SET.fullmatch(section):
            message = "unknown section; known: " + ", ".join(_KNOWN) + ", or a parameter set name"
            self.problem(r, 0, raw_section, message)
        elif section == XML:
            self.xml_line(r, key, attribute, "" if raw_value is None else str(raw_value))
        elif not attribute and section not in STANDARD_SETS and section.endswith("ParameterSet"):
            self.kept.parameters.setdefault(section, {})
        else:
            self.attribute_line(r, section, key, attribute, value)

    def xml_line(self, r: int, key: str, attribute: str, text: str) -> None:
        """A row of an element kept verbatim: its first, or one that goes on."""
        tag = attribute.removesuffix(XML_MORE).strip()
        if not attribute.endswith(XML_MORE):
            self.xml.append((key, tag, r, [text]))
        elif self.xml and self.xml[-1][:2] == (key, tag):
            self.xml[-1][3].append(text)
        else:
            self.problem(r, 2, attribute, "continues no element of the row above")

    def attribute_line(self, r: int, section: str, key: str, attribute: str, value: str) -> None:
        """A row of one attribute's value."""
        if not NAME.fullmatch(attribute):
            self.problem(r, 2, attribute or None, "not an XML attribute name")
            return
        if section in (PLAYER, GAME, BYE, TEAM) and not key:
            self.problem(r, 1, None, f"a {section} row needs its Key")
            return
        slot = (section, name_key(key) if section == PLAYER else key.casefold(), attribute)
        if slot in self.seen:
            self.problem(r, 2, attribute, f"set twice (also on row {self.seen[slot] + 1})")
            return
        self.seen[slot] = r
        self.kept.rows[section, key, attribute] = r
        trouble = self.store(section, key, attribute, value)
        if trouble is not None:
            self.problem(r, *trouble)

    def store(
        self, section: str, key: str, attribute: str, value: str
    ) -> tuple[int, str, str] | None:
        """Keep one attribute's value; else its problem: the column (0 to 3), the value
        shown, the message."""
        kept = self.kept
        if section == ROOT:
            kept.root[attribute] = value
        elif section == PLAYER:
            kept.players.setdefault(name_key(key), {})[attribute] = value
        elif section == GAME:
            match = GAME_KEY.fullmatch(key)
            if match is None:
                return 1, key, "expected a game as 'Round 2 table 5'"
            slot = (int(match.group(1)), int(match.group(2)))
            kept.games.setdefault(slot, {})[attribute] = value
        elif section == BYE:
            match = BYE_KEY.fullmatch(key)
            if match is None:
                return 1, key, "expected a round as 'Round 2'"
            kept.byes.setdefault(int(match.group(1)), {})[attribute] = value
        elif section == GAMES:
            return self.order(attribute, value)
        elif section == TEAM:
            read = read_lineup_row(attribute, value)
            if read is None:
                return 2, attribute, "expected a round after the tournament's, as 'round7'"
            kept.lineups_after.setdefault(key, {})[read[0]] = read[1]
        elif section == TEAMS:
            numbers = value.split()
            if attribute != ORDER or not all(n.isdigit() for n in numbers):
                return 3, value, f"expected '{ORDER}' and team numbers: 3 1 2 …"
            kept.team_order = [int(n) for n in numbers]
        else:
            kept.parameters.setdefault(section, {})[attribute] = value
        return None

    def order(self, attribute: str, value: str) -> tuple[int, str, str] | None:
        """The order of the games in the file."""
        matches = [ORDER_ITEM.fullmatch(item) for item in value.split()]
        if attribute != ORDER:
            return 2, attribute, f"expected '{ORDER}'"
        if not all(matches):
            return 3, value, "expected games as round.table: 1.1 1.2 …"
        self.kept.order = [(int(m.group(1)), int(m.group(2))) for m in matches if m]
        return None

    def elements(self) -> None:
        """The elements kept verbatim, once every row is read."""
        v = self.columns[3]
        for key, _, r, chunks in self.xml:
            if key != ROOT and not _PARAMETER_SET.fullmatch(key):
                self.problem(r, 1, key, "expected Tournament or a parameter set name")
                continue
            try:
                element = element_from_text("".join(chunks), OPENGOTHA, cell_name(r, v))
            except InputError as error:
                self.problems.problems += error.problems
                continue
            taken = sorted(_tags(element) & _SHEETS_HOLD)
            if element.tag == "ByePlayer":  # Pairgoth's byes, kept unread by older imports
                byes = ", ".join(
                    f"{dict(c.attributes).get('player', '?')} in round "
                    f"{dict(c.attributes).get('roundNumber', '1')}"
                    for c in element.children
                )
                self.problem(
                    r,
                    3,
                    f"<{element.tag}>",
                    f"Pairgoth's byes ({byes}), kept here unread by an older import: import the "
                    "file again (gosheet now reads them as OpenGotha does), or type the ones "
                    "OpenGotha takes (a round's last) as Bye lines of their rounds' sheets and "
                    "delete this row",
                )
                continue
            if taken:
                self.problem(
                    r,
                    3,
                    f"<{element.tag}>",
                    f"holds <{taken[0]}>, which the other sheets hold (OpenGotha would read it "
                    "twice); write it there",
                )
                continue
            self.kept.children.setdefault(key, []).append(element)


def read_kept(grid: Rows, problems: ProblemList) -> Kept:
    """Read the ``OpenGotha`` sheet, adding every problem (with its cell) to ``problems``."""
    if not grid:
        return Kept()
    headers = [cell_text(h).casefold() for h in grid[0]]
    columns: dict[str, int] = {}
    for name in OPENGOTHA_HEADERS[:4]:
        if name.casefold() in headers:
            columns[name] = headers.index(name.casefold())
        else:
            problems.add(OPENGOTHA, 0, 0, None, f"no '{name}' column in the header row")
    if len(columns) < 4:
        return Kept()
    s, k, a, v = (columns[name] for name in OPENGOTHA_HEADERS[:4])
    reading = _Reading((s, k, a, v), problems)
    for r in range(1, len(grid)):
        reading.line(grid[r], r)
    reading.elements()
    return reading.kept


# Elements the other sheets make; OpenGotha looks for most of them anywhere in a file.
_SHEETS_HOLD = frozenset(
    {"Players", "Player", "Games", "Game", "ByePlayers", "ByePlayer", "TournamentParameterSet"}
    | set(STANDARD_SETS)
    | {"Categories", "Category", CLUBS_GROUPS, "ClubsGroup"}
)


def _tags(element: OGElement) -> set[str]:
    tags = {element.tag}
    for child in element.children:
        tags |= _tags(child)
    return tags
