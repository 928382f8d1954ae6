"""An ``.ods`` workbook written (:class:`gosheet.workbook.ods.book.OdsBook`): the demo
tournament as LibreOffice saved it, formatted by the organiser, paired round after round —
the same pairings, results and standings as the same steps on its ``.xlsx``, in pure Python;
the organiser's formatting, own sheet and formulas kept byte for byte; every other part of
the archive kept; cells changed inside repeated runs; a change of language renaming sheets;
and what cannot be written refused before anything is."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from support.ods_files import (
    NOTES,
    ORGANISER_STYLES,
    cell,
    content,
    demo_copy,
    formatted,
    number,
    parts,
    row,
    table,
    text,
    write_ods,
)

from gosheet import accelerators
from gosheet.app import actions, workbooks
from gosheet.app.messages import pairing_lines
from gosheet.core.errors import FileProblem
from gosheet.workbook.ods.book import OdsBook
from gosheet.workbook.ods.cells import read_tables
from gosheet.workbook.ods.patching import patch_table
from gosheet.workbook.xlsx.book import XlsxBook


def steps() -> list[tuple[str, Any]]:
    return [
        ("pair", workbooks.pair),
        ("simulate", workbooks.simulate),
        ("pair", workbooks.pair),
        ("simulate", workbooks.simulate),
        ("standings", workbooks.update_standings),
        ("pair", workbooks.pair),
        ("explain", workbooks.explain),
    ]


def test_rounds_paired_in_an_ods_as_in_its_xlsx(tmp_path: Path) -> None:
    """Every step on the .ods (pure Python) gives what it gives on the .xlsx: the pairing
    lines, and every sheet's values after it; the organiser's own sheet stays."""
    ods, xlsx = formatted(demo_copy(tmp_path)), demo_copy(tmp_path, ".xlsx")
    for name, step in steps():
        with accelerators.pure():
            done_ods = step(ods)
        done_xlsx = step(xlsx)
        if name == "pair":
            assert pairing_lines(done_ods.done) == pairing_lines(done_xlsx.done)
        grids = OdsBook.open(ods).grids()
        assert grids.pop("Notes") == [[23, "x", "my own note"]]
        assert grids == XlsxBook.open(xlsx).grids(), name
    assert (tmp_path / "demo.backup.ods").is_file()
    assert zipfile.ZipFile(tmp_path / "demo.backup.ods").testzip() is None
    assert len(list((tmp_path / "demo.history").glob("*.ods"))) == len(steps())


def test_the_organisers_formatting_and_parts_kept(tmp_path: Path) -> None:
    ods = formatted(demo_copy(tmp_path))
    before = parts(ods)
    workbooks.pair(ods)
    after = parts(ods)
    assert set(after) == set(before)
    for name in before:
        if name == "styles.xml":  # gosheet's page styles added, nothing else changed
            added = (
                rb'<style:(page-layout|master-page) style:name="gs(pl|mp)-[0-9a-f]{10}"'
                rb".*?</style:\1>"
            )
            assert re.search(added, after[name])
            assert re.sub(added, b"", after[name]) == before[name]
        elif name != "content.xml":
            assert after[name] == before[name], name
    with zipfile.ZipFile(ods) as archive:
        first = archive.infolist()[0]
    assert (first.filename, first.compress_type) == ("mimetype", zipfile.ZIP_STORED)
    xml = after["content.xml"]
    assert NOTES in xml and ORGANISER_STYLES in xml
    assert xml.count(b'table:style-name="org-red"') == 2  # the name in Players, the note
    assert b'<table:table-column table:style-name="org-wide"' in xml
    old = before["content.xml"]
    settings = re.search(rb'<table:table table:name="Settings".*?</table:table>', old, re.S)
    assert settings is not None and settings.group(0) in xml  # a sheet gosheet did not touch
    assert b'<table:table table:name="Round 2"' in xml
    assert re.search(rb'style:name="gsce-[0-9a-f]+"[^>]*>.{0,400}fo:font-weight="bold"', xml)
    workbooks.update_standings(ods)
    workbooks.update_standings(ods)  # gosheet's styles are not added twice
    assert parts(ods)["content.xml"].count(b"<style:style") == xml.count(b"<style:style")


def test_cells_changed_inside_repeated_runs() -> None:
    """A cell set in a run of a million empty rows, or of repeated cells, splits the run
    around it; every other cell stays where it was."""
    source = table(
        "S",
        row(text("a"), number(1), cell(repeat=16_382)),
        row(number(5), repeat=4),
        row(cell(repeat=16_384), repeat=1_048_570),
    ).encode()
    patched = patch_table(source, {"B3": "x", "D3": 7, "C9": "far", "A2": None})
    grid = read_tables(content(patched.decode()))[0].grid()
    assert grid == [
        ["a", 1.0, None, None],
        [None, None, None, None],
        [5.0, "x", None, 7.0],
        [5.0, None, None, None],
        [5.0, None, None, None],
        [None, None, None, None],
        [None, None, None, None],
        [None, None, None, None],
        [None, None, "far", None],
    ]
    rows = read_tables(content(patched.decode()))[0].height
    assert rows == 1 + 4 + 1_048_570
    beyond = patch_table(table("S", row(text("a"))).encode(), {"C3": "b"})
    assert read_tables(content(beyond.decode()))[0].grid() == [
        ["a", None, None],
        [None, None, None],
        [None, None, "b"],
    ]


def test_a_change_of_language_renames_sheets_and_their_references(tmp_path: Path) -> None:
    ods, xlsx = formatted(demo_copy(tmp_path)), demo_copy(tmp_path, ".xlsx")
    for path in (ods, xlsx):
        book = OdsBook.open(path) if path.suffix == ".ods" else XlsxBook.open(path)
        settings = book.grids()["Settings"]
        line = next(i for i, r in enumerate(settings, 1) if r[0] == "Language")
        book.set_cell("Settings", f"B{line}", "fr")
        book.save()
        workbooks.update_standings(path)
    grids = OdsBook.open(ods).grids()
    assert grids.pop("Notes") == [[23, "x", "my own note"]]
    assert grids == XlsxBook.open(xlsx).grids()
    assert "Ronde 1" in grids
    xml = parts(ods)["content.xml"]
    assert b"[$&apos;Ronde 1&apos;.B2]" in xml and b"Round 1" not in xml


def test_never_xlsx_bytes_under_an_ods_name(tmp_path: Path) -> None:
    ods = demo_copy(tmp_path)
    book = OdsBook.open(ods)
    actions.pair(book)
    with pytest.raises(FileProblem, match=r"saved as \.ods"):
        book.save(tmp_path / "demo.xlsx")
    assert not (tmp_path / "demo.xlsx").exists()
    book.save(tmp_path / "copy.ods")
    assert (
        parts(tmp_path / "copy.ods")["mimetype"]
        == b"application/vnd.oasis.opendocument.spreadsheet"
    )


def test_what_cannot_be_written_is_refused_before_writing(tmp_path: Path) -> None:
    xml = content(table("Settings", row(text("Setting"), text("Value"))))
    odd = xml.replace(b"<table:", b"<t:").replace(b"</table:", b"</t:").replace(b" table:", b" t:")
    odd = odd.replace(b"xmlns:table=", b"xmlns:t=")  # the same namespace, another prefix
    path = write_ods(tmp_path / "odd.ods", odd)
    before = path.read_bytes()
    book = OdsBook.open(path)
    assert book.grids() == {"Settings": [["Setting", "Value"]]}
    book.set_cell("Settings", "A2", "x")
    with pytest.raises(FileProblem, match=r"cannot write this \.ods safely"):
        book.save()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["odd.ods"]


def test_a_workbook_changed_meanwhile_is_not_overwritten(tmp_path: Path) -> None:
    ods = demo_copy(tmp_path)
    book = OdsBook.open(ods)
    actions.pair(book)
    (tmp_path / "theirs").mkdir()
    theirs = formatted(demo_copy(tmp_path / "theirs")).read_bytes()
    ods.write_bytes(theirs)  # the organiser's edits saved meanwhile
    with pytest.raises(FileProblem, match="changed by someone else"):
        book.save()
    assert ods.read_bytes() == theirs


def test_a_sheet_added_to_a_content_without_styles() -> None:
    """A ``content.xml`` with no font declarations nor automatic styles (another program's):
    both are made, in the order ODF asks, before the body; the new sheet reads back."""
    from gosheet.workbook.ods.writing import Changes, new_content
    from gosheet.workbook.sheets import Column, SheetData

    bare = content(table("A", row(text("x")))).replace(
        b"<office:automatic-styles></office:automatic-styles>", b""
    )
    data = SheetData("B", (Column("Name"), Column("Rank", centre=True)), [["Lee", "3d"]])
    out = new_content(bare, Changes(["A", "B"], {"B": data}))
    faces, styles = out.index(b"<office:font-face-decls"), out.index(b"<office:automatic-styles")
    assert faces < styles < out.index(b"<office:body")
    assert [(t.name, t.grid()) for t in read_tables(out)] == [
        ("A", [["x"]]),
        ("B", [["Name", "Rank"], ["Lee", "3d"]]),
    ]


def test_a_cell_under_a_merge_is_refused_naming_it() -> None:
    from gosheet.core.errors import InputError

    merged = table(
        "Players",
        row(cell("string", "<text:p>wide</text:p>", ' table:number-columns-spanned="2"'),
            "<table:covered-table-cell/>", text("c")),
    ).encode()  # fmt: skip
    assert b"first" in patch_table(merged, {"A1": "first", "C1": "d"}, "Players")
    with pytest.raises(InputError) as refused:
        patch_table(merged, {"B1": "x"}, "Players")
    assert [(p.sheet, p.cell) for p in refused.value.problems] == [("Players", "B1")]


def test_a_round_paired_again_keeps_one_drop_down_list(tmp_path: Path) -> None:
    """The results' drop-down list of a round sheet, named after what it says: pairing the
    round again (or rewriting it) adds none twice."""
    ods = demo_copy(tmp_path)
    workbooks.pair(ods)
    first = parts(ods)["content.xml"]
    workbooks.pair(ods, again=True)
    xml = parts(ods)["content.xml"]
    names = re.findall(rb'<table:content-validation table:name="(gsval-[^"]+)"', xml)
    assert names and len(names) == len(set(names))
    assert names == re.findall(rb'<table:content-validation table:name="(gsval-[^"]+)"', first)
    assert b'table:content-validation-name="' + names[0] + b'"' in xml
