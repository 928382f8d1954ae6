"""The ``Fixed matches`` sheet of a team tournament: ``Round``, ``Team``, ``Team`` — two teams
the director makes meet in a round; the rest of the round is paired around them
(:class:`~gosheet.core.teams.model.FixedMatch`).

>>> fixed_matches_sheet(()).headers
['Round', 'Team', 'Team']
"""

from __future__ import annotations

from collections.abc import Sequence

from gosheet.core.teams.model import FixedMatch, Team
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import Column, SheetData, cell_name
from gosheet.workbook.sheets.headers import normalise_header
from gosheet.workbook.sheets.reading import ProblemList, blank, cell_text, int_cell

FIXED_MATCHES = "Fixed matches"
FIXED_MATCHES_HEADERS = ("Round", "Team", "Team")


def fixed_columns(grid: Rows, problems: ProblemList) -> tuple[int, int, int] | None:
    """The Round column and the two Team columns (the first two so headed); None (told)."""
    headers = [normalise_header(h) for h in grid[0]]
    rounds = [c for c, h in enumerate(headers) if h == normalise_header("Round")]
    teams = [c for c, h in enumerate(headers) if h == normalise_header("Team")]
    if rounds and len(teams) >= 2:
        return rounds[0], teams[0], teams[1]
    wanted = ", ".join(f"'{words.local(h, current(), words.TEAMS)}'" for h in FIXED_MATCHES_HEADERS)
    problems.add(
        FIXED_MATCHES,
        0,
        0,
        None,
        _("the header row needs the columns {columns}").format(columns=wanted),
    )
    return None


def read_fixed_matches(
    grid: Rows | None, teams: Sequence[Team], problems: ProblemList
) -> tuple[FixedMatch, ...]:
    """Every fixed match of the sheet (none without the sheet), the teams by their names as
    the Teams sheet has them; a team named twice in one round, a team that is none, a round
    that is no number, each told by its cell."""
    if not grid:
        return ()
    columns = fixed_columns(grid, problems)
    if columns is None:
        return ()
    by_key = {normalise_header(t.name): t.name for t in teams}
    at_round, *at_teams = columns
    found: list[FixedMatch] = []
    seen: dict[tuple[int, str], str] = {}  # (round, team key) → its cell
    for r in range(1, len(grid)):
        row = list(grid[r]) + [None] * (max(columns) + 1 - len(grid[r]))
        if all(blank(row[c]) for c in columns):
            continue
        try:
            number: int | None = int_cell(row[at_round], 1)
        except ValueError:
            problems.add(FIXED_MATCHES, r, at_round, row[at_round], _("not a round number"))
            number = None
        names: list[str] = []
        for c in at_teams:
            typed = cell_text(row[c])
            name = by_key.get(normalise_header(typed))
            if name is None:
                message = _("no team of the Teams sheet is so named") if typed else _("no team")
                problems.add(FIXED_MATCHES, r, c, typed or None, message)
                continue
            key = (number or 0, normalise_header(name))
            if names and names[0] == name:
                problems.add(FIXED_MATCHES, r, c, typed, _("the same team twice"))
                continue
            if number is not None and key in seen:
                message = _("this team meets another team in this round already ({cell})")
                problems.add(FIXED_MATCHES, r, c, typed, message.format(cell=seen[key]))
                continue
            seen[key] = cell_name(r, c)
            names.append(name)
        if number is not None and len(names) == 2:
            found.append(FixedMatch(number, names[0], names[1]))
    return tuple(found)


def fixed_matches_sheet(fixed: Sequence[FixedMatch], language: str = "en") -> SheetData:
    """The sheet, one row a fixed match (a new workbook's: its header row only)."""
    columns = (
        Column(words.local("Round", language, words.TEAMS), 8, centre=True),
        Column(words.local("Team", language, words.TEAMS), 22),
        Column(words.local("Team", language, words.TEAMS), 22),
    )
    rows = [[m.round_number, m.first, m.second] for m in fixed]
    return SheetData(
        words.local(FIXED_MATCHES, language, words.SHEETS), columns, rows, blank_rows=30
    )
