"""What comes before ``<Tournament>`` in an OpenGotha file, made ready for the strict parser.

OpenGotha 3.5x writes ``<?xml version="1.0" encoding="UTF-8" standalone="no"?>`` and nothing
else before the root; older versions wrote ``encoding="ISO-8859-1"`` and a document type
that only names OpenGotha's DTD, which OpenGotha itself never fetches::

    <?xml version="1.0" encoding="ISO-8859-1"?>
    <!DOCTYPE Tournament SYSTEM "tournament.dtd">

:func:`prepare` accepts exactly such a document type — ``<!DOCTYPE Tournament SYSTEM "…">``
or ``PUBLIC "…" "…"``, naming a ``.dtd`` by a plain relative name or an ``http(s)`` address,
without an internal subset (no ``[``) — and blanks it out (spaces, newlines kept, so that
error positions stay right) before defusedxml parses the file with every DTD refused. It is
never fetched nor read. Anything else — an internal subset, an entity declaration, a
``file:`` address, any entity reference other than XML's five — is left in place, so that the
parser refuses the file as before, without reading or expanding anything. It also drops the
spaces some editors leave before the XML declaration (after a byte order mark, if any).

>>> data, notes = prepare(
...     b'<?xml version="1.0" encoding="ISO-8859-1"?>\\n'
...     b'<!DOCTYPE Tournament SYSTEM "tournament.dtd">\\n<Tournament/>')
>>> data.split(b"\\n")[1].strip(), data.split(b"\\n")[2]
(b'', b'<Tournament/>')
>>> notes
('in ISO-8859-1, with <!DOCTYPE Tournament SYSTEM "tournament.dtd"> (not read)',)
>>> prepare(b'<!DOCTYPE Tournament [<!ENTITY e "e">]><Tournament a="&e;"/>')[0][:10]
b'<!DOCTYPE '
"""

from __future__ import annotations

import re

__all__ = ["prepare"]

_BOM = b"\xef\xbb\xbf"
_PROLOG = re.compile(
    rb"(?P<declaration><\?xml\s[^>]*?\?>)?"
    rb"(?:\s|<!--(?:(?!-->).)*-->)*"
    rb"(?P<doctype><!DOCTYPE\b)?",
    re.DOTALL,
)
_ENCODING = re.compile(rb"""encoding\s*=\s*["']([A-Za-z0-9._-]+)["']""")
_QUOTED_PUBLIC = rb"""(?:"[A-Za-z0-9 '()+,./:=?;!*#@$_%-]*"|'[A-Za-z0-9 ()+,./:=?;!*#@$_%-]*')"""
_DTD = rb"(?:https?://[A-Za-z0-9.-]+(?::[0-9]+)?/)?[A-Za-z0-9_./-]*\.dtd"
_SAFE_DOCTYPE = re.compile(
    rb"<!DOCTYPE\s+Tournament\s+(?:SYSTEM|PUBLIC\s+" + _QUOTED_PUBLIC + rb")\s*"
    rb"""(?:"(?P<double>""" + _DTD + rb""")"|'(?P<single>""" + _DTD + rb""")')\s*>"""
)
# An entity reference other than XML's own five and character references: with a document
# type accepted it would name an entity of the (unread) DTD.
_ENTITY_REFERENCE = re.compile(rb"&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);)")


def prepare(data: bytes) -> tuple[bytes, tuple[str, ...]]:
    """The file's bytes as the strict parser takes them, and what was set aside (for the
    import's summary): the encoding if not UTF-8, a document type naming OpenGotha's DTD."""
    bom = _BOM if data.startswith(_BOM) else b""
    body = data[len(bom) :]
    trimmed = body.lstrip(b" \t\r\n")
    if trimmed.startswith(b"<"):
        body = trimmed
    prolog = _PROLOG.match(body)
    said: list[str] = []
    if prolog is not None and prolog.group("declaration"):
        encoding = _ENCODING.search(prolog.group("declaration"))
        if encoding is not None and encoding.group(1).upper() not in (b"UTF-8", b"UTF8"):
            said.append(f"in {encoding.group(1).decode('ascii')}")
    if prolog is not None and prolog.group("doctype"):
        doctype = _SAFE_DOCTYPE.match(body, prolog.start("doctype"))
        rest = body[doctype.end() :] if doctype is not None else b""
        if doctype is not None and not _ENTITY_REFERENCE.search(rest):
            text = doctype.group().decode("ascii")
            blank = re.sub(rb"[^\r\n]", b" ", doctype.group())
            body = body[: doctype.start()] + blank + rest
            said.append(f"with {' '.join(text.split())} (not read)")
    notes = (", ".join(said),) if said else ()
    return bom + body, notes
