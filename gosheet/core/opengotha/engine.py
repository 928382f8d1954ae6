"""OpenGotha's McMahon and Swiss pairing of a round: the bye, the costs of every pair, the
maximum-weight perfect matching, then colours, handicaps and tables as OpenGotha sets them.

By default the whole field is one matching. With ``Pair in blocks above 600 players`` (the
"OpenGotha-compatible" preset an imported file gets), a field above 600 players is cut, from
the top score down, into blocks of 200 to 600 paired one after the other, as OpenGotha does.

Without numpy (LibreOffice's own Python, the browser), the same code runs over
:mod:`~gosheet.core.opengotha.arrays` (``info.xp``) and gives the same rounds.

Where a helper process may run (the ``gosheet`` command, :mod:`gosheet.parallel`), a large
round's blocks and windows are shared with it (:func:`match_blocks`): the same round.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import partial

from gosheet import parallel
from gosheet.core.matching import Criterion, SummedWeights
from gosheet.core.model import Game, Player, Tournament
from gosheet.core.opengotha.arrays import IntArray, among, namespace
from gosheet.core.opengotha.bye import bye_weights, choose_bye
from gosheet.core.opengotha.candidates import (
    DENSE_UP_TO,
    RELAX_ABOVE,
    all_pairs,
    candidate_pairs,
    near_pairs,
)
from gosheet.core.opengotha.costs import (
    CRITERIA,
    RULES,
    det_randoms,
    handicap,
    pair_costs,
    total_cost,
)
from gosheet.core.opengotha.info import PairingInfo, pairing_info
from gosheet.core.opengotha.local_search import Known, LocalSearch, Timing, solve
from gosheet.core.opengotha.placement import Placement
from gosheet.core.opengotha.scores import ScoredPlayer, score_players
from gosheet.core.opengotha.sharing import HELPER_LEAST, block_cost, early, first_cost, plan
from gosheet.core.pairing import PairCost, Pairing, Weighing, check_can_pair
from gosheet.core.potentials import (
    Relaxation,
    can_relax,
    relax,
    rounded,
)
from gosheet.core.settings import Settings
from gosheet.records import record, replace

#: OpenGotha pairs a larger field in blocks (``Pairing.PAIRING_GROUP_MAX_SIZE``) …
BLOCK_MAX = 600
#: … of at least this many players (``PAIRING_GROUP_MIN_SIZE``).
BLOCK_MIN = 200


@record
class Prepared:
    """A round ready to pair: who has the bye, who is paired, and their pairing info."""

    settings: Settings
    round_number: int
    bye: Player | None
    info: PairingInfo  # the players to pair first, then the bye player if any
    paired: int  # how many of ``info.players`` are paired (the bye player is not)
    scored: dict[int, ScoredPlayer]
    bye_weights: tuple[tuple[Player, int], ...] = ()  # every player's weight for the bye
    # the pairs of positions (low, high) kept apart (the Keep apart sheet): left out of the
    # graph, unless no perfect matching is left without them (:func:`match`)
    apart: frozenset[tuple[int, int]] = frozenset()

    def costs(self, i: IntArray, j: IntArray) -> dict[str, IntArray]:
        """Each criterion's cost of the pairs of positions (``i[t]``, ``j[t]``)."""
        return pair_costs(self.settings, self.info, i, j)

    def allowed(self, i: IntArray, j: IntArray) -> IntArray:
        """Which pairs of positions (``i[t]``, ``j[t]``) are not kept apart."""
        xp = self.info.xp
        n = len(self.info.players)
        banned = xp.array(sorted(a * n + b for a, b in self.apart), dtype=xp.int64)
        codes = xp.minimum(i, j) * n + xp.maximum(i, j)
        return ~among(codes, banned)  # type: ignore[no-any-return]


def pairing_list(t: Tournament, placement: Placement, number: int) -> list[Player]:
    """OpenGotha's list of the players of round ``number``, as its Pair window shows them:
    the players of the round by the standings after the round before — the placement
    criteria, then surname, then first name (Java's order). The bye goes to the last of
    equals in this list (:mod:`~gosheet.core.opengotha.bye`), and in each pair the player
    listed first is ``p1`` of ``Pairing.detRandom``
    (:func:`~gosheet.core.opengotha.costs.det_randoms`)."""
    present = {p.number: p for p in t.players if p.plays_in(number)}
    return [present[n] for n in placement.order(number - 2) if n in present]


