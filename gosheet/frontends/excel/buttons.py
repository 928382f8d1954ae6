"""What the buttons of a gosheet ``.xlsm`` run, through xlwings' ``RunPython``.

Each button calls, in the workbook's own VBA project (xlwings' module)::

    RunPython("import gosheet.excel; gosheet.excel.pair()")

and each function here takes the calling workbook (``xw.Book.caller()``),
runs the action of :mod:`gosheet.app.actions` on it through
:class:`~gosheet.frontends.excel.xlwings_book.XlwingsBook`, and tells the organiser
what happened in a message box — a problem by its sheet and cell, never a
traceback. The action computes everything before anything is written, and
the writes are held back until it has succeeded: a failed action leaves the
workbook as it was. The workbook is not saved: the organiser saves it.

Each function may also be given a Book (tests, or a Python prompt with
``xw.Book("cup.xlsm")``) and returns the message it showed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from gosheet.app import actions, doors
from gosheet.app.crash import crash_report
from gosheet.app.merging import Merged, merge, read_copy
from gosheet.app.messages import explained, problem_list
from gosheet.app.outcomes import (
    Checked,
    Paired,
    Rewriting,
    Simulated,
    StandingsUpdated,
    rewritten,
)
from gosheet.app.printing import Printed, pack_path
from gosheet.core.errors import GosheetError, InputError, Problem
from gosheet.core.explain import Explanation
from gosheet.frontends.excel.template import CONTROL
from gosheet.frontends.excel.xlwings_book import (
    Deferred,
    XlwingsBook,
    clear_marks,
    listed_marks,
    mark_problems,
)
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current, ngettext
from gosheet.records import replace
from gosheet.workbook.port import BookPort
from gosheet.workbook.sheets import EXPLAIN, PLAYERS, STANDINGS, round_sheet_name
from gosheet.workbook.sheets.teams import TEAMS

if TYPE_CHECKING:
    import xlwings as xw

    from gosheet.app.boards import BoardsOrdered
    from gosheet.app.ratings import Filled
    from gosheet.app.starting import Started

T = TypeVar("T")

SHOWN_PROBLEMS = 12  # a message box holds about this many lines


def pair(book: xw.Book | None = None) -> str:
    """Button "Pair next round": the next round and the standings."""
    port = XlwingsBook(_caller(book))
    return _press("pair", port, actions.pair, _paired)


def standings(book: xw.Book | None = None) -> str:
    """Button "Update standings"."""
    port = XlwingsBook(_caller(book))
    return _press("standings", port, actions.update_standings, _standings)


def explain(book: xw.Book | None = None) -> str:
    """Button "Explain the last round": the ``Explain`` sheet — each game of the last
    round under every pairing criterion — and whether gosheet pairs it the same way
    now. The tournament itself is not changed."""
    port = XlwingsBook(_caller(book))
    return _press("explain", port, actions.explain, _explained)


def fill_ratings(book: xw.Book | None = None) -> str:
    """Button "Fill from rating list": the empty cells of Players (number, rank, rating,
    club, country) from the rating list cached by ``gosheet ratings fetch|import``; who
    was not found, or is ambiguous, is named with the closest candidates."""
    from gosheet.app.ratings import fill_ratings as fill

    port = XlwingsBook(_caller(book))
    return _press("fill_ratings", port, fill, _filled)


def order_boards(book: xw.Book | None = None) -> str:
    """Button "Order boards by rating": each line-up of the Teams sheet sorted by rating,
    board 1 the strongest."""
    from gosheet.app.boards import order_boards as order

    port = XlwingsBook(_caller(book))
    return _press("order_boards", port, order, _ordered)


def print_pack(book: xw.Book | None = None) -> str:
    """ "Print pack": the last round's pairing lists, result slips, standings and crosstable
    in one PDF beside the workbook (``cup.xlsm`` → ``cup.pack.pdf``); the message says where."""
    from gosheet.app.printing import print_pack as pack

    port = XlwingsBook(_caller(book))
    return _press("print_pack", port, pack, _write_pack)


def simulate(book: xw.Book | None = None) -> str:
    """Rehearsal: fill the last round's empty results (no button)."""
    port = XlwingsBook(_caller(book))
    return _press("simulate", port, actions.simulate, _simulated)


