"""No message names a command its door lacks: a message shown inside LibreOffice, a gosheet
``.xlsm``, an xlwings Lite workbook or the page names that door's own action (its menu entry,
button, script), and the command line keeps its own words (:func:`gosheet.app.naming.how`).

Three checks: the same refusal in every door, through each door's real entry; every message
that sends the organiser somewhere, rendered in every door and language; and the catalogs,
whose every message naming a command is listed here with why only the command line says it.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from openpyxl import load_workbook
from support.books import ROSTER_CSV
from support.excel_client import ExcelClient, remote_opener, run
from support.paths import TOULOUSE, fixture

import gosheet
import gosheet.excel
from gosheet.app import bridge, doors, messages, naming
from gosheet.app.exchange import imported_lines
from gosheet.core.model import Player
from gosheet.formats.opengotha import convert
from gosheet.formats.opengotha.xml import read_opengotha
from gosheet.frontends.cli import main
from gosheet.frontends.excel import buttons, lite_run
from gosheet.frontends.excel.template import convert as make_xlsm
from gosheet.frontends.web import runner
from gosheet.i18n.catalog import DOMAINS, LANGUAGES, LOCALE_DIR, speaking
from gosheet.records import replace
from gosheet.workbook.sheets.lost_players import lost_players, not_assigned, row_gone
from gosheet.workbook.sheets.names import NameIndex
from gosheet.workbook.xlsx.book import XlsxBook

PACKAGE = Path(gosheet.__file__).parent
NAMES_A_COMMAND = re.compile(
    r"gosheet (?:"
    + "|".join(sorted(map(re.escape, doors.commands()), key=len, reverse=True))
    + r")\b|pip install"
)
TERMINAL = {"en": "terminal", "fr": "terminal", "ca": "terminal", "ru": "терминал"}

COMMAND_LINE_ONLY = {
    "{book}: no earlier version is kept (see 'gosheet history {book}')": (
        "gosheet restore's refusal: the earlier versions are the command line's"
    ),
    "{book}: no version {number}; 'gosheet history {book}' lists 1 to {last}": (
        "gosheet restore's refusal"
    ),
    "'gosheet restore {book} N' brings version N back (and keeps the current one).": (
        "gosheet history's list"
    ),
    "Restored {name} as it was before {action} ({when}). The version it replaced is kept: "
    "'gosheet restore {book} 1' brings it back.": "gosheet restore's answer",
    "'gosheet history BOOK' lists the earlier versions, 'gosheet restore BOOK N' brings "
    "one back": "put_back(): chosen on the command line only (rendered below in every door)",
    "not a player of the Players sheet; the closest: '{near}' — if the player was renamed, "
    '`gosheet rename BOOK.xlsx "{typed}" "{near}"` renames him in every round sheet': (
        "NameIndex.unknown: chosen on the command line only (rendered below in every door)"
    ),
    "{path}: gosheet writes a tournament workbook as .xlsx, not {suffix}; name it {right} "
    "(a macro-enabled .xlsm comes from 'gosheet excel-template'); nothing written": (
        "a workbook's file name typed on the command line (new, import -o); the other doors "
        "are handed no name to write under"
    ),
    "{book}: no such workbook ({found}); a new tournament: 'gosheet new {target}', or from a "
    "roster: 'gosheet import ROSTER -o {target}'": "the command line finds the workbook typed",
    "{source} is an OpenGotha file, not a tournament workbook: make the workbook from it with "
    "'gosheet import {source} -o {target}', then 'gosheet {command} {target}'": (
        "the command line finds the workbook typed"
    ),
    "{source} is a roster, not a tournament workbook: make the tournament from it with "
    "'gosheet import {source} -o {target}' (or start an empty one: 'gosheet new {target}'), "
    "then 'gosheet {command} {target}'": "the command line finds the workbook typed",
    "{source} has no Settings nor Players sheet: it is not a tournament workbook. If it is a "
    "roster, make the tournament from it with 'gosheet import {source} -o {target}', then "
    "'gosheet {command} {target}'": "the command line finds the workbook typed",
    "This Excel offers gosheet no Open dialog: run 'gosheet merge BOOK.xlsx COPY…' in a "
    "terminal, or, in xlwings Lite, drop the copies on Files → Import/Export first; nothing "
    "was changed.": (
        "the .xlsm's Merge button alone (Lite hands it its files): xlwings runs the gosheet "
        "installed on that computer, whose command is there in a terminal"
    ),
}
"""Every message of the catalogs naming a command, and why no door but the command line (or,
in a terminal, the computer an ``.xlsm`` runs gosheet on) shows it."""

COMMAND_LINE_MODULES = {
    "gosheet/app/history.py": "imported by the command line's history and restore alone",
    "gosheet/frontends/cli/books.py": "the command line's",
    "gosheet/workbook/limits/files.py": "book_target(): the path a command writes to",
    "gosheet/frontends/excel/buttons.py": "the .xlsm's Open dialog (checked below)",
    "gosheet/workbook/sheets/lost_players.py": "put_back(), rendered in every door below",
    "gosheet/workbook/sheets/names.py": "NameIndex.unknown, rendered in every door below",
}


def foreign(text: str, door: str, language: str) -> list[str]:
    """The commands ``text`` names that the door ``door`` lacks: any outside the command
    line; beside an ``.xlsm``, any not said to be typed in a terminal."""
    if door == doors.COMMAND_LINE:
        return []
    named = NAMES_A_COMMAND.findall(text)
    if door == doors.EXCEL and TERMINAL[language] in text and "pip install" not in named:
        return []
    return named


# ------------------------------------------------------------------ one refusal, every door


@pytest.fixture
def paired(tmp_path: Path) -> Path:
    """Round 1 paired, no result entered: pairing again is refused, with the way to pair
    round 1 anew."""
    roster, book = tmp_path / "roster.csv", tmp_path / "cup.xlsx"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    assert main(["import", str(roster), "-o", str(book), "--rounds", "3"]) == 0
    assert main(["pair", str(book)]) == 0
    return book


def test_pairing_again_is_told_in_each_doors_own_words(
    paired: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    capsys.readouterr()
    assert main(["pair", str(paired)]) == 3
    said = {doors.COMMAND_LINE: capsys.readouterr().err}
    sheets = json.loads(json.dumps(XlsxBook.open(paired).grids(), default=str))
    answer, _code = bridge.handle({"action": "pair", "sheets": sheets})
    said[doors.LIBREOFFICE] = answer["message"]
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    xlsm = make_xlsm(paired, paired.with_suffix(".xlsm"))
    said[doors.EXCEL] = run(remote_opener(), ExcelClient.from_file(xlsm), gosheet.excel.pair)[0]
    lite = ExcelClient.from_file(xlsm)
    said[doors.LITE] = run(remote_opener(), lite, lambda book: lite_run.run("pair", book))[0]
    page = runner.run("pair", paired.read_bytes(), paired.name)
    said[doors.PAGE] = "\n".join(page.lines)
    assert "'gosheet pair --again'" in said[doors.COMMAND_LINE]
    anew = "delete the sheet 'Round 1', then use "
    assert anew + "the menu entry gosheet → Pair next round." in said[doors.LIBREOFFICE]
    assert anew + "the button 'Pair next round'." in said[doors.EXCEL]
    assert anew + "the script 'Pair next round'." in said[doors.LITE]
    assert anew + "the button 'Pair next round'." in said[doors.PAGE]
    for door, text in said.items():
        assert "results are missing in Round 1" in text, door
        assert foreign(text, door, "en") == [], door
    assert doors.current_door() == doors.COMMAND_LINE  # each entry gave its door back


def test_the_page_says_it_in_the_workbooks_language(tmp_path: Path) -> None:
    roster, book = tmp_path / "roster.csv", tmp_path / "coupe.xlsx"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    assert main(["import", str(roster), "-o", str(book), "--language", "fr"]) == 0
    assert main(["pair", str(book)]) == 0
    said = "\n".join(runner.run("pair", book.read_bytes(), book.name, "fr").lines)
    assert "supprimez la feuille « Ronde 1 », puis utilisez le bouton « Apparier la ronde " in said
    assert foreign(said, doors.PAGE, "fr") == []


def test_the_door_of_each_entry() -> None:
    entries: dict[str, Callable[..., object]] = {
        doors.COMMAND_LINE: gosheet.frontends.cli.run,
        doors.LIBREOFFICE: bridge.handle,
        doors.EXCEL: gosheet.excel.pair,
        doors.LITE: lite_run.run,
        doors.PAGE: runner.run,
    }
    for door, function in entries.items():
        assert function.__wrapped__ is not None, door  # type: ignore[attr-defined]
    seen = {}
    for door in doors.DOORS:
        entered = doors.entry(door)(doors.current_door)
        seen[door] = entered()
    assert seen == {door: door for door in doors.DOORS}


# ------------------------------------------- every message that sends the organiser somewhere


def _out_of_memory(monkeypatch: pytest.MonkeyPatch, language: str) -> str:
    def too_large(*args: object) -> runner.Answer:
        raise MemoryError

    monkeypatch.setitem(runner.ACTIONS, "pair", too_large)
    return "\n".join(runner.run("pair", b"", "huge.xlsx", language).lines)


def _imported_from_opengotha() -> str:
    """An OpenGotha file's import, with every line that names an action: the notes on what
    was read otherwise, a bye set rounds ahead, the next round."""
    imported = convert.from_opengotha(read_opengotha(fixture(TOULOUSE)), until_round=2)
    imported = replace(imported, notes=("an older layout",), byes_ahead=((5, 1),))
    return "\n".join(imported_lines(Path("cup.xml"), imported, 2))


SENDERS: dict[str, Callable[[], str]] = {
    "import": _imported_from_opengotha,
    "no_show_hint": lambda: messages.no_show_hint(3, none_entered=True),
    "no_rating_list": lambda: naming.no_rating_list("/cache", "https://example.org/egd"),
    "lost_players": lambda: lost_players(3, ["Ann"]) + lost_players(3, ["Ann", "Bob"]),
    "not_assigned": lambda: not_assigned(3, ["Ann"]) + not_assigned(3, ["Ann", "Bob"]),
    "row_gone": lambda: row_gone(3, [4], ["Ann"]) + row_gone(3, [4], ["Ann", "Bob"]),
    "renamed": lambda: NameIndex([Player(1, "Dubois", "Luc")]).unknown("Dubos Luc"),
    "how": lambda: "\n".join(naming.how(a.name) for a in doors.ACTIONS),
    "pair_again": lambda: naming.pair_again(2),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("door", doors.DOORS)
def test_no_message_names_a_command_its_door_lacks(
    door: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    senders = dict(SENDERS)
    if door == doors.EXCEL:
        senders["open dialog"] = buttons._no_open_dialog
    said = {}
    for name, sender in senders.items():
        with speaking(language), doors.inside(door):
            said[name] = sender()
    said["out of memory"] = _out_of_memory(monkeypatch, language)  # the page's own entry
    for name, text in said.items():
        assert text and foreign(text, door, language) == [], (name, text)
    if door == doors.COMMAND_LINE:  # its own words, as ever
        assert "'gosheet pair --again'" in said["no_show_hint"]
        assert "'gosheet ratings fetch egd'" in said["no_rating_list"]
        assert "'gosheet history BOOK'" in said["lost_players"]
        assert '`gosheet rename BOOK.xlsx "Dubos Luc" "Dubois Luc"`' in said["renamed"]
        assert "'gosheet export'" in said["import"] and "'gosheet pair'" in said["import"]
    elif language == "en":
        assert said["import"].count(naming.how("pair", door=door)) == 1
        assert "gosheet → " in said["how"] or door != doors.LIBREOFFICE


# ------------------------------------------------------------------------------- the catalogs


def test_only_the_listed_messages_of_the_catalogs_name_a_command() -> None:
    naming: dict[str, set[str]] = {}
    for domain in DOMAINS:
        for language in ("fr", "ru", "ca"):
            path = Path(LOCALE_DIR) / language / "LC_MESSAGES" / f"{domain}.po"
            with path.open("rb") as po:
                catalog = read_po(po)
            for message in catalog:
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if any(NAMES_A_COMMAND.search(text) for text in (*ids, *strings) if text):
                    naming.setdefault(ids[0], set()).update(f for f, _ in message.locations)
    assert set(naming) == set(COMMAND_LINE_ONLY)
    assert set().union(*naming.values()) <= set(COMMAND_LINE_MODULES)


def _importers(module: str) -> set[str]:
    """The modules of gosheet that import ``module`` (a dotted name)."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            if module in names:
                found.add(path.relative_to(PACKAGE.parent).as_posix())
    return found


