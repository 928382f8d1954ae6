"""Replacing a file all at once, without writing over anyone else's work.

Whatever is written goes to a temporary file beside the target (an unpredictable name, made
with ``O_CREAT | O_EXCL | O_NOFOLLOW``), which takes the target's place only when the writing
(and any check) succeeded. Before that, :func:`replacing`

* holds gosheet's own lock on the target (:func:`gosheet.workbook.locks.holding`) and
  refuses a target open in an office suite, locked by another process or read-only
  (:func:`gosheet.workbook.locks.refuse_if_busy`);
* removes gosheet's own stale temporary files beside it (left by a killed save);
* refuses if the target changed since it was read (:class:`Fingerprint`): their work kept;
* keeps the target's permissions, a backup and a history entry of the version it replaces.

An interrupted or failed write leaves the old file untouched and no temporary file behind.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

from gosheet.core.errors import FileProblem
from gosheet.workbook.history import history_folder, keep_version
from gosheet.workbook.locks import holding, refuse_if_busy
from gosheet.workbook.safe_files import BINARY, copy_aside, new_temporary

TEMPORARY = (
    re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]{16}\.tmp$"),
    re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.tmp$"),  # an older gosheet's name
)
"""gosheet's temporary files: ``.NAME.PID.RANDOM.tmp`` (and the older ``.NAME.PID.tmp``)."""
STALE_AFTER = 60.0
"""A temporary file of gosheet's older than this (seconds), or whose process is gone, is stale."""


def _sha256(file: BinaryIO) -> str:
    """The SHA-256 of an open file's bytes, read in blocks (``hashlib.file_digest`` is 3.11's)."""
    digest = hashlib.sha256()
    for block in iter(lambda: file.read(1 << 20), b""):
        digest.update(block)
    return digest.hexdigest()


@dataclass(frozen=True)
class Fingerprint:
    """What a file was when it was read: its size, modification time and a hash of its bytes."""

    size: int
    mtime_ns: int
    sha256: str

    @classmethod
    def of(cls, path: Path) -> Fingerprint:
        with open(path, "rb") as file:
            info = os.fstat(file.fileno())
            digest = _sha256(file)
        return cls(info.st_size, info.st_mtime_ns, digest)

    def changed(self, path: Path) -> bool:
        """Whether ``path`` no longer holds the bytes read (a touch alone is no change)."""
        try:
            now = Fingerprint.of(path)
        except FileNotFoundError:
            return True
        return (now.size, now.sha256) != (self.size, self.sha256)


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (elsewhere than on POSIX: assumed, age decides)."""
    if pid == os.getpid() or os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except OSError:
        return True
    return True


def clean_stale(folder: Path, names: set[str] | None = None) -> list[Path]:
    """Remove gosheet's stale temporary files in ``folder`` (for the files ``names`` only,
    if given): older than :data:`STALE_AFTER` or made by a process that is gone."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = TEMPORARY[0].match(entry.name) or TEMPORARY[1].match(entry.name)
        if match is None or (names is not None and match["name"] not in names):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not (stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode)):
                continue
            if now - info.st_mtime > STALE_AFTER or not alive(int(match["pid"])):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


@contextmanager
def replacing(
    target: Path,
    *,
    expected: Fingerprint | None = None,
    backup: Path | None = None,
    history: str | None = None,
) -> Iterator[Path]:
    """A temporary path to write; on leaving the block without error it replaces ``target``.

    ``expected``: refuse if ``target`` no longer holds what was read. ``backup``: copy the
    version replaced there. ``history``: keep the version replaced in the history folder as
    the one before this action (e.g. ``"pair round 3"``).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with replacing(folder / "a.txt") as temporary:
    ...     _ = temporary.write_text("new")
    >>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
    ('new', ['a.txt'])
    """
    target = target.resolve()
    with holding(target):
        temporary: Path | None = None
        entry: Path | None = None
        try:
            names = {target.name} | ({backup.name} if backup is not None else set())
            clean_stale(target.parent, names)
            clean_stale(history_folder(target))
            refuse_if_busy(target)
            temporary = new_temporary(target)
            yield temporary
            if expected is not None and expected.changed(target):
                raise FileProblem(
                    f"{target}: the workbook was changed by someone else (saved at "
                    f"{_mtime(target)}) since gosheet read it; their version is kept and "
                    f"{history or 'this change'} was not written: run the command again"
                )
            refuse_if_busy(target)
            exists = target.is_file()
            _sync(temporary)
            if exists:
                os.chmod(temporary, stat.S_IMODE(os.stat(target).st_mode))
            if exists and backup is not None:
                try:
                    copy_aside(target, backup)
                except OSError as error:
                    raise FileProblem(
                        f"{target}: its backup {backup.name} cannot be written ({error}); "
                        "nothing changed"
                    ) from error
            if exists and history is not None:
                entry = keep_version(target, history)
            os.replace(temporary, target)
            entry = None
        except OSError as error:
            raise FileProblem(f"{target}: cannot be written ({error}); nothing changed") from error
        finally:
            for leftover in (temporary, entry):
                if leftover is not None and os.path.lexists(leftover):
                    os.unlink(leftover)


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%H:%M:%S")
    except OSError:
        return "?"


def _sync(path: Path) -> None:
    """The temporary file on the disk before it takes the target's name."""
    fd = os.open(path, os.O_RDWR | BINARY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


VBA_PART = "xl/vbaProject.bin"


def backup_path(path: Path) -> Path:
    """``tournament.xlsx`` → ``tournament.backup.xlsx``."""
    return path.with_name(f"{path.stem}.backup{path.suffix}")


def check_archive(written: Path, target: Path) -> None:
    """A workbook just written is a complete archive, and an ``.xlsm`` keeps its macros —
    else nothing replaces ``target``."""
    with zipfile.ZipFile(written) as archive:
        if archive.testzip() is not None:
            raise FileProblem(f"{target}: the new workbook came out damaged; nothing changed")
        if target.suffix.lower() == ".xlsm" and VBA_PART not in archive.namelist():
            raise FileProblem(
                f"{target}: an .xlsm must keep its VBA project, and this workbook has "
                "none; nothing changed (make a macro-enabled workbook with "
                "'gosheet excel-template')"
            )
