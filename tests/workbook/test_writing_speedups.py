"""The fast writers (issue 15) write what the straightforward ones wrote: the worksheet XML
of a sheet written whole (a call of ``cell_xml`` per cell, ``content_width`` per column), the
Standings sheet's crosstable and rows (a call per cell), and the words a change of language
rewrites (``words.canonical`` asked for every cell) — on odd values: empty and blank texts,
control characters, lone surrogates, every character of the first plane, long texts,
numbers that are no finite floats, booleans, dates, short and long rows."""

from __future__ import annotations

import io
import math
import zipfile
from datetime import date, datetime, time, timedelta, timezone
from decimal import Decimal
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from support.examples import examples

from gosheet.app.bridge import RecordingBook
from gosheet.core.model import Outcome, Player
from gosheet.core.scorecard import RoundEntry
from gosheet.core.standings_table import (
    Builder,
    Kind,
    Ranked,
    StandingsModel,
    crosstable_cell,
    round_cells,
)
from gosheet.core.standings_table import Column as StandingsColumn
from gosheet.workbook.port import Grid
from gosheet.workbook.sheets import Column, Dropdown, SheetData, column_letter, writable
from gosheet.workbook.sheets.language import InLanguage
from gosheet.workbook.sheets.layout import (
    FONT_NAME,
    column_values,
    content_width,
    content_widths,
    page_setup,
    row_heights,
    wide_header,
)
from gosheet.workbook.sheets.names import tags
from gosheet.workbook.sheets.standings.common import finished, number, sheet_values
from gosheet.workbook.xlsx.parts.sheet_xml import HEADER, cell_xml, sheet_xml
from gosheet.workbook.xlsx.parts.spans import check_well_formed, escape
from gosheet.workbook.xlsx.parts.styles import CellFormat, Styles


def _styles_part() -> bytes:
    out = io.BytesIO()
    Workbook().save(out)
    with zipfile.ZipFile(out) as archive:
        return archive.read("xl/styles.xml")


STYLES = _styles_part()

# ------------------------------------------------------------ the references


def reference_width(data: SheetData, index: int) -> float:
    column = data.columns[index]
    if column.wrap:
        return column.width
    cells = (row[index] for row in data.rows if index < len(row))
    longest = max((len(str(v)) for v in cells if v is not None), default=0)
    longest = max(longest, *(len(word) for word in column.header.split()))
    return min(60.0, max(column.width, longest + 2.0))


