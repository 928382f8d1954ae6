"""The limits of what gosheet reads: every bound of a workbook, a roster and an OpenGotha
file, far above any real tournament (docs/workbook.md lists them), each checked before
anything is parsed — a file before it is opened (:mod:`.files`), a workbook's archive and
its sheets (:mod:`.archive`). What a cell gosheet writes may hold is
:mod:`gosheet.workbook.sheets.writable`'s.
"""

from __future__ import annotations

MAX_ROWS = 25_000
"""Rows of one sheet that hold something (empty rows anywhere are no part of it; a tournament
of 2,000 players over 10 rounds has under 2,100). gosheet pairs fields of up to 20,000
players (docs/speed.md, "Scale"): their Players and Standings sheets hold 20,000 rows and
a few of titles and notes (an imported OpenGotha field's Players: 20,301)."""
MAX_COLUMNS = 200
"""Columns of one sheet (column GR) that hold something."""
MAX_CELLS = 2_500_000
"""Cells that hold something (a value, a text, a formula), of a whole workbook, merged cells
counted one by one (as openpyxl makes them). 20,000 players over 10 rounds: about 1.9
million (Players 200,000, Standings 500,000, each round sheet 120,000)."""
MAX_ELEMENTS = 3_000_000
"""Rows and cells of one sheet, empty ones included (a row of formatting only, a cell of a
style only): the XML parsed, whatever it holds; Excel's whole height of empty rows is
1,048,576."""
EXCEL_ROWS = 1_048_576
"""Excel's last row: a reference beyond it is a damaged file."""
EXCEL_COLUMNS = 16_384
"""Excel's last column (XFD)."""
MAX_SHEETS = 250
MAX_FILE_BYTES = 50_000_000
"""A workbook file on disk (a big tournament's workbook is well under 1 MB)."""
MAX_PART_BYTES = 100_000_000
"""One part of the archive, uncompressed (a sheet's XML, the shared strings …)."""
MAX_ARCHIVE_BYTES = 200_000_000
"""All parts together, uncompressed."""
MAX_RATIO = 200
"""Uncompressed / compressed size of a part over :data:`RATIO_FROM` bytes (sheets: ~10)."""
RATIO_FROM = 1_000_000
MAX_ENTRIES = 10_000
MAX_ROSTER_BYTES = 20_000_000
"""A roster file (CSV or spreadsheet); 20,000 players take about 1 MB."""
MAX_XML_BYTES = 50_000_000
"""An OpenGotha tournament file."""
MAX_XML_DEPTH = 64
"""Nesting of an OpenGotha file's elements (OpenGotha's own files: 4 levels)."""
