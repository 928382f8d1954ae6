"""The pure-Python path against the accelerated one, in the same run.

For each system (seed McMahon, Swiss, FUS, OpenGotha's McMahon),
pairs round 4 of a field (rounds 1-3 played, 10 % absent) with the accelerators and without
(``accelerators.pure()``), prints the seconds, the ratio and whether both paths made the same
round (games with colours and handicaps, byes); then the matching alone (CPU time) on the
seed McMahon's and the Swiss's graphs: gosheet's blossom warm, cold, and networkx's.

First (unless ``--no-whole``) the whole ``gosheet pair BOOK.xlsx`` as a process, best of
``--repeat``, with ``GOSHEET_PURE=1`` beside the usual install, on the same workbooks in the
same run (round 5 of 6 to pair, rounds 1-4 played, 10 % absent): seed McMahon, Swiss and
OpenGotha's McMahon at ``--whole-sizes`` players (100 and 200), and OpenGotha's McMahon at
``--opengotha-sizes`` (600); each row says whether the paths wrote the same round sheet,
and gives the wall seconds, then the CPU seconds (user + system: what a loaded machine or a
slow disk's waits change least), best of each.
With ``--before TREE`` (another work tree, e.g. the main branch's), the pure path of that
tree's gosheet in a third column, taken in turns with the others. ``uptime``'s load is
printed before and after: the machine may be shared, the ratios of one run are what count.
Asserts nothing about time.

    python benchmarks/bench_pure.py [--sizes 100 200] [--seed 7] [--repeat 3]
        [--whole-sizes 100 200] [--opengotha-sizes 600] [--no-whole] [--no-core]
        [--before TREE]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

import bench_end_to_end as e2e
from bench_systems import field, played

from gosheet import accelerators
from gosheet.core import sparse_blossom
from gosheet.core.matching import drawn_weights
from gosheet.core.model import Tournament
from gosheet.core.settings import Settings
from gosheet.core.systems import pair_next_round
from gosheet.core.systems.mcmahon import weigh
from gosheet.records import replace

SYSTEMS = ("mcmahon", "swiss", "fus", "opengotha")
#: The whole ``gosheet pair``: the systems, as the rows name them.
WHOLE = {"mcmahon": "seed McMahon", "swiss": "Swiss", "opengotha": "OpenGotha's McMahon"}
ROUND = 5
CACHE = Path(tempfile.gettempdir()) / "gosheet-bench-pure"


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


def workbook(players: int, system: str, seed: int) -> Path:
    """The cached workbook (made on the accelerated path the first time)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"{system}-{players}-seed{seed}.xlsx"
    if not path.exists():
        e2e.build(path, players, system, ROUND, seed)  # as bench_end_to_end makes its own
    return path


def pair_process(book: Path, pure: bool, tree: Path | None = None) -> tuple[float, float, bytes]:
    """One ``gosheet pair`` on a fresh copy (gosheet from ``tree`` when given, ahead of the
    installed one): its wall time, its CPU time (user and system), and the new round's
    sheet."""
    from gosheet.workbook.xlsx.book import XlsxBook

    env = {k: v for k, v in os.environ.items() if k != "GOSHEET_PURE"}
    env["PYTHONPYCACHEPREFIX"] = str(CACHE / "pycache")
    if pure:
        env["GOSHEET_PURE"] = "1"
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    folder = Path(tempfile.mkdtemp(dir=CACHE))
    copy = folder / book.name
    shutil.copyfile(book, copy)
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "gosheet", "pair", copy.name],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime
    if done.returncode != 0 or f"Round {ROUND}: " not in done.stdout:
        raise SystemExit(f"{book.name} (pure: {pure}) failed:\n{done.stdout}{done.stderr}")
    sheet = repr(XlsxBook.open(copy).grids().get(f"Round {ROUND}")).encode()
    shutil.rmtree(folder)
    return wall, cpu, sheet


