"""The three rating lists read from small sample files (tests/fixtures/ratings/, made for
these tests in each body's layout), and a player found in one by number or by name."""

from __future__ import annotations

import datetime as dt

import pytest
from support.paths import RATINGS

from gosheet.formats.ratings.lists import aga_rank, kind_of, read_list
from gosheet.formats.ratings.match import ListIndex, name_key

SAMPLES = RATINGS
FILES = {"egd": "allworld_lp.html", "ffg": "ech_ffg_V3.txt", "aga": "TDListA.txt"}


def sample(kind: str) -> bytes:
    return (SAMPLES / FILES[kind]).read_bytes()


@pytest.mark.parametrize("kind", FILES)
def test_kind_is_recognised(kind: str) -> None:
    assert kind_of(sample(kind)) == kind


def test_egd_columns_date_and_rank_from_gor() -> None:
    egd = read_list(sample("egd"), "egd")
    assert egd.date == dt.date(2024, 5, 12) and len(egd.players) == 7  # the headers skipped
    hans = egd.players[0]
    assert (hans.surname, hans.first_name, hans.country, hans.club) == (
        "Müller",
        "Hans",
        "DE",
        "Berl",
    )
    assert (hans.ident, hans.rating, hans.rank_text) == ("10254981", 2290, "3d")
    jan = next(p for p in egd.players if p.ident == "13572468")
    assert (jan.surname, jan.first_name) == ("Van", "der Berg Jan")  # split at the first space
    assert jan.rank_text == "1k"  # GoR 2010


def test_ffg_rating_licence_and_status() -> None:
    ffg = read_list(sample("ffg"), "ffg")
    assert ffg.date == dt.date(2024, 5, 12)
    robin = next(p for p in ffg.players if p.first_name == "Clé")
    assert (robin.rating, robin.rank_text, robin.ident, robin.club) == (
        1129,
        "10k",
        "2200056",
        "13Ma",
    )
    assert next(p for p in ffg.players if p.surname == "SANSLICENCE").ident == ""


def test_aga_ranks() -> None:
    aga = read_list(sample("aga"), "aga")
    assert [(p.surname, p.rank_text, p.ident) for p in aga.players] == [
        ("Smith", "3d", "12345"),
        ("Tanaka", "5k", "23456"),
        ("Garcia", "1d", "34567"),
    ]
    assert [aga_rank(x) for x in (1.0, 1.99, -1.2, -29.9, 9.5)] == [0, 0, -1, -29, 8]


def test_matching_by_number_then_name() -> None:
    index = ListIndex(read_list(sample("egd"), "egd"))
    assert name_key("hans MULLER") == name_key("Müller_Hans") == "hans muller"
    assert index.find("anyone", "11223344").rated.surname == "Kowalski"  # type: ignore[union-attr]
    assert index.find("Jan Van der Berg").rated.ident == "13572468"  # type: ignore[union-attr]
    twice = index.find("Luc Dubois")
    assert twice.rated is None and {p.ident for p in twice.candidates} == {"12345678", "12345679"}
    close = index.find("Kowalsky Piotr")
    assert close.rated is None and close.candidates[0].ident == "11223344"
