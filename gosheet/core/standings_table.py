"""The standings of a tournament as one model, made once by its system's ranking: its
columns (an English key, what the column holds), its rows (the line, the place, the group, the
player, one value a column) and its groups. Every picture of the standings is drawn from it —
the ``Standings`` sheet (:mod:`gosheet.workbook.sheets.standings`), the printed pack and the
published pages (:mod:`gosheet.formats.pack.view`), the rating bodies' results files
(:mod:`gosheet.formats.results`) — none ranks the players again.

Each ranking (:attr:`gosheet.core.systems.PairingSystem.ranking`) has its builder in
:data:`BUILDERS`: the seed McMahon (per group, by wins and the tiebreaks), Swiss and round
robin (by points and the tiebreaks), FUS (by final level, coefficient, wins) and OpenGotha's
placement criteria. The values are exact (a score is a :class:`~fractions.Fraction`); a
round's cell is its game in OpenGotha's notation (:func:`crosstable_cell`), ``bye`` in English.

>>> from gosheet.core.model import Game, Player, Result, Round, Tournament
>>> from gosheet.core.settings import Settings
>>> t = Tournament(
...     Settings(system="swiss", rounds=1),
...     (Player(1, "Lee", rank=-5), Player(2, "Kim", rank=2), Player(3, "Ito", rank=-25)),
...     (Round(1, (Game(1, 2, 1, result=Result.WHITE_WINS),), byes=(3,)),),
... )
>>> model = standings_model(t)
>>> r1 = model.index("R1")
>>> model.keys[:3], [(r.place, r.player.surname, r.values[r1]) for r in model.rows]
(('No.', 'Place', 'Name'), [(1, 'Kim', '3+/w'), (1, 'Ito', 'bye'), (3, 'Lee', '1-/b')])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from enum import Enum
from fractions import Fraction
from itertools import count, groupby
from typing import Any, NamedTuple

from gosheet.core.games import game_of
from gosheet.core.kinds import Ranking
from gosheet.core.model import Outcome, Player, Tournament
from gosheet.core.opengotha.placement import Placement, Standing, criterion_name
from gosheet.core.scorecard import RoundEntry, round_entries
from gosheet.core.standings import standings
from gosheet.core.systems import system_of
from gosheet.records import record

BYE = "bye"  # a round's cell of a bye (the workbook's word, :data:`gosheet.i18n.words.CELLS`)
SCORES = ("Wins", "MMS", "Points", "Level", "Score")
"""The main scores of the systems' standings (what the crosstable ends with)."""


class Kind(Enum):
    """What a column holds."""

    LINE = "line"  # the line number the crosstable's cells refer to (No.)
    GROUP = "group"  # the player's McMahon group
    PLACE = "place"  # the place (in the group), blank when shared with the line above
    PLAYER = "player"  # the player's own: name, first name, rank, rating, club, country
    START = "start"  # where the player started: McMahon score, FUS level
    ROUND = "round"  # a round's game, in OpenGotha's notation (R1, R2 …)
    STEP = "step"  # FUS: the step a round made (Step 1 …)
    SCORE = "score"  # a score or a ranking criterion


@record
class Column:
    """A column: ``key`` its English word (the Standings' header,
    :data:`gosheet.i18n.words.STANDINGS`; OpenGotha's criteria by their short names),
    ``kind`` what it holds, ``text`` whether its values are words rather than numbers."""

    key: str
    kind: Kind
    text: bool = False


class Row(NamedTuple):
    """A player's line: ``line`` runs 1..N over the whole table (the crosstable refers to
    it), ``place`` is shared on a tie (``tied``: the same place as the line above, in the
    same group), ``group`` the McMahon group (None without groups), ``values`` one for each
    column of the model. (A named tuple: a big field's rows are made quickly.)"""

    line: int
    place: int
    tied: bool
    group: int | None
    player: Player
    values: tuple[Any, ...]


@record
class Group:
    """The rows of one group, in order (``number`` None: the whole field, no groups)."""

    number: int | None
    rows: tuple[Row, ...]


