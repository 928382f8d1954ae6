"""What the printed pack and the published pages show of a team tournament, as plain tables
and match sheets: each match of a round (its two teams, its boards with table, White, Black,
handicap and komi, the result when known), the team standings (OpenGotha's criteria in the
settings' order, BDW as board wins with ½, the place left blank on a tie, OpenGotha's
half-match strings per round) and the team crosstable (teams by number × rounds: the
opponent, the team points and the board points).

Drawn from the core (:func:`gosheet.core.teams.matches.matches_in`,
:func:`gosheet.core.teams.standings.team_standings`); both :mod:`gosheet.formats.pack.pdf`
and :mod:`gosheet.formats.site` draw these. Every word is in the tournament's language.
"""

from __future__ import annotations

from gosheet.core.games import game_of
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Tournament
from gosheet.core.systems import system_of
from gosheet.core.teams.matches import Match, matches_in, team_bye
from gosheet.core.teams.model import Team
from gosheet.core.teams.standings import (
    CRITERION_SHORT,
    criterion_text,
    half_points,
    team_standings,
)
from gosheet.formats.addresses import team_page
from gosheet.formats.pack.language import cell, decimal, header, printing, side
from gosheet.formats.pack.view import Table, text
from gosheet.records import record, replace
from gosheet.workbook.sheets import BYE_LABEL
from gosheet.workbook.sheets.names import labels


@record
class BoardLine:
    """A board of a match as its sheet prints it: the players, their ranks (before the round)
    and the teams they play for."""

    board: int
    table: int
    white: str
    black: str
    white_team: str
    black_team: str
    white_rank: str
    black_rank: str
    handicap: str
    komi: str
    result: str  # "" until known: a line to write it on
    white_player: int = 0  # their numbers in Players (the pages link to them)
    black_player: int = 0


@record
class MatchSheet:
    """One match of a round: the two teams (the first: its board-1 player has White), the
    tables it takes, its boards, and its score once every board has its result (board
    points and team points, first team first; '' before)."""

    round_number: int
    first: str
    second: str
    tables: str  # "1–4"
    boards: tuple[BoardLine, ...]
    board_points: tuple[str, str] = ("", "")
    team_points: tuple[str, str] = ("", "")
    pages: tuple[str, str] = ("", "")  # the two teams' published pages (their QR codes)

    @property
    def decided(self) -> bool:
        return bool(self.board_points[0])


@record
class TeamsView:
    """A team tournament's match sheets by round, the team without a match in each round,
    the team standings and the team crosstable, and what their columns mean."""

    matches: dict[int, list[MatchSheet]]
    byes: dict[int, str]
    standings: Table
    crosstable: Table
    legend: str  # the criteria's short names, in words
    crosstable_legend: str


def team_name(team: Team) -> str:
    """A team as the pack and the pages name it: its number and name, ``3. Poitiers 1``."""
    return f"{team.number}. {team.name}"


def is_team_tournament(tournament: Tournament) -> bool:
    return tournament.settings.tournament_type is TournamentType.TEAMS


def teams_view(tournament: Tournament, language: str = "en") -> TeamsView | None:
    """The team pages of ``tournament`` in ``language``; None for an individual, pair go or
    rengo tournament (no teams)."""
    if not is_team_tournament(tournament) or not tournament.teams:
        return None
    matches = {r.number: match_sheets(tournament, r.number, language) for r in tournament.rounds}
    byes = {}
    for r in tournament.rounds:
        bye = team_bye(tournament, r.number)
        if bye is not None:
            byes[r.number] = team_name(bye)
    return TeamsView(
        matches,
        byes,
        standings_table(tournament, language),
        crosstable_table(tournament, language),
        criteria_legend(tournament.settings.team_placement, language),
        crosstable_legend(language),
    )


def halves(wx2: int) -> str:
    """Board points from twice their value, as OpenGotha prints them: ``2½`` from 5."""
    return half_points(wx2)


def match_sheets(tournament: Tournament, number: int, language: str = "en") -> list[MatchSheet]:
    """Round ``number``'s matches, in table order."""
    settings = tournament.settings
    go = game_of(settings.game).go
    names = labels(tournament.players)
    before = replace(tournament, rounds=tournament.rounds[: number - 1])
    strength = {k: text(v) for k, v in system_of(settings).strength(before).items()} if go else {}

    out = []
    for match in matches_in(tournament, number):
        lines = []
        for board in match.boards:
            g = board.game
            white_team, black_team = (
                (match.first, match.second) if board.first_is_white else (match.second, match.first)
            )
            lines.append(
                BoardLine(
                    board.number,
                    g.table,
                    names[g.white],
                    names[g.black],
                    white_team.name,
                    black_team.name,
                    strength.get(g.white, ""),
                    strength.get(g.black, ""),
                    str(g.handicap) if go else "",
                    decimal(f"{g.komi:g}", language) if go else "",
                    g.result.value if g.result else "",
                    g.white,
                    g.black,
                )
            )
        out.append(_scored(match, settings.team_size, tuple(lines)))
    return out


def match_tables(match: Match) -> str:
    """The tables a match takes, from its board 1's to its last board's: ``5–8`` (one
    table: ``5``; no board: '')."""
    if not match.boards:
        return ""
    first, last = match.boards[0].game.table, match.boards[-1].game.table
    return str(first) if first == last else f"{first}–{last}"


