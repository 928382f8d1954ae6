"""Scores and wins, round by round: McMahon scores (seed, "Организация игры")
and Swiss points (start 0).

- A win: +1 McMahon point (MMS) and +1 win; a loss: 0 and 0.
- A jigo: +½ MMS and +½ win; a no-show ("неявка"): the settings' points
  (seed: ½ MMS), 0 wins.
- A technical win (bye): the settings' points (seed: 1) and a win.
- A round the player did not play: the settings' points (seed: ½), 0 wins.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm

from gosheet.core.groups import assign_groups, group_count, start_score
from gosheet.core.model import Outcome, Tournament
from gosheet.core.scorecard import PlayerRecord, entries_of
from gosheet.core.settings import Settings

ZERO = Fraction(0)
HALF = Fraction(1, 2)
ONE = Fraction(1)


def points(outcome: Outcome, settings: Settings) -> Fraction:
    """McMahon points a player gains from one round."""
    if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN):
        return ONE
    if outcome is Outcome.JIGO:
        return HALF
    if outcome is Outcome.FORFEIT_LOSS:
        return settings.forfeit_loss_points
    if outcome is Outcome.BYE:
        return settings.bye_points
    if outcome is Outcome.ABSENT:
        return settings.absent_points
    return ZERO  # loss, or a game still without a result


def wins(outcome: Outcome) -> Fraction:
    """The "wins" column: 1 a win (technical ones too), ½ a jigo, else 0."""
    if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.BYE):
        return ONE
    if outcome is Outcome.JIGO:
        return HALF
    return ZERO


def records(tournament: Tournament, rounds: int | None = None) -> dict[int, PlayerRecord]:
    """Every player's record after the first ``rounds`` rounds (default: all).

    Players without a McMahon group are given the one the settings compute.
    """
    upto = len(tournament.rounds) if rounds is None else rounds
    settings = tournament.settings
    mcmahon = settings.system.group_scores
    players = tournament.players
    if mcmahon:
        players = assign_groups(settings.mcmahon_groups, players)
    groups = group_count(players)
    played_rounds = tournament.rounds[:upto]
    gain_of = {outcome: points(outcome, settings) for outcome in Outcome}
    win_of = {outcome: wins(outcome) for outcome in Outcome}
    # the sums in whole numbers of one unit (a field's fractions, added, are slow): exact
    unit = lcm(*(v.denominator for v in (*gain_of.values(), *win_of.values())))
    gained = {outcome: int(value * unit) for outcome, value in gain_of.items()}
    won = {outcome: int(value * unit) for outcome, value in win_of.items()}
    tables = [(entries_of(rnd), frozenset(rnd.byes)) for rnd in played_rounds]
    bye = Outcome.BYE
    result: dict[int, PlayerRecord] = {}
    for player in players:
        number = player.number
        start = start_score(player, groups) if mcmahon else 0
        entries = tuple(entry(number) for entry, _ in tables)
        outcomes = [  # (a bye first, as Round.outcome_for: the entry is the game's)
            bye if number in byes else e.outcome
            for e, (_, byes) in zip(entries, tables, strict=True)
        ]
        result[number] = PlayerRecord(
            player=number,
            start_score=Fraction(start),
            score=Fraction(start * unit + sum(gained[o] for o in outcomes), unit),
            wins=Fraction(sum(won[o] for o in outcomes), unit),
            entries=entries,
            group=player.group or 1,
            gains=tuple(gain_of[o] for o in outcomes),
        )
    return result
