"""The edits an organiser makes in LibreOffice between two gosheet runs, made through UNO.

Two halves in one file:

* run as a script by a Python that can ``import uno`` (Debian's ``/usr/bin/python3``, not
  the tests' virtualenv)::

      python3 organiser_edits.py PIPE_NAME TIMEOUT < steps.json > results.json

  it extends the driver of :mod:`gosheet.frontends.libreoffice.uno_driver` (``open``,
  ``store``, ``close`` …) with the edits below, each one step of the same JSON list;
* imported by the tests: :func:`edit` runs such a list on a running
  :class:`~gosheet.frontends.libreoffice.office.Office` and the step builders say the edits
  by name.

Frozen panes are not here: a hidden document of a headless LibreOffice 7.4 neither freezes
(``freezeAtPosition`` does nothing, ``.uno:FreezePanes`` crashes it) nor keeps the panes of the
file it saves; :func:`freeze` writes them into a saved .xlsx as LibreOffice's desktop does.

The edits (rows and columns are numbered as the organiser sees them: row 1, column "A"):

``rows`` / ``columns``
    ``{"sheet", "op": "insert"|"delete"|"hide", "at", "count"}`` — as the row and column
    headers' menus do (``XTableRows`` / ``XTableColumns``, ``IsVisible``)
``sort``
    ``{"sheet", "column", "descending"}`` — the table under row 1 sorted by one column
    (Data ▸ Sort, headers kept)
``autofilter``
    ``{"sheet", "column", "hide"}`` — Data ▸ AutoFilter on the table, its rows holding
    ``hide`` in ``column`` filtered out
``type``
    ``{"sheet", "cells": {CELL: TEXT}}`` — each text typed and Enter pressed, as Calc's input
    reads it (:func:`typed`: a formula, text, or a number, date or time in the document's
    locale, the cell's format respected); → what each cell holds then (as ``read``)
``formula``
    ``{"sheet", "cell", "formula"}`` — ``XCell.setFormula``
``merge``
    ``{"sheet", "range"}`` — Format ▸ Merge Cells on the range (``XMergeable``): a title
    across a roster's columns
``sheet``
    ``{"op": "insert"|"copy"|"move"|"rename"|"remove", "name", "to", "at"}``
``style``
    ``{"sheet", "range", "bold", "color", "back", "font", "width", "format"}`` — fonts,
    colours, widths (1/100 mm), the number format (its key: 0 the locale's General, as
    Format ▸ Clear Direct Formatting leaves it)
``read``
    ``{"sheet", "cell"}`` → ``kind`` (EMPTY, VALUE, TEXT, FORMULA), ``string``, ``value``,
    ``formula``, ``format`` (the number format's code), ``bold``, ``font``, ``color``,
    ``back`` and ``width`` (its column's)
``grid``
    ``{"sheet"}`` → ``formulas`` (what each cell of the used area holds, as typed) and
    ``strings`` (what it shows)
``used``
    ``{"sheet"}`` → ``rows`` and ``columns`` of the used area, ``hidden_rows``
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gosheet.frontends.libreoffice.office import Office

XLSX_FILTER = "Calc MS Excel 2007 XML"
ODS_FILTER = "calc8"


def column_index(column: str | int) -> int:
    """``"A"`` → 0, ``"AB"`` → 27; an int is already an index."""
    if isinstance(column, int):
        return column
    index = 0
    for letter in column.upper():
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


# ------------------------------------------------------------------ the tests' side


def edit(office: Office, steps: list[dict[str, Any]], timeout: float = 120.0) -> list[Any]:
    """Run ``steps`` (the driver's and the edits above) on ``office``: their results; every
    document closed whatever happens; a step that failed raises ``AssertionError``."""
    from gosheet.frontends.libreoffice.office import driver_environment

    steps = [*steps, {"do": "close_all"}]
    done = subprocess.run(
        [office.uno_python, __file__, office.pipe, str(timeout)],
        input=json.dumps(steps).encode("utf-8"),
        capture_output=True,
        timeout=timeout,
        env=driver_environment(),
        check=False,
    )
    try:
        results: list[dict[str, Any]] = json.loads(done.stdout.decode("utf-8"))
    except ValueError:
        raise AssertionError(done.stderr.decode("utf-8", "replace")[-3000:]) from None
    if len(results) != len(steps) or not all(r["ok"] for r in results):
        failed = results[-1] if results else {}
        raise AssertionError(f"{failed.get('error')} at step {len(results)}: {steps}")
    return results[:-1]


def store(path: Path) -> dict[str, Any]:
    """The step saving the open document as ``path`` (.xlsx or .ods by its suffix)."""
    kind = ODS_FILTER if path.suffix == ".ods" else XLSX_FILTER
    return {"do": "store", "path": str(path), "filter": kind}


def in_office(office: Office, book: Path, out: Path, *edits: dict[str, Any]) -> list[Any]:
    """Open ``book`` in LibreOffice, make ``edits``, save it as ``out``: the edits' results."""
    found = edit(office, [{"do": "open", "path": str(book)}, *edits, store(out), {"do": "close"}])
    return found[1:-2]


def freeze(book: Path, sheet_file: str, cell: str) -> None:
    """Freeze the panes of one sheet of a saved .xlsx (``xl/worksheets/sheet2.xml``) above and
    left of ``cell`` (``"B2"``), as LibreOffice's desktop writes a frozen sheet."""
    column = column_index("".join(c for c in cell if c.isalpha()))
    row = int("".join(c for c in cell if c.isdigit())) - 1
    pane = (
        f'<pane xSplit="{column}" ySplit="{row}" topLeftCell="{cell}" activePane="bottomRight" '
        'state="frozen"/><selection pane="bottomRight"'
    )
    with zipfile.ZipFile(book) as old:
        parts = {info: old.read(info) for info in old.infolist()}
    with zipfile.ZipFile(book, "w", zipfile.ZIP_DEFLATED) as new:
        for info, data in parts.items():
            if info.filename == sheet_file:
                text = data.decode("utf-8")
                assert text.count('<selection pane="topLeft"') == 1, text[:2000]
                data = text.replace('<selection pane="topLeft"', pane).encode("utf-8")
            new.writestr(info, data)


# ------------------------------------------------------------------ LibreOffice's side


def typed(cell: Any, text: str, formats: Any, formatter: Any) -> None:
    """``text`` typed into ``cell`` and Enter pressed, as Calc's input does it (ScColumn's
    ParseString): a formula after ``=``; text in a cell formatted as text; else a number, date
    or time when LibreOffice's number recognition (``XNumberFormatter.detectNumberFormat``, the
    document's locale) reads one — the cell then takes the recognised format, as typing gives
    it (``1:0`` an ``HH:MM:SS`` time, ``1/2`` a date) — and text otherwise.

    The view's own input path (``.uno:EnterString`` dispatched to a hidden frame) crashes a
    headless LibreOffice 7.4 a second later, so the same recognition is called here."""
    from com.sun.star.util import NumberFormat

    if text.startswith("=") and len(text) > 1:
        cell.setFormula(text)
        return
    key = cell.NumberFormat
    if formats.getByKey(key).Type & NumberFormat.TEXT:
        cell.setString(text)
        return
    try:
        found = formatter.detectNumberFormat(key, text)
        number = formatter.convertStringToNumber(key, text)
    except Exception:  # not a number: text (com.sun.star.util.NotNumericException)
        cell.setString(text)
        return
    cell.setValue(number)
    kind = formats.getByKey(found).Type & ~NumberFormat.DEFINED
    plain = kind in (NumberFormat.NUMBER, NumberFormat.ALL, 0)
    if not plain and kind != formats.getByKey(key).Type & ~NumberFormat.DEFINED:
        cell.NumberFormat = found  # a date or time: the cell takes its format


def _driver_class() -> Any:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "gosheet/frontends/libreoffice"))
    import uno_driver  # the driver is a script too: the standard library and uno only

    return uno_driver


