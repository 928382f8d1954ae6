"""The workbook in four languages (issue 17): the words table and its reverse lookup, a whole
tournament written in Russian, French and Catalan, read back under any locale, the spellings
organisers type, and a workbook whose ``Language`` changes renamed at the next action without
losing anything (the ``.xlsx`` path here; LibreOffice and xlwings in ``tests/frontends``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.styles import Font, PatternFill
from support.books import BOOK
from support.cli import cli, cli_ok, problem_line

from gosheet.app import actions
from gosheet.app.bridge import RecordingBook
from gosheet.core.ranks import parse_rank
from gosheet.core.results import parse_result
from gosheet.i18n import catalog, words
from gosheet.workbook.sheets.language import InLanguage, canonical_sheets, language_of
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

LANGUAGES = ("ru", "fr", "ca")
LOCALES = ("C", "ru_RU.UTF-8", "fr_FR.UTF-8", "ca_ES.UTF-8")
NUMBERED = re.compile(r"\{n\}")

# ---------------------------------------------------------------- the table


def every_word() -> list[tuple[str, str, str, str]]:
    """(table, English, language, spelling) of every word of every table and language."""
    found = []
    for name, table in words.ALL_TABLES.items():
        for english in table:
            for language, spelled in words.spellings(english, table).items():
                found.append((name, english, language, spelled))
    return found


@pytest.mark.parametrize(("table", "english", "language", "spelled"), every_word())
def test_every_word_of_every_language_reads_back_as_its_english(
    table: str, english: str, language: str, spelled: str
) -> None:
    among = [table]
    if "{n}" in english:
        english, spelled = english.replace("{n}", "17"), spelled.replace("{n}", "17")
    same = english.casefold()  # "Bye" (a Table cell) and "bye" (a result) are one word
    assert str(words.canonical(spelled, among, language)).casefold() == same
    assert words.local(english, language, among) == spelled
    # case, accents and spaces do not matter
    shouted = f"  {spelled.upper()}  "
    assert str(words.canonical(shouted, among, language)).casefold() == same
    plain = words.normalise(spelled)
    assert str(words.canonical(plain, among, language)).casefold() == same


@pytest.mark.parametrize("language", catalog.LANGUAGES)
@pytest.mark.parametrize("table", list(words.ALL_TABLES))
def test_no_two_words_of_a_table_are_spelled_alike_in_one_language(
    table: str, language: str
) -> None:
    spelled: dict[str, str] = {}
    for english, word in (
        (e, words.spellings(e, words.ALL_TABLES[table])[language]) for e in words.ALL_TABLES[table]
    ):
        key = words.normalise(word)
        kept = spelled.setdefault(key, english)
        assert kept.casefold() == english.casefold(), (table, language, word)


def test_the_words_organisers_type_are_read() -> None:
    assert str(words.canonical("Своб.", words.CELLS)).casefold() == "bye"
    assert words.canonical("Technical win", words.CELLS) == "Bye"
    assert words.canonical("Разряд", words.PLAYERS, "ru") == "Rank"
    assert words.canonical("Nom", words.PLAYERS, "fr") == "Name"
    assert words.canonical("Nom", words.PLAYERS, "ca") == "First name"
    assert words.canonical("Тур3", words.SHEETS) is None  # a look-alike, not a round sheet
    assert words.canonical("Shoe size") is None


@pytest.mark.parametrize(
    ("typed", "rank"),
    [
        ("2 дан", "2d"),
        ("5 кю", "5k"),
        ("11к", "11k"),
        ("2д", "2d"),
        ("3 dan", "3d"),
        ("5 kyu", "5k"),
        ("5k", "5k"),
        ("1 про", "1p"),
        ("2 Дан", "2d"),
        ("15 К", "15k"),
    ],
)
def test_ranks_as_organisers_type_them(typed: str, rank: str) -> None:
    assert parse_rank(typed) == parse_rank(rank)


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        ("1/2", "½-½"),
        ("ничья", "½-½"),
        ("Победа белых", "1-0"),
        ("победа чёрных", "0-1"),
        ("Б+", "1-0"),
        ("Ч+", "0-1"),
        ("victoire blanc", "1-0"),
        ("Victoire noir", "0-1"),
        ("N+", "0-1"),
        ("nul", "½-½"),
        ("partie nulle", "½-½"),
        ("taules", "½-½"),
        ("guanyen blanques", "1-0"),
        ("W+", "1-0"),
        ("B+", "0-1"),
    ],
)
def test_results_as_organisers_type_them(typed: str, code: str) -> None:
    result = parse_result(typed)
    assert result is not None and result.value == code


# ------------------------------------------------------- a whole tournament


@pytest.fixture(scope="module")
def demos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """``gosheet demo --language L`` for every language: 23 players, 3 rounds."""
    from gosheet.frontends.cli import main

    folder = tmp_path_factory.mktemp("demos")
    made = {}
    for language in catalog.LANGUAGES:
        path = folder / f"{language}.xlsx"
        assert main(["demo", str(path), "--rounds", "3", "--language", language]) == 0
        made[language] = path.read_bytes()
    catalog.use("en")
    return made


def demo(demos: dict[str, bytes], language: str, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / BOOK
    path.write_bytes(demos[language])
    return path


def header(ws: Any) -> list[Any]:
    return [c.value for c in ws[1] if c.value is not None]


@pytest.mark.parametrize("language", LANGUAGES)
def test_demo_writes_a_whole_tournament_in_its_language(
    demos: dict[str, bytes], language: str, tmp_path: Path
) -> None:
    wb = load_workbook(demo(demos, language, tmp_path))

    def local(english: str, table: words.Table) -> str:
        return words.local(english, language, table)

    expected = ["Settings", "Players", "Round 1", "Round 2", "Round 3", "Standings"]
    assert wb.sheetnames == [local(n, words.SHEETS) for n in expected]
    settings, players = wb[wb.sheetnames[0]], wb[wb.sheetnames[1]]
    assert header(settings) == [
        local(h, words.SETTINGS_HEADERS) for h in ("Setting", "Value", "Explanation")
    ]
    rows = {r[0]: r for r in settings.iter_rows(min_row=2, values_only=True)}
    assert rows[local("Language", words.SETTING_NAMES)][1] == language
    assert rows[local("Avoid same club", words.SETTING_NAMES)][1] == local("no", words.CELLS)
    explained = rows[local("Tournament", words.SETTING_NAMES)][2]
    assert explained != "The tournament's name, printed on every sheet."  # translated
    assert header(players)[:8] == [
        local(h, words.PLAYERS)
        for h in ("Name", "First name", "Rank", "Rating", "Club", "Country", "Group", "Not playing")
    ]
    round1 = wb[local("Round 1", words.SHEETS)]
    assert header(round1) == [
        local(h, words.ROUNDS)
        for h in (
            "Table",
            "White",
            "White rank",
            "Black",
            "Black rank",
            "Handicap",
            "Komi",
            "Result",
            "White club",  # the roster's clubs and countries (issue 27)
            "White country",
            "Black club",
            "Black country",
        )
    ]
    tables = [row[0] for row in round1.iter_rows(min_row=2, values_only=True)]
    assert tables[-1] == local("Bye", words.CELLS)  # 23 players: a bye
    results = {row[7] for row in round1.iter_rows(min_row=2, values_only=True)}
    assert results <= {"1-0", "0-1", "½-½", local("bye", words.CELLS)}  # the codes stay
    assert round1.oddHeader.center.text == local("{name} — round {n}", words.TITLES).format(
        name="gosheet demo", n=1
    )
    standings = wb[local("Standings", words.SHEETS)]
    assert header(standings)[:3] == [local(h, words.STANDINGS) for h in ("No.", "Group", "Place")]
    assert local("MMS", words.STANDINGS) in header(standings)
    rows = list(standings.iter_rows(min_row=2, values_only=True))
    assert all(r[0] is not None for r in rows)  # no group title row: one row a player
    assert sorted({r[1] for r in rows}) == [1, 2, 3]  # the groups in their column


def test_the_english_demo_is_the_english_workbook(demos: dict[str, bytes], tmp_path: Path) -> None:
    wb = load_workbook(demo(demos, "en", tmp_path))
    assert wb.sheetnames == ["Settings", "Players", "Round 1", "Round 2", "Round 3", "Standings"]
    assert header(wb["Round 1"])[0] == "Table" and header(wb["Players"])[0] == "Name"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_workbook_in_any_language_is_the_same_tournament(
    demos: dict[str, bytes], language: str, tmp_path: Path
) -> None:
    english = read_book(XlsxBook.open(demo(demos, "en", tmp_path / "en")).grids()).tournament
    catalog.use("en")
    other = read_book(XlsxBook.open(demo(demos, language, tmp_path / language)).grids())
    assert other.tournament.settings.language == language
    assert other.tournament.players == english.players
    assert other.tournament.rounds == english.rounds
    assert catalog.current() == language  # the workbook's language is the messages'


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_check_pair_and_standings_work_under_any_locale(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    demos: dict[str, bytes],
    language: str,
    locale: str,
    tmp_path: Path,
) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", locale)
    book = demo(demos, language, tmp_path)
    set_setting(book, "Rounds", 4)
    cli_ok(capsys, "check", book)
    cli_ok(capsys, "pair", book)
    cli_ok(capsys, "simulate", book)
    cli_ok(capsys, "standings", book)
    wb = load_workbook(book)
    assert words.local("Round 4", language, words.SHEETS) in wb.sheetnames
    assert language_of(XlsxBook.open(book).grids()) == language
    assert len(read_book(XlsxBook.open(book).grids()).tournament.rounds) == 4


@pytest.mark.parametrize("language", LANGUAGES)
def test_problems_name_the_sheets_as_the_organiser_sees_them(
    capsys: pytest.CaptureFixture[str], demos: dict[str, bytes], language: str, tmp_path: Path
) -> None:
    book = demo(demos, language, tmp_path)
    round2 = words.local("Round 2", language, words.SHEETS)
    wb = load_workbook(book)
    wb[round2]["H3"] = "2-0"
    wb[words.local("Players", language, words.SHEETS)]["C4"] = "3x"
    wb.save(book)
    code, _out, err = cli(capsys, "check", book)
    assert code == 1
    assert "2-0" in problem_line(err, f"{round2}!H3")
    assert "3x" in problem_line(err, f"{words.local('Players', language, words.SHEETS)}!C4")


def test_what_organisers_type_is_read_and_rewritten(
    capsys: pytest.CaptureFixture[str], demos: dict[str, bytes], tmp_path: Path
) -> None:
    book = demo(demos, "ru", tmp_path)
    wb = load_workbook(book)
    wb["Тур 1"]["H2"], wb["Тур 1"]["H3"], wb["Тур 1"]["H4"] = "ничья", "1/2", "победа белых"
    wb["Игроки"]["C2"], wb["Игроки"]["C3"] = "2 дан", "11к"
    wb.save(book)
    cli_ok(capsys, "standings", book)
    wb = load_workbook(book)
    assert [wb["Тур 1"][c].value for c in ("H2", "H3", "H4")] == ["½-½", "½-½", "1-0"]
    players = read_book(XlsxBook.open(book).grids()).tournament.players
    assert (players[0].rank, players[1].rank) == (parse_rank("2d"), parse_rank("11k"))


# ---------------------------------------------------------------- new books


def roster(path: Path, headers: tuple[str, ...]) -> Path:
    rows = [",".join(headers), "Ivanov,Ivan,2 дан,2150,Moscow", "Petrov,Pyotr,5 кю,,Kazan"]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("headers", "language"),
    [
        (("Фамилия", "Имя", "Ранг", "Рейтинг", "Клуб"), "ru"),
        (("Nom", "Prénom", "Niveau", "Rating", "Club"), "fr"),
        (("Cognoms", "Nom", "Rang", "Rating", "Club"), "ca"),
        (("Name", "First name", "Rank", "Rating", "Club"), "en"),
    ],
)
def test_import_speaks_the_rosters_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    headers: tuple[str, ...],
    language: str,
) -> None:
    monkeypatch.setenv("LC_ALL", "C")
    book = tmp_path / BOOK
    cli_ok(capsys, "import", roster(tmp_path / "r.csv", headers), "-o", book)
    assert load_workbook(book).sheetnames == [
        words.local(n, language, words.SHEETS) for n in ("Settings", "Players")
    ]
    players = read_book(XlsxBook.open(book).grids()).tournament.players
    assert [p.rank for p in players] == [parse_rank("2d"), parse_rank("5k")]


def test_new_follows_the_option_then_the_system(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    cli_ok(capsys, "new", tmp_path / "a.xlsx")
    cli_ok(capsys, "new", tmp_path / "b.xlsx", "--language", "ca")
    cli_ok(capsys, "new", tmp_path / "c.xlsx", "--language", "en")
    assert load_workbook(tmp_path / "a.xlsx").sheetnames == ["Paramètres", "Joueurs"]
    assert load_workbook(tmp_path / "b.xlsx").sheetnames == ["Configuració", "Jugadors"]
    english = load_workbook(tmp_path / "c.xlsx")
    assert english.sheetnames == ["Settings", "Players"]
    assert english["Settings"]["B2"].value == "Go tournament"
    assert load_workbook(tmp_path / "a.xlsx")["Paramètres"]["B2"].value == "Tournoi de go"


# ------------------------------------------------------- switching languages


def set_setting(book: Path, english: str, value: Any) -> None:
    """Set a setting whatever the workbook's language."""
    wb = load_workbook(book)
    [settings] = [ws for ws in wb if words.canonical(ws.title, words.SHEETS) == "Settings"]
    for row in settings.iter_rows(min_row=2):
        if words.canonical(row[0].value, words.SETTING_NAMES) == english:
            row[1].value = value
            break
    else:
        settings.append([english, value])
    wb.save(book)


