"""Delete rows of a workbook in real LibreOffice and save it as ``.xlsx``, as an organiser does
(a withdrawn player's row, a game's row): run by a Python that imports ``uno`` (as the tests'
UNO driver, :mod:`gosheet.frontends.libreoffice.uno_driver`), connected to a running office::

    python3 uno_rows.py PIPE IN OUT SHEET FIRST COUNT [SHEET FIRST COUNT …]

``FIRST`` is the first row deleted (1-based), ``COUNT`` how many. Standard library and ``uno``
only."""

from __future__ import annotations

import sys
import time
from pathlib import Path


def main(pipe: str, source: str, target: str, deletions: list[str]) -> None:
    import uno
    from com.sun.star.beans import PropertyValue

    def prop(name: str, value: object) -> object:
        item = PropertyValue()
        item.Name, item.Value = name, value
        return item

    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    url = f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext"
    for attempt in range(60):
        try:
            context = resolver.resolve(url)
            break
        except Exception:
            if attempt == 59:
                raise
            time.sleep(1)
    desktop = context.ServiceManager.createInstanceWithContext(
        "com.sun.star.frame.Desktop", context
    )
    document = desktop.loadComponentFromURL(
        Path(source).resolve().as_uri(), "_blank", 0, (prop("Hidden", True),)
    )
    try:
        for at in range(0, len(deletions), 3):
            sheet_name, first, count = deletions[at : at + 3]
            sheet = document.getSheets().getByName(sheet_name)
            sheet.getRows().removeByIndex(int(first) - 1, int(count))
        document.storeToURL(
            Path(target).resolve().as_uri(), (prop("FilterName", "Calc MS Excel 2007 XML"),)
        )
    finally:
        document.close(True)


if __name__ == "__main__":
    import os
    import traceback

    try:
        main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
    except BaseException:
        traceback.print_exc()
        sys.stderr.flush()
        os._exit(1)
    sys.stdout.flush()
    # out without the interpreter's teardown: python3-uno's bridge threads may still run
    # then, and its teardown crashed (SIGSEGV) twice on a busy machine after the work was done
    os._exit(0)
