"""An ``.xlsx`` written part by part from XML given as text: any cell, any shared string,
any number format, the 1904 date system — for the differential tests of the readers of cell
values (python-calamine's and gosheet's own, :mod:`gosheet.workbook.xlsx.parts.values`)."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path

RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CONTENT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def raw_book(
    path: Path,
    sheets: Sequence[tuple[str, str]],
    strings: Sequence[str] = (),
    number_formats: Sequence[tuple[int, str]] = (),
    cell_formats: Sequence[int] = (0,),
    date1904: bool = False,
) -> Path:
    """``sheets``: (name, the XML inside ``<sheetData>``); ``strings``: the XML inside each
    ``<si>``; ``number_formats``: (id, code) of ``<numFmts>`` (code already escaped for an
    attribute); ``cell_formats``: the ``numFmtId`` of each ``<xf>`` of ``<cellXfs>``."""
    count = len(sheets)
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="{CONTENT}.worksheet+xml"/>'
        for i in range(1, count + 1)
    )
    types = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{CONTENT}.sheet.main+xml"/>'
        f'{overrides}<Override PartName="/xl/styles.xml" ContentType="{CONTENT}.styles+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CONTENT}.sharedStrings+xml"/>'
        "</Types>"
    )
    root_rels = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{RELATIONSHIPS}/officeDocument" '
        'Target="xl/workbook.xml"/></Relationships>'
    )
    book = (
        f'<workbook xmlns="{MAIN}" xmlns:r="{RELATIONSHIPS}">'
        + ('<workbookPr date1904="1"/>' if date1904 else "")
        + "<sheets>"
        + "".join(
            f'<sheet name="{name}" sheetId="{i}" r:id="rId{i}"/>'
            for i, (name, _) in enumerate(sheets, 1)
        )
        + "</sheets></workbook>"
    )
    book_rels = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(
            f'<Relationship Id="rId{i}" Type="{RELATIONSHIPS}/worksheet" '
            f'Target="worksheets/sheet{i}.xml"/>'
            for i in range(1, count + 1)
        )
        + f'<Relationship Id="rId{count + 1}" Type="{RELATIONSHIPS}/styles" Target="styles.xml"/>'
        + f'<Relationship Id="rId{count + 2}" Type="{RELATIONSHIPS}/sharedStrings" '
        'Target="sharedStrings.xml"/></Relationships>'
    )
    formats = "".join(f'<numFmt numFmtId="{i}" formatCode="{c}"/>' for i, c in number_formats)
    styles = (
        f'<styleSheet xmlns="{MAIN}">'
        + (f'<numFmts count="{len(number_formats)}">{formats}</numFmts>' if formats else "")
        + '<fonts count="1"><font/></fonts><fills count="1"><fill/></fills>'
        '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>'
        f'<cellXfs count="{len(cell_formats)}">'
        + "".join(f'<xf numFmtId="{x}" applyNumberFormat="1"/>' for x in cell_formats)
        + "</cellXfs></styleSheet>"
    )
    shared = f'<sst xmlns="{MAIN}">' + "".join(f"<si>{s}</si>" for s in strings) + "</sst>"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr("_rels/.rels", root_rels)
        archive.writestr("xl/workbook.xml", book)
        archive.writestr("xl/_rels/workbook.xml.rels", book_rels)
        archive.writestr("xl/styles.xml", styles)
        archive.writestr("xl/sharedStrings.xml", shared)
        for i, (_, data) in enumerate(sheets, 1):
            archive.writestr(
                f"xl/worksheets/sheet{i}.xml",
                f'<worksheet xmlns="{MAIN}"><sheetData>{data}</sheetData></worksheet>',
            )
    return path
