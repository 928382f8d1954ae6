"""Check the workbook's marks: each cell with a problem in red, with a comment
saying what is wrong — taken away by the next action once the workbook is clean.
The colours the cells had are kept in a user-defined document property."""

from __future__ import annotations

import json
from typing import Any

from .calc import CELL_RE
from .changes import Changes

MARK_COLOR = 0xFFC7CE  # light red: a cell Check found wrong
MARKS_PROPERTY = "gosheet marks"  # user-defined document property: marked cells
NOTE_PREFIX = "gosheet: "


def user_properties(document: Any) -> Any:
    return document.getDocumentProperties().getUserDefinedProperties()


def clear_marks(document: Any, changes: Changes) -> None:
    """Take away the red of cells a previous Check marked (giving back their own
    background) and gosheet's comments."""
    properties = user_properties(document)
    sheets = document.getSheets()
    if properties.getPropertySetInfo().hasPropertyByName(MARKS_PROPERTY):
        saved = properties.getPropertyValue(MARKS_PROPERTY)
        try:
            marks = json.loads(saved)
        except (TypeError, ValueError):
            marks = []
        for mark in marks if isinstance(marks, list) else []:
            try:
                sheet_name, cell_name, color, transparent = mark
            except (TypeError, ValueError):
                continue
            if not sheets.hasByName(sheet_name) or not CELL_RE.match(str(cell_name)):
                continue
            cell = sheets.getByName(sheet_name).getCellRangeByName(cell_name)
            if cell.getPropertyValue("CellBackColor") != MARK_COLOR:
                continue  # recoloured by hand since: leave it
            changes.set_property(cell, "CellBackColor", int(color))
            changes.set_property(cell, "IsCellBackgroundTransparent", bool(transparent))
        properties.removeProperty(MARKS_PROPERTY)
        changes.on_rollback(lambda: properties.addProperty(MARKS_PROPERTY, 128, saved))
    for index in range(sheets.getCount()):
        notes = sheets.getByIndex(index).getAnnotations()
        for i in reversed(range(notes.getCount())):
            note = notes.getByIndex(i)
            text = note.getString()
            if text.startswith(NOTE_PREFIX):
                position = note.getPosition()
                notes.removeByIndex(i)
                changes.on_rollback(lambda n=notes, p=position, t=text: n.insertNew(p, t))


def remove_note(sheet: Any, position: Any) -> None:
    notes = sheet.getAnnotations()
    for i in range(notes.getCount()):
        where = notes.getByIndex(i).getPosition()
        if (where.Column, where.Row) == (position.Column, position.Row):
            notes.removeByIndex(i)
            return


def mark_problems(document: Any, problems: list[dict[str, Any]], changes: Changes) -> int:
    """Colour each cell with a problem and comment it; remember the colours it had."""
    sheets = document.getSheets()
    texts: dict[tuple[str, str], list[str]] = {}
    for problem in problems:
        sheet_name, cell_name = problem.get("sheet"), str(problem.get("cell") or "")
        if (
            isinstance(sheet_name, str)
            and sheets.hasByName(sheet_name)
            and CELL_RE.match(cell_name)
        ):
            message = str(problem.get("text") or problem.get("message") or "")
            texts.setdefault((sheet_name, cell_name), []).append(message)
    marks = []
    for (sheet_name, cell_name), lines in texts.items():
        sheet = sheets.getByName(sheet_name)
        cell = sheet.getCellRangeByName(cell_name)
        marks.append(
            [
                sheet_name,
                cell_name,
                int(cell.getPropertyValue("CellBackColor")),
                bool(cell.getPropertyValue("IsCellBackgroundTransparent")),
            ]
        )
        changes.set_property(cell, "IsCellBackgroundTransparent", False)
        changes.set_property(cell, "CellBackColor", MARK_COLOR)
        if not cell.getAnnotation().getString():  # the organiser's own comment stays
            position = cell.getCellAddress()
            sheet.getAnnotations().insertNew(position, NOTE_PREFIX + "\n".join(lines))
            changes.on_rollback(lambda s=sheet, p=position: remove_note(s, p))
    if marks:
        properties = user_properties(document)
        properties.addProperty(MARKS_PROPERTY, 128, json.dumps(marks, ensure_ascii=False))
        changes.on_rollback(lambda: properties.removeProperty(MARKS_PROPERTY))
    return len(marks)
