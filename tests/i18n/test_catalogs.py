"""The message catalogs (gosheet/i18n/locale, docs/languages.md): every message of every
domain translated into Russian, French and Catalan with the same placeholders; the committed
``.mo`` files what Babel compiles from the ``.po`` files now; the catalogs as current as the
code; and the run-time side (``gosheet.i18n.catalog``) without Babel."""

from __future__ import annotations

import gettext
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from support.paths import ROOT

from gosheet.app import bridge
from gosheet.i18n import build, catalog

TRANSLATED = ("ru", "fr", "ca")
CATALOGS = [(language, domain) for domain in catalog.DOMAINS for language in TRANSLATED]
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
MACROS = ROOT / "gosheet" / "frontends" / "libreoffice" / "macros"


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def _messages(language: str, domain: str) -> list[Message]:
    return [m for m in build.read(language, domain) if m.id]


def test_the_languages() -> None:
    assert catalog.LANGUAGES == ("en", "ru", "fr", "ca")
    assert set(build.PLURAL_FORMS) == set(TRANSLATED) == set(catalog.LANGUAGES) - {"en"}


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_every_message_is_translated_with_the_same_placeholders(language: str, domain: str) -> None:
    wrong = []
    for message in _messages(language, domain):
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = [_placeholders(i) for i in ids]
        if message.fuzzy or not all(forms):
            wrong.append(f"not translated (empty or fuzzy): {ids[0]!r}")
        elif any(_placeholders(f) not in wanted for f in forms):
            wrong.append(f"other placeholders: {ids[0]!r} → {forms!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_plural_forms_are_the_languages(language: str, domain: str) -> None:
    """Russian has three forms (1 тур, 2 тура, 5 туров), French and Catalan two; each plural
    message has that many."""
    messages = build.read(language, domain)
    nplurals = {"ru": 3, "fr": 2, "ca": 2}[language]
    assert messages.num_plurals == nplurals
    header = build.po_path(language, domain).read_text(encoding="utf-8")
    assert f'"Plural-Forms: {build.PLURAL_FORMS[language][:40]}' in header
    for message in messages:
        if message.id and isinstance(message.id, tuple):
            assert isinstance(message.string, tuple) and len(message.string) == nplurals


@pytest.mark.parametrize(("language", "domain"), CATALOGS)
def test_the_mo_file_is_what_babel_compiles_from_the_po_file(language: str, domain: str) -> None:
    """A ``.po`` edited but not compiled (``python -m gosheet.i18n.build``) fails here."""
    mo = build.po_path(language, domain).with_suffix(".mo")
    assert mo.read_bytes() == build.compiled(language, domain), (
        f"{mo.relative_to(ROOT)} is stale: run python -m gosheet.i18n.build {domain}"
    )


@pytest.mark.parametrize("domain", catalog.DOMAINS)
def test_the_catalogs_hold_the_messages_of_the_code(domain: str) -> None:
    """A message marked in the code but not extracted into the catalogs (or one left there
    after the code dropped it) fails here: run ``python -m gosheet.i18n.build``."""
    in_code = {m.id for m in build.extract(domain) if m.id}
    for language in TRANSLATED:
        in_catalog = {m.id for m in _messages(language, domain)}
        assert in_code - in_catalog == set(), f"{language}: not extracted"
        assert in_catalog - in_code == set(), f"{language}: no longer in the code"


def test_the_gosheet_domain_is_extracted_by_its_own_markers() -> None:
    """The domains are told apart by their marking functions: ``_`` for gosheet's messages,
    ``_w`` / ``_p`` for the workbook's and the printed pack's."""
    template = build.extract("gosheet")
    assert "not a result code (use {codes}; or W+, B+, =)" in template
    assert ("{count} problem found", "{count} problems found") in [m.id for m in template]
    assert isinstance(template, Catalog)


def test_a_stale_mo_file_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a translation changed in a copy of a ``.po``."""
    copy = tmp_path / "ru" / "LC_MESSAGES"
    copy.mkdir(parents=True)
    po = build.po_path("ru", "gosheet")
    (copy / "gosheet.po").write_text(
        po.read_text(encoding="utf-8").replace("Турнирная таблица обновлена.", "Обновлено."),
        encoding="utf-8",
    )
    (copy / "gosheet.mo").write_bytes(po.with_suffix(".mo").read_bytes())
    monkeypatch.setattr(build, "LOCALE_DIR", str(tmp_path))
    assert build.compiled("ru", "gosheet") != (copy / "gosheet.mo").read_bytes()
    assert "gosheet.mo: not compiled from its .po" in "\n".join(build.problems("gosheet"))


# ------------------------------------------------------------ at run time


def test_english_is_the_message_itself() -> None:
    assert type(catalog.translator("en")) is gettext.NullTranslations
    assert catalog._("Standings updated.") == "Standings updated."
    assert catalog.ngettext("{count} problem found", "{count} problems found", 1) == (
        "{count} problem found"
    )


def test_use_speaking_and_the_plural_forms() -> None:
    ngettext = catalog.ngettext
    with catalog.speaking("ru"):
        assert catalog.current() == "ru"
        assert catalog._("Standings updated.") == "Турнирная таблица обновлена."
        forms = [
            ngettext("{count} problem found", "{count} problems found", n).format(count=n)
            for n in (1, 3, 5, 11, 21, 22, 25)
        ]
        assert forms == [
            "Найдена 1 проблема",
            "Найдено 3 проблемы",
            "Найдено 5 проблем",
            "Найдено 11 проблем",
            "Найдена 21 проблема",
            "Найдено 22 проблемы",
            "Найдено 25 проблем",
        ]
        with catalog.speaking("fr"):
            assert catalog._("Standings updated.") == "Classement mis à jour."
        assert catalog.current() == "ru"
    assert catalog.current() == "en"
    with catalog.speaking("ca"):
        assert catalog._("Standings updated.") == "Classificació actualitzada."
    with pytest.raises(ValueError, match="unknown language"):
        catalog.use("de")
    with pytest.raises(ValueError, match="unknown message domain"):
        catalog.translator("ru", "sheets")


def test_translators_are_read_once() -> None:
    assert catalog.translator("fr") is catalog.translator("fr", "gosheet")
    assert catalog.translator("fr", "workbook") is not catalog.translator("fr")


@pytest.mark.parametrize(
    ("environment", "language"),
    [
        ({"LC_ALL": "ru_RU.UTF-8", "LANG": "fr_FR.UTF-8"}, "ru"),
        ({"LC_MESSAGES": "ca_ES.UTF-8@valencia", "LANG": "en_GB.UTF-8"}, "ca"),
        ({"LANG": "fr_CA"}, "fr"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "en"),  # LC_ALL decides
        ({}, "en"),
    ],
)
def test_the_system_language(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], language: str
) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    for variable, value in environment.items():
        monkeypatch.setenv(variable, value)
    assert catalog.system_language() == language


def test_the_command_line_starts_without_babel() -> None:
    """gosheet reads the compiled catalogs with the standard library: starting it loads no
    Babel (which only builds the catalogs)."""
    code = (
        "import sys; import gosheet.frontends.cli, gosheet.excel; "
        "from gosheet.i18n import catalog; catalog.use('ru'); catalog._('x'); "
        "print(sorted(m for m in sys.modules if m == 'babel' or m.startswith('babel.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_wheel_ships_the_compiled_catalogs() -> None:
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'artifacts = ["gosheet/i18n/locale/*/LC_MESSAGES/*.mo"]' in config
    for language, domain in CATALOGS:
        assert build.po_path(language, domain).with_suffix(".mo").is_file()


# ------------------------------------------------ LibreOffice's macros' words


def test_the_macros_words_are_theirs_word_for_word() -> None:
    """The macros import no gosheet: their own words come translated in the bridge's answer
    (:data:`gosheet.app.bridge.MACRO_WORDS`), which must be the very texts they use — or the
    titles of their actions, which they take from the table of actions (gosheet.app.doors)."""
    from gosheet.app import doors

    sources = "\n".join(p.read_text(encoding="utf-8") for p in sorted(MACROS.rglob("*.py")))
    titles = {str(entry["title"]) for entry in doors.macro_table().values()}
    for words in bridge.MACRO_WORDS:
        assert f'"{words}"' in sources or words in titles, words
    assert titles <= set(bridge.MACRO_WORDS)


def test_an_english_answer_is_as_before_and_another_brings_the_words() -> None:
    answer = {"ok": True, "message": "Done.", "operations": []}
    assert bridge.in_language(answer) == answer
    with catalog.speaking("fr"):
        french = bridge.in_language(answer)
    assert french["language"] == "fr"
    assert french["words"]["Pair next round"] == "Apparier la ronde suivante"
    assert set(french["words"]) == set(bridge.MACRO_WORDS)