def prepare(t: Tournament) -> Prepared:
    """Everything the pairing of the next round needs: who has the bye, chosen over
    OpenGotha's list (:func:`pairing_list`), and the pairing info of the players (in
    registration order, the bye player last), each with his place in that list."""
    number = check_can_pair(t)
    scored = score_players(t)
    placement = Placement(t, scored)
    listed = pairing_list(t, placement, number)
    weights = bye_weights(listed, scored, t, number) if len(listed) % 2 else []
    bye = choose_bye(weights) if weights else None
    paired = [p for p in t.players if p.plays_in(number) and p is not bye]
    order = paired + ([bye] if bye is not None else [])
    place = {p.number: k for k, p in enumerate(listed)}
    info = pairing_info(t.settings, number, order, scored, placement.column, place)
    at = {p.number: k for k, p in enumerate(paired)}
    apart = frozenset(
        (min(at[a], at[b]), max(at[a], at[b]))
        for a, b in (sorted(pair) for pair in t.kept_apart(number))
        if a in at and b in at
    )
    return Prepared(t.settings, number, bye, info, len(paired), scored, tuple(weights), apart)


def allowed(prepared: Prepared, i: IntArray, j: IntArray) -> IntArray:
    """Which pairs of positions (``i[t]``, ``j[t]``) are not kept apart."""
    return prepared.allowed(i, j)


def first_pairing(info: PairingInfo, relaxed: Relaxation) -> list[tuple[int, int]]:
    """The local search's first pairing of a large field: the assignment relaxation of the
    candidate graph, rounded (:func:`~gosheet.core.potentials.rounded`); a player its odd
    cycles leave out meets the next one left out, in the order of groups and places."""
    import numpy as np  # the relaxation is numpy's and SciPy's only

    order = np.lexsort((info.place, info.group))
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return rounded(relaxed, rank)


def improving_pairs(
    prepared: Prepared, members: IntArray, pairs: list[tuple[int, int]]
) -> tuple[IntArray, IntArray]:
    """The check of a matching: every pair (a, b) of ``members`` of the same or neighbouring
    groups such that the swap (a, b) and (a's partner, b's partner) instead of
    (a, a's partner) and (b, b's partner) raises the total. Empty for an optimal matching;
    :func:`match` guarantees it empty unless a window had to be cut (``Timing.cut``) or
    the sweeps ran out (``Timing.unsettled``)."""
    xp = prepared.info.xp
    n = len(prepared.info.players)
    mate = xp.full(n, -1, dtype=xp.int64)
    for a, b in pairs:
        mate[a], mate[b] = b, a
    i, j = near_pairs(prepared.info, members)
    mi, mj = mate[i], mate[j]
    swap = (mi >= 0) & (mj >= 0) & (mi != j)
    i, j, mi, mj = i[swap], j[swap], mi[swap], mj[swap]

    def weight(a: IntArray, b: IntArray) -> IntArray:
        return total_cost(prepared.costs(xp.minimum(a, b), xp.maximum(a, b)))

    gain = weight(i, j) + weight(mi, mj) - weight(i, mi) - weight(j, mj)
    better = gain > 0
    return i[better], j[better]


def match(
    prepared: Prepared, members: IntArray, timing: Timing | None = None
) -> list[tuple[int, int]]:
    """The best pairs of ``members`` (positions), as sorted pairs.

    Up to ``DENSE_UP_TO`` members: the matching of every pair. Above: a first pairing, then
    a local search (:class:`LocalSearch`): each window (two neighbouring score groups, see
    ``candidates.windows``) with the current partners of its players is matched again on
    every pair among them, and the better pairing replaces the old one; windows whose players
    changed partner are solved again until none improves. The result is optimal inside every
    window.

    The first pairing is the matching of the candidate graph; in a field of more than
    ``RELAX_ABOVE`` players, the candidate graph's assignment relaxation rounded
    (:func:`first_pairing`; with players kept apart, still the matching), and every blossom
    starts from the relaxation's potentials (:mod:`gosheet.core.potentials`): the same
    optimum, several times faster — worth SciPy's import (0.2 s) only for a large field."""
    timing = timing or Timing()
    first = first_pairs(prepared, members, timing)
    if first.final:
        return first.pairs
    return local_search(prepared, first, timing).run()


