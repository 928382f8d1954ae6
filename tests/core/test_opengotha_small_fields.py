"""A small field is paired by OpenGotha's engine without numpy (issue 38): up to
``arrays.PURE_UP_TO`` players its arrays are the pure ones, whose import costs nothing, and
rustworkx still solves the matching (given the edges as a list, not numpy's matrix); up to
``matching.SMALL_GRAPH`` players gosheet's own blossom does, unless rustworkx is imported.

The same games as numpy's arrays, round after round, on every OpenGotha fixture (the pure
arrays with rustworkx refused too are compared in ``test_opengotha_pure.py``); which module a
``gosheet pair`` imports is checked in ``tests/frontends/cli/test_startup.py``.
"""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from support.opengotha import read_fixture
from support.paths import EXPORTS, PAIRGOTH, SYNTHETIC, TOULOUSE, synthetic

from gosheet import accelerators
from gosheet.core import matching
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


def test_a_small_graph_is_matched_without_rustworkx_unless_it_is_imported(
    monkeypatch: Any,
) -> None:
    """The same pairs either way, on graphs around the limit: OpenGotha's matching in the
    edges' order (its tie rule), gosheet's own on weights whose ties are drawn."""
    rustworkx = sys.modules["rustworkx"]
    assert matching.rustworkx_for(matching.SMALL_GRAPH, 10) is rustworkx  # imported: used
    monkeypatch.delitem(sys.modules, "rustworkx")
    assert matching.rustworkx_for(matching.SMALL_GRAPH, 10) is None
    monkeypatch.setitem(sys.modules, "rustworkx", rustworkx)
    draw = random.Random(38)
    for n in (matching.SMALL_GRAPH - 1, matching.SMALL_GRAPH):
        edges = sorted(
            (a, b, draw.randrange(1, 6) * 1000)
            for a in range(n)
            for b in range(a + 1, n)
            if draw.random() < 0.3
        )
        in_order = matching.in_order_matching(n, edges, max_cardinality=True)
        drawn, bound = matching.drawn_weights(n, edges, 6000)  # (ties drawn, as every caller)
        solved = matching.solve(n, drawn, bound, max_cardinality=True)
        with accelerators.pure(("rustworkx",)):
            assert matching.in_order_matching(n, edges, max_cardinality=True) == in_order
            assert matching.solve(n, drawn, bound, max_cardinality=True) == solved
