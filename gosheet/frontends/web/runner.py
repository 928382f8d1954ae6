"""What the page's buttons run, inside Pyodide: one workbook's bytes in, an :class:`Answer` out.

The page's worker writes the file the organiser picked into Pyodide's memory and calls
:func:`run_file` with the action's name (:data:`ACTIONS`); the answer says what the command
line would print — the same words, problems with every cell — and names the file to
download, whose bytes it writes beside. An action that fails downloads nothing.

>>> sorted(ACTIONS) == sorted(BUTTONS)
True
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePath

from gosheet.core.errors import GosheetError
from gosheet.i18n import catalog

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
XLSM = "application/vnd.ms-excel.sheet.macroEnabled.12"
ODS = "application/vnd.oasis.opendocument.spreadsheet"
ZIP = "application/zip"
PDF = "application/pdf"
TEXT = "text/plain;charset=utf-8"
XML = "application/xml"


@dataclass
class Answer:
    """What an action says (``lines``, as the command prints them: a problem on standard error
    as ``gosheet: …``), its exit ``code`` (the command's), and the file to download (``name``,
    ``mime``; None: nothing)."""

    code: int = 0
    lines: list[str] = field(default_factory=list)
    name: str | None = None
    mime: str | None = None
    data: bytes | None = None

    def json(self) -> str:
        """The answer without its bytes, as the worker hands it to the page."""
        fields = asdict(self)
        fields.pop("data")
        return json.dumps(fields, ensure_ascii=False)


Action = Callable[[bytes, str], Answer]


@dataclass(frozen=True)
class Options:
    """What the page lets the organiser choose for a new tournament (None: the default, as
    ``gosheet import`` without the option), and the address of the published pages for the
    QR codes of the print pack and the pages (``--url``; None: no code)."""

    system: str | None = None
    rounds: int | None = None
    url: str | None = None


def workbook_type(name: str) -> str:
    """The media type of a workbook by its name: ``.xlsm``, ``.ods``, else ``.xlsx``."""
    lower = name.lower()
    return XLSM if lower.endswith(".xlsm") else ODS if lower.endswith(".ods") else XLSX


def said(*lines: str) -> list[str]:
    """The lines the command prints (an empty one left out, as it does)."""
    return [part for line in lines if line for part in line.split("\n")]


def pair(data: bytes, name: str) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import pairing_lines, rewritten

    edited = workbooks.pair(data, name=name)
    lines = pairing_lines(edited.done) if edited.done.pairing is not None else []
    return Answer(0, said(*lines, rewritten(edited.done)), name, workbook_type(name), edited.data)


def standings(data: bytes, name: str) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import rewritten, standings_lines

    edited = workbooks.update_standings(data, name=name)
    lines = said(*standings_lines(edited.done, name), rewritten(edited.done))
    return Answer(0, lines, name, workbook_type(name), edited.data)


def check(data: bytes, name: str) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import checked

    return Answer(0, said(*checked(name, workbooks.check(data, name=name))))


def simulate(data: bytes, name: str) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import filled_note, rewritten

    edited = workbooks.simulate(data, name=name)
    lines = said(filled_note(edited.done), rewritten(edited.done))
    return Answer(0, lines, name, workbook_type(name), edited.data)


def explain(data: bytes, name: str) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import explanation_text

    edited = workbooks.explain(data, name=name)
    text = explanation_text(edited.done.explanation, edited.done.tournament.players)
    return Answer(0, said(text), name, workbook_type(name), edited.data)


def merge(data: bytes, name: str, copies: Sequence[tuple[bytes, str]] = ()) -> Answer:
    """Merge helpers' copies: the results typed in ``copies`` (bytes, file name) taken into
    the workbook, downloaded under its own name."""
    from gosheet.app.merging import merge_bytes

    if not copies:
        from gosheet.app.files import OptionError
        from gosheet.i18n.catalog import _

        raise OptionError(_("no copy given: choose the helpers' copies of the workbook"))
    edited = merge_bytes(data, name, copies)
    return Answer(0, said(edited.done.message()), name, workbook_type(name), edited.data)


def print_pack(data: bytes, name: str, url: str | None = None) -> Answer:
    from gosheet.app.printing import pack_path, print_file

    printed = print_file(data, None, book_name=name, url=url)
    return Answer(0, said(printed.message()), pack_path(name).name, PDF, printed.pdf)


def publish(data: bytes, name: str, url: str | None = None) -> Answer:
    from gosheet.app.publishing import publish as publish_pages

    published = publish_pages(data, None, book_name=name, url=url)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for page, html in sorted(published.pages.items()):
            archive.writestr(page, html)
    zipped = stem(name) + ".pages.zip"
    return Answer(0, said(published.message()), zipped, ZIP, buffer.getvalue())


def export_results_file(suffix: str) -> Action:
    """The export to a results file (``.h9``: EGF, ``.tou``: FFG)."""

    def export(data: bytes, name: str) -> Answer:
        from gosheet.app.exchange import export_results, results_format

        target = stem(name) + suffix
        kind = results_format(target)
        assert kind is not None
        made = export_results(data, None, kind, book_name=name, name=target)
        return Answer(0, said(*made.lines), target, TEXT, made.data)

    return export


def export_xml(data: bytes, name: str) -> Answer:
    from gosheet.app.exchange import export_opengotha

    target = stem(name) + ".xml"
    made = export_opengotha(data, None, book_name=name, name=target)
    return Answer(0, said(*made.lines), target, XML, made.data)


def new_tournament(data: bytes, name: str, options: Options | None = None) -> Answer:
    """A roster (``.csv``, ``.xlsx`` …) made a tournament workbook, ``cup.csv`` →
    ``cup.xlsx`` (a roster that is itself a workbook: ``cup.tournament.xlsx``)."""
    from gosheet.app.tournaments import Choices, import_roster

    options = options or Options()
    choices = Choices(system=options.system, rounds=options.rounds)
    target = new_name(name)
    made = import_roster(data, None, choices, roster_name=name, name=target)
    return Answer(0, said(*made.lines), target, XLSX, made.data)


def stem(name: str) -> str:
    return PurePath(name).stem or "tournament"


def new_name(roster: str) -> str:
    """The new tournament's file name, never the roster's own."""
    suffix = PurePath(roster).suffix.lower()
    return stem(roster) + (".tournament.xlsx" if suffix in {".xlsx", ".xlsm"} else ".xlsx")


ACTIONS: dict[str, Action] = {
    "pair": pair,
    "standings": standings,
    "check": check,
    "explain": explain,
    "simulate": simulate,
    "merge": merge,
    "print": print_pack,
    "publish": publish,
    "h9": export_results_file(".h9"),
    "tou": export_results_file(".tou"),
    "xml": export_xml,
    "new": new_tournament,
}
"""Each button's action, by the name the page sends."""

