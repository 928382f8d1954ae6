"""A tournament workbook for xlwings Lite: gosheet in Excel with nothing but Excel.

xlwings Lite is a free Excel add-in (Windows, macOS, Excel on the web; Home → Add-ins →
"xlwings") that runs Python in Pyodide inside Excel. Its code (``main.py``) and the
packages it installs (``requirements.txt``) are kept in the workbook, and each function of
``main.py`` decorated ``@script`` with a ``book: xw.Book`` argument is a button of its
task pane. ``gosheet excel-template --lite [SOURCE] OUT.xlsx`` writes a workbook for it:

- every sheet of SOURCE (a tournament ``.xlsx`` or ``.xlsm``; without it, a new empty
  tournament), without macros;
- a ``Control`` sheet, first: what to do, and the list of problems the last check found
  (from row 13, as in every gosheet ``.xlsm``);
- xlwings Lite's task pane, docked and visible, holding ``main.py`` and ``requirements.txt``
  where Lite keeps them (:mod:`gosheet.frontends.excel.lite_parts`): opening the workbook
  opens Lite with gosheet's scripts, and Excel offers to add the add-in where it is missing;
- a sheet ``xlwings Lite``: the same ``main.py`` (column A) and ``requirements.txt``
  (column C), a line a cell, to paste into Lite's editor should it show its sample code
  instead (Lite does not publish how it keeps code in a workbook: the parts follow a
  workbook Lite saved);
- a hidden sheet ``gosheet wheel``: gosheet itself, the pure wheel of
  :mod:`gosheet.frontends.excel.lite_wheel` in base64, from which ``main.py`` installs
  gosheet the first time a script runs in a session — no web space, no network but
  Lite's own. With ``--wheel-url URL`` the wheel is not embedded: ``requirements.txt``
  names the URL, and the wheel is written beside OUT, for the club to put there.

``main.py`` holds one script per action — New tournament, Pair next round, Update
standings, Check the workbook, Explain the last round, Simulate results, Fill from rating
list, Merge helpers' copies — each calling :func:`gosheet.frontends.excel.lite_run.run`,
which presses the ``.xlsm``'s button (:mod:`gosheet.frontends.excel.buttons`) on Lite's
book. "New tournament" takes its choices from the Control sheet (:mod:`.choices`), which
also says gosheet's version.
"""

from __future__ import annotations

import base64
import secrets
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.styles import Alignment, Font
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.properties import PageSetupProperties
from openpyxl.worksheet.worksheet import Worksheet

from gosheet import about
from gosheet.app import doors
from gosheet.core.errors import FileProblem
from gosheet.core.settings import Settings
from gosheet.core.systems import REGISTRY
from gosheet.core.teams.fields import TYPE_NAMES
from gosheet.frontends.excel import choices, lite_parts, lite_wheel
from gosheet.frontends.excel.template import (
    CONTROL,
    CONTROL_WIDTHS,
    PROBLEM_HEADER_ROW,
    PROBLEM_HEADERS,
    PROBLEM_TITLE_ROW,
    open_workbook,
    strip_macros,
)
from gosheet.i18n import words
from gosheet.records import record
from gosheet.workbook.saving.atomic import replacing
from gosheet.workbook.template import new_book

LITE_SHEET = "xlwings Lite"
WHEEL_SHEET = "gosheet wheel"
CODE_ROW = 5  # the first line of main.py and of requirements.txt
CODE_COLUMN, REQUIREMENTS_COLUMN = 1, 3
FIRST_SCRIPT_ROW = 2  # the scripts' words, one a row, up to the problem list's title (row 11)
CHUNK = 32_000  # base64 characters a cell (Excel holds 32,767)
CHOICE_WIDTHS = {"D": 3.0, "E": 16.0, "F": 16.0}  # the new tournament's choices
XLWINGS = "xlwings==0.37.8"  # the xlwings gosheet's buttons are tested with (pyproject.toml)


@record
class Script:
    function: str  # its name in main.py
    title: str  # its button in Lite's task pane
    action: str  # of gosheet.frontends.excel.lite_run.ACTIONS
    explanation: str


def _script(action: doors.Action) -> Script:
    assert action.script is not None and action.button is not None
    explanation = action.script.explanation or action.button.explanation
    return Script(action.script.function, action.label, action.button.entry, explanation)


SCRIPTS = tuple(_script(action) for action in doors.scripts())
"""Lite's scripts: the table of actions' (:mod:`gosheet.app.doors`); each runs the ``.xlsm``
button's function."""

