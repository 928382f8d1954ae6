"""The layout of an OpenGotha file and of the ``OpenGotha`` sheet, shared by the import
(:mod:`~gosheet.formats.opengotha.convert`) and the export
(:mod:`~gosheet.formats.opengotha.export`): the names of OpenGotha's parameter sets and their
order, its limits, its result codes, the defaults of the elements a workbook does not hold, and
the sections and keys of the ``OpenGotha`` sheet.
"""

from __future__ import annotations

import re

from gosheet.core.event import TimeControl, og_time_attributes, parse_dates
from gosheet.core.fields import Field
from gosheet.core.model import Player, Result
from gosheet.core.opengotha.parameters import OG_FIELDS
from gosheet.core.opengotha.values import rank_to_xml
from gosheet.formats.opengotha.elements import OGElement

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


def event_attributes(general: dict[str, str]) -> frozenset[str]:
    """The GeneralParameterSet attributes the event settings hold (``Location``, ``Dates``,
    ``Time system``, ``Online``): those of a file that read well; the others stay in the
    OpenGotha sheet."""
    held = {"location"}
    if general.get("bInternet") in ("true", "false"):
        held.add("bInternet")
    try:
        parse_dates((general["beginDate"], general["endDate"]))
        held |= {"beginDate", "endDate"}
    except (KeyError, ValueError):
        pass
    try:
        TimeControl.from_og(general)
        held |= og_time_attributes(general)
    except ValueError:
        pass
    return frozenset(held)


def holds_game_format(display: dict[str, str]) -> bool:
    """True when the ``EGF game format`` setting holds the display set's ``gameFormat``: any
    value (a value other than ``short`` is read as ``full``, the default, as the results files
    then have it)."""
    return "gameFormat" in display


def game_format(display: dict[str, str]) -> str:
    """The display set's ``gameFormat`` as the ``EGF game format`` setting holds it."""
    return "short" if display.get("gameFormat") == "short" else "full"


#: The player attributes OpenGotha 3.5x always writes that the Players sheet does not show;
#: a player without a row for one gets the default (:func:`player_defaults`).
PLAYER_STANDARD = (
    "agaExpirationDate",
    "agaId",
    "ffgLicence",
    "ffgLicenceStatus",
    "grade",
    "ratingOrigin",
)

#: What OpenGotha takes for a parameter its file's set lacks (the defaults of its reader,
#: ``ExternalDocument.importTournamentParameterSetFromXMLFile``, not of its dialogs).
READ_DEFAULTS: dict[str, dict[str, str]] = {
    GENERAL: {
        "komi": "7.5",
        "genMMFloor": "20K",
        "genMMBar": "4D",
        "genMMZero": "30K",
        "genNBW2ValueAbsent": "0",
        "genNBW2ValueBye": "0",
        "genMMS2ValueAbsent": "0",
        "genMMS2ValueBye": "0",
        "genRoundDownNBWMMS": "true",
    },
    HANDICAP: {
        "hdBasedOnMMS": "true",
        "hdNoHdRankThreshold": "1D",
        "hdCorrection": "1",
        "hdCeiling": "9",
    },
    PAIRING: {
        "paiStandardNX1Factor": "0.5",
        "paiBaAvoidDuplGame": "500000000000000",
        "paiBaRandom": "0",
        "paiBaDeterministic": "true",
        "paiBaBalanceWB": "1000",
        "paiMaAvoidMixingCategories": "20000000000000",
        "paiMaMinimizeScoreDifference": "100000000000",
        "paiMaDUDDWeight": "100000000",
        "paiMaCompensateDUDD": "true",
        "paiMaDUDDUpperMode": "MID",
        "paiMaDUDDLowerMode": "MID",
        "paiMaMaximizeSeeding": "5000000",
        "paiMaLastRoundForSeedSystem1": "2",
        "paiMaSeedSystem1": "SPLITANDRANDOM",
        "paiMaSeedSystem2": "SPLITANDFOLD",
        "paiMaAdditionalPlacementCritSystem1": "Rating",
        "paiMaAdditionalPlacementCritSystem2": "NULL",
        "paiSeRankThreshold": "4D",
        "paiSeNbWinsThresholdActive": "true",
        "paiSeBarThresholdActive": "true",
        "paiSeDefSecCrit": "100000000000",
        "paiSeMinimizeHandicap": "0",
        "paiSeAvoidSameGeo": "100000000000",
        "paiSePreferMMSDiffRatherThanSameCountry": "1",
        "paiSePreferMMSDiffRatherThanSameClub": "3",
    },
}

# What a workbook that never was an OpenGotha file gets (OpenGotha's defaults).
GENERAL_DEFAULTS = {
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
DISPLAY_DEFAULTS = {
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
PUBLISH_DEFAULTS = {"exportToLocalFile": "true", "htmlAutoScroll": "false", "print": "true"}


def team_parameter_set(size: int, criteria: tuple[str, ...]) -> OGElement:
    """``<TeamTournamentParameterSet>`` as OpenGotha writes it: the team size and the team
    placement criteria, numbered from 1."""
    return OGElement(
        "TeamTournamentParameterSet",
        children=(
            OGElement("TeamGeneralParameterSet", (("teamSize", str(size)),)),
            OGElement(
                "TeamPlacementParameterSet",
                children=(
                    OGElement(
                        "PlacementCriteria",
                        children=tuple(
                            OGElement("PlacementCriterion", (("name", c), ("number", str(n))))
                            for n, c in enumerate(criteria, 1)
                        ),
                    ),
                ),
            ),
        ),
    )


TEAM_DEFAULTS = team_parameter_set(4, ("TEAMP", "BDW", "BDW3U", "BDW2U", "BDW1U", "MNR"))

# Sections of the OpenGotha sheet
ABOUT, ROOT, PLAYER, GAME, BYE, GAMES, TEAM, TEAMS, XML = (
    "About",
    "Tournament",
    "Player",
    "Game",
    "Bye",
    "Games",
    "Team",
    "Teams",
    "XML",
)
ORDER = "order"
#: The attribute of a ``Bye`` row that names the bye player of a round the workbook does not
#: hold yet (set in OpenGotha before the rounds before it were paired).
PLAYER_KEY = "player"
XML_MORE = "(continued)"
# How the OpenGotha sheet writes an attribute's name, a game, a bye and the games' order.
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]*")
GAME_KEY = re.compile(r"round\s*(\d+)\s*,?\s*table\s*(\d+)", re.IGNORECASE)
BYE_KEY = re.compile(r"round\s*(\d+)", re.IGNORECASE)
ORDER_ITEM = re.compile(r"(\d+)\.(\d+)")


def game_key(round_number: int, table: int) -> str:
    return f"Round {round_number} table {table}"


def bye_key(round_number: int) -> str:
    return f"Round {round_number}"


#: A row of the OpenGotha sheet: section, key, attribute, value.
Row = tuple[str, str, str, str]


def player_defaults(player: Player) -> dict[str, str]:
    """The OpenGotha attributes a player without rows of his own is written with."""
    defaults = dict.fromkeys(PLAYER_STANDARD, "")
    defaults["grade"] = rank_to_xml(player.known_rank)
    return defaults
