"""The local search of a large field's pairing (``engine.match``): from a first pairing, each
window of neighbouring score groups (:func:`~gosheet.core.opengotha.candidates.windows`), with
its players' partners, is matched again on every pair among them, and the better pairing
kept, until no window improves.

A window whose current pairs are proved best is not matched again: with potentials ``y``
(twice the duals of the field's relaxation, or of the window's own) such that
``y(a) + y(b) ≥ 2·w(a, b)`` on every pair of the window, every perfect matching ``M'`` of
its players weighs ``2·w(M') ≤ Σ y``; when the current pairs weigh exactly ``Σ y / 2``, no
matching of the window is heavier, the blossom could only return one of equal weight, and
the window would keep its pairs (only a strictly heavier matching replaces them). So the
pairs are the same, without the blossom (:attr:`Timing.proved`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from gosheet.core.matching import in_order_arrays, in_order_matching
from gosheet.core.opengotha.arrays import IntArray, distinct
from gosheet.core.opengotha.candidates import DENSE_UP_TO, windows
from gosheet.core.opengotha.costs import total_cost
from gosheet.core.opengotha.group_pairs import GroupPairWeights, upper_pairs
from gosheet.core.opengotha.sharing import graph_cost
from gosheet.core.potentials import assignment_potentials
from gosheet.records import record

if TYPE_CHECKING:
    from gosheet.core.opengotha.engine import Prepared


def solve(
    vertex_count: int,
    i: IntArray,
    j: IntArray,
    weights: IntArray,
    potentials: IntArray | None = None,
    *,
    in_rows: bool = False,
    dense: bool | None = None,
) -> list[tuple[int, int]]:
    """The maximum-weight perfect matching of the graph of edges (``i``, ``j``, ``weights``),
    as sorted pairs (the blossom algorithm on exact integers, with OpenGotha's tie rule:
    :func:`~gosheet.core.matching.in_order_matching`). With ``potentials``
    (:func:`~gosheet.core.potentials.assignment_potentials`) the blossom solves
    ``2·w(a, b) − y(a) − y(b)`` instead: the same best perfect matchings, found faster.

    ``in_rows``: each ``i < j``, and each vertex's edges come in the order of their other
    end — the order a matrix's rows give them (a window's, :meth:`LocalSearch.window_graph`;
    the candidate graph's, sorted). Van Rantwijk's blossom reads a graph only through each
    vertex's edges in their order (and each edge's two ends), so rustworkx may take them as
    a matrix: the same choices, the same pairs (``tests/core/test_in_order_arrays.py``).

    ``dense``: whether the graph is dense, which decides whether its edges are sorted when
    ``potentials`` are given (and so which of equal matchings is found): by default from its
    own edges and ``vertex_count``; a block solved on its members alone
    (:func:`~gosheet.core.opengotha.engine.solve_members`) passes the whole field's."""
    if potentials is not None:
        weights = 2 * weights - potentials[i] - potentials[j]
    # a graph in the order of a matrix's rows, several times faster to hand over when it is
    # dense (a window) or small enough for a matrix (a block's candidate graph); a dense
    # graph with potentials is sorted to that order, as it always was (a graph of another
    # order without potentials gets its edges in their order, as when OpenGotha's fixtures
    # were reproduced)
    if dense is None:
        dense = 2 * len(i) > vertex_count**2 // 4
    rows = (in_rows and (dense or vertex_count <= MATRIX_UP_TO)) or (
        dense and potentials is not None
    )
    found = in_order_arrays(vertex_count, i, j, weights, max_cardinality=True, rows=rows)
    if found is None:  # no numpy or no rustworkx: gosheet's blossom, edge by edge
        edges = list(zip(i.tolist(), j.tolist(), weights.tolist(), strict=True))
        if dense and potentials is not None:
            edges = sorted((min(a, b), max(a, b), w) for a, b, w in edges)
        found = in_order_matching(vertex_count, edges, max_cardinality=True)
    return sorted(found)


#: A graph of at most this many vertices in the order of a matrix's rows goes to rustworkx as
#: a matrix even when it is sparse (8 MiB of doubles; a 587-player candidate graph of 10,000
#: edges is handed over in 0.6 ms instead of 1.2 ms).
MATRIX_UP_TO = 1024