def whole(args: argparse.Namespace) -> None:
    """The whole ``gosheet pair``: accelerated, pure, and (``--before TREE``) pure with the
    gosheet of another work tree (the code before a change), best of ``args.repeat`` each,
    taken in turns."""
    import gosheet

    trees = [Path(gosheet.__file__).parent] + ([args.before / "gosheet"] if args.before else [])
    env = {**os.environ, "PYTHONPYCACHEPREFIX": str(CACHE / "pycache")}
    for folder in trees:  # compiled once, as an install has it
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(folder)], env=env, check=True)
    runs: list[tuple[str, bool, Path | None]] = [("accelerated", False, None), ("pure", True, None)]
    if args.before:
        runs.append(("pure before", True, args.before))
    cases = [(n, system) for n in args.whole_sizes for system in WHOLE]
    cases += [(n, "opengotha") for n in args.opengotha_sizes]
    print(f"uptime: {load()}")
    head = "".join(f" {name + ' s':>14}" for name, _, _ in runs)
    print("wall seconds (then CPU seconds, user + system), best of each:")
    print(f"{'players':>8} {'system':<20}{head} {'ratio':>6}  round{head} {'ratio':>6}")
    for n, system in cases:
        book = workbook(n, system, args.seed)
        times: dict[str, float] = {}
        cpus: dict[str, float] = {}
        sheets: dict[str, bytes] = {}
        for _ in range(args.repeat):
            for name, pure, tree in runs:
                wall, cpu, sheets[name] = pair_process(book, pure, tree)
                times[name] = min(times.get(name, wall), wall)
                cpus[name] = min(cpus.get(name, cpu), cpu)
        same = "same" if len(set(sheets.values())) == 1 else "DIFFERENT"
        ratio = times["pure"] / times["accelerated"]
        cells = "".join(f" {times[name]:>14.2f}" for name, _, _ in runs)
        used = "".join(f" {cpus[name]:>14.2f}" for name, _, _ in runs)
        cpu_ratio = cpus["pure"] / cpus["accelerated"]
        print(f"{n:>8} {WHOLE[system]:<20}{cells} {ratio:>6.1f}  {same:<5}{used} {cpu_ratio:>6.1f}")
    print(f"uptime: {load()}")


def load() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 200])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--whole-sizes", type=int, nargs="*", default=[100, 200])
    parser.add_argument("--opengotha-sizes", type=int, nargs="*", default=[600])
    parser.add_argument("--no-whole", action="store_true", help="the core's rounds only")
    parser.add_argument("--no-core", action="store_true", help="the whole command only")
    parser.add_argument("--before", type=Path, help="a work tree: its pure path beside")
    args = parser.parse_args()
    if not args.no_whole:
        whole(args)
    if args.no_core:
        return
    print(f"uptime: {load()}")
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
    matching_alone(args)


def matching_alone(args: argparse.Namespace) -> None:
    """The matching alone, CPU seconds, best of ``args.repeat``: gosheet's blossom on the seed
    McMahon's and the Swiss's graphs of round 4 (with the tie rule's draw), its solves
    started warm and (``sparse_blossom.WARM`` off) cold, and networkx's blossom beside."""
    import networkx

    from gosheet.core.systems import swiss

    weighers = {"mcmahon": weigh, "swiss": swiss.weigh}
    for n in args.sizes:
        for system, weigher in weighers.items():
            weighing = weigher(played(field(n, args.seed, system), 3))
            count = len(weighing.order)
            edges, _ = drawn_weights(count, weighing.edges(), weighing.weights.max_weight)
            found: list[object] = []
            solve = partial(sparse_blossom.max_weight_matching, count, edges)
            warm = cpu(solve, args, found)
            sparse_blossom.WARM = False
            try:
                cold = cpu(solve, args, found)
            finally:
                sparse_blossom.WARM = True
            graph = networkx.Graph()
            graph.add_weighted_edges_from(edges)
            theirs = cpu(lambda g=graph: networkx.max_weight_matching(g), args, None, 1)
            same = "same" if found[0] == found[-1] else "DIFFERENT"
            print(
                f"matching alone, {n} players ({count} paired), {system}: gosheet's blossom "
                f"{warm:.3f} s warm, {cold:.3f} s cold ({same}), networkx {theirs:.3f} s"
            )


def cpu(
    function: object, args: argparse.Namespace, found: list[object] | None, repeat: int = 0
) -> float:
    """The least CPU time of ``repeat`` (else ``args.repeat``) calls of ``function``."""
    best = float("inf")
    for _ in range(repeat or args.repeat):
        start = time.process_time()
        result = function()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    if found is not None:
        found.append(result)
    return best


if __name__ == "__main__":
    main()
