"""A new archive from an old one and the changes of a command: the sheets gosheet wrote whole,
the cells it changed in the organiser's sheets, the new order of the sheets. Every part not
changed is copied as it was."""

from __future__ import annotations

import re
import time
import zipfile
from pathlib import Path
from typing import Any

from gosheet.records import field, record
from gosheet.workbook.sheets import SheetData, column_letter
from gosheet.workbook.sheets.layout import page_setup
from gosheet.workbook.xlsx.parts.archive import Member, write_archive
from gosheet.workbook.xlsx.parts.cells import patch_cells
from gosheet.workbook.xlsx.parts.package import (
    CALC_CHAIN_TYPE,
    CONTENT_TYPES,
    RELATIONSHIPS,
    WORKBOOK,
    WORKSHEET_CONTENT,
    WORKSHEET_TYPE,
    Package,
    SheetEntry,
    rels_name,
)
from gosheet.workbook.xlsx.parts.sheet_xml import sheet_xml
from gosheet.workbook.xlsx.parts.spans import (
    Span,
    Unsupported,
    attribute,
    check_well_formed,
    escape,
    find_spans,
)
from gosheet.workbook.xlsx.parts.styles import Styles, splice

STYLES_TYPE = RELATIONSHIPS + "/styles"


@record(frozen=False)
class Changes:
    """What a command changed: the sheets in their new order, those written whole, and the
    cells changed in the others (reference → value)."""

    order: list[str]
    rendered: dict[str, SheetData] = field(default_factory=dict)
    patches: dict[str, dict[str, Any]] = field(default_factory=dict)


def write(package: Package, changes: Changes, target: Path) -> None:
    """Write the changed archive to ``target`` (raises :class:`Unsupported` before writing
    anything this writer cannot do safely)."""
    parts = _changed_parts(package, changes)
    for data in parts.new.values():  # every part written is well-formed XML
        check_well_formed(data)
    members: list[Member] = []
    for info in package.infos:
        name = info.filename
        if name in parts.removed:
            continue
        if name in parts.new:
            members.append((_info(name, info), parts.new.pop(name)))
        else:  # kept: its deflated bytes as they were
            members.append((_info(name, info), package.deflated.get(name, package.parts[name])))
    members += [(_info(name), data) for name, data in parts.new.items()]
    write_archive(target, members)


def _info(name: str, old: zipfile.ZipInfo | None = None) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, old.date_time if old else time.localtime()[:6])
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


@record(frozen=False)
class _Parts:
    """The parts a save writes anew and those it leaves out."""

    new: dict[str, bytes] = field(default_factory=dict)
    removed: set[str] = field(default_factory=set)


def _changed_parts(package: Package, changes: Changes) -> _Parts:
    entries = package.sheets()
    by_name = {e.name.casefold(): e for e in entries}
    order = changes.order
    result = _Parts()
    book_rels = package.relationships(WORKBOOK)
    styles_part = next((r.target for r in book_rels if r.type == STYLES_TYPE), None)
    styles = None
    if changes.rendered:
        if styles_part is None or styles_part not in package.parts:
            raise Unsupported("no styles part")
        styles = Styles(package.parts[styles_part])
    sheet_ids = [e.sheet_id for e in entries]
    rids = {r.id for r in book_rels}
    used_parts = set(package.parts)
    placed: dict[str, tuple[str, int, str, SheetEntry | None]] = {}  # name → part, id, rid, old
    replaced: list[SheetEntry] = []
    for name in order:
        old = by_name.get(name.casefold())
        if name in changes.rendered:
            data = changes.rendered[name]
            if old is not None:
                replaced.append(old)
                part, sheet_id, rid = old.part, old.sheet_id, old.rid
                result.removed.add(rels_name(old.part))
            else:
                part = _free(used_parts, "xl/worksheets/sheet{}.xml")
                used_parts.add(part)
                sheet_id = max([0, *sheet_ids]) + 1
                sheet_ids.append(sheet_id)
                rid = _free(rids, "rId{}")
                rids.add(rid)
            assert styles is not None
            result.new[part] = sheet_xml(data, styles)
            placed[name] = (part, sheet_id, rid, old)
        elif old is not None:
            if name in changes.patches:
                result.new[old.part] = patch_cells(
                    package.parts[old.part], name, changes.patches[name]
                )
            placed[name] = (old.part, old.sheet_id, old.rid, old)
        else:
            raise Unsupported(f"the sheet {name!r} is neither in the workbook nor written")
    if len(placed) != len(entries) + sum(1 for p in placed.values() if p[3] is None):
        raise Unsupported("a sheet removed (gosheet only adds and rewrites sheets)")
    if styles is not None and styles.changed():
        assert styles_part is not None
        result.new[styles_part] = styles.to_bytes()
    calc_chain = [r for r in book_rels if r.type == CALC_CHAIN_TYPE]
    result.removed |= {r.target for r in calc_chain}
    result.new[WORKBOOK] = _workbook(package, entries, changes, placed, replaced)
    new_sheets = [(p, rid) for n, (p, _, rid, old) in placed.items() if old is None]
    result.new[rels_name(WORKBOOK)] = _workbook_rels(package, new_sheets, calc_chain)
    _collect_garbage(package, result)
    result.new[CONTENT_TYPES] = _content_types(package, result, [p for p, _ in new_sheets])
    return result