RED = "FFFF0000"


def decorate(book: Path) -> None:
    """What the organiser added: a column of his own in Players, a sheet of his own whose
    formulas name gosheet's sheets, a cell's formatting."""
    wb = load_workbook(book)
    players = next(ws for ws in wb if words.canonical(ws.title, words.SHEETS) == "Players")
    rounds = [ws for ws in wb if words.canonical(ws.title, words.SHEETS) == "Round 1"]
    players.cell(1, players.max_column + 1, "Paid")
    players.cell(2, players.max_column, "yes")
    players["A3"].font = Font(bold=True, color=RED)
    players["A3"].fill = PatternFill("solid", fgColor="FFFFFF00")
    notes = wb.create_sheet("Fees")
    notes["A1"] = f"='{players.title}'!A2"
    notes["A2"] = f"='{rounds[0].title}'!B2"
    notes["B1"] = "kept"
    wb.save(book)


def bye(value: Any) -> Any:
    """A bye's words as one (they are translated too)."""
    return "bye" if str(words.canonical(value, words.CELLS)).casefold() == "bye" else value


def everything(book: Path) -> dict[str, Any]:
    """What must survive a change of language: every cell value of every sheet but the
    words gosheet translates, read in English."""
    sheets = canonical_sheets(XlsxBook.open(book).grids())
    catalog.use("en")
    players = sheets["Players"]
    return {
        "players": [row[:-1] for row in players[1:]],
        "paid": [row[-1] for row in players[1:]],
        "rounds": {
            n: [[bye(v) for v in row] for row in g[1:]]
            for n, g in sheets.items()
            if n[:5] == "Round"
        },
        "fees": [row[1:] for row in sheets["Fees"]],  # (the formulas follow the new names)
    }


