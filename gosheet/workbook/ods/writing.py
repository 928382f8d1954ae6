"""A new ``content.xml`` and a new ``.ods`` archive from the old ones and a command's changes:
the tables gosheet writes whole replaced (or added, in the sheets' new order), the cells it
changes patched in the organiser's tables (:mod:`.patching`), renamed sheets renamed (and the
formulas and ranges that name them), gosheet's styles added to the automatic styles — every
other byte of ``content.xml`` kept, and every other part of the archive (styles, settings,
meta, pictures, manifest) copied as it was, the ``mimetype`` first and stored.

What this writer cannot change safely raises :class:`~gosheet.workbook.xlsx.parts.spans.Unsupported`
before anything is written (there is no other writer of ``.ods``)."""

from __future__ import annotations

import itertools
import re
import zipfile
from pathlib import Path
from typing import Any

from gosheet.records import field, record
from gosheet.workbook.ods.looks import FONT_FACE, Looks
from gosheet.workbook.ods.package import CONTENT, MIMETYPE
from gosheet.workbook.ods.pages import STYLES, Pages
from gosheet.workbook.ods.patching import patch_table
from gosheet.workbook.ods.tables import table_xml, validation
from gosheet.workbook.sheets import SheetData
from gosheet.workbook.xlsx.parts.spans import Span, Unsupported, attribute, find_spans

NAMESPACES = {
    "office": "urn:oasis:names:tc:opendocument:xmlns:office:1.0",
    "table": "urn:oasis:names:tc:opendocument:xmlns:table:1.0",
    "text": "urn:oasis:names:tc:opendocument:xmlns:text:1.0",
    "style": "urn:oasis:names:tc:opendocument:xmlns:style:1.0",
    "fo": "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0",
    "number": "urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0",
    "svg": "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0",
}
WANTED = {"table", "automatic-styles", "font-face-decls", "spreadsheet", "content-validations"}
WANTED |= {"style", "font-face", "number-style", "date-style", "text-style", "body"}
WANTED |= {"content-validation"}
#: attributes holding formulas or cell ranges, where a renamed sheet's name is changed
_REFERENCES = re.compile(
    rb"(\s(?:table|of|office|text|style):(?:formula|cell-range-address|base-cell-address|"
    rb"target-range-address|condition|expression|source-cell-range-addresses|cell-address|"
    rb"range-address|print-ranges|data-source-range-address)=\")([^\"]*)\""
)


@record(frozen=False)
class Changes:
    """What a command changed: the sheets in their new order (each by its name now), those
    written whole, the cells changed in the others, and the renamed ones (old → new)."""

    order: list[str]
    rendered: dict[str, SheetData] = field(default_factory=dict)
    patches: dict[str, dict[str, Any]] = field(default_factory=dict)
    renamed: dict[str, str] = field(default_factory=dict)


def check_namespaces(content: bytes) -> None:
    """The prefixes gosheet writes are bound as LibreOffice binds them."""
    root = find_spans(content, {"document-content"})
    if not root or root[0].qname != "office:document-content":
        raise Unsupported("a content.xml without office:document-content")
    head = content[root[0].start : root[0].inner]
    for prefix, uri in NAMESPACES.items():
        if f'xmlns:{prefix}="{uri}"'.encode() not in head:
            raise Unsupported(f"the prefix {prefix}: is not bound as LibreOffice binds it")


def new_content(content: bytes, changes: Changes, pages: Pages | None = None) -> bytes:
    """``content.xml`` with ``changes`` made; the page styles of the tables written whole
    added to ``pages``."""
    check_namespaces(content)
    spans = find_spans(content, WANTED)
    sheet = next((s for s in spans if s.name == "spreadsheet" and s.depth == 2), None)
    if sheet is None:
        raise Unsupported("a content.xml without office:spreadsheet")
    tables = [s for s in sheet.children if s.name == "table"]
    if not tables:
        raise Unsupported("a spreadsheet without a table")
    for before, after in itertools.pairwise(tables):
        if content[before.end : after.start].strip():
            raise Unsupported("something between two tables")
    names = {
        s.attributes.get("name", "")
        for s in spans
        if s.name in ("style", "number-style", "date-style", "text-style")
    }
    looks = Looks(names)
    by_name = {t.attributes.get("name", ""): t for t in tables}
    current = {changes.renamed.get(n, n).casefold(): n for n in by_name}
    validations: dict[str, str] = {}
    known = {s.attributes.get("name") for s in spans if s.name == "content-validation"}
    parts: list[str | bytes] = []
    for name in changes.order:
        if name in changes.rendered:
            data = changes.rendered[name]
            found = validation(data)
            if found is not None and found[0] not in known:
                validations[found[0]] = found[1]  # (named after what it says: once)
            master = pages.master(data) if pages is not None else None
            parts.append(table_xml(data, looks, found[0] if found else None, master))
            continue
        old = current.get(name.casefold())
        if old is None:
            raise Unsupported(f"no table {name!r}")
        table = content[by_name[old].start : by_name[old].end]
        if old != name:
            table = attribute(table, "table:name", name)
        if name in changes.patches:
            table = patch_table(table, changes.patches[name], name)
        parts.append(table)
    tables_xml = b"".join(p.encode() if isinstance(p, str) else p for p in parts)
    edits = [(tables[0].start, tables[-1].end, tables_xml)]
    edits += _styles_edits(content, spans, looks)
    if validations:
        edits.append(_validations_edit(sheet, tables[0], list(validations.values())))
    ordered = sorted(enumerate(edits), key=lambda e: (e[1][0], e[1][1], e[0]), reverse=True)
    for _, (start, end, new) in ordered:  # (from the end; at one place, in the order listed)
        content = content[:start] + new + content[end:]
    for was, now in changes.renamed.items():
        content = renamed_in_references(content, was, now)
    return content


