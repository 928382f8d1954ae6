"""Result cells a spreadsheet changed: ``1:0`` typed into a cell not formatted as text is the
time 01:00:00 (LibreOffice, Excel), ``1/2`` a date, ``=1-0`` the number 1. A time of a result
typed with a colon is read as that result; anything else is refused saying what to type."""

from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest

from gosheet.core.errors import Problem
from gosheet.core.results import ResultError, parse_result


@pytest.mark.parametrize(
    ("typed", "code"),
    [
        (time(1, 0), "1-0"),
        (time(0, 1), "0-1"),
        (time(0, 0), "0-0"),
        (time(1, 1), "1-1"),
        (timedelta(hours=1), "1-0"),  # a duration: how an .ods may hold it
        (timedelta(minutes=1), "0-1"),
    ],
)
def test_a_time_made_of_a_result_is_that_result(typed: time | timedelta, code: str) -> None:
    result = parse_result(typed)
    assert result is not None and result.value == code


@pytest.mark.parametrize(
    ("value", "says"),
    [
        (time(2, 0), "a time, not a result"),
        (time(1, 0, 30), "a time, not a result"),
        (time(13, 0), "a time, not a result"),
        (timedelta(hours=1, seconds=1), "a time, not a result"),
        (timedelta(hours=-1), "a time, not a result"),
        (datetime(2026, 1, 2), "type ½-½ or = for a jigo"),
        (1, 'type the result as text, 1-0, 0-1, ½-½ (or make the formula give text: ="1-0")'),
        (0.5, "a number, not a result"),
    ],
)
def test_anything_else_a_spreadsheet_made_says_what_to_type(value: object, says: str) -> None:
    with pytest.raises(ResultError) as refused:
        parse_result(value)
    assert says in str(refused.value)
    assert "format the column as text" in str(refused.value) or isinstance(value, int | float)


def test_a_problem_shows_a_date_or_time_as_it_reads() -> None:
    assert str(Problem("Round 3", "H2", time(2, 0), "x")) == "Round 3!H2: '02:00:00': x"
    assert str(Problem("Round 3", "H3", datetime(2026, 1, 2), "x")) == "Round 3!H3: '2026-01-02': x"
    assert str(Problem("Round 3", "H4", timedelta(hours=2), "x")) == "Round 3!H4: '2:00:00': x"
