"""The macro-enabled workbook: its VBA project and buttons (read with
oletools and from the file's own XML), ``convert`` both ways, and that no
``.xlsm`` is ever written without its VBA project."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import warnings
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from support.paths import ROOT

import gosheet.excel
from gosheet.app import actions
from gosheet.core.errors import FileProblem
from gosheet.core.model import Player
from gosheet.core.settings import Settings
from gosheet.frontends.cli import main
from gosheet.frontends.excel.template import (
    BUTTONS,
    CONTROL,
    PROBLEM_HEADER_ROW,
    PROBLEM_HEADERS,
    PROBLEM_TITLE_ROW,
    VBA_PART,
    XLWINGS_CONF,
    button_macros,
    check_xlsm,
    convert,
    installed_xlwings_vba,
    macro_problems,
    xlsm_template_path,
)
from gosheet.workbook.port import Grids
from gosheet.workbook.sheets import PLAYERS, SETTINGS, STANDINGS
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook

ENTRIES = {"fill_ratings", "pair", "standings", "check", "explain", "print_pack", "merge_copies"}


def vba_modules(path: Path) -> dict[str, str]:
    """Module name → VBA source, as oletools reads them."""
    with warnings.catch_warnings():  # oletools uses pyparsing's old names
        warnings.simplefilter("ignore", DeprecationWarning)
        from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(path))
    try:
        assert parser.detect_vba_macros()
        return {stream.split("/")[-1]: code for _, stream, _, code in parser.extract_macros()}
    finally:
        parser.close()


def vml_macros(path: Path) -> list[str]:
    """Every form control's macro in the file's drawings, read directly."""
    with zipfile.ZipFile(path) as archive:
        texts = [archive.read(n).decode() for n in archive.namelist() if n.endswith(".vml")]
    found = [m for text in texts for m in re.findall(r"<x:FmlaMacro>(.*?)</x:FmlaMacro>", text)]
    return [m.replace("&quot;", '"') for m in found]


def values(path: Path) -> Grids:
    workbook = load_workbook(path)
    return {ws.title: [list(r) for r in ws.iter_rows(values_only=True)] for ws in workbook}


def played(folder: Path, rounds: int = 2) -> Path:
    """An .xlsx tournament with ``rounds`` rounds played, and a note and a
    custom column width of the organiser's."""
    players = tuple(
        Player(i, f"Player{i:02d}", "A", -((i * 3) % 25) - 1, None) for i in range(1, 9)
    )
    book = new_book(Settings(rounds=4, random_seed=11), players)
    for _ in range(rounds):
        actions.pair(book)
        actions.simulate(book)
    book.workbook[PLAYERS].column_dimensions["A"].width = 33
    book.workbook[PLAYERS].sheet_properties.codeName = "Sheet1"  # as Excel may write
    sponsors = book.workbook.create_sheet("Sponsors")
    sponsors["A1"] = "Thanks to the club"
    return book.save(folder / "cup.xlsx", backup=False)


# ----------------------------------------------------------- the template


def test_the_template_carries_xlwings_runpython() -> None:
    modules = vba_modules(xlsm_template_path())
    assert "Public Function RunPython(PythonCommand As String)" in modules["xlwings"]
    assert "BSD 3-clause license" in modules["xlwings"]
    assert {"ThisWorkbook", "Sheet1", "Sheet2"} <= set(modules)  # document modules
    licence = (ROOT / "templates" / "LICENSE-xlwings.txt").read_text(encoding="utf-8")
    assert "BSD 3-clause license" in licence and "Zoomer Analytics" in licence
    assert "Redistributions in binary form must reproduce" in licence


def test_the_buttons_call_the_gosheet_entry_points() -> None:
    path = xlsm_template_path()
    macros = vml_macros(path)
    assert macros == button_macros(path)
    assert len(macros) == 7
    for macro in macros:
        match = re.fullmatch(
            r"'RunPython\(\"(import gosheet\.excel; gosheet\.excel\.(\w+)\(\))\"\)'", macro
        )
        assert match, macro
        compile(match.group(1), "<button>", "exec")  # RunPython's command is Python
        assert callable(getattr(gosheet.excel, match.group(2)))
    assert {re.search(r"\.(\w+)\(\)", m).group(1) for m in macros} == ENTRIES  # type: ignore[union-attr]
    assert [b.entry for b in BUTTONS] == [
        "fill_ratings",
        "pair",
        "standings",
        "check",
        "explain",
        "print_pack",
        "merge_copies",
    ]
    assert macros[0] == "'RunPython(\"import gosheet.excel; gosheet.excel.fill_ratings()\")'"
    assert macros[-1] == "'RunPython(\"import gosheet.excel; gosheet.excel.merge_copies()\")'"


