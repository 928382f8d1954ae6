"""reportlab loaded where Pillow cannot be imported (LibreOffice's own Python, WebAssembly
Python; ``GOSHEET_PURE``).

reportlab imports Pillow's ``Image`` when it starts (``reportlab.lib.utils``) but uses it only
for pictures, and the print pack has none: where Pillow (a compiled package) cannot be
imported, a stand-in ``PIL.Image`` is in ``sys.modules`` while reportlab loads, and is taken
out again at once, so that nothing else (openpyxl deciding whether it can keep a picture)
ever sees it. Anything that would use the stand-in says that Pillow is missing.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

from gosheet import accelerators

STAND_INS = ("PIL", "PIL.Image")


class _MissingPillow(types.ModuleType):
    """A module every attribute of which raises :class:`ImportError` (Pillow is missing)."""

    def __getattr__(self, name: str) -> NoReturn:
        if name.startswith("__"):
            raise AttributeError(name)
        raise ImportError(f"Pillow cannot be imported here (PIL.{self.__name__}.{name})")


@contextmanager
def reportlab_loadable() -> Iterator[None]:
    """Within the block, reportlab can be imported even where Pillow cannot."""
    if "reportlab.lib.utils" in sys.modules or accelerators.available("PIL.Image"):
        yield
        return
    before = {name: sys.modules.get(name) for name in STAND_INS}
    package = types.ModuleType("PIL")
    image = _MissingPillow("PIL.Image")
    package.Image = image  # type: ignore[attr-defined]
    package.__path__ = []
    sys.modules.update({"PIL": package, "PIL.Image": image})
    try:
        yield
    finally:
        for name, module in before.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module
