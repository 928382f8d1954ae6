"""Files made without following a symbolic link and never over an existing file: the
temporary files of a save (``.NAME.PID.RANDOM.tmp``, which :func:`gosheet.workbook.saving.atomic.
clean_stale` recognises) and copies put in place whole (the backup, the history); each one on
the disk (``fsync``, the file then its folder) before it takes its name.

:func:`disk_problem` says what a failed write means for an organiser: a full disk, a
read-only one, a folder gosheet may not write in (:class:`FileProblem`, exit 5).
"""

from __future__ import annotations

import errno
import os
import shutil
from contextlib import suppress
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
BINARY = getattr(os, "O_BINARY", 0)
FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}
READ_ONLY = {errno.EROFS}
FORBIDDEN = {errno.EACCES, errno.EPERM}
UNSYNCABLE = {errno.EINVAL, errno.EBADF, errno.EACCES, errno.EPERM, errno.EISDIR}
UNSYNCABLE |= {getattr(errno, "ENOTSUP", errno.EINVAL), getattr(errno, "ENOSYS", errno.EINVAL)}
"""What ``fsync`` on a folder says where folders cannot be synced (Windows, some file
systems): nothing to do there."""


def disk_problem(path: Path | str, error: OSError) -> FileProblem:
    """The failed write ``error`` at ``path`` as an organiser reads it: nothing changed, and
    what to do (free space, a writable folder)."""
    why = error.strerror or str(error)
    if error.errno in FULL:
        message = _(
            "{path}: the disk is full ({error}); nothing changed — free some space on it "
            "(or copy the workbook to another disk), then run the command again"
        )
    elif error.errno in READ_ONLY:
        message = _(
            "{path}: the disk is read-only ({error}); nothing changed — copy the workbook "
            "to a disk you can write on, then run the command again"
        )
    elif error.errno in FORBIDDEN:
        message = _(
            "{path}: gosheet may not write in its folder ({error}); nothing changed — copy "
            "the workbook to a folder you can write in (or change the folder's permissions), "
            "then run the command again"
        )
    else:
        message = _("{path}: cannot be written ({error}); nothing changed")
    return FileProblem(message.format(path=path, error=why))


def random_hex() -> str:
    """16 random hexadecimal digits (``secrets.token_hex(8)``, without loading ``secrets``,
    ``hmac`` and ``random`` at every save)."""
    return os.urandom(8).hex()


def new_temporary(beside: Path) -> Path:
    """An empty new file ``.NAME.PID.RANDOM.tmp`` beside ``beside``, made without following
    a symbolic link and never over an existing file."""
    while True:
        path = beside.with_name(f".{beside.name}.{os.getpid()}.{random_hex()}.tmp")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | BINARY, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return path


def sync_file(path: Path) -> None:
    """``path``'s bytes on the disk (``fsync``)."""
    fd = os.open(path, os.O_RDWR | NOFOLLOW | BINARY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def sync_folder(folder: Path) -> None:
    """``folder``'s entries (a name just made or replaced) on the disk, where folders can be
    synced (POSIX); elsewhere nothing."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as error:
        if error.errno in UNSYNCABLE:
            return
        raise
    try:
        os.fsync(fd)
    except OSError as error:
        if error.errno not in UNSYNCABLE:
            raise
    finally:
        os.close(fd)


def copy_to_temporary(source: Path, beside: Path) -> Path:
    """A copy of ``source`` (times kept) in a new temporary file beside ``beside``, on the
    disk, not yet in place (``os.replace`` it); removed if the copy fails."""
    temporary = new_temporary(beside)
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_TRUNC | NOFOLLOW | BINARY)
        with open(source, "rb") as data, os.fdopen(fd, "wb") as out:
            shutil.copyfileobj(data, out)
            out.flush()
            os.fsync(out.fileno())
        shutil.copystat(source, temporary)
    except BaseException:
        remove(temporary)
        raise
    return temporary


def link_to_temporary(source: Path, beside: Path) -> Path:
    """``source`` under a second name, a new temporary one beside ``beside`` (a hard link:
    the same bytes, none copied), those bytes on the disk; not yet in place (``os.replace``
    it). Where the file system has no hard links, a copy (:func:`copy_to_temporary`).

    The backup of a save: the version replaced keeps its bytes and its times under the
    backup's name once the new version takes the workbook's name (measured on a 38-player
    workbook: the copy and its sync cost 0.5–4 ms, ``benchmarks/bench_safe_save.py``)."""
    while True:
        path = beside.with_name(f".{beside.name}.{os.getpid()}.{random_hex()}.tmp")
        try:
            os.link(source, path, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError as error:
            if error.errno in FULL | READ_ONLY:
                raise
            return copy_to_temporary(source, beside)  # (no hard links here: FAT, some shares)
        break
    try:
        fd = os.open(path, os.O_RDONLY | NOFOLLOW | BINARY)
        try:
            os.fsync(fd)  # (on the disk already, as a saved workbook is: nothing to write)
        finally:
            os.close(fd)
    except BaseException:
        remove(path)
        raise
    return path


def copy_aside(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` (times kept) through a temporary file: a symbolic link at
    ``target`` is replaced, never written through."""
    temporary = copy_to_temporary(source, target)
    try:
        os.replace(temporary, target)
    finally:
        remove(temporary)
    sync_folder(target.parent)


def remove(path: Path | None) -> None:
    """Remove the file (or link) ``path`` if it is there; a failure is no error."""
    if path is not None:
        with suppress(OSError):
            if os.path.lexists(path):
                os.unlink(path)