def _editor(uno_driver: Any) -> Any:  # noqa: C901  (one method an edit)
    import uno

    def value(name: str, content: Any) -> Any:
        return uno_driver.property_value(name, content)

    class Editor(uno_driver.Driver):  # type: ignore[misc,name-defined]
        kept: list[Any] = []  # noqa: RUF012  (one driver a process)
        """Every sheet and range fetched, kept until the process ends: a sheet's proxy
        released while the document is open crashes LibreOffice 7.4 (the release runs on the
        bridge's thread, racing the office's own)."""

        def keep(self, thing: Any) -> Any:
            self.kept.append(thing)
            return thing

        def sheet(self, name: str) -> Any:
            return self.keep(self.document.getSheets().getByName(name))

        def used(self, sheet: Any) -> Any:
            cursor = sheet.createCursor()
            cursor.gotoEndOfUsedArea(False)
            return cursor.getRangeAddress()

        def table(self, sheet: Any) -> Any:
            end = self.used(sheet)
            return self.keep(sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow))

        def do_rows(self, step: dict[str, Any]) -> None:
            rows = self.sheet(step["sheet"]).getRows()
            at, count = int(step["at"]) - 1, int(step.get("count", 1))
            if step["op"] == "insert":
                rows.insertByIndex(at, count)
            elif step["op"] == "delete":
                rows.removeByIndex(at, count)
            else:
                for index in range(at, at + count):
                    rows.getByIndex(index).IsVisible = False

        def do_columns(self, step: dict[str, Any]) -> None:
            columns = self.sheet(step["sheet"]).getColumns()
            at, count = column_index(step["at"]), int(step.get("count", 1))
            if step["op"] == "insert":
                columns.insertByIndex(at, count)
            elif step["op"] == "delete":
                columns.removeByIndex(at, count)
            else:
                for index in range(at, at + count):
                    columns.getByIndex(index).IsVisible = False

        def do_sort(self, step: dict[str, Any]) -> None:
            table = self.table(self.sheet(step["sheet"]))
            field = uno.createUnoStruct("com.sun.star.table.TableSortField")
            field.Field = column_index(step["column"])
            field.IsAscending = not step.get("descending", False)
            descriptor = table.createSortDescriptor()
            for item in descriptor:
                if item.Name == "SortFields":
                    item.Value = uno.Any("[]com.sun.star.table.TableSortField", (field,))
                elif item.Name == "ContainsHeader":
                    item.Value = True
            table.sort(descriptor)

        def do_autofilter(self, step: dict[str, Any]) -> dict[str, Any]:
            sheet = self.sheet(step["sheet"])
            table = self.table(sheet)
            ranges = self.document.DatabaseRanges
            name = "organiser_filter"
            if ranges.hasByName(name):
                ranges.removeByName(name)
            ranges.addNewByName(name, table.getRangeAddress())
            database = ranges.getByName(name)
            database.AutoFilter = True
            descriptor = database.getFilterDescriptor()
            descriptor.ContainsHeader = True
            condition = uno.createUnoStruct("com.sun.star.sheet.TableFilterField")
            condition.Field = column_index(step["column"])
            condition.Operator = uno.Enum("com.sun.star.sheet.FilterOperator", "NOT_EQUAL")
            condition.IsNumeric = isinstance(step["hide"], int | float)
            if condition.IsNumeric:
                condition.NumericValue = float(step["hide"])
            else:
                condition.StringValue = str(step["hide"])
            descriptor.setFilterFields((condition,))
            database.refresh()
            return self.do_used(step)

        def do_type(self, step: dict[str, Any]) -> dict[str, Any]:
            sheet = self.sheet(step["sheet"])
            formats = self.document.getNumberFormats()
            formatter = self.create("com.sun.star.util.NumberFormatter")
            formatter.attachNumberFormatsSupplier(self.document)
            found = {}
            for name, text in step["cells"].items():
                cell = sheet.getCellRangeByName(name)
                typed(cell, text, formats, formatter)
                found[name] = self.do_read({"sheet": step["sheet"], "cell": name})
            return found

        def do_formula(self, step: dict[str, Any]) -> dict[str, Any]:
            cell = self.sheet(step["sheet"]).getCellRangeByName(step["cell"])
            cell.setFormula(step["formula"])
            return self.do_read(step)

        def do_merge(self, step: dict[str, Any]) -> None:
            self.keep(self.sheet(step["sheet"]).getCellRangeByName(step["range"])).merge(True)

        def do_sheet(self, step: dict[str, Any]) -> dict[str, Any]:
            sheets = self.document.getSheets()
            op, name = step["op"], step["name"]
            at = int(step.get("at", sheets.getCount()))
            if op == "insert":
                sheets.insertNewByName(name, at)
            elif op == "copy":
                sheets.copyByName(name, step["to"], at)
            elif op == "move":
                sheets.moveByName(name, at)
            elif op == "rename":
                sheets.getByName(name).setName(step["to"])
            else:
                sheets.removeByName(name)
            return {"sheets": list(sheets.getElementNames())}

        def do_style(self, step: dict[str, Any]) -> None:
            sheet = self.sheet(step["sheet"])
            cells = sheet.getCellRangeByName(step["range"])
            if step.get("bold"):
                cells.CharWeight = 150.0  # com.sun.star.awt.FontWeight.BOLD
            if "color" in step:
                cells.CharColor = int(step["color"])
            if "back" in step:
                cells.CellBackColor = int(step["back"])
            if "font" in step:
                cells.CharFontName = step["font"]
            if "format" in step:
                cells.NumberFormat = int(step["format"])
            if "width" in step:  # 1/100 mm, every column of the range
                columns = cells.getColumns()
                for index in range(columns.getCount()):
                    columns.getByIndex(index).Width = int(step["width"])

        def do_read(self, step: dict[str, Any]) -> dict[str, Any]:
            cell = self.sheet(step["sheet"]).getCellRangeByName(step["cell"])
            formats = self.document.getNumberFormats()
            number_format = formats.getByKey(cell.NumberFormat).FormatString
            return {
                "kind": cell.getType().value,
                "string": cell.getString(),
                "value": cell.getValue(),
                "formula": cell.getFormula(),
                "format": number_format,
                "bold": cell.CharWeight > 100,
                "font": cell.CharFontName,
                "color": cell.CharColor,
                "back": cell.CellBackColor,
                "width": cell.getColumns().getByIndex(0).Width,
            }

        def do_grid(self, step: dict[str, Any]) -> dict[str, Any]:
            sheet = self.sheet(step["sheet"])
            end = self.used(sheet)
            cells = sheet.getCellRangeByPosition(0, 0, end.EndColumn, end.EndRow)
            return {
                "formulas": [list(row) for row in cells.getFormulaArray()],
                "strings": [[str(v) for v in row] for row in cells.getDataArray()],
            }

        def do_used(self, step: dict[str, Any]) -> dict[str, Any]:
            sheet = self.sheet(step["sheet"])
            end = self.used(sheet)
            rows = sheet.getRows()
            hidden = [i + 1 for i in range(end.EndRow + 1) if not rows.getByIndex(i).IsVisible]
            return {"rows": end.EndRow + 1, "columns": end.EndColumn + 1, "hidden_rows": hidden}

    return Editor


def main(argv: list[str]) -> int:
    uno_driver = _driver_class()
    uno_driver.Driver = _editor(uno_driver)  # the driver's loop, with the edits' steps
    return int(uno_driver.main(argv))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
