"""Maximum-weight matching with exact, lexicographic integer weights.

This module knows nothing of Go: vertices are 0..n-1, and each edge carries a
tuple of criterion values, most important first. The values are packed into
one integer so that any gain in a more important criterion outweighs every
possible gain in all less important ones over the whole matching (the same
idea as py4swiss's bit widths, with Python's unbounded integers).

The solver is rustworkx (Rust, 128-bit weights) when it can be imported
(:func:`gosheet.accelerators.load`) and the weights fit; else gosheet's own blossom in pure
Python (:mod:`gosheet.core.blossom`, exact integers of any width). Ties between matchings of
equal weight are settled by gosheet's rule (:func:`drawn_weights`), not by a solver's
internals, so both give the same pairs; OpenGotha's rules keep OpenGotha's own tie rule
(:func:`in_order_matching`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Sequence
from typing import Any

from gosheet import accelerators
from gosheet.core import blossom, sparse_blossom
from gosheet.records import record

RUSTWORKX_LIMIT = 2**120  # headroom below i128 for the blossom duals
SMALL_GRAPH = 48
"""A graph of at most this many vertices is matched by gosheet's own blossom unless rustworkx
is imported already: its import (some 10 ms) costs more than the pure solve loses on it (1–3 ms
at 20–40 vertices, ``benchmarks/bench_small_fields.py``); both give the same pairs."""


def rustworkx_for(vertex_count: int, bound: int) -> Any:
    """rustworkx, when it loads, ``bound`` fits its weights and the graph is worth its import;
    else None (gosheet's blossom)."""
    if bound >= RUSTWORKX_LIMIT:
        return None
    if vertex_count <= SMALL_GRAPH and "rustworkx" not in sys.modules:
        return None
    return accelerators.load("rustworkx")


@record
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


#: The bits of the fixed draw that settles ties (:func:`drawn_weights`).
DRAW_BITS = 28


def draw(a: int, b: int, bits: int) -> int:
    """The fixed draw of the pair of vertices (``a``, ``b``), ``a < b``: a number in
    ``1 .. 2**bits - 1`` mixed from the two numbers alone (SplitMix64), the same on every
    machine and whatever the order of the edges."""
    x = (a * 0x9E3779B97F4A7C15 + b * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    x ^= x >> 31
    return (x >> (64 - bits)) | 1


MASK = 2**64 - 1


def drawn_weights(
    vertex_count: int, edges: Sequence[tuple[int, int, int]], max_weight: int
) -> tuple[list[tuple[int, int, int]], int]:
    """gosheet's tie rule folded into the weights: each weight times a factor, plus the fixed
    draw of its pair (:func:`draw`), the factor larger than the draws of a whole matching
    together. A heavier matching stays heavier; between matchings of equal weight the one
    whose pairs' draws sum highest wins, and no two matchings share that sum but by a
    chance below ``edges / 2**28`` (the isolation lemma). Returns the edges and the new
    bound of their weights."""
    pairs = vertex_count // 2 + 1
    bound = max([max_weight, 1] + [abs(w) for _, _, w in edges])
    bits = DRAW_BITS
    factor = pairs << bits
    drawn = [
        (min(a, b), max(a, b), w * factor + draw(min(a, b), max(a, b), bits)) for a, b, w in edges
    ]
    return drawn, bound * factor + (1 << bits)


def max_weight_matching(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    *,
    max_weight: int,
    max_cardinality: bool = False,
) -> set[tuple[int, int]]:
    """The matching of greatest total weight (each pair as ``(low, high)``); with
    ``max_cardinality``, the greatest weight among the largest matchings.

    Between matchings of equal weight gosheet's tie rule decides (:func:`drawn_weights`),
    so rustworkx (when it can be imported and the weights fit) and gosheet's own blossom
    (:mod:`gosheet.core.blossom`) return the same pairs. ``max_weight`` bounds the weights."""
    drawn, bound = drawn_weights(vertex_count, list(edges), max_weight)
    return solve(vertex_count, drawn, bound, max_cardinality=max_cardinality)


def solve(
    vertex_count: int,
    edges: Sequence[tuple[int, int, int]],
    bound: int,
    *,
    max_cardinality: bool = False,
) -> set[tuple[int, int]]:
    """The matching, by rustworkx when it loads and ``bound`` fits, else gosheet's blossom."""
    rustworkx = rustworkx_for(vertex_count, bound)
    if rustworkx is None:
        return sparse_blossom.max_weight_matching(
            vertex_count, edges, max_cardinality=max_cardinality
        )
    graph = _edge_graph(rustworkx, vertex_count, edges)
    return _pairs(
        rustworkx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=int)
    )


def in_order_matching(
    vertex_count: int, edges: Sequence[tuple[int, int, int]], *, max_cardinality: bool = False
) -> set[tuple[int, int]]:
    """OpenGotha's tie rule: the matching its blossom (Van Rantwijk's algorithm, ported to
    Java) returns for the edges in the order given. rustworkx, a port of the same algorithm,
    when it loads and the weights fit; else gosheet's blossom making the same choices.

    Edges given sorted, ``(low, high)``, many and exact in doubles: rustworkx gets them as a
    matrix (7x faster than edge by edge, the same edge order) when numpy is imported already
    (a small field's engine goes without it: its import would cost more than the matrix saves).
    """
    bound = max((abs(w) for _, _, w in edges), default=0)
    rustworkx = rustworkx_for(vertex_count, bound)
    if rustworkx is None:
        return blossom.in_order_matching(vertex_count, edges, max_cardinality=max_cardinality)
    numpy = accelerators.load("numpy") if "numpy" in sys.modules else None
    dense = 2 * len(edges) > vertex_count**2 // 4 and bound < 2**53
    if numpy is not None and dense and all(a < b for a, b, _ in edges) and edges == sorted(edges):
        matrix = numpy.full((vertex_count, vertex_count), numpy.inf)
        for a, b, w in edges:
            matrix[a, b] = matrix[b, a] = w
        graph = rustworkx.PyGraph.from_adjacency_matrix(matrix, null_value=numpy.inf)
    else:
        graph = _edge_graph(rustworkx, vertex_count, edges)
    return _pairs(
        rustworkx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=int)
    )


