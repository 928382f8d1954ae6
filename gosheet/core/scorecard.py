"""Per-player records that tiebreaks read: a pure, spreadsheet-free table.

Scores are :class:`fractions.Fraction`, so half points stay exact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from gosheet.core.model import Outcome, Round


@dataclass(frozen=True)
class RoundEntry:
    """One round for one player: the outcome and, for a game, the opponent."""

    round_number: int
    outcome: Outcome
    opponent: int | None = None
    colour: str = ""  # "w" / "b" for a game
    handicap: int = 0


def round_entry(rnd: Round, player: int) -> RoundEntry:
    """What ``rnd`` was for ``player``."""
    game = rnd.game_of(player)
    if game is None:
        return RoundEntry(rnd.number, rnd.outcome_for(player))
    return RoundEntry(
        rnd.number,
        game.outcome_for(player),
        opponent=game.opponent_of(player),
        colour=game.colour_of(player),
        handicap=game.handicap,
    )


def round_entries(
    rounds: Sequence[Round], players: Iterable[int]
) -> dict[int, tuple[RoundEntry, ...]]:
    """What each round of ``rounds`` was for each of ``players`` (the crosstable's cells),
    without the scores :func:`~gosheet.core.scoring.records` adds up."""
    return {n: tuple(round_entry(rnd, n) for rnd in rounds) for n in players}


@dataclass(frozen=True)
class PlayerRecord:
    """A player's whole tournament so far."""

    player: int
    start_score: Fraction
    score: Fraction  # MMS (McMahon score) or Swiss points after the rounds so far
    wins: Fraction
    entries: tuple[RoundEntry, ...]
    group: int = 1
    gains: tuple[Fraction, ...] = ()  # the points each round added
