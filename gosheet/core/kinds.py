"""The kinds a tournament is told apart by, as types: its pairing system (:class:`System`), its
pairing rules (:class:`Rules`) and how its Standings rank the players (:class:`Ranking`).

Each is a ``(str, Enum)`` whose values are the names the Settings sheet shows and the command
line takes: a member equals its name and prints as it (``System.FUS == "fus"``,
``f"{System.FUS}"`` is ``fus``), so sheets, files and messages get the name, while code compares
members, never names. The names as organisers type them are read by the settings
(:mod:`gosheet.core.settings`).

What the settings must know of a system before any pairing code is loaded — its title, how
many rounds it proposes when ``Rounds`` is left empty, which games and rules it is for, whether
its scores start from the McMahon groups — the member answers (:class:`SystemFacts`); the rest
(how it pairs, weighs, ranks, which columns its sheets have) its entry in the registry,
:class:`gosheet.core.systems.PairingSystem`.

>>> System("roundrobin").propose_rounds(7), System.SWISS.propose_rounds(16)
(7, 5)
>>> System.MCMAHON.rounds_proposed, System.SWISS.display_name, f"{Rules.OPENGOTHA}"
(False, 'Swiss', 'opengotha')
"""

from __future__ import annotations

import math
from collections.abc import Callable
from enum import Enum

from gosheet.records import record


class Named(str, Enum):  # (Python 3.10 has no StrEnum)
    """A kind known by its name: prints, formats and compares as that name."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class Rules(Named):
    """Whose pairing rules: gosheet's own, or OpenGotha's (its McMahon and Swiss)."""

    GOSHEET = "gosheet"
    OPENGOTHA = "opengotha"


class TournamentType(Named):
    """Who sits at a board: one player (``individual``); a team of ``Team size`` players, board b
    against board b as OpenGotha pairs teams (``teams``); a pair, one game played by two
    players in turn (``pair go``); a rengo team of 2 or 3 players (``rengo``)."""

    INDIVIDUAL = "individual"
    TEAMS = "teams"
    PAIR_GO = "pair go"
    RENGO = "rengo"

    @property
    def plays_as_units(self) -> bool:
        """Pair go and rengo: several players play one game, as one unit."""
        return self in (TournamentType.PAIR_GO, TournamentType.RENGO)


class Ranking(Named):
    """How the Standings rank the players (one renderer each in ``workbook/standings``)."""

    MCMAHON = "mcmahon"  # by group, then wins and the tiebreaks
    SWISS = "swiss"  # by points, then the tiebreaks
    FUS = "fus"  # by level, coefficient, wins
    OPENGOTHA = "opengotha"  # by OpenGotha's placement criteria


def proposed_rounds(players: int) -> int:
    """round(1.3 · log2 N), halves rounded up (the Oware book; at least 1).

    >>> [proposed_rounds(n) for n in (8, 10, 12, 16, 20, 32, 64)]
    [4, 4, 5, 5, 6, 7, 8]
    """
    if players < 2:
        return 1
    if players & (players - 1) == 0:  # a power of two: log2 is exact
        tenths = 13 * (players.bit_length() - 1)
        return max(1, (tenths + 5) // 10)
    return max(1, int(1.3 * math.log2(players) + 0.5))


def all_play_all_rounds(players: int) -> int:
    """The rounds of an all-play-all of ``players``: N − 1, or N with an odd count (a bye
    a round).

    >>> all_play_all_rounds(6), all_play_all_rounds(7)
    (5, 7)
    """
    return max(1, players - 1 if players % 2 == 0 else players)


@record
class SystemFacts:
    """What the settings know of a system."""

    title: str  # what an organiser calls it
    rounds_proposed: bool = False  # "Rounds" may be left empty: proposed at the first pairing
    propose: Callable[[int], int] = proposed_rounds  # the rounds proposed for N players
    rounds_rule: str = "round(1.3 · log2 N)"  # that proposal, in words
    any_game: bool = False  # for any board game (else for go alone)
    opengotha_rules: bool = False  # OpenGotha has rules for it (its McMahon and Swiss)
    group_scores: bool = False  # a player's score starts from his McMahon group


class System(Named):
    """A pairing system, as the Settings sheet names it."""

    MCMAHON = "mcmahon"
    FUS = "fus"
    SWISS = "swiss"
    ROUND_ROBIN = "roundrobin"

    @property
    def facts(self) -> SystemFacts:
        return FACTS[self]

    @property
    def display_name(self) -> str:
        """What an organiser calls it: ``McMahon``, ``FUS``, ``Swiss``, ``Round robin``."""
        return self.facts.title

    @property
    def rounds_proposed(self) -> bool:
        """Whether ``Rounds`` may be left empty, to be proposed at the first pairing."""
        return self.facts.rounds_proposed

    @property
    def rounds_rule(self) -> str:
        """How the rounds are proposed, in words."""
        return self.facts.rounds_rule

    def propose_rounds(self, players: int) -> int:
        """The rounds proposed for ``players`` players."""
        return self.facts.propose(players)

    @property
    def any_game(self) -> bool:
        """Whether it pairs any board game (else go alone)."""
        return self.facts.any_game

    @property
    def opengotha_rules(self) -> bool:
        """Whether ``Pairing rules: opengotha`` may pair it."""
        return self.facts.opengotha_rules

    @property
    def group_scores(self) -> bool:
        """Whether a player's score starts from his McMahon group (McMahon, under any rules)."""
        return self.facts.group_scores


FACTS: dict[System, SystemFacts] = {
    System.MCMAHON: SystemFacts("McMahon", opengotha_rules=True, group_scores=True),
    System.FUS: SystemFacts("FUS"),
    System.SWISS: SystemFacts("Swiss", rounds_proposed=True, any_game=True, opengotha_rules=True),
    System.ROUND_ROBIN: SystemFacts(
        "Round robin",
        rounds_proposed=True,
        propose=all_play_all_rounds,
        rounds_rule="all play all: N − 1, or N with an odd count",
        any_game=True,
    ),
}
