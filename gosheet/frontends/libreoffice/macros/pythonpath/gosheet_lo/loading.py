"""gosheet loaded in the background when a spreadsheet opens, so that the first action does not
wait for it (a second or two in LibreOffice's Python, nearly all of the first Pair next round).

The extension's job (``Jobs.xcu``: the event ``OnLoadFinished`` of a spreadsheet, the
component's ``Loader``) calls :func:`start`, which returns at once: a thread of LibreOffice's
Python imports gosheet's JSON bridge, its table of actions and its catalog — Python modules
only, no call into LibreOffice — while the organiser looks at the workbook. A document that is
not a gosheet workbook opens as before (the thread reads nothing of it).

Every action first calls :func:`wait`: a click that comes while the thread is loading waits
for it to finish (two threads importing the same modules at once could see a module half
loaded), and no load starts once an action has run. Whatever fails in the thread is kept
(:data:`STATE`), never raised: the action then loads gosheet itself and says what is wrong.

This module imports the standard library only, at once, on LibreOffice's main thread.
"""

from __future__ import annotations

import importlib
import threading
import time

#: Held while the thread loads (taken by :func:`start`, given back by the thread).
LOCK = threading.Lock()
#: Set when the load is over, loaded or failed.
DONE = threading.Event()
#: What became of the load: ``idle`` (never started), ``loading``, ``loaded``,
#: ``failed: …``, ``skipped`` (an action ran first), and the seconds it took.
STATE: dict[str, object] = {"state": "idle", "seconds": None, "thread": None}
#: What the thread imports: gosheet's bridge (which brings what every action needs), its table
#: of actions, its catalog, and the writers of a round sheet and of the standings (imported by
#: the actions where they write).
MODULES = (
    "gosheet.app.bridge",
    "gosheet.app.doors",
    "gosheet.i18n.catalog",
    "gosheet.workbook.sheets.writer",
    "gosheet.workbook.sheets.standings",
)
_guard = threading.Lock()  # start() and wait() one at a time


def start() -> bool:
    """Start loading gosheet in a thread of its own; False when it was started before, or an
    action ran first (gosheet is then loaded, or loading in that action)."""
    with _guard:
        if STATE["state"] != "idle":
            return False
        STATE["state"] = "loading"
        LOCK.acquire()
    try:
        threading.Thread(target=_load, name="gosheet-loading", daemon=True).start()
    except Exception as error:  # no thread: the first action loads gosheet, as before
        STATE["state"] = f"failed: {error}"
        LOCK.release()
        DONE.set()
        return False
    return True


def _load() -> None:
    started = time.perf_counter()
    STATE["thread"] = threading.current_thread().name
    try:
        inprocess = importlib.import_module("gosheet_lo.inprocess")
        if inprocess.python_problem() is None:  # an older LibreOffice: the action says so
            inprocess.load_gosheet()
            for name in MODULES:
                importlib.import_module(name)
            inprocess.action_table()
        STATE["state"] = "loaded"
    except BaseException as error:  # kept, never raised: the action loads and says
        STATE["state"] = f"failed: {type(error).__name__}: {error}"
    finally:
        STATE["seconds"] = round(time.perf_counter() - started, 3)
        LOCK.release()
        DONE.set()


def wait() -> None:
    """Before an action: wait for a load under way to finish; none starts after this."""
    with _guard:
        if STATE["state"] == "idle":
            STATE["state"] = "skipped"
            DONE.set()
            return
    with LOCK:
        pass