_BOOT = '''"""gosheet {version} for xlwings Lite: one script per action.

Each script presses a button of gosheet on this workbook; the message is shown below.
gosheet comes from requirements.txt, or, the first time a script runs, from this
workbook's hidden sheet "{wheel_sheet}".
"""

import base64
import importlib
import io
import sys
import zipfile

import xlwings as xw
from xlwings import script

WHEEL_SHEET = "{wheel_sheet}"
INSTALLED = "/tmp/gosheet-lite"


def install(book):
    """gosheet's wheel, kept in base64 in the hidden sheet, unpacked for this session."""
    sheet = book.sheets[WHEEL_SHEET]
    last = sheet.used_range.last_cell.row
    rows = sheet.range((2, 1), (last, 1)).options(ndim=2).value
    wheel = base64.b64decode("".join(row[0] for row in rows))
    zipfile.ZipFile(io.BytesIO(wheel)).extractall(INSTALLED)
    sys.path.insert(0, INSTALLED)
    importlib.invalidate_caches()


def run(action, book):
    try:
        from gosheet.frontends.excel import lite_run
    except ImportError:
        install(book)
        from gosheet.frontends.excel import lite_run
    lite_run.run(action, book)
'''

_SCRIPT = '''

@script(name="{title}")
def {function}(book: xw.Book):
    """{explanation}"""
    run("{action}", book)
'''


def main_py() -> str:
    """The text of ``main.py``."""
    return _BOOT.format(wheel_sheet=WHEEL_SHEET, version=about.VERSION) + "".join(
        _SCRIPT.format(
            title=s.title, function=s.function, explanation=s.explanation, action=s.action
        )
        for s in SCRIPTS
    )


def requirements_txt(wheel_url: str | None = None) -> str:
    """The text of ``requirements.txt``: xlwings, gosheet's pure requirements, and the
    wheel's URL when gosheet is not embedded."""
    lines = [XLWINGS, *lite_wheel.PURE_REQUIREMENTS]
    if wheel_url:
        lines.append(wheel_url)
    return "\n".join(lines) + "\n"


def wheel_chunks(wheel: bytes) -> list[str]:
    text = base64.b64encode(wheel).decode("ascii")
    return [text[i : i + CHUNK] for i in range(0, len(text), CHUNK)]


# ------------------------------------------------------------------ the sheets


def fill_lite_control(ws: Worksheet) -> None:
    """What to do, and the problem list's header where the check writes it."""
    for letter, width in CONTROL_WIDTHS.items():
        ws.column_dimensions[letter].width = width
    title = f"gosheet {about.VERSION} — tournament control (xlwings Lite)"
    intro = (
        "Nothing to install but Excel and the free add-in xlwings Lite, which Excel offers "
        "to add when this workbook opens (else Home → Add-ins → search 'xlwings'). Its "
        "pane (Home → xlwings Lite) lists gosheet's scripts: pick one, run it. Should it "
        f"show its sample code instead (as after a save by LibreOffice, which drops Lite's "
        f"code), paste the sheet '{LITE_SHEET}' into its editor."
    )
    # the title and the words on one row: the scripts' rows end above the problem list's,
    # whose place is fixed (FIRST_SCRIPT_ROW)
    ws["A1"] = CellRichText(TextBlock(InlineFont(b=True, sz=14), title), "\n" + intro)
    ws["A1"].alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells("A1:C1")
    ws.row_dimensions[1].height = 66.0
    for row, s in enumerate(SCRIPTS, start=FIRST_SCRIPT_ROW):
        ws.cell(row=row, column=1, value=s.title).font = Font(bold=True)
        cell = ws.cell(row=row, column=2, value=s.explanation)
        cell.alignment = Alignment(wrap_text=True, vertical="center")
        ws.row_dimensions[row].height = 30.0 if len(s.explanation) < 180 else 45.0
    fill_choices(ws)
    ws.cell(row=PROBLEM_TITLE_ROW, column=1, value="Problems found by the last check")
    ws.cell(row=PROBLEM_TITLE_ROW, column=1).font = Font(bold=True)
    for column, header in enumerate(PROBLEM_HEADERS, start=1):
        ws.cell(row=PROBLEM_HEADER_ROW, column=column, value=header).font = Font(bold=True)
    ws.page_setup.orientation = "landscape"  # printed, one page wide
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    ws.page_setup.fitToHeight = 0