@pytest.mark.parametrize(
    ("before", "after"), [("en", "ru"), ("ru", "fr"), ("fr", "ca"), ("ca", "en")]
)
def test_switching_language_renames_at_the_next_action_and_loses_nothing(
    capsys: pytest.CaptureFixture[str],
    demos: dict[str, bytes],
    before: str,
    after: str,
    tmp_path: Path,
) -> None:
    book = demo(demos, before, tmp_path)
    set_setting(book, "Rounds", 4)
    decorate(book)
    kept = everything(book)
    set_setting(book, "Language", after)
    cli_ok(capsys, "check", book)  # reads the workbook in its new language; changes nothing
    assert load_workbook(book).sheetnames[0] == words.local("Settings", before, words.SHEETS)
    cli_ok(capsys, "standings", book)

    wb = load_workbook(book)
    names = ["Settings", "Players", "Round 1", "Round 2", "Round 3", "Standings"]
    assert wb.sheetnames == [words.local(n, after, words.SHEETS) for n in names] + ["Fees"]
    players = wb[words.local("Players", after, words.SHEETS)]
    assert header(players) == [
        *(
            words.local(h, after, words.PLAYERS)
            for h in (
                "Name",
                "First name",
                "Rank",
                "Rating",
                "Club",
                "Country",
                "Group",
                "Not playing",
                "EGD PIN",
            )
        ),
        "Paid",
    ]
    assert players["A3"].font.b and players["A3"].font.color.rgb == RED
    assert players["A3"].fill.fgColor.rgb == "FFFFFF00"
    round1 = wb[words.local("Round 1", after, words.SHEETS)]
    assert header(round1)[:2] == [words.local(h, after, words.ROUNDS) for h in ("Table", "White")]
    assert [r[0] for r in round1.iter_rows(min_row=2, values_only=True)][-1] == words.local(
        "Bye", after, words.CELLS
    )
    settings = wb[words.local("Settings", after, words.SHEETS)]
    rows = {r[0]: r for r in settings.iter_rows(min_row=2, values_only=True)}
    assert rows[words.local("Avoid same club", after, words.SETTING_NAMES)][1] == words.local(
        "no", after, words.CELLS
    )
    label = words.local("Tournament", after, words.SETTING_NAMES)
    translate = catalog.translator(after, "workbook").gettext
    assert rows[label][2] == translate("The tournament's name, printed on every sheet.")
    fees = wb["Fees"]
    assert fees["A1"].value == f"='{words.local('Players', after, words.SHEETS)}'!A2"
    assert fees["A2"].value == f"='{words.local('Round 1', after, words.SHEETS)}'!B2"
    assert everything(book) == kept  # results, the organiser's column and sheet
    cli_ok(capsys, "pair", book)  # and the tournament goes on
    assert words.local("Round 4", after, words.SHEETS) in load_workbook(book).sheetnames


