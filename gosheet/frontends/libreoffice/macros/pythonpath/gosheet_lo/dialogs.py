"""Telling the organiser how an action went: a message box over the document."""

from __future__ import annotations

import os
from typing import Any

from .calc import uno_module
from .errors import say
from .inprocess import gosheet_version

NO_DIALOGS_ENV = "GOSHEET_NO_DIALOGS"
MAX_LISTED = 25  # problems listed in the message box


def message_text(outcome: dict[str, Any]) -> str:
    """The message box's text: gosheet's message, the problem list cut at
    :data:`MAX_LISTED` lines.

    >>> message_text({"ok": True, "message": "Standings updated."})
    'Standings updated.'
    """
    lines = str(outcome.get("message") or "").splitlines()
    if len(lines) > MAX_LISTED + 2:
        hidden = len(lines) - MAX_LISTED - 1
        lines = [
            *lines[: MAX_LISTED + 1],
            say("  … and {count} more (Check the workbook marks them all).", count=hidden),
        ]
    return "\n".join(lines)


def box_title(title: str) -> str:
    """A message box's title: gosheet, its version (when gosheet can be loaded), the action:
    "gosheet 0.9.0 — Pair next round"."""
    version = gosheet_version()
    named = f"gosheet {version}" if version else "gosheet"
    return named if title in ("", "gosheet") else f"{named} — {title}"


def tell(context: Any, document: Any, title: str, outcome: dict[str, Any]) -> None:
    """A message box over the document (``context`` is the macro's
    ``XSCRIPTCONTEXT``); never fails, never blocks a headless office."""
    if os.environ.get(NO_DIALOGS_ENV, "").strip() not in ("", "0"):
        return
    try:
        uno = uno_module()
        if context is None:
            return
        component = context.getComponentContext()
        toolkit = component.getServiceManager().createInstanceWithContext(
            "com.sun.star.awt.Toolkit", component
        )
        if document is not None and document.getCurrentController() is not None:
            parent = document.getCurrentController().getFrame().getContainerWindow()
        else:
            parent = toolkit.getDesktopWindow()
        if outcome.get("ok"):
            kind = "INFOBOX"
        else:
            kind = "WARNINGBOX" if outcome.get("problems") else "ERRORBOX"
        box = toolkit.createMessageBox(
            parent,
            uno.Enum("com.sun.star.awt.MessageBoxType", kind),
            1,  # MessageBoxButtons.BUTTONS_OK
            box_title(title),
            message_text(outcome),
        )
        box.execute()
        box.dispose()
    except Exception:
        pass
