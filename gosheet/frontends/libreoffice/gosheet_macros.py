"""gosheet's LibreOffice macros: the actions of the gosheet menu and toolbar.

This file runs inside LibreOffice's own Python, as ``python/gosheet_macros.py``
of the gosheet extension (``gosheet libreoffice install``). It imports the
standard library and ``uno`` only — never gosheet, which is usually installed
for another Python. Each action:

1. reads the used area of every sheet of the open workbook (numbers, text;
   an empty cell is ``None``);
2. sends them as JSON to ``gosheet bridge`` (the gosheet command, see
   :func:`gosheet_command`) and reads its answer (the contract is in
   ``gosheet/app/bridge.py``);
3. on success, writes the answer's operations into the open document — whole
   sheets (``render``) and single cells (``set``) — as one undoable step
   ("gosheet: Pair next round" in Edit ▸ Undo); on failure writes nothing and
   shows the problems, each with its sheet and cell — except Check the
   workbook, which marks each bad cell in red with a comment saying what is
   wrong (and takes the marks away once the workbook is clean).

The document is unchanged when anything fails: nothing is written unless
gosheet answered ``ok`` and the answer is understood (:func:`preflight`).
Then new sheets are built whole under temporary names and swapped in at the
end; every change to what was already there (a cell, a colour, a page style,
a comment) is journalled with how to take it back, and if any step fails the
journal is played backwards and the modified flag restored (:class:`Changes`).

Messages never show a traceback: every failure becomes one sentence, or the
list of problems gosheet found. The message box is modal; in headless mode
LibreOffice cancels dialogs at once, so it never blocks (and with the
environment variable ``GOSHEET_NO_DIALOGS=1`` none is shown). Every entry
point also returns its outcome as a JSON string — ``{"ok", "message",
"problems", "action"}`` — which a caller gets from
``XScript.invoke`` or as ``DispatchResultEvent.Result``: that is how the
tests read what the organiser would have seen.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import re
import shlex
import shutil
import subprocess
from typing import Any
from urllib.parse import urlparse
from urllib.request import url2pathname

TITLES = {
    "pair": "Pair next round",
    "standings": "Update standings",
    "check": "Check the workbook",
    "explain": "Explain the last round",
    "simulate": "Simulate results",
}
CONFIG_NAME = "gosheet.json"  # beside python/ in the extension: the recorded command
COMMAND_ENV = "GOSHEET"  # the gosheet command, overriding the recorded one
NO_DIALOGS_ENV = "GOSHEET_NO_DIALOGS"
TIMEOUT_SECONDS = 600
MARK_COLOR = 0xFFC7CE  # light red: a cell Check found wrong
MARKS_PROPERTY = "gosheet marks"  # user-defined document property: marked cells
NOTE_PREFIX = "gosheet: "
HEADER_COLOR = 0xDDE4EE
WIDTH_PER_CHARACTER = 247  # 1/100 mm per character of column width (as Calc reads .xlsx)
MAX_LISTED = 25  # problems listed in the message box
CELL_RE = re.compile(r"^\$?([A-Z]{1,3})\$?([1-9][0-9]{0,6})$")
FIX_COMMAND = (
    "Run `gosheet libreoffice install` again from the Python where gosheet is installed, "
    "or set the environment variable GOSHEET to the gosheet command before starting "
    "LibreOffice."
)


class Failure(Exception):
    """What went wrong, in words for the organiser (and the problems gosheet listed)."""

    def __init__(self, message: str, problems: list[dict[str, Any]] | None = None) -> None:
        super().__init__(message)
        self.problems = problems or []


# ------------------------------------------------------------------ entry points


def PairNextRound(*args: Any) -> str:
    """Pair the next round into ``Round N``, fill McMahon groups, rewrite Standings."""
    return run("pair", args)


def UpdateStandings(*args: Any) -> str:
    """Rewrite the Standings sheet from every round's results."""
    return run("standings", args)


def CheckWorkbook(*args: Any) -> str:
    """Check everything; mark each bad cell in red with a comment; clear old marks."""
    return run("check", args)


def ExplainRound(*args: Any) -> str:
    """Write the Explain sheet: each game of the last round under every pairing
    criterion, and whether gosheet pairs it the same way now."""
    return run("explain", args)


