"""Plain roster files (CSV in the common encodings and delimiters, or a sheet
of ``.xlsx``/``.xls``/``.ods`` through python-calamine), read with pandas — or, where pandas
or python-calamine cannot be imported (LibreOffice's own Python, WebAssembly Python;
``GOSHEET_PURE``), in pure Python with the same values: the CSV through the ``csv`` module,
an ``.xlsx`` through gosheet's own part reader, an ``.ods`` through :mod:`.ods`; an ``.xls``
(a binary format) then asks to be saved as ``.xlsx``.

One row a player: name, first name, rank, and optionally rating, club,
country. Headers are matched tolerantly (:mod:`gosheet.workbook.sheets.headers`); columns
gosheet does not know are returned so they can be kept in the Players sheet.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from datetime import date, datetime
from pathlib import Path
from typing import Any

from gosheet import accelerators
from gosheet.core.errors import FileProblem, InputError, Problem
from gosheet.core.model import Player
from gosheet.i18n import words
from gosheet.records import record
from gosheet.workbook import limits
from gosheet.workbook.limits.archive import check_workbook
from gosheet.workbook.limits.files import check_size, regular_file
from gosheet.workbook.sheets import PLAYERS, writable
from gosheet.workbook.sheets.headers import match_headers, match_unit_headers
from gosheet.workbook.sheets.language import headers_language
from gosheet.workbook.sheets.players_reader import read_players
from gosheet.workbook.sheets.reading import CONTROL, ProblemList, control_characters, pictured
from gosheet.workbook.sheets.registration import header_key, header_row

SPREADSHEET_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".ods")


@record
class Roster:
    players: tuple[Player, ...]
    extra_headers: tuple[str, ...]
    extra_values: tuple[tuple[Any, ...], ...]
    language: str | None = None  # of its headers, when they are not English (``Фамилия`` …)
    header_row: int = 0  # 0-based: a title and blank rows may stand above it
    sheet: str | None = None  # of a workbook of several sheets, the one read
    notes: tuple[Problem, ...] = ()  # the rows not read as players: a title, a footer …


def decode(data: bytes, encoding: str | None = None) -> str:
    """Text of a CSV file.

    UTF-8 (with or without BOM) and UTF-16 with a BOM are recognised exactly.
    Otherwise the file is in a single-byte code page: Windows-1251 when its
    non-ASCII bytes stand in runs, as the letters of Cyrillic words do, and
    Windows-1252 (Western European, a superset of Latin-1) when they stand
    alone between ASCII letters, as accents do. ``encoding`` overrides all this.

    >>> decode("Иванова;Мария".encode("cp1251")), decode("Lefèvre,Hélène".encode("cp1252"))
    ('Иванова;Мария', 'Lefèvre,Hélène')
    """
    if encoding is not None:
        return data.decode(encoding)
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    high = [i for i, byte in enumerate(data) if byte >= 0x80]
    in_runs = sum(
        1
        for i in high
        if (i > 0 and data[i - 1] >= 0x80) or (i + 1 < len(data) and data[i + 1] >= 0x80)
    )
    if high and in_runs >= 0.6 * len(high):
        return data.decode("cp1251", errors="replace")
    return data.decode("cp1252", errors="replace")


#: The texts pandas reads as "no value" in a spreadsheet roster (its default ``na_values``)
NA_TEXTS = frozenset(
    ("", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN")
) | frozenset(("<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"))


def _rows(path: Path, encoding: str | None) -> tuple[str | None, list[list[Any]]]:
    """The roster's cells, row by row, every row as wide as the widest; of a workbook of
    several sheets, the sheet read (:func:`roster_sheet`)."""
    check_size(path, limits.MAX_ROSTER_BYTES, "roster")
    if path.suffix.lower() in SPREADSHEET_SUFFIXES:
        if path.suffix.lower() != ".xls":  # a zip archive: checked before calamine opens it
            check_workbook(path, sheets=path.suffix.lower() != ".ods")
        return roster_sheet(_spreadsheet(path))
    try:
        text = decode(path.read_bytes(), encoding)
    except (UnicodeDecodeError, LookupError) as error:
        raise FileProblem(f"{path}: cannot be read as {encoding} ({error})") from error
    try:
        dialect = csv.Sniffer().sniff(text[:20000], delimiters=",;\t|")
        delimiter = dialect.delimiter
    except csv.Error:
        delimiter = ","
    pandas = accelerators.load("pandas")
    if pandas is None:
        return None, _csv_rows(path, text, delimiter)
    try:
        frame = pandas.read_csv(
            io.StringIO(text),
            sep=delimiter,
            header=None,
            dtype=str,
            keep_default_na=False,
            skip_blank_lines=True,
        )
    except (pandas.errors.ParserError, pandas.errors.EmptyDataError) as error:
        raise FileProblem(f"{path}: cannot be read as a CSV roster ({error})") from error
    return None, [list(row) for row in frame.itertuples(index=False, name=None)]


def roster_sheet(sheets: dict[str, list[list[Any]]]) -> tuple[str | None, list[list[Any]]]:
    """The sheet that holds the roster: the first whose first rows hold a Name header (else
    the first sheet); its name when the workbook has several sheets, else None."""
    if not sheets:
        return None, []
    names = list(sheets)
    chosen = next((name for name in names if _has_header(sheets[name])), names[0])
    return (chosen if len(names) > 1 else None), sheets[chosen]


def _has_header(grid: list[list[Any]]) -> bool:
    head = header_row(grid)
    return any(header_key(_cell(value)) == "Name" for value in (grid[head] if grid else []))


def _csv_rows(path: Path, text: str, delimiter: str) -> list[list[Any]]:
    """The CSV's rows as pandas reads them, without pandas (:mod:`.delimited`)."""
    from gosheet.formats.delimited import CsvError, split

    try:
        return list(split(text, delimiter))
    except CsvError as error:
        raise FileProblem(f"{path}: cannot be read as a CSV roster ({error})") from error


