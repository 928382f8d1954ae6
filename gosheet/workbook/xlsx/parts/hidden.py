"""What python-calamine reads as an empty cell, found again in a worksheet's XML: an error
value (:func:`~.values.error_cells`), a formula with no saved value (:func:`unsaved_cells`)
and the cells under a merge (:mod:`gosheet.workbook.unseen`), so that its grids are those of
gosheet's own reader (:mod:`.values`)."""

from __future__ import annotations

import re
import zipfile
from collections.abc import Collection
from pathlib import Path

from gosheet.workbook.unseen import Unsaved, unseen
from gosheet.workbook.xlsx.parts.values import Grid, error_cells


def with_errors(grids: dict[str, Grid], path: Path, plain: Collection[str] = ()) -> dict[str, Grid]:
    """``grids`` (python-calamine's, where an error value is an empty cell) with each
    sheet's error values (:func:`error_cells`) put back in their cells, its formulas with no
    saved value (:func:`unsaved_cells`) and the cells under its merges marked, as gosheet's
    own reader gives them; the sheet parts in ``plain`` hold none of them (the limits' scan
    says so: :func:`gosheet.workbook.limits.archive.check_workbook`), and are not read."""
    from gosheet.workbook.xlsx.parts.package import sheet_parts

    with zipfile.ZipFile(path) as archive:
        for part, name in sheet_parts(archive).items():
            grid = grids.get(name)
            if grid is None or part in plain:
                continue
            data = archive.read(part)
            for (row, column), value in error_cells(data).items():
                while len(grid) <= row:
                    grid.append([None] * len(grid[0]) if grid else [])
                line = grid[row]
                line.extend([None] * (column + 1 - len(line)))
                line[column] = value
            tail = data[data.rfind(b"</sheetData>") :]  # (the merges follow the cells)
            merges = [m.decode("ascii", "replace") for m in re.findall(_MERGE, tail)]
            unseen(grid, unsaved_cells(data), merges)
    return grids


# (compiled where first used, ``re.compile`` keeping them: a sheet without formulas or
# merges needs none)
_MERGE = rb'<mergeCell ref="([A-Z]{1,3}[0-9]{1,7}:[A-Z]{1,3}[0-9]{1,7})"'
_FORMULA_CELL = (
    rb'(?s)<c r="([A-Z]{1,3})([0-9]{1,7})"([^>]*?)(?<!/)>((?:(?!</c>).)*?<f[\s>/].*?)</c>'
)
_SAVED = rb"<v>[^<]"
_FORMULA = rb"<f[^>]*>([^<]*)</f>"


def unsaved_cells(data: bytes) -> dict[tuple[int, int], Unsaved]:
    """The formula cells of a worksheet part with no saved value (``<c r="H5"><f>IF(…)</f>
    </c>``, or an empty ``<v/>`` of a number: what a program that does not compute writes) by
    0-based (row, column); an empty text computed (``t="str"`` with an empty ``<v>``) is saved."""
    if b"</f>" not in data:  # (a shared formula's first cell holds it, with the others)
        return {}
    found = {}
    for letters, digits, attributes, inside in re.findall(_FORMULA_CELL, data):
        if re.search(_SAVED, inside):
            continue
        typed = re.search(rb'\st="([a-zA-Z]+)"', attributes)
        plain = typed is None or typed.group(1) in {b"n", b"s", b"b", b"e"}
        if not plain and b"<v" in inside:
            continue  # (a text computed empty: saved)
        column = 0
        for letter in letters:
            column = column * 26 + letter - 64
        formula = re.search(_FORMULA, inside)
        text = unescape_xml(formula.group(1)) if formula is not None else ""
        found[(int(digits) - 1, column - 1)] = Unsaved(text)
    return found


def unescape_xml(text: bytes) -> str:
    """An XML text's characters (``&gt;`` …)."""
    from html import unescape as entities

    return entities(text.decode("utf-8", "replace"))
