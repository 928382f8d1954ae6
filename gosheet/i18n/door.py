"""The door a message is shown in: the command line, LibreOffice, a gosheet ``.xlsm``, an
xlwings Lite workbook or the page in the browser.

Like the language of messages (:mod:`gosheet.i18n.catalog`), it says which words a message
takes: a message that sends the organiser to an action names it as that door offers it (a
command, a menu entry, a button, a script), never a command that door does not have. Each door
says which it is at its entry (:func:`entry`, once a door); the words themselves are the table
of actions' (:func:`gosheet.app.naming.how`). A message worded below the use cases (a problem
found while a workbook is read) asks only :func:`on_command_line`. Nothing entered: the command
line, as gosheet used as a library has always spoken.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

COMMAND_LINE = "command"
LIBREOFFICE = "libreoffice"
EXCEL = "excel"  # a gosheet .xlsm: xlwings' buttons, gosheet installed beside Excel
LITE = "lite"  # xlwings Lite: gosheet inside the workbook, nothing installed
PAGE = "page"  # the page in the browser
DOORS = (COMMAND_LINE, LIBREOFFICE, EXCEL, LITE, PAGE)

door: ContextVar[str] = ContextVar("door", default=COMMAND_LINE)
"""The door the messages of this moment are shown in."""

P = ParamSpec("P")
T = TypeVar("T")


def current_door() -> str:
    """The door the messages are shown in now."""
    return door.get()


def on_command_line() -> bool:
    """Whether the messages are shown on the command line (every command there)."""
    return door.get() == COMMAND_LINE


@contextmanager
def inside(name: str) -> Iterator[None]:
    """The messages of the block shown in the door ``name``; the door before it again after."""
    if name not in DOORS:
        raise ValueError(f"unknown door {name!r} (one of {', '.join(DOORS)})")
    token = door.set(name)
    try:
        yield
    finally:
        door.reset(token)


def entry(name: str) -> Callable[[Callable[P, T]], Callable[P, T]]:
    """A door's entry point: every message said while the decorated function runs is shown in
    the door ``name``."""

    def entered(function: Callable[P, T]) -> Callable[P, T]:
        @functools.wraps(function)
        def run(*args: P.args, **kwargs: P.kwargs) -> T:
            with inside(name):
                return function(*args, **kwargs)

        return run

    return entered
