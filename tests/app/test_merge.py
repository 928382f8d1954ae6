"""Helpers' copies (issue 27, point 5): ``gosheet merge BOOK COPY…`` takes the results typed in
copies of the workbook into it — real files written, typed in (through gosheet's own writer, or
openpyxl as Excel would save them), merged and read back; a result typed differently in two
places, a copy of another tournament, of an earlier or a later state refused with BOOK
unchanged."""

from __future__ import annotations

import shutil
from datetime import time
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import demo_in
from support.ods_files import demo_copy

from gosheet.app import workbooks
from gosheet.app.bridge import handle
from gosheet.app.history import earlier_versions
from gosheet.app.merging import merge_bytes, merge_files
from gosheet.core.errors import ConsistencyError, FileProblem, InputError
from gosheet.core.model import Result
from gosheet.frontends.cli import main
from gosheet.workbook.books import open_book
from gosheet.workbook.port import CellValue
from gosheet.workbook.saving.atomic import backup_path


def paired(folder: Path) -> Path:
    """A tournament of 4 rounds, 2 played, round 3 paired and no result typed in it."""
    book = demo_in(folder, "en", rounds=4)
    target = folder / "cup.xlsx"
    book.rename(target)
    workbooks.pair(target)
    return target


def copy_of(book: Path, name: str) -> Path:
    target = book.with_name(name)
    shutil.copyfile(book, target)
    return target


def typed(path: Path, cells: dict[str, CellValue], sheet: str = "Round 3") -> Path:
    """Results typed in a copy and saved (gosheet's own writer: an .xlsx or an .ods)."""
    book = open_book(path)
    for cell, value in cells.items():
        book.set_cell(sheet, cell, value)
    book.save(backup=False)
    return path


def result_column(path: Path, sheet: str = "Round 3") -> list[CellValue]:
    grid = open_book(path).grids()[sheet]
    at = grid[0].index("Result")
    return [row[at] if len(row) > at else None for row in grid[1:]]


def test_results_from_two_copies_are_taken_into_the_workbook(tmp_path: Path) -> None:
    book = paired(tmp_path)
    anna = typed(copy_of(book, "copy-anna.xlsx"), {"H2": "W+", "H3": "b", "H4": "1-0"})
    ben = typed(copy_of(book, "copy-ben.xlsx"), {"H4": "1:0", "H5": "=", "H6": "0-1"})
    edited = merge_files(book, [anna, ben], names=["copy-anna.xlsx", "copy-ben.xlsx"])
    done = edited.done
    assert dict(done.taken) == {"copy-anna.xlsx": 3, "copy-ben.xlsx": 2}  # H4 typed in both
    assert done.already == 22  # rounds 1 and 2
    message = done.message()
    assert message.startswith(
        "5 results taken from the copies (3 from copy-anna.xlsx, 2 from copy-ben.xlsx); "
        "22 were already in cup.xlsx."
    )
    assert "results still missing" in message and "Standings updated." in message
    results = result_column(book)
    assert results[:5] == ["1-0", "0-1", "1-0", "½-½", "0-1"]
    state = open_book(book).read()
    last = state.tournament.rounds[-1]
    assert [g.result for g in last.games[:5]] == [
        Result.WHITE_WINS,
        Result.BLACK_WINS,
        Result.WHITE_WINS,
        Result.JIGO,
        Result.BLACK_WINS,
    ]
    assert (tmp_path / "cup.backup.xlsx").exists()  # the previous version kept
    assert open_book(anna).grids()["Round 3"][1][7] == "W+"  # the copies untouched


def test_a_result_typed_differently_is_refused_naming_its_cell(tmp_path: Path) -> None:
    book = paired(tmp_path)
    typed(book, {"H7": "0-1"})
    anna = typed(copy_of(book, "anna.xlsx"), {"H2": "1-0", "H3": "1-0", "H7": "0-1"})
    ben = typed(copy_of(book, "ben.xlsx"), {"H2": "B+", "H7": "w"})
    before, backup = book.read_bytes(), (tmp_path / "cup.backup.xlsx").read_bytes()
    with pytest.raises(InputError) as refused:
        merge_files(book, [anna, ben], names=["anna.xlsx", "ben.xlsx"])
    problems = [str(p) for p in refused.value.problems]
    assert problems == [
        "Round 3!H2: results typed differently: 1-0 in anna.xlsx, 0-1 in ben.xlsx; make them "
        "agree, then merge again",
        "Round 3!H7: results typed differently: 0-1 in cup.xlsx, 0-1 in anna.xlsx, 1-0 in "
        "ben.xlsx; make them agree, then merge again",
    ]
    assert book.read_bytes() == before  # nothing written, not even the backup
    assert (tmp_path / "cup.backup.xlsx").read_bytes() == backup


