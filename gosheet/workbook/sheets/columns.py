"""A sheet's columns as data: each column a reader takes is one :class:`Rule` (its header key,
how a cell is read, what a blank cell means, what the problem says), and
:meth:`RowReader.read_row` applies a table of rules to one row, telling every problem by its
cell.

A reader declares its sheet as a tuple of rules, in the order its problems are told, finds
the columns of the header row, then, row by row, picks the cells of its columns and hands
them to :meth:`RowReader.read_row`; what is left to the reader is what joins the columns (a player
twice, a bye row, a game from its cells).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import itemgetter
from typing import Any

from gosheet.i18n.catalog import _
from gosheet.records import record
from gosheet.workbook.sheets.reading import ProblemList, blank, no_saved_value
from gosheet.workbook.unseen import Unsaved

KEPT_LENGTH = 200  # longer texts are not kept (a few odd cells would hold much memory)

#: A cell's value as shown in a problem: the cell as typed (:class:`Refused` may say another).
AS_TYPED: Any = object()


#: A problem's message: its text to translate (marked with ``N_``), or what makes it (already
#: translated, with its values).
Message = str | Callable[[], str]


def said(message: Message) -> str:
    """The text of a problem's message, in the language of the moment."""
    return _(message) if isinstance(message, str) else message()


class Refused(ValueError):
    """A cell refused with its own message (already in the language of the moment), showing
    ``shown`` as the cell's value (the cell as typed unless given)."""

    def __init__(self, message: str, shown: Any = AS_TYPED) -> None:
        super().__init__(message)
        self.message = message
        self.shown = shown


@record
class Rule:
    """One column of a sheet, as its reader reads it.

    ``key``: the column's header key (canonical, English) and, unless ``to`` says another,
    the name its value goes to. ``read``: a cell that is not blank → its value; any of
    ``errors`` raised is the problem ``problem`` (a message to translate, marked with
    ``N_``; empty: the error's own text), showing the cell as typed, unless it is a
    :class:`Refused`. ``blank``: a blank cell's value. ``missing``: a blank cell is the
    problem ``missing`` (showing the blank cell if ``shows_blank``, else nothing) unless the
    row's value named ``unless`` (read before) is set; such a problem is told at the first
    of the columns ``key`` and ``also`` that the sheet has. ``stops``: a problem of this
    column leaves the rest of the row unread. ``check``: after a cell is read, its value → a
    problem (a translated message) or None; the value is kept either way. ``kept``: ``read``
    is pure, its answer for a text or a whole number may be kept (:meth:`RowReader.steps`).
    """

    key: str
    read: Callable[[Any], Any]
    problem: Message = ""
    blank: Any = None
    to: str = ""
    missing: Message = ""
    unless: str = ""
    shows_blank: bool = False
    also: tuple[str, ...] = ()
    stops: bool = False
    check: Callable[[Any], str | None] | None = None
    errors: tuple[type[Exception], ...] = (ValueError,)
    kept: bool = True

    def __post_init__(self) -> None:
        if not self.to:
            object.__setattr__(self, "to", self.key)


#: One rule as :meth:`RowReader.read_row` applies it: where its value goes, its read, the
#: answers kept by text (None: not kept), its check, the rule.
Step = tuple[
    str, Callable[[Any], Any], dict[Any, Any] | None, Callable[[Any], str | None] | None, Rule
]


