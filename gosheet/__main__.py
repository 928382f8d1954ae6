"""``python -m gosheet`` and the ``gosheet`` command's entry point (:func:`entry`): a Ctrl-C
while gosheet is still starting is a message too, never a traceback."""

from __future__ import annotations

import gc
import os
import sys

#: The cyclic garbage collector's first threshold in a ``gosheet`` process (Python's is 700):
#: a command is a short process that makes hundreds of thousands of small objects (a
#: workbook's cells and rows) and hardly any cycles, so collecting after every 700 new ones
#: cost ~0.25 s of a 5,000-player ``pair`` (measured) for nothing; peak memory is the same.
GC_THRESHOLD = 50_000

#: OpenBLAS's threads in a ``gosheet`` process: one (numpy's own linear algebra, which gosheet
#: never calls). With more, numpy's import starts a thread a core that waits for work by
#: spinning: 0.1 s of another core's time in a 600-player ``pair`` of 0.4 s (measured on two
#: cores), taken from whatever else the machine runs. Set only where it is not already.
BLAS_THREADS = {"OPENBLAS_NUM_THREADS": "1"}


def entry() -> int:
    """Import the command line, then run it (the ``gosheet`` script calls this)."""
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    for name, value in BLAS_THREADS.items():
        os.environ.setdefault(name, value)
    try:
        from gosheet.frontends.cli import main
    except KeyboardInterrupt:  # Ctrl-C while gosheet starts: nothing was done
        print("gosheet: interrupted, nothing written", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(entry())
