"""A small field is paired by OpenGotha's engine without numpy (issue 38): up to
``arrays.PURE_UP_TO`` players its arrays are the pure ones, whose import costs nothing, and
rustworkx still solves the matching (given the edges as a list, not numpy's matrix).

The same games as numpy's arrays, round after round, on every OpenGotha fixture (the pure
arrays with rustworkx refused too are compared in ``test_opengotha_pure.py``); which module a
``gosheet pair`` imports is checked in ``tests/frontends/cli/test_startup.py``.
"""

from __future__ import annotations

import sys
from typing import Any

import pytest
from support.opengotha import read_fixture
from support.paths import EXPORTS, PAIRGOTH, SYNTHETIC, TOULOUSE, synthetic

from gosheet import accelerators
from gosheet.core.model import Tournament
from gosheet.core.opengotha import arrays, engine
from gosheet.core.opengotha.arrays import PURE_UP_TO, Vec, backend
from gosheet.formats.opengotha.convert import from_opengotha
from gosheet.formats.opengotha.xml import read_opengotha

EXPORT_CASES = EXPORTS / "mm120-4r-export-cases.xml"


def opened(name: str) -> Any:
    if name == EXPORT_CASES.stem:
        return read_opengotha(EXPORT_CASES)
    return read_opengotha(synthetic(name)) if name in SYNTHETIC else read_fixture(name)


def fixture_rounds() -> list[tuple[str, int]]:
    names = (*PAIRGOTH, TOULOUSE, *SYNTHETIC, EXPORT_CASES.stem)
    return [(name, r) for name in names for r in range(1, opened(name).number_of_rounds + 1)]


def before(name: str, r: int) -> Tournament:
    return from_opengotha(opened(name), until_round=r - 1).tournament


def round_of(t: Tournament) -> tuple[Any, ...]:
    pairing = engine.pair(t)
    return pairing.games, pairing.byes, pairing.costs


@pytest.mark.parametrize(("name", "r"), fixture_rounds(), ids=lambda v: str(v))
def test_the_pure_arrays_with_rustworkx_pair_the_fixtures_as_numpy(name: str, r: int) -> None:
    """Games, colours, handicaps, tables, byes and every cost: numpy's arrays (numpy is
    imported in the tests' process) and the pure ones, rustworkx matching both."""
    t = before(name, r)
    assert engine.prepare(t).info.xp is sys.modules["numpy"]
    expected = round_of(t)
    with accelerators.pure(("numpy", "scipy")):
        assert isinstance(engine.prepare(t).info.group, Vec)
        assert round_of(t) == expected


def test_the_arrays_are_chosen_by_the_field_and_what_is_imported(monkeypatch: Any) -> None:
    """numpy for a large field or once it is imported (it then costs nothing); the pure
    arrays for a small field while numpy is not imported."""
    numpy = sys.modules["numpy"]
    assert backend() is numpy
    assert backend(PURE_UP_TO) is numpy  # (imported already, here)
    monkeypatch.delitem(sys.modules, "numpy")
    assert backend(PURE_UP_TO) is arrays
    assert backend(10) is arrays
    monkeypatch.setitem(sys.modules, "numpy", numpy)
    with accelerators.pure(("numpy",)):
        assert backend(PURE_UP_TO + 1) is arrays
