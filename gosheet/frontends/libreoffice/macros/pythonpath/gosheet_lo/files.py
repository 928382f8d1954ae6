"""Files beside the workbook: the print pack, which ``gosheet bridge`` answers as one
``{"op": "file", "suffix": ".pack.pdf", "base64": "…"}`` operation and the macro
writes beside the open document (``cup.ods`` → ``cup.pack.pdf``)."""

from __future__ import annotations

import base64
import binascii
import os
from typing import Any

from .bridge import FIX_COMMAND, script_path
from .errors import Failure, say

UNSAVED = "Save the workbook first: the print pack is written beside it."


def document_path(document: Any) -> str:
    """The open document's file; a document never saved (or not a file) is refused."""
    url = document.getURL() if hasattr(document, "getURL") else ""
    if not isinstance(url, str) or not url.startswith("file:"):
        raise Failure(UNSAVED)
    path = script_path(url)
    if not path or not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise Failure(UNSAVED)
    return path


def beside(workbook: str, suffix: str) -> str:
    """The file beside the workbook with that suffix instead of its extension.

    >>> beside("/cups/cup.xlsx", ".pack.pdf")
    '/cups/cup.pack.pdf'
    """
    return os.path.splitext(workbook)[0] + suffix


def the_file(operations: Any) -> tuple[str, bytes]:
    """The suffix and bytes of the answer's one ``file`` operation."""

    def wrong(what: str) -> Failure:
        return Failure(
            f"gosheet's answer is not understood ({what}); nothing was written. "
            "Are gosheet and its LibreOffice extension the same version? " + FIX_COMMAND
        )

    files = (
        [o for o in operations or [] if isinstance(o, dict) and o.get("op") == "file"]
        if isinstance(operations, list)
        else []
    )
    if len(files) != 1:
        raise wrong("no file in it")
    suffix, data = files[0].get("suffix"), files[0].get("base64")
    if not isinstance(suffix, str) or not suffix.startswith(".") or os.sep in suffix:
        raise wrong(f"a file suffix {suffix!r}")
    try:
        return suffix, base64.b64decode(str(data), validate=True)
    except (binascii.Error, ValueError):
        raise wrong("a file that is not base64") from None


def write_beside(workbook: str, operations: Any) -> str:
    """Write the answer's file beside the workbook (replacing an older one in one step);
    the path written."""
    suffix, data = the_file(operations)
    target = beside(workbook, suffix)
    partial = f"{target}.{os.getpid()}.tmp"
    try:
        with open(partial, "wb") as stream:
            stream.write(data)
        os.replace(partial, target)
    except OSError as error:
        raise Failure(
            say(
                "The print pack could not be written to {path} ({error}).",
                path=target,
                error=error.strerror or error,
            )
        ) from None
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return target


def written_message(message: str, target: str) -> str:
    """gosheet's message ("Print pack of round 3 made: …") saying where the file went.

    >>> written_message("Print pack of round 3 made: pairings.", "/c/cup.pack.pdf")
    'Print pack of round 3 written to /c/cup.pack.pdf: pairings.'
    """
    if " made:" in message:
        return message.replace(" made:", f" written to {target}:", 1)
    return message + "\n" + say("Written to {path}.", path=target)
