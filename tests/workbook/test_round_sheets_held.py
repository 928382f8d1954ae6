"""Round sheets known by what they hold (issue 25, part 2): a sheet whose header row is a round
sheet's — in any of the workbook languages — and whose name is not ``Round N`` is named by
``check``, ``pair`` and ``standings``, with the way out, before anything is written; so is a copy
of a round sheet (Excel's ``Round 2 (2)``, LibreOffice's ``Round 2_2``). Before: ``Round 2``
renamed ``Round 2 Sunday`` passed ``check`` ("no problems") and ``pair`` paired round 2 again,
the standings losing its results.

The workbooks (``open_book``: 9 players, 4 rounds, rounds 1 and 2 played) are fixtures of
``tests/conftest.py``; each test changes one with openpyxl, as an organiser's hand would.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from openpyxl import Workbook
from support.books import damage, demo_in, sheet_rows
from support.cli import cli_ok, problem_line, refused

from gosheet.app import bridge
from gosheet.i18n import words
from gosheet.workbook.sheets.round_look_alikes import holds_a_round, round_like, round_named
from gosheet.workbook.xlsx.book import XlsxBook

COMMANDS = ("check", "pair", "standings")


def renamed(old: str, new: str) -> Callable[[Workbook], None]:
    def rename(wb: Workbook) -> None:
        wb[old].title = new

    return rename


def copied(sheet: str, name: str) -> Callable[[Workbook], None]:
    def copy(wb: Workbook) -> None:
        wb.copy_worksheet(wb[sheet]).title = name

    return copy


# ------------------------------------------------ what a sheet's name and header row say


@pytest.mark.parametrize(
    ("name", "number"),
    [("Round 2_2", 2), ("Round 1 (2)", 1), ("Ronde 3_2", 3), ("Тур 2_3", 2)],
)
def test_copies_made_by_excel_and_libreoffice_look_like_a_round(name: str, number: int) -> None:
    assert round_like(name) == number


@pytest.mark.parametrize(
    ("name", "number"),
    [
        ("Round 3 Sunday", 3),
        ("Copy of round 2", 2),
        ("Sunday R4", 4),
        ("Тур 5 (воскресенье)", 5),
        ("Sunday", None),
        ("Groundwork 3", None),  # a round word inside another word is none
        ("Day 2", None),
    ],
)
def test_the_round_a_name_gives(name: str, number: int | None) -> None:
    assert round_named(name) == number


@pytest.mark.parametrize(
    "header",
    [
        ["Table", "White", "White rank", "Black", "Black rank", "Handicap", "Komi", "Result"],
        ["table", "WHITE", "black", "result"],
        ["Table", "First player", "Second player", "Result"],
        ["Стол", "Белые", "Ранг белых", "Чёрные", "Ранг чёрных", "Фора", "Коми", "Результат"],
        ["Table", "Blanc", "Noir", "Résultat"],
        ["Taula", "Blanques", "Negres", "Resultat"],
    ],
)
def test_a_round_sheets_header_row_in_any_language(header: list[str]) -> None:
    assert holds_a_round([header, [1, "A", "B", "1-0"]])
    assert holds_a_round([[None, None], ["Sunday's games"], header])  # a title above it


@pytest.mark.parametrize(
    "header",
    [
        ["Table", "White", "Black", "Score"],  # no result
        ["Name", "Result"],
        ["Table", "White", "Weight"],  # the Explain sheet's
        ["No.", "Place", "Name", "R1", "R2"],  # the Standings'
        [],
    ],
)
def test_other_header_rows_are_not_a_rounds(header: list[str]) -> None:
    assert not holds_a_round([header, [1, "Ivanova Maria", "Kowalski Piotr", "1-0"]])


# ------------------------------------------------ check, pair and standings name it


@pytest.mark.parametrize("new", ["Round 2 Sunday", "Round 2_2", "Copy of round 2"])
def test_a_round_sheet_renamed_is_named_with_its_way_out(
    capsys: pytest.CaptureFixture[str], open_book: Path, new: str
) -> None:
    damage(open_book, renamed("Round 2", new))
    for command in COMMANDS:  # exit 1, as a round sheet named R2; nothing written
        err = refused(capsys, open_book.parent, 1, command, open_book)
        line = problem_line(err, new)
        assert "its header row is a round sheet's" in line
        assert line.endswith("rename it 'Round 2'")
    # the way out followed: the round counts again, and pair pairs round 3
    damage(open_book, renamed(new, "Round 2"))
    assert "2 of 4 rounds paired" in cli_ok(capsys, "check", open_book)
    assert "Round 3" in cli_ok(capsys, "pair", open_book)


def test_a_round_sheet_under_a_name_without_a_number(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    damage(open_book, renamed("Round 2", "Sunday"))
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    line = problem_line(err, "Sunday")
    assert "rename it 'Round N' with its round's number" in line
    assert "the next round sheet would be 'Round 2'" in line


@pytest.mark.parametrize("copy", ["Round 1 (2)", "Round 1_2", "Backup"])
def test_a_copy_of_a_round_sheet_is_named_and_can_be_kept(
    capsys: pytest.CaptureFixture[str], open_book: Path, copy: str
) -> None:
    damage(open_book, copied("Round 1", copy))
    err = refused(capsys, open_book.parent, 1, "pair", open_book)
    line = problem_line(err, copy)
    if copy == "Backup":
        assert "if it is a copy of a round sheet, delete it" in line
    else:
        assert "'Round 1' is there already: if this sheet is a copy of it, delete it" in line
    if copy == "Backup":
        assert line.endswith("or rename its 'Result' column to keep it as your own")
        own = copy
    else:  # its name would still look like a round
        assert "to keep it as your own, rename its 'Result' column and give it a name" in line
        own = "Round 1 kept"
    kept = sheet_rows(open_book, copy)

    def keep(wb: Workbook) -> None:  # the way out followed: the copy kept as the organiser's
        wb[copy]["H1"] = "Result (copy)"
        wb[copy].title = own

    damage(open_book, keep)
    assert "Round 3" in cli_ok(capsys, "pair", open_book)
    after = sheet_rows(open_book, own)
    assert after[1:] == kept[1:] and after[0][7] == "Result (copy)"


def test_an_own_sheet_named_like_a_round_but_holding_none_is_left_alone(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def notes(wb: Workbook) -> None:
        wb.create_sheet("Round 3 notes").append(["Table", "Remark"])
        wb.create_sheet("Explain (2)").append(["Table", "White", "Black", "Weight"])

    damage(open_book, notes)
    assert "no problems" in cli_ok(capsys, "check", open_book)


@pytest.mark.parametrize(
    ("language", "old", "new", "proper"),
    [
        ("ru", "Тур 2", "Тур 2 воскресенье", "Тур 2"),
        ("fr", "Ronde 2", "Ronde 2 dimanche", "Ronde 2"),
        ("ca", "Ronda 2", "Ronda 2 diumenge", "Ronda 2"),
    ],
)
def test_a_round_sheet_renamed_in_a_workbook_in_another_language(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    language: str,
    old: str,
    new: str,
    proper: str,
) -> None:
    book = demo_in(tmp_path, language, rounds=4)
    damage(book, renamed(old, new))
    err = refused(capsys, tmp_path, 1, "pair", book)
    line = problem_line(err, new)
    assert line.endswith(f"«{proper}»") or line.endswith(f"« {proper} »"), line


def test_a_round_sheet_in_another_language_than_the_workbooks(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    def french(wb: Workbook) -> None:
        ws = wb.create_sheet("Dimanche")
        ws.append(["Table", "Blanc", "Noir", "Résultat"])
        ws.append([1, "Ivanova Maria", "Kowalski Piotr", "1-0"])

    damage(open_book, french)
    line = problem_line(refused(capsys, open_book.parent, 1, "check", open_book), "Dimanche")
    assert "the next round sheet would be 'Round 3'" in line


# ------------------------------------------------ the buttons: the same message
# (the Excel buttons: tests/frontends/excel/test_excel_round_sheets.py, which needs xlwings)


def test_the_bridge_names_the_sheet(open_book: Path) -> None:
    damage(open_book, renamed("Round 2", "Round 2 Sunday"))
    sheets = json.loads(json.dumps(XlsxBook.open(open_book).grids(), default=str))
    for action in COMMANDS:
        answer, code = bridge.handle({"action": action, "sheets": sheets})
        assert code == 1 and not answer["ok"] and "operations" not in answer
        [problem] = answer["problems"]
        assert problem["sheet"] == "Round 2 Sunday" and problem["cell"] == ""
        assert problem["message"].endswith("rename it 'Round 2'")


def test_the_problem_in_each_language() -> None:
    """The message and its way out are translated (ru, fr, ca), the proper name too."""
    from gosheet.i18n import catalog
    from gosheet.workbook.sheets.round_look_alikes import round_held

    for language in ("ru", "fr", "ca"):
        catalog.use(language)
        proper = words.local("Round 2", language, words.SHEETS)
        for problem in (
            round_held("X", 2, [1]),
            round_held("X", 1, [1]),
            round_held("X", None, [1]),
        ):
            assert "header row" not in problem.message, (language, problem.message)
        assert proper in round_held("X", 2, [1]).message
    catalog.use("en")