def _scored(match: Match, size: int, lines: tuple[BoardLine, ...]) -> MatchSheet:
    sheet = MatchSheet(
        match.round_number,
        team_name(match.first),
        team_name(match.second),
        match_tables(match),
        lines,
        pages=(team_page(match.first.name), team_page(match.second.name)),
    )
    if any(b.game.result is None for b in match.boards):
        return sheet
    a, b = match.wx2()
    tp = match.team_points(size)
    return replace(sheet, board_points=(halves(a), halves(b)), team_points=(str(tp[0]), str(tp[1])))


def standings_table(tournament: Tournament, language: str = "en") -> Table:
    """The team standings: place (blank on a tie), number, team, the criteria in the
    settings' order, then OpenGotha's half-match string of each round."""
    _p = printing(language)
    standings = team_standings(tournament)
    rows = [
        [
            "" if row.place is None else str(row.place),
            str(row.team.number),
            row.team.name,
            *(_value(c, v, language) for c, v in zip(standings.criteria, row.values, strict=True)),
            *(decimal(s, language) for s in row.rounds),
        ]
        for row in standings.rows
    ]
    rounds = tuple(header(f"R{k}", language) for k in range(1, standings.after_round + 1))
    headers = (
        header("Place", language),
        header("No.", language),
        _p("Team"),
        *(short(c) for c in standings.criteria),
        *rounds,
    )
    numeric = frozenset({0, 1, *range(3, 3 + len(standings.criteria))})
    title = (
        _p("Team standings after round {number}").format(number=standings.after_round)
        if standings.after_round
        else _p("Team standings")
    )
    return Table(title, headers, rows, numeric, frozenset({2}))


def short(criterion: str) -> str:
    """A criterion as OpenGotha heads its column: ``TP``, ``BDW``, ``B3U``."""
    return CRITERION_SHORT.get(criterion, criterion)


def _value(criterion: str, value: int, language: str) -> str:
    return decimal(criterion_text(criterion, value), language)


def crosstable_table(tournament: Tournament, language: str = "en") -> Table:
    """Teams by number × rounds: each cell the opponent's number, then the team points and
    the board points the team made (``5: 2/3½``), a bye as the workbook says it with its team
    points; then the totals."""
    _p = printing(language)
    teams = sorted(tournament.teams, key=lambda t: t.number)
    cells: dict[str, list[str]] = {t.name: [] for t in teams}
    team_total = {t.name: 0 for t in teams}
    board_total = {t.name: 0 for t in teams}
    size = tournament.settings.team_size
    bye_word = cell(BYE_LABEL, language)
    for rnd in tournament.rounds:
        seen: set[str] = set()
        for match in matches_in(tournament, rnd.number):
            wx2 = match.wx2()
            points = match.team_points(size)
            pending = any(b.game.result is None for b in match.boards)
            sides = ((match.first, match.second, 0), (match.second, match.first, 1))
            for team, other, k in sides:
                seen.add(team.name)
                if pending:
                    cells[team.name].append(f"{other.number}: …")
                    continue
                cells[team.name].append(f"{other.number}: {points[k]}/{halves(wx2[k])}")
                team_total[team.name] += points[k]
                board_total[team.name] += wx2[k]
        bye = team_bye(tournament, rnd.number)
        bye_points = tournament.settings.team_bye_points
        for team in teams:
            if team.name in seen:
                continue
            if bye is not None and bye.name == team.name:
                cells[team.name].append(f"{bye_word} {bye_points}")
                team_total[team.name] += bye_points
            else:
                cells[team.name].append("–")
    rows = [
        [
            str(t.number),
            t.name,
            *cells[t.name],
            str(team_total[t.name]),
            decimal(halves(board_total[t.name]), language),
        ]
        for t in teams
    ]
    rounds = tuple(header(f"R{r.number}", language) for r in tournament.rounds)
    width = 2 + len(rounds)
    return Table(
        _p("Team crosstable"),
        (header("No.", language), _p("Team"), *rounds, _p("Team points"), _p("Board points")),
        [[decimal(c, language) for c in row] for row in rows],
        frozenset({0, width, width + 1}),
        frozenset({1}),
    )


def criteria_legend(criteria: tuple[str, ...], language: str = "en") -> str:
    """What each column of the team standings holds, in words: ``TEAMP: team points; …``."""
    _p = printing(language)
    words = {
        "TEAMP": _p("team points (2 a match won, 1 a match drawn)"),
        "SOST": _p("the sum of the opponents' team points"),
        "BDW": _p("board wins"),
        "MNR": _p("the mean rating of the first round's line-up"),
    }
    shown = []
    for criterion in criteria:
        if criterion in words:
            shown.append(f"{short(criterion)}: {words[criterion]}")
        elif criterion.startswith("BDW") and criterion.endswith("U"):
            boards = criterion[3:-1]
            words_of = (
                _p("board wins on board 1")
                if boards == "1"
                else _p("board wins on boards 1 to {boards}").format(boards=boards)
            )
            shown.append(f"{short(criterion)}: {words_of}")
    rounds = _p(
        "A round's cell: the opponent's place in this table, + won, = drawn, - lost, then the "
        "board points in brackets; 0: no match (a bye: + or = as its team points)."
    )
    return "; ".join(shown) + ". " + rounds


def crosstable_legend(language: str = "en") -> str:
    _p = printing(language)
    return _p(
        "A cell reads: the opponent's number, then the team points and the board points the "
        "team made in the match; … not played yet."
    )


def sides_of(tournament: Tournament, language: str) -> tuple[str, str]:
    """``White`` and ``Black`` (or the game's sides) in ``language``."""
    left, right = game_of(tournament.settings.game).sides
    return side(left, language), side(right, language)
