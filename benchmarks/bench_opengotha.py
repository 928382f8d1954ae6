"""Pairing benchmark of the OpenGotha engine: McMahon, a mid-event round with history.

For each field size: rounds 1..3 are played (pairs of neighbours by McMahon score, results
drawn from strength), 10 % of the players are absent in round 4, and round 4 is paired
with OpenGotha's criteria. Printed per size: seconds building the costs (scores, placement,
groups, the criteria of every weighed pair), seconds in the matchings, the whole pairing,
the peak memory (tracemalloc) of the pairing, how many matchings were solved (the
candidate graph, then the windows of the local search) and the total cost.

Baseline, in the same run: the same round matched on every pair (the dense graph OpenGotha
builds) where that finishes in reasonable time, with the total cost of both matchings (the
whole-field matching must not lose any weight), and OpenGotha's own way for a large field:
the blocks of at most 600 players (``Pair in blocks above 600 players``). After the timing,
the whole-field matching is checked: no swap of partners between two pairs of the same or
neighbouring groups may raise its total (``engine.improving_pairs``).

SciPy (the relaxation whose duals start the blossoms of a field above 1,500 players) is
imported before the first size and its import time printed apart: it is paid once per
process, not per pairing.

The pure-Python path (``--pure-sizes``, 100 and 200 players by default): the same round
paired with numpy, SciPy and rustworkx refused (``accelerators.pure``), as in LibreOffice's
own Python or in the browser, beside the numpy path's figures of the same size and run; the
row says whether its round (pairs, colours, handicaps) is the numpy path's.

``--before CLONE``: the same whole-field round paired, in a child process, by the gosheet of
another clone (e.g. the code before a change), its row printed beside; both rows end with a
digest of the pairs, and the line after says whether the pairs are the same. ``--no-peak``
skips the traced second run (tracemalloc slows a 20,000-player round several times over).

The dense matching at 5,000 players (seed 1: 4,502 paired, 10.1 million pairs) takes
632 s here (run once with ``--dense-up-to 5000``); its total cost, 1125797230895004702,
equals the whole-field matching's.

``--books BOOK ...``: instead, the next round of each workbook (e.g. the 600- and
700-player books ``bench_vs_opengotha.py`` makes in ``$TMPDIR/gosheet-bench-vs-opengotha/``)
paired by ``engine.pair`` in one process, the tournament read once and the imports done:
the best CPU and wall milliseconds of ``--repeat`` pairings, ``--rounds`` times in turns
with ``--before``'s clone (in a child), and whether both give the same games.

    python benchmarks/bench_opengotha.py [--sizes 100 1000 2000 5000] [--dense-up-to 2000]
        [--pure-sizes 100 200] [--before CLONE] [--no-peak] [--no-blocks]
    python benchmarks/bench_opengotha.py --books BOOK ... [--before CLONE] [--rounds 3]
        [--repeat 7]
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import os
import subprocess
import sys
import time
import tracemalloc

import numpy as np

from gosheet import accelerators
from gosheet.core.model import Tournament
from gosheet.core.opengotha import engine
from gosheet.core.opengotha.costs import pair_costs, total_cost
from gosheet.core.opengotha.synthetic import field, played
from gosheet.records import replace

ROUND = 4
#: Refused, the engine takes its pure-Python path.
ENGINE = ("numpy", "scipy", "rustworkx")


def pair_all(t: Tournament, timing: engine.Timing) -> tuple[engine.Prepared, list[tuple[int, int]]]:
    """The pairs of the round, block by block (one block unless OpenGotha's blocks are on)."""
    start = time.perf_counter()
    prepared = engine.prepare(t)
    timing.costs += time.perf_counter() - start
    pairs = [p for block in engine.blocks(prepared) for p in engine.match(prepared, block, timing)]
    return prepared, pairs


def measure(t: Tournament, blocks: bool, peak_too: bool = True) -> dict[str, float | int]:
    """Timed without tracemalloc (it slows every allocation down); the peak memory comes
    from a second, traced run (``peak_too``)."""
    t = replace(t, settings=t.settings.replace(og_blocks=blocks))
    timing = engine.Timing()
    prepared, pairs = pair_all(t, timing)
    peak = 0
    if peak_too:
        tracemalloc.start()
        pair_all(t, engine.Timing())
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    xp = prepared.info.xp
    i = xp.array([a for a, _ in pairs], dtype=xp.int64)
    j = xp.array([b for _, b in pairs], dtype=xp.int64)
    total = int(total_cost(pair_costs(t.settings, prepared.info, i, j)).sum())
    row: dict[str, float | int] = {
        "build": timing.costs,
        "match": timing.matching,
        "total": total,
        "peak": peak / 2**20,
        "solves": timing.solves,
        "improved": timing.improved,
        "cut": int(timing.cut),
        "unsettled": timing.unsettled,
        "proved": getattr(timing, "proved", 0),  # (an older clone's Timing has none)
        "pairs": int(hashlib.sha1(repr(sorted(pairs)).encode()).hexdigest()[:12], 16),
    }
    if not blocks:
        members = xp.arange(prepared.paired, dtype=xp.int64)
        row["swaps"] = len(engine.improving_pairs(prepared, members, pairs)[0])
    return row


def pure_rows(t: Tournament, n: int) -> None:
    """The round on both paths, one after the other: the figures, the pure path's share of
    the numpy path's time, and whether the rounds are the same."""
    accelerated = measure(t, blocks=False)
    numpy_round = engine.pair(t).games
    with accelerators.pure(ENGINE):
        started = time.perf_counter()
        pure_round = engine.pair(t).games
        whole = time.perf_counter() - started
        pure = measure(t, blocks=False)
    for mode, row in (("numpy", accelerated), ("pure Python", pure)):
        print(
            f"{n:>7} {mode:<14} {row['build']:8.2f} {row['match']:8.2f} "
            f"{row['build'] + row['match']:8.2f} {row['peak']:8.0f} {int(row['solves']):>6}  "
            f"{int(row['total'])}"
        )
    same = "the same round" if pure_round == numpy_round else "a DIFFERENT round"
    ratio = (pure["build"] + pure["match"]) / max(accelerated["build"] + accelerated["match"], 1e-9)
    print(
        f"{'':>7} pure Python: {ratio:.0f}x the numpy path; engine.pair end to end "
        f"{whole:.2f} s; {same}; total cost "
        f"{'equal' if pure['total'] == accelerated['total'] else 'DIFFERENT'}"
    )


def dense(t: Tournament) -> dict[str, float | int]:
    start = time.perf_counter()
    prepared = engine.prepare(t)
    members = np.arange(prepared.paired, dtype=np.int64)
    i, j = engine.all_pairs(members)
    weights = total_cost(pair_costs(t.settings, prepared.info, i, j))
    t1 = time.perf_counter()
    pairs = engine.solve(len(prepared.info.players), i, j, weights)
    t2 = time.perf_counter()
    index = {(int(a), int(b)): k for k, (a, b) in enumerate(zip(i, j, strict=True))}
    total = sum(int(weights[index[p]]) for p in pairs)
    return {"build": t1 - start, "match": t2 - t1, "total": total, "solves": 1}


def before(clone: str, n: int, seed: int) -> dict[str, float | int]:
    """The whole-field row of ``n`` players paired by the gosheet of ``clone``, in a child."""
    env = {**os.environ, "PYTHONPATH": clone}
    command = [sys.executable, __file__, "--child", str(n), "--seed", str(seed)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    pairs = (item.split("=") for item in out.split())
    return {k: int(v) if v.lstrip("-").isdigit() else float(v) for k, v in pairs}


def book_round(path: str, repeat: int) -> dict[str, float | int]:
    """``engine.pair`` of a workbook's next round in this process, the tournament read once
    and paired once before (the imports): the best CPU and wall seconds of ``repeat`` runs,
    and a digest of the games (tables, colours, handicaps)."""
    from gosheet.workbook.books import open_book

    t = open_book(path).read().tournament
    games = engine.pair(t).games
    cpu = wall = float("inf")
    for _ in range(repeat):
        gc.collect()
        started, used = time.perf_counter(), time.process_time()
        games = engine.pair(t).games
        cpu = min(cpu, time.process_time() - used)
        wall = min(wall, time.perf_counter() - started)
    drawn = repr([(g.table, g.white, g.black, g.handicap) for g in games])
    return {
        "cpu": cpu,
        "wall": wall,
        "pairs": int(hashlib.sha1(drawn.encode()).hexdigest()[:12], 16),
    }


def book_before(clone: str, path: str, repeat: int) -> dict[str, float | int]:
    """:func:`book_round` by the gosheet of ``clone``, in a child."""
    env = {**os.environ, "PYTHONPATH": clone}
    command = [sys.executable, __file__, "--child-book", path, "--repeat", str(repeat)]
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True).stdout
    return {k: float(v) for k, v in (item.split("=") for item in out.split())}


def books(paths: list[str], clone: str | None, rounds: int, repeat: int) -> None:
    """The workbooks' rounds (``--books``), this gosheet and ``clone``'s taken in turns,
    ``rounds`` times: the best CPU milliseconds of each and whether the games are the same."""
    best: dict[tuple[str, str], dict[str, float | int]] = {}
    for _ in range(rounds):
        for path in paths:
            found = {"now": book_round(path, repeat)}
            if clone:
                found["before"] = book_before(clone, path, repeat)
            for who, row in found.items():
                kept = best.setdefault((path, who), row)
                best[(path, who)] = {**row, "cpu": min(kept["cpu"], row["cpu"])}
                best[(path, who)]["wall"] = min(kept["wall"], row["wall"])
    print(f"{'workbook':<48} {'CPU ms':>8} {'wall ms':>8} {'before CPU ms':>14}  games")
    for path in paths:
        now, old = best[(path, "now")], best.get((path, "before"))
        line = f"{path[-48:]:<48} {now['cpu'] * 1000:8.1f} {now['wall'] * 1000:8.1f}"
        if old is not None:
            same = "the same" if int(old["pairs"]) == int(now["pairs"]) else "DIFFERENT"
            line += f" {old['cpu'] * 1000:14.1f}  {same} ({int(now['pairs']):012x})"
        print(line)


def row_line(n: int, mode: str, row: dict[str, float | int]) -> str:
    peak = f"{row['peak']:8.0f}" if row.get("peak") else f"{'':8}"
    digest = f"  {int(row['pairs']):012x}" if "pairs" in row else ""
    return (
        f"{n:>7} {mode:<14} {row['build']:8.2f} {row['match']:8.2f} "
        f"{row['build'] + row['match']:8.2f} {peak} {int(row['solves']):>6}  "
        f"{int(row['total'])}{digest}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 2000, 5000])
    parser.add_argument("--dense-up-to", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pure-sizes", type=int, nargs="*", default=[100, 200])
    parser.add_argument("--before", help="a clone whose gosheet pairs each size beside")
    parser.add_argument("--no-peak", action="store_true", help="no traced run for the memory")
    parser.add_argument("--no-blocks", action="store_true", help="no OpenGotha-blocks row")
    parser.add_argument("--books", nargs="+", default=[], help="workbooks: their next round")
    parser.add_argument("--rounds", type=int, default=3, help="--books: turns of each side")
    parser.add_argument("--repeat", type=int, default=7, help="--books: pairings per turn")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--child-book", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child_book:  # --books --before's child
        row = book_round(args.child_book, args.repeat)
        print(" ".join(f"{k}={v}" for k, v in row.items()))
        return
    if args.books:
        books(args.books, args.before, args.rounds, args.repeat)
        return
    if args.child:  # --before's child: one whole-field row, as key=value
        t = played(field(args.child, args.seed, absent_round=ROUND), ROUND - 1, args.seed)
        print(" ".join(f"{k}={v}" for k, v in measure(t, False, peak_too=False).items()))
        return
    start = time.perf_counter()
    import scipy.sparse.csgraph  # noqa: F401  (what a field above 1,500 players imports)

    imported = time.perf_counter() - start
    print(f"SciPy's import (once per process, for the potentials): {imported:.2f} s")
    print(
        f"{'players':>7} {'mode':<14} {'costs s':>8} {'match s':>8} {'total s':>8} "
        f"{'peak MiB':>8} {'solves':>6}  total cost  pairs"
    )
    for n in args.sizes:
        t = played(field(n, args.seed, absent_round=ROUND), ROUND - 1, args.seed)
        whole = measure(t, blocks=False, peak_too=not args.no_peak)
        rows = [("whole field", whole)]
        if args.before:
            rows.append(("before", before(args.before, n, args.seed)))
        if n > engine.BLOCK_MAX and not args.no_blocks:
            rows.append(("OG blocks", measure(t, blocks=True, peak_too=not args.no_peak)))
        if n <= args.dense_up_to:
            rows.append(("dense (base)", dense(t)))
        for mode, row in rows:
            print(row_line(n, mode, row))
        checks = [
            f"{int(whole['improved'])} windows improved",
            f"{int(whole['proved'])} proved best without a blossom",
            f"{int(whole['swaps'])} improving swaps",
        ]
        if whole["cut"]:
            checks.append("a window was cut")
        if whole["unsettled"]:
            checks.append(f"{int(whole['unsettled'])} windows UNSETTLED")
        if args.before:
            old = rows[1][1]
            same = "the same pairs" if old["pairs"] == whole["pairs"] else "DIFFERENT pairs"
            speed = (old["build"] + old["match"]) / max(whole["build"] + whole["match"], 1e-9)
            checks.append(f"{same} as before, {speed:.1f}x faster")
        if n <= args.dense_up_to:
            same = "equal" if whole["total"] == rows[-1][1]["total"] else "DIFFERENT"
            checks.append(f"total cost vs dense: {same}")
        print(f"{'':>7} whole field: {', '.join(checks)}")
    if args.pure_sizes:
        print("OpenGotha's rules without numpy (numpy, SciPy and rustworkx refused):")
    for n in args.pure_sizes:
        pure_rows(played(field(n, args.seed, absent_round=ROUND), ROUND - 1, args.seed), n)


if __name__ == "__main__":
    main()
