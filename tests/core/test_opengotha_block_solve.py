"""A block's first matching solved on its members alone (``engine.solve_members``): each
member renumbered by its rank among them, the same pairs as the blossom on every position of
the field (the block's outsiders left without edges) — with rustworkx and with gosheet's
own blossom, on graphs of few weight values (ties everywhere)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet import accelerators
from gosheet.core.opengotha.engine import solve_members
from gosheet.core.opengotha.local_search import solve

np = pytest.importorskip("numpy")
pytest.importorskip("rustworkx")  # imported: rustworkx solves even a small graph


def block_graph(field: int, draw: random.Random) -> tuple[int, object, tuple[object, ...]]:
    """A field of ``field`` positions, a block of some of them (in any order, as OpenGotha's
    blocks list them by score), and the block's pairs, most of them, weighing 1 to 3."""
    members = draw.sample(range(field), draw.randint(2, field))
    pairs = [(a, b) for k, a in enumerate(members) for b in members[k + 1 :]]
    kept = [(a, b, draw.choice([1, 2, 3])) for a, b in pairs if draw.random() < 0.7]
    if not kept:
        kept = [(members[0], members[1], 1)]
    i, j, w = (np.array(column, dtype=np.int64) for column in zip(*kept, strict=True))
    return field, np.array(members, dtype=np.int64), (i, j, w)


blocks = st.tuples(st.integers(2, 30), st.randoms(use_true_random=False)).map(
    lambda t: block_graph(*t)
)


@settings(max_examples=examples(200), deadline=None, derandomize=True)
@given(blocks, st.booleans())
def test_a_block_on_its_members_is_the_block_on_the_field(
    block: tuple[int, object, tuple[object, ...]], own_blossom: bool
) -> None:
    field, members, (i, j, w) = block
    solver = accelerators.pure(["rustworkx"]) if own_blossom else accelerators.pure([])
    with solver:
        expected = solve(field, i, j, w)
        assert solve_members(field, members, (i, j, w), None) == expected
        y = (np.arange(field, dtype=np.int64) * 7) % 5  # potentials, any: the same rule
        assert solve_members(field, members, (i, j, w), y) == solve(field, i, j, w, y)