def test_the_command_lines_own_messages_are_imported_by_the_command_line_alone() -> None:
    assert _importers("gosheet.app.history") == {"gosheet/frontends/cli/history.py"}
    assert {m for m in _importers("gosheet.frontends.cli.books")} <= {
        f"gosheet/frontends/cli/{p.name}" for p in (PACKAGE / "frontends" / "cli").glob("*.py")
    }
    # book_target() refuses a name typed on the command line; the page names its own files
    assert runner.new_name("cup.ods") == "cup.xlsx"


# ------------------------------------------------------------ the words outside the catalogs

OUTSIDE_THE_CATALOGS = {
    "gosheet/app/demo.py": "the tournament of 'gosheet demo', the command line's alone",
    "gosheet/app/doors.py": "the .xlsm's Control sheet: a terminal beside it has the command",
    "gosheet/app/history.py": "gosheet history and restore (their catalog messages above)",
    "gosheet/formats/ratings/cache.py": (
        "fetch and import, the command line's: a door fills from a list cached, and "
        "chosen_list() names only a list that is there"
    ),
    "gosheet/frontends/carried.py": "building a door from a checkout (a developer's)",
    "gosheet/frontends/excel/buttons.py": "the .xlsm's Open dialog (its catalog message above)",
    "gosheet/frontends/excel/lite_wheel.py": "the wheel's Generator field",
    "gosheet/frontends/excel/template.py": "the .xlsm's Control sheet: the same from a terminal",
    "gosheet/frontends/libreoffice/macros/pythonpath/gosheet_lo/writing.py": (
        "a temporary sheet's name while a sheet is written anew"
    ),
    "gosheet/frontends/web/build.py": "the README of the folder, for whoever serves it",
    "gosheet/frontends/web/wheels.py": "the wheels' Generator field",
    "gosheet/workbook/limits/files.py": "book_target() (its catalog message above)",
    "gosheet/workbook/saving/atomic.py": "an .xlsm target without macros: a path typed",
    "gosheet/workbook/sheets/lost_players.py": "put_back(), rendered in every door above",
    "gosheet/workbook/sheets/names.py": "NameIndex.unknown, rendered in every door above",
}
"""The modules whose texts (docstrings aside) name a command, and why no door but the
command line shows them; the command line's own package is not listed."""

