"""The pairing systems: one :class:`PairingSystem` each, the one place that answers what a
system does.

gosheet pairs with six systems: its own seed McMahon, FUS, Swiss and round robin (one
module each in this package), and OpenGotha's McMahon and Swiss (its engine,
:mod:`gosheet.core.opengotha.engine`), chosen by ``Pairing rules: opengotha``. Each is found
by its :class:`~gosheet.core.kinds.System` and :class:`~gosheet.core.kinds.Rules`
(:func:`system_of`) and says here how it pairs, how it weighs a pair (the ``Explain`` sheet) and
shows the weights, how it ranks the players (which Standings it has), what a round not played
scores, what stands beside a name and which columns its sheets have. Everything outside this
package asks :func:`system_of` (or the member :class:`~gosheet.core.kinds.System`, for what the
settings know) instead of comparing names.

>>> from gosheet.core.settings import Settings
>>> system_of(Settings.preset("fus")).title
'FUS'
>>> system_of(Settings.preset("swiss", rules="opengotha")).name
'opengotha-swiss'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from fractions import Fraction
from typing import Any, Literal

from gosheet import parallel
from gosheet.core.games import game_of
from gosheet.core.kinds import Ranking, Rules, System
from gosheet.core.model import Tournament
from gosheet.core.pairing import Pairing, Weighing
from gosheet.core.settings import Settings
from gosheet.records import record

#: How explain shows a system's weights: one packed weight (OpenGotha's), the criteria
#: alone, or their sum.
WeightsShown = Literal["packed", "criteria", "summed"]


#: The modules that pair and weigh, each imported when its system first pairs or weighs a
#: tournament (a door may import them ahead: the page does, right after it says Ready).
PAIRING_MODULES = (
    *(f"{__name__}.{module}" for module in ("mcmahon", "fus", "swiss", "roundrobin")),
    "gosheet.core.opengotha.engine",
)


def _later(module: str, hook: str) -> Callable[[Tournament], Any]:
    """The function ``hook`` of the system's module ``module`` of this package, imported when
    first called: every command asks the registry, and one system pairs a tournament."""

    def call(tournament: Tournament) -> Any:
        return getattr(importlib.import_module(f"{__name__}.{module}"), hook)(tournament)

    call.__name__ = call.__qualname__ = f"{module}.{hook}"
    return call


# OpenGotha's engine (and numpy under it) is imported when a tournament under its rules is
# paired or weighed, not with the registry: every command asks the registry, few pair. Its
# pairing goes by name to the warm helper of ``gosheet pair`` where one runs, which imported
# the engine while this process read the workbook (:func:`gosheet.parallel.delegate`): then
# this process never imports it.
_OPENGOTHA_PAIR = parallel.Named("gosheet.core.opengotha.engine", "pair_here")


def _opengotha_pair(tournament: Tournament) -> Pairing:
    pairing: Pairing = parallel.delegate(_OPENGOTHA_PAIR, tournament)
    return pairing


def _opengotha_weigh(tournament: Tournament) -> Weighing:
    from gosheet.core.opengotha import engine

    return engine.weigh(tournament)


def _ranks(tournament: Tournament) -> dict[int, int | str]:
    return {p.number: p.rank_text for p in tournament.players}


def _levels(tournament: Tournament) -> dict[int, int | str]:
    from gosheet.core.systems import fus_levels

    records = fus_levels.fus_records(tournament)
    return {p.number: records[p.number].level for p in tournament.players}


def _settings_points(settings: Settings, bye: bool) -> Fraction:
    return settings.bye_points if bye else settings.absent_points


def _fus_points(settings: Settings, bye: bool) -> Fraction:
    return Fraction(1 if bye else 0)  # a bye is a win; an absence, nothing


def _mms_points(settings: Settings, bye: bool) -> Fraction:
    return settings.opengotha.mms_bye if bye else settings.opengotha.mms_absent


def _nbw_points(settings: Settings, bye: bool) -> Fraction:
    return settings.opengotha.nbw_bye if bye else settings.opengotha.nbw_absent


@record
class Strength:
    """What stands beside a player's name in a round sheet (his rank, or his FUS level), and
    whether every player must have a rank or a rating. Called, the value of each player."""

    of: Callable[[Tournament], dict[int, int | str]]
    label: str = "rank"  # "White rank" (or "White level" in FUS)
    needed: bool = True  # every player needs a rank or rating

    def __call__(self, tournament: Tournament) -> dict[int, int | str]:
        return self.of(tournament)


@record
class Columns:
    """The columns a system's sheets have beyond every system's."""

    mcmahon_groups: bool = False  # Players: Group, given at the first pairing
    tiers: bool = False  # Players: Tier
    levels_as_played: bool = False  # a FUS round sheet keeps the rounds in force (step caps)


@record
class PairingSystem:
    """One pairing system: its hooks, how it ranks, and what its sheets show."""

    kind: System  # the system (``Settings.system``)
    rules: Rules  # whose rules pair it (``Settings.rules``)
    pair: Callable[[Tournament], Pairing]  # the next round, nothing changed
    weigh: Callable[[Tournament], Weighing]  # every pair of the next round, for explain
    weights_shown: WeightsShown  # explain: one packed weight, the criteria alone, a sum
    ranking: Ranking  # how the players are ranked (the Standings sheet)
    scores_wins: bool  # ranked by wins (McMahon, FUS) rather than by points (Swiss)
    unplayed: Callable[[Settings, bool], Fraction]  # (settings, bye?): points of no game
    strength: Strength  # beside each name in a round, and whether every player needs it
    opengotha_file: System  # the system an OpenGotha file of the tournament is written as
    columns: Columns = Columns()

    @property
    def name(self) -> str:
        """Its name in the registry: the system's, ``opengotha-…`` under OpenGotha's rules."""
        if self.opengotha:
            return f"{self.rules.value}-{self.kind.value}"
        return self.kind.value

    @property
    def title(self) -> str:
        """What an organiser calls it: ``McMahon``, ``OpenGotha's Swiss`` …"""
        return f"OpenGotha's {self.kind.display_name}" if self.opengotha else self.kind.display_name

    @property
    def opengotha(self) -> bool:
        """OpenGotha's rules: its parameters, columns and files."""
        return self.rules is Rules.OPENGOTHA

    @property
    def rounds_proposed(self) -> bool:
        """Whether "Rounds" may be left empty, to be proposed at the first pairing."""
        return self.kind.rounds_proposed

    @property
    def rounds_rule(self) -> str:
        """How the rounds left empty are proposed, in words."""
        return self.kind.rounds_rule

    def unplayed_points(self, settings: Settings, *, bye: bool) -> Fraction:
        """The points of a round without a game: a bye (or no opponent left), or an absence."""
        return self.unplayed(settings, bye)

    @property
    def needs_strength(self) -> bool:
        return self.strength.needed

    @property
    def strength_label(self) -> str:
        return self.strength.label

    @property
    def mcmahon_groups(self) -> bool:
        return self.columns.mcmahon_groups

    @property
    def tiers(self) -> bool:
        return self.columns.tiers

    @property
    def levels_as_played(self) -> bool:
        return self.columns.levels_as_played

    @property
    def packed(self) -> bool:
        """Whether a pair's criteria are packed into one weight (all but FUS)."""
        return self.weights_shown != "criteria"


