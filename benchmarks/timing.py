"""What the benchmarks share: the best of a few timed runs (``from timing import timed``; a
benchmark is run as ``python benchmarks/NAME.py``, so this folder is on its path)."""

from __future__ import annotations

import time
from collections.abc import Callable


def timed(work: Callable[[], object], repeat: int = 3) -> float:
    """The least wall time of ``repeat`` runs of ``work``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best
