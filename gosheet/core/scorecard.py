"""Per-player records that tiebreaks read: a pure, spreadsheet-free table.

Scores are :class:`fractions.Fraction`, so half points stay exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction

from gosheet.core.model import Outcome, Round
from gosheet.records import record


@record
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
    tables = [entries_of(rnd) for rnd in rounds]
    return {n: tuple(table(n) for table in tables) for n in players}


def entries_of(rnd: Round) -> Callable[[int], RoundEntry]:
    """:func:`round_entry` of ``rnd`` for any player, each game's two entries made at once
    (a big field's rounds are read player by player many times over).

    >>> from gosheet.core.model import Game
    >>> entry = entries_of(Round(2, (Game(1, 7, 9, handicap=2),), byes=(4,)))
    >>> entry(9) == round_entry(Round(2, (Game(1, 7, 9, handicap=2),), byes=(4,)), 9)
    True
    >>> entry(9).colour, entry(9).opponent, entry(4).outcome, entry(5).outcome
    ('b', 7, <Outcome.BYE: 'bye'>, <Outcome.ABSENT: 'absent'>)
    """
    number = rnd.number
    found = {p: RoundEntry(number, Outcome.BYE) for p in rnd.byes}
    for game in reversed(rnd.games):  # the first game of a player wins, as game_of's
        white, black = game.white, game.black
        found[black] = RoundEntry(  # (then White's: a game of a player against himself)
            number, game.outcome_for(black), opponent=white, colour="b", handicap=game.handicap
        )
        found[white] = RoundEntry(
            number, game.outcome_for(white), opponent=black, colour="w", handicap=game.handicap
        )
    absent = RoundEntry(number, Outcome.ABSENT)
    return lambda player: found.get(player, absent)


@record
class PlayerRecord:
    """A player's whole tournament so far."""

    player: int
    start_score: Fraction
    score: Fraction  # MMS (McMahon score) or Swiss points after the rounds so far
    wins: Fraction
    entries: tuple[RoundEntry, ...]
    group: int = 1
    gains: tuple[Fraction, ...] = ()  # the points each round added
