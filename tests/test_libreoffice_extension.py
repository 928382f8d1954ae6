"""The LibreOffice extension without LibreOffice: what ``gosheet.oxt`` holds, and
the macros' own logic (finding gosheet, reading its answer, refusing what they do
not understand) run by this Python. ``test_libreoffice_office.py`` runs them in
real LibreOffice."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any
from xml.etree import ElementTree

import pytest

from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice import build, gosheet_macros, uno_driver
from gosheet.frontends.libreoffice.build import (
    ACTIONS,
    MACRO_SOURCE,
    REHEARSAL,
    build_extension,
    default_command,
    script_url,
)
from gosheet.frontends.libreoffice.office import LibreOfficeError
from gosheet.workbook.xlsx import XlsxBook

ROSTER = Path(__file__).resolve().parents[1] / "gosheet" / "data" / "demo_roster.csv"
OOR = "{http://openoffice.org/2001/registry}"


def _members(oxt: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(oxt) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_extension_holds_macros_menu_toolbar_and_the_command(tmp_path: Path) -> None:
    oxt = build_extension(tmp_path, command=["/opt/gosheet/bin/gosheet"])
    assert oxt == tmp_path / "gosheet.oxt"
    members = _members(oxt)
    assert set(members) == {
        "META-INF/manifest.xml",
        "description.xml",
        "description/en.txt",
        "Addons.xcu",
        "CalcWindowState.xcu",
        "gosheet.json",
        "python/gosheet_macros.py",
    }
    assert members["python/gosheet_macros.py"] == MACRO_SOURCE.read_bytes()
    assert json.loads(members["gosheet.json"])["command"] == ["/opt/gosheet/bin/gosheet"]
    for name, data in members.items():
        if name.endswith((".xml", ".xcu")):
            ElementTree.fromstring(data)  # well-formed
    manifest = members["META-INF/manifest.xml"].decode()
    assert 'full-path="python" manifest:media-type="application/vnd.sun.star.framework-script"' in (
        manifest
    )
    assert 'full-path="Addons.xcu"' in manifest


def test_menu_and_toolbar_dispatch_the_macros_script_urls(tmp_path: Path) -> None:
    addons = ElementTree.fromstring(_members(build_extension(tmp_path))["Addons.xcu"])

    def urls(node: ElementTree.Element) -> list[str]:
        return [
            prop.findtext("value") or ""
            for prop in node.iter("prop")
            if prop.get(f"{OOR}name") == "URL"
        ]

    ui = {n.get(f"{OOR}name"): n for n in addons.find("node") or []}
    expected = [script_url(function) for function, _, _ in ACTIONS]
    assert urls(ui["OfficeMenuBar"]) == [*expected, "private:separator", script_url(REHEARSAL[0])]
    assert urls(ui["OfficeToolBar"]) == expected
    assert expected[0] == (
        "vnd.sun.star.script:gosheet.oxt|python|gosheet_macros.py$PairNextRound"
        "?language=Python&location=user:uno_packages"
    )
    for function, _, _ in ACTIONS:
        assert callable(getattr(gosheet_macros, function))
    titles = [
        prop.findtext("value")
        for prop in ui["OfficeMenuBar"].iter("prop")
        if prop.get(f"{OOR}name") == "Title"
    ]
    assert titles == [
        "~gosheet",
        "~Pair next round",
        "Update ~standings",
        "~Check the workbook",
        "~Explain the last round",  # after Check, before the rehearsal
        "",
        "Si~mulate results (rehearsal)",
    ]
    assert [f.__name__ for f in gosheet_macros.g_exportedScripts] == [
        *(f for f, _, _ in ACTIONS),
        REHEARSAL[0],
    ]


def test_the_extension_is_always_called_gosheet_oxt(tmp_path: Path) -> None:
    assert build_extension(tmp_path / "gosheet.oxt") == tmp_path / "gosheet.oxt"
    with pytest.raises(ValueError, match=r"gosheet\.oxt"):
        build_extension(tmp_path / "other.oxt")


def test_the_recorded_command_is_this_python_running_gosheet(tmp_path: Path) -> None:
    config = json.loads(_members(build_extension(tmp_path))["gosheet.json"])
    assert (
        config["command"]
        == default_command()
        == [
            str(Path(sys.executable).absolute()),
            "-m",
            "gosheet",
        ]
    )


@pytest.mark.parametrize("module", [gosheet_macros, uno_driver], ids=lambda m: m.__name__)
def test_what_runs_in_libreoffices_python_imports_only_the_standard_library(
    module: ModuleType,
) -> None:
    source = Path(str(module.__file__)).read_text(encoding="utf-8")
    ast.parse(source, feature_version=(3, 8))  # LibreOffice 7 bundles Python 3.8 (Windows, macOS)
    tree = ast.parse(source)
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert imported - {"__future__"} <= set(sys.stdlib_module_names), imported
    # uno is imported when needed, by name: the file loads anywhere
    assert "uno" not in imported


def test_g_exported_scripts_is_a_plain_assignment_libreoffice_can_read() -> None:
    """LibreOffice finds the exported macros by parsing the file for
    ``g_exportedScripts = (...)`` (an annotated assignment would be missed)."""
    tree = ast.parse(MACRO_SOURCE.read_text(encoding="utf-8"))
    found = [
        [element.id for element in node.value.elts if isinstance(element, ast.Name)]
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Tuple)
        and any(isinstance(t, ast.Name) and t.id == "g_exportedScripts" for t in node.targets)
    ]
    assert found == [
        ["PairNextRound", "UpdateStandings", "CheckWorkbook", "ExplainRound", "SimulateResults"]
    ]


# ------------------------------------------------------------ the macros' logic


def test_values_read_from_calc_become_what_gosheet_reads() -> None:
    assert [gosheet_macros.cell_value(v) for v in (1.0, -2.0, 6.5, "", "½-½", "2")] == [
        1,
        -2,
        6.5,
        None,
        "½-½",
        "2",
    ]
    assert [gosheet_macros.to_calc(v) for v in (None, 3, 2.5, True, "=", "1-0")] == [
        "",
        3.0,
        2.5,
        1.0,
        "=",
        "1-0",
    ]


def test_finding_gosheet_env_then_recorded_then_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extension = tmp_path / "gosheet.oxt"
    (extension / "python").mkdir(parents=True)
    macro = extension / "python" / "gosheet_macros.py"
    monkeypatch.setitem(gosheet_macros.__dict__, "__file__", macro.as_uri())  # as LibreOffice
    executable = tmp_path / "gosheet-here"
    executable.write_text("#!/bin/sh\n", encoding="utf-8")
    (extension / "gosheet.json").write_text(
        json.dumps({"command": [str(executable), "-m", "gosheet"]}), encoding="utf-8"
    )
    monkeypatch.delenv("GOSHEET", raising=False)
    assert gosheet_macros.gosheet_command() == [str(executable), "-m", "gosheet"]

    monkeypatch.setenv("GOSHEET", str(executable))  # a path, spaces and all
    assert gosheet_macros.gosheet_command() == [str(executable)]
    monkeypatch.setenv("GOSHEET", "/opt/py/bin/python -m gosheet")
    assert gosheet_macros.gosheet_command() == ["/opt/py/bin/python", "-m", "gosheet"]

    monkeypatch.delenv("GOSHEET")
    executable.unlink()  # the recorded Python went away: PATH, then a clear message
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(gosheet_macros.Failure, match="gosheet command was not found"):
        gosheet_macros.gosheet_command()
    on_path = bin_dir / "gosheet"
    on_path.write_text("#!/bin/sh\n", encoding="utf-8")
    on_path.chmod(0o755)
    assert gosheet_macros.gosheet_command() == [str(on_path)]


def test_the_macros_call_the_real_bridge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The macros' side of the contract against ``gosheet bridge`` itself."""
    book = tmp_path / "cup.xlsx"
    assert main(["import", str(ROSTER), "-o", str(book), "--rounds", "3", "--seed", "5"]) == 0
    monkeypatch.setenv("GOSHEET", " ".join(default_command()))
    grids = XlsxBook.open(book).grids()
    answer = gosheet_macros.call_gosheet("pair", grids)
    assert answer["ok"], answer
    assert [op["sheet"] for op in answer["operations"] if op["op"] == "render"] == [
        "Round 1",
        "Standings",
    ]

    class Sheets:
        def getElementNames(self) -> tuple[str, ...]:
            return tuple(grids)

    class Document:
        def getSheets(self) -> Sheets:
            return Sheets()

    gosheet_macros.preflight(Document(), answer["operations"])

    nothing_to_explain = gosheet_macros.call_gosheet("explain", grids)  # no round yet
    assert not nothing_to_explain["ok"] and "operations" not in nothing_to_explain
    assert nothing_to_explain["message"] == "no round is paired yet: pair round 1 first"

    grids["Players"][3][2] = "3x"  # a bad rank: the problem names sheet and cell
    refused = gosheet_macros.call_gosheet("check", grids)
    assert not refused["ok"]
    assert [(p["sheet"], p["cell"], p["value"]) for p in refused["problems"]] == [
        ("Players", "C4", "3x")
    ]


