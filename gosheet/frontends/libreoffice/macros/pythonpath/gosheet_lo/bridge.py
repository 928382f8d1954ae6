"""The macros' side of gosheet's JSON bridge (the contract is in ``gosheet/app/bridge.py``):
asking gosheet — in this very Python, from the extension (:mod:`.inprocess`), or, when the
environment variable ``GOSHEET`` names a gosheet command, through ``gosheet bridge`` — and
refusing an answer not understood before anything is written."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse
from urllib.request import url2pathname

from . import inprocess
from .calc import CELL_RE
from .errors import Failure

if TYPE_CHECKING:
    from .calc import Grids

COMMAND_ENV = "GOSHEET"  # a gosheet command to run instead of the extension's own gosheet
TIMEOUT_SECONDS = 600
FIX_COMMAND = (
    "Install the gosheet extension again; if the environment variable GOSHEET is set, "
    "it must name a gosheet command (or be removed)."
)


def script_path(script: str | None) -> str | None:
    """A path from a ``file:`` URL (as LibreOffice gives ``__file__`` and documents' URLs)."""
    if not isinstance(script, str):
        return None
    if script.startswith("file:"):
        return url2pathname(urlparse(script).path)
    return script


def external_command() -> list[str] | None:
    """The gosheet command named by the environment variable ``GOSHEET`` (a path, or a
    command line such as ``/opt/venv/bin/python -m gosheet``): the gosheet of another Python,
    with its compiled accelerators, run instead of the extension's own. None: the
    extension's own gosheet, in this Python."""
    configured = os.environ.get(COMMAND_ENV, "").strip()
    if not configured:
        return None
    if os.path.isfile(configured):
        return [configured]
    return shlex.split(configured, posix=os.name != "nt")


def child_environment() -> dict[str, str]:
    """LibreOffice's environment without what belongs to its own Python."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONEXECUTABLE")
    }
    env["PYTHONIOENCODING"] = "utf-8"
    env["PYTHONUTF8"] = "1"
    return env


def call_gosheet(
    action: str, sheets: Grids, name: str = "", extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """gosheet's answer to the request (see ``gosheet/app/bridge.py``): the action, every
    sheet's values, the document's file name (``name``, for the files it makes) and what
    else the action takes (``extra``: the helpers' copies of ``merge``)."""
    request: dict[str, Any] = {"action": action, "sheets": sheets, **(extra or {})}
    if name:
        request["name"] = name
    command = external_command()
    if command is None:
        return inprocess.answer(request)
    return call_command(command, request)


def call_command(command: list[str], request: dict[str, Any]) -> dict[str, Any]:
    """``gosheet bridge``'s answer, the gosheet command ``command`` run with the request."""
    options: dict[str, Any] = {}
    if os.name == "nt":
        options["creationflags"] = 0x08000000  # CREATE_NO_WINDOW: no console flashing
    try:
        done = subprocess.run(
            [*command, "bridge"],
            input=json.dumps(request, ensure_ascii=False).encode("utf-8"),
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
            env=child_environment(),
            check=False,
            **options,
        )
    except subprocess.TimeoutExpired:
        raise Failure(
            f"gosheet did not answer within {TIMEOUT_SECONDS // 60} minutes; nothing was changed."
        ) from None
    except OSError as error:
        raise Failure(
            f"The gosheet command could not be started ({' '.join(command)}: "
            f"{error.strerror or error}). {FIX_COMMAND}"
        ) from None
    text = done.stdout.decode("utf-8", "replace").strip()
    try:
        answer = json.loads(text)
    except ValueError:
        answer = None
    if not isinstance(answer, dict) or "ok" not in answer:
        lines = [x.strip() for x in done.stderr.decode("utf-8", "replace").splitlines()]
        last = next((x for x in reversed(lines) if x), "no message")
        raise Failure(
            f"gosheet stopped without an answer (exit code {done.returncode}: {last}); "
            f"nothing was changed. {FIX_COMMAND}"
        )
    return answer


def preflight(document: Any, operations: Any) -> None:
    """Refuse an answer this macro does not understand before writing anything."""
    names = set(document.getSheets().getElementNames())

    def wrong(what: str) -> Failure:
        return Failure(
            f"gosheet's answer is not understood ({what}); nothing was changed. " + FIX_COMMAND
        )

    if not isinstance(operations, list):
        raise wrong("no list of operations")
    for operation in operations:
        kind = operation.get("op") if isinstance(operation, dict) else None
        if kind == "render":
            columns, rows = operation.get("columns"), operation.get("rows")
            if not isinstance(operation.get("sheet"), str) or not operation["sheet"]:
                raise wrong("a sheet without a name")
            if not isinstance(columns, list) or not columns:
                raise wrong(f"sheet {operation['sheet']!r} without columns")
            if not all(isinstance(c, dict) and "header" in c for c in columns):
                raise wrong(f"sheet {operation['sheet']!r}: a column without a header")
            if not isinstance(rows, list) or not all(isinstance(r, list) for r in rows):
                raise wrong(f"sheet {operation['sheet']!r}: rows are not lists")
            names.add(operation["sheet"])
        elif kind == "rename":
            old, new = operation.get("sheet"), operation.get("name")
            if old not in names:
                raise wrong(f"no sheet {old!r} to rename")
            if not isinstance(new, str) or not new or new in names:
                raise wrong(f"sheet {old!r} cannot be named {new!r}")
            names.discard(old)
            names.add(new)
        elif kind == "set":
            sheet, cell = operation.get("sheet"), operation.get("cell")
            if sheet not in names:
                raise wrong(f"no sheet {sheet!r} to write in")
            if not isinstance(cell, str) or not CELL_RE.match(cell):
                raise wrong(f"{sheet}!{cell} is not a cell")
        else:
            raise wrong(f"unknown operation {kind!r}")
