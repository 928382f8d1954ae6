"""Cells of an organiser's sheet changed in place: a result written in its standard form, a
McMahon group, the number of rounds — every other byte of the sheet kept (its formats,
formulas, comments, conditional formats, the rest of each row)."""

from __future__ import annotations

import bisect
import re
from typing import Any

from gosheet.core.errors import InputError, Problem
from gosheet.workbook.sheets import column_letter, column_number
from gosheet.workbook.sheets.writable import long_text, too_long
from gosheet.workbook.xlsx.parts.sheet_xml import cell_xml
from gosheet.workbook.xlsx.parts.spans import Enough, Span, Unsupported, attribute, find_spans
from gosheet.workbook.xlsx.parts.styles import splice

_REF = re.compile(r"^([A-Z]{1,3})([0-9]+)$")


def position(ref: str) -> tuple[int, int]:
    """``B7`` → (7, 2): row and column, 1-based."""
    match = _REF.match(ref.upper().replace("$", ""))
    if match is None:
        raise Unsupported(f"the cell reference {ref!r}")
    return int(match.group(2)), column_number(match.group(1))


def _bounds(text: str) -> tuple[int, int, int, int]:
    corners = [position(c) for c in text.split(":")[:2]]
    (r1, c1), (r2, c2) = corners[0], corners[-1]
    return min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2)


def refuse_merged(data: bytes, sheet: str, refs: list[str]) -> None:
    """A cell inside merged cells (not their first) cannot be written: say so, as a problem
    of the sheet, before anything is changed."""
    problems = []
    if b"mergeCell" not in data:
        return
    for span in find_spans(data, {"mergeCell"}):
        text = span.attributes.get("ref", "")
        top, left, bottom, right = _bounds(text)
        for ref in refs:
            row, column = position(ref)
            if top <= row <= bottom and left <= column <= right and (row, column) != (top, left):
                message = f"merged with other cells ({text}), and gosheet writes here: unmerge them"
                problems.append(Problem(sheet, ref, None, message))
    if problems:
        raise InputError(problems)


def patch_cells(data: bytes, sheet: str, changes: dict[str, Any]) -> bytes:
    """The sheet's XML with each cell of ``changes`` (reference → value) written."""
    refuse_merged(data, sheet, list(changes))
    for ref, value in changes.items():
        if too_long(value):
            raise long_text(f"{sheet}!{ref}", value)
    wanted: dict[int, dict[int, tuple[str, Any]]] = {}
    for ref, value in changes.items():
        r, c = position(ref)
        wanted.setdefault(r, {})[c] = (ref.upper(), value)
    spans, every_row = _rows_up_to(data, wanted, stop=True)
    if every_row and every_row[-1][0] > max(wanted) and _later(data, every_row[-1][1], wanted):
        spans, every_row = _rows_up_to(data, wanted, stop=False)  # rows out of order
    sheet_data = next((s for s in spans if s.name == "sheetData"), None)
    if sheet_data is None or ":" in sheet_data.qname:
        raise Unsupported("no sheetData, or a prefixed one")
    rows: dict[int, Span] = {
        int(row.attributes["r"]): row for row in sheet_data.children if row.name == "row"
    }
    edits: list[tuple[int, int, bytes]] = []
    every_row.sort()
    numbers = [number for number, _ in every_row]
    inserted: dict[int, list[bytes]] = {}  # where new rows go (before the next row) → rows
    for r in sorted(wanted):
        found = rows.get(r)
        if found is not None:
            edits.append((found.start, found.end, _row_with(data, found, wanted[r])))
            continue
        cells = "".join(cell_xml(ref, v, None) for _, (ref, v) in sorted(wanted[r].items()))
        after = bisect.bisect_right(numbers, r)
        at = every_row[after][1] if after < len(numbers) else sheet_data.close
        inserted.setdefault(at, []).append(f'<row r="{r}">{cells}</row>'.encode())
    for at, new_rows in inserted.items():
        if sheet_data.empty:  # <sheetData/>: opened and closed around its first rows
            tag = data[sheet_data.start : sheet_data.end][:-2].rstrip() + b">"
            body = tag + b"".join(new_rows) + b"</sheetData>"
            edits.append((sheet_data.start, sheet_data.end, body))
        else:
            edits.append((at, at, b"".join(new_rows)))
    dimension = next((s for s in spans if s.name == "dimension" and s.depth == 1), None)
    if dimension is not None and "ref" in dimension.attributes:
        edits.append((dimension.start, dimension.end, _grown(data, dimension, changes)))
    return splice(data, edits)


