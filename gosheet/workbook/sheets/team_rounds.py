"""The round sheet of a team round: each match a block of board rows, board 1 first — the
table, the board, each player's team beside his name (so each row names the match's two
teams), White, Black, their ranks, handicap, komi and the result — and an empty row between
two matches. Its games are read back by the round reader as any round's (it reads the columns
it knows by their headers: ``Board`` and the two team columns are for the eye, the matches
are rebuilt from the games and the line-ups, as OpenGotha rebuilds them); the team without a
match stands in the sheet's title.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gosheet.core.model import Game, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.teams.matches import Match
from gosheet.core.teams.model import Team
from gosheet.i18n import words
from gosheet.records import replace
from gosheet.workbook.sheets import (
    FIRST_PLAYER,
    SECOND_PLAYER,
    Column,
    Dropdown,
    SheetData,
    round_headers,
)
from gosheet.workbook.sheets.layout import fitted
from gosheet.workbook.sheets.writer import round_sheet

BOARD = "Board"
WHITE_TEAM, BLACK_TEAM = "White team", "Black team"
SIDES = (("White", FIRST_PLAYER), ("Black", SECOND_PLAYER))
TEAM_ROUND_HEADERS = (BOARD, WHITE_TEAM, BLACK_TEAM)
"""What a team round sheet adds to a round sheet's columns (in English)."""


def match_lines(matches: Sequence[Match]) -> list[tuple[Game, int, Team, Team] | None]:
    """The sheet's lines: each board's game, its number and the teams of White and Black,
    match after match; None between two matches (the empty row)."""
    lines: list[tuple[Game, int, Team, Team] | None] = []
    for match in matches:
        if lines:
            lines.append(None)
        for board in match.boards:
            white, black = (
                (match.first, match.second) if board.first_is_white else (match.second, match.first)
            )
            lines.append((board.game, board.number, white, black))
    return lines


def team_round_sheet(
    tournament: Tournament,
    round_number: int,
    matches: Sequence[Match],
    bye: Team | None,
    language: str | None = None,
) -> SheetData:
    """``Round N`` of a team tournament (``tournament`` with or without the round): the
    matches as blocks (:func:`match_lines`), made from the ordinary round sheet
    (:func:`~gosheet.workbook.sheets.writer.round_sheet`) with the board and team columns
    added; ``bye``, the team without a match, in the title."""
    language = language or tournament.settings.language
    lines = match_lines(matches)
    games = tuple(line[0] for line in lines if line is not None)
    plain = round_sheet(tournament, Pairing(round_number, games, ()), language)
    local = {h: words.local(h, language, words.ROUNDS) for h in TEAM_ROUND_HEADERS}
    english = round_headers(tournament.settings)  # White and Black, or the first and second
    at_white, at_black = (next(i for i, h in enumerate(english) if h in side) for side in SIDES)
    # the new columns' places in the new row: Board after Table, a team before each name
    team_column = Column(local[WHITE_TEAM], 16, least=12.0, stage=1)
    columns = list(plain.columns)
    columns.insert(at_black, replace(team_column, header=local[BLACK_TEAM]))
    columns.insert(at_white, team_column)
    columns.insert(1, Column(local[BOARD], 7, centre=True))
    rows: list[list[Any]] = []
    plain_rows = iter(plain.rows)
    for line in lines:
        if line is None:
            rows.append([None] * len(columns))
            continue
        row = list(next(plain_rows))
        _game, number, white, black = line
        row.insert(at_black, black.name)
        row.insert(at_white, white.name)
        row.insert(1, number)
        rows.append(row)
    title = plain.title
    if bye is not None:
        title = f"{title} — {words.local('Bye', language, words.CELLS)}: {bye.name}"
    result_at = [c.header for c in columns].index(words.local("Result", language, words.ROUNDS))
    dropdown = Dropdown(result_at, plain.dropdown.values, len(rows)) if plain.dropdown else None
    return fitted(
        replace(
            plain,
            columns=tuple(columns),
            rows=rows,
            title=title,
            dropdown=dropdown,
            landscape=True,
        )
    )
