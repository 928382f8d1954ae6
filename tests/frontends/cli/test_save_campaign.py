"""A bounded campaign against the safe save: ``gosheet pair`` killed (SIGKILL) at seeded
random moments, and ``pair`` / ``standings`` run at the same time on one workbook.

One driver process imports gosheet once and forks a child per run (a fresh interpreter per run
would spend most of its time importing); each child runs the command's ``main``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support.books import BOOK

from gosheet.workbook.xlsx.book import XlsxBook

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the driver forks (POSIX)")

KILLS = 20
RACES = 4
SEED = 20261201

DRIVER = """
import json, os, random, signal, sys, time
from gosheet.frontends.cli import main

def child(*args):
    pid = os.fork()
    if pid == 0:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        code = 70
        try:
            code = main(list(args))
        finally:
            os._exit(code)
    return pid

def outcome(status):
    return -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)

seed, kills, races = json.loads(sys.argv[1])
rng = random.Random(seed)
start = time.monotonic()
_, status = os.waitpid(child("pair", kills[0]), 0)
duration = time.monotonic() - start
killed = [outcome(status)]
for book in kills[1:]:
    pid = child("pair", book)
    time.sleep(rng.uniform(0.3 * duration, 1.1 * duration))
    os.kill(pid, signal.SIGKILL)
    killed.append(outcome(os.waitpid(pid, 0)[1]))
after = []
for pair in range(0, len(kills), 2):  # the next run, two at a time
    pids = [child("standings", book) for book in kills[pair : pair + 2]]
    after += [outcome(os.waitpid(pid, 0)[1]) for pid in pids]
raced = []
for number, book in enumerate(races):
    order = [("pair", book), ("standings", book)][:: 1 if number % 2 else -1]
    pids = [child(*args) for args in order]
    raced.append({args[0]: outcome(os.waitpid(pid, 0)[1]) for args, pid in zip(order, pids)})
print(json.dumps({"duration": duration, "killed": killed, "after": after, "raced": raced}))
"""


def rounds_in(book: Path) -> int:
    """The workbook's Round sheets, once it has opened and every sheet has been read."""
    opened = XlsxBook.open(book)
    opened.read()
    return sum(name.startswith("Round ") for name in opened.workbook.sheetnames)


def leftovers(folder: Path) -> list[str]:
    return [
        p.name
        for place in (folder, folder / "cup.history")
        if place.is_dir()
        for p in place.iterdir()
        if p.name.endswith((".tmp", ".lock"))
    ]


def test_killed_and_concurrent_saves_never_lose_or_corrupt_a_round(
    tmp_path: Path, open_book_bytes: bytes
) -> None:
    books = []
    for number in range(KILLS + RACES):
        folder = tmp_path / f"run{number:02}"
        folder.mkdir()
        (folder / BOOK).write_bytes(open_book_bytes)
        books.append(str(folder / BOOK))
    threads = {v: "1" for v in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")}
    run = subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps([SEED, books[:KILLS], books[KILLS:]])],
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, **threads, "RAYON_NUM_THREADS": "1"},
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["killed"][0] == 0  # the run that was not killed

    seen = set()
    assert report["after"] == [0] * KILLS  # the next run on every workbook
    for book, outcome in zip(books[:KILLS], report["killed"], strict=True):
        path = Path(book)
        rounds = rounds_in(path)
        assert rounds in (2, 3), (book, outcome)
        if outcome == 0:
            assert rounds == 3
        seen.add(rounds)
        assert leftovers(path.parent) == [], book
        for kept in (path.parent / "cup.history").glob("*.xlsx"):
            with zipfile.ZipFile(kept) as archive:
                assert archive.testzip() is None
    assert seen  # (which of old and new each kill left depends on the machine's speed)

    for book, outcomes in zip(books[KILLS:], report["raced"], strict=True):
        path = Path(book)
        assert outcomes["pair"] in (0, 5) and outcomes["standings"] in (0, 5), outcomes
        assert 0 in outcomes.values(), outcomes
        assert rounds_in(path) == (3 if outcomes["pair"] == 0 else 2), outcomes
        assert leftovers(path.parent) == []
