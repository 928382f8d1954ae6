"""gosheet as pure Python: what every door that runs gosheet without its compiled packages
carries — the LibreOffice extension (a folder, ``python/pythonpath/``), the browser page
(wheels for Pyodide) and the xlwings Lite workbook (one slim wheel). A module of the front
ends shared by those doors, not a door itself: each door chooses only its output and calls
this one.

Which distributions
    gosheet's own requirements, recursively, as the installed metadata states them
    (:func:`distributions`): a requirement only an extra asks for, or only a Python older
    than any gosheet runs on, is not followed; and gosheet's **accelerators** — the
    requirements its metadata asks for only where compiled code can run
    (``sys_platform != 'emscripten'``: rustworkx, numpy, scipy, python-calamine, pandas,
    Pillow; :mod:`gosheet.accelerators`) — are never carried, even where another package
    asks for one (reportlab asks for Pillow). No hand list: a new pure requirement of
    gosheet is carried by every door the day it is added to ``pyproject.toml``.
Which files
    each distribution's files as its installer recorded them (gosheet's own: its package
    folder, and the tournament template its real wheel holds as ``gosheet/_templates``),
    through one filter (:func:`kept`): no compiled code or its sources and stubs, no byte
    code or caches, no tests, no message catalogs' sources, only the one collation table
    gosheet reads (:data:`gosheet.i18n.collation.UNUSED_TABLES`); of a ``.dist-info``
    folder, ``METADATA`` and the licence files. A package with an optional compiled
    speed-up (MarkupSafe, charset-normalizer) keeps its pure-Python fallback.
The stand-in
    reportlab (the print pack) imports Pillow when it loads but draws no picture of
    gosheet's: where Pillow cannot be imported, one stand-in takes its place while reportlab
    loads, :func:`gosheet.formats.pack.loading.reportlab_loadable`, in every door alike
    (:data:`STOOD_IN`).
The wheels
    one writer (:func:`wheel`), ``py3-none-any``, byte for byte the same for the same files:
    entries sorted, each dated ``SOURCE_DATE_EPOCH`` when it is set, else
    :data:`FIXED_DATE`, with the same permissions (:func:`archive`).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib.machinery
import io
import os
import re
import time
import zipfile
from collections.abc import Iterable, Mapping
from importlib import metadata
from pathlib import Path, PurePosixPath

import gosheet
from gosheet.i18n.collation import UNUSED_TABLES
from gosheet.records import record

ROOT = "gosheet"
OLDEST_PYTHON = (3, 10)
"""The oldest Python gosheet runs on (``requires-python``): a requirement only an older one
needs is not carried."""
PURE_PLATFORM = "emscripten"
"""The platform where no compiled code can run (Pyodide's ``sys_platform``): gosheet's
metadata asks for its accelerators only off it."""
STOOD_IN = {"pillow": "gosheet.formats.pack.loading.reportlab_loadable"}
"""Accelerators another carried package imports, and what stands in for each."""

COMPILED = re.compile(r"\.(so|pyd|dylib|dll|c|h|pyx|pxd|pyi|pyc|pyo)$|(^|/)__pycache__/", re.I)
"""Compiled code, its sources and stubs, byte code and its caches."""
LEFT_OUT = re.compile(r"(^|/)tests?/|\.pot?$|(^|/)babel\.cfg$", re.IGNORECASE)
"""A package's tests, and the message catalogs' sources (their ``.mo`` files are carried)."""
LICENCE = re.compile(r"(^|/)(licen[cs]e|copying|notice|authors)[^/]*$|(^|/)licenses/", re.I)
"""The files of a ``.dist-info`` folder that say under what terms a package comes."""
FIXED_DATE = (2020, 2, 2, 0, 0, 0)
"""Every zip entry's date when ``SOURCE_DATE_EPOCH`` is not set (hatchling's own)."""
OLDEST_ZIP_DATE = 315532800
"""1980-01-01, the first date a zip file can hold."""


class NotInstalled(RuntimeError):
    """A distribution gosheet needs is not installed beside this gosheet."""


@record
class Distribution:
    """One carried distribution: its files by their place in ``site-packages`` (the
    ``.dist-info`` folder's licence files among them) and its ``METADATA``."""

    name: str  # as PEP 503 compares it: "markupsafe", "et-xmlfile"
    version: str
    metadata: str
    files: Mapping[str, Path]

    @property
    def info(self) -> str:
        """Its ``.dist-info`` folder: ``et_xmlfile-2.0.0.dist-info``."""
        return f"{self.name.replace('-', '_')}-{self.version}.dist-info"

    @property
    def modules(self) -> frozenset[str]:
        """The top-level modules and packages it brings (``et_xmlfile``, ``jinja2``)."""
        tops = {PurePosixPath(place).parts[0] for place in self.files}
        return frozenset(top.removesuffix(".py") for top in tops if not top.endswith(".dist-info"))

    def members(self) -> dict[str, bytes]:
        """Every file it carries, by its place, with its ``METADATA``; sorted."""
        found = {place: path.read_bytes() for place, path in self.files.items()}
        found[f"{self.info}/METADATA"] = self.metadata.encode("utf-8")
        return dict(sorted(found.items()))


def canonical(name: str) -> str:
    """A distribution's name as PEP 503 compares it (``MarkupSafe`` → ``markupsafe``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


PYTHON_VERSION = re.compile(r"""python_version\s*(<=|>=|==|!=|<|>)\s*['"](\d+)\.(\d+)['"]""")


def older_python_only(marker: str) -> bool:
    """Whether a marker holds only on a Python older than :data:`OLDEST_PYTHON`.

    >>> older_python_only("python_version < '3.10'"), older_python_only("python_version<'3.11'")
    (True, False)
    """
    found = PYTHON_VERSION.search(marker)
    if found is None or " or " in marker:
        return False
    operator, version = found.group(1), (int(found.group(2)), int(found.group(3)))
    return {"<": version <= OLDEST_PYTHON, "<=": version < OLDEST_PYTHON}.get(
        operator, operator == "==" and version < OLDEST_PYTHON
    )


def requirement_name(requirement: str) -> str | None:
    """The distribution a ``Requires-Dist`` line names where gosheet runs as pure Python,
    or None when only an extra asks for it, only an older Python, or only a platform where
    compiled code runs (gosheet's accelerators).

    >>> requirement_name("MarkupSafe>=2.0"), requirement_name("rl_accel; extra == 'accel'")
    ('markupsafe', None)
    >>> requirement_name("numpy>=1.26; sys_platform != 'emscripten'")
    """
    head, _sep, marker = requirement.partition(";")
    if "extra" in marker or older_python_only(marker) or PURE_PLATFORM in marker:
        return None
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", head)
    return canonical(match.group(1)) if match else None


def requires(name: str) -> list[str]:
    """The ``Requires-Dist`` lines of the installed distribution ``name``."""
    try:
        return metadata.requires(name) or []
    except metadata.PackageNotFoundError:
        raise NotInstalled(
            f"{name} is not installed beside gosheet ({gosheet.__file__}): "
            f"pip install {name if name != ROOT else '-e .'}, then build again"
        ) from None


def accelerators() -> frozenset[str]:
    """gosheet's requirements asked for only where compiled code runs: never carried."""
    marked = (line for line in requires(ROOT) if PURE_PLATFORM in line.partition(";")[2])
    return frozenset(canonical(re.split(r"[\s<>=!~;\[]", line, maxsplit=1)[0]) for line in marked)


def distributions() -> list[str]:
    """The distributions carried besides gosheet: its requirements, recursively, without the
    accelerators and what only they need; sorted."""
    skipped = accelerators()
    found: set[str] = set()
    todo = [ROOT]
    while todo:
        for line in requires(todo.pop()):
            needed = requirement_name(line)
            if needed and needed not in skipped | found | {ROOT}:
                found.add(needed)
                todo.append(needed)
    return sorted(found)


def compiled(name: str) -> bool:
    """Whether a file is compiled code (or its source, stub or byte code).

    >>> [compiled(n) for n in ("markupsafe/_speedups.cpython-311-x86_64-linux-gnu.so",
    ...     "markupsafe/_native.py", "reportlab/__pycache__/rl_config.cpython-311.pyc")]
    [True, False, True]
    """
    return bool(COMPILED.search(name)) or name.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES)
    )


