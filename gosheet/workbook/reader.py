"""Read a tournament from a workbook's cell values, collecting every problem.

The input is a mapping of sheet name → rows of cell values (as any adapter can
produce them); the output is a :class:`BookState`: the tournament plus where
things are in the workbook, so that an adapter can write back in place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gosheet.core.errors import InputError, Problem
from gosheet.core.fields import parse_komi
from gosheet.core.model import Game, Player, Round, Tournament
from gosheet.core.ranks import RankError, parse_rank
from gosheet.core.results import ResultError, parse_result
from gosheet.core.settings import FIELD_BY_LABEL, MAX_ROUNDS, Settings
from gosheet.core.systems import system_of
from gosheet.workbook.headers import match_headers, match_opengotha_headers, normalise_header
from gosheet.workbook.sheets import (
    BYE_LABEL,
    FIRST_PLAYER,
    PLAYERS,
    SECOND_PLAYER,
    SETTINGS,
    cell_name,
    round_number_of,
    round_sheet_name,
)

Grid = Sequence[Sequence[Any]]

ROUND_COLUMNS = {
    "table": ("Table",),
    "white": ("White", FIRST_PLAYER),
    "black": ("Black", SECOND_PLAYER),
    "handicap": ("Handicap",),
    "komi": ("Komi",),
    "result": ("Result",),
}


@dataclass
class BookState:
    """A tournament read from a workbook, and where its cells are."""

    tournament: Tournament
    player_rows: dict[int, int] = field(default_factory=dict)  # player → 0-based row
    player_columns: dict[str, int] = field(default_factory=dict)  # canonical → column
    result_fixes: list[tuple[str, str, str]] = field(default_factory=list)  # sheet, cell, code
    result_cells: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    setting_rows: dict[str, int] = field(default_factory=dict)  # attr → 0-based row
    """(round, table) → (sheet, cell) of each game's result."""
    preliminary: dict[int, frozenset[int]] = field(default_factory=dict)
    """OpenGotha's rules: each player registered PRE (not confirmed), with the rounds written
    in his Not playing cell; such a player is never paired, so his ``not_playing`` in the
    tournament holds every round."""


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and value.strip() == "")


def cell_text(value: Any) -> str:
    """A cell as text: whole floats without ``.0``, spaces collapsed, stripped."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return re.sub(r"\s+", " ", str(value)).strip()


_text = cell_text


def name_key(name: str) -> str:
    """How names are compared: case, spacing and accents do not matter."""
    return normalise_header(name)


class ProblemList:
    """Problems found so far; every reader adds to one and raises at the end."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, sheet: str, row: int, column: int, value: Any, message: str) -> None:
        cell = cell_name(row, column) if row >= 0 else ""
        self.problems.append(Problem(sheet, cell, value, message))


def _int_cell(value: Any, low: int, high: int | None = None) -> int:
    if isinstance(value, bool):
        raise ValueError
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        value = int(value)
    if not isinstance(value, int) or value < low or (high is not None and value > high):
        raise ValueError
    return value


def read_settings(grid: Grid | None, problems: ProblemList) -> tuple[Settings, dict[str, int]]:
    """The settings, and the 0-based row of each one found in the sheet."""
    rows: dict[str, int] = {}
    if grid is None:
        problems.add(SETTINGS, -1, 0, None, "the sheet is missing")
        return Settings(), rows
    values: dict[str, Any] = {}
    for r, row in enumerate(grid):
        label = _text(row[0]) if row else ""
        if (r == 0 and label.casefold() == "setting") or not label:
            continue
        field_ = FIELD_BY_LABEL.get(label.casefold())
        if field_ is None:
            problems.add(
                SETTINGS,
                r,
                0,
                label,
                "unknown setting; known: " + ", ".join(f.label for f in FIELD_BY_LABEL.values()),
            )
            continue
        if field_.attr in rows:
            problems.add(SETTINGS, r, 0, label, f"set twice (also on row {rows[field_.attr] + 1})")
            continue
        rows[field_.attr] = r
        value = row[1] if len(row) > 1 else None
        if _blank(value):
            if field_.attr == "rounds":  # Swiss: proposed at the first pairing
                values["rounds"] = None
            continue
        try:
            values[field_.attr] = field_.parse(value)
        except ValueError as error:
            problems.add(SETTINGS, r, 1, value, f"{field_.label}: {error}")
    try:
        return Settings.preset(**values), rows
    except ValueError as error:  # settings that do not go together
        label = str(error).split(":", 1)[0].casefold()
        attr = FIELD_BY_LABEL[label].attr if label in FIELD_BY_LABEL else ""
        where = rows.get(attr, -1)
        shown = values.get(attr) if where >= 0 else None
        problems.add(SETTINGS, where, 1, shown, str(error).split(":", 1)[-1].strip())
        return Settings(), rows


