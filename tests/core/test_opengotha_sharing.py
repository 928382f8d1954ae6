"""The helpers' shares of a large round: the blocks a first helper matches while the largest
block's first pairing is found (``sharing.early``); then whole other blocks and the largest
block's last windows (``sharing.plan``), the longer of the two loads as short as the plan
finds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from support.examples import examples

from gosheet.core.opengotha.sharing import Share, early, first_cost, graph_cost, plan

costs = st.lists(st.integers(0, 1000).map(float), max_size=8)


def test_a_700_player_round_1_gives_the_helper_its_great_last_window() -> None:
    # (the guessed times of the 700-player round 1 of bench_vs_opengotha, in millions)
    windows = [0.1, 0.09, 0.1, 0.12, 0.14, 0.08, 0.16, 0.14, 0.16, 0.08, 2.76]
    assert plan([1.3], windows) == Share((), 1, 2.76)


def test_one_block_splits_its_windows_near_the_half() -> None:
    assert plan([], [1.0] * 10) == Share((), 5, 5.0)
    assert plan([], []) == Share((), 0, 0.0)


def test_many_blocks_go_whole() -> None:
    assert plan([3.0, 3.0, 3.0, 3.0], [1.0, 1.0]).windows == 1
    share = plan([4.0, 4.0, 4.0, 4.0], [])
    assert len(share.blocks) == 2 and share.load == 8.0


@settings(max_examples=examples(300), deadline=None, derandomize=True)
@given(costs, costs)
def test_the_share_is_what_it_says_and_never_worse_than_none(
    others: list[float], windows: list[float]
) -> None:
    share = plan(others, windows)
    assert 0 <= share.windows <= len(windows)
    assert len(set(share.blocks)) == len(share.blocks)
    assert all(0 <= k < len(others) for k in share.blocks)
    load = sum(others[k] for k in share.blocks) + sum(windows[len(windows) - share.windows :])
    assert share.load == load
    total = sum(others) + sum(windows)
    assert max(share.load, total - share.load) <= total  # no worse than no helper at all
    for tail in range(len(windows) + 1):  # and no number of last windows alone does better
        alone = sum(windows[len(windows) - tail :])
        assert max(share.load, total - share.load) <= max(alone, total - alone)


def test_a_700_player_round_1_gives_the_first_helper_its_smaller_block() -> None:
    # (the 700-player round 1 of bench_vs_opengotha: blocks of 434 and 248 players)
    assert first_cost(434) == graph_cost(217)  # (its candidate graph: as half its players)
    assert first_cost(150) == graph_cost(150)  # (every pair of a small block)
    assert early(2.0, [1.3]) == (0,)
    assert early(2.0, [4.1]) == ()  # (longer than twice the first pairing: left for later)


def test_the_first_helper_takes_the_longest_blocks_whose_half_fits() -> None:
    # 8 (its half, 4, fits in 10), not 6 (8 + 3), 3 (8 + 1.5), not 2 (11 + 1)
    assert early(10.0, [6.0, 8.0, 3.0, 2.0]) == (1, 2)
    assert early(0.0, [1.0]) == ()
    assert early(5.0, []) == ()


@settings(max_examples=examples(300), deadline=None, derandomize=True)
@given(st.integers(0, 1000).map(float), costs)
def test_each_block_the_first_helper_takes_shortens_the_guessed_round(
    first: float, others: list[float]
) -> None:
    chosen = early(first, others)
    assert list(chosen) == sorted(set(chosen))
    load = 0.0
    for k in sorted(chosen, key=lambda k: -others[k]):
        assert load + others[k] / 2 < first  # its half fits: the round gets shorter
        load += others[k]
    for k in set(range(len(others))) - set(chosen):  # a block left: it would not be
        assert load + others[k] / 2 >= first
