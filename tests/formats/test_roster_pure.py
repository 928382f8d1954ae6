"""Rosters read without pandas and python-calamine (LibreOffice's own Python, WebAssembly
Python) read as with them: a CSV through gosheet's tokenizer (:mod:`gosheet.formats.delimited`,
pandas' rules: quotes, blank lines, line breaks, the same errors), an ``.xlsx`` through
gosheet's part reader, an ``.ods`` through :mod:`gosheet.formats.ods` — the same cells, the
same players, the same problems and messages; an ``.xls`` is refused with the way out."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from support.examples import examples

from gosheet import accelerators
from gosheet.core.errors import FileProblem, InputError
from gosheet.formats import roster
from gosheet.formats.roster import read_roster

pytest.importorskip("pandas", reason="the reference: pip install pandas")
pytest.importorskip("python_calamine", reason="the reference: pip install python-calamine")


def cells(path: Path, pure: bool) -> object:
    """The roster's cells as read (each with its type), or the message of its refusal."""

    def read() -> object:
        try:
            sheet, rows = roster._rows(path, None)
        except FileProblem as problem:
            return ("refused", str(problem))
        return sheet, [[(type(c).__name__, c) for c in map(roster._cell, row)] for row in rows]

    if pure:
        with accelerators.pure():
            return read()
    return read()


def same_both_ways(path: Path) -> None:
    assert cells(path, pure=True) == cells(path, pure=False)


def players_both_ways(path: Path) -> None:
    def read() -> object:
        try:
            return read_roster(path)
        except (InputError, FileProblem) as error:
            return str(error), getattr(error, "problems", None)

    with accelerators.pure():
        pure = read()
    assert pure == read()


TOKENS = ["a", "Bé", " ", "  ", ",", ";", "\t", "|", '"', '""', "\n", "\r\n", "\r", "3k", "12"]
TOKENS += ["NA", "", "x y", "'", "#"]


