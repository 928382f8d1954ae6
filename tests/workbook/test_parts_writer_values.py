"""Any value gosheet writes comes back the same through both engines: the part writer and
openpyxl give the same cells, read back by openpyxl (sheets written whole, and cells changed
in place in an organiser's sheet — an existing cell, a new cell in an existing row, a new row)."""

from __future__ import annotations

import math
import shutil
import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font
from support.examples import examples

from gosheet.workbook.port import Grids
from gosheet.workbook.sheets import Column, SheetData
from gosheet.workbook.xlsx.book import XlsxBook

VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**15), max_value=10**15),
    # within Excel's numbers (±9.99999999999999E+307): beyond it openpyxl's 15 digits round
    # up to infinity (the fast profile's examples found 1.797e308)
    st.floats(min_value=-9.99999999999999e307, max_value=9.99999999999999e307),
    st.text(max_size=20),
    st.sampled_from(["=1+1", " padded ", "a & b < c > d \"q\" 'a'", "Тур 1", "l·l ç", "\x01x"]),
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An organiser's workbook: a styled sheet of values, another one empty."""
    path = tmp_path_factory.mktemp("values") / "base.xlsx"
    wb = Workbook()
    ws = wb.active
    assert ws is not None
    ws.title = "Mine"
    for r in range(1, 6):
        for c in range(1, 5):
            ws.cell(row=r, column=c, value=f"v{r}{c}")
    ws["B2"].font = Font(bold=True)
    wb.create_sheet("Empty")
    wb.save(path)
    with zipfile.ZipFile(path) as archive:  # the empty sheet as Excel writes it: <sheetData/>
        parts = {n: archive.read(n) for n in archive.namelist()}
    empty = "xl/worksheets/sheet2.xml"
    assert b"<sheetData></sheetData>" in parts[empty]
    parts[empty] = parts[empty].replace(b"<sheetData></sheetData>", b"<sheetData/>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def _saved(base: Path, folder: Path, engine: str, data: SheetData, cells: dict[str, Any]) -> Path:
    path = folder / f"{engine}.xlsx"
    shutil.copy(base, path)
    book = XlsxBook.open(path, engine=engine)
    book.render(data)
    for ref, value in cells.items():
        book.set_cell("Mine", ref, value)
    book.set_cell("Empty", "C3", "here")  # an empty sheet's <sheetData/> takes two new rows
    book.set_cell("Empty", "A5", 5)
    book.save(backup=False)
    assert book.saved_by == ("parts" if engine == "parts" else "openpyxl")
    return path


def _cells(path: Path) -> Grids:
    wb = load_workbook(path)
    return {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in wb.worksheets}


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float | int):
        return math.isclose(a, b, rel_tol=1e-12, abs_tol=0.0)
    return a == b


@settings(
    max_examples=examples(40),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    rows=st.lists(st.lists(VALUES, min_size=3, max_size=3), max_size=6),
    cells=st.dictionaries(
        st.sampled_from(["A1", "B2", "D5", "E2", "C9", "A12", "F1"]), VALUES, max_size=4
    ),
)
def test_both_engines_write_the_same_cells(
    base: Path,
    tmp_path_factory: pytest.TempPathFactory,
    rows: list[list[Any]],
    cells: dict[str, Any],
) -> None:
    folder = tmp_path_factory.mktemp("case")
    columns = (
        Column("Table", 5, centre=True),
        Column("Name", 20, wrap=True),
        Column("Code", 8, "@"),
    )
    data = SheetData("Round 1", columns, rows, title="Cup & co", blank_rows=2)
    written = _saved(base, folder, "parts", data, cells)
    with zipfile.ZipFile(written) as archive:  # one table of cells a sheet (openpyxl reads two)
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/sheet")]
        assert all(archive.read(n).count(b"<sheetData") == 1 for n in sheets), sheets
    fast = _cells(written)
    slow = _cells(_saved(base, folder, "openpyxl", data, cells))
    assert list(fast) == list(slow)
    if "B2" in cells:  # a changed cell keeps its format
        assert load_workbook(folder / "parts.xlsx")["Mine"]["B2"].font.b
    for name in fast:
        a = [r for r in fast[name] if any(v is not None for v in r)]
        b = [r for r in slow[name] if any(v is not None for v in r)]
        assert len(a) == len(b), (name, a, b)
        for ra, rb in zip(a, b, strict=True):
            width = max(len(ra), len(rb))
            ra, rb = ra + [None] * (width - len(ra)), rb + [None] * (width - len(rb))
            assert all(_same(x, y) for x, y in zip(ra, rb, strict=True)), (name, ra, rb)