@record
class StandingsModel:
    """The standings of a tournament: ``ranking`` the system's (:class:`Ranking`), ``rounds``
    the rounds counted, ``criteria`` the columns that rank the players, most important first
    (the results files' columns)."""

    ranking: Ranking
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    criteria: tuple[int, ...]
    rounds: int

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(column.key for column in self.columns)

    def index(self, key: str) -> int:
        """The position of the column ``key``."""
        return self.keys.index(key)

    @property
    def grouped(self) -> bool:
        """Whether the players are ranked in groups (the seed McMahon)."""
        return any(column.kind is Kind.GROUP for column in self.columns)

    def deciding(self) -> list[int]:
        """The columns a short table of the standings shows beside the name: the scores that
        decide the place (:attr:`criteria`) and the main score beside them (McMahon's MMS,
        :data:`SCORES`) — the published pages' standings for a phone, the command's top of
        the standings."""
        return [
            i
            for i, column in enumerate(self.columns)
            if column.kind is Kind.SCORE and (i in self.criteria or column.key in SCORES)
        ]

    @property
    def groups(self) -> tuple[Group, ...]:
        """The rows group by group (one group, ``number`` None, when there are none)."""
        if not self.grouped:
            return (Group(None, self.rows),)
        return tuple(
            Group(number, tuple(rows)) for number, rows in groupby(self.rows, lambda r: r.group)
        )


# ------------------------------------------------------------------ the crosstable

_SIGNS = {
    Outcome.WIN: "+",
    Outcome.FORFEIT_WIN: "+!",
    Outcome.LOSS: "-",
    Outcome.FORFEIT_LOSS: "-!",
    Outcome.JIGO: "=",
    Outcome.PENDING: "?",
}
_SIGN_OF_VALUE = {outcome.value: sign for outcome, sign in _SIGNS.items()}


def crosstable_cell(entry: RoundEntry, line_of: Mapping[int, int], game: str = "go") -> str:
    """OpenGotha's notation: opponent's line, +/-/=, ``!`` when not played,
    ``/w`` or ``/b`` and the handicap: ``12+/w``, ``3-!/b``; ``bye``; ``-``.
    In other games ``/1`` or ``/2``: moved first or second."""
    if entry.outcome is Outcome.BYE:
        return BYE
    if entry.opponent is None:
        return "-"
    sign = _SIGNS[entry.outcome]
    handicap = str(entry.handicap) if entry.handicap else ""
    white, black = game_of(game).marks
    colour = white if entry.colour == "w" else black
    return f"{line_of[entry.opponent]}{sign}/{colour}{handicap}"


def round_cells(
    k: int, entries: Sequence[Sequence[RoundEntry]], line_of: Mapping[int, int], game: str
) -> list[str]:
    """Round ``k``'s column: each player's game (``entries``: each player's rounds), in
    :func:`crosstable_cell`'s notation — written out, one cell for each player and round."""
    white, black = game_of(game).marks
    bye = Outcome.BYE
    cells: list[str] = []
    append = cells.append
    for rounds in entries:
        entry = rounds[k]
        outcome = entry.outcome
        if outcome is bye:
            append(BYE)
        elif (opponent := entry.opponent) is None:
            append("-")
        else:
            sign = _SIGN_OF_VALUE[outcome._value_]  # (an Enum member hashes in Python)
            colour = white if entry.colour == "w" else black
            handicap = entry.handicap
            append(f"{line_of[opponent]}{sign}/{colour}{handicap if handicap else ''}")
    return cells


# ------------------------------------------------------------------ building a model

#: The player's own columns: (the column, its value).
PLAYER_COLUMNS: dict[str, tuple[Column, Callable[[Player], Any]]] = {
    "Name": (Column("Name", Kind.PLAYER, True), lambda p: p.surname),
    "First name": (Column("First name", Kind.PLAYER, True), lambda p: p.first_name),
    "Rank": (Column("Rank", Kind.PLAYER, True), lambda p: p.rank_text or None),
    "Rating": (Column("Rating", Kind.PLAYER), lambda p: p.rating),
    "Club": (Column("Club", Kind.PLAYER, True), lambda p: p.club),
    "Country": (Column("Country", Kind.PLAYER, True), lambda p: p.country),
}


class Ranked(NamedTuple):
    """A builder's line before the columns: the player, his place, group and rounds."""

    player: Player
    place: int
    tied: bool
    group: int | None
    entries: tuple[RoundEntry, ...]


