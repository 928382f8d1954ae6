"""Pairing benchmark: the seed McMahon, a mid-event round with history.

For each field size, plays rounds 1..3 (results drawn from strength, 10 %
absent in the measured round) and times the pairing of round 4: building the
weights, and the maximum-weight matching. The baseline, in the same run, is
the same matching solved by networkx (pure Python) where it finishes in
reasonable time. Prints a table; asserts nothing about time.

    python benchmarks/bench_pairing.py [--sizes 100 500 1000 2000] [--baseline-up-to 300]
"""

from __future__ import annotations

import argparse
import random
import time
import tracemalloc
from dataclasses import replace
from unittest import mock

from gosheet.core import matching
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import mcmahon


def field(n: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    players = tuple(
        Player(
            i,
            f"Player{i:05d}",
            "X",
            rng.randint(-30, 6),
            None,
            not_playing=frozenset({4}) if rng.random() < 0.10 else frozenset(),
        )
        for i in range(1, n + 1)
    )
    settings = Settings(rounds=6, mcmahon_groups=McMahonGroups(5), random_seed=seed)
    return Tournament(settings, players)


def history(t: Tournament, rounds: int) -> Tournament:
    for _ in range(rounds):
        pairing = mcmahon.pair(t)
        t = t.with_round(simulate_round(t, pairing.as_round()))
    return t


def timed_pair(t: Tournament, force_networkx: bool) -> tuple[float, float, float, int]:
    """(seconds building weights, seconds matching, total, games)."""
    spent = {"matching": 0.0}
    real = matching.max_weight_matching

    def solver(
        n: int, edges: list[tuple[int, int, int]], *, max_weight: int
    ) -> set[tuple[int, int]]:
        start = time.perf_counter()
        limit = matching.RUSTWORKX_LIMIT if force_networkx else max_weight
        result = real(n, edges, max_weight=max(max_weight, limit))
        spent["matching"] += time.perf_counter() - start
        return result

    with mock.patch.object(mcmahon, "max_weight_matching", solver):
        start = time.perf_counter()
        pairing = mcmahon.pair(t)
        total = time.perf_counter() - start
    return total - spent["matching"], spent["matching"], total, len(pairing.games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000])
    parser.add_argument("--baseline-up-to", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"seed {args.seed}; round 4 of a seed-McMahon tournament, 10 % absent")
    print(
        f"{'players':>8} {'solver':>10} {'weights s':>10} {'matching s':>11} "
        f"{'total s':>8} {'games':>6} {'peak MiB':>9}"
    )
    for n in args.sizes:
        t = history(field(n, args.seed), 3)
        solvers = ["rustworkx"] + (["networkx"] if n <= args.baseline_up_to else [])
        for solver in solvers:
            build, match, total, games = timed_pair(replace(t), solver == "networkx")
            tracemalloc.start()  # a second run: tracing slows Python down
            timed_pair(replace(t), solver == "networkx")
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
            print(
                f"{n:>8} {solver:>10} {build:>10.3f} {match:>11.3f} {total:>8.3f} "
                f"{games:>6} {peak:>9.1f}"
            )


if __name__ == "__main__":
    main()
