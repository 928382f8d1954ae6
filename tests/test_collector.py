"""The cyclic garbage collector (``gosheet.collector``): paused while a workbook is read or
written; in the ``gosheet`` command, what a pause leaves is then frozen out of its sight (a
process that ends soon after); in any other process (a door's, a library user's), nothing is
ever frozen."""

from __future__ import annotations

import gc
import json
import subprocess
import sys

from gosheet import collector

COMMAND = """
import gc, json
from gosheet import collector
collector.for_command()
before = gc.get_freeze_count()
with collector.paused():
    read = [[str(k), k] for k in range(10_000)]
    off = not gc.isenabled()
print(json.dumps({"before": before, "off": off, "on": gc.isenabled(),
                  "frozen": gc.get_freeze_count() - before >= 10_000,
                  "threshold": gc.get_threshold()[0]}))
"""


def test_the_command_freezes_what_a_pause_leaves() -> None:
    done = subprocess.run(
        [sys.executable, "-c", COMMAND], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == {
        "before": 0,
        "off": True,
        "on": True,
        "frozen": True,
        "threshold": collector.COMMAND_THRESHOLD,
    }


def test_elsewhere_a_pause_only_pauses() -> None:
    frozen = gc.get_freeze_count()
    with collector.paused():
        read = [[str(k), k] for k in range(1_000)]
        assert not gc.isenabled()
    assert gc.isenabled() and len(read) == 1_000
    assert gc.get_freeze_count() == frozen