def _not_playing(value: Any) -> frozenset[int]:
    if _blank(value):
        return frozenset()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return frozenset({_int_cell(value, 1)})
    parts = [p for p in re.split(r"[,;\s]+", str(value)) if p]
    return frozenset(_int_cell(p, 1) for p in parts)


REGISTRATION = {"fin": "FIN", "final": "FIN", "pre": "PRE", "preliminary": "PRE"}
MMS_CORRECTION = (-9, 9)


def read_players(
    grid: Grid | None,
    problems: ProblemList,
    needs_strength: bool = True,
    rounds: int | None = None,
) -> BookState:
    """The roster. ``needs_strength``: every player must have a rank or a
    rating (McMahon, FUS); a Swiss roster may have neither (round 1 by lot).

    ``rounds``: the tournament plays under OpenGotha's rules, in so many rounds; its
    ``Registration`` column is read (FIN, or PRE: a player who is not paired in any of the
    ``rounds``). The ``EGD PIN`` and ``MMS correction`` columns are read in any roster."""
    state = BookState(Tournament())
    if grid is None:
        problems.add(PLAYERS, -1, 0, None, "the sheet is missing")
        return state
    if not grid:
        problems.add(PLAYERS, 0, 0, None, "the header row is missing")
        return state
    columns = match_headers(list(grid[0]))
    og_columns = match_opengotha_headers(list(grid[0]))
    if rounds is None:
        og_columns.pop("Registration", None)
    columns |= {k: v for k, v in og_columns.items() if k not in columns}
    state.player_columns = columns
    if "Name" not in columns:
        problems.add(PLAYERS, 0, 0, None, "no 'Name' column in the header row")
    no_strength = "Rank" not in columns and "Rating" not in columns
    if needs_strength and no_strength:
        problems.add(PLAYERS, 0, 0, None, "no 'Rank' (or 'Rating') column in the header row")
    if "Name" not in columns or (needs_strength and no_strength):
        return state

    def get(row: Sequence[Any], name: str) -> Any:
        index = columns.get(name)
        return row[index] if index is not None and index < len(row) else None

    def optional_int(row: Sequence[Any], r: int, name: str, high: int, message: str) -> int | None:
        """A whole number from 1 to ``high`` in an optional column, else a problem."""
        raw = get(row, name)
        if _blank(raw):
            return None
        try:
            return _int_cell(raw, 1, high)
        except ValueError:
            problems.add(PLAYERS, r, columns[name], raw, message)
            return None

    players: list[Player] = []
    seen: dict[str, int] = {}
    for r in range(1, len(grid)):
        row = grid[r]
        if all(_blank(v) for v in row):
            continue
        surname, first = _text(get(row, "Name")), _text(get(row, "First name"))
        if not surname:
            problems.add(PLAYERS, r, columns["Name"], None, "a player without a name")
            continue
        full = f"{surname} {first}".strip()
        if name_key(full) in seen:
            problems.add(
                PLAYERS,
                r,
                columns["Name"],
                full,
                f"the same player twice (also on row {seen[name_key(full)] + 1})",
            )
            continue
        seen[name_key(full)] = r
        rating = None
        raw = get(row, "Rating")
        if not _blank(raw):
            try:
                rating = _int_cell(round(float(str(raw).replace(",", "."))), -1000, 4000)
            except (ValueError, TypeError, OverflowError):
                problems.add(
                    PLAYERS, r, columns["Rating"], raw, "not a rating (a whole number such as 2150)"
                )
        raw_rank = get(row, "Rank")
        rank: int | None = None
        if _blank(raw_rank) and (rating is not None or not needs_strength):
            pass  # the rating stands for the rank, or none is needed
        else:
            try:
                rank = parse_rank(_text(raw_rank) if raw_rank is not None else raw_rank)
            except RankError:
                message = (
                    "no rank (nor rating)"
                    if _blank(raw_rank)
                    else "not a rank (expected e.g. 3k, 2d, 1p)"
                )
                column = columns.get("Rank", columns.get("Rating", 0))
                problems.add(PLAYERS, r, column, raw_rank, message)
        group = optional_int(row, r, "Group", 40, "not a McMahon group (1 = top group, 2, 3 …)")
        tier = optional_int(row, r, "Tier", 99, "not a tier (1 = the best, 2, 3 …)")
        not_playing: frozenset[int] = frozenset()
        raw = get(row, "Not playing")
        try:
            not_playing = _not_playing(raw)
        except ValueError:
            problems.add(
                PLAYERS, r, columns["Not playing"], raw, "expected round numbers, such as '2, 4'"
            )
        correction = 0
        raw = get(row, "MMS correction")
        if not _blank(raw):
            try:
                correction = _int_cell(raw, *MMS_CORRECTION)
            except ValueError:
                low, high = MMS_CORRECTION
                problems.add(
                    PLAYERS,
                    r,
                    columns["MMS correction"],
                    raw,
                    f"not an MMS correction (a whole number from {low} to {high}, usually 0)",
                )
        number = len(players) + 1
        raw = get(row, "Registration")
        if not _blank(raw) and rounds is not None:
            status = REGISTRATION.get(_text(raw).casefold())
            if status is None:
                problems.add(
                    PLAYERS,
                    r,
                    columns["Registration"],
                    raw,
                    "expected FIN (registration confirmed) or PRE (preliminary: not paired)",
                )
            elif status == "PRE":
                state.preliminary[number] = not_playing
                not_playing = not_playing | frozenset(range(1, rounds + 1))
        players.append(
            Player(
                number,
                surname,
                first,
                rank,
                rating,
                _text(get(row, "Club")),
                _text(get(row, "Country")),
                group,
                not_playing,
                tier,
                mms_correction=correction,
                egd_pin=_text(get(row, "EGD PIN")),
            )
        )
        state.player_rows[number] = r
    state.tournament = Tournament(players=tuple(players))
    return state


