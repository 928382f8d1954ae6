"""Helper processes (``gosheet.parallel``), each case in a clean child process
(``support/parallel_child.py``: no helper starts where threads run, as in a test worker):
a helper's result, or this process's when it fails; never one where it may not run."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from support.parallel_runs import child

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="helper processes run on Linux alone"
)


def test_a_helper_computes_the_work_in_another_process() -> None:
    seen = child("started")
    assert seen["seen"] == {"result": [True, 499500], "again": [True, 499500], "free": 1}
    assert seen["forks"] == 1


@pytest.mark.parametrize("case", ["dies", "raises_there"])
def test_a_helper_that_fails_leaves_the_work_to_this_process(case: str) -> None:
    assert child(case)["seen"] == {"result": "here"}


def test_an_error_of_the_work_itself_is_raised_here() -> None:
    assert child("raises")["seen"] == {"raised": "a bad round"}


def test_a_failed_helper_with_a_fallback_takes_it_and_not_the_work() -> None:
    assert child("falls_back")["seen"] == {"result": "fallback", "calls": ["fallback"]}


def test_a_helper_no_longer_needed_is_stopped_and_reaped() -> None:
    assert child("closed")["seen"] == {"reaped": True, "free": 1}


def test_no_helper_unless_allowed_and_no_thread_runs() -> None:
    seen = child("refused")
    assert seen["seen"] == {
        "one process": [0, True],
        "none": 0,
        "three": 2,
        "a thread runs": [0, True],
        "after it": 2,
        "GOSHEET_PROCESSES=1": 0,
        "GOSHEET_PROCESSES=3": 2,
    }
    assert seen["forks"] == 0


def test_the_command_line_allows_helpers() -> None:
    code = (
        "import sys; sys.argv = ['gosheet', '--help']\n"
        "from gosheet.__main__ import entry\n"
        "try:\n    entry()\nexcept SystemExit:\n    pass\n"
        "from gosheet import parallel; print(parallel.free())"
    )
    env = dict(os.environ, GOSHEET_PROCESSES="3")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines()[-1] == "2"
    import gosheet.parallel as here

    assert here._allowed == 0  # (this process, a library's user: none)


def test_a_warm_helper_imports_then_computes_what_is_delegated() -> None:
    seen = child("warm")["seen"]
    assert seen == {
        "one process": [False, [False, False]],  # none may start: computed here
        "warm": True,
        "again": True,
        "delegated": [True, True],  # there, numpy imported there
        "twice": [True, True],
        "failed there": [False, False],  # an error there: computed here
        "after": [False, False],  # and that helper no longer asked
        "numpy here": False,
        "running": 0,
    }


def test_a_function_named_is_imported_where_it_is_computed() -> None:
    seen = child("warm_named")["seen"]
    assert seen == {
        "before": [False, False, False],
        "median": 2,
        "statistics here": False,  # (imported by the helper alone)
        "imported meanwhile": [True, False, True],  # (one that cannot be: left alone)
        "by name, there": [True, True],
        "frozen there": True,  # (what the helper holds when a job starts: not looked through)
        "frozen here": 0,  # (this process, no command: nothing frozen)
        "by name, here": [False, False],  # (no warm helper: here)
        "median here": 2,
    }


def test_work_ahead_is_done_here_while_the_warm_helper_computes() -> None:
    assert child("warm_ahead")["seen"] == {
        "no call": [False, ["no call", False], ["no call", False]],  # (when asked, once)
        "delegated": [True, True],
        "during": [True, ["no call", "during", "fails"]],  # (done before the answer came)
        "during, asked": ["during", False],  # (here, not in the helper)
        "failing, asked": "ahead",  # (what failed ahead raises when asked)
        "no helper": [False, ["no helper", False]],
        "done": ["no call", "during", "fails", "fails", "no helper"],
        "open": 0,
    }


def test_a_warm_helper_killed_leaves_the_work_here() -> None:
    assert child("warm_killed")["seen"] == {
        "delegated": [False, False],
        "warm": False,
        "running": 0,
    }


def test_a_fork_the_system_refuses_leaves_the_work_here() -> None:
    assert child("refused_by_the_system")["seen"] == {
        "start": True,
        "warm": False,
        "delegated": [False, False],
        "fds left open": 0,
        "running": 0,
    }
