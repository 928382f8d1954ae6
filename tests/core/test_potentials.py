"""Vertex potentials from the assignment relaxation (gosheet/core/potentials.py): the blossom
started from them finds a matching of exactly the same weight, on graphs where the
relaxation has odd cycles (a half-integral optimum above every perfect matching), with
weights of OpenGotha's size (10^14) and with ties; the potentials are the relaxation's
duals (feasible on every edge, their sum an upper bound of every perfect matching)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet import accelerators
from gosheet.core.opengotha.engine import solve
from gosheet.core.potentials import assignment_potentials, can_relax, relax, rounded


def weight_of(pairs: list[tuple[int, int]], i: np.ndarray, j: np.ndarray, w: np.ndarray) -> int:
    edge = {(int(a), int(b)): int(c) for a, b, c in zip(i, j, w, strict=True)}
    edge.update({(b, a): c for (a, b), c in edge.items()})
    return sum(edge[p] for p in pairs)


def brute_force(n: int, i: np.ndarray, j: np.ndarray, w: np.ndarray) -> int | None:
    """The greatest weight of a perfect matching, by trying them all (None: there is none)."""
    edge = {(int(a), int(b)): int(c) for a, b, c in zip(i, j, w, strict=True)}
    edge.update({(b, a): c for (a, b), c in edge.items()})

    def best(left: tuple[int, ...]) -> int | None:
        if not left:
            return 0
        first, rest = left[0], left[1:]
        found = None
        for k, other in enumerate(rest):
            if (first, other) in edge:
                tail = best(rest[:k] + rest[k + 1 :])
                if tail is not None and (found is None or edge[first, other] + tail > found):
                    found = edge[first, other] + tail
        return found

    return best(tuple(range(n)))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    n = 2 * draw(st.integers(1, 5))
    pairs = [p for p in itertools.combinations(range(n), 2) if draw(st.booleans())]
    scale = draw(st.sampled_from([1, 10**6, 10**14]))
    values = st.integers(0, 6).map(lambda v: v * scale)  # few values: ties
    w = np.array([draw(values) for _ in pairs], dtype=np.int64)
    i = np.array([a for a, _ in pairs], dtype=np.int64)
    j = np.array([b for _, b in pairs], dtype=np.int64)
    return n, i, j, w


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_started_from_the_potentials_the_blossom_finds_the_same_optimum(
    graph: tuple[int, np.ndarray, np.ndarray, np.ndarray],
) -> None:
    n, i, j, w = graph
    optimum = brute_force(n, i, j, w)
    y = assignment_potentials(n, i, j, w)
    cold, warm = solve(n, i, j, w), solve(n, i, j, w, y)
    if optimum is None:  # no perfect matching: the engine never relies on one then
        return
    assert len(cold) == len(warm) == n // 2
    assert weight_of(cold, i, j, w) == weight_of(warm, i, j, w) == optimum
    if y.any():  # the relaxation had a solution: its duals
        assert np.all(y[i] + y[j] >= 2 * w)
        assert int(y.sum()) >= 2 * optimum


def odd_cycles(k: int, scale: int) -> tuple[int, np.ndarray, np.ndarray, np.ndarray]:
    """k triangles in a row, each joined to the next by a light edge: the relaxation takes
    every triangle whole (weight 3·1.5 per triangle), a perfect matching must use the light
    edges."""
    i, j, w = [], [], []
    for t in range(k):
        a, b, c = 3 * t, 3 * t + 1, 3 * t + 2
        i += [a, b, a]
        j += [b, c, c]
        w += [10 * scale, 10 * scale + 1, 10 * scale + 2]
        if t + 1 < k:
            i.append(c)
            j.append(3 * t + 3)
            w.append(scale)
    return 3 * k, np.array(i), np.array(j), np.array(w, dtype=np.int64)


@pytest.mark.parametrize("scale", [1, 10**14])
def test_odd_cycles_of_the_relaxation(scale: int) -> None:
    n, i, j, w = odd_cycles(6, scale)
    y = assignment_potentials(n, i, j, w)
    assert np.all(y[i] + y[j] >= 2 * w)
    optimum = brute_force(n, i, j, w)
    assert optimum is not None
    assert int(y.sum()) > 2 * optimum  # a half-integral bound, strictly above
    assert weight_of(solve(n, i, j, w, y), i, j, w) == optimum


def test_vertices_without_an_edge_and_graphs_without_a_full_assignment() -> None:
    # vertex 4 has no edge; 0–1–2–3 a path: potentials only where there are edges
    i, j = np.array([0, 1, 2]), np.array([1, 2, 3])
    w = np.array([5, 1, 5], dtype=np.int64)
    y = assignment_potentials(5, i, j, w)
    assert y[4] == 0 and np.all(y[i] + y[j] >= 2 * w)
    # a star: no assignment covers every vertex, so no potentials (the blossom starts cold)
    star = assignment_potentials(4, np.array([0, 0, 0]), np.array([1, 2, 3]), w)
    assert not star.any()
    assert not assignment_potentials(3, np.array([], dtype=np.int64), np.array([]), w[:0]).any()


@settings(max_examples=examples(300), deadline=None)
@given(graphs())
def test_the_rounded_relaxation_pairs_every_vertex_once(
    graph: tuple[int, np.ndarray, np.ndarray, np.ndarray],
) -> None:
    n, i, j, w = graph
    relaxed = relax(n, i, j, w)
    if relaxed is None:
        return
    pairs = rounded(relaxed, np.arange(n))
    with_edges = set(i.tolist()) | set(j.tolist())
    covered = [v for pair in pairs for v in pair]
    assert len(covered) == len(set(covered)) and set(covered) <= with_edges
    assert len(covered) == len(with_edges) - len(with_edges) % 2  # an odd count: one left
    assert all(a < b for a, b in pairs)
    # the pairs of the assignment's cycles of two are kept as they are
    successor = relaxed.successor
    for a in with_edges:
        b = int(successor[a])
        if successor[b] == a and a != b:
            assert (min(a, b), max(a, b)) in pairs


def test_rounding_the_cycles_of_the_assignment() -> None:
    # two triangles far apart: the relaxation takes each whole (odd cycles); each gives up
    # the vertex whose leaving out keeps the heavier edge, and the two left out meet,
    # though no edge joins them
    n, i, j, w = odd_cycles(2, 1)
    i, j, w = i[w > 1], j[w > 1], w[w > 1]  # without the light edge between the triangles
    relaxed = relax(n, i, j, w)
    assert relaxed is not None
    pairs = rounded(relaxed, np.arange(n))
    # in each triangle a–b (10), b–c (11), a–c (12): keep a–c, leave b out
    assert pairs == [(0, 2), (1, 4), (3, 5)]
    # an even cycle (a square whose diagonals are missing): the heavier half
    i, j = np.array([0, 1, 2, 0]), np.array([1, 2, 3, 3])
    for w, expected in (([5, 1, 5, 1], [(0, 1), (2, 3)]), ([1, 5, 1, 5], [(0, 3), (1, 2)])):
        weights = np.array(w, dtype=np.int64)
        relaxed = relax(4, i, j, weights)
        assert relaxed is not None
        assert rounded(relaxed, np.arange(4)) == expected


def test_the_relaxation_is_an_accelerator() -> None:
    """numpy and SciPy both needed: without either, the engine goes without the relaxation
    (``engine.match`` then matches the candidate graph, as below 1,500 players)."""
    assert can_relax()
    for refused in (["scipy"], ["numpy"]):
        with accelerators.pure(refused):
            assert not can_relax()
