"""What the safe save of a small workbook costs, step by step (issue 38).

``gosheet pair`` saves the workbook as :mod:`gosheet.workbook.saving.atomic` does: the new
workbook written to a temporary file and synced, a backup of the version replaced, a history
entry of it (written and synced), the folders synced, then the names taken (``os.replace``).
This opens a workbook (by default the OpenGotha fixture Toulouse 2024 imported, 38 players,
as ``bench_vs_opengotha.py`` makes it), changes a cell and saves it, ``--repeat`` times, and
prints the best and median wall time of the save and of each step inside it, each ``fsync``
by its caller. The baselines in the same run: the same saves with the backup copied and
synced (as before it was a hard link of the version replaced), without a backup and history
(``backup=False``), and with ``fsync`` made a no-op (what the syncs themselves cost: never
gosheet's way).

    python benchmarks/bench_safe_save.py [BOOK.xlsx] [--repeat 15]
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
from collections import defaultdict
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from gosheet.workbook.saving import atomic, history, safe_files
from gosheet.workbook.xlsx import parts_book
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.parts import saving as parts_saving

ROOT = Path(__file__).resolve().parents[1]
TOULOUSE = ROOT / "tests/fixtures/opengotha/toulouse2024/toulouse2024.xml"

Spent = dict[str, list[float]]


@contextmanager
def timed(spent: Spent, owner: Any, name: str, label: str) -> Iterator[None]:
    """``owner.name`` timed into ``spent[label]`` (summed over one save) within the block."""
    original: Callable[..., Any] = getattr(owner, name)

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        start = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[label][-1] += time.perf_counter() - start

    setattr(owner, name, wrapper)
    try:
        yield
    finally:
        setattr(owner, name, original)


def fsync_by_caller(spent: Spent, real: Callable[[int], None]) -> Callable[[int], None]:
    def fsync(fd: int) -> None:
        caller = sys._getframe(1).f_code.co_name
        start = time.perf_counter()
        real(fd)
        values = spent[f"fsync in {caller}"]
        values += [0.0] * (len(spent["save"]) - len(values))  # (first seen in this save)
        values[-1] += time.perf_counter() - start

    return fsync


STEPS = (
    (parts_saving, "write", "xlsx parts written (write)"),
    (parts_book, "check_archive", "archive checked (testzip)"),
    (atomic.Fingerprint, "changed", "fingerprint: unchanged since read"),
    (atomic.Fingerprint, "of", "fingerprint: sha256 of a file"),
    (atomic, "clean_stale", "stale temporary files looked for"),
    (atomic, "refuse_if_busy", "office lock files looked for"),
    (atomic, "link_to_temporary", "backup made (linked, or copied)"),
    (atomic, "stage_version", "history copied (and synced)"),
    (atomic, "sync_file", "new file synced"),
    (atomic, "sync_folder", "folder synced (atomic)"),
    (history, "sync_folder", "history folder synced"),
    (atomic, "prune", "old history pruned"),
)


def saves(book: Path, repeat: int, backup: bool, sync: bool) -> Spent:
    spent: Spent = defaultdict(list)
    folder = Path(tempfile.mkdtemp(prefix="safe-save-"))
    try:
        for k in range(repeat):
            shutil.rmtree(folder)
            folder.mkdir()
            target = folder / "book.xlsx"
            shutil.copyfile(book, target)
            safe_files.sync_file(target)  # (a workbook saved a while ago: on the disk)
            safe_files.sync_folder(folder)
            with XlsxBook.editing(target) as opened:
                opened.set_cell("Settings", "D1", f"save {k}")
                labels = ["save", *(label for *_, label in STEPS)]
                for label in labels:
                    spent[label].append(0.0)
                for key in [key for key in spent if key.startswith("fsync in")]:
                    spent[key].append(0.0)
                real = os.fsync
                os.fsync = fsync_by_caller(spent, real) if sync else (lambda fd: None)
                try:
                    with _all_timed(spent):
                        start = time.perf_counter()
                        opened.save(backup=backup, action=f"bench {k}")
                        spent["save"][-1] = time.perf_counter() - start
                finally:
                    os.fsync = real
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return spent


@contextmanager
def _all_timed(spent: Spent) -> Iterator[None]:
    with ExitStack() as stack:
        for step in STEPS:
            stack.enter_context(timed(spent, *step))
        yield


def made_book() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="safe-save-book-"))
    xml = folder / "in.xml"
    shutil.copyfile(TOULOUSE, xml)
    gosheet = [sys.executable, "-m", "gosheet"]
    subprocess.run([*gosheet, "import", str(xml), "-o", str(folder / "book.xlsx")], check=True)
    return folder / "book.xlsx"


def show(title: str, spent: Spent) -> None:
    print(f"\n{title}")
    print(f"{'step':<40}{'best ms':>9}{'median ms':>11}")
    for label, values in spent.items():
        if any(values):
            print(f"{label:<40}{min(values) * 1000:>9.2f}{statistics.median(values) * 1000:>11.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("book", nargs="?", type=Path)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    book = args.book or made_book()
    print(f"{book} ({book.stat().st_size:,} bytes); load before: {os.getloadavg()}")
    as_is = saves(book, args.repeat, backup=True, sync=True)
    show("gosheet's save (backup, history, every fsync)", as_is)
    linking = atomic.link_to_temporary
    atomic.link_to_temporary = safe_files.copy_to_temporary  # (as before: the backup copied)
    try:
        show("baseline: the backup copied and synced", saves(book, args.repeat, True, True))
    finally:
        atomic.link_to_temporary = linking
    show("baseline: no backup, no history", saves(book, args.repeat, backup=False, sync=True))
    show("baseline: fsync a no-op", saves(book, args.repeat, backup=True, sync=False))
    print(f"\nload after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