def read_round(
    sheet: str,
    number: int,
    grid: Grid,
    by_name: Mapping[str, Player],
    problems: ProblemList,
    state: BookState,
) -> Round:
    if not grid:
        problems.add(sheet, 0, 0, None, "the header row is missing")
        return Round(number)
    headers = [normalise_header(h) for h in grid[0]]
    col: dict[str, int] = {}
    for key, labels in ROUND_COLUMNS.items():
        for label in labels:
            if normalise_header(label) in headers:
                col[key] = headers.index(normalise_header(label))
                break
    for key in ("table", "white", "black", "result"):
        if key not in col:
            wanted = "' or '".join(ROUND_COLUMNS[key])
            problems.add(sheet, 0, 0, None, f"no '{wanted}' column in the header row")
    if any(k not in col for k in ("table", "white", "black", "result")):
        return Round(number)

    def get(row: Sequence[Any], key: str) -> Any:
        index = col.get(key)
        return row[index] if index is not None and index < len(row) else None

    seen: dict[int, str] = {}
    games: list[Game] = []
    byes: list[int] = []
    tables: set[int] = set()

    def player_at(row: Sequence[Any], r: int, key: str) -> int | None:
        value = _text(get(row, key))
        if not value:
            problems.add(sheet, r, col[key], None, f"no {ROUND_COLUMNS[key][0]} player")
            return None
        player = by_name.get(name_key(value))
        if player is None:
            problems.add(sheet, r, col[key], value, "not a player of the Players sheet")
            return None
        where = cell_name(r, col[key])
        if player.number in seen:
            problems.add(
                sheet,
                r,
                col[key],
                value,
                f"the same player twice in this round (also at {seen[player.number]})",
            )
            return None
        seen[player.number] = where
        return player.number

    for r in range(1, len(grid)):
        row = grid[r]
        if all(_blank(v) for v in row):
            continue
        table_cell = get(row, "table")
        if isinstance(table_cell, str) and table_cell.strip().casefold() in (
            BYE_LABEL.casefold(),
            "technical win",
        ):
            player = player_at(row, r, "white")
            if player is not None:
                byes.append(player)
            continue
        try:
            table = _int_cell(table_cell, 1)
        except ValueError:
            problems.add(
                sheet, r, col["table"], table_cell, f"not a table number (or '{BYE_LABEL}')"
            )
            continue
        if table in tables:
            problems.add(sheet, r, col["table"], table_cell, "the same table twice")
        tables.add(table)
        white, black = player_at(row, r, "white"), player_at(row, r, "black")
        raw = get(row, "result")
        try:
            result = parse_result(raw)
        except ResultError as error:
            problems.add(sheet, r, col["result"], raw, str(error))
            result = None
        else:
            if result is not None and raw != result.value:
                state.result_fixes.append((sheet, cell_name(r, col["result"]), result.value))
        handicap, komi = 0, 0.0
        raw = get(row, "handicap")
        if not _blank(raw):
            try:
                handicap = _int_cell(raw, 0, 9)
            except ValueError:
                problems.add(sheet, r, col["handicap"], raw, "not a handicap (0 to 9 stones)")
        raw = get(row, "komi")
        if not _blank(raw):
            try:
                komi = parse_komi(raw)
            except ValueError:
                problems.add(sheet, r, col["komi"], raw, "not a komi (a number such as 6.5)")
        if white is not None and black is not None:
            games.append(Game(table, white, black, handicap, komi, result))
            state.result_cells[(number, table)] = (sheet, cell_name(r, col["result"]))
    return Round(number, tuple(games), tuple(byes))


