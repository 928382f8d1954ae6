"""The codebase's own rules: layers, lint, types."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "gosheet" / "core"
SPREADSHEET_LIBRARIES = {
    "openpyxl",
    "pandas",
    "python_calamine",
    "xlwings",
    "uno",
    "gosheet.io",
    "gosheet.app.actions",
    "gosheet.frontends.cli",
}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", sorted(CORE.rglob("*.py")), ids=lambda p: p.name)
def test_the_core_knows_nothing_of_spreadsheets(path: Path) -> None:
    for name in _imports(path):
        assert not any(
            name == lib or name.startswith(lib + ".") for lib in SPREADSHEET_LIBRARIES
        ), f"{path.relative_to(ROOT)} imports {name}"


def test_matching_knows_nothing_of_go() -> None:
    assert not any(n.startswith("gosheet") for n in _imports(CORE / "matching.py"))


def _tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed (pip install -e '.[test]')")
    return found


def test_ruff_is_clean() -> None:
    run = subprocess.run(
        [_tool("ruff"), "check", "gosheet", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_strict_is_clean() -> None:
    run = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