#: The local search sweeps the windows that changed at most this many times (it stops
#: earlier, as soon as no window improves; 2 or 3 sweeps in practice).
REPAIRS = 20


@record(frozen=False)
class Timing:
    """Seconds spent weighing pairs and in the matchings, how many matchings were solved,
    and how many windows of the local search were solved and improved (the benchmark reads
    them)."""

    costs: float = 0.0
    matching: float = 0.0  # the blossoms, and the potentials that start them
    solves: int = 0
    windows: int = 0
    improved: int = 0
    cut: bool = False  # a window was cut in pieces: the final swap check is not implied
    unsettled: int = 0  # windows left unsolved after the last sweep (REPAIRS reached)
    proved: int = 0  # windows whose pairs the potentials proved best: no blossom solved
    ahead: int = 0  # windows whose pairs a helper process found (``engine.match_blocks``)
    blocks_helped: int = 0  # blocks a helper process matched whole (the same)


#: The pairs of window graphs solved, by the players of each (:meth:`LocalSearch.solved`).
Known = dict[tuple[int, ...], list[tuple[int, int]]]


class LocalSearch:
    """The local search of a large field's pairing (:func:`match`): from a first pairing,
    each window matched again with its players' partners until no window improves."""

    def __init__(
        self,
        prepared: Prepared,
        members: IntArray,
        pairs: list[tuple[int, int]],
        potentials: IntArray | None,
        timing: Timing,
    ) -> None:
        info = prepared.info
        xp = self.xp = info.xp
        n = len(info.players)
        self.prepared, self.members = prepared, members
        self.potentials, self.timing = potentials, timing
        self.mate = xp.full(n, -1, dtype=xp.int64)  # each player's partner
        first = xp.array([a for a, _ in pairs], dtype=xp.int64)
        second = xp.array([b for _, b in pairs], dtype=xp.int64)
        self.mate[first], self.mate[second] = second, first
        self.cores, cut = windows(prepared.settings, info, members)
        timing.cut = timing.cut or cut
        self.owners: list[list[int]] = [[] for _ in range(n)]  # each player's windows
        for k, core in enumerate(self.cores):
            for v in core.tolist():
                self.owners[v].append(k)
        self.where = xp.zeros(n, dtype=xp.int64)  # a window's local index of each player
        self.inside = xp.zeros(n, dtype=bool)  # (a window's players while it is read)
        # the weights of each window's own pairs (every window is solved at least once)
        began = time.perf_counter()
        self.inner = GroupPairWeights(info.group, self.weight).of_all(self.cores)
        timing.costs += time.perf_counter() - began
        # the blossom's pairs of each window graph solved, by its players (a graph is the
        # same whenever its players are: :meth:`window_graph`), and those a helper solves
        self.known: Known = {}
        self.helper: Callable[[], Known] | None = None
        self.helped: frozenset[int] = frozenset()  # the windows the helper solves
        self.sent: Known = {}  # the window graphs it solved

    def weight(self, a: IntArray, b: IntArray) -> IntArray:
        """The weights of the pairs (``a[t]``, ``b[t]``)."""
        xp = self.xp
        return total_cost(self.prepared.costs(xp.minimum(a, b), xp.maximum(a, b)))

    def run(self) -> list[tuple[int, int]]:
        """Sweep the windows that changed (at most :data:`REPAIRS` times); the pairs of the
        members, sorted."""
        dirty = [True] * len(self.cores)
        for _ in range(REPAIRS):
            if not any(dirty):
                break
            for k in range(len(self.cores)):
                if not dirty[k]:
                    continue
                dirty[k] = False
                for v in self.improve(k).tolist():
                    for owner in self.owners[v]:
                        dirty[owner] = owner != k
        self.timing.unsettled += sum(dirty)
        members, mate = self.members, self.mate
        low = members[members < mate[members]]
        return sorted(zip(low.tolist(), mate[low].tolist(), strict=True))

    def window_graph(self, k: int) -> tuple[IntArray, IntArray, IntArray, IntArray]:
        """Window ``k`` with its players' partners: the players (``local``), and every pair
        among them (local indices ``i`` < ``j``) that may meet, with its weight ``w``."""
        xp = self.xp
        core = self.cores[k]
        a, b = upper_pairs(xp, len(core))
        # the partners outside the window, sorted: ``xp.setdiff1d(partners, core)``
        partners = self.mate[core]
        inside = self.inside
        inside[core] = True
        outside = distinct(partners[(partners < 0) | ~inside[partners]])
        inside[core] = False
        local = xp.concatenate([core, outside])
        c, o = len(core), len(outside)
        top, bottom = upper_pairs(xp, o)
        i = xp.concatenate([a, xp.repeat(xp.arange(c), o), c + top])
        j = xp.concatenate([b, c + xp.tile(xp.arange(o), c), c + bottom])
        w = xp.concatenate([self.inner[k], self.weight(local[i[len(a) :]], local[j[len(a) :]])])
        if self.prepared.apart:
            keep = self.prepared.allowed(local[i], local[j])
            i, j, w = i[keep], j[keep], w[keep]
        return local, i, j, w

    def solved(
        self, k: int, local: IntArray, solve_here: Callable[[], list[tuple[int, int]]]
    ) -> list[tuple[int, int]]:
        """The blossom's pairs of window ``k``'s graph on the players ``local``: solved
        before (here or by the helper: the graph and so its pairs are the same), else
        ``solve_here()``."""
        if self.helper is not None and k in self.helped:
            self.sent = self.helper()
            self.helper = None
        key = tuple(local.tolist())
        found = self.known.get(key)
        if found is None and key in self.sent:
            found = self.sent[key]
            self.timing.ahead += 1
        if found is None:
            found = self.known[key] = solve_here()
        return found

    def ahead(self, windows: list[int]) -> Known:
        """Solve ``windows`` in turn from the current pairing, as :meth:`run`'s first sweep
        reaches them if nothing before them changes: the pairs of every window graph solved
        (a helper's work: :func:`~gosheet.core.opengotha.engine.match_blocks`)."""
        for k in windows:
            self.improve(k)
        return self.known

    def window_cost(self, k: int) -> float:
        """A guess of the blossom's time on window ``k``, to share the windows out
        (:mod:`~gosheet.core.opengotha.sharing`)."""
        return graph_cost(len(self.cores[k]))

    def improve(self, k: int) -> IntArray:
        """Match window ``k`` again with its players' partners, on every pair among them;
        the players whose partner changed (none if the pairing did not improve)."""
        xp = self.xp
        began = time.perf_counter()
        local, i, j, w = self.window_graph(k)
        size = len(local)
        table = xp.zeros(size * size, dtype=xp.int64)  # (i, j), i < j, at i · size + j
        table[i * size + j] = w
        self.where[local] = xp.arange(size)

        def total(p: IntArray, q: IntArray) -> int:
            return int(table[xp.minimum(p, q) * size + xp.maximum(p, q)].sum())

        weighed = time.perf_counter()
        mate = self.mate
        partner = self.where[mate[local]]
        mine = xp.flatnonzero(xp.arange(size) < partner)
        current = total(mine, partner[mine])
        timing = self.timing
        timing.windows += 1
        # the field's potentials if they hold on every pair here, else the window's own
        y = None if self.potentials is None else self.potentials[local]
        holds = y is not None and not xp.any(y[i] + y[j] < 2 * w)
        if y is not None and not holds and size > DENSE_UP_TO:
            y = assignment_potentials(size, i, j, w)
            holds = not xp.any(y[i] + y[j] < 2 * w)
        if holds and y is not None and not self.prepared.apart and sum(y.tolist()) == 2 * current:
            timing.proved += 1  # no matching of the window is heavier (the module's proof)
            timing.costs += time.perf_counter() - began
            return xp.zeros(0, dtype=xp.int64)  # type: ignore[no-any-return]
        found = self.solved(k, local, lambda: solve(size, i, j, w, y, in_rows=True))
        solved = time.perf_counter()
        first = xp.array([p for p, _ in found], dtype=xp.int64)
        second = xp.array([q for _, q in found], dtype=xp.int64)
        gained = total(first, second) - current
        timing.costs += weighed - began + time.perf_counter() - solved
        timing.matching += solved - weighed
        timing.solves += 1
        if gained <= 0:
            return xp.zeros(0, dtype=xp.int64)  # type: ignore[no-any-return]
        timing.improved += 1
        x, y = local[first], local[second]
        moved: IntArray = xp.concatenate([x[mate[x] != y], y[mate[y] != x]])
        mate[x], mate[y] = y, x
        return moved
