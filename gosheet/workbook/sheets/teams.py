"""The ``Teams`` sheet of a team tournament: one row per team and line-up — ``Team``,
``Number``, ``Round`` (empty: from round 1; a number: this line-up from that round on),
``Board 1`` … ``Board N`` (N: the ``Team size`` setting), ``Reserve 1`` … (optional) — its
players named as the round sheets name them (a name another player shares, with the club or
the EGD PIN). :func:`read_teams` reads it into :class:`~gosheet.core.teams.model.Team`\\ s,
telling every problem by its cell; :func:`teams_sheet` writes it from a tournament (a new
workbook's, an OpenGotha import's, boards ordered by rating).

>>> teams_headers(3, 1)
('Team', 'Number', 'Round', 'Board 1', 'Board 2', 'Board 3', 'Reserve 1')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from gosheet.core.model import Tournament
from gosheet.core.teams.lineups import seats
from gosheet.core.teams.model import Lineup, Team
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current
from gosheet.records import field, record, replace
from gosheet.workbook.port import Grid, Rows
from gosheet.workbook.sheets import TEAMS as TEAMS  # (its home: the sheets' names)
from gosheet.workbook.sheets import Column, SheetData, cell_name
from gosheet.workbook.sheets.headers import normalise_header
from gosheet.workbook.sheets.names import NameIndex, labels
from gosheet.workbook.sheets.reading import ProblemList, blank, cell_text, int_cell

FIXED_HEADERS = ("Team", "Number", "Round")
BOARD_RE = re.compile(r"^board (\d+)$")
RESERVE_RE = re.compile(r"^reserve (\d+)$")


def teams_headers(size: int, reserves: int = 0) -> tuple[str, ...]:
    """The sheet's columns for ``size`` boards and ``reserves`` reserves, in English."""
    boards = tuple(f"Board {n}" for n in range(1, size + 1))
    return (*FIXED_HEADERS, *boards, *(f"Reserve {n}" for n in range(1, reserves + 1)))


def _local(header: str, language: str) -> str:
    return words.local(header, language, words.TEAMS)


# ------------------------------------------------------------------ reading


@record(frozen=False)
class TeamColumns:
    """Where the sheet's columns are: the fixed ones by their key, the boards and the reserves
    in their order (board 1 first)."""

    fixed: dict[str, int] = field(default_factory=dict)
    boards: list[int] = field(default_factory=list)
    reserves: list[int] = field(default_factory=list)


def team_columns(grid: Rows, size: int, problems: ProblemList) -> TeamColumns | None:
    """The columns of the header row; None (told) when the sheet cannot be read: no ``Team``
    column, or board columns that are not ``Board 1`` … ``Board N`` for the ``Team size`` N."""
    found = TeamColumns()
    boards: dict[int, int] = {}
    reserves: dict[int, int] = {}
    for c, header in enumerate(grid[0]):
        key = normalise_header(header)
        for name in FIXED_HEADERS:
            if key == normalise_header(name) and name not in found.fixed:
                found.fixed[name] = c
        if (m := BOARD_RE.match(key)) is not None:
            boards.setdefault(int(m.group(1)), c)
        if (m := RESERVE_RE.match(key)) is not None:
            reserves.setdefault(int(m.group(1)), c)
    language = current()
    if "Team" not in found.fixed:
        column = _local("Team", language)
        problems.add(
            TEAMS, 0, 0, None, _("no '{column}' column in the header row").format(column=column)
        )
    if sorted(boards) != list(range(1, size + 1)):
        shown = ", ".join(str(grid[0][c]) for _n, c in sorted(boards.items())) or None
        at = min(boards.values()) if boards else 0
        problems.add(
            TEAMS,
            0,
            at,
            shown,
            _(
                "the board columns do not match the Team size of the Settings sheet ({size}): "
                "write '{first}' … '{last}'"
            ).format(
                size=size, first=_local("Board 1", language), last=_local(f"Board {size}", language)
            ),
        )
    if "Team" not in found.fixed or sorted(boards) != list(range(1, size + 1)):
        return None
    found.boards = [boards[n] for n in sorted(boards)]
    found.reserves = [reserves[n] for n in sorted(reserves)]
    return found


@record(frozen=False)
class TeamRows:
    """What the rows of one team give, as they are read."""

    name: str
    number: int | None = None
    number_cell: tuple[int, int] = (0, 0)
    lineups: dict[int, Lineup] = field(default_factory=dict)  # by its first round
    rows: dict[int, int] = field(default_factory=dict)  # each line-up's row, by its first round
    cells: dict[int, dict[int, tuple[int, int]]] = field(default_factory=dict)
    """Each line-up's (by its first round) players' cells: player → (row, column)."""


