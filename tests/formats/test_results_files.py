"""Results files (EGF .h9, FFG .tou, AGA) written from the four OpenGotha fixtures, compared
with OpenGotha 3.51.02's own exports of them (tests/fixtures/opengotha-exports/): the same
header, the same standings order and places, the same games per player (opponents, results,
colours, handicaps); and where gosheet does better (EGD PINs, halves, names) it is tested
here too (tests/formats/test_results_like_opengotha.py: line for line, and OpenGotha's rules
on generated tournaments)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.cli import cli_ok
from support.paths import EXPORTS, PAIRGOTH, fixture
from support.results_files import read_h9

from gosheet.core.errors import ConsistencyError
from gosheet.core.model import Game, Player, Result, Round, Tournament
from gosheet.core.settings import Settings
from gosheet.core.standings_table import standings_model
from gosheet.formats.results import format_of, results_file
from gosheet.formats.results.aga import aga_text
from gosheet.formats.results.egf import h9_text
from gosheet.formats.results.letters import fits, in_latin9, latin9
from gosheet.formats.results.table import results_table, score_text
from gosheet.workbook.xlsx.book import XlsxBook

OG = "OpenGotha 3.51.02"
SWISS = ("simpleswiss", "notsosimpleswiss")


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    import contextlib
    import io

    from gosheet.frontends.cli import main

    folder = tmp_path_factory.mktemp("books")
    out = {}
    for name in PAIRGOTH:
        out[name] = folder / f"{name}.xlsx"
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["import", str(fixture(name)), "-o", str(out[name])]) == 0
    return out


def made(book: Path, kind: str, **options: object) -> bytes:
    grids = XlsxBook.open(book).grids()
    return results_file(grids, kind, program=OG, **options).data  # type: ignore[arg-type]


@pytest.mark.parametrize("name", PAIRGOTH)
def test_tou_and_aga_are_opengothas_byte_for_byte(books: dict[str, Path], name: str) -> None:
    assert made(books[name], "ffg") == (EXPORTS / f"{name}.tou").read_bytes()
    assert made(books[name], "aga") == (EXPORTS / f"{name}.aga.txt").read_bytes()


@pytest.mark.parametrize("name", PAIRGOTH)
@pytest.mark.parametrize("drop", [False, True])
def test_h9_reads_as_opengothas(books: dict[str, Path], name: str, drop: bool) -> None:
    ours = made(books[name], "egf", drop_forfeits=drop)
    theirs = (EXPORTS / f"{name}{'.nobydef' if drop else ''}.h9").read_bytes()
    header, lines = read_h9(ours)
    og_header, og_lines = read_h9(theirs)
    assert header == og_header
    assert [(x.place, x.name, x.rank) for x in lines] == [
        (x.place, x.name, x.rank) for x in og_lines
    ]
    # the Swiss files are in OpenGotha's "short" game format (the tournament's setting):
    # no colour, no handicap — gosheet follows it
    assert all(g[3] == "" for x in lines for g in x.games if g[0]) == (name in SWISS)
    assert lines == og_lines
    assert ours == theirs  # the very bytes


@pytest.mark.parametrize("name", PAIRGOTH)
def test_the_files_list_the_standings_model(books: dict[str, Path], name: str) -> None:
    """The order, places and criteria are the standings model's (issue 23): no ranking of
    the files' own."""
    t = XlsxBook.open(books[name]).read().tournament
    model = standings_model(t, len(t.rounds))
    table = results_table(t)
    listed = {line.player.number for line in table.lines}
    rows = [row for row in model.rows if row.player.number in listed]
    assert [line.player.number for line in table.lines] == [r.player.number for r in rows]
    assert [line.values for line in table.lines] == [
        tuple(Fraction(r.values[c]) for c in model.criteria) for r in rows
    ]
    assert len(table.criteria) == len(model.criteria)


