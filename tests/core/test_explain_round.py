"""Why a round was paired so (``explain``), from the core: the round weighed again as the
tournament stood before it, for each system; a round changed by hand shows the criterion where
it falls behind; a round not paired is refused; OpenGotha's bye is explained by its weights."""

from __future__ import annotations

import pytest

from gosheet.core.criteria import LABELS, label
from gosheet.core.errors import ConsistencyError
from gosheet.core.explain import explain_round
from gosheet.core.model import Player, Result, Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.records import replace


def field(n: int, **settings: object) -> Tournament:
    players = tuple(
        Player(k, f"P{k}", "A", rank=5 - k, club=("Berlin", "Lyon")[k % 2]) for k in range(1, n + 1)
    )
    return Tournament(Settings.preset(rounds=3, **settings), players)  # type: ignore[arg-type]


def played(t: Tournament, rounds: int = 2) -> Tournament:
    """``rounds`` rounds paired by gosheet, White winning every game."""
    for _ in range(rounds):
        paired = pair_next_round(t).as_round()
        games = tuple(replace(g, result=Result.WHITE_WINS) for g in paired.games)
        t = t.with_round(replace(paired, games=games))
    return t


def blacks_of_tables_1_and_2_swapped(t: Tournament) -> Tournament:
    last = t.rounds[-1]
    one, two, *rest = last.games
    games = (replace(one, black=two.black), replace(two, black=one.black), *rest)
    return replace(t, rounds=(*t.rounds[:-1], replace(last, games=games)))


def test_a_round_not_paired_is_refused_with_the_rounds_that_are() -> None:
    t = played(field(8))
    for number in (0, 3):
        with pytest.raises(ConsistencyError, match=r"round 3|round 0"):
            explain_round(t, number)
    with pytest.raises(ConsistencyError, match=r"round 3 is not paired \(rounds paired: 1 to 2\)"):
        explain_round(t, 3)


def test_a_swiss_round_changed_by_hand_falls_behind_on_the_halves() -> None:
    """Swapping the second players of tables 1 and 2 keeps every pair legal but pairs the
    halves of a score group worse: the totals first differ on 'halves', and the verdict says
    gosheet would pair it differently."""
    t = played(field(8, system="swiss"))
    as_paired = explain_round(t, 2)
    assert as_paired.same_pairs and as_paired.deciding() is None
    assert as_paired.verdict() == "gosheet pairs it the same way now."
    changed = explain_round(blacks_of_tables_1_and_2_swapped(t), 2)
    assert not changed.same_pairs and not changed.tie
    names = [c.name for c in changed.criteria]
    assert changed.deciding() == names.index("halves")
    assert changed.totals is not None and changed.totals_now == as_paired.totals
    assert changed.totals[names.index("halves")] == 62 and as_paired.totals[-1] == 64
    assert changed.recorded_weight == as_paired.best_weight - 2  # type: ignore[operator]
    assert changed.verdict() == (
        "gosheet would pair it differently now (results or players changed?)."
    )


def test_without_a_bye_the_bye_s_criteria_decide_nothing() -> None:
    explanation = explain_round(played(field(8)), 2)
    names = [explanation.criteria[k].name for k in explanation.applying]
    assert names == ["MMS gap", "same MMS", "table order"]
    assert explanation.bye_candidates() == []


def test_a_pair_that_met_before_has_no_value_and_no_total() -> None:
    """In McMahon the swap makes players meet again: no value for that pair, so no total
    weight, nothing to compare."""
    explanation = explain_round(blacks_of_tables_1_and_2_swapped(played(field(8))), 2)
    assert explanation.games[1].values is None and explanation.games[1].weight is None
    assert explanation.recorded_weight is None and explanation.totals is None
    assert explanation.deciding() is None


def test_fus_values_each_pair_by_its_level_difference_alone() -> None:
    """FUS does not pack its criterion into a weight: its best value is no level difference,
    and there are no totals."""
    explanation = explain_round(played(field(8, system="fus")), 2)
    (criterion,) = explanation.criteria
    assert criterion.name == "level difference" and not explanation.packed
    assert explanation.best(criterion) == 0
    assert explanation.recorded_weight is None and explanation.deciding() is None
    assert all(g.weight is None and g.values is not None for g in explanation.games)


def test_opengotha_s_costs_are_summed_not_compared_in_order() -> None:
    t = blacks_of_tables_1_and_2_swapped(played(field(8, rules="opengotha")))
    explanation = explain_round(t, 2)
    assert explanation.summed and not explanation.same_pairs
    assert explanation.totals != explanation.totals_now
    assert explanation.deciding() is None
    (first, *_) = explanation.criteria
    assert explanation.best(first) == first.bound


def test_opengotha_s_bye_goes_to_the_least_weight_the_last_of_equals() -> None:
    """Seven players: the bye's candidates, least weight first; among equals the last in
    OpenGotha's list comes first, and the one who got the bye heads the list."""
    t = played(field(7, rules="opengotha"))
    explanation = explain_round(t, 2)
    candidates = explanation.bye_candidates(shown=3)
    assert candidates[0][0] == t.rounds[1].byes[0]
    weights = [w for _, w in candidates]
    assert weights == sorted(weights) and len(candidates) >= 3
    least = min(w for _, w in explanation.bye_weights)
    tied = [n for n, w in explanation.bye_weights if w == least]
    assert [n for n, _ in candidates[: len(tied)]] == tied[::-1]
    assert len(explanation.bye_candidates(shown=1)) == len(tied)
    assert len(explanation.bye_candidates()) == min(8, len(explanation.bye_weights))


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"system": "swiss"},
        {"system": "fus"},
        {"system": "roundrobin"},
        {"rules": "opengotha"},
        {"avoid_same_club": True, "avoid_same_country": True},
    ],
)
def test_every_criterion_explain_shows_has_its_label(settings: dict[str, object]) -> None:
    """The criteria are shown by their labels (OpenGotha's by its parameters' names), which
    the workbook's catalog translates: none may fall through as a bare internal name."""
    explanation = explain_round(played(field(8, **settings), rounds=1), 1)
    for criterion in explanation.criteria:
        assert criterion.name in LABELS, criterion.name
    shown = [label(c) for c in explanation.criteria]
    if "rules" in settings:
        assert shown[:3] == ["avoid duplicates", "random", "colour balance"]


def test_a_different_pairing_as_good_is_called_a_tie() -> None:
    """Another pairing with exactly the same total weight: the verdict says the optimum is a
    tie, not that something changed."""
    as_paired = explain_round(played(field(8, system="swiss")), 2)
    tied = replace(as_paired, same_pairs=False)
    assert tied.tie and tied.recorded_weight == tied.best_weight
    assert tied.verdict() == (
        "gosheet would pair it differently now, as good (exactly the same total weight): the "
        "optimum is a tie."
    )
    assert not replace(tied, best_weight=tied.best_weight + 1).tie  # type: ignore[operator]