def _free(used: set[str], pattern: str) -> str:
    number = 1
    while pattern.format(number) in used:
        number += 1
    return pattern.format(number)


def _quoted(name: str) -> str:
    return "'" + name.replace("'", "''") + "'"


def _workbook(
    package: Package,
    entries: list[SheetEntry],
    changes: Changes,
    placed: dict[str, tuple[str, int, str, SheetEntry | None]],
    replaced: list[SheetEntry],
) -> bytes:
    data = package.parts[WORKBOOK]
    spans = find_spans(
        data,
        {"sheets", "definedNames", "definedName", "workbookView", "calcPr", "externalReferences",
         "functionGroups"},
    )  # fmt: skip
    top = {s.name: s for s in spans if s.depth == 1}
    prefix = _relationship_prefix(data)
    edits: list[tuple[int, int, bytes]] = []
    sheets = []
    for name in changes.order:
        _, sheet_id, rid, old = placed[name]
        if old is not None and name not in changes.rendered:
            sheets.append(data[old.span.start : old.span.end])
            continue
        if old is not None:
            tag = attribute(data[old.span.start : old.span.end], "name", name)
            sheets.append(tag)
            continue
        sheets.append(
            f'<sheet name="{escape(name)}" sheetId="{sheet_id}" {prefix}:id="{rid}"/>'.encode()
        )
    block = top["sheets"]
    edits.append((block.start, block.end, b"<sheets>" + b"".join(sheets) + b"</sheets>"))
    old_names = [e.name for e in entries]
    dropped = {e.name for e in replaced}
    names: list[bytes] = []
    defined = top.get("definedNames")
    if defined is not None:
        for span in defined.children:
            text = data[span.start : span.end]
            local = span.attributes.get("localSheetId")
            if local is not None:
                index = int(local)
                sheet = old_names[index] if index < len(old_names) else None
                if sheet is None or sheet in dropped:
                    continue
                text = attribute(
                    text, "localSheetId", str(changes.order.index(_renamed(sheet, changes)))
                )
            names.append(text)
    for name, sheet_data in changes.rendered.items():
        index = changes.order.index(name)
        names.append(
            f'<definedName name="_xlnm.Print_Titles" localSheetId="{index}">'
            f"{escape(print_titles(_quoted(name), sheet_data))}</definedName>".encode()
        )
    block_text = b"<definedNames>" + b"".join(names) + b"</definedNames>" if names else b""
    if defined is not None:
        edits.append((defined.start, defined.end, block_text))
    else:
        after = max(
            s.end
            for s in top.values()
            if s.name in ("sheets", "functionGroups", "externalReferences")
        )
        edits.append((after, after, block_text))
    view = next((s for s in spans if s.name == "workbookView"), None)
    if view is not None:
        tag = data[view.start : view.end]
        active = int(view.attributes.get("activeTab", "0"))
        sheet = old_names[active] if active < len(old_names) else None
        lower = [n.casefold() for n in changes.order]
        new_active = lower.index(sheet.casefold()) if sheet and sheet.casefold() in lower else 0
        tag = attribute(tag, "activeTab", str(new_active) if new_active else None)
        tag = attribute(tag, "firstSheet", None)
        edits.append((view.start, view.end, tag))
    calc = top.get("calcPr")
    if calc is not None:
        tag = attribute(data[calc.start : calc.end], "fullCalcOnLoad", "1")
        edits.append((calc.start, calc.end, tag))
    return splice(data, edits)


