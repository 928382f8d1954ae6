"""Never writing over someone else's work: gosheet's own lock, and the signs that another
program has the workbook open.

* :func:`holding` — gosheet's own advisory lock, a file ``.NAME.gosheet.lock`` beside the
  workbook, held from the read to the save, so that two gosheet commands on one workbook never
  interleave: the second waits up to :data:`LOCK_WAIT` seconds, then refuses. The lock file is
  removed when the command ends (a killed command leaves it, unlocked: the next one takes it).
* :func:`refuse_if_busy` — refuses (:class:`FileProblem`, exit 5) a workbook open in
  LibreOffice (``.~lock.NAME#`` beside it) or Excel (``~$NAME``), locked by another process
  (``flock`` or ``fcntl`` lock on POSIX; on Windows the file cannot be opened for writing),
  or read-only.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.workbook.saving.safe_files import (
    BINARY,
    FORBIDDEN,
    FULL,
    NOFOLLOW,
    READ_ONLY,
    disk_problem,
)

LOCK_WAIT = 15.0
"""How long a gosheet command waits for another one working on the same workbook (seconds)."""
POLL = 0.05
BUSY_ERRNOS = {errno.EACCES, errno.EAGAIN, errno.EWOULDBLOCK}

_held: dict[Path, tuple[int, int]] = {}
"""The locks this process holds: lock file → (descriptor, depth of nesting)."""


def lock_path(target: Path) -> Path:
    """``cup.xlsx`` → ``.cup.xlsx.gosheet.lock`` beside it."""
    return target.with_name(f".{target.name}.gosheet.lock")


def office_lock_files(target: Path) -> list[tuple[str, Path]]:
    """The office suites' lock files that say ``target`` is open: (suite, lock file)."""
    return [
        ("LibreOffice", target.with_name(f".~lock.{target.name}#")),
        ("Excel", target.with_name(f"~${target.name}")),
    ]


@contextmanager
def holding(target: Path, wait: float | None = None) -> Iterator[None]:
    """Hold gosheet's own lock on ``target`` for the block (nested holds are free)."""
    target = target.resolve()
    lock = lock_path(target)
    if lock in _held:
        fd, depth = _held[lock]
        _held[lock] = (fd, depth + 1)
        try:
            yield
        finally:
            fd, depth = _held[lock]
            _held[lock] = (fd, depth - 1)
        return
    fd = _acquire(target, lock, LOCK_WAIT if wait is None else wait)
    _held[lock] = (fd, 1)
    try:
        yield
    finally:
        del _held[lock]
        _release(lock, fd)


def _acquire(target: Path, lock: Path, wait: float) -> int:
    deadline = time.monotonic() + wait
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | NOFOLLOW | BINARY, 0o644)
        except OSError as error:
            if error.errno in FULL | READ_ONLY | FORBIDDEN:
                raise disk_problem(target, error) from error
            raise FileProblem(
                _(
                    "{path}: cannot make gosheet's lock file {lock} beside it ({error}); "
                    "nothing changed"
                ).format(path=target, lock=lock.name, error=error.strerror)
            ) from error
        if _try_lock(fd):
            if _same_file(fd, lock):
                _sign(target, lock, fd)
                return fd
            os.close(fd)  # the holder removed it as we took it: take the new one
            continue
        os.close(fd)
        if time.monotonic() >= deadline:
            raise FileProblem(
                _(
                    "{path}: another gosheet command{holder} is working on this workbook (its "
                    "lock file {lock} is beside it); nothing changed — run this command again "
                    "when that one is done"
                ).format(path=target, holder=_holder(lock), lock=lock.name)
            )
        time.sleep(POLL)


def _sign(target: Path, lock: Path, fd: int) -> None:
    """The lock file taken: this process's number in it (a full disk: the lock let go and
    removed, and said)."""
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError as error:
        _release(lock, fd)
        raise disk_problem(target, error) from error


