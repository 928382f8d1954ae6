"""``gosheet rename BOOK.xlsx OLD NEW``: a player renamed everywhere (Players, every round
sheet, the Standings), through :func:`gosheet.app.workbooks.rename`."""

from __future__ import annotations

import argparse

from gosheet.app import workbooks
from gosheet.app.messages import saved_note
from gosheet.frontends.cli.tournament import saved_path, say


def rename(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet rename BOOK.xlsx "Old Name" "New Name"``."""
    edited = workbooks.rename(args.book, args.old, args.new)
    say(edited.done.message(args.old, args.new), saved_note(saved_path(edited)))
    return 0
