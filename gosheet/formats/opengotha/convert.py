"""OpenGotha tournaments to workbooks and back.

:func:`from_opengotha` turns an :class:`~gosheet.formats.opengotha.xml.OGTournament` into a gosheet
:class:`~gosheet.core.model.Tournament` under OpenGotha's rules — players, settings, games,
byes — plus the rows of the ``OpenGotha`` sheet, which keeps, visibly, whatever the file holds
and the other sheets do not show (times and dates, display options, each player's grade and
licence, team parameters …). :func:`opengotha_book` writes all of it into a new workbook.

:func:`~gosheet.formats.opengotha.export.to_opengotha` reads a workbook back into an
``OGTournament``. The workbook is the truth: players, settings, games and results come from
its sheets, edits included, and the ``OpenGotha`` sheet only adds what they do not hold. A
workbook that never came from OpenGotha (no ``OpenGotha`` sheet) gets OpenGotha's own defaults
for those. Import then export gives back the file OpenGotha wrote, byte for byte.

How the two meet:

- Settings: OpenGotha's parameter sets, as :mod:`~gosheet.formats.opengotha.parameter_sets`
  tells (the system follows the first placement criterion: MMS is McMahon, anything else
  Swiss).
- Players: ``participating`` is the ``Not playing`` column (rounds of the tournament;
  OpenGotha's string covers 20), ``registeringStatus`` the ``Registration`` column (PRE: never
  paired), ``egfPin`` and ``smmsCorrection`` the ``EGD PIN`` and ``MMS correction`` columns.
- Games: one line of a ``Round N`` sheet each; ``RESULT_*`` codes are result codes
  (``_BYDEF``: ``!``, not played). The komi of a round sheet is the tournament's for an even
  game and 0.5 for a handicap game (OpenGotha keeps one komi, not one a game).
- Byes: the ``Bye`` lines; OpenGotha keeps one bye player a round. A bye set in OpenGotha
  for a round not yet paired is the organiser's line of that round when it is the next one
  (``gosheet pair`` pairs the round around it); one of a later round stays in the
  ``OpenGotha`` sheet (``Bye``, ``Round N``, ``player``) and goes back into the file.

>>> from gosheet.formats.opengotha.xml import read_opengotha
>>> og = read_opengotha(
...     b'<Tournament saveDT="20250101000000"><Players>'
...     b'<Player firstName="Ann" name="Lee" rank="3K" rating="1750" participating="101"/>'
...     b'<Player firstName="Bo" name="Kim" rank="1D" rating="2100"/></Players>'
...     b'<Games><Game blackPlayer="LEEANN" result="RESULT_WHITEWINS_BYDEF" roundNumber="1"'
...     b' tableNumber="1" whitePlayer="KIMBO"/></Games>'
...     b'<TournamentParameterSet><GeneralParameterSet numberOfRounds="3" komi="7.5"/>'
...     b'<PlacementParameterSet><PlacementCriteria><PlacementCriterion name="NBW" number="1"/>'
...     b'</PlacementCriteria></PlacementParameterSet></TournamentParameterSet></Tournament>')
>>> imported = from_opengotha(og)
>>> t = imported.tournament
>>> t.settings.system, t.settings.rules, t.rounds[0].games[0].result.value
(<System.SWISS: 'swiss'>, <Rules.OPENGOTHA: 'opengotha'>, '1-0!')
>>> [(p.name, sorted(p.not_playing)) for p in t.players]
[('Lee Ann', [2]), ('Kim Bo', [])]
>>> imported.rows[:2]
(('Tournament', '', 'saveDT', '20250101000000'), ('Player', 'Lee Ann', 'participating', '101'))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from gosheet.core.errors import InputError, Problem
from gosheet.core.model import Game, Player, Round, Tournament
from gosheet.core.opengotha.values import rank_to_xml
from gosheet.core.pairing import Pairing
from gosheet.core.settings import Settings
from gosheet.core.teams.matches import matches_in, team_bye
from gosheet.formats.opengotha.elements import KeyIndex, OGTournament, player_key
from gosheet.formats.opengotha.layout import (
    BYE,
    GAME,
    GAMES,
    GENERAL,
    MAX_HANDICAP,
    MAX_ROUNDS,
    OG_RESULTS,
    ORDER,
    PLAYER,
    PLAYER_KEY,
    RESULTS_OF_OG,
    ROOT,
    XML,
    Row,
    bye_key,
    game_key,
    player_defaults,
)
from gosheet.formats.opengotha.parameter_sets import settings_of
from gosheet.formats.opengotha.ranks import file_rank
from gosheet.formats.opengotha.sheet import (
    opengotha_sheet,
    parameter_rows,
    section_rank,
)
from gosheet.formats.opengotha.teams import (
    TEAM_ELEMENTS,
    ReadTeams,
    is_team_file,
    read_teams,
    team_parameters,
)
from gosheet.i18n.catalog import _
from gosheet.records import field, record
from gosheet.workbook.sheets import PLAYERS, SheetData
from gosheet.workbook.sheets.imported_rounds import record_rows
from gosheet.workbook.sheets.language import InLanguage
from gosheet.workbook.sheets.names import name_key
from gosheet.workbook.sheets.players_reader import MMS_CORRECTION
from gosheet.workbook.sheets.reading import cell_text
from gosheet.workbook.sheets.team_rounds import team_round_sheet
from gosheet.workbook.sheets.teams import teams_sheet
from gosheet.workbook.sheets.writer import players_sheet, round_sheet
from gosheet.workbook.xlsx.book import XlsxBook

__all__ = [
    "MAX_ROUNDS",
    "OG_RESULTS",
    "Imported",
    "from_opengotha",
    "is_opengotha_file",
    "opengotha_book",
    "opengotha_sheet",
]


# ---------------------------------------------------------------------------- detection


def is_opengotha_file(path: Path) -> bool:
    """Whether ``path`` is to be read as an OpenGotha file: its name ends in ``.xml``, or it
    starts like XML (``<?xml`` or ``<Tournament``) whatever its name."""
    if path.suffix.lower() == ".xml":
        return True
    if not path.is_file():  # a pipe or a device is never opened (the roster reader refuses it)
        return False
    try:
        with path.open("rb") as stream:
            head = stream.read(512)
    except OSError:
        return False
    head = head.removeprefix(b"\xef\xbb\xbf").lstrip()  # a UTF-8 byte order mark, spaces
    return head.startswith((b"<?xml", b"<Tournament"))


# ---------------------------------------------------------------------------- importing


@record
class Imported:
    """An OpenGotha file as a gosheet tournament: the tournament, the players registered PRE
    (by number), and the rows of the ``OpenGotha`` sheet."""

    tournament: Tournament
    registration: dict[int, str] = field(default_factory=dict)
    rows: tuple[Row, ...] = ()
    games_dropped: int = 0  # games and byes after --until-round
    #: byes set in OpenGotha for a round after the next one, kept in the OpenGotha sheet:
    #: (round, player number)
    byes_ahead: tuple[tuple[int, int], ...] = ()
    #: what was read otherwise than written (an older layout, other writers' spellings,
    #: OpenGotha's defaults for what the file lacks), for the import's summary
    notes: tuple[str, ...] = ()
    #: the team tournament's rows and notes are in ``rows`` and ``notes``; its teams in
    #: ``tournament.teams``


class _Problems:
    def __init__(self, source: str) -> None:
        self.source = source
        self.problems: list[Problem] = []

    def add(self, where: str, value: object, message: str) -> None:
        self.problems.append(Problem(self.source, where, value, message))


def from_opengotha(
    og: OGTournament,
    *,
    until_round: int | None = None,
    rounds: int | None = None,
    name: str | None = None,
    komi: float | None = None,
    random_seed: int | None = None,
    source: str = "OpenGotha file",
    language: str = "en",
) -> Imported:
    """The tournament of an OpenGotha file, under OpenGotha's rules.

    ``until_round``: keep the games and byes of rounds 1 to this one only (0: none), so that
    the next pairing makes the round after. ``rounds``, ``name``, ``komi`` replace the file's.
    Every problem (a value gosheet cannot hold, two players it cannot tell apart, a round
    without games before a round with games …) is reported at once in an
    :class:`InputError` naming the file and the element (``Player 3``, ``Game 12`` …).
    """
    problems = _Problems(source)
    rows: list[Row] = [(ROOT, "", k, v) for k, v in og.attributes.items()]
    notes = list(og.notes)
    settings = settings_of(og, problems.add, rounds=rounds, name=name, komi=komi, notes=notes)
    if random_seed is not None:
        settings = settings.replace(random_seed=random_seed)
    settings = settings.replace(language=language)  # of the workbook's words
    teams = is_team_file(og)
    individual = settings
    if teams:
        settings = settings.replace(**team_parameters(og, problems.add))
    players, registration, numbers = _players(og, settings, problems, rows, notes)
    number_of = _Numbers(og, numbers, problems).number_of
    read = ReadTeams(())
    if teams:
        keys = {n: k for k, n in numbers.items()}
        read = read_teams(
            og, number_of, keys.__getitem__, settings.rounds or MAX_ROUNDS, settings.team_size
        )
        teams = not read.trouble
        if teams:
            rows += read.rows
            notes += read.notes
        else:  # kept as they are in the OpenGotha sheet, its individual tournament imported
            shown = "; ".join(read.trouble[:5]) + ("; …" if len(read.trouble) > 5 else "")
            notes.append(
                "the teams are kept as they are in the OpenGotha sheet and written back, and "
                "the individual tournament imported, as the Teams sheet needs a player at every "
                f"board of every round, each once: {shown}"
            )
            settings, read = individual, ReadTeams(())
    limit = until_round if until_round is not None else len(og.games) + len(og.byes) + 99
    games, dropped = _games(og, limit, settings.komi, number_of, problems, rows)
    next_round = max(games, default=0) + 1
    byes, dropped_byes, ahead = _byes(og, limit, next_round, number_of, rows)
    dropped += dropped_byes
    last = _last_round(set(games) | set(byes), settings.rounds, problems, notes)
    rows += parameter_rows(og, held=TEAM_ELEMENTS if teams else ())
    rows.sort(key=section_rank)  # stable: each section keeps the file's order
    _check_cells(players, settings, rows, problems)
    if problems.problems:
        raise InputError(problems.problems)
    played = tuple(
        Round(
            r,
            tuple(sorted(games.get(r, []), key=lambda game: game.table)),
            tuple(byes.get(r, [])),
        )
        for r in range(1, last + 1)
    )
    tournament = Tournament(settings, tuple(players), played, teams=read.teams)
    rows += record_rows(tournament)  # each round as imported: gosheet's record
    rows.sort(key=section_rank)
    return Imported(
        tournament,
        registration,
        tuple(rows),
        games_dropped=dropped,
        notes=tuple(notes),
        byes_ahead=ahead,
    )


class _Numbers:
    """The number of each player of the file, by the key the games and byes name him by."""

    def __init__(self, og: OGTournament, numbers: dict[str, int], problems: _Problems) -> None:
        self.index = KeyIndex(og.players)
        self.numbers = numbers
        self.problems = problems

    def number_of(self, key: str, where: str) -> int | None:
        """The number of the player ``key`` names (read_opengotha checked the keys of a file;
        a tournament made otherwise may still name nobody)."""
        found = self.index.find(key)
        if found is None:
            self.problems.add(where, key, "not a player of the file")
            return None
        return self.numbers[player_key(found)]


def _games(
    og: OGTournament,
    limit: int,
    komi: float,
    number_of: Callable[[str, str], int | None],
    problems: _Problems,
    rows: list[Row],
) -> tuple[dict[int, list[Game]], int]:
    """The games of rounds 1 to ``limit``, round by round, and how many games were left out
    (of later rounds); what the sheets do not show goes to ``rows``."""
    games: dict[int, list[Game]] = {}
    tables: dict[tuple[int, int], int] = {}
    order: list[tuple[int, int]] = []
    dropped = 0
    for n, g in enumerate(og.games, 1):
        where = f"Game {n}"
        if g.round_number > limit:
            dropped += 1
            continue
        if g.table_number < 1:
            problems.add(where, g.table_number, "tableNumber must be 1 or more")
            continue
        slot = (g.round_number, g.table_number)
        if slot in tables:
            problems.add(
                where,
                g.table_number,
                f"the same table of round {g.round_number} as Game {tables[slot]}",
            )
            continue
        tables[slot] = n
        if g.handicap > MAX_HANDICAP:
            problems.add(where, g.handicap, f"a handicap of at most {MAX_HANDICAP} stones")
        result = RESULTS_OF_OG[g.result]
        game_komi = komi if g.handicap == 0 else 0.5
        white, black = number_of(g.white_key, where), number_of(g.black_key, where)
        if white is None or black is None:
            continue
        game = Game(g.table_number, white, black, min(g.handicap, 9), game_komi, result)
        games.setdefault(g.round_number, []).append(game)
        order.append(slot)
        key = game_key(*slot)
        if not g.known_color:
            rows.append((GAME, key, "knownColor", "false"))
        rows += [(GAME, key, k, v) for k, v in g.extra.items()]
    if order != sorted(order):
        rows.append((GAMES, "", ORDER, " ".join(f"{r}.{t}" for r, t in order)))
    return games, dropped


def _byes(
    og: OGTournament,
    limit: int,
    next_round: int,
    number_of: Callable[[str, str], int | None],
    rows: list[Row],
) -> tuple[dict[int, list[int]], int, tuple[tuple[int, int], ...]]:
    """The byes of rounds 1 to ``limit``, round by round, up to the ``next_round`` (the one
    after the last with games); how many were left out (after ``limit``); and those of a
    later round, set in OpenGotha ahead of their round, kept in ``rows`` (round, player)."""
    byes: dict[int, list[int]] = {}
    ahead: list[tuple[int, int]] = []
    dropped = 0
    in_rounds = sorted(enumerate(og.byes, 1), key=lambda nb: nb[1].round_number)
    for n, b in in_rounds:  # by round, as OpenGotha holds them (one a round) and writes them
        if b.round_number > limit:
            dropped += 1
            continue
        number = number_of(b.player_key, f"Bye {n}")
        if number is None:
            continue
        key = bye_key(b.round_number)
        if b.round_number > next_round:
            ahead.append((b.round_number, number))
            rows.append((BYE, key, PLAYER_KEY, b.player_key))
        else:
            byes.setdefault(b.round_number, []).append(number)
        rows += [(BYE, key, k, v) for k, v in b.extra.items()]
    return byes, dropped, tuple(ahead)


def _last_round(paired: set[int], rounds: int | None, problems: _Problems, notes: list[str]) -> int:
    """The last round with a game or a bye, which the tournament's ``rounds`` must hold. A
    round before it without any is kept as a round played without games, as OpenGotha holds
    it: every player is unpaired in it (absent, for the scores)."""
    ordered = sorted(paired)
    last = ordered[-1] if ordered else 0
    empty = [r for r in range(1, last) if r not in paired]
    if empty:
        shown = ", ".join(map(str, empty))
        notes.append(
            f"round {shown} has no game and no bye, but a later round has: kept as played "
            "without games, its sheet empty (every player unpaired in it, as OpenGotha holds it)"
        )
    if rounds is not None and last > rounds:
        problems.add(
            "",
            rounds,
            _(
                "rounds: fewer than the {last} rounds played (keep the first ones with "
                "'--until-round {rounds}')"
            ).format(last=last, rounds=rounds),
        )
    return last


CELL_LIMIT = 32_767  # the most characters a spreadsheet cell holds


def _check_cells(
    players: Sequence[Player], settings: Settings, rows: Sequence[Row], problems: _Problems
) -> None:
    """Every text the workbook will hold must stay text in one cell: a value starting with
    ``=`` would become a formula (a hostile file could make the workbook fetch or compute
    things when opened), and a cell holds at most 32,767 characters."""

    def check(where: str, what: str, text: str) -> None:
        if text.startswith("="):
            problems.add(
                where,
                text[:60],
                f"{what} starts with '=': it would be a spreadsheet formula, so it is refused",
            )
        elif len(text) > CELL_LIMIT:
            problems.add(
                where, text[:60] + "…", f"{what} is longer than a cell holds ({CELL_LIMIT})"
            )

    for p in players:
        for what, text in (
            ("name", p.surname),
            ("firstName", p.first_name),
            ("club", p.club),
            ("country", p.country),
            ("egfPin", p.egd_pin),
        ):
            check(f"Player {p.number}", what, text)
    check(GENERAL, "name", settings.name)
    for section, key, attribute, value in rows:
        where = f"{section} {key}".strip() if section in (PLAYER, GAME, BYE) else section
        check(where, "attribute", attribute)
        if section != PLAYER:  # a player's key is his name, checked above
            check(where, "key", key)
        if section != XML:  # XML rows are cut to fit, and start with '<'
            check(where, attribute or section, value)


def _players(
    og: OGTournament, settings: Settings, problems: _Problems, rows: list[Row], notes: list[str]
) -> tuple[list[Player], dict[int, str], dict[str, int]]:
    rounds = settings.rounds or MAX_ROUNDS
    players: list[Player] = []
    registration: dict[int, str] = {}
    numbers: dict[str, int] = {}
    seen: dict[str, int] = {}
    ranks_read: list[str] = []
    odd_status: list[str] = []  # a registeringStatus neither FIN nor PRE
    for number, op in enumerate(og.players, 1):
        where = f"Player {number}"
        numbers[player_key(op)] = number
        surname, first = cell_text(op.name), cell_text(op.first_name)
        full = f"{surname} {first}".strip()
        if name_key(full) in seen:
            problems.add(
                where,
                full,
                f"gosheet cannot tell this player from Player {seen[name_key(full)]} (names are "
                "compared without case, accents, spaces or punctuation)",
            )
        seen.setdefault(name_key(full), number)
        rank, otherwise = file_rank(op.rank)
        if otherwise:
            ranks_read.append(f"{full} {op.rank} as {rank_to_xml(rank)}")
        if not -1000 <= op.rating <= 4000:
            problems.add(where, op.rating, "a rating from -1000 to 4000")
        low, high = MMS_CORRECTION
        if not low <= op.smms_correction <= high:
            problems.add(where, op.smms_correction, f"smmsCorrection from {low} to {high}")
        if op.registering_status not in ("FIN", "PRE"):
            odd_status.append(f"{full} {op.registering_status!r}")
            registration[number] = "PRE"
        elif op.registering_status == "PRE":
            registration[number] = "PRE"
        part = op.participating
        absent = frozenset(r for r in range(1, rounds + 1) if part[r - 1 : r] == "0")
        player = Player(
            number,
            surname,
            first,
            rank,
            op.rating,
            cell_text(op.club),
            cell_text(op.country),
            not_playing=absent,
            mms_correction=op.smms_correction,
            egd_pin=cell_text(op.egf_pin),
        )
        players.append(player)
        defaults = player_defaults(player)
        attributes = {"ffgLicence": op.ffg_licence, **op.extra}
        for attribute, value in attributes.items():
            if defaults.get(attribute) != value:
                rows.append((PLAYER, player.name, attribute, value))
        if len(part) != MAX_ROUNDS or "0" in part[rounds:]:
            rows.append((PLAYER, player.name, "participating", part))
    if ranks_read:
        notes.append(
            "ranks beyond 30K–9D read as OpenGotha reads them (Player.convertKDPToInt; one it "
            "cannot read it saves as 99K and reads back as 30K), and written back so: "
            + ", ".join(ranks_read)
        )
    if odd_status:
        notes.append(
            "a registeringStatus other than FIN read as PRE, never paired (as OpenGotha pairs "
            "FIN players only), and written back as PRE: " + ", ".join(odd_status)
        )
    return players, registration, numbers


def _round_sheet(t: Tournament, played: Round) -> SheetData:
    """A round's sheet: a team tournament's as blocks of boards, match by match, when every
    game of the round is a board of a match (else, and for an individual tournament, a line
    a game)."""
    if t.teams:
        matches = matches_in(t, played.number)
        boards = sum(len(m.boards) for m in matches)
        if boards == len(played.games) and not played.byes:
            return team_round_sheet(t, played.number, matches, team_bye(t, played.number))
    return round_sheet(t, Pairing(played.number, played.games, played.byes))


def opengotha_book(imported: Imported, template: str | Path | None = None) -> XlsxBook:
    """A new workbook of an imported OpenGotha tournament: Settings, Players, a sheet for each
    round played, and the ``OpenGotha`` sheet. It is read back before it is returned, so that a
    workbook gosheet could not read is never written."""
    from gosheet.workbook.template import new_book  # a new workbook: import only, not export

    t = imported.tournament
    book = new_book(t.settings, template=template)
    port = InLanguage(book, t.settings.language)
    port.grids()
    port.render(players_sheet(t.players, t.settings, registration=imported.registration))
    for played in t.rounds:
        port.render(_round_sheet(t, played))
    if t.teams:
        port.render(teams_sheet(t, t.settings.language))
    port.render(opengotha_sheet(imported.rows, t.settings.language))
    book.workbook.active = book.workbook.sheetnames.index(port.names[PLAYERS])
    book.read()  # a safety net: raises InputError rather than write an unreadable workbook
    return book
