"""The macro-enabled form of a tournament workbook (``.xlsm``) and back.

An ``.xlsm`` made by gosheet is the tournament workbook plus three things:

- xlwings' standalone VBA project (``xl/vbaProject.bin``, BSD licence, see
  ``templates/LICENSE-xlwings.txt``), whose ``RunPython`` starts Python;
- a ``Control`` sheet, first, with seven buttons — Fill from rating list, Pair
  next round, Update standings, Check the workbook, Explain the last round, Print
  pack, Merge helpers' copies — and
  below them the list of problems the last check found (from row 13, where every
  gosheet ``.xlsm`` has it);
- a ``_xlwings.conf`` sheet, last: xlwings' optional per-workbook settings
  (rename it to ``xlwings.conf`` to pin the Python interpreter).

The VBA project is xlwings' compiled binary, to which no Sub can be added
(VBA keeps compiled p-code next to compressed source). Each button therefore
calls ``RunPython`` itself with its argument, the form Excel stores for a
macro with arguments (``<x:FmlaMacro>'Macro("arg")'</x:FmlaMacro>``)::

    'RunPython("import gosheet.excel; gosheet.excel.pair()")'

The buttons and the VBA project are taken from ``templates/tournament.xlsm``
(built by ``templates/build_xlsm.py``); when xlwings is installed, the VBA
project is xlwings' own, so that its version always matches the xlwings DLL
that ``RunPython`` loads. Nothing here imports xlwings.

Every write goes to a temporary file that is checked — an ``.xlsm`` must
carry its VBA project, its content type and the buttons' macros; an
``.xlsx`` must carry none of them — before it replaces the target.
"""

from __future__ import annotations

import importlib.util
import secrets
import zipfile
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import TypeVar
from xml.etree import ElementTree

from openpyxl import Workbook, load_workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils.exceptions import InvalidFileException
from openpyxl.worksheet.worksheet import Worksheet

from gosheet.app import doors
from gosheet.core.errors import FileProblem
from gosheet.core.settings import Settings
from gosheet.records import record
from gosheet.workbook.saving.atomic import replacing
from gosheet.workbook.template import bundled_template, new_book
from gosheet.workbook.xlsx.parts.package import (
    CONTENT_TYPES,
    WORKBOOK,
    content_types_in,
    relationships_in,
    rels_name,
    sheets_in,
)
from gosheet.workbook.xlsx.parts.spans import Unsupported

XLSM_TEMPLATE = "tournament.xlsm"
CONTROL = "Control"
XLWINGS_CONF = "_xlwings.conf"  # xlwings reads "xlwings.conf"; the underscore keeps it off
CONF_NAMES = (XLWINGS_CONF, "xlwings.conf")
VBA_PART = "xl/vbaProject.bin"
OLE_MAGIC = bytes.fromhex("D0CF11E0A1B11AE1")
MACRO_WORKBOOK_TYPE = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
VBA_TYPE = "application/vnd.ms-office.vbaProject"
VBA_RELATION = "http://schemas.microsoft.com/office/2006/relationships/vbaProject"
# The VBA project's document modules: ThisWorkbook, Sheet1 (Control), Sheet2 (conf)
CODE_NAMES = {CONTROL: "Sheet1", XLWINGS_CONF: "Sheet2"}

# Control sheet layout, 1-based rows (the buttons' drawing is anchored to these rows)
CONTROL_WIDTHS = {"A": 30.0, "B": 90.0, "C": 16.0}
BUTTON_ROW_HEIGHT = 30.0  # points
NOTE_ROW = 10  # the same from a terminal (below the last button, row 9)
PROBLEM_TITLE_ROW = 11
# "Where", "Problem", "Marked"; the list starts below. Fixed: the .xlsm files made before
# have their list there, and a check takes the old marks off from there.
PROBLEM_HEADER_ROW = 12
PROBLEM_HEADERS = ("Where", "Problem", "Marked")


@record
class Button:
    caption: str
    entry: str  # function of gosheet.excel
    row: int  # 1-based row of the Control sheet
    explanation: str

    @property
    def python(self) -> str:
        return f"import gosheet.excel; gosheet.excel.{self.entry}()"

    @property
    def macro(self) -> str:
        """The button's OnAction: xlwings' RunPython with the command."""
        return f"'RunPython(\"{self.python}\")'"


def _button(action: doors.Action) -> Button:
    assert action.button is not None and action.button.row is not None
    return Button(action.label, action.button.entry, action.button.row, action.button.explanation)


BUTTONS = tuple(_button(action) for action in doors.buttons())
"""The Control sheet's buttons: the table of actions' (:mod:`gosheet.app.doors`)."""