def read_book(sheets: Mapping[str, Grid]) -> BookState:
    """Read the whole tournament; raise :class:`InputError` listing every problem."""
    problems = ProblemList()
    settings, setting_rows = read_settings(sheets.get(SETTINGS), problems)
    system = system_of(settings)
    needs_strength = system.needs_strength
    og_rounds = None
    if system.opengotha:
        og_rounds = settings.rounds if settings.rounds is not None else MAX_ROUNDS
    state = read_players(sheets.get(PLAYERS), problems, needs_strength, og_rounds)
    columns = state.player_columns
    roster_readable = "Name" in columns and (
        not needs_strength or "Rank" in columns or "Rating" in columns
    )
    by_name = {name_key(p.name): p for p in state.tournament.players}
    numbered = sorted((n, name) for name in sheets if (n := round_number_of(name)) is not None)
    rounds: list[Round] = []
    for expected, (number, name) in enumerate(numbered, start=1):
        if number != expected:
            missing = round_sheet_name(expected)
            problems.add(
                name, -1, 0, None, f"rounds must follow each other: '{missing}' is missing"
            )
            break
        if roster_readable:  # else every name would be reported as unknown
            rounds.append(read_round(name, number, sheets[name], by_name, problems, state))
    if settings.rounds is not None and len(numbered) > settings.rounds:
        row = setting_rows.get("rounds", -1)
        problems.add(
            SETTINGS,
            row,
            1,
            settings.rounds,
            f"'Rounds' is less than the {len(numbered)} round sheets of the workbook",
        )
    if problems.problems:
        raise InputError(problems.problems)
    state.tournament = Tournament(settings, state.tournament.players, tuple(rounds))
    state.setting_rows = setting_rows
    return state
