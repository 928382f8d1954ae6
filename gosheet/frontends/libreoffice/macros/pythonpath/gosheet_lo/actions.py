"""The actions of the gosheet menu, each from start to end:

1. read the used area of every sheet of the open workbook (numbers, text;
   an empty cell is ``None``);
2. ask gosheet — carried in the extension, run in LibreOffice's own Python — through its
   JSON bridge, and read its answer (:mod:`.bridge`, :mod:`.inprocess`);
3. on success, write the answer's operations into the open document — whole
   sheets (``render``) and single cells (``set``) — as one undoable step
   ("gosheet: Pair next round" in Edit ▸ Undo); on failure write nothing and
   show the problems, each with its sheet and cell — except Check the
   workbook, which marks each bad cell in red with a comment saying what is
   wrong (and takes the marks away once the workbook is clean). Print pack,
   Publish pages and the exports write no cell: they write the files of gosheet's
   ``file`` operations beside the workbook, which must have been saved once
   (:mod:`.files`). Merge helpers' copies asks first for the copies (:mod:`.picker`),
   whose results gosheet takes into the open workbook. New tournament… and Import roster…
   make a new document instead (:mod:`.newbook`).

The document is unchanged when anything fails: nothing is written unless
gosheet answered ``ok`` and the answer is understood (:func:`.bridge.preflight`);
what is written is journalled and taken back on a failure (:class:`.changes.Changes`).
"""

from __future__ import annotations

import json
from typing import Any

from . import loading
from .bridge import call_gosheet, preflight
from .calc import find_document, read_sheets
from .changes import Changes
from .dialogs import tell
from .errors import WORDS, Failure, describe, learn, say
from .files import document_path, write_beside, written_message
from .inprocess import action_table, check_python
from .marks import clear_marks, mark_problems
from .newbook import MAKERS, make
from .picker import chosen_copies, document_name
from .writing import apply_operations


def about(action: str) -> dict[str, Any]:
    """What gosheet's table of actions says of ``action`` (:func:`.inprocess.action_table`):
    its title, whether it asks for the helpers' copies, makes files beside the workbook,
    marks the bad cells."""
    found = action_table().get(action)
    return found if found is not None else {"title": "gosheet"}


def run(action: str, args: tuple[Any, ...] = (), context: Any = None) -> str:
    """Run one action on the workbook the menu was used in; tell the organiser how it
    went; return the outcome as JSON — ``{"ok", "message", "problems", "action"}``.

    ``context`` is the macro script's ``XSCRIPTCONTEXT`` (the current document).
    """
    loading.wait()  # gosheet loading in the background since the document opened: its end
    entry = about(action)
    title = str(entry["title"])
    document = None
    WORDS.clear()  # English until gosheet answers in the workbook's language
    try:
        check_python()  # an older LibreOffice: which one is needed, before anything else
        if action in MAKERS:  # a new document: the one the menu was used in stays as it is
            outcome, document = make(action, args, context)
        else:
            document = find_document(args, context)
            copies = chosen_copies(args, context, document) if entry.get("copies") else None
            outcome = perform(action, document, copies, entry)
    except Failure as failure:
        outcome = {"ok": False, "message": str(failure), "problems": failure.problems}
    except Exception as error:  # never a traceback in front of the organiser
        outcome = {
            "ok": False,
            "message": say(
                "{title} failed unexpectedly ({error}); nothing was changed.",
                title=say(title),
                error=describe(error),
            ),
            "problems": [],
        }
    outcome["action"] = action
    tell(context, document, say(title), outcome)
    return json.dumps(outcome, ensure_ascii=False)


def perform(
    action: str,
    document: Any,
    copies: list[str] | None = None,
    entry: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Ask gosheet, write its answer; raise :class:`~.errors.Failure` when refused.
    ``copies``: Merge helpers' copies, the copies' paths; ``entry``: the action in gosheet's
    table of actions (:func:`about`)."""
    entry = entry if entry is not None else about(action)
    beside = bool(entry.get("beside"))
    workbook = document_path(document, action) if beside else ""  # saved first
    extra = {"copies": copies} if copies is not None else {}
    name = workbook or (document_name(document) if copies is not None else "")
    answer = call_gosheet(action, read_sheets(document), name, extra)
    learn(answer)
    title = say(str(entry["title"]))
    if not answer.get("ok"):
        problems = [p for p in answer.get("problems") or [] if isinstance(p, dict)]
        message = str(answer.get("message") or say("gosheet refused the workbook."))
        if entry.get("marks") and problems:
            with Changes(document, title) as changes:
                clear_marks(document, changes)
                marked = mark_problems(document, problems, changes)
            if marked:
                message += "\n\n" + say(
                    "Cells marked in red: {count}; a comment at each says what is wrong.",
                    count=marked,
                )
        raise Failure(message, problems)
    operations = answer.get("operations")
    if beside:  # files beside the workbook; the workbook untouched
        target = write_beside(workbook, operations, action)
        message = written_message(str(answer.get("message") or say("Done.")), target)
        return {"ok": True, "message": message, "problems": []}
    preflight(document, operations)
    assert isinstance(operations, list)
    with Changes(document, title) as changes:
        clear_marks(document, changes)
        apply_operations(document, operations, changes, bool(entry.get("shows_cells")))
    return {"ok": True, "message": str(answer.get("message") or say("Done.")), "problems": []}