def xlsm_template_path() -> Path:
    """``tournament.xlsm``: inside the installed package, or in the source tree."""
    return bundled_template(XLSM_TEMPLATE)


def installed_xlwings_vba() -> bytes | None:
    """The VBA project of the installed xlwings (its standalone quickstart
    workbook), or None when xlwings is not installed. Found without importing
    xlwings."""
    spec = importlib.util.find_spec("xlwings")
    if spec is None or spec.origin is None:
        return None
    quickstart = Path(spec.origin).parent / "quickstart_standalone.xlsm"
    try:
        with zipfile.ZipFile(quickstart) as archive:
            return archive.read(VBA_PART)
    except (OSError, KeyError, zipfile.BadZipFile):
        return None


# ------------------------------------------------------------- the two sheets


def fill_control_sheet(ws: Worksheet) -> None:
    """Titles, the buttons' explanations and the problem list's header."""
    for letter, width in CONTROL_WIDTHS.items():
        ws.column_dimensions[letter].width = width
    ws["A1"] = "gosheet — tournament control"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = (
        "Click a button. Python with gosheet and xlwings must be installed on this "
        "computer (gosheet README, section Excel); allow macros when Excel asks."
    )
    for button in BUTTONS:
        ws.row_dimensions[button.row].height = BUTTON_ROW_HEIGHT
        cell = ws.cell(row=button.row, column=2, value=button.explanation)
        cell.alignment = Alignment(wrap_text=True, vertical="center")
    ws[f"A{NOTE_ROW}"] = (
        "The same from a terminal: gosheet ratings fill | pair | standings | check | explain "
        "| print BOOK.xlsm; gosheet merge BOOK.xlsm COPY1 COPY2. "
        "To mail the tournament without macros: gosheet excel-template BOOK.xlsm BOOK.xlsx"
    )
    ws.cell(row=PROBLEM_TITLE_ROW, column=1, value="Problems found by the last check")
    ws.cell(row=PROBLEM_TITLE_ROW, column=1).font = Font(bold=True)
    for column, header in enumerate(PROBLEM_HEADERS, start=1):
        cell = ws.cell(row=PROBLEM_HEADER_ROW, column=column, value=header)
        cell.font = Font(bold=True)


def fill_conf_sheet(ws: Worksheet) -> None:
    """xlwings' settings sheet, inactive while its name starts with '_'."""
    rows = (
        ("Interpreter_Win", None),
        ("Interpreter_Mac", None),
        ("Show Console", False),
    )
    for r, (key, value) in enumerate(rows, start=1):
        ws.cell(row=r, column=1, value=key)
        ws.cell(row=r, column=2, value=value)
    notes = (
        "xlwings settings for this workbook only. Inactive while the sheet is called "
        "'_xlwings.conf'.",
        "To use them: rename the sheet to 'xlwings.conf' and write the full path of the "
        "Python that has gosheet installed, e.g. C:\\Users\\me\\gosheet\\.venv\\Scripts"
        "\\python.exe (Windows) or /Users/me/gosheet/.venv/bin/python (macOS).",
        "Without this sheet, xlwings uses the user settings written by 'xlwings addin "
        "install' or 'xlwings config create' (~/.xlwings/xlwings.conf).",
    )
    for r, text in enumerate(notes, start=6):
        ws.cell(row=r, column=1, value=text)
    ws.column_dimensions["A"].width = 18
    ws.column_dimensions["B"].width = 60


# ------------------------------------------------------------------ macros on


def _vba_archive(macro_source: Path, vba_project: bytes | None) -> tuple[zipfile.ZipFile, str]:
    """The macro parts of ``macro_source`` (an .xlsm with the Control
    buttons) as openpyxl keeps them, with ``vba_project`` in place of its VBA
    project if given; and the path of the Control sheet's button drawing."""
    try:
        source = load_workbook(macro_source, keep_vba=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError) as error:
        raise FileProblem(f"{macro_source}: cannot be read ({error})") from error
    archive = source.vba_archive
    drawing = source[CONTROL].legacy_drawing if CONTROL in source.sheetnames else None
    if archive is None or drawing is None or VBA_PART not in archive.namelist():
        raise FileProblem(f"{macro_source}: no VBA project or no Control buttons")
    buffer = BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as fresh:
        for name in archive.namelist():
            if vba_project is None or name != VBA_PART:
                fresh.writestr(name, archive.read(name))
        if vba_project is not None:
            fresh.writestr(VBA_PART, vba_project)
    # openpyxl keeps the parts in a zip open for writing, which writes its directory when it is
    # collected, after the save closed its buffer ("Exception ignored … ZipFile.__del__"): the
    # parts are copied into a finished zip, opened to read.
    source.vba_archive = None
    archive.close()
    archive = zipfile.ZipFile(buffer)
    return archive, str(drawing)


