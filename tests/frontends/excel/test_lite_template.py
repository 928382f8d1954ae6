"""``gosheet excel-template --lite``: the workbook for xlwings Lite, read back from the file.

The scripts themselves run under real Pyodide in ``test_lite_pyodide.py``; here the file:
it carries ``main.py`` and ``requirements.txt`` where Lite keeps them (its web extension's
settings: the part, its relationship and content type, the store reference) and line for
line on a sheet, one ``@script`` per action with Lite's signature, gosheet as a pure wheel
in its hidden sheet (or, with ``--wheel-url``, the wheel beside it and its address in the
requirements), every sheet of the source, and no macros. And the stand-in for Lite's book
refuses what Lite lacks.
"""

from __future__ import annotations

import ast
import base64
import io
import shutil
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from openpyxl import load_workbook
from support.excel_client import ExcelClient, remote_opener, run
from support.libreoffice import convert, needs_soffice
from support.lite_book import Excel, SheetModel

from gosheet.about import VERSION
from gosheet.frontends.cli import main
from gosheet.frontends.excel import lite, lite_parts, lite_run, lite_wheel
from gosheet.frontends.excel.lite_run import ACTIONS
from gosheet.frontends.excel.template import (
    CONTROL,
    PROBLEM_HEADER_ROW,
    PROBLEM_HEADERS,
    PROBLEM_TITLE_ROW,
    VBA_PART,
)
from gosheet.workbook.sheets import STANDINGS


def column(path: Path, sheet: str, number: int, first: int = lite.CODE_ROW) -> str:
    """A column's text from row ``first`` on, a cell a line (as copied from Excel)."""
    ws = load_workbook(path)[sheet]
    lines = [ws.cell(row=r, column=number).value or "" for r in range(first, ws.max_row + 1)]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + "\n"


def wheel_in(path: Path) -> bytes:
    ws = load_workbook(path)[lite.WHEEL_SHEET]
    chunks = [ws.cell(row=r, column=1).value for r in range(2, ws.max_row + 1)]
    return base64.b64decode("".join(chunks))


@pytest.fixture
def tournament(tmp_path: Path) -> Path:
    path = tmp_path / "cup.xlsx"
    assert main(["demo", str(path), "--rounds", "2"]) == 0
    return path


def test_the_workbook_carries_main_py_requirements_and_gosheet(
    tournament: Path, tmp_path: Path
) -> None:
    out = tmp_path / "cup-lite.xlsx"
    assert main(["excel-template", "--lite", str(tournament), str(out)]) == 0

    kept = lite_parts.read(out)  # where xlwings Lite keeps a workbook's code
    assert kept["main.py"] == lite.main_py()
    assert kept["requirements.txt"] == lite.requirements_txt()
    assert kept["pyodideVersion"] == "0.27.5"
    assert len(str(kept["xlwingsWorkbookId"])) == 36
    with zipfile.ZipFile(out) as archive:
        types = archive.read("[Content_Types].xml").decode()
        assert (
            f'PartName="/{lite_parts.EXTENSION}" ContentType="{lite_parts.EXTENSION_TYPE}"' in types
        )
        assert (
            f'PartName="/{lite_parts.TASKPANES}" ContentType="{lite_parts.TASKPANES_TYPE}"' in types
        )
        rels = ElementTree.fromstring(archive.read("_rels/.rels"))
        assert {r.get("Type"): r.get("Target") for r in rels}[lite_parts.TASKPANES_REL] == (
            lite_parts.TASKPANES
        )
        pane = ElementTree.fromstring(archive.read(lite_parts.TASKPANES))[0]
        assert (pane.get("dockstate"), pane.get("visibility")) == ("right", "1")
        ref = ElementTree.fromstring(archive.read(lite_parts.TASKPANES_RELS))[0]
        assert (ref.get("Type"), ref.get("Target")) == (
            lite_parts.EXTENSION_REL,
            "webextension1.xml",
        )
        extension = ElementTree.fromstring(archive.read(lite_parts.EXTENSION))
        store = extension.find(f"{{{lite_parts.WE}}}reference")
        assert store is not None
        assert (store.get("id"), store.get("storeType")) == ("WA200008175", "OMEX")
    assert column(out, lite.LITE_SHEET, lite.CODE_COLUMN) == lite.main_py()
    assert column(out, lite.LITE_SHEET, lite.REQUIREMENTS_COLUMN) == lite.requirements_txt()
    assert lite.requirements_txt().splitlines() == [
        "xlwings==0.37.8",
        *lite_wheel.PURE_REQUIREMENTS,
    ]
    wheel = zipfile.ZipFile(io.BytesIO(wheel_in(out)))
    names = wheel.namelist()
    assert "gosheet/frontends/excel/lite_run.py" in names
    assert "gosheet/i18n/locale/fr/LC_MESSAGES/gosheet.mo" in names
    assert not [n for n in names if n.endswith((".ttf", ".pyc", ".po"))]
    meta = wheel.read(f"gosheet-{lite_wheel.version()}.dist-info/METADATA").decode()
    assert [line for line in meta.splitlines() if line.startswith("Requires-Dist")] == [
        f"Requires-Dist: {r}" for r in lite_wheel.PURE_REQUIREMENTS
    ]
    assert wheel.testzip() is None

    book = load_workbook(out)
    source = load_workbook(tournament)
    assert book.sheetnames == [CONTROL, *source.sheetnames, lite.LITE_SHEET, lite.WHEEL_SHEET]
    assert book[lite.WHEEL_SHEET].sheet_state == "hidden"
    assert book.active.title == CONTROL
    for name in source.sheetnames:
        want = [list(r) for r in source[name].iter_rows(values_only=True)]
        assert [list(r) for r in book[name].iter_rows(values_only=True)] == want, name
    control = book[CONTROL]
    headers = [control.cell(row=PROBLEM_HEADER_ROW, column=c).value for c in (1, 2, 3)]
    assert tuple(headers) == PROBLEM_HEADERS
    last = lite.FIRST_SCRIPT_ROW + len(lite.SCRIPTS)
    assert [control.cell(row=r, column=1).value for r in range(lite.FIRST_SCRIPT_ROW, last)] == [
        s.title for s in lite.SCRIPTS
    ]
    assert last <= PROBLEM_TITLE_ROW and control["A1"].value.startswith(f"gosheet {VERSION} ")
    with zipfile.ZipFile(out) as archive:
        assert VBA_PART not in archive.namelist()
    assert lite.write(tournament, tmp_path / "again.xlsx").is_file()
    assert wheel_in(tmp_path / "again.xlsx") == wheel_in(out)  # the same gosheet, same bytes
    renewed = lite.write(out, tmp_path / "renewed.xlsx")  # a Lite workbook made anew
    assert load_workbook(renewed).sheetnames == book.sheetnames
    assert lite_parts.read(renewed)["main.py"] == lite.main_py()


