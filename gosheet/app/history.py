"""The earlier versions of a workbook kept in ``NAME.history/``
(:mod:`gosheet.workbook.saving.history`): :func:`earlier_versions` lists them with the words to say,
:func:`restore` brings one back, keeping the version it replaces first (restoring version 1
then undoes it) — the command line's ``history`` and ``restore``."""

from __future__ import annotations

import zipfile
from pathlib import Path

from gosheet.app.files import OptionError
from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.records import record
from gosheet.workbook.saving.atomic import backup_path, replacing
from gosheet.workbook.saving.history import HISTORY_KEEP, Version, history_folder, versions
from gosheet.workbook.saving.locks import holding


@record
class Versions:
    """The earlier versions of ``book``, newest first, and the words that list them."""

    book: Path
    found: tuple[Version, ...]

    def lines(self) -> list[str]:
        folder = history_folder(self.book)
        if not self.found:
            return [
                _(
                    "{book}: no earlier version kept yet (each change keeps the version before "
                    "it in {folder}/)."
                ).format(book=self.book, folder=folder.name)
            ]
        lines = [
            _(
                "Earlier versions of {book}, newest first (in {folder}/, the last {keep} kept):"
            ).format(book=self.book.name, folder=folder.name, keep=HISTORY_KEEP)
        ]
        for version in self.found:
            before = _("before {action}").format(action=version.action)
            lines.append(f"  {version.number:>3}  {version.when:%Y-%m-%d %H:%M:%S}  {before}")
        lines.append(
            _(
                "'gosheet restore {book} N' brings version N back (and keeps the current one)."
            ).format(book=self.book)
        )
        return lines


def earlier_versions(book: Path) -> Versions:
    """The versions of ``book`` kept in its history folder, newest first."""
    if not book.exists() and not history_folder(book).is_dir():
        raise FileProblem(_("{path}: no such file").format(path=book))
    return Versions(book, tuple(versions(book)))


@record
class Restored:
    """The version brought back in place of ``book``."""

    book: Path
    version: Version

    def message(self) -> str:
        return _(
            "Restored {name} as it was before {action} ({when}). The version it replaced is "
            "kept: 'gosheet restore {book} 1' brings it back."
        ).format(
            name=self.book.name,
            action=self.version.action,
            when=f"{self.version.when:%Y-%m-%d %H:%M:%S}",
            book=self.book,
        )


def restore(book: Path, number: int) -> Restored:
    """Version ``number`` of the history (1: the newest) back in place of ``book``; the
    version it replaces goes into the history first. A number the history lacks raises
    :class:`~gosheet.app.files.OptionError`."""
    with holding(book):
        found = versions(book)
        if not found:
            if not book.exists():
                raise FileProblem(_("{path}: no such file").format(path=book))
            raise OptionError(
                _("{book}: no earlier version is kept (see 'gosheet history {book}')").format(
                    book=book
                )
            )
        if not 1 <= number <= len(found):
            raise OptionError(
                _("{book}: no version {number}; 'gosheet history {book}' lists 1 to {last}").format(
                    book=book, number=number, last=len(found)
                )
            )
        version = found[number - 1]
        data = readable(version)
        with replacing(
            book, backup=backup_path(book.resolve()), history=f"restore {version.number}"
        ) as temporary:
            temporary.write_bytes(data)
    return Restored(book, version)


def readable(version: Version) -> bytes:
    """The bytes of a kept version, if they are a whole workbook."""
    try:
        data = version.path.read_bytes()
        with zipfile.ZipFile(version.path) as archive:
            damaged = archive.testzip() is not None
    except (OSError, zipfile.BadZipFile) as error:
        raise FileProblem(
            _("{path}: cannot be read as a workbook ({error})").format(
                path=version.path, error=error
            )
        ) from error
    if damaged:
        raise FileProblem(_("{path}: damaged; nothing changed").format(path=version.path))
    return data