def attach_macros(
    workbook: Workbook, macro_source: Path | None = None, vba_project: bytes | None = None
) -> bytes:
    """Make ``workbook`` macro-enabled: the VBA project, a ``Control`` sheet
    first with the buttons, the xlwings settings sheet last. Returns the VBA
    project's bytes, for checking the saved file."""
    macro_source = macro_source or xlsm_template_path()
    archive, drawing = _vba_archive(macro_source, vba_project)
    for name in (CONTROL, *CONF_NAMES):
        if name in workbook.sheetnames:
            workbook.remove(workbook[name])
    for ws in workbook.worksheets:  # a code name twice would damage the VBA project
        ws.sheet_properties.codeName = None
    control = workbook.create_sheet(CONTROL, 0)
    fill_control_sheet(control)
    control.legacy_drawing = drawing
    conf = workbook.create_sheet(XLWINGS_CONF)
    fill_conf_sheet(conf)
    for ws in (control, conf):
        ws.sheet_properties.codeName = CODE_NAMES[ws.title]
    workbook.code_name = "ThisWorkbook"
    workbook.vba_archive = archive
    _activate(workbook, 0)
    return archive.read(VBA_PART)


def strip_macros(workbook: Workbook) -> None:
    """The workbook without macros: no VBA project, Control or xlwings sheet."""
    active = workbook.active.title if workbook.active is not None else CONTROL
    workbook.vba_archive = None
    for name in (CONTROL, *CONF_NAMES):
        if name in workbook.sheetnames:
            workbook.remove(workbook[name])
    for ws in workbook.worksheets:
        ws.legacy_drawing = None
        ws.sheet_properties.codeName = None
    workbook.code_name = None
    names = workbook.sheetnames
    _activate(workbook, names.index(active) if active in names else 0)


def _activate(workbook: Workbook, index: int) -> None:
    """One active, selected sheet (two selected tabs would be grouped in Excel)."""
    workbook.active = index
    for i, ws in enumerate(workbook.worksheets):
        ws.sheet_view.tabSelected = i == index


# ----------------------------------------------------------------- checking


def _xml(archive: zipfile.ZipFile, name: str) -> ElementTree.Element | None:
    try:
        return ElementTree.fromstring(archive.read(name))
    except (KeyError, ElementTree.ParseError):
        return None


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


_T = TypeVar("_T")


def _structure(archive: zipfile.ZipFile, name: str, read: Callable[[bytes], _T]) -> _T | None:
    """A structure part read by the workbook's one reader of it (:mod:`gosheet.workbook.xlsx.parts.
    package`); None when the part is missing or not well-formed."""
    try:
        return read(archive.read(name))
    except (KeyError, Unsupported):
        return None


def _rels(archive: zipfile.ZipFile, part: str) -> dict[str, tuple[str, str]]:
    """A part's relationships: id → (type, target path in the archive)."""
    found = _structure(archive, rels_name(part), lambda data: relationships_in(data, part))
    return {r.id: (r.type, r.target) for r in found or ()}


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name → worksheet part."""
    rels = _rels(archive, WORKBOOK)
    sheets = _structure(archive, WORKBOOK, sheets_in) or []
    return {
        s.attributes.get("name", ""): rels[s.attributes["id"]][1]
        for s in sheets
        if s.attributes.get("id", "") in rels
    }


def _content_types(archive: zipfile.ZipFile) -> tuple[dict[str, str], dict[str, str]]:
    return _structure(archive, CONTENT_TYPES, content_types_in) or ({}, {})


def button_macros(path: Path) -> list[str]:
    """The macros of the Control sheet's buttons, as stored in the file."""
    with zipfile.ZipFile(path) as archive:
        part = _sheet_parts(archive).get(CONTROL)
        if part is None:
            return []
        macros: list[str] = []
        for kind, target in _rels(archive, part).values():
            if kind.endswith("/vmlDrawing"):
                vml = _xml(archive, target)
                for element in vml.iter() if vml is not None else ():
                    if _local(element.tag) == "FmlaMacro" and element.text:
                        macros.append(element.text)
        return macros


