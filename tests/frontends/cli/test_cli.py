"""Every ``gosheet`` command end to end, in-process through ``gosheet.frontends.cli.main``
and as real processes (``python -m gosheet`` and the installed script)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import sheet_table
from support.cli import cli
from support.pairing import check_round_sheet

from gosheet.core.mcmahon_groups import McMahonGroups
from gosheet.core.settings import Settings
from gosheet.frontends.cli import main
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

COMMANDS = ("new", "import", "pair", "standings", "check", "simulate", "demo")
PLAYED = {"1-0", "0-1", "½-½", "0-0", "1-0!", "0-1!", "0-0!"}

ROSTER = [
    ("Surname", "First name", "Grade", "Rating", "Club", "Country"),
    ("Ivanova", "Maria", "4d", "2380", "Moscow", "RU"),
    ("Kowalski", "Piotr", "3d", "", "Warszawa", "PL"),
    ("García", "Lucía", "2k", "1920", "Barcelona", "ES"),
    ("Müller", "Jonas", "3k", "", "Hamburg", "DE"),
    ("Dubois", "Luc", "2d", "2170", "Paris", "FR"),
    ("Novak", "Jan", "1d", "", "Praha", "CZ"),
    ("O'Brien", "Sean", "12k", "890", "Dublin", "IE"),
    ("Nagy", "Eszter", "4k", "", "Budapest", "HU"),
    ("Lindqvist", "Oskar", "20k", "120", "Göteborg", "SE"),
]


# --------------------------------------------------------------------- helpers

NAMES = [f"{row[0]} {row[1]}" for row in ROSTER[1:]]
"""Each player's name as a round sheet shows it, in roster order."""


def write_roster(path: Path, players: int = len(ROSTER) - 1) -> Path:
    rows = ROSTER[: players + 1]
    path.write_text("".join(",".join(row) + "\n" for row in rows), encoding="utf-8")
    return path


def run(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


# ----------------------------------------------------------- help and usage


def test_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    for command in COMMANDS:
        assert command in out
    assert "Exit codes" in out


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main([command, "--help"])
    assert stop.value.code == 0
    assert "usage: gosheet " + command in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["frobnicate", "x.xlsx"],
        ["pair"],
        ["import", "roster.csv"],  # no -o
        ["new", "x.xlsx", "--rounds", "many"],
        ["new", "x.xlsx", "--system", "round-robin"],
    ],
    ids=["nothing", "unknown-command", "no-book", "no-output", "rounds-not-a-number", "system"],
)
def test_bad_command_lines_exit_2_and_write_nothing(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert cli(capsys, *argv)[0] == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "option", [["--rounds", "0"], ["--komi", "6.3"], ["--groups", "0"], ["--rounds", "100"]]
)
def test_out_of_range_setting_options_are_usage_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, option: list[str]
) -> None:
    assert cli(capsys, "new", tmp_path / "cup.xlsx", *option)[0] == 2
    assert list(tmp_path.iterdir()) == []


def test_out_of_range_setting_options_write_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = write_roster(tmp_path / "roster.csv")
    assert cli(capsys, "new", tmp_path / "a.xlsx", "--rounds", "0")[0] != 0
    assert cli(capsys, "import", roster, "-o", tmp_path / "b.xlsx", "--komi", "6.3")[0] != 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["roster.csv"]


@pytest.mark.parametrize("rounds", ["0", "100"])
def test_demo_with_an_impossible_number_of_rounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rounds: str
) -> None:
    assert cli(capsys, "demo", tmp_path / "d.xlsx", "--rounds", rounds)[0] == 2
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------------- new


def test_new_writes_an_empty_tournament_with_the_settings_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "cup.xlsx"
    code, out, err = cli(
        capsys,
        "new",
        book,
        "--rounds",
        "4",
        "--komi",
        "7.5",
        "--groups",
        "1d, 5k",
        "--name",
        "Spring Cup",
        "--seed",
        "42",
    )
    assert code == 0, err
    assert "cup.xlsx" in out
    assert load_workbook(book).sheetnames == ["Settings", "Players"]
    tournament = read_book(XlsxBook.open(book).grids()).tournament
    assert tournament.settings == Settings(
        name="Spring Cup",
        rounds=4,
        komi=7.5,
        mcmahon_groups=McMahonGroups.parse("1d, 5k"),
        random_seed=42,
    )
    assert tournament.players == () and tournament.rounds == ()
    code, out, _err = cli(capsys, "check", book)
    assert code == 0 and "0 players, 0 of 4 rounds paired" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]