def test_an_organisers_sheet_of_the_new_name_is_never_replaced(
    capsys: pytest.CaptureFixture[str], demos: dict[str, bytes], tmp_path: Path
) -> None:
    book = demo(demos, "en", tmp_path)
    wb = load_workbook(book)
    wb.create_sheet("Турнирная таблица")["A1"] = "my own"
    wb.save(book)
    set_setting(book, "Language", "ru")
    cli_ok(capsys, "standings", book)
    wb = load_workbook(book)
    assert wb["Турнирная таблица"]["A1"].value == "my own"
    assert "Standings" in wb.sheetnames and "Игроки" in wb.sheetnames


def test_a_round_sheet_renamed_into_another_language_is_still_a_problem(
    capsys: pytest.CaptureFixture[str], demos: dict[str, bytes], tmp_path: Path
) -> None:
    book = demo(demos, "en", tmp_path)
    wb = load_workbook(book)
    wb["Round 2"].title = "Тур 2"
    wb.save(book)
    code, _out, err = cli(capsys, "check", book)
    assert code == 1 and "rename it" in problem_line(err, "Тур 2")


def test_the_bridge_renames_first_then_writes_under_the_new_names(
    demos: dict[str, bytes], tmp_path: Path
) -> None:
    book = demo(demos, "en", tmp_path)
    set_setting(book, "Language", "fr")
    sheets = {k: [list(r) for r in v] for k, v in XlsxBook.open(book).grids().items()}
    recording = RecordingBook(sheets)
    actions.update_standings(recording)
    ops = recording.operations
    renames = [(o["sheet"], o["name"]) for o in ops if o["op"] == "rename"]
    assert renames == [
        ("Settings", "Paramètres"),
        ("Players", "Joueurs"),
        ("Round 1", "Ronde 1"),
        ("Round 2", "Ronde 2"),
        ("Round 3", "Ronde 3"),
        ("Standings", "Classement"),
    ]
    first_other = next(i for i, o in enumerate(ops) if o["op"] != "rename")
    assert all(o["op"] == "rename" for o in ops[:first_other])
    assert {o["sheet"] for o in ops if o["op"] != "rename"} <= {n for _, n in renames}
    # the operations carried out on the file give what gosheet standings gives
    port = XlsxBook.open(book)
    from gosheet.app.bridge import apply

    apply(port, ops)
    assert port.workbook.sheetnames == [n for _, n in renames]
    catalog.use("en")