def test_a_time_excel_made_of_1_0_is_the_same_result(tmp_path: Path) -> None:
    book = paired(tmp_path)
    typed(book, {"H2": "1-0"})
    helper = copy_of(book, "helper.xlsx")
    workbook = load_workbook(helper)  # as Excel saves "1:0" typed in a cell not formatted as text
    workbook["Round 3"]["H2"] = time(1, 0)
    workbook["Round 3"]["H3"] = time(0, 1)
    workbook.save(helper)
    done = merge_files(book, [helper]).done
    assert done.taken == ((str(helper), 1),) and done.already == 23
    assert result_column(book)[:2] == ["1-0", "0-1"]


def test_copies_of_another_tournament_or_state_are_refused(tmp_path: Path) -> None:
    book = paired(tmp_path)
    earlier = copy_of(tmp_path / "cup.backup.xlsx", "earlier.xlsx")  # before round 3 was paired
    other = typed(copy_of(book, "other.xlsx"), {"B2": "Another cup"}, sheet="Settings")
    stranger = typed(
        copy_of(book, "stranger.xlsx"), {"A25": "Nobody", "C25": "5k"}, sheet="Players"
    )  # a player registered in the copy
    good = typed(copy_of(book, "good.xlsx"), {"H2": "1-0"})
    later = copy_of(book, "later.xlsx")
    typed(later, {f"H{r}": "1-0" for r in range(2, 14)})
    workbooks.pair(later)  # round 4 paired in the copy
    before = book.read_bytes()
    copies = [earlier, other, stranger, good, later]
    with pytest.raises(InputError) as refused:
        merge_files(book, copies, names=[c.name for c in copies])
    said = [str(p) for p in refused.value.problems]
    assert said[0].startswith(
        "earlier.xlsx: a copy of an earlier state: the workbook has 3 rounds paired, the copy 2"
    )
    assert said[1] == (
        "other.xlsx: a copy of another tournament: 'Another cup', not 'gosheet demo' "
        "(the Tournament setting)"
    )
    assert said[2].startswith("stranger.xlsx: a copy of another tournament: 1 player is not in")
    assert "Nobody" in said[2]
    assert said[3].startswith("later.xlsx: a copy of a later state: Round 4 is paired in the copy")
    assert len(said) == 4  # good.xlsx: nothing to say
    assert book.read_bytes() == before
    with pytest.raises(FileProblem, match="is the workbook itself"):
        merge_files(book, [book])


def test_a_round_paired_again_is_refused(tmp_path: Path) -> None:
    book = paired(tmp_path)
    again = copy_of(book, "again.xlsx")
    grid = open_book(again).grids()["Round 3"]
    white, black = grid[0].index("White"), grid[0].index("Black")
    first, second = grid[1][white], grid[2][white]
    typed(again, {"B2": second, "B3": first})  # two players swapped between tables 1 and 2
    with pytest.raises(InputError) as refused:
        merge_files(book, [again], names=["again.xlsx"])
    (problem,) = [str(p) for p in refused.value.problems]
    assert problem.startswith("again.xlsx: a copy of another state: Round 3 is paired differently")
    opponent = grid[1][black]
    assert f"table 1: {first} – {opponent} in the workbook, {second} – {opponent} in the copy" in (
        problem
    )


def test_an_unreadable_copy_is_named_with_its_cells(tmp_path: Path) -> None:
    book = paired(tmp_path)
    typo = typed(copy_of(book, "typo.xlsx"), {"H2": "1-O", "H3": "won"})
    with pytest.raises(InputError) as refused:
        merge_files(book, [typo], names=["typo.xlsx"])
    said = [str(p) for p in refused.value.problems]
    assert said[0].startswith("typo.xlsx: Round 3!H2: '1-O': not a result code")
    assert said[1].startswith("typo.xlsx: Round 3!H3: 'won': not a result code")


def test_an_ods_workbook_and_its_copies_ods_and_xlsx(tmp_path: Path) -> None:
    book = demo_copy(tmp_path)  # made by LibreOffice: round 1 played, 4 rounds in all
    workbooks.pair(book)
    anna = typed(copy_of(book, "anna.ods"), {"H2": "W+", "H3": "n+"}, sheet="Round 2")
    ben = typed(copy_of(book, "ben.ods"), {"H4": "½"}, sheet="Round 2")
    (tmp_path / "carl").mkdir()
    carl = demo_copy(tmp_path / "carl", ".xlsx")  # the same tournament, written by gosheet
    workbooks.pair(carl)  # round 2 paired there as in the workbook (the same seed)
    typed(carl, {"H5": "0-1!"}, sheet="Round 2")
    names = ["anna.ods", "ben.ods", "carl.xlsx"]
    done = merge_files(book, [anna, ben, carl], names=names).done
    assert done.taken == (("anna.ods", 2), ("ben.ods", 1), ("carl.xlsx", 1))
    assert result_column(book, "Round 2")[:4] == ["1-0", "0-1", "½-½", "0-1!"]
    assert (tmp_path / "demo.backup.ods").exists()


