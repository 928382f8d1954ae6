"""``gosheet rename BOOK.xlsx OLD NEW``: a player renamed everywhere (Players, every round
sheet, the Standings), through :func:`gosheet.app.actions.rename`."""

from __future__ import annotations

import argparse

from gosheet.app import actions
from gosheet.frontends.cli.tournament import saved_note, say
from gosheet.i18n.catalog import ngettext
from gosheet.workbook.xlsx import XlsxBook


def rename(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet rename BOOK.xlsx "Old Name" "New Name"``."""
    book = XlsxBook.open(args.book)
    done = actions.rename(book, args.old, args.new)
    saved = book.save()
    cells = done.renamed_cells
    say(
        ngettext(
            "Renamed '{old}' to '{new}' in the Players sheet and in {cells} cell(s) of the "
            "round sheets; Standings rewritten.",
            "Renamed '{old}' to '{new}' in the Players sheet and in {cells} cell(s) of the "
            "round sheets; Standings rewritten.",
            cells,
        ).format(old=args.old, new=args.new, cells=cells),
        saved_note(saved),
    )
    return 0
