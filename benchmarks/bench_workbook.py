"""The workbook's part of ``gosheet pair`` on a large field (issue 38, item 4): everything
the command does but the pairing itself — opening the file (the limits' scan, the cell
values), reading the tournament (Players, the round sheets), writing the new round sheet and
the Standings, and the save — with the same round in every run.

The workbooks are ``benchmarks/bench_end_to_end.py``'s (round 5 of 6 to pair, rounds 1–4
played, 10 % absent), kept in ``$TMPDIR/gosheet-bench-end-to-end/`` (``--books DIR`` takes
them from another folder). The round itself is paired once, by this tree's gosheet, and
kept (``NAME.pairing.pickle`` beside this benchmark's copies); every timed run is then
``python -m gosheet pair COPY`` in a fresh process whose pairing hands back that round at
once (``gosheet.app.actions.pair_around`` replaced), so the seconds are the workbook's alone.

The baseline, in the same run: ``--before TREE`` runs the same children on another work
tree's gosheet (``PYTHONPATH=TREE``; the code before this work: ``--before /work/main``),
taken in turns with this tree's. Both saved workbooks are compared: every sheet's cell
values (python-calamine) and every part of the archive byte for byte. ``uptime``'s load is
printed before and after: the machine is shared. Run::

    python benchmarks/bench_workbook.py [--sizes 1000 2000 5000 10000 20000]
        [--systems opengotha mcmahon] [--before TREE] [--repeat 3] [--books DIR]
        [--profile OUT.prof]
"""

from __future__ import annotations

import argparse
import json
import pickle
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

import bench_end_to_end as e2e  # the workbooks, the bytecode, the fresh copies

PAIRINGS = Path(tempfile.gettempdir()) / "gosheet-bench-workbook"
TITLES = {"mcmahon": "seed McMahon", "opengotha": "OpenGotha's McMahon"}
#: The stages timed in the child: (name, module, attribute), each a function replaced by a
#: timed one where ``gosheet.app.actions`` (or the book) looks it up.
STAGES = (
    ("limits", "gosheet.workbook.xlsx.book", "check_workbook"),
    ("cells", "gosheet.workbook.xlsx.grids", "read_grids"),
    ("read", "gosheet.app.actions", "read_book"),
    ("round sheet", "gosheet.app.actions", "round_sheet"),
    ("standings", "gosheet.app.actions", "standings_sheet"),
    ("save", "gosheet.workbook.xlsx.book.XlsxBook", "save"),
)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


# ------------------------------------------------------------------ the child


def timed(clock: dict[str, float], name: str, function: Any) -> Any:
    def run(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            clock[name] = clock.get(name, 0.0) + time.perf_counter() - start

    return run


def child(book: Path, pairing: Path, profile: Path | None) -> None:
    """``gosheet pair BOOK`` in this process, the round from ``pairing`` (made and kept there
    when missing); prints the stages' seconds as JSON."""
    import gc
    import importlib

    start = time.perf_counter()
    gc.set_threshold(50_000, *gc.get_threshold()[1:])  # as gosheet.__main__
    from gosheet.app import actions
    from gosheet.frontends.cli import main

    clock: dict[str, float] = {"import": time.perf_counter() - start}
    pair_around = actions.pair_around

    def kept_round(*args: Any, **kwargs: Any) -> Any:
        start, cpu = time.perf_counter(), time.process_time()
        if pairing.exists():
            found = pickle.loads(pairing.read_bytes())
        else:
            found = pair_around(*args, **kwargs)
            pairing.write_bytes(pickle.dumps(found))
        clock["pairing"] = time.perf_counter() - start
        clock["pairing cpu"] = time.process_time() - cpu
        return found

    actions.pair_around = kept_round  # type: ignore[assignment]
    for name, module, attribute in STAGES:
        owner: Any
        if module.endswith(".XlsxBook"):
            owner = importlib.import_module(module.rsplit(".", 1)[0]).XlsxBook
        else:
            owner = importlib.import_module(module)
        setattr(owner, attribute, timed(clock, name, getattr(owner, attribute)))
    sys.argv = ["gosheet", "pair", str(book)]
    start, cpu = time.perf_counter(), time.process_time()
    if profile is not None:
        import cProfile

        profiler = cProfile.Profile()
        code = profiler.runcall(main)
        profiler.dump_stats(profile)
    else:
        code = main()
    clock["command"] = time.perf_counter() - start
    clock["command cpu"] = time.process_time() - cpu
    assert code == 0, code
    clock["peak MiB"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({**clock, "gosheet": str(Path(actions.__file__).parents[2])}))


# ------------------------------------------------------------------ the parent


def run_child(book: Path, pairing: Path, tree: Path | None, scratch: Path) -> tuple[dict, Path]:
    copy = e2e.fresh_copy(book, scratch)
    env = e2e.environment("default")
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
        env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache-before")
    command = [sys.executable, __file__, "--child", str(copy), "--pairing", str(pairing)]
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=copy.parent)
    if done.returncode != 0:
        raise SystemExit(f"{book.name} ({tree or 'this tree'}) failed:\n{done.stderr}")
    found = json.loads(done.stdout.splitlines()[-1])
    expected = (tree or Path(__file__).parents[1]).resolve()
    assert Path(found.pop("gosheet")) == expected, (found, expected)  # the tree asked for
    return found, copy


