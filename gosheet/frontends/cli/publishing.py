"""``gosheet print`` (the print pack, one PDF) and ``gosheet publish`` (the tournament's
pages, one folder): their options and handlers."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gosheet.app.printing import make_pack, pack_path
from gosheet.core.errors import FileProblem
from gosheet.formats.pack import WHAT
from gosheet.i18n.catalog import _


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The two commands' options."""
    pack = sub.add_parser(
        "print",
        help="one PDF for the wall and the tables: pairings by table and by name, result "
        "slips, standings, crosstable (default: of the last round paired)",
    )
    pack.add_argument("book", type=Path, metavar="BOOK.xlsx")
    pack.add_argument(
        "-o",
        "--output",
        type=Path,
        default=None,
        metavar="PACK.pdf",
        help="the PDF (default: BOOK.pack.pdf beside the workbook)",
    )
    pack.add_argument(
        "--round", type=int, default=None, metavar="N", help="the round (default: the last one)"
    )
    pack.add_argument(
        "--what",
        default=",".join(WHAT),
        metavar="PARTS",
        help="the parts, comma-separated: " + ",".join(WHAT) + " (default: all)",
    )
    site = sub.add_parser(
        "publish",
        help="the tournament's web pages, one folder: index, each round's pairings, "
        "standings, crosstable (no script; readable on a phone; printable)",
    )
    site.add_argument("book", type=Path, metavar="BOOK.xlsx")
    site.add_argument("-o", "--output", type=Path, required=True, metavar="SITE/")


def print_pack(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet print BOOK.xlsx [-o PACK.pdf] [--round N] [--what …]``."""
    what = tuple(w.strip().lower() for w in args.what.split(",") if w.strip())
    unknown = [w for w in what if w not in WHAT]
    if unknown or not what:
        parser.error(
            _("--what: {parts}; choose from {choices}").format(
                parts=", ".join(unknown) or _("nothing"), choices=", ".join(WHAT)
            )
        )
    from gosheet.workbook.xlsx import XlsxBook  # not when the parser is built (--help)

    tournament = XlsxBook.open(args.book).read().tournament
    printed = make_pack(tournament, args.round, what)
    target = args.output or pack_path(args.book)
    try:
        Path(target).write_bytes(printed.pdf)
    except OSError as error:
        raise FileProblem(
            _("{path}: cannot be written ({error})").format(path=target, error=error.strerror)
        ) from error
    print(
        _("Wrote {path}: round {number}, {parts}.").format(
            path=target, number=printed.round_number, parts=", ".join(what)
        ),
        file=sys.stdout,
    )
    return 0


def publish(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet publish BOOK.xlsx -o SITE/``."""
    from gosheet.formats.site import publish as write_site  # Jinja2, loaded only here
    from gosheet.workbook.xlsx import XlsxBook

    tournament = XlsxBook.open(args.book).read().tournament
    written = write_site(tournament, args.output)
    print(
        _("Wrote {count} pages in {folder}: open {index}.").format(
            count=len(written), folder=args.output, index=args.output / "index.html"
        ),
        file=sys.stdout,
    )
    return 0
