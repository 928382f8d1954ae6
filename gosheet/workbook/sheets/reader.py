"""Read a tournament from a workbook's cell values, every sheet by its reader
(:mod:`.settings_reader`, :mod:`.players_reader`, :mod:`.rounds`, :mod:`.keep_apart`),
collecting every problem.

The input is a mapping of sheet name → rows of cell values (as any adapter can
produce them); the output is a :class:`BookState`: the tournament plus where
things are in the workbook, so that an adapter can write back in place.
"""

from __future__ import annotations

from collections.abc import Mapping

from gosheet.collector import paused
from gosheet.core.errors import InputError
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Round, Tournament, Unit
from gosheet.core.settings_fields import MAX_ROUNDS
from gosheet.core.systems import system_of
from gosheet.core.teams.model import FixedMatch, Team
from gosheet.i18n import words
from gosheet.i18n.catalog import _
from gosheet.i18n.words import local
from gosheet.records import replace
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import (
    OPENGOTHA,
    PLAYERS,
    SETTINGS,
    TEAMS,
    round_number_of,
    round_sheet_name,
)
from gosheet.workbook.sheets.fixed_matches import FIXED_MATCHES, read_fixed_matches
from gosheet.workbook.sheets.imported_rounds import read_record
from gosheet.workbook.sheets.keep_apart import KEEP_APART, read_keep_apart
from gosheet.workbook.sheets.language import canonical_sheets
from gosheet.workbook.sheets.lost_players import left_out, not_assigned
from gosheet.workbook.sheets.names import NameIndex
from gosheet.workbook.sheets.players_reader import not_confirmed, read_players
from gosheet.workbook.sheets.reading import BookState, ProblemList
from gosheet.workbook.sheets.round_look_alikes import look_alikes
from gosheet.workbook.sheets.rounds import read_round
from gosheet.workbook.sheets.settings_reader import read_settings


def read_book(sheets: Mapping[str, Rows]) -> BookState:
    """Read the whole tournament; raise :class:`InputError` listing every problem.

    The workbook may be in any language
    (:func:`~gosheet.workbook.sheets.language.canonical_sheets`); the problems name its sheets
    as they are named there."""
    with paused():
        return _read_book(sheets)


def _read_book(sheets: Mapping[str, Rows]) -> BookState:
    sheets = canonical_sheets(sheets)
    problems = ProblemList(sheets.shown)
    settings, setting_rows = read_settings(sheets.get(SETTINGS), problems)
    system = system_of(settings)
    needs_strength = system.needs_strength
    og_rounds = None
    if system.opengotha:
        og_rounds = settings.rounds if settings.rounds is not None else MAX_ROUNDS
    units = settings.tournament_type.plays_as_units  # pair go, rengo: units play
    state = read_players(sheets.get(PLAYERS), problems, needs_strength, og_rounds, units)
    formed, index_of = True, NameIndex
    if units:  # (pair go and rengo alone)
        from gosheet.workbook.sheets.units_reader import UnitIndex, read_units

        formed, index_of = read_units(state, problems, settings), UnitIndex
    columns = state.player_columns
    roster_readable = (
        formed
        and "Name" in columns
        and (not needs_strength or "Rank" in columns or "Rating" in columns)
    )
    index = index_of(state.tournament.players)
    numbered = sorted((n, name) for name in sheets if (n := round_number_of(name)) is not None)
    rounds: list[Round] = []
    round_sheets: dict[int, str] = {}  # each round's sheet, as the workbook names it
    found: dict[str, int] = {}  # each name cell's player: a name comes back in every round
    for expected, (number, name) in enumerate(numbered, start=1):
        if number != expected:
            missing = round_sheet_name(expected)
            problems.add(
                name,
                -1,
                0,
                None,
                _("rounds must follow each other: '{sheet}' is missing").format(
                    sheet=local(missing, sheets.language, words.SHEETS)
                ),
            )
            break
        if roster_readable:  # else every name would be reported as unknown
            shown = round_sheets[number] = sheets.shown.get(name, name)
            rounds.append(
                read_round(
                    shown, number, sheets[name], index, problems, state, found, sheets.language
                )
            )
    problems.problems += look_alikes(sheets)  # a round under another name
    if settings.rounds is not None and len(numbered) > settings.rounds:
        row = setting_rows.get("rounds", -1)
        problems.add(
            SETTINGS,
            row,
            1,
            settings.rounds,
            _("'Rounds' is less than the {count} round sheets of the workbook").format(
                count=len(numbered)
            ),
        )
    apart = read_keep_apart(sheets.get(KEEP_APART), index, problems) if roster_readable else ()
    teams: tuple[Team, ...] = ()
    fixed: tuple[FixedMatch, ...] = ()
    if settings.tournament_type is TournamentType.TEAMS and roster_readable:
        from gosheet.workbook.sheets.teams import read_teams  # (a team tournament's alone)

        size = settings.team_size
        teams = read_teams(sheets.get(TEAMS), index, size, problems, state.team_cells)
        fixed = read_fixed_matches(sheets.get(FIXED_MATCHES), teams, problems)
    state.tournament = not_confirmed(state, rounds, settings.rounds or MAX_ROUNDS)
    if not problems.problems:  # a player in no line of a round: a game's row deleted?
        played = Tournament(settings, state.tournament.players, tuple(rounds))
        if teams:  # players at no board of a team that plays: rightly in no line
            from gosheet.workbook.sheets.teams import seated_only

            played = seated_only(replace(played, teams=teams))
        told = not_assigned if system.opengotha else None
        imported = system.opengotha and OPENGOTHA in sheets  # (its tables may have gaps)
        record = read_record(sheets.get(OPENGOTHA)) if imported else None
        recorded = {  # each round as imported: its games, the players it left unpaired
            number: (
                kept.games,
                {p for name in kept.unpaired if isinstance(p := index.find(name), int)},
            )
            for number, kept in (record or {}).items()
        }
        gone, lost = left_out(
            played,
            round_sheets,
            index.labels,
            told,
            by_tables=not imported or record is not None,  # (imported before the record)
            recorded=recorded,
        )
        problems.problems += gone  # a table missing and players in no line: a row deleted
        if system.opengotha:  # OpenGotha's "not assigned", which its files hold: told
            state.unassigned = lost
        else:
            problems.problems += lost
    if problems.problems:
        raise InputError(problems.problems)
    formed_units = tuple(Unit(number, members) for number, members in state.members.items())
    state.tournament = Tournament(
        settings, state.tournament.players, tuple(rounds), apart, teams, fixed, formed_units
    )
    state.setting_rows = setting_rows
    state.shown = dict(sheets.shown)
    state.labels = dict(index.labels)  # labels(state.tournament.players), made once
    return state
