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

- Settings: ``GeneralParameterSet/@name``, ``@numberOfRounds`` and ``@komi`` are the
  ``Tournament``, ``Rounds`` and ``Komi`` settings; every OpenGotha setting of
  :data:`~gosheet.core.opengotha.parameters.OG_FIELDS` is the attribute it names; ``Categories`` is
  ``@numberOfCategories`` and ``Categories/Category``; ``Placement criteria`` the
  ``PlacementCriterion`` list (padded with ``NULL`` to OpenGotha's six). The system follows
  the first placement criterion, as in OpenGotha: MMS is McMahon, anything else Swiss.
- Players: ``participating`` is the ``Not playing`` column (rounds of the tournament;
  OpenGotha's string covers 20), ``registeringStatus`` the ``Registration`` column (PRE: never
  paired), ``egfPin`` and ``smmsCorrection`` the ``EGD PIN`` and ``MMS correction`` columns.
- Games: one line of a ``Round N`` sheet each; ``RESULT_*`` codes are result codes
  (``_BYDEF``: ``!``, not played). The komi of a round sheet is the tournament's for an even
  game and 0.5 for a handicap game (OpenGotha keeps one komi, not one a game).
- Byes: the ``Bye`` lines; OpenGotha keeps one bye player a round.

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
('swiss', 'opengotha', '1-0!')
>>> [(p.name, sorted(p.not_playing)) for p in t.players]
[('Lee Ann', [2]), ('Kim Bo', [])]
>>> imported.rows[:2]
(('Tournament', '', 'saveDT', '20250101000000'), ('Player', 'Lee Ann', 'participating', '101'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gosheet.core.errors import InputError, Problem
from gosheet.core.fields import Field, parse_komi, parse_text
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.opengotha.parameters import (
    OG_FIELDS,
    ClubGroups,
    parse_categories,
    parse_club_groups,
    parse_criteria,
    rank_to_xml,
    write_club_groups,
)
from gosheet.core.pairing import Pairing
from gosheet.core.ranks import RankError, parse_rank
from gosheet.core.settings import FIELD_BY_LABEL, Settings
from gosheet.formats.opengotha.xml import (
    OGElement,
    OGTournament,
    _KeyIndex,
    element_text,
    player_key,
)
from gosheet.workbook.reader import (
    MMS_CORRECTION,
    cell_text,
    name_key,
)
from gosheet.workbook.sheets import (
    OPENGOTHA,
    OPENGOTHA_HEADERS,
    PLAYERS,
    Column,
    SheetData,
)
from gosheet.workbook.template import new_book
from gosheet.workbook.writer import players_sheet, round_sheet
from gosheet.workbook.xlsx import XlsxBook

__all__ = [
    "MAX_ROUNDS",
    "Imported",
    "from_opengotha",
    "is_opengotha_file",
    "opengotha_book",
    "opengotha_sheet",
]

CLUBS_GROUPS = "ClubsGroups"
GENERAL = "GeneralParameterSet"
HANDICAP = "HandicapParameterSet"
PLACEMENT = "PlacementParameterSet"
PAIRING = "PairingParameterSet"
DISPLAY = "DPParameterSet"
PUBLISH = "PublishParameterSet"
#: The parameter sets OpenGotha writes, in its order; the first four it cannot do without.
STANDARD_SETS = (GENERAL, HANDICAP, PLACEMENT, PAIRING, DISPLAY, PUBLISH)
REQUIRED_SETS = STANDARD_SETS[:4]
#: OpenGotha's limit on the number of rounds (its ``participating`` strings are this long).
MAX_ROUNDS = 20
MAX_HANDICAP = 9
CLUB_LENGTH = 4  # OpenGotha's clubs are codes of at most four characters

#: OpenGotha's result codes and gosheet's results (None: no result yet).
OG_RESULTS: dict[Result | None, str] = {
    None: "RESULT_UNKNOWN",
    Result.WHITE_WINS: "RESULT_WHITEWINS",
    Result.BLACK_WINS: "RESULT_BLACKWINS",
    Result.JIGO: "RESULT_EQUAL",
    Result.BOTH_WIN: "RESULT_BOTHWIN",
    Result.BOTH_LOSE: "RESULT_BOTHLOSE",
    Result.WHITE_WINS_BY_FORFEIT: "RESULT_WHITEWINS_BYDEF",
    Result.BLACK_WINS_BY_FORFEIT: "RESULT_BLACKWINS_BYDEF",
    Result.JIGO_BY_FORFEIT: "RESULT_EQUAL_BYDEF",
    Result.BOTH_WIN_BY_FORFEIT: "RESULT_BOTHWIN_BYDEF",
    Result.BOTH_LOSE_BY_FORFEIT: "RESULT_BOTHLOSE_BYDEF",
}
RESULTS_OF_OG = {code: result for result, code in OG_RESULTS.items()}
assert set(OG_RESULTS) == {None, *Result}

#: Settings fields by the (parameter set, attribute) they are in a file.
MODELLED: dict[tuple[str, str], Field] = {f.xml: f for f in OG_FIELDS if f.xml is not None}
#: GeneralParameterSet attributes the Settings sheet shows under other names.
OWN_GENERAL = ("name", "numberOfRounds", "komi", "numberOfCategories")
#: The player attributes OpenGotha 3.5x always writes that the Players sheet does not show;
#: a player without a row for one gets the default (:func:`_player_defaults`).
PLAYER_STANDARD = (
    "agaExpirationDate",
    "agaId",
    "ffgLicence",
    "ffgLicenceStatus",
    "grade",
    "ratingOrigin",
)

# What a workbook that never was an OpenGotha file gets (OpenGotha's defaults).
_GENERAL_DEFAULTS = {
    "bInternet": "false",
    "basicTime": "60",
    "canByoYomiTime": "300",
    "complementaryTimeSystem": "STDBYOYOMI",
    "director": "",
    "fischerTime": "10",
    "location": "",
    "nbMovesCanTime": "15",
    "size": "19",
    "stdByoYomiTime": "30",
}
_DISPLAY_DEFAULTS = {
    "displayClCol": "true",
    "displayCoCol": "true",
    "displayIndGamesInMatches": "true",
    "displayNPPlayers": "false",
    "displayNumCol": "true",
    "displayPlCol": "true",
    "gameFormat": "full",
    "playerSortType": "name",
    "showByePlayer": "true",
    "showNotFinallyRegisteredPlayers": "true",
    "showNotPairedPlayers": "true",
    "showNotParticipatingPlayers": "false",
    "showPlayerClub": "true",
    "showPlayerCountry": "false",
    "showPlayerGrade": "true",
}
_PUBLISH_DEFAULTS = {"exportToLocalFile": "true", "htmlAutoScroll": "false", "print": "true"}
_TEAM_DEFAULTS = OGElement(
    "TeamTournamentParameterSet",
    children=(
        OGElement("TeamGeneralParameterSet", (("teamSize", "4"),)),
        OGElement(
            "TeamPlacementParameterSet",
            children=(
                OGElement(
                    "PlacementCriteria",
                    children=tuple(
                        OGElement("PlacementCriterion", (("name", name), ("number", str(n))))
                        for n, name in enumerate(
                            ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"), 1
                        )
                    ),
                ),
            ),
        ),
    ),
)

# Sections of the OpenGotha sheet
ABOUT, ROOT, PLAYER, GAME, BYE, GAMES, XML = (
    "About",
    "Tournament",
    "Player",
    "Game",
    "Bye",
    "Games",
    "XML",
)
ORDER = "order"
XML_MORE = "(continued)"
_CHUNK = 30_000  # a cell holds 32,767 characters
_EXPLAIN = {
    ABOUT: "What the OpenGotha file holds and the other sheets do not show, kept so that "
    "'gosheet export' writes the file back whole. The other sheets are the truth: players, "
    "settings, games and results are taken from them, edits included; the rows here only add "
    "to them. A row may be edited or deleted (OpenGotha then uses its default); a player added "
    "to Players gets OpenGotha's defaults.",
    ROOT: "Attributes of the file's <Tournament> element (saveDT: when OpenGotha saved it).",
    GENERAL: "OpenGotha's general parameters that Settings does not show (place, dates, "
    "director, board size, clock …).",
    DISPLAY: "OpenGotha's display and print options.",
    PUBLISH: "OpenGotha's publishing options.",
    PLAYER: "A player's data that Players does not show. Key: the player's name as in "
    "Players (a renamed player loses it). participating: OpenGotha's 20 rounds, for the "
    "rounds after the tournament's.",
    GAME: "A game's data that its round sheet does not show. Key: its round and table.",
    BYE: "A bye's data that its round sheet does not show. Key: its round.",
    GAMES: "order: the order of the games in the file (round.table).",
    XML: "Elements kept as they are (teams, club groups, team parameters …). Key: the "
    "element they are in; a long one goes on in the next rows.",
}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
_GAME_KEY = re.compile(r"round\s*(\d+)\s*,?\s*table\s*(\d+)", re.IGNORECASE)
_BYE_KEY = re.compile(r"round\s*(\d+)", re.IGNORECASE)
_ORDER_ITEM = re.compile(r"(\d+)\.(\d+)")


def game_key(round_number: int, table: int) -> str:
    return f"Round {round_number} table {table}"


def bye_key(round_number: int) -> str:
    return f"Round {round_number}"


# ---------------------------------------------------------------------------- detection


def is_opengotha_file(path: Path) -> bool:
    """Whether ``path`` is to be read as an OpenGotha file: its name ends in ``.xml``, or it
    starts like XML (``<?xml`` or ``<Tournament``) whatever its name."""
    if path.suffix.lower() == ".xml":
        return True
    try:
        with path.open("rb") as stream:
            head = stream.read(512)
    except OSError:
        return False
    head = head.removeprefix(b"\xef\xbb\xbf").lstrip()  # a UTF-8 byte order mark, spaces
    return head.startswith((b"<?xml", b"<Tournament"))


# ---------------------------------------------------------------------------- importing


Row = tuple[str, str, str, str]  # section, key, attribute, value


@dataclass(frozen=True)
class Imported:
    """An OpenGotha file as a gosheet tournament: the tournament, the players registered PRE
    (by number), and the rows of the ``OpenGotha`` sheet."""

    tournament: Tournament
    registration: dict[int, str] = field(default_factory=dict)
    rows: tuple[Row, ...] = ()
    games_dropped: int = 0  # games and byes after --until-round


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
    settings = _settings(og, problems, rounds=rounds, name=name, komi=komi)
    if random_seed is not None:
        settings = settings.replace(random_seed=random_seed)
    players, registration, numbers = _players(og, settings, problems, rows)
    index = _KeyIndex(og.players)

    def number_of(key: str, where: str) -> int | None:
        """The number of the player ``key`` names (read_opengotha checked the keys of a file;
        a tournament made otherwise may still name nobody)."""
        found = index.find(key)
        if found is None:
            problems.add(where, key, "not a player of the file")
            return None
        return numbers[player_key(found)]

    limit = until_round if until_round is not None else len(og.games) + len(og.byes) + 99
    games: dict[int, list[Game]] = {}
    byes: dict[int, list[int]] = {}
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
        game_komi = settings.komi if g.handicap == 0 else 0.5
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
    for n, b in enumerate(og.byes, 1):
        if b.round_number > limit:
            dropped += 1
            continue
        number = number_of(b.player_key, f"Bye {n}")
        if number is None:
            continue
        byes.setdefault(b.round_number, []).append(number)
        rows += [(BYE, bye_key(b.round_number), k, v) for k, v in b.extra.items()]
    paired = sorted(set(games) | set(byes))
    last = paired[-1] if paired else 0
    for r in range(1, last):
        if r not in paired:
            problems.add(
                f"round {r}",
                None,
                f"round {r} has no game and no bye, but round {last} has: gosheet plays the "
                f"rounds in order (import the rounds before it with --until-round {r - 1})",
            )
    if settings.rounds is not None and last > settings.rounds:
        problems.add(
            "",
            settings.rounds,
            f"rounds: fewer than the {last} rounds played (keep the first ones with "
            f"--until-round {settings.rounds})",
        )
    rows += _parameter_rows(og)
    rows.sort(key=_section_rank)  # stable: each section keeps the file's order
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
    tournament = Tournament(settings, tuple(players), played)
    return Imported(tournament, registration, tuple(rows), dropped)


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


def _section_rank(row: Row) -> int:
    """The order of the sections in the OpenGotha sheet: the tournament and its parameters
    first, the elements kept verbatim last."""
    order = (ROOT, "", PLAYER, GAME, GAMES, BYE, XML)
    return order.index(row[0]) if row[0] in order else 1


def _settings(
    og: OGTournament,
    problems: _Problems,
    *,
    rounds: int | None,
    name: str | None,
    komi: float | None,
) -> Settings:
    values: dict[str, Any] = {"og_blocks": True}
    for set_name, attributes in og.parameters.items():
        for attribute, text in attributes.items():
            f = MODELLED.get((set_name, attribute))
            if f is None:
                continue
            try:
                values[f.attr] = (f.from_xml or f.parse)(text)
            except (ValueError, TypeError) as error:
                problems.add(set_name, text, f"{attribute} ({f.label}): {error}")
    general = og.parameters.get(GENERAL, {})
    for label, attribute, parse in (
        ("Tournament", "name", parse_text),
        ("Rounds", "numberOfRounds", FIELD_BY_LABEL["rounds"].parse),
        ("Komi", "komi", parse_komi),
    ):
        if attribute in general:
            try:
                values[FIELD_BY_LABEL[label.casefold()].attr] = parse(general[attribute])
            except ValueError as error:
                problems.add(GENERAL, general[attribute], f"{attribute} ({label}): {error}")
    if rounds is not None:
        values["rounds"] = rounds
    if name is not None:
        values["name"] = name
    if komi is not None:
        values["komi"] = komi
    values["categories"] = _categories(og, general, problems)
    values["club_groups"] = _club_groups(og, problems)
    names = [c for c in og.placement_criteria if c != "NULL"]
    try:
        values["placement"] = parse_criteria(", ".join(names))
    except ValueError as error:
        problems.add(PLACEMENT, ", ".join(og.placement_criteria), f"PlacementCriteria: {error}")
    system = "mcmahon" if names[:1] == ["MMS"] else "swiss"
    try:
        return Settings.preset(system, "go", rules="opengotha", **values)
    except ValueError as error:
        if not problems.problems:  # else it only repeats a problem already listed
            problems.add("TournamentParameterSet", None, str(error))
        return Settings.preset(system, "go", rules="opengotha")


def _categories(
    og: OGTournament, general: Mapping[str, str], problems: _Problems
) -> tuple[int, ...]:
    """The category limits, from ``numberOfCategories`` and the ``Categories`` element (which
    the OpenGotha sheet then does not keep: :func:`_parameter_rows`)."""
    text = general.get("numberOfCategories", "1")
    count = int(text) if re.fullmatch(r"[0-9]+", text.strip()) else -1
    if count < 1:
        problems.add(GENERAL, text, "numberOfCategories must be a whole number, 1 or more")
        return ()
    if count == 1:
        return ()
    element = next(
        (e for e in og.parameter_children.get(GENERAL, ()) if e.tag == "Categories"), None
    )
    limits: dict[int, str] = {}
    for child in element.children if element is not None else ():
        attributes = dict(child.attributes)
        number, limit = attributes.get("number", ""), attributes.get("lowerLimit", "")
        if child.tag == "Category" and re.fullmatch(r"[0-9]+", number):
            limits[int(number)] = limit
    if sorted(limits) != list(range(1, count)):
        problems.add(
            GENERAL,
            text,
            f"numberOfCategories is {count}, so Categories must hold Category 1 to {count - 1}",
        )
        return ()
    try:
        return parse_categories(", ".join(limits[n] for n in sorted(limits)))
    except ValueError as error:
        problems.add("Categories", ", ".join(limits.values()), f"Categories: {error}")
        return ()


def _club_groups(og: OGTournament, problems: _Problems) -> ClubGroups:
    """The ``ClubsGroups`` element (which the OpenGotha sheet then does not keep)."""
    groups: list[tuple[str, tuple[str, ...]]] = []
    for element in (e for e in og.extra if e.tag == CLUBS_GROUPS):
        for group in element.children:
            name = dict(group.attributes).get("name", "")
            clubs = tuple(
                dict(c.attributes).get("name", "") for c in group.children if c.tag == "Club"
            )
            groups.append((name, clubs))
    text = write_club_groups(tuple(groups))
    try:
        found = parse_club_groups(text)
    except ValueError as error:
        problems.add(CLUBS_GROUPS, text, f"ClubsGroups: {error}")
        return ()
    if found != tuple(groups):  # a name the Settings sheet cannot spell (';', ':' or ',')
        problems.add(CLUBS_GROUPS, text, "ClubsGroups: a group or club name holds ';', ':' or ','")
        return ()
    return found


def _players(
    og: OGTournament, settings: Settings, problems: _Problems, rows: list[Row]
) -> tuple[list[Player], dict[int, str], dict[str, int]]:
    rounds = settings.rounds or MAX_ROUNDS
    players: list[Player] = []
    registration: dict[int, str] = {}
    numbers: dict[str, int] = {}
    seen: dict[str, int] = {}
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
        try:
            rank = parse_rank(op.rank.strip())
        except RankError:
            problems.add(where, op.rank, "not a rank gosheet knows (30K to 9D, 1P to 9P)")
            rank = -30
        if not -1000 <= op.rating <= 4000:
            problems.add(where, op.rating, "a rating from -1000 to 4000")
        low, high = MMS_CORRECTION
        if not low <= op.smms_correction <= high:
            problems.add(where, op.smms_correction, f"smmsCorrection from {low} to {high}")
        if op.registering_status not in ("FIN", "PRE"):
            problems.add(where, op.registering_status, "registeringStatus must be FIN or PRE")
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
        defaults = _player_defaults(player)
        attributes = {"ffgLicence": op.ffg_licence, **op.extra}
        for attribute, value in attributes.items():
            if defaults.get(attribute) != value:
                rows.append((PLAYER, player.name, attribute, value))
        if len(part) != MAX_ROUNDS or "0" in part[rounds:]:
            rows.append((PLAYER, player.name, "participating", part))
    return players, registration, numbers


def _player_defaults(player: Player) -> dict[str, str]:
    """The OpenGotha attributes a player without rows of his own is written with."""
    defaults = dict.fromkeys(PLAYER_STANDARD, "")
    defaults["grade"] = rank_to_xml(player.known_rank)
    return defaults


def _parameter_rows(og: OGTournament) -> list[Row]:
    rows: list[Row] = []
    for set_name, attributes in og.parameters.items():
        for attribute, value in attributes.items():
            own = set_name == GENERAL and attribute in OWN_GENERAL
            if (set_name, attribute) not in MODELLED and not own:
                rows.append((set_name, "", attribute, value))
        if not attributes and set_name not in STANDARD_SETS:
            rows.append((set_name, "", "", ""))  # an empty set OpenGotha does not know
    for set_name, children in og.parameter_children.items():
        for child in children:
            # the Categories setting holds them (with one category, OpenGotha reads none)
            if set_name == GENERAL and child.tag == "Categories":
                continue
            rows += _xml_rows(set_name, child)
    for element in og.extra:
        if element.tag != CLUBS_GROUPS:  # the Club groups setting holds them
            rows += _xml_rows(ROOT, element)
    return rows


def _xml_rows(key: str, element: OGElement) -> list[Row]:
    text = element_text(element)
    chunks = [text[i : i + _CHUNK] for i in range(0, len(text), _CHUNK)]
    return [
        (XML, key, element.tag if i == 0 else f"{element.tag} {XML_MORE}", chunk)
        for i, chunk in enumerate(chunks)
    ]


def opengotha_sheet(rows: Iterable[Row]) -> SheetData:
    """The ``OpenGotha`` sheet: an About line, then the rows, each section's first row with
    an explanation."""
    columns = (
        Column(OPENGOTHA_HEADERS[0], 20),
        Column(OPENGOTHA_HEADERS[1], 24),
        Column(OPENGOTHA_HEADERS[2], 26),
        Column(OPENGOTHA_HEADERS[3], 30, "@"),
        Column(OPENGOTHA_HEADERS[4], 60, wrap=True),
    )
    data: list[list[Any]] = [[ABOUT, None, None, None, _EXPLAIN[ABOUT]]]
    explained: set[str] = set()
    for section, key, attribute, value in rows:
        explanation = None
        if section not in explained:
            explained.add(section)
            explanation = _EXPLAIN.get(
                section, f"Attributes of <{section}> that Settings does not show."
            )
        data.append([section, key or None, attribute or None, value or None, explanation])
    return SheetData(OPENGOTHA, columns, data, title="What the OpenGotha file keeps besides")


def opengotha_book(imported: Imported, template: str | Path | None = None) -> XlsxBook:
    """A new workbook of an imported OpenGotha tournament: Settings, Players, a sheet for each
    round played, and the ``OpenGotha`` sheet. It is read back before it is returned, so that a
    workbook gosheet could not read is never written."""
    t = imported.tournament
    book = new_book(t.settings, template=template)
    book.render(players_sheet(t.players, t.settings, registration=imported.registration))
    for played in t.rounds:
        book.render(round_sheet(t, Pairing(played.number, played.games, played.byes)))
    book.render(opengotha_sheet(imported.rows))
    book.workbook.active = book.workbook.sheetnames.index(PLAYERS)
    book.read()  # a safety net: raises InputError rather than write an unreadable workbook
    return book
