"""The JSON contract between an office suite's macro and the gosheet core.

A macro that cannot import gosheet (LibreOffice's Python, Excel's VBA) sends
the workbook's cell values and an action as JSON on standard input of
``gosheet bridge``; the answer on standard output lists what to write back:

request::

    {"action": "pair" | "standings" | "check" | "simulate" | "explain" | "fill_ratings"
               | "print_pack" | "publish" | "export_egf" | "export_ffg" | "export_opengotha"
               | "merge" | "new" | "import",
     "sheets": {"Settings": [[...], ...], "Players": [[...]], "Round 1": [[...]], ...},
     "name": "/cups/cup.ods",
     "copies": ["/mail/cup-anna.ods", "/mail/cup-ben.xlsx"]}

(``new`` and ``import`` make a new workbook, whatever the sheets: ``"choices": {"system",
"rounds", "language"}`` (each optional), and for ``import`` the roster's or OpenGotha file's
path, ``"roster"``; the answer holds one ``{"op": "file", "suffix": ".xlsx", "base64": …}``,
the new workbook, which the macro opens as a new document. ``name``, optional: the
workbook's file, which the messages of the files made beside it name; ``copies``, for
``merge`` only: the helpers' copies of the workbook, whose results are taken into it — ``set``
operations on the round sheets' result cells, and the Standings rendered:
:mod:`gosheet.app.merging`.)

answer::

    {"ok": true, "message": "Round 2 paired: 5 games",
     "operations": [
        {"op": "render", "sheet": "Round 2", "index": 3, "columns": [...], "rows": [[...]],
         "title": "...", "landscape": false, "fit_width": true, "blank_rows": 0,
         "notes": [{"row": 14, "first": 0, "last": 9}], "heights": {"16": 30},
         "title_columns": 0,
         "dropdown": {"column": 7, "values": ["1-0", ...], "rows": 5} | null},
        {"op": "set", "sheet": "Players", "cell": "G2", "value": 1},
        {"op": "rename", "sheet": "Round 1", "name": "Тур 1"}, ...]}

    {"ok": false, "message": "2 problems found …",
     "problems": [{"sheet": "Round 1", "cell": "H3", "value": "2-0", "message": "…"}]}

An action that fails writes nothing: the operations are only sent on success. ``rename``
operations come first, only when the workbook's ``Language`` setting has changed: gosheet's
sheets then take their names in the new language (the cells after them name the sheets by
their new names; :mod:`gosheet.workbook.sheets.language`).
A workbook in another language than English gets two more keys in every answer:
``"language"`` (``"ru"``, ``"fr"``, ``"ca"``: the language of the messages) and ``"words"``,
the macros' own texts in it (:data:`MACRO_WORDS`, English → translated), which the macros
show instead of their English ones; an English workbook's answer is exactly as above.
``explain`` explains the last round paired (an ``Explain`` sheet, the
tournament unchanged); its message says whether gosheet pairs that round the
same way now. ``fill_ratings`` fills the empty cells of Players from a cached rating
list (:func:`gosheet.app.ratings.fill_ratings`): ``set`` operations only. ``print_pack``
answers one ``{"op": "file", "suffix": ".pack.pdf", "base64": "…"}``: the print pack of
the last round (:mod:`gosheet.app.printing`), for the macro to write beside the workbook
(``cup.ods`` → ``cup.pack.pdf``) and say where. The files for other programs
(``export_egf``, ``export_ffg``, ``export_opengotha``) answer one
``file`` operation too (``.h9``, ``.tou``, ``.xml``: :mod:`gosheet.app.exchange`), and
``publish`` one for each page, ``{"op": "file", "suffix": ".site", "name": "index.html",
"base64": "…"}``: the pages go into the folder beside the workbook (``cup.site/``;
:mod:`gosheet.app.publishing`).
"""

from __future__ import annotations