def SimulateResults(*args: Any) -> str:
    """Rehearsal: fill the current round's empty results from the players' strength."""
    return run("simulate", args)


g_exportedScripts = (PairNextRound, UpdateStandings, CheckWorkbook, ExplainRound, SimulateResults)


def run(action: str, args: tuple[Any, ...] = ()) -> str:
    """Run one action on the workbook the menu was used in; tell the organiser how it
    went; return the outcome as JSON."""
    title = TITLES[action]
    document = None
    try:
        document = find_document(args)
        outcome = perform(action, document)
    except Failure as failure:
        outcome = {"ok": False, "message": str(failure), "problems": failure.problems}
    except Exception as error:  # never a traceback in front of the organiser
        outcome = {
            "ok": False,
            "message": f"{title} failed unexpectedly ({describe(error)}); nothing was changed.",
            "problems": [],
        }
    outcome["action"] = action
    tell(document, title, outcome)
    return json.dumps(outcome, ensure_ascii=False)


def perform(action: str, document: Any) -> dict[str, Any]:
    title = TITLES[action]
    answer = call_gosheet(action, read_sheets(document))
    if not answer.get("ok"):
        problems = [p for p in answer.get("problems") or [] if isinstance(p, dict)]
        message = str(answer.get("message") or "gosheet refused the workbook.")
        if action == "check" and problems:
            with Changes(document, title) as changes:
                clear_marks(document, changes)
                marked = mark_problems(document, problems, changes)
            if marked:
                message += (
                    f"\n\n{marked} cell(s) are marked in red; a comment at each says what is wrong."
                )
        raise Failure(message, problems)
    operations = answer.get("operations")
    preflight(document, operations)
    assert isinstance(operations, list)
    with Changes(document, title) as changes:
        clear_marks(document, changes)
        apply_operations(document, operations, changes, action)
    return {"ok": True, "message": str(answer.get("message") or "Done."), "problems": []}


# ------------------------------------------------------------------ UNO helpers


def uno_module() -> Any:
    """The ``uno`` module (imported when needed, so that this file can be read and
    tested by a Python without LibreOffice)."""
    return importlib.import_module("uno")


def script_context() -> Any:
    """``XSCRIPTCONTEXT``, which LibreOffice puts into this module's globals."""
    return globals().get("XSCRIPTCONTEXT")


def describe(error: BaseException) -> str:
    text = str(getattr(error, "Message", "") or error).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(error).__name__}: {first}" if first else type(error).__name__


def is_spreadsheet(candidate: Any) -> bool:
    try:
        return bool(candidate.supportsService("com.sun.star.sheet.SpreadsheetDocument"))
    except Exception:
        return False


def find_document(args: tuple[Any, ...]) -> Any:
    """The workbook to act on: a spreadsheet passed as an argument, else the
    document the macro was called from (the current one)."""
    for candidate in args:
        if is_spreadsheet(candidate):
            return candidate
    context = script_context()
    document = context.getDocument() if context is not None else None
    if not is_spreadsheet(document):
        raise Failure(
            "Open a gosheet workbook (.xlsx or .ods) in LibreOffice Calc first, "
            "then use the gosheet menu."
        )
    return document


def cell_value(value: Any) -> Any:
    """A value read from Calc as gosheet expects it.

    >>> [cell_value(v) for v in (3.0, 2.5, "", "1-0")]
    [3, 2.5, None, '1-0']
    """
    if isinstance(value, float):
        return int(value) if value.is_integer() else value
    if value == "":
        return None
    return value


def read_sheets(document: Any) -> dict[str, list[list[Any]]]:
    """Every sheet's used area, row by row, from A1."""
    sheets = document.getSheets()
    grids: dict[str, list[list[Any]]] = {}
    for index in range(sheets.getCount()):
        sheet = sheets.getByIndex(index)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.getRangeAddress()
        area = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)
        grids[sheet.getName()] = [[cell_value(v) for v in row] for row in area.getDataArray()]
    return grids


# ------------------------------------------------------------ the gosheet command


def this_file() -> str | None:
    """This file's path (LibreOffice gives it as a ``file:`` URL)."""
    name = globals().get("__file__")
    if not isinstance(name, str):
        return None
    if name.startswith("file:"):
        return url2pathname(urlparse(name).path)
    return name