class Builder:
    """A model built column by column: each column's values in the rows' order."""

    def __init__(self, tournament: Tournament, ranked: Sequence[Ranked]) -> None:
        self.tournament = tournament
        self.ranked = ranked
        self.columns: list[Column] = []
        self.cells: list[list[Any]] = []

    def add(self, column: Column, values: Iterable[Any]) -> None:
        self.columns.append(column)
        self.cells.append(list(values))

    def line(self) -> None:
        self.add(Column("No.", Kind.LINE), range(1, len(self.ranked) + 1))

    def group(self) -> None:
        self.add(Column("Group", Kind.GROUP), (r.group for r in self.ranked))

    def place(self, blank_when_tied: bool = False) -> None:
        values = (None if blank_when_tied and r.tied else r.place for r in self.ranked)
        self.add(Column("Place", Kind.PLACE), values)

    def player(self, *keys: str) -> None:
        players = [r.player for r in self.ranked]
        for key in keys:
            column, read = PLAYER_COLUMNS[key]
            self.add(column, map(read, players))

    def rounds(self) -> None:
        line_of = {r.player.number: k for k, r in enumerate(self.ranked, start=1)}
        entries = [r.entries for r in self.ranked]
        game = self.tournament.settings.game
        for k, rnd in enumerate(self.tournament.rounds):
            self.add(Column(f"R{rnd.number}", Kind.ROUND), round_cells(k, entries, line_of, game))

    def model(self, ranking: Ranking, criteria: Sequence[str], rounds: int) -> StandingsModel:
        keys = {column.key: k for k, column in enumerate(self.columns)}
        values = zip(*self.cells, strict=True) if self.cells else ((),) * len(self.ranked)
        rows = tuple(
            Row(line, r.place, r.tied, r.group, r.player, cells)
            for line, r, cells in zip(count(1), self.ranked, values)
        )
        return StandingsModel(
            ranking, tuple(self.columns), rows, tuple(keys[c] for c in criteria), rounds
        )


def _ties(keys: Sequence[object]) -> list[bool]:
    """Whether each line shares its place with the line above (the same key)."""
    return [k > 0 and keys[k] == keys[k - 1] for k in range(len(keys))]


def _scored(tournament: Tournament, rounds: int | None, mcmahon: bool) -> StandingsModel:
    """The seed McMahon (per group, by wins) and Swiss (by points), then the tiebreaks."""
    table = standings(tournament, rounds)
    rows = table.rows
    tied = _ties([(r.group, r.place) for r in rows])
    ranked = [
        Ranked(r.player, r.place, t, r.group if mcmahon else None, r.record.entries)
        for r, t in zip(rows, tied, strict=True)
    ]
    build = Builder(tournament, ranked)
    build.line()
    if mcmahon:
        build.group()
        build.place()
        build.player("Name", "First name", "Rank", "Club")
        build.add(Column("Start MMS", Kind.START), (r.record.start_score for r in rows))
        build.rounds()
        build.add(Column("Wins", Kind.SCORE), (r.record.wins for r in rows))
        build.add(Column("MMS", Kind.SCORE), (r.record.score for r in rows))
    else:
        build.place()
        rank = ("Rank",) if game_of(tournament.settings.game).go else ()
        build.player("Name", "First name", *rank, "Rating", "Club")
        build.rounds()
        build.add(Column("Points", Kind.SCORE), (r.record.score for r in rows))
    for k, name in enumerate(table.tiebreak_names):
        build.add(Column(name, Kind.SCORE), (r.tiebreaks[k] for r in rows))
    ranking, first = (Ranking.MCMAHON, "Wins") if mcmahon else (Ranking.SWISS, "Points")
    return build.model(ranking, (first, *table.tiebreak_names), _counted(tournament, rounds))


def _mcmahon(tournament: Tournament, rounds: int | None) -> StandingsModel:
    """The seed McMahon: per McMahon group, by wins, then the tiebreaks."""
    return _scored(tournament, rounds, mcmahon=True)


def _swiss(tournament: Tournament, rounds: int | None) -> StandingsModel:
    """Swiss and round robin: the whole field by points, then the tiebreaks."""
    return _scored(tournament, rounds, mcmahon=False)


def _fus(tournament: Tournament, rounds: int | None) -> StandingsModel:
    """FUS: by final level, FUS coefficient, wins; each round's game and step."""
    from gosheet.core.systems.fus_levels import fus_standings  # (FUS's tournaments only)

    rows = fus_standings(tournament)
    tied = _ties([r.place for r in rows])
    ranked = [
        Ranked(r.player, r.place, t, None, r.record.entries)
        for r, t in zip(rows, tied, strict=True)
    ]
    build = Builder(tournament, ranked)
    build.line()
    build.place()
    build.player("Name", "First name", "Rank", "Rating", "Club")
    build.add(Column("Start level", Kind.START), (r.record.start_level for r in rows))
    build.rounds()
    for k, rnd in enumerate(tournament.rounds):
        build.add(Column(f"Step {rnd.number}", Kind.STEP), (r.record.steps[k] for r in rows))
    build.add(Column("Level", Kind.SCORE), (r.record.level for r in rows))
    build.add(Column("Wins", Kind.SCORE), (r.record.wins for r in rows))
    build.add(Column("Losses", Kind.SCORE), (r.record.losses for r in rows))
    build.add(Column("FUS coefficient", Kind.SCORE), (r.coefficient for r in rows))
    criteria = ("Level", "FUS coefficient", "Wins")
    return build.model(Ranking.FUS, criteria, _counted(tournament, rounds))


