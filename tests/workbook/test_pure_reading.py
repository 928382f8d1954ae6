"""gosheet's own reader of cell values (:mod:`gosheet.workbook.xlsx.parts.values`, the reader
where python-calamine cannot be imported) gives python-calamine's values cell for cell: the
same types (int, float, str, bool, datetime, time, timedelta, None), the same grid, the same
refusals — over hand-written parts (every cell type, number formats, the 1904 date system,
escapes, rich text, cells without references), generated workbooks (Hypothesis), gosheet's
own workbooks in every language, one saved by LibreOffice, and the hostile corpus
(tests/safety). A workbook opened with the accelerators off reads and saves the same."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.examples import examples
from support.libreoffice import SOFFICE, convert
from support.paths import TEMPLATES
from support.raw_xlsx import raw_book

from gosheet import accelerators
from gosheet.core.errors import FileProblem
from gosheet.frontends.cli import main
from gosheet.workbook.limits.archive import check_workbook
from gosheet.workbook.xlsx import grids
from gosheet.workbook.xlsx.book import XlsxBook
from gosheet.workbook.xlsx.parts.values import format_kind, workbook_grids

if not accelerators.available("python_calamine"):  # (0.8, on Python 3.10, is not used)
    pytest.skip(
        "the reference: python-calamine 0.9 or later (pip install -U python-calamine)",
        allow_module_level=True,
    )


def typed(grids: dict[str, list[list[Any]]] | None) -> object:
    """Grids with each value's type beside it (1 and 1.0 and True differ; NaN is NaN)."""
    if grids is None:
        return None
    return {
        name: [
            [(type(v).__name__, "nan" if isinstance(v, float) and math.isnan(v) else v) for v in r]
            for r in rows
        ]
        for name, rows in grids.items()
    }


def same_as_calamine(path: Path) -> None:
    assert typed(workbook_grids(path)) == typed(grids.calamine_grids(path))


STRINGS = [
    "<t>  </t>",
    '<t xml:space="preserve">  </t>',
    "<t> a b </t>",
    "<r><t>ab</t></r><r><rPr/><t xml:space='preserve'> cd</t></r>",
    "<t>x</t><rPh><t>PH</t></rPh>",
    "<t>_x000D__x0041_ &amp; &#10;q</t>",
    "<t>a\r\nb</t>",
    "<t></t>",
    "<t>1</t>",
    "<t>Иванова</t>",
]

CELLS = [
    '<c r="A1" t="str"><f>X</f><v> s </v></c>',
    '<c r="A1" t="e"><v>#DIV/0!</v></c>',
    '<c r="A1" t="d"><v>2024-05-01T10:00:00</v></c>',
    '<c r="A1" t="d"><v>2024-05-01</v></c>',
    '<c r="A1" t="d"><v>12:00:00</v></c>',
    '<c r="A1" t="d"><v>2024-01-01T12:00:00Z</v></c>',
    '<c r="A1" t="d"><v>garbage</v></c>',
    '<c r="A1" t="b"><v>0</v></c>',
    '<c r="A1" t="b"><v>true</v></c>',
    '<c r="A1" t="inlineStr"><is><t> i </t></is></c>',
    '<c r="A1" t="inlineStr"><v>zz</v></c>',
    '<c r="A1"><v> 12 </v></c>',
    '<c r="A1" t="n"><v>1.5E3</v></c>',
    '<c r="A1"><v>-0</v></c>',
    '<c r="A1"><v>1e400</v></c>',
    '<c r="A1"><v>NaN</v></c>',
    '<c r="A1"><v>+.5</v></c>',
    '<c r="A1"><v>1_0</v></c>',
    '<c r="A1"/>',
    '<c r="A1"><f>1</f></c>',
    '<c r="A1"><v/></c>',
    '<c r="A1" t="s"><v> 0</v></c>',
    '<c r="A1" t="s"><v>x</v></c>',
    '<c r="A1" t="s"><v>3</v></c>',
    '<c r="A1" t="str"><v>a</v><v>b</v></c>',
    '<c r="A1" t="n"><v>1</v><is><t>q</t></is></c>',
    '<c r="A1" t="b"><v>x</v></c>',  # refused by both
    '<c r="A1" t="s"><v>99</v></c>',  # refused by both
    '<c r="A1" t="zz"><v>q</v></c>',  # refused by both
]


@pytest.mark.parametrize("cell", CELLS)
def test_each_kind_of_cell(tmp_path: Path, cell: str) -> None:
    data = f'<row r="1"><c r="C2"><v>1</v></c></row><row r="4">{cell.replace("A1", "D4")}</row>'
    same_as_calamine(raw_book(tmp_path / "cells.xlsx", [("S", data)], STRINGS))


