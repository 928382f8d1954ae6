"""A generator of hostile and malformed inputs: workbooks, rosters, OpenGotha files and bridge
requests, each a :class:`Case` — how to make it, the command to run on it, the exit codes
allowed and what the message must name.

Every file is small: the zip bombs are a deflate stream of blanks written a megabyte-block at
a time (:func:`bomb_zip`), about 1 KB a megabyte; the 100 MB CSV is a sparse file.
"""

from __future__ import annotations

import json
import os
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from safety.zips import (
    bomb_entry,
    edited,
    entries_of,
    plain_entry,
    players_part,
    sheet_edit,
    write_zip,
)

BOOK = "cup.xlsx"


@dataclass(frozen=True)
class Case:
    """One hostile input: ``make(folder, base)`` writes its files and returns the command's
    arguments; the command must end with one of ``codes``, its message (stderr, or stdout
    for the bridge) must contain each of ``names``, and — when it refuses — leave the folder
    byte for byte as it was."""

    id: str
    make: Callable[[Path, Path], list[str]]  # (folder, a valid book to start from) -> args
    codes: tuple[int, ...]
    names: tuple[str, ...] = ()
    stdin: bytes = b""
    # Ctrl-C (SIGINT) once the command reports it is due: it creates the file named by the
    # environment variable MARKER (the runner waits for that, never for a time)
    interrupt_on_marker: bool = False
    check: Callable[[Path], None] | None = None  # what a success must have written
    script: str | None = None  # run this Python code (gosheet's arguments after it) instead


# ---------------------------------------------------------------------------- workbooks


def book_case(id: str, edit: Callable[[bytes], bytes], *names: str, command: str = "pair") -> Case:
    """The valid book with its Players sheet edited, then ``gosheet pair`` on it."""

    def make(folder: Path, base: Path) -> list[str]:
        edited(base, folder / BOOK, edit)
        return [command, BOOK]

    return Case(id, make, (5,), names)


def archive_case(
    id: str, change: Callable[[list[tuple[str, bytes, int, int]]], None], *names: str
) -> Case:
    """The valid book's archive changed entry by entry."""

    def make(folder: Path, base: Path) -> list[str]:
        entries = entries_of(base)
        change(entries)
        write_zip(folder / BOOK, entries)
        return ["pair", BOOK]

    return Case(id, make, (5,), names)


def bombed(entries: list[tuple[str, bytes, int, int]]) -> None:
    """The Players sheet made 1 GB of blanks after its first tag (~1 MB compressed)."""
    index = next(i for i, e in enumerate(entries) if e[0] == "xl/worksheets/sheet2.xml")
    entries[index] = bomb_entry(entries[index][0], b"<worksheet>", 1024)


def duplicated(entries: list[tuple[str, bytes, int, int]]) -> None:
    entries.append(next(e for e in entries if e[0] == "xl/worksheets/sheet2.xml"))


def file_case(id: str, name: str, data: bytes, *names: str, command: str = "check") -> Case:
    def make(folder: Path, base: Path) -> list[str]:
        (folder / name).write_bytes(data)
        return [command, name]

    return Case(id, make, (5,), names)


def fifo_case(id: str, name: str, command: list[str]) -> Case:
    def make(folder: Path, base: Path) -> list[str]:
        os.mkfifo(folder / name)
        return command

    return Case(id, make, (5,), (name, "not a regular file"))


def folder_case(id: str, name: str, command: list[str]) -> Case:
    def make(folder: Path, base: Path) -> list[str]:
        (folder / name).mkdir()
        (folder / name / "x").write_text("x")
        return command

    return Case(id, make, (5,), (name, "folder"))