SEED_MCMAHON = PairingSystem(
    kind=System.MCMAHON,
    rules=Rules.GOSHEET,
    pair=_later("mcmahon", "pair"),
    weigh=_later("mcmahon", "weigh"),
    weights_shown="packed",
    ranking=Ranking.MCMAHON,
    scores_wins=True,
    unplayed=_settings_points,
    strength=Strength(_ranks),
    opengotha_file=System.MCMAHON,
    columns=Columns(mcmahon_groups=True),
)
FUS = PairingSystem(
    kind=System.FUS,
    rules=Rules.GOSHEET,
    pair=_later("fus", "pair"),
    weigh=_later("fus", "weigh"),
    weights_shown="criteria",
    ranking=Ranking.FUS,
    scores_wins=True,
    unplayed=_fus_points,
    strength=Strength(_levels, label="level"),
    opengotha_file=System.MCMAHON,  # a handicap system OpenGotha lacks: McMahon's defaults
    columns=Columns(levels_as_played=True),
)
SWISS = PairingSystem(
    kind=System.SWISS,
    rules=Rules.GOSHEET,
    pair=_later("swiss", "pair"),
    weigh=_later("swiss", "weigh"),
    weights_shown="packed",
    ranking=Ranking.SWISS,
    scores_wins=False,
    unplayed=_settings_points,
    strength=Strength(_ranks, needed=False),
    opengotha_file=System.SWISS,
    columns=Columns(tiers=True),
)
ROUND_ROBIN = PairingSystem(
    kind=System.ROUND_ROBIN,
    rules=Rules.GOSHEET,
    pair=_later("roundrobin", "pair"),
    weigh=_later("roundrobin", "weigh"),
    weights_shown="packed",
    ranking=Ranking.SWISS,  # by points, then the tiebreaks (Sonneborn-Berger, direct encounter)
    scores_wins=False,
    unplayed=_settings_points,
    strength=Strength(_ranks, needed=False),
    opengotha_file=System.MCMAHON,
)
OPENGOTHA_MCMAHON = PairingSystem(
    kind=System.MCMAHON,
    rules=Rules.OPENGOTHA,
    pair=_opengotha_pair,
    weigh=_opengotha_weigh,
    weights_shown="summed",
    ranking=Ranking.OPENGOTHA,
    scores_wins=True,
    unplayed=_mms_points,
    strength=Strength(_ranks),
    opengotha_file=System.MCMAHON,
)
OPENGOTHA_SWISS = PairingSystem(
    kind=System.SWISS,
    rules=Rules.OPENGOTHA,
    pair=_opengotha_pair,
    weigh=_opengotha_weigh,
    weights_shown="summed",
    ranking=Ranking.OPENGOTHA,
    scores_wins=False,
    unplayed=_nbw_points,
    strength=Strength(_ranks, needed=False),
    opengotha_file=System.SWISS,
)
SYSTEMS = (SEED_MCMAHON, FUS, SWISS, ROUND_ROBIN, OPENGOTHA_MCMAHON, OPENGOTHA_SWISS)
#: The systems by name: ``mcmahon`` … and ``opengotha-mcmahon``, ``opengotha-swiss``.
REGISTRY: dict[str, PairingSystem] = {s.name: s for s in SYSTEMS}
BY_KIND: dict[tuple[System, Rules], PairingSystem] = {(s.kind, s.rules): s for s in SYSTEMS}


def system_for(kind: System, rules: Rules = Rules.GOSHEET) -> PairingSystem:
    """The system ``kind`` paired by ``rules``."""
    return BY_KIND[kind, rules]


def system_of(settings: Settings) -> PairingSystem:
    """The system that pairs a tournament with these settings."""
    return BY_KIND[settings.system, settings.rules]


def default_system(game: str) -> System:
    """The system of a new tournament when none is named: McMahon for go, Swiss otherwise."""
    return System.MCMAHON if game_of(game).go else System.SWISS


def pair_next_round(tournament: Tournament) -> Pairing:
    """Pair the next round of ``tournament`` with its system; nothing is changed."""
    return system_of(tournament.settings).pair(tournament)
