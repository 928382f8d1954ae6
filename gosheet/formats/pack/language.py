"""The words of the printed pack and the published pages in the tournament's language (its
``Language`` setting).

Two sources, as in docs/languages.md:

- the words the workbook shows too — column headers, ``White``/``Black``, ``Bye``,
  ``Group 2`` — come from the workbook's table, :mod:`gosheet.i18n.words`, so that the wall
  and the club's site say what the workbook says;
- every other word — titles, the slips, ``page N of M``, the site's navigation and legend —
  is a message of the ``printing`` gettext domain, marked ``_p("…")`` where it is written,
  with ``_p = printing(language)``; a message with a count, ``ngettext_p("…", "…", n)``
  with ``ngettext_p = printing_plural(language)``.

English is the messages themselves: a pack in English is exactly what it always was.
"""

from __future__ import annotations

from collections.abc import Callable

from gosheet.i18n import words
from gosheet.i18n.catalog import translator

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


def printing(language: str) -> Gettext:
    """``_p``: a message of the ``printing`` domain in ``language``.

    >>> printing("en")("Crosstable")
    'Crosstable'
    """
    return translator(language, "printing").gettext


def printing_plural(language: str) -> Ngettext:
    """``ngettext_p``: the form of a message of the ``printing`` domain for a count, in
    ``language`` (Russian has three).

    >>> printing_plural("en")("{count} round paired", "{count} rounds paired", 1)
    '{count} round paired'
    """
    return translator(language, "printing").ngettext


def header(english: str, language: str) -> str:
    """A column header the workbook shows too (a round sheet's or the Standings'), as the
    workbook writes it in ``language``; one of no table, as it is (OpenGotha's criteria).

    >>> header("Handicap", "ru"), header("R3", "ru"), header("SOS", "fr"), header("NBW", "ru")
    ('Фора', 'Т3', 'SOS', 'NBW')
    """
    return words.local(english, language, ("rounds", "standings"))


def cell(english: str, language: str) -> str:
    """A fixed word of the workbook's cells (``Bye``, ``bye``, ``Group 2``) in ``language``.

    >>> cell("Bye", "fr"), cell("Group 2", "ca"), cell("Group 2", "en")
    ('Exempt', 'Grup 2', 'Group 2')
    """
    return words.local(english, language, ("cells",))


def side(english: str, language: str) -> str:
    """``White``, ``Black``, ``First player``, ``Second player`` in ``language``."""
    return words.local(english, language, ("rounds",))


def decimal(number: str, language: str) -> str:
    """A number as written in ``language``: ``6.5`` in English, ``6,5`` in Russian, French
    and Catalan.

    >>> decimal("6.5", "en"), decimal("6.5", "fr"), decimal("-0.25", "ru")
    ('6.5', '6,5', '-0,25')
    """
    return number if language == "en" else number.replace(".", ",")