def test_an_answer_not_understood_changes_nothing() -> None:
    class Sheets:
        def getElementNames(self) -> tuple[str, ...]:
            return ("Players",)

    class Document:
        def getSheets(self) -> Sheets:
            return Sheets()

    bad: list[Any] = [
        None,
        [{"op": "delete", "sheet": "Players"}],
        [{"op": "set", "sheet": "Nowhere", "cell": "A1", "value": 1}],
        [{"op": "set", "sheet": "Players", "cell": "not a cell", "value": 1}],
        [{"op": "render", "sheet": "X", "columns": [], "rows": []}],
    ]
    for operations in bad:
        with pytest.raises(gosheet_macros.Failure, match="not understood"):
            gosheet_macros.preflight(Document(), operations)
    gosheet_macros.preflight(
        Document(),
        [
            {"op": "render", "sheet": "X", "columns": [{"header": "A"}], "rows": [[1]]},
            {"op": "set", "sheet": "X", "cell": "B2", "value": None},
        ],
    )


def test_explain_outside_libreoffice_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    assert gosheet_macros.TITLES["explain"] == "Explain the last round"
    outcome = json.loads(gosheet_macros.ExplainRound())
    assert not outcome["ok"] and outcome["action"] == "explain"
    assert outcome["message"].startswith("Open a gosheet workbook")