def test_the_command_line_keeps_lites_parts(tournament: Path, tmp_path: Path) -> None:
    """``gosheet pair`` and the others change the sheets, and copy xlwings Lite's parts."""
    out = lite.write(tournament, tmp_path / "cup-lite.xlsx")
    before = lite_parts.read(out)
    assert main(["standings", str(out)]) == 0
    assert lite_parts.read(out) == before
    assert lite.WHEEL_SHEET in load_workbook(out).sheetnames


def test_main_py_has_one_lite_script_per_action() -> None:
    tree = ast.parse(lite.main_py())
    scripts = [
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and any(
            isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "script"
            for d in node.decorator_list
        )
    ]
    assert sorted(s.name for s in scripts) == sorted(s.function for s in lite.SCRIPTS)
    assert sorted(s.action for s in lite.SCRIPTS) == sorted(ACTIONS)
    for node in scripts:
        # Lite's signature: a single argument annotated xw.Book
        assert [a.arg for a in node.args.args] == ["book"]
        assert ast.unparse(node.args.args[0].annotation or ast.Constant(None)) == "xw.Book"
        assert ast.get_docstring(node)  # shown in Lite's App Mode
    imports = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    # at the top: the standard library and xlwings only (gosheet is not installed yet)
    assert {n for n in imports if n not in ("lite_run",)} <= {
        "base64",
        "importlib",
        "io",
        "sys",
        "zipfile",
        "xlwings",
        "script",
    }


def test_with_a_wheel_url_the_wheel_is_beside_and_named(tmp_path: Path) -> None:
    out = tmp_path / "club" / "cup-lite.xlsx"
    out.parent.mkdir()
    url = "https://club.example.org/gosheet/" + lite_wheel.wheel_name()
    assert main(["excel-template", "--lite", "--wheel-url", url, str(out)]) == 0

    assert column(out, lite.LITE_SHEET, lite.REQUIREMENTS_COLUMN).splitlines()[-1] == url
    assert lite.WHEEL_SHEET not in load_workbook(out).sheetnames
    beside = out.parent / lite_wheel.wheel_name()
    assert beside.read_bytes() == lite_wheel.build()


def test_wrong_uses_are_refused(tmp_path: Path, tournament: Path) -> None:
    assert main(["excel-template", "--lite", str(tmp_path / "cup.xlsm")]) == 5
    with pytest.raises(SystemExit) as usage:
        main(["excel-template", "--wheel-url", "https://x/y.whl", str(tmp_path / "a.xlsx")])
    assert usage.value.code == 2
    shutil.copy(tournament, tmp_path / "taken.xlsx")
    assert main(["excel-template", "--lite", str(tournament), str(tmp_path / "taken.xlsx")]) != 0


