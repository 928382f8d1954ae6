"""The organiser's edits between two runs, in workbooks as Excel writes them (issue 25, part 4:
the Excel file-format half of the campaign; LibreOffice's, through UNO, is elsewhere).

A tournament (``open_book``: 9 players, 4 rounds, rounds 1 and 2 played) is taken apart into
its cells, given the organiser's own things — own columns with formulas in Players, an own sheet
of formulas, numbers, a date, a boolean and an error, an empty own sheet — edited as Excel edits
(rows deleted and inserted, Players sorted, sheets moved, copied and renamed, results typed by
hand, a result as a formula, a rank ``2 dan``, hidden rows and columns, an AutoFilter, frozen
panes) and saved as Excel saves (:mod:`support.excel_made`: shared or inline strings, styles,
dimensions, empty ``<sheetData/>``, cached formula values). Then ``check``, ``pair`` and
``standings`` run on it, as the organiser would.

Each edit must work, or be refused (nothing written) naming the cell with a way out that, once
followed, works. Nothing typed is lost: the own sheets come back byte for byte, the own columns
value for value, formulas included; what gosheet writes reopens in openpyxl (and once in real
LibreOffice).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from openpyxl import load_workbook
from support.cli import cli, cli_ok, refused
from support.excel_made import (
    DATE,
    ONE_DECIMAL,
    TIME,
    Book,
    Cell,
    from_workbook,
    sheet_part,
    write_book,
)
from support.libreoffice import convert, needs_soffice

COMMANDS = ("check", "pair", "standings")
OWN_SHEETS = ("Fees", "Notes")


# ------------------------------------------------------------------ the organiser's own things


def own_things(book: Book) -> None:
    """Own columns in Players (a typed text, a formula over the rating), an own sheet of
    formulas reading Players with numbers, a date, a boolean and an error, an empty sheet."""
    players = book["Players"]
    rating = players.column("Rating")
    paid, fee = players.last_column() + 1, players.last_column() + 2
    players.set(1, paid, "Paid")
    players.set(1, fee, "Fee")
    for row in range(2, players.last_row() + 1):
        letter = "ABCDEFGHIJ"[rating - 1]
        value = players.value(row, rating)
        players.set(row, paid, "yes" if row % 2 else "no")
        players.cells[(row, fee)] = Cell(
            20 if isinstance(value, int) and value > 2000 else 15,
            f"IF({letter}{row}>2000,20,15)",
            style=ONE_DECIMAL,
        )
    fees = book.add_sheet("Fees")
    rows: list[tuple[str, Cell]] = [
        ("Players", Cell(9, "COUNTA(Players!A2:A10)")),
        ("Fee", Cell(15.5, style=ONE_DECIMAL)),
        ("Total", Cell(139.5, "B2*B3")),
        ("Day", Cell(46354, style=DATE)),
        ("All paid", Cell(False, 'COUNTIF(Players!J2:J10,"no")=0')),
        ("Per game", Cell(None, "B4/0", error="#DIV/0!")),
        (" note with spaces ", Cell("Кубок «Осень» & Co <2026>")),
    ]
    fees.set(1, 1, "Item")
    fees.set(1, 2, "Amount")
    for row, (label, cell) in enumerate(rows, start=2):
        fees.set(row, 1, label)
        fees.cells[(row, 2)] = cell
    book.add_sheet("Notes")  # empty: <sheetData/>


def own_columns(path: Path) -> dict[str, tuple[Any, Any, Any]]:
    """Each player's own cells in the saved workbook: Paid, Fee's formula, Fee's cached value."""
    formulas = load_workbook(path)["Players"]
    cached = load_workbook(path, data_only=True)["Players"]
    header = [c.value for c in formulas[1]]
    name, paid, fee = header.index("Name"), header.index("Paid"), header.index("Fee")
    found = {}
    for row, values in zip(formulas.iter_rows(min_row=2), cached.iter_rows(min_row=2), strict=True):
        if row[name].value:
            found[row[name].value] = (row[paid].value, row[fee].value, values[fee].value)
    return found


# ------------------------------------------------------------------ the edits


def sort_by(header: str, reverse: bool = False) -> Callable[[Book], None]:
    return lambda book: book.sort_rows("Players", header, reverse)


def insert_empty_player_row(book: Book) -> None:
    book.insert_rows("Players", 5)


