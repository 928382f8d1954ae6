"""The compiled packages gosheet uses when it can import them, and goes without when it cannot.

gosheet's rounds, standings and files come from pure Python; each compiled package is an
accelerator: rustworkx (the blossom), numpy and scipy (OpenGotha's pair costs, the assignment
relaxation), python-calamine (reading a workbook), pandas (rosters), Pillow (pictures kept at
a save). Where one cannot be imported — LibreOffice's own Python, WebAssembly Python in the
browser — gosheet takes its pure-Python path and writes the same rounds.

Every optional import of a compiled package goes through :func:`load`, so that one switch
turns them off: the environment variable ``GOSHEET_PURE`` (``1`` or ``all``: every
accelerator; or names separated by commas, ``GOSHEET_PURE=rustworkx,numpy``), read when
gosheet is imported, or :func:`pure` in the tests (the same process compares both paths).

>>> with pure():
...     load("numpy") is None
True
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from types import ModuleType

#: Every compiled package gosheet can use, by import name.
ACCELERATORS = ("rustworkx", "numpy", "scipy", "python_calamine", "pandas", "PIL")

ENVIRONMENT = "GOSHEET_PURE"

#: The oldest release of an accelerator gosheet uses (import name: distribution, version): the
#: pure path gives the values of this release, cell for cell, and an older one differs on some
#: cells (python-calamine 0.8, the last release for Python 3.10, reads some dates, durations
#: and booleans otherwise), so an older one is left alone and the pure path taken.
MINIMUM = {"python_calamine": ("python-calamine", (0, 9))}


def _from_environment(value: str) -> frozenset[str]:
    value = value.strip()
    if value.lower() in {"1", "all", "yes", "true"}:
        return frozenset(ACCELERATORS)
    return frozenset(name.strip() for name in value.split(",") if name.strip())


_blocked: frozenset[str] = _from_environment(os.environ.get(ENVIRONMENT, ""))


def blocked(name: str) -> bool:
    """Whether the accelerator ``name`` is switched off (``GOSHEET_PURE`` or :func:`pure`)."""
    return name.split(".")[0] in _blocked


def load(name: str) -> ModuleType | None:
    """The module ``name`` (``"numpy"``, ``"scipy.sparse"`` …), or None when it is switched
    off or cannot be imported (not installed, or no compiled code can run here)."""
    if blocked(name) or not _recent_enough(name):
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


@functools.cache
def _recent_enough(name: str) -> bool:
    """Whether the installed release of ``name`` is at least its :data:`MINIMUM` (True for
    an accelerator without one, or one not installed: its import then says so)."""
    if name not in MINIMUM:
        return True
    distribution, oldest = MINIMUM[name]
    release = _release(name, distribution)
    if release is None:
        return True
    numbers = tuple(int(part) for part in re.findall(r"\d+", release)[: len(oldest)])
    return numbers >= oldest


def _release(name: str, distribution: str) -> str | None:
    """The installed release of ``distribution`` (whose module is ``name``), or None: from the
    name of its ``.dist-info`` folder beside the module (a look at one folder), else from
    :mod:`importlib.metadata` (whose import alone takes some 20 ms: not at every start)."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return None
    if spec is None or spec.origin is None:
        return None
    folder = os.path.dirname(os.path.dirname(spec.origin))
    prefix = distribution.replace("-", "_").lower() + "-"
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    for entry in names:
        if entry.lower().startswith(prefix) and entry.endswith(".dist-info"):
            return entry[len(prefix) : -len(".dist-info")]
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def available(name: str) -> bool:
    """Whether :func:`load` gives the module ``name``."""
    return load(name) is not None


@contextmanager
def pure(names: Iterable[str] = ACCELERATORS) -> Iterator[None]:
    """Within the block, :func:`load` gives None for ``names`` (every accelerator by
    default): the pure-Python path, in the same process as the accelerated one."""
    global _blocked
    before = _blocked
    _blocked = before | frozenset(names)
    try:
        yield
    finally:
        _blocked = before
