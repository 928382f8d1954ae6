"""The ``gosheet`` command: one handler per command (:data:`COMMANDS`).

Exit codes: 0 done; 1 problems in the workbook or roster (each listed with
its sheet and cell; nothing changed); 2 bad command line; 3 the action does
not fit the tournament's state (e.g. results missing, every round paired); 5 a file
cannot be read or written; 70 an unexpected error (a bug: one line, no traceback unless
GOSHEET_DEBUG=1; nothing written); 130 interrupted (Ctrl-C), nothing written.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence

from gosheet.app.crash import INTERNAL_ERROR, crash_report
from gosheet.app.files import OptionError
from gosheet.core.errors import GosheetError, InputError
from gosheet.frontends.cli import books
from gosheet.frontends.cli.parser import build_parser
from gosheet.i18n.catalog import _, use
from gosheet.i18n.door import COMMAND_LINE, entry

Handler = Callable[[argparse.ArgumentParser, argparse.Namespace], int]
COMMANDS: dict[str, tuple[str, str]] = {
    "ratings": ("ratings", "ratings"),
    "pair": ("tournament", "pair"),
    "standings": ("tournament", "standings"),
    "check": ("tournament", "check"),
    "explain": ("tournament", "explain"),
    "print": ("publishing", "print_pack"),
    "publish": ("publishing", "publish"),
    "merge": ("tournament", "merge"),
    "order-boards": ("tournament", "order_boards"),
    "export": ("opengotha", "export_file"),
    "simulate": ("demo", "simulate"),
    "new": ("tournament", "new"),
    "import": ("opengotha", "import_file"),
    "rename": ("rename", "rename"),
    "history": ("history", "history"),
    "restore": ("history", "restore"),
    "demo": ("demo", "demo"),
    "excel-template": ("offices", "excel"),
    "libreoffice": ("offices", "libreoffice"),
    "bridge": ("offices", "bridge"),
    "web-app": ("web", "web_app"),
}
"""Each command's handler: (module of this package, function), as the table of actions
(:mod:`gosheet.app.doors`, ``doors.commands()``) names them, in its order — written here so
that a command does not build that table (``tests/frontends/cli/test_startup.py`` holds the
two equal). A module is imported when its command runs, so that a command loads only what it
needs (``gosheet --help`` no pandas, ``gosheet check`` no matching library, none of them
reportlab but ``print``)."""


def handler(command: str) -> Handler:
    """The handler of ``command`` (its module imported now)."""
    module_name, function = COMMANDS[command]
    module = importlib.import_module(f"{__name__}.{module_name}")
    found: Handler = getattr(module, function)
    return found


@entry(COMMAND_LINE)
def run(argv: Sequence[str] | None = None) -> int:
    """Parse the command line and run its command's handler. A misspelt command is a usage
    error naming the closest one; the workbook a command is given is found as the organiser
    means it (:mod:`gosheet.frontends.cli.books`)."""
    use("en")  # until --language or the workbook's Language says otherwise
    words = sys.argv[1:] if argv is None else argv
    parser = build_parser(words[0] if words and words[0] in COMMANDS else None)
    misspelt(parser, words)
    args = parser.parse_args(argv)
    refuse_control_characters(parser, args, words)
    if getattr(args, "language", None):  # new, import, demo: their refusals in it too
        use(args.language)
    if books.takes_a_workbook(args):
        args.book = books.find_workbook(args.book, books.typed(args))
    warm = args.command == "pair" and warmed(args.book)  # (numpy imported meanwhile)
    try:
        return handler(args.command)(parser, args)
    except OptionError as error:  # an option that does not fit: a usage error (exit 2)
        parser.error(str(error))
    except InputError as error:
        if not books.takes_a_workbook(args):
            raise
        refused = books.roster_given(error, args.book, books.typed(args))
        if refused is None:
            raise
        raise refused from None
    finally:
        if warm:
            from gosheet import parallel

            parallel.finish()


def warmed(book: object) -> bool:
    """Whether a warm helper process pairs the round of ``book``
    (:func:`gosheet.parallel.warm_for_pair`: started by ``gosheet.__main__`` already, or
    now)."""
    from gosheet import parallel

    return parallel.warm_for_pair(str(book))


def refuse_control_characters(
    parser: argparse.ArgumentParser, args: argparse.Namespace, argv: Sequence[str]
) -> None:
    """An option's text holding a control character (``--name $'\\x1b[31m'``: it would land in
    the workbook, or colour the terminal): a usage error (exit 2) naming the option, before
    anything is written."""
    for dest, value in vars(args).items():
        if not isinstance(value, str) or value.isprintable():  # (no control character)
            continue
        from gosheet.workbook.sheets.reading import control_characters, pictured

        if (trouble := control_characters(value)) is None:
            continue
        option = "--" + dest.replace("_", "-")
        named = option if any(w == option or w.startswith(f"{option}=") for w in argv) else dest
        parser.error(f"'{named}': '{pictured(value)}': {trouble}")


def misspelt(parser: argparse.ArgumentParser, argv: Sequence[str]) -> None:
    """A first word that is no command but close to one (``pari``): a usage error (exit 2)
    saying which was meant."""
    word = next((w for w in argv if not w.startswith("-")), None)
    if word is None or word in COMMANDS or argv[0].startswith("-"):
        return
    closest = books.closest_command(word, COMMANDS)
    if closest is not None:
        parser.error(
            _("'{typed}' is not a gosheet command; did you mean 'gosheet {command}'?").format(
                typed=word, command=closest
            )
        )


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return run(argv)
    except GosheetError as error:
        print(f"gosheet: {error}", file=sys.stderr)
        return error.exit_code
    except BrokenPipeError:  # the reader went away (gosheet pair … | head): the work is saved
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("gosheet: " + _("interrupted, nothing written"), file=sys.stderr)
        return INTERRUPTED
    except Exception as error:  # a bug: one line, never a traceback
        if os.environ.get("GOSHEET_DEBUG") == "1":
            raise
        words = list(sys.argv[1:] if argv is None else argv)
        print(crash_report(error, words[0] if words else "gosheet"), file=sys.stderr)
        return INTERNAL_ERROR


INTERRUPTED = 130