def insert_a_player(book: Book) -> None:
    book.insert_rows("Players", 5)
    players = book["Players"]
    for header, value in (("Name", "Sato"), ("First name", "Yuki"), ("Rank", "2 dan")):
        players.set(5, players.column(header), value)
    players.set(5, players.column("Club"), "Tokyo")


def rank_in_words(book: Book) -> None:
    players = book["Players"]
    players.set(players.row_of("Name", "Novak"), players.column("Rank"), "1 dan")


def insert_round_row(book: Book) -> None:
    book.insert_rows("Round 2", 3)


def delete_a_game_row(book: Book) -> None:
    book.delete_rows("Round 2", 3)


TYPED = ("W+", "B+R", "0.5-0.5", "jigo")
STANDARD = ("1-0", "0-1", "½-½", "½-½")


def results_typed(book: Book) -> None:
    """Round 2's results typed as an organiser types them: ``W+``, ``B+R``, ``0.5-0.5``,
    ``jigo`` (in turn, from the first game)."""
    ws = book["Round 2"]
    column = ws.column("Result")
    typed = [r for r in range(2, ws.last_row() + 1) if ws.value(r, column) not in (None, "bye")]
    for n, row in enumerate(typed):
        ws.set(row, column, TYPED[n % len(TYPED)])


def results_made_times(book: Book) -> None:
    """``1:0`` and ``0:1`` typed: Excel makes them the times 01:00 and 00:01 (``h:mm``)."""
    ws = book["Round 2"]
    column = ws.column("Result")
    times = {"1-0": 1 / 24, "0-1": 1 / 1440}
    for row in range(2, ws.last_row() + 1):
        value = ws.value(row, column)
        if value in times:
            ws.cells[(row, column)] = Cell(times[value], style=TIME)


def result_as_formula(book: Book) -> None:
    ws = book["Round 2"]
    column = ws.column("Result")
    value = ws.value(2, column)
    ws.cells[(2, column)] = Cell(value, f'IF(TRUE,"{value}","")')


def hidden_filtered_frozen(book: Book) -> None:
    players = book["Players"]
    players.hidden_columns.add(players.column("EGD PIN"))
    players.hidden_rows.add(players.row_of("Name", "Nagy"))
    players.autofilter = players.filtered = True
    players.frozen = True
    round2 = book["Round 2"]
    round2.hidden_columns.add(round2.column("Komi"))
    round2.autofilter = True


def sheets_moved(book: Book) -> None:
    book.move_sheet("Standings", 0)
    book.move_sheet("Fees", 1)
    book.move_sheet("Round 1", len(book.sheets) - 1)


def everything(book: Book) -> None:
    for edit in (
        sort_by("Club"),
        insert_a_player,
        rank_in_words,
        insert_round_row,
        results_typed,
        result_as_formula,
        hidden_filtered_frozen,
        sheets_moved,
    ):
        edit(book)


WORKING: dict[str, Callable[[Book], None]] = {
    "re-saved": lambda book: None,
    "players sorted by rating": sort_by("Rating", reverse=True),
    "players sorted by club": sort_by("Club"),
    "empty row inserted in players": insert_empty_player_row,
    "player inserted with rank 2 dan": insert_a_player,
    "rank 1 dan": rank_in_words,
    "empty row inserted in a round": insert_round_row,
    "results typed by hand": results_typed,
    "1:0 made a time": results_made_times,
    "result as a formula": result_as_formula,
    "hidden, filtered, frozen": hidden_filtered_frozen,
    "sheets moved": sheets_moved,
    "everything at once": everything,
}


def made(path: Path, edit: Callable[[Book], None], inline: bool = False) -> Book:
    """The workbook at ``path`` with the organiser's own things and ``edit``, saved as Excel
    saves it (over ``path``)."""
    book = from_workbook(path)
    own_things(book)
    edit(book)
    write_book(book, path, inline)
    return book


# ------------------------------------------------------------------ edits that work


@dataclass
class Before:
    own_sheets: dict[str, bytes]
    own_columns: dict[str, tuple[Any, Any, Any]]


