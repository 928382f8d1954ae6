"""gosheet carried by its extension, in real LibreOffice: the extension added with ``unopkg``
to a throwaway profile (the ``office`` fixture), and LibreOffice's own Python — here Debian's
``/usr/bin/python3``, which has no numpy, rustworkx, python-calamine, openpyxl, Jinja2 or
reportlab of its own — running every action from the extension.

A probe script of the test's own, in the profile's ``Scripts/python`` folder, runs in that same
Python after an action: it lists where each module of gosheet and of the packages it needs was
imported from (the installed extension, each of them), shows that none of them could be found
anywhere else on LibreOffice's ``sys.path``, and that the compiled packages cannot be imported
there at all. Then the files the menu writes beside a workbook — print pack, pages, the EGF,
FFG and OpenGotha files — on an ``.xlsx`` and on an ``.ods``, are those the ``gosheet``
command writes from the same workbook.

Each system pairs an ``.ods`` there as the command pairs the ``.xlsx``.

Missing LibreOffice skips these tests, unless ``GOSHEET_REQUIRE_SOFFICE=1`` (CI).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from support.libreoffice import act
from support.paths import DEMO_ROSTER
from support.printing import gosheet, pdf_pages

from gosheet.frontends.carried import carried
from gosheet.frontends.libreoffice.build import script_url
from gosheet.frontends.libreoffice.office import LibreOfficeError, Office

COMPILED = ("numpy", "rustworkx", "scipy", "python_calamine", "pandas", "PIL")
WATCHED = ("gosheet_lo", *sorted(m for d in carried() for m in d.modules))

PROBE = """\
import importlib, importlib.machinery, json, sys

WATCHED = %r
COMPILED = %r


def Probe(*args):
    inside = "gosheet.oxt/python/pythonpath"
    extension = [p for p in sys.path if p.replace("\\\\", "/").endswith(inside)]
    elsewhere = [p for p in sys.path if p not in extension]
    loaded = {
        name: getattr(module, "__file__", None)
        for name, module in sorted(sys.modules.items())
        if name.split(".")[0] in WATCHED
    }
    found_elsewhere = {
        name: str(importlib.machinery.PathFinder.find_spec(name, elsewhere))
        for name in WATCHED
        if importlib.machinery.PathFinder.find_spec(name, elsewhere) is not None
    }
    compiled = {}
    for name in COMPILED:
        try:
            importlib.import_module(name)
            compiled[name] = "imported"
        except ImportError as error:
            compiled[name] = type(error).__name__
    return json.dumps({
        "extension": extension,
        "loaded": loaded,
        "elsewhere": found_elsewhere,
        "compiled": compiled,
        "python": sys.version.split()[0],
        "executable": sys.executable,
    })


g_exportedScripts = (Probe,)
""" % (WATCHED, COMPILED)  # noqa: UP031  (a file whose braces are Python's)

PROBE_URL = "vnd.sun.star.script:gosheet_probe.py$Probe?language=Python&location=user"
FILES = {
    "PrintPack": "cup.pack.pdf",
    "PublishPages": "cup.site",
    "ExportEGF": "cup.h9",
    "ExportFFG": "cup.tou",
    "ExportOpenGotha": "cup.xml",
}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``gosheet demo``: 23 players, 5 rounds paired and played."""
    book = tmp_path_factory.mktemp("demo") / "cup.xlsx"
    gosheet("demo", book)
    return book


def _installed(office: Office) -> Path:
    assert office.profile is not None
    [folder] = office.profile.glob("user/uno_packages/cache/uno_packages/*/gosheet.oxt")
    return folder


def _probe(office: Office, book: Path, urls: list[str]) -> dict[str, Any]:
    """Open ``book``, run the actions at ``urls`` (gosheet loads), then the probe in the
    same Python: what it found, and the actions' outcomes."""
    assert office.profile is not None
    scripts = office.profile / "user" / "Scripts" / "python"
    scripts.mkdir(parents=True, exist_ok=True)
    (scripts / "gosheet_probe.py").write_text(PROBE, encoding="utf-8")
    steps = [
        {"do": "open", "path": str(book)},
        *({"do": "dispatch", "url": url} for url in urls),
        {"do": "invoke", "url": PROBE_URL},
        {"do": "close"},
    ]
    try:
        found = office.check(steps)
    finally:
        office.run([{"do": "close_all"}])
    probe: dict[str, Any] = json.loads(found[-2]["result"])
    probe["outcomes"] = [json.loads(f["result"]) for f in found[1:-2]]
    return probe


def test_libreoffices_python_imports_gosheet_from_the_extension_alone(
    office: Office, tmp_path: Path
) -> None:
    book = tmp_path / "cup.xlsx"
    gosheet("import", DEMO_ROSTER, "-o", book, "--rounds", "4", "--seed", "3")
    gosheet("pair", book)
    gosheet("simulate", book)
    actions = [
        "PairNextRound",
        "CheckWorkbook",
        "UpdateStandings",
        "ExplainRound",
        "PrintPack",
        "PublishPages",
        "ExportOpenGotha",
    ]
    probe = _probe(office, book, [script_url(a) for a in actions])
    print(json.dumps({k: v for k, v in probe.items() if k != "loaded"}, indent=1))
    assert all(outcome["ok"] for outcome in probe["outcomes"]), probe["outcomes"]
    pythonpath = _installed(office) / "python" / "pythonpath"
    assert [Path(p) for p in probe["extension"]] == [pythonpath]
    loaded = probe["loaded"]
    tops = {name.split(".")[0] for name in loaded}
    assert tops >= {"gosheet", "gosheet_lo", "reportlab", "jinja2", "markupsafe", "defusedxml"}
    assert {"gosheet.app.bridge", "gosheet.core.matching", "gosheet.formats.pack.pdf"} <= set(
        loaded
    )
    outside = {n: f for n, f in loaded.items() if f and not Path(f).is_relative_to(pythonpath)}
    assert outside == {}
    assert probe["elsewhere"] == {}  # nowhere else on LibreOffice's sys.path
    assert probe["compiled"] == dict.fromkeys(COMPILED, "ModuleNotFoundError")


