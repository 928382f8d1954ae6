"""The commands for the office suites: ``excel-template``, ``libreoffice install|build``
and ``bridge`` (the JSON bridge: LibreOffice's macros answer in their own Python, or call it
when the ``GOSHEET`` variable names a gosheet command)."""

from __future__ import annotations

import argparse
import sys

from gosheet.app.files import OptionError, refuse_overwrite
from gosheet.frontends.cli.tournament import say
from gosheet.i18n.catalog import _

# Each handler imports its own front end: the bridge, run by every LibreOffice macro, neither
# the Excel maker (openpyxl) nor the extension's builder.


def excel(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet excel-template [SOURCE] OUT``."""
    refuse_overwrite(args.out, args.force)
    if args.lite or args.wheel_url:
        return _excel_lite(parser, args)
    from gosheet.frontends.excel import template as excel_template

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


def _excel_lite(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``gosheet excel-template --lite [SOURCE] OUT.xlsx [--wheel-url URL]``."""
    from gosheet.frontends.excel import lite, lite_wheel

    if not args.lite:
        raise OptionError(_("'--wheel-url' goes with '--lite'"))
    saved = lite.write(args.source, args.out, args.wheel_url)
    wrote = _(
        "Wrote {path} for xlwings Lite: open it in Excel; the xlwings Lite pane lists "
        "gosheet's scripts (Excel offers to add the free add-in where it is missing)."
    ).format(path=saved)
    if args.wheel_url:
        wrote += "\n" + _("Put {wheel} at {url} (a web space that allows CORS).").format(
            wheel=saved.parent / lite_wheel.wheel_name(), url=args.wheel_url
        )
    say(wrote)
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
