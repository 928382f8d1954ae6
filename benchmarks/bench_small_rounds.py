"""The small rounds' ``gosheet pair``, this tree against another, taken in turns (issue 38).

``bench_vs_opengotha.py`` times a whole ``gosheet pair`` against OpenGotha's; on a machine
shared with other work its best wall times move by a third from run to run. This runs only
gosheet, many times, this tree's and ``--before TREE``'s (``PYTHONPATH=TREE``) in turns on a
fresh copy of the same workbook, and prints each child's CPU seconds (user + system, from
``wait4``: what a busy machine disturbs least) and wall seconds, best and median (the first
run of each, which may compile bytecode, is left out). Both saved workbooks are then compared
part by part, byte for byte: the same sheets written.

The workbooks are ``bench_vs_opengotha.py``'s (run it once to make them: the small rounds
are Toulouse 2024's round 6 and the 120-player fixtures' round 4)::

    python benchmarks/bench_small_rounds.py --before /work/main [--runs 31]
        [--only toulouse2024 mm120-absences mm120-export-cases]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOKS = Path(tempfile.gettempdir()) / "gosheet-bench-vs-opengotha"
ROUNDS = ("toulouse2024", "mm120-absences", "mm120-export-cases")


def environment(tree: Path) -> dict[str, str]:
    """A child's environment: ``tree``'s gosheet, its bytecode compiled once in a folder of
    its own, the default workbook engine."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",)}
    env.pop("GOSHEET_XLSX_ENGINE", None)
    env["PYTHONPATH"] = str(tree)
    env["PYTHONPYCACHEPREFIX"] = str(BOOKS / "pycache-small" / str(tree).strip("/"))
    return env


def pair(book: Path, tree: Path, folder: Path) -> tuple[float, float, Path]:
    """``gosheet pair`` on a fresh copy of ``book`` in ``folder``: CPU and wall seconds, and
    the workbook saved."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    copy = folder / "book.xlsx"
    shutil.copy(book, copy)
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "gosheet", "pair", copy.name],
        cwd=folder,
        env=environment(tree),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    errors = child.stderr.read().decode() if child.stderr is not None else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"gosheet pair failed with {tree}: {errors}")
    return usage.ru_utime + usage.ru_stime, wall, copy


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, required=True, help="the other tree")
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--only", nargs="*", default=list(ROUNDS))
    args = parser.parse_args()
    trees = {"this tree": ROOT, "before": args.before.resolve()}
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min)")
    with tempfile.TemporaryDirectory() as scratch:
        for name in args.only:
            book = BOOKS / name / "book.xlsx"
            if not book.exists():
                raise SystemExit(f"{book}: missing (run benchmarks/bench_vs_opengotha.py once)")
            cpu: dict[str, list[float]] = {label: [] for label in trees}
            wall: dict[str, list[float]] = {label: [] for label in trees}
            saved: dict[str, dict[str, bytes]] = {}
            for run in range(args.runs + 1):
                for label, tree in trees.items():
                    seconds, elapsed, path = pair(book, tree, Path(scratch) / label)
                    if run > 0:  # (the first may compile the bytecode)
                        cpu[label].append(seconds)
                        wall[label].append(elapsed)
                    saved[label] = parts(path)
            same = saved["this tree"] == saved["before"]
            print(f"{name} ({args.runs} runs each, the same workbook saved: {same})")
            for label in trees:
                c, w = cpu[label], wall[label]
                print(
                    f"  {label:10s} CPU ms best {min(c) * 1000:6.1f} median "
                    f"{statistics.median(c) * 1000:6.1f} | wall ms best {min(w) * 1000:6.1f} "
                    f"median {statistics.median(w) * 1000:6.1f}"
                )
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
