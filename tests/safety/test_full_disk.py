"""A full disk, a read-only one, a folder gosheet may not write in: exit 5 with a message
that says so and what to do, and nothing left of the run — no lock file, no temporary file,
no backup, no history entry or folder — the workbook unchanged byte for byte
(gosheet/workbook/saving/atomic.py, locks.py, safe_files.py, history.py).

For real first: a small tmpfs (tests/support/small_disk.py; root on Linux, else skipped)
filled to leave 0, 4 KiB, 8 KiB … free, every amount up to the one where ``pair`` goes
through, so the disk fills at the lock file, the new workbook, the backup, the history copy.
Then what a real disk cannot be made to do at a chosen moment: each write-side system call
of a ``pair`` fails in turn (no space, read-only, permission denied).
"""

from __future__ import annotations

import errno
import os
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.books import BACKUP, BOOK
from support.cli import cli
from support.small_disk import PAGE, cannot_mount, empty, fill, remount, small_disk, tree

from gosheet.workbook.saving import safe_files

LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/self/fd: Linux")
HISTORY = "cup.history"
EARLIER = f"{HISTORY}/2026-01-01T10-00-00 pair round 2.xlsx"


def rounds_in(book: Path) -> int:
    return sum(name.startswith("Round ") for name in load_workbook(book).sheetnames)


