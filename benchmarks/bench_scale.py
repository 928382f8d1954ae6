"""Scale: the whole ``gosheet pair BOOK.xlsx`` as a process on fields of 1,000 to 20,000
players, under OpenGotha's McMahon and under gosheet's seed McMahon (issue 38, item 4).

The workbooks are ``benchmarks/bench_end_to_end.py``'s (round 5 of 6 to pair, rounds 1–4
played, 10 % absent, made once by a child and kept in ``$TMPDIR/gosheet-bench-end-to-end/``):
the seed McMahon's rounds paired by gosheet itself, results simulated; OpenGotha's by the
synthetic field's neighbours. For each size and system: the wall time from the start of the
process to its exit, its processor time (user + system: near what a quiet machine's wall
time would be, the machine being shared) and its peak resident memory (``ru_maxrss``, from
``os.wait4``), best of ``--repeat``.

The baseline, in the same run, where it can run (``--dense-up-to``, 1,000 by default): the
same process with every pair matched at once — the seed McMahon's matching before issue 38
(``mcmahon.NEAR_FROM`` out of reach) and OpenGotha's own dense matching
(``candidates.DENSE_UP_TO`` out of reach) — set in the child before ``gosheet``'s command
line runs; the pairings of both are compared, game for game. The seed McMahon has a second
one from ``mcmahon_windows.WINDOWS_FROM`` players up to ``--whole-up-to`` (10,000 by
default), where the windows begin: its near pairs in one matching of the whole
field (``mcmahon_windows.WINDOWS_FROM`` out of reach), the best pairing by proof, against
which the windows' pairing is compared, game for game. ``uptime``'s load is printed
before and after: the machine is shared. Run::

    python benchmarks/bench_scale.py [--sizes 1000 2000 5000 10000 20000]
        [--systems opengotha mcmahon] [--dense-up-to 1000] [--whole-up-to 10000] [--repeat 1]
        [--rebuild]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import bench_end_to_end as e2e  # the workbooks and the timed children

from gosheet.core.systems.mcmahon_windows import WINDOWS_FROM

#: The child of the baseline: every pair matched at once, then ``gosheet pair``.
DENSE = (
    "import sys, gc; gc.set_threshold(50_000);"
    "from gosheet.core.systems import mcmahon; mcmahon.NEAR_FROM = 10**9;"
    "from gosheet.core.opengotha import candidates; candidates.DENSE_UP_TO = 10**9;"
    "from gosheet.frontends.cli import main; sys.argv = ['gosheet', 'pair', sys.argv[1]];"
    "sys.exit(main())"
)
#: The seed McMahon's second baseline: its near pairs in one matching, no windows.
WHOLE = (
    "import sys, gc; gc.set_threshold(50_000);"
    "from gosheet.core.systems import mcmahon_windows; mcmahon_windows.WINDOWS_FROM = 10**9;"
    "from gosheet.frontends.cli import main; sys.argv = ['gosheet', 'pair', sys.argv[1]];"
    "sys.exit(main())"
)
#: The matchings measured: the default, and the baselines (a child's code, a title).
BASELINES = {"dense": (DENSE, "every pair (base)"), "whole": (WHOLE, "one matching (base)")}
TITLES = {"mcmahon": "seed McMahon", "opengotha": "OpenGotha's McMahon"}


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def games(output: str) -> list[str]:
    """The pairing's lines as printed (the tables and their players)."""
    return [line.strip() for line in output.splitlines() if " – " in line or "bye" in line]


def child(command: list[str], cwd: Path) -> tuple[float, float, float, str]:
    """``bench_end_to_end.child``'s run, with the processor time too: the wall time (s), the
    processor time (user + system, s: what a quiet machine's wall time comes near, the
    machine being shared), the peak resident memory (MiB) and the standard output."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=out, stderr=err, env=e2e.environment("default"), cwd=cwd
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        output, errors = out.read(), err.read()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{output}{errors}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, output


def timed(book: Path, mode: str, scratch: Path) -> tuple[float, float, float, list[str]]:
    copy = e2e.fresh_copy(book, scratch)
    command = [sys.executable, "-m", "gosheet", "pair", copy.name]
    if mode in BASELINES:
        command = [sys.executable, "-c", BASELINES[mode][0], copy.name]
    wall, cpu, peak, output = child(command, copy.parent)
    shutil.rmtree(copy.parent)
    return wall, cpu, peak, games(output)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000, 10000, 20000])
    parser.add_argument("--systems", nargs="+", default=["opengotha", "mcmahon"])
    parser.add_argument("--dense-up-to", type=int, default=1000)
    parser.add_argument("--whole-up-to", type=int, default=10000, help="the seed McMahon's")
    parser.add_argument("--repeat", type=int, default=1, help="best of N (1)")
    parser.add_argument("--round", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rebuild", action="store_true", help="make the workbooks anew")
    args = parser.parse_args()
    e2e.compile_gosheet()
    print(f"load before: {uptime()}")
    print(
        f"gosheet pair, end to end: round {args.round} of {e2e.ROUNDS}, best of {args.repeat}; "
        "peak = the process's peak resident memory\n"
    )
    print(
        f"{'players':>7}  {'system':<19} {'matching':<19} {'process s':>9} {'cpu s':>6} "
        f"{'peak MiB':>8}  same"
    )
    with tempfile.TemporaryDirectory(prefix="gosheet-scale-") as scratch_name:
        scratch = Path(scratch_name)
        for system in args.systems:
            for n in args.sizes:
                book = e2e.prepared(n, system, args)
                modes = ["default"] + (["dense"] if n <= args.dense_up_to else [])
                if system == "mcmahon" and WINDOWS_FROM <= n <= args.whole_up_to:
                    modes.append("whole")
                found: dict[str, list[str]] = {}
                for mode in modes:
                    runs = [timed(book, mode, scratch) for _ in range(args.repeat)]
                    wall = min(r[0] for r in runs)
                    cpu = min(r[1] for r in runs)
                    peak = min(r[2] for r in runs)
                    found[mode] = runs[0][3]
                    name = BASELINES[mode][1] if mode in BASELINES else "default"
                    same = "yes" if found[mode] == found["default"] else "NO"
                    same = "" if mode == "default" else same
                    print(
                        f"{n:>7}  {TITLES[system]:<19} {name:<19} {wall:>9.2f} {cpu:>6.2f} "
                        f"{peak:>8.0f}  "
                        f"{same}",
                        flush=True,
                    )
    print(f"\nload after: {uptime()}")


if __name__ == "__main__":
    main()
