"""End to end: the whole ``gosheet pair BOOK.xlsx`` as a process, with today's path as the
baseline in the same run (issue 15).

The workbooks: round 5 of 6 to pair, rounds 1–4 played with results, 10 % of the players
absent in round 5, the Standings of round 4 in place — as a workbook is between two rounds.
100 players under gosheet's seed McMahon (rounds played by gosheet itself, results simulated);
760 (an EGC-like field), 2,000 and 5,000 under OpenGotha's McMahon (the synthetic fields of
:mod:`gosheet.core.opengotha.synthetic`, made a workbook as ``gosheet import`` makes one of an
OpenGotha file: :func:`gosheet.formats.opengotha.convert.opengotha_book`). They are made once
by a child process and kept in ``$TMPDIR/gosheet-bench-end-to-end/`` (``--rebuild`` makes them
anew, e.g. after a change of the workbook's layout). gosheet's modules are compiled first into
the bytecode cache the children use (``PYTHONPYCACHEPREFIX``, there too, unless it is set), as
an installed gosheet has its ``.pyc`` files, even where ``PYTHONDONTWRITEBYTECODE`` is set.

Two engines, each run on a fresh copy of the prepared workbook (so every run pairs the same
round): ``default`` (the reader and writer gosheet uses today: GOSHEET_XLSX_ENGINE unset) and
the baseline ``openpyxl`` (``GOSHEET_XLSX_ENGINE=openpyxl``: openpyxl loads the whole workbook
and saves it whole, the path before issue 15).

Measured, for each size and engine:

- the process ``python -m gosheet pair BOOK.xlsx`` (what ``gosheet pair`` runs): wall time,
  from the start of the process to its exit, and its peak resident memory (``ru_maxrss`` of
  that child, from ``os.wait4``). This script itself never imports gosheet (a child's peak
  counts its parent's memory at the fork), the workbooks are made by another child;
- the stages, in a fresh process each: ``import`` (what ``gosheet pair`` imports before it
  opens the workbook: the command line and its handler; what a stage needs later, such as
  the matching library or OpenGotha's engine, is imported in that stage), ``open``
  (``XlsxBook.open(path, engine=…)`` and ``book.grids()``: the engine's reading of the
  cells), ``read`` (``book.read()``: the tournament from the cells, every cell checked — the
  same for both engines), ``pair`` (``gosheet.app.actions.pair(book)``: the action reads the
  tournament again — the process reads it once, so ``total`` leaves ``read`` out — pairs,
  writes the round sheet, the Standings and the groups into the book), ``save``
  (``book.save(action=…)``: the temporary file, the backup, the history, the replace) — the
  seconds of each, and the process's peak resident memory after each (``ru_maxrss`` is a
  running peak). ``saved by``: how the save was written (``parts``, the part writer;
  ``openpyxl``, the whole workbook).

Times are the best of ``--repeat`` runs (engines alternate within a repeat); a peak is the
smallest of the runs. Run::

    python benchmarks/bench_end_to_end.py [--sizes 100 760 2000 5000] [--repeat 3]
        [--round 5] [--seed 1] [--seed-mcmahon-up-to 100] [--keep DIR] [--rebuild]

``--keep DIR`` copies the prepared workbooks into DIR, with the workbook each engine paired
(``NAME.ENGINE.paired.xlsx``) to open in Excel or LibreOffice.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ENGINE_VARIABLE = "GOSHEET_XLSX_ENGINE"
NO_BYTECODE = "PYTHONDONTWRITEBYTECODE"
ENGINES = ("default", "openpyxl")  # the second is the baseline
ROUNDS = 6
CACHE = Path(tempfile.gettempdir()) / "gosheet-bench-end-to-end"


# ------------------------------------------------------------------ the workbooks (a child)


def build(path: Path, players: int, system: str, round_number: int, seed: int) -> None:
    """Write the workbook to pair: rounds 1 … round_number − 1 played, Standings up to date.
    Runs in a child process (``--build``): this script's own process stays small."""
    from gosheet.app import actions
    from gosheet.core.mcmahon_groups import McMahonGroups
    from gosheet.core.opengotha.synthetic import field, played
    from gosheet.core.settings import Settings
    from gosheet.formats.opengotha.convert import Imported, opengotha_book
    from gosheet.workbook.template import new_book

    start = time.perf_counter()
    t = field(players, seed, absent_round=round_number)
    if system == "opengotha":  # OpenGotha's McMahon, rounds played by neighbours' scores
        book = opengotha_book(Imported(played(t, round_number - 1, seed)))
    else:  # gosheet's own system (the seed McMahon …), every round paired, results simulated
        settings = Settings.preset(
            system,
            name=f"Benchmark {players}",
            rounds=ROUNDS,
            mcmahon_groups=McMahonGroups(3),
            random_seed=seed,
        )
        book = new_book(settings, t.players)
        for _ in range(round_number - 1):
            actions.pair(book)
            actions.simulate(book)
    actions.update_standings(book)
    book.save(path, backup=False, action="benchmark")
    print(f"  made {path.name} in {time.perf_counter() - start:.1f} s", file=sys.stderr)


