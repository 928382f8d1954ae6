"""The sheets that look like rounds under another name (``Round1``, ``Rnd 3``, ``Round 1 (2)``
…) or hold a round under any name (``Round 3 Sunday``: its header row is a round sheet's):
gosheet reads only sheets named ``Round N``, so each is a problem that says the way out."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from gosheet.core.errors import Problem
from gosheet.i18n import words
from gosheet.i18n.catalog import _, current
from gosheet.workbook.port import Rows
from gosheet.workbook.sheets import FIRST_PLAYER, SECOND_PLAYER, round_number_of, round_sheet_name
from gosheet.workbook.sheets.reading import Sheets

ROUND_WORDS = "round|rnd|rd|r|ronde|runde|ronda|rodada|tour|turno|tura|kolo|kierros|тур|раунд"
ROUND_NUMBER = rf"(?:{ROUND_WORDS})\s*\.?\s*[-_#№]?\s*(\d+)"


@functools.cache
def _round_like() -> re.Pattern[str]:
    """A sheet name that says "round 3" in another way: ``Round1``, ``Rnd 3``, ``Ronde 2``,
    ``Тур 2``, ``R3``, ``Round 1 (2)`` (a copy Excel made), ``Round 1_2`` (LibreOffice's).
    (Compiled when first asked for, as every pattern here: a workbook whose sheets are all
    gosheet's never needs them.)"""
    return re.compile(rf"^\s*{ROUND_NUMBER}\s*(?:\(\s*\d+\s*\)|_\d+)?\s*$", re.IGNORECASE)


@functools.cache
def _round_in_name() -> re.Pattern[str]:
    """A round's number anywhere in a sheet's name, after a round word: ``Round 3 Sunday``."""
    return re.compile(rf"(?<![^\W\d_]){ROUND_NUMBER}", re.IGNORECASE)


ROUND_HEADERS = (("Table",), ("White", FIRST_PLAYER), ("Black", SECOND_PLAYER), ("Result",))
"""The columns that make a header row a round sheet's (one of each), in any language."""
HEADER_ROWS = 5
"""The rows looked at for a round's header row (a title typed above it)."""


def round_like(sheet: str) -> int | None:
    """The number of a sheet that looks like a round but is not named ``Round N``."""
    if round_number_of(sheet) is not None:
        return None
    match = _round_like().match(sheet)
    return int(match.group(1)) if match else None


def round_named(sheet: str) -> int | None:
    """The round's number a sheet's name gives after a round word, anywhere in it
    (``Round 3 Sunday``, ``Copy of round 2``), or None."""
    match = _round_in_name().search(sheet)
    return int(match.group(1)) if match else None


def holds_a_round(grid: Rows) -> bool:
    """Whether one of a sheet's first :data:`HEADER_ROWS` rows (its header row, or a title
    above it) is a round sheet's header row, in any of the workbook languages: a table, the
    two players and the result."""
    for row in grid[:HEADER_ROWS]:
        found = {words.canonical(value, words.ROUNDS) for value in row if isinstance(value, str)}
        if all(any(key in found for key in keys) for keys in ROUND_HEADERS):
            return True
    return False


def look_alikes(sheets: Sheets) -> list[Problem]:
    """The organiser's sheets that look like a round under another name (:func:`round_like`)
    or hold one (:func:`holds_a_round`): a problem each, with the way out."""
    numbers = [n for name in sheets.shown if (n := round_number_of(name)) is not None]
    problems = []
    for name, grid in sheets.items():
        if name in sheets.shown:
            continue  # one of gosheet's sheets
        if holds_a_round(grid):
            problems.append(round_held(name, round_named(name), numbers))
        elif (alike := round_like(name)) is not None:
            problems.append(look_alike_problem(name, alike, numbers))
    return problems


def look_alike_problem(sheet: str, number: int, numbers: Sequence[int]) -> Problem:
    """What to do with a sheet that looks like round ``number``: rename it, or (when the round
    is there already: ``numbers``, the workbook's) delete the copy."""
    proper = words.local(round_sheet_name(number), current(), words.SHEETS)
    if number in numbers:
        fix = _(
            "'{sheet}' is there already: if this sheet is a copy of it, delete it or give it "
            "a name without a round number; if this one holds the results, rename it "
            "'{sheet}' (and the other one otherwise)"
        ).format(sheet=proper)
    else:
        fix = _("rename it '{sheet}'").format(sheet=proper)
    return Problem(
        sheet,
        "",
        None,
        _(
            "looks like a round sheet, but gosheet reads only sheets named 'Round N' (it would "
            "pair this round again): {fix}"
        ).format(fix=fix),
    )


def round_held(sheet: str, number: int | None, numbers: Sequence[int]) -> Problem:
    """What to do with a sheet whose header row is a round's: rename it ``Round N`` (its
    ``number``, when its name gives one), or delete it (a copy) or change its header row (and
    a name that looks like a round) to keep it as the organiser's own; ``numbers``: the
    workbook's round sheets."""
    language = current()
    result = words.local("Result", language, words.ROUNDS)
    if round_like(sheet) is None:
        keep = _("rename its '{result}' column to keep it as your own")
    else:
        keep = _(
            "to keep it as your own, rename its '{result}' column and give it a name "
            "without a round number"
        )
    keep = keep.format(result=result)
    if number is None:
        following = round_sheet_name(max(numbers, default=0) + 1)
        fix = _(
            "rename it 'Round N' with its round's number (the next round sheet would be "
            "'{next}'); if it is a copy of a round sheet, delete it, or {keep}"
        ).format(next=words.local(following, language, words.SHEETS), keep=keep)
    else:
        proper = words.local(round_sheet_name(number), language, words.SHEETS)
        if number in numbers:
            fix = _(
                "'{sheet}' is there already: if this sheet is a copy of it, delete it, or "
                "{keep}; if this one holds the results, rename it '{sheet}' (and the other "
                "one otherwise)"
            ).format(sheet=proper, keep=keep)
        else:
            fix = _("rename it '{sheet}'").format(sheet=proper)
    return Problem(
        sheet,
        "",
        None,
        _(
            "holds a round (its header row is a round sheet's), but gosheet reads only sheets "
            "named 'Round N', so its games do not count: {fix}"
        ).format(fix=fix),
    )