@record
class FirstPairs:
    """A block's first pairing (:func:`first_pairs`): its pairs, the potentials of its
    blossoms (or None), whether they are final (the matching of every pair: no local
    search), and whether the pairs kept apart had to be let meet."""

    pairs: list[tuple[int, int]]
    potentials: IntArray | None
    final: bool
    members: IntArray
    apart_dropped: bool = False


def first_pairs(prepared: Prepared, members: IntArray, timing: Timing) -> FirstPairs:
    """The first pairing of ``members`` (see :func:`match`)."""
    start = time.perf_counter()
    i, j, weights = weighed_pairs(prepared, members)
    weighed = time.perf_counter()
    # (the field's size decides, not the block's: SciPy's import is paid once for all blocks)
    # (and only with numpy and SciPy: without them, the candidate graph's matching)
    large = len(members) > DENSE_UP_TO and prepared.paired > RELAX_ABOVE and can_relax()
    relaxed = relax(len(prepared.info.players), i, j, weights) if large else None
    pairs = best_matching(prepared, members, (i, j, weights), relaxed)
    if prepared.apart and 2 * len(pairs) < len(members):
        # a pair kept apart must meet: OpenGotha's weights alone decide, over every pair
        dropped = first_pairs(replace(prepared, apart=frozenset()), members, timing)
        return replace(dropped, apart_dropped=True)
    timing.costs += weighed - start
    timing.matching += time.perf_counter() - weighed
    timing.solves += 1
    potentials = None if relaxed is None else relaxed.potentials
    return FirstPairs(pairs, potentials, len(members) <= DENSE_UP_TO, members)


def local_search(prepared: Prepared, first: FirstPairs, timing: Timing) -> LocalSearch:
    """The local search from a block's first pairing (:func:`first_pairs`)."""
    if first.apart_dropped:
        prepared = replace(prepared, apart=frozenset())
    return LocalSearch(prepared, first.members, first.pairs, first.potentials, timing)


def match_blocks(
    prepared: Prepared, parts: list[IntArray], timing: Timing | None = None
) -> list[list[tuple[int, int]]]:
    """:func:`match` of each block, shared with helper processes where one may run
    (:mod:`gosheet.parallel`), one at a time: while this process finds the first pairing of
    the largest block, a first helper matches some other blocks whole
    (:func:`~gosheet.core.opengotha.sharing.early`); then a second one takes some of the
    blocks left and the last windows of that block's local search
    (:func:`~gosheet.core.opengotha.sharing.plan`), and this process matches the other
    blocks, then sweeps the largest block's windows, taking the helper's pairs of the
    window graphs it solved (:meth:`LocalSearch.solved`). The same pairs as block after
    block in this process."""
    timing = timing or Timing()  # (the helpers' own timings stay there)
    if not parts or not parallel.free():
        return [match(prepared, members, timing) for members in parts]
    largest = max(range(len(parts)), key=lambda k: len(parts[k]))
    others = [k for k in range(len(parts)) if k != largest]
    info = prepared.info
    costs = {k: block_cost(prepared.settings, info, parts[k]) for k in others}
    done: dict[int, list[tuple[int, int]]] = {}
    first_helped = [others[k] for k in early(first_cost(len(parts[largest])), list(costs.values()))]
    with _helping(prepared, parts, first_helped, costs, timing) as helped_first:
        first = first_pairs(prepared, parts[largest], timing)
        # (its local search set up before the first helper is waited for: it has that time)
        search = None if first.final else local_search(prepared, first, timing)
        done |= helped_first()
    left = [k for k in others if k not in done]
    window_costs = (
        [] if search is None else [search.window_cost(k) for k in range(len(search.cores))]
    )
    share = plan([costs[k] for k in left], window_costs)
    given = [left[k] for k in share.blocks]
    tail = list(range(len(window_costs) - share.windows, len(window_costs)))

    def helping() -> Helped:
        matched = [match(prepared, parts[k]) for k in given]
        return matched, ({} if search is None or not tail else search.ahead(tail))

    helper = parallel.start(helping, lambda: None) if share.load >= HELPER_LEAST else None
    if helper is not None and search is not None and tail:
        search.helped = frozenset(tail)
        search.helper = partial(_windows_helped, helper)
    try:
        for k in left:
            if helper is None or k not in given:
                done[k] = match(prepared, parts[k], timing)
        done[largest] = first.pairs if search is None else search.run()
        if helper is not None and given:
            helped = helper.result()
            matched = None if helped is None else helped[0]  # (None: the helper failed)
            done |= _blocks_taken(prepared, parts, given, matched, timing)
    finally:
        if helper is not None:
            helper.close()
    return [done[k] for k in range(len(parts))]


