"""gosheet starts fast: each command imports only what it needs (issue 15).

Each test runs a fresh Python process (the modules a test run has loaded already would hide
everything) that watches which heavy modules are imported, and by which module, then runs
``gosheet`` as its script does. Speed itself is never asserted here: what is checked is that
``gosheet --help``, the parsing of every command's arguments and ``gosheet check`` load no
pandas, numpy, matching library, openpyxl, PDF or template library and no office suite, that
seed McMahon pairs without OpenGotha's engine, and that OpenGotha's rules do load it.

The processes use the default workbook engine (``GOSHEET_XLSX_ENGINE`` is removed from their
environment). Where a workbook is read by openpyxl, openpyxl itself imports numpy (and PIL,
defusedxml) when they are installed: an import whose importer is openpyxl is not gosheet's,
and is let pass (:func:`ours`).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.books import ROSTER_CSV, set_setting, setting
from support.cli import cli_ok

from gosheet.frontends.cli import COMMANDS

OPENGOTHA_ENGINE = "gosheet.core.opengotha.engine"
ONE_ACTIONS = (
    "gosheet.app.team_play",  # a team tournament's actions
    "gosheet.app.tournaments",  # new, import
    "gosheet.app.boards",  # order-boards
    "gosheet.core.simulate",  # simulate
    "tempfile",  # a workbook given as bytes
    "secrets",  # a new tournament's seed (a temporary name: os.urandom)
    "gosheet.formats.ratings.lists",  # the rating lists' readers
    "traceback",  # a crash report
    "concurrent.futures",  # a large workbook's sheets read on two threads
    "gosheet.core.explain",  # explain (the Explain sheet)
    "gosheet.workbook.sheets.teams",  # a team tournament's Teams sheet
    "gosheet.core.teams.lineups",  # its line-ups
    "difflib",  # a name not found: the closest names
    "_strptime",  # strptime: no date form needs it (core/event.py)
    "gosheet.app.doors",  # the table of actions: a message naming an action, the other doors
    "gosheet.core.units",  # pair go and rengo: their units (and a Sex column)
    "gosheet.workbook.sheets.units_reader",
)
"""What one action alone needs (or a rare case of one): not loaded by the others."""
SYSTEMS = tuple(f"gosheet.core.systems.{m}" for m in ("mcmahon", "fus", "swiss", "roundrobin"))
"""gosheet's own pairing systems: each loaded to pair (or weigh) a tournament of it alone."""
HEAVY = (
    "pandas",
    "numpy",
    "reportlab",
    "jinja2",
    "xlwings",
    "uno",
    "rustworkx",
    "networkx",
    "scipy",
    "openpyxl",
    "PIL",
    "segno",
    "pyuca",  # its table read (0.1 s) only when a list is sorted by name
    "gosheet.i18n.collation_table",  # the small table: names in Latin, Greek, Cyrillic
    OPENGOTHA_ENGINE,
    "gosheet.formats.roster",  # pandas
    "gosheet.workbook.template",  # new, import, demo only
    "gosheet.formats.pack.pdf",  # reportlab
    "gosheet.formats.site",  # Jinja2
    "gosheet.frontends.excel.template",
    "gosheet.frontends.libreoffice.build",
    "gosheet.core.systems",  # the pairing systems, the matching: not to read the command line
    "gosheet.app.actions",
    "gosheet.app.printing",
    "gosheet.formats.pack",
    "gosheet.workbook.sheets",  # the reading of a workbook
    "gosheet.core.teams.pairing",  # the pairing of teams: a team tournament's alone
    "importlib.metadata",  # 20 ms: an accelerator's release is read from its folder's name
    *ONE_ACTIONS,
    *SYSTEMS,
)
"""What is watched: the first import of each (attempted, even if it fails: ``uno``)."""

