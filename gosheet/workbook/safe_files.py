"""Files made without following a symbolic link and never over an existing file: the
temporary files of a save (``.NAME.PID.RANDOM.tmp``, which :func:`gosheet.workbook.atomic.
clean_stale` recognises) and copies put in place whole (the backup, the history)."""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path

NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
BINARY = getattr(os, "O_BINARY", 0)


def new_temporary(beside: Path) -> Path:
    """An empty new file ``.NAME.PID.RANDOM.tmp`` beside ``beside``, made without following
    a symbolic link and never over an existing file."""
    while True:
        path = beside.with_name(f".{beside.name}.{os.getpid()}.{secrets.token_hex(8)}.tmp")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NOFOLLOW | BINARY, 0o666)
        except FileExistsError:
            continue
        os.close(fd)
        return path


def copy_aside(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` (times kept) through a temporary file: a symbolic link at
    ``target`` is replaced, never written through."""
    temporary = new_temporary(target)
    try:
        fd = os.open(temporary, os.O_WRONLY | os.O_TRUNC | NOFOLLOW | BINARY)
        with open(source, "rb") as data, os.fdopen(fd, "wb") as out:
            shutil.copyfileobj(data, out)
        shutil.copystat(source, temporary)
        os.replace(temporary, target)
    finally:
        if os.path.lexists(temporary):
            os.unlink(temporary)
