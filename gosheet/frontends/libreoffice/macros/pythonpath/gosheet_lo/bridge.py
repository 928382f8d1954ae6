"""The macros' side of ``gosheet bridge`` (the contract is in ``gosheet/app/bridge.py``):
finding the gosheet command, sending it the workbook, reading its answer, and
refusing an answer not understood before anything is written."""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse
from urllib.request import url2pathname

from .calc import CELL_RE
from .errors import Failure

if TYPE_CHECKING:
    from .calc import Grids

CONFIG_NAME = "gosheet.json"  # beside python/ in the extension: the recorded command
COMMAND_ENV = "GOSHEET"  # the gosheet command, overriding the recorded one
TIMEOUT_SECONDS = 600
FIX_COMMAND = (
    "Run `gosheet libreoffice install` again from the Python where gosheet is installed, "
    "or set the environment variable GOSHEET to the gosheet command before starting "
    "LibreOffice."
)


def script_path(script: str | None) -> str | None:
    """The macro script's path; LibreOffice gives its ``__file__`` as a ``file:`` URL."""
    if not isinstance(script, str):
        return None
    if script.startswith("file:"):
        return url2pathname(urlparse(script).path)
    return script


def recorded_command(script: str | None) -> list[str] | None:
    """The command recorded by ``gosheet libreoffice install`` in the extension
    whose ``python/`` folder holds the macro script ``script``."""
    here = script_path(script)
    if here is None:
        return None
    config = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(here))), CONFIG_NAME)
    try:
        with open(config, encoding="utf-8") as stream:
            command = json.load(stream).get("command")
    except (OSError, ValueError, AttributeError):
        return None
    if isinstance(command, list) and command and all(isinstance(c, str) for c in command):
        return command
    return None


def gosheet_command(script: str | None = None) -> list[str]:
    """How to run gosheet, first found of:

    1. the environment variable ``GOSHEET`` (a path, or a command line such as
       ``/opt/venv/bin/python -m gosheet``);
    2. the command recorded when the extension was built by
       ``gosheet libreoffice install`` (that Python with ``-m gosheet``), if it
       still exists — read beside the macro script ``script``;
    3. ``gosheet`` on the PATH, or in ``~/.local/bin``.
    """
    configured = os.environ.get(COMMAND_ENV, "").strip()
    if configured:
        if os.path.isfile(configured):
            return [configured]
        return shlex.split(configured, posix=os.name != "nt")
    recorded = recorded_command(script)
    if recorded and (os.path.isfile(recorded[0]) or shutil.which(recorded[0])):
        return recorded
    local_bin = os.path.join(os.path.expanduser("~"), ".local", "bin")
    for found in (shutil.which("gosheet"), shutil.which("gosheet", path=local_bin)):
        if found:
            return [found]
    where = f" (recorded: {' '.join(recorded)}, which no longer exists)" if recorded else ""
    raise Failure(f"The gosheet command was not found{where}. {FIX_COMMAND}")


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


def call_gosheet(action: str, sheets: Grids, script: str | None = None) -> dict[str, Any]:
    """``gosheet bridge``'s answer to the request (see ``gosheet/app/bridge.py``);
    ``script`` is the macro script, beside which the recorded command lies."""
    command = gosheet_command(script)
    request = json.dumps({"action": action, "sheets": sheets}, ensure_ascii=False)
    options: dict[str, Any] = {}
    if os.name == "nt":
        options["creationflags"] = 0x08000000  # CREATE_NO_WINDOW: no console flashing
    try:
        done = subprocess.run(
            [*command, "bridge"],
            input=request.encode("utf-8"),
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
            f"nothing was changed. Is it gosheet 0.1 or newer? {FIX_COMMAND}"
        )
    return answer


def preflight(document: Any, operations: Any) -> None:
    """Refuse an answer this macro does not understand before writing anything."""
    names = set(document.getSheets().getElementNames())

    def wrong(what: str) -> Failure:
        return Failure(
            f"gosheet's answer is not understood ({what}); nothing was changed. "
            "Are gosheet and its LibreOffice extension the same version? " + FIX_COMMAND
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