def print_titles(quoted: str, data: SheetData) -> str:
    """What every printed page of a sheet repeats: its header row, and its
    :attr:`~SheetData.title_columns` when it is too wide to fit the page legibly."""
    rows = f"{quoted}!$1:$1"
    if not data.title_columns or page_setup(data).fit_width:
        return rows
    return f"{quoted}!$A:${column_letter(data.title_columns - 1)},{rows}"


def _renamed(old: str, changes: Changes) -> str:
    return next(n for n in changes.order if n.casefold() == old.casefold())


def _relationship_prefix(data: bytes) -> str:
    match = re.search(rb'xmlns:(\w+)\s*=\s*"' + re.escape(RELATIONSHIPS.encode()) + rb'"', data)
    if match is None:
        raise Unsupported("the workbook declares no relationships namespace")
    return match.group(1).decode()


def _workbook_rels(
    package: Package, new_sheets: list[tuple[str, str]], calc_chain: list[Any]
) -> bytes:
    name = rels_name(WORKBOOK)
    data = package.parts[name]
    spans = find_spans(data, {"Relationships"})
    root = spans[0]
    edits = [(r.span.start, r.span.end, b"") for r in calc_chain]
    added = b"".join(
        f'<Relationship Id="{rid}" Type="{WORKSHEET_TYPE}" Target="/{escape(part)}"/>'.encode()
        for part, rid in new_sheets
    )
    if root.empty:
        edits.append(
            (
                root.start,
                root.end,
                data[root.start : root.inner][:-2].rstrip() + b">" + added + b"</Relationships>",
            )
        )
    else:
        edits.append((root.close, root.close, added))
    return splice(data, edits)


def _collect_garbage(package: Package, result: _Parts) -> None:
    """Drop the parts only the removed relationships led to (a replaced sheet's drawing,
    comments, printer settings …), and their own relationships."""
    candidates: list[str] = []
    for rels in list(result.removed):
        if rels.endswith(".rels"):
            source = rels.replace("_rels/", "", 1)[: -len(".rels")]
            candidates += [r.target for r in package.relationships(source) if r.target]
    while candidates:
        reached: set[str] = set()
        for name in package.parts:
            if name.endswith(".rels") and name not in result.removed:
                source = name.replace("_rels/", "", 1)[: -len(".rels")]
                if source in result.removed:
                    continue
                reached |= {r.target for r in package.relationships(source)}
        orphans = [c for c in candidates if c not in reached and c not in result.removed]
        if not orphans:
            return
        candidates = []
        for part in orphans:
            result.removed.add(part)
            if rels_name(part) in package.parts:
                result.removed.add(rels_name(part))
                candidates += [r.target for r in package.relationships(part) if r.target]


def _content_types(package: Package, result: _Parts, new_parts: list[str]) -> bytes:
    data = package.parts[CONTENT_TYPES]
    edits: list[tuple[int, int, bytes]] = []
    types: Span | None = None
    for span in find_spans(data, {"Types", "Override"}):
        if span.name == "Types":
            types = span
        elif span.attributes.get("PartName", "").lstrip("/") in result.removed:
            edits.append((span.start, span.end, b""))
    if types is None or types.empty:
        raise Unsupported("no content types")
    added = b"".join(
        f'<Override PartName="/{escape(p)}" ContentType="{WORKSHEET_CONTENT}"/>'.encode()
        for p in new_parts
    )
    edits.append((types.close, types.close, added))
    return splice(data, edits)