def kept(place: str) -> bool:
    """Whether a file, by its place in ``site-packages``, is carried (the one filter).

    >>> [kept(n) for n in ("jinja2/nodes.py", "jinja2-3.1.6.dist-info/RECORD",
    ...     "jinja2-3.1.6.dist-info/licenses/LICENSE.txt", "gosheet/i18n/a.po", "x/tests/t.py")]
    [True, False, True, False, False]
    """
    parts = PurePosixPath(place).parts
    if not parts or parts[0] == ".." or compiled(place) or LEFT_OUT.search(place):
        return False
    if parts[0].endswith(".dist-info"):  # not the installer's files (RECORD, INSTALLER …)
        inside = "/".join(parts[1:])
        return inside == "METADATA" or bool(LICENCE.search(inside))
    return not UNUSED_TABLES.search(place)


def installed(name: str) -> Distribution:
    """The installed distribution ``name``, its files through :func:`kept`."""
    requires(name)  # says so when it is not installed
    found = metadata.distribution(name)
    info = f"{canonical(found.metadata['Name']).replace('-', '_')}-{found.version}.dist-info"
    files: dict[str, Path] = {}
    for entry in found.files or ():
        parts = PurePosixPath(str(entry)).parts
        path = Path(str(found.locate_file(entry)))
        own_metadata = parts[0].endswith(".dist-info") and parts[1:] == ("METADATA",)
        if own_metadata or not kept("/".join(parts)) or not path.is_file():
            continue
        if parts[0].endswith(".dist-info"):  # under its name as the wheel's name spells it
            parts = (info, *parts[1:])
        files["/".join(parts)] = path
    text = found.read_text("METADATA") or f"Name: {found.metadata['Name']}\n"
    return Distribution(canonical(found.metadata["Name"]), found.version, text, files)


