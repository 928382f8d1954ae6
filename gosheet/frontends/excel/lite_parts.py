"""xlwings Lite's own parts of a workbook: its task pane and the code it keeps there.

An Office add-in inserted in a workbook is a *web extension* part (Microsoft's
[MS-OWEXML]): ``xl/webextensions/webextension1.xml`` names the add-in by its store
reference and holds the add-in's document settings as ``<we:property name value>``, each
value the JSON text of the setting; ``xl/webextensions/taskpanes.xml`` docks its task pane
and, visible, opens it when the workbook opens — Excel offers to add the add-in from the
store where it is missing. The parts are reached from the package's relationships
(``_rels/.rels``) and typed in ``[Content_Types].xml``.

xlwings Lite keeps a workbook's code in those settings: ``main.py`` and
``requirements.txt`` (as found in a workbook saved by Lite 1.0.0.0-35, alongside
``xlwingsWorkbookId``, ``pyodideVersion`` and ``addinVersion``; Lite publishes no
description of it). :func:`attach` writes them so, for xlwings Lite (store reference
``WA200008175``), with a new workbook id; Lite adds what else it keeps when it saves.
:func:`read` reads them back (the tests, and a person's curiosity).
"""

from __future__ import annotations

import json
import uuid
import zipfile
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import escape

STORE_ID = "WA200008175"  # xlwings Lite in Microsoft's add-in store (AppSource)
STORE_VERSION = "1.0.0.0"
PYODIDE_VERSION = "0.27.5"  # the Pyodide of xlwings Lite's workbooks (and of the tests)

WE = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11"
WETP = "http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
TASKPANES_REL = "http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes"
EXTENSION_REL = "http://schemas.microsoft.com/office/2011/relationships/webextension"
TASKPANES_TYPE = "application/vnd.ms-office.webextensiontaskpanes+xml"
EXTENSION_TYPE = "application/vnd.ms-office.webextension+xml"

TASKPANES = "xl/webextensions/taskpanes.xml"
TASKPANES_RELS = "xl/webextensions/_rels/taskpanes.xml.rels"
EXTENSION = "xl/webextensions/webextension1.xml"
CONTENT_TYPES = "[Content_Types].xml"
ROOT_RELS = "_rels/.rels"
XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def setting(value: object) -> str:
    """A document setting as Office keeps it: its JSON text."""
    return json.dumps(value, ensure_ascii=False)


def attribute(text: str) -> str:
    """``text`` as a double-quoted XML attribute, as Office writes them."""
    return '"' + escape(text, {'"': "&quot;"}) + '"'


def extension_xml(settings: dict[str, object]) -> str:
    properties = "".join(
        f"<we:property name={attribute(name)} value={attribute(setting(value))}/>"
        for name, value in settings.items()
    )
    return (
        f'{XML_HEAD}<we:webextension xmlns:we="{WE}" id="{{{str(uuid.uuid4()).upper()}}}">'
        f'<we:reference id="{STORE_ID}" version="{STORE_VERSION}" store="en-US" '
        'storeType="OMEX"/><we:alternateReferences/>'
        f"<we:properties>{properties}</we:properties><we:bindings/>"
        f'<we:snapshot xmlns:r="{R}"/></we:webextension>'
    )


TASKPANES_XML = (
    f'{XML_HEAD}<wetp:taskpanes xmlns:wetp="{WETP}">'
    '<wetp:taskpane dockstate="right" visibility="1" width="525" row="4">'
    f'<wetp:webextensionref xmlns:r="{R}" r:id="rId1"/></wetp:taskpane></wetp:taskpanes>'
)
TASKPANES_RELS_XML = (
    f'{XML_HEAD}<Relationships xmlns="{PACKAGE_RELS}">'
    f'<Relationship Id="rId1" Type="{EXTENSION_REL}" Target="webextension1.xml"/>'
    "</Relationships>"
)


def _insert_before(text: str, closing: str, addition: str) -> str:
    at = text.rindex(closing)
    return text[:at] + addition + text[at:]


def attach(path: Path, main_py: str, requirements_txt: str) -> None:
    """Give the saved workbook ``path`` xlwings Lite's task pane holding ``main_py`` and
    ``requirements_txt`` (rewritten in place; the caller writes to a temporary file)."""
    settings: dict[str, object] = {
        "xlwingsWorkbookId": str(uuid.uuid4()),
        "pyodideVersion": PYODIDE_VERSION,
        "main.py": main_py,
        "requirements.txt": requirements_txt,
    }
    with zipfile.ZipFile(path) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()]
    names = {info.filename for info, _ in entries}
    if TASKPANES in names or EXTENSION in names:
        raise ValueError(f"{path}: has a web extension already")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in entries:
            if info.filename == CONTENT_TYPES:
                data = _insert_before(
                    data.decode("utf-8"),
                    "</Types>",
                    f'<Override PartName="/{TASKPANES}" ContentType="{TASKPANES_TYPE}"/>'
                    f'<Override PartName="/{EXTENSION}" ContentType="{EXTENSION_TYPE}"/>',
                ).encode("utf-8")
            elif info.filename == ROOT_RELS:
                data = _insert_before(
                    data.decode("utf-8"),
                    "</Relationships>",
                    f'<Relationship Id="rIdLite1" Type="{TASKPANES_REL}" Target="{TASKPANES}"/>',
                ).encode("utf-8")
            archive.writestr(info, data)
        archive.writestr(TASKPANES, TASKPANES_XML)
        archive.writestr(TASKPANES_RELS, TASKPANES_RELS_XML)
        archive.writestr(EXTENSION, extension_xml(settings))


def read(path: Path) -> dict[str, object]:
    """The settings xlwings Lite keeps in the workbook (empty without its web extension)."""
    with zipfile.ZipFile(path) as archive:
        if EXTENSION not in archive.namelist():
            return {}
        root = ElementTree.fromstring(archive.read(EXTENSION))
    reference = root.find(f"{{{WE}}}reference")
    if reference is None or reference.get("id", "").upper() != STORE_ID:
        return {}
    return {
        str(p.get("name")): json.loads(p.get("value") or "null")
        for p in root.iter(f"{{{WE}}}property")
    }
