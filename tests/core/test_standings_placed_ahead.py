"""The placement of the standings computed before a round is paired (``placed_before``: the
``gosheet`` command does it while its warm helper pairs the round), taken by the standings of
the tournament with that round: the same standings as computed afterwards, on OpenGotha's
own tournaments round by round; taken only when it counts the same rounds by the same
criteria, for the same players."""

from __future__ import annotations

from itertools import pairwise

import pytest
from support.opengotha import read_fixture
from support.paths import PAIRGOTH, SYNTHETIC, TOULOUSE, synthetic

from gosheet.core.model import Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.standings_table import Placed, placed_before, standings_model
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import read_opengotha
from gosheet.records import replace


def rounds_of(name: str) -> tuple[Tournament, ...]:
    """The tournament ``name`` before each of its rounds, and with all of them."""
    og = read_opengotha(synthetic(name)) if name in SYNTHETIC else read_fixture(name)
    count = len({g.round_number for g in og.games} | {b.round_number for b in og.byes})
    return tuple(from_opengotha(og, until_round=r).tournament for r in range(count + 1))


def to_play(rnd: Round) -> Round:
    """``rnd`` as just paired: its games without results."""
    return replace(rnd, games=tuple(replace(g, result=None) for g in rnd.games))


@pytest.mark.parametrize("name", [*PAIRGOTH, TOULOUSE, *SYNTHETIC])
def test_the_placement_before_a_round_is_the_standings_with_it(name: str) -> None:
    stages = rounds_of(name)
    for before, after in pairwise(stages):
        paired = before.with_round(to_play(after.rounds[-1]))
        placed = placed_before(before)
        assert placed is not None and placed.counted == len(before.rounds)
        assert standings_model(paired, placed=placed) == standings_model(paired), after.rounds[-1]
        # the round played: more rounds counted, the placement before it is not taken
        assert standings_model(after, placed=placed) == standings_model(after)


def test_a_placement_is_taken_only_when_it_counts_the_same_rounds_for_the_same_players() -> None:
    before, after = rounds_of("simplemm")[1:3]
    paired = before.with_round(to_play(after.rounds[-1]))
    placed = placed_before(before)
    assert placed is not None
    upside_down = replace(placed, rows=placed.rows[::-1])  # (as told: taken, not recomputed)
    names = [row.player.surname for row in standings_model(paired, placed=upside_down).rows]
    expected = [row.player.surname for row in standings_model(paired).rows]
    assert names == expected[::-1]
    for other in (
        replace(upside_down, counted=placed.counted - 1),  # other rounds
        replace(upside_down, names=placed.names[:-1]),  # other criteria
        replace(upside_down, rows=upside_down.rows[1:]),  # a player missing
    ):
        assert standings_model(paired, placed=other) == standings_model(paired)


@pytest.mark.parametrize("system", ["mcmahon", "swiss", "fus"])
def test_the_other_rankings_count_every_round_paired_and_place_nothing_ahead(
    system: str,
) -> None:
    t = rounds_of("simplemm")[1]
    assert isinstance(placed_before(t), Placed)
    assert placed_before(replace(t, settings=Settings.preset(system, rounds=3))) is None
