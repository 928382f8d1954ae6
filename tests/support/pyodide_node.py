"""Real Pyodide (WebAssembly CPython) under Node, for the tests of what runs in a browser
or in xlwings Lite.

Pyodide comes from npm's ``pyodide`` package, installed once into a cache folder
(``~/.cache/gosheet-tests/pyodide-VERSION``, or ``$GOSHEET_TEST_CACHE``); the pure wheels a
test needs come from PyPI through pip (``pip download --only-binary=:all: --platform any``),
cached too. No other network is used: Pyodide's own package index is never reached, and
wheels are installed by unpacking them into Pyodide's ``site-packages``.

The default version is 0.27.5, the Pyodide of xlwings Lite's last published upgrade (its
changelog, 1.0.0.0-12); ``$GOSHEET_PYODIDE_VERSION`` chooses another.

:func:`run_python` runs a Python file in a fresh Pyodide with a folder of the host mounted
at ``/work`` (its inputs and outputs) and returns what it printed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

PYODIDE_VERSION = os.environ.get("GOSHEET_PYODIDE_VERSION", "0.27.5")
PYODIDE_PYTHON = {"0.27": "3.12", "0.28": "3.13", "0.29": "3.13"}
CACHE = Path(os.environ.get("GOSHEET_TEST_CACHE", Path.home() / ".cache" / "gosheet-tests"))

DRIVER = """\
import {{ loadPyodide }} from "{module}";
const work = process.argv[2];
const py = await loadPyodide();
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, {{ root: work }}, "/work");
try {{
  await py.runPythonAsync(
    "import runpy; runpy.run_path('/work/main.py', run_name='__main__')"
  );
}} catch (error) {{
  console.error(String(error));
  process.exit(1);
}}
"""

PRELUDE = """\
import sys, sysconfig, zipfile, pathlib
for _wheel in sorted(pathlib.Path('/work/wheels').glob('*.whl')):
    zipfile.ZipFile(_wheel).extractall(sysconfig.get_paths()['purelib'])
"""


def node() -> str:
    found = shutil.which("node")
    if found is None:
        pytest.skip("Node.js is not installed (apt-get install nodejs npm)")
    return found


def pyodide_dir(version: str = PYODIDE_VERSION) -> Path:
    """npm's ``pyodide`` package of ``version``, installed into the cache once."""
    folder = CACHE / f"pyodide-{version}"
    package = folder / "node_modules" / "pyodide"
    if (package / "pyodide.mjs").is_file():
        return package
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed (apt-get install npm)")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text('{"private": true}\n')
    subprocess.run(
        [npm, "install", "--no-save", "--ignore-scripts", f"pyodide@{version}"],
        cwd=folder,
        check=True,
        capture_output=True,
        timeout=600,
    )
    return package


def python_version(version: str = PYODIDE_VERSION) -> str:
    return PYODIDE_PYTHON.get(".".join(version.split(".")[:2]), "3.13")


def pure_wheels(requirements: Sequence[str], version: str = PYODIDE_VERSION) -> list[Path]:
    """Pure wheels of ``requirements`` (``name`` or ``name==version``; no dependencies
    followed) from PyPI, for the Python of that Pyodide; cached."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    found = []
    for requirement in requirements:
        name, _, pinned = requirement.partition("==")
        stem = name.strip().replace("-", "_").casefold() + "-"

        def present(stem: str = stem, pinned: str = pinned) -> list[Path]:
            return [
                p
                for p in folder.glob("*.whl")
                if p.name.casefold().startswith(stem) and (not pinned or f"-{pinned}-" in p.name)
            ]

        if not present():
            subprocess.run(
                [
                    sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                    "--only-binary=:all:", "--platform", "any", "--implementation", "py",
                    "--python-version", python_version(version), "-d", str(folder), requirement,
                ],
                check=True,
                capture_output=True,
                timeout=600,
            )  # fmt: skip
        found.append(max(present(), key=lambda p: p.stat().st_mtime))
    return found


def run_python(
    work: Path, code: str, wheels: Sequence[Path] = (), timeout: float = 900
) -> subprocess.CompletedProcess[str]:
    """Run ``code`` as ``/work/main.py`` in a fresh Pyodide, ``work`` mounted at ``/work``
    and ``wheels`` installed first. Returns the finished process (stdout, stderr,
    returncode)."""
    package = pyodide_dir()
    executable = node()
    wheel_dir = work / "wheels"
    wheel_dir.mkdir(parents=True, exist_ok=True)
    for wheel in wheels:
        shutil.copy(wheel, wheel_dir / wheel.name)
    (work / "main.py").write_text(PRELUDE + code, encoding="utf-8")
    driver = work / "driver.mjs"
    driver.write_text(DRIVER.format(module=(package / "pyodide.mjs").as_uri()), encoding="utf-8")
    return subprocess.run(
        [executable, str(driver), str(work)],
        capture_output=True,
        text=True,
        timeout=timeout,
    )
