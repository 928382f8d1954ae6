"""A sheet of gosheet's answer, rendered into a new, empty sheet of the document:
values, header, number formats, widths, dropdown, print titles and a page style."""

from __future__ import annotations

from typing import Any

from .calc import number_format_key, to_calc, uno_module
from .changes import Changes

HEADER_COLOR = 0xDDE4EE
WIDTH_PER_CHARACTER = 247  # 1/100 mm per character of column width (as Calc reads .xlsx
# whose default font is Calibri 11, with DejaVu Sans in its place)
WIDTH_PER_ARIAL_CHARACTER = 196  # the same, the default font Arial 10 (gosheet's template):
# a digit of Liberation Sans 10, 5.56 pt
PAGE_PROPERTIES = (  # of an existing page style, given back on a failure
    "IsLandscape",
    "Size",
    "ScaleToPagesX",
    "ScaleToPagesY",
    "PageScale",
    "HeaderIsOn",
    "FooterIsOn",
    "RightPageHeaderContent",
    "RightPageFooterContent",
)


def render_sheet(document: Any, sheet: Any, operation: dict[str, Any]) -> None:
    """Fill a new, empty sheet: headers, rows, formats, widths, dropdown, print titles."""
    uno = uno_module()
    columns = operation["columns"]
    rows = operation["rows"]
    table = [[c["header"] for c in columns], *rows]
    width = max(len(r) for r in table)
    data = tuple(
        tuple(to_calc(row[i]) if i < len(row) else "" for i in range(width)) for row in table
    )
    sheet.getCellRangeByPosition(0, 0, width - 1, len(table) - 1).setDataArray(data)

    header = sheet.getCellRangeByPosition(0, 0, len(columns) - 1, 0)
    header.setPropertyValue("CharWeight", 150.0)  # com.sun.star.awt.FontWeight.BOLD
    header.setPropertyValue("CellBackColor", HEADER_COLOR)
    header.setPropertyValue("IsTextWrapped", True)
    header.setPropertyValue("VertJustify", 2)  # CellVertJustify2.CENTER
    line = uno.createUnoStruct("com.sun.star.table.BorderLine2")
    line.LineWidth = 26  # thin
    line.OuterLineWidth = 26
    header.setPropertyValue("BottomBorder", line)

    last = len(rows) + int(operation.get("blank_rows") or 0)  # last formatted row
    centre = uno.Enum("com.sun.star.table.CellHoriJustify", "CENTER")
    left = uno.Enum("com.sun.star.table.CellHoriJustify", "LEFT")
    unit = character_width(document)
    for i, column in enumerate(columns):
        sheet.getColumns().getByIndex(i).setPropertyValue(
            "Width", round(float(column.get("width") or 12) * unit)
        )
        if last < 1:
            continue
        body = sheet.getCellRangeByPosition(i, 1, i, last)
        if column.get("number_format"):
            body.setPropertyValue(
                "NumberFormat", number_format_key(document, column["number_format"])
            )
        if column.get("wrap"):
            body.setPropertyValue("IsTextWrapped", True)
            body.setPropertyValue("VertJustify", 1)  # CellVertJustify2.TOP
        if column.get("centre"):
            body.setPropertyValue("HoriJustify", centre)
        elif column.get("left"):
            body.setPropertyValue("HoriJustify", left)
        if column.get("top"):
            body.setPropertyValue("VertJustify", 1)  # CellVertJustify2.TOP
    sheet.getCellRangeByPosition(0, 0, width - 1, len(table) - 1).getRows().setPropertyValue(
        "OptimalHeight", True
    )
    merge_notes(sheet, operation, left)

    dropdown = operation.get("dropdown")
    if isinstance(dropdown, dict) and int(dropdown.get("rows") or 0) > 0:
        target = sheet.getCellRangeByPosition(
            int(dropdown["column"]), 1, int(dropdown["column"]), int(dropdown["rows"])
        )
        validation = target.getPropertyValue("Validation")
        validation.setPropertyValue("Type", uno.Enum("com.sun.star.sheet.ValidationType", "LIST"))
        validation.setPropertyValue("ShowList", 1)  # TableValidationVisibility.UNSORTED
        validation.setPropertyValue("IgnoreBlankCells", True)
        validation.setPropertyValue("ShowErrorMessage", False)  # gosheet reads other spellings
        validation.setFormula1(
            ";".join('"' + str(v).replace('"', '""') + '"' for v in dropdown["values"])
        )
        target.setPropertyValue("Validation", validation)

    title_rows = uno.createUnoStruct("com.sun.star.table.CellRangeAddress")
    title_rows.Sheet = sheet.getRangeAddress().Sheet
    sheet.setTitleRows(title_rows)  # row 1 repeated on every printed page
    sheet.setPrintTitleRows(True)


