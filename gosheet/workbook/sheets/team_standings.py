"""The ``Team standings`` sheet of a team tournament: a row per team in OpenGotha's order —
place (empty when tied with the row above on every criterion), the team's number and name,
one column per criterion of the ``Team placement`` setting (board wins with their halves, as
OpenGotha prints them), then each round's half-match: the opponent's row, ``+`` / ``=`` /
``-`` for the team points, the board points in brackets (``3+(2½)``; ``0-`` without a match).
The individual ``Standings`` stay as they are, beside it."""

from __future__ import annotations

import re

from gosheet.core.model import Tournament
from gosheet.core.teams.standings import TeamStandings, criterion_text
from gosheet.i18n import words
from gosheet.workbook.port import Grid
from gosheet.workbook.sheets import Column, SheetData

TEAM_STANDINGS = "Team standings"
BOARDS_UP_TO = re.compile(r"^BDW(\d)U$")


def criterion_header(criterion: str) -> str:
    """A criterion's column header, in English (:data:`gosheet.i18n.words.TEAM_STANDINGS`).

    >>> criterion_header("TEAMP"), criterion_header("BDW2U")
    ('Team points', 'Board wins to board 2')
    """
    found = BOARDS_UP_TO.match(criterion)
    if found:
        return f"Board wins to board {found.group(1)}"
    return {
        "TEAMP": "Team points",
        "SOST": "Opponents' team points",
        "BDW": "Board wins",
        "MNR": "Mean rating",
    }[criterion]


def number(text: str) -> int | str:
    """A criterion's value as a number where it is one (``2½`` stays a text)."""
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def team_standings_sheet(
    tournament: Tournament, standings: TeamStandings, language: str | None = None
) -> SheetData:
    """The sheet of ``standings`` (:func:`gosheet.core.teams.standings.team_standings`)."""
    settings = tournament.settings
    language = language or settings.language

    def word(english: str) -> str:
        return words.local(english, language, words.TEAM_STANDINGS)

    rounds = standings.after_round
    columns = [
        Column(word("Place"), 7, centre=True),
        Column(word("No."), 6, centre=True),
        Column(word("Team"), 22),
    ]
    for criterion in standings.criteria:
        header = word(criterion_header(criterion))
        # as wide as half its header (two lines at most), and its longest word
        wide = max(9, (len(header) + 1) // 2 + 2, *(len(w) + 2 for w in header.split()))
        columns.append(Column(header, wide, centre=True))
    columns += [Column(word(f"R{n}"), 9, centre=True) for n in range(1, rounds + 1)]
    rows: Grid = []
    for row in standings.rows:
        values = [
            number(criterion_text(c, v))
            for c, v in zip(standings.criteria, row.values, strict=True)
        ]
        rows.append([row.place, row.team.number, row.team.name, *values, *row.rounds])
    title = words.titled(
        "{name} — team standings after round {n}", language, name=settings.name, n=rounds
    )
    return SheetData(
        words.local(TEAM_STANDINGS, language, words.SHEETS),
        tuple(columns),
        rows,
        title=title,
        landscape=rounds + len(standings.criteria) > 8,
        title_columns=3,
    )
