"""gosheet as pure Python (``gosheet/frontends/carried.py``), the one list every door carries,
and each door's output checked against it: the LibreOffice extension's ``pythonpath`` folder,
the page's wheels, xlwings Lite's slim wheel. The list is gosheet's own requirements followed
(no hand list: what gosheet imports is carried), the files pass one filter, one stand-in
replaces Pillow, and two builds are the same bytes."""

from __future__ import annotations

import ast
import hashlib
import importlib
import io
import json
import os
import re
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from gosheet import accelerators
from gosheet.frontends import carried
from gosheet.frontends.excel import lite_wheel
from gosheet.frontends.libreoffice import build
from gosheet.frontends.libreoffice import carried as extension
from gosheet.frontends.web import wheels
from gosheet.i18n.collation import TABLE

PACKAGE = Path(carried.gosheet.__file__).resolve().parent


def modules_of(distributions: set[str]) -> set[str]:
    """The top-level modules the installed ``distributions`` bring."""
    owners = metadata.packages_distributions()
    return {
        m for m, owned in owners.items() if {carried.canonical(d) for d in owned} & distributions
    }


def run_time_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The nodes of ``tree`` that run, except the type checker's reading only (the body of an
    ``if TYPE_CHECKING:``)."""
    for node in ast.iter_child_nodes(tree):
        yield node
        if isinstance(node, ast.If) and ast.unparse(node.test) in CHECKING_ONLY:
            yield from (n for child in node.orelse for n in (child, *run_time_nodes(child)))
        else:
            yield from run_time_nodes(node)


CHECKING_ONLY = ("TYPE_CHECKING", "typing.TYPE_CHECKING")


def third_party_imports() -> set[str]:
    """Every top-level module gosheet's sources import that is neither gosheet's nor the
    standard library's (at run time: an import for the type checker alone is not carried)."""
    found: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        for node in run_time_nodes(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                found.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - {"gosheet", "gosheet_lo"}


def test_the_distributions_are_gosheets_requirements_followed() -> None:
    names = set(carried.distributions())
    assert {"openpyxl", "et-xmlfile", "defusedxml", "jinja2", "markupsafe"} <= names
    assert {"reportlab", "segno", "pyuca", "charset-normalizer"} <= names
    assert carried.accelerators() == {
        "numpy", "pandas", "pillow", "python-calamine", "rustworkx", "scipy"
    }  # fmt: skip
    assert not names & carried.accelerators()  # never carried, though reportlab asks for Pillow
    assert modules_of(set(carried.accelerators())) >= set(accelerators.ACCELERATORS)


def test_what_gosheet_imports_is_carried_and_what_it_asks_for_it_imports() -> None:
    """A module gosheet imports comes from a carried distribution, an accelerator, or an
    extra (xlwings for Excel, babel for the catalogs' build); and each pure requirement of
    gosheet is imported somewhere (none is carried for nothing)."""
    extras = {
        carried.canonical(re.split(r"[\s<>=!~;\[]", line, maxsplit=1)[0])
        for line in metadata.requires("gosheet") or ()
        if "extra" in line
    }
    allowed = modules_of(set(carried.distributions()) | carried.accelerators() | extras)
    assert third_party_imports() - allowed == set()
    direct = {carried.requirement_name(line) for line in metadata.requires("gosheet") or ()}
    assert direct - {None} <= carried.imported()


def test_one_filter_for_every_file() -> None:
    for name in (
        "markupsafe/_speedups.cpython-311-x86_64-linux-gnu.so",
        "markupsafe/_speedups.c",
        "PIL/_imaging.pyd",
        "reportlab/__pycache__/rl_config.cpython-311.pyc",
        "jinja2/py.typed.pyi",
        "somepackage/tests/test_it.py",
        "gosheet/i18n/locale/fr/LC_MESSAGES/gosheet.po",
        "jinja2-3.1.6.dist-info/RECORD",
        "jinja2-3.1.6.dist-info/INSTALLER",
        "pyuca/allkeys-9.0.0.txt",
        "../../bin/tool",
    ):
        assert not carried.kept(name), name
    for name in (
        "reportlab/fonts/Vera.ttf",
        "markupsafe/_native.py",
        "jinja2-3.1.6.dist-info/licenses/LICENSE.txt",
        "et_xmlfile-2.0.0.dist-info/LICENCE.rst",
        "gosheet/i18n/locale/fr/LC_MESSAGES/gosheet.mo",
        f"pyuca/{TABLE}",
    ):
        assert carried.kept(name), name
    for distribution in carried.carried():
        assert all(carried.kept(place) for place in distribution.files), distribution.name


def test_the_extensions_pythonpath_is_what_the_module_lists() -> None:
    want: dict[str, Path | str] = {}
    for distribution in carried.carried():
        want.update(distribution.files)
        want[f"{distribution.info}/METADATA"] = distribution.metadata
    want = {n: s for n, s in want.items() if not n.startswith(extension.LEFT_OUT)}
    members = build.extension_members()
    inside = {
        name.removeprefix(build.PYTHONPATH): source
        for name, source in members.items()
        if name.startswith(build.PYTHONPATH)
    }
    inside = {n: s for n, s in inside.items() if not n.startswith("gosheet_lo/")}  # the macros'
    assert inside == want


def wheel_members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        return {name: archive.read(name) for name in archive.namelist()}


def test_the_pages_wheels_hold_what_the_module_lists() -> None:
    made = wheels.wheels()
    listed = carried.carried()
    assert [w.filename for w in made] == [
        f"{d.info.removesuffix('.dist-info')}-py3-none-any.whl" for d in listed
    ]
    for wheel, distribution in zip(made, listed, strict=True):
        members = wheel_members(wheel.data)
        info = distribution.info
        assert list(members)[-2:] == [f"{info}/WHEEL", f"{info}/RECORD"]
        del members[f"{info}/WHEEL"], members[f"{info}/RECORD"]
        assert members == distribution.members(), distribution.name


def test_the_lite_wheel_holds_gosheet_without_printing_and_asks_for_the_rest() -> None:
    members = wheel_members(lite_wheel.build())
    gosheet = carried.own()
    info = gosheet.info
    meta = members.pop(f"{info}/METADATA").decode()
    assert list(members)[-2:] == [f"{info}/WHEEL", f"{info}/RECORD"]
    del members[f"{info}/WHEEL"], members[f"{info}/RECORD"]
    want = {p for p in gosheet.files if lite_wheel.slim(p)}
    assert set(members) == want
    left = set(gosheet.files) - want
    assert "gosheet/formats/pack/fonts/DejaVuSans.ttf" in left
    assert not [p for p in left if p.endswith(".py")]  # every module is there
    assert all(p.startswith(("gosheet/formats/pack/", "gosheet/formats/site/")) for p in left)
    asked = [line.removeprefix("Requires-Dist: ") for line in meta.splitlines()]
    asked = [line for line in asked if line in lite_wheel.PURE_REQUIREMENTS]
    assert asked == list(carried.requirements(leaving_out=lite_wheel.PRINTING))
    assert {re.split(r"[<>=]", r)[0] for r in asked} == {"openpyxl", "defusedxml", "pyuca"}


BUILD = """
import hashlib, json
from gosheet.frontends.excel import lite_wheel
from gosheet.frontends.web.wheels import wheels
found = {w.filename: hashlib.sha256(w.data).hexdigest() for w in wheels()}
found["lite"] = hashlib.sha256(lite_wheel.build()).hexdigest()
print(json.dumps(found))
"""


def digests() -> dict[str, str]:
    found = {w.filename: hashlib.sha256(w.data).hexdigest() for w in wheels.wheels()}
    found["lite"] = hashlib.sha256(lite_wheel.build()).hexdigest()
    return found


def test_two_builds_are_the_same_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A build in another process gives the same bytes; ``SOURCE_DATE_EPOCH`` dates every
    entry, and another date gives other bytes."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    here = digests()
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    done = subprocess.run(
        [sys.executable, "-c", BUILD], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == here
    first = wheels.wheels()[1]
    with zipfile.ZipFile(io.BytesIO(first.data)) as archive:
        assert {i.date_time for i in archive.infolist()} == {carried.FIXED_DATE}
        assert {i.external_attr >> 16 for i in archive.infolist()} == {0o644}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")  # 2026-01-01
    dated = wheels.wheels()[1]
    with zipfile.ZipFile(io.BytesIO(dated.data)) as archive:
        assert {i.date_time for i in archive.infolist()} == {(2026, 1, 1, 0, 0, 0)}
    assert dated.data != first.data
    assert dated.data == wheels.wheels()[1].data
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")  # before zip files could hold a date
    assert carried.zip_date() == time.gmtime(carried.OLDEST_ZIP_DATE)[:6]


def test_one_stand_in_for_pillow_where_a_carried_package_imports_it(tmp_path: Path) -> None:
    """The accelerators a carried package asks for (reportlab: Pillow) each have their
    stand-in; reportlab loads with it in a Python that sees only the carried files, and the
    stand-in is gone afterwards."""
    asked = {
        name
        for distribution in carried.distributions()
        for line in metadata.requires(distribution) or ()
        if (name := carried.canonical(re.split(r"[\s<>=!~;\[]", line, maxsplit=1)[0]))
        in carried.accelerators()
        and "extra" not in line
    }
    assert asked == set(carried.STOOD_IN)
    for where in carried.STOOD_IN.values():
        module, _, name = where.rpartition(".")
        assert callable(getattr(importlib.import_module(module), name))
    for name, source in extension.carried_files().items():
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(source, str):
            target.write_text(source, encoding="utf-8")
        else:
            target.write_bytes(source.read_bytes())
    run = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from gosheet.formats.pack.loading import reportlab_loadable\n"
        "with reportlab_loadable():\n"
        "    import reportlab.platypus, reportlab.lib.utils\n"
        "print(reportlab.platypus.__file__.startswith(sys.argv[1]), 'PIL' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", run, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["True", "False"]
