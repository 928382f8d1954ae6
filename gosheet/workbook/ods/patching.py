"""Cells changed in one of the organiser's tables of an ``.ods``, the rest of the table kept
byte for byte: a changed cell inside a run of repeated rows or cells
(``table:number-rows-repeated``, ``table:number-columns-repeated``) splits the run around it;
a cell past the table's last row or a row's last cell is added after them. The changed cell
keeps its style, its merge and its validation; its value, formula and text are gosheet's."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from gosheet.core.errors import InputError, Problem
from gosheet.workbook.ods.tables import cell
from gosheet.workbook.sheets import cell_name
from gosheet.workbook.xlsx.parts.cells import position
from gosheet.workbook.xlsx.parts.spans import Span, Unsupported, attribute, find_spans

ROWS_REPEATED = "table:number-rows-repeated"
COLUMNS_REPEATED = "table:number-columns-repeated"
KEPT = ("style-name", "number-columns-spanned", "number-rows-spanned", "content-validation-name")
_START = re.compile(rb"<[^\s/>]+((?:\s+[^\s=/>]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*/?>")
_ATTRIBUTE = re.compile(rb"""\s([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')""")
CELL_NAMES = {"table-cell", "covered-table-cell"}
EMPTY_CELL = b"<table:table-cell/>"
EMPTY_ROW = b"<table:table-row><table:table-cell/></table:table-row>"


def repeat(span: Span, name: str) -> int:
    """How many places the element stands for (``name``: its repeat attribute)."""
    text = span.attributes.get(name.split(":")[-1], "1")
    if not text.isdigit() or int(text) < 1:
        raise Unsupported(f"a repeat count of {text!r}")
    return int(text)


def split(
    element: bytes, name: str, first: int, count: int, targets: dict[int, Callable[[bytes], bytes]]
) -> bytes:
    """``element`` standing for ``count`` places from ``first`` (its repeat attribute
    ``name``), split so that each place in ``targets`` is an element of its own, changed by
    its function; the places between keep the element, repeated."""
    out: list[bytes] = []
    at = first
    for place in sorted(targets):
        if place > at:
            out.append(attribute(element, name, str(place - at) if place - at > 1 else None))
        out.append(targets[place](attribute(element, name, None)))
        at = place + 1
    end = first + count
    if end > at:
        out.append(attribute(element, name, str(end - at) if end - at > 1 else None))
    return b"".join(out)


def opened(element: bytes) -> bytes:
    """An element written ``<x/>`` as ``<x></x>`` (to hold children)."""
    match = _START.match(element)
    if match is None or not element[: match.end()].endswith(b"/>") or match.end() != len(element):
        return element
    tag = element[1 : element.find(b" ") if b" " in element else -2].rstrip(b"/")
    return element[: match.end() - 2].rstrip() + b"></" + tag + b">"


def new_cell(element: bytes, value: Any) -> bytes:
    """The cell ``element`` holding ``value``: its kept attributes (:data:`KEPT`), gosheet's
    value; the element's name kept (a covered cell stays covered)."""
    match = _START.match(element)
    if match is None:
        raise Unsupported("a cell gosheet cannot read")
    kept = [
        f" {key.decode()}={raw.decode()}"
        for key, raw in _ATTRIBUTE.findall(match.group(1))
        if key.split(b":")[-1].decode() in KEPT
    ]
    covered = element.startswith(b"<table:covered-table-cell")
    made = cell(value, "".join(kept)).encode()
    if covered:
        made = made.replace(b"table:table-cell", b"table:covered-table-cell")
    return made


def patch_row(row: bytes, changes: dict[int, Any], covered: list[int] | None = None) -> bytes:
    """A row element (one row) with the cells of ``changes`` (0-based column → value) set;
    the columns of cells under a merge are added to ``covered``."""
    row = opened(row)
    spans = find_spans(row, {"table-row", *CELL_NAMES, "table"})
    if not spans or spans[0].name != "table-row":
        raise Unsupported("a row gosheet cannot read")
    top = spans[0]
    edits: list[tuple[int, int, bytes]] = []
    column = 0
    for span in top.children:
        if span.name not in CELL_NAMES:
            continue
        width = repeat(span, COLUMNS_REPEATED)
        inside = {c: v for c, v in changes.items() if column <= c < column + width}
        if inside:
            functions = {c: _setter(v) for c, v in inside.items()}
            if span.name == "covered-table-cell" and covered is not None:
                covered.extend(inside)
            edits.append(
                (
                    span.start,
                    span.end,
                    split(row[span.start : span.end], COLUMNS_REPEATED, column, width, functions),
                )
            )
        column += width
    beyond = {c: _setter(v) for c, v in changes.items() if c >= column}
    if beyond:
        added = split(EMPTY_CELL, COLUMNS_REPEATED, column, max(beyond) + 1 - column, beyond)
        edits.append((top.close, top.close, added))
    return _apply(row, edits)


def _setter(value: Any) -> Callable[[bytes], bytes]:
    return lambda element: new_cell(element, value)


def _row_setter(changes: dict[int, Any], covered: list[int]) -> Callable[[bytes], bytes]:
    return lambda element: patch_row(element, changes, covered)


def _apply(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    for start, end, new in sorted(edits, reverse=True):
        data = data[:start] + new + data[end:]
    return data


def patch_table(table: bytes, patches: dict[str, Any], sheet: str = "") -> bytes:
    """The table element with the cells of ``patches`` (``C5`` → value) set; a cell under a
    merge (not its first) is refused, as a problem of ``sheet``, before anything is."""
    wanted: dict[int, dict[int, Any]] = {}
    for ref, value in patches.items():
        r, c = position(ref)
        wanted.setdefault(r - 1, {})[c - 1] = value
    spans = find_spans(table, {"table", "table-row"})
    if not spans or spans[0].name != "table":
        raise Unsupported("a table gosheet cannot read")
    top = spans[0]
    edits: list[tuple[int, int, bytes]] = []
    covered: dict[int, list[int]] = {}
    at = 0
    last_end = None
    for span in top.children:
        if span.name != "table-row":
            continue
        height = repeat(span, ROWS_REPEATED)
        inside = {
            r: _row_setter(c, covered.setdefault(r, []))
            for r, c in wanted.items()
            if at <= r < at + height
        }
        if inside:
            element = table[span.start : span.end]
            edits.append((span.start, span.end, split(element, ROWS_REPEATED, at, height, inside)))
        at += height
        last_end = span.end
    beyond = {r: _row_setter(c, []) for r, c in wanted.items() if r >= at}
    if beyond:
        added = split(EMPTY_ROW, ROWS_REPEATED, at, max(beyond) + 1 - at, beyond)
        place = last_end if last_end is not None else _rows_place(table, top)
        edits.append((place, place, added))
    patched = _apply(table, edits)
    merged = [cell_name(r, c) for r, columns in sorted(covered.items()) for c in sorted(columns)]
    if merged:
        message = "merged with other cells, and gosheet writes here: unmerge them"
        raise InputError([Problem(sheet, ref, None, message) for ref in merged])
    return patched


def _rows_place(table: bytes, top: Span) -> int:
    """Where a table without rows takes its first: before its named expressions, else at
    its end."""
    named = table.find(b"<table:named-expressions", top.inner)
    return named if named >= 0 else top.close
