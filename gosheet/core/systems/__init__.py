"""The pairing systems, found by name: one :class:`PairingSystem` each.

gosheet pairs with six systems: its own seed McMahon, FUS, Swiss and round robin (one
module each in this package), and OpenGotha's McMahon and Swiss (its engine,
:mod:`gosheet.core.opengotha.engine`), chosen by ``Pairing rules: opengotha``. Each
says here how it pairs, how it weighs a pair (the ``Explain`` sheet), how it ranks the
players (which Standings it has), which columns its sheets have and how its weights are
shown. Everything outside this package asks :func:`system_of` instead of comparing the
names of the settings.

>>> from gosheet.core.settings import Settings
>>> system_of(Settings.preset("fus")).title
'FUS'
>>> system_of(Settings.preset("swiss", rules="opengotha")).name
'opengotha-swiss'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from gosheet.core.games import game_of
from gosheet.core.model import Tournament
from gosheet.core.pairing import Pairing, Weighing
from gosheet.core.settings import Settings
from gosheet.core.systems import fus, fus_levels, mcmahon, roundrobin, swiss

Standings = Literal["mcmahon", "swiss", "fus", "opengotha"]
WeightsShown = Literal["packed", "criteria", "summed"]


# OpenGotha's engine (and numpy under it) is imported when a tournament under its rules is
# paired or weighed, not with the registry: every command asks the registry, few pair.
def _opengotha_pair(tournament: Tournament) -> Pairing:
    from gosheet.core.opengotha import engine

    return engine.pair(tournament)


def _opengotha_weigh(tournament: Tournament) -> Weighing:
    from gosheet.core.opengotha import engine

    return engine.weigh(tournament)


def _ranks(tournament: Tournament) -> dict[int, int | str]:
    return {p.number: p.rank_text for p in tournament.players}


def _levels(tournament: Tournament) -> dict[int, int | str]:
    records = fus_levels.fus_records(tournament)
    return {p.number: records[p.number].level for p in tournament.players}


@dataclass(frozen=True)
class PairingSystem:
    """One pairing system: its hooks and what its sheets show."""

    name: str  # found by this name (``Settings.system``, or ``opengotha-…``)
    title: str  # what an organiser calls it
    pair: Callable[[Tournament], Pairing]  # the next round, nothing changed
    weigh: Callable[[Tournament], Weighing]  # every pair of the next round, for explain
    standings: Standings  # how the players are ranked (the Standings sheet)
    weights_shown: WeightsShown  # explain: one packed weight, the criteria alone, a sum
    strength: Callable[[Tournament], dict[int, int | str]]  # beside each name in a round
    strength_label: str = "rank"  # "White rank" (or "White level" in FUS)
    needs_strength: bool = True  # every player needs a rank or rating
    mcmahon_groups: bool = False  # players are given a McMahon group at their first pairing
    tiers: bool = False  # the Players sheet has a Tier column
    opengotha: bool = False  # OpenGotha's rules: its parameters, columns and files
    rounds_proposed: bool = False  # "Rounds" may be left empty: proposed at the first pairing
    scores_wins: bool = True  # standings by wins (McMahon) rather than points (Swiss)
    rounds_rule: str = "round(1.3 · log2 N)"  # how 'Rounds' left empty is proposed
    levels_as_played: bool = False  # FUS: a round sheet keeps the rounds in force (step caps)

    @property
    def packed(self) -> bool:
        """Whether a pair's criteria are packed into one weight (all but FUS)."""
        return self.weights_shown != "criteria"


SEED_MCMAHON = PairingSystem(
    "mcmahon",
    "McMahon",
    mcmahon.pair,
    mcmahon.weigh,
    "mcmahon",
    "packed",
    _ranks,
    mcmahon_groups=True,
)
FUS = PairingSystem(
    "fus", "FUS", fus.pair, fus.weigh, "fus", "criteria", _levels, "level", levels_as_played=True
)
SWISS = PairingSystem(
    "swiss",
    "Swiss",
    swiss.pair,
    swiss.weigh,
    "swiss",
    "packed",
    _ranks,
    needs_strength=False,
    tiers=True,
    rounds_proposed=True,
    scores_wins=False,
)
ROUND_ROBIN = PairingSystem(
    "roundrobin",
    "Round robin",
    roundrobin.pair,
    roundrobin.weigh,
    "swiss",  # by points, then the tiebreaks (Sonneborn-Berger, direct encounter)
    "packed",
    _ranks,
    needs_strength=False,
    rounds_proposed=True,
    scores_wins=False,
    rounds_rule="all play all: N − 1, or N with an odd count",
)
OPENGOTHA_MCMAHON = PairingSystem(
    "opengotha-mcmahon",
    "OpenGotha's McMahon",
    _opengotha_pair,
    _opengotha_weigh,
    "opengotha",
    "summed",
    _ranks,
    opengotha=True,
)
OPENGOTHA_SWISS = PairingSystem(
    "opengotha-swiss",
    "OpenGotha's Swiss",
    _opengotha_pair,
    _opengotha_weigh,
    "opengotha",
    "summed",
    _ranks,
    needs_strength=False,
    opengotha=True,
    rounds_proposed=True,
    scores_wins=False,
)
REGISTRY: dict[str, PairingSystem] = {
    s.name: s for s in (SEED_MCMAHON, FUS, SWISS, ROUND_ROBIN, OPENGOTHA_MCMAHON, OPENGOTHA_SWISS)
}


def system_of(settings: Settings) -> PairingSystem:
    """The system that pairs a tournament with these settings."""
    if settings.rules == "opengotha":
        return REGISTRY[f"opengotha-{settings.system}"]
    return REGISTRY[settings.system]


def default_system(game: str) -> str:
    """The system of a new tournament when none is named: McMahon for go, Swiss otherwise."""
    return SEED_MCMAHON.name if game_of(game).go else SWISS.name


def pair_next_round(tournament: Tournament) -> Pairing:
    """Pair the next round of ``tournament`` with its system; nothing is changed."""
    return system_of(tournament.settings).pair(tournament)
