"""Drive a running LibreOffice over UNO: install the extension, open a workbook,
use the gosheet menu's actions, look at cells, save.

Runs with a Python that can ``import uno`` (Debian's ``/usr/bin/python3`` with
``python3-uno``; LibreOffice's own ``program/python`` elsewhere), which is
usually not gosheet's Python — so, like the macros, it imports the standard
library and ``uno`` only. :class:`gosheet.frontends.libreoffice.office.Office` runs it::

    python3 uno_driver.py PIPE_NAME [TIMEOUT] < steps.json > results.json

Steps are a JSON list of objects; each gives one result (``{"ok": true, …}``,
or ``{"ok": false, "error": "…"}`` after which the remaining steps are
skipped):

``{"do": "install", "oxt": PATH}``
    add the extension for the user of this office (as ``unopkg add --force``)
``{"do": "open", "path": PATH}``
    load a workbook (hidden) and make its window the active one, as when the
    organiser clicks in it; → ``sheets``
``{"do": "dispatch", "url": URL}``
    what a menu entry or toolbar button does: dispatch the URL to the
    document's frame; → ``state``, ``result`` (the macro's return value), ``seconds``
    (how long it took, seen from the driver)
``{"do": "invoke", "url": URL, "args": [...]}``
    ``XScriptProvider.getScript(URL).invoke(args)`` through the document's script
    provider (``args``, optional: texts, numbers); → ``result``
``{"do": "adopt", "title": T}``
    the open document titled ``T`` (a document a macro made: "Untitled 2") becomes the one
    the next steps act on; → ``sheets``
``{"do": "cell", "sheet": S, "cell": "H2"}``
    → ``value`` (number or text, ``None`` when empty), ``back_color``,
    ``note`` (the cell's comment)
``{"do": "view", "sheet": S}``
    → ``frozen`` (the sheet has frozen panes), ``split`` (column and row frozen at)
``{"do": "set", "sheet": S, "cell": C, "value": V}``
    type a value into a cell, as the organiser does
``{"do": "state"}``
    → ``modified``, ``undo`` (titles of the undo stack, newest first), ``sheets``,
    ``active`` (the active sheet), ``page_styles``, ``properties`` (user-defined)
``{"do": "store", "path": PATH, "filter": NAME}``
    save a copy (``Calc MS Excel 2007 XML``, ``calc8`` …)
``{"do": "close"}``, ``{"do": "close_all"}``
    close the workbook opened, or every document
``{"do": "addons"}``
    the installed menu and toolbar entries (``Addons`` configuration)
``{"do": "terminate"}``
    end the office
"""

from __future__ import annotations

import contextlib
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

ADDON_ROOT = "/org.openoffice.Office.Addons/AddonUI"


def uno_module() -> Any:
    return importlib.import_module("uno")


def connect(pipe: str, timeout: float) -> Any:
    """The remote component context, retrying until the office listens."""
    uno = uno_module()
    local = uno.getComponentContext()
    resolver = local.getServiceManager().createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    deadline = time.monotonic() + timeout
    while True:
        try:
            return resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def property_value(name: str, value: Any) -> Any:
    item = uno_module().createUnoStruct("com.sun.star.beans.PropertyValue")
    item.Name, item.Value = name, value
    return item


def command_environment() -> Any:
    """A command environment approving whatever the extension manager asks
    (a replaced older version, …): the ``--force`` of ``unopkg add``."""
    uno = uno_module()
    unohelper = importlib.import_module("unohelper")
    interaction_handler = uno.getClass("com.sun.star.task.XInteractionHandler")
    command_environment_type = uno.getClass("com.sun.star.ucb.XCommandEnvironment")
    approve = uno.getTypeByName("com.sun.star.task.XInteractionApprove")

    def handle(self: Any, request: Any) -> None:
        for continuation in request.getContinuations():
            if continuation.queryInterface(approve):
                continuation.select()
                return

    handler_class = type("Handler", (unohelper.Base, interaction_handler), {"handle": handle})
    environment_class = type(
        "Environment",
        (unohelper.Base, command_environment_type),
        {
            "getInteractionHandler": lambda self: handler_class(),
            "getProgressHandler": lambda self: None,
        },
    )
    return environment_class()


