"""The ``gosheet`` command line: its commands, options and their help.

Each command's work is one handler (:data:`gosheet.frontends.cli.COMMANDS`); this module
only says what may be typed.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, cast

from gosheet.about import VERSION
from gosheet.core.fields import RULES
from gosheet.core.games import GAMES
from gosheet.core.kinds import System
from gosheet.core.teams.fields import TYPE_NAMES
from gosheet.frontends.cli.publishing import add_parser as publishing_parser
from gosheet.frontends.cli.ratings import add_parser as ratings_parser
from gosheet.frontends.cli.web import add_parser as web_parser
from gosheet.i18n.catalog import LANGUAGES

GOSHEET_SYSTEMS = tuple(s.value for s in System)  # --system (the registry's, not OpenGotha's)


def settings_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--system",
        choices=GOSHEET_SYSTEMS,
        default=None,
        help=f"pairing system: {', '.join(GOSHEET_SYSTEMS[:-1])} or {GOSHEET_SYSTEMS[-1]} "
        "(default: mcmahon for go, swiss otherwise)",
    )
    parser.add_argument(
        "--game",
        choices=GAMES,
        default="go",
        help="go (default), oware or other: the words of the sheets; handicap and komi for go",
    )
    parser.add_argument(
        "--rules",
        choices=RULES,
        default="gosheet",
        help="McMahon and Swiss pairing rules: gosheet (default) or opengotha (OpenGotha's "
        "McMahon and Swiss, with every OpenGotha parameter in the Settings sheet)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="number of rounds (default: 5; swiss: round(1.3·log2 N) for N players; "
        "roundrobin: N − 1, or N with an odd count)",
    )
    parser.add_argument("--komi", type=float, default=None, help="komi (default: 6.5)")
    parser.add_argument(
        "--groups",
        default=None,
        help="McMahon groups: a number, or ranks like '1d,5k' (default: 3)",
    )
    parser.add_argument(
        "--name",
        default=None,
        metavar="NAME",
        help="the tournament's name, printed on every sheet, the print pack and the pages "
        "(default: 'Go tournament', 'Oware tournament' … in the workbook's language; it can "
        "be changed later in the Settings sheet, row 'Tournament')",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="random seed of the lot (default: a new one, kept in the workbook)",
    )
    parser.add_argument("--template", default=None, help="a workbook to start from")
    parser.add_argument(
        "--type",
        choices=TYPE_NAMES,
        default=None,
        help="the tournament type: individual (default), teams, 'pair go' (a pair of a man "
        "and a woman plays each game; a Pair column in Players) or rengo (a team of 2 or 3 "
        "plays each game; a Team column)",
    )
    parser.add_argument(
        "--team-size",
        type=int,
        default=None,
        metavar="N",
        help="players in a team: teams 2–10 (default 4), rengo 2 or 3 (default 3)",
    )
    language_option(parser)
    parser.add_argument("--force", action="store_true", help="overwrite an existing file")


class _Unbuilt:
    """A command's parser not built: whatever its options, nothing is made."""

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: self


