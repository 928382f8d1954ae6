"""Reading the ``Players`` sheet: the columns declared as rules (:data:`IDENTITY`,
:func:`player_details`), a list of players as organisers keep it (a title above the header
row, a footer below), one player's two rows told, and the players not confirmed left out of
the rounds to pair."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from gosheet.core.errors import Problem
from gosheet.core.fields import parse_yes_no
from gosheet.core.model import Player, Round, Tournament
from gosheet.core.ranks import parse_rank
from gosheet.i18n.catalog import N_, _, ngettext
from gosheet.i18n.words import fold
from gosheet.records import replace
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import PLAYERS, cell_name
from gosheet.workbook.sheets.cell_cache import text_of
from gosheet.workbook.sheets.columns import Refused, RowReader, Rule
from gosheet.workbook.sheets.headers import (
    match_headers,
    match_opengotha_headers,
    match_unit_headers,
)
from gosheet.workbook.sheets.names import name_key, same_player
from gosheet.workbook.sheets.reading import (
    CONTROL,
    BookState,
    ProblemList,
    blank,
    cell_text,
    control_characters,
    error_value,
    int_cell,
    pictured,
    text_too_long,
)
from gosheet.workbook.sheets.registration import (
    FOOTER,
    HEADER_ROWS,
    first_filled,
    header_row,
    row_kind,
    tail_start,
)
from gosheet.workbook.sheets.writable import MAX_TEXT
from gosheet.workbook.xlsx.parts.values import ErrorValue


def _not_playing(value: Any) -> frozenset[int]:
    if blank(value):
        return frozenset()
    if isinstance(value, int | float) and not isinstance(value, bool):
        return frozenset({int_cell(value, 1)})
    parts = [p for p in re.split(r"[,;\s]+", str(value)) if p]
    return frozenset(int_cell(p, 1) for p in parts)


REGISTRATION = {"fin": "FIN", "final": "FIN", "pre": "PRE", "preliminary": "PRE"}
MMS_CORRECTION = (-9, 9)
NOT_A_GROUP = N_("not a McMahon group (1 = top group, 2, 3 …)")
NOT_A_TIER = N_("not a tier (1 = the best, 2, 3 …)")
NOT_A_TABLE = N_("not a table number (1, 2, 3 …)")
_rank_of = lru_cache(maxsize=1 << 10)(parse_rank)  # a rank's text → the rank (errors: raised)


def _named(value: Any) -> str:
    text = text_of(value)
    if not text:
        raise Refused(_("a player without a name"), None)
    return text


def _rating(value: Any) -> int:
    if type(value) is int and -1000 <= value <= 4000:  # (int_cell's answer, quicker)
        return value
    return int_cell(round(float(str(value).replace(",", "."))), -1000, 4000)


def _rank(value: Any) -> int:
    return _rank_of(text_of(value))


def _whole(low: int, high: int) -> Callable[[Any], int]:
    """A whole number from ``low`` to ``high``."""
    return lambda value: int_cell(value, low, high)


def _mms_correction(value: Any) -> int:
    try:
        return int_cell(value, *MMS_CORRECTION)
    except ValueError:
        low, high = MMS_CORRECTION
        message = _("not an MMS correction (a whole number from {low} to {high}, usually 0)")
        raise Refused(message.format(low=low, high=high)) from None


#: What an organiser types in the Confirmed column (folded: lower case, no accents), besides
#: the yes and no of the settings (:func:`~gosheet.core.fields.parse_yes_no`); a blank cell
#: is "not confirmed" (a box not ticked).
CONFIRMED = frozenset(("x", "✓", "✔", "☑", "+", "ok", "fin", "confirmed", "here", "present"))
NOT_CONFIRMED = frozenset(("-", "–", "—", "pre", "absent", "not confirmed"))


def _confirmed(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = text_of(value).casefold()
    if text in CONFIRMED:
        return True
    if text in NOT_CONFIRMED:
        return False
    return parse_yes_no(text)


def _registration(value: Any) -> str:
    status = REGISTRATION.get(text_of(value).casefold())
    if status is None:
        raise ValueError(value)
    return status


def guarded(rule: Rule) -> Rule:
    """``rule``, refusing an error value (``#N/A`` …) as one, whatever the column reads."""
    read = rule.read

    def read_value(value: Any) -> Any:
        if isinstance(value, ErrorValue):
            raise Refused(error_value(value))
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise Refused(text_too_long(value), f"{value[:20]}…")
            if CONTROL.search(value):
                raise Refused(control_characters(value) or "", pictured(value))
        return read(value)

    return replace(rule, read=read_value, errors=(*rule.errors, Refused))


#: The Players columns that say who a player is, read first (a player twice is told then).
IDENTITY: tuple[Rule, ...] = (
    Rule(
        "Name",
        _named,
        to="surname",
        missing=N_("a player without a name"),
        stops=True,
        kept=False,  # (a name comes once)
    ),
    Rule("First name", text_of, blank="", to="first_name"),
    Rule("Club", text_of, blank="", to="club"),
    Rule("EGD PIN", text_of, blank="", to="egd_pin", kept=False),
)
IDENTITY = tuple(map(guarded, IDENTITY))


def player_details(needs_strength: bool) -> tuple[Rule, ...]:
    """The other Players columns, in the order of their problems. ``needs_strength``: a
    player without a rating needs a rank."""
    no_rank = N_("no rank (nor rating)") if needs_strength else ""
    return tuple(map(guarded, _details(no_rank)))


def _details(no_rank: str) -> tuple[Rule, ...]:
    return (
        Rule(
            "Rating",
            _rating,
            N_("not a rating (a whole number such as 2150)"),
            to="rating",
            errors=(ValueError, TypeError, OverflowError),
        ),
        Rule(
            "Rank",
            _rank,
            N_("not a rank (expected e.g. 3k, 2d, 1p)"),
            to="rank",
            missing=no_rank,
            unless="rating",
            shows_blank=True,
            also=("Rating",),
        ),
        Rule("Group", _whole(1, 40), NOT_A_GROUP, to="group"),
        Rule("Tier", _whole(1, 99), NOT_A_TIER, to="tier"),
        Rule("Fixed table", _whole(1, 9999), NOT_A_TABLE, to="fixed_table"),
        Rule(
            "Not playing",
            _not_playing,
            N_("expected round numbers, such as '2, 4'"),
            blank=frozenset(),
            to="not_playing",
        ),
        Rule("MMS correction", _mms_correction, blank=0, to="mms_correction"),
        Rule(
            "Registration",
            _registration,
            N_("expected FIN (registration confirmed) or PRE (preliminary: not paired)"),
            to="registration",
        ),
        Rule("Country", text_of, blank="", to="country"),
        Rule(
            "Confirmed",
            _confirmed,
            N_("expected yes (or x, ✓) or no; a blank cell: not confirmed"),
            to="confirmed",
            errors=(ValueError, TypeError),
        ),
        Rule("Pair", text_of, blank="", to="pair"),  # pair go and rengo: the player's unit
        Rule("Team", text_of, blank="", to="team"),
        Rule("Sex", _sex, NOT_A_SEX, blank="", to="sex"),
    )


#: The Sex column (mixed pairs), as organisers type it in the four languages (folded: lower
#: case, no accents): a man, a woman.
MEN = (
    "m",
    "male",
    "man",
    "men",
    "h",
    "homme",
    "home",
    "masculin",
    "м",
    "муж",
    "мужской",
    "мужчина",
)
WOMEN = (
    "f",
    "female",
    "woman",
    "women",
    "w",
    "femme",
    "feminin",
    "d",
    "dona",
    "femeni",
    "ж",
    "жен",
    "женский",
    "женщина",
)


@lru_cache(maxsize=1)
def _sexes() -> dict[str, str]:
    """Each word of :data:`MEN` and :data:`WOMEN`: :data:`~gosheet.core.units.MALE` or
    :data:`~gosheet.core.units.FEMALE` (the units' module, pair go's, loaded only for a
    Sex column)."""
    from gosheet.core.units import FEMALE, MALE

    return {**dict.fromkeys(MEN, MALE), **dict.fromkeys(WOMEN, FEMALE)}


NOT_A_SEX = N_("expected m (a man) or f (a woman)")


def sex_of(value: Any) -> str:
    """:data:`~gosheet.core.units.MALE` or :data:`~gosheet.core.units.FEMALE`."""
    found = _sexes().get(fold(text_of(value), "").strip(" ."))
    if found is None:
        raise ValueError(value)
    return found


def _sex(value: Any) -> str:
    sex_of(value)
    return text_of(value)  # (as typed, to show in problems)


def same_player_twice(row: int) -> str:
    """The problem of a player registered twice (found again on 0-based ``row``)."""
    return _(
        "the same player twice (also on row {row}); two players of the same name are "
        "told apart by their EGD PINs or their clubs: give both theirs"
    ).format(row=row + 1)


def twin_of(identity: dict[str, Any], namesakes: list[tuple[int, Player]]) -> int | None:
    """The row of the first of ``namesakes`` (row, player) who is the player of ``identity``
    (his name, club and EGD PIN), if any."""
    this = Player(
        0,
        identity["surname"],
        identity["first_name"],
        club=identity["club"],
        egd_pin=identity["egd_pin"],
    )
    return next((row for row, other in namesakes if same_player(this, other)), None)


def roster_columns(
    grid: Rows | None,
    problems: ProblemList,
    rounds: int | None,
    head: int = 0,
    units: bool = False,
) -> dict[str, int] | None:
    """Each Players column's key → its column (``head``: the header row); None (the problems
    told) if the roster cannot be read. ``units``: pair go or rengo, whose ``Pair``, ``Team``
    and ``Sex`` columns are read (a ``Team`` column is then a unit, not a club)."""
    if grid is None:
        problems.add(PLAYERS, -1, 0, None, _("the sheet is missing"))
        return None
    if not grid:
        problems.add(PLAYERS, 0, 0, None, _("the header row is missing"))
        return None
    unit_columns = match_unit_headers(list(grid[head])) if units else {}
    taken = unit_columns.values()
    columns = match_headers([None if i in taken else h for i, h in enumerate(grid[head])])
    og_columns = match_opengotha_headers(list(grid[head]))
    if rounds is None:
        og_columns.pop("Registration", None)
    columns |= {k: v for k, v in og_columns.items() if k not in columns}
    return columns | unit_columns


def no_name_header() -> str:
    """The problem of a roster whose first rows hold no Name header."""
    return ngettext(
        "no 'Name' column in the header row (looked for in the first {count} row)",
        "no 'Name' column in the header row (looked for in the first {count} rows)",
        HEADER_ROWS,
    ).format(count=HEADER_ROWS)


def above_header(grid: Rows, head: int, problems: ProblemList) -> list[Problem]:
    """What the rows above the header row hold (a title, a date): not read, and said."""
    sheet = problems.shown.get(PLAYERS, PLAYERS)
    said = _("above the header row (row {row}): not read").format(row=head + 1)
    found = [(r, first_filled(row)) for r, row in enumerate(grid[:head])]
    return [
        Problem(sheet, cell_name(r, c), cell_text(value), said)
        for r, (c, value) in found
        if value is not None
    ]


def not_a_player(problems: ProblemList, r: int, row: Sequence[Any], kind: str) -> Problem:
    """A footer or a section title, not read as a player: said."""
    column, value = first_filled(row)
    said = (
        _("read as a footer, not as a player")
        if kind == FOOTER
        else _("read as a section title, not as a player")
    )
    sheet = problems.shown.get(PLAYERS, PLAYERS)
    return Problem(sheet, cell_name(r, column), cell_text(value), said)


def read_players(
    grid: Rows | None,
    problems: ProblemList,
    needs_strength: bool = True,
    rounds: int | None = None,
    units: bool = False,
) -> BookState:
    """The roster. ``needs_strength``: every player must have a rank or a
    rating (McMahon, FUS); a Swiss roster may have neither (round 1 by lot).

    ``rounds``: the tournament plays under OpenGotha's rules, in so many rounds; its
    ``Registration`` column is read (FIN, or PRE: a player who is not paired in any of the
    ``rounds``). The ``EGD PIN`` and ``MMS correction`` columns are read in any roster.

    The columns are read by their rules (:data:`IDENTITY`, :func:`player_details`)."""
    state = BookState(Tournament())
    head = header_row(grid) if grid else 0
    columns = roster_columns(grid, problems, rounds, head, units)
    if grid is None or columns is None:
        return state
    state.player_columns = columns
    state.header_row = head
    if "Name" not in columns:
        problems.add(PLAYERS, head, 0, None, no_name_header())
    no_strength = "Rank" not in columns and "Rating" not in columns
    if needs_strength and no_strength:
        problems.add(PLAYERS, head, 0, None, _("no 'Rank' (or 'Rating') column in the header row"))
    if "Name" not in columns or (needs_strength and no_strength):
        return state
    state.notes += above_header(grid, head, problems)
    tail = tail_start(grid, columns["Name"])

    reader = RowReader(PLAYERS, columns, problems)
    details, absent = reader.present(player_details(needs_strength))
    width = max(columns.values()) + 1  # the columns read; each row is read padded past them
    pick_identity = reader.picker(IDENTITY, width)  # a column the sheet lacks: an empty cell
    pick_details = reader.picker(details, width)
    identity_steps, detail_steps = reader.steps(IDENTITY), reader.steps(details)
    players: list[Player] = []
    seen: dict[str, list[tuple[int, Player]]] = {}  # name → its players so far, and their rows
    for r in range(head + 1, len(grid)):
        row = grid[r]
        cells = list(row[:width])
        cells += [None] * (width + 1 - len(cells))
        who = pick_identity(cells)
        if blank(who[0]) and all(blank(v) for v in row):
            continue
        kind = row_kind(row, columns["Name"], r >= tail) if len(columns) > 1 else None
        if kind is not None:
            state.notes.append(not_a_player(problems, r, row, kind))
            continue
        values = reader.read_row(identity_steps, who, r, absent.copy())
        if values is None:
            continue
        full = f"{values['surname']} {values['first_name']}".strip()
        namesakes = seen.setdefault(name_key(full), [])
        if namesakes and (twin := twin_of(values, namesakes)) is not None:
            problems.add(PLAYERS, r, columns["Name"], full, same_player_twice(twin))
            continue
        reader.read_row(detail_steps, pick_details(cells), r, values)  # (no rule here stops)
        number = len(players) + 1
        pair, team = values.pop("pair"), values.pop("team")
        if unit := pair or team:
            state.unit_of[number] = unit
        if sex := values.pop("sex"):
            state.sex_of[number] = sex
        if values.pop("confirmed") is not True and "Confirmed" in columns:
            state.unconfirmed.add(number)
        if values.pop("registration") == "PRE" and rounds is not None:
            state.preliminary[number] = values["not_playing"]
            values["not_playing"] |= frozenset(range(1, rounds + 1))
        player = Player(number, **values)
        players.append(player)
        namesakes.append((r, player))  # (only its name, club and EGD PIN are compared)
        state.player_rows[number] = r
    state.tournament = Tournament(players=tuple(players))
    return state


def not_confirmed(state: BookState, rounds: list[Round], count: int) -> Tournament:
    """The tournament whose players not confirmed (the Confirmed column) play no round but
    those they are in a line of: each is left out of every round to pair, as OpenGotha's
    players registered PRE are (:attr:`BookState.preliminary` keeps his own Not playing)."""
    if not state.unconfirmed:
        return state.tournament
    placed: dict[int, set[int]] = {}
    for rnd in rounds:
        for number in {p for game in rnd.games for p in (game.white, game.black)} | set(rnd.byes):
            placed.setdefault(number, set()).add(rnd.number)
    every = frozenset(range(1, max(count, len(rounds) + 1) + 1))
    players = list(state.tournament.players)
    for i, player in enumerate(players):
        if player.number in state.unconfirmed and player.number not in state.preliminary:
            state.preliminary[player.number] = player.not_playing
            out = player.not_playing | (every - placed.get(player.number, set()))
            players[i] = replace(player, not_playing=out)
    return replace(state.tournament, players=tuple(players))
