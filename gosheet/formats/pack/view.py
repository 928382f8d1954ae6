"""What the printed pack and the published pages show, as plain tables: the pairing list of
a round by table and by name, its result slips, the standings (per group for the seed
McMahon, each under its title) and the crosstable — the last two drawn from the tournament's
standings model (:mod:`gosheet.core.standings_table`), as the Standings sheet is. Both
:mod:`gosheet.formats.pack.pdf` and :mod:`gosheet.formats.site` draw these; neither reads a
tournament itself.

Go words (White, Black, rank, handicap, komi) appear only in a go tournament; other games
have a first and a second player. Every word is in the tournament's language
(:mod:`gosheet.formats.pack.language`); the choices the tables are made by (which columns,
which are numbers) are made on the model's columns (what each holds, its English key) and the
workbook's English words, before they are translated.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gosheet.core.errors import ConsistencyError
from gosheet.core.games import game_of
from gosheet.core.model import Player, Tournament
from gosheet.core.standings_table import SCORES, Kind, StandingsModel, standings_model
from gosheet.core.systems import system_of
from gosheet.formats.pack.language import cell, decimal, header, printing, side
from gosheet.i18n import collation, words
from gosheet.records import field, record, replace
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import BYE_LABEL, BYE_RESULT
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.sheets.standings import sheet_values

if TYPE_CHECKING:
    from gosheet.formats.pack.teams import TeamsView

WHAT = (
    "pairings",
    "names",
    "matches",
    "slips",
    "team-standings",
    "standings",
    "team-crosstable",
    "crosstable",
)
TEAM_PARTS = ("matches", "team-standings", "team-crosstable")  # a team tournament's alone
ROUND_COLUMN = re.compile(r"^R\d+$")


def text(value: Any, language: str = "en") -> str:
    """A cell as printed: nothing for None, 3 for 3.0, ½ for .5; other fractions with the
    language's decimal mark (``0,25`` in French)."""
    if value is None:
        return ""
    if isinstance(value, float):
        whole, half = divmod(value, 1)
        if half == 0:
            return str(int(whole))
        if half == 0.5 and whole >= 0:
            return f"{int(whole) or ''}½"
        return decimal(str(value), language)
    return str(value)


@record
class Table:
    """A printed table: a title, headers, rows of text, the numeric columns (right-aligned)."""

    title: str
    headers: tuple[str, ...]
    rows: list[list[str]]
    numeric: frozenset[int] = frozenset()
    names: frozenset[int] = frozenset()  # columns holding a player's name (bold on the wall)
    origins: frozenset[int] = frozenset()  # the club and country columns (the wall may drop them)


@record
class Slip:
    """One game's result slip."""

    table: int
    players: tuple[str, str]  # with the rank in go: "Müller Hans (3k)"
    terms: str  # "Handicap 2, komi 0.5" ('' in other games)
    choices: tuple[str, ...]  # the boxes to tick
    names: tuple[str, str] = ("", "")  # the players' names alone, as their pages know them


@record
class RoundView:
    """A round: the pairing list by table and by name, the slips."""

    number: int
    by_table: Table
    by_name: Table
    slips: list[Slip]
    note: str = ""  # "Handicap 0 and komi 6.5 in every game"


@record
class Pack:
    """Everything a pack or a site may show."""

    name: str
    game: str
    sides: tuple[str, str]  # in the tournament's language: ("Белые", "Чёрные")
    rounds: list[RoundView]
    standings: list[Table]
    crosstable: Table
    players: list[str] = field(default_factory=list)
    language: str = "en"  # of every word (the tournament's Language setting)
    teams: TeamsView | None = None  # a team tournament's matches, standings, crosstable

    def round(self, number: int | None) -> RoundView:
        """Round ``number`` (the last paired by default)."""
        _p = printing(self.language)
        if not self.rounds:
            raise ConsistencyError(_p("no round is paired yet: nothing to print"))
        if number is None:
            return self.rounds[-1]
        for view in self.rounds:
            if view.number == number:
                return view
        last = self.rounds[-1].number
        raise ConsistencyError(
            _p("there is no round {number} (rounds 1 to {last} are paired)").format(
                number=number, last=last
            )
        )


