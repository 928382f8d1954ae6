"""gosheet run in LibreOffice's own Python, from the extension.

``gosheet.oxt`` carries gosheet and the pure-Python packages it needs in ``python/pythonpath/``
beside this package (``gosheet libreoffice build``). LibreOffice appends that folder to the
``sys.path`` its Python shares with every extension; :func:`carried_first` moves it to the
front, so that gosheet and its packages are always the extension's own, never another version
a system Python happens to hold. The request is answered by gosheet's JSON bridge
(``gosheet.app.bridge``) in this very process: the same contract as ``gosheet bridge``, without
a process, a command or an installation.

Pillow is compiled and not carried; reportlab (the print pack) imports it when it loads, and
gosheet's own stand-in takes its place while it does, here as in every door
(:func:`gosheet.formats.pack.loading.reportlab_loadable`).
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from typing import Any

from .errors import Failure, describe

#: The oldest Python gosheet runs on (LibreOffice 25.2 bundles Python 3.10 on Windows and macOS).
OLDEST_PYTHON = (3, 10)
#: The oldest LibreOffice whose own Python runs gosheet on Windows and macOS (the
#: ``BUNDLED_PYTHON_LIBREOFFICE`` of ``gosheet/frontends/libreoffice/description.py``).
NEEDED_LIBREOFFICE = "25.2"
#: Where LibreOffice is downloaded.
DOWNLOAD = "https://www.libreoffice.org/download/"
#: This Python's version (what :func:`python_problem` compares).
RUNNING = tuple(sys.version_info[:3])
PYTHONPATH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REINSTALL = (
    "Install the gosheet extension again: double-click the gosheet .oxt file you downloaded "
    "(or Tools ▸ Extension Manager… ▸ Add… and choose it)."
)


def carried_first() -> None:
    """The extension's ``pythonpath`` folder first on ``sys.path``."""
    if sys.path and sys.path[0] == PYTHONPATH:
        return
    while PYTHONPATH in sys.path:
        sys.path.remove(PYTHONPATH)
    sys.path.insert(0, PYTHONPATH)


def python_problem() -> str | None:
    """What to tell an organiser whose LibreOffice's Python is older than gosheet's oldest
    (None: it runs gosheet): the LibreOffice to install, and where it is."""
    if RUNNING >= OLDEST_PYTHON:
        return None
    return (
        "gosheet needs LibreOffice {need} or later: this LibreOffice runs Python {have}, "
        "and gosheet needs Python {oldest} or later, which LibreOffice {need} brings. "
        "Download LibreOffice {need} or later from {download} and install it; the gosheet "
        "extension then works as it is. Nothing was changed."
    ).format(
        need=NEEDED_LIBREOFFICE,
        have=".".join(map(str, RUNNING)),
        oldest=".".join(map(str, OLDEST_PYTHON)),
        download=DOWNLOAD,
    )


def check_python() -> None:
    """Raise :class:`Failure` saying which LibreOffice is needed, when this one's Python cannot
    run gosheet: the first thing every action does."""
    problem = python_problem()
    if problem is not None:
        raise Failure(problem)


def gosheet_version() -> str:
    """The version of the gosheet the extension carries ('' when it cannot be read)."""
    if python_problem() is not None:
        return ""
    carried_first()
    try:
        return str(importlib.import_module("gosheet.about").VERSION)
    except Exception:
        return ""


def load_gosheet() -> Any:
    """gosheet's JSON bridge, imported from the extension."""
    check_python()
    carried_first()
    try:
        bridge = importlib.import_module("gosheet.app.bridge")
    except ImportError as error:
        raise Failure(
            f"gosheet could not be loaded from its extension ({describe(error)}). {REINSTALL}"
        ) from None
    return bridge


def action_table() -> dict[str, dict[str, Any]]:
    """gosheet's table of actions, as the macros need it (``gosheet.app.doors.macro_table``):
    by action, its title and what it does; empty when gosheet cannot be loaded (the action
    then says so)."""
    if python_problem() is not None:
        return {}
    carried_first()
    try:
        doors = importlib.import_module("gosheet.app.doors")
    except Exception:
        return {}
    table: dict[str, dict[str, Any]] = doors.macro_table()
    return table


def new_choices() -> dict[str, Any]:
    """What New tournament… offers, as ``gosheet new`` does: its systems (``--system``), the
    one chosen when none is (go: McMahon), gosheet's languages and the tournament types
    (``--type``: individual first)."""
    check_python()
    carried_first()
    systems = importlib.import_module("gosheet.core.systems")
    catalog = importlib.import_module("gosheet.i18n.catalog")
    kinds = importlib.import_module("gosheet.core.teams.fields")
    return {
        "systems": [s.name for s in systems.REGISTRY.values() if not s.opengotha],
        "system": str(systems.default_system("go")),
        "languages": list(catalog.LANGUAGES),
        "types": list(kinds.TYPE_NAMES),
    }


def translated(language: str, texts: Any) -> dict[str, str]:
    """``texts`` in ``language`` by gosheet's catalog (English → translated; English, or a
    language gosheet does not speak: none)."""
    if python_problem() is not None:
        return {}
    carried_first()
    try:
        catalog = importlib.import_module("gosheet.i18n.catalog")
        if language not in catalog.LANGUAGES or language == "en":
            return {}
        words = catalog.translator(language)
        return {text: str(words.gettext(text)) for text in texts}
    except Exception:
        return {}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """gosheet's answer to a bridge request, in this process."""
    bridge = load_gosheet()
    catalog = importlib.import_module("gosheet.i18n.catalog")
    catalog.use("en")  # as every gosheet command starts: until the workbook says otherwise
    text, _code = bridge.run(json.dumps(request, ensure_ascii=False))
    found = json.loads(text)
    if not isinstance(found, dict):
        raise Failure(f"gosheet's answer is not understood ({text[:80]}); nothing was changed.")
    return found