def in_order_arrays(
    vertex_count: int,
    i: Any,
    j: Any,
    weights: Any,
    *,
    max_cardinality: bool = False,
    rows: bool = False,
) -> set[tuple[int, int]] | None:
    """:func:`in_order_matching` of the edges (``i[t]``, ``j[t]``, ``weights[t]``) given as
    numpy arrays, for rustworkx: no Python tuple per edge is built or sorted. None when
    rustworkx cannot be loaded or is not worth its import (:func:`rustworkx_for`), the arrays
    are not numpy's (numpy is never imported here), or the weights do not fit: the caller
    then hands the edges as a list to :func:`in_order_matching`.

    With ``rows`` (``i[t] != j[t]``, each pair once), the edges are handed in the order of a
    matrix's rows, ``(low, high)`` sorted — as :func:`in_order_matching` hands a sorted list,
    whatever the order of the arrays: as an adjacency matrix when the weights are exact in
    doubles, else edge by edge after numpy's sort. Without, edge by edge in the arrays'
    order."""
    # numpy's arrays come from an imported numpy: a small field's pure arrays import none
    numpy = sys.modules.get("numpy")
    if numpy is None or accelerators.blocked("numpy") or not isinstance(weights, numpy.ndarray):
        return None
    bound = int(numpy.abs(weights).max()) if len(weights) else 0
    rustworkx = rustworkx_for(vertex_count, bound)
    if rustworkx is None:
        return None
    if rows:
        low, high = numpy.minimum(i, j), numpy.maximum(i, j)
        if bound < 2**53:
            matrix = numpy.full((vertex_count, vertex_count), numpy.inf)
            matrix[low, high] = weights
            matrix[high, low] = weights
            graph = rustworkx.PyGraph.from_adjacency_matrix(matrix, null_value=numpy.inf)
        else:
            order = numpy.lexsort((high, low))
            i, j, weights = low[order], high[order], weights[order]
    if not rows or bound >= 2**53:
        edges = list(zip(i.tolist(), j.tolist(), weights.tolist(), strict=True))
        graph = _edge_graph(rustworkx, vertex_count, edges)
    return _pairs(
        rustworkx.max_weight_matching(graph, max_cardinality=max_cardinality, weight_fn=int)
    )


