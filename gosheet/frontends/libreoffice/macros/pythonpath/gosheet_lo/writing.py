"""Writing an answer's operations into the open document, so that up to the very
last step everything can be taken back (:class:`~.changes.Changes`)."""

from __future__ import annotations

from typing import Any

from .changes import Changes
from .rendering import render_sheet, set_up_page


def final_order(names: list[str], renders: list[tuple[str, int | None]]) -> list[str]:
    """The sheets' order once each ``(name, index)`` is rendered in turn, as gosheet's
    file adapter does it: a sheet replaced keeps its place unless an index is given;
    a new one goes to the index, or at the end.

    >>> final_order(["Settings", "Players", "Round 1", "Standings"], [("Round 2", 3),
    ...     ("Standings", None)])
    ['Settings', 'Players', 'Round 1', 'Round 2', 'Standings']
    """
    order = list(names)
    for name, index in renders:
        if name in order:
            position = order.index(name) if index is None else index
            order.remove(name)
        else:
            position = len(order) if index is None else index
        order.insert(max(0, min(position, len(order))), name)
    return order


def free_name(sheets: Any, base: str) -> str:
    number = 1
    while sheets.hasByName(f"{base} {number}"):
        number += 1
    return f"{base} {number}"


def remove_if_present(sheets: Any, name: str) -> None:
    if sheets.hasByName(name):
        sheets.removeByName(name)


def move_in_order(sheets: Any, order: list[str]) -> None:
    """Put the named sheets first, in this order (the others follow)."""
    for position, name in enumerate(order):
        if list(sheets.getElementNames()).index(name) != position:
            sheets.moveByName(name, position)


def apply_operations(
    document: Any, operations: list[dict[str, Any]], changes: Changes, shows_cells: bool = False
) -> None:
    """Write an answer's operations (``shows_cells``: then show the sheet of the last cell
    set, not the first sheet rendered — as gosheet's table of actions says of the action).

    A sheet renamed (``rename``: the workbook's language changed) is renamed in place, with
    everything in it; Calc makes the formulas that name it follow.

    Each rendered sheet is built whole under a temporary name at the end of the
    workbook; cells are set as the operations come (in a sheet rendered earlier,
    in its new version). Only then are the sheets swapped: an old sheet is
    renamed aside, the new one takes its name, all are put in order, and the old
    ones are deleted last — so that up to that point, everything can be taken back.
    """
    sheets = document.getSheets()
    names = list(sheets.getElementNames())
    built: dict[str, Any] = {}  # sheet name → its new version (under a temporary name)
    renders: list[tuple[str, int | None]] = []
    last_set = None
    for operation in operations:
        if operation["op"] == "rename":  # the workbook's language changed: first of all
            old, new = operation["sheet"], operation["name"]
            renamed = sheets.getByName(old)
            renamed.setName(new)
            changes.on_rollback(lambda s=renamed, o=old: s.setName(o))
            names = [new if n == old else n for n in names]
        elif operation["op"] == "render":
            name = operation["sheet"]
            if name in built:  # rendered twice: the last one counts
                sheets.removeByName(built.pop(name).getName())
            temporary = free_name(sheets, "gosheet new")
            sheets.insertNewByName(temporary, sheets.getCount())
            changes.on_rollback(lambda t=temporary: remove_if_present(sheets, t))
            sheet = sheets.getByName(temporary)
            render_sheet(document, sheet, operation)
            set_up_page(document, sheet, name, operation, changes)
            built[name] = sheet
            index = operation.get("index")
            renders.append((name, None if index is None else int(index)))
        else:
            name = operation["sheet"]
            target = built[name] if name in built else sheets.getByName(name)
            changes.set_content(target.getCellRangeByName(operation["cell"]), operation["value"])
            last_set = operation["sheet"]

    original = list(sheets.getElementNames())
    changes.on_rollback(lambda: move_in_order(sheets, original))
    old_versions = []
    for name, sheet in built.items():
        if name in names:
            old = sheets.getByName(name)
            aside = free_name(sheets, "gosheet old")
            old.setName(aside)
            changes.on_rollback(lambda o=old, n=name: o.setName(n))
            old_versions.append(aside)
        temporary = sheet.getName()
        sheet.setName(name)
        changes.on_rollback(lambda s=sheet, t=temporary: s.setName(t))
    move_in_order(sheets, final_order(names, renders))
    for aside in old_versions:  # the only step that cannot be taken back: the last
        sheets.removeByName(aside)

    show = renders[0][0] if renders else None
    if shows_cells and last_set is not None:
        show = last_set
    rendered = [name for name, _index in renders]
    changes.afterwards(lambda: show_sheets(document, rendered, show))


def show_sheets(document: Any, frozen: list[str], show: str | None) -> None:
    """Freeze the header row of the sheets written (a setting of the view, made once
    the view is unlocked), and show the sheet the organiser wants to see next."""
    controller = document.getCurrentController()
    if controller is None or not hasattr(controller, "freezeAtPosition"):
        return
    sheets = document.getSheets()
    for name in frozen:
        if sheets.hasByName(name):
            controller.setActiveSheet(sheets.getByName(name))
            controller.freezeAtPosition(0, 1)
    if show is not None and sheets.hasByName(show):
        controller.setActiveSheet(sheets.getByName(show))
