"""Work done partly in a second process (a *helper*, ``os.fork``) while this one does the
rest. Two kinds: a helper computing one work (:func:`start`: the OpenGotha engine's blocks and
the windows of its local search), and the *warm* helper (:func:`warm`, :func:`delegate`),
started before the workbook is read, that imports numpy and rustworkx meanwhile, then pairs
the round there.

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
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

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
        pid = _forked(read, write)
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

        _write_all(fd, pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL))
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
    """A helper computing ``work()``, or ``None`` if none may start now (:func:`free`) or the
    system refuses a process (then this process does the work)."""
    if free() <= 0:
        return None
    try:
        return Helper(work, fallback)
    except OSError:  # (no process or pipe left: a limit, a sandbox)
        return None


def _forked(*pipes: int) -> int:
    """``os.fork()``; the ``pipes`` closed if it fails."""
    try:
        return os.fork()
    except OSError:
        for fd in pipes:
            os.close(fd)
        raise


class Named:
    """The function ``name`` of the module ``module``, imported when called: handed to the
    warm helper (:func:`delegate`), it is sent by name, so this process need not import its
    module (the helper has)."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name

    def __call__(self, *args: Any) -> Any:
        import importlib

        return getattr(importlib.import_module(self.module), self.name)(*args)

    def __repr__(self) -> str:
        return f"Named({self.module!r}, {self.name!r})"