def test_new_refuses_to_overwrite_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "cup.xlsx"
    assert cli(capsys, "new", book, "--rounds", "3")[0] == 0
    before = book.read_bytes()
    code, _out, err = cli(capsys, "new", book, "--rounds", "7")
    assert code == 5
    assert "--force" in err
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx"]

    code, _out, err = cli(capsys, "new", book, "--rounds", "7", "--force")
    assert code == 0, err
    assert read_book(XlsxBook.open(book).grids()).tournament.settings.rounds == 7


def test_new_refuses_to_overwrite_any_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    notes = tmp_path / "notes.xlsx"
    notes.write_bytes(b"my notes")
    assert cli(capsys, "new", notes)[0] == 5
    assert notes.read_bytes() == b"my notes"


# ------------------------------------------------------------------- import


def test_import_writes_the_roster_and_refuses_to_overwrite(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = write_roster(tmp_path / "roster.csv")
    book = tmp_path / "cup.xlsx"
    code, out, err = cli(capsys, "import", roster, "-o", book, "--rounds", "4")
    assert code == 0, err
    assert "9 players" in out
    tournament = read_book(XlsxBook.open(book).grids()).tournament
    assert [p.name for p in tournament.players] == [f"{r[0]} {r[1]}" for r in ROSTER[1:]]
    assert tournament.settings.rounds == 4

    before = book.read_bytes()
    code, _out, err = cli(capsys, "import", roster, "-o", book)
    assert code == 5 and "--force" in err
    assert book.read_bytes() == before


# ---------------------------------------------------------- a whole tournament


@pytest.mark.parametrize("players", [9, 8])
def test_a_whole_tournament(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int
) -> None:
    rounds = 4
    book = tmp_path / "cup.xlsx"
    roster = write_roster(tmp_path / "roster.csv", players)
    assert cli(capsys, "import", roster, "-o", book, "--rounds", rounds, "--seed", "11")[0] == 0

    met: set[frozenset[str]] = set()
    for number in range(1, rounds + 1):
        code, out, err = cli(capsys, "pair", book)
        assert code == 0, err
        assert f"Round {number}: {players // 2} games" in out
        assert ("bye" in out) == (players % 2 == 1)
        games = check_round_sheet(book, number, players=players, names=NAMES[:players])
        assert all(g["Result"] is None for g in games)
        for game in games:
            pair = frozenset((game["White"], game["Black"]))
            assert pair not in met, f"{sorted(pair)} meet twice"
            met.add(pair)

        code, out, err = cli(capsys, "simulate", book)
        assert code == 0, err
        games = check_round_sheet(book, number, players=players, names=NAMES[:players])
        assert all(g["Result"] in PLAYED for g in games)

    assert load_workbook(book).sheetnames == [
        "Settings",
        "Players",
        *(f"Round {n}" for n in range(1, rounds + 1)),
        "Standings",
    ]
    _header, players_rows = sheet_table(book, "Players")
    assert all(p["Group"] in (1, 2, 3) for p in players_rows)

    code, out, err = cli(capsys, "standings", book)
    assert code == 0, err
    assert "cup.backup.xlsx" in out
    header, standing = sheet_table(book, "Standings")
    assert all(row["No."] is not None for row in standing)  # one row a player, no title
    groups = [row["Group"] for row in standing]  # the group in its column, in order
    assert groups == sorted(groups) and set(groups) == {p["Group"] for p in players_rows}
    for column in ("Place", "Name", *(f"R{n}" for n in range(1, rounds + 1)), "Wins", "MMS"):
        assert column in header
    assert len(standing) == players
    # every game has one winner (komi 6.5: no jigo), every bye is a win
    assert sum(row["Wins"] for row in standing) == rounds * (players // 2 + players % 2)
    assert [row["No."] for row in standing] == list(range(1, players + 1))

    code, out, err = cli(capsys, "check", book)
    assert code == 0, err
    assert f"{players} players, {rounds} of {rounds} rounds paired" in out

    before = book.read_bytes()
    code, _out, err = cli(capsys, "pair", book)
    assert code == 3 and "rounds" in err
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "cup.backup.xlsx",
        "cup.history",
        "cup.xlsx",
        "roster.csv",
    ]


def test_pair_with_nobody_on_the_roster(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "cup.xlsx"
    assert cli(capsys, "new", book)[0] == 0
    before = book.read_bytes()
    code, _out, err = cli(capsys, "pair", book)
    assert code == 3, err
    assert book.read_bytes() == before


# --------------------------------------------------------------------- demo


def test_demo_plays_a_whole_tournament(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "demo.xlsx"
    code, out, err = cli(capsys, "demo", book)
    assert code == 0, err
    assert "23 players" in out
    assert load_workbook(book).sheetnames == [
        "Settings",
        "Players",
        *(f"Round {n}" for n in range(1, 6)),
        "Standings",
    ]
    for number in range(1, 6):
        games = check_round_sheet(book, number, players=23)
        assert all(g["Result"] in PLAYED for g in games)
        assert len(games) == 11
    standing = sheet_table(book, "Standings")[1]
    assert len(standing) == 23 and all(row["No."] for row in standing)  # one row a player
    code, out, err = cli(capsys, "check", book)
    assert code == 0, err
    assert "23 players, 5 of 5 rounds paired" in out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.xlsx"]


def test_demo_is_repeatable_and_takes_a_number_of_rounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    first, second = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    assert cli(capsys, "demo", first, "--rounds", "2")[0] == 0
    assert cli(capsys, "demo", second, "--rounds", "2")[0] == 0
    names = load_workbook(first).sheetnames
    assert [n for n in names if n.startswith("Round")] == ["Round 1", "Round 2"]
    for sheet in ("Round 1", "Round 2", "Standings"):
        assert sheet_table(first, sheet) == sheet_table(second, sheet)


def test_demo_refuses_to_overwrite_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    book = tmp_path / "demo.xlsx"
    book.write_bytes(b"precious")
    code, _out, err = cli(capsys, "demo", book)
    assert code == 5 and "--force" in err
    assert book.read_bytes() == b"precious"
    assert cli(capsys, "demo", book, "--force", "--rounds", "1")[0] == 0
    assert "Round 1" in load_workbook(book).sheetnames


# --------------------------------------------------------- real processes


def test_python_dash_m_gosheet(tmp_path: Path) -> None:
    done = run(sys.executable, "-m", "gosheet", "--help", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "pair" in done.stdout and "demo" in done.stdout

    done = run(sys.executable, "-m", "gosheet", "demo", "d.xlsx", "--rounds", "1", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "d.xlsx").is_file()

    done = run(sys.executable, "-m", "gosheet", "check", "missing.xlsx", cwd=tmp_path)
    assert done.returncode == 5
    assert done.stderr.startswith("gosheet: ") and "Traceback" not in done.stderr


def test_installed_console_script(tmp_path: Path) -> None:
    names = ("gosheet.exe", "gosheet") if sys.platform == "win32" else ("gosheet",)
    scripts = [Path(sys.executable).parent / n for n in names]
    script = next((s for s in scripts if s.is_file()), None)
    assert script is not None, f"no gosheet script beside {sys.executable}"
    write_roster(tmp_path / "roster.csv", 5)

    done = run(script, "import", "roster.csv", "-o", "cup.xlsx", "--rounds", "2", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = run(script, "pair", "cup.xlsx", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Round 1" in done.stdout
    done = run(script, "pair", "cup.xlsx", cwd=tmp_path)
    assert done.returncode == 3  # round 1 has no results yet
    assert "Traceback" not in done.stderr
    done = run(script, "check", "cup.xlsx", cwd=tmp_path)
    assert done.returncode == 0 and "1 of 2 rounds paired" in done.stdout
    done = run(script, "check", "nowhere.xlsx", cwd=tmp_path)
    assert done.returncode == 5


def test_pair_again_while_the_round_has_no_result(tmp_path: Path) -> None:
    """A player withdraws after the pairing but before play: mark him as not
    playing the round and pair it again; a round with a result is never paired again."""
    from openpyxl import load_workbook

    book = tmp_path / "cup.xlsx"
    roster = tmp_path / "r.csv"
    roster.write_text(
        "Name,Rank\n" + "".join(f"P{i},{i}k\n" for i in range(1, 9)), encoding="utf-8"
    )
    assert main(["import", str(roster), "-o", str(book), "--rounds", "3", "--seed", "2"]) == 0
    assert main(["pair", str(book)]) == 0
    workbook = load_workbook(book)
    players = workbook["Players"]
    column = next(c.column_letter for c in players[1] if c.value == "Not playing")
    players[f"{column}2"] = "1"  # P1 withdraws from round 1
    workbook.save(book)
    assert main(["pair", str(book), "--again"]) == 0
    workbook = load_workbook(book)
    assert workbook.sheetnames.count("Round 1") == 1 and "Round 2" not in workbook.sheetnames
    names = [c.value for row in workbook["Round 1"].iter_rows(min_row=2) for c in row[1:4:2]]
    assert "P1" not in names and "Bye" in [r[0].value for r in workbook["Round 1"].iter_rows()]
    workbook["Round 1"]["H2"] = "1-0"
    workbook.save(book)
    before = book.read_bytes()
    assert main(["pair", str(book), "--again"]) == 3
    assert book.read_bytes() == before
