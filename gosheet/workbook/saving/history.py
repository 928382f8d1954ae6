"""The history of a workbook: before each change gosheet keeps the version it replaces in a
folder ``NAME.history/`` beside the workbook, one file a change, named by the time and the
action (``2026-12-01T15-03-26 pair round 3.xlsx``: the workbook as it was before round 3 was
paired), the last :data:`HISTORY_KEEP` of them.

``gosheet history BOOK`` lists them (number 1 the newest), ``gosheet restore BOOK N`` brings
one back (gosheet/frontends/cli/history.py).
"""

from __future__ import annotations

import contextlib
import os
import re
from datetime import datetime
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.records import record
from gosheet.workbook.saving.safe_files import copy_to_temporary, remove, sync_folder

HISTORY_KEEP = 50
"""How many earlier versions a workbook's history keeps (the oldest go first)."""
STAMP = "%Y-%m-%dT%H-%M-%S"
ENTRY = re.compile(r"^(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d) (.+?)(?: \((\d+)\))?$")
UNSAFE = re.compile(r'[\\/:*?"<>|\x00-\x1f]+')


@record
class Version:
    """An earlier version of a workbook: ``number`` 1 is the newest."""

    number: int
    path: Path
    when: datetime
    action: str


def history_folder(target: Path) -> Path:
    """``cup.xlsx`` → ``cup.history`` beside it."""
    return target.with_name(f"{target.stem}.history")


def stamp_time(stamp: str) -> datetime:
    """An entry's stamp as :data:`STAMP` writes it (``2024-05-01T14-03-59``, as :data:`ENTRY`
    matched it) as a time; ValueError where there is no such time. ``datetime.strptime``'s
    answer, without its parse of the format at every entry of a history (up to 50 read at
    every save)."""
    return datetime(
        int(stamp[0:4]),
        int(stamp[5:7]),
        int(stamp[8:10]),
        int(stamp[11:13]),
        int(stamp[14:16]),
        int(stamp[17:19]),
    )


def versions(target: Path) -> list[Version]:
    """The earlier versions of ``target`` kept in its history folder, newest first."""
    folder = history_folder(target)
    if folder.is_symlink() or not folder.is_dir():
        return []
    found: list[tuple[tuple[str, int, int], Path, datetime, str]] = []
    for path in folder.iterdir():
        match = ENTRY.match(path.stem)
        if match is None or path.suffix.lower() != target.suffix.lower() or not path.is_file():
            continue
        stamp, action, copy = match.groups()
        try:
            when = stamp_time(stamp)
            key = (stamp, int(copy or 1), path.stat().st_mtime_ns)
        except (ValueError, OSError):
            continue
        found.append((key, path, when, action))
    found.sort(key=lambda entry: entry[0], reverse=True)
    return [
        Version(number, path, when, action)
        for number, (_key, path, when, action) in enumerate(found, start=1)
    ]


@record(frozen=False)
class Staged:
    """A history entry written but not yet in place: ``temporary`` becomes ``entry`` when
    :meth:`put` is called; :meth:`undo` removes whatever it made (the folder too if it made
    it)."""

    temporary: Path | None
    entry: Path
    made_folder: bool
    placed: bool = False

    def put(self) -> Path:
        """The entry in place, its folder on the disk."""
        assert self.temporary is not None
        os.replace(self.temporary, self.entry)
        self.temporary, self.placed = None, True
        sync_folder(self.entry.parent)
        return self.entry

    def undo(self) -> None:
        """Remove the temporary file, the entry if placed, the folder if made (and empty)."""
        remove(self.temporary)
        if self.placed:
            remove(self.entry)
        if self.made_folder:
            with contextlib.suppress(OSError):
                os.rmdir(self.entry.parent)


def stage_version(target: Path, action: str, when: datetime | None = None) -> Staged:
    """Copy ``target`` to a temporary file in its history folder (made if missing), on the
    disk, to become the entry of the version before ``action`` (:meth:`Staged.put`). No
    symbolic link in the folder is followed; a failure leaves nothing made."""
    folder = history_folder(target)
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise FileProblem(
            _("{path}: its history {folder} is not a folder; nothing changed").format(
                path=target, folder=folder.name
            )
        )
    made = not folder.exists()
    folder.mkdir(exist_ok=True)
    label = UNSAFE.sub(" ", action).strip() or "save"
    stamp = (when or datetime.now()).strftime(STAMP)
    entry = folder / f"{stamp} {label}{target.suffix}"
    copy = 1
    while os.path.lexists(entry):
        copy += 1
        entry = folder / f"{stamp} {label} ({copy}){target.suffix}"
    staged = Staged(None, entry, made)
    try:
        staged.temporary = copy_to_temporary(target, entry)
    except BaseException:
        staged.undo()
        raise
    return staged


def keep_version(target: Path, action: str, when: datetime | None = None) -> Path:
    """Copy ``target`` into its history folder as the version before ``action``; prune the
    oldest beyond :data:`HISTORY_KEEP`. The copy is written to a temporary file and put in
    place whole; no symbolic link in the folder is followed. Returns the new entry."""
    staged = stage_version(target, action, when)
    try:
        entry = staged.put()
    except BaseException:
        staged.undo()
        raise
    prune(target)
    return entry


def prune(target: Path, keep: int | None = None) -> None:
    """Remove the versions older than the newest ``keep`` (:data:`HISTORY_KEEP`)."""
    for version in versions(target)[HISTORY_KEEP if keep is None else keep :]:
        with contextlib.suppress(OSError):
            version.path.unlink()
