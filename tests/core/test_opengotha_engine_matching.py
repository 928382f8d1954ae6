"""The whole-field matching of the OpenGotha engine (issue: "gosheet solves the whole field in
one matching by default", "the pairing must be the optimal one").

Above ``DENSE_UP_TO`` players, ``engine.match`` starts from a first pairing of a sparse
candidate graph (its matching; above ``RELAX_ABOVE``, its assignment relaxation rounded),
then a local search re-matches each window (two neighbouring score groups and the partners
of their players) on every pair among them. On synthetic fields of 300 to 600 players,
McMahon and Swiss, early and mid-event rounds, both first pairings, the result is checked
against the real dense matching (every pair weighed, one blossom), as OpenGotha computes it:
the same total cost, and no swap of partners between two pairs of the same or neighbouring
groups that raises it.

And OpenGotha's cut of a field of more than 600 players into blocks of at least 200, from
the top score down (``engine.blocks``), on a synthetic 700-player field.

The pure path (:mod:`support.engine_paths`) runs the same checks on fields a fifth of the
size, with the dense limit and the windows scaled down alike (networkx's blossom, its
matching until gosheet's own, takes seconds where rustworkx takes milliseconds); SciPy's
relaxation is an accelerator, so the pure path has the candidate graph's matching only.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from support.engine_paths import PATHS, engine_path

from gosheet.core.model import Tournament
from gosheet.core.opengotha import candidates, engine, synthetic
from gosheet.core.opengotha.candidates import near_pairs, windows
from gosheet.core.opengotha.costs import total_cost
from gosheet.core.opengotha.synthetic import played
from gosheet.core.potentials import relax
from gosheet.records import replace


def field(n: int, seed: int, system: str, round_number: int, **changes: Any) -> Tournament:
    """A synthetic field before ``round_number`` (10 % of the players absent in it)."""
    return played(synthetic.field(n, seed, system, round_number, **changes), round_number - 1, seed)


@pytest.fixture
def path(request: pytest.FixtureRequest) -> Iterator[str]:
    """The engine's path: "numpy" or "pure"."""
    with engine_path(request.param):
        yield request.param