class RowReader:
    """Reads the rows of one sheet by tables of :class:`Rule`: ``columns`` gives each header
    key's 0-based column, ``problems`` gets each problem with the sheet's name."""

    def __init__(self, sheet: str, columns: Mapping[str, int], problems: ProblemList) -> None:
        self.sheet = sheet
        self.columns = columns
        self.problems = problems

    def steps(self, rules: Iterable[Rule]) -> tuple[Step, ...]:
        """The ``rules`` ready to apply; the answers of those that are ``kept`` are kept for
        each text read by this reader (the same club, rank or result comes back in many
        rows)."""
        return tuple(
            (rule.to, rule.read, {} if rule.kept and rule.check is None else None, rule.check, rule)
            for rule in rules
        )

    def column(self, rule: Rule) -> int:
        """The column where a problem of ``rule`` is told."""
        for key in (rule.key, *rule.also):
            if key in self.columns:
                return self.columns[key]
        return 0

    def tell(self, r: int, rule: Rule, shown: Any, message: str) -> None:
        """A problem of the cell of ``rule`` in 0-based row ``r``."""
        self.problems.add(self.sheet, r, self.column(rule), shown, message)

    def refuse(self, r: int, rule: Rule, raw: Any, error: Exception) -> None:
        """Tell the problem of a cell ``rule.read`` refused with ``error``."""
        if isinstance(error, Refused):
            self.tell(r, rule, raw if error.shown is AS_TYPED else error.shown, error.message)
        else:
            self.tell(r, rule, raw, said(rule.problem) if rule.problem else str(error))

    def blank_cell(self, r: int, rule: Rule, raw: Any, into: dict[str, Any]) -> bool:
        """Put a blank cell's value ``into``, or tell that it is missing; False if the row is
        not read further."""
        if rule.missing and not (rule.unless and into.get(rule.unless) is not None):
            self.tell(r, rule, raw if rule.shows_blank else None, said(rule.missing))
            if rule.stops:
                return False
        into[rule.to] = rule.blank
        return True

    def read_row(
        self, steps: Sequence[Step], cells: Sequence[Any], r: int, into: dict[str, Any]
    ) -> dict[str, Any] | None:
        """``into``, with the values of ``cells`` (one per rule of ``steps``, see
        :meth:`steps`) by their rules' names; every problem told. None if a problem of a rule
        that ``stops`` left the row unread."""
        for (to, read, memo, check, rule), raw in zip(steps, cells):  # noqa: B905 (as long)
            kind = type(raw)
            if memo is not None and (kind is str or kind is int):
                value = memo.get(raw, _NEW)
                if value is not _NEW:
                    into[to] = value
                    continue
            if raw is None or (
                not raw.strip() if kind is str else kind not in _NUMBERS and blank(raw)
            ):
                if kind is Unsaved:  # (empty to the eye, but not known)
                    self.tell(r, rule, f"={raw.formula}", no_saved_value())
                    into[rule.to] = rule.blank
                    continue
                if self.blank_cell(r, rule, raw, into):
                    continue
                return None
            try:
                value = read(raw)
            except rule.errors as error:
                self.refuse(r, rule, raw, error)
                if rule.stops:
                    return None
                value = rule.blank
            else:
                if check is not None and (trouble := check(value)) is not None:
                    self.tell(r, rule, raw, trouble)
                elif memo is not None and (
                    kind is int or (kind is str and len(raw) <= KEPT_LENGTH)
                ):
                    memo[raw] = value  # (a whole number or a text: no two kinds equal)
            into[to] = value
        return into

    def picker(
        self, rules: Sequence[Rule], absent: int | None = None
    ) -> Callable[[Sequence[Any]], tuple[Any, ...]]:
        """What takes the cells of ``rules`` out of a row (long enough), as one tuple; a rule
        whose column the sheet lacks takes the cell at ``absent`` (an empty one)."""
        at = [
            self.columns[rule.key] if absent is None else self.columns.get(rule.key, absent)
            for rule in rules
        ]
        if len(at) == 1:
            only = at[0]
            return lambda cells: (cells[only],)
        if not at:
            return lambda cells: ()
        return itemgetter(*at)

    def present(self, rules: Sequence[Rule]) -> tuple[tuple[Rule, ...], dict[str, Any]]:
        """The ``rules`` to apply row by row (their column is in the sheet, or a blank cell of
        theirs is a problem), and the values of the others (always blank)."""
        kept = tuple(rule for rule in rules if rule.key in self.columns or rule.missing)
        left = {rule.to: rule.blank for rule in rules if rule not in kept}
        return kept, left


_NEW: Any = object()  # not read yet
_NUMBERS = frozenset({int, float, bool})  # kinds of cell never blank