def check(book: xw.Book | None = None) -> str:
    """Button "Check the workbook": mark every bad cell, list every problem on
    the Control sheet; a clean check takes the old marks off."""
    port = XlwingsBook(_caller(book))
    done: Checked | None = None
    problems: list[Problem] = []
    try:
        grids = port.grids()
        previous = listed_marks(grids)
        try:
            done = actions.check(Deferred(port, grids))
        except InputError as error:
            problems = list(error.problems)
        with port.quiet():
            clear_marks(port, previous)
            mark_problems(port, problems)
    except Exception as error:  # a message, not a traceback
        return _tell(port, crash_report(error, _(doors.named("check").label)), critical=True)
    if done is None:
        port.activate(CONTROL)
        advice = _("marked in red and listed on the Control sheet")
        return _tell(port, problem_list(problems, advice, SHOWN_PROBLEMS), critical=True)
    return _tell(port, done.message() + _cleared(len(previous)) + _skipped(port))


def _shown(sheet: str) -> str:
    """One of gosheet's sheets by its name in the workbook's language (read by the action)."""
    return words.local(sheet, current(), words.SHEETS)


def _caller(book: xw.Book | None) -> xw.Book:
    if book is not None:
        return book
    import xlwings as xw

    return xw.Book.caller()


def new_tournament(book: xw.Book | None = None) -> str:
    """ "New tournament" (xlwings Lite's script; in an ``.xlsm``, the function alone): the
    Settings and Players of a new, empty tournament written into this workbook, from the
    choices typed on the Control sheet (:mod:`.choices`). A workbook that holds a tournament
    is refused (:func:`gosheet.app.starting.start_in`)."""
    from gosheet.app.starting import start_in
    from gosheet.frontends.excel.choices import chosen

    port = XlwingsBook(_caller(book))

    def start(pending: BookPort) -> Started:
        grids = pending.grids()
        at = 1 if CONTROL in grids else 0  # after the Control sheet
        return start_in(pending, chosen(grids.get(CONTROL)), at)

    return _press("new_tournament", port, start, _started)


def _started(port: XlwingsBook, done: Started) -> str:
    port.activate(_shown(PLAYERS))
    return done.message() + _skipped(port)


def merge_copies(book: xw.Book | None = None, copies: Sequence[str | Path] | None = None) -> str:
    """Button "Merge helpers' copies": the results typed in copies of the workbook (chosen
    in Excel's Open dialog, or given: a Python prompt, xlwings Lite's files, the tests) taken
    into it, and Standings rewritten (:mod:`gosheet.app.merging`)."""
    port = XlwingsBook(_caller(book))
    if copies is None:
        kinds = f"{_('Workbooks')} (*.xlsx;*.xlsm;*.ods),*.xlsx;*.xlsm;*.ods"
        copies = port.pick_files(_("Choose the helpers' copies of the workbook"), kinds)
        if copies is None:
            return _tell(port, _no_open_dialog(), critical=True)
        if not copies:
            return _tell(port, _("No copy chosen; nothing was changed."))
    chosen = [Path(copy) for copy in copies]
    name = Path(str(port.book.fullname)).name

    def merged(pending: BookPort) -> Merged:
        return merge(pending, [read_copy(copy) for copy in chosen], name)

    return _press("merge_copies", port, merged, _merged)


def _no_open_dialog() -> str:
    return _(
        "This Excel offers gosheet no Open dialog: run 'gosheet merge BOOK.xlsx COPY…' in a "
        "terminal, or, in xlwings Lite, drop the copies on Files → Import/Export first; "
        "nothing was changed."
    )


