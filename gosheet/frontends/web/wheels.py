"""The wheels the page installs in Pyodide: gosheet as pure Python
(:mod:`gosheet.frontends.carried`, the one list every door shares), one wheel a distribution.

Each is made from the distribution installed beside gosheet, so the page runs the very
versions the command line runs, and the build needs no network for them. Every wheel is
``py3-none-any`` and the same bytes for the same files; the page unpacks them into Pyodide's
``site-packages``.

The page starts with gosheet's own wheel alone, without the print pack's fonts (:func:`parts`):
every other distribution, and the fonts, come when a button first imports one of them
(:mod:`.later`).
"""

from __future__ import annotations

from gosheet.frontends.carried import ROOT, Wheel, archive, carried, wheel
from gosheet.records import record, replace

GENERATOR = "gosheet web-app"
FONTS = f"{ROOT}/formats/pack/fonts/"
"""The print pack's fonts (1.4 MB of gosheet's 2.9): only the print pack reads them."""


def wheels() -> list[Wheel]:
    """gosheet's wheel first, then each carried distribution's."""
    return [wheel(distribution, GENERATOR) for distribution in carried()]


@record
class Parts:
    """What the page loads at start (``start``), and what it loads when a button first
    imports one of ``modules`` (``later``: the other wheels, and the fonts as a zip to unpack
    into ``site-packages``)."""

    start: list[Wheel]
    later: list[Wheel]
    modules: list[str]


def parts() -> Parts:
    """gosheet's wheel without its fonts at start; the rest later."""
    mine, *others = carried()
    fonts = {place: path for place, path in mine.files.items() if place.startswith(FONTS)}
    slim = replace(mine, files={p: f for p, f in mine.files.items() if p not in fonts})
    packed = archive({place: fonts[place].read_bytes() for place in sorted(fonts)})
    later = [wheel(other, GENERATOR) for other in others]
    later.append(Wheel(f"{ROOT}_fonts-{mine.version}.zip", packed))
    modules = sorted({module for other in others for module in other.modules})
    return Parts([wheel(slim, GENERATOR)], later, modules)
