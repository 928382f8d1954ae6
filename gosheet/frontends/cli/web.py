"""``gosheet web-app -o DIR``: the static folder that runs gosheet in the browser
(:mod:`gosheet.frontends.web`), its options and its handler."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The command's options."""
    web = sub.add_parser(
        "web-app",
        help="a folder to serve (a club's web space, or python3 -m http.server) whose page "
        "runs gosheet in the browser: pick a workbook, press Pair next round, get it back; "
        "nothing leaves the browser",
    )
    web.add_argument("-o", "--output", type=Path, required=True, metavar="DIR")
    web.add_argument(
        "--pyodide",
        type=Path,
        default=None,
        metavar="PYODIDE.tgz",
        help="npm's pyodide tarball (npm pack pyodide@VERSION) for a machine without the "
        "network (default: downloaded from npm once, then kept in ~/.cache/gosheet/)",
    )
    web.add_argument(
        "--force", action="store_true", help="write into DIR even if it holds other files"
    )


def web_app(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet web-app -o DIR [--pyodide PYODIDE.tgz] [--force]``."""
    from gosheet.frontends.web.build import build

    built = build(args.output, pyodide=args.pyodide, replace=args.force)
    print(built.message(), file=sys.stdout)
    return 0