def _spreadsheet(path: Path) -> dict[str, list[list[Any]]]:
    """The sheets of an ``.xlsx``/``.xlsm``/``.xls``/``.ods`` roster, as pandas reads them
    through python-calamine (``read_excel``: whole numbers as int, dates as datetime, the
    texts of :data:`NA_TEXTS` and empty cells as no value)."""
    pandas = accelerators.load("pandas")
    if pandas is not None and accelerators.available("python_calamine"):
        try:
            frames = pandas.read_excel(
                path, engine="calamine", header=None, dtype=object, sheet_name=None
            )
        except Exception as error:  # calamine raises its own error types
            raise FileProblem(f"{path}: cannot be read as a spreadsheet ({error})") from error
        return {
            str(name): [list(row) for row in frame.itertuples(index=False, name=None)]
            for name, frame in frames.items()
        }
    suffix = path.suffix.lower()
    if suffix == ".xls":
        raise FileProblem(
            f"{path}: an .xls roster (Excel 97-2003) is read with python-calamine, which "
            "cannot be imported here; save it as .xlsx (or .ods, .csv) and import that"
        )
    from gosheet.formats import ods
    from gosheet.workbook.xlsx.parts.values import workbook_grids

    try:
        sheets: Mapping[str, list[list[Any]]] | None
        if suffix == ".ods":
            sheets = ods.all_sheets(path, limits.MAX_ROWS, limits.MAX_COLUMNS)
        else:
            sheets = workbook_grids(path)
        if sheets is None:
            raise ValueError("not a workbook gosheet can read")
        return {
            name: [[_as_pandas(value) for value in row] for row in grid]
            for name, grid in sheets.items()
        }
    except ods.TooLarge as size:
        _refuse_size(path, size.rows, size.columns)
        raise
    except Exception as error:  # zip, XML or value: as calamine's own errors
        raise FileProblem(f"{path}: cannot be read as a spreadsheet ({error})") from error


