"""The commands for the office suites: ``excel-template``, ``libreoffice install|build``
and ``bridge`` (the JSON bridge: LibreOffice's macros answer in their own Python, or call it
when the ``GOSHEET`` variable names a gosheet command)."""

from __future__ import annotations

import argparse
import sys

from gosheet.app.files import refuse_overwrite
from gosheet.frontends.cli.tournament import say
from gosheet.i18n.catalog import _

# Each handler imports its own front end: the bridge, run by every LibreOffice macro, neither
# the Excel maker (openpyxl) nor the extension's builder.


def excel(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet excel-template [SOURCE] OUT``."""
    from gosheet.frontends.excel import template as excel_template

    refuse_overwrite(args.out, args.force)
    saved = excel_template.convert(args.source, args.out)
    if saved.suffix.lower() == ".xlsm":
        wrote = _(
            "Wrote {path}: macro-enabled, buttons on the Control sheet; allow macros when "
            "Excel asks."
        )
    else:
        wrote = _("Wrote {path}: without macros.")
    say(wrote.format(path=saved))
    return 0


def libreoffice(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet libreoffice install [--profile DIR]`` / ``build [DIR]``."""
    from gosheet.frontends.libreoffice import build as lo_build

    if args.lo_command == "install":
        oxt = lo_build.install_extension(args.profile)
        say(
            _(
                "Installed {extension} into LibreOffice. Restart LibreOffice: Calc has a gosheet "
                "menu and toolbar; gosheet runs inside LibreOffice."
            ).format(extension=oxt)
        )
    else:
        say(_("Wrote {path}").format(path=lo_build.build_extension(args.out)))
    return 0


def bridge(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet bridge``: a JSON request on standard input, the answer on standard output."""
    from gosheet.app import bridge as json_bridge

    answer, code = json_bridge.run(sys.stdin.read())
    say(answer)
    return code