def _press(
    entry: str,
    port: XlwingsBook,
    act: Callable[[BookPort], T],
    then: Callable[[XlwingsBook, T], str],
) -> str:
    """Run ``act``, the use case of the button ``entry``, on the workbook, its writes held
    back until it has succeeded; ``then`` says what it did (and shows its sheet): the
    message shown."""
    action = doors.by_button(entry)
    pending = Deferred(port)
    try:
        done = act(pending)
    except InputError as error:
        advice = (
            _("nothing was changed")  # the problems are the copies': Check does not mark them
            if action.copies
            else _("nothing was changed. 'Check the workbook' marks them")
        )
        return _tell(
            port, problem_list(list(error.problems), advice, SHOWN_PROBLEMS), critical=True
        )
    except GosheetError as error:
        return _tell(port, _("Nothing was changed: {error}").format(error=error), critical=True)
    except Exception as error:
        return _tell(port, crash_report(error, _(action.label)), critical=True)
    try:
        pending.apply()
    except Exception as error:
        return _tell(
            port,
            _(
                "gosheet could not finish writing ({error}). Some sheets may be incomplete: "
                "close the workbook without saving and try again."
            ).format(error=f"{type(error).__name__}: {error}"),
            critical=True,
        )
    return _tell(port, then(port, done))


def _with_rewritten(done: Rewriting) -> str:
    return done.message() + ("\n" + rewritten(done) if done.changed_results else "")


def _paired(port: XlwingsBook, done: Paired) -> str:
    port.activate(_shown(round_sheet_name(done.pairing.round_number)))
    return _with_rewritten(done) + _skipped(port)


def _standings(port: XlwingsBook, done: StandingsUpdated) -> str:
    port.activate(_shown(STANDINGS))
    return _with_rewritten(done) + _skipped(port)


def _simulated(port: XlwingsBook, done: Simulated) -> str:
    return _with_rewritten(done) + _skipped(port)


def _explained(port: XlwingsBook, done: Explanation) -> str:
    port.activate(_shown(EXPLAIN))
    return explained(done) + _skipped(port)


def _filled(port: XlwingsBook, done: Filled) -> str:
    port.activate(_shown(PLAYERS))
    return done.message() + _skipped(port)


def _ordered(port: XlwingsBook, done: BoardsOrdered) -> str:
    port.activate(_shown(TEAMS))
    return done.message() + _skipped(port)


def _merged(port: XlwingsBook, done: Merged) -> str:
    port.activate(_shown(round_sheet_name(len(done.tournament.rounds))))
    return done.message() + _skipped(port)


def _write_pack(port: XlwingsBook, printed: Printed) -> str:
    """The PDF beside the workbook; a workbook never saved has no folder (its full name is
    only a name, ``Book1``, not a path): it is said."""
    fullname = Path(str(port.book.fullname))
    if not fullname.is_absolute() or not fullname.parent.is_dir():
        return _("Save the workbook first: the print pack is written beside it.")
    target = pack_path(fullname)
    try:
        target.write_bytes(printed.pdf)
    except OSError as error:
        return _("The print pack could not be written to {path} ({error}).").format(
            path=target, error=error.strerror
        )
    return replace(printed, path=target).message()


def _cleared(count: int) -> str:
    if not count:
        return ""
    return "\n" + ngettext(
        "The marks of the last check ({count}) were taken off.",
        "The marks of the last check ({count}) were taken off.",
        count,
    ).format(count=count)


def _skipped(port: XlwingsBook) -> str:
    if not port.skipped:
        return ""
    return "\n" + _("(Not available in this Excel: {features}.)").format(
        features=", ".join(sorted(_(feature) for feature in port.skipped))
    )


def _tell(port: XlwingsBook, message: str, critical: bool = False) -> str:
    with suppress(Exception):  # no message box (Excel busy …): the message is returned
        port.alert(message, critical)
    return message
