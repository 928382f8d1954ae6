"""``gosheet history BOOK`` and ``gosheet restore BOOK N``: the earlier versions of a workbook
kept in ``NAME.history/`` (:mod:`gosheet.workbook.history`), and bringing one back."""

from __future__ import annotations

import argparse
import zipfile
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.frontends.cli.tournament import say
from gosheet.i18n.catalog import _
from gosheet.workbook.atomic import replacing
from gosheet.workbook.history import HISTORY_KEEP, Version, history_folder, versions
from gosheet.workbook.locks import holding
from gosheet.workbook.xlsx import backup_path


def history(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet history BOOK.xlsx``: the earlier versions, newest first."""
    book: Path = args.book
    folder = history_folder(book)
    if not book.exists() and not folder.is_dir():
        raise FileProblem(_("{path}: no such file").format(path=book))
    found = versions(book)
    if not found:
        say(
            _(
                "{book}: no earlier version kept yet (each change keeps the version before it "
                "in {folder}/)."
            ).format(book=book, folder=folder.name)
        )
        return 0
    say(
        _("Earlier versions of {book}, newest first (in {folder}/, the last {keep} kept):").format(
            book=book.name, folder=folder.name, keep=HISTORY_KEEP
        )
    )
    for version in found:
        before = _("before {action}").format(action=version.action)
        say(f"  {version.number:>3}  {version.when:%Y-%m-%d %H:%M:%S}  {before}")
    say(
        _("'gosheet restore {book} N' brings version N back (and keeps the current one).").format(
            book=book
        )
    )
    return 0


def restore(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet restore BOOK.xlsx N``: version N of the history back in place; the version
    it replaces goes into the history first (``restore BOOK 1`` undoes it)."""
    book: Path = args.book
    with holding(book):
        found = versions(book)
        if not found:
            if not book.exists():
                raise FileProblem(_("{path}: no such file").format(path=book))
            parser.error(
                _("{book}: no earlier version is kept (see 'gosheet history {book}')").format(
                    book=book
                )
            )
        if not 1 <= args.number <= len(found):
            parser.error(
                _("{book}: no version {number}; 'gosheet history {book}' lists 1 to {last}").format(
                    book=book, number=args.number, last=len(found)
                )
            )
        version = found[args.number - 1]
        data = readable(version)
        with replacing(
            book, backup=backup_path(book.resolve()), history=f"restore {version.number}"
        ) as temporary:
            temporary.write_bytes(data)
    say(
        _(
            "Restored {name} as it was before {action} ({when}). The version it replaced is "
            "kept: 'gosheet restore {book} 1' brings it back."
        ).format(
            name=book.name,
            action=version.action,
            when=f"{version.when:%Y-%m-%d %H:%M:%S}",
            book=book,
        )
    )
    return 0


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
