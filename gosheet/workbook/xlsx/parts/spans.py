"""Elements of an XML part by their byte positions, found with expat (no tree is built, and
the bytes between the elements gosheet changes are kept exactly as they are).

A part with a document type declaration or an entity declaration is refused (no entity is
ever expanded); so is one that is not well-formed.

>>> data = b'<a><b r="1"/><b r="2">x</b></a>'
>>> [(s.name, s.attributes, data[s.start:s.end]) for s in find_spans(data, {"b"})]
[('b', {'r': '1'}, b'<b r="1"/>'), ('b', {'r': '2'}, b'<b r="2">x</b>')]
"""

from __future__ import annotations

import contextlib
import re
import xml.parsers.expat
from collections.abc import Callable

from gosheet.records import field, record


class Unsupported(Exception):
    """A part this writer does not change safely: the caller saves another way."""


class Damaged(Unsupported):
    """A part of the workbook read is not well-formed XML: it cannot be read at all."""


_START_TAG = re.compile(rb"""<[^\s/>]+(?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*(/?)>""")


@record(frozen=False)
class Span:
    """One element: its local name, attributes (local names), depth (the root is 0) and
    byte offsets — ``start``/``end`` of the whole element, ``inner``/``close`` of its
    content (equal for an empty element ``<x/>``)."""

    name: str
    qname: str
    attributes: dict[str, str]
    depth: int
    start: int
    inner: int = 0
    close: int = 0
    end: int = 0
    empty: bool = False
    children: list[Span] = field(default_factory=list)


def local(name: str) -> str:
    return name.rsplit(":", 1)[-1]


Keep = Callable[[str, dict[str, str], int], bool]
"""Whether an element found (its local name, its attributes as written and its byte offset)
is kept, with what it holds: a million rows a sheet need not be a million spans. It raises
:class:`Enough` to stop the parsing there."""


class Enough(Exception):
    """Raised by a :data:`Keep`: nothing more is wanted from the part (the spans found so
    far are returned; those still open have no ``end``)."""


def find_spans(
    data: bytes, names: set[str], *, within: set[str] | None = None, keep: Keep | None = None
) -> list[Span]:
    """The elements named (local names) in ``names``, in document order; with ``within``,
    only those inside an element named there; with ``keep``, only those it keeps (and none
    inside one it does not). Each span lists its wanted children."""
    parser = xml.parsers.expat.ParserCreate()
    found: list[Span] = []
    stack: list[Span | None] = []
    inside = 0 if within else 1
    skipped = 0  # the depth of the elements inside one not kept

    def start(qname: str, attributes: dict[str, str]) -> None:
        nonlocal inside, skipped
        name = local(qname)
        if within and name in within:
            inside += 1
        if skipped or name not in names or not inside:
            skipped += bool(skipped)
            stack.append(None)
            return
        offset = parser.CurrentByteIndex
        if keep is not None and not keep(name, attributes, offset):
            skipped = 1
            stack.append(None)
            return
        tag = _START_TAG.match(data, offset)
        if tag is None:
            raise Unsupported(f"a start tag gosheet cannot read at byte {offset}")
        span = Span(
            name,
            qname,
            {local(k): v for k, v in attributes.items()},
            len(stack),
            offset,
            inner=tag.end(),
            empty=bool(tag.group(1)),
        )
        parent = next((s for s in reversed(stack) if s is not None), None)
        if parent is not None:
            parent.children.append(span)
        found.append(span)
        stack.append(span)

    def end(qname: str) -> None:
        nonlocal inside, skipped
        span = stack.pop()
        skipped = max(skipped - 1, 0)
        if within and local(qname) in within:
            inside -= 1
        if span is None:
            return
        offset = parser.CurrentByteIndex
        if span.empty:
            span.close = span.end = span.inner
        else:
            span.close = offset
            span.end = data.index(b">", offset) + 1

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    with contextlib.suppress(Enough):
        _parse(parser, data, Damaged("not well-formed XML"))
    return found


def check_well_formed(data: bytes) -> None:
    """Raise :class:`Unsupported` unless ``data`` is well-formed XML without a DTD (expat
    without element handlers: a part of megabytes in milliseconds)."""
    failure = Unsupported("gosheet wrote a part that is not well-formed XML")
    _parse(xml.parsers.expat.ParserCreate(), data, failure)


def parse_whole(parser: xml.parsers.expat.XMLParserType, data: bytes) -> None:
    """Parse ``data`` whole with ``parser`` (its handlers set), refusing a document type or
    entity declaration; :class:`Damaged` when it is not well-formed."""
    _parse(parser, data, Damaged("not well-formed XML"))


def _parse(parser: xml.parsers.expat.XMLParserType, data: bytes, failure: Unsupported) -> None:
    """Parse ``data`` whole, refusing a document type or entity declaration; not well-formed:
    ``failure``, the parser's words added."""

    def refuse(*_: object) -> None:
        raise Unsupported("a document type or entity declaration")

    parser.StartDoctypeDeclHandler = refuse
    parser.EntityDeclHandler = refuse
    parser.ExternalEntityRefHandler = refuse  # type: ignore[assignment]
    try:
        parser.Parse(data, True)
    except xml.parsers.expat.ExpatError as error:
        raise type(failure)(f"{failure} ({error})") from None


def escape(text: str) -> str:
    """Text for element content or a double-quoted attribute."""
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )


def attribute(element: bytes, name: str, value: str | None) -> bytes:
    """An element (or its start tag) with attribute ``name`` of its start tag set to
    ``value`` (removed when None); the rest of the element as it was.

    >>> attribute(b'<a x="1" y="2">t</a>', "x", None), attribute(b"<a/>", "x", "&")
    (b'<a y="2">t</a>', b'<a x="&amp;"/>')
    """
    match = _START_TAG.match(element)
    if match is None:
        raise Unsupported("an element gosheet cannot read")
    tag, rest = element[: match.end()], element[match.end() :]
    pattern = re.compile(rb"""\s""" + name.encode() + rb"""\s*=\s*(?:"[^"]*"|'[^']*')""")
    tag = pattern.sub(b"", tag, count=1)
    if value is not None:
        closing = b"/>" if tag.endswith(b"/>") else b">"
        body = tag[: -len(closing)].rstrip()
        tag = body + f' {name}="{escape(value)}"'.encode() + closing
    return tag + rest