def plain(value: Any) -> Any:
    """A UNO value as JSON can carry it."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    return str(value)


class Driver:
    def __init__(self, context: Any) -> None:
        self.context = context
        self.manager = context.getServiceManager()
        self.desktop = self.create("com.sun.star.frame.Desktop")
        self.document: Any = None

    def create(self, service: str) -> Any:
        return self.manager.createInstanceWithContext(service, self.context)

    def step(self, step: dict[str, Any]) -> dict[str, Any]:
        action = getattr(self, "do_" + str(step.get("do")), None)
        if action is None:
            raise ValueError(f"unknown step {step.get('do')!r}")
        return dict(action(step) or {})

    def do_ping(self, step: dict[str, Any]) -> dict[str, Any]:
        return {}

    def do_install(self, step: dict[str, Any]) -> dict[str, Any]:
        uno = uno_module()
        manager = self.context.getValueByName(
            "/singletons/com.sun.star.deployment.ExtensionManager"
        )
        package = manager.addExtension(
            uno.systemPathToFileUrl(str(Path(step["oxt"]).resolve())),
            (),
            "user",
            manager.createAbortChannel(),
            command_environment(),
        )
        return {"name": package.getName(), "identifier": package.getIdentifier().Value}

    def do_open(self, step: dict[str, Any]) -> dict[str, Any]:
        uno = uno_module()
        url = uno.systemPathToFileUrl(str(Path(step["path"]).resolve()))
        hidden = property_value("Hidden", True)  # a visible window crashes a headless 7.4
        self.document = self.desktop.loadComponentFromURL(url, "_blank", 0, (hidden,))
        if self.document is None:
            raise RuntimeError(f"{step['path']}: LibreOffice could not open it")
        self.document.getCurrentController().getFrame().activate()
        return {"sheets": list(self.document.getSheets().getElementNames())}

    def do_dispatch(self, step: dict[str, Any]) -> dict[str, Any]:
        frame = self.document.getCurrentController().getFrame()
        frame.activate()
        helper = self.create("com.sun.star.frame.DispatchHelper")
        started = time.perf_counter()
        event = helper.executeDispatch(frame, step["url"], "_self", 0, ())
        seconds = round(time.perf_counter() - started, 3)
        return {"state": int(event.State), "result": plain(event.Result), "seconds": seconds}

    def do_invoke(self, step: dict[str, Any]) -> dict[str, Any]:
        self.document.getCurrentController().getFrame().activate()
        script = self.document.getScriptProvider().getScript(step["url"])
        result = script.invoke(tuple(step.get("args") or ()), (), ())
        return {"result": plain(result[0])}

    def do_adopt(self, step: dict[str, Any]) -> dict[str, Any]:
        components = self.desktop.getComponents().createEnumeration()
        while components.hasMoreElements():
            component = components.nextElement()
            if component.getTitle() == step["title"]:
                self.document = component
                return {"sheets": list(component.getSheets().getElementNames())}
        raise RuntimeError(f"no document titled {step['title']!r}")

    def do_cell(self, step: dict[str, Any]) -> dict[str, Any]:
        sheet = self.document.getSheets().getByName(step["sheet"])
        cell = sheet.getCellRangeByName(step["cell"])
        kind = cell.getType().value  # EMPTY, VALUE, TEXT, FORMULA
        value: Any = None
        if kind == "VALUE":
            value = cell.getValue()
        elif kind != "EMPTY":
            value = cell.getString()
        return {
            "value": value,
            "back_color": int(cell.getPropertyValue("CellBackColor")),
            "note": cell.getAnnotation().getString(),
        }

    def do_view(self, step: dict[str, Any]) -> dict[str, Any]:
        controller = self.document.getCurrentController()
        active = controller.getActiveSheet()
        controller.setActiveSheet(self.document.getSheets().getByName(step["sheet"]))
        frozen = bool(controller.hasFrozenPanes())
        split = [controller.getSplitColumn(), controller.getSplitRow()]
        controller.setActiveSheet(active)
        return {"frozen": frozen, "split": split}

    def do_set(self, step: dict[str, Any]) -> dict[str, Any]:
        sheet = self.document.getSheets().getByName(step["sheet"])
        cell = sheet.getCellRangeByName(step["cell"])
        value = step.get("value")
        if isinstance(value, (int, float)):
            cell.setValue(float(value))
        else:
            cell.setString("" if value is None else str(value))
        return {}

    def do_state(self, step: dict[str, Any]) -> dict[str, Any]:
        controller = self.document.getCurrentController()
        styles = self.document.getStyleFamilies().getByName("PageStyles")
        return {
            "modified": bool(self.document.isModified()),
            "undo": list(self.document.getUndoManager().getAllUndoActionTitles()),
            "sheets": list(self.document.getSheets().getElementNames()),
            "active": controller.getActiveSheet().getName(),
            "page_styles": sorted(styles.getElementNames()),
            "properties": [
                p.Name
                for p in self.document.getDocumentProperties()
                .getUserDefinedProperties()
                .getPropertySetInfo()
                .getProperties()
            ],
        }

    def do_store(self, step: dict[str, Any]) -> dict[str, Any]:
        uno = uno_module()
        url = uno.systemPathToFileUrl(str(Path(step["path"]).resolve()))
        arguments = (property_value("FilterName", step["filter"]),)
        self.document.storeToURL(url, arguments)
        return {}

    def do_close(self, step: dict[str, Any]) -> dict[str, Any]:
        if self.document is not None:
            self.document.close(True)
            self.document = None
        return {}

    def do_close_all(self, step: dict[str, Any]) -> dict[str, Any]:
        components = self.desktop.getComponents().createEnumeration()
        while components.hasMoreElements():
            with contextlib.suppress(Exception):
                components.nextElement().close(True)
        self.document = None
        return {}

    def do_addons(self, step: dict[str, Any]) -> dict[str, Any]:
        provider = self.create("com.sun.star.configuration.ConfigurationProvider")
        access = provider.createInstanceWithArguments(
            "com.sun.star.configuration.ConfigurationAccess",
            (property_value("nodepath", ADDON_ROOT),),
        )

        def items(node: Any) -> list[dict[str, Any]]:
            found = []
            for name in sorted(node.getElementNames()):
                item = node.getByName(name)
                found.append({"URL": item.getByName("URL"), "Title": item.getByName("Title")})
            return found

        menus = {}
        menu_bar = access.getByName("OfficeMenuBar")
        for name in menu_bar.getElementNames():
            menu = menu_bar.getByName(name)
            menus[name] = {
                "Title": menu.getByName("Title"),
                "items": items(menu.getByName("Submenu")),
            }
        toolbars = {}
        tool_bar = access.getByName("OfficeToolBar")
        for name in tool_bar.getElementNames():
            toolbars[name] = items(tool_bar.getByName(name))
        return {"menus": menus, "toolbars": toolbars}

    def do_terminate(self, step: dict[str, Any]) -> dict[str, Any]:
        with contextlib.suppress(Exception):  # the bridge goes down with the office
            self.desktop.terminate()
        return {}


def main(argv: list[str]) -> int:
    pipe = argv[1]
    timeout = float(argv[2]) if len(argv) > 2 else 60.0
    steps = json.load(sys.stdin)
    results: list[dict[str, Any]] = []
    try:
        driver = Driver(connect(pipe, timeout))
    except Exception as error:
        results.append({"ok": False, "error": f"cannot connect: {type(error).__name__}: {error}"})
        steps = []
    for step in steps:
        try:
            result = driver.step(step)
        except Exception as error:
            message = str(getattr(error, "Message", "") or error)
            results.append({"ok": False, "error": f"{type(error).__name__}: {message}"})
            break
        result["ok"] = True
        results.append(result)
    json.dump(results, sys.stdout, ensure_ascii=False)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
