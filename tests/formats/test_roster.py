"""``gosheet import``: plain rosters of any reasonable shape — CSV in common
encodings and delimiters, tolerant headers, unknown columns kept, .xlsx read
through python-calamine, every rank from 30k to 9d and the pros, bad ranks
reported all at once — and the Players sheet read back as the same players.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from openpyxl import Workbook, load_workbook
from support.cli import cli, cli_ok

from gosheet.core.model import Player
from gosheet.formats.roster import read_roster
from gosheet.workbook.sheets.reader import read_book
from gosheet.workbook.xlsx.book import XlsxBook

STANDARD = ["Name", "First name", "Rank", "Rating", "Club", "Country", "Group", "Not playing"]

Rows = Sequence[Sequence[str]]

MIXED: Rows = [
    ("Name", "First name", "Rank", "Rating", "Club", "Country"),
    ("Иванова", "Мария", "4d", "2380", "Москва", "RU"),
    ("García", "Lucía", "2k", "1920", "Barcelona", "ES"),
    ("Kovač", "Marko", "14k", "720", "Ljubljana", "SI"),
    ("Ωμέγα", "Νίκος", "1p", "", "Αθήνα", "GR"),
    ("Müller", "Jonas", "3k", "", "Köln", "DE"),
]

CYRILLIC: Rows = [
    ("Name", "First name", "Rank", "Club", "Country"),
    ("Иванова", "Мария", "4d", "Москва", "RU"),
    ("Петров", "Алексей", "1k", "Казань", "RU"),
    ("Смирнов", "Дмитрий", "18k", "Санкт-Петербург", "RU"),
    ("Соколова", "Елена", "6k", "Новосибирск", "RU"),
    ("Кузнецов", "Сергей", "2d", "Екатеринбург", "RU"),
]

GERMAN: Rows = [
    ("Name", "Vorname", "Rang", "Verein", "Land"),
    ("Größe", "Jürgen", "1d", "Düsseldorf", "DE"),
    ("Weiß", "Bärbel", "7k", "Nürnberg", "DE"),
    ("Schäfer", "Lena", "2k", "München", "DE"),
    ("Fischer", "Anna", "12k", "Berlin", "DE"),
]

FRENCH: Rows = [
    ("Nom", "Prénom", "Grade", "Club", "Country"),
    ("Lefèvre", "Hélène", "5k", "Montréal", "CA"),
    ("Bouchard", "Élodie", "3d", "Québec", "CA"),
    ("Gagné", "François", "12k", "Trois-Rivières", "CA"),
    ("Dupont", "Jean", "1k", "Paris", "FR"),
    ("Martin", "Chloé", "7k", "Besançon", "FR"),
    ("Moreau", "Sébastien", "2d", "Lyon", "FR"),
]

EUROPEAN: Rows = [
    ("Name", "First name", "Rank", "Club", "Country"),
    ("García", "Lucía", "2k", "Barcelona", "ES"),
    ("Müller", "Jonas", "3k", "Köln", "DE"),
    ("Martin", "Chloé", "7k", "Besançon", "FR"),
    ("Dubois", "Luc", "2d", "Paris", "FR"),
    ("Andersen", "Erik", "5k", "København", "DK"),
]

DELIMITERS = pytest.mark.parametrize("delimiter", [",", ";", "\t"], ids=["comma", "semi", "tab"])

# --------------------------------------------------------------------- helpers


def write_csv(path: Path, rows: Rows, encoding: str, delimiter: str, bom: bytes = b"") -> Path:
    text = "".join(delimiter.join(row) + "\r\n" for row in rows)
    path.write_bytes(bom + text.encode(encoding))
    return path


def import_roster(capsys: pytest.CaptureFixture[str], roster: Path, *options: str) -> Path:
    book = roster.with_name("cup.xlsx")
    # --language en: a roster in Russian headers would otherwise make a Russian workbook
    out = cli_ok(capsys, "import", roster, "-o", book, "--seed", "3", "--language", "en", *options)
    assert "players" in out
    return book


def players_table(book: Path) -> tuple[list[Any], list[list[Any]]]:
    """The Players sheet: its header and its non-blank rows."""
    rows = [list(r) for r in load_workbook(book)["Players"].iter_rows(values_only=True)]
    header = rows[0]
    while header and header[-1] is None:
        header.pop()
    body = [r[: len(header)] for r in rows[1:] if any(v is not None for v in r)]
    return header, body


def as_dicts(book: Path) -> list[dict[str, Any]]:
    header, body = players_table(book)
    return [dict(zip(header, row, strict=True)) for row in body]


def expected_people(rows: Rows) -> list[tuple[str, str]]:
    return [(row[0], row[1]) for row in rows[1:]]


def people(book: Path) -> list[tuple[str, str]]:
    return [(p["Name"], p["First name"]) for p in as_dicts(book)]


# ------------------------------------------------------- encodings, delimiters


@DELIMITERS
@pytest.mark.parametrize(
    ("encoding", "bom"),
    [
        ("utf-8", b""),
        ("utf-8", b"\xef\xbb\xbf"),
        ("utf-16-le", b"\xff\xfe"),
        ("utf-16-be", b"\xfe\xff"),
    ],
    ids=["utf-8", "utf-8-bom", "utf-16le-bom", "utf-16be-bom"],
)
def test_unicode_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str, bom: bytes, delimiter: str
) -> None:
    roster = write_csv(tmp_path / "roster.csv", MIXED, encoding, delimiter, bom)
    book = import_roster(capsys, roster)
    players = as_dicts(book)
    assert people(book) == expected_people(MIXED)
    assert [p["Club"] for p in players] == [row[4] for row in MIXED[1:]]
    assert [p["Rank"] for p in players] == [row[2] for row in MIXED[1:]]
    assert [p["Rating"] for p in players] == [2380, 1920, 720, None, None]
    assert players_table(book)[0] == STANDARD  # the BOM is not part of "Name"


@pytest.mark.parametrize(
    "delimiter",
    [
        ",",
        ";",
        "\t",
    ],
    ids=["comma", "semi", "tab"],
)
def test_cp1251_csv(capsys: pytest.CaptureFixture[str], tmp_path: Path, delimiter: str) -> None:
    roster = write_csv(tmp_path / "roster.csv", CYRILLIC, "cp1251", delimiter)
    book = import_roster(capsys, roster)
    assert people(book) == expected_people(CYRILLIC)
    assert [p["Club"] for p in as_dicts(book)] == [row[3] for row in CYRILLIC[1:]]


def test_cp1251_csv_with_russian_headers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [("Фамилия", "Имя", "Ранг", "Рейтинг", "Клуб", "Страна"), *CYRILLIC[1:]]
    rows = [(r[0], r[1], r[2], "", r[3], r[4]) if i else r for i, r in enumerate(rows)]
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, "cp1251", ";"))
    assert people(book) == expected_people(CYRILLIC)
    assert players_table(book)[0] == STANDARD


@DELIMITERS
@pytest.mark.parametrize("encoding", ["latin-1", "cp1252"])
def test_latin1_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str, delimiter: str
) -> None:
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", GERMAN, encoding, delimiter))
    assert people(book) == expected_people(GERMAN)
    assert [p["Club"] for p in as_dicts(book)] == [row[3] for row in GERMAN[1:]]


@pytest.mark.parametrize("rows", [FRENCH, EUROPEAN], ids=["french", "european"])
@pytest.mark.parametrize("encoding", ["latin-1", "cp1252"])
def test_latin1_csv_with_french_and_nordic_letters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str, rows: Rows
) -> None:
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, encoding, ","))
    assert people(book) == expected_people(rows)
    assert [p["Club"] for p in as_dicts(book)] == [row[3] for row in rows[1:]]


def test_cp1252_curly_apostrophe(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [("Name", "First name", "Rank"), ("O’Brien", "Seán", "12k"), ("Dupré", "Zoë", "1p")]
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, "cp1252", ";"))
    assert people(book) == expected_people(rows)


def test_quoted_fields_keep_their_delimiters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text(
        'Name,First name,Rank,Club\n"Smith, Jr.",John,2d,"Go Club ""Hikaru"", Leeds"\n'
        "Doe,Jane,15k,York\n",
        encoding="utf-8",
    )
    players = as_dicts(import_roster(capsys, roster))
    assert [(p["Name"], p["Club"]) for p in players] == [
        ("Smith, Jr.", 'Go Club "Hikaru", Leeds'),
        ("Doe", "York"),
    ]


def test_semicolon_roster_with_commas_inside_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text(
        "Name;First name;Rank;Club\nSmith;John;2d;Go, Paris\nDoe;Jane;3k;Lyon, FR\n"
        "Roe;Rick;5k;Nice, FR\n",
        encoding="utf-8",
    )
    players = as_dicts(import_roster(capsys, roster))
    assert [(p["Name"], p["Rank"], p["Club"]) for p in players] == [
        ("Smith", "2d", "Go, Paris"),
        ("Doe", "3k", "Lyon, FR"),
        ("Roe", "5k", "Nice, FR"),
    ]


def test_blank_lines_are_skipped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    roster = tmp_path / "r.csv"
    roster.write_text("Name,First name,Rank\n\nSmith,John,2d\n\n\nDoe,Jane,15k\n", "utf-8")
    assert people(import_roster(capsys, roster)) == [("Smith", "John"), ("Doe", "Jane")]


# ------------------------------------------------------------------- headers


@pytest.mark.parametrize(
    "header",
    [
        ("Surname", "Given name", "Grade", "Elo", "Team", "Nation"),
        ("  SURNAME  ", "FIRST NAME", " Strength ", "RATING", "club", "country"),
        ("Last name", "Prénom", "Level", "GoR", "City", "Country code"),
        ("Nom", "Prenom", "Grade", "Rating", "Club", "Country"),
        ("Family  name", "First  Name", "Kyu/Dan", "EGD rating", "Club", "CC"),
        ("Фамилия", "Имя", "Ранг", "Рейтинг", "Клуб", "Страна"),
        ("name", "firstname", "RANK", "elo", "team", "nation"),
    ],
    ids=["english", "spaces-and-case", "french-accent", "french", "egd", "russian", "lower"],
)
def test_header_synonyms(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, header: tuple[str, ...]
) -> None:
    rows = [
        header,
        ("Smith", "John", "2d", "2150", "Leeds", "GB"),
        ("Doe", "Jane", "15k", "", "", ""),
    ]
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, "utf-8", ","))
    header_out, _body = players_table(book)
    players = as_dicts(book)
    assert header_out == STANDARD
    assert [p["Country"] for p in players] == ["GB", None]
    assert [(p["Name"], p["First name"], p["Rank"]) for p in players] == [
        ("Smith", "John", "2d"),
        ("Doe", "Jane", "15k"),
    ]
    assert [(p["Rating"], p["Club"]) for p in players] == [(2150, "Leeds"), (None, None)]


def test_columns_in_any_order(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [("Grade", "Club", "Prénom", "Surname"), ("3k", "Oslo", "Kari", "Nordmann")]
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, "utf-8", ";"))
    assert as_dicts(book) == [
        {
            "Name": "Nordmann",
            "First name": "Kari",
            "Rank": "3k",
            "Rating": None,
            "Club": "Oslo",
            "Country": None,
            "Group": None,
            "Not playing": None,
        }
    ]


def test_a_roster_without_a_rank_column_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    roster = write_csv(tmp_path / "r.csv", [("Name", "Club"), ("Smith", "Leeds")], "utf-8", ",")
    code, _out, err = cli(capsys, "import", roster, "-o", tmp_path / "cup.xlsx")
    assert code == 1
    assert "Rank" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.csv"]


# ----------------------------------------------------------- unknown columns


def test_unknown_columns_are_kept_after_the_standard_ones(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [
        ("EGD PIN", "Surname", "First name", "E-mail", "Grade", "Shoe size", "Country"),
        ("00012345", "Smith", "John", "john@example.org", "2d", "44", "GB"),
        ("", "Doe", "Jane", "", "15k", "38", "IE"),
        ("13000001", "Roe", "Rick", "rick@example.org", "3k", "", ""),
    ]
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, "utf-8", ","))
    header, body = players_table(book)
    assert header == [*STANDARD, "EGD PIN", "E-mail", "Shoe size"]
    assert [row[len(STANDARD) :] for row in body] == [
        ["00012345", "john@example.org", "44"],  # the leading zeros survive
        [None, None, "38"],
        ["13000001", "rick@example.org", None],
    ]
    assert [(p["Name"], p["Country"]) for p in as_dicts(book)] == [
        ("Smith", "GB"),
        ("Doe", "IE"),
        ("Roe", None),
    ]

    # pairing the first round keeps them, each still on its player's row
    cli_ok(capsys, "pair", book)
    header_after, body_after = players_table(book)
    assert header_after == header
    assert [row[len(STANDARD) :] for row in body_after] == [row[len(STANDARD) :] for row in body]
    assert all(row[STANDARD.index("Group")] is not None for row in body_after)


# ---------------------------------------------------------------- xlsx roster


def _xlsx_roster(path: Path, rows: Sequence[Sequence[object]]) -> Path:
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Anmeldungen"
    for row in rows:
        sheet.append(list(row))
    workbook.save(path)
    return path


def test_xlsx_roster_is_read_through_calamine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    engines: list[object] = []
    real_read_excel = pd.read_excel

    def spy(*args: Any, **kwargs: Any) -> Any:
        engines.append(kwargs.get("engine"))
        return real_read_excel(*args, **kwargs)

    monkeypatch.setattr(pd, "read_excel", spy)
    roster = _xlsx_roster(
        tmp_path / "roster.xlsx",
        [
            ("Surname", "Given name", "Strength", "Rating", "Club", "Nation", "EGD PIN", "Notes"),
            ("Ivanova", "Maria", "4d", 2380, "Moscow", "RU", 12345678, "vegetarian"),
            ("Kowalski", "Piotr", "3 dan", 2290.0, "Warszawa", "PL", None, None),
            (None, None, None, None, None, None, None, None),
            ("Müller", "Jonas", "3K", None, "Köln", "DE", 87654321, "arrives Saturday"),
        ],
    )
    book = import_roster(capsys, roster)
    assert engines == ["calamine"]
    assert players_table(book)[0] == [*STANDARD, "EGD PIN", "Notes"]
    players = as_dicts(book)
    assert [(p["Name"], p["First name"], p["Rank"], p["Rating"]) for p in players] == [
        ("Ivanova", "Maria", "4d", 2380),
        ("Kowalski", "Piotr", "3d", 2290),
        ("Müller", "Jonas", "3k", None),
    ]
    assert [p["EGD PIN"] for p in players] == [12345678, None, 87654321]
    assert [p["Notes"] for p in players] == ["vegetarian", None, "arrives Saturday"]


def test_xlsx_roster_with_bad_ranks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    roster = _xlsx_roster(
        tmp_path / "roster.xlsx",
        [("Name", "First name", "Rank"), ("A", "a", "4d"), ("B", "b", "4x"), ("C", "c", 3)],
    )
    code, _out, err = cli(capsys, "import", roster, "-o", tmp_path / "cup.xlsx")
    assert code == 1
    assert "2 problems found" in err
    assert "roster.xlsx!C3: '4x'" in err
    assert "roster.xlsx!C4: 3" in err
    assert not (tmp_path / "cup.xlsx").exists()


# --------------------------------------------------------------------- ranks


ALL_RANKS = [f"{k}k" for k in range(30, 0, -1)] + [f"{d}d" for d in range(1, 10)] + ["1p"]


def test_every_rank_from_30k_to_9d_and_1p(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    rows = [("Name", "First name", "Rank")] + [
        (f"Player{i:02d}", "X", rank) for i, rank in enumerate(ALL_RANKS, start=1)
    ]
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, "utf-8", ","))
    assert [p["Rank"] for p in as_dicts(book)] == ALL_RANKS
    tournament = read_book(XlsxBook.open(book).grids()).tournament
    assert [p.rank for p in tournament.players] == list(range(-30, 10))


@pytest.mark.parametrize(
    ("spelling", "written"),
    [("2 dan", "2d"), ("15 kyu", "15k"), ("1P", "1p"), (" 9D ", "9d"), ("30 K", "30k")],
)
def test_rank_spellings_are_written_in_the_usual_form(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, spelling: str, written: str
) -> None:
    rows = [("Name", "First name", "Rank"), ("Smith", "John", spelling)]
    book = import_roster(capsys, write_csv(tmp_path / "r.csv", rows, "utf-8", ";"))
    assert [p["Rank"] for p in as_dicts(book)] == [written]


def test_bad_ranks_in_a_roster_are_all_reported_with_their_cells(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = {3: "3x", 4: "31k", 5: "10d", 6: "0k", 7: "10p", 9: "dan", 10: "2.5k"}
    rows: list[tuple[str, ...]] = [("Name", "First name", "Rank", "Club")]
    for line in range(2, 11):
        rows.append((f"Player{line}", "X", bad.get(line, "5k"), "Club"))
    rows[7] = ("Player8", "X", "", "Club")  # line 8: no rank at all
    roster = write_csv(tmp_path / "roster.csv", rows, "utf-8", ",")
    (tmp_path / "cup.xlsx").write_bytes(b"an old workbook, to be kept")
    code, _out, err = cli(capsys, "import", roster, "-o", tmp_path / "cup.xlsx", "--force")
    assert code == 1
    assert f"{len(bad) + 1} problems found" in err
    for line, value in bad.items():
        assert f"roster.csv!C{line}: {value!r}:" in err
    assert "roster.csv!C8: no rank" in err
    assert "roster.csv!C2" not in err
    assert (tmp_path / "cup.xlsx").read_bytes() == b"an old workbook, to be kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.xlsx", "roster.csv"]


def test_a_player_twice_in_the_roster(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [
        ("Name", "First name", "Rank"),
        ("Smith", "John", "2d"),
        ("Doe", "Jane", "3k"),
        ("SMITH", " john ", "2d"),
    ]
    roster = write_csv(tmp_path / "roster.csv", rows, "utf-8", ",")
    code, _out, err = cli(capsys, "import", roster, "-o", tmp_path / "cup.xlsx")
    assert code == 1
    assert "roster.csv!A4: 'SMITH john'" in err and "twice" in err
    assert not (tmp_path / "cup.xlsx").exists()


# ---------------------------------------------------------------- round trip


def test_players_sheet_round_trip(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    rows = [
        ("Surname", "First name", "Grade", "Rating", "Club", "Country", "Notes"),
        ("Ivanova", "Maria", "4d", "2380", "Moscow", "RU", "x"),
        ("García", "Lucía", "2k", "", "Barcelona", "ES", ""),
        ("Kovač", "", "14k", "720", "", "SI", "y"),
        ("van der Berg", "Jan Willem", "1p", "2950", "Den Haag", "NL", ""),
        ("Ωμέγα", "Νίκος", "30k", "", "", "", ""),
    ]
    roster = write_csv(tmp_path / "roster.csv", rows, "utf-8", ";")
    book = import_roster(capsys, roster)
    read_back = read_book(XlsxBook.open(book).grids()).tournament.players
    assert read_back == read_roster(roster).players
    assert read_back == (
        Player(1, "Ivanova", "Maria", 3, 2380, "Moscow", "RU"),
        Player(2, "García", "Lucía", -2, None, "Barcelona", "ES"),
        Player(3, "Kovač", "", -14, 720, "", "SI"),
        Player(4, "van der Berg", "Jan Willem", 9, 2950, "Den Haag", "NL"),
        Player(5, "Ωμέγα", "Νίκος", -30, None, "", ""),
    )