def where_from(player: Player) -> str:
    """A player's club and country in one cell: ``Berlin (DE)``, ``Berlin``, ``DE``.

    >>> where_from(Player(1, "A", club="Berlin", country="DE")), where_from(Player(2, "B"))
    ('Berlin (DE)', '')
    """
    club, country = player.club.strip(), player.country.strip()
    return f"{club} ({country})" if club and country else club or country


def where_from_header(players: Sequence[Player], language: str) -> str | None:
    """The header of the pairing lists' club and country column: ``Club (Country)``,
    ``Club`` or ``Country`` in ``language``, as the roster has them; None when nobody has
    either (no column)."""
    clubs = any(p.club.strip() for p in players)
    countries = any(p.country.strip() for p in players)
    club, country = (words.local(w, language, ("players",)) for w in ("Club", "Country"))
    if clubs and countries:
        return f"{club} ({country})"
    return club if clubs else country if countries else None


def member_names(tournament: Tournament) -> dict[int, list[str]]:
    """Pair go and rengo: each unit's players as the lists by name show them, each under his
    own name, then his unit's: ``Sato Aki (Pair 3)``."""
    named = labels([m for unit in tournament.units for m in unit.members])
    return {
        unit.number: [
            f"{named[m.number]} ({tournament.player(unit.number).surname})" for m in unit.members
        ]
        for unit in tournament.units
    }