PAGES_OWN_WORDS = "gosheet/frontends/web/words.py"


def _naming_modules() -> set[str]:
    """The modules of gosheet with a text, not a docstring, naming a command."""
    found = set()
    for path in PACKAGE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        described = {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in described
                and NAMES_A_COMMAND.search(node.value)
            ):
                found.add(path.relative_to(PACKAGE.parent).as_posix())
    return found


def test_only_the_listed_modules_name_a_command_outside_the_catalogs() -> None:
    found = {m for m in _naming_modules() if not m.startswith("gosheet/frontends/cli/")}
    assert found == set(OUTSIDE_THE_CATALOGS)


def test_the_pages_own_words_name_no_command() -> None:
    assert PAGES_OWN_WORDS not in _naming_modules()


def test_deleting_the_rounds_sheet_then_pairing_is_pairing_again(paired: Path) -> None:
    """What the doors without ``--again`` say to do pairs the same round as ``--again``."""
    again, deleted = paired.with_name("again.xlsx"), paired.with_name("deleted.xlsx")
    again.write_bytes(paired.read_bytes())
    workbook = load_workbook(paired)
    workbook.remove(workbook["Round 1"])
    workbook.save(deleted)
    assert main(["pair", str(again), "--again"]) == 0
    assert main(["pair", str(deleted)]) == 0
    sheets = [XlsxBook.open(path).grids() for path in (again, deleted)]
    assert list(sheets[0]) == list(sheets[1])
    for name in ("Round 1", "Players", "Standings"):
        assert sheets[0][name] == sheets[1][name], name
