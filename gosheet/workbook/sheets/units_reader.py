"""Pair go and rengo in the Players sheet: each player's unit (the ``Pair`` or ``Team`` column)
and, for mixed pairs, his sex (``Sex``) — the players read become the units that play
(:func:`gosheet.core.units.form_units`), every problem told at its cell."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from gosheet.core.kinds import TournamentType
from gosheet.core.model import Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.units import UnitProblem, form_units
from gosheet.i18n import words
from gosheet.i18n.catalog import _, ngettext
from gosheet.workbook.sheets import PLAYERS, cell_name
from gosheet.workbook.sheets.names import NameIndex, name_key
from gosheet.workbook.sheets.players_reader import sex_of
from gosheet.workbook.sheets.reading import BookState, ProblemList


def unit_size(settings: Settings) -> int:
    """A unit's players: a pair's 2, a rengo team's ``Team size``."""
    return 2 if settings.tournament_type is TournamentType.PAIR_GO else settings.team_size


def unit_header(settings: Settings) -> str:
    """The column that names a player's unit: ``Pair`` (pair go) or ``Team`` (rengo)."""
    return "Pair" if settings.tournament_type is TournamentType.PAIR_GO else "Team"


def _said(problem: UnitProblem, settings: Settings) -> str:
    pairs = settings.tournament_type is TournamentType.PAIR_GO
    size = unit_size(settings)
    if problem.kind == "no unit":
        column = words.local(unit_header(settings), settings.language, words.PLAYERS)
        if pairs:
            return _(
                "in no pair: in pair go each player names his pair in the '{column}' column"
            ).format(column=column)
        return _("in no team: in rengo each player names his team in the '{column}' column").format(
            column=column
        )
    if problem.kind in ("alone", "too many"):
        if pairs:
            return ngettext(
                "the pair '{unit}' has {count} player: a pair has 2",
                "the pair '{unit}' has {count} players: a pair has 2",
                problem.count,
            ).format(unit=problem.unit, count=problem.count)
        return ngettext(
            "the team '{unit}' has {count} player: a rengo team has {size} (Team size)",
            "the team '{unit}' has {count} players: a rengo team has {size} (Team size)",
            problem.count,
        ).format(unit=problem.unit, count=problem.count, size=size)
    if problem.kind == "no sex":
        return _("no sex given (m or f): 'Mixed pairs' is yes, each pair a man and a woman")
    return _("the pair '{unit}' is not a man and a woman, as 'Mixed pairs' wants").format(
        unit=problem.unit
    )


def _column(state: BookState, problem: UnitProblem, settings: Settings) -> int:
    columns = state.player_columns
    keys: tuple[str, ...] = ("Sex",) if problem.kind in ("no sex", "not mixed") else ()
    keys += (unit_header(settings), "Pair", "Team", "Name")
    return next(columns[k] for k in keys if k in columns)


