"""A new tournament workbook as an ``.ods``, written by gosheet alone (no LibreOffice): the
sheets Settings and Players of :func:`gosheet.workbook.template.new_book`, in the settings'
language, rendered by the ``.ods`` writer every command saves with
(:class:`~gosheet.workbook.ods.book.OdsBook`) into an empty spreadsheet of gosheet's own
(:func:`skeleton`).

The same settings give the same bytes: the archive has no date in it (no creation date in
``meta.xml``, every entry dated 1980-01-01), its entries in a fixed order, the ``mimetype``
first and stored, as OpenDocument asks. The release's blank workbooks are made so
(``tools/release``).
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path

from gosheet import __version__
from gosheet.core.model import Player
from gosheet.core.settings import Settings
from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.ods.package import CONTENT, MANIFEST, MIMETYPE
from gosheet.workbook.ods.pages import STYLES
from gosheet.workbook.sheets import PLAYERS, SETTINGS
from gosheet.workbook.sheets.language import InLanguage
from gosheet.workbook.sheets.writer import players_sheet, settings_sheet

DATE = (1980, 1, 1, 0, 0, 0)
"""Every entry's date: the earliest a zip holds, the same on every build."""
META = "meta.xml"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_NAMESPACES = (
    f'xmlns:office="{_OFFICE}" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"'
)
_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'


def content_xml(sheets: Sequence[str]) -> str:
    """An empty table for each of ``sheets``."""
    tables = "".join(
        f'<table:table table:name="{name}"><table:table-column/>'
        "<table:table-row><table:table-cell/></table:table-row></table:table>"
        for name in sheets
    )
    return (
        f'{_HEAD}<office:document-content {_NAMESPACES} office:version="1.3">'
        "<office:automatic-styles/><office:body><office:spreadsheet>"
        f"{tables}</office:spreadsheet></office:body></office:document-content>\n"
    )


def styles_xml() -> str:
    """The default page style on A4 (gosheet's sheets get page styles of their own, on
    its paper) and the default cell style in Arial 10, as gosheet's ``.xlsx``."""
    return (
        f'{_HEAD}<office:document-styles {_NAMESPACES} office:version="1.3">'
        '<office:font-face-decls><style:font-face style:name="Arial" svg:font-family="Arial" '
        'style:font-family-generic="swiss"/></office:font-face-decls>'
        '<office:styles><style:default-style style:family="table-cell">'
        '<style:text-properties style:font-name="Arial" fo:font-size="10pt"/>'
        "</style:default-style></office:styles>"
        '<office:automatic-styles><style:page-layout style:name="pm1">'
        '<style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" '
        'style:print-orientation="portrait"/></style:page-layout></office:automatic-styles>'
        '<office:master-styles><style:master-page style:name="Default" '
        'style:page-layout-name="pm1"/></office:master-styles></office:document-styles>\n'
    )


def meta_xml() -> str:
    """Which program wrote it; no date (the same bytes on every build)."""
    return (
        f'{_HEAD}<office:document-meta xmlns:office="{_OFFICE}" '
        'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.3">'
        f"<office:meta><meta:generator>gosheet/{__version__}</meta:generator></office:meta>"
        "</office:document-meta>\n"
    )


def manifest_xml() -> str:
    entry = '<manifest:file-entry manifest:full-path="{}" manifest:media-type="{}"/>'
    return (
        f"{_HEAD}<manifest:manifest "
        'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
        'manifest:version="1.3">'
        '<manifest:file-entry manifest:full-path="/" manifest:version="1.3" '
        f'manifest:media-type="{MIMETYPE.decode()}"/>'
        + "".join(entry.format(name, "text/xml") for name in (CONTENT, STYLES, META))
        + "</manifest:manifest>\n"
    )


def skeleton(sheets: Sequence[str]) -> bytes:
    """The ``.ods`` archive of an empty spreadsheet holding the tables ``sheets``."""
    parts = {
        CONTENT: content_xml(sheets),
        STYLES: styles_xml(),
        META: meta_xml(),
        MANIFEST: manifest_xml(),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        mimetype = zipfile.ZipInfo("mimetype", DATE)  # first and stored (OpenDocument)
        archive.writestr(mimetype, MIMETYPE, zipfile.ZIP_STORED)
        for name, text in parts.items():
            info = zipfile.ZipInfo(name, DATE)
            info.external_attr = 0o644 << 16
            archive.writestr(info, text.encode("utf-8"), zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def new_ods(settings: Settings, target: Path, players: Sequence[Player] = ()) -> Path:
    """A new tournament workbook ``target.ods``: Settings and Players in the settings'
    language, as :func:`~gosheet.workbook.template.new_book` makes the ``.xlsx``. Written
    without a backup or history (a new file). Returns the path written."""
    with tempfile.TemporaryDirectory(prefix="gosheet-") as folder:
        empty = Path(folder) / "empty.ods"
        empty.write_bytes(skeleton((SETTINGS, PLAYERS)))
        book = OdsBook.open(empty)
        port = InLanguage(book, settings.language)  # the sheets renamed, if need be
        port.grids()
        port.render(settings_sheet(settings))
        port.render(players_sheet(players, settings))
        return book.save(target, backup=False, action="new")
