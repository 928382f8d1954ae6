"""The Pyodide runtime the page runs gosheet in: npm's ``pyodide`` package, one tarball.

The tarball is taken from the npm registry (or a file given, for a machine without the
network), checked against its published SHA-512 and kept in the cache
(``~/.cache/gosheet/``, or ``$XDG_CACHE_HOME/gosheet/``), so that a second build is offline.
The npm package carries the core runtime and the standard library, not the CDN's package
builds: the page installs nothing from it but gosheet's own wheels (:mod:`.wheels`).

Pyodide 314.0.8 is Python 3.14.2 compiled to WebAssembly (Emscripten 5.0.3), the newest
stable release when the page was made; docs/web.md says why and how to change it.
"""

from __future__ import annotations

import base64
import hashlib
import io
import os
import tarfile
import tempfile
import urllib.request
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.records import record

VERSION = "314.0.8"
"""The Pyodide release the page runs (``pyodide`` on npm)."""
INTEGRITY = (
    "sha512-"
    "74Wq1kXOC+CCEzAfxuRAO701nAcCMLjf8NrwvWpu8S41dVMXwXmLQ05dYB+F4e46AdnGo0oq7YHSVUpHsoarLQ=="
)
"""The tarball's integrity as npm publishes it (``npm view pyodide@VERSION dist.integrity``)."""
TARBALL_URL = f"https://registry.npmjs.org/pyodide/-/pyodide-{VERSION}.tgz"
PYTHON = "3.14"
"""The Python version of that release (the wheels are pure, any Python 3 takes them)."""

FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)
"""What the page needs of the package: the loader, the runtime, the standard library, the lock
file the loader reads at start (no package of it is ever loaded), and the version."""
LICENSE = "LICENSE-pyodide.txt"


@record
class Runtime:
    """The runtime's files by name, and where the tarball came from."""

    files: dict[str, bytes]
    tarball: Path


def cache_folder() -> Path:
    """Where downloads are kept between builds: ``$XDG_CACHE_HOME/gosheet`` or
    ``~/.cache/gosheet``."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gosheet"


def checked(data: bytes, integrity: str | None = None) -> bool:
    """Whether ``data`` has the SRI ``integrity`` (``sha512-<base64>``; default: the
    release's, :data:`INTEGRITY`)."""
    algorithm, _sep, expected = (integrity or INTEGRITY).partition("-")
    digest = hashlib.new(algorithm, data).digest()
    return base64.b64encode(digest).decode("ascii") == expected


def tarball(given: Path | None = None, cache: Path | None = None) -> Path:
    """The tarball: ``given``, else the cached one, else downloaded from npm into the cache.
    A file that is not the release refuses the build (:class:`FileProblem`)."""
    if given is not None:
        if not checked(Path(given).read_bytes()):
            raise FileProblem(f"{given} is not npm's pyodide {VERSION} (its SHA-512 differs)")
        return Path(given)
    folder = cache or cache_folder()
    kept = folder / f"pyodide-{VERSION}.tgz"
    if kept.is_file() and checked(kept.read_bytes()):
        return kept
    data = download(TARBALL_URL)
    if not checked(data):
        raise FileProblem(f"{TARBALL_URL} is not npm's pyodide {VERSION} (its SHA-512 differs)")
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile(dir=folder, delete=False, suffix=".part") as part:
        part.write(data)
    os.replace(part.name, kept)
    return kept


def download(url: str) -> bytes:
    """The bytes at ``url`` (the npm registry), or :class:`FileProblem` saying what to do."""
    try:
        with urllib.request.urlopen(url, timeout=120) as answer:
            data: bytes = answer.read()
            return data
    except OSError as error:
        raise FileProblem(
            _(
                "Pyodide {version} could not be downloaded from {url} ({error}); give the "
                "tarball with '--pyodide' ('npm pack pyodide@{version}')"
            ).format(version=VERSION, url=url, error=error)
        ) from error


def runtime(given: Path | None = None, cache: Path | None = None) -> Runtime:
    """The runtime's files (:data:`FILES`, and Pyodide's licence) from the tarball."""
    path = tarball(given, cache)
    files: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(path.read_bytes()), mode="r:gz") as archive:
        for member in archive.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and name in FILES:
                extracted = archive.extractfile(member)
                assert extracted is not None
                files[name] = extracted.read()
    missing = [name for name in FILES if name not in files]
    if missing:
        raise FileProblem(f"{path} lacks {', '.join(missing)}")
    files[LICENSE] = MPL_NOTE.encode("utf-8")
    return Runtime(files, path)


MPL_NOTE = f"""Pyodide {VERSION} (https://github.com/pyodide/pyodide), from npm's `pyodide`
package, is distributed under the Mozilla Public License 2.0
(https://mozilla.org/MPL/2.0/); CPython under the Python Software Foundation License.
The files of this folder named pyodide* and python_stdlib.zip are unchanged from that
package.
"""