def test_the_template_has_the_control_sheet_first_and_the_tournament_sheets() -> None:
    workbook = load_workbook(xlsm_template_path(), keep_vba=True)
    assert workbook.sheetnames == [CONTROL, SETTINGS, PLAYERS, XLWINGS_CONF]
    control = workbook[CONTROL]
    assert control.legacy_drawing is not None
    captions = [b.caption for b in BUTTONS]
    assert captions == [
        "Fill from rating list",
        "Pair next round",
        "Update standings",
        "Check the workbook",
        "Explain the last round",
        "Print pack",
        "Merge helpers' copies",
    ]
    with zipfile.ZipFile(xlsm_template_path()) as archive:
        vml = next(archive.read(n).decode() for n in archive.namelist() if n.endswith(".vml"))
    for caption in captions:
        assert f">{caption}<" in vml
    for button in BUTTONS:  # each button's explanation beside it, above the problem list
        assert control.cell(row=button.row, column=2).value == button.explanation
        assert button.row < PROBLEM_TITLE_ROW
    assert len({b.row for b in BUTTONS}) == len(BUTTONS)
    # where every gosheet .xlsm has its problem list, the older ones too
    assert (PROBLEM_TITLE_ROW, PROBLEM_HEADER_ROW) == (11, 12)
    assert [control.cell(row=12, column=c).value for c in (1, 2, 3)] == list(PROBLEM_HEADERS)
    assert "ratings fill" in str(control["A10"].value)  # the same from a terminal
    assert "explain" in str(control["A10"].value)
    assert "print BOOK" in str(control["A10"].value)
    assert "gosheet merge BOOK.xlsm COPY" in str(control["A10"].value)
    # the sheets' code names are those of the VBA project's document modules
    assert workbook.code_name == "ThisWorkbook"
    assert control.sheet_properties.codeName == "Sheet1"
    assert workbook[XLWINGS_CONF].sheet_properties.codeName == "Sheet2"
    assert read_book(XlsxBook.open(xlsm_template_path()).grids()).tournament.players == ()
    assert macro_problems(xlsm_template_path()) == []


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_xlsm", ROOT / "templates" / "build_xlsm.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_xlsm_template_matches_its_builder(tmp_path: Path) -> None:
    built = _build_module().build(tmp_path / "t.xlsm", licence=None)
    committed = xlsm_template_path()
    stale = "templates/tournament.xlsm is stale: rebuild with 'python templates/build_xlsm.py'"
    assert values(built) == values(committed), stale
    assert vml_macros(built) == vml_macros(committed), stale
    with zipfile.ZipFile(built) as new, zipfile.ZipFile(committed) as old:
        assert new.read(VBA_PART) == old.read(VBA_PART), stale
        assert new.read(VBA_PART) == installed_xlwings_vba()


# ---------------------------------------------------------------- convert


def test_xlsx_to_xlsm_and_back_keeps_every_sheet_and_value(tmp_path: Path) -> None:
    source = played(tmp_path)
    xlsm = convert(source, tmp_path / "cup.xlsm")
    assert macro_problems(xlsm, installed_xlwings_vba()) == []
    before, middle = values(source), values(xlsm)
    assert list(middle) == [CONTROL, *before, XLWINGS_CONF]
    assert {k: v for k, v in middle.items() if k in before} == before
    converted = load_workbook(xlsm, keep_vba=True)
    assert converted[PLAYERS].column_dimensions["A"].width == 33
    code_names = [ws.sheet_properties.codeName for ws in converted]
    assert code_names[0] == "Sheet1" and code_names[-1] == "Sheet2"
    assert code_names.count("Sheet1") == 1  # one sheet for each document module
    assert [ws.sheet_view.tabSelected for ws in converted] == [True] + [False] * (
        len(code_names) - 1
    )  # the Control sheet alone is open (several selected tabs are grouped in Excel)

    back = convert(xlsm, tmp_path / "back.xlsx")
    assert values(back) == before
    workbook = load_workbook(back)
    assert workbook[PLAYERS].column_dimensions["A"].width == 33
    assert workbook["Round 2"].freeze_panes == "A2"
    assert len(workbook["Round 2"].data_validations.dataValidation) == 1
    assert workbook.vba_archive is None
    with zipfile.ZipFile(back) as archive:
        assert VBA_PART not in archive.namelist()
        assert not any(n.endswith(".vml") for n in archive.namelist())
        assert b"macroEnabled" not in archive.read("[Content_Types].xml")


