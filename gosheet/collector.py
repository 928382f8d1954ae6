"""The cyclic garbage collector in a gosheet process.

Reading a workbook, building a big field's standings and writing a big sheet make many
objects and hardly a cycle: :func:`paused` keeps the collector off meanwhile (it would look
through a big workbook's cells and players again and again: some 40 ms of reading 5,000
players).

In the ``gosheet`` command (:func:`for_command`, called by :mod:`gosheet.__main__`), a process
that ends soon after, what is there when a pause ends is then frozen out of the collector's
sight (:func:`gc.freeze`): the workbook read lives until the command ends, and the next
collection would look through all of it again to find no garbage (13-15 ms of a 600- or
700-player ``pair``, measured). Objects frozen are still freed when no longer used; only a
cycle among them is kept until the end. Not in a door's long-lived Python (LibreOffice's,
Excel's, the page's), where a workbook read is let go later: there a pause only pauses.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

#: The collector's first threshold in a ``gosheet`` command (Python's is 700): a command is a
#: short process that makes hundreds of thousands of small objects (a workbook's cells and
#: rows) and hardly any cycles, so collecting after every 700 new ones cost ~0.25 s of a
#: 5,000-player ``pair`` (measured) for nothing; peak memory is the same.
COMMAND_THRESHOLD = 50_000

_freezing = False  # (:func:`for_command`)


def for_command() -> None:
    """The ``gosheet`` command's collector: :data:`COMMAND_THRESHOLD`, and what a pause
    (:func:`paused`) leaves frozen."""
    global _freezing
    gc.set_threshold(COMMAND_THRESHOLD, *gc.get_threshold()[1:])
    _freezing = True


@contextmanager
def paused() -> Iterator[None]:
    """No garbage collection meanwhile; on again afterwards if it was on before, and then, in
    the ``gosheet`` command, everything there frozen (:func:`for_command`)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if _freezing:
            gc.freeze()
        if enabled:
            gc.enable()


__all__ = ["COMMAND_THRESHOLD", "for_command", "paused"]