def before(path: Path) -> Before:
    was = Before({s: sheet_part(path, s) for s in OWN_SHEETS}, own_columns(path))
    assert b"<f>COUNTA(Players!A2:A10)</f>" in was.own_sheets["Fees"]
    assert b"<sheetData/>" in was.own_sheets["Notes"]
    assert b'<f t="shared" ref="K2:K' in sheet_part(path, "Players")  # the Fee column
    assert len(was.own_columns) >= 9
    fees = [fee for _paid, fee, _ in was.own_columns.values()]
    assert sum(str(fee).startswith("=IF(") for fee in fees) >= 8
    return was


def nothing_lost(path: Path, was: Before) -> None:
    """The own sheets byte for byte, the own columns value for value (formulas too), and the
    workbook reopens in openpyxl."""
    for sheet, data in was.own_sheets.items():
        assert sheet_part(path, sheet) == data, sheet
    assert own_columns(path) == was.own_columns
    load_workbook(path)


@pytest.mark.parametrize("inline", [False, True], ids=["shared strings", "inline strings"])
@pytest.mark.parametrize("name", list(WORKING))
def test_an_edit_then_check_pair_and_standings_work(
    capsys: pytest.CaptureFixture[str], open_book: Path, name: str, inline: bool
) -> None:
    made(open_book, WORKING[name], inline)
    was = before(open_book)
    out = cli_ok(capsys, "check", open_book)
    assert "no problems" in out and "2 of 4 rounds paired" in out
    out = cli_ok(capsys, "pair", open_book)
    assert "Round 3:" in out
    nothing_lost(open_book, was)
    cli_ok(capsys, "standings", open_book)
    nothing_lost(open_book, was)
    assert "3 of 4 rounds paired" in cli_ok(capsys, "check", open_book)
    round3 = [list(r) for r in load_workbook(open_book)["Round 3"].iter_rows(values_only=True)]
    assert round3[0][:2] == ["Table", "White"] and len([r for r in round3[1:] if r[0]]) == 5
    if WORKING[name] in (insert_a_player, everything):
        assert any("Sato Yuki" in r for r in round3)  # the player inserted is paired


