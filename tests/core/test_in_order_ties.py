"""OpenGotha's tie rule on the pure path (issue 38): ``in_order_matching`` solves once, in
the edges' order, whether or not matchings tie — no fallback — and gives the pairs
rustworkx (the reference algorithm's port the accelerated path runs) gives, on tied weights
and on a whole large round with its local search."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet import accelerators
from gosheet.core.matching import in_order_matching
from gosheet.core.opengotha import engine
from gosheet.core.opengotha.synthetic import field, played

#: The engine's accelerators: the pure path is taken with these refused.
ENGINE = ("numpy", "scipy", "rustworkx")

needs_rustworkx = pytest.mark.skipif(
    not accelerators.available("rustworkx"), reason="needs rustworkx"
)

#: Graphs whose weights tie everywhere: a few values, every pair or many of them.
tied = st.integers(2, 18).flatmap(
    lambda n: st.tuples(
        st.just(n),
        st.lists(
            st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(1, 3)).filter(
                lambda e: e[0] != e[1]
            ),
            min_size=1,
            max_size=n * (n - 1) // 2,
            unique_by=lambda e: (min(e[0], e[1]), max(e[0], e[1])),
        ),
    )
)


@needs_rustworkx
@settings(max_examples=examples(300), deadline=None, derandomize=True)
@given(tied)
def test_tied_weights_give_rustworkxs_pairs(graph: tuple[int, list[tuple[int, int, int]]]) -> None:
    """Derandomized: rustworkx orders one rare tie (equal least-slack edges of a new
    blossom) by a hash table, a graph in some hundreds of random tied ones
    (``test_blossom.test_in_order_matching_follows_the_reference_blossom``)."""
    n, edges = graph
    expected = in_order_matching(n, edges, max_cardinality=True)
    with accelerators.pure():
        assert in_order_matching(n, edges, max_cardinality=True) == expected


def round_pairs(n: int, seed: int) -> list[tuple[int, int]]:
    """Round 4 of a generated OpenGotha-rules McMahon field (rounds 1-3 played, 10 % absent):
    every block's pairs, as the engine matches them (candidate graph, then windows)."""
    t = played(field(n, seed, absent_round=4), 3, seed)
    prepared = engine.prepare(t)
    timing = engine.Timing()
    pairs = [p for block in engine.blocks(prepared) for p in engine.match(prepared, block, timing)]
    assert timing.windows > 1  # the local search ran: its windows' matchings tie
    return pairs


@needs_rustworkx
def test_a_large_round_has_rustworkxs_pairs() -> None:
    """300 players (the benchmark pairs 600): the candidate graph's matching and every
    window of the local search, pair for pair."""
    expected = round_pairs(300, 5)
    with accelerators.pure(ENGINE):
        assert round_pairs(300, 5) == expected