def test_the_stand_in_refuses_what_lite_has_not() -> None:
    excel = Excel()
    excel.sheets.append(SheetModel("Players", [["Name", "Rank"], ["Ada", "3k"]]))
    book = excel.book()
    sheet = book.sheets["Players"]
    assert sheet.used_range.last_cell.row == 2
    assert sheet.range((1, 1), (2, 2)).options(ndim=2).value == [["Name", "Rank"], ["Ada", "3k"]]
    sheet.range("C1").color = (255, 199, 206)
    assert excel.sheets[0].fills[(1, 3)] == "#ffc7ce"
    with pytest.raises(AttributeError):
        _ = book.api  # type: ignore[attr-defined]  # Office.js itself: not a script's
    with pytest.raises(AttributeError):
        _ = book.fullname  # type: ignore[attr-defined]  # no path in Excel on the web
    with pytest.raises(AttributeError):
        _ = sheet.range("A1").data_validation  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        sheet.api = None  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        book.app.alert("no message box in Lite")  # type: ignore[attr-defined]
    with pytest.raises(NotImplementedError):
        _ = sheet.range("A1").color  # set, not read back
    with pytest.raises(ValueError):
        book.sheets.add("players")  # Excel's names are caseless
    sheet.range("B3").value = "1-0"
    assert excel.coerced == ["Players!(3, 2): '1-0'"]  # text Excel would read as a date


def test_on_xlwings_own_remote_book_no_alert_is_sent(
    tournament: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Lite's book is xlwings' remote Book: on a real one (CPython here, see
    ``test_excel_xlwings.py``) a script's writes are the ones ``gosheet standings`` makes,
    and no ``alert`` action goes to Excel — Lite has no message box; the message is printed."""
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    out = lite.write(tournament, tmp_path / "cup-lite.xlsx")
    on_file = Path(shutil.copy(out, tmp_path / "file.xlsx"))
    assert main(["standings", str(on_file)]) == 0
    capsys.readouterr()
    client = ExcelClient.from_file(out)

    message, sent = run(remote_opener(), client, lambda book: lite_run.run("standings", book))

    assert capsys.readouterr().out == message + "\n"
    assert message.startswith("Standings updated.")
    assert "alert" not in {action["func"] for action in sent}
    assert client.alerts == []
    want = [list(r) for r in load_workbook(on_file)[STANDINGS].iter_rows(values_only=True)]
    assert trimmed(client.sheet(STANDINGS).rows()) == trimmed(want)
    assert client.coerced == []


def trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    rows = [list(r) for r in rows]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((i + 1 for r in rows for i, v in enumerate(r) if v is not None), default=0)
    return [(r + [None] * width)[:width] for r in rows]


def test_lite_asks_for_no_printing_library() -> None:
    """xlwings Lite's buttons neither print nor publish (``lite_run.ACTIONS``): its wheel
    asks for none of what the pack and the pages need — reportlab, Jinja2, and segno for
    their QR codes (``print --url``, ``publish --url``) — and leaves out the pack's fonts."""
    assert not {"print_pack", "print", "publish"} & set(ACTIONS)
    asked = {r.split(">")[0].split("=")[0].lower() for r in lite_wheel.PURE_REQUIREMENTS}
    assert asked == {"openpyxl", "defusedxml", "pyuca"}  # pyuca: the standings' ties by name
    assert not asked & {"segno", "reportlab", "jinja2"}


@needs_soffice
def test_libreoffice_drops_lites_code_and_keeps_the_sheets(tmp_path: Path) -> None:
    """What docs/excel.md warns of: a Lite workbook saved by LibreOffice as .xlsx keeps every
    sheet (the code on the sheet 'xlwings Lite', the hidden wheel) but not the web-extension
    part holding main.py and requirements.txt."""
    made = lite.write(None, tmp_path / "cup-lite.xlsx")
    assert set(lite_parts.read(made)) >= {"main.py", "requirements.txt"}
    saved = convert(tmp_path, "xlsx", made, outdir=tmp_path / "saved") / made.name
    assert lite_parts.read(saved) == {}
    with zipfile.ZipFile(saved) as archive:
        assert "xl/webextensions/webextension1.xml" not in archive.namelist()
    before, after = load_workbook(made), load_workbook(saved)
    assert after.sheetnames == before.sheetnames
    for name in (lite.LITE_SHEET, lite.WHEEL_SHEET):
        rows = [list(r) for r in before[name].iter_rows(values_only=True)]
        assert [list(r) for r in after[name].iter_rows(values_only=True)] == rows, name
