"""The LibreOffice extension without LibreOffice: what ``gosheet.oxt`` holds (gosheet and
the pure-Python packages it needs, nothing compiled), gosheet run from the unpacked
extension by a Python that has nothing else, and the macros' own logic (asking gosheet,
reading its answer, refusing what they do not understand) run by this Python.
``test_libreoffice_office.py`` runs them in real LibreOffice.

The macro script imports its package ``gosheet_lo`` from the ``pythonpath``
folder beside it, which LibreOffice puts on ``sys.path``: so does this module."""

from __future__ import annotations

import ast
import base64
import json
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from support.paths import DEMO_ROSTER
from support.printing import ROSTER

from gosheet.frontends import carried
from gosheet.frontends.cli import main
from gosheet.frontends.libreoffice import build, uno_driver
from gosheet.frontends.libreoffice.build import (
    ACTIONS,
    COPIES,
    EXPORTS,
    MACRO_FILE,
    MACRO_PACKAGE,
    MACRO_PYTHONPATH,
    MACRO_SOURCE,
    MENU_ONLY,
    NEW_BOOKS,
    REHEARSAL,
    build_extension,
    macro_files,
    menu_url,
    script_url,
)
from gosheet.frontends.libreoffice.office import LibreOfficeError
from gosheet.i18n.collation import TABLE
from gosheet.workbook.xlsx.book import XlsxBook

if str(MACRO_PYTHONPATH) not in sys.path:
    sys.path.append(str(MACRO_PYTHONPATH))  # as LibreOffice does for the macro script
from gosheet_lo import actions, bridge, calc, dialogs, errors

from gosheet.frontends.libreoffice.macros import gosheet_macros

OOR = "{http://openoffice.org/2001/registry}"

TOOLBAR = (
    "fill_ratings",
    "pair",
    "standings",
    "check",
    "explain",
    "print_pack",
    "publish",
)
"""The toolbar's actions, in its order."""


HELPERS = (
    "__init__",
    "actions",
    "asking",
    "bridge",
    "calc",
    "changes",
    "dialogs",
    "errors",
    "files",
    "inprocess",
    "marks",
    "newbook",
    "rendering",
    "writing",
)
MAX_SIZE = 15 * 1024 * 1024
"""What the extension may weigh (it weighs about 3.6 MB)."""


