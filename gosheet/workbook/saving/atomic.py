"""Replacing a file all at once, without writing over anyone else's work.

Whatever is written goes to a temporary file beside the target (an unpredictable name, made
with ``O_CREAT | O_EXCL | O_NOFOLLOW``), which takes the target's place only when the writing
(and any check) succeeded. Before that, :func:`replacing`

* holds gosheet's own lock on the target (:func:`gosheet.workbook.saving.locks.holding`) and
  refuses a target open in an office suite, locked by another process or read-only
  (:func:`gosheet.workbook.saving.locks.refuse_if_busy`);
* removes gosheet's own stale temporary files beside it (left by a killed save);
* refuses if the target changed since it was read (:class:`Fingerprint`): their work kept;
* keeps the target's permissions, a backup and a history entry of the version it replaces.

Each new file is on the disk (``fsync``, then its folder) before it takes its name. A failed
write — a full or read-only disk included, said as such — leaves the old file untouched and
nothing of the run behind; a killed one leaves files that the next command on the target
removes (:func:`tidy`, even one that only reads).
"""

from __future__ import annotations

import importlib
import os
import re
import stat
import time
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.records import record
from gosheet.workbook.saving.history import Staged, history_folder, prune, stage_version
from gosheet.workbook.saving.locks import clear_stale_lock, holding, refuse_if_busy
from gosheet.workbook.saving.safe_files import (
    FULL,
    READ_ONLY,
    disk_problem,
    link_to_temporary,
    new_temporary,
    remove,
    sync_file,
    sync_folder,
)

TEMPORARY = (
    re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]{16}\.tmp$"),
    re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.tmp$"),  # an older gosheet's name
)
"""gosheet's temporary files: ``.NAME.PID.RANDOM.tmp`` (and the older ``.NAME.PID.tmp``)."""
STALE_AFTER = 60.0
"""A temporary file of gosheet's older than this (seconds), or whose process is gone, is stale."""


def new_sha256() -> Any:
    """A SHA-256 hash object: Python's own (module ``_sha2`` from 3.12, ``_sha256`` before),
    the same digests as :mod:`hashlib`'s, whose import loads OpenSSL (2 ms of every command,
    issue 38); :mod:`hashlib`'s where Python has none of its own."""
    for module in ("_sha2", "_sha256"):
        try:
            return importlib.import_module(module).sha256()
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256()


def _sha256(file: BinaryIO) -> str:
    """The SHA-256 of an open file's bytes, read in blocks (``hashlib.file_digest`` is 3.11's)."""
    digest = new_sha256()
    for block in iter(lambda: file.read(1 << 20), b""):
        digest.update(block)
    hexdigest: str = digest.hexdigest()
    return hexdigest


@record
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
    return not _zombie(pid)


def _zombie(pid: int) -> bool:
    """Whether ``pid`` is a process that ended and waits for its parent to see it (Linux)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as status:
            state = status.read().rpartition(b")")[2].split()[:1]
    except OSError:
        return False
    return state in ([b"Z"], [b"X"])


def tidy(target: Path) -> None:
    """gosheet's leftovers of a killed command on ``target`` gone (a command that only reads
    calls it too): the stale temporary files beside it and in its history folder, a lock file
    no process holds. Never fails; never touches a file of anyone else's."""
    target = Path(target).resolve()
    clean_stale(target.parent, {target.name, backup_path(target).name}, by_age=False)
    clean_stale(history_folder(target), by_age=False)  # (a copy has its original's date)
    clear_stale_lock(target)


def clean_stale(folder: Path, names: set[str] | None = None, *, by_age: bool = True) -> list[Path]:
    """Remove gosheet's stale temporary files in ``folder`` (for the files ``names`` only,
    if given): made by a process that is gone, or (``by_age``: only under gosheet's lock,
    where no other command can be writing them) older than :data:`STALE_AFTER`."""
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
            old = by_age and now - info.st_mtime > STALE_AFTER
            if old or not alive(int(match["pid"])):
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

    Every copy is written and synced before anything takes a name; then the history entry,
    the new file (its folder synced before and after) and the backup take theirs. Whatever
    fails — a full or read-only disk included (:func:`~gosheet.workbook.saving.safe_files.
    disk_problem`) — ``target`` keeps its bytes and nothing made by this call remains.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with replacing(folder / "a.txt") as temporary:
    ...     _ = temporary.write_text("new")
    >>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
    ('new', ['a.txt'])
    """
    target = target.resolve()
    with holding(target):
        made = _Made()
        try:
            names = {target.name} | ({backup.name} if backup is not None else set())
            clean_stale(target.parent, names)
            clean_stale(history_folder(target))
            refuse_if_busy(target)
            made.temporary = new_temporary(target)
            yield made.temporary
            if expected is not None and expected.changed(target):
                raise FileProblem(
                    _(
                        "{path}: the workbook was changed by someone else (saved at {time}) "
                        "since gosheet read it; their version is kept and {action} was not "
                        "written: run the command again"
                    ).format(path=target, time=_mtime(target), action=history or _("this change"))
                )
            refuse_if_busy(target)
            _put_in_place(target, made, backup, history)
        except OSError as error:
            raise disk_problem(target, error) from error
        finally:
            made.undo()
        _settle(target, history)


class _Made:
    """What one :func:`replacing` made, removed unless it all went through."""

    def __init__(self) -> None:
        self.temporary: Path | None = None
        self.backup: Path | None = None  # the copy to become the backup
        self.entry: Staged | None = None

    def undo(self) -> None:
        remove(self.temporary)
        remove(self.backup)
        if self.entry is not None:
            self.entry.undo()


def _put_in_place(target: Path, made: _Made, backup: Path | None, history: str | None) -> None:
    """The copies of the old version written, then every name taken (see :func:`replacing`)."""
    assert made.temporary is not None
    exists = target.is_file()
    sync_file(made.temporary)
    if exists:
        os.chmod(made.temporary, stat.S_IMODE(os.stat(target).st_mode))
    if exists and backup is not None:
        try:
            made.backup = link_to_temporary(target, backup)
        except OSError as error:
            if error.errno in FULL | READ_ONLY:
                raise
            raise FileProblem(
                _(
                    "{path}: its backup {backup} cannot be written ({error}); nothing changed"
                ).format(path=target, backup=backup.name, error=error)
            ) from error
    if exists and history is not None:
        made.entry = stage_version(target, history)
        made.entry.put()
    sync_folder(target.parent)
    os.replace(made.temporary, target)
    made.temporary = None
    if backup is not None and made.backup is not None:
        try:
            os.replace(made.backup, backup)
        except OSError:  # the old bytes (the backup's copy) back in the workbook's place
            os.replace(made.backup, target)
            made.backup = None
            raise
        made.backup = None
    made.entry = None


def _settle(target: Path, history: str | None) -> None:
    """After a replace: its folder synced (the new name on the disk), the oldest history
    versions beyond the limit gone (a failure there undoes nothing that was written)."""
    with suppress(OSError):
        sync_folder(target.parent)
    if history is not None:
        with suppress(OSError):
            prune(target)


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime).strftime("%H:%M:%S")
    except OSError:
        return "?"


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
