"""The actions on a team tournament (``Tournament type`` teams): the next round's matches
(:func:`gosheet.core.teams.pairing.pair_teams`, the fixed matches honoured) written as blocks
of boards, the ``Team standings`` beside the individual ``Standings``, and what ``check`` tells
of the teams: an incomplete team in the next round, by its Teams sheet cell.

:mod:`gosheet.app.actions` hands a team tournament's ``pair``, ``standings`` and ``check`` here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gosheet.app.messages import missing_results
from gosheet.app.outcomes import Paired
from gosheet.core.errors import ConsistencyError, InputError, Problem
from gosheet.core.explain import ExplainedGame, Explanation
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Player, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.teams.lineups import (
    NO_PLAYER,
    NOT_CONFIRMED,
    NOT_PLAYING,
    Incomplete,
    TeamsIncomplete,
    seated,
)
from gosheet.core.teams.matches import matches_in, team_bye
from gosheet.core.teams.model import Team
from gosheet.i18n import words
from gosheet.i18n.catalog import N_, _, current, ngettext
from gosheet.records import replace
from gosheet.workbook.port import BookPort
from gosheet.workbook.sheets import cell_name, round_number_of
from gosheet.workbook.sheets.reading import BookState, Sheets
from gosheet.workbook.sheets.standings import standings_sheet
from gosheet.workbook.sheets.teams import TEAMS
from gosheet.workbook.sheets.writer import explain_sheet

if TYPE_CHECKING:  # the pairing of teams and their standings: loaded for a team tournament
    from gosheet.core.teams.pairing import TeamPairing


def is_team_tournament(tournament: Tournament) -> bool:
    return tournament.settings.tournament_type is TournamentType.TEAMS


WHY = {
    NO_PLAYER: N_("no player"),
    NOT_PLAYING: N_("its player does not play this round"),
    NOT_CONFIRMED: N_("its player is not confirmed"),
}


def why_said(why: str) -> str:
    """Why a board has nobody, in the language of the moment."""
    return _(WHY[why]) if why in WHY else why


def incomplete_problems(state: BookState, holes: tuple[Incomplete, ...]) -> list[Problem]:
    """Each hole of a line-up as a problem of the Teams sheet, at the cell of the board."""
    problems = []
    teams = {team.name: team for team in state.tournament.teams}
    for hole in holes:
        team = teams.get(hole.team)
        start = team.lineup_in(hole.round_number).from_round if team is not None else 0
        cell = state.team_cells.get((hole.team, start, hole.board), "")
        who = state.labels.get(hole.player, "") if hole.player is not None else ""
        unconfirmed = state.unconfirmed | set(state.preliminary)
        if hole.why == NOT_PLAYING and hole.player in unconfirmed:  # (not confirmed: said so)
            hole = replace(hole, why=NOT_CONFIRMED)
        message = _(
            "team '{team}', board {board}, round {round}: {why} — name a reserve in the "
            "team's row, or type a line-up for that round"
        ).format(team=hole.team, board=hole.board, round=hole.round_number, why=why_said(hole.why))
        problems.append(Problem(state.shown.get(TEAMS, TEAMS), cell, who or None, message))
    return problems


def incomplete_teams(state: BookState, round_number: int) -> list[Problem]:
    """The teams that cannot sit every board in ``round_number``, by their cells."""
    holes: list[Incomplete] = []
    for team in state.tournament.teams:
        try:
            seated(state.tournament, team, round_number)
        except TeamsIncomplete as error:
            holes += error.incomplete
    return incomplete_problems(state, tuple(holes))


def refuse_no_teams(tournament: Tournament) -> None:
    if len(tournament.teams) < 2:
        raise ConsistencyError(
            _("a team tournament needs at least two teams in the '{sheet}' sheet").format(
                sheet=words.local(TEAMS, current(), words.SHEETS)
            )
        )


def match_notes(pairing: TeamPairing, bye_points: int) -> tuple[str, ...]:
    """A line a match (its tables, the white team first), and the team without a match."""
    notes = []
    for n, match in enumerate(pairing.matches, start=1):
        tables = [board.game.table for board in match.boards]
        notes.append(
            _("Match {number} (tables {first}–{last}): {white} – {black}").format(
                number=n,
                first=min(tables),
                last=max(tables),
                white=match.first.name,
                black=match.second.name,
            )
        )
    if pairing.bye is not None:
        notes.append(
            ngettext(
                "Without a match: {team} ({points} team point).",
                "Without a match: {team} ({points} team points).",
                bye_points,
            ).format(team=pairing.bye.name, points=bye_points)
        )
    return tuple(notes)


def sheet_index(names: list[str]) -> int:
    rounds = [i for i, name in enumerate(names) if round_number_of(name) is not None]
    return rounds[-1] + 1 if rounds else len(names)


def without_last_round(tournament: Tournament) -> Tournament:
    """The tournament before its last round, to pair it again: refused once a result of it
    is entered."""
    if not tournament.rounds:
        raise ConsistencyError(_("no round is paired yet: there is nothing to pair again"))
    last = tournament.rounds[-1]
    if any(g.result is not None for g in last.games):
        raise ConsistencyError(
            _(
                "Round {number} already has results: a round with results is never paired again"
            ).format(number=last.number)
        )
    return replace(tournament, rounds=tournament.rounds[:-1])


def pair_team_round(
    port: BookPort, grids: Sheets, state: BookState, changed: int, again: bool = False
) -> Paired:
    """Pair the next round of a team tournament (``again``: the last one anew) and write it,
    the Standings and the Team standings; an incomplete team raises :class:`InputError`
    naming its Teams sheet cells, nothing written. ``changed``: results rewritten in the
    standard form already."""
    from gosheet.core.teams.pairing import pair_teams
    from gosheet.core.teams.standings import team_standings
    from gosheet.workbook.sheets.team_rounds import team_round_sheet
    from gosheet.workbook.sheets.team_standings import team_standings_sheet

    tournament = without_last_round(state.tournament) if again else state.tournament
    refuse_no_teams(tournament)
    missing = [m for m in state.missing if m.round <= len(tournament.rounds)]
    if missing:
        raise ConsistencyError(missing_results(state, missing))
    number = len(tournament.rounds) + 1
    problems = incomplete_teams(state, number)
    if problems:
        raise InputError(problems)
    proposed = None
    settings = tournament.settings
    if settings.rounds is None:
        proposed = settings.rounds_for(len(tournament.teams))
        tournament = replace(tournament, settings=replace(settings, rounds=proposed))
    try:
        pairing = pair_teams(tournament)
    except TeamsIncomplete as error:
        raise InputError(incomplete_problems(state, error.incomplete)) from None
    paired = tournament.with_round(pairing.as_round())
    language = grids.language
    if proposed is not None:
        port.set_cell("Settings", cell_name(state.setting_rows["rounds"], 1), proposed)
    names = list(grids)
    index = sheet_index(names)
    if again:  # where the round's sheet stands
        index = next(i for i, name in enumerate(names) if round_number_of(name) == number)
    port.render(team_round_sheet(paired, number, pairing.matches, pairing.bye, language), index)
    port.render(standings_sheet(paired, language))
    port.render(team_standings_sheet(paired, team_standings(paired), language))
    notes = match_notes(pairing, settings.team_bye_points)
    return Paired(
        paired, Pairing(number, pairing.games, ()), changed, proposed_rounds=proposed, notes=notes
    )


def write_team_standings(port: BookPort, tournament: Tournament, language: str) -> None:
    """The Team standings sheet after the last round (none before round 1)."""
    from gosheet.core.teams.standings import team_standings
    from gosheet.workbook.sheets.team_standings import team_standings_sheet

    if tournament.rounds:
        port.render(team_standings_sheet(tournament, team_standings(tournament), language))


def explain_teams(tournament: Tournament, number: int) -> Explanation:
    """Why round ``number``'s matches were made so: each match (its board-1 table, the white
    team, the black team) under every criterion of the pairing of teams
    (:func:`~gosheet.core.teams.pairing.weigh_teams` before that round), and whether the
    teams are paired the same way now. The teams stand as players: a team's number for his."""
    from gosheet.core.teams.pairing import pair_teams, weigh_teams

    if not 1 <= number <= len(tournament.rounds):
        raise ConsistencyError(
            _("round {number} is not paired (rounds paired: 1 to {last})").format(
                number=number, last=len(tournament.rounds)
            )
        )
    before = replace(tournament, rounds=tournament.rounds[: number - 1])
    weighing = weigh_teams(before)
    weights = weighing.weights

    def values(first: Team, second: Team) -> tuple[int, ...] | None:
        return weighing.of(first.number, second.number)

    recorded = matches_in(tournament, number)
    games = tuple(
        ExplainedGame(
            m.table,
            m.first.number,
            m.second.number,
            v := values(m.first, m.second),
            weights.pack(v) if v is not None else None,
        )
        for m in recorded
    )
    now = pair_teams(before).matches
    same = {frozenset(m.teams) for m in recorded} == {frozenset(m.teams) for m in now}
    found = [g.values for g in games]
    best = [values(m.first, m.second) for m in now]

    def total(pairs: list[tuple[int, ...] | None]) -> int | None:
        known = [v for v in pairs if v is not None]
        return sum(weights.pack(v) for v in known) if len(known) == len(pairs) else None

    def totals(pairs: list[tuple[int, ...] | None]) -> tuple[int, ...] | None:
        known = [v for v in pairs if v is not None]
        if len(known) != len(pairs):
            return None
        return tuple(sum(v[k] for v in known) for k in range(len(weights.criteria)))

    bye = team_bye(tournament, number)
    return Explanation(
        number,
        "teams",
        weights.criteria,
        games,
        (bye.number,) if bye is not None else (),
        same,
        total(found),
        total(best),
        totals=totals(found),
        totals_now=totals(best),
    )