def read_units(state: BookState, problems: ProblemList, settings: Settings) -> bool:
    """Make the units of ``state``'s players its tournament's players (pair go and rengo):
    each unit's row is its first player's; its players are kept in ``state.members``. Every
    problem told at its cell; False when the units could not be made (the round sheets, which
    name units, are not read then: each name would be told unknown)."""
    columns = state.player_columns
    players = state.tournament.players
    if not players and "Name" not in columns:
        return True  # (the roster itself could not be read: told)
    header = unit_header(settings)
    if "Pair" not in columns and "Team" not in columns:
        head = words.local(header, settings.language, words.PLAYERS)
        problems.add(
            PLAYERS,
            state.header_row,
            0,
            None,
            _(
                "no '{column}' column in the header row: a {type} tournament names each player's "
                "pair or team there"
            ).format(column=head, type=settings.tournament_type),
        )
        return False
    mixed = settings.mixed_pairs and settings.tournament_type is TournamentType.PAIR_GO
    if mixed and "Sex" not in columns:
        head = words.local("Sex", settings.language, words.PLAYERS)
        problems.add(
            PLAYERS,
            state.header_row,
            0,
            None,
            _("no '{column}' column in the header row: 'Mixed pairs' is yes").format(column=head),
        )
        return False
    sexes = {number: sex_of(typed) for number, typed in state.sex_of.items()}
    formed = form_units(players, state.unit_of, unit_size(settings), sexes if mixed else None)
    sheet = problems.shown.get(PLAYERS, PLAYERS)
    told = {(p.sheet, p.cell) for p in problems.problems}  # (a Sex cell refused: told once)
    for problem in formed.problems:
        row = state.player_rows[problem.player]
        column = _column(state, problem, settings)
        if (sheet, cell_name(row, column)) in told:
            continue
        on_sex = column == columns.get("Sex")
        value = state.sex_of.get(problem.player) if on_sex else problem.unit or None
        problems.add(PLAYERS, row, column, value, _said(problem, settings))
    if formed.problems:
        return False
    by_number = {p.number: p for p in players}
    state.member_rows = dict(state.player_rows)
    state.members = {
        unit: tuple(by_number[m] for m in members) for unit, members in formed.members.items()
    }
    state.player_rows = {unit: state.member_rows[m[0]] for unit, m in formed.members.items()}
    unit_of = {m: unit for unit, members in formed.members.items() for m in members}
    state.unconfirmed = {unit_of[m] for m in state.unconfirmed}
    preliminary: dict[int, frozenset[int]] = {}
    for member, rounds in state.preliminary.items():
        unit = unit_of[member]
        preliminary[unit] = preliminary.get(unit, frozenset()) | rounds
    state.preliminary = preliminary
    state.tournament = Tournament(players=formed.players)
    for unit, round_number, out in formed.partly_out:
        names = ", ".join(by_number[m].name for m in out)
        said = _("'{unit}' does not play round {round}: not playing it: {names}").format(
            unit=formed.players[unit - 1].surname, round=round_number, names=names
        )
        state.units_out.setdefault(round_number, []).append(said)
    return True


class UnitIndex(NameIndex):
    """The units found by a name typed in a round sheet: as gosheet writes it (``Pair 3 (Sato
    Aki, Kim Min)``), or the unit's name alone (``Pair 3``), whatever stands in brackets after
    it — a round sheet written before one of its players was renamed still names the unit."""

    def __init__(self, players: Sequence[Player]) -> None:
        super().__init__(players)
        self.players = tuple(players)
        self.units = {name_key(p.surname): p.number for p in players}
        for key, number in self.units.items():
            numbers = self.by_key.setdefault(key, [])
            if number not in numbers:
                numbers.append(number)

    def find(self, typed: str) -> int | list[int] | None:
        found = super().find(typed)
        if found is None and " (" in typed:  # the unit's name, then other players
            return self.units.get(name_key(typed.split(" (", 1)[0]))
        return found

    def closest(self, typed: str, count: int = 3) -> list[str]:
        """The units nearest to ``typed``: first the unit of the same players, when one unit
        alone has them (the unit renamed in Players: ``Pair 3 (Sato Aki, Kim Min)`` is now
        ``Tigers (Sato Aki, Kim Min)``), then the names nearest in spelling."""
        key = name_key(typed)
        same = [
            self.labels[p.number]
            for p in self.players
            if p.first_name.startswith("(") and key.endswith(" " + name_key(p.first_name))
        ]
        near = super().closest(typed, count)
        if len(same) != 1:
            return near
        return [same[0], *(n for n in near if n != same[0])][:count]


def unit_labels(
    rounds: Mapping[str, Sequence[tuple[int, int, str]]], state: BookState
) -> list[tuple[str, int, int, str]]:
    """The round sheets' cells (``rounds``: each sheet's (row, column, name) cells) that name a
    unit otherwise than gosheet writes it now (one of its players renamed): (sheet, row, column,
    the unit as written now)."""
    index = UnitIndex(state.tournament.players)
    found = []
    for sheet, cells in rounds.items():
        for r, c, text in cells:
            number = index.find(text)
            if isinstance(number, int) and text != state.labels[number]:
                found.append((sheet, r, c, state.labels[number]))
    return found
