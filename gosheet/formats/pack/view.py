"""What the printed pack and the published pages show, as plain tables: the pairing list of
a round by table and by name, its result slips, the standings (per group for the seed
McMahon) and the crosstable. Both :mod:`gosheet.formats.pack.pdf` and
:mod:`gosheet.formats.site` draw these; neither reads a tournament itself.

Go words (White, Black, rank, handicap, komi) appear only in a go tournament; other games
have a first and a second player.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from typing import Any

from gosheet.core.errors import ConsistencyError
from gosheet.core.games import game_of
from gosheet.core.model import Tournament
from gosheet.core.systems import system_of
from gosheet.workbook.names import labels
from gosheet.workbook.sheets import BYE_LABEL, SheetData
from gosheet.workbook.standings import standings_sheet
from gosheet.workbook.standings.systems import without_group_titles

WHAT = ("pairings", "names", "slips", "standings", "crosstable")
ROUND_COLUMN = re.compile(r"^R\d+$")
SCORES = ("Wins", "MMS", "Points", "Level", "Score")  # what the crosstable ends with


def text(value: Any) -> str:
    """A cell as printed: nothing for None, 3 for 3.0, ½ for .5."""
    if value is None:
        return ""
    if isinstance(value, float):
        whole, half = divmod(value, 1)
        if half == 0:
            return str(int(whole))
        if half == 0.5:
            return f"{int(whole) or ''}½" if whole >= 0 else str(value)
    return str(value)


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical whatever the accents: Ähm beside Ahm, Łukasz beside Lukasz."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.casefold(), name


@dataclass(frozen=True)
class Table:
    """A printed table: a title, headers, rows of text, the numeric columns (right-aligned)."""

    title: str
    headers: tuple[str, ...]
    rows: list[list[str]]
    numeric: frozenset[int] = frozenset()
    names: frozenset[int] = frozenset()  # columns holding a player's name (bold on the wall)


@dataclass(frozen=True)
class Slip:
    """One game's result slip."""

    table: int
    players: tuple[str, str]  # with the rank in go: "Müller Hans (3k)"
    terms: str  # "Handicap 2, komi 0.5" ('' in other games)
    choices: tuple[str, ...]  # the boxes to tick


@dataclass(frozen=True)
class RoundView:
    """A round: the pairing list by table and by name, the slips."""

    number: int
    by_table: Table
    by_name: Table
    slips: list[Slip]
    note: str = ""  # "Handicap 0 and komi 6.5 in every game"


@dataclass(frozen=True)
class Pack:
    """Everything a pack or a site may show."""

    name: str
    game: str
    sides: tuple[str, str]
    rounds: list[RoundView]
    standings: list[Table]
    crosstable: Table
    players: list[str] = field(default_factory=list)

    def round(self, number: int | None) -> RoundView:
        """Round ``number`` (the last paired by default)."""
        if not self.rounds:
            raise ConsistencyError("no round is paired yet: nothing to print")
        if number is None:
            return self.rounds[-1]
        for view in self.rounds:
            if view.number == number:
                return view
        last = self.rounds[-1].number
        raise ConsistencyError(f"there is no round {number} (rounds 1 to {last} are paired)")


