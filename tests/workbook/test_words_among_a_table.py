"""``words.canonical(text, among=TABLE)``: a table given as itself means its keys in
ALL_TABLES (looked up by identity, a start-up saving of issue 38), as given by its names."""

from __future__ import annotations

import pytest

from gosheet.i18n import words


@pytest.mark.parametrize("name", list(words.ALL_TABLES))
def test_a_table_means_its_names(name: str) -> None:
    table = words.ALL_TABLES[name]
    names = [n for n, other in words.ALL_TABLES.items() if other is table]
    for english in table:
        for language, spelt in words.spellings(english, table).items():
            text = spelt.replace("{n}", "3")
            assert words.canonical(text, table, language) == words.canonical(text, names, language)
            assert words.canonical(text, dict(table), language) is None  # (no table of ours)
