"""Which pairs the whole-field matching weighs in a large field, and the windows of its local
search.

OpenGotha weighs every pair (n² / 2 of them) and solves a dense matching in O(n³): 80 s for
2,000 players. A pair's cost falls steeply with the score-group distance (10^11 per group
against 10^8 for draw-ups and 5·10^6 for the seeding), so the optimal matching of a large
field uses pairs of the same or neighbouring score groups, and inside a group mostly the
pairs the seeding wants. The matching is found in two steps (``engine.match``):

1. a first pairing from a sparse *candidate graph* (:func:`candidate_pairs`): its matching;
   above :data:`RELAX_ABOVE` players, its assignment relaxation (each player once as a row
   and once as a column) solved, its cycles of two kept, its longer cycles rounded
   (:func:`gosheet.core.potentials.rounded`), and the relaxation's duals start every blossom
   of step 2. The graph holds

   - each player with the :data:`WINDOW` players on either side of him in the order of
     score groups and places (draw-ups and draw-downs, small groups; this chain also keeps
     a perfect matching possible);
   - between two neighbouring groups, every pair of their players where the draw-up and
     draw-down modes want them (the :data:`DUDD_REGION` players at the top, middle or
     bottom);
   - inside a group, each player with the players around the place the group's seed system
     pairs him with (split and slip: half a group away; split and fold: the mirror place;
     split and random: every pair of the two halves of a group of up to
     :data:`RANDOM_DENSE_UP_TO`, else as slip);

2. a local search over :func:`windows`: each window is two neighbouring score groups (more
   when they are small); the window's players and their current partners are matched again
   on *every* pair among them (a small dense matching), and the better pairing is kept.
   Windows are solved again until none improves, so at the end the matching is optimal
   inside every window: no exchange of partners among the players of two neighbouring
   groups and their partners can raise the total.

A field of up to :data:`DENSE_UP_TO` players is matched on every pair at once. The benchmark
(``benchmarks/bench_opengotha.py``) compares the total cost with the dense matching's.
"""

from __future__ import annotations

from gosheet.core.opengotha.arrays import IntArray, distinct, namespace, run_starts
from gosheet.core.opengotha.info import PairingInfo
from gosheet.core.settings import Settings

WINDOW = 4
#: Inside a group, the seeding's target place ± max(SEED_SPREAD, group size / SEED_SHARE) …
SEED_SPREAD = 3
SEED_SHARE = 20
#: … but never more than this (a group of thousands in a first Swiss round).
SEED_SPREAD_MAX = 24
DENSE_UP_TO = 192
#: Above this many players, the first pairing comes from the candidate graph's assignment
#: relaxation and its potentials start every blossom (SciPy's import, 0.2 s, then pays off:
#: measured, a field of 1,500 is even, 2,000 gains 0.1 s, 5,000 gains 7 s); up to it, the
#: first pairing is the candidate graph's matching and the blossoms start cold.
RELAX_ABOVE = 1500
RANDOM_DENSE_UP_TO = 64
DUDD_REGION = 16
#: A window of the local search spans at least two groups, and more until it has this many
#: players …
WINDOW_MIN = 64
#: … and a window of more players is cut into overlapping pieces of about half this size,
#: in the order of groups and seeding places.
WINDOW_MAX = 512


def all_pairs(members: IntArray) -> tuple[IntArray, IntArray]:
    """Every pair of ``members`` (positions), each once."""
    xp = namespace(members)
    a, b = xp.triu_indices(len(members), k=1)
    return members[a], members[b]


def _seed_system(settings: Settings, round_number: int) -> str:
    if round_number <= settings.opengotha.pai_last_round_seed_system1:
        return settings.opengotha.pai_seed_system1
    return settings.opengotha.pai_seed_system2


