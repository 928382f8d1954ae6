"""A text that looks like a formula stays text in every sheet gosheet writes."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from gosheet.frontends.cli import main


def test_a_roster_name_starting_with_equals_is_written_as_text(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(
        'Name,First name,Rank\n"=HYPERLINK(""http://x"",""y"")",Ann,5k\nLee,"=1+1",3k\n'
        "Kim,Bo,2k\nIto,Jun,1k\n",
        encoding="utf-8",
    )
    book = tmp_path / "cup.xlsx"
    assert main(["import", str(roster), "-o", str(book), "--rounds", "3"]) == 0
    assert main(["pair", str(book)]) == 0
    wb = openpyxl.load_workbook(book)
    texts = [
        (ws.title, cell.value, cell.data_type)
        for ws in wb.worksheets
        for row in ws.iter_rows()
        for cell in row
        if isinstance(cell.value, str) and cell.value.startswith("=")
    ]
    assert texts, "the names are in the workbook"
    assert all(data_type == "s" for _, _, data_type in texts), texts
    assert {"Players", "Round 1", "Standings"} <= {title for title, _, _ in texts}