def recorded_command() -> list[str] | None:
    """The command recorded by ``gosheet libreoffice install`` in the extension."""
    here = this_file()
    if here is None:
        return None
    config = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(here))), CONFIG_NAME)
    try:
        with open(config, encoding="utf-8") as stream:
            command = json.load(stream).get("command")
    except (OSError, ValueError, AttributeError):
        return None
    if isinstance(command, list) and command and all(isinstance(c, str) for c in command):
        return command
    return None


def gosheet_command() -> list[str]:
    """How to run gosheet, first found of:

    1. the environment variable ``GOSHEET`` (a path, or a command line such as
       ``/opt/venv/bin/python -m gosheet``);
    2. the command recorded when the extension was built by
       ``gosheet libreoffice install`` (that Python with ``-m gosheet``), if it
       still exists;
    3. ``gosheet`` on the PATH, or in ``~/.local/bin``.
    """
    configured = os.environ.get(COMMAND_ENV, "").strip()
    if configured:
        if os.path.isfile(configured):
            return [configured]
        return shlex.split(configured, posix=os.name != "nt")
    recorded = recorded_command()
    if recorded and (os.path.isfile(recorded[0]) or shutil.which(recorded[0])):
        return recorded
    local_bin = os.path.join(os.path.expanduser("~"), ".local", "bin")
    for found in (shutil.which("gosheet"), shutil.which("gosheet", path=local_bin)):
        if found:
            return [found]
    where = f" (recorded: {' '.join(recorded)}, which no longer exists)" if recorded else ""
    raise Failure(f"The gosheet command was not found{where}. {FIX_COMMAND}")


def child_environment() -> dict[str, str]:
    """LibreOffice's environment without what belongs to its own Python."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONEXECUTABLE")
    }
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONUTF8"] = "1"
    return env


def call_gosheet(action: str, sheets: dict[str, list[list[Any]]]) -> dict[str, Any]:
    """``gosheet bridge``'s answer to the request (see ``gosheet/app/bridge.py``)."""
    command = gosheet_command()
    request = json.dumps({"action": action, "sheets": sheets}, ensure_ascii=False)
    options: dict[str, Any] = {}
    if os.name == "nt":
        options["creationflags"] = 0x08000000  # CREATE_NO_WINDOW: no console flashing
    try:
        done = subprocess.run(
            [*command, "bridge"],
            input=request.encode("utf-8"),
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
            env=child_environment(),
            check=False,
            **options,
        )
    except subprocess.TimeoutExpired:
        raise Failure(
            f"gosheet did not answer within {TIMEOUT_SECONDS // 60} minutes; nothing was changed."
        ) from None
    except OSError as error:
        raise Failure(
            f"The gosheet command could not be started ({' '.join(command)}: "
            f"{error.strerror or error}). {FIX_COMMAND}"
        ) from None
    text = done.stdout.decode("utf-8", "replace").strip()
    try:
        answer = json.loads(text)
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or "ok" not in answer:
        lines = [x.strip() for x in done.stderr.decode("utf-8", "replace").splitlines()]
        last = next((x for x in reversed(lines) if x), "no message")
        raise Failure(
            f"gosheet stopped without an answer (exit code {done.returncode}: {last}); "
            f"nothing was changed. Is it gosheet 0.1 or newer? {FIX_COMMAND}"
        )
    return answer


# ------------------------------------------------------------ checking an answer


