"""gosheet's LibreOffice macros: the actions of the gosheet menu and toolbar.

This file runs inside LibreOffice's own Python, as ``python/gosheet_macros.py``
of the gosheet extension (``gosheet libreoffice install``); the menu and the
toolbar call its functions by name (``…|python|gosheet_macros.py$PairNextRound``).
It imports the standard library and ``gosheet_lo`` only. ``gosheet_lo``, the package
doing the work, lies in ``python/pythonpath/`` beside this file with gosheet itself and
the packages it needs: LibreOffice puts that folder on ``sys.path`` before it runs the
script.

Each action reads the open workbook, asks gosheet (in this Python, from the extension)
and writes the answer into the document as one undoable step, or changes nothing and
says why (:mod:`gosheet_lo.actions`); Print pack, Publish pages and the exports write
their files beside the workbook; Merge helpers' copies asks for the copies with a file
picker (:mod:`gosheet_lo.picker`).

Messages never show a traceback: every failure becomes one sentence, or the
list of problems gosheet found. The message box is modal; in headless mode
LibreOffice cancels dialogs at once, so it never blocks (and with the
environment variable ``GOSHEET_NO_DIALOGS=1`` none is shown). Every entry
point also returns its outcome as a JSON string — ``{"ok", "message",
"problems", "action"}`` — which a caller gets from
``XScript.invoke`` or as ``DispatchResultEvent.Result``: that is how the
tests read what the organiser would have seen.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the package where it lies in gosheet's source tree
    from .pythonpath.gosheet_lo import actions
else:
    try:
        from gosheet_lo import actions  # python/pythonpath/, on sys.path in LibreOffice
    except ImportError:  # this file imported from gosheet's source tree (the tests)
        sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "pythonpath"))
        from gosheet_lo import actions


def NewTournament(*args: Any) -> str:
    """A new Calc document holding a new tournament (Settings and Players, in the chosen
    language): the system, rounds and language asked in a dialog (or given by a caller:
    ``NewTournament("swiss", 4, "fr")``)."""
    return run("new", args)


def ImportRoster(*args: Any) -> str:
    """A new Calc document holding the tournament of a roster (CSV, xlsx, ods) or an
    OpenGotha file, chosen in a file picker (or given by a caller as its path)."""
    return run("import", args)


def FillFromRatingList(*args: Any) -> str:
    """Fill the empty cells of Players (number, rank, rating, club, country) from the
    rating list cached by ``gosheet ratings fetch|import``."""
    return run("fill_ratings", args)


def PairNextRound(*args: Any) -> str:
    """Pair the next round into ``Round N``, fill McMahon groups, rewrite Standings."""
    return run("pair", args)


def UpdateStandings(*args: Any) -> str:
    """Rewrite the Standings sheet from every round's results."""
    return run("standings", args)


def CheckWorkbook(*args: Any) -> str:
    """Check everything; mark each bad cell in red with a comment; clear old marks."""
    return run("check", args)


def ExplainRound(*args: Any) -> str:
    """Write the Explain sheet: each game of the last round under every pairing
    criterion, and whether gosheet pairs it the same way now."""
    return run("explain", args)


def OrderBoards(*args: Any) -> str:
    """Team tournaments: sort each line-up of the Teams sheet by rating, board 1 the
    strongest."""
    return run("order_boards", args)


def PrintPack(*args: Any) -> str:
    """Write the last round's print pack (pairings by table and by name, result slips,
    standings, crosstable) beside the workbook as ``NAME.pack.pdf``."""
    return run("print_pack", args)


def PublishPages(*args: Any) -> str:
    """Write the tournament's web pages (index, each round's pairings, standings,
    crosstable) beside the workbook, in the folder ``NAME.site``."""
    return run("publish", args)


def ExportEGF(*args: Any) -> str:
    """Write the EGF results file beside the workbook as ``NAME.h9``."""
    return run("export_egf", args)


def ExportFFG(*args: Any) -> str:
    """Write the FFG results file beside the workbook as ``NAME.tou``."""
    return run("export_ffg", args)


def ExportOpenGotha(*args: Any) -> str:
    """Write the tournament as an OpenGotha file beside the workbook, ``NAME.xml``."""
    return run("export_opengotha", args)


def MergeCopies(*args: Any) -> str:
    """Take the results helpers typed in copies of the workbook into it: the copies chosen
    in a file picker (or given as their paths by a caller: a script, the tests)."""
    return run("merge", args)


def SimulateResults(*args: Any) -> str:
    """Rehearsal: fill the current round's empty results from the players' strength."""
    return run("simulate", args)


g_exportedScripts = (
    NewTournament,
    ImportRoster,
    FillFromRatingList,
    PairNextRound,
    UpdateStandings,
    CheckWorkbook,
    ExplainRound,
    OrderBoards,
    PrintPack,
    PublishPages,
    MergeCopies,
    ExportEGF,
    ExportFFG,
    ExportOpenGotha,
    SimulateResults,
)


def run(action: str, args: tuple[Any, ...]) -> str:
    """Run the action with what LibreOffice gives this script: ``XSCRIPTCONTEXT`` (the
    document the menu was used in)."""
    return actions.run(action, args, globals().get("XSCRIPTCONTEXT"))