NEVER = ("pandas", "numpy", "scipy", "reportlab", "jinja2", "xlwings", "uno", "segno")
"""Not for --help, the parsing of any command, check or a seed-McMahon pair."""
NOT_TO_READ = (
    *NEVER,
    "rustworkx",
    "networkx",
    OPENGOTHA_ENGINE,
    "gosheet.formats.roster",
    "gosheet.workbook.template",
    "openpyxl",  # the default engine reads the cells with python-calamine
    "pyuca",
    "gosheet.i18n.collation_table",
)
"""Not for a command that only reads a workbook (check)."""
NOT_TO_START = (
    "gosheet.core.systems",
    "gosheet.app.actions",
    "gosheet.app.printing",
    "gosheet.formats.pack",
    "gosheet.workbook.sheets",
)
"""Not for --help, nor to parse any command's line: they are what ``check`` and ``pair`` load."""

ARGUMENTS = {
    "new": ["new", "x.xlsx"],
    "import": ["import", "roster.csv", "-o", "x.xlsx", "--rules", "opengotha"],
    "export": ["export", "x.xlsx", "-o", "x.xml"],
    "check": ["check", "x.xlsx"],
    "pair": ["pair", "x.xlsx", "--again"],
    "standings": ["standings", "x.xlsx"],
    "order-boards": ["order-boards", "x.xlsx"],
    "merge": ["merge", "x.xlsx", "copy-anna.xlsx", "copy-ben.ods"],
    "simulate": ["simulate", "x.xlsx"],
    "explain": ["explain", "x.xlsx", "--round", "1"],
    "history": ["history", "x.xlsx"],
    "restore": ["restore", "x.xlsx", "1"],
    "rename": ["rename", "x.xlsx", "Old Name", "New Name"],
    "excel-template": ["excel-template", "x.xlsx", "x.xlsm"],
    "libreoffice": ["libreoffice", "build"],
    "bridge": ["bridge"],
    "demo": ["demo", "x.xlsx"],
    "ratings": ["ratings", "fill", "x.xlsx"],
    "print": ["print", "x.xlsx", "--what", "pairings", "--url", "https://example.org/"],
    "publish": ["publish", "x.xlsx", "-o", "site", "--url", "https://example.org/"],
    "web-app": ["web-app", "-o", "site"],
}
"""A command line of each command, for the parser alone."""

WATCH = r"""
import json, sys

HEAVY = set(json.loads(sys.argv[1]))
importers = {}


class Watch:
    '''Notes which module first imports each watched name (first frame outside importlib).'''

    @staticmethod
    def find_spec(name, path=None, target=None):
        if name in HEAVY and name not in importers:
            frame = sys._getframe(1)
            while frame is not None and frame.f_globals.get("__name__", "").startswith(
                ("importlib", "_frozen_importlib")
            ):
                frame = frame.f_back
            importers[name] = "?" if frame is None else frame.f_globals.get("__name__", "?")
        return None


sys.meta_path.insert(0, Watch)
out, mode, args = sys.argv[2], sys.argv[3], sys.argv[4:]
code = None
try:
    if mode == "parse":  # every command line of the JSON list, parsed (not run)
        from gosheet.frontends.cli.parser import build_parser

        for line in json.loads(args[0]):
            build_parser().parse_args(line)
    elif mode == "import":  # the modules named, imported
        import importlib

        for module in args:
            importlib.import_module(module)
    else:  # the command, as the gosheet script runs it
        sys.argv = ["gosheet", *args]
        from gosheet.__main__ import entry

        code = entry()
except SystemExit as stop:
    code = stop.code
finally:
    loaded = sorted(name for name in HEAVY if name in sys.modules)
    with open(out, "w", encoding="utf-8") as file:
        json.dump({"code": code, "importers": importers, "loaded": loaded}, file)
"""


