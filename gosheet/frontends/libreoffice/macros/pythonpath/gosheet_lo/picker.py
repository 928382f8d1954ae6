"""Merge helpers' copies: the copies of the workbook the organiser chooses in LibreOffice's
file picker (several at once), or the paths a caller gave the macro (a script, the tests:
``XScript.invoke`` with the paths as arguments)."""

from __future__ import annotations

import os
from typing import Any

from .bridge import script_path
from .dialogs import NO_DIALOGS_ENV
from .errors import Failure, say

FILTER = "*.ods;*.xlsx;*.xlsm"
FILE_OPEN = 0  # com.sun.star.ui.dialogs.TemplateDescription.FILEOPEN_SIMPLE
OK = 1  # com.sun.star.ui.dialogs.ExecutableDialogResults.OK


def chosen_copies(args: tuple[Any, ...], context: Any, document: Any) -> list[str]:
    """The copies' paths: those given as arguments, else those chosen in the file picker
    (opened in the workbook's folder); none chosen is a :class:`Failure`, nothing changed."""
    given = [a for a in args if isinstance(a, str) and a]
    if given:
        return given
    picked = pick(context, document) if context is not None else []
    if not picked:
        raise Failure(say("No copy chosen; nothing was changed."))
    return picked


def pick(context: Any, document: Any) -> list[str]:
    """The files chosen in the file picker; none when cancelled, or where no dialog may be
    shown (``GOSHEET_NO_DIALOGS``)."""
    if os.environ.get(NO_DIALOGS_ENV, "").strip() not in ("", "0"):
        return []
    component = context.getComponentContext()
    picker = component.getServiceManager().createInstanceWithArgumentsAndContext(
        "com.sun.star.ui.dialogs.FilePicker", (FILE_OPEN,), component
    )
    picker.setTitle(say("Choose the helpers' copies of the workbook"))
    picker.setMultiSelectionMode(True)
    picker.appendFilter(say("Workbooks"), FILTER)
    url = document.getURL() if hasattr(document, "getURL") else ""
    if isinstance(url, str) and url.startswith("file:"):
        picker.setDisplayDirectory(url.rsplit("/", 1)[0])
    if picker.execute() != OK:
        return []
    urls = list(picker.getSelectedFiles())
    return [path for path in map(script_path, urls) if path]


def document_name(document: Any) -> str:
    """The workbook's file name for the message (its title when never saved)."""
    url = document.getURL() if hasattr(document, "getURL") else ""
    if isinstance(url, str) and url.startswith("file:"):
        return os.path.basename(script_path(url) or "")
    title = document.getTitle() if hasattr(document, "getTitle") else ""
    return title if isinstance(title, str) else ""
