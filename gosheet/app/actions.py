"""What an organiser can do to a workbook, whatever opens it.

Each action reads the workbook through a :class:`BookPort` (the ``.xlsx`` file
adapter today; xlwings and LibreOffice adapters implement the same three
methods), runs the pure core, and writes sheets back through the port. An
action that finds a problem raises before writing anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Protocol

from gosheet.core.errors import ConsistencyError
from gosheet.core.explain import Explanation, explain_round
from gosheet.core.groups import assign_groups
from gosheet.core.model import Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.settings import proposed_rounds
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import system_of
from gosheet.workbook.reader import BookState, read_book
from gosheet.workbook.sheets import PLAYERS, SETTINGS, SheetData, cell_name, round_number_of
from gosheet.workbook.standings import standings_sheet
from gosheet.workbook.writer import explain_sheet, round_sheet


class BookPort(Protocol):
    """The three things an action needs from an open workbook."""

    def grids(self) -> dict[str, list[list[Any]]]: ...

    def render(self, data: SheetData, index: int | None = None) -> object: ...

    def set_cell(self, sheet: str, cell: str, value: Any) -> None: ...


@dataclass(frozen=True)
class Done:
    """What an action did, for the caller to report."""

    tournament: Tournament
    pairing: Pairing | None = None
    changed_results: int = 0  # results rewritten in the standard form
    filled_results: int = 0  # empty results filled by a simulation
    proposed_rounds: int | None = None  # Swiss: rounds proposed at the first pairing


def _normalise_results(book: BookPort, state: BookState) -> int:
    for sheet, cell, code in state.result_fixes:
        book.set_cell(sheet, cell, code)
    return len(state.result_fixes)


def _write_groups(
    book: BookPort, state: BookState, grids: dict[str, list[list[Any]]], grouped: Tournament
) -> None:
    """Fill the Group column for players who had none: groups are fixed when a
    player is first paired; the organiser may still move a player by hand."""
    column = state.player_columns.get("Group")
    if column is None:
        column = len(grids[PLAYERS][0])
        book.set_cell(PLAYERS, cell_name(0, column), "Group")
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


def update_standings(book: BookPort) -> Done:
    """Recompute the Standings sheet from every round's results."""
    state = read_book(book.grids())
    changed = _normalise_results(book, state)
    book.render(standings_sheet(state.tournament))
    return Done(state.tournament, changed_results=changed)


def pair(book: BookPort, again: bool = False) -> Done:
    """Pair the next round, write it as ``Round N``, and update the standings.

    ``again``: pair the last round anew (a player withdrew or arrived before
    play began) — only while none of its results is entered."""
    grids = book.grids()
    state = read_book(grids)
    settings = state.tournament.settings
    grouped = state.tournament
    index = None
    if again:
        grouped, index = _without_last_round(grouped, list(grids))
    proposed = None
    if settings.rounds is None:  # Swiss: propose round(1.3 · log2 N) now
        registered = sum(1 for p in grouped.players if p.plays_in(1))
        proposed = proposed_rounds(registered)
        settings = replace(settings, rounds=proposed)
        grouped = replace(grouped, settings=settings)
    system = system_of(settings)
    if system.mcmahon_groups:
        grouped = replace(grouped, players=assign_groups(settings.mcmahon_groups, grouped.players))
    pairing = system.pair(grouped)
    paired = grouped.with_round(pairing.as_round())
    if system.mcmahon_groups:
        _write_groups(book, state, grids, grouped)
    if proposed is not None:
        book.set_cell(SETTINGS, cell_name(state.setting_rows["rounds"], 1), proposed)
    changed = _normalise_results(book, state)
    if index is None:
        index = _sheet_index_after_rounds(list(grids))
    book.render(round_sheet(grouped, pairing), index)
    book.render(standings_sheet(paired))
    return Done(paired, pairing, changed, proposed_rounds=proposed)


def _without_last_round(tournament: Tournament, names: list[str]) -> tuple[Tournament, int]:
    """The tournament before its last round, and where that round's sheet stands."""
    if not tournament.rounds:
        raise ConsistencyError("no round is paired yet: there is nothing to pair again")
    last = tournament.rounds[-1]
    entered = sum(1 for g in last.games if g.result is not None)
    if entered:
        raise ConsistencyError(
            f"Round {last.number} already has {entered} result(s): a round with results is "
            "never paired again"
        )
    sheet = next(i for i, name in enumerate(names) if round_number_of(name) == last.number)
    return replace(tournament, rounds=tournament.rounds[:-1]), sheet


def simulate(book: BookPort) -> Done:
    """Fill the last round's empty results from the players' strength."""
    state = read_book(book.grids())
    tournament = state.tournament
    if not tournament.rounds:
        raise ConsistencyError("no round is paired yet: pair round 1 first")
    last = tournament.rounds[-1]
    filled = simulate_round(tournament, last)
    changed = _normalise_results(book, state)
    count = 0
    for old, new in zip(last.games, filled.games, strict=True):
        if old.result is None and new.result is not None:
            sheet, cell = state.result_cells[(last.number, new.table)]
            book.set_cell(sheet, cell, new.result.value)
            count += 1
    tournament = replace(tournament, rounds=(*tournament.rounds[:-1], filled))
    book.render(standings_sheet(tournament))
    return Done(tournament, changed_results=changed, filled_results=count)


def explain(book: BookPort, round_number: int | None = None) -> Explanation:
    """Write the ``Explain`` sheet for a round (default: the last one paired);
    the tournament itself is not changed."""
    state = read_book(book.grids())
    tournament = state.tournament
    if round_number is None and not tournament.rounds:
        raise ConsistencyError("no round is paired yet: pair round 1 first")
    number = round_number if round_number is not None else len(tournament.rounds)
    explanation = explain_round(tournament, number)
    book.render(explain_sheet(tournament, explanation))
    return explanation


def check(book: BookPort) -> Done:
    """Read everything and raise :class:`InputError` on any problem; change nothing."""
    return Done(read_book(book.grids()).tournament)


Action = Callable[[BookPort], Done | Explanation]
# The actions the office suites' buttons and the bridge offer, by the name they call.
ACTIONS: dict[str, Action] = {
    "pair": pair,
    "standings": update_standings,
    "check": check,
    "simulate": simulate,
    "explain": explain,
}