Edit = tuple[int, int, bytes]
"""Bytes from ``start`` to ``end`` replaced."""


def added_into(container: Span | None, place: int, tag: str, xml: str, first: str = "") -> Edit:
    """``xml`` added at the end of ``container`` (``first`` at its start), or the container
    ``tag`` made around them at ``place`` when there is none (or in place of an empty one)."""
    whole = f"<{tag}>{first}{xml}</{tag}>".encode()
    if container is None:
        return place, place, whole
    if container.empty:
        return container.start, container.end, whole
    return container.close, container.close, xml.encode()


def _styles_edits(content: bytes, spans: list[Span], looks: Looks) -> list[Edit]:
    """gosheet's font and automatic styles added (data styles first, as LibreOffice
    writes them)."""
    numbers, others = looks.xml()
    if not (numbers or others):
        return []
    body = next(s for s in spans if s.name == "body")
    edits: list[Edit] = []
    faces = next((s for s in spans if s.name == "font-face-decls" and s.depth == 1), None)
    styles = next((s for s in spans if s.name == "automatic-styles" and s.depth == 1), None)
    place = styles.start if styles is not None else body.start
    if not any(s.name == "font-face" and s.attributes.get("name") == "Arial" for s in spans):
        edits.append(added_into(faces, place, "office:font-face-decls", FONT_FACE))
    if styles is not None and not styles.empty and numbers:
        edits.append((styles.inner, styles.inner, numbers.encode()))
        numbers = ""
    edits.append(added_into(styles, body.start, "office:automatic-styles", others, numbers))
    return edits


def _validations_edit(sheet: Span, first_table: Span, validations: list[str]) -> Edit:
    existing = next((s for s in sheet.children if s.name == "content-validations"), None)
    xml = "".join(validations)
    return added_into(existing, first_table.start, "table:content-validations", xml)


def _quoted(name: str) -> bytes:
    return ("'" + name.replace("'", "''") + "'").encode()


def renamed_in_references(content: bytes, old: str, new: str) -> bytes:
    """Every formula and cell range of ``content`` that names the sheet ``old`` names
    ``new`` (``'Round 1'.A1``, ``$Players.B2``, quotes written ``'`` or ``&apos;``)."""
    forms = [_quoted(old), _quoted(old).replace(b"'", b"&apos;")]
    if re.fullmatch(r"[A-Za-z_][\w]*", old):
        forms.append(old.encode())
    pattern = re.compile(
        rb"(?:(?<=[\[:;(\s=$\"])|^)(" + b"|".join(re.escape(f) for f in forms) + rb")(?=\.)"
    )
    replacement = _quoted(new).replace(b"'", b"&apos;")

    def change(found: re.Match[bytes]) -> bytes:
        return found.group(1) + pattern.sub(replacement, found.group(2)) + b'"'

    return _REFERENCES.sub(change, content)


def write_archive(source: Path, content: bytes, target: Path, styles: bytes | None = None) -> None:
    """The ``.ods`` at ``source`` with ``content`` as its ``content.xml`` (and ``styles`` as
    its ``styles.xml``, if given), written to ``target``: the ``mimetype`` first and
    stored, every other part as it was."""
    new_parts = {CONTENT: content, **({STYLES: styles} if styles is not None else {})}
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        mimetype = zipfile.ZipInfo("mimetype", (1980, 1, 1, 0, 0, 0))
        mimetype.compress_type = zipfile.ZIP_STORED
        new.writestr(mimetype, MIMETYPE)
        for info in old.infolist():
            if info.filename == "mimetype":
                continue
            data = new_parts.get(info.filename) or old.read(info.filename)
            copy = zipfile.ZipInfo(info.filename, info.date_time)
            copy.compress_type = info.compress_type
            copy.external_attr = info.external_attr
            new.writestr(copy, data)
