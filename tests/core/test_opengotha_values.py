"""OpenGotha's parameters as an organiser types them on the Settings sheet: the placement
criteria in any writer's spelling, the criterion that orders a group's ties, the category
limits — and the words that say what is wrong with a cell."""

from __future__ import annotations

import pytest

from gosheet.core.opengotha.values import (
    criterion_to_xml,
    parse_additional_criterion,
    parse_categories,
    parse_criteria,
)
from gosheet.core.ranks import parse_rank


def test_placement_criteria_are_written_as_opengotha_reads_them() -> None:
    """OpenGotha compares its files' criterion names exactly: ``SOSM-1``, ``Rating``; the
    others are written as gosheet names them."""
    assert [criterion_to_xml(c) for c in ("MMS", "SOSMM1", "SOSWM2", "RATING", "RANK")] == [
        "MMS",
        "SOSM-1",
        "SOSW-2",
        "Rating",
        "Rank",
    ]
    written = ", ".join(criterion_to_xml(c) for c in ("MMS", "SOSMM1", "SOSWM2", "RATING"))
    assert parse_criteria(written) == ("MMS", "SOSMM1", "SOSWM2", "RATING")


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("MMS, SOS", "unknown placement criterion SOS; known: NBW, MMS"),
        ("", "give at least one placement criterion, such as MMS or NBW"),
        ("NULL, none", "give at least one placement criterion"),
        ("MMS, SOSM, mms", "a placement criterion is named twice"),
        ("MMS, SOSM, SOSOSM, SOSMM1, SOSMM2, SODOSM, CUSSM", "at most 6 placement criteria"),
    ],
)
def test_placement_criteria_that_cannot_rank_are_refused(typed: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_criteria(typed)


def test_the_additional_criterion_is_none_rating_or_rank() -> None:
    assert parse_additional_criterion("None") == "NULL"  # as Pairgoth writes it
    assert parse_additional_criterion(" rank ") == "Rank"
    with pytest.raises(ValueError, match="expected one of: NULL, Rating, Rank"):
        parse_additional_criterion("SOS")


@pytest.mark.parametrize("typed", [None, "", " none ", "-"])
def test_no_category_limits_make_one_category(typed: object) -> None:
    assert parse_categories(typed) == ()


def test_category_limits_read_in_either_spelling_strongest_first() -> None:
    assert parse_categories("1D; 5k, 15K") == tuple(map(parse_rank, ("1d", "5k", "15k")))


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("5k, strong", "expected ranks such as '5k, 15k', strongest first"),
        ("15k, 5k", "category limits must go from strongest to weakest, each once"),
        ("5k, 5k", "category limits must go from strongest to weakest, each once"),
    ],
)
def test_category_limits_out_of_order_are_refused(typed: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        parse_categories(typed)
