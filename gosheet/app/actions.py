"""What an organiser can do to a workbook, whatever opens it.

Each action reads the workbook through a :class:`~gosheet.workbook.port.BookPort` (the
``.xlsx`` file, Excel through xlwings, LibreOffice through the bridge), in the workbook's
language (:func:`~gosheet.workbook.sheets.language.localized`), runs the pure core, and writes
sheets back through the port, made in that language. An action that finds a problem raises before
writing anything.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from gosheet import parallel
from gosheet.app import naming
from gosheet.app.checkin import check_note, left_out_note, refuse_nobody_confirmed
from gosheet.app.messages import before_next_pair, fewer_groups_note, missing_results
from gosheet.app.outcomes import Checked, Paired, Renamed, Simulated, StandingsUpdated
from gosheet.core.errors import ConsistencyError, InputError
from gosheet.core.groups import assign_groups
from gosheet.core.hand import organisers_lines, pair_around
from gosheet.core.kinds import TournamentType
from gosheet.core.model import Player, Tournament
from gosheet.core.standings_table import placed_before
from gosheet.core.systems import system_of
from gosheet.i18n import words
from gosheet.i18n.catalog import _, ngettext
from gosheet.records import replace
from gosheet.workbook.port import BookPort, Grid, Grids
from gosheet.workbook.sheets import (
    OPENGOTHA,
    OPENGOTHA_HEADERS,
    PLAYERS,
    SETTINGS,
    TEAMS,
    cell_name,
    round_number_of,
)
from gosheet.workbook.sheets.language import InLanguage, localized
from gosheet.workbook.sheets.names import NameIndex, labels, name_key
from gosheet.workbook.sheets.players_reader import read_players
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.reading import BookState, ProblemList, Sheets, cell_text, copied
from gosheet.workbook.sheets.rounds import player_cells
from gosheet.workbook.sheets.settings_reader import read_settings

if TYPE_CHECKING:
    from gosheet.core.explain import Explanation

# What one action alone needs is imported inside it (the pairing of teams, the explanation,
# the simulation, the OpenGotha record's renaming): ``gosheet pair`` loads none of them. The
# round sheet's and the standings' writers are imported where they write: ``gosheet pair``
# imports them while its warm helper pairs (``gosheet.parallel.PAIR_AFTER``).


def is_team_tournament(tournament: Tournament) -> bool:
    """Whether the tournament's rounds are matches of teams (:mod:`gosheet.app.team_play`)."""
    return tournament.settings.tournament_type is TournamentType.TEAMS


def _normalise_results(book: BookPort, state: BookState) -> int:
    for sheet, cell, code in state.result_fixes:
        book.set_cell(sheet, cell, code)
    return len(state.result_fixes)


def _write_groups(book: BookPort, state: BookState, sheets: Sheets, grouped: Tournament) -> None:
    """Fill the Group column for players who had none: groups are fixed when a
    player is first paired; the organiser may still move a player by hand."""
    column = state.player_columns.get("Group")
    if column is None:
        head = state.header_row  # (a title may stand above it)
        column = len(sheets[PLAYERS][head])
        header = words.local("Group", sheets.language, words.PLAYERS)
        book.set_cell(PLAYERS, cell_name(head, column), header)
    for old, new in zip(state.tournament.players, grouped.players, strict=True):
        if old.group is None:
            book.set_cell(PLAYERS, cell_name(state.player_rows[new.number], column), new.group)


def _sheet_index_after_rounds(names: list[str]) -> int:
    rounds = [i for i, name in enumerate(names) if round_number_of(name) is not None]
    if rounds:
        return rounds[-1] + 1
    if PLAYERS in names:
        return names.index(PLAYERS) + 1
    return len(names)


def update_standings(book: BookPort) -> StandingsUpdated:
    """Recompute the Standings sheet from every round's results."""
    port = localized(book)
    state = read_book(port.grids())
    changed = _normalise_results(port, state)
    from gosheet.workbook.sheets.standings import standings_sheet

    port.render(standings_sheet(state.tournament, port.language))
    if is_team_tournament(state.tournament):  # and the teams'
        from gosheet.app import team_play

        team_play.write_team_standings(port, state.tournament, port.language)
    return StandingsUpdated(state.tournament, changed_results=changed)


