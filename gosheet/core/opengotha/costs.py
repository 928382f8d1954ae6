"""OpenGotha's cost of a pair, criterion by criterion (its ``Tournament.costValue`` as
OpenGotha 3.52 computes it), for many pairs at once.

The cost of a pair is ``1 + Σ criteria``; the round's pairing is the perfect matching of
maximum total cost. Every criterion is an integer (Java ``long``): the concave ones,
f(W, x) = W·(1 − x)·(1 + k·x), are computed in double precision and truncated exactly as
OpenGotha does, so the weights equal those of OpenGotha's weight dumps.

=======================  ===============================================================
criterion (dump name)    rule
=======================  ===============================================================
baseDuplicateGameCost    W if the two have never met
baseRandomCost           a deterministic number from the two names, 0 … W
baseBWBalanceCost        even game only: W if their colour balances have opposite signs,
                         W/2 if one is 0 and the other at least 2
mainCategoryCost         f(W, category distance / number of categories)
mainScoreDiffCost        f(W, group distance / number of groups), same category only
mainDUDDCost             different groups: the draw-up/draw-down rule (modes, scenario)
mainSeedCost             same group: split and slip / fold / random
secHandiCost             f(W, MMS distance / range), strong players at the top
secGeoCost               f(W, club and country distances), waived for strong players
=======================  ===============================================================
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from gosheet.core.opengotha.arrays import IntArray, Vec, namespace
from gosheet.core.opengotha.info import (
    MIN_RANK,
    SMMS_CORRECTION_MAX,
    SMMS_CORRECTION_MIN,
    PairingInfo,
    main_criterion,
    utf16_units,
)
from gosheet.core.settings import Settings
from gosheet.i18n.words import N_w

#: The criteria in the order of OpenGotha's weight dumps, with their rule in words.
RULES = {
    "baseDuplicateGameCost": N_w("avoid duplicates: the weight if the two have never met"),
    "baseRandomCost": N_w("random: a number from the two names, 0 to the weight"),
    "baseBWBalanceCost": N_w(
        "colour balance (even games): the weight if their White/Black balances "
        "have opposite signs, half if one is 0 and the other at least 2"
    ),
    "mainCategoryCost": N_w("categories: f(weight, category distance / categories)"),
    "mainScoreDiffCost": N_w("score difference: f(weight, group distance / groups), same category"),
    "mainDUDDCost": N_w(
        "draw-up/draw-down between groups: who (top, middle, bottom) and whether it "
        "repeats or makes up an earlier one"
    ),
    "mainSeedCost": N_w("seeding in a group: split and slip, fold or random"),
    "secHandiCost": N_w("handicap: f(weight, MMS distance), waived for strong players"),
    "secGeoCost": N_w(
        "geography: more for different clubs and countries, waived for strong players"
    ),
}
CRITERIA = tuple(RULES)
if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Floats = npt.NDArray[np.float64]  # x of f(W, x), in double precision as Java's


def det_random(maximum: int, name1: str, name2: str) -> int:
    """OpenGotha's deterministic "random" number 0 … ``maximum`` of two players, from their
    names (name + first name; ``name1`` is the player listed first in the round's list, see
    :func:`gosheet.core.opengotha.engine.pairing_list`): Σ code × (k + 1) over the two names
    joined in alphabetical order, × 1234567, modulo ``maximum`` + 1 — and ``maximum`` minus
    that when ``name1`` sorts after ``name2`` (``Pairing.detRandom`` of 3.5x: not symmetric).
    Codes are Java's UTF-16 code units, and so is the order (``String.compareTo``).

    >>> det_random(100, "A", "B"), det_random(100, "B", "A")
    (83, 17)
    >>> det_random(1, "LeeAnn", "KimBo") + det_random(1, "KimBo", "LeeAnn")
    1
    """
    first, second = utf16_units(name1), utf16_units(name2)
    inverse = first > second
    if inverse:
        first, second = second, first
    total = sum(u * (k + 1) for k, u in enumerate(first + second))
    value = total * 1234567 % (maximum + 1)
    return maximum - value if inverse else value


def det_randoms(maximum: int, info: PairingInfo, i: IntArray, j: IntArray) -> IntArray:
    """:func:`det_random` of many pairs at once, each pair's first player being the one
    earlier in OpenGotha's list (:attr:`PairingInfo.listed`). For names A then B joined, the
    sum is weight(A) + weight(B) + len(A) · Σ(B)."""
    xp = info.xp
    i_first = info.listed[i] < info.listed[j]
    p1, p2 = xp.where(i_first, i, j), xp.where(i_first, j, i)
    inverse = info.name_order[p1] > info.name_order[p2]
    a, b = xp.where(inverse, p2, p1), xp.where(inverse, p1, p2)
    total = info.name_weight[a] + info.name_weight[b] + info.name_length[a] * info.name_sum[b]
    value = total * 1234567 % (maximum + 1)
    result: IntArray = xp.where(inverse, maximum - value, value)
    return result


def concave(weight: int, x: Floats, k: float) -> IntArray:
    """(long) (W·(1 − x)·(1 + k·x)), evaluated as Java does."""
    result: IntArray = (weight * (1.0 - x) * (1.0 + k * x)).astype(namespace(x).int64)
    return result


def concave_of_distances(weight: int, distance: IntArray, scale: float, k: float) -> IntArray:
    """:func:`concave` of x = ``distance`` / ``scale`` for integer distances ≥ 0: computed
    once for each distance from 0 to the largest, then looked up (the same doubles, as the
    same operations on the same numbers: a table of a few dozen instead of a pair each)."""
    xp = namespace(distance)
    top = int(distance.max()) if len(distance) else 0
    if top > len(distance):  # (a few far-apart values: each computed where it stands)
        return concave(weight, distance / scale, k)
    table = concave(weight, xp.arange(top + 1, dtype=xp.int64) / scale, k)
    result: IntArray = table[distance]
    return result


def _jdiv(xp: Any, a: IntArray, b: IntArray | int) -> IntArray:
    """Java's long division (truncation toward zero), element-wise (``xp``: the arrays'
    module)."""
    if isinstance(b, int):
        q: IntArray = xp.abs(a) // abs(b)
        return xp.where((a < 0) != (b < 0), -q, q)  # type: ignore[no-any-return]
    q = xp.abs(a) // xp.abs(b)
    return xp.where((a < 0) != (b < 0), -q, q)  # type: ignore[no-any-return]


def handicap(settings: Settings, info: PairingInfo, i: IntArray, j: IntArray) -> IntArray:
    """The handicap of each pair, signed: > 0 when ``i`` is the stronger (OpenGotha's
    ``gameBetween``: pseudo-ranks from MMS or rank, the no-handicap threshold, the
    correction toward 0, the ceiling)."""
    xp = info.xp
    p = settings.opengotha
    pseudo = _jdiv(xp, info.mms2, 2) + MIN_RANK if p.hd_based_on_mms else info.rank
    pseudo = xp.minimum(pseudo, p.hd_no_hd_rank_threshold)
    # the handicap of each difference of pseudo-ranks that can occur, then looked up
    span = int(pseudo.max() - pseudo.min()) if len(pseudo) else 0
    hd = xp.arange(-span, span + 1, dtype=xp.int64)
    corr = p.hd_correction
    hd = xp.where(hd > 0, xp.maximum(hd - corr, 0), xp.where(hd < 0, xp.minimum(hd + corr, 0), 0))
    ceiling = p.hd_ceiling
    table = xp.clip(hd, -ceiling, ceiling)
    result: IntArray = table[pseudo[i] - pseudo[j] + span]
    return result


def _strong(settings: Settings, info: PairingInfo) -> IntArray:
    """1 for a player above the secondary criteria's thresholds (many wins, MMS at the
    rank threshold, started at the bar), else 0."""
    xp = info.xp
    p = settings.opengotha
    rounds = settings.rounds or 0
    nbw2_threshold = rounds if p.pai_nbw_threshold_active else 2 * rounds
    many_wins = info.nbw2 >= nbw2_threshold
    strong_mms = info.mms2 >= 2 * (p.pai_rank_threshold - MIN_RANK)
    above_bar = (info.smms >= p.mm_bar - MIN_RANK) & p.pai_bar_threshold_active
    result: IntArray = (many_wins | strong_mms | above_bar).astype(xp.int64)
    return result


@functools.cache
def _scenarios(compensate: bool) -> tuple[int, ...]:
    """OpenGotha's draw-up/draw-down scenario of a pair of players of different groups, by
    the codes of the upper player (2 if drawn down before, + 1 if drawn up more often than
    down) and of the lower one (2 if drawn up before, + 1 if drawn down more often than up):
    ``scenario[4 · upper code + lower code]``."""
    table = []
    for upper in range(4):
        for lower in range(4):
            scenario = 2 - upper // 2 - lower // 2  # drawn down again, drawn up again
            scenario += scenario != 0 and upper % 2  # the upper one's draw-ups made up for
            scenario += scenario != 0 and lower % 2  # the lower one's draw-downs made up for
            table.append(scenario if compensate else min(scenario, 2))
    return tuple(table)


def _dudd(
    settings: Settings, info: PairingInfo, i: IntArray, j: IntArray, gi: IntArray, gj: IntArray
) -> IntArray:
    """The draw-up/draw-down cost of pairs of different groups (``gi``, ``gj``: their
    groups; 0 for a pair of one group)."""
    xp = info.xp
    p = settings.opengotha
    w = p.pai_dudd_weight // 5
    i_upper = gi < gj  # OpenGotha numbers groups from the top: upper = smaller
    upper = xp.where(i_upper, i, j)
    lower = xp.where(i_upper, j, i)
    du, dd = info.du, info.dd
    # each player's code as the upper and as the lower player of a pair (:func:`_scenarios`)
    upper_code = 4 * (2 * (dd > 0) + ((du > 0) & (du > dd)))
    lower_code = 2 * (du > 0) + ((dd > 0) & (dd > du))
    scenario_cost = xp.array(_scenarios(p.pai_compensate_dudd), dtype=xp.int64) * w

    def position(mode: str) -> IntArray:  # each player's cost of his place in his group
        n, c = info.group_size, info.place
        if mode == "TOP":
            share = n - 1 - c
        elif mode == "MID":
            share = n - 1 - xp.abs(2 * c - n + 1)
        else:
            share = c
        result: IntArray = (w // 2) * share // n
        return result

    cost = position(p.pai_dudd_upper_mode)[upper]
    cost += position(p.pai_dudd_lower_mode)[lower]
    cost += scenario_cost[upper_code[upper] + lower_code[lower]]
    if p.categories:  # else every pair is of one category: a gap of 1
        cat_gap = xp.abs(info.category[i] - info.category[j]) + 1
        cost = cost // cat_gap**4
    result: IntArray = xp.where(gi != gj, cost, 0)
    return result


def _seed(settings: Settings, info: PairingInfo, i: IntArray, j: IntArray) -> IntArray:
    """The seeding cost of pairs of one group (``i``, ``j``: only such pairs)."""
    xp = info.xp
    p = settings.opengotha
    weight = p.pai_maximize_seeding
    system = (
        p.pai_seed_system1
        if info.round_number <= p.pai_last_round_seed_system1
        else p.pai_seed_system2
    )
    n, c1, c2 = info.group_size[i], info.place[i], info.place[j]
    if system == "SPLITANDFOLD":
        x = c1 + c2 - (n - 1)
        m = xp.maximum(n - 1, 1)
        cost: IntArray = weight - _jdiv(xp, _jdiv(xp, weight * x, m) * x, m)
    elif system == "SPLITANDSLIP":
        x = 2 * xp.abs(c1 - c2) - n
        m = xp.maximum(n, 1)
        cost = weight - _jdiv(xp, _jdiv(xp, weight * x, m) * x, m)
    else:  # SPLITANDRANDOM: players of different halves, a random preference
        halves = (2 * c1 < n) != (2 * c2 < n)
        spread = int(weight * 0.2)
        cost = xp.where(halves, weight - det_randoms(spread, info, i, j), 0)
    return cost


def _geography(
    settings: Settings, info: PairingInfo, sec_case: Any, country: Any, club: Any, group: Any
) -> IntArray:
    """The geography cost of pairs by how many of the two are strong (``sec_case``) and
    whether they are of one country, one club, one club group (arrays of booleans)."""
    xp = info.xp
    p = settings.opengotha
    k = p.pai_nx1_factor
    groups = float(info.number_of_groups)
    country_f, club_f = p.pai_prefer_mms_diff_country, p.pai_prefer_mms_diff_club
    c_ratio = xp.where(country | (country_f == 0), 0.0, min(country_f / groups, 1.0))
    # a club of the same club group counts as half a club away
    other_club = xp.where(group, min(club_f / 2.0 / groups, 1.0), min(club_f * 1.2 / groups, 1.0))
    k_ratio = xp.where(club | (club_f == 0), 0.0, other_club)
    ratio = xp.maximum(c_ratio, k_ratio) + xp.minimum(c_ratio, k_ratio) / 2.0
    ratio = xp.where(ratio > 0, ratio + 0.5 / groups, ratio)
    geo_max = p.pai_avoid_same_geo
    nominal = p.pai_minimize_score_difference - concave(geo_max, ratio, k)
    nominal = xp.minimum(nominal, geo_max)
    result: IntArray = xp.where(
        sec_case == 2, geo_max, xp.where(sec_case == 1, (nominal + geo_max) // 2, nominal)
    )
    return result


def _secondary(
    settings: Settings, info: PairingInfo, i: IntArray, j: IntArray
) -> tuple[IntArray, IntArray]:
    xp = info.xp
    p = settings.opengotha
    k = p.pai_nx1_factor
    r0 = info.round_number - 1
    strong = _strong(settings, info)
    max_mms = p.mm_bar + SMMS_CORRECTION_MAX - MIN_RANK + r0
    pseudo = xp.where(strong == 1, max_mms, _jdiv(xp, info.mms2, 2))
    if main_criterion(settings) == "MMS":
        sec_range = info.number_of_groups
    else:
        sec_range = p.mm_bar - p.mm_floor
        sec_range += SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN + r0
    distance = xp.abs(pseudo[i] - pseudo[j])
    hd_cost = concave_of_distances(p.pai_minimize_handicap, distance, float(sec_range), k)

    # the geography of each of the 24 cases (strong players 0, 1 or 2; same country; same
    # club; same club group), then looked up: case = 8 · strong + 4 · country + 2 · club + group
    case = xp.arange(24, dtype=xp.int64)
    table = _geography(
        settings, info, case // 8, (case // 4) % 2 == 1, (case // 2) % 2 == 1, case % 2 == 1
    )
    country, club, club_group = info.country_code, info.club_code, info.club_group_code
    # a player in no club group (−1) gets a number of his own: equal numbers, one group
    club_group = xp.where(club_group >= 0, club_group, -1 - xp.arange(len(club_group)))
    eight = strong * 8  # 8 · the strong players of a pair: 8 · strong[i] + 8 · strong[j]
    case = eight[i] + eight[j] + (country[i] == country[j]) * 4 + (club[i] == club[j]) * 2
    geo: IntArray = table[case + (club_group[i] == club_group[j])]
    return hd_cost, geo


def _met(info: PairingInfo, i: IntArray, j: IntArray) -> IntArray:
    """Whether ``j[t]`` is one of ``i[t]``'s opponents of the rounds before. With numpy, one
    comparison a round (``i``'s opponent of that round against ``j``): a few operations on
    the batch, whatever the field's size (sorting the field's pairs met at every batch cost
    3.3 s of a 20,000-player pair). With this module's lists, one set of the pairs met, each
    pair looked up in it: one operation instead of three a round."""
    xp = info.xp
    n, width = len(info.players), info.met_width
    opponents = info.opponents
    if not isinstance(i, Vec):
        result = xp.zeros(len(i), dtype=bool)
        first = i * width
        for r in range(width):
            result |= opponents[first + r] == j
        return result  # type: ignore[no-any-return]
    met = opponents >= 0
    before = xp.repeat(xp.arange(n, dtype=xp.int64), width)[met] * n + opponents[met]
    found: IntArray = xp.isin(i * n + j, before)
    return found


def _balance(weight: int, wb1: IntArray, wb2: IntArray) -> IntArray:
    """The colour balance's cost of pairs by their White/Black balances (any game)."""
    xp = namespace(wb1)
    opposite = wb1 * wb2 < 0
    one_even = ((wb1 == 0) & (xp.abs(wb2) >= 2)) | ((wb2 == 0) & (xp.abs(wb1) >= 2))
    result: IntArray = xp.where(opposite, weight, xp.where(one_even, weight // 2, 0))
    return result


def pair_costs(
    settings: Settings, info: PairingInfo, i: IntArray, j: IntArray
) -> dict[str, IntArray]:
    """Each criterion's cost of the pairs (``i[t]``, ``j[t]``) of positions in ``info``.

    A criterion that depends on a few values of each player (a balance's sign, a distance
    of groups, same club or not …) is computed once for each case that can occur, then
    looked up for each pair: the same numbers, computed by the same operations, a few
    dozen times instead of once a pair (most of a small field's pairing without numpy)."""
    xp = info.xp
    p = settings.opengotha
    k = p.pai_nx1_factor
    costs: dict[str, IntArray] = {}
    costs["baseDuplicateGameCost"] = xp.where(_met(info, i, j), 0, p.pai_avoid_duplicates)
    if p.pai_random:
        costs["baseRandomCost"] = det_randoms(p.pai_random, info, i, j)
    else:
        costs["baseRandomCost"] = xp.zeros(len(i), dtype=xp.int64)
    even = handicap(settings, info, i, j) == 0
    # a balance counts by its sign and whether it is at least 2 away from 0: -2 … 2
    cases = xp.arange(-2, 3, dtype=xp.int64)
    balance = _balance(p.pai_balance_wb, xp.repeat(cases, 5), xp.tile(cases, 5))
    wb = xp.clip(info.wb, -2, 2) + 2
    costs["baseBWBalanceCost"] = xp.where(even, balance[wb[i] * 5 + wb[j]], 0)
    number_of_categories = len(p.categories) + 1
    if number_of_categories > 1:
        distance = xp.abs(info.category[i] - info.category[j])
        scale = float(number_of_categories)
        costs["mainCategoryCost"] = concave_of_distances(
            p.pai_avoid_mixing_categories, distance, scale, k
        )
    else:
        costs["mainCategoryCost"] = xp.zeros(len(i), dtype=xp.int64)
    gi, gj = info.group[i], info.group[j]
    groups = float(info.number_of_groups)
    score = concave_of_distances(p.pai_minimize_score_difference, xp.abs(gi - gj), groups, k)
    if number_of_categories > 1:
        score = xp.where(info.category[i] == info.category[j], score, 0)
    costs["mainScoreDiffCost"] = score
    costs["mainDUDDCost"] = _dudd(settings, info, i, j, gi, gj)
    # the seeding, of the pairs of one group only
    same = xp.flatnonzero(gi == gj)
    seed = xp.zeros(len(i), dtype=xp.int64)
    if len(same):
        seed[same] = _seed(settings, info, i[same], j[same])
    costs["mainSeedCost"] = seed
    costs["secHandiCost"], costs["secGeoCost"] = _secondary(settings, info, i, j)
    return costs


def total_cost(costs: dict[str, IntArray]) -> IntArray:
    """1 + the sum of the criteria (1: the least a possible pair weighs)."""
    total = costs[CRITERIA[0]] + 1
    for c in CRITERIA[1:]:
        total = total + costs[c]
    return total
