"""What the published pages show of a team tournament beyond the pack's team tables
(:mod:`gosheet.formats.pack.teams`): each round's matches as blocks of boards whose players
link to their pages, the team standings in short for a phone's screen (place, team, the
criteria), and a page per team: its line of the team standings, its matches round by round
(the opponent, the board points, won, drawn or lost) and its players with the board each
played in each round and how it went (``1+``: won on board 1). Every team's name links to its
page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gosheet.core.model import Tournament
from gosheet.core.opengotha.scores import points2
from gosheet.core.teams.matches import Match, matches_in
from gosheet.core.teams.model import Team
from gosheet.formats.addresses import team_page
from gosheet.formats.pack.language import decimal, header, printing
from gosheet.formats.pack.teams import MatchSheet, TeamsView, halves, match_tables, team_name
from gosheet.formats.site.view import Board, Person, RoundPage, TeamLink
from gosheet.records import record

#: A board's mark after its number on a team's page, from the player's doubled points
#: (OpenGotha's WX2: 2 won, 1 drawn, 0 lost); none while the game waits for its result.
MARKS = {2: "+", 1: "=", 0: "-"}


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
    first: TeamLink
    second: TeamLink


@record
class TeamStanding:
    """A team's line in the team standings in short: place, team, each criterion's value."""

    place: str
    team: TeamLink
    scores: list[str]


@record
class TeamRound:
    """A round on a team's page: the tables of its match and the opponent team (None: no
    match), the board points (the team's first; '' until every board has its result) and
    what the round was for the team, in words."""

    round: int
    tables: str
    opponent: TeamLink | None
    board_points: str
    outcome: str


@record
class TeamMember:
    """A player on his team's page: the board he played for the team in each round, with its
    mark (``1+``, ``2=``, ``3-``, ``4`` before the result; '' at no board), and the board
    points he made for it."""

    player: Person
    boards: list[str]
    points: str


@record
class TeamPage:
    """A team's page: its line of the team standings (header and value, the team left out),
    its rounds and its players (the last line-up's first, board 1 first, then the others who
    played for it)."""

    team: TeamLink
    line: list[tuple[str, str]]
    rounds: list[TeamRound]
    members: list[TeamMember]


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
    teams: list[TeamPage]  # by number
    byes: dict[int, TeamLink]  # the team without a match, by round
    round_headers: list[str]  # R1, R2 … in the tournament's language (the teams' pages)
    standings_teams: list[TeamLink]  # the team standings' rows' teams, in its order

    def bye(self, number: int) -> TeamLink | None:
        return self.byes.get(number)

    @property
    def links(self) -> list[str]:
        """The team standings' rows' pages, in its order."""
        return [team.page for team in self.standings_teams]

    @property
    def crosstable_links(self) -> list[str]:
        """The team crosstable's rows' pages (teams by number)."""
        return [page.team.page for page in self.teams]


def team_link(team: Team) -> TeamLink:
    return TeamLink(team_name(team), team_page(team.name))


def teams_site(
    tournament: Tournament,
    view: TeamsView,
    seated: Sequence[Mapping[int, Person]],
    pages: Sequence[RoundPage],
    people: Mapping[int, Person],
    language: str,
) -> TeamsSite:
    """The team pages of ``tournament`` from the pack's ``view``; ``seated``: each round's
    players as the pages show them (ranks before the round), by number; ``pages``: the
    rounds' pages; ``people``: the players as the pages show them now."""
    teams = sorted(tournament.teams, key=lambda t: t.number)
    link = {team_name(t): team_link(t) for t in teams}
    by_number = {str(t.number): team_link(t) for t in teams}  # the standings' No. column
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
                link[sheet.first],
                link[sheet.second],
            )
            for sheet in sheets
        ]
        for number, sheets in view.matches.items()
    }
    table = view.standings
    criteria = sorted(i for i in table.numeric if i >= 3)
    short = [
        TeamStanding(row[0], by_number[row[1]], [row[i] for i in criteria]) for row in table.rows
    ]
    others = {}
    for page in pages:
        played = {str(b.table) for sheet in view.matches.get(page.number, []) for b in sheet.boards}
        others[page.number] = [b for b in page.boards if b.table not in played]
    lines = {
        int(row[1]): [(table.headers[0], row[0])] + [(table.headers[i], row[i]) for i in criteria]
        for row in table.rows
    }
    byes = {number: link[name] for number, name in view.byes.items()}
    return TeamsSite(
        view,
        rounds,
        short,
        [table.headers[i] for i in criteria],
        others,
        _team_pages(tournament, lines, byes, people, language),
        byes,
        [header(f"R{rnd.number}", language) for rnd in tournament.rounds],
        [by_number[row[1]] for row in table.rows],
    )