def test_shared_strings_and_cells_without_references(tmp_path: Path) -> None:
    strings = "".join(f'<c r="{chr(65 + i)}1" t="s"><v>{i}</v></c>' for i in range(len(STRINGS)))
    unreferenced = '<c><v>1</v></c><c><v>2</v></c><c r="E3"><v>3</v></c><c><v>4</v></c>'
    data = f'<row r="1">{strings}</row><row r="3">{unreferenced}</row><row>{unreferenced}</row>'
    same_as_calamine(raw_book(tmp_path / "strings.xlsx", [("S", data), ("Empty", "")], STRINGS))


SERIALS = [0, 0.5, 0.999999999, 1, 1.5, 1.0000001, 59, 59.5, 60, 60.5, 61, 61.25, -1, -0.5]
SERIALS += [2958465, 2958465.9999999, 2958466, 45000.123456789, 45000.000005787, 45000.99999999]
SERIALS += [-693595, -700000.5, -96439724, -96439724.5, -96439725]  # before the year 1
FORMATS = ["yyyy-mm-dd", "[h]:mm:ss", "h:mm", "m/d/yy h:mm", "[$-409]d-mmm-yy", '0.0"h"']
FORMATS += ["General", "[Red]0.0", "yyyy-mm-dd;@", "[mm]:ss", "am/pm", '"x"yy', "0\\d"]
FORMATS += ["[>=100]0;0.0", "#,##0*y", "*-yyyy", "0_d", "[$-F800]dddd", "[h]", "[ss].0"]
FORMATS += ["@", "0%", "# ?/?", "[Blue]\\+[h]:mm", "e", "B2yyyy", 'h"x"', '\\"d']


@pytest.mark.parametrize("date1904", [False, True])
def test_dates_times_and_durations_by_number_format(tmp_path: Path, date1904: bool) -> None:
    codes = [(164 + i, c.replace('"', "&quot;")) for i, c in enumerate(FORMATS)]
    builtin = list(range(60))  # Excel's own formats by id, dates among them
    styles = builtin + [code for code, _ in codes] + [14]
    rows = "".join(
        f'<row r="{r}">'
        + "".join(f'<c r="{_column(s)}{r}" s="{s}"><v>{v}</v></c>' for s in range(len(styles)))
        + f'<c r="{_column(len(styles))}{r}" s="999"><v>{v}</v></c></row>'
        for r, v in enumerate(SERIALS, 1)
    )
    path = raw_book(tmp_path / "dates.xlsx", [("S", rows)], (), codes, styles, date1904)
    same_as_calamine(path)
    overriding = raw_book(
        tmp_path / "override.xlsx",
        [
            (
                "S",
                '<row r="1"><c r="A1" s="0"><v>45000</v></c><c r="B1" s="1"><v>45000</v></c></row>',
            )
        ],
        (),
        [(14, "0.0"), (3, "yyyy")],
        [14, 3],
    )
    same_as_calamine(overriding)  # a format of the workbook's own over a built-in id


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def test_a_duration_past_any_date_is_refused_by_both(tmp_path: Path) -> None:
    """calamine panics on a duration beyond chrono's range (1e300 days): both readers give
    None, and openpyxl reads the workbook."""
    data = '<row r="1"><c r="A1" s="1"><v>1e300</v></c></row>'
    path = raw_book(tmp_path / "far.xlsx", [("S", data)], (), (), [0, 46])
    assert workbook_grids(path) is None and grids.calamine_grids(path) is None


def test_format_kind_reads_as_calamine() -> None:
    assert format_kind("DD/MM/YY") == "date" and format_kind("H:MM:SS;@") == "date"
    assert format_kind("[h]:mm;[=0]\\-") == "duration" and format_kind("[s].000") == "duration"
    assert format_kind('"$"#,##0_);[Red]("$"#,##0)') == ""
    assert format_kind('#,##0.0####" YMD"') == "" and format_kind("\\Y000000") == ""
    assert format_kind("ha/p\\\\m") == "date" and format_kind("*-yyyy-mm-dd") == "date"


