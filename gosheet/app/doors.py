"""The table of actions: every action gosheet offers, by its one name, and how each door
offers it.

A door is a way into gosheet: the command line (:mod:`gosheet.frontends.cli`), LibreOffice's
gosheet menu and toolbar (:mod:`gosheet.frontends.libreoffice`, its macros and the JSON
bridge, :mod:`gosheet.app.bridge`), the buttons of a gosheet ``.xlsm``
(:mod:`gosheet.frontends.excel.buttons`), the scripts of an xlwings Lite workbook
(:mod:`gosheet.frontends.excel.lite`) and the page in the browser
(:mod:`gosheet.frontends.web`). Each action of :data:`ACTIONS` has one name (``merge``,
``print_pack``, ``export_egf``), its words on a button or a menu (:attr:`Action.label`, a
message of gosheet's catalog: the same in every door, in en, ru, fr and ca), and for each
door that offers it what the organiser types, clicks or runs there — the command, the menu
entry and its macro, the button, the script, the page's button. Those names are a contract
with the files already in organisers' hands (a ``.xlsm`` calls ``gosheet.excel.merge_copies``,
a Lite workbook ``run("merge_copies", book)``, LibreOffice's menu the macro
``MergeCopies``): the table records them as they are.

A door finds an action here by what it was given (:func:`by_command`, :func:`by_page` …) and
runs the use case it keeps under the action's :attr:`~Action.name`; a door offers nothing
the table lacks (``tests/app/test_doors.py`` walks the table against every door).
Adding an action: one entry here, its use case in :mod:`gosheet.app`, and, in each door
that offers it, the small function that hands it what that door has (a path, bytes, an
open workbook).

A message that sends the organiser to an action names it from this table, as the door the
message is shown in offers it (:mod:`gosheet.app.naming`), never a command that door does not
have. Each door says which it is at its entry (:func:`entry`, :mod:`gosheet.i18n.door`).

Imports nothing but the catalog's marker and the doors' names: every door reads it, the
command line at start.
"""

from __future__ import annotations

from gosheet.i18n.catalog import N_
from gosheet.i18n.door import (
    COMMAND_LINE,
    DOORS,
    EXCEL,
    LIBREOFFICE,
    LITE,
    PAGE,
    current_door,
    entry,
    inside,
)
from gosheet.records import record

__all__ = [
    "COMMAND_LINE",
    "DOORS",
    "EXCEL",
    "LIBREOFFICE",
    "LITE",
    "PAGE",
    "current_door",
    "entry",
    "inside",
]


@record
class Command:
    """The command line: ``gosheet NAME …``, run by ``handler`` (``module:function`` of
    :mod:`gosheet.frontends.cli`)."""

    name: str
    handler: str


@record
class Menu:
    """LibreOffice: the macro of ``gosheet_macros.py`` the menu entry calls, the entry's
    title with its ``~`` mnemonic, its part of the menu (-1: a new tournament, first; 0: the
    round, also on the toolbar when ``toolbar``; 1: the files for other programs; 2: the
    rehearsal)."""

    macro: str
    title: str
    part: int = 0
    toolbar: bool = False


@record
class Button:
    """A gosheet ``.xlsm``: the function of :mod:`gosheet.excel` its button runs, the
    button's row on the Control sheet (None: no button, the function alone), the words
    beside it."""

    entry: str
    row: int | None = None
    explanation: str = ""


@record
class Script:
    """xlwings Lite: the script's function in ``main.py``, its place in Lite's list, and
    its words ('' : the ``.xlsm`` button's). The script runs the ``.xlsm`` button's function."""

    function: str
    place: int
    explanation: str = ""


@record
class Page:
    """The page: its button's ``data-action``, its words when not the action's label (a
    message of the catalog), whether it takes a roster rather than a workbook, and whether
    it takes no file at all (a blank tournament from the choices on the page)."""

    key: str
    label: str = ""
    roster: bool = False
    blank: bool = False


