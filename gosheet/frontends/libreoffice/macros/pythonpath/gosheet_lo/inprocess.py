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
PYTHONPATH = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REINSTALL = "Install the gosheet extension again (Tools ▸ Extensions, or double-click gosheet.oxt)."


def carried_first() -> None:
    """The extension's ``pythonpath`` folder first on ``sys.path``."""
    if sys.path and sys.path[0] == PYTHONPATH:
        return
    while PYTHONPATH in sys.path:
        sys.path.remove(PYTHONPATH)
    sys.path.insert(0, PYTHONPATH)


def load_gosheet() -> Any:
    """gosheet's JSON bridge, imported from the extension."""
    if sys.version_info < OLDEST_PYTHON:
        raise Failure(
            "gosheet needs Python {need} or later; this LibreOffice runs Python {have}. "
            "Install LibreOffice 25.2 or later.".format(
                need=".".join(map(str, OLDEST_PYTHON)),
                have=".".join(map(str, sys.version_info[:3])),
            )
        )
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
    if sys.version_info < OLDEST_PYTHON:
        return {}
    carried_first()
    try:
        doors = importlib.import_module("gosheet.app.doors")
    except Exception:
        return {}
    table: dict[str, dict[str, Any]] = doors.macro_table()
    return table


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
