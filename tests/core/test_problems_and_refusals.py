"""What a director reads when something is off: the problems found in a workbook, counted and
each with its place; a round nobody plays refused; simulated results that leave the entered
ones — and the draws of the other games — as they were; a pair the weighing cannot value."""

from __future__ import annotations

import pytest

from gosheet.core.errors import ConsistencyError, InputError, Problem
from gosheet.core.kinds import proposed_rounds
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import pair_next_round, system_of


def test_the_problems_are_counted_and_each_says_where() -> None:
    error = InputError(
        [
            Problem("Players", "C5", "3x", "not a rank"),
            Problem("Settings", "", None, "the sheet is missing"),
        ]
    )
    assert str(error) == (
        "2 problems found\n  Players!C5: '3x': not a rank\n  Settings: the sheet is missing"
    )
    assert len(error.problems) == 2 and error.exit_code == 1
    one = InputError((Problem("Players", "B7", "", "a name is needed"),))
    assert str(one) == "1 problem found\n  Players!B7: a name is needed"


def players(*not_playing: frozenset[int]) -> tuple[Player, ...]:
    return tuple(
        Player(k, f"P{k}", rank=-k, not_playing=absent) for k, absent in enumerate(not_playing, 1)
    )


def test_a_round_nobody_plays_is_refused() -> None:
    t = Tournament(Settings(rounds=3), players(frozenset({1}), frozenset({1, 2})))
    with pytest.raises(ConsistencyError, match="no player is playing round 1"):
        pair_next_round(t)


def test_a_player_not_playing_has_no_pair_in_the_weighing() -> None:
    t = Tournament(Settings(rounds=3), players(frozenset(), frozenset(), frozenset({1})))
    weighing = system_of(t.settings).weigh(t)
    assert weighing.of(1, 3) is None and weighing.of(3, 2) is None
    assert weighing.of(1, 2) is not None and weighing.of(1, 2) == weighing.of(2, 1)


def test_a_tournament_of_one_is_proposed_one_round() -> None:
    assert [proposed_rounds(n) for n in (0, 1, 2, 3)] == [1, 1, 1, 2]


def test_simulating_keeps_the_entered_results_and_draws_the_others_the_same() -> None:
    """A result entered before simulating stays; the other games get the result they would
    have got had it not been entered (each game its own draw, whatever is entered)."""
    t = Tournament(Settings(rounds=3), players(*[frozenset()] * 6))
    open_round = Round(1, (Game(1, 1, 2), Game(2, 3, 4), Game(3, 5, 6)))
    simulated = simulate_round(t, open_round)
    entered = (
        Result.BLACK_WINS if simulated.games[0].result is Result.WHITE_WINS else (Result.WHITE_WINS)
    )
    typed = Round(1, (Game(1, 1, 2, result=entered), *open_round.games[1:]))
    filled = simulate_round(t, typed)
    assert filled.games[0].result is entered
    assert filled.games[1:] == simulated.games[1:]
    assert all(g.result is not None for g in filled.games)