def round_view(tournament: Tournament, number: int) -> RoundView:
    """Round ``number``'s lists and slips (ranks, or FUS levels before that round)."""
    settings = tournament.settings
    game = game_of(settings.game)
    rnd = tournament.rounds[number - 1]
    names = labels(tournament.players)
    before = replace(tournament, rounds=tournament.rounds[: number - 1])
    system = system_of(settings)
    strength = {k: text(v) for k, v in system.strength(before).items()} if game.go else {}
    left, right = game.sides
    terms = {(g.handicap, g.komi) for g in rnd.games}
    same = game.go and len(terms) == 1
    note = ""
    if same:
        handicap, komi = next(iter(terms))
        note = f"Handicap {handicap} and komi {komi:g} in every game"
    label = system.strength_label.capitalize()
    if game.go:
        headers: tuple[str, ...] = ("Table", left, label, right, label)
        headers += () if same else ("Handicap", "Komi")
    else:
        headers = ("Table", left, right)
    headers += ("Result",)
    rows: list[list[str]] = []
    seats: list[tuple[str, list[str]]] = []
    slips: list[Slip] = []
    for g in rnd.games:
        a, b = names[g.white], names[g.black]
        result = g.result.value if g.result else ""
        if game.go:
            row = [str(g.table), a, strength.get(g.white, ""), b, strength.get(g.black, "")]
            row += [] if same else [str(g.handicap), f"{g.komi:g}"]
        else:
            row = [str(g.table), a, b]
        rows.append([*row, result])
        seats.append((a, [a, str(g.table), left, b]))
        seats.append((b, [b, str(g.table), right, a]))
        slips.append(
            _slip(
                g.table,
                a,
                b,
                strength.get(g.white),
                strength.get(g.black),
                game.go,
                g.handicap,
                g.komi,
                game.sides,
            )
        )
    for bye in rnd.byes:
        row = [BYE_LABEL, names[bye]] + [""] * (len(headers) - 3) + ["bye"]
        if game.go:
            row[2] = strength.get(bye, "")
        rows.append(row)
        seats.append((names[bye], [names[bye], BYE_LABEL, "", ""]))
    seats.sort(key=lambda seat: sort_key(seat[0]))
    colour = "Colour" if game.go else "Plays"
    name_cols = frozenset({1, 3}) if game.go else frozenset({1, 2})
    return RoundView(
        number,
        Table(f"Round {number}: pairings by table", headers, rows, frozenset({0}), name_cols),
        Table(
            f"Round {number}: where do I play?",
            ("Name", "Table", colour, "Opponent"),
            [row for _, row in seats],
            frozenset({1}),
            frozenset({0}),
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
) -> Slip:
    left, right = sides
    if not go:
        return Slip(table, (a, b), "", (f"{left} wins", "Draw", f"{right} wins"))
    players = (f"{a} ({rank_a})" if rank_a else a, f"{b} ({rank_b})" if rank_b else b)
    choices: tuple[str, ...] = (f"{left} wins", f"{right} wins")
    if komi == int(komi):
        choices += ("Jigo",)
    return Slip(table, players, f"Handicap {handicap}, komi {komi:g}", choices)


def standings_tables(sheet: SheetData) -> list[Table]:
    """The Standings sheet without its crosstable, the name in one column; the seed
    McMahon's split by group, each under its title."""
    headers = sheet.headers
    keep = [i for i, h in enumerate(headers) if not ROUND_COLUMN.match(h)]
    keep = [i for i in keep if not headers[i].startswith("Step ")]
    group = headers.index("Group") if "Group" in headers else None
    shown, rows = _merged_names(headers, sheet.rows, [i for i in keep if i != group])
    numeric = _numeric(shown)
    if group is None:
        return [Table("Standings", shown, rows, numeric, frozenset({shown.index("Name")}))]
    tables: list[Table] = []
    for raw, row in zip(sheet.rows, rows, strict=True):
        title = f"Group {text(raw[group])}" if raw[group] is not None else "No group"
        if not tables or tables[-1].title != title:
            tables.append(Table(title, shown, [], numeric, frozenset({shown.index("Name")})))
        tables[-1].rows.append(row)
    return tables


def crosstable(sheet: SheetData) -> Table:
    """No., name, one column a round (OpenGotha's notation) and the score."""
    headers = sheet.headers
    rounds = [i for i, h in enumerate(headers) if ROUND_COLUMN.match(h)]
    scores = [i for i, h in enumerate(headers) if h in SCORES][:2]
    first = [i for i, h in enumerate(headers) if h in ("No.", "Name", "First name")]
    shown, rows = _merged_names(headers, sheet.rows, first + rounds + scores)
    return Table("Crosstable", shown, rows, _numeric(shown), frozenset({shown.index("Name")}))


def _merged_names(
    headers: list[str], rows: list[list[Any]], keep: list[int]
) -> tuple[tuple[str, ...], list[list[str]]]:
    """The columns ``keep``, ``Name`` and ``First name`` as one ``Name``."""
    first = headers.index("First name") if "First name" in headers else None
    name = headers.index("Name")
    columns = [i for i in keep if i != first]
    out: list[list[str]] = []
    for row in rows:
        cells = []
        for i in columns:
            value = text(row[i] if i < len(row) else None)
            if i == name and first is not None:
                value = f"{value} {text(row[first])}".strip()
            cells.append(value)
        out.append(cells)
    return tuple(headers[i] for i in columns), out


def _numeric(headers: tuple[str, ...]) -> frozenset[int]:
    words = ("Name", "Club", "Country", "Rank", "Group")
    return frozenset(
        i for i, h in enumerate(headers) if h not in words and not ROUND_COLUMN.match(h)
    )


def pack_of(tournament: Tournament) -> Pack:
    """Every round's lists, the standings and the crosstable of a tournament."""
    game = game_of(tournament.settings.game)
    sheet = without_group_titles(standings_sheet(tournament))  # one table a group
    names = labels(tournament.players)
    return Pack(
        tournament.settings.name,
        game.name,
        game.sides,
        [round_view(tournament, r.number) for r in tournament.rounds],
        standings_tables(sheet),
        crosstable(sheet),
        sorted(names.values(), key=sort_key),
    )