import base64
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gosheet.app import actions, doors, printing
from gosheet.app.crash import INTERNAL_ERROR, crash_report
from gosheet.app.files import OptionError
from gosheet.app.messages import explained
from gosheet.app.tournaments import Choices, Made
from gosheet.core.errors import GosheetError, InputError
from gosheet.i18n.catalog import LANGUAGES, N_, _, current, use
from gosheet.records import asdict
from gosheet.workbook import limits
from gosheet.workbook.port import BookPort, CellValue, Grids, SheetRenamer
from gosheet.workbook.sheets import Column, Dropdown, Note, SheetData
from gosheet.workbook.sheets.layout import page_setup, row_heights

# What LibreOffice's macros say themselves (gosheet/frontends/libreoffice/macros/), word for
# word: they talk to gosheet only through this bridge, so their words come in the answer ("words").
# Their titles are the table of actions' words (gosheet.app.doors).
MACRO_WORDS = (
    *(action.label for action in doors.in_menu()),
    N_("Choose the helpers' copies of the workbook"),
    N_("Workbooks"),
    N_("No copy chosen; nothing was changed."),
    N_("gosheet refused the workbook."),
    N_("Cells marked in red: {count}; a comment at each says what is wrong."),
    N_("Done."),
    N_("Written to {path}."),
    N_("The print pack could not be written to {path} ({error})."),
    N_("{path} could not be written ({error})."),
    N_("  … and {count} more (Check the workbook marks them all)."),
    N_("{title} failed unexpectedly ({error}); nothing was changed."),
    N_("{title} failed while writing ({error})"),
)