def reference_sheet_xml(data: SheetData, styles: Styles) -> bytes:
    """The part as it was written before: a call of ``cell_xml`` for each cell."""
    columns = data.columns
    letters = [column_letter(i) for i in range(len(columns))]
    header_style = styles.index(HEADER)
    body = [
        styles.index(
            CellFormat(
                FONT_NAME,
                number_format=c.number_format,
                wrap=c.wrap,
                vertical="top" if c.wrap else None,
                horizontal="center" if c.centre else None,
            )
        )
        for c in columns
    ]
    formatted = [bool(c.number_format or c.wrap or c.centre) for c in columns]
    heights = row_heights(data)
    setup = page_setup(data)  # (its choices: tests/frontends/libreoffice/test_workbook_print)
    last_row = len(data.rows) + 1 + (data.blank_rows if any(formatted) else 0)
    out = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f'<sheetPr><pageSetUpPr fitToPage="{int(setup.fit_width)}"/></sheetPr>'
        f'<dimension ref="A1:{letters[-1] if letters else "A"}{max(last_row, 1)}"/>'
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" '
        'activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="A2" '
        'sqref="A2"/></sheetView></sheetViews><sheetFormatPr baseColWidth="8" '
        'defaultRowHeight="15"/>'
    ]
    widths = [reference_width(data, i) for i in range(len(columns))]
    if columns:
        out.append("<cols>")
        for i, width in enumerate(widths):
            out.append(f'<col min="{i + 1}" max="{i + 1}" width="{width!r}" customWidth="1"/>')
        out.append("</cols>")
    out.append("<sheetData>")
    wide = any(len(c.header) + 2 > widths[i] for i, c in enumerate(columns))
    high = ' ht="30" customHeight="1"' if wide else ""
    out.append(f'<row r="1"{high}>')
    out.extend(cell_xml(f"{letters[i]}1", h, header_style) for i, h in enumerate(data.headers))
    out.append("</row>")
    for r, row in enumerate(data.rows, start=2):
        height = heights.get(r)
        high = f' ht="{height}" customHeight="1"' if height else ""
        out.append(f'<row r="{r}"{high}>')
        for i, letter in enumerate(letters):
            out.append(cell_xml(f"{letter}{r}", row[i] if i < len(row) else None, body[i]))
        out.append("</row>")
    for r in range(len(data.rows) + 2, last_row + 1):
        cells = "".join(
            cell_xml(f"{letters[i]}{r}", None, body[i]) for i in range(len(columns)) if formatted[i]
        )
        out.append(f'<row r="{r}">{cells}</row>')
    out.append("</sheetData>")
    dropdown = data.dropdown
    if dropdown is not None and dropdown.rows:
        letter = column_letter(dropdown.column)
        values = escape('"' + ",".join(dropdown.values) + '"')
        out.append(
            '<dataValidations count="1"><dataValidation type="list" allowBlank="1" '
            f'showErrorMessage="0" sqref="{letter}2:{letter}{dropdown.rows + 1}">'
            f"<formula1>{values}</formula1></dataValidation></dataValidations>"
        )
    orientation = "landscape" if setup.landscape else "portrait"
    fit = ' fitToWidth="1" fitToHeight="0"' if setup.fit_width else ""
    out.append(
        '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" '
        f'footer="0.3"/><pageSetup orientation="{orientation}"{fit}/><headerFooter>'
    )
    if data.title:
        out.append(f"<oddHeader>{escape('&C' + writable.header_text(data.title))}</oddHeader>")
    out.append("<oddFooter>&amp;C&amp;P / &amp;N</oddFooter></headerFooter></worksheet>")
    return "".join(out).encode("utf-8")


def same_part(data: SheetData) -> bytes:
    fast, slow = Styles(STYLES), Styles(STYLES)
    written = sheet_xml(data, fast)
    assert written == reference_sheet_xml(data, slow)
    assert fast.to_bytes() == slow.to_bytes()
    assert content_widths(data) == [content_width(data, i) for i in range(len(data.columns))]
    assert content_widths(data) == [reference_width(data, i) for i in range(len(data.columns))]
    assert wide_header(data) == wide_header(data, content_widths(data))
    return written


# ------------------------------------------------------------ the sheet XML

ODD_TEXTS = [
    "",
    " ",
    "  two  ",
    " lead",
    "trail ",
    "\t",
    "\n",
    "a\nb",
    "\x0b",
    "\x0c",
    "\x1f",
    "\x00only",
    "x\x00y",
    "\x0bpadded\x0b",
    " \x1c",
    "\ud800",
    "\udfff lone",
    "\ufffe\uffff",
    "&",
    "<tag>",
    '"quoted"',
    "'single'",
    "&amp;",
    "]]>",
    "Kim Min (Seoul)",
    "Ёлка",
    "12+/w",
    "bye",
    "=SUM(A1:A2)",
    "\u00a0nbsp\u00a0",
    "\u2003em",
    "😀 astral",
    "x" * 32_767,  # the longest text a cell holds (a longer one is refused: test_hostile_values)
    "a&b " * 5_000,
]
ODD_VALUES: list[Any] = [
    *ODD_TEXTS,
    None,
    0,
    -0,
    7,
    -12,
    10**30,
    0.0,
    -0.0,
    1.5,
    1e-300,
    1e300,
    math.nan,
    math.inf,
    -math.inf,
    True,
    False,
    date(2024, 3, 1),
    datetime(2024, 3, 1, 12, 30),
    datetime(2024, 3, 1, 12, 30, tzinfo=timezone(timedelta(hours=3))),
    time(12, 30),
    Decimal("2.50"),
    Fraction(7, 2),
    Outcome.WIN,
]


