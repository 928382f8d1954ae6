"""What the benchmarks share: the best of a few timed runs (``from timing import timed``; a
benchmark is run as ``python benchmarks/NAME.py``, so this folder is on its path), and a
folder served at a local address for the page's benchmarks (:func:`served`)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any


def timed(work: Callable[[], object], repeat: int = 3) -> float:
    """The least wall time of ``repeat`` runs of ``work``, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


@contextlib.contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` at a local address (its own thread), quietly."""

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(folder))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