@record
class Action:
    """One action and its doors (None: that door does not offer it)."""

    name: str
    label: str  # its words on a button or a menu (a message of the catalog)
    command: Command | None = None
    menu: Menu | None = None
    button: Button | None = None
    script: Script | None = None
    page: Page | None = None
    copies: bool = False  # it takes the helpers' copies of the workbook
    beside: bool = False  # it makes files beside the workbook and changes none of its cells
    marks: bool = False  # it marks the bad cells it finds (and takes the old marks off)
    shows_cells: bool = False  # afterwards the sheet of the last cell it wrote is shown

    @property
    def page_label(self) -> str:
        """The page's words for it."""
        return self.page.label if self.page is not None and self.page.label else self.label


ACTIONS: tuple[Action, ...] = (
    Action(
        "fill_ratings",
        N_("Fill from rating list"),
        command=Command("ratings", "ratings:ratings"),
        menu=Menu("FillFromRatingList", "~Fill from rating list", toolbar=True),
        button=Button(
            "fill_ratings",
            3,
            "Fills the empty cells of Players — EGD PIN, rank, rating, club, country — from "
            "the rating list cached by 'gosheet ratings fetch egd' (or import), and names "
            "whoever was not found. What is typed is never replaced.",
        ),
        script=Script(
            "fill_from_rating_list",
            6,
            "Fills the empty cells of Players — EGD PIN, rank, rating, club, country — from the "
            "rating list dropped on xlwings Lite's Files → Import/Export (EGD allworld_lp.html, "
            "FFG echelle.txt or AGA TDListN.txt), and names whoever was not found. What is "
            "typed is never replaced.",
        ),
        shows_cells=True,
    ),
    Action(
        "pair",
        N_("Pair next round"),
        command=Command("pair", "tournament:pair"),
        menu=Menu("PairNextRound", "~Pair next round", toolbar=True),
        button=Button(
            "pair",
            4,
            "Checks that every result of the last round is in, pairs the next round into a "
            "new sheet 'Round N', fills the players' McMahon groups and rewrites Standings.",
        ),
        script=Script("pair_next_round", 1),
        page=Page("pair"),
    ),
    Action(
        "standings",
        N_("Update standings"),
        command=Command("standings", "tournament:standings"),
        menu=Menu("UpdateStandings", "Update ~standings", toolbar=True),
        button=Button(
            "standings",
            5,
            "Rewrites Standings from every round's results — after a result was typed or "
            "corrected. Pairings already made are never changed.",
        ),
        script=Script("update_standings", 2),
        page=Page("standings"),
    ),
    Action(
        "check",
        N_("Check the workbook"),
        command=Command("check", "tournament:check"),
        menu=Menu("CheckWorkbook", "~Check the workbook", toolbar=True),
        button=Button(
            "check",
            6,
            "Reads every sheet and changes nothing but its marks: each bad cell is coloured "
            "and gets a note, and the list of problems is written below. A clean check "
            "removes the old marks.",
        ),
        script=Script("check_the_workbook", 3),
        page=Page("check"),
        marks=True,
    ),
    Action(
        "explain",
        N_("Explain the last round"),
        command=Command("explain", "tournament:explain"),
        menu=Menu("ExplainRound", "~Explain the last round", toolbar=True),
        button=Button(
            "explain",
            7,
            "Writes the sheet 'Explain': each game of the last round with its value under "
            "every pairing criterion, and whether gosheet pairs it the same way now. The "
            "tournament is not changed.",
        ),
        script=Script("explain_the_last_round", 4),
        page=Page("explain"),
    ),
    Action(
        "print_pack",
        N_("Print pack"),
        command=Command("print", "publishing:print_pack"),
        menu=Menu("PrintPack", "P~rint pack", toolbar=True),
        button=Button(
            "print_pack",
            8,
            "Writes the last round's print pack beside the saved workbook (BOOK.pack.pdf): "
            "pairings by table and by name, result slips, standings and crosstable. The "
            "workbook is not changed.",
        ),
        page=Page("print"),
        beside=True,
    ),
    Action(
        "publish",
        N_("Publish pages"),
        command=Command("publish", "publishing:publish"),
        menu=Menu("PublishPages", "P~ublish pages", toolbar=True),
        page=Page("publish"),
        beside=True,
    ),
    Action(
        "merge",
        N_("Merge helpers' copies"),
        command=Command("merge", "tournament:merge"),
        menu=Menu("MergeCopies", "Merge helpers' cop~ies…"),
        button=Button(
            "merge_copies",
            9,
            "Asks for the copies of this workbook helpers typed results in, and takes their "
            "results in; a result typed differently in two places is refused, naming its cell, "
            "and nothing is changed. Then rewrites Standings.",
        ),
        script=Script(
            "merge_helpers_copies",
            7,
            "Takes in the results typed in the helpers' copies of this workbook dropped on "
            "xlwings Lite's Files → Import/Export (.xlsx or .ods); a result typed differently "
            "in two places is refused, naming its cell, and nothing is changed. Then rewrites "
            "Standings.",
        ),
        page=Page("merge"),
        copies=True,
        shows_cells=True,
    ),
    Action(
        "order_boards",
        N_("Order boards by rating"),
        command=Command("order-boards", "tournament:order_boards"),
        menu=Menu("OrderBoards", "Order ~boards by rating"),
        button=Button(  # the function alone: the Control sheet's rows are full (Lite's script)
            "order_boards",
            None,
            "Team tournaments: sorts the boards of each line-up of the Teams sheet by the "
            "players' ratings, board 1 the strongest; the reserves and the line-ups' rounds "
            "stay as typed.",
        ),
        script=Script("order_boards_by_rating", 8),
        page=Page("boards"),
    ),
    Action(
        "export_egf",
        N_("Export EGF results (.h9)"),
        command=Command("export", "opengotha:export_file"),
        menu=Menu("ExportEGF", "Export EGF results (.~h9)", part=1),
        page=Page("h9", "EGF results (.h9)"),  # the page's own words (web/words.py)
        beside=True,
    ),
    Action(
        "export_ffg",
        N_("Export FFG results (.tou)"),
        command=Command("export", "opengotha:export_file"),
        menu=Menu("ExportFFG", "Export FFG results (.t~ou)", part=1),
        page=Page("tou", "FFG results (.tou)"),  # the page's own words
        beside=True,
    ),
    Action(
        "export_opengotha",
        N_("Export to OpenGotha (.xml)"),
        command=Command("export", "opengotha:export_file"),
        menu=Menu("ExportOpenGotha", "Export to ~OpenGotha (.xml)", part=1),
        page=Page("xml", N_("OpenGotha file (.xml)")),
        beside=True,
    ),
    Action(
        "simulate",
        N_("Simulate results"),
        command=Command("simulate", "demo:simulate"),
        menu=Menu("SimulateResults", "Si~mulate results (rehearsal)", part=2),
        button=Button("simulate"),
        script=Script(
            "simulate_results",
            5,
            "Rehearsal: fills the last round's empty results with likely ones, from the "
            "players' strength. Never on a real tournament's results.",
        ),
        page=Page("simulate"),
        shows_cells=True,
    ),
    Action(
        "new",
        N_("New tournament"),
        command=Command("new", "tournament:new"),
        menu=Menu("NewTournament", "~New tournament…", part=-1),
        button=Button("new_tournament"),  # the function alone: Lite's script runs it
        script=Script(
            "new_tournament",
            0,
            "Writes the Settings and Players sheets of a new, empty tournament into this "
            "workbook, from the choices on the right (System, Rounds, Language; left empty: "
            "McMahon, its rounds, the workbook's language). A workbook that holds players or "
            "rounds already is refused, and nothing is changed.",
        ),
        page=Page("blank", N_("New blank tournament"), blank=True),
    ),
    Action(
        "import",
        N_("New tournament from this roster"),
        command=Command("import", "opengotha:import_file"),
        menu=Menu("ImportRoster", "Impor~t roster…", part=-1),
        page=Page("new", roster=True),
    ),
    # the command line's alone
    Action("rename", N_("Rename a player"), command=Command("rename", "rename:rename")),
    Action("history", N_("Earlier versions"), command=Command("history", "history:history")),
    Action("restore", N_("Restore a version"), command=Command("restore", "history:restore")),
    Action("demo", N_("Example tournament"), command=Command("demo", "demo:demo")),
    Action(
        "excel_template",
        N_("Excel workbook with buttons"),
        command=Command("excel-template", "offices:excel"),
    ),
    Action(
        "libreoffice",
        N_("LibreOffice extension"),
        command=Command("libreoffice", "offices:libreoffice"),
    ),
    Action("bridge", N_("JSON bridge"), command=Command("bridge", "offices:bridge")),
    Action("web_app", N_("Page for the browser"), command=Command("web-app", "web:web_app")),
)
"""Every action, in the order of LibreOffice's menu."""