def prepared(players: int, system: str, args: argparse.Namespace) -> Path:
    """The cached workbook of this size (made now if missing, or with ``--rebuild``)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / f"{system}-{players}-round{args.round}-seed{args.seed}.xlsx"
    if args.rebuild or not path.exists():
        temporary = path.with_name("building-" + path.name)
        subprocess.run(
            [
                sys.executable,
                __file__,
                "--build",
                str(temporary),
                "--players",
                str(players),
                "--system",
                system,
                "--round",
                str(args.round),
                "--seed",
                str(args.seed),
            ],
            check=True,
        )
        temporary.replace(path)
    return path


# ------------------------------------------------------------------ measuring


def environment(engine: str) -> dict[str, str]:
    """The children's environment: the engine, and gosheet's bytecode compiled once (as an
    installed gosheet has it), even where PYTHONDONTWRITEBYTECODE is set."""
    env = {k: v for k, v in os.environ.items() if k not in (ENGINE_VARIABLE, NO_BYTECODE)}
    env.setdefault("PYTHONPYCACHEPREFIX", str(CACHE / "pycache"))
    if engine != "default":
        env[ENGINE_VARIABLE] = engine
    return env


def compile_gosheet() -> None:
    """gosheet's modules compiled into the children's bytecode cache (not imported here)."""
    spec = importlib.util.find_spec("gosheet")
    assert spec is not None and spec.origin is not None, "gosheet is not installed"
    folder = str(Path(spec.origin).parent)
    command = [sys.executable, "-m", "compileall", "-q", folder]
    subprocess.run(command, check=True, env=environment("default"), stdout=subprocess.DEVNULL)


def fresh_copy(book: Path, scratch: Path) -> Path:
    """A copy of the prepared workbook alone in a new folder (no backup, no history)."""
    folder = Path(tempfile.mkdtemp(dir=scratch))
    copy = folder / book.name
    shutil.copyfile(book, copy)
    return copy


def child(command: list[str], engine: str, cwd: Path) -> tuple[float, float, str]:
    """Run ``command``: its wall time (s), its own peak resident memory (MiB), its stdout."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            command, stdout=out, stderr=err, env=environment(engine), cwd=cwd
        )
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        output, errors = out.read(), err.read()
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(command)} ({engine}) failed:\n{output}{errors}")
    return wall, usage.ru_maxrss / 1024, output  # Linux: kilobytes


def run_pair(
    book: Path, engine: str, round_number: int, scratch: Path
) -> tuple[float, float, Path]:
    copy = fresh_copy(book, scratch)
    command = [sys.executable, "-m", "gosheet", "pair", copy.name]
    wall, peak, output = child(command, engine, copy.parent)
    if f"Round {round_number}: " not in output:
        raise SystemExit(f"{book.name} ({engine}): round {round_number} not paired:\n{output}")
    return wall, peak, copy


def run_stages(book: Path, engine: str, scratch: Path) -> dict[str, Any]:
    copy = fresh_copy(book, scratch)
    command = [sys.executable, __file__, "--stages", copy.name, "--engine", engine]
    _, _, output = child(command, engine, copy.parent)
    shutil.rmtree(copy.parent)
    found: dict[str, Any] = json.loads(output.splitlines()[-1])
    return found


def stages(path: Path, engine: str) -> None:
    """In this (fresh) process: each stage's seconds and the peak memory after it, as JSON."""
    marks: list[tuple[str, float, float]] = []

    def mark(name: str, since: float) -> float:
        now = time.perf_counter()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        marks.append((name, now - since, peak))
        return time.perf_counter()

    start = time.perf_counter()
    import gosheet.frontends.cli.tournament  # noqa: F401  (what `gosheet pair` imports)
    from gosheet.app import actions
    from gosheet.workbook.xlsx.book import XlsxBook

    start = mark("import", start)
    options = {}  # without an engine keyword, GOSHEET_XLSX_ENGINE (set for this process) says
    if "engine" in inspect.signature(XlsxBook.open).parameters and engine != "default":
        options["engine"] = engine
    book = XlsxBook.open(path, **options)
    book.grids()
    start = mark("open", start)
    book.read()
    start = mark("read", start)
    done = actions.pair(book)
    start = mark("pair", start)
    assert done.pairing is not None
    book.save(action=f"pair round {done.pairing.round_number}")
    mark("save", start)
    saved_by = getattr(book, "saved_by", None) or "openpyxl"
    print(json.dumps({"stages": marks, "saved_by": saved_by}))