def _team_pages(
    tournament: Tournament,
    lines: Mapping[int, list[tuple[str, str]]],
    byes: Mapping[int, TeamLink],
    people: Mapping[int, Person],
    language: str,
) -> list[TeamPage]:
    """Every team's page, by number: ``lines`` their lines of the team standings (by team
    number), ``byes`` the team without a match in each round (the pack's), ``people`` the
    players as the pages show them."""
    played = [
        (rnd.number, matches_in(tournament, rnd.number), byes.get(rnd.number))
        for rnd in tournament.rounds
    ]
    return [
        _team_page(tournament, team, played, lines.get(team.number, []), people, language)
        for team in sorted(tournament.teams, key=lambda t: t.number)
    ]


def _team_page(
    tournament: Tournament,
    team: Team,
    played: Sequence[tuple[int, Sequence[Match], TeamLink | None]],
    line: list[tuple[str, str]],
    people: Mapping[int, Person],
    language: str,
) -> TeamPage:
    """``team``'s page: ``played`` each round's number, matches and team without a match,
    ``line`` its line of the team standings, ``people`` the players as the pages show
    them."""
    _p = printing(language)
    size = tournament.settings.team_size
    link = team_link(team)
    marks: dict[int, dict[int, str]] = {}  # player -> round -> mark
    wx2: dict[int, int] = {}  # player -> his doubled board points for the team
    rounds = []
    for number, matches, bye in played:
        match = next((m for m in matches if team.name in (m.first.name, m.second.name)), None)
        if match is None:
            idle = _p("Bye") if bye == link else _p("Not playing")
            rounds.append(TeamRound(number, "", None, "", idle))
            continue
        k = match.side_of(team)
        for board in match.boards:
            player = board.first_player if k == 0 else board.second_player
            if board.game.result is None:
                marks.setdefault(player, {})[number] = str(board.number)
                continue
            got = points2(board.game, player)
            marks.setdefault(player, {})[number] = f"{board.number}{MARKS[got]}"
            wx2[player] = wx2.get(player, 0) + got
        tables = match_tables(match)
        opponent = team_link(match.opponent_of(team))
        if not match.complete:
            rounds.append(TeamRound(number, tables, opponent, "", _p("Not played yet")))
            continue
        points, scored = match.team_points(size)[k], match.wx2()
        board_points = f"{halves(scored[k])} – {halves(scored[1 - k])}"
        outcome = {2: _p("Won"), 1: _p("Drawn"), 0: _p("Lost")}[points]
        rounds.append(TeamRound(number, tables, opponent, decimal(board_points, language), outcome))
    last = tournament.rounds[-1].number if tournament.rounds else 1
    order = [p for p in team.lineup_in(last).players if p in people]
    order += sorted(p for p in marks if p not in order)
    members = [
        TeamMember(
            people[p],
            [marks.get(p, {}).get(rnd.number, "") for rnd in tournament.rounds],
            decimal(halves(wx2.get(p, 0)), language),
        )
        for p in order
    ]
    return TeamPage(link, line, rounds, members)