def in_language(answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with the language of its messages and the macros' words in it, unless
    English (the macros' own words then)."""
    language = current()
    if language == "en":
        return answer
    return {**answer, "language": language, "words": {w: _(w) for w in MACRO_WORDS}}


class RecordingBook(BookPort, SheetRenamer):
    """A workbook port over cell values, recording what an action writes."""

    def __init__(self, sheets: Grids) -> None:
        self.sheets = sheets
        self.operations: list[dict[str, Any]] = []

    def grids(self) -> Grids:
        return self.sheets

    def render(self, data: SheetData, index: int | None = None) -> None:
        setup = page_setup(data)  # (the office suite prints it as the files say)
        self.operations.append(
            {
                "op": "render",
                "sheet": data.name,
                "index": index,
                "columns": [asdict(c) for c in data.columns],
                "rows": data.rows,
                "title": data.title,
                "landscape": setup.landscape,
                "fit_width": setup.fit_width,
                "blank_rows": data.blank_rows,
                "notes": [asdict(n) for n in data.notes],
                "heights": note_heights(data),
                "title_columns": data.title_columns,
                "dropdown": None if data.dropdown is None else asdict(data.dropdown),
            }
        )

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        self.operations.append({"op": "set", "sheet": sheet, "cell": cell, "value": value})

    def rename_sheet(self, old: str, new: str) -> None:
        self.operations.append({"op": "rename", "sheet": old, "name": new})


SITE_SUFFIX = ".site"
"""The pages' folder beside the workbook: ``cup.xlsx`` → ``cup.site/``."""


def encoded(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def publish_pages(sheets: Grids, name: str) -> tuple[str, list[dict[str, Any]]]:
    """ "Publish pages": the pages of the tournament, for the folder beside the workbook."""
    from gosheet.app.publishing import Published, site_pages  # Jinja2, loaded only here
    from gosheet.workbook.sheets.reader import read_book

    tournament = read_book(sheets).tournament
    folder = Path(name).with_suffix(SITE_SUFFIX) if name else None
    published = Published(tournament, site_pages(tournament), folder)
    files = [
        {"op": "file", "suffix": SITE_SUFFIX, "name": page, "base64": encoded(data)}
        for page, data in published.pages.items()
    ]
    return published.message(), files


def results_export(kind: str, suffix: str) -> Callable[[Grids, str], tuple[str, list[Any]]]:
    """An export of a rating body's results file (``egf``: ``.h9``, ``ffg``: ``.tou``)."""

    def made(sheets: Grids, name: str) -> tuple[str, list[dict[str, Any]]]:
        from gosheet.app.exchange import results_lines
        from gosheet.formats.results import results_file

        book = Path(name or "tournament.xlsx")
        path = book.with_suffix(suffix)
        written = results_file(sheets, kind, source=book.name)
        lines = results_lines(path, written, kind)
        return "\n".join(lines), [{"op": "file", "suffix": suffix, "base64": encoded(written.data)}]

    return made


def opengotha_export(sheets: Grids, name: str) -> tuple[str, list[dict[str, Any]]]:
    """ "Export to OpenGotha": the ``.xml`` file OpenGotha 3.5x opens."""
    from gosheet.app.exchange import opengotha_lines
    from gosheet.core.errors import Problem
    from gosheet.formats.opengotha import export
    from gosheet.formats.opengotha.xml import write_opengotha

    book = Path(name or "tournament.xlsx")
    path = book.with_suffix(".xml")
    notes: list[str] = []
    gosheet_only: list[str] = []
    og = export.to_opengotha(sheets, source=book.name, notes=notes, gosheet_only=gosheet_only)
    try:
        data = write_opengotha(og)
    except ValueError as error:
        raise InputError([Problem(book.name, "", None, str(error))]) from None
    lines = opengotha_lines(path, og, notes, gosheet_only)
    return "\n".join(lines), [{"op": "file", "suffix": ".xml", "base64": encoded(data)}]


def merge_copies(book: RecordingBook, copies: object, name: str) -> str:
    """ "Merge helpers' copies": the results typed in the copies (their paths) into the
    workbook's cells (``set`` operations) and its Standings; the message."""
    from gosheet.app.merging import merge, read_copy

    if not isinstance(copies, list) or not copies or not all(isinstance(c, str) for c in copies):
        raise OptionError(_("no copy given: choose the helpers' copies of the workbook"))
    read = [read_copy(Path(copy)) for copy in copies]
    return merge(book, read, Path(name).name or _("the workbook")).message()


Bridged = Callable[[RecordingBook, dict[str, Any]], str]
"""An action as the bridge runs it: its cells written to the book (operations), its files
added to the book's operations; its message."""


def on_files(made: Callable[[Grids, str], tuple[str, list[dict[str, Any]]]]) -> Bridged:
    """An action that makes files beside the workbook and changes none of its cells."""

    def run(book: RecordingBook, request: dict[str, Any]) -> str:
        message, files = made(book.grids(), str(request.get("name") or ""))
        book.operations.extend(files)
        return message

    return run


def pair(book: RecordingBook, request: dict[str, Any]) -> str:
    return actions.pair(book).message()


def standings(book: RecordingBook, request: dict[str, Any]) -> str:
    return actions.update_standings(book).message()


def check(book: RecordingBook, request: dict[str, Any]) -> str:
    return actions.check(book).message()


def simulate(book: RecordingBook, request: dict[str, Any]) -> str:
    return actions.simulate(book).message()


def explain(book: RecordingBook, request: dict[str, Any]) -> str:
    return explained(actions.explain(book))


def order_boards(book: RecordingBook, request: dict[str, Any]) -> str:
    from gosheet.app.boards import order_boards

    return order_boards(book).message()


def fill(book: RecordingBook, request: dict[str, Any]) -> str:
    from gosheet.app.ratings import fill_ratings

    return fill_ratings(book).message()


def print_pack(book: RecordingBook, request: dict[str, Any]) -> str:
    """The print pack, one ``file`` operation (the macro writes it beside the workbook)."""
    printed = printing.print_pack(book)
    book.operations.append(
        {"op": "file", "suffix": printing.SUFFIX, "base64": encoded(printed.pdf)}
    )
    return printed.message()


def merge(book: RecordingBook, request: dict[str, Any]) -> str:
    return merge_copies(book, request.get("copies"), str(request.get("name") or ""))


NEW_BOOK = "tournament.xlsx"
"""The name a new tournament's workbook has in the messages of ``new`` and ``import`` (the
macro opens it as a new, unsaved document and says that document's name instead)."""


def choices_of(request: dict[str, Any]) -> Choices:
    """The organiser's choices of a new tournament, ``{"system", "rounds", "language",
    "type"}`` of the request (each may be missing or null: gosheet's default)."""
    given = request.get("choices") or {}
    if not isinstance(given, dict):
        raise OptionError(_("a malformed request: {problem}").format(problem="'choices'"))
    system, rounds, language = (given.get(k) for k in ("system", "rounds", "language"))
    kind = given.get("type")
    if not all(v is None or isinstance(v, str) for v in (system, language, kind)):
        raise OptionError(_("a malformed request: {problem}").format(problem="'choices'"))
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)):
        raise OptionError(_("a malformed request: {problem}").format(problem="'rounds'"))
    if language:
        if language not in LANGUAGES:
            raise OptionError(_("a malformed request: {problem}").format(problem="'language'"))
        use(language)  # its messages in the new workbook's language
    return Choices(
        system=system or None, rounds=rounds, language=language or None, type=kind or None
    )


def made_book(book: RecordingBook, made: Made) -> str:
    """A new workbook as one ``file`` operation (its bytes, ``.xlsx``); its message in its
    language."""
    assert made.data is not None
    use(made.settings.language)
    book.operations.append({"op": "file", "suffix": ".xlsx", "base64": encoded(made.data)})
    return made.message()


def new(book: RecordingBook, request: dict[str, Any]) -> str:
    """New tournament: an empty tournament of the request's ``choices``."""
    from gosheet.app.tournaments import new_tournament

    return made_book(book, new_tournament(choices_of(request), None, name=NEW_BOOK))


def import_roster(book: RecordingBook, request: dict[str, Any]) -> str:
    """Import roster: the tournament of the roster or OpenGotha file at ``roster`` (a path)."""
    from gosheet.app.exchange import import_tournament

    roster = request.get("roster")
    if not isinstance(roster, str) or not roster:
        raise OptionError(_("a malformed request: {problem}").format(problem="'roster'"))
    made = import_tournament(Path(roster), None, choices_of(request), name=NEW_BOOK)
    return made_book(book, made)


BRIDGED: dict[str, Bridged] = {
    "new": new,
    "import": import_roster,
    "pair": pair,
    "standings": standings,
    "check": check,
    "simulate": simulate,
    "explain": explain,
    "fill_ratings": fill,
    "order_boards": order_boards,
    "print_pack": print_pack,
    "merge": merge,
    "publish": on_files(publish_pages),
    "export_egf": on_files(results_export("egf", ".h9")),
    "export_ffg": on_files(results_export("ffg", ".tou")),
    "export_opengotha": on_files(opengotha_export),
}
"""Each action of LibreOffice's menu (:func:`gosheet.app.doors.in_menu`), by its name in the
table of actions: its use case on the request's cells."""


@doors.entry(doors.LIBREOFFICE)  # the extension's macros, in process or by `gosheet bridge`
def handle(request: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Run one request; the answer and the exit code the command should give."""
    action = request.get("action")
    sheets = request.get("sheets")
    if not isinstance(action, str) or action not in BRIDGED:
        message = _("unknown action {action}").format(action=repr(action))
        return {"ok": False, "message": message, "problems": []}, 2
    shape = shape_problem(sheets)
    if shape:
        message = _("a malformed request: {problem}").format(problem=shape)
        return {"ok": False, "message": message, "problems": []}, 2
    assert isinstance(sheets, dict)
    book = RecordingBook({k: [list(r) for r in v] for k, v in sheets.items()})
    try:
        message = BRIDGED[action](book, request)
    except InputError as error:
        problems = [
            {
                "sheet": p.sheet,
                "cell": p.cell,
                "value": p.value,
                "message": p.message,
                "text": str(p),
            }
            for p in error.problems
        ]
        return {"ok": False, "message": str(error), "problems": problems}, error.exit_code
    except GosheetError as error:
        return {"ok": False, "message": str(error), "problems": []}, error.exit_code
    except Exception as error:  # a bug: the one crash report, never a traceback
        if os.environ.get("GOSHEET_DEBUG") == "1":
            raise
        report = crash_report(error, _(doors.named(action).label))
        return {"ok": False, "message": report, "problems": []}, INTERNAL_ERROR
    return {"ok": True, "message": message, "operations": book.operations}, 0


def shape_problem(sheets: object) -> str:
    """What is wrong with a request's ``sheets`` ('' when nothing is): a mapping of sheet
    names to lists of rows, each a list of texts, numbers, booleans or nulls, within the
    workbook's limits (:mod:`gosheet.workbook.limits`)."""
    if not isinstance(sheets, dict):
        return "'sheets' must map each sheet's name to its rows"
    if len(sheets) > limits.MAX_SHEETS:
        return f"more than {limits.MAX_SHEETS} sheets"
    cells = 0
    for name, rows in sheets.items():
        if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
            return f"sheet {name!r}: its value must be a list of rows, each a list of cells"
        if len(rows) > limits.MAX_ROWS:
            return f"sheet {name!r}: more than {limits.MAX_ROWS:,} rows"
        for number, row in enumerate(rows, start=1):
            if len(row) > limits.MAX_COLUMNS:
                return f"sheet {name!r}, row {number}: more than {limits.MAX_COLUMNS} cells"
            if not all(v is None or isinstance(v, str | int | float | bool) for v in row):
                return (
                    f"sheet {name!r}, row {number}: a cell is a list or an object; cells "
                    "hold texts, numbers, booleans or null"
                )
            cells += len(row)
        if cells > limits.MAX_CELLS:
            return f"more than {limits.MAX_CELLS:,} cells"
    return ""


def run(text: str) -> tuple[str, int]:
    """The JSON answer to a JSON request, and the exit code."""
    try:
        request = json.loads(text)
    except json.JSONDecodeError as error:
        return json.dumps({"ok": False, "message": f"not JSON: {error}", "problems": []}), 2
    if not isinstance(request, dict):
        return json.dumps({"ok": False, "message": "expected a JSON object", "problems": []}), 2
    answer, code = handle(request)
    return json.dumps(in_language(answer), ensure_ascii=False, default=str), code


def note_heights(data: SheetData) -> dict[str, int]:
    """The heights (points) of the rows of ``data``'s notes, by row number: Calc sizes the
    other rows itself, but no row of a merged cell."""
    noted = {n.row + 2 for n in data.notes}
    return {str(r): h for r, h in row_heights(data).items() if r in noted}


def sheet_data(operation: dict[str, Any]) -> SheetData:
    """The :class:`SheetData` of a ``render`` operation (undoes :meth:`RecordingBook.render`)."""
    dropdown = operation.get("dropdown")
    return SheetData(
        name=operation["sheet"],
        columns=tuple(Column(**c) for c in operation["columns"]),
        rows=[list(r) for r in operation["rows"]],
        title=operation.get("title", ""),
        landscape=bool(operation.get("landscape")),
        dropdown=None
        if dropdown is None
        else Dropdown(dropdown["column"], tuple(dropdown["values"]), dropdown["rows"]),
        blank_rows=int(operation.get("blank_rows", 0)),
        notes=tuple(Note(**n) for n in operation.get("notes") or ()),
        title_columns=int(operation.get("title_columns") or 0),
    )


def apply(book: BookPort, operations: list[dict[str, Any]]) -> None:
    """Carry out an answer's operations on a workbook port (what a macro does)."""
    for operation in operations:
        if operation["op"] == "render":
            book.render(sheet_data(operation), operation.get("index"))
        elif operation["op"] == "set":
            book.set_cell(operation["sheet"], operation["cell"], operation["value"])
        elif operation["op"] == "rename":
            if not isinstance(book, SheetRenamer):  # not every port can
                raise ValueError("this workbook port cannot rename sheets")
            book.rename_sheet(operation["sheet"], operation["name"])
        elif operation["op"] == "file":
            continue  # a file beside the workbook (print_pack): the macro's to write
        else:
            raise ValueError(f"unknown operation {operation['op']!r}")