def character_width(document: Any) -> int:
    """The width (1/100 mm) of a character of column width in this document: a digit of its
    default font, which Calc counts the widths of an .xlsx in."""
    try:
        default = document.getStyleFamilies().getByName("CellStyles").getByName("Default")
        font = str(default.getPropertyValue("CharFontName"))
        size = float(default.getPropertyValue("CharHeight"))
    except Exception:  # a document without the style: Calc's own default
        return WIDTH_PER_CHARACTER
    if font in ("Arial", "Liberation Sans") and size == 10:
        return WIDTH_PER_ARIAL_CHARACTER
    return WIDTH_PER_CHARACTER


def merge_notes(sheet: Any, operation: dict[str, Any], left: Any) -> None:
    """Each note (a long text below a table) merged with the cells to its right, wrapped, its
    row as high as its lines (Calc sizes no merged cell's row)."""
    for note in operation.get("notes") or ():
        row = int(note["row"]) + 1
        cells = sheet.getCellRangeByPosition(int(note["first"]), row, int(note["last"]), row)
        cells.merge(True)
        cells.setPropertyValue("IsTextWrapped", True)
        cells.setPropertyValue("VertJustify", 1)  # CellVertJustify2.TOP
        cells.setPropertyValue("HoriJustify", left)
    rows = sheet.getRows()
    for number, points in (operation.get("heights") or {}).items():
        rows.getByIndex(int(number) - 1).setPropertyValue("Height", round(float(points) * 35.28))


def set_up_page(
    document: Any, sheet: Any, sheet_name: str, operation: dict[str, Any], changes: Changes
) -> None:
    """Orientation, fit to page width, the title in the page header, "page / pages"
    in the footer: a page style of the sheet's own (as Calc names them for .xlsx)."""
    styles = document.getStyleFamilies().getByName("PageStyles")
    name = f"PageStyle_{sheet_name}"
    if styles.hasByName(name):
        style = styles.getByName(name)
        saved = {p: style.getPropertyValue(p) for p in PAGE_PROPERTIES}

        def restore() -> None:
            for key, value in saved.items():
                style.setPropertyValue(key, value)

        changes.on_rollback(restore)
    else:
        style = document.createInstance("com.sun.star.style.PageStyle")
        styles.insertByName(name, style)
        changes.on_rollback(lambda: styles.removeByName(name))
    landscape = bool(operation.get("landscape"))
    size = style.getPropertyValue("Size")
    if (size.Width > size.Height) != landscape:
        size.Width, size.Height = size.Height, size.Width
    style.setPropertyValue("IsLandscape", landscape)
    style.setPropertyValue("Size", size)
    if operation.get("fit_width", True):  # only where the text stays legible (8 pt)
        style.setPropertyValue("ScaleToPagesX", 1)
        style.setPropertyValue("ScaleToPagesY", 0)
    else:
        style.setPropertyValue("ScaleToPagesX", 0)
        style.setPropertyValue("ScaleToPagesY", 0)
        style.setPropertyValue("PageScale", 100)
        repeated = int(operation.get("title_columns") or 0)
        if repeated:  # the first columns on every page of a sheet too wide for one
            columns = uno_module().createUnoStruct("com.sun.star.table.CellRangeAddress")
            columns.Sheet = sheet.getRangeAddress().Sheet
            columns.EndColumn = repeated - 1
            sheet.setTitleColumns(columns)
            sheet.setPrintTitleColumns(True)
    style.setPropertyValue("HeaderIsOn", True)
    style.setPropertyValue("FooterIsOn", True)
    header = style.getPropertyValue("RightPageHeaderContent")
    header.getLeftText().setString("")
    header.getRightText().setString("")
    text = header.getCenterText()
    text.setString(str(operation.get("title") or ""))
    black_text(text)
    style.setPropertyValue("RightPageHeaderContent", header)
    footer = style.getPropertyValue("RightPageFooterContent")
    footer.getLeftText().setString("")
    footer.getRightText().setString("")
    text = footer.getCenterText()
    text.setString("")
    cursor = text.createTextCursor()
    text.insertTextContent(
        cursor, document.createInstance("com.sun.star.text.TextField.PageNumber"), False
    )
    cursor.gotoEnd(False)
    text.insertString(cursor, " / ", False)
    cursor.gotoEnd(False)
    text.insertTextContent(
        cursor, document.createInstance("com.sun.star.text.TextField.PageCount"), False
    )
    black_text(text)
    style.setPropertyValue("RightPageFooterContent", footer)
    sheet.setPropertyValue("PageStyle", name)


def black_text(text: Any) -> None:
    """Black, not "automatic": Calc writes an automatic header colour to .xlsx as white."""
    cursor = text.createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    cursor.setPropertyValue("CharColor", 0)