@pytest.fixture(scope="module")
def oxt(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``gosheet.oxt``, built once for the module."""
    return build_extension(tmp_path_factory.mktemp("oxt"))


@pytest.fixture(scope="module")
def unpacked(oxt: Path) -> Path:
    """The extension unpacked, as LibreOffice keeps an installed one."""
    folder = oxt.parent / "unpacked"
    with zipfile.ZipFile(oxt) as archive:
        archive.extractall(folder)
    return folder


def _members(oxt: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(oxt) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_extension_holds_macros_menu_toolbar_and_gosheet(oxt: Path) -> None:
    members = _members(oxt)
    own = {
        "META-INF/manifest.xml",
        "description.xml",
        "description/en.txt",
        "Addons.xcu",
        "CalcWindowState.xcu",
        "python/gosheet_macros.py",
        *(f"python/pythonpath/gosheet_lo/{module}.py" for module in HELPERS),
    }
    assert own <= set(members)
    assert not any(
        name.startswith("python/")
        for name in set(members) - own - {n for n in members if n.startswith("python/pythonpath/")}
    )
    assert members["python/gosheet_macros.py"] == MACRO_SOURCE.read_bytes()
    for name, source in macro_files().items():
        assert members[name] == source.read_bytes(), name
    for name, data in members.items():
        if name.endswith((".xml", ".xcu")) and not name.startswith("python/"):
            ElementTree.fromstring(data)  # well-formed
    manifest = members["META-INF/manifest.xml"].decode()
    assert 'full-path="python" manifest:media-type="application/vnd.sun.star.framework-script"' in (
        manifest
    )
    assert 'full-path="Addons.xcu"' in manifest
    assert "gosheet.json" not in members  # no command recorded: gosheet is inside
    assert oxt.stat().st_size < MAX_SIZE


NO_LICENCE_FILE = {"pyuca": "MIT"}
"""Carried distributions whose wheel has no licence file: the licence their METADATA names."""


def unpacked_text(oxt: Path, info: str) -> str:
    """The METADATA of the carried distribution ``info`` (its .dist-info folder)."""
    with zipfile.ZipFile(oxt) as archive:
        return archive.read(f"python/pythonpath/{info}/METADATA").decode("utf-8")


def test_the_extension_carries_gosheet_and_its_pure_packages(oxt: Path) -> None:
    """gosheet, with its catalogs and fonts, and each carried distribution's packages, its
    METADATA and licence files; no compiled file, no byte code, no catalog source."""
    names = set(_members(oxt))
    inside = {n.removeprefix("python/pythonpath/") for n in names if "/pythonpath/" in n}
    tops = {n.split("/")[0] for n in inside}
    packages = {t for t in tops if not t.endswith(".dist-info")}
    assert packages == {
        "gosheet_lo",
        "gosheet",
        "openpyxl",
        "et_xmlfile",
        "defusedxml",
        "jinja2",
        "markupsafe",
        "reportlab",
        "segno",  # the QR codes of print and publish with --url
        "pyuca",  # every list sorted by name
        "charset_normalizer",  # reportlab's, for its XML markup (its pure-Python path)
    }
    infos = {t.split("-")[0].lower() for t in tops if t.endswith(".dist-info")}
    distributions = [name.replace("-", "_") for name in carried.distributions()]
    assert infos == {"gosheet", *distributions}
    for name in distributions:
        [info] = [t for t in tops if t.lower().startswith(name + "-")]
        assert f"{info}/METADATA" in inside, name
        if name in NO_LICENCE_FILE:  # its METADATA names the licence
            assert f"License: {NO_LICENCE_FILE[name]}" in (unpacked_text(oxt, info)), name
            continue
        assert any(carried.LICENCE.search(n) for n in inside if n.startswith(info)), name
    assert "reportlab/license.txt" in inside
    assert [n for n in inside if n.startswith("pyuca/allkeys-")] == [f"pyuca/{TABLE}"]
    assert "gosheet/i18n/locale/fr/LC_MESSAGES/gosheet.mo" in inside
    assert "gosheet/formats/pack/fonts/DejaVuSans.ttf" in inside
    assert "gosheet/formats/site/templates/base.html" in inside
    assert "gosheet/app/bridge.py" in inside and "gosheet/core/pairing.py" in inside
    assert "markupsafe/_native.py" in inside
    assert not [n for n in names if carried.compiled(n)]
    assert not [n for n in inside if n.endswith(".po") or "__pycache__" in n]
    assert not [n for n in inside if n.startswith("gosheet/frontends/libreoffice/macros")]
    for absent in ("numpy", "rustworkx", "scipy", "python_calamine", "pandas", "PIL"):
        assert absent not in tops


def test_menu_and_toolbar_dispatch_the_macros_script_urls() -> None:
    addons = ElementTree.fromstring(build.addons_xcu())

    def urls(node: ElementTree.Element) -> list[str]:
        return [
            prop.findtext("value") or ""
            for prop in node.iter("prop")
            if prop.get(f"{OOR}name") == "URL"
        ]

    ui = {n.get(f"{OOR}name"): n for n in addons.find("node") or []}
    # the menu names each action for the extension's protocol handler, whatever the .oxt file
    # is called; the macros' script URLs (which name it) serve the callers giving arguments
    expected = [menu_url(action) for action in TOOLBAR]
    assert urls(ui["OfficeMenuBar"]) == [
        menu_url("new"),
        menu_url("import"),
        "private:separator",
        *expected,
        menu_url("merge"),
        menu_url("order_boards"),
        "private:separator",
        *(menu_url(action) for action in ("export_egf", "export_ffg", "export_opengotha")),
        "private:separator",
        menu_url("simulate"),
    ]
    assert urls(ui["OfficeToolBar"]) == expected
    assert expected[1] == "org.gosheet.menu:pair"
    assert script_url("PairNextRound") == (
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
        "~New tournament…",  # a new document: first, apart
        "Impor~t roster…",
        "",
        "~Fill from rating list",  # first: players are registered before round 1
        "~Pair next round",
        "Update ~standings",
        "~Check the workbook",
        "~Explain the last round",  # after Check, before the rehearsal
        "P~rint pack",
        "P~ublish pages",
        "Merge helpers' cop~ies…",  # in the menu only: it asks for the copies
        "Order ~boards by rating",  # in the menu only: team tournaments
        "",
        "Export EGF results (.~h9)",
        "Export FFG results (.t~ou)",
        "Export to ~OpenGotha (.xml)",
        "",
        "Si~mulate results (rehearsal)",
    ]
    assert [f.__name__ for f in gosheet_macros.g_exportedScripts] == [
        *(f for f, _ in NEW_BOOKS),
        *(f for f, _, _ in ACTIONS),
        COPIES[0],
        *(f for f, _ in MENU_ONLY),
        *(f for f, _ in EXPORTS),
        REHEARSAL[0],
    ]
    for function, _ in EXPORTS:
        assert callable(getattr(gosheet_macros, function))


def test_the_extension_is_always_called_gosheet_oxt(tmp_path: Path) -> None:
    assert build_extension(tmp_path / "gosheet.oxt") == tmp_path / "gosheet.oxt"
    with pytest.raises(ValueError, match=r"gosheet\.oxt"):
        build_extension(tmp_path / "other.oxt")


def test_the_macros_package_has_a_name_of_its_own() -> None:
    """LibreOffice's ``sys.path`` is shared by every extension: the macros' package is
    ``gosheet_lo``, and within it the modules import one another relatively (so that mypy and
    the tests read them in gosheet's source tree too)."""
    assert MACRO_PACKAGE == "gosheet_lo"
    for name, path in macro_files().items():
        assert name.startswith(("python/gosheet_macros.py", "python/pythonpath/gosheet_lo/"))
        if name.startswith("python/pythonpath/"):
            assert "gosheet_lo" not in _imports(path)[0], name


@pytest.mark.parametrize(
    "path",
    [*macro_files().values(), Path(str(uno_driver.__file__))],
    ids=lambda p: p.name,
)
def test_what_runs_in_libreoffices_python_imports_only_the_standard_library(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    ast.parse(source, feature_version=(3, 8))  # LibreOffice 7 bundles Python 3.8 (Windows, macOS)
    imported, relative = _imports(path)
    # the macro script imports its package, which imports itself relatively
    allowed = {"__future__", MACRO_PACKAGE} if path == MACRO_SOURCE else {"__future__"}
    assert imported - allowed <= set(sys.stdlib_module_names), imported
    assert not relative or path.parent.name == MACRO_PACKAGE or path == MACRO_SOURCE
    # uno is imported when needed, by name: the file loads anywhere
    assert "uno" not in imported


def _imports(path: Path) -> tuple[set[str], bool]:
    """The top-level names a file imports absolutely, and whether it imports relatively."""
    imported: set[str] = set()
    relative = False
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                relative = True
            elif node.module:
                imported.add(node.module.split(".")[0])
    return imported, relative


def test_the_macro_script_runs_as_libreoffice_runs_it(unpacked: Path) -> None:
    """In another Python, from the built extension: the script executed in a bare
    module, ``pythonpath/`` appended to ``sys.path``, ``__file__`` a URL set
    afterwards — as LibreOffice's ``pythonscript.py`` does. Nothing of gosheet but its
    table of actions is imported until an action has a workbook to work on."""
    script = unpacked / "python" / MACRO_FILE
    program = textwrap.dedent(
        """
        import json, sys, types
        from pathlib import Path
        script = Path(sys.argv[1])
        sys.path.append(str(script.parent / "pythonpath"))
        module = types.ModuleType("ooo_script_framework")
        module.__dict__["XSCRIPTCONTEXT"] = None
        code = compile(script.read_text(encoding="utf-8"), str(script), "exec")
        exec(code, module.__dict__)
        module.__file__ = script.as_uri()
        outcome = json.loads(module.PairNextRound())
        print(json.dumps({
            "outcome": outcome,
            "exported": [f.__name__ for f in module.g_exportedScripts],
            "package": sys.modules["gosheet_lo"].__file__,
            "gosheet": sorted(m for m in sys.modules if m.split(".")[0] == "gosheet"),
        }))
        """
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", program, str(script)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["outcome"]["message"].startswith("Open a gosheet workbook")
    assert found["exported"] == [
        *(f for f, _ in NEW_BOOKS),
        *(f for f, _, _ in ACTIONS),
        COPIES[0],
        *(f for f, _ in MENU_ONLY),
        *(f for f, _ in EXPORTS),
        REHEARSAL[0],
    ]
    assert Path(found["package"]) == unpacked / "python/pythonpath/gosheet_lo/__init__.py"
    # only the table of actions (the action's title), with the catalog's marker: nothing
    # of gosheet's work is imported until an action has a workbook to work on
    assert found["gosheet"] == [
        "gosheet",
        "gosheet.app",
        "gosheet.app.doors",
        "gosheet.i18n",
        "gosheet.i18n.catalog",
        "gosheet.i18n.door",  # the door its messages are shown in (standard library alone)
        "gosheet.records",  # the table's records (standard library alone)
    ]


# Every action answered by gosheet from the unpacked extension, in a Python that has the
# standard library and nothing else (no site-packages: -I -S).
CARRIED_RUN = textwrap.dedent(
    """
    import json, sys
    pythonpath, request_file = sys.argv[1:]
    sys.path.append(pythonpath)  # as LibreOffice does
    from gosheet_lo import inprocess
    requests = json.load(open(request_file, encoding="utf-8"))
    answers = {action: inprocess.answer(r) for action, r in requests.items()}
    stdlib = set(sys.stdlib_module_names)
    loaded = {
        name: getattr(module, "__file__", None)
        for name, module in sorted(sys.modules.items())
        if name.split(".")[0] not in stdlib and name != "__main__"
    }
    missing = {}
    for name in ("numpy", "rustworkx", "scipy", "python_calamine", "pandas", "PIL", "networkx"):
        try:
            __import__(name)
        except ImportError as error:
            missing[name] = type(error).__name__
    print(json.dumps({"answers": answers, "loaded": loaded, "missing": missing}))
    """
)
CARRIED_ACTIONS = (
    "check",
    "standings",
    "explain",
    "simulate",
    "pair",
    "print_pack",
    "publish",
    "export_egf",
    "export_ffg",
    "export_opengotha",
)


def _answer_here(request: dict[str, Any]) -> dict[str, Any]:
    """This gosheet's answer, with its accelerators."""
    from gosheet.app import bridge as gosheet_bridge

    text, _code = gosheet_bridge.run(json.dumps(request))
    answer: dict[str, Any] = json.loads(text)
    return answer


@pytest.mark.parametrize("system", ["mcmahon", "fus"])
def test_gosheet_runs_from_the_extension_with_nothing_else(
    unpacked: Path, tmp_path: Path, system: str
) -> None:
    """Every action of the menu, answered by the gosheet the extension carries, in a Python
    with the standard library alone: each module it loads lies in the extension, the compiled
    packages cannot be imported, and the answers are those of this gosheet (with its
    accelerators) on the same workbook, the pairs of the next round included. The FUS
    tournament's players have Latin, Cyrillic and Greek names (the pack's fonts)."""
    cup = tmp_path / "cup.xlsx"
    if system == "fus":
        roster = tmp_path / "roster.csv"
        roster.write_text(ROSTER, encoding="utf-8")
        options = ["--system", "fus", "--rounds", "4", "--seed", "3"]
        assert main(["import", str(roster), "-o", str(cup), *options]) == 0
    else:
        options = ["--rounds", "4", "--seed", "3"]
        assert main(["import", str(DEMO_ROSTER), "-o", str(cup), *options]) == 0
    assert main(["pair", str(cup)]) == 0
    assert main(["simulate", str(cup)]) == 0
    grids = XlsxBook.open(cup).grids()
    requests = {
        action: {"action": action, "sheets": grids, "name": str(cup)} for action in CARRIED_ACTIONS
    }
    (tmp_path / "requests.json").write_text(json.dumps(requests, default=str), encoding="utf-8")
    pythonpath = unpacked / "python" / "pythonpath"
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", CARRIED_RUN, str(pythonpath), "requests.json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout)
    outside = {
        name: where
        for name, where in found["loaded"].items()
        if where is not None and not Path(where).is_relative_to(pythonpath)
    }
    assert outside == {}
    tops = {name.split(".")[0] for name in found["loaded"]}
    assert {"gosheet", "gosheet_lo", "jinja2", "markupsafe", "reportlab", "defusedxml"} <= tops
    # the lists by name of the pack and the pages, the standings' ties: Latin names by the
    # collation's small table (pyuca's whole table for other scripts, carried: test_carried)
    assert "gosheet.i18n.collation_table" in found["loaded"]
    assert found["missing"] == dict.fromkeys(
        ("numpy", "rustworkx", "scipy", "python_calamine", "pandas", "PIL", "networkx"),
        "ModuleNotFoundError",
    )
    answers = found["answers"]
    for action in CARRIED_ACTIONS:
        assert answers[action]["ok"], (action, answers[action])
        expected = _answer_here(json.loads(json.dumps(requests[action], default=str)))
        assert answers[action]["message"] == expected["message"], action
        if action == "print_pack":  # the same pack (a PDF made at another second)
            [pdf] = answers[action]["operations"]
            assert base64.b64decode(pdf["base64"]).startswith(b"%PDF")
        elif action != "export_opengotha":  # its file says when it was written
            assert answers[action]["operations"] == expected["operations"], action
    assert answers["pair"]["message"].startswith("Round 2 paired: ")
    index = [o for o in answers["publish"]["operations"] if o["name"] == "index.html"]
    assert [o["suffix"] for o in index] == [".site"]


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
        [
            "NewTournament",
            "ImportRoster",
            "FillFromRatingList",
            "PairNextRound",
            "UpdateStandings",
            "CheckWorkbook",
            "ExplainRound",
            "PrintPack",
            "PublishPages",
            "MergeCopies",
            "OrderBoards",
            "ExportEGF",
            "ExportFFG",
            "ExportOpenGotha",
            "SimulateResults",
        ]
    ]


# ------------------------------------------------------------ the macros' logic


def test_values_read_from_calc_become_what_gosheet_reads() -> None:
    assert [calc.cell_value(v) for v in (1.0, -2.0, 6.5, "", "½-½", "2")] == [
        1,
        -2,
        6.5,
        None,
        "½-½",
        "2",
    ]
    assert [calc.to_calc(v) for v in (None, 3, 2.5, True, "=", "1-0")] == [
        "",
        3.0,
        2.5,
        1.0,
        "=",
        "1-0",
    ]


def test_gosheet_runs_here_unless_gosheet_names_a_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The extension's own gosheet answers, in this Python; the environment variable
    ``GOSHEET`` makes the macros run another gosheet's ``gosheet bridge`` instead."""
    executable = tmp_path / "gosheet here"
    executable.write_text("#!/bin/sh\n", encoding="utf-8")
    monkeypatch.delenv("GOSHEET", raising=False)
    assert bridge.external_command() is None
    monkeypatch.setenv("GOSHEET", "  ")
    assert bridge.external_command() is None
    monkeypatch.setenv("GOSHEET", str(executable))  # a path, spaces and all
    assert bridge.external_command() == [str(executable)]
    monkeypatch.setenv("GOSHEET", "/opt/py/bin/python -m gosheet")
    assert bridge.external_command() == ["/opt/py/bin/python", "-m", "gosheet"]
    monkeypatch.setenv("GOSHEET", str(tmp_path / "nowhere" / "gosheet"))
    with pytest.raises(errors.Failure, match="gosheet command could not be started"):
        bridge.call_gosheet("check", {})


@pytest.mark.parametrize("external", [False, True], ids=["in-process", "gosheet-bridge"])
def test_the_macros_call_the_real_bridge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, external: bool
) -> None:
    """The macros' side of the contract against gosheet's bridge itself: in this Python as in
    LibreOffice's, and through ``gosheet bridge`` when ``GOSHEET`` names it."""
    book = tmp_path / "cup.xlsx"
    assert main(["import", str(DEMO_ROSTER), "-o", str(book), "--rounds", "3", "--seed", "5"]) == 0
    if external:
        monkeypatch.setenv("GOSHEET", f"{sys.executable} -m gosheet")
    else:
        monkeypatch.delenv("GOSHEET", raising=False)
    grids = XlsxBook.open(book).grids()
    answer = bridge.call_gosheet("pair", grids)
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

    bridge.preflight(Document(), answer["operations"])

    nothing_to_explain = bridge.call_gosheet("explain", grids)  # no round yet
    assert not nothing_to_explain["ok"] and "operations" not in nothing_to_explain
    assert nothing_to_explain["message"] == "no round is paired yet: pair round 1 first"

    grids["Players"][3][2] = "3x"  # a bad rank: the problem names sheet and cell
    refused = bridge.call_gosheet("check", grids)
    assert not refused["ok"]
    assert [(p["sheet"], p["cell"], p["value"]) for p in refused["problems"]] == [
        ("Players", "C4", "3x")
    ]
    pages = bridge.call_gosheet("publish", XlsxBook.open(book).grids(), str(book))
    count = 3 + len(XlsxBook.open(book).read().tournament.players)  # and a page a player
    assert pages["message"] == (
        f"Wrote {count} pages in {tmp_path / 'cup.site'}: "
        f"open {tmp_path / 'cup.site' / 'index.html'}."
    )


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
        with pytest.raises(errors.Failure, match="not understood"):
            bridge.preflight(Document(), operations)
    bridge.preflight(
        Document(),
        [
            {"op": "render", "sheet": "X", "columns": [{"header": "A"}], "rows": [[1]]},
            {"op": "set", "sheet": "X", "cell": "B2", "value": None},
        ],
    )


def test_explain_outside_libreoffice_is_a_message(monkeypatch: pytest.MonkeyPatch) -> None:
    assert actions.about("explain")["title"] == "Explain the last round"
    outcome = json.loads(gosheet_macros.ExplainRound())
    assert not outcome["ok"] and outcome["action"] == "explain"
    assert outcome["message"].startswith("Open a gosheet workbook")


def test_a_failure_is_a_message_never_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Outside LibreOffice (no document) the macro answers in words."""
    outcome = json.loads(gosheet_macros.PairNextRound())
    assert outcome == {
        "ok": False,
        "message": "Open a gosheet workbook (.xlsx or .ods) in LibreOffice Calc first, "
        "then use the gosheet menu; gosheet ▸ New tournament… or Import roster… starts one.",
        "problems": [],
        "action": "pair",
    }

    def broken(
        action: str, document: Any, copies: list[str] | None = None, entry: Any = None
    ) -> dict[str, Any]:
        raise KeyError("operations")

    monkeypatch.setattr(actions, "find_document", lambda args, context: object())
    monkeypatch.setattr(actions, "perform", broken)
    outcome = json.loads(gosheet_macros.UpdateStandings())
    assert outcome["message"] == (
        "Update standings failed unexpectedly (KeyError: 'operations'); nothing was changed."
    )
    assert "Traceback" not in outcome["message"]


def test_long_problem_lists_are_cut_in_the_message_box() -> None:
    lines = ["40 problems found", *(f"  Players!C{i}: 'x': not a rank" for i in range(2, 42))]
    text = dialogs.message_text({"message": "\n".join(lines)})
    shown = text.splitlines()
    assert shown[0] == "40 problems found"
    assert len(shown) == dialogs.MAX_LISTED + 2
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
