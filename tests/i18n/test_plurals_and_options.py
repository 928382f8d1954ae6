"""The words of issue 27: counts through plural forms (no "round(s)" in any message, in any
language; Russian's three forms), and options named as the organiser types them, quoted, in
every language (never an English option name left bare at the end of a Russian sentence)."""

from __future__ import annotations

import re

import pytest
from babel.messages.catalog import Message

from gosheet.i18n import build, catalog, counts

TRANSLATED = ("ru", "fr", "ca")
EVERY = [(language, domain) for domain in catalog.DOMAINS for language in TRANSLATED]

A_PLURAL_IN_BRACKETS = re.compile(r"\w\((?:s|es|x|e|en|ns|ов|ей|а|и|ы|ях|ах)\)", re.IGNORECASE)
"""``round(s)``, ``partie(s)``, ``тур(ов)``, ``exempció(ns)``: a count's word not declined."""

SAME_IN_ENGLISH = {
    "… and {count} more.",
    "… and {count} more not found or ambiguous.",
    "The marks of the last check ({count}) were taken off.",
    "{count} players of the Players sheet have this name: write {which}",  # always 2 or more
    "Left out of round {number}, not confirmed ({count}): {players}.",  # ru: не подтверждён/ы
    "Not confirmed, left out of round {number} by the next pair ({count}): {players}.",
}
"""Plural messages whose English words do not change with the number (other languages' do)."""

OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*|\{option\}")
BEFORE = re.compile(r"'(?:gosheet [\w ]*)?$")
"""What stands before a quoted option: its quote, or a quoted command's beginning."""
AFTER = re.compile(r"^[\w\-{} ]*'")


def quoted(text: str) -> bool:
    """Whether every option of ``text`` (and an ``{option}`` placeholder) is in quotes."""
    return all(
        BEFORE.search(text[: m.start()]) and AFTER.match(text[m.end() :])
        for m in OPTION.finditer(text)
    )


def texts(message: Message) -> list[str]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    forms = message.string if isinstance(message.string, tuple) else (message.string,)
    return [*ids, *forms]


def english(message: Message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


@pytest.mark.parametrize(("language", "domain"), EVERY)
def test_no_message_says_a_count_with_a_plural_in_brackets(language: str, domain: str) -> None:
    found = {
        english(m): text
        for m in build.read(language, domain)
        if m.id
        for text in texts(m)
        if A_PLURAL_IN_BRACKETS.search(text)
    }
    assert not found, found


@pytest.mark.parametrize("domain", catalog.DOMAINS)
def test_a_plural_message_changes_its_english_words(domain: str) -> None:
    fixed = [
        m.id[0]
        for m in build.read("ru", domain)
        if isinstance(m.id, tuple) and m.id[0] == m.id[1] and m.id[0] not in SAME_IN_ENGLISH
    ]
    assert not fixed


@pytest.mark.parametrize("domain", catalog.DOMAINS)
def test_russian_has_its_three_forms_in_every_plural_message(domain: str) -> None:
    for message in build.read("ru", domain):
        if isinstance(message.id, tuple):
            forms = message.string
            assert isinstance(forms, tuple) and len(forms) == 3 and all(forms), message.id


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", ["1 round", "2 rounds", "5 rounds", "21 rounds", "1 player", "0 players"]),
        ("ru", ["1 тур", "2 тура", "5 туров", "21 тур", "1 игрок", "0 игроков"]),
        ("fr", ["1 ronde", "2 rondes", "5 rondes", "21 rondes", "1 joueur", "0 joueur"]),
        ("ca", ["1 ronda", "2 rondes", "5 rondes", "21 rondes", "1 jugador", "0 jugadors"]),
    ],
)
def test_counts_in_every_language(language: str, said: list[str]) -> None:
    with catalog.speaking(language):
        got = [counts.rounds(n) for n in (1, 2, 5, 21)] + [counts.players(n) for n in (1, 0)]
    assert got == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "No problems: 1 player, 1 round paired."),
        ("ru", "Проблем нет: 1 игрок; сведено: 1 тур."),
        ("fr", "Aucun problème : 1 joueur ; déjà appariées : 1 ronde."),
        ("ca", "Cap problema: 1 jugador; ja aparellades: 1 ronda."),
    ],
)
def test_one_of_each_is_said_in_the_singular(language: str, said: str) -> None:
    from gosheet.app.outcomes import Checked
    from gosheet.core.model import Player, Round, Tournament
    from gosheet.core.ranks import parse_rank
    from gosheet.core.settings import Settings

    tournament = Tournament(
        Settings(), (Player(1, "Ivanov", "Ivan", parse_rank("1d")),), (Round(1, (), (1,)),)
    )
    with catalog.speaking(language):
        assert Checked(tournament).message() == said


@pytest.mark.parametrize(
    ("language", "domain"), [(lang, d) for d in catalog.DOMAINS for lang in catalog.LANGUAGES]
)
def test_options_are_quoted_as_typed_in_every_language(language: str, domain: str) -> None:
    """An option (``--force``) stays as the organiser types it, in quotes like a command
    (``'gosheet pair --again'``), in English and every translation; a translation names the
    options its message names, no other."""
    bare = []
    for message in build.read("ru" if language == "en" else language, domain):
        if not message.id:
            continue
        ids = list(message.id) if isinstance(message.id, tuple) else [message.id]
        said = ids if language == "en" else texts(message)[len(ids) :]
        wanted = sorted(OPTION.findall(ids[0]))
        bare += [
            text for text in said if not quoted(text) or sorted(OPTION.findall(text)) != wanted
        ]
    assert not bare
