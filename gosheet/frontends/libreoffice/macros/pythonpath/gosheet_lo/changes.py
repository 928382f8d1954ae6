"""One step of changes to a document: all of it, as one entry in Edit ▸ Undo, or
none of it."""

from __future__ import annotations

import contextlib
from typing import Any

from .calc import write_value
from .errors import Failure, describe, say


class Changes:
    """One step of changes to a document: one entry in Edit ▸ Undo when it
    succeeds, taken back completely when it fails.

    Every change that touches what was already in the document registers how to
    take it back (:meth:`on_rollback`); sheets are written whole under
    temporary names and swapped in at the end (``writing.apply_operations``). On a
    failure the journal is played backwards, inside the same undo context, so
    that context's entry, if the organiser ever undoes it, changes nothing.
    (Calling ``XUndoManager.undo()`` instead would be simpler, but it crashes
    LibreOffice 7.4 when the document has no visible window, as in tests.)
    """

    def __init__(self, document: Any, title: str) -> None:
        self.document = document
        self.action_title = title
        self.title = f"gosheet: {title}"
        self.rollback_steps: list[Any] = []
        self.after_steps: list[Any] = []
        self.manager: Any = None
        self.modified = False

    def on_rollback(self, step: Any) -> None:
        self.rollback_steps.append(step)

    def afterwards(self, step: Any) -> None:
        """A step for after the changes succeeded and the view is unlocked."""
        self.after_steps.append(step)

    def set_property(self, target: Any, name: str, value: Any) -> None:
        old = target.getPropertyValue(name)
        target.setPropertyValue(name, value)
        self.on_rollback(lambda: target.setPropertyValue(name, old))

    def set_content(self, cell: Any, value: Any) -> None:
        """Write a value into a cell of the document as it was."""
        kind = cell.getType().value  # EMPTY, VALUE, TEXT, FORMULA
        if kind == "VALUE":
            old_value = cell.getValue()
            self.on_rollback(lambda: cell.setValue(old_value))
        elif kind == "TEXT":
            old_text = cell.getString()
            self.on_rollback(lambda: cell.setString(old_text))
        elif kind == "FORMULA":
            old_formula = cell.getFormula()
            self.on_rollback(lambda: cell.setFormula(old_formula))
        else:
            self.on_rollback(lambda: cell.setString(""))
        write_value(cell, value)

    def __enter__(self) -> Changes:
        self.manager = self.document.getUndoManager()
        self.modified = bool(self.document.isModified())
        self.document.lockControllers()
        self.manager.enterUndoContext(self.title)
        return self

    def __exit__(self, kind: Any, error: Any, trace: Any) -> None:
        failure = None
        if error is not None:
            failure = self.roll_back(error)
        try:
            self.manager.leaveUndoContext()
        finally:
            self.document.unlockControllers()
        if failure is not None:
            with contextlib.suppress(Exception):
                self.document.setModified(self.modified)
            raise failure from None
        for step in self.after_steps:
            with contextlib.suppress(Exception):  # the view only: the workbook is written
                step()

    def roll_back(self, error: BaseException) -> Failure:
        if isinstance(error, Failure):
            message = str(error)
        else:
            message = say(
                "{title} failed while writing ({error})",
                title=self.action_title,
                error=describe(error),
            )
        try:
            for step in reversed(self.rollback_steps):
                step()
        except Exception as again:
            return Failure(
                f"{message}, and taking it back failed too ({describe(again)}): close the "
                "workbook without saving and open it again."
            )
        return Failure(f"{message}; the workbook was left as it was.")
