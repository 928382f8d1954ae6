"""A game's row deleted by hand in a round sheet (issue 25's campaign): both players of that game
are then in no line of the round. ``check``, ``pair`` and ``standings`` refuse the workbook
(exit 1, nothing written), naming the round's sheet and both players, with two ways out that
work: the rounds they did not play in their ``Not playing`` cells, or the row back from an
earlier version (``gosheet history`` / ``gosheet restore``).

What stays as it was: a player marked as not playing the round, a player registered after it
(in no line of the rounds before he came), the last round while it holds the organiser's own
lines, and an OpenGotha file's players left unpaired under OpenGotha's rules (its "not
assigned", which ``check`` tells without refusing).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.cli import cli, cli_ok, refused
from support.paths import TESTS

FIXTURES = TESTS / "fixtures"
NOT_ASSIGNED = FIXTURES / "opengotha-exports" / "mm120-4r-export-cases.xml"


def delete_game_row(book: Path, sheet: str = "Round 2", row: int = 3) -> tuple[str, str]:
    """Delete a game's row of ``sheet`` as a spreadsheet does (the rows below move up): the
    names of its two players."""
    workbook = load_workbook(book)
    ws = workbook[sheet]
    headers = [cell.value for cell in ws[1]]
    white, black = headers.index("White") + 1, headers.index("Black") + 1
    names = (str(ws.cell(row, white).value), str(ws.cell(row, black).value))
    ws.delete_rows(row)
    workbook.save(book)
    return names


def mark_not_playing(book: Path, round_number: int, names: tuple[str, ...]) -> None:
    """Write ``round_number`` in the ``Not playing`` cells of the players ``names``."""
    workbook = load_workbook(book)
    ws = workbook["Players"]
    headers = [cell.value for cell in ws[1]]
    name, first, away = (headers.index(h) + 1 for h in ("Name", "First name", "Not playing"))
    for row in range(2, ws.max_row + 1):
        full = f"{ws.cell(row, name).value} {ws.cell(row, first).value or ''}".strip()
        if full in names:
            ws.cell(row, away).value = str(round_number)
    workbook.save(book)


def round_players(book: Path, sheet: str) -> set[str]:
    ws = load_workbook(book)[sheet]
    headers = [cell.value for cell in ws[1]]
    columns = [headers.index("White"), headers.index("Black")]
    return {
        str(row[c]) for row in ws.iter_rows(min_row=2, values_only=True) for c in columns if row[c]
    }


def test_a_deleted_game_row_is_named_by_check_pair_and_standings(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    assert "no problems" in cli_ok(capsys, "check", open_book)
    white, black = delete_game_row(open_book)
    for command in ("check", "pair", "standings"):
        err = refused(capsys, open_book.parent, 1, command, open_book)
        [line] = [line for line in err.splitlines() if "Round 2:" in line]
        assert f"'{white}'" in line and f"'{black}'" in line, err
        assert "Put it back" in line and "gosheet restore" in line, line
        assert "write 2 in their 'Not playing' cells" in line, line
    assert "Round 3" not in load_workbook(open_book).sheetnames


def test_the_way_out_absent_then_pair(capsys: pytest.CaptureFixture[str], open_book: Path) -> None:
    names = delete_game_row(open_book)
    mark_not_playing(open_book, 2, names)
    assert "no problems" in cli_ok(capsys, "check", open_book)
    assert "Round 3:" in cli_ok(capsys, "pair", open_book)
    assert set(names) <= round_players(open_book, "Round 3")  # back in round 3


def test_the_way_out_restore_then_pair(capsys: pytest.CaptureFixture[str], open_book: Path) -> None:
    before = round_players(open_book, "Round 2")
    cli_ok(capsys, "standings", open_book)  # a version kept in the history
    delete_game_row(open_book)
    code, _out, _err = cli(capsys, "pair", open_book)
    assert code == 1
    assert "1" in cli_ok(capsys, "history", open_book)
    cli_ok(capsys, "restore", open_book, 1)
    assert round_players(open_book, "Round 2") == before
    assert "Round 3:" in cli_ok(capsys, "pair", open_book)


def test_absent_in_advance_and_late_registrant_are_no_problem(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    """A player marked as not playing round 3 before its pairing, and one registered after
    round 2: both in no line of a round, rightly."""
    workbook = load_workbook(open_book)
    ws = workbook["Players"]
    headers = [cell.value for cell in ws[1]]
    ws.cell(2, headers.index("Not playing") + 1).value = "3"
    new = ws.max_row + 1
    for header, value in (("Name", "Latecomer"), ("First name", "Ada"), ("Rank", "5k")):
        ws.cell(new, headers.index(header) + 1).value = value
    workbook.save(open_book)
    assert "Round 3:" in cli_ok(capsys, "pair", open_book)
    assert "Latecomer Ada" in round_players(open_book, "Round 3")
    cli_ok(capsys, "simulate", open_book)
    assert "no problems" in cli_ok(capsys, "check", open_book)
    assert "Round 4:" in cli_ok(capsys, "pair", open_book)


def test_a_game_row_deleted_in_the_last_round_before_its_results(
    capsys: pytest.CaptureFixture[str], open_book: Path
) -> None:
    """The last round without results, one line fewer: the organiser's own lines, as before
    (``pair`` pairs the others around them)."""
    cli_ok(capsys, "pair", open_book)
    names = delete_game_row(open_book, "Round 3")
    out = cli_ok(capsys, "check", open_book)
    assert "no problems" in out
    assert "Round 3:" in cli_ok(capsys, "pair", open_book)
    assert set(names) <= round_players(open_book, "Round 3")


def test_opengotha_not_assigned_players_stay_readable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """OpenGotha's file holds players left unpaired in rounds 2 and 3 (played before, not
    marked absent): under OpenGotha's rules that is its "not assigned", and the workbook stays
    readable."""
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", NOT_ASSIGNED, "-o", book)
    out = cli_ok(capsys, "check", book)
    assert "no problems" in out
    assert "Left unpaired, though in an earlier round:" in out  # told, not refused
    [round_3] = [line for line in out.splitlines() if line.startswith("  Round 3:")]
    for name in ("Bunef Sonegum", "Cevodetzu Ko", "Cemebi Ve"):  # (played round 1 or 2)
        assert f"'{name}'" in round_3
    assert "'not assigned'" in round_3 and "gosheet restore" in round_3
    assert "Cunbigopo To" not in out  # his first round is round 4: registered late
    cli_ok(capsys, "standings", book)


# ---------------------------------------------------------------------------- a table missing
# A game's row deleted leaves its table number missing among the round's (gosheet and OpenGotha
# number tables 1, 2, 3 … without a gap): refused in any round, the first too, under either
# rules — in a workbook imported from an OpenGotha file, whose rounds may hold gaps rightly,
# beside players the import did not record as unpaired (below). (The last table's row of a
# round gosheet paired leaves no gap: in round 1 it cannot be told from a player registered
# since; docs/workbook.md says why gosheet records no game count there.)

ROSTER = "Name,First name,Rank\n" + "".join(
    f"P{i},F{i},{rank}\n" for i, rank in enumerate(["5d", "4d", "3d", "2d", "1d", "1k", "2k", "3k"])
)


def paired_round_1(capsys: pytest.CaptureFixture[str], tmp_path: Path, *options: str) -> Path:
    roster, book = tmp_path / "roster.csv", tmp_path / "cup.xlsx"
    roster.write_text(ROSTER)
    cli_ok(capsys, "import", roster, "-o", book, "--rounds", "4", *options)
    cli_ok(capsys, "pair", book)
    cli_ok(capsys, "simulate", book)
    return book


def refused_naming(capsys: pytest.CaptureFixture[str], book: Path, names: tuple[str, str]) -> None:
    for command in ("check", "pair", "standings"):
        err = refused(capsys, book.parent, 1, command, book)
        [line] = [line for line in err.splitlines() if "Round 1:" in line]
        assert "table 2 is missing" in line, err
        assert f"'{names[0]}'" in line and f"'{names[1]}'" in line, line
        assert "write 1 in their 'Not playing' cells" in line and "gosheet restore" in line
    assert "Round 2" not in load_workbook(book).sheetnames


@pytest.mark.parametrize("rules", ["gosheet", "opengotha"])
def test_a_game_row_deleted_in_round_1_is_named(
    rules: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = paired_round_1(capsys, tmp_path, "--rules", rules, "--system", "mcmahon")
    names = delete_game_row(book, "Round 1", 3)  # table 2
    refused_naming(capsys, book, names)
    mark_not_playing(book, 1, names)  # the way out: they did not play it
    assert "no problems" in cli_ok(capsys, "check", book)


def test_an_imported_opengotha_file_keeps_its_gaps_and_unassigned_players(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """OpenGotha keeps the table numbers of a game taken out: its file may hold a gap beside
    players left unpaired (this export: tables 55 and 54 of rounds 2 and 3). An imported
    workbook (its OpenGotha sheet) is not asked about gaps: told, not refused, as before."""
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", NOT_ASSIGNED, "-o", book)
    grid = load_workbook(book)["Round 2"]
    tables = {row[0] for row in grid.iter_rows(min_row=2, values_only=True)}
    assert 55 not in tables and 56 in tables
    assert "Left unpaired" in cli_ok(capsys, "check", book)


def test_a_fixed_table_and_a_late_registrant_are_no_problem(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A fixed table (20) beyond the games' tables leaves a gap rightly; a player registered
    after round 1 is in none of its lines rightly: no problem."""
    roster, book = tmp_path / "roster.csv", tmp_path / "cup.xlsx"
    roster.write_text(ROSTER.replace("Rank\n", "Rank,Fixed table\n").replace(",3k\n", ",3k,20\n"))
    cli_ok(capsys, "import", roster, "-o", book, "--rounds", "4")
    cli_ok(capsys, "pair", book)
    cli_ok(capsys, "simulate", book)
    tables = {
        row[0] for row in load_workbook(book)["Round 1"].iter_rows(min_row=2, values_only=True)
    }
    assert 20 in tables and 4 not in tables
    workbook = load_workbook(book)
    ws = workbook["Players"]
    ws.append(["Latecomer", "Ada", "5k"])
    workbook.save(book)
    assert "no problems" in cli_ok(capsys, "check", book)
    assert "Round 2:" in cli_ok(capsys, "pair", book)
    assert "Latecomer Ada" in round_players(book, "Round 2")


