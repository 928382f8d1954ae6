"""``in_order_arrays`` (issue 38): the edges handed to rustworkx from numpy's arrays give
the pairs ``in_order_matching`` gives for the same edges as a list — in the arrays' order,
or with ``rows`` in the order of a sorted list (a matrix's rows), whatever the arrays'
order, with weights exact in doubles (an adjacency matrix) or not (edge by edge)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet import accelerators
from gosheet.core.matching import in_order_arrays, in_order_matching

np = pytest.importorskip("numpy")
pytest.importorskip("rustworkx")  # imported: a small graph is worth it (SMALL_GRAPH)
pytestmark = pytest.mark.skipif(not accelerators.available("rustworkx"), reason="needs rustworkx")

#: Graphs of few weight values (ties everywhere), each pair once, in any order.
graphs = st.integers(2, 16).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(-3, 3)).filter(
                lambda e: e[0] != e[1]
            ),
            min_size=1,
            max_size=n * (n - 1) // 2,
            unique_by=lambda e: (min(e[0], e[1]), max(e[0], e[1])),
        ),
    )
)


def arrays(edges: list[tuple[int, int, int]]) -> tuple[object, object, object]:
    i, j, w = zip(*edges, strict=True)
    return np.array(i, dtype=np.int64), np.array(j, dtype=np.int64), np.array(w, dtype=np.int64)


@settings(max_examples=examples(300), deadline=None, derandomize=True)
@given(graphs, st.sampled_from([1, 2**60]))
def test_the_arrays_order_is_the_lists(
    graph: tuple[int, list[tuple[int, int, int]]], scale: int
) -> None:
    n, edges = graph
    edges = [(a, b, w * scale) for a, b, w in edges]
    expected = in_order_matching(n, edges, max_cardinality=True)
    assert in_order_arrays(n, *arrays(edges), max_cardinality=True) == expected


@settings(max_examples=examples(300), deadline=None, derandomize=True)
@given(graphs, st.sampled_from([1, 2**60]), st.randoms(use_true_random=False))
def test_rows_are_the_sorted_lists_order(
    graph: tuple[int, list[tuple[int, int, int]]], scale: int, shuffle: random.Random
) -> None:
    """``rows``: the matrix (weights below 2**53) or numpy's sort (above) hands the edges
    as the sorted list of (low, high) pairs, from arrays in any order, either end first."""
    n, edges = graph
    edges = [(a, b, w * scale) for a, b, w in edges]
    expected = in_order_matching(
        n, sorted((min(a, b), max(a, b), w) for a, b, w in edges), max_cardinality=True
    )
    shuffle.shuffle(edges)
    found = in_order_arrays(n, *arrays(edges), max_cardinality=True, rows=True)
    assert found == expected


def test_none_without_numpy_or_rustworkx_or_when_the_weights_do_not_fit() -> None:
    i, j, w = arrays([(0, 1, 5), (2, 3, 7)])
    assert in_order_arrays(4, i, j, w, max_cardinality=True) == {(0, 1), (2, 3)}
    assert in_order_arrays(4, [0, 2], [1, 3], [5, 7]) is None  # not numpy's arrays
    huge = np.array([2**62, 2**62], dtype=object)
    assert in_order_arrays(4, i, j, huge * 2**60) is None  # beyond rustworkx's 128 bits
    with accelerators.pure(["rustworkx"]):
        assert in_order_arrays(4, i, j, w) is None
    with accelerators.pure():
        assert in_order_arrays(4, i, j, w) is None


#: A local search window's graph (``LocalSearch.window_graph``): ``core`` players, then
#: ``outside`` partners; every pair of the core, each core player with each partner, every
#: pair of the partners, in that order (not a matrix's rows), some left out (kept apart).
windows = st.tuples(st.integers(2, 14), st.integers(0, 6), st.randoms(use_true_random=False)).map(
    lambda t: window_edges(*t)
)


def window_edges(core: int, outside: int, draw: random.Random) -> tuple[int, list[Any]]:
    size = core + outside
    edges = [(a, b) for a in range(core) for b in range(a + 1, core)]
    edges += [(a, core + x) for a in range(core) for x in range(outside)]
    edges += [(core + x, core + y) for x in range(outside) for y in range(x + 1, outside)]
    weighed = [(a, b, draw.choice([1, 2, 3])) for a, b in edges if draw.random() < 0.9]
    return size, weighed


@settings(max_examples=examples(300), deadline=None, derandomize=True)
@given(windows)
def test_a_windows_order_is_its_matrixs(graph: tuple[int, list[tuple[int, int, int]]]) -> None:
    """A window's edges in their order and as a matrix's rows (``local_search.solve``'s
    ``window``): each vertex meets its edges in the same order (by the other end), which is
    all Van Rantwijk's blossom reads of the order — the same pairs, ties everywhere."""
    n, edges = graph
    if not edges:
        return
    expected = in_order_matching(n, edges, max_cardinality=True)
    assert in_order_arrays(n, *arrays(edges), max_cardinality=True) == expected
    assert in_order_arrays(n, *arrays(edges), max_cardinality=True, rows=True) == expected