def complete_rounds(tournament: Tournament) -> int:
    """The rounds complete before the first one with a result missing."""
    done = 0
    for rnd in tournament.rounds:
        if not rnd.complete:
            break
        done += 1
    return done


@record
class Placed:
    """OpenGotha's placement of the players after ``counted`` rounds by the criteria
    ``names``: most of the standings' work under OpenGotha's rules, and the same after a new
    round is paired (its games have no result: the rounds counted are those before it), so
    it may be computed while a helper pairs that round (:func:`placed_before`)."""

    counted: int
    names: tuple[str, ...]
    rows: tuple[Standing, ...]


def placed_before(tournament: Tournament) -> Placed | None:
    """Under OpenGotha's ranking, the placement :func:`standings_model` takes
    (``placed``) for ``tournament`` with its next round paired: after its complete rounds;
    None under the other rankings (they count every round paired)."""
    if system_of(tournament.settings).ranking is not Ranking.OPENGOTHA:
        return None
    return _placed(tournament, complete_rounds(tournament))


def _criteria(tournament: Tournament) -> tuple[str, ...]:
    """The placement criteria of the settings, by their short names."""
    settings = tournament.settings
    named = map(criterion_name, settings.opengotha.ranked_by(settings.system))
    return tuple(name for name in named if name != "NULL")


def _placed(tournament: Tournament, counted: int) -> Placed:
    names = _criteria(tournament)
    return Placed(counted, names, tuple(Placement(tournament).standings(counted - 1, names)))


def _same(placed: Placed, tournament: Tournament, counted: int) -> bool:
    """Whether ``placed`` counts ``counted`` rounds by the criteria of ``tournament``, for
    its players."""
    if (placed.counted, placed.names) != (counted, _criteria(tournament)):
        return False
    return {s.number for s in placed.rows} == {p.number for p in tournament.players}


def _opengotha(
    tournament: Tournament, rounds: int | None, placed: Placed | None = None
) -> StandingsModel:
    """OpenGotha's placement criteria of the settings (by default after the last complete
    round, as OpenGotha shows its standings), each round's game; ``placed``: the placement
    computed before the last round was paired (:func:`placed_before`), taken if it counts
    the same rounds by the same criteria, for the same players."""
    counted = complete_rounds(tournament) if rounds is None else rounds
    if placed is None or not _same(placed, tournament, counted):
        placed = _placed(tournament, counted)
    names, rows = placed.names, placed.rows
    table = round_entries(tournament.rounds, (s.number for s in rows))
    ranked = [
        Ranked(tournament.player(s.number), s.place, s.ex_aequo, None, table[s.number])
        for s in rows
    ]
    build = Builder(tournament, ranked)
    build.line()
    build.place(blank_when_tied=True)
    build.player("Name", "First name", "Rank", "Rating", "Club", "Country")
    build.rounds()
    for k, name in enumerate(names):
        build.add(Column(name, Kind.SCORE), (s.values[k] for s in rows))
    return build.model(Ranking.OPENGOTHA, names, counted)


def _counted(tournament: Tournament, rounds: int | None) -> int:
    return len(tournament.rounds) if rounds is None else rounds


Build = Callable[[Tournament, int | None], StandingsModel]

#: Each ranking's builder, by :attr:`gosheet.core.systems.PairingSystem.ranking`.
BUILDERS: dict[Ranking, Build] = {
    Ranking.MCMAHON: _mcmahon,
    Ranking.SWISS: _swiss,
    Ranking.FUS: _fus,
    Ranking.OPENGOTHA: _opengotha,
}


def standings_model(
    tournament: Tournament, rounds: int | None = None, placed: Placed | None = None
) -> StandingsModel:
    """The standings of ``tournament`` by its system's ranking, after ``rounds`` rounds
    (default: every round paired; under OpenGotha's rules, every round complete).

    ``placed``: :func:`placed_before` of ``tournament`` before its last round was paired
    (that round without results), computed ahead; taken under OpenGotha's ranking when it
    counts the same rounds by the same criteria, for the same players."""
    ranking = system_of(tournament.settings).ranking
    if placed is not None and ranking is Ranking.OPENGOTHA:
        return _opengotha(tournament, rounds, placed)
    return BUILDERS[ranking](tournament, rounds)


def exact(value: Any) -> Fraction:
    """A criterion's value as a fraction (FUS's are whole numbers)."""
    return value if isinstance(value, Fraction) else Fraction(value)


__all__ = [
    "BUILDERS",
    "Column",
    "Group",
    "Kind",
    "Placed",
    "Row",
    "StandingsModel",
    "crosstable_cell",
    "exact",
    "placed_before",
    "round_cells",
    "standings_model",
]