def explain_team_round(port: BookPort, state: BookState, number: int, language: str) -> Explanation:
    """Write the Explain sheet of a team round (the teams as its players)."""
    tournament = state.tournament
    explanation = explain_teams(tournament, number)
    port.render(explain_sheet(teams_as_players(tournament), explanation, language))
    return explanation


def teams_as_players(tournament: Tournament) -> Tournament:
    """A team tournament whose players are its teams (a team's number for his, its name for
    his): how an explained round of teams names its sides."""
    if not is_team_tournament(tournament):
        return tournament
    teams = tuple(Player(t.number, t.name) for t in tournament.teams)
    return replace(tournament, players=teams)


def team_standings_lines(tournament: Tournament, shown: int = 10) -> list[str]:
    """The top of the team standings, as the terminal shows it: place, team and OpenGotha's
    short criteria (``TP``, ``BDW``, ``B3U`` …), the first ``shown`` teams."""
    from gosheet.core.teams.standings import CRITERION_SHORT, criterion_text, team_standings

    if not is_team_tournament(tournament) or not tournament.rounds:
        return []
    standings = team_standings(tournament)
    heads = [CRITERION_SHORT[c] for c in standings.criteria]
    cells = [
        [
            str(row.place or ""),
            row.team.name,
            *(criterion_text(c, v) for c, v in zip(standings.criteria, row.values, strict=True)),
        ]
        for row in standings.rows[:shown]
    ]
    table = [[_("Place"), _("Team"), *heads], *cells]
    widths = [max(len(r[k]) for r in table) for k in range(len(table[0]))]
    lines = [
        ngettext(
            "Team standings after round {number} ({count} team):",
            "Team standings after round {number} ({count} teams):",
            len(standings.rows),
        ).format(number=standings.after_round, count=len(standings.rows))
    ]
    for row in table:
        text = [row[0].rjust(widths[0]), row[1].ljust(widths[1])]
        text += [value.rjust(width) for value, width in zip(row[2:], widths[2:], strict=True)]
        lines.append("  " + "  ".join(text).rstrip())
    return lines