def preflight(document: Any, operations: Any) -> None:
    """Refuse an answer this macro does not understand before writing anything."""
    names = set(document.getSheets().getElementNames())

    def wrong(what: str) -> Failure:
        return Failure(
            f"gosheet's answer is not understood ({what}); nothing was changed. "
            "Are gosheet and its LibreOffice extension the same version? " + FIX_COMMAND
        )

    if not isinstance(operations, list):
        raise wrong("no list of operations")
    for operation in operations:
        kind = operation.get("op") if isinstance(operation, dict) else None
        if kind == "render":
            columns, rows = operation.get("columns"), operation.get("rows")
            if not isinstance(operation.get("sheet"), str) or not operation["sheet"]:
                raise wrong("a sheet without a name")
            if not isinstance(columns, list) or not columns:
                raise wrong(f"sheet {operation['sheet']!r} without columns")
            if not all(isinstance(c, dict) and "header" in c for c in columns):
                raise wrong(f"sheet {operation['sheet']!r}: a column without a header")
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise wrong(f"sheet {operation['sheet']!r}: rows are not lists")
            names.add(operation["sheet"])
        elif kind == "set":
            sheet, cell = operation.get("sheet"), operation.get("cell")
            if sheet not in names:
                raise wrong(f"no sheet {sheet!r} to write in")
            if not isinstance(cell, str) or not CELL_RE.match(cell):
                raise wrong(f"{sheet}!{cell} is not a cell")
        else:
            raise wrong(f"unknown operation {kind!r}")


# --------------------------------------------------------- writing, undoably


class Changes:
    """One step of changes to a document: one entry in Edit ▸ Undo when it
    succeeds, taken back completely when it fails.

    Every change that touches what was already in the document registers how to
    take it back (:meth:`on_rollback`); sheets are written whole under
    temporary names and swapped in at the end (:func:`apply_operations`). On a
    failure the journal is played backwards, inside the same undo context, so
    that context's entry, if the organiser ever undoes it, changes nothing.
    (Calling ``XUndoManager.undo()`` instead would be simpler, but it crashes
    LibreOffice 7.4 when the document has no visible window, as in tests.)
    """

    def __init__(self, document: Any, title: str) -> None:
        self.document = document
        self.action_title = title
        self.title = f"gosheet: {title}"
        self.rollback_steps: list[Any] = []
        self.after_steps: list[Any] = []
        self.manager: Any = None
        self.modified = False

    def on_rollback(self, step: Any) -> None:
        self.rollback_steps.append(step)

    def afterwards(self, step: Any) -> None:
        """A step for after the changes succeeded and the view is unlocked."""
        self.after_steps.append(step)

    def set_property(self, target: Any, name: str, value: Any) -> None:
        old = target.getPropertyValue(name)
        target.setPropertyValue(name, value)
        self.on_rollback(lambda: target.setPropertyValue(name, old))

    def set_content(self, cell: Any, value: Any) -> None:
        """Write a value into a cell of the document as it was."""
        kind = cell.getType().value  # EMPTY, VALUE, TEXT, FORMULA
        if kind == "VALUE":
            old_value = cell.getValue()
            self.on_rollback(lambda: cell.setValue(old_value))
        elif kind == "TEXT":
            old_text = cell.getString()
            self.on_rollback(lambda: cell.setString(old_text))
        elif kind == "FORMULA":
            old_formula = cell.getFormula()
            self.on_rollback(lambda: cell.setFormula(old_formula))
        else:
            self.on_rollback(lambda: cell.setString(""))
        write_value(cell, value)

    def __enter__(self) -> Changes:
        self.manager = self.document.getUndoManager()
        self.modified = bool(self.document.isModified())
        self.document.lockControllers()
        self.manager.enterUndoContext(self.title)
        return self

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        failure = None
        if error is not None:
            failure = self.roll_back(error)
        try:
            self.manager.leaveUndoContext()
        finally:
            self.document.unlockControllers()
        if failure is not None:
            with contextlib.suppress(Exception):
                self.document.setModified(self.modified)
            raise failure from None
        for step in self.after_steps:
            with contextlib.suppress(Exception):  # the view only: the workbook is written
                step()

    def roll_back(self, error: BaseException) -> Failure:
        if isinstance(error, Failure):
            message = str(error)
        else:
            message = f"{self.action_title} failed while writing ({describe(error)})"
        try:
            for step in reversed(self.rollback_steps):
                step()
        except Exception as again:
            return Failure(
                f"{message}, and taking it back failed too ({describe(again)}): close the "
                "workbook without saving and open it again."
            )
        return Failure(f"{message}; the workbook was left as it was.")


