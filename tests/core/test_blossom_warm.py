"""The warm start of the pure blossom's re-solves (issue 38): the same optimum as a cold
re-solve, on graphs where the first, sparse solve misses pairs and its matching is perfect
(the warm start's case), with weights that tie and weights wider than 128 bits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet.core import blossom, sparse_blossom

complete = st.integers(2, 9).flatmap(
    lambda half: st.tuples(
        st.just(2 * half),
        st.lists(
            st.one_of(st.integers(1, 4), st.integers(1, 2**130)),
            min_size=half * (2 * half - 1),
            max_size=half * (2 * half - 1),
        ),
        st.booleans(),
    )
)


def solved(n: int, edges: list[tuple[int, int, int]], cardinality: bool) -> tuple[int, int]:
    found = sparse_blossom.max_weight_matching(n, edges, max_cardinality=cardinality, window=1)
    ends = [v for pair in found for v in pair]
    assert len(ends) == len(set(ends))
    weight = {(a, b): w for a, b, w in edges}
    return len(found), sum(weight[pair] for pair in found)


@settings(max_examples=examples(200), deadline=None)
@given(complete)
def test_a_warm_re_solve_finds_the_cold_ones_optimum(graph: tuple[int, list[int], bool]) -> None:
    n, weights, cardinality = graph
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = [(a, b, w) for (a, b), w in zip(pairs, weights, strict=True)]
    warm = solved(n, edges, cardinality)
    sparse_blossom.WARM = False
    try:
        cold = solved(n, edges, cardinality)
    finally:
        sparse_blossom.WARM = True
    assert warm == cold if cardinality else warm[1] == cold[1]


def test_the_warm_start_is_taken_and_proved(monkeypatch: pytest.MonkeyPatch) -> None:
    """Everyone's heaviest pair is with player 0, and the sparse first graph (neighbours
    in numbering) misses the pairs six apart the optimum needs: one cold solve, then one warm
    re-solve (asked for a perfect matching) whose duals prove the optimum — no cold solve
    after it."""
    n = 12
    edges = [
        (a, b, 20 if a == 0 else (15 if b - a == 6 else 10))
        for a in range(n)
        for b in range(a + 1, n)
    ]
    solves: list[bool] = []
    run = blossom.Solver.run

    def counted(solver: blossom.Solver) -> None:
        solves.append(solver.max_cardinality)
        run(solver)

    monkeypatch.setattr(blossom.Solver, "run", counted)
    found = sparse_blossom.max_weight_matching(n, edges, window=1)
    assert solves == [False, True]
    assert found == {(a, a + 6) for a in range(6)}
    monkeypatch.setattr(sparse_blossom, "WARM", False)
    solves.clear()
    assert sparse_blossom.max_weight_matching(n, edges, window=1) == found
    assert solves == [False, False]
