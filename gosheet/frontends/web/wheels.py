"""The wheels the page installs in Pyodide: gosheet as pure Python
(:mod:`gosheet.frontends.carried`, the one list every door shares), one wheel a distribution.

Each is made from the distribution installed beside gosheet, so the page runs the very
versions the command line runs, and the build needs no network for them. Every wheel is
``py3-none-any`` and the same bytes for the same files; the page unpacks them into Pyodide's
``site-packages``.
"""

from __future__ import annotations

from gosheet.frontends.carried import Wheel, carried, wheel

GENERATOR = "gosheet web-app"


def wheels() -> list[Wheel]:
    """gosheet's wheel first, then each carried distribution's."""
    return [wheel(distribution, GENERATOR) for distribution in carried()]