class Warm:
    """A helper started early, that imports ``accelerators`` (through
    :func:`gosheet.accelerators.load`) and ``modules`` while this process does other work —
    reads the workbook — then computes the calls :func:`delegate` hands it, until
    :meth:`close`. It may start a helper of its own (this process waits meanwhile). While it
    computes the first call, this process imports ``meanwhile``: what it needs once the
    answer is there; while it computes a call, this process does the work of the
    :func:`ahead` blocks open."""

    def __init__(
        self,
        accelerators: tuple[str, ...],
        modules: tuple[str, ...] = (),
        meanwhile: tuple[str, ...] = (),
    ) -> None:
        global _running
        self.meanwhile = meanwhile
        jobs_in, jobs_out = os.pipe()
        answers_in, answers_out = os.pipe()
        pid = _forked(jobs_in, jobs_out, answers_in, answers_out)
        if pid == 0:  # pragma: no cover - the helper (coverage is not saved by os._exit)
            os.close(jobs_out)
            os.close(answers_in)
            _serve_warm(accelerators, modules, jobs_in, answers_out)
        os.close(jobs_in)
        os.close(answers_out)
        self.pid, self.jobs, self.answers = pid, jobs_out, answers_in
        _running += 1

    def call(self, function: Callable[..., T], args: tuple[object, ...]) -> tuple[bool, T | None]:
        """``function(*args)`` computed by the helper: (True, its value), or (False, None) if
        the helper failed or the call raised there."""
        import pickle

        try:
            job = pickle.dumps((function, args), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:  # (what cannot be sent is computed here)
            return False, None
        try:
            _send(self.jobs, job)
            self._import_meanwhile()
            _work_ahead()
            answer = _receive(self.answers)
        except OSError:  # (the helper is gone)
            answer = None
        if answer is None:
            return False, None
        loaded = _loaded(answer)
        if loaded is _FAILED:
            return False, None
        return loaded  # type: ignore[return-value]  # (a pickled (bool, value))

    def _import_meanwhile(self) -> None:
        """Import :attr:`meanwhile` (once), while the helper computes: what fails is left
        for the import that needs it to tell."""
        import importlib

        names, self.meanwhile = self.meanwhile, ()
        for name in names:
            with contextlib.suppress(Exception):
                importlib.import_module(name)

    def close(self) -> None:
        """End the helper (it holds nothing: stopped at once, even while importing) and reap
        it."""
        global _running
        os.close(self.jobs)
        os.close(self.answers)
        _kill(self.pid)
        os.waitpid(self.pid, 0)
        _running -= 1


_warm: Warm | None = None


class Ahead(Generic[T]):
    """The value of ``work()``, computed once: while the warm helper computes a call
    (:func:`delegate`) inside :func:`ahead`'s block, else when first asked (:meth:`value`)."""

    def __init__(self, work: Callable[[], T]) -> None:
        self.work = work
        self.done = False
        self.tried = False  # (once ahead: what failed is computed again when asked, only)
        self.computed: T | None = None

    def value(self) -> T:
        """``work()``: computed ahead, or now (raising what it raises)."""
        if not self.done:
            self.computed, self.done = self.work(), True
        return self.computed  # type: ignore[return-value]  # (done: work()'s value)


_ahead: list[Ahead[Any]] = []  # the work of the blocks of ahead() open now


@contextlib.contextmanager
def ahead(work: Callable[[], T]) -> Iterator[Ahead[T]]:
    """``work``, done while the warm helper computes a call the block hands it: what this
    process needs afterwards and can compute before the answer is there (the standings of the
    rounds before, while the helper pairs the next). Outside a helper's call — no helper, a
    door, a library — ``work`` waits until its value is asked for: the same value, in turn.

    >>> with ahead(lambda: 6 * 7) as later:
    ...     pass  # (nothing delegated: computed when asked)
    >>> later.done, later.value(), later.done
    (False, 42, True)
    """
    later = Ahead(work)
    _ahead.append(later)
    try:
        yield later
    finally:
        _ahead.remove(later)


def _work_ahead() -> None:
    """The work of the open :func:`ahead` blocks not tried yet: what fails is left for
    :meth:`Ahead.value` to compute again, and tell."""
    for later in list(_ahead):
        if not later.tried:
            later.tried = True
            with contextlib.suppress(Exception):
                later.value()


def warm(
    accelerators: tuple[str, ...], modules: tuple[str, ...] = (), meanwhile: tuple[str, ...] = ()
) -> bool:
    """Start the warm helper (:class:`Warm`) importing ``accelerators`` and ``modules`` (this
    process importing ``meanwhile`` while it computes the first call), if a helper may start
    (:func:`free`) and none is warm yet; whether one is warm now."""
    global _warm
    if _warm is None and free() > 0:
        try:
            _warm = Warm(accelerators, modules, meanwhile)
        except OSError:  # (no process or pipe left: a limit, a sandbox)
            return False
    return _warm is not None


#: ``gosheet pair`` on a workbook of at least this many bytes starts a warm helper
#: (:func:`warm_for_pair`): it imports numpy, rustworkx and OpenGotha's engine while the
#: command imports the rest and reads the workbook, then pairs the round (a 700-player round
#: 1's workbook: 74 KB, its reading 45 ms; those imports 60 ms). A smaller one is a small field,
#: paired without them, or one read too soon for a helper to gain.
PAIR_WARM_FROM = 64 * 1024

#: What the warm helper of a ``pair`` imports: accelerators, then modules.
PAIR_ACCELERATORS = ("numpy", "rustworkx")
PAIR_MODULES = ("gosheet.core.opengotha.engine",)

#: What the command of a ``pair`` imports while the warm helper pairs: what it needs only
#: once the round is paired (its round sheet and the standings written, the workbook saved),
#: imported by the pair action when it needs them (``gosheet.app.actions``).
PAIR_AFTER = (
    "gosheet.workbook.sheets.writer",
    "gosheet.workbook.sheets.standings",
    "gosheet.workbook.xlsx.parts.saving",
)


def warm_for_pair(book: str) -> bool:
    """Start the warm helper of pairing the workbook ``book`` if it is large
    (:data:`PAIR_WARM_FROM`) and a helper may start; whether one is warm now."""
    if _warm is not None:
        return True
    try:
        large = os.stat(book).st_size >= PAIR_WARM_FROM
    except (OSError, ValueError):  # (told by the pair itself)
        return False
    return large and warm(PAIR_ACCELERATORS, PAIR_MODULES, PAIR_AFTER)


def delegate(function: Callable[..., T], *args: object) -> T:
    """``function(*args)``: computed by the warm helper if one was started (:func:`warm`: it
    imported what the work needs while this process read), else — or if it failed — here.
    The same value either way: the helper runs the same code on the same arguments."""
    global _warm
    if _warm is None:
        return function(*args)
    done, value = _warm.call(function, args)
    if done:
        return value  # type: ignore[return-value]
    finish()  # (a helper that failed is not asked again)
    return function(*args)


def finish() -> None:
    """Close the warm helper, if one was started."""
    global _warm
    if _warm is not None:
        warm_helper, _warm = _warm, None
        warm_helper.close()


def _serve_warm(
    accelerators: tuple[str, ...], modules: tuple[str, ...], jobs: int, answers: int
) -> None:  # pragma: no cover - in the helper
    """In the warm helper: import ``accelerators`` and ``modules``, then answer each job
    (``(function, args)``, pickled) with ``(True, value)`` or ``(False, None)``, until the
    jobs' pipe closes."""
    global _running, _warm
    code = 1
    try:
        import gc
        import importlib
        import pickle

        from gosheet import accelerators as compiled

        _running, _warm = 0, None  # (it may start one helper of its own: this process waits)
        for name in accelerators:
            compiled.load(name)
        for name in modules:
            importlib.import_module(name)
        while (job := _receive(jobs)) is not None:
            function, args = pickle.loads(job)
            # what is there now lives as long as the job (the modules, its arguments): out
            # of the collector's sight, which would look through all of it (a 700-player
            # tournament's objects: 10-20 ms of a pairing of 100 ms, measured) to find no
            # garbage; what the job makes is collected as usual
            gc.freeze()
            try:
                answer: tuple[bool, object] = (True, function(*args))
            except Exception:  # (computed again there, where the error is told)
                answer = (False, None)
            _send(answers, pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
        code = 0
    except BaseException:  # (Ctrl-C, an error: this process computes the work itself)
        pass
    finally:
        os._exit(code)


def _send(fd: int, data: bytes) -> None:
    """``data`` to ``fd``, after its length (8 bytes)."""
    _write_all(fd, len(data).to_bytes(8, "little") + data)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _receive(fd: int) -> bytes | None:
    """The next message :func:`_send` wrote to ``fd``, or None at the end of the pipe."""
    head = _read_exactly(fd, 8)
    if head is None:
        return None
    return _read_exactly(fd, int.from_bytes(head, "little"))


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


__all__ = [
    "ENVIRONMENT",
    "MAX_PROCESSES",
    "Ahead",
    "Helper",
    "Named",
    "Warm",
    "ahead",
    "allow",
    "delegate",
    "finish",
    "free",
    "start",
    "warm",
    "warm_for_pair",
]
