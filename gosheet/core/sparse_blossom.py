"""gosheet's maximum-weight matching in pure Python, fast on a pairing's dense graphs: the
blossom algorithm (:class:`gosheet.core.blossom.Solver`) on a sparse graph first, then again
with the edges its duals price below their weight, each solve started warm.

The first graph holds the pairs near in the vertices' numbering (the pairing order) and each
vertex's heaviest. The duals of its solution are checked on every other edge (its reduced
cost, with the duals of the blossoms holding both ends); an edge they price below its
weight joins the graph, with the pairs nearest to being violated (:data:`MARGIN`), and the
graph is solved again. When no edge is left violated the duals prove the matching optimal
on the whole graph (complementary slackness): the result is exactly the optimum, however
few edges the first graph held.

A re-solve starts from the solve before (:data:`WARM`, :func:`_potentials`): each vertex's
dual with the duals of the blossoms holding it is a feasible price on every old pair, raised
where a new pair is priced below its weight; the weights less those prices have the same
best perfect matchings, the old pairs still tight are matched at once, and the blossom
algorithm, asked for a perfect matching, has only the new pairs' effect left to resolve. Its
duals, prices added back, must then prove the matching best among all matchings, not only
the perfect ones (:func:`_certified`: no price below 0, a free vertex's at 0); when they do
not, or the solve before left a vertex free in an even field, the re-solve starts cold.

The first solve starts warm too (:func:`_first_prices`): each vertex priced at half its
heaviest pair, then lowered in turn to the least its pairs allow; the pairs then tight start
it matched. It is proved the same way, or solved again cold.

An odd field (the Swiss's, most rounds) is made even by a spare vertex paired at weight 0
with everyone: a perfect matching with it is a matching leaving one vertex free, its
partner. Its proof: the spare's price at most 0 and no blossom holding it priced above 0
(:func:`_certified`).

>>> sorted(max_weight_matching(4, [(0, 1, 5), (1, 2, 6), (2, 3, 5)]))
[(0, 1), (2, 3)]
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence

from gosheet.core.blossom import Solver

#: The first, sparse graph holds the edges between vertices at most this far apart.
WINDOW = 8
#: A re-solve takes, with the pairs the duals price below their weight, 1/MARGIN as many more.
MARGIN = 8
#: A re-solve starts from the solve before's duals and pairs (:func:`_potentials`).
WARM = True
Pairs = Sequence[tuple[int, int]]


def max_weight_matching(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    *,
    max_cardinality: bool = False,
    window: int = WINDOW,
) -> set[tuple[int, int]]:
    """A matching of greatest total weight (exact integers of any width), as ``(low, high)``
    pairs; with ``max_cardinality``, the greatest weight among the largest matchings.

    Which of several equally heavy matchings comes out depends on the edges' order: callers
    that need one answer make the optimum unique first (:mod:`gosheet.core.matching`)."""
    mate = _sparse_solve(vertex_count, edges, max_cardinality, window)
    return {(v, mate[v]) for v in range(vertex_count) if v < mate[v]}


def _sparse_solve(
    vertex_count: int,
    edges: Iterable[tuple[int, int, int]],
    max_cardinality: bool,
    window: int,
) -> list[int]:
    """The mates of an optimal matching."""
    weight = _positive_weights(vertex_count, edges, max_cardinality)
    chosen = first_graph(weight, window)
    n = vertex_count
    # the warm start's potentials (twice the weight's scale), 0 for a cold solve; the last is
    # the spare vertex's, who makes an odd field even
    shift = [0] * (n + 1)
    scale = 2  # the solver's weights: scale · w − shift[a] − shift[b]
    previous: list[int] = []  # the mates the solve before found (-1: free)
    if WARM:
        shift, previous = _first_prices(n, weight, chosen)
        scale = 4
    while True:
        ends = sorted(chosen)
        twice = [scale * weight[(a, b)] - shift[a] - shift[b] for a, b in ends]
        count = n
        if scale == 4 and n % 2:  # the spare player, paired at weight 0 with everyone
            count = n + 1
            ends += [(v, n) for v in range(n)]
            twice += [-shift[v] - shift[n] for v in range(n)]
        solver = Solver(count, ends, twice, max_cardinality=scale == 4)
        if scale == 4:  # the previous pairs still tight start the warm solve
            mate = solver.mate
            for (a, b), w in zip(ends, twice, strict=True):
                if w == 0 and previous[a] == (b if b < n else -1) and mate[a] == mate[b] == -1:
                    mate[a], mate[b] = b, a
        solver.run()
        if scale == 4 and not _certified(solver, shift, n):
            shift, scale = [0] * (n + 1), 2  # no proof for the plain problem: cold
            continue
        costs = _outside_costs(solver, weight, chosen, shift, scale)
        violated = [key for cost, key in costs if cost < 0]
        if not violated:
            break
        chosen.update(violated)
        # and the pairs of least reduced cost (MARGIN): the likeliest to be violated next
        near = heapq.nsmallest(len(violated) // MARGIN, [c for c in costs if c[0] >= 0])
        chosen.update(key for _, key in near)
        previous = [m if m < n else -1 for m in solver.mate[:n]]
        if previous.count(-1) > n % 2 or not WARM:  # the warm start proves these only
            shift, scale = [0] * (n + 1), 2
            continue
        shift, scale = _potentials(solver, shift, scale, chosen, weight), 4
    return [m if m < n else -1 for m in solver.mate[:n]]


def _positive_weights(
    vertex_count: int, edges: Iterable[tuple[int, int, int]], max_cardinality: bool
) -> dict[tuple[int, int], int]:
    """Each pair's weight, ``(low, high)``, the heaviest of its edges, lifted with
    ``max_cardinality`` so that one more pair outweighs any difference of weight (a plain
    maximum then), the pairs of weight 0 or less left out."""
    weight: dict[tuple[int, int], int] = {}
    for a, b, w in edges:
        if a == b:
            continue
        key = (a, b) if a < b else (b, a)
        if key not in weight or w > weight[key]:
            weight[key] = w
    if max_cardinality and weight:
        widest = max(abs(w) for w in weight.values())
        lift = 2 * (vertex_count // 2 + 1) * widest + 1
        weight = {key: w + lift for key, w in weight.items()}
    return {key: w for key, w in weight.items() if w > 0}


def _outside_costs(
    solver: Solver,
    weight: dict[tuple[int, int], int],
    chosen: set[tuple[int, int]],
    shift: list[int],
    scale: int,
) -> list[tuple[int, tuple[int, int]]]:
    """Each pair outside the solved graph with its reduced cost under the solve's duals
    (below 0: the duals price it below its weight)."""
    dual, top = solver.dual, solver.top
    costs = []
    for (a, b), w in weight.items():
        if (a, b) not in chosen:
            twice = scale * w - shift[a] - shift[b]
            if top[a] == top[b]:  # the blossoms holding both count too
                costs.append((solver.reduced_cost(a, b, twice), (a, b)))
            else:
                costs.append((dual[a] + dual[b] - twice, (a, b)))
    return costs


def _first_prices(
    n: int, weight: dict[tuple[int, int], int], chosen: set[tuple[int, int]]
) -> tuple[list[int], list[int]]:
    """The first solve's warm start (prices in quarters of a weight, as a re-solve's, and
    pairs to start with): each vertex priced at half its heaviest pair of the graph
    (feasible), then, in turn, lowered to the least that keeps its pairs feasible, not
    below 0; the pairs then tight, taken in order while both ends are free; the spare
    vertex priced as :func:`_potentials` does."""
    price = [0] * n
    around: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for a, b in chosen:
        w = 4 * weight[(a, b)]
        around[a].append((b, w))
        around[b].append((a, w))
        price[a] = max(price[a], w // 2)
        price[b] = max(price[b], w // 2)
    for v in range(n):
        price[v] = max([0] + [w - price[u] for u, w in around[v]])
    mate = [-1] * n
    for a, b in sorted(chosen):
        if mate[a] == mate[b] == -1 and price[a] + price[b] == 4 * weight[(a, b)]:
            mate[a], mate[b] = b, a
    return [*price, -min(price, default=0)], mate


def _potentials(
    solver: Solver,
    shift: list[int],
    scale: int,
    chosen: set[tuple[int, int]],
    weight: dict[tuple[int, int], int],
) -> list[int]:
    """The warm start's potentials (even, in quarters of a weight): each vertex's dual
    with the duals of the blossoms holding it (feasible on every pair of the solve before,
    as the blossoms' duals were), raised where a pair now ``chosen`` is priced below its
    weight; then the spare player's (the last), the least that keeps his pairs (weight 0)
    feasible, the pair with the cheapest player tight."""
    parent, dual = solver.parent, solver.dual
    n = len(shift) - 1
    y = []
    for v in range(n):
        total, b = dual[v], parent[v]
        while b != -1:
            total += dual[b]
            b = parent[b]
        value = (total + shift[v]) * (4 // scale)
        y.append(value + (value & 1))  # even: the solver's weights stay even
    for a, b in sorted(chosen):
        short = 4 * weight[(a, b)] - y[a] - y[b]
        if short > 0:
            y[a] += short
    y.append(-min(y, default=0))
    return y


def _certified(solver: Solver, shift: list[int], n: int) -> bool:
    """Whether the warm solve's duals (prices added back) prove its matching of the ``n``
    players optimal for the plain problem too, not only among perfect matchings.

    An even field: every player's price at least 0, a free one's 0 (complementary
    slackness). An odd field, solved with the spare player (vertex ``n``): the matching
    perfect, the spare's price ``s`` at most 0 and no blossom holding him priced above 0.
    Then every player's price is at least −s (his pair with the spare is feasible), and a
    matching leaving the players F free weighs at most the duals' total less the prices of
    F (each blossom holds at most as many of its pairs as before), which is at most the
    duals' total + s, the weight of ours, since F is not empty and s ≤ 0."""
    dual, mate, parent = solver.dual, solver.mate, solver.parent
    if solver.n == n:
        for v in range(n):
            value = dual[v] + shift[v]
            if value < 0 or (value > 0 and mate[v] == -1):
                return False
        return True
    if -1 in mate or dual[n] + shift[n] > 0:
        return False
    b = parent[n]
    while b != -1:
        if dual[b] > 0:
            return False
        b = parent[b]
    return True


def first_graph(weight: dict[tuple[int, int], int], window: int) -> set[tuple[int, int]]:
    """The edges of the first, sparse solve: those between vertices at most ``window`` apart
    in numbering (callers number the vertices so that near numbers make likely pairs: the
    pairing order), and each vertex's heaviest edge."""
    chosen = {key for key in weight if key[1] - key[0] <= window}
    heaviest: dict[int, tuple[int, tuple[int, int]]] = {}
    for key, w in weight.items():
        for v in key:
            if v not in heaviest or w > heaviest[v][0]:
                heaviest[v] = (w, key)
    chosen.update(key for _, key in heaviest.values())
    return chosen


def cardinality_matching(vertex_count: int, edges: Pairs) -> set[tuple[int, int]]:
    """A largest matching (every edge weighing the same)."""
    return max_weight_matching(vertex_count, [(a, b, 1) for a, b in edges])