@contextmanager
def _helping(
    prepared: Prepared,
    parts: list[IntArray],
    given: list[int],
    costs: dict[int, float],
    timing: Timing,
) -> Iterator[Callable[[], dict[int, list[tuple[int, int]]]]]:
    """A helper matching the blocks ``given`` (if they are worth one, :data:`HELPER_LEAST`,
    and one may start) while the ``with`` block runs; what it yields gives their pairs
    (waiting for the helper; matched here if it failed or none started). The helper is
    stopped if the block ends otherwise."""
    helper = None
    if given and sum(costs[k] for k in given) >= HELPER_LEAST:
        helper = parallel.start(lambda: [match(prepared, parts[k]) for k in given], lambda: None)

    def pairs() -> dict[int, list[tuple[int, int]]]:
        matched = None if helper is None else helper.result()
        return _blocks_taken(prepared, parts, given, matched, timing)

    try:
        yield pairs
    finally:
        if helper is not None:
            helper.close()


def _blocks_taken(
    prepared: Prepared,
    parts: list[IntArray],
    given: list[int],
    matched: list[list[tuple[int, int]]] | None,
    timing: Timing,
) -> dict[int, list[tuple[int, int]]]:
    """The pairs of the blocks ``given`` to a helper: those it ``matched``, or, if none
    started or it failed (None), matched here."""
    if matched is None:
        return {k: match(prepared, parts[k], timing) for k in given}
    timing.blocks_helped += len(given)
    return dict(zip(given, matched, strict=True))


#: What the helper of :func:`match_blocks` sends: the pairs of its whole blocks, and the pairs
#: of the window graphs it solved.
Helped = tuple[list[list[tuple[int, int]]], Known]


def _windows_helped(helper: parallel.Helper[Helped | None]) -> Known:
    helped = helper.result()
    return {} if helped is None else helped[1]  # (a failed helper: the windows solved here)


