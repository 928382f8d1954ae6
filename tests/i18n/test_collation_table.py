"""The small collation table (gosheet/i18n/collation_table.py): what
``python -m gosheet.i18n.collation_source`` writes from pyuca's own files, and keys equal to
pyuca's for every name it covers — so that a list of Latin, Greek and Cyrillic names sorts as
before without pyuca's whole table read."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pyuca.collator import Collator_10_0_0

from gosheet.i18n import collation, collation_source, collation_table

FULL = Collator_10_0_0()
COVERED = sorted(collation._small_table().covered)
#: Letters, their marks and what names hold besides: the covered code points, the
#: combining marks (which make the contractions), and a few outside the table.
ALPHABET = st.sampled_from(
    [chr(c) for c in COVERED] + ["\u0306", "\u0308", "\u00b7", "\u0387", "李", "ა", "\u05d0"]
)


def pyuca_key(text: str) -> tuple[int, ...]:
    return tuple(FULL.sort_key(text))


def test_the_module_is_what_the_source_writes() -> None:
    """pyuca's table and the Cyrillic span, as they are today (rerun the source after a change
    of pyuca)."""
    assert collation_source.TARGET.read_text(encoding="utf-8") == collation_source.module_text()


def test_every_covered_character_and_entry_keys_as_pyuca() -> None:
    table, covered = collation._small_table()[:2]
    assert len(covered) > 1000
    for chars in table:
        text = "".join(map(chr, chars))
        if unicodedata.normalize("NFD", text) == text:
            assert collation._small_key(text) == pyuca_key(text), chars
    for cp in covered:  # and each one before a mark, after a letter
        for text in (chr(cp), "a" + chr(cp) + "\u0301", "И" + chr(cp)):
            assert collation._small_key(text) == pyuca_key(text), hex(cp)


@pytest.mark.parametrize(
    "name",
    [
        "Pal·la Marc",
        "Ёлкин Пётр",
        "Йорк Ян",
        "й\u0308\u0306",
        "Đorđević Đuro",
        "Straße Uwe",
        "Ζαχαρίου Γιώργος",
        "Nguyễn Văn",
        "Ødegård Ørjan",
        "O’Brien – Sean",
    ],
)
def test_names_key_as_pyuca(name: str) -> None:
    assert collation._small_key(name) == pyuca_key(name)


@given(st.text(ALPHABET, max_size=12))
def test_any_text_keys_as_pyuca_or_goes_to_pyuca(text: str) -> None:
    small = collation._small_key(text)
    if small is None:
        covered = collation._small_table().covered
        assert any(ord(c) not in covered for c in unicodedata.normalize("NFD", text))
    else:
        assert small == pyuca_key(text)
    for language in ("en", "ru"):  # the key gosheet sorts by, whichever table made it
        collation._collator.cache_clear()
        assert collation.collation_key(text, language) == _through_pyuca(text, language)


def _through_pyuca(text: str, language: str) -> tuple[int, ...]:
    key = pyuca_key(" ".join(text.split()))
    moved = collation._reordering(language)
    if moved is None:
        return key
    end = key.index(0) if 0 in key else len(key)
    return tuple(moved(w) for w in key[:end]) + key[end:]


def test_latin_and_cyrillic_names_build_no_collator() -> None:
    collation._collator.cache_clear()
    names = ["Łukasiewicz Jan", "Иванов Олег", "Adams John", "Ζαχαρίου Γιώργος", "Émile Jean"]
    ordered = collation.sorted_names(names, "ru")
    latin = ["Adams John", "Émile Jean", "Łukasiewicz Jan"]
    assert ordered == ["Иванов Олег", *latin, "Ζαχαρίου Γιώργος"]
    assert collation._collator.cache_info().currsize == 0
    assert collation.sorted_names(["李 小龙", "Adams John"]) == ["Adams John", "李 小龙"]
    assert collation._collator.cache_info().currsize == 1  # another script: pyuca's table


def test_the_reordered_spans_are_pyuca_s() -> None:
    spans, latin = collation_source.reorder_spans()
    assert spans == collation_table.SPANS
    assert set(spans) == set(collation.REORDERED.values())
    assert collation_table.LATIN_FIRST == latin == FULL.sort_key("a")[0]
