"""Maximum-weight matching with exact, lexicographic integer weights.

This module knows nothing of Go: vertices are 0..n-1, and each edge carries a
tuple of criterion values, most important first. The values are packed into
one integer so that any gain in a more important criterion outweighs every
possible gain in all less important ones over the whole matching (the same
idea as py4swiss's bit widths, with Python's unbounded integers).

The solver is rustworkx (Rust, 128-bit weights); for weights wider than that,
networkx (pure Python, unbounded integers) takes over. Both are imported by the functions
that solve, not with the module: the criteria and weights are needed (and imported) by
commands that never pair, such as ``gosheet check``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

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


class SummedWeights:
    """OpenGotha's way: a pair's weight is 1 plus the sum of its criterion values (each
    criterion's bound sets its importance), not a lexicographic packing.

    >>> w = SummedWeights([Criterion("a", 100), Criterion("b", 5)])
    >>> w.pack((100, 5)), w.max_weight
    (106, 106)
    """

    def __init__(self, criteria: Sequence[Criterion]) -> None:
        self.criteria = tuple(criteria)
        self.max_weight = 1 + sum(c.bound for c in self.criteria)

    def pack(self, values: Sequence[int]) -> int:
        if len(values) != len(self.criteria):
            raise ValueError("one value per criterion is needed")
        return 1 + sum(values)


def max_weight_matching(
    vertex_count: int, edges: Iterable[tuple[int, int, int]], *, max_weight: int
) -> set[tuple[int, int]]:
    """The matching of greatest total weight (each pair as ``(low, high)``).

    ``max_weight`` bounds every edge weight; it chooses the solver.
    """
    edge_list = list(edges)
    if max_weight < RUSTWORKX_LIMIT:
        import rustworkx

        graph = rustworkx.PyGraph()
        graph.add_nodes_from(range(vertex_count))
        graph.add_edges_from(edge_list)
        pairs = rustworkx.max_weight_matching(graph, weight_fn=lambda w: w)
    else:
        import networkx  # 0.2 s to import: only for the weights rustworkx cannot hold

        nx_graph = networkx.Graph()
        nx_graph.add_nodes_from(range(vertex_count))
        nx_graph.add_weighted_edges_from(edge_list)
        pairs = networkx.max_weight_matching(nx_graph)
    return {(min(a, b), max(a, b)) for a, b in pairs}


def maximum_matching_size(vertex_count: int, edges: Iterable[tuple[int, int]]) -> int:
    """How many pairs the largest matching has (every edge weighing the same)."""
    import rustworkx

    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(vertex_count))
    graph.add_edges_from([(a, b, 1) for a, b in edges])
    matched: set[tuple[int, int]] = rustworkx.max_weight_matching(
        graph, max_cardinality=True, weight_fn=lambda w: w
    )
    return len(matched)


def choose_left_out(
    vertex_count: int, edges: Sequence[tuple[int, int]], preference: Sequence[int]
) -> list[int]:
    """The vertices a maximum matching must leave out, chosen by ``preference``
    (a list of every vertex, the most willing first): each is taken in turn if
    the others can still be matched as fully as before. The vertex sets a
    maximum matching can leave out form a matroid, so this greedy choice is
    the best for the order."""
    size = maximum_matching_size(vertex_count, edges)
    needed = vertex_count - 2 * size
    chosen: list[int] = []
    for vertex in preference:
        if len(chosen) == needed:
            break
        out = {*chosen, vertex}
        rest = [(a, b) for a, b in edges if a not in out and b not in out]
        if maximum_matching_size(vertex_count, rest) == size:
            chosen.append(vertex)
    return chosen


def lexicographic_perfect_matching(
    vertex_count: int, cost: dict[tuple[int, int], int], *, weight_bits: int = 112
) -> set[tuple[int, int]]:
    """Among the perfect matchings of vertices 0..n-1 over the edges of ``cost``,
    the one whose vector (cost at vertex 0, cost at vertex 1, …) is least,
    read from vertex 0 on (lexicographically).

    Exact, with weights that fit 128 bits: the costs are ranked (digits), the
    vertices taken in blocks; each block's digits are packed into one weight
    and solved, then its vertices keep the cost they got while the next block
    is solved. ``weight_bits`` bounds the packed weights (smaller in tests, to
    force several blocks). Raises ValueError when no perfect matching exists.
    """
    if vertex_count % 2:
        raise ValueError("an odd number of vertices has no perfect matching")
    ranks = {value: index for index, value in enumerate(sorted(set(cost.values())))}
    base = max(2, len(ranks))
    block = 1
    while base ** (block + 1) < 2**weight_bits:
        block += 1
    fixed: dict[int, int] = {}
    matched: set[tuple[int, int]] = set()
    for start in range(0, max(vertex_count, 1), block):
        end = min(vertex_count, start + block)
        full = int(base ** (end - start))  # more than every bonus of the block together

        def bonus(vertex: int, digit: int, start: int = start, end: int = end) -> int:
            if not start <= vertex < end:
                return 0
            return (base - 1 - digit) * int(base ** (end - 1 - vertex))

        edges = []
        for (a, b), value in cost.items():
            if fixed.get(a, value) != value or fixed.get(b, value) != value:
                continue
            digit = ranks[value]
            edges.append((a, b, full + bonus(a, digit) + bonus(b, digit)))
        matched = max_weight_matching(vertex_count, edges, max_weight=3 * full)
        if 2 * len(matched) != vertex_count:
            raise ValueError("no perfect matching exists")
        for a, b in matched:
            value = cost[(a, b)] if (a, b) in cost else cost[(b, a)]
            for vertex in (a, b):
                if start <= vertex < end:
                    fixed[vertex] = value
    return matched