def lay_out(folder: Path, book: bytes, earlier: bool) -> None:
    """The workbook in ``folder``; with ``earlier``, a backup and a history entry of an
    earlier run too (which a failed run must leave as they were)."""
    (folder / BOOK).write_bytes(book)
    if earlier:
        (folder / BACKUP).write_bytes(book[: len(book) // 2])
        (folder / HISTORY).mkdir()
        (folder / EARLIER).write_bytes(book[: len(book) // 3])


@pytest.fixture
def disk(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs, or the test skipped with the reason."""
    why = cannot_mount()
    if why is not None:
        pytest.skip(why)
    try:
        with small_disk(tmp_path / "disk", 1 << 20) as folder:
            yield folder
    except OSError as error:
        pytest.skip(str(error))


@pytest.mark.parametrize("earlier", [False, True], ids=["first run", "backup and history"])
def test_a_full_disk_at_every_step_changes_nothing(
    capsys: pytest.CaptureFixture[str], disk: Path, open_book_bytes: bytes, earlier: bool
) -> None:
    failed = 0
    for pages in range(0, 64):
        empty(disk)
        lay_out(disk, open_book_bytes, earlier)
        filler = fill(disk, pages * PAGE)
        before = tree(disk)
        code, _out, err = cli(capsys, "pair", disk / BOOK)
        if code == 0:
            break
        failed += 1
        assert code == 5, (pages, err)
        assert "the disk is full" in err and "free some space" in err, err
        assert "Traceback" not in err
        assert tree(disk) == before, f"{pages} pages free: the run left something"
        filler.unlink()
        assert rounds_in(disk / BOOK) == 2
    else:
        pytest.fail("pair never went through on a 1 MiB disk")
    # it failed at the lock file, the new workbook, the backup, the history copy in turn
    assert failed >= 4, failed
    assert rounds_in(disk / BOOK) == 3
    assert (disk / BACKUP).read_bytes() == open_book_bytes
    left = tree(disk)
    assert [name for name in left if name.endswith((".tmp", ".lock"))] == []


def test_a_read_only_disk_is_said_and_check_still_works(
    capsys: pytest.CaptureFixture[str], disk: Path, open_book_bytes: bytes
) -> None:
    lay_out(disk, open_book_bytes, earlier=True)
    before = tree(disk)
    remount(disk, "ro")
    try:
        code, _out, err = cli(capsys, "pair", disk / BOOK)
        assert code == 5, err
        assert "the disk is read-only" in err and "copy the workbook" in err, err
        code, _out, err = cli(capsys, "check", disk / BOOK)
        assert code == 0, err
    finally:
        remount(disk, "rw")
    assert tree(disk) == before


# ------------------------------------------------- each system call failing in turn


class Failing:
    """The write-side system calls of gosheet's saving, counted; the ``at``-th one raises
    ``OSError(number)``."""

    CALLS = (
        (os, "open"),
        (os, "write"),
        (os, "ftruncate"),
        (os, "fsync"),
        (os, "replace"),
        (os, "mkdir"),
        (os, "chmod"),
        (shutil, "copyfileobj"),
        (shutil, "copystat"),
    )

    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: int, number: int) -> None:
        self.count = 0
        self.at = at
        self.number = number
        self.failed: str | None = None
        self.on_folder = False
        for module, name in self.CALLS:
            monkeypatch.setattr(module, name, self.wrapped(name, getattr(module, name)))

    def wrapped(self, name: str, call: Callable[..., Any]) -> Callable[..., Any]:
        def failing(*args: Any, **kwargs: Any) -> Any:
            if name == "open" and not args[1] & (os.O_WRONLY | os.O_RDWR | os.O_CREAT):
                return call(*args, **kwargs)  # a read
            self.count += 1
            if self.count == self.at:
                self.failed = f"{name} {_named(args[0])}"
                self.on_folder = os.path.isdir(_named(args[0]))
                raise OSError(self.number, os.strerror(self.number))
            return call(*args, **kwargs)

        return failing


def _named(first: Any) -> str:
    """What a system call's first argument names (a descriptor: its file, on Linux)."""
    if isinstance(first, int) and os.path.exists(f"/proc/self/fd/{first}"):
        return os.readlink(f"/proc/self/fd/{first}")
    return os.fspath(first) if isinstance(first, (str, os.PathLike)) else repr(first)


def calls_of_a_pair(monkeypatch: pytest.MonkeyPatch, capsys: Any, folder: Path) -> int:
    with monkeypatch.context() as patched:
        counting = Failing(patched, 0, errno.ENOSPC)
        code, _out, err = cli(capsys, "pair", folder / BOOK)
    assert code == 0, err
    return counting.count


SAYS = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk is full",
    errno.EROFS: "the disk is read-only",
    errno.EACCES: "may not write in its folder",
}


@pytest.mark.parametrize("number", sorted(SAYS), ids=errno.errorcode.get)
@pytest.mark.parametrize("earlier", [False, True], ids=["first run", "backup and history"])
def test_every_failing_call_of_a_pair_changes_nothing(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    open_book_bytes: bytes,
    number: int,
    earlier: bool,
) -> None:
    trial = tmp_path / "trial"
    trial.mkdir()
    lay_out(trial, open_book_bytes, earlier)
    total = calls_of_a_pair(monkeypatch, capsys, trial)
    assert total >= 15, total  # lock, temporary, syncs, copies, replaces …
    refused = 0
    went: list[str] = []
    for at in range(1, total + 1):
        folder = tmp_path / f"at{at}"
        folder.mkdir()
        lay_out(folder, open_book_bytes, earlier)
        before = tree(folder)
        with monkeypatch.context() as patched:
            failing = Failing(patched, at, number)
            code, _out, err = cli(capsys, "pair", folder / BOOK)
        where = f"call {at} of {total} ({failing.failed})"
        assert "Traceback" not in err and "unexpectedly" not in err, (where, err)
        if code == 0:  # a folder there already, or synced after the replace or where it
            went.append(where)  # cannot be (EACCES): it went through, whole
            assert failing.on_folder, where
            assert rounds_in(folder / BOOK) == 3, where
            assert (folder / BACKUP).read_bytes() == open_book_bytes, where
        else:
            refused += 1
            assert code == 5, (where, err)
            assert SAYS[number] in err or "cannot be written" in err, (where, err)
            assert tree(folder) == before, f"{where}: the run left something"
        assert [p for p in tree(folder) if p.endswith((".tmp", ".lock"))] == [], where
        shutil.rmtree(folder)
    assert refused >= total - 4, (refused, total, went)


# ------------------------------------------------------------------------ fsync


@LINUX
def test_the_new_file_and_its_folder_are_synced_before_the_replace(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, open_book: Path
) -> None:
    folder = open_book.parent
    lay_out(folder, open_book.read_bytes(), earlier=True)
    events: list[tuple[str, str, str]] = []
    fsync, replace = os.fsync, os.replace

    def synced(fd: int) -> None:
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}"), ""))
        fsync(fd)

    def replaced(source: Any, target: Any) -> None:
        events.append(("replace", os.fspath(source), os.fspath(target)))
        replace(source, target)

    monkeypatch.setattr(os, "fsync", synced)
    monkeypatch.setattr(os, "replace", replaced)
    code, _out, err = cli(capsys, "pair", open_book)
    assert code == 0, err

    def index(kind: str, path: str | Path, after: int = -1) -> int:
        for i, (what, first, _second) in enumerate(events):
            if i > after and what == kind and first == os.fspath(path):
                return i
        raise AssertionError(f"no {kind} of {path} after event {after}: {events}")

    book = str(open_book.resolve())
    (new,) = [e for e in events if e[0] == "replace" and e[2] == book]
    temporary = new[1]
    swap = events.index(new)
    assert index("fsync", temporary) < index("fsync", folder.resolve()) < swap
    assert index("fsync", folder.resolve(), after=swap) > swap  # the new name on the disk
    for copy_target in (folder / BACKUP, *(folder / HISTORY).glob("*pair round 3*")):
        (copied,) = [e for e in events if e[0] == "replace" and e[2] == str(copy_target)]
        assert index("fsync", copied[1]) < events.index(copied), copy_target
    entry = next(e for e in events if e[0] == "replace" and HISTORY in e[2])
    assert index("fsync", (folder / HISTORY).resolve(), after=events.index(entry)) > 0


@LINUX
def test_a_full_disk_at_the_lock_file_is_exit_5(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, open_book: Path
) -> None:
    """The issue's exit 70: the lock file made, its process number not written."""
    write = os.write

    def full(fd: int, data: bytes) -> int:
        if os.readlink(f"/proc/self/fd/{fd}").endswith(".gosheet.lock"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return write(fd, data)

    monkeypatch.setattr(os, "write", full)
    before = tree(open_book.parent)
    code, _out, err = cli(capsys, "pair", open_book)
    assert code == 5, err
    assert "the disk is full" in err and "nothing changed" in err
    assert tree(open_book.parent) == before


def test_the_messages_are_translated() -> None:
    from gosheet.i18n import catalog

    error = OSError(errno.ENOSPC, "No space left on device")
    with catalog.speaking("fr"):
        french = str(safe_files.disk_problem(Path("cup.xlsx"), error))
    assert "cup.xlsx" in french and "the disk is full" not in french


# -------------------------------------------------- what gosheet writes beside it


OUTPUTS = {
    "print": ("print", "-o", "{disk}/cup.pack.pdf"),
    "publish": ("publish", "-o", "{disk}/site"),
    "export": ("export", "-o", "{disk}/cup.xml"),
}


@pytest.mark.parametrize("command", sorted(OUTPUTS))
def test_an_output_on_a_full_disk_leaves_nothing(
    capsys: pytest.CaptureFixture[str], disk: Path, open_book_bytes: bytes, command: str
) -> None:
    """The pack, the pages, the export: on a full disk, exit 5 and nothing of them left (a
    page of an earlier publish kept whole); with room, written."""
    (disk / "site").mkdir()
    (disk / "site" / "standings.html").write_text("<p>earlier</p>", encoding="utf-8")
    args = [arg.format(disk=disk) for arg in OUTPUTS[command]]
    for pages in (0, 1, 2):
        lay_out(disk, open_book_bytes, earlier=False)
        filler = fill(disk, pages * PAGE)
        before = tree(disk)
        code, _out, err = cli(capsys, *args, disk / BOOK)
        assert code == 5, (pages, err)
        assert "the disk is full" in err, err
        assert tree(disk) == before, f"{pages} pages free: the {command} left something"
        filler.unlink()
    code, _out, err = cli(capsys, *args, disk / BOOK)
    assert code == 0, err
    assert [p for p in tree(disk) if p.endswith((".tmp", ".lock"))] == []
