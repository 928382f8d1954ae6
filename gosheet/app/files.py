"""What the use cases on files share (:mod:`~gosheet.app.tournaments`,
:mod:`~gosheet.app.exchange`, :mod:`~gosheet.app.publishing`, :mod:`~gosheet.app.printing`):
a choice that does not fit (:class:`OptionError`), a file not to be replaced
(:func:`refuse_overwrite`), a source given as bytes put on disk for the readers
(:func:`on_disk`), and a new workbook saved to a file or handed back as bytes (:func:`saved`).

A front end that works on bytes (the page in the browser, Excel through xlwings Lite) gives
bytes and a file name, and gets the file's bytes back; the command line gives paths.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from gosheet.core.errors import FileProblem, GosheetError
from gosheet.i18n.catalog import _

if TYPE_CHECKING:  # the workbook's writer: imported by what makes a workbook
    from gosheet.workbook.books import Book

Source = Path | bytes
"""A file to read: its path, or its bytes (with a name for the messages)."""


class OptionError(GosheetError):
    """A choice that does not fit (a number out of range, an option for another kind of
    file): the command line shows it as a usage error (exit code 2)."""

    exit_code = 2


def refuse_overwrite(path: Path, replace: bool) -> None:
    """Refuse to write over ``path`` unless ``replace`` (the command line's ``--force``)."""
    if path.exists() and not replace:
        raise FileProblem(_("{path} exists already; use '--force' to replace it").format(path=path))


@contextmanager
def on_disk(source: Source, name: str) -> Iterator[Path]:
    """``source`` as a file on disk: its path, or its bytes written to a temporary file
    called ``name`` (removed afterwards)."""
    if not isinstance(source, bytes):
        yield Path(source)
        return
    import tempfile  # (a workbook given as bytes only: not at every command's start)

    with tempfile.TemporaryDirectory(prefix="gosheet-") as folder:
        path = Path(folder) / (Path(name).name or "file")
        path.write_bytes(source)
        yield path


def saved(book: Book, target: Path | None, name: str, action: str) -> tuple[Path, bytes | None]:
    """Save ``book`` as ``target`` (with ``action`` in its history): the path written.
    Without a target, into a temporary file called ``name``: ``name`` and the workbook's
    bytes."""
    if target is not None:
        return book.save(target, action=action), None
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gosheet-") as folder:
        path = book.save(Path(folder) / Path(name).name, backup=False, action=action)
        return Path(Path(name).name), path.read_bytes()
