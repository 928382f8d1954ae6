"""The Excel path: gosheet's xlwings adapter and button entry points on real
xlwings Book objects.

Excel itself is not on this machine. The Books here are xlwings' remote
books (xlwings PRO's remote engine, free for this non-commercial project
with ``XLWINGS_LICENSE_KEY=noncommercial``), opened from the JSON an Excel
client sends — the sheets' values from A1 to the last used cell, empty
cells as ``""``, numbers as JavaScript numbers — built here from real
workbook files. Their writes come back as the actions the client would
carry out; :class:`ExcelClient` (``tests/support/excel_client.py``) carries them
out on a model of the workbook (and complains about any action it does not know,
and about text written into a cell Excel would read as a number or date), so that the results can
be compared, value for value, with ``gosheet pair`` / ``gosheet standings``
on the same file.
"""

from __future__ import annotations

import csv
import io
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import xlwings as xw
from openpyxl import load_workbook
from support.books import ROSTER_CSV
from support.excel_client import ExcelClient, remote_opener, run

import gosheet.frontends.excel.buttons as excel
from gosheet.app import actions
from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.model import Player
from gosheet.core.ranks import parse_rank
from gosheet.core.results import CANONICAL
from gosheet.core.settings import Settings
from gosheet.frontends.cli import main
from gosheet.frontends.excel.template import CONTROL, PROBLEM_HEADER_ROW, convert
from gosheet.frontends.excel.xlwings_book import (
    MARK_FILL,
    MARKED_FILL,
    MARKED_NOTE,
    NOTE_PREFIX,
    XlwingsBook,
)
from gosheet.workbook.port import Grid, Grids
from gosheet.workbook.sheets import EXPLAIN, PLAYERS, STANDINGS
from gosheet.workbook.template import new_book
from gosheet.workbook.xlsx.book import XlsxBook

CLIENTS = ("Office.js", "Microsoft Office Scripts")
MARK_HEX = "#{:02x}{:02x}{:02x}".format(*MARK_FILL)


@pytest.fixture
def remote(monkeypatch: pytest.MonkeyPatch) -> Callable[[dict[str, Any]], Any]:
    """Open a client's JSON as a real xlwings Book on the remote engine."""
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    return remote_opener()


ROSTER = [
    (r["Name"], r["First name"], r["Rank"], int(r["Rating"]) if r["Rating"] else None, r["Club"])
    for r in csv.DictReader(io.StringIO(ROSTER_CSV))
]
"""The nine players of :data:`support.books.ROSTER_CSV`: name, first name, rank, rating, club."""


def tournament_xlsm(folder: Path, played: int = 2) -> Path:
    """A seed-McMahon tournament of 5 rounds, ``played`` rounds played, one
    result typed as ``W+`` and a late player without a group: the next pair
    has a result to rewrite and a group to fill."""
    players = tuple(
        Player(i, surname, first, parse_rank(rank), rating, club)
        for i, (surname, first, rank, rating, club) in enumerate(ROSTER, start=1)
    )
    settings = Settings(
        name="Xlwings Cup", rounds=5, mcmahon_groups=McMahonGroups(3), random_seed=4242
    )
    book = new_book(settings, players)
    for _ in range(played):
        actions.pair(book)
        actions.simulate(book)
    last = book.workbook[f"Round {played}"]
    for row in range(2, last.max_row + 1):
        if last.cell(row=row, column=8).value == "1-0":
            last.cell(row=row, column=8, value="W+")
            break
    book.workbook[PLAYERS].append(["Latecomer", "Lea", "5k", None, "Oslo"])
    folder.mkdir(parents=True, exist_ok=True)
    xlsx = book.save(folder / "cup.xlsx", backup=False)
    return convert(xlsx, folder / "cup.xlsm")


def file_sheets(path: Path, *names: str) -> Grids:
    workbook = load_workbook(path)
    return {n: [list(r) for r in workbook[n].iter_rows(values_only=True)] for n in names}


def trimmed(rows: list[list[Any]]) -> Grid:
    """Without trailing empty rows and columns (formatted blank cells)."""
    rows = [list(r) for r in rows]
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((i + 1 for r in rows for i, v in enumerate(r) if v is not None), default=0)
    return [(r + [None] * width)[:width] for r in rows]


