"""The wheels the page installs in Pyodide: gosheet's own and its pure-Python dependencies.

Each is made from the distribution installed beside gosheet, so the page runs the very
versions the command line runs, and the build needs no network for them: gosheet's wheel from
its package folder (the bundled templates as ``gosheet/_templates``, as the real wheel has
them), each dependency's from the files its installer recorded. Compiled extension modules are
left out: the accelerators (:data:`gosheet.accelerators.ACCELERATORS`, whose distributions are
:data:`COMPILED`) are not taken at all, and a package with an optional compiled speed-up
(MarkupSafe, charset-normalizer) keeps its pure-Python fallback. pyuca's wheel keeps the one
table gosheet reads (:data:`gosheet.i18n.collation.TABLE`), not its four older ones. Every wheel is
``py3-none-any``; the page unpacks them into Pyodide's ``site-packages``.
"""

from __future__ import annotations

import base64
import hashlib
import io
import re
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from gosheet.i18n.collation import UNUSED_TABLES

COMPILED = frozenset({"rustworkx", "numpy", "scipy", "python-calamine", "pandas", "pillow"})
"""The distributions of gosheet's accelerators: compiled, and not needed (the pure path)."""
LEFT_OUT = (".so", ".pyd", ".dylib", ".pyc", ".pyi", ".po", ".pot")
"""Files no wheel of the page carries: compiled code, byte code, type stubs, catalogs' sources."""
SKIPPED_PARTS = ("__pycache__", "tests")
"""Folders left out of every wheel."""
STAMP = (2026, 1, 1, 0, 0, 0)
"""Every member's time in the zip: the same build makes the same bytes."""


@dataclass(frozen=True)
class Wheel:
    """One wheel: its file name (``name-version-py3-none-any.whl``) and bytes."""

    filename: str
    data: bytes


def canonical(name: str) -> str:
    """A distribution's name as PEP 503 compares it (``MarkupSafe`` → ``markupsafe``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_name(requirement: str) -> str | None:
    """The distribution a ``Requires-Dist`` line names, or None when only an extra asks for
    it (``rl_accel; extra == "accel"``) or only an older Python than any gosheet runs on
    (``importlib-metadata>=3.6.0; python_version < '3.10'``, segno's).

    >>> requirement_name("importlib-metadata>=3.6.0; python_version < '3.10'")
    >>> requirement_name("MarkupSafe>=2.0"), requirement_name("x; python_version >= '3.8'")
    ('markupsafe', 'x')
    """
    head, _sep, marker = requirement.partition(";")
    if "extra" in marker or not newer_python_needs(marker):
        return None
    match = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", head)
    return canonical(match.group(1)) if match else None


def dependencies(root: str = "gosheet") -> list[str]:
    """The installed distributions ``root`` needs, recursively, the compiled ones
    (:data:`COMPILED`) and what only they need left out; in a stable order."""
    found: list[str] = []
    todo = [canonical(root)]
    while todo:
        name = todo.pop(0)
        for requirement in metadata.requires(name) or ():
            needed = requirement_name(requirement)
            if needed and needed not in COMPILED and needed not in found and needed != root:
                found.append(needed)
                todo.append(needed)
    return sorted(found)


OLDEST_PYTHON = (3, 10)
"""The oldest Python gosheet runs on (``requires-python``); Pyodide's is newer."""
PYTHON_VERSION = re.compile(r"""python_version\s*(<=|>=|==|!=|<|>)\s*['"](\d+)\.(\d+)['"]""")


def newer_python_needs(marker: str) -> bool:
    """Whether a requirement's marker can hold on a Python gosheet runs on: False only for
    a ``python_version`` below :data:`OLDEST_PYTHON` (``< '3.10'``, ``<= '3.9'``); any
    other marker is taken to hold."""
    found = PYTHON_VERSION.search(marker)
    if found is None or " or " in marker:
        return True
    operator, version = found.group(1), (int(found.group(2)), int(found.group(3)))
    below = {"<": version <= OLDEST_PYTHON, "<=": version < OLDEST_PYTHON}
    return not below.get(operator, False) and not (operator == "==" and version < OLDEST_PYTHON)


def kept(relative: str) -> bool:
    """Whether a file of a package goes into its wheel."""
    parts = relative.split("/")
    if any(part in SKIPPED_PARTS for part in parts[:-1]):
        return False
    if UNUSED_TABLES.search(relative):  # pyuca's tables that gosheet does not read
        return False
    return not relative.endswith(LEFT_OUT) and ".dist-info/RECORD" not in relative


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def make_wheel(name: str, version: str, files: dict[str, bytes], metadata_text: str) -> Wheel:
    """A ``py3-none-any`` wheel of ``files`` (path in the wheel → bytes)."""
    stem = f"{canonical(name).replace('-', '_')}-{version}"
    info = f"{stem}.dist-info"
    members = {path: data for path, data in sorted(files.items()) if not path.startswith(info)}
    members[f"{info}/METADATA"] = metadata_text.encode("utf-8")
    members[f"{info}/WHEEL"] = (
        "Wheel-Version: 1.0\nGenerator: gosheet web-app\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    ).encode("ascii")
    record = [record_line(path, data) for path, data in members.items()]
    members[f"{info}/RECORD"] = ("\n".join([*record, f"{info}/RECORD,,"]) + "\n").encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, data in members.items():
            entry = zipfile.ZipInfo(path, STAMP)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return Wheel(f"{stem}-py3-none-any.whl", buffer.getvalue())


def installed_wheel(name: str) -> Wheel:
    """The wheel of the installed distribution ``name``, from the files it recorded."""
    dist = metadata.distribution(name)
    files: dict[str, bytes] = {}
    for file in dist.files or ():
        relative = file.as_posix()
        if relative.startswith("..") or not kept(relative):
            continue
        path = Path(str(file.locate()))
        if path.is_file():
            files[relative] = path.read_bytes()
    return make_wheel(dist.metadata["Name"], dist.version, files, metadata_text(dist))


def metadata_text(dist: metadata.Distribution) -> str:
    """The distribution's METADATA, as installed."""
    text = dist.read_text("METADATA")
    if text is None:
        return f"Metadata-Version: 2.1\nName: {dist.metadata['Name']}\nVersion: {dist.version}\n"
    return text


def gosheet_wheel() -> Wheel:
    """gosheet's own wheel, from the package folder it runs from (an install or a checkout)."""
    import gosheet
    from gosheet.workbook.template import TEMPLATE_NAME, bundled_template

    package = Path(gosheet.__file__).resolve().parent
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        relative = "gosheet/" + path.relative_to(package).as_posix()
        if path.is_file() and kept(relative):
            files[relative] = path.read_bytes()
    files[f"gosheet/_templates/{TEMPLATE_NAME}"] = bundled_template(TEMPLATE_NAME).read_bytes()
    dist = metadata.distribution("gosheet")
    return make_wheel("gosheet", dist.version, files, metadata_text(dist))


def wheels() -> list[Wheel]:
    """gosheet's wheel first, then each pure dependency's."""
    return [gosheet_wheel(), *(installed_wheel(name) for name in dependencies())]