def clear_stale_lock(target: Path) -> bool:
    """Remove gosheet's lock file of ``target`` if no process holds it (left by a killed
    command); never makes one. Whether one was removed."""
    lock = lock_path(Path(target).resolve())
    if lock in _held or not os.path.lexists(lock):
        return False
    try:
        fd = os.open(lock, os.O_RDWR | NOFOLLOW | BINARY)
    except OSError:
        return False
    try:
        taken = _try_lock(fd) and _same_file(fd, lock)
    except OSError:
        taken = False
    if not taken:
        os.close(fd)
        return False
    _release(lock, fd)
    return True


def _holder(lock: Path) -> str:
    try:
        pid = lock.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return _(" (process {pid})").format(pid=pid) if pid.isdigit() else ""


def _same_file(fd: int, lock: Path) -> bool:
    try:
        named = os.stat(lock, follow_symlinks=False)
    except OSError:
        return False
    held = os.fstat(fd)
    return (named.st_dev, named.st_ino) == (held.st_dev, held.st_ino)


def _release(lock: Path, fd: int) -> None:
    if sys.platform == "win32":  # an open file cannot be removed there
        os.close(fd)
        _remove(lock)
    else:  # removed while still held: a waiter that opened it sees it is gone
        _remove(lock)
        os.close(fd)


def _remove(path: Path) -> None:
    with suppress(OSError):
        os.unlink(path)


if sys.platform == "win32":
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _locked_by_another(target: Path) -> bool:
        """Excel opens a workbook without sharing: opening it to write fails."""
        try:
            with open(target, "r+b"):
                return False
        except PermissionError:
            return True

else:  # fcntl imported where a lock is taken: WebAssembly Python has none, and takes none

    def _try_lock(fd: int) -> bool:
        import fcntl

        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno in BUSY_ERRNOS:
                return False
            raise
        return True

    def _locked_by_another(target: Path) -> bool:
        """A ``flock`` or an ``fcntl`` (``lockf``) lock held on the file by another process."""
        import fcntl

        try:
            fd = os.open(target, os.O_RDWR | BINARY)
        except OSError as error:
            if error.errno in FORBIDDEN:  # the file's own permissions: not its folder's
                raise FileProblem(
                    _("{path}: cannot be written ({error}); nothing changed").format(
                        path=target, error=error.strerror
                    )
                ) from error
            raise disk_problem(target, error) from error
        try:
            return _busy(
                lambda: fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB),
                lambda: fcntl.flock(fd, fcntl.LOCK_UN),
            ) or _busy(
                lambda: fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB),
                lambda: fcntl.lockf(fd, fcntl.LOCK_UN),
            )
        finally:
            os.close(fd)


def _busy(take: Callable[[], object], give: Callable[[], object]) -> bool:
    """Whether taking a lock fails because someone holds it (a file system without locks
    says nothing)."""
    try:
        take()
    except OSError as error:
        return error.errno in BUSY_ERRNOS
    give()
    return False


def refuse_if_busy(target: Path) -> None:
    """Refuse to replace ``target`` if an office suite or another process has it open, or it
    is read-only (:class:`FileProblem`, exit 5; nothing changed)."""
    for suite, lock in office_lock_files(target):
        if os.path.lexists(lock):
            raise FileProblem(
                _(
                    "{path}: it is open in {suite} (its lock file {lock} is beside it); close "
                    "it in {suite} first, then run the command again; nothing changed. (If "
                    "{suite} is not running, the lock file is left over from a crash: delete "
                    "it.)"
                ).format(path=target, suite=suite, lock=lock.name)
            )
    try:
        info = os.stat(target)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        return  # not a file: the replace itself will say so
    if not info.st_mode & 0o222:
        raise FileProblem(
            _(
                "{path}: the file is read-only; nothing changed (make it writable first if it "
                "should change)"
            ).format(path=target)
        )
    if _locked_by_another(target):
        raise FileProblem(
            _(
                "{path}: another program has the file open and locked (an office suite, a sync "
                "tool?); close it there first, then run the command again; nothing changed"
            ).format(path=target)
        )