def _cli_files(demo: Path, folder: Path) -> dict[str, Path]:
    """What the gosheet command writes from the workbook."""
    folder.mkdir()
    book = folder / "cup.xlsx"
    shutil.copyfile(demo, book)
    gosheet("print", book)
    gosheet("publish", book, "-o", folder / "cup.site")
    for suffix in (".h9", ".tou", ".xml"):
        gosheet("export", book, "-o", folder / f"cup{suffix}")
    return {macro: folder / name for macro, name in FILES.items()}


def _same_opengotha(a: bytes, b: bytes) -> bool:
    """The same OpenGotha file, but for the second it was saved at."""
    moment = re.compile(rb'saveDT="\d+"')
    return moment.sub(b"", a) == moment.sub(b"", b)


@pytest.mark.parametrize("kind", ["xlsx", "ods"])
def test_the_files_beside_the_workbook_are_the_commands(
    office: Office, demo: Path, tmp_path: Path, kind: str
) -> None:
    folder = tmp_path / "Coupe d'été 2024"  # a file: URL with spaces and accents, decoded
    folder.mkdir()
    book = folder / f"cup.{kind}"
    if kind == "xlsx":
        shutil.copyfile(demo, book)
    else:
        act(office, demo, None, book)  # the same workbook, saved by LibreOffice as .ods
    before = book.read_bytes()
    expected = _cli_files(demo, tmp_path / "cli")
    for macro, name in FILES.items():
        try:
            found = act(office, book, script_url(macro))
        except LibreOfficeError as error:  # pragma: no cover - said in the failure
            pytest.fail(f"{macro}: {error}")
        outcome = found["outcome"]
        assert outcome["ok"], (macro, outcome)
        assert str(folder / name) in outcome["message"], (macro, outcome["message"])
        assert not found["state"]["modified"] and found["state"]["undo"] == [], macro
    assert book.read_bytes() == before
    assert sorted(p.name for p in folder.iterdir()) == sorted([book.name, *FILES.values()])
    for macro, name in FILES.items():
        got, want = folder / name, expected[macro]
        if macro == "PrintPack":
            assert pdf_pages(got) == pdf_pages(want)
        elif macro == "PublishPages":
            assert sorted(p.name for p in got.iterdir()) == sorted(p.name for p in want.iterdir())
            for page in want.iterdir():
                assert (got / page.name).read_bytes() == page.read_bytes(), page.name
        elif macro == "ExportOpenGotha":
            assert _same_opengotha(got.read_bytes(), want.read_bytes())
        else:
            assert got.read_bytes() == want.read_bytes(), macro


def test_a_workbook_with_a_problem_makes_no_file(
    office: Office, demo: Path, tmp_path: Path
) -> None:
    from openpyxl import load_workbook

    book = tmp_path / "cup.xlsx"
    workbook = load_workbook(demo)
    workbook["Round 2"]["H3"] = "2-0"
    workbook.save(book)
    found = act(office, book, script_url("ExportEGF"))
    outcome = found["outcome"]
    assert not outcome["ok"]
    assert [(p["sheet"], p["cell"], p["value"]) for p in outcome["problems"]] == [
        ("Round 2", "H3", "2-0")
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]


SYSTEMS = {
    "mcmahon": [],
    "swiss": ["--system", "swiss"],
    "fus": ["--system", "fus"],
    "opengotha-mcmahon": ["--rules", "opengotha"],
    "opengotha-swiss": ["--system", "swiss", "--rules", "opengotha"],
}


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_each_system_pairs_an_ods_as_the_command_pairs_the_xlsx(
    office: Office, tmp_path: Path, system: str
) -> None:
    """Round 3 of a workbook of each system, paired in LibreOffice's Python on the ``.ods``
    LibreOffice saved it as (no numpy, no rustworkx there), and by the ``gosheet`` command on
    the ``.xlsx`` (with them): the same round sheet, the same standings."""
    from gosheet.workbook.xlsx.book import XlsxBook

    book = tmp_path / "cup.xlsx"
    options = ["--rounds", "4", "--seed", "11", *SYSTEMS[system]]
    gosheet("import", DEMO_ROSTER, "-o", book, *options)
    for _ in range(2):
        gosheet("pair", book)
        gosheet("simulate", book)
    ods = tmp_path / "cup.ods"
    act(office, book, None, ods)
    found = act(office, ods, script_url("PairNextRound"), tmp_path / "lo.xlsx")
    assert found["outcome"]["ok"], found["outcome"]
    assert found["outcome"]["message"].startswith("Round 3 paired")
    gosheet("pair", book)
    expected, got = XlsxBook.open(book).grids(), XlsxBook.open(tmp_path / "lo.xlsx").grids()
    for sheet in ("Round 3", "Standings"):
        assert _trimmed(got[sheet]) == _trimmed(expected[sheet]), sheet


def _trimmed(grid: list[list[Any]]) -> list[list[Any]]:
    """A sheet's values without trailing empty cells and rows, whole numbers as ints."""
    rows = [
        [int(v) if isinstance(v, float) and v.is_integer() else (None if v == "" else v) for v in r]
        for r in grid
    ]
    rows = [r[: max((i + 1 for i, v in enumerate(r) if v is not None), default=0)] for r in rows]
    while rows and not rows[-1]:
        rows.pop()
    return rows