def test_h9_writes_pins_halves_and_forfeits() -> None:
    settings = Settings(
        rounds=2, name="Cup", location="Lyon", country="FR", dates=(dt.date(2024, 5, 18),)
    )
    t = Tournament(
        settings,
        (
            Player(1, "Van der Berg", "Jan Piet", rank=2, club="Amsterdam", egd_pin="10254981"),
            Player(2, "Lee", "Ann", rank=-5, country="KR"),
            Player(3, "Ito", "Ken", rank=-25),
        ),
        (
            Round(1, (Game(1, 1, 2, result=Result.JIGO),), byes=(3,)),
            Round(2, (Game(1, 2, 3, handicap=2, result=Result.WHITE_WINS_BY_FORFEIT),)),
        ),
    )
    table = results_table(t)
    text = h9_text(table, today=dt.date(2000, 1, 1), program="gosheet")
    assert "; PC[FR,Lyon]" in text and "; DT[2024-05-18,2024-05-18]" in text
    jan = next(r for r in text.splitlines() if r.lstrip().startswith("1 ") or "Jan_Piet" in r)
    assert "Van_der_Berg Jan_Piet" in jan and " Amst " in jan and jan.endswith(" |10254981")
    assert "0.5" in jan or "1.5" in jan  # halves as .5, never ½ or ?
    lee = next(r for r in text.splitlines() if "Lee Ann" in r)
    assert "!b2" not in lee and "+!w2" in lee
    dropped = h9_text(table, today=dt.date(2000, 1, 1), program="gosheet", drop_forfeits=True)
    assert "+!w2" not in dropped and "0=" in dropped
    aga = aga_text(table, today=dt.date(2000, 1, 1))
    assert "\t?\t2\t0" in aga  # a forfeit is no result for the AGA


def test_score_text_and_format_of() -> None:
    assert [score_text(Fraction(n, d)) for n, d in ((24, 1), (25, 2), (13, 4))] == [
        "24",
        "12.5",
        "3.25",
    ]
    assert format_of(".h9", None) == "egf" and format_of(".TOU", None) == "ffg"
    assert format_of(".txt", "aga") == "aga" and format_of(".xml", None) is None


def test_names_in_other_letters_are_respelt_in_latin9() -> None:
    """The files are ISO-8859-15, as OpenGotha's: a letter it lacks is written as the nearest
    Latin letters (OpenGotha writes ``?``), one of another script ``?``; the names respelt
    are named."""
    t = Tournament(
        Settings(rounds=1, name="Кубок", location="Łódź"),
        (
            Player(1, "Иванов", "Иван", rank=0, club="Щука"),
            Player(2, "Yılmaz", "İsmail", rank=0),
            Player(3, "王", "Wei", rank=0),
            Player(4, "Müller", "Jörg", rank=0),
        ),
        (Round(1, (Game(1, 1, 2, result=Result.BLACK_WINS), Game(2, 3, 4))),),
    )
    table, respelt = in_latin9(results_table(t))
    text = h9_text(table, today=dt.date(2000, 1, 1), program="gosheet")
    assert "Ivanov Ivan" in text and "Yilmaz Ismail" in text and "? Wei" in text
    assert " Shch " in text and "; EV[Kubok]" in text
    assert "; PC[,Lódz]" in text  # ó fits, ź does not
    assert "Müller Jörg" in text  # ISO-8859-15 holds them: as they are
    assert dict(respelt) == {
        "Иванов Иван": "Ivanov Ivan",
        "Yılmaz İsmail": "Yilmaz Ismail",
        "王 Wei": "? Wei",
    }
    text.encode("iso-8859-15")  # every character fits


def test_oware_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = tmp_path / "oware.xlsx"
    cli_ok(capsys, "new", book, "--game", "oware")
    with pytest.raises(ConsistencyError, match="for go"):
        results_file(XlsxBook.open(book).grids(), "egf")


@given(st.text(max_size=40))
def test_latin9_keeps_what_fits_and_respells_the_rest(text: str) -> None:
    """Every character of the result fits ISO-8859-15; a text that fits is kept as it is,
    and a letter that fits is never touched; respelling twice changes nothing more."""
    out = latin9(text)
    out.encode("iso-8859-15")
    assert latin9(out) == out
    if all(fits(c) for c in text):
        assert out == text
    kept = [c for c in text if fits(c) and c.isalpha() and not c.isupper()]
    assert all(c in out for c in kept)