BY_NAME = {action.name: action for action in ACTIONS}


def named(name: str) -> Action:
    """The action called ``name`` (KeyError: none)."""
    return BY_NAME[name]


def commands() -> dict[str, str]:
    """The command line's commands and their handlers (``module:function``)."""
    return {a.command.name: a.command.handler for a in ACTIONS if a.command is not None}


def by_page(key: str) -> Action:
    """The action of the page's button ``key`` (KeyError: none)."""
    found = [a for a in ACTIONS if a.page is not None and a.page.key == key]
    if not found:
        raise KeyError(key)
    return found[0]


def by_button(entry: str) -> Action:
    """The action of the ``.xlsm`` function ``entry`` (KeyError: none)."""
    found = [a for a in ACTIONS if a.button is not None and a.button.entry == entry]
    if not found:
        raise KeyError(entry)
    return found[0]


def in_menu() -> tuple[Action, ...]:
    """LibreOffice's actions, in the menu's order (what the JSON bridge takes)."""
    return tuple(sorted((a for a in ACTIONS if a.menu is not None), key=_menu_order))


def _menu_order(action: Action) -> int:
    assert action.menu is not None
    return action.menu.part


def buttons() -> tuple[Action, ...]:
    """The ``.xlsm``'s buttons, by their row on the Control sheet."""
    placed = [a for a in ACTIONS if a.button is not None and a.button.row is not None]
    return tuple(sorted(placed, key=lambda a: a.button.row if a.button and a.button.row else 0))


def scripts() -> tuple[Action, ...]:
    """xlwings Lite's scripts, in the order of its list."""
    offered = [a for a in ACTIONS if a.script is not None]
    return tuple(sorted(offered, key=lambda a: a.script.place if a.script else 0))


def page_actions() -> dict[str, dict[str, object]]:
    """What the page needs to know of its buttons, by ``data-action`` (JSON for the page):
    whether it takes a roster rather than a workbook, or no file; whether it asks for copies;
    whether it gives the workbook back changed (the page saves it in place)."""
    return {
        a.page.key: {
            "roster": a.page.roster,
            "blank": a.page.blank,
            "copies": a.copies,
            "changes": not (a.page.roster or a.page.blank or a.beside or a.marks),
        }
        for a in ACTIONS
        if a.page is not None
    }


def macro_table() -> dict[str, dict[str, object]]:
    """What LibreOffice's macros need to know of their actions, by name, in plain values
    (the macros import no gosheet type): the title (English: the macros translate it with
    the words of gosheet's answer) and what the action does besides its cells."""
    return {
        a.name: {
            "title": a.label,
            "copies": a.copies,
            "beside": a.beside,
            "marks": a.marks,
            "shows_cells": a.shows_cells,
        }
        for a in in_menu()
    }