def final_order(names: list[str], renders: list[tuple[str, int | None]]) -> list[str]:
    """The sheets' order once each ``(name, index)`` is rendered in turn, as gosheet's
    file adapter does it: a sheet replaced keeps its place unless an index is given;
    a new one goes to the index, or at the end.

    >>> final_order(["Settings", "Players", "Round 1", "Standings"], [("Round 2", 3),
    ...     ("Standings", None)])
    ['Settings', 'Players', 'Round 1', 'Round 2', 'Standings']
    """
    order = list(names)
    for name, index in renders:
        if name in order:
            position = order.index(name) if index is None else index
            order.remove(name)
        else:
            position = len(order) if index is None else index
        order.insert(max(0, min(position, len(order))), name)
    return order


def free_name(sheets: Any, base: str) -> str:
    number = 1
    while sheets.hasByName(f"{base} {number}"):
        number += 1
    return f"{base} {number}"


def remove_if_present(sheets: Any, name: str) -> None:
    if sheets.hasByName(name):
        sheets.removeByName(name)


def move_in_order(sheets: Any, order: list[str]) -> None:
    """Put the named sheets first, in this order (the others follow)."""
    for position, name in enumerate(order):
        if list(sheets.getElementNames()).index(name) != position:
            sheets.moveByName(name, position)


def apply_operations(
    document: Any, operations: list[dict[str, Any]], changes: Changes, action: str
) -> None:
    """Write an answer's operations.

    Each rendered sheet is built whole under a temporary name at the end of the
    workbook; cells are set as the operations come (in a sheet rendered earlier,
    in its new version). Only then are the sheets swapped: an old sheet is
    renamed aside, the new one takes its name, all are put in order, and the old
    ones are deleted last — so that up to that point, everything can be taken back.
    """
    sheets = document.getSheets()
    names = list(sheets.getElementNames())
    built: dict[str, Any] = {}  # sheet name → its new version (under a temporary name)
    renders: list[tuple[str, int | None]] = []
    last_set = None
    for operation in operations:
        if operation["op"] == "render":
            name = operation["sheet"]
            if name in built:  # rendered twice: the last one counts
                sheets.removeByName(built.pop(name).getName())
            temporary = free_name(sheets, "gosheet new")
            sheets.insertNewByName(temporary, sheets.getCount())
            changes.on_rollback(lambda t=temporary: remove_if_present(sheets, t))
            sheet = sheets.getByName(temporary)
            render_sheet(document, sheet, operation)
            set_up_page(document, sheet, name, operation, changes)
            built[name] = sheet
            index = operation.get("index")
            renders.append((name, None if index is None else int(index)))
        else:
            name = operation["sheet"]
            target = built[name] if name in built else sheets.getByName(name)
            changes.set_content(target.getCellRangeByName(operation["cell"]), operation["value"])
            last_set = operation["sheet"]

    original = list(sheets.getElementNames())
    changes.on_rollback(lambda: move_in_order(sheets, original))
    old_versions = []
    for name, sheet in built.items():
        if name in names:
            old = sheets.getByName(name)
            aside = free_name(sheets, "gosheet old")
            old.setName(aside)
            changes.on_rollback(lambda o=old, n=name: o.setName(n))
            old_versions.append(aside)
        temporary = sheet.getName()
        sheet.setName(name)
        changes.on_rollback(lambda s=sheet, t=temporary: s.setName(t))
    move_in_order(sheets, final_order(names, renders))
    for aside in old_versions:  # the only step that cannot be taken back: the last
        sheets.removeByName(aside)

    show = renders[0][0] if renders else None
    if action == "simulate" and last_set is not None:
        show = last_set
    rendered = [name for name, _index in renders]
    changes.afterwards(lambda: show_sheets(document, rendered, show))


def show_sheets(document: Any, frozen: list[str], show: str | None) -> None:
    """Freeze the header row of the sheets written (a setting of the view, made once
    the view is unlocked), and show the sheet the organiser wants to see next."""
    controller = document.getCurrentController()
    if controller is None or not hasattr(controller, "freezeAtPosition"):
        return
    sheets = document.getSheets()
    for name in frozen:
        if sheets.hasByName(name):
            controller.setActiveSheet(sheets.getByName(name))
            controller.freezeAtPosition(0, 1)
    if show is not None and sheets.hasByName(show):
        controller.setActiveSheet(sheets.getByName(show))