def fill_choices(ws: Worksheet) -> None:
    """The new tournament's choices (:mod:`.choices`), right of the scripts' words, each
    value picked from a list; where gosheet's version and its downloads are said."""
    row, column = choices.PLACE
    ws.cell(row=row - 1, column=column, value="New tournament: the choices").font = Font(bold=True)
    lists = {
        "System": ",".join(REGISTRY),
        "Language": ",".join(words.LANGUAGE_NAMES.values()),
        "Type": ",".join(TYPE_NAMES),
    }
    for offset, label in enumerate(choices.LABELS):
        ws.cell(row=row + offset, column=column, value=label)
        value = ws.cell(row=row + offset, column=column + 1, value=choices.DEFAULTS[label])
        if label in lists:
            picked = DataValidation(type="list", formula1=f'"{lists[label]}"', allow_blank=True)
            ws.add_data_validation(picked)
            picked.add(value.coordinate)
    below = row + len(choices.LABELS) + 1
    ws.cell(row=below, column=column, value=f"gosheet {about.VERSION}").font = Font(bold=True)
    ws.cell(row=below + 1, column=column, value=f"Newer versions: {about.LATEST}")
    for letter, width in CHOICE_WIDTHS.items():
        ws.column_dimensions[letter].width = width


def fill_code_sheet(ws: Worksheet, wheel_url: str | None) -> None:
    """``main.py`` in column A, ``requirements.txt`` in column C, a line a cell."""
    ws.column_dimensions["A"].width = 100.0
    ws.column_dimensions["C"].width = 50.0
    ws["A1"] = "gosheet's code for xlwings Lite"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = (
        "xlwings Lite finds this code in the workbook itself. Should its editor show its "
        "sample code instead: main.py tab, select all, delete; select "
        f"A{CODE_ROW}:A{CODE_ROW + len(main_py().splitlines()) - 1} here, copy, paste; "
        "requirements.txt tab: the same with column C; save the workbook."
    )
    ws.cell(row=CODE_ROW - 1, column=CODE_COLUMN, value="main.py").font = Font(bold=True)
    ws.cell(row=CODE_ROW - 1, column=REQUIREMENTS_COLUMN, value="requirements.txt").font = Font(
        bold=True
    )
    for column, text in (
        (CODE_COLUMN, main_py()),
        (REQUIREMENTS_COLUMN, requirements_txt(wheel_url)),
    ):
        for row, line in enumerate(text.splitlines(), start=CODE_ROW):
            cell = ws.cell(row=row, column=column, value=line or None)
            cell.number_format = "@"
            cell.font = Font(name="Consolas")


def fill_wheel_sheet(ws: Worksheet, wheel: bytes) -> None:
    ws["A1"] = lite_wheel.wheel_name()
    for row, chunk in enumerate(wheel_chunks(wheel), start=2):
        ws.cell(row=row, column=1, value=chunk).number_format = "@"
    ws.sheet_state = "hidden"


def lite_workbook(source: Path | None, wheel_url: str | None) -> Workbook:
    """The workbook: SOURCE's sheets (or a new tournament's), Control first, the code
    sheet, the hidden wheel sheet last."""
    if source is None:
        workbook = new_book(Settings(random_seed=secrets.randbelow(2**31))).workbook
    else:
        if source.suffix.lower() not in (".xlsx", ".xlsm"):
            raise FileProblem(f"{source}: not an .xlsx or .xlsm workbook")
        workbook = open_workbook(source)
        strip_macros(workbook)
    for name in (LITE_SHEET, WHEEL_SHEET, CONTROL):
        if name in workbook.sheetnames:
            workbook.remove(workbook[name])
    fill_lite_control(workbook.create_sheet(CONTROL, 0))
    fill_code_sheet(workbook.create_sheet(LITE_SHEET), wheel_url)
    if not wheel_url:
        fill_wheel_sheet(workbook.create_sheet(WHEEL_SHEET), lite_wheel.build())
    workbook.active = 0
    for i, ws in enumerate(workbook.worksheets):
        ws.sheet_view.tabSelected = i == 0
    return workbook


def write(source: Path | None, target: Path, wheel_url: str | None = None) -> Path:
    """``target.xlsx`` for xlwings Lite (see the module); with ``wheel_url``, the wheel
    to put at that address is written beside it. Returns the target."""
    target = Path(target)
    if target.suffix.lower() != ".xlsx":
        raise FileProblem(f"{target}: a workbook for xlwings Lite is an .xlsx")
    workbook = lite_workbook(None if source is None else Path(source), wheel_url)
    with replacing(target) as temporary:
        workbook.save(temporary)
        lite_parts.attach(temporary, main_py(), requirements_txt(wheel_url))
    if wheel_url:
        (target.parent / lite_wheel.wheel_name()).write_bytes(lite_wheel.build())
    return target.resolve()
