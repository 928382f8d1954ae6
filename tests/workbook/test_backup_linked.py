"""The backup of a save is the version replaced under a second name (a hard link, issue 38:
no copy to write and sync), and stays that version: the workbook saved is a new file, the
history entry a copy of its own; where the file system has no hard links, it is copied as
before (gosheet/workbook/saving/safe_files.py, ``link_to_temporary``)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from gosheet.workbook.saving import safe_files
from gosheet.workbook.xlsx.book import XlsxBook


def saved_twice(book: Path) -> tuple[bytes, bytes]:
    """The workbook's bytes before a save and after it, saved with a changed cell."""
    before = book.read_bytes()
    with XlsxBook.editing(book) as opened:
        opened.set_cell("Settings", "D1", "changed")
        opened.save(action="test")
    return before, book.read_bytes()


def test_the_backup_is_the_version_replaced_and_no_other_file(open_book: Path) -> None:
    before, after = saved_twice(open_book)
    backup = open_book.with_name(f"{open_book.stem}.backup.xlsx")
    assert backup.read_bytes() == before != after
    (entry,) = (open_book.parent / f"{open_book.stem}.history").glob("*test.xlsx")
    inodes = {os.stat(p).st_ino for p in (open_book, backup, entry)}
    assert len(inodes) == 3  # three files: no name shares the workbook's or the entry's bytes
    assert os.stat(backup).st_nlink == 1
    open_book.write_bytes(b"written in place by another program")
    assert backup.read_bytes() == before  # (the backup is not the workbook's file)
    assert [p.name for p in open_book.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_without_hard_links_the_backup_is_copied(
    open_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EPERM, "hard links not supported here")

    monkeypatch.setattr(os, "link", refused)
    before, _after = saved_twice(open_book)
    assert open_book.with_name(f"{open_book.stem}.backup.xlsx").read_bytes() == before


def test_a_full_disk_at_the_link_is_said(open_book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """(a link takes a folder entry: a full disk there is a full disk, not a copy tried)"""

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "link", full)
    monkeypatch.setattr(safe_files, "copy_to_temporary", full)
    with pytest.raises(OSError) as raised:
        safe_files.link_to_temporary(open_book, open_book.with_name("x.backup.xlsx"))
    assert raised.value.errno == errno.ENOSPC
