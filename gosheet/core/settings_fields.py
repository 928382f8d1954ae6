"""The settings' field table: each setting of :class:`~gosheet.core.settings.Settings` as a
row of the Settings sheet — its label, how a cell is read (raising :class:`ValueError` with a
message an organiser understands) and written, which systems list it, and a one-line
explanation — then OpenGotha's parameters (:data:`FIELDS`)."""

from __future__ import annotations

import re

from gosheet.core.event import EVENT_FIELDS
from gosheet.core.fields import (
    GOSHEET_RULES,
    RULES,
    SYSTEM_SPELLINGS,
    SYSTEMS,
    Field,
    format_points,
    join,
    parse_int,
    parse_komi,
    parse_language,
    parse_points,
    parse_text,
    parse_yes_no,
    same,
    yes_no,
)
from gosheet.core.games import GAMES
from gosheet.core.kinds import Rules, System
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.opengotha.parameters import OG_FIELDS
from gosheet.core.teams.fields import TEAM_FIELDS
from gosheet.i18n.words import N_w

MCMAHON = frozenset({System.MCMAHON})
FUS = frozenset({System.FUS})
SWISS = frozenset({System.SWISS})
ROUND_ROBIN = frozenset({System.ROUND_ROBIN})
SCORED = MCMAHON | SWISS | ROUND_ROBIN  # systems that score points (not levels)
TIEBREAK_NAMES = (
    "SOS",
    "SODOS",
    "Buchholz",
    "Buchholz cut 1",
    "Median Buchholz",
    "Sonneborn-Berger",
    "Cumulative",
    "Direct encounter",
    "Wins",
)


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.casefold())


_TIEBREAK_BY_KEY = {_key(n): n for n in TIEBREAK_NAMES} | {
    "sb": "Sonneborn-Berger",
    "bh": "Buchholz",
    "buchholzcut": "Buchholz cut 1",
    "buchholzcut1": "Buchholz cut 1",
    "bhc1": "Buchholz cut 1",
    "medianbuchholz": "Median Buchholz",
    "cumulativescore": "Cumulative",
    "directencounter": "Direct encounter",
    "numberofwins": "Wins",
}
MAX_ROUNDS = 99


def _parse_system(value: object) -> System:
    text = str(value).strip().lower().replace(" ", "").replace("-", "")
    if text in SYSTEM_SPELLINGS:
        return SYSTEM_SPELLINGS[text]
    try:
        return System(text)
    except ValueError:
        raise ValueError(f"expected one of: {', '.join(SYSTEMS)}") from None


def _parse_tiebreaks(value: object) -> tuple[str, ...]:
    """Tiebreak names in order; case, spaces and hyphens do not matter."""
    given = [p.strip() for p in re.split(r"[,;]", str(value or "")) if p.strip()]
    unknown = [n for n in given if _key(n) not in _TIEBREAK_BY_KEY]
    if unknown:
        raise ValueError(
            f"unknown tiebreak {', '.join(unknown)}; known: {', '.join(TIEBREAK_NAMES)}"
        )
    names = tuple(_TIEBREAK_BY_KEY[_key(n)] for n in given)
    if len(set(names)) != len(names):
        raise ValueError("a tiebreak is named twice")
    return names


def _parse_rules(value: object) -> Rules:
    text = str(value).strip().casefold().replace(" ", "")
    try:
        return Rules(text)
    except ValueError:
        raise ValueError(f"expected one of: {', '.join(RULES)}") from None


def _parse_game(value: object) -> str:
    text = str(value).strip().casefold()
    text = {
        "aualé": "oware",
        "auale": "oware",
        "awale": "oware",
        "awalé": "oware",
        "овари": "oware",
        "го": "go",
        "igo": "go",
        "baduk": "go",
    }.get(text, text)
    if text not in GAMES:
        raise ValueError(f"expected one of: {', '.join(GAMES)}")
    return text


def _parse_rounds(value: object) -> int | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return parse_int(1, MAX_ROUNDS)(value)


