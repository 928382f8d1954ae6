"""Maximum-weight matching with exact, lexicographic integer weights.

This module knows nothing of Go: vertices are 0..n-1, and each edge carries a
tuple of criterion values, most important first. The values are packed into
one integer so that any gain in a more important criterion outweighs every
possible gain in all less important ones over the whole matching (the same
idea as py4swiss's bit widths, with Python's unbounded integers).

The solver is rustworkx (Rust, 128-bit weights); for weights wider than that,
networkx (pure Python, unbounded integers) takes over.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import networkx
import rustworkx

RUSTWORKX_LIMIT = 2**120  # headroom below i128 for the blossom duals


@dataclass(frozen=True)
class Criterion:
    """A named criterion: per-edge values lie in ``0..bound``; higher is better."""

    name: str
    bound: int
    rule: str = ""


class LexicographicWeights:
    """Packs per-edge criterion values into one integer weight.

    >>> w = LexicographicWeights([Criterion("a", 1), Criterion("b", 5)], max_edges=2)
    >>> w.pack((1, 0)) > 2 * w.pack((0, 5))
    True
    """

    def __init__(self, criteria: Sequence[Criterion], max_edges: int) -> None:
        self.criteria = tuple(criteria)
        self.max_edges = max(1, max_edges)
        multipliers: list[int] = []
        factor = 1
        for criterion in reversed(self.criteria):
            if criterion.bound < 0:
                raise ValueError(f"criterion {criterion.name}: negative bound")
            multipliers.append(factor)
            factor *= criterion.bound * self.max_edges + 1
        self.multipliers = tuple(reversed(multipliers))
        self.max_weight = factor - 1

    def pack(self, values: Sequence[int]) -> int:
        if len(values) != len(self.criteria):
            raise ValueError("one value per criterion is needed")
        total = 0
        for value, criterion, multiplier in zip(
            values, self.criteria, self.multipliers, strict=True
        ):
            if not 0 <= value <= criterion.bound:
                raise ValueError(
                    f"criterion {criterion.name}: value {value} outside 0..{criterion.bound}"
                )
            total += value * multiplier
        return total


def max_weight_matching(
    vertex_count: int, edges: Iterable[tuple[int, int, int]], *, max_weight: int
) -> set[tuple[int, int]]:
    """The matching of greatest total weight (each pair as ``(low, high)``).

    ``max_weight`` bounds every edge weight; it chooses the solver.
    """
    edge_list = list(edges)
    if max_weight < RUSTWORKX_LIMIT:
        graph = rustworkx.PyGraph()
        graph.add_nodes_from(range(vertex_count))
        graph.add_edges_from(edge_list)
        pairs = rustworkx.max_weight_matching(graph, weight_fn=lambda w: w)
    else:
        nx_graph = networkx.Graph()
        nx_graph.add_nodes_from(range(vertex_count))
        nx_graph.add_weighted_edges_from(edge_list)
        pairs = networkx.max_weight_matching(nx_graph)
    return {(min(a, b), max(a, b)) for a, b in pairs}
