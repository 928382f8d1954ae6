"""Files beside the workbook, which gosheet's answer brings as ``file`` operations
(``gosheet/app/bridge.py``) and the macro writes beside the open document: the print pack
(``cup.ods`` → ``cup.pack.pdf``), the results files (``cup.h9``, ``cup.tou``), the OpenGotha
file (``cup.xml``) — one ``{"op": "file", "suffix": ".pack.pdf", "base64": "…"}`` each — and
the pages (``cup.site/index.html`` …: one operation a page, with its ``name``)."""

from __future__ import annotations

import base64
import binascii
import os
from typing import Any

from .bridge import FIX_COMMAND, script_path
from .errors import Failure, say

UNSAVED = "Save the workbook first: the print pack is written beside it."
UNSAVED_FILES = "Save the workbook first: gosheet writes the files beside it."
#: What an action whose answer is files beside the workbook says of them, when it says it
#: otherwise than the others (by the action's name in gosheet's table of actions).
UNSAVED_WORDS = {"print_pack": UNSAVED}
NOT_WRITTEN = "{path} could not be written ({error})."
NOT_WRITTEN_WORDS = {"print_pack": "The print pack could not be written to {path} ({error})."}


def document_path(document: Any, action: str = "print_pack") -> str:
    """The open document's file; a document never saved (or not a file) is refused."""
    unsaved = UNSAVED_WORDS.get(action, UNSAVED_FILES)
    url = document.getURL() if hasattr(document, "getURL") else ""
    if not isinstance(url, str) or not url.startswith("file:"):
        raise Failure(unsaved)
    path = script_path(url)
    if not path or not os.path.isdir(os.path.dirname(os.path.abspath(path))):
        raise Failure(unsaved)
    return path


def beside(workbook: str, suffix: str) -> str:
    """The file beside the workbook with that suffix instead of its extension.

    >>> beside("/cups/cup.xlsx", ".pack.pdf")
    '/cups/cup.pack.pdf'
    """
    return os.path.splitext(workbook)[0] + suffix


def plain(name: Any, first: str) -> bool:
    """Whether ``name`` is a plain file name or suffix starting with ``first``: nothing
    that leads into another folder."""
    return (
        isinstance(name, str)
        and len(name) > 1
        and name.startswith(first)
        and not any(c in name for c in "/\\:")
        and ".." not in name
    )


def the_files(operations: Any) -> tuple[str, dict[str, bytes]]:
    """The suffix of the answer's files and their bytes: one file (by the name ``""``), or
    the pages of a folder by their names."""

    def wrong(what: str) -> Failure:
        return Failure(
            f"gosheet's answer is not understood ({what}); nothing was written. " + FIX_COMMAND
        )

    files = (
        [o for o in operations or [] if isinstance(o, dict) and o.get("op") == "file"]
        if isinstance(operations, list)
        else []
    )
    if not files:
        raise wrong("no file in it")
    suffixes = {f.get("suffix") for f in files}
    suffix = files[0].get("suffix")
    if len(suffixes) != 1 or not plain(suffix, "."):
        raise wrong(f"a file suffix {suffix!r}")
    named = {f.get("name") for f in files}
    one = len(files) == 1 and named == {None}
    if not one and (len(named) != len(files) or not all(plain(n, "") for n in named)):
        raise wrong("a file name that is not one")
    found: dict[str, bytes] = {}
    for file in files:
        try:
            found[str(file.get("name") or "")] = base64.b64decode(
                str(file.get("base64")), validate=True
            )
        except (binascii.Error, ValueError):
            raise wrong("a file that is not base64") from None
    return str(suffix), found


def write_file(target: str, data: bytes) -> None:
    """Write ``target`` in one step (an older file replaced only once the new one is whole)."""
    partial = f"{target}.{os.getpid()}.tmp"
    try:
        with open(partial, "wb") as stream:
            stream.write(data)
        os.replace(partial, target)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


def write_beside(workbook: str, operations: Any, action: str = "print_pack") -> str:
    """Write the answer's files beside the workbook: the path written (the folder, for
    pages)."""
    suffix, files = the_files(operations)
    target = beside(workbook, suffix)
    try:
        if list(files) == [""]:
            write_file(target, files[""])
        else:
            os.makedirs(target, exist_ok=True)
            for name, data in files.items():
                write_file(os.path.join(target, name), data)
    except OSError as error:
        words = NOT_WRITTEN_WORDS.get(action, NOT_WRITTEN)
        raise Failure(say(words, path=target, error=error.strerror or error)) from None
    return target


def written_message(message: str, target: str) -> str:
    """gosheet's message ("Print pack of round 3 made: …") saying where the file went
    (unless it says so already).

    >>> written_message("Print pack of round 3 made: pairings.", "/c/cup.pack.pdf")
    'Print pack of round 3 written to /c/cup.pack.pdf: pairings.'
    >>> written_message("Wrote /c/cup.h9: EGF results.", "/c/cup.h9")
    'Wrote /c/cup.h9: EGF results.'
    """
    if target in message:
        return message
    if " made:" in message:
        return message.replace(" made:", f" written to {target}:", 1)
    return message + "\n" + say("Written to {path}.", path=target)