def pair(book: BookPort, again: bool = False) -> Paired:
    """Pair the next round, write it as ``Round N``, and update the standings.

    ``again``: pair the last round anew (a player withdrew or arrived before
    play began) — only while none of its results is entered."""
    port = localized(book)
    grids = port.grids()
    state = read_book(grids)
    if is_team_tournament(state.tournament):  # matches of teams
        from gosheet.app import team_play

        changed = _normalise_results(port, state)
        return team_play.pair_team_round(port, grids, state, changed, again)
    settings = state.tournament.settings
    grouped = state.tournament
    index = None
    lines = None if again else organisers_lines(grouped)
    if again or lines is not None:  # the last round anew, or around the organiser's lines
        grouped, index = _without_last_round(grouped, list(grids))
    missing = [m for m in state.missing if m.round <= len(grouped.rounds)]
    if missing:
        raise ConsistencyError(missing_results(state, missing))
    refuse_nobody_confirmed(state, grouped, grids.language)
    proposed = None
    if settings.rounds is None:  # Swiss: round(1.3 · log2 N) now; round robin: N − 1 or N
        registered = sum(1 for p in grouped.players if p.plays_in(1))
        proposed = settings.rounds_for(registered)
        settings = replace(settings, rounds=proposed)
        grouped = replace(grouped, settings=settings)
    system = system_of(settings)
    notes = left_out_note(state, grouped, len(grouped.rounds) + 1)
    notes += tuple(state.units_out.get(len(grouped.rounds) + 1, ()))  # pair go, rengo
    if system.mcmahon_groups:
        notes += fewer_groups_note(settings.mcmahon_groups, grouped.players)
        grouped = replace(grouped, players=assign_groups(settings.mcmahon_groups, grouped.players))
    # (the placement of the rounds before, which the new one does not change: computed
    # while a warm helper pairs it, or when written)
    with parallel.ahead(partial(placed_before, grouped)) as placed:
        pairing = pair_around(grouped, system.pair, lines)
    paired = grouped.with_round(pairing.as_round())
    if system.mcmahon_groups:
        _write_groups(port, state, grids, grouped)
    if proposed is not None:
        port.set_cell(SETTINGS, cell_name(state.setting_rows["rounds"], 1), proposed)
    changed = _normalise_results(port, state)
    if index is None:
        index = _sheet_index_after_rounds(list(grids))
    from gosheet.workbook.sheets.standings import standings_sheet
    from gosheet.workbook.sheets.writer import round_sheet

    port.render(round_sheet(grouped, pairing, grids.language), index)
    port.render(standings_sheet(paired, grids.language, placed=placed.value()))
    return Paired(paired, pairing, changed, proposed_rounds=proposed, notes=tuple(notes))


def _without_last_round(tournament: Tournament, names: list[str]) -> tuple[Tournament, int]:
    """The tournament before its last round, and where that round's sheet stands."""
    if not tournament.rounds:
        raise ConsistencyError(_("no round is paired yet: there is nothing to pair again"))
    last = tournament.rounds[-1]
    entered = sum(1 for g in last.games if g.result is not None)
    if entered:
        raise ConsistencyError(
            ngettext(
                "Round {number} already has {count} result: a round with results is "
                "never paired again",
                "Round {number} already has {count} results: a round with results is "
                "never paired again",
                entered,
            ).format(number=last.number, count=entered)
        )
    sheet = next(i for i, name in enumerate(names) if round_number_of(name) == last.number)
    return replace(tournament, rounds=tournament.rounds[:-1]), sheet


def simulate(book: BookPort) -> Simulated:
    """Fill the last round's empty results from the players' strength."""
    port = localized(book)
    state = read_book(port.grids())
    tournament = state.tournament
    if not tournament.rounds:
        raise ConsistencyError(_("no round is paired yet: pair round 1 first"))
    last = tournament.rounds[-1]
    if any(not g.table for g in last.games):  # the organiser's own lines, not yet paired
        raise ConsistencyError(
            _(
                "Round {number} has games without a table number (your own pairs, which "
                "{pair} completes into the round): pair it first, then simulate"
            ).format(number=last.number, pair=naming.how("pair"))
        )
    from gosheet.core.simulate import simulate_round

    filled = simulate_round(tournament, last)
    changed = _normalise_results(port, state)
    count = 0
    for old, new in zip(last.games, filled.games, strict=True):
        if old.result is None and new.result is not None:
            sheet, cell = state.result_cells[(last.number, new.table)]
            port.set_cell(sheet, cell, new.result.value)
            count += 1
    tournament = replace(tournament, rounds=(*tournament.rounds[:-1], filled))
    from gosheet.workbook.sheets.standings import standings_sheet

    port.render(standings_sheet(tournament, port.language))
    if is_team_tournament(tournament):
        from gosheet.app import team_play

        team_play.write_team_standings(port, tournament, port.language)
    return Simulated(tournament, filled_results=count, changed_results=changed)


