"""The workbook a command is given, found as the organiser means it: ``gosheet pair cup`` takes
``cup.xlsx`` (or ``cup.ods``, ``cup.xlsm``) beside it, and refuses naming both when two are
there; a roster or an OpenGotha file given to a command on a tournament workbook, or a roster
workbook without the tournament's sheets, is refused with the command that makes the
tournament from it (``gosheet import roster.csv -o roster.xlsx``) and then the one typed,
on that workbook. A misspelt command: the closest one (:func:`closest_command`)."""

from __future__ import annotations

import argparse
from collections.abc import Iterable
from pathlib import Path

from gosheet.core.errors import FileProblem, InputError
from gosheet.i18n.catalog import _

WORKBOOK_SUFFIXES = (".xlsx", ".ods", ".xlsm")
"""The suffixes a workbook without one is looked for with, in this order."""
ROSTER_SUFFIXES = (".csv", ".tsv", ".txt")  # an .xls: the workbook layer asks to save it anew
"""Rosters (``gosheet import`` reads them; ``.xlsx`` and ``.ods`` may be rosters too)."""
OPENGOTHA_SUFFIXES = (".xml",)

BOOK_COMMANDS = (
    "check",
    "pair",
    "standings",
    "simulate",
    "explain",
    "export",
    "rename",
    "history",
    "restore",
    "print",
    "publish",
)
"""The commands whose ``BOOK`` is a tournament workbook that exists (``new``, ``demo``,
``import -o`` write one; ``ratings fill`` and ``ratings add`` take one too)."""


def takes_a_workbook(args: argparse.Namespace) -> bool:
    """Whether the command of ``args`` reads the tournament workbook ``args.book``."""
    if getattr(args, "book", None) is None:
        return False
    if args.command == "ratings":
        return getattr(args, "ratings_command", "") in ("fill", "add")
    return args.command in BOOK_COMMANDS


def typed(args: argparse.Namespace) -> str:
    """The command as typed, for a suggestion: ``pair``, ``ratings fill``."""
    if args.command == "ratings":
        return f"ratings {args.ratings_command}"
    return str(args.command)


def find_workbook(book: Path, command: str) -> Path:
    """The workbook ``book`` names for ``gosheet COMMAND``: itself when it has a workbook's
    suffix; with no suffix, the one workbook of that name beside it; else
    :class:`~gosheet.core.errors.FileProblem` with the way out."""
    suffix = book.suffix.lower()
    if suffix in WORKBOOK_SUFFIXES:
        return book if book.exists() else another_suffix(book, command)
    if suffix in ROSTER_SUFFIXES or suffix in OPENGOTHA_SUFFIXES:
        raise FileProblem(not_a_workbook(book, command))
    if book.is_file():  # another suffix: the workbook layer says what to do
        return book
    found = [book.with_name(book.name + s) for s in WORKBOOK_SUFFIXES]  # "Noël.2026" too
    there = [path for path in found if path.is_file()]
    if len(there) == 1:
        return there[0]
    if suffix and not there:
        return book
    if there:
        raise FileProblem(
            _("{book}: {found} are there; name the one to use: 'gosheet {command} {first}'").format(
                book=book, found=listed(there), command=command, first=there[0]
            )
        )
    raise FileProblem(
        _(
            "{book}: no such workbook ({found}); a new tournament: 'gosheet new {target}', or "
            "from a roster: 'gosheet import ROSTER -o {target}'"
        ).format(book=book, found=listed(found), target=found[0])
    )


def another_suffix(book: Path, command: str) -> Path:
    """``cup.xlsx`` that is not there, when ``cup.ods`` (or ``cup.xlsm``) is: refused naming
    it; else ``book`` itself (the workbook layer says the file is missing)."""
    others = [book.with_suffix(s) for s in WORKBOOK_SUFFIXES if s != book.suffix.lower()]
    there = [path for path in others if path.is_file()]
    if not there:
        return book
    raise FileProblem(
        _("{book}: no such file; {found} is there: 'gosheet {command} {first}'").format(
            book=book, found=listed(there), command=command, first=there[0]
        )
    )


def listed(paths: Iterable[Path]) -> str:
    """``cup.xlsx, cup.ods``: the names, as typed beside the command."""
    return ", ".join(path.name for path in paths)


def not_a_workbook(source: Path, command: str) -> str:
    """What to do with a roster or an OpenGotha file given to ``gosheet COMMAND``: import it
    (into a workbook of its name), then run the command on that — or, when a workbook of that
    name is there already, run the command on it."""
    target = tournament_of(source)
    if target.is_file():
        return _(
            "{source} is not a tournament workbook; the workbook beside it: 'gosheet "
            "{command} {target}'"
        ).format(source=source, target=target, command=command)
    if source.suffix.lower() in OPENGOTHA_SUFFIXES:
        return _(
            "{source} is an OpenGotha file, not a tournament workbook: make the workbook "
            "from it with 'gosheet import {source} -o {target}', then 'gosheet {command} "
            "{target}'"
        ).format(source=source, target=target, command=command)
    return _(
        "{source} is a roster, not a tournament workbook: make the tournament from it with "
        "'gosheet import {source} -o {target}' (or start an empty one: 'gosheet new "
        "{target}'), then 'gosheet {command} {target}'"
    ).format(source=source, target=target, command=command)


def tournament_of(source: Path) -> Path:
    """The workbook ``gosheet import`` is told to make from ``source``: ``roster.csv`` →
    ``roster.xlsx``; a roster workbook ``roster.xlsx`` → ``roster-tournament.xlsx``."""
    if source.suffix.lower() in WORKBOOK_SUFFIXES:
        return source.with_name(f"{source.stem}-tournament.xlsx")
    return source.with_suffix(".xlsx")


def roster_given(error: InputError, book: Path, command: str) -> FileProblem | None:
    """A workbook without the Settings and Players sheets (a roster saved as a workbook, a
    registration sheet) refused with the way out, instead of its two missing sheets."""
    missing = _("the sheet is missing")
    lacks = {p.sheet for p in error.problems if not p.cell and p.message == missing}
    if not {"Settings", "Players"} <= lacks:
        return None
    return FileProblem(
        _(
            "{source} has no Settings nor Players sheet: it is not a tournament workbook. If "
            "it is a roster, make the tournament from it with 'gosheet import {source} -o "
            "{target}', then 'gosheet {command} {target}'"
        ).format(source=book, target=tournament_of(book), command=command)
    )


def closest_command(typed_word: str, commands: Iterable[str]) -> str | None:
    """The command a misspelt one is closest to (``pari`` → ``pair``), or None."""
    import difflib  # (only for a word that is no command)

    found = difflib.get_close_matches(typed_word.lower(), list(commands), n=1, cutoff=0.6)
    return found[0] if found else None