def to_calc(value: Any) -> Any:
    """A value for ``setDataArray``: numbers as floats, text as text, nothing as ''."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    if isinstance(value, (int, float)):
        return float(value)
    return str(value)


def number_format_key(document: Any, code: str) -> int:
    uno = uno_module()
    formats = document.getNumberFormats()
    locale = uno.createUnoStruct("com.sun.star.lang.Locale")
    key = formats.queryKey(code, locale, False)
    if key == -1:
        key = formats.addNew(code, locale)
    return int(key)


def render_sheet(document: Any, sheet: Any, operation: dict[str, Any]) -> None:
    """Fill a new, empty sheet: headers, rows, formats, widths, dropdown, print titles."""
    uno = uno_module()
    columns = operation["columns"]
    rows = operation["rows"]
    table = [[c["header"] for c in columns], *rows]
    width = max(len(r) for r in table)
    data = tuple(
        tuple(to_calc(row[i]) if i < len(row) else "" for i in range(width)) for row in table
    )
    sheet.getCellRangeByPosition(0, 0, width - 1, len(table) - 1).setDataArray(data)

    header = sheet.getCellRangeByPosition(0, 0, len(columns) - 1, 0)
    header.setPropertyValue("CharWeight", 150.0)  # com.sun.star.awt.FontWeight.BOLD
    header.setPropertyValue("CellBackColor", HEADER_COLOR)
    header.setPropertyValue("IsTextWrapped", True)
    header.setPropertyValue("VertJustify", 2)  # CellVertJustify2.CENTER
    line = uno.createUnoStruct("com.sun.star.table.BorderLine2")
    line.LineWidth = 26  # thin
    line.OuterLineWidth = 26
    header.setPropertyValue("BottomBorder", line)

    last = len(rows) + int(operation.get("blank_rows") or 0)  # last formatted row
    centre = uno.Enum("com.sun.star.table.CellHoriJustify", "CENTER")
    for i, column in enumerate(columns):
        sheet.getColumns().getByIndex(i).setPropertyValue(
            "Width", round(float(column.get("width") or 12) * WIDTH_PER_CHARACTER)
        )
        if last < 1:
            continue
        body = sheet.getCellRangeByPosition(i, 1, i, last)
        if column.get("number_format"):
            body.setPropertyValue(
                "NumberFormat", number_format_key(document, column["number_format"])
            )
        if column.get("wrap"):
            body.setPropertyValue("IsTextWrapped", True)
            body.setPropertyValue("VertJustify", 1)  # CellVertJustify2.TOP
        if column.get("centre"):
            body.setPropertyValue("HoriJustify", centre)
    sheet.getCellRangeByPosition(0, 0, width - 1, len(table) - 1).getRows().setPropertyValue(
        "OptimalHeight", True
    )

    dropdown = operation.get("dropdown")
    if isinstance(dropdown, dict) and int(dropdown.get("rows") or 0) > 0:
        target = sheet.getCellRangeByPosition(
            int(dropdown["column"]), 1, int(dropdown["column"]), int(dropdown["rows"])
        )
        validation = target.getPropertyValue("Validation")
        validation.setPropertyValue("Type", uno.Enum("com.sun.star.sheet.ValidationType", "LIST"))
        validation.setPropertyValue("ShowList", 1)  # TableValidationVisibility.UNSORTED
        validation.setPropertyValue("IgnoreBlankCells", True)
        validation.setPropertyValue("ShowErrorMessage", False)  # gosheet reads other spellings
        validation.setFormula1(
            ";".join('"' + str(v).replace('"', '""') + '"' for v in dropdown["values"])
        )
        target.setPropertyValue("Validation", validation)

    title_rows = uno.createUnoStruct("com.sun.star.table.CellRangeAddress")
    title_rows.Sheet = sheet.getRangeAddress().Sheet
    sheet.setTitleRows(title_rows)  # row 1 repeated on every printed page
    sheet.setPrintTitleRows(True)


def set_up_page(
    document: Any, sheet: Any, sheet_name: str, operation: dict[str, Any], changes: Changes
) -> None:
    """Orientation, fit to page width, the title in the page header, "page / pages"
    in the footer: a page style of the sheet's own (as Calc names them for .xlsx)."""
    styles = document.getStyleFamilies().getByName("PageStyles")
    name = f"PageStyle_{sheet_name}"
    if styles.hasByName(name):
        style = styles.getByName(name)
        saved = {
            p: style.getPropertyValue(p)
            for p in (
                "IsLandscape",
                "Size",
                "ScaleToPagesX",
                "ScaleToPagesY",
                "HeaderIsOn",
                "FooterIsOn",
                "RightPageHeaderContent",
                "RightPageFooterContent",
            )
        }

        def restore() -> None:
            for key, value in saved.items():
                style.setPropertyValue(key, value)

        changes.on_rollback(restore)
    else:
        style = document.createInstance("com.sun.star.style.PageStyle")
        styles.insertByName(name, style)
        changes.on_rollback(lambda: styles.removeByName(name))
    landscape = bool(operation.get("landscape"))
    size = style.getPropertyValue("Size")
    if (size.Width > size.Height) != landscape:
        size.Width, size.Height = size.Height, size.Width
    style.setPropertyValue("IsLandscape", landscape)
    style.setPropertyValue("Size", size)
    style.setPropertyValue("ScaleToPagesX", 1)
    style.setPropertyValue("ScaleToPagesY", 0)
    style.setPropertyValue("HeaderIsOn", True)
    style.setPropertyValue("FooterIsOn", True)
    header = style.getPropertyValue("RightPageHeaderContent")
    header.getLeftText().setString("")
    header.getRightText().setString("")
    text = header.getCenterText()
    text.setString(str(operation.get("title") or ""))
    black_text(text)
    style.setPropertyValue("RightPageHeaderContent", header)
    footer = style.getPropertyValue("RightPageFooterContent")
    footer.getLeftText().setString("")
    footer.getRightText().setString("")
    text = footer.getCenterText()
    text.setString("")
    cursor = text.createTextCursor()
    text.insertTextContent(
        cursor, document.createInstance("com.sun.star.text.TextField.PageNumber"), False
    )
    cursor.gotoEnd(False)
    text.insertString(cursor, " / ", False)
    cursor.gotoEnd(False)
    text.insertTextContent(
        cursor, document.createInstance("com.sun.star.text.TextField.PageCount"), False
    )
    black_text(text)
    style.setPropertyValue("RightPageFooterContent", footer)
    sheet.setPropertyValue("PageStyle", name)


