"""gosheet as a pure-Python wheel for xlwings Lite.

xlwings Lite installs a workbook's requirements with Pyodide's ``micropip``: pure wheels
from PyPI, or a wheel's URL. gosheet is not on PyPI, and its usual wheel requires compiled
packages (rustworkx, python-calamine …) that have no WebAssembly build: micropip would
refuse it. This wheel is gosheet's package as installed here, whose requirements are only
the pure packages its Excel buttons need on the pure path (:data:`PURE_REQUIREMENTS`);
the compiled ones are accelerators (:mod:`gosheet.accelerators`) that gosheet does without.
It leaves out what the buttons never read: the PDF pack's fonts, the catalogs' ``.po``
sources (the compiled ``.mo`` stay), the caches.

The bytes are the same for the same gosheet (sorted entries, a fixed date), so a
workbook made twice is the same workbook.
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from importlib import metadata
from pathlib import Path

import gosheet

PURE_REQUIREMENTS = ("openpyxl>=3.1", "defusedxml>=0.7", "pyuca>=1.2")
"""What the Excel buttons import besides gosheet and the standard library: openpyxl
(gosheet's workbook module, and through it et-xmlfile), defusedxml (the rating lists
and OpenGotha's XML) and pyuca (players tied in the standings, in the order of their names:
:mod:`gosheet.i18n.collation`). All are pure wheels on PyPI."""

LEFT_OUT_SUFFIXES = (".pyc", ".po", ".ttf", ".pot")
LEFT_OUT_DIRS = ("__pycache__",)
FIXED_DATE = (2020, 2, 2, 0, 0, 0)  # as hatchling's reproducible wheels


def version() -> str:
    try:
        return metadata.version("gosheet")
    except metadata.PackageNotFoundError:  # a source tree on sys.path
        return "0.0.0"


def wheel_name() -> str:
    return f"gosheet-{version()}-py3-none-any.whl"


def _package_files(root: Path) -> list[Path]:
    return sorted(
        path
        for path in root.rglob("*")
        if path.is_file()
        and path.suffix not in LEFT_OUT_SUFFIXES
        and not any(part in LEFT_OUT_DIRS for part in path.relative_to(root).parts)
    )


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build() -> bytes:
    """The wheel's bytes."""
    root = Path(gosheet.__file__).parent
    dist_info = f"gosheet-{version()}.dist-info"
    entries: list[tuple[str, bytes]] = [
        (f"gosheet/{path.relative_to(root).as_posix()}", path.read_bytes())
        for path in _package_files(root)
    ]
    meta = "\n".join(
        [
            "Metadata-Version: 2.1",
            "Name: gosheet",
            f"Version: {version()}",
            "Summary: Go tournaments in a spreadsheet (the pure-Python build for xlwings Lite)",
            "License: GPL-3.0-or-later",
            "Requires-Python: >=3.10",
            *(f"Requires-Dist: {requirement}" for requirement in PURE_REQUIREMENTS),
            "",
        ]
    )
    wheel = "\n".join(
        [
            "Wheel-Version: 1.0",
            "Generator: gosheet excel-template --lite",
            "Root-Is-Purelib: true",
            "Tag: py3-none-any",
            "",
        ]
    )
    entries += [
        (f"{dist_info}/METADATA", meta.encode()),
        (f"{dist_info}/WHEEL", wheel.encode()),
    ]
    record = "".join(f"{name},{_digest(data)},{len(data)}\n" for name, data in entries)
    entries.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return out.getvalue()
