"""A round sheet's cells, read fast: a big tournament's cells repeat (a player's name in every
round, a few ranks, clubs, results and komi). The functions of ``reading``, ``results`` and
``fields`` are pure, so their answer for a short text (or number) seen before is kept; an error
is never kept (its message is in the language of the moment), the function raises it again."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from gosheet.core.fields import parse_komi
from gosheet.core.model import Result
from gosheet.core.results import parse_result
from gosheet.workbook.sheets.reading import cell_text

# ------------------------------------------------------------------ cells, read fast
# A big tournament's cells repeat: a player's name in every round, a few ranks, clubs,
# results and komi. The functions of ``reading``, ``results`` and ``fields`` are pure, so
# their answer for a short text (or number) seen before is kept; an error is never kept (its
# message is in the language of the moment), the function raises it again.

KEPT_LENGTH = 200  # longer texts are not kept (a few odd cells would hold much memory)
_str_text = lru_cache(maxsize=1 << 16)(cell_text)
_str_result = lru_cache(maxsize=1 << 10)(parse_result)
_komi_of_text = lru_cache(maxsize=1 << 10)(parse_komi)


def text_of(value: Any) -> str:
    """:func:`~gosheet.workbook.sheets.reading.cell_text`, kept for each text seen."""
    if type(value) is str and len(value) <= KEPT_LENGTH:
        return _str_text(value)
    return "" if value is None else cell_text(value)


def result_of(value: Any, language: str = "en") -> Result | None:
    """:func:`~gosheet.core.results.parse_result` in the workbook's ``language`` (``B+`` is
    White in French), kept for each text seen (a time that was a result typed ``1:0`` is that
    result: :data:`~gosheet.core.results.TIMES`)."""
    if type(value) is str and len(value) <= KEPT_LENGTH:
        return _str_result(value, language)
    return parse_result(value, language)


def results_in(language: str) -> Callable[[Any], Result | None]:
    """How the result cells of a workbook in ``language`` are read (:func:`result_of`)."""
    return lambda value: result_of(value, language)


def komi_of(value: Any) -> float:
    """:func:`~gosheet.core.fields.parse_komi`, kept for each text seen (it reads a value's
    ``str()`` alone, so a number is looked up by its text: ``-0.0`` is not ``0.0``)."""
    text = str(value)
    return _komi_of_text(text) if len(text) <= KEPT_LENGTH else parse_komi(value)
