"""Work that splits, done partly in a second process (a *helper*, ``os.fork``) while this one
does the rest: the OpenGotha engine's blocks and the windows of its local search.

Only the ``gosheet`` command turns helpers on (:func:`allow`, from
:func:`gosheet.__main__.entry`), and only on Linux: a fork of LibreOffice, of Excel's Python
server or of a program that runs threads is not safe, macOS's system libraries are not safe
in a forked process, Windows has no fork, and the browser has no processes. Everywhere else
:func:`start` returns ``None`` and the caller does all the work itself — the same work, so
the same round: a helper's result is exactly what this process would have computed (a
helper computes a function of what it inherited at the fork, and nothing else).

A helper sends its result back through a pipe (pickled) and ends with ``os._exit``: no exit
function, no buffered output, no temporary folder of its parent is touched. If it fails
(killed, out of memory, an error), :meth:`Helper.result` computes the work here and returns
that, or raises its error: a helper can make a round faster, never different.

The number of processes (this one included): ``GOSHEET_PROCESSES`` (``1``: no helper), else
the processors this process may run on, at most :data:`MAX_PROCESSES`.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

ENVIRONMENT = "GOSHEET_PROCESSES"

#: At most this many processes by default, this one included (the engine starts one helper).
MAX_PROCESSES = 2

_allowed = 0  # how many helpers may run beside this process (:func:`allow`)
_running = 0  # how many run now


def allow(processes: int | None = None) -> None:
    """Let this process run helpers: ``processes`` in all, this one included (by default
    ``GOSHEET_PROCESSES``, else the processors it may use, at most :data:`MAX_PROCESSES`);
    ``1`` or fewer: none."""
    global _allowed
    if processes is None:
        processes = _configured()
    _allowed = max(0, processes - 1)


def _configured() -> int:
    text = os.environ.get(ENVIRONMENT, "").strip()
    if text.isdigit():
        return int(text)
    try:
        processors = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # (macOS has no affinity)
        processors = os.cpu_count() or 1
    return min(processors, MAX_PROCESSES)


def free() -> int:
    """How many helpers may start now: none unless allowed, on Linux (macOS's system
    libraries are not safe to use in a forked process; Windows has no fork), and while no
    other thread runs (a fork copies only the thread that calls it)."""
    if _allowed <= _running or not sys.platform.startswith("linux"):
        return 0
    threading = sys.modules.get("threading")
    if threading is not None and threading.active_count() > 1:
        return 0
    return _allowed - _running


class Helper(Generic[T]):
    """``work()`` computed in a forked process; :meth:`result` waits for it. Should the
    helper fail, ``fallback()`` stands for its result (by default ``work()`` computed here:
    a work that changes what this process holds gives a fallback that does not)."""

    def __init__(self, work: Callable[[], T], fallback: Callable[[], T] | None = None) -> None:
        global _running
        self.work = work
        self.fallback = fallback or work
        self._done = False
        self._value: T | None = None
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # pragma: no cover - the helper (coverage is not saved by os._exit)
            os.close(read)
            _serve(work, write)
        os.close(write)
        self.pid, self.fd = pid, read
        _running += 1

    def result(self) -> T:
        """The helper's result (waiting for it), or, if it failed, ``fallback()``."""
        if not self._done:
            data = self._collect()
            self._done = True
            loaded = _FAILED if data is None else _loaded(data)
            self._value = self.fallback() if loaded is _FAILED else loaded  # type: ignore[assignment]
        return self._value  # type: ignore[return-value]

    def close(self) -> None:
        """Stop the helper if its result was not taken (this process gave up the work)."""
        if not self._done:
            self._done = True
            _kill(self.pid)
            self._collect()

    def _collect(self) -> bytes | None:
        """Everything the helper wrote, if it ended well; the helper reaped in any case."""
        global _running
        chunks: list[bytes] = []
        ended = False
        try:
            while chunk := os.read(self.fd, 1 << 20):
                chunks.append(chunk)
            ended = True
        finally:
            os.close(self.fd)
            if not ended:  # interrupted here (Ctrl-C): the helper is not needed any more
                _kill(self.pid)
            _, status = os.waitpid(self.pid, 0)
            _running -= 1
        if os.waitstatus_to_exitcode(status) != 0:
            return None
        return b"".join(chunks)


_FAILED = object()


def _loaded(data: bytes) -> object:
    import pickle

    try:
        return pickle.loads(data)
    except Exception:  # (a helper cut short: its result is computed here)
        return _FAILED


def _serve(work: Callable[[], object], fd: int) -> None:  # pragma: no cover - in the helper
    """In the helper: compute ``work()``, write it pickled to ``fd``, end at once (exit code
    0 only when all was written)."""
    global _allowed
    code = 1
    try:
        _allowed = 0  # a helper starts none of its own
        import pickle

        data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        code = 0
    except BaseException:  # (Ctrl-C, an error: the parent computes the work itself)
        pass
    finally:
        os._exit(code)


def _kill(pid: int) -> None:
    import signal

    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def start(work: Callable[[], T], fallback: Callable[[], T] | None = None) -> Helper[T] | None:
    """A helper computing ``work()``, or ``None`` if none may start now (:func:`free`)."""
    return Helper(work, fallback) if free() > 0 else None


__all__ = ["ENVIRONMENT", "MAX_PROCESSES", "Helper", "allow", "free", "start"]
