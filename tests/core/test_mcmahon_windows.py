"""The seed McMahon matched a window of the table at a time
(:mod:`gosheet.core.systems.mcmahon_windows`) makes the same pairs as one matching of the whole
field, round after round, with windows small enough for a few hundred players to need many of
them; and the windows' second pass mends a poor first pairing. (Rounds of 5,000 to 20,000
players are the benchmark's: benchmarks/bench_scale.py.)"""

from __future__ import annotations

import random

import pytest

from gosheet.core.matching import drawn_weights
from gosheet.core.model import KeepApart, Tournament
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import mcmahon, mcmahon_windows
from gosheet.core.systems.mcmahon_near import WHO_PLAYS, near_solve, repacked
from gosheet.records import replace
from tests.core.test_mcmahon_near import field


def had_byes(t: Tournament, order: tuple[object, ...]) -> list[bool]:
    return [any(p.number in r.byes for r in t.rounds) for p in order]  # type: ignore[attr-defined]


def same_pairs_every_round(t: Tournament, rounds: int, window: int) -> None:
    for _ in range(rounds):
        weighing = mcmahon.weigh(t, near=True)
        had_bye = had_byes(t, weighing.order)
        whole = near_solve(weighing, had_bye)
        assert whole is not None
        assert mcmahon_windows.windowed_solve(weighing, had_bye, window) == whole
        t = t.with_round(simulate_round(t, mcmahon.pair(t).as_round()))


@pytest.mark.parametrize(("n", "seed", "window"), [(241, 11, 30), (240, 12, 40), (235, 13, 16)])
def test_the_same_pairs_as_one_matching_of_the_whole_field(n: int, seed: int, window: int) -> None:
    same_pairs_every_round(field(n, seed), 5, window)


def test_the_same_pairs_avoiding_clubs_with_players_kept_apart() -> None:
    t = field(229, 14, avoid_same_club=True)
    rng = random.Random(14)
    apart = (KeepApart(rng.randint(1, 114), rng.randint(115, 229)) for _ in range(30))
    same_pairs_every_round(replace(t, keep_apart=tuple(apart)), 3, 36)


def test_the_windows_mend_a_poor_first_pairing() -> None:
    t = field(200, 15)
    for _ in range(2):
        t = t.with_round(simulate_round(t, mcmahon.pair(t).as_round()))
    weighing = mcmahon.weigh(t, near=True)
    had_bye = had_byes(t, weighing.order)
    whole = near_solve(weighing, had_bye)
    assert whole is not None
    packed, values = repacked(weighing)
    n = len(weighing.order)
    below, bound = mcmahon_windows.drawn_below(n, values, packed.max_weight)
    # the weights of one matching of the whole field, draw included
    edges = [(i, j, w) for (i, j), w in values.items()]
    assert sorted((i, j, w) for i in range(n) for j, w in below[i]) == sorted(
        drawn_weights(n, edges, packed.max_weight)[0]
    )
    # each pair's criteria below the bye's, shifted to start at 0, packed one by one
    names = [c.name for c in weighing.weights.criteria]
    kept = [k for k, name in enumerate(names) if name not in WHO_PLAYS]
    low = [min(v[k] for v in weighing.values.values()) for k in kept]
    assert values == {
        p: packed.pack([v[k] - b for k, b in zip(kept, low, strict=True)])
        for p, v in weighing.values.items()
    }
    places = sorted(v for pair in whole for v in pair)
    # a poor pairing, but a pairing: each found pair's players swapped with the next pair's
    partner = {}
    for (a, b), (c, d) in zip(whole[0::2], whole[1::2], strict=False):
        if (a, d) in values and (c, b) in values:
            a_d, c_b = (a, d), (c, b)
        else:
            a_d, c_b = (a, b), (c, d)
        for x, y in (a_d, c_b):
            partner[x], partner[y] = y, x
    for a, b in whole:
        partner.setdefault(a, b)
        partner.setdefault(b, a)
    assert sorted((v, partner[v]) for v in places if v < partner[v]) != whole
    mcmahon_windows.improve(places, partner, below, bound, 24)
    assert sorted((v, partner[v]) for v in places if v < partner[v]) == whole


def test_players_left_over_are_paired_with_a_stretch_around_them() -> None:
    # places 0-3 may only be paired across (0-3, 1-2); windows of two keep nobody until the
    # last; the lonely field (only 0-1 may meet) cannot be paired whole
    below: mcmahon_windows.Below = [[(3, 5)], [(2, 5)], [], []]
    assert mcmahon_windows.first_pairing([0, 1, 2, 3], below, 10, 2) == {0: 3, 3: 0, 1: 2, 2: 1}
    # the first window keeps 0-1 and leaves 4 (who may only meet 0) stranded below: the
    # stretch around 4 and 5 is paired again, whole
    below = [[(1, 9), (4, 1)], [(2, 1)], [(3, 5)], [(5, 1)], [], []]
    assert mcmahon_windows.first_pairing(range(6), below, 10, 4) == {
        0: 4,
        4: 0,
        1: 2,
        2: 1,
        3: 5,
        5: 3,
    }
    lonely: mcmahon_windows.Below = [[(1, 5)], [], [], []]
    assert mcmahon_windows.first_pairing([0, 1, 2, 3], lonely, 10, 2) is None


def test_the_seed_mcmahon_pairs_a_large_round_through_the_windows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the windows' threshold brought down to this field: best_pairs goes through them (the
    # window four times the longest near pair) and finds the whole field's pairs
    calls: list[int] = []
    real = mcmahon_windows.windowed_solve

    def counted(*args: object) -> object:
        calls.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(mcmahon_windows, "windowed_solve", counted)
    monkeypatch.setattr(mcmahon_windows, "WINDOW", 10)
    t = field(237, 16)
    for _ in range(3):
        monkeypatch.setattr(mcmahon_windows, "WINDOWS_FROM", 0)
        windows = mcmahon.best_pairs(t)[1]
        monkeypatch.setattr(mcmahon_windows, "WINDOWS_FROM", 10**9)
        assert mcmahon.best_pairs(t)[1] == windows
        t = t.with_round(simulate_round(t, mcmahon.pair(t).as_round()))
    assert len(calls) == 3
