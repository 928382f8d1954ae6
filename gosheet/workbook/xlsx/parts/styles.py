"""gosheet's cell formats added to a workbook's ``xl/styles.xml``: the fonts, fill, border,
number formats and cell formats its sheets need, each added once (a format already there,
byte for byte, is used again — so pairing round after round does not grow the styles)."""

from __future__ import annotations

from gosheet.records import record
from gosheet.workbook.xlsx.parts.spans import Span, Unsupported, attribute, escape, find_spans

CONTAINERS = ("numFmts", "fonts", "fills", "borders", "cellXfs")
ITEMS = {
    "numFmts": "numFmt",
    "fonts": "font",
    "fills": "fill",
    "borders": "border",
    "cellXfs": "xf",
}
BUILTIN_FORMATS = {
    "General": 0, "0": 1, "0.00": 2, "#,##0": 3, "#,##0.00": 4, "0%": 9, "0.00%": 10,
    "0.00E+00": 11, "mm-dd-yy": 14, "d-mmm-yy": 15, "h:mm": 20, "m/d/yy h:mm": 22, "@": 49,
}  # fmt: skip


@record
class CellFormat:
    """What a cell of a sheet gosheet writes looks like."""

    font: str  # the font's name
    size: int = 10
    bold: bool = False
    fill: str | None = None  # a solid fill's RGB hex
    bottom_border: bool = False
    number_format: str | None = None
    wrap: bool = False
    vertical: str | None = None
    horizontal: str | None = None


class Styles:
    """``xl/styles.xml`` with formats added; :meth:`index` gives a format's ``s`` number."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        wanted = set(CONTAINERS) | set(ITEMS.values())
        spans = find_spans(data, wanted)
        self.containers: dict[str, Span] = {}
        self.items: dict[str, list[bytes]] = {name: [] for name in CONTAINERS}
        for span in spans:
            if span.depth == 1 and span.name in CONTAINERS:
                self.containers[span.name] = span
                self.items[span.name] = [
                    data[c.start : c.end] for c in span.children if c.name == ITEMS[span.name]
                ]
        if "cellXfs" not in self.containers or "fonts" not in self.containers:
            raise Unsupported("styles without cell formats")
        self.added: dict[str, list[bytes]] = {name: [] for name in CONTAINERS}
        self.formats: dict[CellFormat, int] = {}
        self.custom_ids = [
            int(s.attributes.get("numFmtId", "0"))
            for s in spans
            if s.name == "numFmt" and s.depth == 2
        ]

    def _add(self, container: str, item: bytes) -> int:
        existing = self.items[container]
        if item in existing:
            return existing.index(item)
        if item in self.added[container]:
            return len(existing) + self.added[container].index(item)
        self.added[container].append(item)
        return len(existing) + len(self.added[container]) - 1

    def _number_format(self, code: str) -> int:
        if code in BUILTIN_FORMATS:
            return BUILTIN_FORMATS[code]
        text = escape(code)
        for item in (*self.items["numFmts"], *self.added["numFmts"]):
            if f'formatCode="{text}"'.encode() in item:
                start = item.index(b'numFmtId="') + 10
                return int(item[start : item.index(b'"', start)])
        number = max([163, *self.custom_ids]) + 1
        self.custom_ids.append(number)
        self.added["numFmts"].append(f'<numFmt numFmtId="{number}" formatCode="{text}"/>'.encode())
        return number

    def index(self, fmt: CellFormat) -> int:
        """The ``s`` of cells of this format (added to the styles at the first call)."""
        if fmt in self.formats:
            return self.formats[fmt]
        bold = '<b val="1"/>' if fmt.bold else ""
        font = self._add(
            "fonts",
            f'<font>{bold}<sz val="{fmt.size}"/><name val="{escape(fmt.font)}"/></font>'.encode(),
        )
        fill = 0
        if fmt.fill:
            fill = self._add(
                "fills",
                f'<fill><patternFill patternType="solid"><fgColor rgb="FF{fmt.fill}"/>'
                f'<bgColor indexed="64"/></patternFill></fill>'.encode(),
            )
        border = 0
        if fmt.bottom_border:
            border = self._add(
                "borders",
                b'<border><left/><right/><top/><bottom style="thin"/><diagonal/></border>',
            )
        number = self._number_format(fmt.number_format) if fmt.number_format else 0
        alignment = "".join(
            f' {key}="{value}"'
            for key, value in (
                ("horizontal", fmt.horizontal),
                ("vertical", fmt.vertical),
                ("wrapText", "1" if fmt.wrap else None),
            )
            if value
        )
        applied = ' applyFont="1"'
        applied += ' applyFill="1"' if fill else ""
        applied += ' applyBorder="1"' if border else ""
        applied += ' applyNumberFormat="1"' if number else ""
        applied += ' applyAlignment="1"' if alignment else ""
        inner = f"<alignment{alignment}/>" if alignment else ""
        head = (
            f'<xf numFmtId="{number}" fontId="{font}" fillId="{fill}" borderId="{border}" '
            f'xfId="0"{applied}'
        )
        xf = (head + (f">{inner}</xf>" if inner else "/>")).encode()
        self.formats[fmt] = self._add("cellXfs", xf)
        return self.formats[fmt]

    def changed(self) -> bool:
        return any(self.added.values())

    def to_bytes(self) -> bytes:
        """The styles with the formats added (the same bytes when none was)."""
        edits: list[tuple[int, int, bytes]] = []
        for name in CONTAINERS:
            added = self.added[name]
            if not added:
                continue
            count = len(self.items[name]) + len(added)
            span = self.containers.get(name)
            if span is None:  # only numFmts may be missing: it comes first
                first = min(s.start for s in self.containers.values())
                block = f'<numFmts count="{count}">'.encode() + b"".join(added) + b"</numFmts>"
                edits.append((first, first, block))
                continue
            tag = self.data[span.start : span.inner]
            tag = _with_count(tag, count)
            if span.empty:
                tag = tag[:-2].rstrip() + b">"
                edits.append(
                    (span.start, span.end, tag + b"".join(added) + f"</{span.qname}>".encode())
                )
            else:
                edits.append((span.start, span.inner, tag))
                edits.append((span.close, span.close, b"".join(added)))
        return splice(self.data, edits)


def _with_count(tag: bytes, count: int) -> bytes:
    return attribute(tag, "count", str(count))


def splice(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """``data`` with each (start, end) range replaced; the ranges must not overlap."""
    pieces = []
    at = 0
    for start, end, text in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < at:
            raise Unsupported("overlapping changes")
        pieces.append(data[at:start])
        pieces.append(text)
        at = end
    pieces.append(data[at:])
    return b"".join(pieces)