def _as_pandas(value: Any) -> Any:
    """A cell as pandas makes it from calamine's value (``_convert_cell``, then its default
    "no value" texts)."""
    if isinstance(value, float):
        whole = int(value)  # (as pandas: infinity or NaN cannot be read)
        return whole if whole == value else value
    if isinstance(value, str):
        return None if value in NA_TEXTS else value
    if isinstance(value, date) and not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day)
    return value


def _refuse_size(path: Path, rows: int, columns: int) -> None:
    if rows > limits.MAX_ROWS or columns > limits.MAX_COLUMNS:
        where = f"row {rows:,}" if rows > limits.MAX_ROWS else f"column {columns:,}"
        raise FileProblem(
            f"{path}: {where}: a roster has at most {limits.MAX_ROWS:,} rows and "
            f"{limits.MAX_COLUMNS} columns"
        )


def _cell(value: Any) -> Any:
    if value is None or (isinstance(value, float) and value != value):  # NaN: no value
        return None
    if isinstance(value, str):
        if CONTROL.search(value):  # kept, to be refused naming its cell (not taken out)
            return value.strip() or None
        value = str(writable.cell_text(value)).strip()
        return value or None
    return value


def control_problems(
    grid: list[list[Any]], rows: list[int], columns: list[int], problems: ProblemList
) -> None:
    """A problem for each cell of ``rows`` and ``columns`` (the organiser's own columns, which
    the Players reader does not read) holding a control character."""
    for r in rows:
        for c in columns:
            value = grid[r][c] if c < len(grid[r]) else None
            if isinstance(value, str) and (trouble := control_characters(value)):
                problems.add(PLAYERS, r, c, pictured(value), trouble)


def read_roster(
    path: str | Path, encoding: str | None = None, needs_strength: bool = True, units: bool = False
) -> Roster:
    """Read a roster file; raise :class:`InputError` listing every bad cell.

    ``encoding`` names a CSV file's encoding when the guess would be wrong. ``units``: for
    pair go or rengo, whose ``Pair``, ``Team`` and ``Sex`` columns are kept as they are (a
    ``Team`` column is no club then).
    """
    path = regular_file(path, "roster")
    sheet, cells = _rows(path, encoding)
    _refuse_size(path, len(cells), max((len(row) for row in cells), default=0))
    grid = [[_cell(v) for v in row] for row in cells]
    if not grid:
        raise InputError([Problem(path.name, "", None, "the roster is empty")])
    head = header_row(grid)
    language = headers_language(grid[head])  # gosheet's Players words in any language, too
    typed = list(grid[head])
    grid[head] = [words.canonical(h, words.PLAYERS, language or "en") or h for h in grid[head]]
    # pair go, rengo: the Pair, Team and Sex columns kept as the organiser's own (the Players
    # sheet takes them), and no club
    taken = match_unit_headers(list(grid[head])).values() if units else ()
    known = match_headers([None if i in taken else h for i, h in enumerate(grid[head])])
    known.pop("Confirmed", None)  # kept as typed, as the organiser's own column (read, too)
    where = path.name if sheet is None else f"{path.name}: {sheet}"
    problems = ProblemList({PLAYERS: where})  # the reader names the sheet "Players"
    state = read_players(grid, problems, needs_strength, units=units)
    extra_columns = [
        i for i, header in enumerate(grid[head]) if i not in known.values() and header is not None
    ]
    control_problems(grid, [head, *sorted(state.player_rows.values())], extra_columns, problems)
    if problems.problems:
        raise InputError(problems.problems)
    extra_headers = tuple(
        str(typed[i] if grid[head][i] == "Confirmed" else grid[head][i]) for i in extra_columns
    )
    player_rows = sorted(state.player_rows.values())
    extra_values = tuple(
        tuple(grid[r][i] if i < len(grid[r]) else None for i in extra_columns) for r in player_rows
    )
    return Roster(
        state.tournament.players,
        extra_headers,
        extra_values,
        language,
        header_row=head,
        sheet=sheet,
        notes=tuple(state.notes),
    )
