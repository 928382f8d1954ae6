"""In a French workbook ``B+`` is *blanc* (White) and ``N+`` *noir* (Black), as French
organisers mean them (issue 27); in every other language ``B+`` stays Black. The typed text
is kept by ``check`` and rewritten in the standard form by the next action that writes."""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.cli import cli, cli_ok
from support.libreoffice import convert, needs_soffice

from gosheet.core.model import Result
from gosheet.core.results import parse_result
from gosheet.i18n import catalog, words
from gosheet.workbook.books import open_book
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

TYPED = ("B+", "N+", "B+!", "N+!", "b+r", "n+3.5")
IN_FRENCH = ("1-0", "0-1", "1-0!", "0-1!", "1-0", "0-1")
ELSEWHERE = ("0-1", "0-1", "0-1!", "0-1!", "0-1", "0-1")


@pytest.mark.parametrize("language", catalog.LANGUAGES)
def test_b_is_blanc_in_french_only(language: str) -> None:
    wanted = IN_FRENCH if language == "fr" else ELSEWHERE
    read = [parse_result(typed, language) for typed in TYPED]
    assert [r.value if r else None for r in read] == list(wanted)
    # what every language reads alike
    assert parse_result("W+", language) is Result.WHITE_WINS
    assert parse_result("1-0", language) is Result.WHITE_WINS
    assert parse_result("0-1!", language) is Result.BLACK_WINS_BY_FORFEIT


def french_or_other(tmp_path: Path, language: str) -> Path:
    from gosheet.frontends.cli import main

    path = tmp_path / f"cup-{language}.xlsx"
    assert main(["demo", str(path), "--rounds", "2", "--language", language]) == 0
    catalog.use("en")
    return path


def typed_into_round_1(book: Path, language: str) -> str:
    """``TYPED`` into the first six result cells of round 1; the sheet's name."""
    wb = load_workbook(book)
    sheet = words.local("Round {n}", language, words.SHEETS).replace("{n}", "1")
    for row, typed in enumerate(TYPED, start=2):
        wb[sheet][f"H{row}"] = typed
    wb.save(book)
    return sheet


@pytest.mark.parametrize("language", catalog.LANGUAGES)
def test_a_workbook_reads_its_results_in_its_language_and_rewrites_them_at_the_next_save(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, language: str
) -> None:
    book = french_or_other(tmp_path, language)
    sheet = typed_into_round_1(book, language)
    wanted = IN_FRENCH if language == "fr" else ELSEWHERE
    games = read_book(XlsxBook.open(book).grids()).tournament.rounds[0].games
    assert [g.result.value if g.result else None for g in games[:6]] == list(wanted)

    code, _out, _err = cli(capsys, "check", book)
    assert code == 0
    kept = load_workbook(book)[sheet]
    assert [kept[f"H{r}"].value for r in range(2, 8)] == list(TYPED)  # check writes nothing

    cli_ok(capsys, "standings", book)
    rewritten = load_workbook(book)[sheet]
    assert [rewritten[f"H{r}"].value for r in range(2, 8)] == list(wanted)


@needs_soffice
def test_an_ods_workbook_in_french_too(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    book = french_or_other(tmp_path, "fr")
    sheet = typed_into_round_1(book, "fr")
    ods = convert(tmp_path, "ods", book) / f"{book.stem}.ods"
    games = read_book(open_book(ods).grids()).tournament.rounds[0].games
    assert [g.result.value if g.result else None for g in games[:6]] == list(IN_FRENCH)
    cli_ok(capsys, "standings", ods)
    again = convert(tmp_path, "xlsx", ods, outdir=tmp_path / "back") / f"{book.stem}.xlsx"
    rewritten = load_workbook(again)[sheet]
    assert [rewritten[f"H{r}"].value for r in range(2, 8)] == list(IN_FRENCH)


def test_a_french_not_a_result_message_names_b_and_n_as_the_french_mean_them() -> None:
    from gosheet.core.results import ResultError

    catalog.use("fr")
    try:
        with pytest.raises(ResultError) as refused:
            parse_result("X+", "fr")
    finally:
        catalog.use("en")
    message = str(refused.value)
    assert "B+ (blanc)" in message and "N+ (noir)" in message


def test_opengotha_export_of_a_french_workbook_gives_b_to_white(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The export reads the workbook as every command does: ``B+`` typed in a French
    workbook (not rewritten yet) is White's win in OpenGotha's file."""
    from gosheet.formats.opengotha.reading import read_opengotha

    book = french_or_other(tmp_path, "fr")
    typed_into_round_1(book, "fr")
    out = tmp_path / "coupe.xml"
    cli_ok(capsys, "export", book, "-o", out)
    exported = read_opengotha(out.read_bytes())
    first = sorted((g for g in exported.games if g.round_number == 1), key=lambda g: g.table_number)
    assert [g.result for g in first[:4]] == [
        "RESULT_WHITEWINS",
        "RESULT_BLACKWINS",
        "RESULT_WHITEWINS_BYDEF",
        "RESULT_BLACKWINS_BYDEF",
    ]
