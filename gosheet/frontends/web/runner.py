"""What the page's buttons run, inside Pyodide: one workbook's bytes in, an :class:`Answer` out.

The page's worker writes the file the organiser picked into Pyodide's memory and calls
:func:`run_file` with the button's ``data-action``; the table of actions
(:mod:`gosheet.app.doors`) says which action it is, and :data:`RUNNERS` runs that action's
use case on the bytes. The answer says what the command line would print — the same words,
problems with every cell, the file named by its own name — and names the file to download,
whose bytes it writes beside. An action that fails downloads nothing. An action that
imports a package the page has not loaded yet (:mod:`.later`: ReportLab for the print pack,
Jinja2 for the pages …) answers ``later``: the worker loads them, and runs it again.

>>> sorted(ACTIONS) == sorted(BUTTONS)
True
"""

from __future__ import annotations

import importlib
import io
import json
import re
import tempfile
import zipfile
from collections.abc import Callable, Sequence
from pathlib import Path, PurePath

from gosheet import about
from gosheet.app import doors
from gosheet.core.errors import GosheetError
from gosheet.frontends.web.later import NotLoadedYet
from gosheet.i18n import catalog
from gosheet.records import asdict, field, record

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
XLSM = "application/vnd.ms-excel.sheet.macroEnabled.12"
ODS = "application/vnd.oasis.opendocument.spreadsheet"
ZIP = "application/zip"
PDF = "application/pdf"
#: the results files (.h9, .tou): ISO-8859-15, as OpenGotha writes them
RESULTS_TEXT = "text/plain;charset=iso-8859-15"
XML = "application/xml"


@record(frozen=False)
class Answer:
    """What an action says (``lines``, as the command prints them: a problem on standard error
    as ``gosheet: …``), its exit ``code`` (the command's), and the file to download (``name``,
    ``mime``; None: nothing); ``later``: it needs the packages loaded later, run it again
    once they are."""

    code: int = 0
    lines: list[str] = field(default_factory=list)
    name: str | None = None
    mime: str | None = None
    data: bytes | None = None
    later: bool = False

    def json(self) -> str:
        """The answer without its bytes, as the worker hands it to the page."""
        fields = asdict(self)
        fields.pop("data")
        return json.dumps(fields, ensure_ascii=False)


@record
class Options:
    """What the page lets the organiser choose for a new tournament (None: the default, as
    ``gosheet import`` or ``gosheet new`` without the option: its system, rounds and
    language), and the address of the published pages for the QR codes of the print pack and
    the pages (``--url``; None: no code)."""

    system: str | None = None
    rounds: int | None = None
    url: str | None = None
    language: str | None = None
    type: str | None = None  # the tournament type (None: individual)


@record
class Given:
    """What the page gives an action besides the file: a new tournament's options and the
    address of the pages (:class:`Options`), the helpers' copies (bytes, file name)."""

    options: Options = field(default_factory=Options)
    copies: Sequence[tuple[bytes, str]] = ()


GIVEN = Given()
Action = Callable[[bytes, str, Given], Answer]


def workbook_type(name: str) -> str:
    """The media type of a workbook by its name: ``.xlsm``, ``.ods``, else ``.xlsx``."""
    lower = name.lower()
    return XLSM if lower.endswith(".xlsm") else ODS if lower.endswith(".ods") else XLSX


def said(*lines: str) -> list[str]:
    """The lines the command prints (an empty one left out, as it does)."""
    return [part for line in lines if line for part in line.split("\n")]


