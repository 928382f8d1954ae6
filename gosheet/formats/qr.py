"""QR codes of the published pages' addresses (:mod:`gosheet.formats.addresses`): on the
printed pairing lists and result slips (:mod:`gosheet.formats.pack.pdf` draws the dark
modules as rectangles) and on the published pages (:func:`svg`, inline in the page).

segno makes them: pure Python, so the same codes come out of LibreOffice's own Python and
the page in the browser. Always a full QR code (a phone's camera reads no Micro QR), error
correction level M (15 % of the code may be dirty or torn), and the quiet zone of four
light modules around it that a reader needs is part of :func:`modules`.

>>> code = modules("https://example.org/cup/round-1.html")
>>> len(code) == len(code[0]), len(code), code[0][0], code[QUIET][QUIET]
(True, 37, False, True)
"""

from __future__ import annotations

QUIET = 4  # light modules around the code: the quiet zone the standard asks for


def modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code of ``text``, quiet zone included, row by row from the top: True is dark."""
    import segno  # pure Python; loaded only when a code is drawn

    code = segno.make(text, error="m", boost_error=False, micro=False)
    return tuple(tuple(bool(m) for m in row) for row in code.matrix_iter(border=QUIET))


def dark_runs(code: tuple[tuple[bool, ...], ...]) -> list[tuple[int, int, int]]:
    """The dark modules as runs along each row: (row, first column, length), so that a
    drawing holds one rectangle a run rather than one a module.

    >>> dark_runs(((False, True, True, False, True),))
    [(0, 1, 2), (0, 4, 1)]
    """
    runs = []
    for y, row in enumerate(code):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append((y, start, x - start))
            else:
                x += 1
    return runs


def svg(text: str, size: int, label: str = "") -> str:
    """The code of ``text`` as an inline SVG ``size`` CSS pixels wide, quiet zone included,
    crisp at any zoom (one path, whole modules); ``label``: what a screen reader says.
    ``text`` and ``label`` are escaped."""
    code = modules(text)
    side = len(code)
    path = "".join(f"M{x} {y}h{n}v1h-{n}z" for y, x, n in dark_runs(code))
    said = _escape(label or text)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="qr" role="img" aria-label="{said}" '
        f'width="{size}" height="{size}" viewBox="0 0 {side} {side}" '
        f'shape-rendering="crispEdges"><title>{said}</title>'
        f'<rect width="{side}" height="{side}" fill="#fff"/>'
        f'<path fill="#000" d="{path}"/></svg>'
    )


def _escape(text: str) -> str:
    return (
        text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    )
