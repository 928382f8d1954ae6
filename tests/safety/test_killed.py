"""``kill -9`` at any moment of a ``pair``: the workbook is the old one or the new one, whole;
the next gosheet run — ``check`` (which only reads) or ``pair`` — is never stopped by what the
killed one left (its lock file: no process holds it) and removes it: no temporary file, no
lock file remains after that run (gosheet/workbook/saving/atomic.py ``tidy``, ``clean_stale``;
locks.py ``clear_stale_lock``).

A real child process runs gosheet's command line; it has imported gosheet when it says
``ready``, and is killed with SIGKILL after a delay that grows from kill to kill across the
time a whole ``pair`` takes (measured first), so that the kills fall in the reading, the
writing of the new file, the copies and the replace.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import BOOK, leftovers
from support.cli import cli

POSIX = pytest.mark.skipif(os.name != "posix", reason="SIGKILL: POSIX")
CHILD = """
import sys
from gosheet.frontends.cli import main
print("ready", flush=True)
code = main(["pair", sys.argv[1]])
print("done", flush=True)
sys.exit(code)
"""


def start(book: Path) -> subprocess.Popen[str]:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(book)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "ready"
    return child


def time_of_a_pair(book: Path) -> float:
    """How long a child's ``pair`` takes once gosheet is imported (seconds)."""
    child = start(book)
    began = time.monotonic()
    assert child.stdout is not None
    while child.stdout.readline().strip() != "done":
        pass
    took = time.monotonic() - began
    assert child.wait(timeout=60) == 0
    return took


def rounds_in(book: Path) -> int:
    return sum(name.startswith("Round ") for name in load_workbook(book).sheetnames)


def kill_during_pairs(
    capsys: pytest.CaptureFixture[str], folder: Path, old: bytes, kills: int
) -> dict[str, int]:
    """``kills`` pairs killed at growing delays, each followed by a ``check`` or a ``pair``
    that must work and leave nothing of gosheet's behind; what the kills left, counted."""
    book = folder / BOOK
    book.write_bytes(old)
    span = time_of_a_pair(book) * 1.2
    draw = random.Random(25)
    seen = {"old": 0, "new": 0, "left temporary": 0, "left lock": 0}
    for kill in range(kills):
        book.write_bytes(old)
        child = start(book)
        time.sleep(span * (kill + draw.random()) / kills)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=60)
        left = leftovers(folder)
        seen["left temporary"] += any(name.endswith(".tmp") for name in left)
        seen["left lock"] += any(name.endswith(".lock") for name in left)
        whole = rounds_in(book)  # opens: a whole workbook, the old one or the new one
        assert whole in (2, 3), whole
        assert whole == 3 or book.read_bytes() == old
        seen["old" if whole == 2 else "new"] += 1
        command = "check" if kill % 2 == 0 else "pair"
        code, _out, err = cli(capsys, command, book)
        # a pair after a new round 3 is refused for its missing results (3), never blocked
        assert code == 0 or (command == "pair" and whole == 3 and code == 3), (kill, err)
        assert leftovers(folder) == [], (kill, command, left)
        assert rounds_in(book) in (2, 3)
    return seen


@POSIX
def test_a_few_kills_during_a_pair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, open_book_bytes: bytes
) -> None:
    kill_during_pairs(capsys, tmp_path, open_book_bytes, 6)


@POSIX
@pytest.mark.slow
def test_thirty_kills_during_a_pair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, open_book_bytes: bytes
) -> None:
    seen = kill_during_pairs(capsys, tmp_path, open_book_bytes, 30)
    print(f"30 kills during a pair: {seen}")  # (pytest -s: how many left what)


@POSIX
def test_a_kill_with_everything_left_behind(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, open_book_bytes: bytes
) -> None:
    """What a kill between the copies and the replace leaves — the lock file, the new file,
    the backup's and the history's copies — removed by a ``check``, which changes nothing
    else; and the process that left them no longer waited for (a zombie counts as gone)."""
    book = tmp_path / BOOK
    book.write_bytes(open_book_bytes)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])  # not waited for yet: a zombie
    while dead.poll() is None and not _zombie(dead.pid):
        time.sleep(0.01)
    history = tmp_path / "cup.history"
    history.mkdir()
    made = [
        tmp_path / f".{BOOK}.{dead.pid}.0123456789abcdef.tmp",
        tmp_path / f".cup.backup.xlsx.{dead.pid}.fedcba9876543210.tmp",
        history / f".2026-12-02T10-00-00 pair round 3.xlsx.{dead.pid}.0011223344556677.tmp",
    ]
    for path in made:
        path.write_bytes(open_book_bytes[:1000])
    lock = tmp_path / f".{BOOK}.gosheet.lock"
    lock.write_text(f"{dead.pid}\n", encoding="ascii")
    theirs = [tmp_path / ".cup.xlsx.notes.tmp", tmp_path / "~lock.other.xlsx#"]
    for path in theirs:
        path.write_text("the organiser's", encoding="utf-8")
    code, _out, err = cli(capsys, "check", book)
    dead.wait()
    assert code == 0, err
    assert [p.name for p in [*made, lock] if p.exists()] == []
    assert all(p.exists() for p in theirs)
    assert book.read_bytes() == open_book_bytes


def _zombie(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", "rb") as status:
            return status.read().rpartition(b")")[2].split()[:1] == [b"Z"]
    except OSError:
        return True  # no /proc: poll() decides


@POSIX
def test_a_live_commands_copies_are_not_tidied_by_a_check(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, open_book_bytes: bytes
) -> None:
    """A backup's or history's copy has its original's (old) date while a live command puts
    it in place: a ``check`` meanwhile (no lock held) leaves it; a command that holds the
    lock removes it once older than a minute (its process cannot be writing it then)."""
    book = tmp_path / BOOK
    book.write_bytes(open_book_bytes)
    copy = tmp_path / f".cup.backup.xlsx.{os.getpid()}.00000000000000cc.tmp"
    copy.write_bytes(open_book_bytes)
    old = time.time() - 3600
    os.utime(copy, (old, old))
    code, _out, err = cli(capsys, "check", book)
    assert code == 0, err
    assert copy.exists()
    code, _out, err = cli(capsys, "standings", book)
    assert code == 0, err
    assert not copy.exists()
