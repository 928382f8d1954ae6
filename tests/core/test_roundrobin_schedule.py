"""Round robin when the director strays from the plan: more rounds set than the schedule has,
a round 1 typed by hand that is no Berger round, players not playing a round on both sides of a
board, a withdrawn player in the explanation's weighing."""

from __future__ import annotations

import pytest

from gosheet.core.errors import ConsistencyError
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.pairing import Pairing
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round, system_of
from gosheet.records import replace


def field(n: int, rounds: int | None = None) -> Tournament:
    settings = Settings.preset("roundrobin", "go", rounds=rounds, random_seed=1)
    players = tuple(Player(k, f"P{k:02d}", "X", -k, 2400 - 30 * k) for k in range(1, n + 1))
    return Tournament(settings, players)


def played(t: Tournament) -> Tournament:
    """The next round paired, White winning every game."""
    pairing = pair_next_round(t)
    games = tuple(replace(g, result=Result.WHITE_WINS) for g in pairing.games)
    return t.with_round(Round(pairing.round_number, games, pairing.byes))


def pairs(rnd: Round | Pairing) -> set[frozenset[int]]:
    return {frozenset((g.white, g.black)) for g in rnd.games}


def test_rounds_set_beyond_the_schedule_stop_when_everybody_has_met() -> None:
    """Rounds = 5 with four players: the Berger tables have three rounds; the fourth is refused
    with the schedule's own count, not paired again."""
    t = field(4, rounds=5)
    for _ in range(3):
        t = played(t)
    met = [p for r in t.rounds for p in pairs(r)]
    assert len(met) == len(set(met)) == 6
    with pytest.raises(ConsistencyError, match="every one of the 3 rounds is paired"):
        pair_next_round(t)


def test_with_two_players_the_one_round_is_refused_a_second_time_in_its_singular() -> None:
    t = played(field(2, rounds=3))
    assert pairs(t.rounds[0]) == {frozenset({1, 2})}
    with pytest.raises(ConsistencyError, match="its 1 round is paired"):
        pair_next_round(t)


def test_a_round_one_typed_with_two_byes_leaves_the_schedule_to_the_lot() -> None:
    """Round 1 typed by hand with two byes among four players reads as no Berger round: the
    Berger numbers are drawn by the lot, as for a new tournament, and round 2 is the lot's
    round 2."""
    fresh = field(4)
    lot_round_2 = pair_next_round(played(fresh))
    typed = Round(1, (Game(1, 1, 2, result=Result.WHITE_WINS),), byes=(3, 4))
    t = fresh.with_round(typed)
    assert pairs(pair_next_round(t)) == pairs(lot_round_2)


def test_a_round_one_naming_someone_twice_does_not_fix_the_schedule() -> None:
    """A player typed at two tables of round 1 (a slip of the hand): the Berger numbers cannot
    be read back, so they are drawn among those seated in round 1, and the player the slip
    left out is named as joining late, not paired by a schedule he is not in."""
    typed = Round(
        1, (Game(1, 1, 2, result=Result.WHITE_WINS), Game(2, 3, 1, result=Result.BLACK_WINS))
    )
    t = field(4).with_round(typed)
    with pytest.raises(ConsistencyError, match="round robin: P04 X joined after round 1"):
        pair_next_round(t)


def test_both_players_of_a_board_not_playing_leave_no_game_and_no_bye() -> None:
    t = played(field(4))
    board = pair_next_round(t).games[0]
    gone = {board.white, board.black}
    t = replace(
        t,
        players=tuple(
            replace(p, not_playing=frozenset({2})) if p.number in gone else p for p in t.players
        ),
    )
    second = pair_next_round(t)
    assert len(second.games) == 1 and second.byes == ()
    assert not gone & {second.games[0].white, second.games[0].black}


@pytest.mark.parametrize("side", ["white", "black"])
def test_the_weighing_values_only_the_boards_of_players_present(side: str) -> None:
    """What 'explain' shows for round 2: the Berger boards whose two players play it, valued 1;
    a player not playing round 2 leaves his board out (his opponent has the bye)."""
    t = played(field(4))
    board = pair_next_round(t).games[0]
    gone = board.white if side == "white" else board.black
    t = replace(
        t,
        players=tuple(
            replace(p, not_playing=frozenset({2})) if p.number == gone else p for p in t.players
        ),
    )
    weighing = system_of(t.settings).weigh(t)
    present = [p.number for p in weighing.order]
    assert gone not in present and len(present) == 3
    valued = {frozenset((present[i], present[j])): v for (i, j), v in weighing.values.items()}
    assert valued == {frozenset(p): (1,) for p in pairs(pair_next_round(t))}
    assert len(valued) == 1