def structure_case(id: str, edit: Callable[[dict[str, bytes]], None], *names: str) -> Case:
    """The valid book with its parts (by name) changed by ``edit``, then ``gosheet pair``."""

    def make(folder: Path, base: Path) -> list[str]:
        with zipfile.ZipFile(base) as archive:
            parts = {name: archive.read(name) for name in archive.namelist()}
        edit(parts)
        write_zip(folder / BOOK, [plain_entry(name, data) for name, data in parts.items()])
        return ["pair", BOOK]

    return Case(id, make, (5,), names)


def doctype_in_workbook(parts: dict[str, bytes]) -> None:
    """A billion laughs declared in ``xl/workbook.xml`` (its sheet names would expand it)."""
    book = parts["xl/workbook.xml"]
    parts["xl/workbook.xml"] = LAUGHS[: LAUGHS.index(b"]>") + 2] + book[book.index(b"<workbook") :]


def players_elsewhere(parts: dict[str, bytes]) -> None:
    """The Players sheet moved out of ``xl/worksheets/`` (its relationship and content type
    following it), with a cell at Excel's last row: the limits find it through the workbook's
    relationships."""
    part = next(n for n in parts if n.startswith("xl/worksheets/") and b"Not playing" in parts[n])
    data = parts.pop(part)
    far = b'<row r="1048576"><c r="A1048576"><v>1</v></c></row></sheetData>'
    parts["xl/elsewhere/p.xml"] = data.replace(b"</sheetData>", far, 1)
    for name in ("xl/_rels/workbook.xml.rels", "[Content_Types].xml"):
        parts[name] = parts[name].replace(part.encode(), b"xl/elsewhere/p.xml")


def vba_smuggled(parts: dict[str, bytes]) -> None:
    """A VBA project (its part, relationship and content type) in a macro-free ``.xlsx``."""
    parts["xl/vbaProject.bin"] = b"\xd0\xcf\x11\xe0" + bytes(512)
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"</Types>",
        b'<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>',
    )
    parts["xl/_rels/workbook.xml.rels"] = parts["xl/_rels/workbook.xml.rels"].replace(
        b"</Relationships>",
        b'<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/'
        b'relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
    )


