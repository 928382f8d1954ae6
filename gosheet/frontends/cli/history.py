"""``gosheet history BOOK`` and ``gosheet restore BOOK N``: the earlier versions of a workbook
kept in ``NAME.history/``, and bringing one back, through :mod:`gosheet.app.history`."""

from __future__ import annotations

import argparse

from gosheet.app.history import earlier_versions
from gosheet.app.history import restore as restore_version
from gosheet.frontends.cli.tournament import say


def history(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet history BOOK.xlsx``: the earlier versions, newest first."""
    say(*earlier_versions(args.book).lines())
    return 0


def restore(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet restore BOOK.xlsx N``: version N of the history back in place; the version
    it replaces goes into the history first (``restore BOOK 1`` undoes it)."""
    say(restore_version(args.book, args.number).message())
    return 0
