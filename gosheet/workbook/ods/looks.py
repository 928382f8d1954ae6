"""The look of the sheets gosheet writes into an ``.ods``, as automatic styles of
``content.xml``: the bold, shaded, wrapped header (the ``.xlsx`` writer's
:data:`~gosheet.workbook.xlsx.parts.sheet_xml.HEADER`), the columns' widths, text and date
formats, wrapping and centring, the rows' heights. Each style is named after a digest of what
it says (``gsce-…``), so pairing round after round adds none twice, and no name of the
organiser's is taken."""

from __future__ import annotations

import hashlib

from gosheet.workbook.sheets import HEADER_COLOUR
from gosheet.workbook.sheets.layout import FONT_NAME
from gosheet.workbook.xlsx.parts.spans import Unsupported, escape

FONT_FACE = (
    f'<style:font-face style:name="{FONT_NAME}" svg:font-family="{FONT_NAME}" '
    'style:font-family-generic="swiss" style:font-pitch="variable"/>'
)
TEXT_FORMAT = '<number:text-style style:name="{name}"><number:text-content/></number:text-style>'
DATE_FORMAT = (
    '<number:date-style style:name="{name}"><number:year number:style="long"/>'
    '<number:text>-</number:text><number:month number:style="long"/><number:text>-</number:text>'
    '<number:day number:style="long"/></number:date-style>'
)
NUMBER_FORMAT = (
    '<number:number-style style:name="{name}"><number:number number:decimal-places="{places}" '
    'number:min-decimal-places="{places}" number:min-integer-digits="1"{grouping}/>'
    "</number:number-style>"
)
NUMBER_CODES = {
    "0": (0, ""),
    "0.0": (1, ""),
    "0.00": (2, ""),
    "#,##0": (0, ' number:grouping="true"'),
}
TEXT_CODE = "@"
DATE_CODE = "yyyy-mm-dd"


def column_inches(width: float) -> str:
    """A width in characters (Excel's, as the ``.xlsx`` writer gives it) in inches."""
    return f"{(width * 7 + 5) / 96:.4f}in"


class Looks:
    """The automatic styles the tables written so far need, by name; ``existing``: the names
    ``content.xml`` has already (a style of gosheet's there is not added again)."""

    def __init__(self, existing: set[str]) -> None:
        self.existing = existing
        self.added: dict[str, str] = {}

    def _style(self, prefix: str, body: str) -> str:
        name = f"{prefix}-{hashlib.sha1(body.encode()).hexdigest()[:10]}"
        if name not in self.existing and name not in self.added:
            self.added[name] = body.replace("{name}", name)
        return name

    def table(self, master: str | None = None) -> str:
        """A table's style (``master``: the master page it prints with)."""
        page = f' style:master-page-name="{escape(master)}"' if master else ""
        return self._style(
            "gsta",
            f'<style:style style:name="{{name}}" style:family="table"{page}>'
            '<style:table-properties table:display="true" style:writing-mode="lr-tb"/>'
            "</style:style>",
        )

    def column(self, width: float) -> str:
        return self._style(
            "gsco",
            '<style:style style:name="{name}" style:family="table-column">'
            '<style:table-column-properties fo:break-before="auto" '
            f'style:column-width="{column_inches(width)}"/></style:style>',
        )

    def row(self, points: float | None) -> str:
        height = (
            'style:use-optimal-row-height="true"'
            if points is None
            else f'style:row-height="{points / 72:.4f}in" style:use-optimal-row-height="false"'
        )
        return self._style(
            "gsro",
            '<style:style style:name="{name}" style:family="table-row">'
            f'<style:table-row-properties fo:break-before="auto" {height}/></style:style>',
        )

    def data_style(self, code: str) -> str:
        """The data style of a number format (``@``: text; a date; a few number codes);
        :class:`Unsupported` for another (the ``.xlsx`` writer's formats are these)."""
        if code == TEXT_CODE:
            return self._style("gsN", TEXT_FORMAT)
        if code == DATE_CODE:
            return self._style("gsN", DATE_FORMAT)
        if code in NUMBER_CODES:
            places, grouping = NUMBER_CODES[code]
            return self._style(
                "gsN",
                NUMBER_FORMAT.replace("{places}", str(places)).replace("{grouping}", grouping),
            )
        raise Unsupported(f"the number format {code!r} in an .ods")

    def cell(
        self,
        *,
        header: bool = False,
        code: str | None = None,
        wrap: bool = False,
        centre: bool = False,
        left: bool = False,
        top: bool = False,
    ) -> str:
        """A cell style: the header's, or a body cell's with its number format, wrapping and
        centring; the font is gosheet's (:data:`~gosheet.workbook.sheets.layout.FONT_NAME`, 10
        pt)."""
        data = f' style:data-style-name="{escape(self.data_style(code))}"' if code else ""
        cell = ['<style:table-cell-properties style:text-align-source="fix"']
        if header:
            cell.append(
                f' fo:background-color="#{HEADER_COLOUR.lower()}" fo:border-bottom="0.74pt solid '
                '#000000" fo:wrap-option="wrap" style:vertical-align="middle"'
            )
        elif wrap:
            cell.append(' fo:wrap-option="wrap" style:vertical-align="top"')
        elif top:
            cell.append(' style:vertical-align="top"')
        cell.append("/>")
        align = "center" if centre else "start" if left else ""
        paragraph = f'<style:paragraph-properties fo:text-align="{align}"/>' if align else ""
        weight = (
            ' fo:font-weight="bold" style:font-weight-asian="bold" style:font-weight-complex="bold"'
            if header
            else ""
        )
        text = f'<style:text-properties style:font-name="{FONT_NAME}" fo:font-size="10pt"{weight}/>'
        return self._style(
            "gsce",
            '<style:style style:name="{name}" style:family="table-cell"'
            f"{data}>{''.join(cell)}{paragraph}{text}</style:style>",
        )

    def xml(self) -> tuple[str, str]:
        """The data styles and the other styles added (data styles come first in
        ``office:automatic-styles``)."""
        numbers = [v for k, v in self.added.items() if k.startswith("gsN-")]
        others = [v for k, v in self.added.items() if not k.startswith("gsN-")]
        return "".join(numbers), "".join(others)