def watched(folder: Path, mode: str, *args: str) -> dict[str, str]:
    """Run gosheet (``mode`` "run"), the parser alone ("parse") or imports ("import") in a
    fresh process in ``folder``: each watched module it imported (or tried to), and the
    module that did."""
    out = folder / "watched.json"
    done = subprocess.run(
        [sys.executable, "-c", WATCH, json.dumps(HEAVY), str(out), mode, *args],
        cwd=folder,
        env={k: v for k, v in os.environ.items() if k != "GOSHEET_XLSX_ENGINE"},
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.exists(), done.stderr
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["code"] in (0, None), done.stdout + done.stderr
    importers: dict[str, str] = report["importers"]
    return importers


def ours(importers: dict[str, str], names: tuple[str, ...]) -> dict[str, str]:
    """The imports of ``names`` that gosheet made: not those openpyxl made of its own."""
    return {
        name: by
        for name, by in importers.items()
        if name in names and by.partition(".")[0] != "openpyxl"
    }


def test_a_command_line_for_every_command() -> None:
    assert set(ARGUMENTS) == set(COMMANDS)


def test_help_imports_nothing_heavy(tmp_path: Path) -> None:
    importers = watched(tmp_path, "run", "--help")
    assert importers == {}


def test_parsing_any_command_imports_nothing_heavy(tmp_path: Path) -> None:
    importers = watched(tmp_path, "parse", json.dumps(list(ARGUMENTS.values())))
    assert importers == {}


def test_the_parser_names_what_the_pack_the_systems_and_the_lists_name() -> None:
    """The parser's own copies of the pack's parts, gosheet's systems and the rating lists
    (so that --help loads none of them) are theirs."""
    from gosheet.core.systems import REGISTRY
    from gosheet.formats.pack import WHAT
    from gosheet.formats.ratings.lists import KINDS
    from gosheet.frontends.cli import parser, publishing, ratings

    assert publishing.WHAT == WHAT
    assert ratings.KINDS == KINDS
    assert tuple(s.name for s in REGISTRY.values() if not s.opengotha) == parser.GOSHEET_SYSTEMS


def test_the_commands_are_the_table_of_actions() -> None:
    """The command line's own copy of its commands and handlers (so that no command builds
    the table of actions to start) is the table's, in its order."""
    from gosheet.app import doors

    handlers = {c: f"{module}:{function}" for c, (module, function) in COMMANDS.items()}
    assert list(handlers.items()) == list(doors.commands().items())


def test_a_control_character_is_still_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command line's check of control characters loads the workbook's reader only for
    a text that is not printable; it still refuses what it refused."""
    from gosheet.frontends.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["new", str(tmp_path / "x.xlsx"), "--name", "Open\x1b[31m\x85"])
    assert stop.value.code == 2
    assert "U+001B, U+0085" in capsys.readouterr().err
    assert not (tmp_path / "x.xlsx").exists()


def test_each_handler_module_imports_nothing_heavy(tmp_path: Path) -> None:
    """A handler module is imported to run its command: whatever one command of it needs
    alone (pandas for a roster, reportlab to print, the office suites) waits inside that
    command's function."""
    modules = sorted({f"gosheet.frontends.cli.{module}" for module, _ in COMMANDS.values()})
    importers = watched(tmp_path, "import", *modules)
    forbidden = (*NOT_TO_READ, "gosheet.formats.pack.pdf", "gosheet.formats.site")
    assert ours(importers, forbidden) == {}


def test_check_imports_what_it_reads_with(tmp_path: Path, open_book: Path) -> None:
    importers = watched(open_book.parent, "run", "check", open_book.name)
    assert ours(importers, NOT_TO_READ) == {}
    assert "importlib.metadata" not in importers  # (python-calamine's release: its folder)
    assert "gosheet.core.teams.pairing" not in importers  # (no team in the demo)


def test_seed_mcmahon_pairs_without_opengotha_engine(tmp_path: Path, open_book: Path) -> None:
    importers = watched(open_book.parent, "run", "pair", open_book.name)
    assert "gosheet.core.systems.mcmahon" in importers  # it did pair
    # (23 players: gosheet's blossom, rustworkx's import would cost more than it saves)
    assert ours(importers, (*NEVER, "networkx", "rustworkx", OPENGOTHA_ENGINE)) == {}


def test_opengotha_rules_load_its_engine_to_pair(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    book = tmp_path / "og.xlsx"
    cli_ok(capsys, "import", roster, "-o", book, "--rules", "opengotha", "--rounds", "3")
    assert OPENGOTHA_ENGINE not in ours(watched(tmp_path, "run", "check", book.name), HEAVY)
    importers = watched(tmp_path, "run", "pair", book.name)
    assert OPENGOTHA_ENGINE in importers
    # numpy and rustworkx: not for a small field (their imports cost more than they save);
    # scipy: only for the potentials of a field of more than 1,500 players
    forbidden = ("numpy", "rustworkx", "pandas", "scipy", "reportlab", "jinja2", "xlwings", "uno")
    forbidden += ("networkx",)
    assert ours(importers, forbidden) == {}


def test_pair_imports_neither_other_actions_nor_other_systems(
    tmp_path: Path, open_book: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``pair`` loads the pairing system of the tournament alone, and nothing another action
    alone needs (issue 38: a small round's time is mostly its imports)."""
    seed = watched(open_book.parent, "run", "pair", open_book.name)
    assert seed.get("gosheet.core.systems.mcmahon") == "gosheet.core.systems"
    assert ours(seed, (*ONE_ACTIONS, *SYSTEMS[1:])) == {}
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER_CSV, encoding="utf-8")
    cli_ok(capsys, "import", roster, "-o", tmp_path / "og.xlsx", "--rules", "opengotha")
    assert ours(watched(tmp_path, "run", "pair", "og.xlsx"), (*ONE_ACTIONS, *SYSTEMS)) == {}


def test_a_date_in_any_form_is_read_without_strptime(open_book: Path) -> None:
    """The tournament's dates typed as text, the usual way (2024-05-18) or another
    (18/05/2024), are read without ``datetime.strptime``, whose module loads ``calendar`` and
    ``locale`` (issue 38; core/event.py reads them with strptime's own patterns)."""
    set_setting(open_book, "Dates", "2024-05-18, 2024-05-20")
    importers = watched(open_book.parent, "run", "pair", open_book.name)
    assert "gosheet.core.systems.mcmahon" in importers  # it did pair
    assert "_strptime" not in importers
    assert setting(open_book, "Dates") == "2024-05-18, 2024-05-20"
    set_setting(open_book, "Dates", "18/05/2024")
    importers = watched(open_book.parent, "run", "check", open_book.name)
    assert "_strptime" not in importers


def test_printing_draws_qr_codes_only_with_url(tmp_path: Path, open_book: Path) -> None:
    """segno is loaded by ``print --url`` alone: a pack without QR codes goes without it."""
    folder = open_book.parent
    gosheet_pair = watched(folder, "run", "pair", open_book.name)
    assert "segno" not in gosheet_pair
    plain = watched(folder, "run", "print", open_book.name, "--what", "pairings")
    assert "reportlab" in plain and "segno" not in plain
    coded = watched(
        folder, "run", "print", open_book.name, "--what", "pairings", "--url", "https://x.org/"
    )
    assert coded.get("segno") == "gosheet.formats.qr"


def test_the_collation_is_loaded_to_sort_names_only(tmp_path: Path, open_book: Path) -> None:
    """The collation's table is loaded to sort a list by name — the pack's lists by name —
    by gosheet's collation; not by --help, parsing or check (above). Latin names need only
    its small table: pyuca's whole one is read for a name in another script."""
    printed = watched(open_book.parent, "run", "print", open_book.name, "--what", "names")
    assert printed.get("gosheet.i18n.collation_table") == "gosheet.i18n.collation"
    assert "pyuca" not in printed


BLAS_CHILD = """
import contextlib, io, os, sys
sys.argv = ["gosheet", "--help"]
from gosheet.__main__ import entry
with contextlib.redirect_stdout(io.StringIO()):
    try:
        entry()
    except SystemExit:
        pass
import numpy
print(os.environ.get("OPENBLAS_NUM_THREADS"), len(os.listdir("/proc/self/task")))
"""


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
@pytest.mark.parametrize("preset", [None, "2"])
def test_a_gosheet_process_runs_numpy_on_one_thread(preset: str | None) -> None:
    """The ``gosheet`` process sets OpenBLAS to one thread before numpy can be imported: no
    thread spinning beside a pair (issue 38); a value already set is the user's and stays."""
    pytest.importorskip("numpy")
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if preset is not None:
        env["OPENBLAS_NUM_THREADS"] = preset
    done = subprocess.run(
        [sys.executable, "-c", BLAS_CHILD], env=env, capture_output=True, text=True, timeout=300
    )
    value, threads = done.stdout.split()
    assert value == (preset or "1"), done.stderr
    if preset is None:
        assert threads == "1"  # the interpreter's own thread only