class _OneCommand(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The commands, of which only :attr:`only` gets its parser (all of them where None)."""

    only: str | None = None

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        if self.only is not None and name != self.only:
            return cast(argparse.ArgumentParser, _Unbuilt())
        made: argparse.ArgumentParser = super().add_parser(name, **kwargs)
        return made


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser. With ``only`` (a command typed first, as in ``gosheet pair
    cup.xlsx``), that command's parser alone is built: its parse, usage and help are the same,
    and the other commands' hundred options are not made at every start (issue 38)."""
    parser = argparse.ArgumentParser(
        prog="gosheet",
        description="Go and other board-game tournaments in a spreadsheet: McMahon, FUS and "
        "Swiss pairings, scores and standings.",
        epilog="Exit codes: 0 done, 1 problems in the input (nothing changed), 2 usage, "
        "3 action does not fit the tournament's state, "
        "5 file cannot be read or written.",
    )
    parser.add_argument(
        "--version", action="version", version=f"gosheet {VERSION}", help="show gosheet's version"
    )
    sub = cast(
        _OneCommand,
        parser.add_subparsers(dest="command", required=True, metavar="COMMAND", action=_OneCommand),
    )
    sub.only = only

    new = sub.add_parser("new", help="write an empty tournament workbook")
    new.add_argument("book", type=Path, metavar="BOOK.xlsx")
    settings_options(new)

    imp = sub.add_parser(
        "import",
        help="turn a roster (.csv/.xlsx), or an OpenGotha tournament file (.xml), into a "
        "tournament workbook",
    )
    imp.add_argument("roster", type=Path, metavar="ROSTER")
    imp.add_argument("-o", "--output", type=Path, required=True, metavar="BOOK.xlsx")
    imp.add_argument(
        "--encoding",
        default=None,
        help="encoding of a CSV roster, when the guess is wrong (e.g. cp1250)",
    )
    imp.add_argument(
        "--until-round",
        type=int,
        default=None,
        metavar="K",
        help="OpenGotha file: keep the games and byes of rounds 1 to K only (0: the players "
        "and settings alone), so that the next 'gosheet pair' makes round K+1",
    )
    settings_options(imp)

    exp = sub.add_parser(
        "export",
        help="write the tournament as an OpenGotha file (.xml) that OpenGotha 3.5x opens, "
        "or as a results file for a rating body: OUT.h9 (EGF), OUT.tou (FFG), --format aga",
    )
    exp.add_argument("book", type=Path, metavar="BOOK.xlsx")
    exp.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.xml")
    exp.add_argument("--force", action="store_true", help="overwrite an existing OUT.xml")
    exp.add_argument(
        "--format",
        choices=("egf", "ffg", "aga"),
        default=None,
        help="a results file for a rating body instead: egf (.h9, the default for .h9), ffg "
        "(.tou, the default for .tou) or aga (AGA results, e.g. -o OUT.txt)",
    )
    exp.add_argument(
        "--drop-forfeits",
        action="store_true",
        help="EGF file: write games not played (forfeits) as rounds not played (0=)",
    )

    for name, text in (
        ("pair", "pair the next round and update the standings"),
        ("standings", "recompute the Standings sheet"),
        ("check", "list every problem of a workbook, changing nothing"),
        (
            "order-boards",
            "team tournaments: sort each line-up of the Teams sheet by rating, board 1 the "
            "strongest (reserves and rounds as typed)",
        ),
    ):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("book", type=Path, metavar="BOOK.xlsx")
        if name == "pair":
            cmd.add_argument(
                "--again",
                action="store_true",
                help="pair the last round anew (e.g. after marking a no-show as not playing "
                "it) — only while none of its results is entered",
            )

    mrg = sub.add_parser(
        "merge",
        help="take the results helpers typed in copies of the workbook into it (a result "
        "typed differently in two places is refused, naming its cell; nothing changed)",
    )
    mrg.add_argument("book", type=Path, metavar="BOOK.xlsx")
    mrg.add_argument(
        "copies", type=Path, nargs="+", metavar="COPY", help="the helpers' copies (.xlsx, .ods)"
    )

    sim = sub.add_parser(
        "simulate",
        help="fill the current round's empty results from the players' strength; "
        "without a workbook, compare FUS and McMahon over many simulated tournaments",
    )
    sim.add_argument("book", type=Path, nargs="?", metavar="BOOK.xlsx")
    sim.add_argument("--tournaments", type=int, default=200, help="study: how many (200)")
    sim.add_argument("--players", type=int, default=40, help="study: players each (40)")
    sim.add_argument("--rounds", type=int, default=5, help="study: rounds each (5)")
    sim.add_argument("--seed", type=int, default=1, help="study: random seed (1)")
    sim.add_argument(
        "--rating-noise",
        type=float,
        default=150.0,
        help="study: spread of true strength around the rating, in rating points (150)",
    )

    why = sub.add_parser(
        "explain",
        help="why a round was paired so: each game's value under every pairing criterion, "
        "written in an Explain sheet (the tournament is not changed)",
    )
    why.add_argument("book", type=Path, metavar="BOOK.xlsx")
    why.add_argument(
        "--round", type=int, default=None, metavar="N", help="the round (default: the last one)"
    )

    ren = sub.add_parser(
        "rename",
        help="rename a player everywhere: Players, every round sheet, Standings (also after "
        "renaming him in Players by hand: the round sheets follow)",
    )
    ren.add_argument("book", type=Path, metavar="BOOK.xlsx")
    ren.add_argument("old", metavar="OLD", help="the name as the round sheets write it")
    ren.add_argument(
        "new",
        metavar="NEW",
        help="the new name, name then first name ('van der Berg, Jan': a comma splits them)",
    )

    hist = sub.add_parser(
        "history",
        help="list the earlier versions of a workbook, newest first: each change keeps the "
        "version before it in NAME.history/ (the last 50)",
    )
    hist.add_argument("book", type=Path, metavar="BOOK.xlsx")
    back = sub.add_parser(
        "restore",
        help="bring back version N of 'gosheet history' (the current version is kept in the "
        "history first: 'restore BOOK 1' undoes it)",
    )
    back.add_argument("book", type=Path, metavar="BOOK.xlsx")
    back.add_argument("number", type=int, metavar="N", help="the version's number in the list")

    exc = sub.add_parser(
        "excel-template",
        help="the macro-enabled Excel workbook (.xlsm, buttons Pair next round / Update "
        "standings / Check the workbook / Explain the last round) from a tournament .xlsx, or "
        "the macro-free .xlsx from an .xlsm; without SOURCE, a new empty tournament .xlsm",
    )
    exc.add_argument(
        "source",
        type=Path,
        nargs="?",
        metavar="SOURCE",
        help="the tournament to convert: .xlsx → .xlsm, .xlsm → .xlsx (.xlsm → .xlsm renews "
        "the macros)",
    )
    exc.add_argument("out", type=Path, metavar="OUT", help="OUT.xlsm or OUT.xlsx")
    exc.add_argument("--force", action="store_true", help="overwrite an existing OUT")
    exc.add_argument(
        "--lite",
        action="store_true",
        help="an .xlsx for xlwings Lite, the free Excel add-in (nothing else to install): "
        "scripts Pair next round, Update standings … and gosheet itself in the workbook",
    )
    exc.add_argument(
        "--wheel-url",
        metavar="URL",
        default=None,
        help="with --lite: install gosheet from this address (where you put the wheel "
        "written beside OUT) instead of from the workbook itself",
    )

    lo = sub.add_parser(
        "libreoffice", help="the LibreOffice extension: a gosheet menu and toolbar in Calc"
    )
    lo_sub = lo.add_subparsers(dest="lo_command", required=True, metavar="ACTION")
    inst = lo_sub.add_parser(
        "install",
        help="build gosheet.oxt and install it for this user (restart LibreOffice: Calc then "
        "has a gosheet menu and toolbar)",
    )
    inst.add_argument(
        "--profile",
        type=Path,
        default=None,
        metavar="DIR",
        help="install into this LibreOffice profile (-env:UserInstallation) instead of the "
        "user's own",
    )
    bld = lo_sub.add_parser(
        "build", help="only write gosheet.oxt (install it with Tools ▸ Extensions…)"
    )
    bld.add_argument("out", type=Path, nargs="?", default=Path("."), metavar="DIR")

    sub.add_parser(
        "bridge",
        help="for office-suite macros: a JSON request on standard input, the JSON answer "
        "on standard output (see gosheet/app/bridge.py)",
    )

    ratings_parser(sub)
    publishing_parser(sub)
    web_parser(sub)

    demo = sub.add_parser("demo", help="play a whole example tournament into a workbook")
    demo.add_argument("book", type=Path, metavar="OUT.xlsx")
    demo.add_argument("--rounds", type=int, default=5, help="number of rounds (default: 5)")
    demo.add_argument("--force", action="store_true", help="overwrite an existing file")
    language_option(demo)
    return parser


def language_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--language",
        choices=LANGUAGES,
        default=None,
        help="the workbook's language: its sheets, headers, settings and messages (en, ru, fr, "
        "ca; default: the roster's headers' language, else the system's, else en)",
    )
