"""A workbook file opened by its suffix: ``.xlsx``/``.xlsm`` as an
:class:`~gosheet.workbook.xlsx.book.XlsxBook`, ``.ods`` as an
:class:`~gosheet.workbook.ods.book.OdsBook` — the same port, the same saving; any other
suffix refused with the way out (``.xls``: save it as ``.xlsx`` or ``.ods``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeAlias

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.workbook.limits.files import BOOK_SUFFIXES

if TYPE_CHECKING:
    from gosheet.workbook.ods.book import OdsBook
    from gosheet.workbook.xlsx.book import XlsxBook

Book: TypeAlias = "XlsxBook | OdsBook"
"""An open workbook file."""

SUFFIXES = (".xlsx", ".xlsm", ".ods")


def kind(path: Path) -> str:
    """``xlsx`` or ``ods`` by the file's suffix; :class:`FileProblem` for another."""
    suffix = path.suffix.lower()
    if suffix in BOOK_SUFFIXES:
        return "xlsx"
    if suffix == ".ods":
        return "ods"
    raise FileProblem(
        _(
            "{path}: gosheet reads a tournament workbook saved as .xlsx or .ods, not {suffix}; "
            "open it in LibreOffice or Excel and save it as .xlsx or .ods"
        ).format(path=path, suffix=suffix or _("a file without an extension"))
    )


def open_book(path: str | Path) -> Book:
    """The workbook at ``path``, opened by its suffix (nothing locked)."""
    path = Path(path)
    if kind(path) == "ods":
        from gosheet.workbook.ods.book import OdsBook

        return OdsBook.open(path)
    from gosheet.workbook.xlsx.book import XlsxBook

    return XlsxBook.open(path)


@contextmanager
def editing(path: str | Path) -> Iterator[Book]:
    """The workbook at ``path`` opened to change it, holding gosheet's lock until the block
    ends (:meth:`XlsxBook.editing <gosheet.workbook.xlsx.book.XlsxBook.editing>`)."""
    path = Path(path)
    if kind(path) == "ods":
        from gosheet.workbook.ods.book import OdsBook

        with OdsBook.editing(path) as ods:
            yield ods
        return
    from gosheet.workbook.xlsx.book import XlsxBook

    with XlsxBook.editing(path) as xlsx:
        yield xlsx
