"""Pairing benchmark: the seed McMahon, a mid-event round with history, in one process.

For each field size, plays rounds 1..3 (results drawn from strength, 10 % absent in the
measured round) and times the pairing of round 4: building the weights (``mcmahon.weigh``),
the matching (the rest of ``mcmahon.best_pairs``: the near pairs' matching, a window at a time
from ``mcmahon_windows.WINDOWS_FROM`` players), and the whole ``mcmahon.pair``; then the
peak of Python's allocations (traced in a second run). The baselines, in the same run, on
the same round, where they finish in reasonable time:

- ``one matching``: the near pairs in one matching of the whole field, no windows (the best
  pairing by proof), from ``WINDOWS_FROM`` players up to ``--whole-up-to``;
- ``every pair``: every pair of the round in one matching (before issue 38), up to
  ``--dense-up-to``;
- ``pure``: the default without any accelerator (gosheet's own blossom, as in LibreOffice
  and the page), up to ``--pure-up-to``.

The ``same`` column compares each baseline's games with the default's. Asserts nothing
about time::

    python benchmarks/bench_pairing.py [--sizes 100 500 1000 2000 5000]
        [--whole-up-to 10000] [--dense-up-to 500] [--pure-up-to 500]
"""

from __future__ import annotations

import argparse
import contextlib
import random
import subprocess
import time
import tracemalloc
from collections.abc import Callable, Iterator
from unittest import mock

from gosheet import accelerators
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Game, Player, Tournament
from gosheet.core.settings import Settings
from gosheet.core.simulate import simulate_round
from gosheet.core.systems import mcmahon, mcmahon_windows
from gosheet.records import replace


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


@contextlib.contextmanager
def mode(name: str) -> Iterator[None]:
    """The matching of ``name``: the default, or one of the baselines."""
    with contextlib.ExitStack() as stack:
        if name == "one matching":
            stack.enter_context(mock.patch.object(mcmahon_windows, "WINDOWS_FROM", 10**9))
        elif name == "every pair":
            stack.enter_context(mock.patch.object(mcmahon, "NEAR_FROM", 10**9))
        elif name == "pure":
            stack.enter_context(accelerators.pure())
        yield


def timed_pair(t: Tournament, name: str) -> tuple[float, float, float, tuple[Game, ...]]:
    """(seconds building weights, seconds matching, the whole pair, the games)."""
    spent = {"weights": 0.0, "best": 0.0}

    def wrapped(real: Callable[..., object], key: str) -> Callable[..., object]:
        def timing(*args: object, **kwargs: object) -> object:
            start = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                spent[key] += time.perf_counter() - start

        return timing

    with (
        mode(name),
        mock.patch.object(mcmahon, "weigh", wrapped(mcmahon.weigh, "weights")),
        mock.patch.object(mcmahon, "best_pairs", wrapped(mcmahon.best_pairs, "best")),
    ):
        start = time.perf_counter()
        pairing = mcmahon.pair(t)
        total = time.perf_counter() - start
    return spent["weights"], spent["best"] - spent["weights"], total, pairing.games


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 1000, 2000, 5000])
    parser.add_argument("--whole-up-to", type=int, default=10000)
    parser.add_argument("--dense-up-to", type=int, default=500)
    parser.add_argument("--pure-up-to", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"load before: {uptime()}")
    print(f"seed {args.seed}; round 4 of a seed-McMahon tournament, 10 % absent")
    print(
        f"{'players':>8} {'matching':>13} {'weights s':>10} {'matching s':>11} "
        f"{'pair s':>8} {'games':>6} {'peak MiB':>9}  same"
    )
    for n in args.sizes:
        t = history(field(n, args.seed), 3)
        modes = ["default"]
        modes += ["one matching"] if mcmahon_windows.WINDOWS_FROM <= n <= args.whole_up_to else []
        modes += ["every pair"] if n <= args.dense_up_to else []
        modes += ["pure"] if n <= args.pure_up_to else []
        games: dict[str, tuple[Game, ...]] = {}
        for name in modes:
            build, match, total, games[name] = timed_pair(replace(t), name)
            tracemalloc.start()  # a second run: tracing slows Python down
            timed_pair(replace(t), name)
            peak = tracemalloc.get_traced_memory()[1] / 2**20
            tracemalloc.stop()
            same = "" if name == "default" else "yes" if games[name] == games["default"] else "NO"
            print(
                f"{n:>8} {name:>13} {build:>10.3f} {match:>11.3f} {total:>8.3f} "
                f"{len(games[name]):>6} {peak:>9.1f}  {same}",
                flush=True,
            )
    print(f"load after: {uptime()}")


if __name__ == "__main__":
    main()
