"""The pure-Python path against the accelerated one, in the same run.

For each system (seed McMahon, Swiss, FUS, OpenGotha's McMahon),
pairs round 4 of a field (rounds 1-3 played, 10 % absent) with the accelerators and without
(``accelerators.pure()``), prints the seconds, the ratio and whether both paths made the same
round (games with colours and handicaps, byes); then the matching alone on the seed McMahon's
graph: gosheet's blossom against networkx's. Asserts nothing about time.

    python benchmarks/bench_pure.py [--sizes 100 200] [--seed 7]
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace

from bench_systems import field, played

from gosheet import accelerators
from gosheet.core import blossom
from gosheet.core.matching import drawn_weights
from gosheet.core.model import Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.core.systems.mcmahon import weigh

SYSTEMS = ("mcmahon", "swiss", "fus", "opengotha")


def tournament(n: int, seed: int, system: str) -> Tournament:
    """The benchmark's field; ``opengotha``: the seed McMahon's field under OpenGotha's rules."""
    if system != "opengotha":
        return field(n, seed, system)
    t = field(n, seed, "mcmahon")
    settings = Settings.preset("mcmahon", rules="opengotha", rounds=6, random_seed=seed)
    return replace(t, settings=settings)


def timed(function: object, found: list[object] | None = None) -> float:
    start = time.perf_counter()
    result = function()  # type: ignore[operator]
    elapsed = time.perf_counter() - start
    if found is not None:
        found.append(result)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200])
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    head = f"{'players':>8} {'system':>10} {'accelerated s':>14} {'pure s':>8} {'ratio':>6}"
    print(f"{head} {'round':>6}")
    for n in args.sizes:
        for system in SYSTEMS:
            try:
                t = played(tournament(n, args.seed, system), 3)
                rounds: list[object] = []
                fast = timed(lambda t=t: pair_next_round(t).as_round(), rounds)
                with accelerators.pure():
                    pure = timed(lambda t=t: pair_next_round(t).as_round(), rounds)
            except Exception as error:  # a benchmark reports and goes on
                print(f"{n:>8} {system:>10} failed: {type(error).__name__}: {error}")
                continue
            same = "same" if rounds[0] == rounds[1] else "DIFFERENT"
            print(f"{n:>8} {system:>10} {fast:>14.3f} {pure:>8.3f} {pure / fast:>6.1f} {same:>6}")
    import networkx

    for n in args.sizes:
        weighing = weigh(played(field(n, args.seed, "mcmahon"), 3))
        count = len(weighing.order)
        edges, _ = drawn_weights(count, weighing.edges(), weighing.weights.max_weight)
        ours = timed(lambda c=count, e=edges: blossom.max_weight_matching(c, e))
        graph = networkx.Graph()
        graph.add_weighted_edges_from(edges)
        theirs = timed(lambda g=graph: networkx.max_weight_matching(g))
        print(
            f"matching alone, {n} players: gosheet's blossom {ours:.3f} s, networkx {theirs:.3f} s"
        )


if __name__ == "__main__":
    main()
