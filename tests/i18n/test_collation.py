"""Names in the order people read them (gosheet/i18n/collation.py): the Unicode Collation
Algorithm with CLDR's tailoring of each language.

The expected orders below are ICU's (ICU 77.1, CLDR 47, Unicode 16, through PyICU) for the
same names in each language, written out so that the tests need no ICU; gosheet's pyuca
gave the same orders when they were written (benchmarks/bench_collation.py compares the two
on 20,000 names when PyICU is installed).
"""

from __future__ import annotations

import random

import pytest

from gosheet.i18n import collation
from gosheet.i18n.collation import Collated, collation_key, sorted_names

LATIN_FIRST = [
    "Aaron Hank",
    "Åberg Eva",
    "Adams John",
    "Celik Ali",
    "Çelik Can",
    "Cohen Dan",
    "Đorđević Đuro",  # Đ a D with a stroke: Dord… before Dorn
    "Dorn Ivo",
    "emile Jean",
    "Emile Jean",
    "Émile Jean",
    "Emilia Ana",
    "Lluís Pere",
    "Llull Ramon",
    "Lorca Joan",
    "Lukas Anna",
    "Łukasiewicz Jan",  # Ł an L with a stroke: among the L's
    "Lund Lars",
    "Mayer Max",
    "Mueller Jens",
    "Muller Jorg",
    "Müller Jörg",
    "O'Brien Sean",
    "Obama Ben",
    "Ødegård Ørjan",
    "Olsen Ole",
    "Palau Jordi",
    "Pal·la Marc",
    "Palma Rosa",
    "Strasse Udo",
    "Straße Uwe",
    "van der Berg Jan",
    "Vance Ed",
    "Yilmaz Ali",
    "Yılmaz Ayşe",
    "Zieliński Piotr",
]
GREEK = ["Ζαχαρίου Γιώργος"]
CYRILLIC = [
    "Адамов Олег",
    "Ёлкин Пётр",  # Ё an Е with a diaeresis: Елк… before Ефи…
    "Ефимов Егор",
    "Иванов Иван",
    "Шевченко Тарас",
    "Щукин Юрий",
]
ORDERS = {
    "en": LATIN_FIRST + GREEK + CYRILLIC,
    "fr": LATIN_FIRST + GREEK + CYRILLIC,
    "ca": LATIN_FIRST + GREEK + CYRILLIC,
    "ru": CYRILLIC + LATIN_FIRST + GREEK,  # [reorder Cyrl]: Cyrillic, then the rest as it was
}


@pytest.mark.parametrize("language", sorted(ORDERS))
def test_the_order_of_each_language(language: str) -> None:
    expected = ORDERS[language]
    shuffled = expected[:]
    random.Random(language).shuffle(shuffled)
    assert sorted_names(shuffled, language) == expected


def test_letters_first_then_accents_then_case() -> None:
    names = ["Zieliński", "Łukasiewicz", "Ødegård", "Lund", "Mayer", "Olsen", "Pan", "Lata"]
    assert sorted_names(names) == [
        "Lata",
        "Łukasiewicz",  # between L and M, not after Z
        "Lund",
        "Mayer",
        "Ødegård",  # among the O's, before P
        "Olsen",
        "Pan",
        "Zieliński",
    ]
    assert sorted_names(["Émile", "emile", "Emilia", "Emile", "émile"], "fr") == [
        "emile",
        "Emile",
        "émile",
        "Émile",
        "Emilia",  # a letter more weighs more than any accent or case
    ]


def test_catalan_l_l_sorts_as_ll_with_an_accent() -> None:
    """The root's l· is an l with an accent (what Catalan needs; ca.xml adds nothing):
    Pal·la just after Palla, between Palau and Palma — not before Palau, as the dot's own
    weight as punctuation would put it."""
    names = ["Palma", "Pal·la", "Palla", "Palau", "Pamies"]
    assert sorted_names(names, "ca") == ["Palau", "Palla", "Pal·la", "Palma", "Pamies"]
    assert sorted_names(["Llull", "Lluís", "Lloret", "Lorca"], "ca") == [
        "Lloret",
        "Lluís",
        "Llull",
        "Lorca",
    ]


def test_russian_puts_cyrillic_first_other_languages_after_latin() -> None:
    names = ["Zieliński", "Иванов", "Adams", "Яковлев", "Ζαχαρίου"]
    assert sorted_names(names, "ru") == ["Иванов", "Яковлев", "Adams", "Zieliński", "Ζαχαρίου"]
    for language in ("en", "fr", "ca"):
        assert sorted_names(names, language) == [
            "Adams",
            "Zieliński",
            "Ζαχαρίου",
            "Иванов",
            "Яковлев",
        ]


def test_a_language_by_its_region_and_an_unknown_one() -> None:
    names = ["Adams", "Иванов"]
    assert sorted_names(names, "ru-RU") == sorted_names(names, "ru_RU") == ["Иванов", "Adams"]
    assert sorted_names(names, "de") == ["Adams", "Иванов"]  # the root order


def test_spaces_do_not_change_the_order() -> None:
    assert collation_key("  Müller   Jörg ") == collation_key("Müller Jörg")


def test_equal_keys_still_have_one_order() -> None:
    """Two spellings the collation cannot tell apart come in one order every time."""
    one, other = "ﬁsh", "fish"  # a ligature: the same letters, the same weights but tertiary
    assert sorted_names([one, other]) == sorted_names([other, one])


def test_collated_compares_only_on_a_tie(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last part of a sort key: its collation key is computed only for entries that tie
    on everything before it (so the collator need not be built to sort a field without
    ties)."""
    computed: list[str] = []
    real = collation.sort_key

    def counting(name: str, language: str = "en") -> tuple[tuple[int, ...], str]:
        computed.append(name)
        return real(name, language)

    monkeypatch.setattr(collation, "sort_key", counting)
    rows = [(3, Collated("Zieliński")), (1, Collated("Łukasiewicz")), (2, Collated("Adams"))]
    assert [c.name for _, c in sorted(rows)] == ["Łukasiewicz", "Adams", "Zieliński"]
    assert computed == []
    tied = [(1, Collated("Zieliński")), (1, Collated("Łukasiewicz")), (0, Collated("Adams"))]
    assert [c.name for _, c in sorted(tied)] == ["Adams", "Łukasiewicz", "Zieliński"]
    assert sorted(computed) == ["Zieliński", "Łukasiewicz"]
    assert Collated("Ødegård", "en") == Collated("Ødegård", "en")
    assert Collated("Olsen") > Collated("Ødegård") >= Collated("Ødegård")


def test_the_tailorings_table_names_every_language_of_gosheet() -> None:
    from gosheet.i18n.catalog import LANGUAGES

    assert set(collation.TAILORINGS) == set(LANGUAGES)
    assert set(collation.REORDERED) <= set(LANGUAGES)