#: The settings of :class:`Settings` itself, in the order of the Settings sheet.
OWN_FIELDS: tuple[Field, ...] = (
    Field(
        "Tournament",
        "name",
        parse_text,
        same,
        N_w("The tournament's name, printed on every sheet."),
    ),
    Field(
        "System",
        "system",
        _parse_system,
        str,  # its name
        N_w(
            "Pairing system: mcmahon (the seed McMahon: strength groups, pair by "
            "closest McMahon score, standings per group), fus (handicap scheme with "
            "dynamic levels: pairs with the smallest handicaps, accelerated level steps), "
            "swiss (score groups, top half against bottom half) or roundrobin (all play all, "
            "Berger tables)."
        ),
        plain=N_w(
            "Pairing system: swiss (score groups, top half of a group against the "
            "bottom half, never the same pair twice) or roundrobin (all play all, Berger tables)."
        ),
    ),
    Field(
        "Pairing rules",
        "rules",
        _parse_rules,
        str,
        N_w(
            "gosheet: the pairing of the system as described above. opengotha: OpenGotha's "
            "McMahon or Swiss (the European standard): its criteria and weights, its placement "
            "criteria, every parameter below under the name OpenGotha gives it."
        ),
        MCMAHON | SWISS,
        go_only=True,
    ),
    Field(
        "Game",
        "game",
        _parse_game,
        same,
        N_w(
            "go, oware or other: the words of the sheets (White and Black, or first "
            "and second player) and whether handicap and komi are shown."
        ),
        plain=N_w(
            "The game this workbook is for; its sheets speak of the first and the second player."
        ),
    ),
    Field(
        "Rounds",
        "rounds",
        _parse_rounds,
        same,
        N_w(
            "Number of rounds of the tournament. Swiss: left empty, gosheet proposes "
            "round(1.3 · log2 N) for N players at the first pairing and writes it here."
        ),
    ),
    Field(
        "Komi",
        "komi",
        parse_komi,
        same,
        N_w(
            "Komi given to White in even games (K). FUS handicap games: 0.5 with an odd "
            "half-stone difference; with an even one, see 'Reverse komi'."
        ),
        go_only=True,
    ),
    Field(
        "McMahon groups",
        "mcmahon_groups",
        McMahonGroups.parse,
        McMahonGroups.cell_value,
        N_w(
            "A number N: the roster, sorted 9d..30k, is cut into N groups of about "
            "equal size (one rank never split: with fewer ranks than N, one group a rank, "
            "and pair says how many were made). Or ranks such as '1d, 5k': the lowest "
            "rank of each group from the top. The lowest group that has players starts "
            "with 0 McMahon points, each group above with one more. A player's group is written in "
            "the Players sheet at the first pairing; edit it there to move a player. "
            "A player added later joins the group of his rank."
        ),
        MCMAHON,
        rules=GOSHEET_RULES,
    ),
    Field(
        "Tiebreaks",
        "tiebreaks",
        _parse_tiebreaks,
        join,
        N_w(
            "After wins (McMahon) or points (Swiss), in this order: SOS (sum of "
            "opponents' McMahon scores), SODOS (McMahon scores of beaten opponents, half "
            "of those drawn with), Buchholz (sum of opponents' scores), Buchholz cut 1 "
            "(without the lowest), Median Buchholz (without the highest and the lowest), "
            "Sonneborn-Berger (scores of beaten opponents, half of those drawn with), "
            "Cumulative (sum of the running score after each round), Direct encounter "
            "(points among the tied players, when they all met), Wins."
        ),
        SCORED,
        plain=N_w(
            "After points, in this order: Buchholz (sum of opponents' scores), "
            "Buchholz cut 1 (without the lowest), Median Buchholz (without the highest and "
            "the lowest), Sonneborn-Berger (scores of beaten opponents, half of those "
            "drawn with), Cumulative (sum of the running score after each round), Direct "
            "encounter (points among the tied players, when they all met), Wins."
        ),
        rules=GOSHEET_RULES,
    ),
    Field(
        "Points for a bye",
        "bye_points",
        parse_points,
        format_points,
        N_w(
            "Points (McMahon: MMS) for a technical win (a bye, or no opponent left); "
            "it also counts as a win."
        ),
        SCORED,
        plain=N_w("Points for a bye (no opponent left); it also counts as a win."),
        rules=GOSHEET_RULES,
    ),
    Field(
        "Points for an absent round",
        "absent_points",
        parse_points,
        format_points,
        N_w("Points (McMahon: MMS) for a round the player did not play (seed McMahon: ½)."),
        SCORED,
        plain=N_w("Points for a round the player did not play."),
        rules=GOSHEET_RULES,
    ),
    Field(
        "Points for a forfeit loss",
        "forfeit_loss_points",
        parse_points,
        format_points,
        N_w(
            "Points (McMahon: MMS) of a player who did not come to a paired game "
            "(seed McMahon: a no-show scores ½)."
        ),
        SCORED,
        plain=N_w("Points of a player who did not come to a paired game."),
        rules=GOSHEET_RULES,
    ),
    Field(
        "Rating points per level",
        "rating_per_level",
        parse_int(1, 1000),
        same,
        N_w(
            "FUS: one level is half a stone; on the EGF scale (100 points a rank) that "
            "is 50 rating points. Start level = rating / this, rounded."
        ),
        FUS,
    ),
    Field(
        "Handicap cap",
        "handicap_cap",
        parse_int(0, 9),
        same,
        N_w(
            "FUS: the most handicap stones a game can have (a larger level difference "
            "is played at this handicap)."
        ),
        FUS,
    ),
    Field(
        "Reverse komi",
        "reverse_komi",
        parse_yes_no,
        yes_no,
        N_w(
            "FUS, a difference of 2H levels (a whole number of stones): yes = H stones "
            "and reverse komi 0.5 - (K - 0.5), so Black receives K - 1; no = H stones "
            "and komi 0.5 (half a stone less)."
        ),
        FUS,
    ),
    Field(
        "Levels for a bye",
        "bye_levels",
        parse_int(0, 9),
        same,
        N_w(
            "FUS: levels a player gains from a bye or a technical win (not accelerated); "
            "it counts as a win."
        ),
        FUS,
    ),
    Field(
        "Avoid same club",
        "avoid_same_club",
        parse_yes_no,
        yes_no,
        N_w(
            "yes: opponents from different clubs where it costs nothing above it (a criterion "
            "right below the score criterion, as OpenGotha's geography weight); no: clubs play no "
            "part."
        ),
        MCMAHON | FUS | SWISS,
        rules=GOSHEET_RULES,
    ),
    Field(
        "Avoid same country",
        "avoid_same_country",
        parse_yes_no,
        yes_no,
        N_w(
            "yes: opponents from different countries where it costs nothing above it (right "
            "below the score criterion, after the club); no: countries play no part."
        ),
        MCMAHON | FUS | SWISS,
        rules=GOSHEET_RULES,
    ),
    Field(
        "Random seed",
        "random_seed",
        parse_int(0, 2**31 - 1),
        same,
        N_w(
            "Seed of the lot (colours of even games, simulated results), kept here "
            "so that every draw can be checked again."
        ),
        plain=N_w(
            "Seed of the lot (who moves first when nothing else decides, the first "
            "round without ratings, simulated results), kept here so that every draw can "
            "be checked again."
        ),
        rules=GOSHEET_RULES,
    ),
    *TEAM_FIELDS,  # tournament type, team size … (core/teams/fields.py)
    *EVENT_FIELDS,  # location … game format, site address (core/event.py)
    Field(
        "Language",
        "language",
        parse_language,
        same,
        N_w(
            "The language of the workbook: en (English), ru (Русский), fr (Français) or ca "
            "(Català). Sheet names, headers, settings and messages follow it; changed here, "
            "the sheets and headers are renamed at the next action, nothing else changes."
        ),
    ),
)
#: Every row a Settings sheet may have, in order: the settings' own, then OpenGotha's.
FIELDS = OWN_FIELDS + OG_FIELDS
FIELD_BY_LABEL = {f.label.casefold(): f for f in FIELDS}
#: The names of OpenGotha's parameters, which live in ``Settings.opengotha``.
OPENGOTHA_ATTRS = frozenset(f.attr for f in OG_FIELDS)