# ------------------------------------------------------------------ tests


@pytest.mark.parametrize("floats", [False, True])
def test_grids_are_read_as_openpyxl_reads_the_file(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, floats: bool
) -> None:
    path = tournament_xlsm(tmp_path)
    book = remote(ExcelClient.from_file(path).payload(floats))
    through_xlwings = XlwingsBook(book).grids()
    from_file = XlsxBook.open(path).grids()
    assert list(through_xlwings) == list(from_file)
    for name, rows in from_file.items():
        assert trimmed(through_xlwings[name]) == trimmed(rows), name
    if floats:
        settings = through_xlwings["Settings"]
        assert all(not isinstance(v, float) or not v.is_integer() for r in settings for v in r)


@pytest.mark.parametrize("client_name", CLIENTS)
def test_pair_through_xlwings_gives_what_gosheet_pair_gives(
    remote: Callable[[dict[str, Any]], Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    client_name: str,
) -> None:
    path = tournament_xlsm(tmp_path)
    on_file = Path(shutil.copy(path, tmp_path / "file.xlsm"))
    client = ExcelClient.from_file(path, client_name)

    assert main(["pair", str(on_file)]) == 0
    message, sent = run(remote, client, excel.pair)

    assert message.startswith("Round 3 paired: 5 games")
    assert "1 result rewritten" in message
    expected = load_workbook(on_file)
    assert [s.name for s in client.sheets] == expected.sheetnames
    for name in ("Round 3", STANDINGS, PLAYERS, "Round 2", "Settings"):
        want = [list(r) for r in expected[name].iter_rows(values_only=True)]
        assert trimmed(client.sheet(name).rows()) == trimmed(want), name
    assert client.coerced == []  # text went into text-formatted cells
    round3 = client.sheet("Round 3")
    assert all(round3.formats.get((r, 7)) == "@" for r in range(1, 6))  # Result column
    assert round3.frozen == "1:1"
    assert client.sheets[client.active].name == "Round 3"
    assert client.alerts[-1][:4] == [message, "gosheet", "ok", "info"]
    funcs = {a["func"] for a in sent}
    assert "setDataValidationList" not in funcs  # see XlwingsBook: no strict dropdown
    assert "Result dropdown" in message


def test_standings_through_xlwings_gives_what_gosheet_standings_gives(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    path = tournament_xlsm(tmp_path, played=3)
    workbook = load_workbook(path, keep_vba=True)
    sheet = workbook["Round 1"]
    sheet["H2"] = "0-1" if sheet["H2"].value == "1-0" else "1-0"  # a corrected result
    sheet["H3"] = "jigo"
    workbook.save(path)
    on_file = Path(shutil.copy(path, tmp_path / "file.xlsm"))
    client = ExcelClient.from_file(path)

    assert main(["standings", str(on_file)]) == 0
    message, _ = run(remote, client, excel.standings, floats=True)

    assert message.startswith("Standings updated.")
    expected = file_sheets(on_file, STANDINGS, "Round 1")
    for name, want in expected.items():
        assert trimmed(client.sheet(name).rows()) == trimmed(want), name
    assert client.sheet("Round 1").values[(2, 7)] == "½-½"
    assert [s.name for s in client.sheets] == load_workbook(on_file).sheetnames
    assert client.coerced == []


@pytest.mark.parametrize("client_name", CLIENTS)
def test_explain_through_xlwings_gives_what_gosheet_explain_gives(
    remote: Callable[[dict[str, Any]], Any],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    client_name: str,
) -> None:
    """Button "Explain the last round": the Explain sheet of ``gosheet explain``,
    shown; the tournament's own sheets untouched."""
    path = tournament_xlsm(tmp_path)
    on_file = Path(shutil.copy(path, tmp_path / "file.xlsm"))
    client = ExcelClient.from_file(path, client_name)
    before = {s.name: s.rows() for s in client.sheets}

    assert main(["explain", str(on_file)]) == 0
    said = capsys.readouterr().out
    message, sent = run(remote, client, excel.explain)

    # the latecomer is new since round 2 was paired: the command's verdict too
    verdict = "gosheet would pair it differently now (results or players changed?)."
    assert message.startswith(f"Round 2 explained: {verdict}")
    assert verdict in said
    expected = load_workbook(on_file)
    assert [s.name for s in client.sheets] == expected.sheetnames
    assert expected.sheetnames == [*before, EXPLAIN]  # added at the end, as the command does
    want = [list(r) for r in expected[EXPLAIN].iter_rows(values_only=True)]
    assert trimmed(client.sheet(EXPLAIN).rows()) == trimmed(want)
    assert {s.name: s.rows() for s in client.sheets if s.name != EXPLAIN} == before
    assert client.coerced == []
    assert client.sheets[client.active].name == EXPLAIN
    assert client.alerts[-1][:4] == [message, "gosheet", "ok", "info"]
    assert "addSheet" in {a["func"] for a in sent}


def test_explain_without_a_round_writes_nothing(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    client = ExcelClient.from_file(tournament_xlsm(tmp_path, played=1))
    client.sheets = [s for s in client.sheets if s.name not in ("Round 1", STANDINGS)]
    message, sent = run(remote, client, excel.explain)
    assert [a["func"] for a in sent] == ["alert"]
    assert sent[0]["args"][3] == "critical"
    assert message == "Nothing was changed: no round is paired yet: pair round 1 first"


def test_a_failed_action_writes_nothing_and_names_the_cells(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    client = ExcelClient.from_file(tournament_xlsm(tmp_path))
    players = client.sheet(PLAYERS)
    players.values[(3, 2)] = "3x"  # C4
    client.sheet("Round 2").values[(1, 7)] = "2-0"  # H2
    for entry in (excel.pair, excel.standings, excel.simulate, excel.explain):
        message, sent = run(remote, client, entry)
        assert [a["func"] for a in sent] == ["alert"]
        assert sent[0]["args"][3] == "critical"
        assert "2 problems found" in message
        assert "Players!C4: '3x': not a rank" in message
        assert "Round 2!H2: '2-0': not a result code" in message
        assert "Traceback" not in message


def test_an_action_that_does_not_fit_writes_nothing(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    client = ExcelClient.from_file(tournament_xlsm(tmp_path))
    client.sheet("Round 2").values.pop((1, 7))  # an empty result in the last round
    message, sent = run(remote, client, excel.pair)
    assert [a["func"] for a in sent] == ["alert"]
    assert message.startswith("Nothing was changed:")
    assert "Round 2" in message


def test_an_unexpected_error_is_a_message_not_a_traceback(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(book: Any) -> Any:
        raise RuntimeError("the disk is on fire")

    client = ExcelClient.from_file(tournament_xlsm(tmp_path, played=1))
    monkeypatch.setattr(actions, "pair", broken)
    message, sent = run(remote, client, excel.pair)
    assert [a["func"] for a in sent] == ["alert"]
    assert message.startswith("gosheet: 'Pair next round' failed unexpectedly (RuntimeError in")
    assert "the disk is on fire); nothing written" in message


@pytest.mark.parametrize("client_name", CLIENTS)
def test_check_marks_every_bad_cell_and_a_clean_check_takes_the_marks_off(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, client_name: str
) -> None:
    client = ExcelClient.from_file(tournament_xlsm(tmp_path), client_name)
    players, round2 = client.sheet(PLAYERS), client.sheet("Round 2")
    name_b3 = round2.values[(2, 1)]
    players.values[(3, 2)] = "3x"  # Players!C4
    round2.values[(1, 7)] = "2-0"  # Round 2!H2
    round2.values[(2, 1)] = "Nobody"  # Round 2!B3
    notes = client_name == "Office.js"

    message, sent = run(remote, client, excel.check)

    assert "3 problems found" in message and "Players!C4" in message
    for name, cell in ((PLAYERS, (3, 2)), ("Round 2", (1, 7)), ("Round 2", (2, 1))):
        assert client.sheet(name).colors[cell] == MARK_HEX
        assert (cell in client.sheet(name).notes) is notes
    if notes:
        assert round2.notes[(1, 7)].startswith(NOTE_PREFIX)
        assert round2.notes[(1, 7)].endswith(
            "not a result code (use 1-0, 0-1, ½-½, 0-0, 1-0!, 0-1!, 0-0!; or W+, B+, =)"
        )
    assert sum(c == MARK_HEX for s in client.sheets for c in s.colors.values()) == 3
    listed = {row[0]: row for row in client.sheet(CONTROL).rows()[PROBLEM_HEADER_ROW:]}
    assert set(listed) == {"Players!C4", "Round 2!H2", "Round 2!B3"}
    assert listed["Players!C4"][2] == (MARKED_NOTE if notes else MARKED_FILL)
    assert listed["Players!C4"][1] == "'3x': not a rank (expected e.g. 3k, 2d, 1p)"
    assert client.sheets[client.active].name == CONTROL
    assert not {"addSheet", "sheetDelete"} & {a["func"] for a in sent}

    # two cells corrected: their marks go, the third stays
    players.values[(3, 2)] = "3k"
    round2.values[(2, 1)] = name_b3
    message, _ = run(remote, client, excel.check)
    assert message.startswith("1 problem found") and "Round 2!H2" in message
    assert players.colors[(3, 2)] is None and round2.colors[(2, 1)] is None
    assert round2.colors[(1, 7)] == MARK_HEX
    assert set(players.notes) | set(round2.notes) == ({(1, 7)} if notes else set())
    assert [r[0] for r in client.sheet(CONTROL).rows()[PROBLEM_HEADER_ROW:]] == ["Round 2!H2"]

    # all correct: no marks, no list, and the message says so
    round2.values[(1, 7)] = "1-0"
    message, _ = run(remote, client, excel.check)
    assert message.startswith("No problems: 10 players, 2 rounds paired.")
    assert "marks of the last check (1) were taken off" in message
    assert all(c is None for s in client.sheets for c in s.colors.values())
    assert all(not s.notes for s in client.sheets)
    assert client.sheet(CONTROL).rows()[PROBLEM_HEADER_ROW:] == []
    message, sent = run(remote, client, excel.check)
    assert [a["func"] for a in sent] == ["alert"]  # nothing left to take off


def test_a_check_lists_its_problems_on_a_new_control_sheet_if_there_is_none(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    path = tournament_xlsm(tmp_path)
    plain_file = convert(path, tmp_path / "plain.xlsx")
    client = ExcelClient.from_file(plain_file)
    client.sheet(PLAYERS).values[(3, 2)] = "3x"
    run(remote, client, excel.check)
    assert client.sheets[0].name == CONTROL
    assert client.sheet(CONTROL).rows()[PROBLEM_HEADER_ROW][0] == "Players!C4"


def test_the_buttons_find_the_calling_workbook(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path
) -> None:
    client = ExcelClient.from_file(tournament_xlsm(tmp_path, played=1))
    book = remote(client.payload())
    book.set_mock_caller()
    try:
        message = excel.standings()  # as RunPython calls it: no argument
    finally:
        del xw.Book._mock_caller
    client.apply(book.json()["actions"])
    assert message.startswith("Standings updated.")
    assert client.sheet(STANDINGS).rows()[0][:3] == ["No.", "Group", "Place"]


def test_the_desktop_branch_leaves_no_strict_dropdown(
    remote: Callable[[dict[str, Any]], Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Excel on Windows: widths in characters, the Result dropdown added and,
    when its error alert cannot be switched off (here: no COM behind the
    book), taken off again. The native COM calls themselves need Windows."""
    client = ExcelClient.from_file(tournament_xlsm(tmp_path))
    book = remote(client.payload())
    monkeypatch.setattr(XlwingsBook, "engine", property(lambda self: "excel"))
    monkeypatch.setattr("gosheet.frontends.excel.xlwings_book.sys.platform", "win32")
    message = excel.pair(book)
    sent = book.json()["actions"]
    funcs = [a["func"] for a in sent]
    at = funcs.index("setDataValidationList")
    assert funcs[at + 1] == "deleteDataValidation"
    listed = sent[at]
    assert listed["args"][0] == {"type": "literal", "values": list(CANONICAL)}
    assert (listed["start_column"], listed["start_row"], listed["row_count"]) == (7, 1, 5)
    widths = [a["args"][0] for a in sent if a["func"] == "setColumnWidth"]
    assert widths[:8] == [7, 24, 7, 24, 7, 10, 7, 9]  # Round 3, in characters
    assert "setScreenUpdating" in funcs
    assert "Result dropdown" in message and "page setup" in message