def cells(path: Path) -> dict[str, list[list[Any]]]:
    from python_calamine import CalamineWorkbook

    found = CalamineWorkbook.from_path(str(path))
    return {name: found.get_sheet_by_name(name).to_python() for name in found.sheet_names}


def compared(after: Path, before: Path) -> str:
    """:func:`compare`, in a child process (this one stays small: a child's peak memory
    counts its parent's at the fork)."""
    command = [sys.executable, __file__, "--compare", str(after), str(before)]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()


def compare(after: Path, before: Path) -> str:
    """How the two saved workbooks differ: cells (values) and parts (bytes)."""
    mine, theirs = cells(after), cells(before)
    if mine != theirs:
        sheets = sorted(n for n in mine.keys() | theirs.keys() if mine.get(n) != theirs.get(n))
        return f"cells differ: {', '.join(sheets)}"
    with zipfile.ZipFile(after) as a, zipfile.ZipFile(before) as b:
        names = set(a.namelist()) | set(b.namelist())
        parts = sorted(
            n
            for n in names
            if n not in a.namelist() or n not in b.namelist() or a.read(n) != b.read(n)
        )
    return "same cells, same parts" if not parts else f"same cells; parts differ: {parts}"


def workbook_part(clock: dict[str, float]) -> float:
    return clock["command"] - clock.get("pairing", 0.0)


def workbook_cpu(clock: dict[str, float]) -> float:
    """The CPU seconds of the workbook's part (its threads' too: calamine reads on two)."""
    return clock["command cpu"] - clock.get("pairing cpu", 0.0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 2000, 5000, 10000, 20000])
    parser.add_argument("--systems", nargs="+", default=["opengotha", "mcmahon"])
    parser.add_argument("--before", type=Path, default=None, metavar="TREE")
    parser.add_argument("--repeat", type=int, default=3, help="best of N (3)")
    parser.add_argument("--books", type=Path, default=e2e.CACHE, metavar="DIR")
    parser.add_argument("--round", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", type=Path, default=None, help="cProfile of one run")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--pairing", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--compare", type=Path, nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child, args.pairing, args.profile)
        return
    if args.compare is not None:
        print(compare(*args.compare))
        return
    e2e.compile_gosheet()
    PAIRINGS.mkdir(parents=True, exist_ok=True)
    print(f"load before: {uptime()}")
    print(
        "the workbook's part of gosheet pair (the process's command, without the pairing: "
        f"open, read, write, save), round {args.round}, best of {args.repeat}: its wall time, "
        "its CPU time, each stage's wall time (seconds) and the process's peak memory\n"
    )
    names = [n for n, _, _ in STAGES]
    trees: list[tuple[str, Path | None]] = [("this tree", None)]
    if args.before is not None:
        trees.append(("before", args.before))
    print(
        f"{'players':>7}  {'system':<19} {'tree':<9} {'workbook s':>10} {'CPU s':>6} "
        + " ".join(f"{n:>11}" for n in names)
        + f" {'peak MiB':>8}"
    )
    with tempfile.TemporaryDirectory(prefix="gosheet-workbook-") as scratch_name:
        scratch = Path(scratch_name)
        for system in args.systems:
            for n in args.sizes:
                stem = f"{system}-{n}-round{args.round}-seed{args.seed}"
                book = args.books / f"{stem}.xlsx"
                if not book.exists():
                    print(f"{n:>7}  {TITLES[system]:<19} (no workbook {book})")
                    continue
                pairing = PAIRINGS / f"{stem}.pairing.pickle"
                if not pairing.exists():  # paired once, by this tree
                    _, made = run_child(book, pairing, None, scratch)
                    shutil.rmtree(made.parent)
                runs: dict[str, list[dict[str, float]]] = {t: [] for t, _ in trees}
                saved: dict[str, Path] = {}
                for _ in range(args.repeat):
                    for title, tree in trees:
                        clock, copy = run_child(book, pairing, tree, scratch)
                        runs[title].append(clock)
                        if title in saved:
                            shutil.rmtree(copy.parent)
                        else:
                            saved[title] = copy
                for title, _ in trees:
                    best = min(runs[title], key=workbook_part)
                    stages = " ".join(
                        f"{min(r.get(s, 0.0) for r in runs[title]):>11.2f}" for s in names
                    )
                    print(
                        f"{n:>7}  {TITLES[system]:<19} {title:<9} {workbook_part(best):>10.2f} "
                        f"{min(map(workbook_cpu, runs[title])):>6.2f} "
                        f"{stages} {min(r['peak MiB'] for r in runs[title]):>8.0f}",
                        flush=True,
                    )
                if "before" in saved:
                    print(
                        f"{'':>7}  saved workbooks: {compared(saved['this tree'], saved['before'])}"
                    )
                for copy in saved.values():
                    shutil.rmtree(copy.parent)
    print(f"\nload after: {uptime()}")


if __name__ == "__main__":
    main()