def _offsets(ordered: IntArray, targets: IntArray) -> tuple[list[IntArray], list[IntArray]]:
    """Pairs of each ``ordered[k]`` with ``ordered[targets[k] + d]``, |d| ≤ the spread:
    :data:`SEED_SPREAD`, or a share of a larger group (its floaters shift the places), at
    most :data:`SEED_SPREAD_MAX`."""
    xp = namespace(ordered)
    m = len(ordered)
    spread = min(max(SEED_SPREAD, m // SEED_SHARE), SEED_SPREAD_MAX)
    shifts = xp.arange(-spread, spread + 1)
    # every (k, d) at once: the pairs come as a set (candidate_pairs sorts their codes)
    partner = xp.repeat(targets, len(shifts)) + xp.tile(shifts, m)
    ok = (partner >= 0) & (partner < m)
    return [xp.repeat(ordered, len(shifts))[ok]], [ordered[partner[ok]]]


def _region(group: IntArray, mode: str) -> IntArray:
    """The players of a group (by place) a draw-up or draw-down prefers: the whole group if
    it has at most :data:`DUDD_REGION`, else that many at its top, middle or bottom."""
    m = len(group)
    if m <= DUDD_REGION:
        return group
    start = {"TOP": 0, "BOT": m - DUDD_REGION}.get(mode, (m - DUDD_REGION) // 2)
    return group[start : start + DUDD_REGION]


def candidate_pairs(
    settings: Settings, info: PairingInfo, members: IntArray
) -> tuple[IntArray, IntArray]:
    """The pairs (i, j), i < j, of ``members`` (positions in ``info``) to weigh: above
    :data:`DENSE_UP_TO` members sorted, by ``i`` then ``j`` (a matrix's rows)."""
    if len(members) <= DENSE_UP_TO:
        return all_pairs(members)
    xp = info.xp
    ordered = members[xp.lexsort((info.place[members], info.group[members]))]
    count = len(ordered)
    firsts: list[IntArray] = []
    seconds: list[IntArray] = []
    for d in range(1, min(WINDOW, count - 1) + 1):
        firsts.append(ordered[: count - d])
        seconds.append(ordered[d:])
    system = _seed_system(settings, info.round_number)
    starts = run_starts(info.group[ordered])
    ends = [*starts[1:], count]
    for start, end in zip(starts, ends, strict=True):
        group = ordered[start:end]
        m = len(group)
        if m <= WINDOW + 1:
            continue  # the window already holds every pair of the group
        k = xp.arange(m)
        if system == "SPLITANDFOLD":
            more_f, more_s = _offsets(group, m - 1 - k)
        elif system == "SPLITANDSLIP" or m > RANDOM_DENSE_UP_TO:
            up_f, up_s = _offsets(group, k + m // 2)
            down_f, down_s = _offsets(group, k - m // 2)
            more_f, more_s = up_f + down_f, up_s + down_s
        else:  # split and random: every pair across the halves
            top, bottom = group[: (m + 1) // 2], group[(m + 1) // 2 :]
            more_f = [xp.repeat(top, len(bottom))]
            more_s = [xp.tile(bottom, len(top))]
        firsts += more_f
        seconds += more_s
    for (u_start, u_end), (l_start, l_end) in zip(
        zip(starts, ends, strict=True),
        zip(starts[1:], ends[1:], strict=False),
        strict=False,
    ):
        upper = _region(ordered[u_start:u_end], settings.opengotha.pai_dudd_upper_mode)
        lower = _region(ordered[l_start:l_end], settings.opengotha.pai_dudd_lower_mode)
        firsts.append(xp.repeat(upper, len(lower)))
        seconds.append(xp.tile(lower, len(upper)))
    i, j = xp.concatenate(firsts), xp.concatenate(seconds)
    low, high = xp.minimum(i, j), xp.maximum(i, j)
    keep = low != high
    n = len(info.players)
    codes = distinct(low[keep] * n + high[keep])
    return codes // n, codes % n


def near_pairs(info: PairingInfo, members: IntArray) -> tuple[IntArray, IntArray]:
    """Every pair of ``members`` in the same or neighbouring score groups."""
    xp = info.xp
    ordered = members[xp.argsort(info.group[members], kind="stable")]
    groups = info.group[ordered].tolist()
    starts = run_starts(info.group[ordered])
    ends = [*starts[1:], len(ordered)]
    firsts: list[IntArray] = [xp.zeros(0, dtype=xp.int64)]
    seconds: list[IntArray] = [xp.zeros(0, dtype=xp.int64)]
    for k, (start, end) in enumerate(zip(starts, ends, strict=True)):
        group = ordered[start:end]
        a, b = xp.triu_indices(len(group), k=1)
        firsts.append(group[a])
        seconds.append(group[b])
        if k + 1 < len(starts) and groups[starts[k + 1]] == groups[start] + 1:
            following = ordered[starts[k + 1] : ends[k + 1]]
            firsts.append(xp.repeat(group, len(following)))
            seconds.append(xp.tile(following, len(group)))
    i, j = xp.concatenate(firsts), xp.concatenate(seconds)
    return xp.minimum(i, j), xp.maximum(i, j)


def _seed_coordinate(system: str, place: IntArray, size: IntArray) -> IntArray:
    """A player's place as his group's seed system sees it: the places the system pairs get
    the same value (fold: c and n − 1 − c; slip and random: c and c + ⌈n / 2⌉)."""
    xp = namespace(place)
    if system == "SPLITANDFOLD":
        folded: IntArray = xp.minimum(place, size - 1 - place)
        return folded
    half = (size + 1) // 2
    slipped: IntArray = xp.where(place < half, place, place - half)
    return slipped


def _pieces(settings: Settings, info: PairingInfo, core: IntArray) -> list[IntArray]:
    """``core`` if it has at most :data:`WINDOW_MAX` players, else overlapping pieces of it
    in the order of groups and seeding places (each half of a piece is in the next one)."""
    if len(core) <= WINDOW_MAX:
        return [core]
    xp = info.xp
    system = _seed_system(settings, info.round_number)
    coordinate = _seed_coordinate(system, info.place[core], info.group_size[core])
    ordered = core[xp.lexsort((info.place[core], coordinate, info.group[core]))]
    step = WINDOW_MAX // 2
    return [ordered[s : s + 2 * step] for s in range(0, len(ordered) - step, step)]


def windows(
    settings: Settings, info: PairingInfo, members: IntArray
) -> tuple[list[IntArray], bool]:
    """The players (positions) of each window of the local search: every run of two
    neighbouring non-empty score groups, extended over the following groups until it has
    :data:`WINDOW_MIN` players; a window larger than :data:`WINDOW_MAX` is cut in pieces.
    Also whether one was cut: if not, every pair of the same or neighbouring groups lies
    in a window."""
    xp = info.xp
    ordered = members[xp.lexsort((info.place[members], info.group[members]))]
    starts = run_starts(info.group[ordered])
    ends = [*starts[1:], len(ordered)]
    found: list[IntArray] = []
    cut = False
    for k in range(len(starts)):
        e = k + 1
        while e < len(starts) and (e - k < 2 or ends[e - 1] - starts[k] < WINDOW_MIN):
            e += 1
        pieces = _pieces(settings, info, ordered[starts[k] : ends[e - 1]])
        found += pieces
        cut = cut or len(pieces) > 1
        if e == len(starts):
            break
    return found, cut
