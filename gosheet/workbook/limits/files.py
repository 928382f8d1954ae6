"""A file checked before it is opened: a regular file (a pipe, a folder or a device refused at
once), not larger than gosheet reads, and a workbook's name that says ``.xlsx``."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _

BOOK_SUFFIXES = (".xlsx", ".xlsm")


def regular_file(path: str | os.PathLike[str], what: str = "file") -> Path:
    """``path`` if it is a regular file (after links); a pipe, a folder, a device or a missing
    file is refused at once, never opened."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise FileProblem(_("{path}: no such file").format(path=path)) from None
    except OSError as error:
        raise FileProblem(
            _("{path}: cannot be read ({error})").format(path=path, error=error.strerror or error)
        ) from None
    if stat.S_ISDIR(mode):
        raise FileProblem(f"{path}: is a folder, not a {what}")
    if not stat.S_ISREG(mode):
        raise FileProblem(
            f"{path}: not a regular file (a pipe, socket or device); gosheet reads a {what} "
            "only from a file on disk"
        )
    return path


def check_size(path: Path, limit: int, what: str) -> None:
    """Refuse a file larger than ``limit`` bytes."""
    size = path.stat().st_size
    if size > limit:
        raise FileProblem(
            f"{path}: {size:,} bytes, more than gosheet reads in a {what} ({limit:,} bytes)"
        )


def book_target(path: str | os.PathLike[str]) -> Path:
    """``path`` if gosheet can write a workbook under its name (``.xlsx``; an ``.xlsm`` only
    from a macro-enabled template). Another extension would name another format."""
    path = Path(path)
    if path.suffix.lower() not in BOOK_SUFFIXES:
        right = path.with_suffix(".xlsx").name if path.suffix else f"{path.name}.xlsx"
        raise FileProblem(
            _(
                "{path}: gosheet writes a tournament workbook as .xlsx, not {suffix}; name it "
                "{right} (a macro-enabled .xlsm comes from 'gosheet excel-template'); nothing "
                "written"
            ).format(path=path, suffix=path.suffix or _("a file without an extension"), right=right)
        )
    return path
