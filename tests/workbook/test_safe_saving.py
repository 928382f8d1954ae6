"""Never writing over someone else's work (gosheet/workbook/saving/atomic.py, locks.py): office lock
files, another process's lock, gosheet's own lock, a file changed between read and save,
permissions, read-only files, symbolic links at the backup's and the temporary file's names,
stale temporary files."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import BACKUP, BOOK, leftovers
from support.cli import cli, cli_ok, refused

from gosheet.app import actions
from gosheet.app.outcomes import Paired
from gosheet.core.errors import FileProblem
from gosheet.formats.opengotha.export import write_file
from gosheet.workbook.saving import locks, safe_files
from gosheet.workbook.xlsx.book import XlsxBook

POSIX = pytest.mark.skipif(os.name != "posix", reason="flock, fcntl and symbolic links: POSIX")

HOLDER = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
{lock}
print("held", flush=True)
sys.stdin.read()
"""
LOCKS = {
    "flock": "fcntl.flock(fd, fcntl.LOCK_EX)",
    "lockf": "fcntl.lockf(fd, fcntl.LOCK_EX)",
}


@contextmanager
def held(path: Path, how: str = "flock") -> Iterator[Callable[[], None]]:
    """Another process holding ``path`` locked until the block ends, or until the block calls
    what it is given (``let_go()``: the holder has exited when it returns)."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLDER.format(lock=LOCKS[how]), str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stdin is not None

    def let_go() -> None:
        assert process.stdin is not None
        if not process.stdin.closed:
            process.stdin.close()
        process.wait()

    try:
        assert process.stdout.readline().strip() == "held"
        yield let_go
    finally:
        let_go()


def rounds_in(book: Path) -> int:
    return sum(name.startswith("Round ") for name in load_workbook(book).sheetnames)


# ------------------------------------------------------- someone else's work


@pytest.mark.parametrize(
    ("lock", "suite"), [(".~lock.cup.xlsx#", "LibreOffice"), ("~$cup.xlsx", "Excel")]
)
@pytest.mark.parametrize("command", ["pair", "standings"])
def test_a_workbook_open_in_an_office_suite_is_refused(
    capsys: pytest.CaptureFixture[str], open_book: Path, lock: str, suite: str, command: str
) -> None:
    (open_book.parent / lock).write_text("someone,at,their,desk", encoding="utf-8")
    err = refused(capsys, open_book.parent, 5, command, open_book)
    assert f"open in {suite}" in err and lock in err and f"close it in {suite}" in err


def test_an_export_over_a_file_open_in_libreoffice_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "cup.xml"
    out.write_bytes(b"theirs")
    (tmp_path / ".~lock.cup.xml#").write_text("x", encoding="utf-8")
    with pytest.raises(FileProblem, match="open in LibreOffice"):
        write_file(out, b"ours")
    assert out.read_bytes() == b"theirs"


@POSIX
@pytest.mark.parametrize("how", ["flock", "lockf"])
def test_a_workbook_locked_by_another_process_is_refused(
    capsys: pytest.CaptureFixture[str], open_book: Path, how: str
) -> None:
    with held(open_book, how):
        err = refused(capsys, open_book.parent, 5, "standings", open_book)
    assert "locked" in err and "close it there first" in err
    cli_ok(capsys, "standings", open_book)  # the lock gone, the save goes through


@POSIX
def test_a_second_gosheet_command_waits_then_refuses(
    capsys: pytest.CaptureFixture[str], open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(locks, "LOCK_WAIT", 0.3)
    lock = open_book.parent / ".cup.xlsx.gosheet.lock"
    with held(lock):
        started = time.monotonic()
        err = refused(capsys, open_book.parent, 5, "pair", open_book)
        assert time.monotonic() - started >= 0.3
    assert "another gosheet command" in err and "run this command again" in err
    monkeypatch.setattr(locks, "LOCK_WAIT", 600.0)  # a ceiling: the holder lets go below
    with held(lock) as let_go:  # it lets go while the second one waits: that one goes on
        take = locks._try_lock
        waited = []

        def take_or_let_go(fd: int) -> bool:
            if take(fd):
                return True
            waited.append(fd)  # the second command found the lock held: now it waits
            let_go()
            return False

        monkeypatch.setattr(locks, "_try_lock", take_or_let_go)
        cli_ok(capsys, "pair", open_book)
    assert waited, "the second command never found the lock held"
    assert rounds_in(open_book) == 3
    assert leftovers(open_book.parent) == []


def test_a_workbook_saved_by_someone_else_meanwhile_is_kept(
    capsys: pytest.CaptureFixture[str], open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pair = actions.pair

    def typed_meanwhile(book: Any, **options: Any) -> Paired:
        done = pair(book, **options)
        theirs = load_workbook(open_book)  # the organiser saves a corrected result meanwhile
        theirs["Round 2"]["A30"] = "their note"
        theirs.save(open_book)
        return done

    monkeypatch.setattr(actions, "pair", typed_meanwhile)
    code, out, err = cli(capsys, "pair", open_book)
    assert code == 5, out
    assert "changed by someone else" in err and "run the command again" in err
    assert "pair round 3 was not written" in err
    assert load_workbook(open_book)["Round 2"]["A30"].value == "their note"
    assert rounds_in(open_book) == 2
    assert leftovers(open_book.parent) == []
    assert not (open_book.parent / "cup.history").exists()


def test_a_file_only_touched_is_not_a_change(open_book: Path) -> None:
    book = XlsxBook.open(open_book)
    os.utime(open_book, (time.time() + 5, time.time() + 5))
    actions.update_standings(book)
    book.save()
    book.save()  # the second save of the same book compares with the first
    assert rounds_in(open_book) == 2


# ----------------------------------------------------------- the file itself


@POSIX
@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_the_workbook_keeps_its_permissions(
    capsys: pytest.CaptureFixture[str], open_book: Path, mode: int
) -> None:
    open_book.chmod(mode)
    cli_ok(capsys, "pair", open_book)
    assert stat.S_IMODE(open_book.stat().st_mode) == mode
    assert rounds_in(open_book) == 3


def test_a_read_only_workbook_is_refused(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    open_book.chmod(0o444)
    try:
        err = refused(capsys, open_book.parent, 5, "pair", open_book)
    finally:
        open_book.chmod(0o644)
    assert "read-only" in err


@POSIX
def test_a_symlink_at_the_backup_is_replaced_not_followed(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    victim = open_book.parent / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    previous = open_book.read_bytes()
    (open_book.parent / BACKUP).symlink_to(victim)
    cli_ok(capsys, "pair", open_book)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (open_book.parent / BACKUP).is_symlink()
    assert (open_book.parent / BACKUP).read_bytes() == previous


@POSIX
def test_a_symlink_at_the_temporary_name_is_not_followed(
    capsys: pytest.CaptureFixture[str], open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = open_book.parent / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    # the name the old code used, and the first one the new code would draw
    (open_book.parent / f".{BOOK}.{os.getpid()}.tmp").symlink_to(victim)
    (open_book.parent / f".{BOOK}.{os.getpid()}.{'a' * 16}.tmp").symlink_to(victim)
    draws = iter(["a" * 16, "b" * 16, "c" * 16, "d" * 16])
    monkeypatch.setattr(safe_files, "random_hex", lambda: next(draws))
    cli_ok(capsys, "pair", open_book)
    assert victim.read_text(encoding="utf-8") == "precious"
    assert rounds_in(open_book) == 3
    assert load_workbook(open_book)  # a workbook, not a link


@POSIX
def test_stale_temporary_files_are_cleaned_at_the_next_run(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    dead = int(gone.stdout)
    folder = open_book.parent
    (folder / "cup.history").mkdir()
    old = time.time() - 120
    stale = [
        folder / f".{BOOK}.{dead}.0123456789abcdef.tmp",  # its process is gone
        folder / f".{BOOK}.{dead}.tmp",  # the older name
        folder / f".{BACKUP}.{dead}.fedcba9876543210.tmp",
        folder
        / "cup.history"
        / f".2026-01-01T10-00-00 pair round 2.xlsx.{dead}.0011223344556677.tmp",
        folder / f".{BOOK}.{os.getpid()}.00000000000000aa.tmp",  # alive, but two minutes old
    ]
    kept = [
        folder / f".{BOOK}.{os.getpid()}.00000000000000bb.tmp",  # alive and young: in use
        folder / f".{BOOK}.notes.tmp",  # not gosheet's
        folder / f".other.xlsx.{dead}.0123456789abcdef.tmp",  # another file's
    ]
    for path in stale + kept:
        path.write_bytes(b"partial")
    os.utime(stale[-1], (old, old))
    cli_ok(capsys, "standings", open_book)
    assert [p.name for p in stale if p.exists()] == []
    assert [p.name for p in kept if not p.exists()] == []
