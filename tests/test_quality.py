"""The codebase's own rules that no linter has: no private name across modules, small
modules, and the layer contracts able to fail (a wrong import breaks one). ruff, its format,
mypy, the contracts themselves and the catalogs are checked before the tests, by
``tools/lint``."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

MAX_MODULE_LINES = 550
# Modules allowed past MAX_MODULE_LINES, each one subject that would not be clearer cut in two.
# (None today: core/blossom.py was one, until its sparse re-solves moved to sparse_blossom.py.)
LONG_MODULES: dict[str, str] = {}
# gettext's marking functions (docs/languages.md): private-looking names, meant to be imported.
GETTEXT_MARKERS = {"_", "_w", "_p"}


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed (pip install -e '.[test]')")
    return found


def _lint_imports(cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [_tool("lint-imports"), "--no-cache"],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=env,
    )


@pytest.mark.parametrize(
    ("module", "arrow"),
    [
        ("core/model.py", "import gosheet.workbook.sheets"),  # the core looking up
        ("workbook/sheets/reader.py", "import gosheet.app.actions"),  # a layer skipped upward
        ("core/ranks.py", "import openpyxl"),  # the core touching a spreadsheet library
        ("i18n/catalog.py", "import gosheet.core.model"),  # the languages looking up
        ("i18n/catalog.py", "import gosheet.excel"),  # the languages reaching the buttons
        ("app/messages.py", "import babel.messages"),  # Babel needed at run time
        ("core/matching.py", "import gosheet.core.model"),  # the matching knowing of Go
        ("core/systems/swiss.py", "import gosheet.core.systems.mcmahon"),  # one system another
        ("workbook/sheets/headers.py", "import defusedxml"),  # the workbook's own XML parser
        ("core/scoring.py", "import subprocess"),  # the core running a program
        ("workbook/xlsx/parts/cells.py", "import gosheet.workbook.limits"),  # the parts-limits loop
    ],
)
def test_a_wrong_arrow_breaks_a_contract(tmp_path: Path, module: str, arrow: str) -> None:
    """The contracts can fail: one import a contract forbids added to a copy of the package."""
    copy = tmp_path / "gosheet"
    shutil.copytree(ROOT / "gosheet", copy, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = copy / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{arrow}\n", encoding="utf-8")
    run = _lint_imports(tmp_path, pythonpath=tmp_path)
    assert run.returncode != 0 and "BROKEN" in run.stdout, run.stdout + run.stderr


def _modules() -> list[Path]:
    return sorted((ROOT / "gosheet").rglob("*.py"))


def test_no_private_name_is_imported_across_modules() -> None:
    """``from gosheet.x import _name`` ties a module to another's insides."""
    found = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("gosheet"):
                found += [
                    f"{path.relative_to(ROOT)}: {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_")
                    and not alias.name.startswith("__")
                    and alias.name not in GETTEXT_MARKERS
                ]
    assert not found, "\n".join(found)


def test_no_module_is_over_550_lines() -> None:
    """One subject a module: none over :data:`MAX_MODULE_LINES`, but those allowed by name
    (:data:`LONG_MODULES`), which stay under 600."""
    long = [
        f"{path.relative_to(ROOT)}: {count} lines"
        for path in _modules()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
        and (path.relative_to(ROOT).as_posix() not in LONG_MODULES or count > 600)
    ]
    assert not long, "\n".join(long)


def test_each_module_allowed_to_be_long_is_there() -> None:
    """The allow-list names modules that are there and that need it (an entry left behind
    after a module shrank or moved would allow a long module nobody chose)."""
    sizes = {
        name: len((ROOT / name).read_text(encoding="utf-8").splitlines())
        for name in LONG_MODULES
        if (ROOT / name).is_file()
    }
    assert sizes.keys() == LONG_MODULES.keys(), f"not found: {LONG_MODULES.keys() - sizes.keys()}"
    assert all(size > MAX_MODULE_LINES for size in sizes.values()), sizes


def test_no_merge_conflict_is_left_in_a_text_file() -> None:
    """A conflict's markers committed by a merge (docs/printing.md held one for weeks)."""
    tracked = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files"], capture_output=True, text=True, check=False
    )
    if tracked.returncode != 0:
        pytest.skip("not a git checkout")
    left = []
    for name in tracked.stdout.splitlines():
        path = ROOT / name
        if path.suffix not in {
            ".py",
            ".md",
            ".toml",
            ".po",
            ".txt",
            ".yml",
            ".html",
            ".js",
            ".css",
        }:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith(("<<<<<<< ", ">>>>>>> ")) or line == "=======":
                left.append(f"{name}:{number}")
    assert not left, left
