"""Real LibreOffice for the tests (:mod:`gosheet.frontends.libreoffice`, imported only to
look for it): what is missing, said
with the Debian package that brings it, and the skip (or, with ``GOSHEET_REQUIRE_SOFFICE=1``
as in CI, the failure) when something is. The ``office`` fixture itself (one headless
LibreOffice a test module, gosheet's extension installed) is in ``tests/conftest.py``.

``missing_office() -> str | None``, ``require_office()``; ``act(office, book, url, out)``
(a menu action on a document: its outcome and the document's state); ``SOFFICE`` (``soffice``
on the PATH, or None), ``needs_soffice`` (the mark of tests that only convert with
``soffice``) and ``convert(folder, kind, *books)`` (``soffice --convert-to``).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
from contextlib import suppress
from pathlib import Path
from subprocess import PIPE
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from gosheet.frontends.libreoffice.office import Office

REQUIRED = os.environ.get("GOSHEET_REQUIRE_SOFFICE") == "1"
"""CI: what is missing fails the tests instead of skipping them."""
SOFFICE = shutil.which("soffice")
INSTALL_SOFFICE = "apt-get install libreoffice-calc-nogui"
XLSX = "Calc MS Excel 2007 XML"
ODS = "calc8"
TIMEOUT = 240
"""Seconds a conversion may take (a cold LibreOffice on a loaded machine)."""

needs_soffice = pytest.mark.skipif(
    SOFFICE is None and not REQUIRED,
    reason=f"LibreOffice (soffice) is not installed: {INSTALL_SOFFICE}",
)
"""The mark of tests that run ``soffice --convert-to`` (no macros, no UNO)."""


def missing_office() -> str | None:
    """What keeps the tests from driving LibreOffice over UNO, and how to install it; None when
    nothing is missing."""
    from gosheet.frontends.libreoffice.office import find_soffice, find_uno_python, program_dir

    soffice = find_soffice()
    if soffice is None:
        return f"LibreOffice (soffice) is not installed: {INSTALL_SOFFICE}"
    if not (program_dir(soffice) / "pythonscript.py").exists():
        return (
            "LibreOffice has no Python script provider: "
            "apt-get install libreoffice-script-provider-python"
        )
    if find_uno_python(soffice) is None:
        return "no Python can import uno: apt-get install python3-uno"
    return None


def require_office() -> None:
    """Skip the test when LibreOffice cannot be driven (fail it under
    ``GOSHEET_REQUIRE_SOFFICE=1``)."""
    missing = missing_office()
    if missing is not None:
        if REQUIRED:
            pytest.fail(missing)
        pytest.skip(missing)


def act(office: Office, book: Path, url: str | None, out: Path | None = None) -> dict[str, Any]:
    """Open ``book``, run the action at ``url`` as the menu does (none: nothing), save a copy
    to ``out`` (``.ods`` or ``.xlsx``) and close it (every document closed, whatever happens):
    the action's ``outcome`` and the document's ``state`` after it."""
    from gosheet.frontends.libreoffice.office import LibreOfficeError

    steps: list[dict[str, Any]] = [{"do": "open", "path": str(book)}]
    if url is not None:
        steps.append({"do": "dispatch", "url": url})
    steps.append({"do": "state"})
    if out is not None:
        steps.append(
            {"do": "store", "path": str(out), "filter": ODS if out.suffix == ".ods" else XLSX}
        )
    steps.append({"do": "close"})
    try:
        found = office.check(steps)
    finally:
        with suppress(LibreOfficeError):
            office.run([{"do": "close_all"}])
    if url is None:
        return {"outcome": None, "state": found[1]}
    return {"outcome": json.loads(found[1]["result"]), "state": found[2]}


def convert(folder: Path, kind: str, *books: Path, outdir: Path | None = None) -> Path:
    """``soffice --headless --convert-to KIND`` of ``books`` into ``outdir`` (default:
    ``folder``), with a LibreOffice profile of its own in ``folder``: the output folder. soffice
    runs in a process group of its own, killed when it is done or hangs (it starts helpers)."""
    assert SOFFICE is not None
    out = outdir or folder
    args = [
        SOFFICE,
        "--headless",
        "--norestore",
        f"-env:UserInstallation={(folder / 'profile').as_uri()}",
        "--convert-to",
        kind,
        "--outdir",
        str(out),
        *map(str, books),
    ]
    process = subprocess.Popen(
        args, cwd=folder, stdout=PIPE, stderr=PIPE, text=True, start_new_session=True
    )
    try:
        _out, err = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"soffice did not finish within {TIMEOUT} s (killed)")
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # any helper left behind
    assert process.returncode == 0, err
    return out