def test_converting_prints_nothing_but_its_line(tmp_path: Path) -> None:
    """Once, the zip openpyxl keeps the macros in wrote to a closed buffer when Python
    collected it: "Exception ignored in ZipFile.__del__" after the command's line."""
    source = played(tmp_path)
    command = [sys.executable, "-m", "gosheet", "excel-template", source, tmp_path / "cup.xlsm"]
    done = subprocess.run(command, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("Wrote ")


def test_a_fresh_macro_enabled_tournament(tmp_path: Path) -> None:
    first = convert(None, tmp_path / "a.xlsm")
    second = convert(None, tmp_path / "b.xlsm")
    assert macro_problems(first) == []
    states = [read_book(XlsxBook.open(p).grids()) for p in (first, second)]
    assert states[0].tournament.players == ()
    assert states[0].tournament.settings.random_seed != states[1].tournament.settings.random_seed
    assert load_workbook(first).sheetnames == [CONTROL, SETTINGS, PLAYERS, XLWINGS_CONF]


def test_gosheet_on_an_xlsm_keeps_its_macros_and_buttons(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    xlsm = convert(played(tmp_path), tmp_path / "cup.xlsm")
    vba = zipfile.ZipFile(xlsm).read(VBA_PART)
    assert main(["pair", str(xlsm)]) == 0
    assert main(["simulate", str(xlsm)]) == 0
    assert main(["standings", str(xlsm)]) == 0
    assert macro_problems(xlsm, vba) == []
    workbook = load_workbook(xlsm, keep_vba=True)
    assert workbook.sheetnames[:1] == [CONTROL] and "Round 3" in workbook.sheetnames
    assert workbook.sheetnames.index("Round 3") < workbook.sheetnames.index(STANDINGS)
    assert workbook[CONTROL].sheet_properties.codeName == "Sheet1"
    assert "xlwings" in vba_modules(xlsm)


def test_renewing_the_macros_of_an_xlsm(tmp_path: Path) -> None:
    xlsm = convert(played(tmp_path), tmp_path / "cup.xlsm")
    again = convert(xlsm, tmp_path / "again.xlsm")
    assert macro_problems(again) == []
    assert values(again) == values(xlsm)
    assert load_workbook(again).sheetnames.count(CONTROL) == 1


def test_bad_conversions_are_refused(tmp_path: Path) -> None:
    source = played(tmp_path)
    with pytest.raises(FileProblem, match=r"target is an \.xlsm"):
        convert(None, tmp_path / "x.xlsx")
    with pytest.raises(FileProblem, match=r"must end in \.xlsm or \.xlsx"):
        convert(source, tmp_path / "x.xls")
    with pytest.raises(FileProblem, match="nothing to convert"):
        convert(source, tmp_path / "x.xlsx")
    with pytest.raises(FileProblem, match="no such file"):
        convert(tmp_path / "missing.xlsx", tmp_path / "x.xlsm")
    workbook = load_workbook(source)
    workbook.create_sheet(CONTROL)["A1"] = "the organiser's own"
    workbook.save(source)
    with pytest.raises(FileProblem, match="named 'Control'"):
        convert(source, tmp_path / "x.xlsm")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]


def test_an_xlsm_is_never_written_without_its_vba_project(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = played(tmp_path)
    target = tmp_path / "cup.xlsm"
    target.write_bytes(b"the previous version")

    def lose_the_macros(workbook: Workbook, *args: Any, **kwargs: Any) -> bytes:
        workbook.vba_archive = None  # as if the VBA project got lost on the way
        return b""

    monkeypatch.setattr("gosheet.frontends.excel.template.attach_macros", lose_the_macros)
    with pytest.raises(FileProblem, match="no VBA project"):
        convert(source, target)
    assert target.read_bytes() == b"the previous version"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsm", "cup.xlsx"]


def test_check_xlsm_names_what_is_missing(tmp_path: Path) -> None:
    plain = tmp_path / "plain.xlsm"
    Workbook().save(plain)  # openpyxl happily writes an .xlsm without macros
    with pytest.raises(FileProblem, match=r"no VBA project \(xl/vbaProject.bin\)"):
        check_xlsm(plain)
    broken = tmp_path / "buttons.xlsm"
    with zipfile.ZipFile(xlsm_template_path()) as old, zipfile.ZipFile(broken, "w") as new:
        for name in old.namelist():
            data = old.read(name)
            if name.endswith(".vml"):
                data = data.replace(b"gosheet.excel.check()", b"gosheet.excel.chek()")
            new.writestr(name, data)
    assert macro_problems(broken) == [
        "no 'Check the workbook' button calling import gosheet.excel; gosheet.excel.check()"
    ]
    assert macro_problems(tmp_path / "nothing.xlsm")[0].startswith("not a workbook")