class TeamsReader:
    """Reads the rows of the sheet, one team's line-up each."""

    def __init__(self, columns: TeamColumns, index: NameIndex, problems: ProblemList) -> None:
        self.columns = columns
        self.index = index
        self.problems = problems
        self.teams: dict[str, TeamRows] = {}  # by the name's key, in the sheet's order

    def tell(self, r: int, c: int, value: Any, message: str) -> None:
        self.problems.add(TEAMS, r, c, value, message)

    def cell(self, row: Sequence[Any], c: int | None) -> Any:
        return row[c] if c is not None and c < len(row) else None

    def number(self, row: Sequence[Any], r: int) -> int | None:
        c = self.columns.fixed.get("Number")
        value = self.cell(row, c)
        if blank(value) or c is None:
            return None
        try:
            return int_cell(value, 1)
        except ValueError:
            self.tell(r, c, value, _("not a team number (1, 2, 3 …)"))
            return None

    def first_round(self, row: Sequence[Any], r: int) -> int:
        c = self.columns.fixed.get("Round")
        value = self.cell(row, c)
        if blank(value) or c is None:
            return 1
        try:
            return int_cell(value, 1)
        except ValueError:
            self.tell(r, c, value, _("not a round number (empty: from round 1)"))
            return 1

    def player(self, row: Sequence[Any], r: int, c: int) -> int | None:
        typed = cell_text(self.cell(row, c))
        found = self.index.resolve(typed)
        if isinstance(found, str):
            self.tell(r, c, typed, found)
            return None
        return found

    def read_row(self, row: Sequence[Any], r: int) -> None:
        c_team = self.columns.fixed["Team"]
        name = cell_text(self.cell(row, c_team))
        if not name:
            self.tell(r, c_team, None, _("no team named in this row"))
            return
        team = self.teams.setdefault(normalise_header(name), TeamRows(name))
        number = self.number(row, r)
        if number is not None:
            if team.number is not None and number != team.number:
                at = cell_name(*team.number_cell)
                self.tell(
                    r,
                    self.columns.fixed["Number"],
                    number,
                    _("another number than the team's at {cell}").format(cell=at),
                )
            elif team.number is None:
                team.number, team.number_cell = number, (r, self.columns.fixed["Number"])
        start = self.first_round(row, r)
        if start in team.lineups:
            c = self.columns.fixed.get("Round", c_team)
            self.tell(r, c, start, _("a second line-up of this team from the same round"))
            return
        cells: dict[int, tuple[int, int]] = {}
        boards = self.seats(row, r, self.columns.boards, cells, empty_told=True)
        reserves = self.seats(row, r, self.columns.reserves, cells, empty_told=False)
        team.lineups[start] = Lineup(start, tuple(boards), tuple(reserves))
        team.rows[start] = r
        team.cells[start] = cells

    def seats(
        self,
        row: Sequence[Any],
        r: int,
        columns: Sequence[int],
        cells: dict[int, tuple[int, int]],
        empty_told: bool,
    ) -> list[int]:
        """The players of ``columns`` (a board left empty told when ``empty_told``); a player
        twice in the line-up told."""
        found: list[int] = []
        for board, c in enumerate(columns, start=1):
            if blank(self.cell(row, c)):
                if empty_told:
                    self.tell(
                        r,
                        c,
                        None,
                        _(
                            "board {board} left empty: every board needs a player (a reserve "
                            "steps in for a player who does not play a round)"
                        ).format(board=board),
                    )
                continue
            player = self.player(row, r, c)
            if player is None:
                continue
            if player in cells:
                at = cell_name(*cells[player])
                self.tell(
                    r,
                    c,
                    cell_text(row[c]),
                    _("the same player twice in this line-up (also at {cell})").format(cell=at),
                )
                continue
            cells[player] = (r, c)
            found.append(player)
        return found


def numbered(read: dict[str, TeamRows], problems: ProblemList) -> list[Team]:
    """The teams with their numbers: as typed, else the next free one in the sheet's order;
    a number two teams have told."""
    used: dict[int, str] = {}
    for team in read.values():
        if team.number is None:
            continue
        if team.number in used:
            r, c = team.number_cell
            problems.add(
                TEAMS,
                r,
                c,
                team.number,
                _("the number of the team '{team}' too").format(team=used[team.number]),
            )
        used.setdefault(team.number, team.name)
    teams = []
    free = 1
    for team in read.values():
        number = team.number
        if number is None:
            while free in used:
                free += 1
            number = free
            used[number] = team.name
        lineups = tuple(team.lineups[start] for start in sorted(team.lineups))
        teams.append(Team(number, team.name, lineups))
    return sorted(teams, key=lambda t: t.number)