VALUES = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.floats(-1e12, 1e12, allow_nan=False, allow_infinity=False, width=64).map(repr),
    st.sampled_from(["0", "1", "0.5", "45000.25", "-3", "1e20", "2958466", "60"]),
)
CELL = st.tuples(
    st.integers(0, 30),  # row
    st.integers(0, 12),  # column
    st.sampled_from(["n", "s", "str", "b", "e", "inlineStr", ""]),
    st.integers(0, 6),  # style
    VALUES,
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), max_size=6),
)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(cells=st.lists(CELL, max_size=40), date1904=st.booleans())
def test_generated_sheets(tmp_path: Path, cells: list[Any], date1904: bool) -> None:
    rows: dict[int, dict[int, str]] = {}
    for row, column, kind, style, number, text in cells:
        escaped = text.replace("&", "&amp;").replace("<", "&lt;")
        reference = f"{_column(column)}{row + 1}"
        body = {
            "n": f"<v>{number}</v>",
            "": f"<v>{number}</v>",
            "s": f"<v>{abs(hash(text)) % len(STRINGS)}</v>",
            "str": f"<v>{escaped}</v>",
            "b": f"<v>{int(number[-1:] in '13579')}</v>",
            "e": "<v>#N/A</v>",
            "inlineStr": f"<is><t>{escaped}</t></is>",
        }[kind]
        kind_attribute = f' t="{kind}"' if kind else ""
        rows.setdefault(row, {})[column] = (
            f'<c r="{reference}" s="{style}"{kind_attribute}>{body}</c>'
        )
    data = "".join(
        f'<row r="{r + 1}">' + "".join(cells[c] for c in sorted(cells)) + "</row>"
        for r, cells in sorted(rows.items())
    )
    styles = [0, 14, 22, 46, 164, 165, 2]
    path = raw_book(
        tmp_path / "generated.xlsx",
        [("S", data)],
        STRINGS,
        [(164, "dd/mm/yyyy"), (165, "[h]:mm")],
        styles,
        date1904,
    )
    same_as_calamine(path)


@pytest.fixture(scope="module")
def gosheets_own(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Demo workbooks in every language, the templates, and the demo saved by LibreOffice
    (when it is here)."""
    folder = tmp_path_factory.mktemp("own")
    books = []
    for language in ("en", "ru", "fr", "ca"):
        book = folder / f"demo_{language}.xlsx"
        assert main(["demo", str(book), "--language", language, "--rounds", "3"]) == 0
        books.append(book)
    templates = TEMPLATES
    books += [templates / "tournament.xlsx", templates / "tournament.xlsm"]
    if SOFFICE is not None:
        books += [convert(folder, "xlsx", books[1], outdir=folder / "lo") / books[1].name]
    return books


def test_gosheets_own_workbooks(gosheets_own: list[Path]) -> None:
    for path in gosheets_own:
        same_as_calamine(path)


def test_the_hostile_corpus_reads_the_same(tmp_path: Path, gosheets_own: list[Path]) -> None:
    """Every workbook the hostile corpus makes that passes the limits: the same values, or
    refused by both — but for a sheet that is not well-formed XML (a duplicate attribute),
    which calamine's parser lets through and expat refuses (openpyxl then says why)."""
    from safety.hostile import CASES

    checked = 0
    for case in CASES:
        folder = tmp_path / case.id
        folder.mkdir()
        try:
            case.make(folder, gosheets_own[0])
        except Exception:  # a case that needs what this test does not give (a FIFO …)
            continue
        for path in sorted(folder.glob("*.xls[xm]")):
            if not path.is_file() or path.is_symlink():
                continue  # (a FIFO or a link: refused before any reading)
            try:
                check_workbook(path)
            except FileProblem:
                continue
            checked += 1
            pure, calamine = workbook_grids(path), grids.calamine_grids(path)
            if case.id == "style-index-out-of-range":
                assert pure is None and calamine is not None
                continue
            assert typed(pure) == typed(calamine), case.id
    assert checked >= 5


def test_a_workbook_opened_without_accelerators(demo_book: Path) -> None:
    """Opened with every accelerator off, a workbook reads the same cells, is still saved by
    the part writer (not openpyxl), and its tournament is the same."""
    normal = XlsxBook.open(demo_book)
    with accelerators.pure():
        pure = XlsxBook.open(demo_book)
        assert pure.fast and typed(pure.grids()) == typed(normal.grids())
        assert pure.read().tournament == normal.read().tournament
        pure.set_cell("Settings", "B2", "Renamed cup")
        pure.save(backup=False)
        assert pure.saved_by == "parts"
    assert XlsxBook.open(demo_book).grids()["Settings"][1][1] == "Renamed cup"


def test_the_pure_reader_takes_over_without_calamine(
    demo_book: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[Path] = []
    real = grids.pure_grids
    monkeypatch.setattr(grids, "pure_grids", lambda path: calls.append(path) or real(path))
    XlsxBook.open(demo_book)
    assert calls == []
    with accelerators.pure(["python_calamine"]):
        XlsxBook.open(demo_book)
    assert calls == [demo_book]
