"""The warm start of the pure blossom's re-solves (issue 38): the same optimum as a cold
re-solve, on graphs where the first, sparse solve misses pairs, even fields and odd ones
(solved warm with a spare player), with weights that tie and weights wider than 128 bits;
on sparse graphs whose best matching may leave several players free, the optimum of one
solve on every edge."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet.core import blossom, sparse_blossom

complete = st.integers(2, 18).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(
            st.one_of(st.integers(1, 4), st.integers(1, 2**130)),
            min_size=n * (n - 1) // 2,
            max_size=n * (n - 1) // 2,
        ),
        st.booleans(),
    )
)
#: Graphs with pairs missing (a weight of 0: no pair), whose best matching may leave
#: three players or more free: where the odd field's warm solve must not be proved.
sparse = st.integers(3, 15).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(
            st.one_of(st.just(0), st.sampled_from([1, 2, 3, 5, 8, 13]), st.integers(1, 2**130)),
            min_size=n * (n - 1) // 2,
            max_size=n * (n - 1) // 2,
        ),
        st.booleans(),
    )
)


def solved(
    n: int, edges: list[tuple[int, int, int]], cardinality: bool, window: int = 1
) -> tuple[int, int]:
    found = sparse_blossom.max_weight_matching(n, edges, max_cardinality=cardinality, window=window)
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


BIG = 2**100
#: An odd field whose warm re-solve ends with the spare player in a blossom priced above 0:
#: no proof (a cold solve finds a matching one pair smaller and heavier).
SPARE_IN_A_BLOSSOM = (
    13,
    [BIG + 5, 1, 5, 0, 13, BIG, 0, 0, 0, 2, 0, 0, 5, 5, BIG + 2, 2, 0, 0, 13, 2, 8, 0, 1, 13]
    + [0, 13, 0, 0, 2, 13, 0, 0, 1, 1, 0, 0, 0, BIG, 8, 13, 3, BIG + 1, 13, 0, 13, 0, 8, 0]
    + [2, 5, 0, 1, 3, 0, 0, 0, 0, 0, 5, 0, 1, 3]
    + [0] * 9
    + [13, 13, 0, 5, 8, 5, 0],
    False,
)


@settings(max_examples=examples(300), deadline=None)
@given(sparse)
@example(  # the best leaves three players free; the first solve, and a perfect re-solve, one
    (7, [13, 2, 13, 13, 5, 0, 3, 3, 8, 0, 3, 2, 0, 0, 0] + [0] * 6, False)
)
@example(SPARE_IN_A_BLOSSOM)
def test_a_warm_re_solve_finds_the_optimum_of_one_solve(graph: tuple[int, list[int], bool]) -> None:
    n, weights, cardinality = graph
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
    edges = [(a, b, w) for (a, b), w in zip(pairs, weights, strict=True) if w]
    weight = {(a, b): w for a, b, w in edges}
    reference = blossom.in_order_matching(n, edges, max_cardinality=cardinality)
    best = (len(reference), sum(weight[pair] for pair in reference))
    for window in (1, 2, 3):  # first graphs of other sizes: other re-solves
        found = solved(n, edges, cardinality, window)
        assert found == best if cardinality else found[1] == best[1]


@pytest.fixture
def solves(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, bool]]:
    """Each blossom solve from now on, as (vertices, perfect matching asked)."""
    seen: list[tuple[int, bool]] = []
    run = blossom.Solver.run

    def counted(solver: blossom.Solver) -> None:
        seen.append((solver.n, solver.max_cardinality))
        run(solver)

    monkeypatch.setattr(blossom.Solver, "run", counted)
    return seen


def test_the_warm_start_is_taken_and_proved(
    monkeypatch: pytest.MonkeyPatch, solves: list[tuple[int, bool]]
) -> None:
    """Everyone's heaviest pair is with player 0, and the sparse first graph (neighbours
    in numbering) misses the pairs six apart the optimum needs: a first solve from each
    player's heaviest pair's prices, then one warm re-solve, both asked for a perfect
    matching, whose duals prove the optimum — no cold solve."""
    n = 12
    edges = [
        (a, b, 20 if a == 0 else (15 if b - a == 6 else 10))
        for a in range(n)
        for b in range(a + 1, n)
    ]
    found = sparse_blossom.max_weight_matching(n, edges, window=1)
    assert solves == [(12, True), (12, True)]
    assert found == {(a, a + 6) for a in range(6)}
    monkeypatch.setattr(sparse_blossom, "WARM", False)
    solves.clear()
    assert sparse_blossom.max_weight_matching(n, edges, window=1) == found
    assert solves == [(12, False), (12, False)]


def test_an_odd_fields_warm_start_is_taken_and_proved(
    monkeypatch: pytest.MonkeyPatch, solves: list[tuple[int, bool]]
) -> None:
    """The same field with a thirteenth player, whose pairs weigh 1: both solves take the
    thirteen and a spare player paired at weight 0 with everyone, asked for a perfect
    matching, start warm and are proved — the spare's price at most 0 — with no cold solve;
    the spare's partner is the one left free."""
    n = 13
    edges = [
        (a, b, 1 if b == 12 else 20 if a == 0 else (15 if b - a == 6 else 10))
        for a in range(n)
        for b in range(a + 1, n)
    ]
    found = sparse_blossom.max_weight_matching(n, edges, window=1)
    assert solves == [(14, True), (14, True)]
    assert found == {(a, a + 6) for a in range(6)}
    monkeypatch.setattr(sparse_blossom, "WARM", False)
    solves.clear()
    assert sparse_blossom.max_weight_matching(n, edges, window=1) == found
    assert solves == [(13, False), (13, False)]


def test_a_warm_solve_not_proved_is_solved_again_cold(solves: list[tuple[int, bool]]) -> None:
    """Five players, one with no pair: the best matching (0-1, 10) leaves three free, the
    perfect one with the spare player (0-2 and 1-3, 2) weighs less. Its duals do not prove
    it (the spare's price is above 0): the graph is solved again cold."""
    found = sparse_blossom.max_weight_matching(5, [(0, 1, 10), (0, 2, 1), (1, 3, 1)], window=1)
    assert found == {(0, 1)}
    assert solves == [(6, True), (5, False)]
