"""Tournament settings (:class:`Settings`): every setting's value, validated on
construction, the defaults of each system (:data:`PRESETS`) and OpenGotha's parameters by
name.

The Settings sheet's rows, how each cell is read and written, are the field table of
:mod:`gosheet.core.settings_fields`; OpenGotha's parameters are one object of their own,
:class:`OpenGothaParameters` (``Settings.opengotha``), with their own table; the Settings
sheet lists both.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any

from gosheet.core.event import TimeControl
from gosheet.core.fields import Field, check_values
from gosheet.core.games import game_of
from gosheet.core.kinds import Rules, System, TournamentType
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.opengotha.parameters import OpenGothaParameters
from gosheet.core.settings_fields import FIELDS, OPENGOTHA_ATTRS, OWN_FIELDS
from gosheet.core.teams.fields import DEFAULT_TEAM_PLACEMENT, TEAM_COLOUR_RULES
from gosheet.i18n.words import TITLES, local
from gosheet.records import field, record, replace

#: What differs in a system's defaults: Swiss and round robin score nothing for a round not
#: played, and break ties their own way.
_NOTHING_UNPLAYED = {"absent_points": Fraction(0), "forfeit_loss_points": Fraction(0)}
PRESETS: dict[System, dict[str, Any]] = {
    System.SWISS: _NOTHING_UNPLAYED
    | {"tiebreaks": ("Buchholz", "Buchholz cut 1", "Sonneborn-Berger", "Wins")},
    System.ROUND_ROBIN: _NOTHING_UNPLAYED | {"tiebreaks": ("Sonneborn-Berger", "Direct encounter")},
}


@record
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
    # team, pair go and rengo tournaments (core/teams/fields.py)
    tournament_type: TournamentType = TournamentType.INDIVIDUAL
    team_size: int = 4
    team_placement: tuple[str, ...] = DEFAULT_TEAM_PLACEMENT
    team_colour_rule: str = TEAM_COLOUR_RULES[0]
    team_bye_points: int = 2
    mixed_pairs: bool = False
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
        object.__setattr__(
            self, "tournament_type", TournamentType(self.tournament_type)
        )  # given by name
        if self.tournament_type.plays_as_units and not game_of(self.game).go:
            raise ValueError(
                f"Tournament type: {self.tournament_type} is for go; a game of {self.game} "
                "plays individual or teams"
            )
        if self.tournament_type is TournamentType.RENGO and self.team_size not in (2, 3):
            raise ValueError(f"Team size: {self.team_size}: a rengo team has 2 or 3 players")
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
            and self.tournament_type in f.types
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
