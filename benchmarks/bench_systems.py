"""Pairing time of each system on the same fields: McMahon (the baseline), FUS, Swiss.

For each field size, draws rated players (10 % absent in the measured round),
plays rounds 1..3 with each system (results drawn from strength, seeded) and
times the pairing of round 4, best of ``--repeat`` runs. Prints seconds and the
ratio to McMahon in the same run; asserts nothing about time.

    python benchmarks/bench_systems.py [--sizes 50 100 200 500] [--repeat 3] [--seed 7]
"""

from __future__ import annotations

import argparse
import random
import time

from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player, Tournament
from gosheet.core.ranks import rank_of_rating
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import pair_next_round


def field(n: int, seed: int, system: str) -> Tournament:
    rng = random.Random(seed)
    players = []
    for i in range(1, n + 1):
        rating = rng.randint(100, 2700)
        absent = frozenset({4}) if rng.random() < 0.10 else frozenset()
        players.append(
            Player(i, f"Player{i:05d}", "X", rank_of_rating(rating), rating, not_playing=absent)
        )
    settings = Settings.preset(system, rounds=6, mcmahon_groups=McMahonGroups(5), random_seed=seed)
    return Tournament(settings, tuple(players))


def played(t: Tournament, rounds: int) -> Tournament:
    for _ in range(rounds):
        t = t.with_round(simulate_round(t, pair_next_round(t).as_round()))
    return t


def best_time(t: Tournament, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        pair_next_round(t)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 100, 200, 500])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"seed {args.seed}; round 4, 10 % absent; best of {args.repeat}")
    print(f"{'players':>8} {'system':>8} {'seconds':>9} {'× McMahon':>10}")
    for n in args.sizes:
        baseline = 0.0
        for system in ("mcmahon", "fus", "swiss"):
            seconds = best_time(played(field(n, args.seed, system), 3), args.repeat)
            baseline = baseline or seconds
            print(f"{n:>8} {system:>8} {seconds:>9.3f} {seconds / baseline:>10.2f}")


if __name__ == "__main__":
    main()
