"""Tournament settings: one field table drives the Settings sheet, parsing,
validation and defaults.

Each :class:`Field` says how a setting is labelled in the workbook, how a cell
value is read (raising :class:`ValueError` with a message an organiser
understands) and written, and a one-line explanation. OpenGotha's parameters are
one object of their own, :class:`OpenGothaParameters` (``Settings.opengotha``),
with their own table; the Settings sheet lists both.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from gosheet.core.event import EVENT_FIELDS, TimeControl
from gosheet.core.fields import (
    GOSHEET_RULES,
    RULES,
    SYSTEM_SPELLINGS,
    SYSTEMS,
    Field,
    check_values,
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
from gosheet.core.games import GAMES, game_of
from gosheet.core.kinds import Rules, System
from gosheet.core.kinds import all_play_all_rounds as all_play_all_rounds  # their home before
from gosheet.core.kinds import proposed_rounds as proposed_rounds
from gosheet.core.opengotha.parameters import OG_FIELDS, OpenGothaParameters
from gosheet.core.ranks import RankError, format_rank, parse_rank
from gosheet.i18n.words import TITLES, N_w, local

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
MAX_GROUPS = 40
#: What differs in a system's defaults: Swiss and round robin score nothing for a round not
#: played, and break ties their own way.
_NOTHING_UNPLAYED = {"absent_points": Fraction(0), "forfeit_loss_points": Fraction(0)}
PRESETS: dict[System, dict[str, Any]] = {
    System.SWISS: _NOTHING_UNPLAYED
    | {"tiebreaks": ("Buchholz", "Buchholz cut 1", "Sonneborn-Berger", "Wins")},
    System.ROUND_ROBIN: _NOTHING_UNPLAYED | {"tiebreaks": ("Sonneborn-Berger", "Direct encounter")},
}


@dataclass(frozen=True)
class McMahonGroups:
    """How the roster is split into McMahon groups (the seed's "N groups").

    Either ``count`` groups of about equal size (players of one rank are never
    split), or explicit ``bounds``: the lowest rank of each group from the top,
    the last group taking everyone below.

    >>> McMahonGroups.parse("3")
    McMahonGroups(count=3, bounds=())
    >>> str(McMahonGroups.parse("1d, 5k"))
    '1d, 5k'
    """

    count: int = 3
    bounds: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.bounds:
            if list(self.bounds) != sorted(set(self.bounds), reverse=True):
                raise ValueError("group ranks must go from strongest to weakest, each once")
            if len(self.bounds) + 1 > MAX_GROUPS:
                raise ValueError(f"at most {MAX_GROUPS} groups")
        elif not 1 <= self.count <= MAX_GROUPS:
            raise ValueError(f"the number of groups must be 1 to {MAX_GROUPS}")

    @property
    def by_rank(self) -> bool:
        return bool(self.bounds)

    @classmethod
    def parse(cls, value: object) -> McMahonGroups:
        if isinstance(value, bool):
            raise ValueError("expected a number of groups, or ranks like '1d, 5k'")
        if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
            return cls(count=int(value))
        text = str(value).strip()
        if re.fullmatch(r"\d+", text):
            return cls(count=int(text))
        parts = [p for p in re.split(r"[,;]\s*|\s+(?=\d)", text) if p.strip()]
        try:
            bounds = tuple(parse_rank(p.strip()) for p in parts)
        except RankError:
            raise ValueError(
                "expected a number of groups (e.g. 3) or the lowest rank of each "
                "group from the top (e.g. '1d, 5k, 12k')"
            ) from None
        return cls(count=len(bounds) + 1, bounds=bounds)

    def __str__(self) -> str:
        if self.bounds:
            return ", ".join(format_rank(b) for b in self.bounds)
        return str(self.count)

    def cell_value(self) -> int | str:
        """What the Settings sheet shows: the count as a number, or the ranks."""
        return str(self) if self.bounds else self.count


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


@dataclass(frozen=True)
class Settings:
    """All settings of a tournament, validated on construction.

    :meth:`preset`, :meth:`replace` and :meth:`value` take OpenGotha's parameters by name too,
    as the Settings sheet lists them, and route them to ``opengotha``.

    >>> Settings(rounds=5).rounds
    5
    >>> Settings().replace(mm_bar=0).opengotha.mm_bar
    0
    """

    name: str = "Go tournament"
    system: System = System.MCMAHON
    game: str = "go"
    rounds: int | None = 5  # None (Swiss only): proposed at the first pairing
    komi: float = 6.5
    mcmahon_groups: McMahonGroups = field(default_factory=McMahonGroups)
    tiebreaks: tuple[str, ...] = ("SOS", "SODOS")
    bye_points: Fraction = Fraction(1)
    absent_points: Fraction = Fraction(1, 2)
    forfeit_loss_points: Fraction = Fraction(1, 2)
    rating_per_level: int = 50
    handicap_cap: int = 9
    reverse_komi: bool = True
    bye_levels: int = 1
    avoid_same_club: bool = False
    avoid_same_country: bool = False
    random_seed: int = 1
    rules: Rules = Rules.GOSHEET
    location: str = ""
    country: str = ""
    dates: tuple[dt.date, ...] = ()  # first and last day; () not set
    time: TimeControl = field(default_factory=TimeControl)
    online: bool = False  # played on the internet: the EGF class D
    game_format: str = "full"  # OpenGotha's game format in the EGF file: full or short
    site_address: str = ""  # the published pages' address, for the QR codes ("": none)
    language: str = "en"  # of the workbook's words (gosheet/i18n/words.py)
    # OpenGotha's parameters, shown with rules = opengotha
    opengotha: OpenGothaParameters = field(default_factory=OpenGothaParameters)

    def __post_init__(self) -> None:
        object.__setattr__(self, "system", _member("system", self.system))  # given by name
        object.__setattr__(self, "rules", _member("rules", self.rules))
        if self.rounds is None and not self.system.rounds_proposed:
            raise ValueError(f"Rounds: a {self.system} tournament needs its number of rounds")
        if self.rules is Rules.OPENGOTHA and (
            not self.system.opengotha_rules or not game_of(self.game).go
        ):
            raise ValueError("Pairing rules: OpenGotha's rules are for go McMahon and Swiss")
        if not game_of(self.game).go and not self.system.any_game:
            raise ValueError(
                f"System: {self.system} is for go; a game of {self.game} uses swiss or roundrobin"
            )
        if not isinstance(self.opengotha, OpenGothaParameters):
            raise ValueError(f"opengotha: {self.opengotha!r} is not OpenGotha's parameters")
        check_values(self, OWN_FIELDS)

    def replace(self, **changes: Any) -> Settings:
        """These settings with ``changes``, OpenGotha's parameters among them by name."""
        own, og = _split(changes)
        if og:
            own["opengotha"] = own.get("opengotha", self.opengotha).replace(**og)
        return replace(self, **own)

    def value(self, f: Field) -> Any:
        """The value of the setting ``f`` (one of :data:`FIELDS`)."""
        return getattr(self.opengotha if f.attr in OPENGOTHA_ATTRS else self, f.attr)

    @classmethod
    def preset(
        cls,
        system: System | str = System.MCMAHON,
        game: str = "go",
        rules: Rules | str = Rules.GOSHEET,
        **changes: Any,
    ) -> Settings:
        """The defaults of a system and game, with ``changes`` on top; the system and the rules
        as members or by their names.

        >>> Settings.preset("swiss", "oware").absent_points
        Fraction(0, 1)
        """
        kind: System = _member("system", system)
        by: Rules = _member("rules", rules)
        own, og = _split(changes)
        opengotha = OpenGothaParameters.for_system(
            kind if by is Rules.OPENGOTHA else System.MCMAHON
        )
        base: dict[str, Any] = {"system": kind, "game": game, "rules": by}
        base["opengotha"] = own.pop("opengotha", opengotha).replace(**og)
        base |= PRESETS.get(kind, {})
        # no name: the game's own words in the workbook's language ("Tournoi d'awalé")
        base["name"] = local(game_of(game).tournament, own.get("language", "en"), TITLES)
        return cls(**(base | own))

    def rounds_for(self, players: int) -> int:
        """The number of rounds: as set, or proposed for ``players`` players."""
        if self.rounds is not None:
            return self.rounds
        return self.system.propose_rounds(players)

    def shows(self, f: Field) -> bool:
        """Whether the Settings sheet of this tournament lists ``f``."""
        return (
            self.system in f.systems
            and (game_of(self.game).go or not f.go_only)
            and self.rules in f.rules
        )

    def rows(self) -> list[tuple[str, Any, str]]:
        """(label, cell value, explanation) of each setting of this system, in order."""
        return [
            (f.label, f.write(self.value(f)), f.explain(self.game)) for f in FIELDS if self.shows(f)
        ]


def _member(attr: str, value: object) -> Any:
    """The system or the rules (``attr``) of this name, or the member itself; a name that is
    none is refused as :func:`~gosheet.core.fields.check_values` refuses a value."""
    f = next(f for f in OWN_FIELDS if f.attr == attr)
    kind = System if attr == "system" else Rules
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except ValueError:
        pass
    try:
        f.parse(value)
    except ValueError as error:
        raise ValueError(f"{f.label}: {value!r}: {error}") from None
    raise ValueError(f"{f.label}: {value!r} is not a valid value")


def _split(changes: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``changes`` to the settings' own fields, and to OpenGotha's parameters."""
    own = {k: v for k, v in changes.items() if k not in OPENGOTHA_ATTRS}
    return own, {k: v for k, v in changes.items() if k in OPENGOTHA_ATTRS}