def scaled_down(monkeypatch: pytest.MonkeyPatch) -> None:
    """The dense limit and the windows at a fifth (the pure path's fields are a fifth)."""
    monkeypatch.setattr(engine, "DENSE_UP_TO", candidates.DENSE_UP_TO // 5)
    monkeypatch.setattr(candidates, "DENSE_UP_TO", candidates.DENSE_UP_TO // 5)
    monkeypatch.setattr(candidates, "WINDOW_MIN", candidates.WINDOW_MIN // 4)


def total(prepared: engine.Prepared, pairs: list[tuple[int, int]]) -> int:
    xp = prepared.info.xp
    i = xp.array([a for a, _ in pairs], dtype=xp.int64)
    j = xp.array([b for _, b in pairs], dtype=xp.int64)
    return int(total_cost(prepared.costs(i, j)).sum())


def dense(prepared: engine.Prepared) -> list[tuple[int, int]]:
    """OpenGotha's way: every pair weighed, one maximum-weight matching."""
    xp = prepared.info.xp
    members = xp.arange(prepared.paired, dtype=xp.int64)
    i, j = engine.all_pairs(members)
    weights = total_cost(prepared.costs(i, j))
    return engine.solve(len(prepared.info.players), i, j, weights)


def check_optimal(t: Tournament) -> engine.Timing:
    """The whole-field matching: a perfect matching of the players to pair, of the dense
    matching's total cost, with no improving swap; its timing."""
    prepared = engine.prepare(t)
    xp = prepared.info.xp
    members = xp.arange(prepared.paired, dtype=xp.int64)
    assert prepared.paired > candidates.DENSE_UP_TO  # the candidate graph and windows run
    timing = engine.Timing()
    pairs = engine.match(prepared, members, timing)
    assert sorted(v for pair in pairs for v in pair) == members.tolist()
    assert all(a < b for a, b in pairs)
    assert total(prepared, pairs) == total(prepared, dense(prepared))
    found = engine.improving_pairs(prepared, members, pairs)
    assert len(found[0]) == 0
    assert timing.unsettled == 0
    return timing


CASES = [
    # (players, seed, system, round, settings): McMahon mid-event with split and fold …
    (600, 1, "mcmahon", 4, {}),
    (500, 2, "mcmahon", 5, {}),
    # … in the first rounds, split and random …
    (400, 3, "mcmahon", 2, {}),
    # … split and slip, draw-ups and draw-downs at the top and bottom of the groups …
    (500, 4, "mcmahon", 4, {"pai_seed_system2": "SPLITANDSLIP", "pai_dudd_upper_mode": "TOP"}),
    # … Swiss: a few large groups.
    (300, 5, "swiss", 3, {}),
    (600, 6, "swiss", 4, {}),
]


@pytest.mark.parametrize(
    ("n", "seed", "system", "round_number", "changes", "relaxed", "path"),
    [
        pytest.param(*case, relaxed, path, id=f"{case[2]}-{case[0]}-{case[1]}-{first}-{path}")
        for case in CASES
        for path in PATHS
        for relaxed, first in ((False, "candidate-matching"), (True, "relaxation"))
        if not (relaxed and path == "pure")  # the relaxation is SciPy's
    ],
    indirect=["path"],
)
def test_whole_field_matching_is_the_dense_optimum(
    n: int,
    seed: int,
    system: str,
    round_number: int,
    changes: dict[str, Any],
    relaxed: bool,
    path: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both first pairings: the candidate graph's matching (fields up to RELAX_ABOVE), and
    its relaxation rounded with the blossoms started from its potentials (larger fields,
    here lowered to these)."""
    if relaxed:
        monkeypatch.setattr(engine, "RELAX_ABOVE", candidates.DENSE_UP_TO)
    if path == "pure":
        scaled_down(monkeypatch)
        n //= 5
    check_optimal(field(n, seed, system, round_number, **changes))


def test_the_local_search_is_what_reaches_the_optimum() -> None:
    """Alone, neither the first pairing (the candidate graph's relaxation, rounded) nor the
    candidate graph's own matching is the optimum of this field; the windows find it."""
    t = field(600, 1, "mcmahon", 4)
    prepared = engine.prepare(t)
    members = np.arange(prepared.paired, dtype=np.int64)
    n = len(prepared.info.players)
    i, j = candidates.candidate_pairs(prepared.settings, prepared.info, members)
    weights = total_cost(prepared.costs(i, j))
    relaxed = relax(n, i, j, weights)
    assert relaxed is not None
    first = engine.first_pairing(prepared.info, relaxed)
    assert sorted(v for pair in first for v in pair) == members.tolist()
    best = total(prepared, dense(prepared))
    assert total(prepared, first) < best
    assert total(prepared, engine.solve(n, i, j, weights)) < best
    assert len(engine.improving_pairs(prepared, members, first)[0]) > 0
    timing = check_optimal(t)
    assert timing.improved > 0
    assert timing.windows >= len(windows(prepared.settings, prepared.info, members)[0])
    assert not timing.cut


@pytest.mark.parametrize("path", PATHS, indirect=True)
def test_cut_windows(monkeypatch: pytest.MonkeyPatch, path: str) -> None:
    """Groups larger than a window can hold are cut in overlapping pieces (a first Swiss round
    of thousands); on this field the result is still the dense optimum."""
    most, n = 128, 400
    if path == "pure":
        scaled_down(monkeypatch)
        most, n = 48, 120
    monkeypatch.setattr(candidates, "WINDOW_MAX", most)
    t = field(n, 7, "swiss", 2)
    prepared = engine.prepare(t)
    xp = prepared.info.xp
    members = xp.arange(prepared.paired, dtype=xp.int64)
    cores, cut = windows(prepared.settings, prepared.info, members)
    assert cut
    assert all(len(core) <= most for core in cores)
    assert set(xp.concatenate(cores).tolist()) == set(members.tolist())
    assert check_optimal(t).cut


@pytest.mark.parametrize("path", PATHS, indirect=True)
def test_windows_hold_every_near_pair(path: str) -> None:
    """Uncut, the windows hold every pair of the same or neighbouring groups: the local
    search's guarantee (optimal inside every window) covers every swap the check tries."""
    t = field(600, 1, "mcmahon", 4)
    prepared = engine.prepare(t)
    info = prepared.info
    xp = info.xp
    members = xp.arange(prepared.paired, dtype=xp.int64)
    cores, cut = windows(prepared.settings, info, members)
    assert not cut
    n = len(info.players)
    covered: set[int] = set()
    last = info.group[members].max()
    for core in cores:
        assert len(core) >= candidates.WINDOW_MIN or last in info.group[core].tolist()
        assert len(xp.unique(info.group[core])) >= 2
        a, b = engine.all_pairs(xp.sort(core))
        covered.update((a * n + b).tolist())
    i, j = near_pairs(info, members)
    assert set((i * n + j).tolist()) <= covered


def test_blocks_of_a_700_player_field() -> None:
    """OpenGotha's blocks: above 600 players, from the top score down, blocks of at least 200
    players (even, so that each is paired alone), cut between score groups where it can,
    until at most 600 remain; without the setting, or up to 600 players, one block."""
    t = field(780, 8, "mcmahon", 4)
    t = replace(t, settings=t.settings.replace(og_blocks=True))
    prepared = engine.prepare(t)
    info = prepared.info
    assert prepared.paired > engine.BLOCK_MAX
    cut = engine.blocks(prepared)
    assert len(cut) >= 2
    everyone = np.concatenate(cut)
    assert sorted(everyone.tolist()) == list(range(prepared.paired))
    for block in cut[:-1]:
        assert engine.BLOCK_MIN <= len(block) <= engine.BLOCK_MAX
        assert len(block) % 2 == 0
    assert len(cut[-1]) <= engine.BLOCK_MAX
    assert len(cut[-1]) % 2 == 0
    # From the top down: each block's groups are at or above the next block's.
    for upper, lower in itertools.pairwise(cut):
        assert info.group[upper].max() <= info.group[lower].min()
    # A block ends at the end of a score group unless it is full or the rest is small.
    for k, block in enumerate(cut[:-1]):
        rest = sum(len(b) for b in cut[k + 1 :])
        ends_group = info.group[block[-1]] != info.group[cut[k + 1][0]]
        assert ends_group or len(block) == engine.BLOCK_MAX or rest <= engine.BLOCK_MIN
    # Each block is paired alone: every pair lies inside a block.
    pairs = [p for block in cut for p in engine.match(prepared, block)]
    assert sorted(v for p in pairs for v in p) == list(range(prepared.paired))
    block_of = {int(v): k for k, block in enumerate(cut) for v in block}
    assert all(block_of[a] == block_of[b] for a, b in pairs)
    # Whole field by default, and whenever the field is small enough.
    whole = replace(prepared, settings=prepared.settings.replace(og_blocks=False))
    assert [len(b) for b in engine.blocks(whole)] == [prepared.paired]
    small = engine.prepare(replace(field(500, 8, "mcmahon", 4), settings=t.settings))
    assert [len(b) for b in engine.blocks(small)] == [small.paired]