# ------------------------------------------------------------------ the table


def best(runs: list[tuple[float, float]]) -> tuple[float, float]:
    return min(r[0] for r in runs), min(r[1] for r in runs)


def best_stages(runs: list[dict[str, Any]]) -> tuple[list[tuple[str, float, float]], str]:
    names = [name for name, _, _ in runs[0]["stages"]]
    rows = []
    for k, name in enumerate(names):
        rows.append(
            (
                name,
                min(r["stages"][k][1] for r in runs),
                min(r["stages"][k][2] for r in runs),
            )
        )
    return rows, "/".join(sorted({r["saved_by"] for r in runs}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 760, 2000, 5000])
    parser.add_argument("--repeat", type=int, default=3, help="best of N (3)")
    parser.add_argument("--round", type=int, default=5, help="the round paired (5 of 6)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--seed-mcmahon-up-to",
        type=int,
        default=100,
        help="fields of at most N players under gosheet's seed McMahon, larger ones under "
        "OpenGotha's McMahon (100)",
    )
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR")
    parser.add_argument("--rebuild", action="store_true", help="make the workbooks anew")
    # the children: making a workbook, timing the stages
    parser.add_argument("--build", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--players", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--system", help=argparse.SUPPRESS)
    parser.add_argument("--stages", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--engine", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.build is not None:
        build(args.build, args.players, args.system, args.round, args.seed)
        return
    if args.stages is not None:
        stages(args.stages, args.engine)
        return
    if not 2 <= args.round <= ROUNDS:
        parser.error(f"--round: 2 to {ROUNDS}")

    compile_gosheet()
    books = {}
    for n in args.sizes:
        system = "mcmahon" if n <= args.seed_mcmahon_up_to else "opengotha"
        books[n] = (system, prepared(n, system, args))
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(books[n][1], args.keep / books[n][1].name)

    print(
        f"gosheet pair, end to end: round {args.round} of {ROUNDS} (rounds 1–{args.round - 1} "
        f"played), best of {args.repeat}; peak = the process's peak resident memory\n"
    )
    head = (
        f"{'players':>7}  {'system':<19} {'engine':<9} {'process s':>9} {'peak MiB':>8} "
        f"{'× baseline':>10}"
    )
    stage_rows: list[str] = []
    print(head)
    with tempfile.TemporaryDirectory(prefix="gosheet-e2e-") as scratch_name:
        scratch = Path(scratch_name)
        for n, (system, book) in books.items():
            processes: dict[str, list[tuple[float, float]]] = {e: [] for e in ENGINES}
            staged: dict[str, list[dict[str, Any]]] = {e: [] for e in ENGINES}
            for _ in range(args.repeat):
                for engine in ENGINES:
                    wall, peak, paired = run_pair(book, engine, args.round, scratch)
                    processes[engine].append((wall, peak))
                    if args.keep is not None:
                        shutil.copyfile(paired, args.keep / f"{book.stem}.{engine}.paired.xlsx")
                    shutil.rmtree(paired.parent)
                    staged[engine].append(run_stages(book, engine, scratch))
            title = "seed McMahon" if system == "mcmahon" else "OpenGotha's McMahon"
            baseline = best(processes[ENGINES[-1]])[0]
            for engine in ENGINES:
                wall, peak = best(processes[engine])
                print(
                    f"{n:>7}  {title:<19} {engine:<9} {wall:>9.2f} {peak:>8.0f} "
                    f"{wall / baseline:>10.2f}",
                    flush=True,
                )
                rows, saved_by = best_stages(staged[engine])
                cells = "  ".join(f"{s:>6.2f} s {m:>5.0f}" for _, s, m in rows)
                total = sum(s for name, s, _ in rows if name != "read")
                stage_rows.append(f"{n:>7}  {engine:<9} {cells}  {total:>7.2f} s  {saved_by}")
    print(
        "\nStages in one process (seconds, then the peak MiB after the stage):\n"
        f"{'players':>7}  {'engine':<9} "
        + "  ".join(f"{name:>14}" for name in ("import", "open", "read", "pair", "save"))
        + f"  {'total':>9}  saved by"
    )
    print("\n".join(stage_rows))


if __name__ == "__main__":
    main()