# ------------------------------------------------------- the import's record of who was unpaired
# The import records, in the OpenGotha sheet (``Imported`` rows), each round of the file as it
# found it: its number of games, and the players it left unpaired. A table gap, or fewer games,
# beside players not in that record is a game's row deleted, in an imported workbook too. A
# workbook imported before the record stays as it was.


def unpaired_record(book: Path, attribute: str = "unpaired") -> dict[str, str]:
    ws = load_workbook(book)["OpenGotha"]
    return {
        str(row[1]): str(row[3] or "")
        for row in ws.iter_rows(min_row=2, values_only=True)
        if row[0] == "Imported" and row[2] == attribute
    }


def test_the_import_records_who_each_round_left_unpaired(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", NOT_ASSIGNED, "-o", book)
    record = unpaired_record(book)
    assert set(record) == {"Round 1", "Round 2", "Round 3", "Round 4"}
    assert set(record["Round 3"].split("; ")) == {
        "Bunef Sonegum",
        "Cevodetzu Ko",
        "Cemebi Ve",
        "Cunbigopo To",
    }
    assert record["Round 4"] == ""  # recorded: nobody
    games = unpaired_record(book, "games")
    assert games["Round 2"] == str(len(round_players(book, "Round 2")) // 2)
    assert "no problems" in cli_ok(capsys, "check", book)  # the file's gaps: fine
    exported = tmp_path / "back.xml"
    cli_ok(capsys, "export", book, "-o", exported)
    text = exported.read_text(encoding="utf-8")
    assert "Imported" not in text and "unpaired" not in text  # gosheet's, not the file's


def test_a_game_row_deleted_in_an_imported_file_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", NOT_ASSIGNED, "-o", book)
    white, black = delete_game_row(book, "Round 2", 3)  # table 2
    for command in ("check", "pair"):
        err = refused(capsys, book.parent, 1, command, book)
        [line] = [line for line in err.splitlines() if "Round 2:" in line]
        assert "table 2, 55 is missing" in line, err  # (55: the file's own gap)
        assert f"'{white}'" in line and f"'{black}'" in line, line
        for unpaired in ("Bojtijire Fete", "Cunbigopo To"):  # recorded: not named
            assert unpaired not in line, line
    assert "Round 5" not in load_workbook(book).sheetnames


def test_an_import_without_the_record_stays_exempt(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A workbook imported before the record (no ``Imported`` row): its gaps are not asked
    about, as before; the players of the deleted row are told, not refused."""
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", NOT_ASSIGNED, "-o", book)
    workbook = load_workbook(book)
    ws = workbook["OpenGotha"]
    for r in range(ws.max_row, 1, -1):
        if ws.cell(r, 1).value == "Imported":
            ws.delete_rows(r)
    workbook.save(book)
    white, _black = delete_game_row(book, "Round 2", 3)
    out = cli_ok(capsys, "check", book)
    assert "no problems" in out
    [round_2] = [line for line in out.splitlines() if line.startswith("  Round 2:")]
    assert f"'{white}'" in round_2 and "'not assigned'" in round_2


def test_the_last_table_deleted_in_an_imported_file_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The last table's row leaves no gap: fewer games than the import made, beside players
    it did not leave unpaired, is a game's row deleted."""
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", NOT_ASSIGNED, "-o", book)
    grid = load_workbook(book)["Round 1"]
    rows = [row for row in grid.iter_rows(min_row=2, values_only=True) if row[0]]
    last = max(r for r, row in enumerate(rows, start=2) if isinstance(row[0], int))
    games = unpaired_record(book, "games")["Round 1"]
    white, black = delete_game_row(book, "Round 1", last)
    for command in ("check", "pair"):
        err = refused(capsys, book.parent, 1, command, book)
        [line] = [line for line in err.splitlines() if "Round 1:" in line]
        assert f"the import made {games} games of this round" in line, err
        assert f"its sheet holds {int(games) - 1}" in line, line
        assert f"'{white}'" in line and f"'{black}'" in line, line
        assert "Rasostul Dev" not in line, line  # left unpaired by the file: not named
    mark_not_playing(book, 1, (white, black))  # the way out: they did not play it
    assert "no problems" in cli_ok(capsys, "check", book)


def test_a_recorded_player_renamed_stays_recorded(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``gosheet rename`` renames a player in the record too: the file's own gap (round 2,
    table 55) beside him stays no problem."""
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", NOT_ASSIGNED, "-o", book)
    cli_ok(capsys, "rename", book, "Bojtijire Fete", "Bojtijire Feta")
    assert "Bojtijire Feta" in unpaired_record(book)["Round 2"].split("; ")
    assert "no problems" in cli_ok(capsys, "check", book)