def own() -> Distribution:
    """gosheet itself, from the package folder it runs from (an install or a checkout), with
    the tournament template its wheel holds."""
    from gosheet.workbook.template import TEMPLATE_NAME, bundled_template

    package = Path(gosheet.__file__).resolve().parent
    files = {
        f"{ROOT}/{path.relative_to(package).as_posix()}": path
        for path in sorted(package.rglob("*"))
        if path.is_file()
    }
    files[f"{ROOT}/_templates/{TEMPLATE_NAME}"] = bundled_template(TEMPLATE_NAME)
    requires(ROOT)  # says so when gosheet is not installed
    found = metadata.distribution(ROOT)
    text = found.read_text("METADATA") or f"Name: {ROOT}\nVersion: {found.version}\n"
    kept_files = {place: path for place, path in files.items() if kept(place)}
    return Distribution(ROOT, found.version, text, kept_files)


def carried() -> list[Distribution]:
    """gosheet first, then every carried distribution."""
    return [own(), *(installed(name) for name in distributions())]


def imported(leaving_out: Iterable[str] = ()) -> frozenset[str]:
    """The carried distributions gosheet's own modules import (but those under the dotted
    prefixes ``leaving_out``), read from their sources."""
    owners = metadata.packages_distributions()
    skipped = tuple(leaving_out)
    package = Path(gosheet.__file__).resolve().parent
    names: set[str] = set()
    for path in package.rglob("*.py"):
        dotted = ".".join((ROOT, *path.relative_to(package).with_suffix("").parts))
        if dotted.startswith(skipped):
            continue
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return frozenset(canonical(d) for name in names for d in owners.get(name, ())) & set(
        distributions()
    )


def requirements(leaving_out: Iterable[str] = ()) -> list[str]:
    """gosheet's own requirement lines (``openpyxl>=3.1``) for the carried distributions
    its modules import, but those under the dotted prefixes ``leaving_out``; in the order of
    gosheet's metadata."""
    needed = imported(leaving_out)
    return [
        line.partition(";")[0].strip()
        for line in requires(ROOT)
        if requirement_name(line) in needed
    ]


def zip_date() -> tuple[int, int, int, int, int, int]:
    """The date of every zip entry: ``SOURCE_DATE_EPOCH`` when set, else :data:`FIXED_DATE`."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not epoch:
        return FIXED_DATE
    moment = time.gmtime(max(int(epoch), OLDEST_ZIP_DATE))
    return (moment.tm_year, moment.tm_mon, moment.tm_mday, moment.tm_hour, moment.tm_min,
            moment.tm_sec)  # fmt: skip


def archive(members: Mapping[str, bytes]) -> bytes:
    """A zip of ``members`` (name → bytes) that is the same bytes for the same members:
    entries in their given order, one date (:func:`zip_date`), the same permissions."""
    date = zip_date()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as written:
        for name, data in members.items():
            entry = zipfile.ZipInfo(name, date)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.create_system = 3  # Unix, wherever it is built
            entry.external_attr = 0o644 << 16
            written.writestr(entry, data)
    return out.getvalue()


@record
class Wheel:
    """One wheel: its file name (``name-version-py3-none-any.whl``) and bytes."""

    filename: str
    data: bytes


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def wheel(distribution: Distribution, generator: str = "gosheet") -> Wheel:
    """The ``py3-none-any`` wheel of ``distribution``: its members sorted, its
    ``.dist-info`` (``WHEEL``, then ``RECORD``) last."""
    info = distribution.info
    members = distribution.members()
    ordered = {n: d for n, d in members.items() if not n.startswith(f"{info}/")}
    ordered.update((n, d) for n, d in members.items() if n.startswith(f"{info}/"))
    ordered[f"{info}/WHEEL"] = (
        f"Wheel-Version: 1.0\nGenerator: {generator}\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode("ascii")
    record = [record_line(name, data) for name, data in ordered.items()]
    ordered[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    stem = info.removesuffix(".dist-info")
    return Wheel(f"{stem}-py3-none-any.whl", archive(ordered))
