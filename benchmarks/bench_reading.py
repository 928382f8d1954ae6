"""Reading a large workbook's cells: the cell values from the file — python-calamine's
reader and gosheet's own pure-Python one (``gosheet.workbook.xlsx.parts.values``, the reader where
calamine cannot be imported), in the same run — then ``read_players`` and every
``read_round`` on the values ``gosheet pair`` would read (an OpenGotha field with rounds 1 to 4
played), in CPU seconds, best of N (the machine may be shared: CPU time moves less than wall
time). Each run starts in a fresh process, with the caches of cell texts cold, as in
``gosheet pair``.

    python benchmarks/bench_reading.py [--players 2000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import pickle
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CACHE = Path(tempfile.gettempdir()) / "gosheet-bench-reading"


def grids(players: int, seed: int) -> Path:
    """The cached cell values of the workbook (made now if missing)."""
    path = CACHE / f"opengotha-{players}-seed{seed}.pickle"
    if path.exists():
        return path
    from gosheet.core.opengotha.synthetic import field, played
    from gosheet.formats.opengotha.convert import Imported, opengotha_book

    CACHE.mkdir(parents=True, exist_ok=True)
    book = opengotha_book(Imported(played(field(players, seed, absent_round=5), 4, seed)))
    cells = {name: [list(row) for row in grid] for name, grid in book.grids().items()}
    path.write_bytes(pickle.dumps(cells))
    return path


def workbook(players: int, seed: int) -> Path:
    """The workbook file itself (made now if missing)."""
    path = CACHE / f"opengotha-{players}-seed{seed}.xlsx"
    if path.exists():
        return path
    from gosheet.core.opengotha.synthetic import field, played
    from gosheet.formats.opengotha.convert import Imported, opengotha_book

    CACHE.mkdir(parents=True, exist_ok=True)
    book = opengotha_book(Imported(played(field(players, seed, absent_round=5), 4, seed)))
    book.save(path, backup=False)
    return path


def cells(path: Path) -> dict[str, float]:
    """The CPU seconds of the cell values read from the file, by each reader."""
    from gosheet.workbook.xlsx.grids import calamine_grids, pure_grids

    found: dict[str, float] = {}
    for name, reader in (("cells: calamine", calamine_grids), ("cells: pure Python", pure_grids)):
        start = time.process_time()
        grids = reader(path)
        found[name] = time.process_time() - start
        assert grids is not None and len(grids["Players"]) > 1
    return found


def once(path: Path, book: Path) -> dict[str, float]:
    """One run, in this process: the CPU seconds of the cell values, of the roster and of
    the round sheets."""
    read = cells(book)
    from gosheet.collector import paused
    from gosheet.workbook.sheets import round_number_of
    from gosheet.workbook.sheets.language import canonical_sheets
    from gosheet.workbook.sheets.names import NameIndex
    from gosheet.workbook.sheets.players_reader import read_players
    from gosheet.workbook.sheets.reading import ProblemList
    from gosheet.workbook.sheets.rounds import read_round

    sheets = canonical_sheets(pickle.loads(path.read_bytes()))
    problems = ProblemList()
    rounds = sorted((n, name) for name in sheets if (n := round_number_of(name)) is not None)
    with paused():
        start = time.process_time()
        state = read_players(sheets["Players"], problems, True, 6)
        roster = time.process_time() - start
        index = NameIndex(state.tournament.players)
        found: dict[str, int] = {}
        start = time.process_time()
        for number, name in rounds:
            read_round(name, number, sheets[name], index, problems, state, found)
        played = time.process_time() - start
    assert not problems.problems, problems.problems[:3]
    return {**read, "read_players": roster, "read_round (all)": played}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5, help="best of N (5)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--once", type=Path, nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.once is not None:
        print(json.dumps(once(*args.once)))
        return
    path, book = grids(args.players, args.seed), workbook(args.players, args.seed)
    command = [sys.executable, __file__, "--once", str(path), str(book)]
    runs = [
        json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
        for _ in range(args.repeat)
    ]
    print(f"{args.players} players, rounds 1–4, best of {args.repeat} (CPU ms):")
    for name in runs[0]:
        print(f"  {name:<20} {min(run[name] for run in runs) * 1000:8.1f}")
    base, pure = (min(run[n] for run in runs) for n in ("cells: calamine", "cells: pure Python"))
    size = book.stat().st_size
    print(f"  the pure reader: {pure / base:.1f} × calamine's CPU time ({size:,} bytes)")


if __name__ == "__main__":
    main()
