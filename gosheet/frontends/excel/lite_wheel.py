"""gosheet as one slim pure-Python wheel for xlwings Lite.

xlwings Lite installs a workbook's requirements with Pyodide's ``micropip``: pure wheels
from PyPI, or a wheel's URL. gosheet is not on PyPI, and its usual wheel requires compiled
packages (rustworkx, python-calamine …) that have no WebAssembly build: micropip would
refuse it. This wheel is gosheet's own files as every door carries them
(:mod:`gosheet.frontends.carried`), its requirements only the carried ones its Excel buttons
import: not those only printing and publishing import (:data:`PRINTING`: reportlab, Jinja2,
segno), which Lite's buttons never do, nor those modules' data (the PDF pack's fonts, the
pages' templates). micropip installs the requirements from PyPI.

The bytes are the same for the same gosheet (sorted entries, one date), so a workbook made
twice is the same workbook.
"""

from __future__ import annotations

import functools
from importlib import metadata

from gosheet.frontends import carried
from gosheet.records import replace

PRINTING = ("gosheet.formats.pack", "gosheet.formats.site", "gosheet.formats.qr")
"""What xlwings Lite's buttons never run (``lite_run.ACTIONS`` neither prints nor
publishes): the wheel asks for nothing only these import, and leaves out their data."""
GENERATOR = "gosheet excel-template --lite"


@functools.cache
def requirements() -> tuple[str, ...]:
    """gosheet's requirement lines the buttons need (``openpyxl>=3.1`` …)."""
    return tuple(carried.requirements(leaving_out=PRINTING))


def __getattr__(name: str) -> tuple[str, ...]:
    if name == "PURE_REQUIREMENTS":  # computed from gosheet's metadata when first asked
        return requirements()
    raise AttributeError(name)


def version() -> str:
    carried.requires(carried.ROOT)  # says so when gosheet is not installed
    return metadata.version(carried.ROOT)


def wheel_name() -> str:
    return f"gosheet-{version()}-py3-none-any.whl"


def slim(place: str) -> bool:
    """Whether a file of gosheet's goes into the slim wheel: not the data of
    :data:`PRINTING`'s modules (their Python modules stay: importing them needs nothing)."""
    folders = tuple(module.replace(".", "/") + "/" for module in PRINTING)
    return place.endswith(".py") or not place.startswith(folders)


def metadata_text() -> str:
    return "\n".join(
        [
            "Metadata-Version: 2.1",
            "Name: gosheet",
            f"Version: {version()}",
            "Summary: Go tournaments in a spreadsheet (the pure-Python build for xlwings Lite)",
            "License: GPL-3.0-or-later",
            "Requires-Python: >=3.10",
            *(f"Requires-Dist: {requirement}" for requirement in requirements()),
            "",
        ]
    )


def build() -> bytes:
    """The wheel's bytes."""
    gosheet = carried.own()
    files = {place: path for place, path in gosheet.files.items() if slim(place)}
    return carried.wheel(replace(gosheet, files=files, metadata=metadata_text()), GENERATOR).data