def test_results_typed_by_hand_come_back_in_the_standard_form(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    made(open_book, results_typed)
    typed = [r[7] for r in load_workbook(open_book)["Round 2"].iter_rows(values_only=True)]
    assert set(TYPED) <= set(typed)
    assert "4 results rewritten in the standard form" in cli_ok(capsys, "pair", open_book)
    after = [r[7] for r in load_workbook(open_book)["Round 2"].iter_rows(values_only=True)]
    assert after == [STANDARD[TYPED.index(v)] if v in TYPED else v for v in typed]


def test_results_excel_made_times_are_read_as_typed(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    results = [r[7] for r in load_workbook(open_book)["Round 2"].iter_rows(values_only=True)]
    made(open_book, results_made_times)
    assert "rewritten in the standard form" in cli_ok(capsys, "pair", open_book)
    after = [r[7] for r in load_workbook(open_book)["Round 2"].iter_rows(values_only=True)]
    assert after == results


def test_a_result_formula_is_kept(capsys: pytest.CaptureFixture[str], open_book: Path) -> None:
    made(open_book, result_as_formula)
    cli_ok(capsys, "pair", open_book)
    assert str(load_workbook(open_book)["Round 2"]["H2"].value).startswith("=IF(TRUE,")


def test_hidden_rows_columns_filter_and_panes_are_kept(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    made(open_book, hidden_filtered_frozen)
    cli_ok(capsys, "pair", open_book)
    players = sheet_part(open_book, "Players").decode()
    for kept in ('filterMode="1"', "<autoFilter ", 'state="frozen"', 'hidden="1"'):
        assert kept in players, kept
    assert "<autoFilter " in sheet_part(open_book, "Round 2").decode()
    ws = load_workbook(open_book)["Players"]
    assert ws.column_dimensions["I"].hidden and ws.freeze_panes == "A2"


# ------------------------------------------------------------------ edits refused, and the way out


def delete_a_player(book: Book) -> None:
    book.delete_rows("Players", book["Players"].row_of("Name", "Kowalski"))


def put_him_back(book: Book) -> None:
    """The way out: his row back in Players, the rounds he no longer plays in Not playing."""
    players = book["Players"]
    row = players.last_row() + 1
    for header, value in (("Name", "Kowalski"), ("First name", "Piotr"), ("Rank", "3d")):
        players.set(row, players.column(header), value)
    players.set(row, players.column("Not playing"), "3, 4")


def copy_round(book: Book) -> None:
    book.copy_sheet("Round 2", "Round 2 (2)")


def delete_the_copy(book: Book) -> None:
    book.sheets.remove(book["Round 2 (2)"])


def rename_round(book: Book) -> None:
    book.rename_sheet("Round 2", "Round 2 Sunday")


def rename_it_back(book: Book) -> None:
    book.rename_sheet("Round 2 Sunday", "Round 2")


def error_result(book: Book) -> None:
    ws = book["Round 2"]
    ws.cells[(2, ws.column("Result"))] = Cell(None, "NA()", error="#N/A")


def type_the_result(book: Book) -> None:
    ws = book["Round 2"]
    ws.cells[(2, ws.column("Result"))] = Cell("1-0")


def mark_them_absent(book: Book) -> None:
    """The way out of a game's row deleted in Round 2: its players marked as not playing it."""
    players, round_2 = book["Players"], book["Round 2"]
    name, first = players.column("Name"), players.column("First name")
    seated = {
        round_2.value(row, round_2.column(header))
        for row in range(2, round_2.last_row() + 1)
        for header in ("White", "Black")
    }
    for row in range(2, players.last_row() + 1):
        full = f"{players.value(row, name)} {players.value(row, first) or ''}".strip()
        if full not in seated:
            players.set(row, players.column("Not playing"), "2")


@dataclass(frozen=True)
class Refusal:
    edit: Callable[[Book], None]
    codes: tuple[int, ...]
    where: str  # the sheet!cell (or sheet) the message names
    says: str  # the way out, in the message
    way_out: Callable[[Book], None]


REFUSED = {
    "withdrawn player's row deleted": Refusal(
        delete_a_player, (1,), "Round 1!B2", "Put it back", put_him_back
    ),
    "round sheet copied": Refusal(
        copy_round, (1,), "Round 2 (2)", "'Round 2' is there already", delete_the_copy
    ),
    "round sheet renamed": Refusal(
        rename_round, (1,), "Round 2 Sunday", "rename it 'Round 2'", rename_it_back
    ),
    "game row deleted in a round": Refusal(
        delete_a_game_row, (1,), "Round 2", "Put it back", mark_them_absent
    ),
    "error value as a result": Refusal(error_result, (1,), "Round 2!H2", "#N/A", type_the_result),
}


@pytest.mark.parametrize("name", list(REFUSED))
def test_an_edit_refused_names_the_cell_and_its_way_out_works(
    capsys: pytest.CaptureFixture[str], open_book: Path, name: str
) -> None:
    refusal = REFUSED[name]
    made(open_book, refusal.edit)
    code, out, err = cli(capsys, "check", open_book)
    assert code in (0, *refusal.codes) and refusal.where in out + err, out + err
    code, _out, err = cli(capsys, "pair", open_book)  # (made again below: nothing written)
    assert code in refusal.codes
    err = refused(capsys, open_book.parent, code, "pair", open_book)
    [line] = [line for line in err.splitlines() if f"{refusal.where}" in line]
    assert refusal.says in line, err
    book = from_workbook(open_book)  # the way out, followed in Excel
    refusal.way_out(book)
    write_book(book, open_book)
    was = before(open_book)
    assert "Round 3:" in cli_ok(capsys, "pair", open_book)
    nothing_lost(open_book, was)


# ------------------------------------------------------------------ in real LibreOffice


@needs_soffice
def test_what_gosheet_wrote_opens_in_libreoffice(
    capsys: pytest.CaptureFixture[str], open_book: Path, tmp_path: Path
) -> None:
    made(open_book, everything)
    cli_ok(capsys, "pair", open_book)
    out = tmp_path / "office"
    out.mkdir()
    convert(tmp_path, "xlsx", open_book, outdir=out)
    ours, theirs = load_workbook(open_book), load_workbook(out / open_book.name)
    assert ours.sheetnames == theirs.sheetnames
    for sheet in ("Round 3", "Standings", "Players"):
        mine = [list(r) for r in ours[sheet].iter_rows(values_only=True)]
        office = [list(r) for r in theirs[sheet].iter_rows(values_only=True)]
        assert [r for r in office if any(v is not None for v in r)] == [
            r for r in mine if any(v is not None for v in r)
        ], sheet