def pair(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import pairing_lines
    from gosheet.app.outcomes import rewritten

    edited = workbooks.pair(data, name=name)
    lines = pairing_lines(edited.done)
    return Answer(0, said(*lines, rewritten(edited.done)), name, workbook_type(name), edited.data)


def standings(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import standings_lines
    from gosheet.app.outcomes import rewritten

    edited = workbooks.update_standings(data, name=name)
    lines = said(*standings_lines(edited.done, name), rewritten(edited.done))
    return Answer(0, lines, name, workbook_type(name), edited.data)


def order_boards(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app import workbooks

    edited = workbooks.order_boards(data, name=name)
    return Answer(0, said(edited.done.message()), name, workbook_type(name), edited.data)


def check(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app import workbooks

    return Answer(0, said(*workbooks.check(data, name=name).report(name)))


def simulate(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.outcomes import rewritten

    edited = workbooks.simulate(data, name=name)
    lines = said(edited.done.note(), rewritten(edited.done))
    return Answer(0, lines, name, workbook_type(name), edited.data)


def explain(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app import workbooks
    from gosheet.app.messages import explanation_text

    edited = workbooks.explain(data, name=name)
    text = explanation_text(edited.done.explanation, edited.done.tournament.players)
    return Answer(0, said(text), name, workbook_type(name), edited.data)


def merge(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    """Merge helpers' copies: the results typed in the copies given (bytes, file name) taken
    into the workbook, downloaded under its own name."""
    from gosheet.app.merging import merge_bytes

    copies = given.copies
    if not copies:
        from gosheet.app.files import OptionError
        from gosheet.i18n.catalog import _

        raise OptionError(_("no copy given: choose the helpers' copies of the workbook"))
    edited = merge_bytes(data, name, copies)
    return Answer(0, said(edited.done.message()), name, workbook_type(name), edited.data)


def print_pack(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app.printing import pack_path, print_file

    printed = print_file(data, None, book_name=name, url=given.options.url)
    return Answer(0, said(printed.message()), pack_path(name).name, PDF, printed.pdf)


def publish(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app.publishing import publish as publish_pages

    published = publish_pages(data, None, book_name=name, url=given.options.url)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for page, html in sorted(published.pages.items()):
            archive.writestr(page, html)
    zipped = stem(name) + ".pages.zip"
    return Answer(0, said(published.message()), zipped, ZIP, buffer.getvalue())


def export_results_file(suffix: str) -> Action:
    """The export to a results file (``.h9``: EGF, ``.tou``: FFG)."""

    def export(data: bytes, name: str, given: Given = GIVEN) -> Answer:
        from gosheet.app.exchange import export_results, results_format

        target = stem(name) + suffix
        kind = results_format(target)
        assert kind is not None
        made = export_results(data, None, kind, book_name=name, name=target)
        return Answer(0, said(*made.lines), target, RESULTS_TEXT, made.data)

    return export


def export_xml(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    from gosheet.app.exchange import export_opengotha

    target = stem(name) + ".xml"
    made = export_opengotha(data, None, book_name=name, name=target)
    return Answer(0, said(*made.lines), target, XML, made.data)


def new_tournament(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    """A roster (``.csv``, ``.xlsx`` …) made a tournament workbook, ``cup.csv`` →
    ``cup.xlsx`` (a roster that is itself a workbook: ``cup.tournament.xlsx``)."""
    from gosheet.app.tournaments import Choices, import_roster

    options = given.options
    choices = Choices(system=options.system, rounds=options.rounds, type=options.type)
    target = new_name(name)
    made = import_roster(data, None, choices, roster_name=name, name=target)
    return Answer(0, said(*made.lines), target, XLSX, made.data)


BLANK = "tournament.xlsx"
"""The name of a blank tournament the page makes (as ``gosheet new tournament.xlsx``)."""


def blank_tournament(data: bytes, name: str, given: Given = GIVEN) -> Answer:
    """A blank tournament (Settings, an empty Players sheet) of the system, rounds and
    language chosen on the page, as ``gosheet new`` makes it; no file is read."""
    from gosheet.app.tournaments import Choices, new_tournament

    options = given.options
    choices = Choices(
        system=options.system, rounds=options.rounds, language=options.language, type=options.type
    )
    made = new_tournament(choices, None, name=BLANK)
    return Answer(0, said(*made.lines), BLANK, XLSX, made.data)


def stem(name: str) -> str:
    return PurePath(name).stem or "tournament"


def new_name(roster: str) -> str:
    """The new tournament's file name, never the roster's own."""
    suffix = PurePath(roster).suffix.lower()
    return stem(roster) + (".tournament.xlsx" if suffix in {".xlsx", ".xlsm"} else ".xlsx")


RUNNERS: dict[str, Action] = {
    "pair": pair,
    "standings": standings,
    "check": check,
    "explain": explain,
    "simulate": simulate,
    "order_boards": order_boards,
    "merge": merge,
    "print_pack": print_pack,
    "publish": publish,
    "export_egf": export_results_file(".h9"),
    "export_ffg": export_results_file(".tou"),
    "export_opengotha": export_xml,
    "import": new_tournament,
    "new": blank_tournament,
}
"""Each action the page offers, by its name in the table of actions: its use case on bytes."""

ACTIONS: dict[str, Action] = {
    a.page.key: RUNNERS[a.name] for a in doors.ACTIONS if a.page is not None
}
"""Each button's action, by the name the page sends (its ``data-action``)."""

BUTTONS = {a.page.key: a.page_label for a in doors.ACTIONS if a.page is not None}
"""Each button's words in English (the page's words in every language: :mod:`.words`)."""


@doors.entry(doors.PAGE)
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
        return ACTIONS[action](data, name, Given(options or Options(), copies))
    except NotLoadedYet:
        return Answer(later=True)
    except GosheetError as error:  # OptionError too: what the command prints, its exit code
        return Answer(error.exit_code, said(f"gosheet: {own_name(str(error))}"))
    except MemoryError:
        too_large = catalog._(
            "{name} is too large for the browser's memory; nothing was changed. Use gosheet "
            "on a computer (LibreOffice's extension or the command line: {address}), or try "
            "a browser on a computer with more memory."
        )
        return Answer(1, said(too_large.format(name=name, address=about.LATEST)))
    except Exception as error:  # a bug: one line, as every door says it
        from gosheet.app.crash import INTERNAL_ERROR, crash_report

        shown = catalog._(BUTTONS[action]) if action in BUTTONS else action
        return Answer(INTERNAL_ERROR, said(crash_report(error, shown)))


TEMPORARY = re.compile(re.escape(tempfile.gettempdir().rstrip("/")) + r"/gosheet-[^/\s]+/")
"""The folder the use cases write a file's bytes into (``/tmp/gosheet-…/``), never shown."""


def own_name(text: str) -> str:
    """``text`` with the temporary folder a file's bytes went through left out: the file
    named by its own name.

    >>> own_name(f"{tempfile.gettempdir()}/gosheet-x1/cup.xlsx: not a workbook")
    'cup.xlsx: not a workbook'
    """
    return TEMPORARY.sub("", text)


def options_of(text: str) -> Options:
    """The options the page sends as JSON; a field left empty is the default.

    >>> options_of('{"system": "swiss", "rounds": "4", "language": "fr", "type": "teams"}')
    Options(system='swiss', rounds=4, url=None, language='fr', type='teams')
    >>> options_of('{"system": "", "rounds": "", "url": " https://example.org/cup/ "}')
    Options(system=None, rounds=None, url='https://example.org/cup/', language=None, type=None)
    """
    chosen = json.loads(text or "{}")
    rounds = str(chosen.get("rounds") or "").strip()
    url = str(chosen.get("url") or "").strip() or None
    return Options(
        chosen.get("system") or None,
        int(rounds) if rounds.isdigit() else None,
        url,
        chosen.get("language") or None,
        chosen.get("type") or None,
    )


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


def warm(later: str = "[]") -> str:
    """Import what the round's buttons need, once, while the page says it is starting, the
    packages the page loads later (JSON: their modules) waited for: gosheet's version."""
    from gosheet.app import messages, workbooks  # noqa: F401
    from gosheet.frontends.web import later as loading

    loading.wait_for(json.loads(later))
    return about.VERSION


FIRST_PAIR = (
    "gosheet.workbook.xlsx.book",
    "gosheet.workbook.xlsx.parts_book",
    "gosheet.workbook.xlsx.grids",
    "gosheet.workbook.xlsx.parts.saving",
    "gosheet.workbook.edits",
    "gosheet.workbook.sheets.writer",  # (imported by the actions where they write)
    "gosheet.workbook.sheets.standings",
    "tempfile",
    "encodings.cp437",  # zipfile's, for a name not in UTF-8
)
"""What the first Pair next round loads besides :func:`warm`'s modules: gosheet's own reader and
writer of ``.xlsx`` files (compiled from source the first time, in the browser), and the
pairing systems' modules (:data:`gosheet.core.systems.PAIRING_MODULES`: the registry imports
one when it first pairs)."""


def settle() -> str:
    """Import :data:`FIRST_PAIR`: run by the page right after it says Ready, while the
    organiser chooses a workbook, so that the first Pair pressed does not load them. Never
    raises (the Pair would load them itself): what it did, for the console."""
    try:
        from gosheet.core.systems import PAIRING_MODULES

        for name in (*FIRST_PAIR, *PAIRING_MODULES):
            importlib.import_module(name)
    except BaseException as error:  # the page works without it
        return f"not loaded ({type(error).__name__}: {error})"
    return "loaded"