def black_text(text: Any) -> None:
    """Black, not "automatic": Calc writes an automatic header colour to .xlsx as white."""
    cursor = text.createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    cursor.setPropertyValue("CharColor", 0)


def write_value(cell: Any, value: Any) -> None:
    if value is None:
        cell.setString("")
    elif isinstance(value, (bool, int, float)):
        cell.setValue(float(value))
    else:
        cell.setString(str(value))  # as text, never read as a formula or a date


# ------------------------------------------------------------------ marks


def user_properties(document: Any) -> Any:
    return document.getDocumentProperties().getUserDefinedProperties()


def clear_marks(document: Any, changes: Changes) -> None:
    """Take away the red of cells a previous Check marked (giving back their own
    background) and gosheet's comments."""
    properties = user_properties(document)
    sheets = document.getSheets()
    if properties.getPropertySetInfo().hasPropertyByName(MARKS_PROPERTY):
        saved = properties.getPropertyValue(MARKS_PROPERTY)
        try:
            marks = json.loads(saved)
        except (TypeError, ValueError):
            marks = []
        for mark in marks if isinstance(marks, list) else []:
            try:
                sheet_name, cell_name, color, transparent = mark
            except (TypeError, ValueError):
                continue
            if not sheets.hasByName(sheet_name) or not CELL_RE.match(str(cell_name)):
                continue
            cell = sheets.getByName(sheet_name).getCellRangeByName(cell_name)
            if cell.getPropertyValue("CellBackColor") != MARK_COLOR:
                continue  # recoloured by hand since: leave it
            changes.set_property(cell, "CellBackColor", int(color))
            changes.set_property(cell, "IsCellBackgroundTransparent", bool(transparent))
        properties.removeProperty(MARKS_PROPERTY)
        changes.on_rollback(lambda: properties.addProperty(MARKS_PROPERTY, 128, saved))
    for index in range(sheets.getCount()):
        notes = sheets.getByIndex(index).getAnnotations()
        for i in reversed(range(notes.getCount())):
            note = notes.getByIndex(i)
            text = note.getString()
            if text.startswith(NOTE_PREFIX):
                position = note.getPosition()
                notes.removeByIndex(i)
                changes.on_rollback(lambda n=notes, p=position, t=text: n.insertNew(p, t))


