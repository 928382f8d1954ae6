"""Messages in the organiser's language: gettext catalogs, read with the standard library.

Three domains, one ``.po`` / ``.mo`` pair per language each, under
``gosheet/i18n/locale/<lang>/LC_MESSAGES/``: ``gosheet`` (what the command line, the bridge and
the office buttons say, and the problems found in a workbook), ``workbook`` (the explanations
and longer texts written into sheets) and ``printing`` (the printed pack and published pages).
English is the message ids themselves: ``use("en")`` says exactly what gosheet always said.

The current language is process-wide: the command line sets it from ``--language`` or from the
workbook's ``Language`` setting when a workbook is read. Translators are read once and cached.
``python -m gosheet.i18n.build`` extracts, updates and compiles the catalogs (docs/languages.md).
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

LANGUAGES = ("en", "ru", "fr", "ca")
DOMAINS = ("gosheet", "workbook", "printing")
LOCALE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale")

_state = {"language": "en"}


def _checked(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r} (one of {', '.join(LANGUAGES)})")
    return language


def use(language: str) -> None:
    """Make ``language`` the language of messages from now on, for the whole process."""
    _state["language"] = _checked(language)


def current() -> str:
    """The current language of messages."""
    return _state["language"]


def translator(language: str, domain: str = "gosheet") -> gettext.NullTranslations:
    """The translations of one domain into one language (English: the message ids themselves);
    each ``.mo`` file is read once."""
    _checked(language)
    if domain not in DOMAINS:
        raise ValueError(f"unknown message domain {domain!r} (one of {', '.join(DOMAINS)})")
    return _read(language, domain)


@cache
def _read(language: str, domain: str) -> gettext.NullTranslations:
    if language == "en":
        return gettext.NullTranslations()
    return gettext.translation(domain, LOCALE_DIR, languages=[language], fallback=True)


def _(message: str) -> str:
    """``message`` (of the ``gosheet`` domain) in the current language."""
    return translator(_state["language"]).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` (of the ``gosheet`` domain) in the current language."""
    return translator(_state["language"]).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message of the ``gosheet`` domain where it is defined (a table, a constant),
    untranslated: translate it with ``_()`` where it is shown."""
    return message


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """``use(language)`` for the block, then the language before it again."""
    before = _state["language"]
    use(language)
    try:
        yield
    finally:
        _state["language"] = before


def system_language() -> str:
    """The user's language from LC_ALL, LC_MESSAGES or LANG (the first set), else ``en``.

    >>> import os; saved = dict(os.environ)
    >>> os.environ.update(LC_ALL="", LC_MESSAGES="ru_RU.UTF-8", LANG="fr_FR.UTF-8")
    >>> system_language()
    'ru'
    >>> os.environ.update(LC_ALL="C", LC_MESSAGES="", LANG="")
    >>> system_language()
    'en'
    >>> os.environ.clear(); os.environ.update(saved)
    """
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].lower()
            return code if code in LANGUAGES else "en"
    return "en"