def test_merge_on_bytes_as_the_page_does(tmp_path: Path) -> None:
    book = paired(tmp_path)
    anna = typed(copy_of(book, "anna.xlsx"), {"H2": "1-0"})
    edited = merge_bytes(book.read_bytes(), "cup.xlsx", [(anna.read_bytes(), "anna.xlsx")])
    assert edited.data is not None and edited.done.taken == (("anna.xlsx", 1),)
    back = tmp_path / "back.xlsx"
    back.write_bytes(edited.data)
    assert result_column(back)[0] == "1-0"


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = paired(tmp_path)
    anna = typed(copy_of(book, "anna.xlsx"), {"H2": "1-0"})
    ben = typed(copy_of(book, "ben.xlsx"), {"H2": "0-1"})
    assert main(["merge", str(book), str(anna)]) == 0
    out = capsys.readouterr().out
    assert f"1 result taken from the copies (1 from {anna});" in out and "Saved" in out
    before = book.read_bytes()
    assert main(["merge", str(book), str(ben)]) == 1
    err = capsys.readouterr().err
    assert f"Round 3!H2: results typed differently: 1-0 in cup.xlsx, 0-1 in {ben}" in err
    assert book.read_bytes() == before
    assert main(["merge", str(book), str(tmp_path / "none.xlsx")]) == 5


def test_the_bridge_merges_the_copies_it_is_given(tmp_path: Path) -> None:
    """The JSON contract the office suites' macros use: ``"copies"``, the copies' paths; the
    answer's operations set the result cells and render the Standings."""
    book = paired(tmp_path)
    anna = typed(copy_of(book, "anna.xlsx"), {"H2": "W+", "H3": "0-1"})
    sheets = open_book(book).grids()
    request = {"action": "merge", "sheets": sheets, "name": str(book), "copies": [str(anna)]}
    answer, code = handle(request)
    assert code == 0 and answer["ok"], answer
    assert answer["message"].startswith("2 results taken from the copies (2 from anna.xlsx)")
    sets = [(o["sheet"], o["cell"], o["value"]) for o in answer["operations"] if o["op"] == "set"]
    assert sets == [("Round 3", "H2", "1-0"), ("Round 3", "H3", "0-1")]
    assert [o["sheet"] for o in answer["operations"] if o["op"] == "render"] == ["Standings"]
    answer, code = handle({"action": "merge", "sheets": sheets, "copies": []})
    assert code == 2 and not answer["ok"]
    assert answer["message"] == "no copy given: choose the helpers' copies of the workbook"
    conflict = typed(copy_of(book, "ben.xlsx"), {"H2": "0-1"})
    answer, code = handle({**request, "copies": [str(anna), str(conflict)]})
    assert code == 1 and not answer["ok"]
    assert [p["text"] for p in answer["problems"]] == [
        "Round 3!H2: results typed differently: 1-0 in anna.xlsx, 0-1 in ben.xlsx; make them "
        "agree, then merge again"
    ]


def test_a_merge_that_takes_nothing_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Copies with no result the workbook has not (none typed, or only BOOK's own): the
    workbook is not saved — its bytes, its time, its history as they were, no backup made —
    and the command says so, exit 3 (the action does not fit the workbook's state); the
    bridge (LibreOffice, Excel's buttons) and the page neither write anything."""
    book = paired(tmp_path)
    empty = copy_of(book, "ben.xlsx")
    typed(book, {"H2": "1-0"})
    same = typed(copy_of(book, "anna.xlsx"), {"H2": "W+"})
    before, when = book.read_bytes(), book.stat().st_mtime_ns
    history, backup = earlier_versions(book).found, backup_path(book).read_bytes()
    for copies in ([same], [empty], [same, empty]):
        assert main(["merge", str(book), *map(str, copies)]) == 3
        err = capsys.readouterr().err
        assert "nothing new in the copies: every result typed in them is already in cup.xlsx" in err
        assert "nothing written, cup.xlsx is as it was" in err
        assert book.read_bytes() == before and book.stat().st_mtime_ns == when
        assert earlier_versions(book).found == history
        assert backup_path(book).read_bytes() == backup  # no new backup made
    with pytest.raises(ConsistencyError):
        merge_bytes(book.read_bytes(), "cup.xlsx", [(same.read_bytes(), "anna.xlsx")])
    request = {"action": "merge", "sheets": open_book(book).grids(), "copies": [str(same)]}
    answer, code = handle({**request, "name": str(book)})
    assert code == 3 and not answer["ok"] and not answer.get("operations")
    assert "nothing new in the copies" in answer["message"]
