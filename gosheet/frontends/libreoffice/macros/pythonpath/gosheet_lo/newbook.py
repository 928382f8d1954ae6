"""New tournament… and Import roster…: a new Calc document holding a new tournament, made by
gosheet from the organiser's choices (system, rounds, language) or from a roster (CSV, xlsx,
ods) or an OpenGotha file.

The choices come from the dialog and the file picker (:mod:`.asking`), or from a caller as the
macro's arguments (a script, the tests: ``NewTournament("swiss", 4, "fr")``,
``ImportRoster("/cups/roster.csv")``). gosheet answers through its JSON bridge with the new
workbook's bytes (``.xlsx``: its bundled template, in the chosen language), which LibreOffice
opens as a new, unsaved document ("Untitled 2"): the organiser saves it where they like.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import os
import shutil
import tempfile
from typing import Any

from .bridge import FIX_COMMAND, call_gosheet, script_path
from .calc import uno_module
from .errors import Failure, learn, say

MAKERS = ("new", "import")
"""The actions that make a new document rather than change the open one."""
NEW_BOOK = "tournament.xlsx"
"""The name gosheet's messages give the new workbook (``NEW_BOOK`` of gosheet's bridge); the
macro says the new document's own name instead."""
NOTHING_CHOSEN = "Nothing chosen; no tournament was made."


def given_choices(args: tuple[Any, ...]) -> dict[str, Any] | None:
    """The choices a caller gave ``NewTournament``: (system, rounds, language, tournament
    type), each '' or 0 for gosheet's default; None when none were given (the dialog asks).

    >>> given_choices(("swiss", 4.0, "fr"))
    {'system': 'swiss', 'rounds': 4, 'language': 'fr', 'type': None}
    >>> given_choices(("", 0, "", "teams"))["type"]
    'teams'
    >>> given_choices(()) is None
    True
    """
    plain = [a for a in args if isinstance(a, (str, int, float)) and not isinstance(a, bool)]
    if not plain:
        return None
    system, rounds, language, kind = [*plain, "", 0, "", ""][:4]
    return {
        "system": str(system) or None,
        "rounds": int(rounds) if isinstance(rounds, (int, float)) and rounds else None,
        "language": str(language) or None,
        "type": str(kind) or None,
    }


def given_roster(args: tuple[Any, ...]) -> str | None:
    """The roster's path a caller gave ``ImportRoster`` (None: the file picker asks)."""
    for candidate in args:
        if isinstance(candidate, str) and candidate:
            return script_path(candidate)
    return None


def request_of(action: str, args: tuple[Any, ...], context: Any) -> dict[str, Any]:
    """What gosheet is asked: the choices, and for ``import`` the roster; asked of the
    organiser when the caller did not give them; nothing chosen is a :class:`Failure`."""
    from .asking import ask_choices, pick_roster  # the dialogs: only when they are needed

    if action == "new":
        choices = given_choices(args)
        if choices is None and context is not None:
            choices = ask_choices(context)
        if choices is None:
            raise Failure(say(NOTHING_CHOSEN))
        return {"choices": choices}
    roster = given_roster(args)
    if roster is None and context is not None:
        roster = pick_roster(context)
    if not roster:
        raise Failure(say(NOTHING_CHOSEN))
    return {"roster": roster}


def make(action: str, args: tuple[Any, ...], context: Any) -> tuple[dict[str, Any], Any]:
    """Make the new tournament and open it; the outcome (``document``: the new document's
    title) and the new document."""
    extra = request_of(action, args, context)
    answer = call_gosheet(action, {}, "", extra)
    learn(answer)
    if not answer.get("ok"):
        problems = [p for p in answer.get("problems") or [] if isinstance(p, dict)]
        raise Failure(str(answer.get("message") or say("gosheet refused the workbook.")), problems)
    document = open_new(context, workbook_bytes(answer.get("operations")))
    title = str(document.getTitle())
    message = str(answer.get("message") or say("Done.")).replace(NEW_BOOK, title)
    return {"ok": True, "message": message, "problems": [], "document": title}, document


def workbook_bytes(operations: Any) -> bytes:
    """The new workbook's bytes, the answer's one ``file`` operation."""
    files = [o for o in operations or [] if isinstance(o, dict) and o.get("op") == "file"]
    if len(files) != 1 or files[0].get("suffix") != ".xlsx":
        raise Failure(
            "gosheet's answer is not understood (no new workbook); nothing was made. " + FIX_COMMAND
        )
    try:
        return base64.b64decode(str(files[0].get("base64") or ""), validate=True)
    except (binascii.Error, ValueError):
        raise Failure("gosheet's answer is not understood (a file that is not base64).") from None


def property_value(name: str, value: Any) -> Any:
    item = uno_module().createUnoStruct("com.sun.star.beans.PropertyValue")
    item.Name, item.Value = name, value
    return item


def shown(document: Any) -> bool:
    """Whether ``document``'s window is shown (a headless office's documents are hidden, and
    the new one is then hidden too); no document: shown."""
    try:
        return bool(document.getCurrentController().getFrame().getContainerWindow().isVisible())
    except Exception:
        return document is None


def open_new(context: Any, data: bytes) -> Any:
    """The workbook ``data`` opened as a new, unsaved Calc document (a copy of it, as of a
    template: saving asks where), shown as the document the menu was used in is."""
    uno = uno_module()
    desktop = context.getDesktop()
    current = None
    with contextlib.suppress(Exception):
        current = desktop.getCurrentComponent()
    folder = tempfile.mkdtemp(prefix="gosheet-")
    try:
        path = os.path.join(folder, NEW_BOOK)
        with open(path, "wb") as file:
            file.write(data)
        arguments = [property_value("AsTemplate", True)]
        if current is not None and not shown(current):
            arguments.append(property_value("Hidden", True))
        url = uno.systemPathToFileUrl(path)
        document = desktop.loadComponentFromURL(url, "_blank", 0, tuple(arguments))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if document is None:
        raise Failure("LibreOffice could not open the new workbook; nothing was made.")
    return document
