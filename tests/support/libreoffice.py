"""Real LibreOffice for the tests (:mod:`gosheet.frontends.libreoffice`, imported only to
look for it): what is missing, said
with the Debian package that brings it, and the skip (or, with ``GOSHEET_REQUIRE_SOFFICE=1``
as in CI, the failure) when something is. The ``office`` fixture itself (one headless
LibreOffice a test module, gosheet's extension installed) is in ``tests/conftest.py``.

``missing_office() -> str | None``, ``require_office()``; ``act(office, book, url, out)``
(a menu action on a document: its outcome and the document's state); ``SOFFICE`` (``soffice``
on the PATH, or None), ``needs_soffice`` (the mark of tests that only convert) and
``convert(folder, kind, *books)`` (what ``soffice --convert-to`` does, by one running
LibreOffice a test worker: ``converter``, ``stop_converter``).
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from contextlib import suppress
from pathlib import Path
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
TIMEOUT = 600
"""The ceiling of a LibreOffice start or conversion (seconds): only a LibreOffice that hangs
reaches it, the wait itself ends when LibreOffice answers."""

needs_soffice = pytest.mark.skipif(
    SOFFICE is None and not REQUIRED,
    reason=f"LibreOffice (soffice) is not installed: {INSTALL_SOFFICE}",
)
"""The mark of tests that only convert books (:func:`convert`: no extension, no macros)."""


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
        found = office.check(steps, timeout=TIMEOUT)
    finally:
        with suppress(LibreOfficeError):
            office.run([{"do": "close_all"}], timeout=TIMEOUT)
    if url is None:
        return {"outcome": None, "state": found[1]}
    return {"outcome": json.loads(found[1]["result"]), "state": found[2]}


FILTERS = {"pdf": "calc_pdf_Export", "ods": ODS, "xlsx": XLSX}
"""The export filter of each kind ``convert`` makes (those ``soffice --convert-to`` picks)."""
RUNNING: dict[str, Office] = {}
"""The test worker's LibreOffice for conversions, once started (``converter``)."""


def converter() -> Office:
    """The one headless LibreOffice of this process (an xdist worker) that converts books: no
    extension, a profile of its own in a temporary folder; started at the first conversion
    (a fresh one if it has died), stopped by :func:`stop_converter` at the end of the session
    (``tests/conftest.py``). A cold LibreOffice takes seconds to start: once, not per file."""
    from gosheet.frontends.libreoffice.office import Office, find_soffice, find_uno_python

    running = RUNNING.get("office")
    if running is not None and running.process is not None and running.process.poll() is None:
        return running
    stop_converter()
    soffice = find_soffice()
    if soffice is None or find_uno_python(soffice) is None:
        missing = (
            f"LibreOffice (soffice) is not installed: {INSTALL_SOFFICE}"
            if soffice is None
            else "no Python can import uno: apt-get install python3-uno"
        )
        if REQUIRED:
            pytest.fail(missing)
        pytest.skip(missing)
    office = Office(
        Path(tempfile.mkdtemp(prefix="gosheet-convert-")) / "profile", start_timeout=TIMEOUT
    )
    try:
        office.start()
    except BaseException:
        stop_converter(office)
        raise
    RUNNING["office"] = office
    return office


def stop_converter(office: Office | None = None) -> None:
    """Stop the conversions' LibreOffice (its whole process group) and remove its profile."""
    office = office or RUNNING.pop("office", None)
    if office is not None:
        office.stop()
        if office.profile is not None:
            shutil.rmtree(office.profile.parent, ignore_errors=True)


def convert(folder: Path, kind: str, *books: Path, outdir: Path | None = None) -> Path:
    """``books`` converted to ``kind`` (``pdf``, ``ods`` or ``xlsx``) into ``outdir``
    (default: ``folder``), each as ``STEM.KIND``, as ``soffice --convert-to KIND`` does it (the
    same export filters), by the worker's running LibreOffice (:func:`converter`); every
    document closed afterwards, whatever happens."""
    from gosheet.frontends.libreoffice.office import LibreOfficeError

    out = outdir or folder
    out.mkdir(parents=True, exist_ok=True)
    steps: list[dict[str, Any]] = []
    for book in books:
        target = out / f"{book.stem}.{kind}"
        steps += [
            {"do": "open", "path": str(book)},
            {"do": "store", "path": str(target), "filter": FILTERS[kind]},
            {"do": "close"},
        ]
    office = converter()
    try:
        office.check(steps, timeout=TIMEOUT)
    finally:
        with suppress(LibreOfficeError):
            office.run([{"do": "close_all"}], timeout=TIMEOUT)
    return out
