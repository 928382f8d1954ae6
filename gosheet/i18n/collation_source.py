"""Where :mod:`gosheet.i18n.collation_table` comes from: the part of pyuca's table of Unicode
10's default weights (DUCET, ``allkeys-10.0.0.txt``) that the names of Latin, Greek and Cyrillic
alphabets use, and the span of primary weights CLDR's ``[reorder Cyrl]`` moves, both taken
from pyuca's own files. Run after a change of pyuca or of :data:`COVERED`::

    python -m gosheet.i18n.collation_source

rewrites ``gosheet/i18n/collation_table.py``; ``tests/i18n/test_collation_table.py`` holds the
module equal to what this writes (and every key it gives equal to pyuca's).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from pathlib import Path

#: The code points the table covers: the Latin, Greek and Cyrillic letters and their
#: diacritics, the printable ASCII, Latin-1's punctuation, the IPA letters and the spacing
#: modifiers (``ʼ``), the dashes and quotation marks.
COVERED = (
    range(0x0020, 0x007F),
    range(0x00A0, 0x0250),
    range(0x0250, 0x0300),
    range(0x0300, 0x0370),
    range(0x0370, 0x0400),
    range(0x0400, 0x0530),
    range(0x1E00, 0x1F00),
    range(0x2010, 0x2028),
)
TARGET = Path(__file__).with_name("collation_table.py")


def covered(cp: int) -> bool:
    return any(cp in block for block in COVERED)


def ducet_lines(path: Path) -> Iterator[tuple[list[int], str]]:
    """Each entry of a DUCET file: its code points and its collation elements as written."""
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            text = line.split("#", 1)[0].strip()
            if not text or text.startswith("@"):
                continue
            chars, elements = text.split(";", 1)
            yield [int(c, 16) for c in chars.split()], elements.strip()


def compact(elements: str) -> str:
    """``[.1FA2.0020.0002][*0209.0020.0002]`` as ``1FA2.0020.0002,0209.0020.0002`` (the
    variable mark ``*`` plays no part in pyuca's keys: its weights are what count)."""
    return ",".join(e.strip("[]")[1:15] for e in elements.replace("][", "] [").split())


def reorder_spans() -> tuple[dict[str, tuple[int, int]], int]:
    """Each reorderable script's lowest and highest primary weight of its letters, and the
    first Latin letter's (``a``), as :func:`gosheet.i18n.collation._reordering` needs them."""
    from pyuca.collator import Collator_10_0_0

    from gosheet.i18n.collation import IMPLICIT, SCRIPTS

    collator = Collator_10_0_0()
    spans: dict[str, tuple[int, int]] = {}
    for script, blocks in SCRIPTS.items():
        weights = [
            w
            for block in blocks
            for cp in block
            if unicodedata.category(chr(cp)).startswith("L")
            and 0 < (w := collator.sort_key(chr(cp))[0]) < IMPLICIT
        ]
        spans[script] = (min(weights), max(weights))
    return spans, collator.sort_key("a")[0]


def packed(entries: list[str], width: int = 99) -> Iterator[str]:
    """The entries a few to a line, spaces between them, lines of at most ``width``."""
    line = ""
    for entry in entries:
        if line and len(line) + 1 + len(entry) > width:
            yield line
            line = ""
        line = f"{line} {entry}" if line else entry
    if line:
        yield line


def module_text() -> str:
    import pyuca

    from gosheet.i18n.collation import TABLE

    path = Path(pyuca.__file__).with_name(TABLE)
    entries = [
        "_".join(f"{c:04X}" for c in chars) + ";" + compact(elements)
        for chars, elements in ducet_lines(path)
        if all(map(covered, chars))
    ]
    spans, latin = reorder_spans()
    written = ", ".join(f'"{k}": (0x{lo:04X}, 0x{hi:04X})' for k, (lo, hi) in spans.items())
    blocks = "".join(f"\n    (0x{b.start:04X}, 0x{b.stop:04X})," for b in COVERED)
    body = "\n".join(packed(entries))
    return f'''"""The part of Unicode 10's default collation table (DUCET, as pyuca ships it:
``{TABLE}``) that names in Latin, Greek and Cyrillic letters use: {len(entries)} entries,
so that such names sort without reading pyuca's whole table. Written by
``python -m gosheet.i18n.collation_source``; do not edit. The data is the Unicode Consortium's
(Unicode License v3), as pyuca (MIT) distributes it."""

#: The blocks of code points covered, [start, stop).
BLOCKS = ({blocks}
)
#: CLDR's ``[reorder …]``: each reorderable script's letters' lowest and highest primary
#: weights, and the first Latin letter's.
SPANS = {{{written}}}
LATIN_FIRST = 0x{latin:04X}
#: The entries, a space between them: each its code points (``_`` between them), ``;``, then
#: its collation elements (primary, secondary, tertiary weights; ``,`` between them).
ENTRIES = """
{body}
"""
'''


if __name__ == "__main__":
    TARGET.write_text(module_text(), encoding="utf-8")
    print(f"wrote {TARGET}")
