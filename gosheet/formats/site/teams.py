"""What the published pages show of a team tournament beyond the pack's team tables
(:mod:`gosheet.formats.pack.teams`): each round's matches as blocks of boards whose players
link to their pages, and the team standings in short for a phone's screen (place, team, the
criteria)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gosheet.formats.pack.teams import MatchSheet, TeamsView
from gosheet.formats.site.view import Board, Person, RoundPage
from gosheet.records import record


@record
class MatchBoard:
    """A board of a match on a round's page: the players as the pages show them (linked,
    with rank, club and country), each with his team."""

    board: int
    table: str
    white: Person
    black: Person
    white_team: str
    black_team: str
    handicap: str
    komi: str
    result: str


@record
class MatchBlock:
    """A match on a round's page: its sheet (teams, tables, score) and its boards."""

    sheet: MatchSheet
    boards: list[MatchBoard]


@record
class TeamStanding:
    """A team's line in the team standings in short: place, team, each criterion's value."""

    place: str
    team: str
    scores: list[str]


@record
class TeamsSite:
    """The team pages' contents: the pack's team tables, each round's match blocks (by
    round number), the team without a match in each round, the short standings and their
    headers, and each round's lines of the list by table that are no board of a match (a
    game between players of no team playing, a bye)."""

    view: TeamsView
    rounds: dict[int, list[MatchBlock]]
    short: list[TeamStanding]
    scores: list[str]
    others: dict[int, list[Board]]

    def bye(self, number: int) -> str:
        return self.view.byes.get(number, "")


def teams_site(
    view: TeamsView, seated: Sequence[Mapping[int, Person]], pages: Sequence[RoundPage]
) -> TeamsSite:
    """The team pages from the pack's ``view``; ``seated``: each round's players as the
    pages show them (ranks before the round), by number; ``pages``: the rounds' pages."""
    rounds = {
        number: [
            MatchBlock(
                sheet,
                [
                    MatchBoard(
                        b.board,
                        str(b.table),
                        seated[number - 1][b.white_player],
                        seated[number - 1][b.black_player],
                        b.white_team,
                        b.black_team,
                        b.handicap,
                        b.komi,
                        b.result,
                    )
                    for b in sheet.boards
                ],
            )
            for sheet in sheets
        ]
        for number, sheets in view.matches.items()
    }
    table = view.standings
    criteria = [i for i in table.numeric if i >= 3]
    short = [
        TeamStanding(row[0], f"{row[1]}. {row[2]}", [row[i] for i in sorted(criteria)])
        for row in table.rows
    ]
    others = {}
    for page in pages:
        played = {str(b.table) for sheet in view.matches.get(page.number, []) for b in sheet.boards}
        others[page.number] = [b for b in page.boards if b.table not in played]
    return TeamsSite(view, rounds, short, [table.headers[i] for i in sorted(criteria)], others)