def _edge_graph(rustworkx: Any, vertex_count: int, edges: Iterable[tuple[int, int, int]]) -> Any:
    """rustworkx's graph of ``vertex_count`` vertices and ``edges``, in their order."""
    graph = rustworkx.PyGraph()
    graph.add_nodes_from(range(vertex_count))
    graph.add_edges_from(list(edges))
    return graph


def _pairs(found: Iterable[tuple[int, int]]) -> set[tuple[int, int]]:
    """rustworkx's matching as gosheet's: each pair ``(low, high)``."""
    return {(min(a, b), max(a, b)) for a, b in found}


def maximum_matching_size(vertex_count: int, edges: Iterable[tuple[int, int]]) -> int:
    """How many pairs the largest matching has (every edge weighing the same)."""
    rustworkx = accelerators.load("rustworkx")
    if rustworkx is None:
        return len(sparse_blossom.cardinality_matching(vertex_count, list(edges)))
    graph = _edge_graph(rustworkx, vertex_count, ((a, b, 1) for a, b in edges))
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
    vertex_count: int,
    cost: dict[tuple[int, int], int],
    *,
    first: dict[tuple[int, int], int] | None = None,
    weight_bits: int | None = None,
) -> set[tuple[int, int]]:
    """Among the perfect matchings of vertices 0..n-1 over the edges of ``cost``,
    the one whose vector (cost at vertex 0, cost at vertex 1, …) is least,
    read from vertex 0 on (lexicographically). With ``first`` (a value of every edge of
    ``cost``, 0 or more), only the matchings whose sum of ``first`` is least compete.

    Exact, with weights that fit 128 bits: the costs are ranked (digits), the
    vertices taken in blocks; each block's digits are packed into one weight
    (under the sum of ``first``, which every block's solve keeps least)
    and solved, then its vertices keep the cost they got while the next block
    is solved. ``weight_bits`` bounds the packed weights (smaller in tests, to
    force several blocks; by default 80 with rustworkx, so that the tie rule's draw still
    fits, and no bound (0) without: one solve). Raises ValueError when no perfect matching exists.
    """
    if weight_bits is None:
        weight_bits = 80 if accelerators.available("rustworkx") else 0
    if vertex_count % 2:
        raise ValueError("an odd number of vertices has no perfect matching")
    first = first or {}
    top = max(first.values(), default=0)
    # one edge's weight: card + (top − first) · full + the bonuses of its two vertices; card
    # outweighs every sum of the rest over a matching, so a perfect matching wins
    extra = top * (vertex_count // 2) + top + 3
    ranks = {value: index for index, value in enumerate(sorted(set(cost.values())))}
    base = max(2, len(ranks))
    block = max(1, vertex_count)  # no bound (0): one block, one solve
    if weight_bits:
        block = 1
        while block < vertex_count and base ** (block + 1) * extra < 2**weight_bits:
            block += 1
    power = [1]
    for _ in range(block):
        power.append(power[-1] * base)
    fixed: dict[int, int] = {}
    matched: set[tuple[int, int]] = set()
    for start in range(0, max(vertex_count, 1), block):
        end = min(vertex_count, start + block)
        full = power[end - start]  # more than every bonus of the block together
        card = full * (top * (vertex_count // 2) + 1)

        def bonus(vertex: int, digit: int, start: int = start, end: int = end) -> int:
            if not start <= vertex < end:
                return 0
            return (base - 1 - digit) * power[end - 1 - vertex]

        edges = []
        for (a, b), value in cost.items():
            if fixed.get(a, value) != value or fixed.get(b, value) != value:
                continue
            digit = ranks[value]
            primary = (top - first.get((a, b), 0)) * full
            edges.append((a, b, card + primary + bonus(a, digit) + bonus(b, digit)))
        matched = max_weight_matching(vertex_count, edges, max_weight=card + (top + 2) * full)
        if 2 * len(matched) != vertex_count:
            raise ValueError("no perfect matching exists")
        for a, b in matched:
            value = cost[(a, b)] if (a, b) in cost else cost[(b, a)]
            for vertex in (a, b):
                if start <= vertex < end:
                    fixed[vertex] = value
    return matched