def test_every_odd_value_in_every_kind_of_column() -> None:
    columns = (
        Column("No.", 5),
        Column("A header wider than its column", 4),
        Column("Wrapped", 10, wrap=True),
        Column("Centred", 9, centre=True),
        Column("Date", 12, number_format="yyyy-mm-dd"),
        Column("x", 3),
    )
    rows: list[list[Any]] = []
    for k, value in enumerate(ODD_VALUES):
        rows.append([value] * len(columns))  # a column of every kind holding the value
        rows.append([k, value])  # a short row
        rows.append([value, k, value, k, value, k, "beyond the columns", value])  # a long one
        rows.append([])
    data = SheetData(
        "Odd & <odd>",
        columns,
        rows,
        title="Cup & co — round 3 \x0b",
        landscape=True,
        dropdown=Dropdown(1, ("1-0", "0-1", 'a"b', "&"), 5),
        blank_rows=3,
    )
    check_well_formed(same_part(data))


def test_columns_of_one_kind_and_every_character_of_the_first_plane() -> None:
    texts = [chr(c) for c in range(0x10000)]
    columns = (Column("Character"), Column("Padded"), Column("Number"), Column("Empty"))
    rows = [[t, f" {t}", c, None] for c, t in enumerate(texts)]
    same_part(SheetData("Characters", columns, rows))
    clean = [[f"Name{c}", f"{c % 7}+/w", c, c + 0.5] for c in range(500)]
    same_part(SheetData("Clean", columns, clean))
    same_part(SheetData("Clean with holes", columns, [*clean, [None, "", None, None], []]))
    numbers = SheetData("Numbers", (Column("N", 1),), [[n] for n in (-100_000, 5, 99, None, -7)])
    assert content_widths(numbers) == [9.0]  # the longest number is below 0
    same_part(numbers)


def test_sheets_without_rows_or_columns() -> None:
    same_part(SheetData("Nothing", (), []))
    same_part(SheetData("No columns", (), [[], [1, 2]]))
    same_part(SheetData("No rows", (Column("A"), Column("B", wrap=True)), [], blank_rows=2))
    assert column_values(SheetData("No rows", (Column("A"),), [])) == [()]


VALUES = st.one_of(
    st.none(),
    st.text(max_size=30),
    st.sampled_from(ODD_TEXTS[:-2]),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.dates(),
    st.datetimes(),
)
COLUMNS = st.builds(
    Column,
    header=st.text(max_size=12).filter(lambda h: bool(h.split())),  # (no header: no column)
    width=st.one_of(st.integers(1, 40), st.floats(1, 40)),
    number_format=st.sampled_from([None, "0.0", "yyyy-mm-dd"]),
    wrap=st.booleans(),
    centre=st.booleans(),
)


@settings(max_examples=examples(200), deadline=None)
@given(
    columns=st.lists(COLUMNS, max_size=6),
    rows=st.lists(st.lists(VALUES, max_size=8), max_size=12),
    blank=st.integers(0, 3),
)
def test_any_sheet(columns: list[Column], rows: list[list[Any]], blank: int) -> None:
    same_part(SheetData("Any", tuple(columns), rows, title="T", blank_rows=blank))


# ------------------------------------------------------------ the Standings


def entries() -> list[RoundEntry]:
    found = [RoundEntry(1, Outcome.BYE), RoundEntry(1, Outcome.ABSENT)]
    for outcome in Outcome:
        if outcome not in (Outcome.BYE, Outcome.ABSENT):
            for colour in ("w", "b", ""):
                for handicap in (0, 1, 9):
                    found.append(RoundEntry(1, outcome, 3, colour, handicap))
    return found


