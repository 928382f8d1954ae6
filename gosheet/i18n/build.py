"""Build the message catalogs: extract, update, compile (docs/languages.md).

    python -m gosheet.i18n.build [DOMAIN ...] [--check]

For each domain (all three without arguments): the messages marked in the code (``babel.cfg``
says where to look; ``KEYWORDS`` which functions mark which domain) are extracted, every
language's ``.po`` file is updated (new messages with an empty translation, changed ones
``fuzzy``, gone ones dropped) and compiled into its ``.mo``. ``--check`` changes nothing and
lists what is untranslated, fuzzy, behind the code or not compiled. Babel is needed here only:
gosheet reads the ``.mo`` files with the standard library (``catalog``).
"""

from __future__ import annotations

import argparse
import configparser
import io
from collections.abc import Iterable, Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from gosheet import __version__
from gosheet.i18n.catalog import DOMAINS, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
MAPPING = Path(__file__).with_name("babel.cfg")
TRANSLATED = tuple(language for language in LANGUAGES if language != "en")

# The functions that mark a message of each domain: name -> the message's arguments
# (None: the first; (1, 2): singular and plural).
KEYWORDS: dict[str, dict[str, tuple[int, ...] | None]] = {
    "gosheet": {"_": None, "ngettext": (1, 2), "N_": None},
    "workbook": {"_w": None, "ngettext_w": (1, 2), "N_w": None},
    "printing": {"_p": None, "ngettext_p": (1, 2), "N_p": None},
}
PLURAL_FORMS = {
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : "
    "n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "fr": "nplurals=2; plural=(n > 1);",
    "ca": "nplurals=2; plural=(n != 1);",
}
REVIEW = "gosheet's developers (to be reviewed: see docs/languages.md)"
TEAMS = {
    "ru": "Russian <the Russian Go Federation's referees>",
    "fr": "French <the FFG's referees>",
    "ca": "Catalan <the Catalan Oware book's authors>",
}


def po_path(language: str, domain: str) -> Path:
    return Path(LOCALE_DIR) / language / "LC_MESSAGES" / f"{domain}.po"


def _shown(path: Path) -> str:
    """A catalog's path as the report shows it: from the repository's root."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def _in_package(dirpath: str) -> bool:
    relative = Path(dirpath).resolve().relative_to(ROOT).parts
    return not relative or (relative[0] == "gosheet" and "__pycache__" not in relative)


def extract(domain: str) -> Catalog:
    """The messages of ``domain`` marked in the code now (a template, without translations)."""
    config = configparser.RawConfigParser()
    config.read(MAPPING, encoding="utf-8")
    method_map, options_map = [], {}
    for section in config.sections():  # [method: pattern], as pybabel reads it
        method, pattern = (part.strip() for part in section.split(":", 1))
        method_map.append((pattern, method))
        options_map[pattern] = dict(config.items(section))
    template = Catalog(domain=domain, project="gosheet", fuzzy=False, charset="utf-8")
    found = extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords=KEYWORDS[domain],
        comment_tags=("Translators:",),
        strip_comment_tags=True,
        directory_filter=_in_package,
    )
    for filename, lineno, message, comments, context in found:
        template.add(
            message,
            None,
            [(Path(filename).as_posix(), lineno)],
            auto_comments=comments,
            context=context,
        )
    return template


def read(language: str, domain: str) -> Catalog:
    """The ``.po`` catalog of a language and domain (a new, empty one if there is none)."""
    path = po_path(language, domain)
    if path.exists():
        with path.open("rb") as po:
            catalog = read_po(po, locale=language, domain=domain)
    else:
        catalog = Catalog(
            locale=language,
            domain=domain,
            project="gosheet",
            fuzzy=False,
            charset="utf-8",
            header_comment=f"# gosheet's messages ({domain} domain) in {language}.\n"
            "# This file is distributed under the same license as gosheet (GPL-3.0-or-later).",
            language_team=TEAMS.get(language),
        )
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[language])]
    catalog.version = __version__
    if not catalog.last_translator or "FULL NAME" in catalog.last_translator:
        catalog.last_translator = REVIEW
    return catalog


def po_text(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, include_lineno=False, ignore_obsolete=True)
    return buffer.getvalue()


def compiled(language: str, domain: str) -> bytes:
    """What Babel compiles from the ``.po`` file now (fuzzy translations left out)."""
    buffer = io.BytesIO()
    with po_path(language, domain).open("rb") as po:
        write_mo(buffer, read_po(po, locale=language, domain=domain), use_fuzzy=False)
    return buffer.getvalue()


def _write_if_changed(path: Path, content: bytes) -> bool:
    if path.exists() and path.read_bytes() == content:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    return True


def _to_translate(catalog: Catalog) -> list[Message]:
    return [
        message
        for message in catalog
        if message.id
        and (
            message.fuzzy
            or not all(message.string if isinstance(message.string, tuple) else [message.string])
        )
    ]


def build(domain: str) -> list[str]:
    """Extract, update and compile one domain; what was done and what is left, line by line."""
    template = extract(domain)
    report = [f"{domain}: {len(template)} messages"]
    for language in TRANSLATED:
        catalog = read(language, domain)
        catalog.update(template, update_creation_date=False)
        path = po_path(language, domain)
        changed = _write_if_changed(path, po_text(catalog))
        _write_if_changed(path.with_suffix(".mo"), compiled(language, domain))
        left = len(_to_translate(catalog))
        report.append(
            f"  {language}: {_shown(path)}{' updated' if changed else ''}"
            + (f" — {left} to translate (empty or fuzzy)" if left else " — all translated")
        )
    return report


def problems(domain: str) -> list[str]:
    """What keeps a domain's catalogs from being complete and current (nothing is changed)."""
    wanted = {message.id for message in extract(domain) if message.id}
    found = []
    for language in TRANSLATED:
        path = po_path(language, domain)
        if not path.exists():
            found.append(f"{_shown(path)}: missing")
            continue
        catalog = read(language, domain)
        have = {message.id for message in catalog if message.id}
        found += [f"{path.name} ({language}): not extracted: {m!r}" for m in wanted - have]
        found += [f"{path.name} ({language}): no longer in the code: {m!r}" for m in have - wanted]
        found += [
            f"{path.name} ({language}): to translate: {m.id!r}" for m in _to_translate(catalog)
        ]
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(language, domain):
            found.append(f"{_shown(mo)}: not compiled from its .po")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gosheet.i18n.build",
        description="Extract the marked messages, update every language's .po, compile the .mo.",
    )
    parser.add_argument(
        "domains",
        nargs="*",
        choices=[[], *DOMAINS],
        metavar="DOMAIN",
        help=f"one of {', '.join(DOMAINS)} (default: all)",
    )
    parser.add_argument("--check", action="store_true", help="change nothing; list what is left")
    args = parser.parse_args(argv)
    domains: Iterable[str] = args.domains or DOMAINS
    if args.check:
        found = [line for domain in domains for line in problems(domain)]
        print("\n".join(found) if found else "the catalogs are complete and compiled")
        return 1 if found else 0
    for domain in domains:
        print("\n".join(build(domain)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
