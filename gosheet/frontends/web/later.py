"""The packages the page loads only when a button first needs them.

The page starts with gosheet's own wheel alone: pairing, standings, checking need nothing
else. ReportLab (the print pack), Jinja2 (the pages), segno (QR codes), pyuca (names in
order), openpyxl (a roster's workbook) … come when a button first imports one of them: the
import stops the action (:class:`NotLoadedYet`), the worker loads them all, and runs the
action again. No list of which button needs which: whatever an action imports, as the
command line does, is there when it runs.

>>> wait_for(["a_module_of_later"])
>>> try:
...     import a_module_of_later.inside
... except NotLoadedYet as missing:
...     print(missing.module)
a_module_of_later
>>> loaded()
>>> import a_module_of_later
Traceback (most recent call last):
ModuleNotFoundError: No module named 'a_module_of_later'
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Iterable, Sequence
from types import ModuleType


class NotLoadedYet(BaseException):  # a signal, as KeyboardInterrupt is
    """An action imported a package the page loads later (``except Exception`` lets it
    through: no door mistakes it for a missing optional package)."""

    def __init__(self, module: str) -> None:
        super().__init__(module)
        self.module = module


class Later(importlib.abc.MetaPathFinder):
    """The finder that stops an import of a module loaded later."""

    def __init__(self, modules: Iterable[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        top = fullname.partition(".")[0]
        if top in self.modules:
            raise NotLoadedYet(top)
        return None


def wait_for(modules: Iterable[str]) -> None:
    """Stop every import of ``modules`` (top-level names) until :func:`loaded`."""
    loaded()
    if modules:
        sys.meta_path.insert(0, Later(modules))


def loaded() -> None:
    """The packages loaded later are here: imports find them again."""
    sys.meta_path[:] = [finder for finder in sys.meta_path if not isinstance(finder, Later)]
    importlib.invalidate_caches()
