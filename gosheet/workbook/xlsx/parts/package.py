"""The structure of an ``.xlsx`` archive: its parts, the relationships between them, the
content types, and the workbook's sheets (name, id, relationship, part, where each stands in
``xl/workbook.xml``).

The one reader of that structure: :func:`relationships_in`, :func:`sheets_in` and
:func:`content_types_in` read the bytes of a ``.rels`` part, of ``xl/workbook.xml`` and of
``[Content_Types].xml`` with expat (:func:`~.spans.find_spans`: no tree, no document type or
entity declaration). The part writer's :class:`Package` reads the sheets and relationships so,
the limits too (:func:`sheet_parts`, each of these parts' size bounded before reading it),
and the Excel template's checks all three (``gosheet.frontends.excel.template``).
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path

from gosheet.core.errors import FileProblem
from gosheet.i18n.catalog import _
from gosheet.records import record
from gosheet.workbook.xlsx.parts.archive import Deflated, deflated_parts
from gosheet.workbook.xlsx.parts.spans import Span, Unsupported, find_spans

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
WORKSHEET_TYPE = RELATIONSHIPS + "/worksheet"
CALC_CHAIN_TYPE = RELATIONSHIPS + "/calcChain"
WORKSHEET_CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
WORKBOOK = "xl/workbook.xml"
CONTENT_TYPES = "[Content_Types].xml"


@record
class Relationship:
    """One relationship of a part: its id, type and target, and where it is written."""

    id: str
    type: str
    target: str  # the part's full name in the archive ('' when external)
    span: Span


@record
class SheetEntry:
    """A sheet as the workbook part lists it: name, id, relationship and part."""

    name: str
    sheet_id: int
    rid: str
    part: str
    span: Span


def rels_name(part: str) -> str:
    """``xl/workbook.xml`` → ``xl/_rels/workbook.xml.rels``."""
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", name + ".rels")


def resolve(source: str, target: str) -> str:
    """A relationship's target as a part name, relative to the part that holds it."""
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(posixpath.dirname(source), target))


def relationships_in(data: bytes, source: str) -> list[Relationship]:
    """The relationships of the ``.rels`` part ``data`` (of the part ``source``), their
    targets resolved to part names (``''`` for an external one).

    >>> rels = b'''<Relationships xmlns="x"><Relationship Id="rId1" Type="t/worksheet"
    ...   Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="t/hyperlink"
    ...   Target="https://example.org" TargetMode="External"/></Relationships>'''
    >>> [(r.id, r.target) for r in relationships_in(rels, WORKBOOK)]
    [('rId1', 'xl/worksheets/sheet1.xml'), ('rId2', '')]
    """
    found = []
    for span in find_spans(data, {"Relationship"}):
        a = span.attributes
        external = a.get("TargetMode", "").lower() == "external"
        target = "" if external else resolve(source, a.get("Target", ""))
        found.append(Relationship(a.get("Id", ""), a.get("Type", ""), target, span))
    return found


def sheets_in(book: bytes) -> list[Span]:
    """The ``<sheet>`` elements of ``xl/workbook.xml`` (its ``<sheets>``), in their order: the
    attributes ``name``, ``sheetId`` and ``id`` (the relationship) by their local names."""
    return find_spans(book, {"sheet"}, within={"sheets"})


def content_types_in(data: bytes) -> tuple[dict[str, str], dict[str, str]]:
    """``[Content_Types].xml``: the content type of each extension (lower case) and of each
    part named (its name without the leading ``/``).

    >>> content_types_in(b'''<Types xmlns="x"><Default Extension="XML" ContentType="a"/>
    ...   <Override PartName="/xl/workbook.xml" ContentType="b"/></Types>''')
    ({'xml': 'a'}, {'xl/workbook.xml': 'b'})
    """
    defaults: dict[str, str] = {}
    overrides: dict[str, str] = {}
    for span in find_spans(data, {"Default", "Override"}):
        a = span.attributes
        if span.name == "Default":
            defaults[a.get("Extension", "").lower()] = a.get("ContentType", "")
        else:
            overrides[a.get("PartName", "").lstrip("/")] = a.get("ContentType", "")
    return defaults, overrides


