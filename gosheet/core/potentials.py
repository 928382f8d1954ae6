"""Vertex potentials that make a maximum-weight perfect matching fast to find.

For any numbers ``y`` on the vertices, every perfect matching ``M`` has

    Σ_{(a, b) ∈ M} (w(a, b) − y(a) − y(b))  =  w(M) − Σ_v y(v),

so the weights ``w(a, b) − y(a) − y(b)`` have exactly the same best perfect matchings as
``w``: whatever ``y`` is, the matching found is as exact as before. What ``y`` changes is the
work of the blossom algorithm, which starts from equal duals on every vertex and raises and
lowers them until the matching is proved best. Given the duals of the matching's
*fractional* relaxation, nearly every pair it needs is tight from the start, and what is left
is the few odd cycles the relaxation allows (measured: the first matching of a 4,502-player
candidate graph 0.47 s instead of 2.2 s in rustworkx; a 448-player window 0.03 s instead of
0.2 s).

The fractional relaxation is the assignment problem on the graph's two-sided copy (each
vertex once as a row and once as a column, each edge as two arcs): SciPy's sparse
Jonker–Volgenant solver (``min_weight_full_bipartite_matching``) finds the assignment; its
duals come from a shortest-path computation over the assignment's exchange arcs, in exact
integers (:func:`assignment_potentials`). The solver works in double precision, which can
only make the potentials a little less good, never the matching wrong.

Both are accelerators (:mod:`gosheet.accelerators`): without numpy or SciPy,
:func:`can_relax` is false and the engine does without the relaxation (the same best
matchings, found more slowly on a large field). numpy is imported by the functions, not with
the module.

This module knows nothing of Go: vertices are 0..n−1 and weights are integers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gosheet import accelerators
from gosheet.records import record

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    IntArray = npt.NDArray[np.int64]

#: The shortest-path passes allowed before the potentials are taken as they stand (a
#: float-rounded assignment that is not quite optimal has a negative cycle: no end).
PASSES = 400


def can_relax() -> bool:
    """Whether numpy and SciPy's sparse assignment can be imported (SciPy's import, 0.2 s,
    is paid here when it can)."""
    return accelerators.available("numpy") and accelerators.available("scipy.sparse.csgraph")


@record
class Relaxation:
    """The assignment relaxation of a graph's perfect matching, solved: twice its duals
    (:func:`assignment_potentials`), each vertex's successor in the assignment, a
    permutation of the vertices with edges (−1 for the others) whose cycles of two are pairs,
    and the weight of the edge to it (0 for none)."""

    potentials: IntArray
    successor: IntArray
    successor_weight: IntArray


def relax(vertex_count: int, i: IntArray, j: IntArray, weights: IntArray) -> Relaxation | None:
    """The relaxation of the graph of edges (``i[t]``, ``j[t]``, ``weights[t]``), or None when
    it has no solution (no assignment covers every vertex with an edge)."""
    import numpy as np

    if len(i) == 0:
        return None
    used = np.unique(np.concatenate([i, j]))
    local = np.full(vertex_count, -1, dtype=np.int64)
    local[used] = np.arange(len(used))
    m = len(used)
    rows = np.concatenate([local[i], local[j]])
    columns = np.concatenate([local[j], local[i]])
    arc_weights = np.concatenate([weights, weights]).astype(np.int64)
    assigned_to = _assignment(m, rows, columns, arc_weights)
    if assigned_to is None:
        return None
    # the weight of each row's assigned arc, W[r, σ(r)]
    on = assigned_to[rows] == columns
    assigned_weight = np.zeros(m, dtype=np.int64)
    assigned_weight[rows[on]] = arc_weights[on]
    u = _row_duals(m, rows, columns, arc_weights, assigned_to, assigned_weight)
    v = np.zeros(m, dtype=np.int64)
    v[assigned_to] = assigned_weight - u  # column σ(r): W[r, σ(r)] − u(r)
    doubled = np.zeros(vertex_count, dtype=np.int64)
    doubled[used] = u + v
    successor = np.full(vertex_count, -1, dtype=np.int64)
    successor[used] = used[assigned_to]
    successor_weight = np.zeros(vertex_count, dtype=np.int64)
    successor_weight[used] = assigned_weight
    return Relaxation(doubled, successor, successor_weight)


def assignment_potentials(
    vertex_count: int,
    i: IntArray,
    j: IntArray,
    weights: IntArray,
) -> IntArray:
    """Twice the duals ``y`` of the fractional perfect matching of the graph of edges
    (``i[t]``, ``j[t]``, ``weights[t]``): integers with ``y(a) + y(b) ≥ 2·w(a, b)`` on every
    edge when the assignment found is optimal, their sum twice the fractional optimum (an
    upper bound of every perfect matching's weight). Vertices without an edge get 0; so do
    all when the graph has no perfect fractional matching."""
    import numpy as np

    relaxed = relax(vertex_count, i, j, weights)
    return np.zeros(vertex_count, dtype=np.int64) if relaxed is None else relaxed.potentials


def rounded(relaxed: Relaxation, order: IntArray) -> list[tuple[int, int]]:
    """A perfect matching of the vertices with edges (of all but one, if they are an odd
    number), made from the relaxation's assignment:
    its cycles of two as they are, the heavier half of each longer even cycle, each odd cycle
    less the one vertex whose leaving out keeps the most weight; the vertices so left out are
    paired with one another in ``order`` (a rank per vertex: first with second, third with
    fourth …), whether or not the graph joins them. Sorted pairs (low, high). (Every pair
    taken along a cycle is an arc of the assignment: its weight is its tail's
    ``successor_weight``.)"""
    import numpy as np

    successor = relaxed.successor
    n = len(successor)
    arc = relaxed.successor_weight.tolist()

    vertices = np.flatnonzero(successor >= 0)
    two = vertices[(successor[successor[vertices]] == vertices)]
    pairs = [(int(a), int(successor[a])) for a in two[two < successor[two]]]
    left: list[int] = []
    seen = np.zeros(n, dtype=bool)
    seen[two] = True
    for first in vertices[~seen[vertices]].tolist():
        if seen[first]:
            continue
        cycle = [first]
        seen[first] = True
        while (after := int(successor[cycle[-1]])) != first:
            cycle.append(after)
            seen[after] = True
        length = len(cycle)
        if length % 2 == 0:
            halves = [
                [(cycle[k], cycle[(k + 1) % length]) for k in range(s, length, 2)] for s in (0, 1)
            ]
            pairs += max(halves, key=lambda half: sum(arc[a] for a, _ in half))
            continue
        best: tuple[int, list[tuple[int, int]], int] | None = None
        for out in range(length):  # leave cycle[out] out: pair the rest along the cycle
            rest = cycle[out + 1 :] + cycle[:out]
            half = [(rest[k], rest[k + 1]) for k in range(0, length - 1, 2)]
            kept = sum(arc[a] for a, _ in half)
            if best is None or kept > best[0]:
                best = (kept, half, cycle[out])
        assert best is not None
        pairs += best[1]
        left.append(best[2])
    left.sort(key=lambda v: int(order[v]))
    pairs += [(left[k], left[k + 1]) for k in range(0, len(left) - 1, 2)]
    return sorted((min(a, b), max(a, b)) for a, b in pairs)


def _assignment(m: int, rows: IntArray, columns: IntArray, weights: IntArray) -> IntArray | None:
    """The column of each row in an assignment of greatest weight (SciPy, double precision),
    or None if no row-and-column-covering assignment exists."""
    import numpy as np
    from scipy.sparse import csr_array
    from scipy.sparse.csgraph import min_weight_full_bipartite_matching

    # costs > 0: a sparse matrix drops explicit zeros
    costs = (int(weights.max()) + 1 - weights).astype(np.float64)
    graph = csr_array((costs, (rows, columns)), shape=(m, m))
    try:
        found_rows, found_columns = min_weight_full_bipartite_matching(graph)
    except ValueError:  # no full matching of the two-sided copy
        return None
    assigned_to = np.empty(m, dtype=np.int64)
    assigned_to[found_rows] = found_columns
    return assigned_to


def _row_duals(
    m: int,
    rows: IntArray,
    columns: IntArray,
    weights: IntArray,
    assigned_to: IntArray,
    assigned_weight: IntArray,
) -> IntArray:
    """Row duals ``u`` with ``u(r) + v(c) ≥ W[r, c]`` on every arc and equality on the
    assignment σ (``assigned_weight``: W[k, σ(k)] of each row k), where ``v(σ(k)) =
    W[k, σ(k)] − u(k)``: for an arc (r, c) with c = σ(k),
    ``u(k) ≤ u(r) + W[k, c] − W[r, c]`` — difference constraints, solved as shortest paths
    from a source at distance 0 from every row (Bellman–Ford, all arcs at once per pass)."""
    import numpy as np

    owner = np.empty(m, dtype=np.int64)
    owner[assigned_to] = np.arange(m)
    k = owner[columns]
    lengths = assigned_weight[k] - weights
    order = np.argsort(k, kind="stable")
    tails, heads, lengths = rows[order], k[order], lengths[order]
    starts = np.flatnonzero(np.r_[True, heads[1:] != heads[:-1]])
    targets = heads[starts]
    distance = np.zeros(m, dtype=np.int64)
    for _ in range(PASSES):
        reached = np.minimum.reduceat(distance[tails] + lengths, starts)
        better = reached < distance[targets]
        if not better.any():
            break
        distance[targets[better]] = reached[better]
    return distance


__all__ = ["PASSES", "Relaxation", "assignment_potentials", "can_relax", "relax", "rounded"]
