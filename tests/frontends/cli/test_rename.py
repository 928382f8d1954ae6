"""``gosheet rename BOOK OLD NEW``: a player renamed in Players, in every round sheet and in
the Standings; an unknown old name (with the closest names) and a name already taken are
refused, and nothing is changed.

``open_book`` (9 players, rounds 1 and 2 played) is a fixture of ``tests/conftest.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from support.books import damage, row_of, sheet_rows, sheet_table
from support.cli import cli, cli_ok, refused

from gosheet.app.actions import split_name
from gosheet.core.model import Player


def _names_in_rounds(book: Path) -> list[str]:
    return [
        row[c]
        for sheet in ("Round 1", "Round 2")
        for _, rows in [sheet_table(book, sheet)]
        for row in rows
        for c in ("White", "Black")
        if row.get(c)
    ]


def test_rename_everywhere(capsys: pytest.CaptureFixture[str], open_book: Path) -> None:
    before = _names_in_rounds(open_book)
    assert before.count("Kowalski Piotr") == 2
    out = cli_ok(capsys, "rename", open_book, "kowalski piotr", "Kowalska Petra")
    assert "2 cells of the round sheets" in out and "Standings rewritten" in out
    _, players = sheet_table(open_book, "Players")
    assert [(p["Name"], p["First name"]) for p in players if p["Rank"] == "3d"] == [
        ("Kowalska", "Petra")
    ]
    after = _names_in_rounds(open_book)
    assert "Kowalski Piotr" not in after and after.count("Kowalska Petra") == 2
    _, standings = sheet_table(open_book, "Standings")
    assert ("Kowalska", "Petra") in {(r["Name"], r["First name"]) for r in standings}
    assert "no problems" in cli_ok(capsys, "check", open_book)
    cli_ok(capsys, "pair", open_book)


def test_a_comma_splits_name_and_first_name(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    cli_ok(capsys, "rename", open_book, "Novak Jan", "van der Berg, Jan Piet")
    rows = sheet_rows(open_book, "Players")
    assert ["van der Berg", "Jan Piet"] in [row[:2] for row in rows]
    assert "van der Berg Jan Piet" in _names_in_rounds(open_book)


def test_an_unknown_old_name_is_refused_with_the_closest(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    err = refused(capsys, open_book.parent, 3, "rename", open_book, "Kowalsky Piotr", "X Y")
    assert "'Kowalsky Piotr' is not a player" in err and "'Kowalski Piotr'" in err


def test_a_name_already_taken_is_refused(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    err = refused(capsys, open_book.parent, 3, "rename", open_book, "Kowalski Piotr", "Novak Jan")
    assert "'Novak Jan' is already a player" in err


def test_a_workbook_with_problems_is_not_renamed(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def bad(wb: Workbook) -> None:
        ws = wb["Players"]
        ws[f"C{row_of(ws, 'Name', 'Novak')}"] = "3x"

    damage(open_book, bad)
    refused(capsys, open_book.parent, 1, "rename", open_book, "Kowalski Piotr", "Kowal Piotr")


def test_rename_is_a_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = cli(capsys, "rename", "--help")
    assert code == 0 and "OLD" in out and "NEW" in out


@pytest.mark.parametrize(
    ("new", "split"),
    [
        ("Petrova Maria", ("Petrova", "Maria")),  # the first name kept
        ("Ivanova Masha", ("Ivanova", "Masha")),  # the name kept
        ("Smith Anna", ("Smith", "Anna")),  # as many words as the old first name
        ("Smith", ("Smith", "")),
        ("de la Cruz, Ana", ("de la Cruz", "Ana")),
    ],
)
def test_split_name(new: str, split: tuple[str, str]) -> None:
    assert split_name(new, Player(1, "Ivanova", "Maria")) == split


def test_rename_holds_the_workbook_as_every_change_does(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    """A rename is a change like a pair: refused while LibreOffice has the workbook open, and
    the version before it kept in the history."""
    lock = open_book.parent / ".~lock.cup.xlsx#"
    lock.write_text("x", encoding="utf-8")
    err = refused(capsys, open_book.parent, 5, "rename", open_book, "Novak Jan", "Novak Jana")
    assert "LibreOffice" in err
    lock.unlink()
    cli_ok(capsys, "rename", open_book, "Novak Jan", "Novak Jana")
    history = cli_ok(capsys, "history", open_book)
    assert [line.split("before ", 1)[1] for line in history.splitlines() if "before " in line] == [
        "rename"
    ]


def _twins_book(folder: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Six players, two of whose names differ by a letter (Kim Min, Kim Mun), round 1
    paired: each plays in it."""
    book = folder / "twins.xlsx"
    cli_ok(capsys, "new", book, "--rounds", "3", "--system", "swiss")
    wb = load_workbook(book)
    players = wb["Players"]
    head = [c.value for c in players[1]]
    rows = [("Kim", "Min", "3d"), ("Kim", "Mun", "2d"), ("Novak", "Jan", "1d")]
    rows += [("Berg", "Ola", "1k"), ("Sato", "Aki", "2k"), ("Lund", "Eva", "3k")]
    for r, (name, first, rank) in enumerate(rows, start=2):
        for key, value in (("Name", name), ("First name", first), ("Rank", rank)):
            players.cell(r, head.index(key) + 1, value)
    wb.save(book)
    cli_ok(capsys, "pair", book)
    return book


def _players_row(book: Path, surname: str, first: str) -> int:
    players = load_workbook(book)["Players"]
    return next(
        r
        for r in range(2, players.max_row + 1)
        if (players.cell(r, 1).value, players.cell(r, 2).value) == (surname, first)
    )


def test_a_deleted_row_is_not_taken_for_a_player_renamed_into_another(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Kim Min's row deleted from Players: check asks for the row back and proposes no new
    name — not Kim Mun, whose name is nearest but who plays in the same round (renaming
    would merge their games). Kim Min renamed in Players (Kim Minh): check proposes it."""
    book = _twins_book(tmp_path, capsys)
    wb = load_workbook(book)
    wb["Players"].delete_rows(_players_row(book, "Kim", "Min"))
    wb.save(book)
    code, _, err = cli(capsys, "check", book)
    assert code == 1
    told = [line for line in err.splitlines() if "'Kim Min'" in line]
    assert len(told) == 1 and "was his row deleted there? Put it back" in told[0], err
    assert "Kim Mun" not in told[0]

    (tmp_path / "renamed").mkdir()
    book = _twins_book(tmp_path / "renamed", capsys)
    wb = load_workbook(book)
    wb["Players"].cell(_players_row(book, "Kim", "Min"), 2, "Minh")
    wb.save(book)
    code, _, err = cli(capsys, "check", book)
    told = [line for line in err.splitlines() if "'Kim Min'" in line]
    assert code == 1 and len(told) == 1
    assert 'gosheet rename BOOK.xlsx "Kim Min" "Kim Minh"' in told[0], err