def macro_problems(path: Path, vba_project: bytes | None = None) -> list[str]:
    """What keeps ``path`` from being a working gosheet ``.xlsm`` (empty: none)."""
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as error:
        return [f"not a workbook ({error})"]
    with archive:
        problems = []
        if archive.testzip() is not None:
            problems.append("the file is damaged")
        names = set(archive.namelist())
        if VBA_PART not in names:
            return [*problems, "no VBA project (xl/vbaProject.bin)"]
        project = archive.read(VBA_PART)
        if not project.startswith(OLE_MAGIC):
            problems.append("xl/vbaProject.bin is not a VBA project")
        elif vba_project is not None and project != vba_project:
            problems.append("xl/vbaProject.bin is not the VBA project that was put in")
        defaults, overrides = _content_types(archive)
        if overrides.get("xl/workbook.xml") != MACRO_WORKBOOK_TYPE:
            problems.append("the workbook's content type is not macro-enabled")
        if VBA_TYPE not in (overrides.get(VBA_PART), defaults.get("bin")):
            problems.append("no content type for the VBA project")
        if not any(t == VBA_RELATION for t, _ in _rels(archive, "xl/workbook.xml").values()):
            problems.append("the workbook does not refer to its VBA project")
    macros = button_macros(path)
    for button in BUTTONS:
        if button.macro not in macros:
            problems.append(f"no '{button.caption}' button calling {button.python}")
    return problems


def check_xlsm(path: Path, vba_project: bytes | None = None) -> None:
    """Raise :class:`FileProblem` unless ``path`` is a working gosheet ``.xlsm``."""
    problems = macro_problems(path, vba_project)
    if problems:
        raise FileProblem(f"{path}: not a working macro-enabled workbook: " + "; ".join(problems))


def _check_xlsx(path: Path) -> None:
    with zipfile.ZipFile(path) as archive:
        if archive.testzip() is not None:
            raise FileProblem(f"{path}: the new workbook came out damaged")
        names = set(archive.namelist())
        macro_type = _content_types(archive)[1].get("xl/workbook.xml") == MACRO_WORKBOOK_TYPE
        if VBA_PART in names or macro_type or CONTROL in _sheet_parts(archive):
            raise FileProblem(f"{path}: macros left in an .xlsx")


# ----------------------------------------------------------------- convert


def _save(workbook: Workbook, target: Path, vba_project: bytes | None) -> Path:
    """Write to a temporary file beside ``target``, check it, then replace."""
    with replacing(target) as temporary:
        workbook.save(temporary)
        if target.suffix.lower() == ".xlsm":
            check_xlsm(temporary, vba_project)
        else:
            _check_xlsx(temporary)
    return target.resolve()


def open_workbook(path: Path) -> Workbook:
    if not path.exists():
        raise FileProblem(f"{path}: no such file")
    try:
        return load_workbook(path)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, OSError, ValueError) as error:
        raise FileProblem(f"{path}: cannot be read as a workbook ({error})") from error


def convert(source: Path | None, target: Path) -> Path:
    """``source.xlsx`` → ``target.xlsm`` (VBA project, Control sheet with the
    buttons; every sheet and value of the source kept); ``source.xlsm`` →
    ``target.xlsx`` without macros, Control or xlwings sheet, everything
    else kept; ``source.xlsm`` → ``target.xlsm`` renews the macros; no
    source → a fresh empty tournament ``target.xlsm``. Returns the target."""
    target = Path(target)
    kind = target.suffix.lower()
    if kind not in (".xlsm", ".xlsx"):
        raise FileProblem(f"{target}: the target must end in .xlsm or .xlsx")
    if source is None:
        if kind != ".xlsm":
            raise FileProblem(f"{target}: without a source, the target is an .xlsm")
        vba = installed_xlwings_vba()
        settings = Settings(random_seed=secrets.randbelow(2**31))
        workbook = new_book(settings).workbook
        return _save(workbook, target, attach_macros(workbook, vba_project=vba))
    source = Path(source)
    if source.suffix.lower() not in (".xlsx", ".xlsm"):
        raise FileProblem(f"{source}: not an .xlsx or .xlsm workbook")
    workbook = open_workbook(source)
    if kind == ".xlsx":
        if source.suffix.lower() == ".xlsx":
            raise FileProblem(f"{source}: already an .xlsx; nothing to convert")
        strip_macros(workbook)
        return _save(workbook, target, None)
    if source.suffix.lower() == ".xlsx" and CONTROL in workbook.sheetnames:
        raise FileProblem(
            f"{source}: has a sheet named '{CONTROL}' of its own; rename it, gosheet "
            "puts its buttons on a sheet of that name"
        )
    vba = installed_xlwings_vba()
    return _save(workbook, target, attach_macros(workbook, vba_project=vba))
