"""The commands on other programs' files: ``gosheet import ROSTER|FILE.xml -o BOOK.xlsx`` and
``gosheet export BOOK.xlsx -o OUT.xml`` (or a results file: ``.h9``, ``.tou``, ``--format``),
through :mod:`gosheet.app.exchange`."""

from __future__ import annotations

import argparse

from gosheet.app.exchange import (
    export_opengotha,
    export_results,
    import_tournament,
    results_format,
)
from gosheet.app.messages import unnamed_note
from gosheet.frontends.cli.tournament import choices_from, say


def import_file(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet import``: an OpenGotha file, or else a roster."""
    made = import_tournament(
        args.roster,
        args.output,
        choices_from(args),
        encoding=args.encoding,
        until_round=args.until_round,
        replace=args.force,
    )
    say(made.message())
    if args.name is None:
        say(unnamed_note(made.settings))
    return 0


def export_file(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet export BOOK.xlsx -o OUT.xml`` (or a results file: .h9, .tou, --format)."""
    kind = results_format(args.output.name, getattr(args, "format", None))
    if kind is not None:
        exported = export_results(
            args.book,
            args.output,
            kind,
            drop_forfeits=getattr(args, "drop_forfeits", False),
            replace=args.force,
        )
    else:
        exported = export_opengotha(args.book, args.output, replace=args.force)
    say(exported.message())
    return 0