def _rows_up_to(
    data: bytes, wanted: dict[int, Any], *, stop: bool
) -> tuple[list[Span], list[tuple[int, int]]]:
    """The spans :func:`patch_cells` changes — the sheet data, the rows wanted and their
    cells, the dimension — and the (number, start) of every row; with ``stop``, the parsing
    ends at the first row past the last one wanted (a million empty rows may follow)."""
    every_row: list[tuple[int, int]] = []
    last = max(wanted)

    def keep(name: str, attributes: dict[str, str], offset: int) -> bool:
        """Only the rows changed are spans."""
        if name != "row":
            return True
        number = attributes.get("r")
        if number is None or not number.isdigit():
            raise Unsupported("rows without their numbers")
        every_row.append((int(number), offset))
        if stop and int(number) > last:
            raise Enough
        return int(number) in wanted

    spans = find_spans(data, {"sheetData", "row", "c", "f", "dimension"}, keep=keep)
    return spans, every_row


def _later(data: bytes, offset: int, wanted: dict[int, Any]) -> bool:
    """Whether a row wanted may come after ``offset`` (rows out of order): its number, as an
    attribute, anywhere after it (a literal search: a million rows in milliseconds)."""
    return any(data.find(f"r={q}{n}{q}".encode(), offset) >= 0 for n in wanted for q in "\"'")


def _row_with(data: bytes, row: Span, wanted: dict[int, tuple[str, Any]]) -> bytes:
    cells: dict[int, bytes] = {}
    for cell in row.children:
        if cell.name != "c":
            continue
        if "r" not in cell.attributes:
            raise Unsupported("cells without their references")
        column = position(cell.attributes["r"])[1]
        if column in wanted:
            for formula in cell.children:
                if formula.name == "f" and "ref" in formula.attributes:
                    raise Unsupported("the first cell of a shared or array formula")
            ref, value = wanted[column]
            style = cell.attributes.get("s")
            cells[column] = cell_xml(ref, value, int(style) if style else None).encode()
        else:
            cells[column] = data[cell.start : cell.end]
    tag = data[row.start : row.inner]
    new = {c: v for c, v in wanted.items() if c not in cells}
    if new:  # the row's 'spans' (a reading hint) may no longer hold
        tag = attribute(tag, "spans", None)
    for column, (ref, value) in new.items():
        cells[column] = cell_xml(ref, value, None).encode()
    last = max((s.end for s in row.children if s.name == "c"), default=row.inner)
    if row.empty:
        tag = tag[:-2].rstrip() + b">"
        tail = b""
    else:
        tail = data[last : row.close]
    body = b"".join(cells[c] for c in sorted(cells))
    return tag + body + tail + f"</{row.qname}>".encode()


def _grown(data: bytes, dimension: Span, changes: dict[str, Any]) -> bytes:
    top, left, bottom, right = _bounds(dimension.attributes["ref"])
    for ref in changes:
        r, c = position(ref)
        top, left, bottom, right = min(top, r), min(left, c), max(bottom, r), max(right, c)
    text = f"{column_letter(left - 1)}{top}:{column_letter(right - 1)}{bottom}"
    return attribute(data[dimension.start : dimension.end], "ref", text)