def round_view(tournament: Tournament, number: int, language: str = "en") -> RoundView:
    """Round ``number``'s lists and slips (ranks, or FUS levels before that round), in
    ``language``."""
    _p = printing(language)
    settings = tournament.settings
    game = game_of(settings.game)
    rnd = tournament.rounds[number - 1]
    names = labels(tournament.players)
    before = replace(tournament, rounds=tournament.rounds[: number - 1])
    system = system_of(settings)
    strength = {k: text(v) for k, v in system.strength(before).items()} if game.go else {}
    left, right = (side(s, language) for s in game.sides)
    terms = {(g.handicap, g.komi) for g in rnd.games}
    same = game.go and len(terms) == 1
    note = ""
    if same:
        handicap, komi = next(iter(terms))
        note = _p("Handicap {handicap} and komi {komi} in every game").format(
            handicap=handicap, komi=decimal(f"{komi:g}", language)
        )
    label = system.strength_label.capitalize()
    where = where_from_header(tournament.players, language)
    players = {p.number: p for p in tournament.players}

    def seat(number: int) -> list[str]:
        """A player's cells in the list by table: name, rank (go), club and country."""
        cells = [names[number]] + ([strength.get(number, "")] if game.go else [])
        return cells + ([where_from(players[number])] if where is not None else [])

    def side_headers(english: str) -> tuple[str, ...]:
        """A player's headers: the side, the rank (go), the club and country."""
        shown = (header(english, language),) + ((header(label, language),) if game.go else ())
        return shown + ((where,) if where is not None else ())

    def from_where(number: int) -> list[str]:
        """The club and country cell of the list by name (none without the column)."""
        return [where_from(players[number])] if where is not None else []

    members = {unit.number: unit.members for unit in tournament.units}
    named = member_names(tournament)

    def by_name(number: int, *rest: str) -> list[tuple[str, list[str]]]:
        """A player's lines of the list by name: his name, club and country, then ``rest``
        (table, colour, opponent); a pair's (rengo team's) a line for each of its players,
        under his own name, as each looks for himself."""
        if number not in members:
            return [(names[number], [names[number], *from_where(number), *rest])]
        return [
            (name, [name, *([where_from(m)] if where is not None else []), *rest])
            for m, name in zip(members[number], named[number], strict=True)
        ]

    width = len(side_headers(""))  # each player's columns in the list by table
    terms_headers = ("Handicap", "Komi") if game.go and not same else ()
    headers = (
        header("Table", language),
        *side_headers(game.sides[0]),
        *side_headers(game.sides[1]),
        *(header(h, language) for h in (*terms_headers, "Result")),
    )
    bye_label = cell(BYE_LABEL, language)
    rows: list[list[str]] = []
    seats: list[tuple[str, list[str]]] = []
    slips: list[Slip] = []
    for g in rnd.games:
        a, b = names[g.white], names[g.black]
        result = g.result.value if g.result else ""
        row = [str(g.table), *seat(g.white), *seat(g.black)]
        row += [str(g.handicap), decimal(f"{g.komi:g}", language)] if game.go and not same else []
        rows.append([*row, result])
        seats += by_name(g.white, str(g.table), left, b)
        seats += by_name(g.black, str(g.table), right, a)
        slip = _slip(
            g.table,
            a,
            b,
            strength.get(g.white),
            strength.get(g.black),
            game.go,
            g.handicap,
            g.komi,
            game.sides,
            language,
        )
        slips.append(replace(slip, names=(a, b)))
    for bye in rnd.byes:
        cells = seat(bye)
        row = [bye_label, *cells] + [""] * (len(headers) - 2 - len(cells))
        rows.append([*row, cell(BYE_RESULT, language)])
        seats += by_name(bye, bye_label, "", "")
    seats.sort(key=lambda seat: collation.sort_key(seat[0], language))
    # Translators: the column of the list by name that says which colour a player has
    colour = _p("Colour") if game.go else _p("Plays")
    name_cols = frozenset({1, 1 + width})
    name_headers = (_p("Name"),) + ((where,) if where is not None else ())
    return RoundView(
        number,
        Table(
            _p("Round {number}: pairings by table").format(number=number),
            headers,
            rows,
            frozenset({0}),
            name_cols,
            frozenset({width, 2 * width}) if where is not None else frozenset(),
        ),
        Table(
            _p("Round {number}: where do I play?").format(number=number),
            # Translators: the column of a player's whole name, surname and first name
            (*name_headers, header("Table", language), colour, _p("Opponent")),
            [row for _, row in seats],
            frozenset({len(name_headers)}),
            frozenset({0}),
            frozenset({1}) if where is not None else frozenset(),
        ),
        slips,
        note,
    )


def _slip(
    table: int,
    a: str,
    b: str,
    rank_a: str | None,
    rank_b: str | None,
    go: bool,
    handicap: int,
    komi: float,
    sides: tuple[str, str],
    language: str = "en",
) -> Slip:
    _p = printing(language)
    wins = {
        "White": _p("White wins"),
        "Black": _p("Black wins"),
        "First player": _p("First player wins"),
        "Second player": _p("Second player wins"),
    }
    left, right = sides
    if not go:
        return Slip(table, (a, b), "", (wins[left], _p("Draw"), wins[right]))
    players = (f"{a} ({rank_a})" if rank_a else a, f"{b} ({rank_b})" if rank_b else b)
    choices: tuple[str, ...] = (wins[left], wins[right])
    if komi == int(komi):
        # Translators: a drawn game of go (a whole-number komi)
        choices += (_p("Jigo"),)
    terms = _p("Handicap {handicap}, komi {komi}").format(
        handicap=handicap, komi=decimal(f"{komi:g}", language)
    )
    return Slip(table, players, terms, choices)