class Parts(Mapping[str, bytes]):
    """An archive's parts by name, in the archive's order, each inflated (and its CRC
    checked) when first read: a save reads the few parts it changes and copies the others
    deflated — a big workbook's sheets, tens of megabytes, are not inflated for nothing. (A
    part copied so is checked in the new archive before it replaces the workbook:
    :func:`gosheet.workbook.saving.atomic.check_archive`.)"""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.infos = {info.filename: info for info in archive.infolist()}
        self.read: dict[str, bytes] = {}

    def __getitem__(self, name: str) -> bytes:
        data = self.read.get(name)
        if data is None:
            data = self.read[name] = self.archive.read(self.infos[name])
        return data

    def __iter__(self) -> Iterator[str]:
        return iter(self.infos)

    def __len__(self) -> int:
        return len(self.infos)

    def __contains__(self, name: object) -> bool:
        return name in self.infos


class Package:
    """An ``.xlsx`` archive read once: every part's bytes by name, in the archive's order
    (:class:`Parts`: each inflated when first read, and its CRC checked then), and the
    deflated bytes of each, which the new archive copies for the parts it keeps."""

    def __init__(self, path: Path) -> None:
        blob = path.read_bytes()  # read once: inflated when asked, copied deflated at the save
        archive = zipfile.ZipFile(io.BytesIO(blob))  # (in memory: nothing to close)
        self.infos = archive.infolist()
        self.parts = Parts(archive)
        self.deflated: dict[str, Deflated] = deflated_parts(blob, self.infos)
        if WORKBOOK not in self.parts or CONTENT_TYPES not in self.parts:
            raise Unsupported("no xl/workbook.xml (not a workbook saved by Excel or LibreOffice)")
        if MAIN.encode() not in self.parts[WORKBOOK][:2000]:
            raise Unsupported("not transitional OOXML (strict, or another namespace)")

    def relationships(self, part: str) -> list[Relationship]:
        data = self.parts.get(rels_name(part))
        return [] if data is None else relationships_in(data, part)

    def sheets(self) -> list[SheetEntry]:
        """The workbook's sheets in their order (worksheets only; a chart sheet or a dialog
        sheet makes the workbook one this writer leaves to openpyxl)."""
        targets = {r.id: r for r in self.relationships(WORKBOOK)}
        entries = []
        for span in sheets_in(self.parts[WORKBOOK]):
            rid = span.attributes.get("id", "")
            relation = targets.get(rid)
            if relation is None or relation.type != WORKSHEET_TYPE:
                raise Unsupported("a sheet that is not a worksheet (a chart or dialog sheet)")
            if relation.target not in self.parts:
                raise Unsupported(f"the sheet part {relation.target} is missing")
            name = span.attributes.get("name", "")
            entries.append(
                SheetEntry(name, int(span.attributes["sheetId"]), rid, relation.target, span)
            )
        return entries


MAX_STRUCTURE_BYTES = 10_000_000
"""``xl/workbook.xml`` or its relationships (a workbook of 250 sheets: about 30 KB)."""
_WORKSHEET_PART = re.compile(r"xl/worksheets/[^/]+\.xml")


def sheet_parts(archive: zipfile.ZipFile, label: str = "") -> dict[str, str]:
    """Each worksheet part of an ``.xlsx`` and its sheet's name: every part under
    ``xl/worksheets/`` (named as the part when ``xl/workbook.xml`` does not name it) and every
    part a sheet of ``xl/workbook.xml`` refers to, wherever it is. The workbook part and its
    relationships are read by this module's reader (expat, no tree, no DTD), each after its
    size is bounded (:data:`MAX_STRUCTURE_BYTES`)."""
    names = set(archive.namelist())
    parts = {n: n for n in names if _WORKSHEET_PART.fullmatch(n)}
    if WORKBOOK not in names:
        return parts
    label = label or archive.filename or "workbook"
    try:
        book = _bounded(archive, WORKBOOK, label)
        rels = rels_name(WORKBOOK)
        related = (
            relationships_in(_bounded(archive, rels, label), WORKBOOK) if rels in names else []
        )
        targets = {r.id: r.target for r in related}
        for sheet in sheets_in(book):
            target = targets.get(sheet.attributes.get("id", ""))
            if target in names:
                parts[target] = sheet.attributes.get("name", "")
    except Unsupported as why:
        raise FileProblem(
            _("{path}: cannot be read as a workbook ({error})").format(path=label, error=why)
        ) from None
    return parts


def _bounded(archive: zipfile.ZipFile, name: str, label: str) -> bytes:
    with archive.open(name) as stream:
        data = stream.read(MAX_STRUCTURE_BYTES + 1)
    if len(data) > MAX_STRUCTURE_BYTES:
        raise FileProblem(f"{label}: the part {name} is more than {MAX_STRUCTURE_BYTES:,} bytes")
    return data
