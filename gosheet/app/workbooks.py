"""The actions on a workbook file — the command line's ``check``, ``pair``, ``standings``,
``simulate``, ``explain`` and ``rename``: the file opened, the action of
:mod:`~gosheet.app.actions` run on it, the file saved with the previous version kept (its
backup and history). A workbook given as bytes (a front end without files) is changed in a
temporary file and its new bytes handed back (:class:`Edited`), without a backup.

The words of each (:mod:`gosheet.app.messages`): :func:`~gosheet.app.messages.pairing_lines`,
:func:`~gosheet.app.messages.saved_note` …
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from gosheet.app import actions
from gosheet.app.files import Source, on_disk
from gosheet.app.outcomes import Checked, Paired, Renamed, Simulated, StandingsUpdated
from gosheet.core.model import Tournament
from gosheet.records import record
from gosheet.workbook.books import Book, editing, open_book

if TYPE_CHECKING:  # (imported by the one action that needs each: not by every command)
    from gosheet.app.boards import BoardsOrdered
    from gosheet.core.explain import Explanation

T = TypeVar("T")
NAME = "tournament.xlsx"
"""The file name a workbook given as bytes is read under (its messages name it): give the
uploaded file's own name, whose suffix (``.xlsx``, ``.ods``) says how it is read and written."""


@record
class Edited(Generic[T]):
    """What an action did (``done``), and the workbook saved: its path, or (given as bytes)
    its new bytes in ``data``."""

    done: T
    path: Path | None = None
    data: bytes | None = None


@record
class Explained:
    """An explained round and the tournament it belongs to (for the players' names)."""

    explanation: Explanation
    tournament: Tournament


def edit(
    source: Source,
    change: Callable[[Book], T],
    action: Callable[[T], str],
    *,
    name: str = NAME,
) -> Edited[T]:
    """Run ``change`` on the workbook and save it, ``action(done)`` naming the change in its
    history. A file is held (gosheet's lock, and refused when open elsewhere) until it is
    saved; bytes are changed in a temporary file."""
    if isinstance(source, bytes):
        with on_disk(source, name) as path:
            book = open_book(path)
            done = change(book)
            saved = book.save(backup=False, action=action(done))
            return Edited(done, None, saved.read_bytes())
    with editing(source) as book:
        done = change(book)
        return Edited(done, book.save(action=action(done)))


def check(source: Source, *, name: str = NAME) -> Checked:
    """Every problem of the workbook at once (:class:`~gosheet.core.errors.InputError`), or
    what the next pair needs; nothing written."""
    with on_disk(source, name) as path:
        return actions.check(open_book(path))


def pair(source: Source, again: bool = False, *, name: str = NAME) -> Edited[Paired]:
    """Pair the next round (``again``: the last round anew) and update the standings."""

    def named(done: Paired) -> str:
        return f"pair round {done.pairing.round_number}" + (" again" if again else "")

    return edit(source, lambda book: actions.pair(book, again=again), named, name=name)


def update_standings(source: Source, *, name: str = NAME) -> Edited[StandingsUpdated]:
    """Recompute the Standings sheet."""
    return edit(source, actions.update_standings, lambda done: "standings", name=name)


def order_boards(source: Source, *, name: str = NAME) -> Edited[BoardsOrdered]:
    """Sort each team's boards by rating in the Teams sheet."""
    from gosheet.app import boards

    return edit(source, boards.order_boards, lambda done: "order boards", name=name)


def simulate(source: Source, *, name: str = NAME) -> Edited[Simulated]:
    """Fill the last round's empty results from the players' strength."""

    def named(done: Simulated) -> str:
        return f"simulate round {done.tournament.rounds[-1].number}"

    return edit(source, actions.simulate, named, name=name)


def explain(
    source: Source, round_number: int | None = None, *, name: str = NAME
) -> Edited[Explained]:
    """Write the Explain sheet of a round (default: the last one paired)."""

    from gosheet.app import team_play

    def run(book: Book) -> Explained:
        explanation = actions.explain(book, round_number)
        return Explained(explanation, team_play.teams_as_players(book.read().tournament))

    def named(done: Explained) -> str:
        return f"explain round {done.explanation.round_number}"

    return edit(source, run, named, name=name)


def rename(source: Source, old: str, new: str, *, name: str = NAME) -> Edited[Renamed]:
    """Rename a player everywhere: Players, every round sheet, the Standings."""
    return edit(
        source,
        lambda book: actions.rename(book, old, new),
        lambda done: "rename",
        name=name,
    )