@settings(
    max_examples=examples(400),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(pieces=st.lists(st.sampled_from(TOKENS), max_size=40), header=st.booleans())
def test_any_csv_splits_as_pandas_splits_it(
    tmp_path: Path, pieces: list[str], header: bool
) -> None:
    text = ("Name,First name,Rank\n" if header else "") + "".join(pieces)
    path = tmp_path / "roster.csv"
    path.write_text(text, encoding="utf-8")
    same_both_ways(path)


@pytest.mark.parametrize(
    "text",
    [
        "a,b\n\r,x\n",  # pandas drops a delimiter after an empty line's \r …
        "a,b\n\r,\tx\n",  # … but not before spaces or tabs and more
        "\r\t\tx",  # … a tab that is the delimiter is dropped as any other
        'a,"x\ny"\n\n1,2,3\n',  # lines counted without the breaks inside quotes
        'a\n"q\n\nr\n',  # a quote left open
        "a,b\n \t \n1\n",  # a line of blanks is skipped
        'a,b\n1,2\n"x,y"z"\n',  # text after a closing quote
        "",  # nothing at all
        "\n\n",
    ],
)
def test_csv_corners(tmp_path: Path, text: str) -> None:
    path = tmp_path / "roster.csv"
    path.write_bytes(text.encode())
    same_both_ways(path)


def test_real_csv_rosters_give_the_same_players(tmp_path: Path) -> None:
    from support.books import ROSTER_CSV

    for encoding, delimiter in (("utf-8", ","), ("cp1251", ";"), ("utf-16", "\t")):
        text = ROSTER_CSV.replace(",", delimiter).replace("Ivanova", "Иванова")
        path = tmp_path / f"roster-{encoding}.csv"
        path.write_bytes(text.encode(encoding, errors="replace"))
        players_both_ways(path)


def xlsx_roster(path: Path, rows: list[list[Any]]) -> Path:
    import datetime as dt

    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    sheet["H2"] = dt.date(1990, 5, 1)
    sheet["I3"] = dt.datetime(1991, 1, 2, 3, 4, 5)
    sheet["J2"] = 0.25
    sheet["J2"].number_format = "0%"
    workbook.create_sheet("Second")["A1"] = "not read"
    workbook.save(path)
    return path


ROWS: list[list[Any]] = [
    ["Surname", "Given name", "Strength", "Rating", "Club", "Nation", "EGD PIN"],
    ["Ivanova", "  Maria ", "4d", 2380, "Moscow", "RU", 12345678],
    ["Kowalski", "Piotr", "3 dan", 2290.5, None, "PL", None],
    [None, None, None, None, None, None, None],
    ["NA", "null", "3k", "N/A", "x", "None", "#N/A"],
    ["Müller", "Jonas", "3K", True, "Köln\nBonn", "DE", 87654321],
]


def test_xlsx_roster(tmp_path: Path) -> None:
    path = xlsx_roster(tmp_path / "roster.xlsx", ROWS)
    same_both_ways(path)
    players_both_ways(path)


MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"
NAMESPACES = " ".join(
    f'xmlns:{prefix}="urn:oasis:names:tc:opendocument:xmlns:{prefix}:1.0"'
    for prefix in ("office", "table", "text")
)


def ods_roster(path: Path, table: str, mimetype: str = MIMETYPE, manifest: bool = True) -> Path:
    content = (
        f"<office:document-content {NAMESPACES}><office:body><office:spreadsheet>{table}"
        "</office:spreadsheet></office:body></office:document-content>"
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("mimetype", mimetype)
        if manifest:
            archive.writestr("META-INF/manifest.xml", "<manifest/>")
        archive.writestr("content.xml", content)
    return path


def cell(kind: str = "", value: str = "", text: str = "", repeat: int = 1, tag: str = "") -> str:
    """A ``table:table-cell`` (``tag``: another element) of value type ``kind``, its value
    attribute ``value`` (``office:value`` for a number), its paragraphs ``text``."""
    attributes = f' office:value-type="{kind}"' if kind else ""
    if value:
        name = {"date": "date-value", "time": "time-value", "boolean": "boolean-value"}
        attributes += f' office:{name.get(kind, "value")}="{value}"'
    if repeat > 1:
        attributes += f' table:number-columns-repeated="{repeat}"'
    element = tag or "table:table-cell"
    return f"<{element}{attributes}>{text}</{element}>"


def text_cell(text: str, repeat: int = 1) -> str:
    return cell("string", text=f"<text:p>{text}</text:p>", repeat=repeat)


def row(*cells: str, repeat: int = 1) -> str:
    repeated = f' table:number-rows-repeated="{repeat}"' if repeat > 1 else ""
    return f"<table:table-row{repeated}>{''.join(cells)}</table:table-row>"


HEADERS = ("Name", "First name", "Rank", "Rating", "Born", "Time", "Notes")
ODS_TABLE = (
    '<table:table table:name="Roster">'
    '<table:table-column table:number-columns-repeated="16384"/>'
    + row(cell(repeat=16384), repeat=2)
    + row(cell(), *map(text_cell, HEADERS), cell(repeat=16376))
    + row(
        cell(),
        text_cell("Ivanova"),
        text_cell('<text:s text:c="2"/>Maria<text:s/>'),
        text_cell("4d"),
        cell("float", "2380"),
        cell("date", "1990-05-01"),
        cell("time", "PT10H30M00S"),
        cell(
            "string", text="<text:p>two</text:p><text:p>lines <text:span>here</text:span></text:p>"
        ),
    )
    + row(cell(repeat=9), repeat=3)
    + row(
        cell(),
        text_cell("Kowalski"),
        text_cell("Piotr"),
        text_cell("3 dan"),
        cell("float", "2290.5"),
        cell("date", "1991-01-02T03:04:05"),
        cell("time", "PT30H00M00S"),
        cell("string", tag="table:covered-table-cell", text="<text:p>covered</text:p>"),
    )
    + row(
        cell(),
        text_cell("NA"),
        text_cell("Same", 2),
        cell("percentage", "0.5"),
        cell("boolean", "true"),
        cell("string", text="<text:p/>"),
    )
    + row(cell(repeat=16384), repeat=1048560)
    + "</table:table>"
    + f'<table:table table:name="Second">{row(text_cell("not read"))}</table:table>'
)


def test_ods_roster(tmp_path: Path) -> None:
    path = ods_roster(tmp_path / "roster.ods", ODS_TABLE)
    same_both_ways(path)
    players_both_ways(path)


def test_ods_roster_saved_by_libreoffice(tmp_path: Path) -> None:
    from support.libreoffice import SOFFICE, convert

    if SOFFICE is None:
        pytest.skip("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc")
    source = xlsx_roster(tmp_path / "roster.xlsx", ROWS)
    convert(tmp_path, "ods", source)
    same_both_ways(tmp_path / "roster.ods")
    players_both_ways(tmp_path / "roster.ods")


def test_ods_too_large_is_refused_without_being_made(tmp_path: Path) -> None:
    """A sheet of 30,000 filled rows (one element repeated) is refused by its size, with the
    message of a roster too large, and the rows are never made."""
    table = f'<table:table table:name="Big">{row(text_cell("x", 3), repeat=30000)}</table:table>'
    path = ods_roster(tmp_path / "big.ods", table)
    with accelerators.pure(), pytest.raises(FileProblem, match="row 30,000: a roster has at most"):
        read_roster(path)
    with pytest.raises(FileProblem, match="row 30,000: a roster has at most"):
        read_roster(path)


def test_a_file_that_is_no_ods(tmp_path: Path) -> None:
    for path in (
        ods_roster(tmp_path / "odd.ods", ODS_TABLE, mimetype="text/plain"),
        ods_roster(tmp_path / "bare.ods", ODS_TABLE, manifest=False),
    ):
        for pure in (True, False):
            refusal = cells(path, pure)
            assert isinstance(refusal, tuple) and "cannot be read as a spreadsheet" in refusal[1]


def test_xls_without_calamine_names_the_way_out(tmp_path: Path) -> None:
    path = tmp_path / "roster.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0" + bytes(600))
    with accelerators.pure(["python_calamine"]), pytest.raises(FileProblem) as refused:
        read_roster(path)
    assert "python-calamine" in str(refused.value) and "save it as .xlsx" in str(refused.value)


def test_na_texts_are_pandas_own() -> None:
    from pandas._libs.parsers import STR_NA_VALUES

    assert frozenset(STR_NA_VALUES) == roster.NA_TEXTS


def test_ods_texts_as_calamine_reads_them(tmp_path: Path) -> None:
    """Line breaks, tabs, links, headings, empty paragraphs: the first sheet's values as
    calamine's own reading of the file."""
    from python_calamine import CalamineWorkbook

    from gosheet.formats import ods

    paragraphs = [
        "<text:p>a<text:line-break/>b</text:p>",
        "<text:p>a<text:tab/>b</text:p>",
        '<text:p>x<text:a>link</text:a> <text:s text:c="3"/>y</text:p>',
        "<text:h>head</text:h><text:p>p</text:p>",
        "<text:p>a</text:p><text:p></text:p><text:p>c</text:p>",
    ]
    table = '<table:table table:name="S">' + row(*(cell("string", text=p) for p in paragraphs))
    path = ods_roster(tmp_path / "texts.ods", table + "</table:table>")
    expected = CalamineWorkbook.from_path(str(path)).get_sheet_by_index(0)
    assert ods.first_sheet(path, 100, 100) == expected.to_python(skip_empty_area=False)
