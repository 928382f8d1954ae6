"""``gosheet ratings fetch|import|fill|add``: registration from the EGD, FFG and AGA rating
lists (gosheet/formats/ratings/, gosheet/app/ratings.py). Its options are defined here
(:func:`add_parser`), beside the handler."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _

KINDS = ("egd", "ffg", "aga")
"""The rating lists (:data:`gosheet.formats.ratings.lists.KINDS`, which a test holds equal):
named here so that building the parser loads no list reader."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    rat = sub.add_parser(
        "ratings",
        help="registration from a rating list (EGD, FFG, AGA): fetch or import the list, "
        "fill the Players sheet from it, add a player",
    )
    rsub = rat.add_subparsers(dest="ratings_command", required=True, metavar="ACTION")
    fet = rsub.add_parser("fetch", help="download a list from its official address")
    fet.add_argument("list", choices=KINDS)
    fet.add_argument("--url", default=None, help="another address (a mirror)")
    fet.add_argument("--timeout", type=float, default=30, help="seconds (30)")
    imp = rsub.add_parser("import", help="put a downloaded list file in gosheet's cache")
    imp.add_argument("file", type=Path, metavar="FILE")
    imp.add_argument("--list", choices=KINDS, default=None, help="(default: from its contents)")
    fil = rsub.add_parser("fill", help="fill the empty cells of Players from the list")
    fil.add_argument("book", type=Path, metavar="BOOK.xlsx")
    fil.add_argument("--list", choices=KINDS, default="egd", help="egd (default), ffg or aga")
    fil.add_argument("--overwrite", action="store_true", help="replace what is typed there")
    ad = rsub.add_parser("add", help="register one player of the list in Players")
    ad.add_argument("book", type=Path, metavar="BOOK.xlsx")
    ad.add_argument("name", nargs="?", default="", metavar="NAME", help="'Name Firstname'")
    ad.add_argument("--pin", default="", help="his EGD PIN (FFG licence, AGA ID)")
    ad.add_argument("--list", choices=KINDS, default="egd", help="egd (default), ffg or aga")


def _say(*lines: str) -> None:
    for line in lines:
        print(line, file=sys.stdout)


def ratings(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet ratings ACTION``: the handler of its ACTION (:data:`RATINGS_COMMANDS`)."""
    RATINGS_COMMANDS[args.ratings_command](parser, args)
    return 0


def fetch(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``gosheet ratings fetch LIST``."""
    # here, not with the parser every command builds: urllib, the workbook
    from gosheet.app.ratings import list_summary
    from gosheet.formats.ratings import cache

    stored = list_summary(cache.fetch(args.list, args.url, args.timeout))
    _say(_("Stored {list}").format(list=stored))


def import_list(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``gosheet ratings import FILE``."""
    from gosheet.app.ratings import list_summary
    from gosheet.formats.ratings import cache

    if not args.file.is_file():
        raise FileProblem(_("{path}: no such file").format(path=args.file))
    stored = list_summary(cache.store(args.file.read_bytes(), args.list, str(args.file)))
    _say(_("Stored {list}").format(list=stored))


def fill_players(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``gosheet ratings fill BOOK``: "Fill from rating list"."""
    from gosheet.app.ratings import fill, list_summary
    from gosheet.formats.ratings import cache
    from gosheet.formats.ratings.match import ListIndex
    from gosheet.workbook.books import editing
    from gosheet.workbook.sheets.language import InLanguage

    rating_list, cached = cache.load(args.list)
    index = ListIndex(rating_list)
    with editing(args.book) as book:
        report = fill(InLanguage(book), index, overwrite=args.overwrite)
        if report.cells:
            book.save(action="ratings fill")
        _say(_("From the {source}:").format(source=list_summary(cached)), *report.lines())


def add_player(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``gosheet ratings add BOOK NAME|--pin PIN``."""
    from gosheet.app.ratings import add, describe, list_summary
    from gosheet.formats.ratings import cache
    from gosheet.formats.ratings.match import ListIndex
    from gosheet.workbook.books import editing
    from gosheet.workbook.sheets.language import InLanguage

    if not (args.name or args.pin):
        parser.error(_("ratings add: give a name ('Name Firstname') or '--pin'"))
    rating_list, cached = cache.load(args.list)
    index = ListIndex(rating_list)
    with editing(args.book) as book:
        player = add(InLanguage(book), index, args.name, args.pin)
        book.save(action="ratings add")
        _say(
            _("Added {player} to Players (from the {source}).").format(
                player=describe(player), source=list_summary(cached)
            )
        )


RATINGS_COMMANDS = {"fetch": fetch, "import": import_list, "fill": fill_players, "add": add_player}
"""Each ``gosheet ratings`` ACTION's handler."""