def test_a_new_book_in_a_language_from_an_english_template(tmp_path: Path) -> None:
    from gosheet.core.settings import Settings
    from gosheet.workbook.template import new_book

    book = new_book(Settings(language="ca"))
    assert book.workbook.sheetnames == ["Configuració", "Jugadors"]
    port = InLanguage(book)
    assert port.grids().shown == {"Settings": "Configuració", "Players": "Jugadors"}
    catalog.use("en")


def test_an_empty_workbook_is_english() -> None:
    assert language_of({}) == "en"
    assert language_of({"Игроки": [["Фамилия"]]}) == "ru"
    assert language_of({"Settings": [["Setting"], ["Langue", "Català"]]}) == "ca"
    assert isinstance(Workbook(), Workbook)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_files_other_programs_read_come_from_a_workbook_in_any_language(
    capsys: pytest.CaptureFixture[str], demos: dict[str, bytes], language: str, tmp_path: Path
) -> None:
    english = demo(demos, "en", tmp_path / "en")
    book = demo(demos, language, tmp_path)
    for suffix in (".xml", ".h9", ".tou"):
        cli_ok(capsys, "export", english, "-o", tmp_path / f"en{suffix}")
        cli_ok(capsys, "export", book, "-o", tmp_path / f"{language}{suffix}")
        same = (tmp_path / f"en{suffix}").read_bytes() == (
            tmp_path / f"{language}{suffix}"
        ).read_bytes()
        assert same or suffix == ".xml", suffix  # (the XML keeps the time it was written)
    catalog.use("en")