def two_teams(
    read: dict[str, TeamRows], problems: ProblemList, names: dict[int, str] | None = None
) -> None:
    """A player in two teams in one round, told at his second cell (line-ups change only at
    the rounds they are typed from, so those rounds are the ones to look at)."""
    starts = sorted({start for team in read.values() for start in team.lineups})
    told: set[tuple[int, int]] = set()
    for round_number in starts:
        seen: dict[int, tuple[str, tuple[int, int]]] = {}
        for team in read.values():
            if not team.lineups:
                continue
            start = max((s for s in team.lineups if s <= round_number), default=min(team.lineups))
            for player, cell in team.cells[start].items():
                if player not in seen:
                    seen[player] = (team.name, cell)
                    continue
                other, first = seen[player]
                if other == team.name or cell in told:
                    continue
                told.add(cell)
                problems.add(
                    TEAMS,
                    cell[0],
                    cell[1],
                    (names or {}).get(player),
                    _("in two teams in round {round}: also in '{team}' at {cell}").format(
                        round=round_number, team=other, cell=cell_name(*first)
                    ),
                )


def read_teams(
    grid: Rows | None,
    index: NameIndex,
    size: int,
    problems: ProblemList,
    cells: dict[tuple[str, int, int], str] | None = None,
) -> tuple[Team, ...]:
    """The teams of the sheet (none when there is no such sheet), by number; every problem by
    its cell (sheet, cell, value): a board left empty, a player who is no player or in two
    teams in one round, board columns that do not match ``size`` (the ``Team size``).
    ``cells`` gets each board's cell: (team name, the line-up's first round, board) → cell."""
    if not grid:
        return ()
    columns = team_columns(grid, size, problems)
    if columns is None:
        return ()
    reader = TeamsReader(columns, index, problems)
    for r in range(1, len(grid)):
        row = grid[r]
        if all(blank(value) for value in row):
            continue
        reader.read_row(row, r)
    two_teams(reader.teams, problems, index.labels)
    if cells is not None:
        for team in reader.teams.values():
            for start, r in team.rows.items():
                for board, c in enumerate(columns.boards, start=1):
                    cells[(team.name, start, board)] = cell_name(r, c)
    return tuple(numbered(reader.teams, problems))


def team_player_cells(grid: Rows) -> list[tuple[int, int, str]]:
    """Every name of the sheet's board and reserve columns: (0-based row, column, text)."""
    if not grid:
        return []
    columns = [
        c
        for c, header in enumerate(grid[0])
        if BOARD_RE.match(key := normalise_header(header)) or RESERVE_RE.match(key)
    ]
    found = []
    for r in range(1, len(grid)):
        for c in columns:
            text = cell_text(grid[r][c]) if c < len(grid[r]) else ""
            if text:
                found.append((r, c, text))
    return found


def seated_only(tournament: Tournament) -> Tournament:
    """``tournament`` with each player marked as not playing the rounds in which he sits at
    no board of a team with a match (a reserve not needed, a team without a match, no team):
    what the check of the players a round lost (:mod:`.lost_players`) asks of a team
    tournament, where OpenGotha gives them no game and no bye. A player at a board of a team
    that plays, whose game is in no row, stays lost."""
    out: dict[int, set[int]] = {}
    for rnd in tournament.rounds:
        placed = {p for game in rnd.games for p in (game.white, game.black)} | set(rnd.byes)
        expected = set(placed)
        for team in tournament.teams:
            boards = [b for b in seats(tournament, team, rnd.number)[0] if b is not None]
            if placed.intersection(boards):
                expected.update(boards)
        for player in tournament.players:
            if player.number not in expected:
                out.setdefault(player.number, set()).add(rnd.number)
    players = tuple(
        replace(p, not_playing=p.not_playing | out[p.number]) if p.number in out else p
        for p in tournament.players
    )
    return replace(tournament, players=players)


# ------------------------------------------------------------------ writing

TEAM_WIDTHS = {"Team": 20, "Number": 9, "Round": 8}


def teams_sheet(tournament: Tournament, language: str | None = None) -> SheetData:
    """The ``Teams`` sheet of ``tournament``: a row per team and line-up, by team number (the
    first line-up's Round left empty: from round 1), the players named as the round sheets
    name them, at least one Reserve column."""
    settings = tournament.settings
    language = language or settings.language
    names = labels(tournament.players)
    reserves = max((len(lu.reserves) for t in tournament.teams for lu in t.lineups), default=0)
    headers = teams_headers(settings.team_size, max(reserves, 1))
    columns = tuple(
        Column(_local(h, language), TEAM_WIDTHS.get(h, 22), centre=h in ("Number", "Round"))
        for h in headers
    )
    width = len(headers)
    rows: Grid = []
    for team in sorted(tournament.teams, key=lambda t: t.number):
        for i, lineup in enumerate(team.lineups):
            start = None if i == 0 and lineup.from_round <= 1 else lineup.from_round
            boards: list[Any] = [names.get(p, str(p)) for p in lineup.boards]
            boards += [None] * (settings.team_size - len(boards))
            row: list[Any] = [
                team.name,
                team.number,
                start,
                *boards,
                *(names.get(p, str(p)) for p in lineup.reserves),
            ]
            rows.append(row + [None] * (width - len(row)))
    return SheetData(
        words.local(TEAMS, language, words.SHEETS),
        columns,
        rows,
        title=settings.name,
        landscape=settings.team_size > 4,
        blank_rows=100,
    )
