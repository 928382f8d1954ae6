"""The writers write in the workbook's language themselves (issue 23): a round sheet, the
Settings and Explain sheets come out of ``workbook/sheets/writer.py`` in Russian, French or Catalan,
and the workbook port in the workbook's language hands them on as they are — nothing is
translated after it was written, nothing English is parsed again."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook
from support.books import demo_in

from gosheet.app import actions
from gosheet.core.explain import explain_round
from gosheet.core.model import Tournament
from gosheet.i18n import catalog, words
from gosheet.records import replace
from gosheet.workbook.port import BookPort, CellValue, Grids
from gosheet.workbook.sheets import SheetData, round_headers, round_origins
from gosheet.workbook.sheets.language import InLanguage
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.sheets.writer import explain_sheet, round_sheet, settings_sheet
from gosheet.workbook.xlsx.book import XlsxBook

LANGUAGES = ("ru", "fr", "ca")


@pytest.fixture(autouse=True)
def english_messages() -> Iterator[None]:
    yield
    catalog.use("en")  # reading a workbook makes its language the messages'


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The demo in each language: 23 players, 2 rounds played, a third to pair."""
    folder = tmp_path_factory.mktemp("books")
    return {language: demo_in(folder, language, 3) for language in LANGUAGES}


def values(path: Path, sheet: str) -> list[list[CellValue]]:
    return [list(row) for row in load_workbook(path)[sheet].iter_rows(values_only=True)]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_round_sheet_is_written_in_the_language_with_no_wrapper(
    books: dict[str, Path], language: str, tmp_path: Path
) -> None:
    # the action, through the workbook port in the workbook's language
    through = tmp_path / "through.xlsx"
    shutil.copy(books[language], through)
    book = XlsxBook.open(through)
    done = actions.pair(book)
    book.save()
    assert done.pairing is not None and done.pairing.byes  # 23 players: a bye
    number = done.pairing.round_number
    before = replace(done.tournament, rounds=done.tournament.rounds[:-1])

    # the writer alone, its sheet rendered on the bare file: no language wrapper
    data = round_sheet(before, done.pairing, language)
    name = words.local(f"Round {number}", language, words.SHEETS)
    assert data.name == name != f"Round {number}"
    english = [*round_headers(before.settings), *round_origins(before.settings, True, True)]
    assert data.headers == [words.local(h, language, words.ROUNDS) for h in english]
    word = {"ru": "тур", "fr": "ronde", "ca": "ronda"}[language]
    assert data.title == f"{before.settings.name} — {word} {number}"
    bye = data.rows[-1]
    assert bye[0] == words.local("Bye", language, words.CELLS) != "Bye"
    assert bye[english.index("Result")] == words.local("bye", language, words.CELLS)
    bare = tmp_path / "bare.xlsx"
    shutil.copy(books[language], bare)
    book = XlsxBook.open(bare)
    book.render(data)
    book.save()

    assert values(bare, name) == values(through, name)
    assert (
        read_book(XlsxBook.open(bare).grids()).tournament.rounds[-1] == (done.tournament.rounds[-1])
    )


class Recorder(BookPort):
    """A workbook port over cell values that keeps every sheet it is given."""

    def __init__(self, sheets: Grids) -> None:
        self.sheets = sheets
        self.rendered: list[SheetData] = []

    def grids(self) -> Grids:
        return self.sheets

    def render(self, data: SheetData, index: int | None = None) -> None:
        self.rendered.append(data)

    def set_cell(self, sheet: str, cell: str, value: CellValue) -> None:
        raise AssertionError("nothing but whole sheets here")


def tournament_in(path: Path) -> tuple[Grids, Tournament]:
    grids = XlsxBook.open(path).grids()
    return grids, read_book(grids).tournament


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_port_in_the_language_hands_the_writers_sheets_on_as_they_are(
    books: dict[str, Path], language: str
) -> None:
    grids, t = tournament_in(books[language])
    recorder = Recorder(grids)
    port = InLanguage(recorder)
    sheets = port.grids()
    assert sheets.language == language
    made = [
        settings_sheet(t.settings, sheets.language),
        explain_sheet(t, explain_round(t, 2), sheets.language),
    ]
    for data in made:
        port.render(data)
    assert recorder.rendered == made and all(
        a is b for a, b in zip(recorder.rendered, made, strict=True)
    )


def test_the_settings_sheet_in_french(books: dict[str, Path]) -> None:
    _, t = tournament_in(books["fr"])
    sheet = settings_sheet(t.settings, "fr")
    assert sheet.name == "Paramètres" and sheet.headers == ["Paramètre", "Valeur", "Explication"]
    rows = {row[0]: row for row in sheet.rows}
    assert rows["Système"][1] == "mcmahon" and rows["Langue"][1] == "fr"
    assert rows["Éviter le même club"][1] in ("oui", "non")
    english = {row[0]: row for row in settings_sheet(t.settings, "en").rows}
    explained = english["Tournament"][2]
    assert rows["Tournoi"][2] == words.text(explained, "fr") != explained


def test_the_explain_sheet_in_catalan(books: dict[str, Path]) -> None:
    _, t = tournament_in(books["ca"])
    sheet = explain_sheet(t, explain_round(t, 2), "ca")
    assert sheet.name == "Explicació"
    assert sheet.headers[:3] == ["Taula", "Blanques", "Negres"]
    assert sheet.title == f"{t.settings.name} — per què la ronda 2 s'ha aparellat així"
    texts = [row[0] for row in sheet.rows if row and isinstance(row[0], str)]
    assert "Descans" in texts  # the bye
    assert any(text.startswith("Ronda 2: ") for text in texts)  # the verdict
    assert [None, "Criteri", "Millor valor", "Regla (la més important primer)"] in sheet.rows