def remove_note(sheet: Any, position: Any) -> None:
    notes = sheet.getAnnotations()
    for i in range(notes.getCount()):
        where = notes.getByIndex(i).getPosition()
        if (where.Column, where.Row) == (position.Column, position.Row):
            notes.removeByIndex(i)
            return


def mark_problems(document: Any, problems: list[dict[str, Any]], changes: Changes) -> int:
    """Colour each cell with a problem and comment it; remember the colours it had."""
    sheets = document.getSheets()
    texts: dict[tuple[str, str], list[str]] = {}
    for problem in problems:
        sheet_name, cell_name = problem.get("sheet"), str(problem.get("cell") or "")
        if (
            isinstance(sheet_name, str)
            and sheets.hasByName(sheet_name)
            and CELL_RE.match(cell_name)
        ):
            message = str(problem.get("text") or problem.get("message") or "")
            texts.setdefault((sheet_name, cell_name), []).append(message)
    marks = []
    for (sheet_name, cell_name), lines in texts.items():
        sheet = sheets.getByName(sheet_name)
        cell = sheet.getCellRangeByName(cell_name)
        marks.append(
            [
                sheet_name,
                cell_name,
                int(cell.getPropertyValue("CellBackColor")),
                bool(cell.getPropertyValue("IsCellBackgroundTransparent")),
            ]
        )
        changes.set_property(cell, "IsCellBackgroundTransparent", False)
        changes.set_property(cell, "CellBackColor", MARK_COLOR)
        if not cell.getAnnotation().getString():  # the organiser's own comment stays
            position = cell.getCellAddress()
            sheet.getAnnotations().insertNew(position, NOTE_PREFIX + "\n".join(lines))
            changes.on_rollback(lambda s=sheet, p=position: remove_note(s, p))
    if marks:
        properties = user_properties(document)
        properties.addProperty(MARKS_PROPERTY, 128, json.dumps(marks, ensure_ascii=False))
        changes.on_rollback(lambda: properties.removeProperty(MARKS_PROPERTY))
    return len(marks)


# ------------------------------------------------------------------ telling


def message_text(outcome: dict[str, Any]) -> str:
    """The message box's text: gosheet's message, the problem list cut at
    :data:`MAX_LISTED` lines.

    >>> message_text({"ok": True, "message": "Standings updated."})
    'Standings updated.'
    """
    lines = str(outcome.get("message") or "").splitlines()
    if len(lines) > MAX_LISTED + 2:
        hidden = len(lines) - MAX_LISTED - 1
        lines = [
            *lines[: MAX_LISTED + 1],
            f"  … and {hidden} more (Check the workbook marks them all).",
        ]
    return "\n".join(lines)


def tell(document: Any, title: str, outcome: dict[str, Any]) -> None:
    """A message box over the document; never fails, never blocks a headless office."""
    if os.environ.get(NO_DIALOGS_ENV, "").strip() not in ("", "0"):
        return
    try:
        uno = uno_module()
        context = script_context()
        if context is None:
            return
        component = context.getComponentContext()
        toolkit = component.getServiceManager().createInstanceWithContext(
            "com.sun.star.awt.Toolkit", component
        )
        if document is not None and document.getCurrentController() is not None:
            parent = document.getCurrentController().getFrame().getContainerWindow()
        else:
            parent = toolkit.getDesktopWindow()
        if outcome.get("ok"):
            kind = "INFOBOX"
        else:
            kind = "WARNINGBOX" if outcome.get("problems") else "ERRORBOX"
        box = toolkit.createMessageBox(
            parent,
            uno.Enum("com.sun.star.awt.MessageBoxType", kind),
            1,  # MessageBoxButtons.BUTTONS_OK
            f"gosheet — {title}",
            message_text(outcome),
        )
        box.execute()
        box.dispose()
    except Exception:
        pass