def test_a_failure_is_a_message_never_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside LibreOffice (no document) the macro answers in words."""
    outcome = json.loads(gosheet_macros.PairNextRound())
    assert outcome == {
        "ok": False,
        "message": "Open a gosheet workbook (.xlsx or .ods) in LibreOffice Calc first, "
        "then use the gosheet menu.",
        "problems": [],
        "action": "pair",
    }

    def broken(action: str, document: Any) -> dict[str, Any]:
        raise KeyError("operations")

    monkeypatch.setattr(gosheet_macros, "find_document", lambda args: object())
    monkeypatch.setattr(gosheet_macros, "perform", broken)
    outcome = json.loads(gosheet_macros.UpdateStandings())
    assert outcome["message"] == (
        "Update standings failed unexpectedly (KeyError: 'operations'); nothing was changed."
    )
    assert "Traceback" not in outcome["message"]


def test_long_problem_lists_are_cut_in_the_message_box() -> None:
    lines = ["40 problems found", *(f"  Players!C{i}: 'x': not a rank" for i in range(2, 42))]
    text = gosheet_macros.message_text({"message": "\n".join(lines)})
    shown = text.splitlines()
    assert shown[0] == "40 problems found"
    assert len(shown) == gosheet_macros.MAX_LISTED + 2
    assert shown[-1] == "  … and 15 more (Check the workbook marks them all)."


def test_install_adds_the_extension_with_unopkg_for_a_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[list[str]] = []

    def run(arguments: list[str], **options: Any) -> subprocess.CompletedProcess[bytes]:
        calls.append(arguments)
        return subprocess.CompletedProcess(arguments, 0, b"", b"")

    monkeypatch.setattr(build.os, "geteuid", lambda: 1000, raising=False)
    monkeypatch.setattr(build, "find_soffice", lambda: "/opt/lo/program/soffice")
    monkeypatch.setattr(build, "find_unopkg", lambda soffice: "/opt/lo/program/unopkg")
    monkeypatch.setattr(build.subprocess, "run", run)
    profile = tmp_path / "profile"
    oxt = build.install_extension(profile)
    assert oxt == profile / "gosheet-extension" / "gosheet.oxt" and oxt.is_file()
    assert calls == [
        [
            "/opt/lo/program/unopkg",
            "add",
            "--force",
            "--suppress-license",
            f"-env:UserInstallation={profile.resolve().as_uri()}",
            str(oxt),
        ]
    ]

    def refuse(arguments: list[str], **options: Any) -> subprocess.CompletedProcess[bytes]:
        return subprocess.CompletedProcess(arguments, 1, b"", b"ERROR: something\n")

    monkeypatch.setattr(build.subprocess, "run", refuse)
    with pytest.raises(LibreOfficeError, match=r"unopkg add .* failed \(exit code 1\): ERROR"):
        build.install_extension(profile)
    monkeypatch.setattr(build, "find_soffice", lambda: None)
    with pytest.raises(LibreOfficeError, match=r"LibreOffice .* was not found"):
        build.install_extension(profile)
