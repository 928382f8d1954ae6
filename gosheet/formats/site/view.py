"""What the published pages show beyond the printed pack's tables: each player as the pages
link to him (his page, rank, club, country), each round's boards and seats with those, a page
per player (his games, his line of the standings, his next game) and the standings in short
(place, name, rank and the scores that decide the place) for a phone's screen. Drawn from
the tournament and the pack (:mod:`gosheet.formats.pack.view`), in the pack's language;
every page's file name from :mod:`gosheet.formats.addresses`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gosheet.core.games import game_of
from gosheet.core.model import Game, Outcome, Round, Tournament
from gosheet.core.standings_table import StandingsModel, standings_model
from gosheet.core.systems import system_of
from gosheet.formats.addresses import player_page
from gosheet.formats.pack.language import cell, decimal, header, printing, side
from gosheet.formats.pack.view import Pack, member_names, pack_of, text
from gosheet.i18n import collation
from gosheet.records import record, replace
from gosheet.workbook.sheets import BYE_LABEL, BYE_RESULT
from gosheet.workbook.sheets.names import labels
from gosheet.workbook.sheets.standings import number as exact_number

if TYPE_CHECKING:
    from gosheet.formats.site.teams import TeamsSite


@record
class Person:
    """A player as the pages show him: his name (as the round sheets write it), his page,
    his rank (before the round, on a round's page), club and country."""

    name: str
    page: str
    rank: str = ""
    club: str = ""
    country: str = ""

    @property
    def where(self) -> str:
        """``Hamburg, DE``: the club and the country, those there are."""
        return ", ".join(part for part in (self.club, self.country) if part)


@record
class TeamLink:
    """A team as the pages link to it: ``3. Poitiers 1`` and its page."""

    name: str
    page: str


@record
class Board:
    """A line of the list by table: a game, or a bye (``second`` None)."""

    table: str
    first: Person
    second: Person | None
    handicap: str
    komi: str
    result: str


@record
class Seat:
    """A line of the list by name: where a player plays (``opponent`` None: a bye)."""

    player: Person
    table: str
    colour: str
    opponent: Person | None


@record
class RoundPage:
    """A round's page: its note (the same handicap and komi everywhere), its boards and
    seats; ``terms``: whether the boards differ in handicap and komi."""

    number: int
    note: str
    boards: list[Board]
    seats: list[Seat]
    terms: bool


@record
class Played:
    """A round on a player's page: the table, the colour, the handicap and the opponent
    (None: a bye, or not playing), and what it was for him (``outcome``, in words)."""

    round: int
    table: str
    colour: str
    handicap: str
    opponent: Person | None
    outcome: str
    decided: bool  # the game has its result (a bye, not playing: False)


@record
class Standing:
    """A player's line in the standings in short: place, who, the deciding scores."""

    place: str
    player: Person
    scores: list[str]


@record
class StandingsGroup:
    """The short standings of a group (``title`` '': the whole field)."""

    title: str
    rows: list[Standing]


@record
class PlayerPage:
    """A player's page: his games round by round, his line of the standings (header and
    value, the name left out), his next game (None: no round waiting for his result) and,
    in a team tournament, his team (the one whose last line-up lists him)."""

    player: Person
    games: list[Played]
    line: list[tuple[str, str]]
    next: Played | None
    team: TeamLink | None = None


@record
class Site:
    """Everything the pages show: the pack's tables and the site's own."""

    pack: Pack
    go: bool
    rounds: list[RoundPage]
    players: list[PlayerPage]  # by name
    scores: list[str]  # the short standings' headers
    short: list[StandingsGroup]
    standings_links: list[list[str]]  # each standings table's rows' pages
    crosstable_links: list[str]
    clubs: bool
    countries: bool
    words: dict[str, str]  # the columns' headers: table, result, club … (see _words)
    teams: TeamsSite | None = None  # a team tournament's matches and standings in short


def site_of(tournament: Tournament, language: str | None = None) -> Site:
    """The pages' contents of a tournament, in ``language`` (default: its own)."""
    pack = pack_of(tournament, language)
    language = pack.language
    names = labels(tournament.players)
    go = game_of(tournament.settings.game).go
    people = {
        p.number: Person(
            names[p.number],
            player_page(names[p.number]),
            p.rank_text if go else "",
            p.club,
            p.country,
        )
        for p in tournament.players
    }
    seated = [_ranked(tournament, r.number, people) for r in tournament.rounds]
    model = standings_model(tournament)
    lines = _standing_lines(model, pack)
    pages = [
        _player_page(tournament, person, number, seated, lines.get(number, []), language)
        for number, person in people.items()
    ]
    shown = model.deciding()
    row_pages = [people[row.player.number].page for row in model.rows]
    from gosheet.formats.site.teams import teams_site  # (it draws on this module's Person)

    rounds = [
        _round_page(tournament, r, who, language)
        for r, who in zip(tournament.rounds, seated, strict=True)
    ]
    teams = None
    if pack.teams is not None:
        teams = teams_site(tournament, pack.teams, seated, rounds, people, language)
        team_of = _teams_of(tournament)
        pages = [replace(page, team=team_of.get(n)) for n, page in zip(people, pages, strict=True)]
    return Site(
        pack,
        go,
        rounds,
        sorted(pages, key=lambda page: collation.sort_key(page.player.name, language)),
        [header(model.keys[i], language) for i in shown],
        _short(model, pack, people, shown, language),
        _split(row_pages, [len(t.rows) for t in pack.standings]),
        row_pages,
        any(p.club for p in tournament.players),
        any(p.country for p in tournament.players),
        _words(tournament, language),
        teams,
    )


def _teams_of(tournament: Tournament) -> dict[int, TeamLink]:
    """Each player's team in a team tournament: the one whose line-up of the last round
    paired lists him (at a board or as a reserve); none for a player of no team."""
    from gosheet.core.teams.lineups import team_of_player
    from gosheet.formats.site.teams import team_link

    last = tournament.rounds[-1].number if tournament.rounds else 1
    found = {p.number: team_of_player(tournament, p.number, last) for p in tournament.players}
    return {number: team_link(team) for number, team in found.items() if team is not None}


def _words(tournament: Tournament, language: str) -> dict[str, str]:
    """The headers of the site's own columns, as the workbook writes them where it has them."""
    _p = printing(language)
    go = game_of(tournament.settings.game).go
    words = {
        key.lower(): header(key, language)
        for key in ("Table", "Result", "Handicap", "Komi", "Club", "Country")
    }
    words["strength"] = header(system_of(tournament.settings).strength_label.capitalize(), language)
    words["colour"] = _p("Colour") if go else _p("Plays")
    # Translators: the column of a player's page that holds the round's number
    words["round"] = _p("Round")
    return words


def _ranked(tournament: Tournament, number: int, people: dict[int, Person]) -> dict[int, Person]:
    """The players with their ranks before round ``number`` (FUS: their levels then; no
    rank in other games than go)."""
    if not game_of(tournament.settings.game).go:
        return people
    before = replace(tournament, rounds=tournament.rounds[: number - 1])
    strength = system_of(tournament.settings).strength(before)
    return {n: replace(p, rank=text(strength.get(n))) for n, p in people.items()}


def _split(items: list[str], sizes: list[int]) -> list[list[str]]:
    out, start = [], 0
    for size in sizes:
        out.append(items[start : start + size])
        start += size
    return out


def _short(
    model: StandingsModel,
    pack: Pack,
    people: dict[int, Person],
    shown: list[int],
    language: str,
) -> list[StandingsGroup]:
    return [
        StandingsGroup(
            table.title if model.grouped else "",
            [
                Standing(
                    str(row.place),
                    people[row.player.number],
                    [text(_score(row.values[i]), language) for i in shown],
                )
                for row in group.rows
            ],
        )
        for group, table in zip(model.groups, pack.standings, strict=True)
    ]


def _score(value: Any) -> Any:
    """A score as the sheet holds it (``Fraction(1, 2)`` as 0.5, printed ½), else as it is."""
    return exact_number(value) if isinstance(value, Fraction) else value


def _standing_lines(model: StandingsModel, pack: Pack) -> dict[int, list[tuple[str, str]]]:
    """Each player's line of the pack's standings (header and value, the name left out; his
    group first, when there are groups): the pack's tables hold the model's rows in order,
    group after group."""
    rows = [row for table in pack.standings for row in table.rows]
    if not pack.standings:
        return {}
    table = pack.standings[0]
    shown = [i for i in range(len(table.headers)) if i not in table.names]
    group = header("Group", pack.language)
    return {
        row.player.number: ([(group, str(row.group))] if row.group is not None else [])
        + [(table.headers[i], values[i]) for i in shown]
        for row, values in zip(model.rows, rows, strict=True)
    }


def _round_page(
    tournament: Tournament, rnd: Round, who: dict[int, Person], language: str
) -> RoundPage:
    _p = printing(language)
    game = game_of(tournament.settings.game)
    left, right = (side(s, language) for s in game.sides)
    terms = {(g.handicap, g.komi) for g in rnd.games}
    note = ""
    if game.go and len(terms) == 1:
        handicap, same_komi = next(iter(terms))
        note = _p("Handicap {handicap} and komi {komi} in every game").format(
            handicap=handicap, komi=decimal(f"{same_komi:g}", language)
        )
    members = _members(tournament, who)
    boards, seats = [], []
    for g in rnd.games:
        first, second = who[g.white], who[g.black]
        komi = decimal(f"{g.komi:g}", language) if game.go else ""
        result = g.result.value if g.result else ""
        boards.append(Board(str(g.table), first, second, _handicap(g, game.go), komi, result))
        seats += [Seat(p, str(g.table), left, second) for p in members.get(g.white, [first])]
        seats += [Seat(p, str(g.table), right, first) for p in members.get(g.black, [second])]
    bye = cell(BYE_LABEL, language)
    for number in rnd.byes:
        boards.append(Board(bye, who[number], None, "", "", cell(BYE_RESULT, language)))
        seats += [Seat(p, bye, "", None) for p in members.get(number, [who[number]])]
    seats.sort(key=lambda seat: collation.sort_key(seat.player.name, language))
    return RoundPage(rnd.number, note, boards, seats, game.go and len(terms) > 1)


def _members(tournament: Tournament, who: dict[int, Person]) -> dict[int, list[Person]]:
    """Pair go and rengo: each unit's players as the list by name shows them — each under
    his own name and his unit's (``Sato Aki (Pair 3)``), his club and country, linking to
    his unit's page (a unit has the page)."""
    named = member_names(tournament)
    return {
        unit.number: [
            Person(name, who[unit.number].page, "", m.club, m.country)
            for m, name in zip(unit.members, named[unit.number], strict=True)
        ]
        for unit in tournament.units
    }


def _handicap(game: Game, go: bool) -> str:
    return str(game.handicap) if go else ""


def _outcomes(language: str, go: bool) -> dict[Outcome, str]:
    _p = printing(language)
    return {
        # Translators: what a round was for the player whose page it is
        Outcome.WIN: _p("Won"),
        Outcome.LOSS: _p("Lost"),
        Outcome.JIGO: _p("Jigo") if go else _p("Draw"),
        Outcome.FORFEIT_WIN: _p("Won (not played)"),
        Outcome.FORFEIT_LOSS: _p("Lost (not played)"),
        Outcome.BYE: _p("Bye"),
        Outcome.ABSENT: _p("Not playing"),
        Outcome.PENDING: _p("Not played yet"),
    }


def _player_page(
    tournament: Tournament,
    person: Person,
    number: int,
    seated: list[dict[int, Person]],
    line: list[tuple[str, str]],
    language: str,
) -> PlayerPage:
    """``number``'s page: ``person`` his name and page, ``seated`` each round's players
    (ranks before the round), ``line`` his line of the standings."""
    game = game_of(tournament.settings.game)
    words = _outcomes(language, game.go)
    colours = {"w": side(game.sides[0], language), "b": side(game.sides[1], language)}
    games = []
    for rnd, who in zip(tournament.rounds, seated, strict=True):
        outcome = rnd.outcome_for(number)
        board = rnd.game_of(number)
        if board is None:
            bye = cell(BYE_LABEL, language) if outcome is Outcome.BYE else ""
            games.append(Played(rnd.number, bye, "", "", None, words[outcome], False))
            continue
        games.append(
            Played(
                rnd.number,
                str(board.table),
                colours[board.colour_of(number)],
                _handicap(board, game.go),
                who[board.opponent_of(number)],
                words[outcome],
                outcome is not Outcome.PENDING,
            )
        )
    last = tournament.rounds[-1] if tournament.rounds else None  # the round being played
    waiting = last is not None and not last.complete and not games[-1].decided
    return PlayerPage(person, games, line, games[-1] if waiting else None)