def standings_tables(model: StandingsModel, values: Rows, language: str = "en") -> list[Table]:
    """The standings without the crosstable, the name in one column; the seed McMahon's
    split by group, each under its title (``Group 2``: the titles are the print's alone).
    ``values``: the model's rows as the sheet's cells (:func:`sheet_values`)."""
    _p = printing(language)
    hidden = (Kind.ROUND, Kind.STEP, Kind.GROUP)
    keep = [i for i, c in enumerate(model.columns) if c.kind not in hidden]
    shown, rows = _merged_names(model.keys, values, keep, language)
    numeric = _numeric(model, shown)
    names = frozenset({shown.index("Name")})
    local = _local_headers(shown, language)
    if not model.grouped:
        return [Table(_p("Standings"), local, rows, numeric, names)]
    return [
        Table(
            cell(f"Group {group.number}", language) if group.number is not None else _p("No group"),
            local,
            [rows[row.line - 1] for row in group.rows],  # a row's line is its place in the table
            numeric,
            names,
        )
        for group in model.groups
    ]


def crosstable(model: StandingsModel, values: Rows, language: str = "en") -> Table:
    """No., name, one column a round (OpenGotha's notation) and the score."""
    _p = printing(language)
    columns = model.columns
    rounds = [i for i, c in enumerate(columns) if c.kind is Kind.ROUND]
    scores = [i for i, c in enumerate(columns) if c.kind is Kind.SCORE and c.key in SCORES][:2]
    first = [i for i, c in enumerate(columns) if c.key in ("No.", "Name", "First name")]
    shown, rows = _merged_names(model.keys, values, first + rounds + scores, language)
    at = [i for i, h in enumerate(shown) if ROUND_COLUMN.match(h)]
    for row in rows:  # a bye in the workbook's word for it
        for i in at:
            if row[i] == BYE_RESULT:
                row[i] = cell(BYE_RESULT, language)
    return Table(
        _p("Crosstable"),
        _local_headers(shown, language),
        rows,
        _numeric(model, shown),
        frozenset({shown.index("Name")}),
    )


def _local_headers(headers: tuple[str, ...], language: str) -> tuple[str, ...]:
    """The Standings' headers as the workbook writes them in ``language``; ``Name`` — the
    name and first name in one column — the pack's own word."""
    _p = printing(language)
    return tuple(_p("Name") if h == "Name" else header(h, language) for h in headers)


def _merged_names(
    keys: Sequence[str], rows: Rows, keep: list[int], language: str = "en"
) -> tuple[tuple[str, ...], list[list[str]]]:
    """The columns ``keep``, ``Name`` and ``First name`` as one ``Name``."""
    first = keys.index("First name") if "First name" in keys else None
    name = keys.index("Name")
    columns = [i for i in keep if i != first]
    out: list[list[str]] = []
    for row in rows:
        cells = []
        for i in columns:
            value = text(row[i] if i < len(row) else None, language)
            if i == name and first is not None:
                value = f"{value} {text(row[first], language)}".strip()
            cells.append(value)
        out.append(cells)
    return tuple(keys[i] for i in columns), out


def _numeric(model: StandingsModel, shown: Sequence[str]) -> frozenset[int]:
    """The shown columns of numbers (right-aligned): not the words, nor the rounds."""
    column = {c.key: c for c in model.columns}
    return frozenset(
        i
        for i, key in enumerate(shown)
        if not column[key].text and column[key].kind not in (Kind.ROUND, Kind.GROUP)
    )


def pack_of(tournament: Tournament, language: str | None = None) -> Pack:
    """Every round's lists, the standings and the crosstable of a tournament, in
    ``language`` (default: the tournament's ``Language`` setting)."""
    language = language or tournament.settings.language
    game = game_of(tournament.settings.game)
    model = standings_model(tournament)
    values = sheet_values(model, tournament)
    names = labels(tournament.players)
    left, right = game.sides
    from gosheet.formats.pack.teams import teams_view  # (it draws on this module's tables)

    return Pack(
        tournament.settings.name,
        game.name,
        (side(left, language), side(right, language)),
        [round_view(tournament, r.number, language) for r in tournament.rounds],
        standings_tables(model, values, language),
        crosstable(model, values, language),
        collation.sorted_names(names.values(), language),
        language,
        teams_view(tournament, language),
    )