BUTTONS = {
    "pair": "Pair next round",
    "standings": "Update standings",
    "check": "Check the workbook",
    "explain": "Explain the last round",
    "simulate": "Simulate results",
    "merge": "Merge helpers' copies",
    "print": "Print pack",
    "publish": "Publish pages",
    "h9": "EGF results (.h9)",
    "tou": "FFG results (.tou)",
    "xml": "OpenGotha file (.xml)",
    "new": "New tournament from this roster",
}
"""Each button's words in English (the page's words in every language: :mod:`.words`)."""


def run(
    action: str,
    data: bytes,
    name: str,
    language: str = "en",
    options: Options | None = None,
    copies: Sequence[tuple[bytes, str]] = (),
) -> Answer:
    """The action ``action`` on the file ``name`` (its bytes): its answer, whatever happens
    (``options``: a new tournament's; ``copies``: Merge helpers' copies', bytes and name)."""
    catalog.use(language if language in catalog.LANGUAGES else "en")
    try:
        if action == "new" and options is not None:
            return new_tournament(data, name, options)
        if action in ("print", "publish") and options is not None and options.url:
            return (print_pack if action == "print" else publish)(data, name, options.url)
        if action == "merge":
            return merge(data, name, copies)
        return ACTIONS[action](data, name)
    except GosheetError as error:  # OptionError too: what the command prints, its exit code
        return Answer(error.exit_code, said(f"gosheet: {error}"))
    except MemoryError:
        from gosheet.i18n.catalog import _

        too_large = _(
            "{name} is too large for the browser's memory; nothing was changed. Run gosheet "
            "on a computer (pip install gosheet), or try a browser on a computer with more "
            "memory."
        )
        return Answer(1, said(too_large.format(name=name)))
    except Exception as error:  # a bug: one line, as the command says it
        from gosheet.frontends.cli import INTERNAL_ERROR, unexpected

        return Answer(INTERNAL_ERROR, said(unexpected(error, [action, name])))


def options_of(text: str) -> Options:
    """The options the page sends as JSON; a field left empty is the default.

    >>> options_of('{"system": "swiss", "rounds": "4"}')
    Options(system='swiss', rounds=4, url=None)
    >>> options_of('{"system": "", "rounds": "", "url": " https://example.org/cup/ "}')
    Options(system=None, rounds=None, url='https://example.org/cup/')
    """
    chosen = json.loads(text or "{}")
    rounds = str(chosen.get("rounds") or "").strip()
    url = str(chosen.get("url") or "").strip() or None
    return Options(chosen.get("system") or None, int(rounds) if rounds.isdigit() else None, url)


def run_file(
    action: str,
    source: str,
    name: str,
    language: str,
    target: str,
    options: str = "{}",
    copies: str = "[]",
) -> str:
    """:func:`run` on the file at ``source`` (in Pyodide's memory), the download written to
    ``target``, ``options`` a new tournament's as JSON (``{"system": "swiss", "rounds": 5}``),
    ``copies`` the helpers' copies as JSON (``[["/work/copy-1-0", "cup-anna.xlsx"], …]``: each
    file in Pyodide's memory and its name): the answer as JSON."""
    given = [(Path(path).read_bytes(), str(copy)) for path, copy in json.loads(copies or "[]")]
    answer = run(action, Path(source).read_bytes(), name, language, options_of(options), given)
    if answer.data is not None:
        Path(target).write_bytes(answer.data)
    return answer.json()


def warm() -> str:
    """Import what the buttons need, once, while the page says it is starting: the version."""
    from importlib import metadata

    from gosheet.app import messages, workbooks  # noqa: F401

    return metadata.version("gosheet")
