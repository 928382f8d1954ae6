"""Filling 500 players from a generated EGD list of 25,000 lines, after the list is cached:
gosheet's indexed fill against a naive baseline (a scan of the list per player), in the same
run. Not a timed test: ``python benchmarks/bench_ratings.py``."""

from __future__ import annotations

import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

from gosheet.app.ratings import fill
from gosheet.formats.ratings import cache
from gosheet.formats.ratings.lists import read_list
from gosheet.formats.ratings.match import ListIndex, name_key
from gosheet.workbook.port import BookPort, CellValue, Grid, Grids
from gosheet.workbook.sheets import SheetData

LINES, PLAYERS = 25_000, 500


def egd_line(pin: int, surname: str, first: str, gor: int) -> str:
    line = [" "] * 86
    for start, text in (
        (1, f"{pin:>8}"),
        (11, f"{surname} {first}"[:37]),
        (49, "DE"),
        (53, "Club"),
        (60, "1d"),
        (71, f"{gor:>4}"),
    ):
        line[start : start + len(text)] = text
    return "".join(line).rstrip()


class Book(BookPort):
    """A Players sheet in memory (a workbook port that counts its cells written)."""

    def __init__(self, rows: Grid) -> None:
        self.rows = rows
        self.writes = 0

    def grids(self) -> Grids:
        return {"Players": self.rows}

    def render(self, data: SheetData, index: int | None = None) -> None:
        raise AssertionError("fill writes cells only")

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        self.writes += 1


def naive(rating_list: Any, rows: Grid) -> int:
    found = 0
    for row in rows[1:]:
        key = name_key(f"{row[0]} {row[1]}")
        hits = [p for p in rating_list.players if name_key(p.name) == key]
        found += len(hits) == 1
    return found


def main() -> None:
    rng = random.Random(1)
    names = [(f"Sur{n:05d}", f"First{rng.randrange(10**6)}") for n in range(LINES)]
    text = "\n".join(
        ["<pre>", "(12 May 2024 08:00:00)"]
        + [
            egd_line(10_000_000 + n, s, f, rng.randrange(100, 2700))
            for n, (s, f) in enumerate(names)
        ]
    )
    with tempfile.TemporaryDirectory() as folder:
        os.environ["GOSHEET_CACHE"] = folder
        cache.store(text.encode("iso-8859-15"), "egd", "generated")
        chosen = rng.sample(names, PLAYERS)
        rows: Grid = [["Name", "First name", "Rank", "Rating", "Club", "Country"]]
        rows += [[s, f, None, None, None, None] for s, f in chosen]
        start = time.perf_counter()
        rating_list, _ = cache.load("egd")
        loaded = time.perf_counter()
        report = fill(Book(rows), ListIndex(rating_list))
        filled = time.perf_counter()
        start_naive = time.perf_counter()
        found = naive(read_list(Path(folder, "egd.txt").read_bytes(), "egd"), rows)
        naive_done = time.perf_counter()
    print(f"list: {LINES} lines; players: {PLAYERS}")
    print(
        f"gosheet: load the cached list {loaded - start:.3f} s, index + fill "
        f"{filled - loaded:.3f} s ({len(report.filled)} filled), total {filled - start:.3f} s"
    )
    print(f"naive scan per player: {naive_done - start_naive:.3f} s ({found} found)")


if __name__ == "__main__":
    main()
