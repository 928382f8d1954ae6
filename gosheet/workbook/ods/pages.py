"""How the sheets gosheet writes into an ``.ods`` print: a page style each (a page layout and
a master page of ``styles.xml``) as the ``.xlsx`` writer's page setup says it
(:func:`~gosheet.workbook.sheets.layout.page_setup`) — the orientation, the margins, fit to the
page's width where that stays legible, the sheet's title in the page header and "page /
pages" in the footer — on the paper of the workbook's own default page style (A4 without
one). Each style is named after a digest of what it says (``gspl-…``, ``gsmp-…``): pairing
round after round adds none twice, and no style of the organiser's is touched."""

from __future__ import annotations

import hashlib
import re
import zipfile
from pathlib import Path

from gosheet.workbook.ods.package import bounded
from gosheet.workbook.ods.tables import paragraph
from gosheet.workbook.sheets import SheetData, writable
from gosheet.workbook.sheets.layout import MARGINS, page_setup
from gosheet.workbook.xlsx.parts.spans import Unsupported, escape, find_spans

STYLES = "styles.xml"
A4 = (8.2681, 11.6929)  # inches
_LENGTH = re.compile(r"^\s*([0-9.]+)\s*(in|cm|mm|pt)\s*$")
_INCHES = {"in": 1.0, "cm": 1 / 2.54, "mm": 1 / 25.4, "pt": 1 / 72}
HEADER_SPACE = MARGINS["top"] - MARGINS["header"]
"""The header's height and spacing: the body starts where the ``.xlsx`` top margin says."""


def inches(text: str) -> float | None:
    """An ODF length (``21cm``, ``8.5in``) in inches; None for another."""
    found = _LENGTH.match(text)
    if found is None:
        return None
    return float(found.group(1)) * _INCHES[found.group(2)]


def styles_of(path: Path) -> bytes | None:
    """The ``styles.xml`` of the ``.ods`` at ``path`` (None without one)."""
    with zipfile.ZipFile(path) as archive:
        if STYLES not in archive.namelist():
            return None
        return bounded(archive, STYLES)


class Pages:
    """The page styles the tables written need, added to ``styles.xml``'s (``styles``: its
    bytes as read, or None when the workbook has none: then no page style is written)."""

    def __init__(self, styles: bytes | None) -> None:
        self.styles = styles
        self.layouts: dict[str, str] = {}
        self.masters: dict[str, str] = {}
        self.paper = A4
        self.existing: set[str] = set()
        if styles is not None:
            self._read(styles)

    def _read(self, styles: bytes) -> None:
        spans = find_spans(styles, {"page-layout", "page-layout-properties", "master-page"})
        self.existing = {
            s.attributes.get("name", "") for s in spans if s.name != "page-layout-properties"
        }
        for span in spans:
            if span.name != "page-layout-properties":
                continue
            sides = [inches(span.attributes.get(k, "")) for k in ("page-width", "page-height")]
            if sides[0] and sides[1]:
                self.paper = (min(sides[0], sides[1]), max(sides[0], sides[1]))
                return

    def master(self, data: SheetData) -> str | None:
        """The master page ``data`` prints with (added to the styles), None without
        ``styles.xml``."""
        if self.styles is None:
            return None
        setup = page_setup(data)
        short, long = self.paper
        width, height = (long, short) if setup.landscape else (short, long)
        scale = (
            'style:scale-to-X="1" style:scale-to-Y="0"'
            if setup.fit_width
            else ('style:scale-to="100%"')
        )
        space = f'fo:min-height="{HEADER_SPACE:.4f}in" fo:margin-left="0in" fo:margin-right="0in"'
        layout = _named(
            "gspl",
            '<style:page-layout style:name="{name}"><style:page-layout-properties '
            f'fo:page-width="{width:.4f}in" fo:page-height="{height:.4f}in" '
            f'style:print-orientation="{"landscape" if setup.landscape else "portrait"}" '
            f'fo:margin-top="{MARGINS["header"]}in" fo:margin-bottom="{MARGINS["footer"]}in" '
            f'fo:margin-left="{MARGINS["left"]}in" fo:margin-right="{MARGINS["right"]}in" '
            f'style:print-page-order="ttb" {scale} style:writing-mode="lr-tb"/>'
            f"<style:header-style><style:header-footer-properties {space} "
            f'fo:margin-bottom="0.1in"/></style:header-style>'
            f"<style:footer-style><style:header-footer-properties {space} "
            f'fo:margin-top="0.1in"/></style:footer-style></style:page-layout>',
        )
        title = paragraph(str(writable.header_text(data.title))) if data.title else ""
        master = _named(
            "gsmp",
            f'<style:master-page style:name="{{name}}" style:page-layout-name="{layout[0]}">'
            f"<style:header><style:region-center><text:p>{title}</text:p></style:region-center>"
            "</style:header><style:footer><style:region-center><text:p><text:page-number>1"
            "</text:page-number> / <text:page-count>1</text:page-count></text:p>"
            "</style:region-center></style:footer></style:master-page>",
        )
        for added, (name, xml) in ((self.layouts, layout), (self.masters, master)):
            if name not in self.existing:
                added[name] = xml
        return master[0]

    def new_styles(self) -> bytes | None:
        """``styles.xml`` with the page styles added; None when nothing is added."""
        if self.styles is None or not (self.layouts or self.masters):
            return None
        styles = self.styles
        spans = find_spans(styles, {"automatic-styles", "master-styles"})
        automatic = next((s for s in spans if s.name == "automatic-styles" and s.depth == 1), None)
        masters = next((s for s in spans if s.name == "master-styles" and s.depth == 1), None)
        if automatic is None or masters is None or automatic.empty or masters.empty:
            raise Unsupported("a styles.xml without automatic and master styles")
        edits = [
            (masters.close, "".join(self.masters.values())),
            (automatic.close, "".join(self.layouts.values())),
        ]
        for place, xml in sorted(edits, reverse=True):
            styles = styles[:place] + xml.encode() + styles[place:]
        return styles


def _named(prefix: str, body: str) -> tuple[str, str]:
    """A style's name (after a digest of what it says) and its XML, ``{name}`` filled."""
    name = f"{prefix}-{hashlib.sha1(body.encode()).hexdigest()[:10]}"
    return name, body.replace("{name}", escape(name), 1)
