"""The small taxonomy of errors gosheet raises.

Every problem with the input carries where it was found (sheet, cell) and the
value found there, so an organiser can fix a workbook in one pass; readers
collect all problems and raise them together in one :class:`InputError`.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from gosheet.i18n.catalog import ngettext
from gosheet.records import record


@record
class Problem:
    """One thing wrong with the input, and where.

    >>> str(Problem("Players", "C5", "3x", "not a rank (expected e.g. 3k, 2d, 1p)"))
    "Players!C5: '3x': not a rank (expected e.g. 3k, 2d, 1p)"
    """

    sheet: str
    cell: str
    value: object
    message: str

    def __str__(self) -> str:
        where = f"{self.sheet}!{self.cell}" if self.cell else self.sheet
        if self.value is None or self.value == "":
            return f"{where}: {self.message}"
        return f"{where}: {shown(self.value)!r}: {self.message}"


def shown(value: object) -> object:
    """A cell's value as a problem shows it: a date or time as it reads (``2026-01-02``,
    ``01:00:00``), not as Python writes it.

    >>> shown(datetime(2026, 1, 2)), shown(time(1, 0)), shown(datetime(2026, 1, 2, 9, 30)), shown(5)
    ('2026-01-02', '01:00:00', '2026-01-02 09:30:00', 5)
    """
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(" ")
    if isinstance(value, date | time):
        return value.isoformat()
    return str(value) if isinstance(value, timedelta) else value


class GosheetError(Exception):
    """Base class of the errors the command line reports without a traceback."""

    exit_code = 1


class InputError(GosheetError):
    """The workbook or roster has one or more problems; nothing was changed."""

    exit_code = 1

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]) -> None:
        self.problems = tuple(problems)
        count = len(self.problems)
        head = ngettext("{count} problem found", "{count} problems found", count).format(
            count=count
        )
        super().__init__("\n".join([head, *(f"  {p}" for p in self.problems)]))


class ConsistencyError(GosheetError):
    """The workbook is readable but the requested action does not fit its state
    (e.g. pairing while the previous round has empty results)."""

    exit_code = 3


class FileProblem(GosheetError):
    """A file cannot be read or written (missing, not a workbook, locked …)."""

    exit_code = 5
