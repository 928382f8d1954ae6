"""The gosheet menu's and toolbar's dispatcher: a UNO component of the extension (a protocol
handler) that runs the action a menu entry names, ``org.gosheet.menu:pair`` →
``gosheet_lo.actions.run("pair", …)`` on the document of the window the entry was used in.

A script URL (``vnd.sun.star.script:gosheet.oxt|python|…``) names the extension by its file's
name, which is the name the organiser's download has — ``gosheet-0.9.0.oxt``,
``gosheet (1).oxt`` — and no menu entry would then find its macro. The protocol handler is
found by its name, whatever the file is called. The macro script (``python/gosheet_macros.py``)
stays for the scripts and tests that call the macros with arguments.

The same file holds the extension's job, ``Loader``: ``Jobs.xcu`` has LibreOffice run it when a
spreadsheet document has loaded (the event ``OnLoadFinished``), and it starts loading gosheet in a
thread of its own (``gosheet_lo.loading``), so that the first action does not wait for it. It
returns at once and never raises: the document opens as it would without it.

LibreOffice's Python loads this file (``META-INF/manifest.xml``: a Python UNO component;
``ProtocolHandler.xcu`` gives it the protocol), with the standard library, ``uno`` and
``unohelper``; ``gosheet_lo`` lies in ``python/pythonpath/`` of the extension.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

uno: Any = importlib.import_module("uno")
unohelper: Any = importlib.import_module("unohelper")
# the UNO interfaces, through the import hook of LibreOffice's Python (``uno`` installs it)
# (the hook brings the names of ``fromlist`` only)
FRAME: Any = __import__("com.sun.star.frame", fromlist=["XDispatchProvider", "XNotifyingDispatch"])
LANG: Any = __import__("com.sun.star.lang", fromlist=["XInitialization", "XServiceInfo"])
TASK: Any = __import__("com.sun.star.task", fromlist=["XJob"])

IMPLEMENTATION = "org.gosheet.frontends.libreoffice.Menu"
SERVICE = "com.sun.star.frame.ProtocolHandler"
LOADER = "org.gosheet.frontends.libreoffice.Loader"  # the job (``Jobs.xcu``'s Service)
JOB = "com.sun.star.task.Job"
PROTOCOL = "org.gosheet.menu:"
PYTHONPATH = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "python", "pythonpath"
)
SUCCESS = 1  # com.sun.star.frame.DispatchResultState.SUCCESS


class ScriptContext:
    """What ``XSCRIPTCONTEXT`` gives a macro, for the window the menu was used in."""

    def __init__(self, context: Any, frame: Any) -> None:
        self.context, self.frame = context, frame

    def getComponentContext(self) -> Any:
        return self.context

    def getDesktop(self) -> Any:
        return self.context.getServiceManager().createInstanceWithContext(
            "com.sun.star.frame.Desktop", self.context
        )

    def getDocument(self) -> Any:
        controller = self.frame.getController() if self.frame is not None else None
        if controller is not None:
            return controller.getModel()
        return self.getDesktop().getCurrentComponent()


def on_path() -> None:
    """The extension's ``python/pythonpath`` on ``sys.path`` (where ``gosheet_lo`` lies)."""
    if PYTHONPATH not in sys.path:
        sys.path.append(PYTHONPATH)


def run(action: str, context: ScriptContext) -> str:
    """The action run as its macro runs it (its outcome as JSON)."""
    on_path()
    actions = importlib.import_module("gosheet_lo.actions")
    return str(actions.run(action, (), context))


# (UNO's types, which mypy does not know: Any)
class Menu(
    unohelper.Base,  # type: ignore[misc]
    LANG.XInitialization,  # type: ignore[misc]
    FRAME.XDispatchProvider,  # type: ignore[misc]
    FRAME.XNotifyingDispatch,  # type: ignore[misc]
    LANG.XServiceInfo,  # type: ignore[misc]
):
    """The protocol handler: a menu entry's URL dispatched to its action."""

    def __init__(self, context: Any, *arguments: Any) -> None:
        self.context = context
        self.frame = None

    def initialize(self, arguments: Any) -> None:
        if arguments:
            self.frame = arguments[0]

    def queryDispatch(self, url: Any, target: str, flags: int) -> Any:
        return self if str(url.Complete).startswith(PROTOCOL) else None

    def queryDispatches(self, requests: Any) -> Any:
        return tuple(self.queryDispatch(r.FeatureURL, r.FrameName, r.SearchFlags) for r in requests)

    def outcome(self, url: Any) -> str:
        return run(str(url.Complete)[len(PROTOCOL) :], ScriptContext(self.context, self.frame))

    def dispatch(self, url: Any, arguments: Any) -> None:
        self.outcome(url)

    def dispatchWithNotification(self, url: Any, arguments: Any, listener: Any) -> None:
        result = self.outcome(url)
        if listener is not None:
            event = uno.createUnoStruct("com.sun.star.frame.DispatchResultEvent")
            event.Source, event.State, event.Result = self, SUCCESS, result
            listener.dispatchFinished(event)

    def addStatusListener(self, listener: Any, url: Any) -> None:
        pass

    def removeStatusListener(self, listener: Any, url: Any) -> None:
        pass

    def getImplementationName(self) -> str:
        return IMPLEMENTATION

    def supportsService(self, name: str) -> bool:
        return name == SERVICE

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return (SERVICE,)


class Loader(
    unohelper.Base,  # type: ignore[misc]
    TASK.XJob,  # type: ignore[misc]
    LANG.XServiceInfo,  # type: ignore[misc]
):
    """The job run when a spreadsheet has loaded: gosheet loaded in the background."""

    def __init__(self, context: Any, *arguments: Any) -> None:
        self.context = context

    def execute(self, arguments: Any) -> Any:
        try:
            on_path()
            importlib.import_module("gosheet_lo.loading").start()
        except Exception:  # the document opens whatever happens here
            pass
        return None

    def getImplementationName(self) -> str:
        return LOADER

    def supportsService(self, name: str) -> bool:
        return name in (LOADER, JOB)

    def getSupportedServiceNames(self) -> tuple[str, ...]:
        return (LOADER, JOB)


g_ImplementationHelper = unohelper.ImplementationHelper()
g_ImplementationHelper.addImplementation(Menu, IMPLEMENTATION, (SERVICE,))
g_ImplementationHelper.addImplementation(Loader, LOADER, (LOADER, JOB))
