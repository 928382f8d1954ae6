"""The actions on a team tournament (``Tournament type`` teams): the next round's matches
(:func:`gosheet.core.teams.pairing.pair_teams`, the fixed matches honoured) written as blocks
of boards, the ``Team standings`` beside the individual ``Standings``, and what ``check`` tells
of the teams: an incomplete team in the next round, by its Teams sheet cell.

:mod:`gosheet.app.actions` hands a team tournament's ``pair``, ``standings`` and ``check`` here.
"""

from __future__ import annotations

from dataclasses import replace

from gosheet.app.messages import missing_results
from gosheet.app.outcomes import Paired
from gosheet.core.errors import ConsistencyError, InputError, Problem
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.teams.lineups import (
    NO_PLAYER,
    NOT_CONFIRMED,
    NOT_PLAYING,
    Incomplete,
    TeamsIncomplete,
    seated,
)
from gosheet.core.teams.pairing import TeamPairing, pair_teams
from gosheet.core.teams.standings import team_standings
from gosheet.i18n.catalog import N_, _, ngettext
from gosheet.workbook.port import BookPort
from gosheet.workbook.sheets import cell_name, round_number_of
from gosheet.workbook.sheets.reading import BookState, Sheets
from gosheet.workbook.sheets.standings import standings_sheet
from gosheet.workbook.sheets.team_rounds import team_round_sheet
from gosheet.workbook.sheets.team_standings import team_standings_sheet
from gosheet.workbook.sheets.teams import TEAMS


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
                sheet=TEAMS
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
    paired = tournament.with_round(Round(number, pairing.games, ()))
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
    if tournament.rounds:
        port.render(team_standings_sheet(tournament, team_standings(tournament), language))