def test_the_crosstable_columns_say_what_crosstable_cell_says() -> None:
    table = entries()
    players = [Player(n, f"P{n}") for n in range(1, len(table) + 1)]
    line_of = {p.number: 100 + p.number for p in players}
    entries_of = [(table[-p.number], table[p.number - 1]) for p in players]
    for game in ("go", "oware", "other"):
        for k in (0, 1):
            expected = [crosstable_cell(rounds[k], line_of, game) for rounds in entries_of]
            assert round_cells(k, entries_of, line_of, game) == expected
    assert crosstable_cell(table[3], line_of) == "103+/w1"


def reference_values(tournament: Any, model: StandingsModel) -> Grid:
    """The Standings rows as they were made: line by line, a call for each cell."""
    extra = tags(tournament.players)
    keys = model.keys
    at = next((keys.index(h) for h in ("First name", "Name") if h in keys), None)

    def line(row: Any) -> list[Any]:
        cells = [number(v) if isinstance(v, Fraction) else v for v in row.values]
        tag = extra.get(row.player.number)
        if tag and at is not None:
            cells[at] = f"{cells[at] or ''}{tag}".strip()
        return cells

    return [line(row) for row in model.rows]


def test_the_standings_rows_are_those_made_line_by_line() -> None:
    table = entries()
    players = [
        Player(1, "Kim", "Min", rank=-3, rating=2100, club="Seoul", country="KR"),
        Player(2, "Kim", "Min", club="Busan"),
        Player(3, "Lee", "", egd_pin="123"),
        Player(4, "Lee", "", egd_pin="456"),
        *(Player(n, f"P{n}", "Ha" if n % 2 else "") for n in range(5, len(table) + 5)),
    ]
    ranked = [
        Ranked(p, k, False, None, (table[p.number % len(table)],))
        for k, p in enumerate(players, start=1)
    ]
    tournament = SimpleNamespace(
        players=players,
        rounds=[SimpleNamespace(number=1, complete=True)],
        settings=SimpleNamespace(game="go", name="Cup"),
    )
    for names in (("Name", "First name", "Rank", "Rating"), ("Name", "Club"), ("Country",)):
        build = Builder(tournament, ranked)  # type: ignore[arg-type]
        build.line()
        build.player(*names)
        build.rounds()
        build.add(
            StandingsColumn("Score", Kind.SCORE), (Fraction(k, 2) for k in range(len(ranked)))
        )
        model = build.model("swiss", ("Score",), 1)
        made = sheet_values(model, tournament)  # type: ignore[arg-type]
        assert made == reference_values(tournament, model)
        assert finished(tournament) == "Cup — standings after round 1"  # type: ignore[arg-type]
    empty = Builder(tournament, ranked).model("swiss", (), 1)  # type: ignore[arg-type]
    assert sheet_values(empty, tournament) == [[] for _ in ranked]  # type: ignore[arg-type]


# ------------------------------------------------------------ a change of language


def test_the_bye_words_of_an_english_workbook_are_rewritten_once_each_cell() -> None:
    table = ["Exempt", "exempt", "Свободен", "своб.", "Bye", "bye", "BYE", 3, 3.0, None, "1-0"]
    rounds = [["Table", "White", "Black", "Result"]]
    for k in range(60):
        word = table[k % len(table)]
        rounds.append([word, f"W{k}", f"B{k}", word if k % 3 else "1-0"])
    book = RecordingBook(
        {
            "Settings": [["Setting", "Value", "Explanation"], ["Language", "English"]],
            "Players": [["Name", "First name"], ["W0", "x"]],
            "Round 1": rounds,
        }
    )
    port = InLanguage(book)
    port.grids()
    port.set_cell("Settings", "D1", "x")  # the first write switches
    sets = [(op["cell"], op["value"]) for op in book.operations if op["op"] == "set"][:-1]
    expected = []
    for k, row in enumerate(rounds[1:], start=2):
        for letter, at, word in (("A", 0, "Bye"), ("D", 3, "bye")):
            foreign = row[at] in ("Exempt", "exempt", "Свободен", "своб.")
            if foreign:
                expected.append((f"{letter}{k}", word))
    assert sorted(sets) == sorted(expected)
    assert all(op["op"] != "rename" for op in book.operations)