def explain(book: BookPort, round_number: int | None = None) -> Explanation:
    """Write the ``Explain`` sheet for a round (default: the last one paired);
    the tournament itself is not changed."""
    port = localized(book)
    sheets = port.grids()
    state = read_book(sheets)
    tournament = state.tournament
    if round_number is None and not tournament.rounds:
        raise ConsistencyError(_("no round is paired yet: pair round 1 first"))
    number = round_number if round_number is not None else len(tournament.rounds)
    if is_team_tournament(tournament):  # the matches, the teams as players
        from gosheet.app import team_play

        return team_play.explain_team_round(port, state, number, sheets.language)
    from gosheet.core.explain import explain_round
    from gosheet.workbook.sheets.writer import explain_sheet

    explanation = explain_round(tournament, number)
    port.render(explain_sheet(tournament, explanation, sheets.language))
    return explanation


def check(book: BookPort) -> Checked:
    """Read everything and raise :class:`InputError` on any problem; change nothing. The
    notes say what the next ``pair`` needs first (results still to enter, with their cells)
    and which values stand outside the tables, where gosheet does not read them."""
    state = read_book(localized(book).grids())
    t = state.tournament
    teams = is_team_tournament(t)  # (a team round leaves players out: no own lines)
    lines = None if teams else organisers_lines(t)
    rounds_left = len(t.rounds) - (lines is not None) < t.settings.rounds_for(len(t.players))
    notes = (*before_next_pair(state, rounds_left, lines), *check_note(state, t))
    notes += tuple(state.units_out.get(len(t.rounds) + 1, ()))  # pair go, rengo
    if teams and rounds_left:  # the next round's line-ups
        from gosheet.app import team_play

        problems = team_play.incomplete_teams(state, len(t.rounds) + 1)
        if problems:
            raise InputError(problems)
    return Checked(t, notes=tuple(notes))


def split_name(new: str, player: Player) -> tuple[str, str]:
    """The name and the first name of ``new``, the new full name of ``player``: split at a
    comma (``van der Berg, Jan``); else his name or first name kept when ``new`` keeps it;
    else as many last words for the first name as his first name had."""
    if "," in new:
        surname, first = (part.strip() for part in new.split(",", 1))
        return surname, first
    words = new.split()
    kept_first = player.first_name.split()
    kept_surname = player.surname.split()
    folded = [w.casefold() for w in words]
    if kept_first and folded[-len(kept_first) :] == [w.casefold() for w in kept_first]:
        cut = len(words) - len(kept_first)
    elif kept_surname and folded[: len(kept_surname)] == [w.casefold() for w in kept_surname]:
        cut = len(kept_surname)
    else:
        cut = len(words) - len(kept_first) if kept_first else len(words)
    if cut <= 0 or cut >= len(words):
        return " ".join(words), ""
    return " ".join(words[:cut]), " ".join(words[cut:])


def _round_names(grids: Grids) -> dict[str, list[tuple[int, int, str]]]:
    """The names in every round sheet's player columns, by sheet (and in the Teams sheet's
    boards and reserves)."""
    found = {name: player_cells(grid) for name, grid in grids.items() if round_number_of(name)}
    if TEAMS in grids:
        from gosheet.workbook.sheets.teams import team_player_cells

        found[TEAMS] = team_player_cells(grids[TEAMS])
    return found