def weighed_pairs(prepared: Prepared, members: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """The pairs of ``members`` that may meet, (``i``, ``j``), with their weights, as
    OpenGotha's ``Pairing.costValue`` sums them: every pair up to ``DENSE_UP_TO`` members,
    else the candidate pairs (:func:`~gosheet.core.opengotha.candidates.candidate_pairs`);
    never a pair kept apart."""
    if len(members) <= DENSE_UP_TO:
        i, j = all_pairs(members)
    else:
        i, j = candidate_pairs(prepared.settings, prepared.info, members)
    if prepared.apart:
        keep = allowed(prepared, i, j)
        i, j = i[keep], j[keep]
    return i, j, total_cost(prepared.costs(i, j))


def best_matching(
    prepared: Prepared,
    members: IntArray,
    graph: tuple[IntArray, IntArray, IntArray],
    relaxed: Relaxation | None,
) -> list[tuple[int, int]]:
    """The maximum-weight matching of ``graph`` (``i``, ``j``, weights), as OpenGotha's
    ``maxWeightMatching``; a field's relaxation (``relaxed``), rounded, stands for it when
    it pairs every member and no one is kept apart. Fewer pairs than half the members: some
    must meet though kept apart."""
    i, j, weights = graph
    info = prepared.info
    pairs = [] if relaxed is None or prepared.apart else first_pairing(info, relaxed)
    # the field's potentials: every blossom of the local search starts from them
    potentials = None if relaxed is None else relaxed.potentials
    if 2 * len(pairs) != len(members):  # not relaxed, or players kept apart: a blossom
        # (the candidate graph's pairs come sorted: in the order of a matrix's rows)
        in_rows = len(members) > DENSE_UP_TO
        pairs = solve_members(len(info.players), members, (i, j, weights), potentials, in_rows)
    return pairs


def solve_members(
    vertex_count: int,
    members: IntArray,
    graph: tuple[IntArray, IntArray, IntArray],
    potentials: IntArray | None,
    in_rows: bool = False,
) -> list[tuple[int, int]]:
    """:func:`~gosheet.core.opengotha.local_search.solve` of a ``graph`` (``i``, ``j``,
    weights) of ``members``' pairs (positions of ``vertex_count``). A block (some of the
    positions) is solved on its members alone, each renumbered by its rank among them, so
    that the blossom does not carry the block's outsiders through every stage (a block of
    248 of a field of 682). The ranks keep the positions' order and the edges theirs, and a
    vertex without edges never changes the blossom's choices (each stage scans vertices and
    blossoms in index order; only edges move it), and the graph is dense or not as on the
    whole field (which decides whether its edges are sorted): the same pairs
    (``tests/core/test_opengotha_block_solve.py``). ``in_rows`` as ``solve``'s."""
    i, j, weights = graph
    xp = namespace(members)
    order = xp.sort(members)
    if not len(order) or int(order[-1]) == len(order) - 1:  # every position up to the last
        return solve(vertex_count, i, j, weights, potentials, in_rows=in_rows)
    rank_i, rank_j = xp.searchsorted(order, i), xp.searchsorted(order, j)
    local = None if potentials is None else potentials[order]
    dense = 2 * len(i) > vertex_count**2 // 4  # the field's: the same edge order as on it
    found = solve(len(order), rank_i, rank_j, weights, local, in_rows=in_rows, dense=dense)
    positions = order.tolist()
    return sorted((positions[a], positions[b]) for a, b in found)


def blocks(prepared: Prepared) -> list[IntArray]:
    """The players to pair (positions), whole, or cut as OpenGotha cuts a field of more than
    :data:`BLOCK_MAX`: from the top category and score down, blocks of at least
    :data:`BLOCK_MIN` (an even number) until at most :data:`BLOCK_MAX` remain."""
    info, n = prepared.info, prepared.paired
    xp = info.xp
    everyone = xp.arange(n, dtype=xp.int64)
    if not prepared.settings.opengotha.og_blocks or n <= BLOCK_MAX:
        return [everyone]
    # The group number runs down the categories and scores: sort by it, best first.
    remaining = [int(k) for k in everyone[xp.argsort(info.group[:n], kind="stable")]]
    cut: list[IntArray] = []
    while len(remaining) > BLOCK_MAX:
        block: list[int] = []
        while remaining:
            block.append(remaining.pop(0))
            group_done = not remaining or info.group[remaining[0]] != info.group[block[-1]]
            if len(block) >= BLOCK_MAX or len(remaining) <= BLOCK_MIN:
                break
            if group_done and len(block) >= BLOCK_MIN and len(block) % 2 == 0:
                break
        cut.append(xp.array(block, dtype=xp.int64))
    cut.append(xp.array(remaining, dtype=xp.int64))
    return cut


def colours(prepared: Prepared, pairs: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(white, black, handicap) of each pair of positions, as OpenGotha's ``gameBetween``:
    the stronger takes White in a handicap game; in an even game, the player with more White
    so far takes Black; if equal, a deterministic lot on the names (the same whichever of
    the two is listed first)."""
    if not pairs:
        return []
    info = prepared.info
    xp = info.xp
    a = xp.array([p for p, _ in pairs], dtype=xp.int64)
    b = xp.array([q for _, q in pairs], dtype=xp.int64)
    hd = handicap(prepared.settings, info, a, b)
    # gameBetween(p1, p2): p1 is the one listed first; the lot's 0 gives p1 White
    a_first = info.listed[a] < info.listed[b]
    lot = det_randoms(1, info, xp.where(a_first, a, b), xp.where(a_first, b, a))
    by_balance = xp.where(info.wb[a] != info.wb[b], info.wb[a] < info.wb[b], (lot == 0) == a_first)
    a_white = xp.where(hd != 0, hd > 0, by_balance)
    white, black = xp.where(a_white, a, b), xp.where(a_white, b, a)
    return list(zip(white.tolist(), black.tolist(), xp.abs(hd).tolist(), strict=True))


class PairValues(Mapping[tuple[int, int], tuple[int, ...]]):
    """Every pair (i, j), i < j, of the players to pair, with its nine costs — worked out when
    asked for, so that explaining a round of thousands of players weighs only the pairs shown."""

    def __init__(self, prepared: Prepared) -> None:
        self.prepared = prepared

    def __getitem__(self, pair: tuple[int, int]) -> tuple[int, ...]:
        i, j = pair
        if not 0 <= i < j < self.prepared.paired or pair in self.prepared.apart:
            raise KeyError(pair)  # not a pair of the round, or kept apart
        xp = self.prepared.info.xp
        costs = self.prepared.costs(xp.array([i], dtype=xp.int64), xp.array([j], dtype=xp.int64))
        return tuple(int(costs[c][0]) for c in CRITERIA)

    def __iter__(self) -> Iterator[tuple[int, int]]:
        n, apart = self.prepared.paired, self.prepared.apart
        return ((i, j) for i in range(n) for j in range(i + 1, n) if (i, j) not in apart)

    def __len__(self) -> int:
        return self.prepared.paired * (self.prepared.paired - 1) // 2 - len(self.prepared.apart)


def weigh(t: Tournament) -> Weighing:
    """Every pair of the next round with its cost, criterion by criterion (for ``explain``);
    each criterion's bound is its weight in the settings."""
    prepared = prepare(t)
    og = t.settings.opengotha
    bounds = {
        "baseDuplicateGameCost": og.pai_avoid_duplicates,
        "baseRandomCost": og.pai_random,
        "baseBWBalanceCost": og.pai_balance_wb,
        "mainCategoryCost": og.pai_avoid_mixing_categories,
        "mainScoreDiffCost": og.pai_minimize_score_difference,
        "mainDUDDCost": og.pai_dudd_weight,
        "mainSeedCost": og.pai_maximize_seeding,
        "secHandiCost": og.pai_minimize_handicap,
        "secGeoCost": og.pai_avoid_same_geo,
    }
    weights = SummedWeights([Criterion(c, bounds[c], RULES[c]) for c in CRITERIA])
    players = prepared.info.players[: prepared.paired]
    byes = tuple((p.number, weight) for p, weight in prepared.bye_weights)
    return Weighing(prepared.round_number, players, weights, PairValues(prepared), byes)


def pair(t: Tournament) -> Pairing:
    """Pair the next round with OpenGotha's McMahon or Swiss: in the warm helper process if
    one was started (:func:`gosheet.parallel.warm`: it imported numpy and rustworkx while
    this process read the workbook), else here; the same round."""
    return parallel.delegate(pair_here, t)


def pair_here(t: Tournament) -> Pairing:
    """:func:`pair`, in this process."""
    prepared = prepare(t)
    info = prepared.info
    chosen = [pair for pairs in match_blocks(prepared, blocks(prepared)) for pair in pairs]
    games = colours(prepared, chosen)
    # Tables: the best McMahon score first (OpenGotha's "best MMS" order), then names.
    mms2 = info.mms2

    def table_key(game: tuple[int, int, int]) -> tuple[int, int, str]:
        white, black, _ = game
        high, low = sorted((int(mms2[white]), int(mms2[black])), reverse=True)
        return (-high, -low, min(info.names[white], info.names[black]))

    games.sort(key=table_key)
    komi = t.settings.komi
    result: list[Game] = []
    costs: list[PairCost] = []
    xp = info.xp
    low = xp.array([min(w, b) for w, b, _ in games], dtype=xp.int64)
    high = xp.array([max(w, b) for w, b, _ in games], dtype=xp.int64)
    parts = prepared.costs(low, high)
    columns = [parts[c].tolist() for c in CRITERIA]
    vectors = zip(*columns, strict=True)  # each game's costs, criterion by criterion
    for table, ((white, black, hd), vector) in enumerate(zip(games, vectors, strict=True), start=1):
        w, b = info.players[white].number, info.players[black].number
        result.append(Game(table, w, b, hd, komi if hd == 0 else 0.5))
        costs.append(PairCost(w, b, 1 + sum(vector), tuple(zip(CRITERIA, vector, strict=True))))
    byes = (prepared.bye.number,) if prepared.bye is not None else ()
    return Pairing(prepared.round_number, tuple(result), byes, tuple(costs))


__all__ = [
    "BLOCK_MAX",
    "BLOCK_MIN",
    "Timing",
    "all_pairs",
    "blocks",
    "pair",
    "prepare",
    "solve",
    "weigh",
]
