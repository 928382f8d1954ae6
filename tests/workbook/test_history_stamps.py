"""The history's stamps read by hand (``history.stamp_time``, issue 38's start-up) give what
``datetime.strptime`` gives, a ValueError included."""

from __future__ import annotations

from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gosheet.workbook.saving.history import ENTRY, STAMP, stamp_time

DIGIT = st.sampled_from("0123456789٣")  # (an Arabic-Indic three: a \\d too)


def strptime_or_error(stamp: str) -> datetime | str:
    try:
        return datetime.strptime(stamp, STAMP)
    except ValueError:
        return "ValueError"


def by_hand_or_error(stamp: str) -> datetime | str:
    try:
        return stamp_time(stamp)
    except ValueError:
        return "ValueError"


@given(st.lists(DIGIT, min_size=14, max_size=14))
def test_as_strptime(digits: list[str]) -> None:
    d = "".join(digits)
    stamp = f"{d[0:4]}-{d[4:6]}-{d[6:8]}T{d[8:10]}-{d[10:12]}-{d[12:14]}"
    assert ENTRY.match(f"{stamp} pair round 3") is not None
    assert by_hand_or_error(stamp) == strptime_or_error(stamp)


@pytest.mark.parametrize(
    "stamp",
    [
        "2024-05-01T14-03-59",
        "2024-02-29T00-00-00",
        "2023-02-29T00-00-00",
        "2024-13-01T00-00-00",
        "2024-00-10T00-00-00",
        "0000-01-01T00-00-00",
        "2024-12-31T24-00-00",
        "2024-12-31T23-60-00",
        "2024-12-31T23-59-60",
        "2024-12-31T23-59-61",
        "9999-12-31T23-59-59",
    ],
)
def test_edges_as_strptime(stamp: str) -> None:
    assert by_hand_or_error(stamp) == strptime_or_error(stamp)
