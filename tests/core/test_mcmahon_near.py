"""The seed McMahon's sparse matching (:mod:`gosheet.core.systems.mcmahon_near`) makes the
same pairs as the dense matching over every pair, round after round, on seeded fields of a
few hundred players: odd and even fields, players absent, the clubs and countries avoided,
players kept apart. (A 20,000-player round is the benchmark's: benchmarks/bench_scale.py.)"""

from __future__ import annotations

import random

import pytest

from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import KeepApart, Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import mcmahon
from gosheet.core.systems.mcmahon_near import blocked_counts, near_pairs, near_solve
from gosheet.records import replace


def field(n: int, seed: int, **settings: object) -> Tournament:
    rng = random.Random(seed)
    players = tuple(
        Player(
            number,
            f"Player{number:04d}",
            "X",
            rng.randint(-30, 6),
            None,
            club=f"Club{rng.randint(0, n // 15)}",
            country=rng.choice("ABC"),
            not_playing=frozenset(r for r in range(1, 6) if rng.random() < 0.1),
        )
        for number in range(1, n + 1)
    )
    chosen = Settings(rounds=5, mcmahon_groups=McMahonGroups(5), random_seed=seed)
    return Tournament(replace(chosen, **settings), players)  # type: ignore[arg-type]


def same_pairs_every_round(t: Tournament, rounds: int, sparse: bool = True) -> None:
    for _ in range(rounds):
        weighing, near = mcmahon.best_pairs(t)
        dense = mcmahon.weigh(t)
        # sparse indeed (clubs avoided: each player reaches twice his club's size)
        assert len(weighing.values) < len(dense.values) / (4 if sparse else 1)
        assert near == dense.solve()
        t = t.with_round(simulate_round(t, mcmahon.pair(t).as_round()))


@pytest.mark.parametrize(("n", "seed"), [(241, 1), (240, 2)])
def test_the_same_pairs_as_the_dense_matching(n: int, seed: int) -> None:
    same_pairs_every_round(field(n, seed), 5)


def test_the_same_pairs_avoiding_clubs_and_countries() -> None:
    same_pairs_every_round(field(230, 3, avoid_same_club=True), 3, sparse=False)
    t = field(231, 4, avoid_same_country=True)
    # a country is a third of the field: every pair of a score group may be needed
    assert mcmahon.best_pairs(t)[1] == mcmahon.weigh(t).solve()


def test_the_same_pairs_with_players_kept_apart() -> None:
    t = field(221, 5)
    rng = random.Random(5)
    apart = tuple(KeepApart(rng.randint(1, 221), rng.randint(1, 221)) for _ in range(40))
    same_pairs_every_round(replace(t, keep_apart=tuple(k for k in apart if k.first != k.second)), 3)


def test_the_reach_grows_with_the_players_blocked() -> None:
    # a player blocked by nobody reaches his neighbours (two with a bye to give), one blocked
    # by three reaches 2 · 3 places further
    assert near_pairs([0, 0, 0, 0], 0) == [(0, 1), (1, 2), (2, 3)]
    assert (0, 2) in near_pairs([0, 0, 0, 0], 1) and (0, 3) not in near_pairs([0, 0, 0, 0], 1)
    reached = {j for i, j in near_pairs([3] + [0] * 12, 0) if i == 0}
    assert reached == set(range(1, 8))
    t = field(30, 6, avoid_same_club=True)
    order = sorted(t.players, key=lambda p: p.number)
    clubs = [p.club for p in order]
    counts = blocked_counts(t, 1, order)
    assert counts == [clubs.count(c) - 1 for c in clubs]


def test_a_field_that_cannot_pair_nearly_everyone_falls_back_to_every_pair(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # four players who have all met: the best pairing leaves all four out, which the
    # reasoning does not cover; the sparse matching says so and the dense one pairs the round
    t = replace(
        field(4, 7), players=tuple(replace(p, not_playing=frozenset()) for p in field(4, 7).players)
    )
    for _ in range(3):
        t = t.with_round(simulate_round(t, mcmahon.pair(t).as_round()))
    assert len(t.have_met()) == 6
    answers: list[object] = []

    def recorded(*args: object) -> object:
        answers.append(near_solve(*args))  # type: ignore[arg-type]
        return answers[-1]

    monkeypatch.setattr(mcmahon, "NEAR_FROM", 0)
    monkeypatch.setattr(mcmahon, "near_solve", recorded)
    pairing = mcmahon.pair(t)
    assert answers == [None] and pairing.games == () and len(pairing.byes) == 4
