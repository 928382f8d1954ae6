"""``gosheet print`` (the print pack, one PDF) and ``gosheet publish`` (the tournament's
pages, one folder): their options and handlers, through :mod:`gosheet.app.printing` and
:mod:`gosheet.app.publishing`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

WHAT = (
    "pairings",
    "names",
    "matches",
    "slips",
    "team-standings",
    "standings",
    "team-crosstable",
    "crosstable",
)
"""The pack's parts, in order: :data:`gosheet.formats.pack.WHAT`, named here so that the
command line's parser loads no part of the pack (a test holds them equal)."""

URL_HELP = (
    "the address the published pages have (https://…): a QR code to the round's page on "
    "the pairing lists, and one to each player's page on the result slips"
)
SITE_URL_HELP = (
    "the address the pages will have (https://…): each round's page and the index carry a "
    "QR code of their own address"
)


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
        help="the parts, comma-separated: " + ",".join(WHAT) + " (default: all); or checkin "
        "alone: the check-in list (every player, a box to tick)",
    )
    pack.add_argument("--url", default=None, metavar="BASE", help=URL_HELP)
    site = sub.add_parser(
        "publish",
        help="the tournament's web pages, one folder: index, each round's pairings, "
        "standings, crosstable (no script; readable on a phone; printable)",
    )
    site.add_argument("book", type=Path, metavar="BOOK.xlsx")
    site.add_argument("-o", "--output", type=Path, required=True, metavar="SITE/")
    site.add_argument("--url", default=None, metavar="BASE", help=SITE_URL_HELP)


def print_pack(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet print BOOK.xlsx [-o PACK.pdf] [--round N] [--what …] [--url BASE]``."""
    from gosheet.app.printing import pack_path, parts_of, print_file

    what = parts_of(args.what)
    target = args.output or pack_path(args.book, what)
    printed = print_file(args.book, target, round_number=args.round, what=what, url=args.url)
    print(printed.written(), file=sys.stdout)
    return 0


def publish(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet publish BOOK.xlsx -o SITE/ [--url BASE]``."""
    from gosheet.app.publishing import publish as publish_pages

    published = publish_pages(args.book, args.output, url=args.url)
    print(published.message(), file=sys.stdout)
    return 0
