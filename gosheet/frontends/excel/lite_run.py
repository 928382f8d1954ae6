"""What the scripts of a gosheet workbook for xlwings Lite run, inside Lite's Pyodide.

xlwings Lite (a free Excel add-in: Windows, macOS, Excel on the web) runs the workbook's
``main.py`` in Pyodide, WebAssembly Python, and hands each ``@script`` function the open
workbook as ``book: xw.Book`` — xlwings' remote Book, whose writes Lite carries out in
Excel when the script returns. The ``main.py`` that ``gosheet excel-template --lite``
writes (:mod:`gosheet.frontends.excel.lite`) calls :func:`run` with an action's name and
that Book, and :func:`run` presses the same button as a gosheet ``.xlsm``
(:mod:`gosheet.frontends.excel.buttons`): the same port, the same messages, the same
writes held back until the action has succeeded. Lite has no message box (xlwings' ``App.alert``
is not among what Lite carries out), so the button is handed the book without it
(:class:`WithoutAlerts`) and the message is printed instead: Lite shows what a script
prints in its output pane, under the editor.

"Merge helpers' copies" takes the copies from there too: every workbook (``.xlsx``,
``.xlsm``, ``.ods``) dropped on Files → Import/Export is a helper's copy.

"Fill from rating list" takes the list from Lite's own files: a rating list (EGD
``allworld_lp.html``, FFG ``echelle.txt``, AGA ``TDListN.txt``) dropped on xlwings Lite's
Files → Import/Export is under ``/data``; it is read into gosheet's rating cache (a folder
of Pyodide's memory file system) before the button runs.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from gosheet.app import doors
from gosheet.frontends.excel import buttons

if TYPE_CHECKING:
    import xlwings as xw

LITE_FILES = Path("/data")  # xlwings Lite's Files → Import/Export
LIST_SUFFIXES = (".html", ".htm", ".txt", ".csv")
ACTIONS = tuple(a.button.entry for a in doors.scripts() if a.button is not None)
"""The buttons Lite's scripts press, by their ``.xlsm`` function (the table of actions')."""
COPY_SUFFIXES = (".xlsx", ".xlsm", ".ods")


@doors.entry(doors.LITE)
def run(action: str, book: xw.Book, files: Path = LITE_FILES) -> str:
    """Press the button ``action`` (a name of :data:`ACTIONS`) on Lite's ``book``; the
    message shown, also printed."""
    if action not in ACTIONS:
        raise ValueError(f"not a gosheet action: {action}")
    message = BEFORE.get(action, press)(action, book, files)
    print(message)
    return message


class WithoutAlerts:
    """Lite's book whose ``app`` has no ``alert``: everything else is the book's own."""

    def __init__(self, book: Any) -> None:
        self._book = book

    def __getattr__(self, name: str) -> Any:
        return getattr(self._book, name)

    @property
    def app(self) -> _AppWithoutAlert:
        return _AppWithoutAlert(self._book.app)


class _AppWithoutAlert:
    def __init__(self, app: Any) -> None:
        self._app = app

    def __getattr__(self, name: str) -> Any:
        if name == "alert":
            raise AttributeError("xlwings Lite shows no alert: the message is printed")
        return getattr(self._app, name)


def press(action: str, book: xw.Book, files: Path) -> str:
    """The button pressed on Lite's book, with nothing of Lite's files."""
    pressed: str = getattr(buttons, action)(WithoutAlerts(book))
    return pressed


def rated(action: str, book: xw.Book, files: Path) -> str:
    """Fill from rating list: the lists among Lite's files stored first."""
    lists_from(files)
    return press(action, book, files)


def merged(action: str, book: xw.Book, files: Path) -> str:
    """Merge helpers' copies: the copies are Lite's files."""
    return merge_from(book, files)


def merge_from(book: xw.Book, files: Path) -> str:
    """Merge helpers' copies: every workbook in ``files`` (Lite's imported files) is a copy."""
    from gosheet.i18n.catalog import _

    try:
        copies = sorted(p for p in files.rglob("*") if p.suffix.lower() in COPY_SUFFIXES)
    except OSError:
        copies = []
    if not copies:
        return _(
            "No copy among xlwings Lite's files: drop the helpers' copies of the workbook on "
            "Files → Import/Export first; nothing was changed."
        )
    return buttons.merge_copies(cast("xw.Book", WithoutAlerts(book)), copies)


BEFORE = {"fill_ratings": rated, "merge_copies": merged}
"""The buttons that take Lite's files, by their ``.xlsm`` function (the others: :func:`press`)."""


def lists_from(files: Path) -> list[str]:
    """Every rating list in ``files`` (Lite's imported files) stored in gosheet's rating
    cache, a folder of the session's memory, unless ``GOSHEET_CACHE`` names another; the
    kinds stored. A file that is no rating list is left alone."""
    from gosheet.core.errors import GosheetError
    from gosheet.formats.ratings import cache

    os.environ.setdefault("GOSHEET_CACHE", str(Path(tempfile.gettempdir()) / "gosheet-ratings"))
    stored: list[str] = []
    try:
        found = sorted(p for p in files.rglob("*") if p.suffix.lower() in LIST_SUFFIXES)
    except OSError:
        return stored
    for path in found:
        try:
            stored.append(cache.store(path.read_bytes(), None, path.name).kind)
        except (GosheetError, OSError, ValueError):
            continue
    return stored
