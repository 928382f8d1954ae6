"""OpenDocument spreadsheets written by hand for the tests: a ``content.xml`` with
LibreOffice's namespace declarations around given tables, in an archive as LibreOffice
writes it (``mimetype`` first and stored, a manifest, styles, settings); and the fixtures
made by real LibreOffice (``tests/fixtures/ods``)."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

from support.paths import TESTS

ODS_FIXTURES = TESTS / "fixtures" / "ods"
NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" '
    'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0"'
)
MANIFEST = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest '
    'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
    '<manifest:file-entry manifest:full-path="/" manifest:version="1.3" '
    'manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>'
    "</manifest:manifest>"
)
STYLES = (
    f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-styles {NAMESPACES} '
    'office:version="1.3"><office:styles/></office:document-styles>'
)


def content(tables: str, automatic_styles: str = "") -> bytes:
    """A ``content.xml`` holding ``tables`` (``<table:table>`` elements)."""
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content {NAMESPACES} '
        f'office:version="1.3"><office:automatic-styles>{automatic_styles}'
        "</office:automatic-styles><office:body><office:spreadsheet>"
        f"{tables}<table:named-expressions/></office:spreadsheet></office:body>"
        "</office:document-content>"
    ).encode()


def write_ods(path: Path, content_xml: bytes, manifest: str = MANIFEST) -> Path:
    """An ``.ods`` archive of ``content_xml``, as LibreOffice lays one out."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            zipfile.ZipInfo("mimetype"),
            "application/vnd.oasis.opendocument.spreadsheet",
            zipfile.ZIP_STORED,
        )
        archive.writestr("content.xml", content_xml)
        archive.writestr("styles.xml", STYLES)
        archive.writestr("META-INF/manifest.xml", manifest)
    return path


def table(name: str, *rows: str, style: str = "") -> str:
    styled = f' table:style-name="{style}"' if style else ""
    return f'<table:table table:name="{name}"{styled}>{"".join(rows)}</table:table>'


def row(*cells: str, repeat: int = 1) -> str:
    times = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{times}>{''.join(cells)}</table:table-row>"


def cell(kind: str | None = None, text: str = "", attributes: str = "", repeat: int = 1) -> str:
    """A cell: ``kind`` its ``office:value-type`` (None: empty), ``attributes`` its value's."""
    times = f' table:number-columns-repeated="{repeat}"' if repeat > 1 else ""
    typed = f' office:value-type="{kind}"' if kind else ""
    return f"<table:table-cell{times}{typed}{attributes}>{text}</table:table-cell>"


def text(value: str) -> str:
    return cell("string", f"<text:p>{value}</text:p>")


def number(value: float) -> str:
    return cell("float", f"<text:p>{value}</text:p>", f' office:value="{value}"')


def demo_copy(folder: Path, suffix: str = ".ods") -> Path:
    """The demo tournament made by ``gosheet demo``, converted by LibreOffice 7.4 (``.ods``)
    or as gosheet wrote it (``.xlsx``): a copy in ``folder``."""
    target = folder / f"demo{suffix}"
    shutil.copyfile(ODS_FIXTURES / f"demo{suffix}", target)
    return target


def parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


ORGANISER_STYLES = (
    b'<style:style style:name="org-red" style:family="table-cell"><style:text-properties '
    b'fo:color="#ff0000" fo:font-weight="bold"/></style:style>'
    b'<style:style style:name="org-wide" style:family="table-column"><style:table-column-'
    b'properties style:column-width="3in"/></style:style>'
)
NOTES = (
    b'<table:table table:name="Notes"><table:table-row><table:table-cell table:formula='
    b'"of:=COUNTA([$Players.A2:.A100])" office:value-type="float" office:value="23">'
    b"<text:p>23</text:p></table:table-cell><table:table-cell table:formula="
    b'"of:=[$&apos;Round 1&apos;.B2]" office:value-type="string" office:string-value="x">'
    b'<text:p>x</text:p></table:table-cell><table:table-cell table:style-name="org-red" '
    b'office:value-type="string"><text:p>my own note</text:p></table:table-cell>'
    b"</table:table-row></table:table>"
)


def formatted(path: Path) -> Path:
    """The organiser's edits, as LibreOffice saves them: a bold red name in Players, its
    first column 3 inches wide, an own sheet with formulas after the others."""
    old = parts(path)
    xml = old["content.xml"]
    xml = xml.replace(
        b"</office:automatic-styles>", ORGANISER_STYLES + b"</office:automatic-styles>"
    )
    players = xml.index(b'<table:table table:name="Players"')
    column = re.compile(rb'<table:table-column table:style-name="[^"]*"').search(xml, players)
    assert column is not None
    xml = (
        xml[: column.start()]
        + b'<table:table-column table:style-name="org-wide"'
        + xml[column.end() :]
    )
    second = xml.index(b"<table:table-row", xml.index(b"<table:table-row", players) + 1)
    name = re.compile(rb'<table:table-cell table:style-name="[^"]*"').match(
        xml, xml.index(b"<table:table-cell", second)
    )
    assert name is not None
    xml = xml[: name.start()] + b'<table:table-cell table:style-name="org-red"' + xml[name.end() :]
    last = xml.rindex(b"</table:table>") + len(b"</table:table>")
    xml = xml[:last] + NOTES + xml[last:]
    with zipfile.ZipFile(path) as archive:
        infos = archive.infolist()
    with zipfile.ZipFile(path, "w") as archive:
        for info in infos:
            archive.writestr(info, xml if info.filename == "content.xml" else old[info.filename])
    return path
