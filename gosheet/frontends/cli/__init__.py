"""The ``gosheet`` command: one handler per command (:data:`COMMANDS`).

Exit codes: 0 done; 1 problems in the workbook or roster (each listed with
its sheet and cell; nothing changed); 2 bad command line; 3 the action does
not fit the tournament's state (e.g. results missing); 4 no valid pairing;
5 a file cannot be read or written.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from gosheet.core.errors import GosheetError
from gosheet.frontends.cli import demo, offices, opengotha, tournament
from gosheet.frontends.cli.parser import build_parser

Handler = Callable[[argparse.ArgumentParser, argparse.Namespace], int]
COMMANDS: dict[str, Handler] = {
    "new": tournament.new,
    "import": opengotha.import_file,
    "export": opengotha.export_file,
    "check": tournament.check,
    "pair": tournament.pair,
    "standings": tournament.standings,
    "simulate": demo.simulate,
    "explain": tournament.explain,
    "excel-template": offices.excel,
    "libreoffice": offices.libreoffice,
    "bridge": offices.bridge,
    "demo": demo.demo,
}


def run(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run its command's handler."""
    parser = build_parser()
    args = parser.parse_args(argv)
    return COMMANDS[args.command](parser, args)


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return run(argv)
    except GosheetError as error:
        print(f"gosheet: {error}", file=sys.stderr)
        return error.exit_code
    except BrokenPipeError:  # the reader went away (gosheet pair … | head): the work is saved
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