END = "</sheetData>"
WORKBOOKS = [
    structure_case("vba-project-in-xlsx", vba_smuggled, "xl/vbaProject.bin", ".xlsm"),
    structure_case("doctype-in-workbook-xml", doctype_in_workbook, "cup.xlsx", "document type"),
    structure_case("sheet-outside-worksheets", players_elsewhere, "Players!A1048576"),
    archive_case("zip-bomb-sheet", bombed, "xl/worksheets/sheet2.xml", "unpacks"),
    archive_case("duplicate-zip-entries", duplicated, "sheet2.xml", "twice"),
    book_case(
        "cell-XFD1048576",
        sheet_edit(END, '<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>' + END),
        "Players!XFD1048576",
    ),
    book_case(
        "text-far-away",
        sheet_edit(
            END, '<row r="900000"><c r="Z900000" t="inlineStr"><is><t>x</t></is></c></row>' + END
        ),
        "Players!Z900000",
    ),
    book_case(
        "formula-far-right",
        sheet_edit(r"</row>", '<c r="XFD1"><f>1+1</f></c></row>'),
        "Players!XFD1",
    ),
    book_case(
        "merge-over-the-whole-sheet",
        sheet_edit(
            END, END + '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>'
        ),
        "Players!XFD1048576",
    ),
    book_case(
        "merge-big-within-limits",
        sheet_edit(END, END + '<mergeCells count="1"><mergeCell ref="A400:GR19000"/></mergeCells>'),
        "sheet 'Players'",
        "cells",
    ),
    book_case(
        "row-beyond-excel",
        sheet_edit(END, '<row r="2000000" ht="30" customHeight="1"/>' + END),
        "Players!row 2000000",
    ),
    book_case(
        "row-beyond-excel-with-a-cell",
        sheet_edit(END, '<row r="1048577"><c r="A1048577" s="1"/></row>' + END),
        "Players!row 1048577",
    ),
    book_case(
        "empty-cell-beyond-excel",
        sheet_edit(r"</row>", '<c r="XFE1" s="1"/></row>'),
        "Players!XFE1",
        "damaged",
    ),
    book_case(
        "dimension-beyond-excel",
        sheet_edit(r'<dimension ref="[^"]*"', '<dimension ref="A1:XFE1048576"'),
        "Players!XFE1048576",
    ),
    book_case("cell-reference-r-0", sheet_edit(r'<c r="B2"', '<c r="0"'), "'Players'", "'0'"),
    book_case("cell-reference-r-A0", sheet_edit(r'<c r="B2"', '<c r="A0"'), "'Players'", "'A0'"),
    book_case("cell-reference-r-b2", sheet_edit(r'<c r="B2"', '<c r="b2"'), "'Players'", "'b2'"),
    book_case(
        "cell-reference-r-junk", sheet_edit(r'<c r="B2"', '<c r="B2;x"'), "'Players'", "'B2;x'"
    ),
    book_case(
        "cell-reference-leading-zero", sheet_edit(r'<c r="B2"', '<c r="B02"'), "'Players'", "'B02'"
    ),
    book_case(
        "too-many-columns-used",
        sheet_edit(END, '<row r="400"><c r="GZ400"><v>1</v></c></row>' + END),
        "Players!GZ400",
    ),
    book_case(
        "shared-string-index-out-of-range",
        sheet_edit(
            r'<c r="B2"(?: s="\d+")? t="inlineStr"><is><t>[^<]*</t></is></c>',
            '<c r="B2" t="s"><v>99999</v></c>',
        ),
        "cup.xlsx",
        "cannot be read",
    ),
    book_case(
        "style-index-out-of-range",
        sheet_edit(r'<c r="B2"', '<c r="B2" s="9999"'),
        "cup.xlsx",
        "cannot be read",
    ),
    book_case(
        "malformed-sheet-xml", lambda xml: xml[: len(xml) // 2], "cup.xlsx", "cannot be read"
    ),
    file_case("not-a-zip", BOOK, b"PK\x03\x04 not really" * 100, "cup.xlsx", "not a workbook"),
    fifo_case("fifo-named-xlsx", BOOK, ["check", BOOK]),
    folder_case("folder-named-xlsx", BOOK, ["pair", BOOK]),
]


# What LibreOffice writes after a row is deleted, and the like: rows and cells that hold
# nothing, anywhere in Excel's sheet. None of it counts: ``pair`` works, in bounded time and
# memory, and keeps the organiser's rows as they were.

LAST_ROW = (
    '<row r="1048576" customFormat="false" ht="12.8" hidden="false" customHeight="false" '
    'outlineLevel="0" collapsed="false"></row>'
)
MILLION_ROWS = "".join(f'<row r="{r}" ht="12.8" customHeight="1"/>' for r in range(30, 1048577))


def kept_case(id: str, edit: Callable[[bytes], bytes], kept: str) -> Case:
    """The valid book with its Players sheet edited (nothing held beyond the limits): ``pair``
    works, and the Players sheet still has ``kept``."""

    def make(folder: Path, base: Path) -> list[str]:
        edited(base, folder / BOOK, edit)
        return ["pair", BOOK]

    def check(folder: Path) -> None:
        from openpyxl import load_workbook

        from gosheet.workbook.xlsx.book import XlsxBook

        with zipfile.ZipFile(folder / BOOK) as archive:
            players = archive.read(players_part(folder / BOOK)).decode()
        assert kept in players
        grids = XlsxBook.open(folder / BOOK).grids()
        assert len(grids["Players"]) < 30 and len(grids["Round 1"]) < 30
        assert max(map(len, grids["Players"])) < 30
        assert "Round 1" in load_workbook(folder / BOOK).sheetnames

    return Case(id, make, (0,), check=check)


EMPTY_FAR = [
    kept_case("libreoffice-last-row-after-delete", sheet_edit(END, LAST_ROW + END), LAST_ROW),
    kept_case(
        "styled-row-and-cells-far-away",
        sheet_edit(
            END,
            '<row r="900000" s="2" customFormat="1"><c r="Z900000" s="1"/>'
            '<c r="XFD900000" s="1"></c></row>' + END,
        ),
        '<c r="XFD900000" s="1"></c>',
    ),
    kept_case(
        "styled-empty-cell-far-right",
        sheet_edit("</row>", '<c r="XFD1" s="1"/></row>'),
        '<c r="XFD1" s="1"/>',
    ),
    kept_case(
        "declared-dimension-whole-sheet",
        sheet_edit(r'<dimension ref="[^"]*"', '<dimension ref="A1:XFD1048576"'),
        '<dimension ref="A1:XFD1048576"',
    ),
    kept_case("a-million-empty-rows", sheet_edit(END, MILLION_ROWS + END), '<row r="1048576" '),
]
WORKBOOKS += EMPTY_FAR


# ---------------------------------------------------------------------------- rosters

ROSTER = "Name,First name,Rank\nIvanova,Maria,4d\nKowalski,Piotr,3d\nGarcia,Lucia,2k\n"


def roster_case(
    id: str,
    name: str,
    data: bytes | None,
    codes: tuple[int, ...],
    *names: str,
    check: Callable[[Path], None] | None = None,
) -> Case:
    def make(folder: Path, base: Path) -> list[str]:
        if data is not None:
            (folder / name).write_bytes(data)
        return ["import", name, "-o", "out.xlsx"]

    return Case(id, make, codes, names, check=check)


def sparse_csv(folder: Path, base: Path) -> list[str]:
    with (folder / "big.csv").open("wb") as stream:
        stream.write(ROSTER.encode())
        stream.truncate(100_000_000)  # a sparse file: 100 MB, no disk used
    return ["import", "big.csv", "-o", "out.xlsx"]


def roster_bomb(folder: Path, base: Path) -> list[str]:
    entries = entries_of(base)
    index = next(i for i, e in enumerate(entries) if e[0] == "xl/worksheets/sheet2.xml")
    entries[index] = bomb_entry(entries[index][0], b"<worksheet>", 1024)
    write_zip(folder / "roster.xlsx", entries)
    return ["import", "roster.xlsx", "-o", "out.xlsx"]


def ods_bomb(folder: Path, base: Path) -> list[str]:
    mimetype = b"application/vnd.oasis.opendocument.spreadsheet"
    write_zip(
        folder / "roster.ods",
        [plain_entry("mimetype", mimetype), bomb_entry("content.xml", b"<office:document>", 1024)],
    )
    return ["import", "roster.ods", "-o", "out.xlsx"]


WIDE = ",".join(f"c{i}" for i in range(20_000)) + "\n" + ",".join("x" * 20_000) + "\n"
ROSTERS = [
    Case("csv-roster-100MB", sparse_csv, (5,), ("big.csv", "100,000,000 bytes")),
    Case("roster-xlsx-bomb", roster_bomb, (5,), ("roster.xlsx", "unpacks")),
    Case("roster-ods-bomb", ods_bomb, (5,), ("roster.ods", "content.xml")),
    roster_case("csv-20000-columns", "wide.csv", WIDE.encode(), (5,), "wide.csv", "column 20,000"),
    roster_case(
        "nul-and-control-characters-in-roster",
        "roster.csv",
        ROSTER.replace("Maria", "Ma\x00ri\x01a\x1b").encode(),
        (1,),
        "roster.csv!B2",
        "U+0000, U+0001, U+001B",
    ),
    folder_case("roster-is-a-folder", "roster.csv", ["import", "roster.csv", "-o", "out.xlsx"]),
    fifo_case("fifo-named-csv", "roster.csv", ["import", "roster.csv", "-o", "out.xlsx"]),
    fifo_case("fifo-roster-named-xlsx", "roster.xlsx", ["import", "roster.xlsx", "-o", "o.xlsx"]),
    Case(
        "import-output-named-csv", lambda f, b: roster_to(f, "out.csv"), (5,), ("out.xlsx", ".csv")
    ),
]


def roster_to(folder: Path, output: str) -> list[str]:
    (folder / "roster.csv").write_text(ROSTER)
    return ["import", "roster.csv", "-o", output]


# ---------------------------------------------------------------------------- writing


def header_within_limit(folder: Path) -> None:
    """Every page header of the new workbook within Excel's 255 characters."""
    with zipfile.ZipFile(folder / "x.xlsx") as archive:
        for name in archive.namelist():
            for header in re.findall(rb"<oddHeader>([^<]*)</oddHeader>", archive.read(name)):
                text = header.decode().replace("&amp;", "&")
                assert len(text) <= 255, (name, len(text))


def new_case(
    id: str,
    args: list[str],
    codes: tuple[int, ...],
    *names: str,
    check: Callable[[Path], None] | None = None,
) -> Case:
    return Case(id, lambda folder, base: list(args), codes, names, check=check)


WRITING = [
    new_case("new-named-ods", ["new", "x.ods"], (5,), "x.xlsx", ".ods"),
    new_case("new-without-extension", ["new", "x"], (5,), "x.xlsx"),
    new_case(
        "name-300-characters",
        ["new", "x.xlsx", "--name", "Cup & " + "N" * 300],
        (0,),
        check=header_within_limit,
    ),
    new_case(
        "control-characters-in-name",
        ["new", "x.xlsx", "--name", "Cup\x01\x07\x1b 2025"],
        (2,),
        "'--name'",
        "U+0001, U+0007, U+001B",
    ),
]


# ---------------------------------------------------------------------------- OpenGotha files

DEEP = b'<?xml version="1.0"?><Tournament>' + b"<a>" * 50_000 + b"</a>" * 50_000 + b"</Tournament>"
LAUGHS = (
    b'<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaaaaaaaa">'
    b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Tournament>&b;</Tournament>'
)
OPENGOTHA = [
    roster_case("opengotha-nested-50000-deep", "deep.xml", DEEP, (1,), "deep.xml", "nested"),
    roster_case("opengotha-entities", "laughs.xml", LAUGHS, (1,), "laughs.xml", "DOCTYPE"),
    roster_case("opengotha-not-xml", "t.xml", b"\x00\xff" * 100, (1,), "t.xml"),
    fifo_case("fifo-named-xml", "t.xml", ["import", "t.xml", "-o", "out.xlsx"]),
]


# ---------------------------------------------------------------------------- bridge requests


def bridge_case(id: str, request: object, *names: str) -> Case:
    text = request if isinstance(request, bytes) else json.dumps(request).encode()
    return Case(id, lambda folder, base: ["bridge"], (2,), names, stdin=text)


BRIDGE = [
    bridge_case(
        "bridge-sheet-not-a-list",
        {"action": "check", "sheets": {"Players": "A1"}},
        "'Players'",
        "list of rows",
    ),
    bridge_case(
        "bridge-rows-not-lists",
        {"action": "check", "sheets": {"Players": [1, 2]}},
        "'Players'",
        "list of rows",
    ),
    bridge_case(
        "bridge-cell-an-object",
        {"action": "pair", "sheets": {"Settings": [[{"a": 1}]]}},
        "'Settings', row 1",
    ),
    bridge_case("bridge-sheets-a-list", {"action": "check", "sheets": [["x"]]}, "'sheets'"),
    bridge_case(
        "bridge-too-many-rows",
        {"action": "check", "sheets": {"Players": [[1]] * 25_001}},
        "'Players'",
        "25,000 rows",
    ),
    bridge_case("bridge-not-json", b"{not json", "not JSON"),
    bridge_case("bridge-not-an-object", [1, 2], "JSON object"),
]


# ---------------------------------------------------------------------------- interruptions


def book_copy(folder: Path, base: Path) -> list[str]:
    (folder / BOOK).write_bytes(base.read_bytes())
    return ["pair", BOOK]


INTERRUPT_DURING_SAVE = (  # Ctrl-C once the new workbook is written, before it replaces the old
    "import sys, openpyxl\n"
    "from gosheet.workbook.xlsx.parts import saving\n"
    "save, write = openpyxl.Workbook.save, saving.write\n"
    "def interrupted(self, filename):\n"
    "    save(self, filename)\n"
    "    raise KeyboardInterrupt\n"
    "def interrupted_write(package, changes, target):\n"
    "    write(package, changes, target)\n"
    "    raise KeyboardInterrupt\n"
    "openpyxl.Workbook.save = interrupted\n"
    "saving.write = interrupted_write\n"
    "from gosheet.frontends.cli import main\n"
    "sys.exit(main(sys.argv[1:]))\n"
)
MARKER = "GOSHEET_TEST_MARKER"
"""The environment variable naming the file a case's command creates when its Ctrl-C is due."""
SLOW_SAVE = (  # a save that lasts: the terminal's Ctrl-C comes while gosheet saves, once the
    # new file is written and before it replaces the book (the child says so by a marker
    # file); the imports guarded as gosheet.__main__.entry guards its own
    "import os, sys, time\n"
    "try:\n"
    "    from gosheet.workbook.xlsx.parts import saving\n"
    "    from gosheet.frontends.cli import main\n"
    "except KeyboardInterrupt:\n"
    "    print('gosheet: interrupted, nothing written', file=sys.stderr)\n"
    "    sys.exit(130)\n"
    "write = saving.write\n"
    "def slow(package, changes, target):\n"
    "    write(package, changes, target)\n"
    f"    open(os.environ['{MARKER}'], 'w').close()  # Ctrl-C is due now\n"
    "    time.sleep(600)\n"
    "saving.write = slow\n"
    "sys.exit(main(sys.argv[1:]))\n"
)
INTERRUPTS = [
    Case(
        "ctrl-c-during-save",
        book_copy,
        (130,),
        ("interrupted, nothing written",),
        script=INTERRUPT_DURING_SAVE,
    ),
    Case(
        "ctrl-c-signal",
        book_copy,
        (130,),
        ("interrupted, nothing written",),
        interrupt_on_marker=True,
        script=SLOW_SAVE,
    ),
]

CASES = [*WORKBOOKS, *ROSTERS, *WRITING, *OPENGOTHA, *BRIDGE, *INTERRUPTS]


# ---------------------------------------------------------------------------- gosheet's sheets


def lowercase_standings(folder: Path, base: Path) -> list[str]:
    """An organiser's sheet 'standings': gosheet's Standings sheet by another case."""
    from openpyxl import load_workbook

    book = load_workbook(base)
    book.create_sheet("standings")["A1"] = "old"
    book.save(folder / BOOK)
    return ["pair", BOOK]


def one_standings(folder: Path) -> None:
    from openpyxl import load_workbook

    names = load_workbook(folder / BOOK).sheetnames
    assert [n for n in names if n.casefold().startswith("standings")] == ["Standings"], names


SHEETS = [
    Case(
        "merged-group-cells-in-players",
        lambda folder, base: (
            edited(
                base,
                folder / BOOK,
                sheet_edit(
                    END, END + '<mergeCells count="1"><mergeCell ref="G2:G3"/></mergeCells>'
                ),
            ),
            ["pair", BOOK],
        )[1],
        (1,),
        ("Players!G3", "G2:G3"),
    ),
    Case("standings-differing-by-case", lowercase_standings, (0,), check=one_standings),
]
CASES += SHEETS
