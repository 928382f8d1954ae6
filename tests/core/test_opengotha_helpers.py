"""OpenGotha's rounds of large fields with helper processes (``engine.match_blocks``: whole
blocks matched by a first helper while the largest block's first pairing is found,
``sharing.early``; then whole blocks and the last windows of that block's local search
solved by a second, ``sharing.plan``): the same pairs as block after block in one process —
in one, two and four blocks, rounds 1 and later, players kept apart, on the pure path, and
when the windows before the helper's change its window graphs. Each in a clean child process
(``support/parallel_child.py``)."""

from __future__ import annotations

import sys

import pytest
from support.parallel_runs import child

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="helper processes run on Linux alone"
)


@pytest.mark.parametrize("pure", [False, True], ids=["accelerated", "pure"])
def test_a_helper_finds_the_same_pairs(pure: bool) -> None:
    if not pure:
        pytest.importorskip("numpy")
        pytest.importorskip("rustworkx")
    seen = child("engine_rounds", **({"GOSHEET_PURE": "1"} if pure else {}))["seen"]
    expected = {"one block, round 3", "kept apart, round 3"}
    if not pure:
        expected |= {"blocks, round 1", "blocks, round 4", "one block, round 1"}
        expected |= {"1,400 players in blocks, round 2"}
    assert set(seen) == expected
    for name, round_seen in seen.items():
        assert round_seen["same blocks"], name
        assert round_seen["same round"], name
        assert round_seen["forks"] >= 1, name  # a helper did run
        assert round_seen["windows from the helper"] >= 1, name  # and its pairs were taken
    if not pure:
        first = seen["blocks, round 1"]
        assert first["blocks"] == 2
        # the smaller block matched by a first helper while the larger one's first pairing
        # was found here, then the larger one's last windows by a second
        assert first["forks"] == 2 and first["blocks from the helper"] == 1
        many = seen["1,400 players in blocks, round 2"]
        assert many["blocks"] == 4
        assert many["blocks from the helper"] >= 1  # whole blocks matched there


def test_a_window_changed_before_the_helper_reaches_it_is_solved_here() -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("rustworkx")
    seen = child("poor_first_pairing")["seen"]
    assert len(seen) == 3
    for name, search in seen.items():
        assert search["same"], name
        assert search["taken"] >= 1, name  # windows the helper's pairs stood for
        assert search["given, solved here"] >= 1, name  # and windows changed meanwhile


def test_a_helper_that_dies_leaves_its_blocks_and_windows_to_the_command() -> None:
    pytest.importorskip("numpy")
    pytest.importorskip("rustworkx")
    seen = child("engine_helper_dies")["seen"]
    assert seen == {
        "same blocks": True,
        "same round": True,
        "forks": 2,  # (the first helper's blocks, then the second's blocks and windows)
        "from the helper": [0, 0],
        "helpers running": 0,
    }
