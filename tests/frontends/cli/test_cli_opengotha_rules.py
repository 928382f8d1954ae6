"""A tournament run from the first round under OpenGotha's rules, in a real workbook:
``gosheet new --rules opengotha``, players typed in, rounds paired and simulated, standings
by the placement criteria, the Explain sheet, and an OpenGotha file exported and read back."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from gosheet.formats.opengotha.xml import read_opengotha
from gosheet.frontends.cli import main
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

RANKS = ["5d", "3d", "1d", "1k", "2k", "4k", "6k", "9k", "12k", "15k", "18k", "22k", "25k"]


@pytest.mark.parametrize("system", ["mcmahon", "swiss"])
def test_a_whole_opengotha_tournament_in_a_workbook(tmp_path: Path, system: str) -> None:
    book = tmp_path / "cup.xlsx"
    assert main(["new", str(book), "--rules", "opengotha", "--system", system,
                 "--rounds", "4", "--seed", "3"]) == 0  # fmt: skip
    wb = openpyxl.load_workbook(book)
    ws = wb["Players"]
    headers = [str(c.value) for c in ws[1]]
    for k, rank in enumerate(RANKS, start=1):
        row = {
            "Name": f"Player{k:02d}",
            "First name": "A",
            "Rank": rank,
            "Club": ["Paris", "Lyon", "Köln"][k % 3],
            "Country": "FR" if k % 3 else "DE",
        }
        ws.append([row.get(h) for h in headers])
    wb.save(book)
    for number in range(1, 5):
        assert main(["pair", str(book)]) == 0
        assert main(["simulate", str(book)]) == 0
        state = read_book(XlsxBook.open(book).grids())
        played = state.tournament.rounds[number - 1]
        assert len(played.games) == 6 and len(played.byes) == 1
    assert main(["standings", str(book)]) == 0
    grids = XlsxBook.open(book).grids()
    standings = grids["Standings"]
    header = next(row for row in standings if row and row[0] == "No.")
    placement = ["MMS", "SOSM", "SOSOSM"] if system == "mcmahon" else ["NBW", "SOSW", "SOSOSW"]
    assert header[-3:] == placement
    lines = [row for row in standings[standings.index(header) + 1 :] if row and row[0]]
    assert len(lines) == len(RANKS)
    main_scores = [row[header.index(placement[0])] for row in lines]
    assert main_scores == sorted(main_scores, reverse=True)
    assert main(["explain", str(book), "--round", "4"]) == 0
    assert "Explain" in XlsxBook.open(book).grids()
    out = tmp_path / "cup.xml"
    assert main(["export", str(book), "-o", str(out)]) == 0
    og = read_opengotha(out)
    assert len(og.players) == len(RANKS) and len(og.games) == 4 * 6 and len(og.byes) == 4
    assert og.placement_criteria[:3] == tuple(placement)
    again = tmp_path / "again.xlsx"
    assert main(["import", str(out), "-o", str(again)]) == 0
    a = read_book(XlsxBook.open(book).grids()).tournament
    b = read_book(XlsxBook.open(again).grids()).tournament
    # OpenGotha keeps clubs of at most 4 characters: the export cuts "Paris" to "Pari"
    assert [(p.surname, p.rank, p.club[:4], p.country) for p in a.players] == [
        (p.surname, p.rank, p.club, p.country) for p in b.players
    ]
    assert [{(g.white, g.black, g.handicap, g.result) for g in r.games} for r in a.rounds] == [
        {(g.white, g.black, g.handicap, g.result) for g in r.games} for r in b.rounds
    ]
    assert a.settings.opengotha.placement == b.settings.opengotha.placement