def rename(book: BookPort, old: str, new: str) -> Renamed:
    """Rename a player everywhere: his Name and First name in Players, his name in every
    round sheet (and the OpenGotha sheet's rows), then the Standings.

    ``old`` may also be a name left in the round sheets after the player was renamed in
    Players by hand: the round sheets then take the name of ``new``, a player of Players.
    Refused (nothing written): an ``old`` that is no one's (the closest names are given),
    a ``new`` already another player's, a workbook with problems."""
    port = localized(book)
    grids = port.grids()
    rounds = _round_names(grids)
    settings, _rows = read_settings(grids.get(SETTINGS), ProblemList(grids.shown))
    if settings.tournament_type.plays_as_units:  # pair go, rengo: a unit's name, perhaps
        from gosheet.app.unit_rename import unit_changes

        of_unit = unit_changes(grids, rounds, old, new, settings)
        if of_unit is not None:
            return _renamed(port, grids, *of_unit)
    roster = read_players(grids.get(PLAYERS), ProblemList(grids.shown), needs_strength=False)
    players = roster.tournament.players
    index = NameIndex(players)
    found, target = index.find(old), index.find(new.replace(",", " "))
    changes: list[tuple[str, int, int, str]] = []  # sheet, row, column, value
    if isinstance(found, list) or isinstance(target, list):
        shown = old if isinstance(found, list) else new
        which = _(" or ").join(f"'{index.labels[n]}'" for n in index.by_key[name_key(shown)])
        raise ConsistencyError(
            _("'{name}' is more than one player: write {which}").format(name=shown, which=which)
        )
    if found is None:
        typed = [name_key(text) for cells in rounds.values() for *_, text in cells]
        in_rounds = name_key(old) in typed
        if not in_rounds or target is None:
            near = index.closest(old)
            if near:
                closest = ", ".join(repr(n) for n in near)
                raise ConsistencyError(
                    _(
                        "'{name}' is not a player of the Players sheet; the closest: {closest}"
                    ).format(name=old, closest=closest)
                )
            raise ConsistencyError(
                _("'{name}' is not a player of the Players sheet").format(name=old)
            )
        number, label = target, index.labels[target]  # Players renamed by hand already
        hit = {name_key(old)}
        renamed = players
    else:
        if target is not None and target != found:
            raise ConsistencyError(
                _(
                    "'{name}' is already a player of the Players sheet (row {row}): choose "
                    "another name"
                ).format(name=new, row=roster.player_rows[target] + 1)
            )
        number, player = found, next(p for p in players if p.number == found)
        surname, first = split_name(new, player)
        row, columns = roster.player_rows[number], roster.player_columns
        if "First name" in columns:
            changes += [(PLAYERS, row, columns["Name"], surname)]
            changes += [(PLAYERS, row, columns["First name"], first)]
        else:
            changes += [(PLAYERS, row, columns["Name"], f"{surname} {first}".strip())]
        renamed = tuple(
            replace(p, surname=surname, first_name=first) if p.number == number else p
            for p in players
        )
        label = labels(renamed)[number]
        hit = {key for key, numbers in index.by_key.items() if numbers == [number]}
    cells = [
        (sheet, r, c, label)
        for sheet, names in rounds.items()
        for r, c, text in names
        if name_key(text) in hit and text != label
    ]
    changes += cells
    full = next(p.name for p in renamed if p.number == number)
    changes += [
        (OPENGOTHA, r, c, full)
        for r, c, text in opengotha_player_keys(grids.get(OPENGOTHA, []))
        if name_key(text) in hit | {name_key(old)}
    ]
    # the players the import recorded as left unpaired (gosheet's record: the round sheets' names)
    from gosheet.workbook.sheets.imported_rounds import renamed_in_record

    changes += [
        (OPENGOTHA, r, c, value)
        for r, c, value in renamed_in_record(grids.get(OPENGOTHA), hit | {name_key(old)}, label)
    ]
    return _renamed(port, grids, changes, cells)


def _renamed(
    port: InLanguage,
    grids: Sheets,
    changes: list[tuple[str, int, int, str]],
    cells: list[tuple[str, int, int, str]],
) -> Renamed:
    """Make ``changes`` (sheet, row, column, value; ``cells``: those of the round sheets),
    refused with every problem if the workbook would then have any; the Standings anew."""
    changed = copied(grids)
    for sheet, r, c, value in changes:
        changed[sheet][r][c] = value
    state = read_book(changed)  # refuses a workbook with problems: nothing written yet
    if state.members:  # pair go, rengo: a unit's name in the round sheets names its players
        from gosheet.workbook.sheets.units_reader import unit_labels

        relabelled = unit_labels(_round_names(changed), state)
        changes, cells = [*changes, *relabelled], [*cells, *relabelled]
    for sheet, r, c, value in changes:
        port.set_cell(sheet, cell_name(r, c), value)
    from gosheet.workbook.sheets.standings import standings_sheet

    port.render(standings_sheet(state.tournament, port.language))
    return Renamed(state.tournament, cells=len(cells))


def opengotha_player_keys(grid: Grid) -> list[tuple[int, int, str]]:
    """The OpenGotha sheet's player rows: (0-based row, column of the Key, the name)."""
    if not grid:
        return []
    headers = [cell_text(h).casefold() for h in grid[0]]
    section, key = (OPENGOTHA_HEADERS[i].casefold() for i in (0, 1))
    if section not in headers or key not in headers:
        return []
    s, k = headers.index(section), headers.index(key)
    return [
        (r, k, cell_text(row[k]))
        for r, row in enumerate(grid)
        if r and len(row) > max(s, k) and cell_text(row[s]).casefold() == "player"
    ]
