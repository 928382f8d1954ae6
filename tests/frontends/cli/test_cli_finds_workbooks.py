"""The command that points to the right command and file (issue 27): a roster, an OpenGotha
file or a roster workbook given to a command on a tournament workbook says how to make the
tournament (``gosheet import … -o …``) and then the command typed, on that; ``gosheet pair cup``
takes ``cup.xlsx`` (or ``cup.ods``) beside it and refuses naming both when two are there; a
misspelt command names the closest one. Each refusal changes nothing; in four languages."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook
from support.books import ROSTER_CSV
from support.cli import cli, cli_ok, snapshot
from support.libreoffice import SOFFICE, convert

from gosheet.frontends.cli import COMMANDS
from gosheet.frontends.cli.books import BOOK_COMMANDS, find_workbook, not_a_workbook
from gosheet.i18n import catalog

EVERY_BOOK_COMMAND = [*BOOK_COMMANDS, "ratings fill", "ratings add"]
EXTRA = {
    "export": ["-o", "out.xml"],
    "rename": ["Old", "New"],
    "restore": ["1"],
    "publish": ["-o", "site"],
    "ratings add": ["Name Firstname"],
}


def command_line(command: str, book: object) -> list[object]:
    return [*command.split(), book, *EXTRA.get(command, [])]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    roster_in(tmp_path)
    return tmp_path


def roster_in(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    roster = folder / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    return roster


@pytest.mark.parametrize("command", EVERY_BOOK_COMMAND)
def test_a_roster_given_to_a_workbook_command_says_import_then_the_command(
    capsys: pytest.CaptureFixture[str], folder: Path, command: str
) -> None:
    before = snapshot(folder)
    code, out, err = cli(capsys, *command_line(command, folder / "roster.csv"))
    assert code == 5 and out == ""
    roster, book = folder / "roster.csv", folder / "roster.xlsx"
    assert f"'gosheet import {roster} -o {book}'" in err
    assert f"'gosheet {command} {book}'" in err
    assert snapshot(folder) == before


def test_the_import_it_suggests_works_and_then_the_command_too(
    capsys: pytest.CaptureFixture[str], folder: Path
) -> None:
    roster, book = folder / "roster.csv", folder / "roster.xlsx"
    cli_ok(capsys, "import", roster, "-o", book)
    code, _out, err = cli(capsys, "pair", roster)
    assert code == 5 and f"'gosheet pair {book}'" in err  # the workbook beside it now
    assert "Round 1" in cli_ok(capsys, "pair", book)


def test_an_opengotha_file_given_to_pair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    xml = tmp_path / "cup.xml"
    xml.write_text("<Tournament/>", encoding="utf-8")
    code, _out, err = cli(capsys, "pair", xml)
    assert code == 5
    assert (
        "an OpenGotha file" in err and f"'gosheet import {xml} -o {tmp_path / 'cup.xlsx'}'" in err
    )


def test_a_roster_workbook_given_to_pair(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    registration = tmp_path / "registration.xlsx"
    wb = Workbook()
    wb.active.append(["Name", "First name", "Rank"])
    wb.active.append(["Ivanov", "Ivan", "2d"])
    wb.save(registration)
    before = registration.read_bytes()
    code, out, err = cli(capsys, "pair", registration)
    assert code == 5 and out == ""
    made = tmp_path / "registration-tournament.xlsx"
    assert "no Settings nor Players sheet" in err
    assert f"'gosheet import {registration} -o {made}'" in err and f"'gosheet pair {made}'" in err
    assert registration.read_bytes() == before
    cli_ok(capsys, "import", registration, "-o", made)  # the way out works
    assert "Round 1" not in cli_ok(capsys, "check", made)


@pytest.mark.parametrize("suffix", [".xlsx", ".ods", ".xlsm"])
def test_a_workbook_named_without_its_suffix_is_found(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, suffix: str
) -> None:
    made = tmp_path / "cup.xlsx"
    cli_ok(capsys, "import", roster_in(tmp_path / "in"), "-o", made)
    book = made.with_suffix(suffix)
    if suffix == ".xlsm":
        made.rename(book)
    elif suffix == ".ods":
        if SOFFICE is None:
            pytest.skip("LibreOffice (soffice) is not installed")
        convert(tmp_path, "ods", made)
        made.unlink()
    out = cli_ok(capsys, "check", tmp_path / "cup")
    assert out.startswith(f"{book}: no problems")
    if suffix != ".xlsm":  # (a renamed .xlsx has no VBA project: gosheet writes no such .xlsm)
        assert f"Saved {book}" in cli_ok(capsys, "pair", tmp_path / "cup")


def test_a_name_with_a_dot_is_found_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = tmp_path / "Noël.2026.xlsx"
    cli_ok(capsys, "import", roster_in(tmp_path / "in"), "-o", book)
    assert cli_ok(capsys, "check", tmp_path / "Noël.2026").startswith(f"{book}: no problems")


def test_two_workbooks_of_that_name_are_refused_naming_both(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cli_ok(capsys, "import", roster_in(tmp_path / "in"), "-o", tmp_path / "cup.xlsx")
    shutil.copy(tmp_path / "cup.xlsx", tmp_path / "cup.xlsm")
    before = snapshot(tmp_path)
    code, out, err = cli(capsys, "pair", tmp_path / "cup")
    assert code == 5 and out == ""
    assert "cup.xlsx, cup.xlsm are there" in err
    assert f"'gosheet pair {tmp_path / 'cup.xlsx'}'" in err
    assert snapshot(tmp_path) == before


def test_a_workbook_named_with_another_suffix_names_the_one_there(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cli_ok(capsys, "import", roster_in(tmp_path / "in"), "-o", tmp_path / "cup.xlsx")
    code, _out, err = cli(capsys, "pair", tmp_path / "cup.ods")
    assert code == 5
    assert (
        f"cup.ods: no such file; cup.xlsx is there: 'gosheet pair {tmp_path / 'cup.xlsx'}'" in err
    )


def test_no_workbook_of_that_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _out, err = cli(capsys, "pair", tmp_path / "cup")
    assert code == 5
    assert "no such workbook (cup.xlsx, cup.ods, cup.xlsm)" in err
    assert f"'gosheet new {tmp_path / 'cup.xlsx'}'" in err
    assert f"'gosheet import ROSTER -o {tmp_path / 'cup.xlsx'}'" in err
    assert list(tmp_path.iterdir()) == []


def test_the_commands_that_write_a_workbook_are_left_alone(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _out, err = cli(capsys, "new", tmp_path / "cup")  # refused as before: no suffix
    assert code == 5 and "cup.xlsx" in err


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("pari", "pair"), ("standing", "standings"), ("chek", "check"), ("exprot", "export")],
)
def test_a_misspelt_command_names_the_closest(
    capsys: pytest.CaptureFixture[str], typed: str, meant: str
) -> None:
    code, out, err = cli(capsys, typed, "cup.xlsx")
    assert code == 2 and out == ""
    assert f"'{typed}' is not a gosheet command; did you mean 'gosheet {meant}'?" in err
    assert meant in COMMANDS


def test_a_word_like_no_command_is_argparses_usage_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _out, err = cli(capsys, "zzzzzz", "cup.xlsx")
    assert code == 2 and "invalid choice: 'zzzzzz'" in err


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("is a roster, not a tournament workbook", "gosheet import")),
        ("ru", ("— список игроков, а не книга турнира", "gosheet import")),
        ("fr", ("est une liste d'inscrits, pas un classeur de tournoi", "gosheet import")),
        ("ca", ("és una llista d'inscrits, no un llibre de torneig", "gosheet import")),
    ],
)
def test_the_way_out_in_every_language(
    language: str, words: tuple[str, str], tmp_path: Path
) -> None:
    roster = tmp_path / "roster.csv"
    with catalog.speaking(language):
        said = not_a_workbook(roster, "pair")
        with pytest.raises(Exception) as refused:
            find_workbook(tmp_path / "cup", "pair")
    assert all(word in said for word in words)
    assert f"'gosheet import {roster} -o {tmp_path / 'roster.xlsx'}'" in said
    assert f"'gosheet pair {tmp_path / 'roster.xlsx'}'" in said
    assert f"'gosheet new {tmp_path / 'cup.xlsx'}'" in str(refused.value)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "use '--force' to replace it"),
        ("ru", "чтобы заменить его, укажите '--force'"),
        ("fr", "utilisez '--force' pour le remplacer"),
        ("ca", "'--force'"),
    ],
)
def test_a_refusal_speaks_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, language: str, said: str
) -> None:
    """``--language`` is the language of messages from the start (an existing file's refusal
    too), the option quoted as typed."""
    book = tmp_path / "cup.xlsx"
    cli_ok(capsys, "new", book)
    code, _out, err = cli(capsys, "new", book, "--language", language)
    catalog.use("en")
    assert code == 5 and said in err
