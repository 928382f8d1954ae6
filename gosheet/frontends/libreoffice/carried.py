"""What ``gosheet.oxt`` carries so that LibreOffice's own Python runs gosheet with nothing
else installed: gosheet itself and the pure-Python packages its menu's actions import, copied
from the distributions installed beside this gosheet (no network), their compiled files left
out, each with its licence files.

They go into the extension's ``python/pythonpath/`` folder, which LibreOffice puts on its
Python's ``sys.path``: each package as it lies in ``site-packages``, and its
``NAME-VERSION.dist-info/`` with ``METADATA`` and the licence files (so that
``importlib.metadata`` finds them there too).

The list, :data:`CARRIED`, is what the actions load in a Python that refuses every compiled
module (``tests/support/compiled_blocked.py``): Jinja2 and MarkupSafe (Publish pages; MarkupSafe
without its C speed-ups, which it does without), reportlab (Print pack; it imports Pillow,
which a stand-in replaces: ``gosheet_lo.carried``), segno (the QR codes of both, pure
Python), pyuca (every list sorted by name, :mod:`gosheet.i18n.collation`; only the table it
reads, its four older ones left out: :data:`~gosheet.i18n.collation.UNUSED_TABLES`),
defusedxml (the OpenGotha file), openpyxl and et_xmlfile (gosheet's ``.xlsx`` writer,
should an action reach it). Left out:
numpy, rustworkx, scipy, python-calamine, pandas, Pillow (compiled: gosheet takes its
pure-Python path without them) and networkx (gosheet's own matching does without it);
charset-normalizer, which reportlab imports only to parse its XML markup, which gosheet does
not use.
"""

from __future__ import annotations

import importlib.machinery
import re
from importlib import metadata
from pathlib import Path, PurePosixPath

import gosheet
from gosheet.i18n.collation import UNUSED_TABLES

#: The distributions carried besides gosheet, by their names on PyPI.
CARRIED = (
    "openpyxl",
    "et_xmlfile",
    "defusedxml",
    "jinja2",
    "markupsafe",
    "reportlab",
    "segno",
    "pyuca",
)

#: What is never carried: compiled code, its sources and stubs, byte code.
LEFT_OUT = re.compile(
    r"(\.(so|pyd|dylib|dll|c|h|pyx|pxd|pyi|pyc|pyo)$)|(^|/)__pycache__/", re.IGNORECASE
)
#: The files of a ``.dist-info`` folder that say under what terms a package comes.
LICENCE = re.compile(r"(^|/)(licen[cs]e|copying|notice|authors)[^/]*$|(^|/)licenses/", re.I)
#: gosheet's own files that LibreOffice never needs: the catalogs' sources (the compiled
#: ``.mo`` files are carried), and the macros (in the extension's ``python/`` folder already).
GOSHEET_LEFT_OUT = re.compile(
    r"\.po$|^gosheet/i18n/babel\.cfg$|^gosheet/frontends/libreoffice/macros/"
)


class NotInstalled(RuntimeError):
    """A distribution the extension carries is not installed beside this gosheet."""


def compiled(name: str) -> bool:
    """Whether a file is compiled code (or its source, stub or byte code), left out.

    >>> [compiled(n) for n in ("markupsafe/_speedups.cpython-311-x86_64-linux-gnu.so",
    ...     "markupsafe/_native.py", "reportlab/__pycache__/rl_config.cpython-311.pyc")]
    [True, False, True]
    """
    return bool(LEFT_OUT.search(name)) or name.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    )


def distribution_files(name: str) -> dict[str, Path]:
    """The files of an installed distribution to carry, by their place under ``pythonpath/``:
    its packages and modules without their compiled files, and its ``.dist-info/``
    ``METADATA`` and licence files."""
    try:
        found = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise NotInstalled(
            f"{name} is not installed beside gosheet ({gosheet.__file__}): "
            f"pip install {name}, then build the extension again"
        ) from None
    files: dict[str, Path] = {}
    for entry in found.files or ():
        place = PurePosixPath(str(entry))
        if not place.parts or place.parts[0] == ".." or compiled(place.as_posix()):
            continue
        if UNUSED_TABLES.search(place.as_posix()):
            continue
        if place.parts[0].endswith(".dist-info"):
            inside = PurePosixPath(*place.parts[1:]).as_posix()
            if not (inside == "METADATA" or LICENCE.search(inside)):
                continue
        path = Path(str(found.locate_file(entry)))
        if path.is_file():
            files[place.as_posix()] = path
    return files


def gosheet_files() -> dict[str, Path]:
    """gosheet's own package, from where this gosheet is imported (a source tree or an
    installed wheel): its modules and the data it reads (message catalogs, fonts, page
    templates, the demo roster)."""
    package = Path(gosheet.__file__).resolve().parent
    files: dict[str, Path] = {}
    for path in sorted(package.rglob("*")):
        name = f"gosheet/{path.relative_to(package).as_posix()}"
        if path.is_file() and not compiled(name) and not GOSHEET_LEFT_OUT.search(name):
            files[name] = path
    return files


def gosheet_metadata() -> str:
    """gosheet's ``METADATA``: the installed one, else the few lines that name it."""
    try:
        text = metadata.distribution("gosheet").read_text("METADATA")
    except metadata.PackageNotFoundError:
        text = None
    return text or (
        f"Metadata-Version: 2.1\nName: gosheet\nVersion: {gosheet.__version__}\n"
        "License: GPL-3.0-or-later\n"
    )


def carried_files() -> dict[str, Path | str]:
    """Everything the extension carries under ``python/pythonpath/``: a file's place there →
    the file to copy (or the text to write)."""
    files: dict[str, Path | str] = dict(gosheet_files())
    files[f"gosheet-{gosheet.__version__}.dist-info/METADATA"] = gosheet_metadata()
    for name in CARRIED:
        files.update(distribution_files(name))
    return files
